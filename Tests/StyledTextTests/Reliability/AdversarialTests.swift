import Foundation
import Testing
@testable import StyledText

/// Inputs that bring other markup parsers to a crawl, each at about 1 MB, with the exact output they must give.
///
/// Every test checks the shape of the result — parts, attribute depths, the literal text — not only that parsing
/// returns. None measures time: the linear-scaling figures live in the Benchmarks package. Each stays within a
/// few seconds in a debug build, which a quadratic step at this size would not.
@Suite struct AdversarialTests {
    @Test func tagWithManyDistinctParametersKeepsTheFirstOfEachName() {
        // The duplicate check was a linear search per parameter: 64,000 parameters took over a minute in release builds.
        let count = 64_000
        var input = "<x"
        for index in 0..<count { input += " p\(index)=\"v\(index)\"" }
        input += " p0=\"duplicate\" P1=upper>text</x>"
        #expect(input.utf8.count > 1_000_000)
        let parts = StyledText(template: input).parts
        #expect(parts.count == 1)
        guard case let .text(string, attributes) = parts.first else { return }
        #expect(string == "text")
        #expect(attributes.count == 1)
        let parameters = attributes.first?.parameters ?? [:]
        #expect(parameters.count == count)
        #expect(parameters["p0"] == "v0" && parameters["p1"] == "v1" && parameters["p\(count - 1)"] == "v\(count - 1)")
    }
}
