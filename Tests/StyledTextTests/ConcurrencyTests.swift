import Foundation
import Testing
@testable import StyledText

@Suite struct ConcurrencyTests {
    @Test func concurrentResolvesAndRendersAgree() async {
        let resolver = StyleResolver(base: MarkupStyle(font: .init(size: 12)))
            .style("important", MarkupStyle(font: .init(weight: .bold)))
            .style("story") { story, _ in MarkupStyle(foregroundColor: story["type"] == "1" ? .red : .blue) }
        let text: StyledText = "A \("story", .tag("story", ["type": "1"])) with \("bold", .important) 😀 words"
        let expectedRuns = resolver.runs(for: text)
        let expectedString = AttributedString(text, resolver: resolver)
        let results = await withTaskGroup(of: ([StyledRun], AttributedString).self) { group in
            for _ in 0..<200 {
                group.addTask { (resolver.runs(for: text), AttributedString(text, resolver: resolver)) }
            }
            var all: [([StyledRun], AttributedString)] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 200)
        #expect(results.allSatisfy { $0.0 == expectedRuns && $0.1 == expectedString })
    }
}
