import Foundation
import Testing
@testable import StyledText

/// Shared templates, resolvers and texts used from 200 tasks at once give exactly what they give serially.
/// Run under ThreadSanitizer too (`swift test --sanitize=thread`; see Docs/Reliability.md).
@Suite struct ConcurrencyStressTests {
    struct Output: Equatable, Sendable {
        var plainText: String
        var runs: [StyledRun]
        var attributed: AttributedString
        var html: String
        var ansi: String
        var shared: StyledText
    }

    static let templates: [StyledText.Template] = [
        StyledText.Template("Hello <b>%@</b>, you have %lld <i>new</i> messages <a href='https://e.com/%1$@'>open</a><br>"),
        StyledText.Template("<important level=very><tappable id='t'>%3$@</tappable></important> &amp; <icon name=star/> %1$@"),
        StyledText.Template(String(repeating: "<b><i>x</b></i>", count: 200) + "<t0><t1><t2>y</t0>%1$@</t1></t2>%2$d"),
    ]

    static let resolvers: [StyleResolver] = [
        PipelineChecks.resolver,
        StyleResolver(base: MarkupStyle(font: .init(size: 10)))
            .style("b") { _, inherited in MarkupStyle(font: .init(size: (inherited.font.size ?? 0) + 1, weight: .bold)) }
            .merging(StyleResolver().style("i", MarkupStyle(foregroundColor: .red))),
    ]

    static let htmlRenderers = [HTMLRenderer(), HTMLRenderer(styling: .classes(prefix: "x-"))]

    static let shared: StyledText = "shared \("text", .important) 😀"

    static func render(_ index: Int) -> Output {
        let arguments: [any StyledTextArgument] = ["user\(index % 7) <b>", index, StyledText("styled", attributes: [.tag("u")])]
        let text = templates[index % templates.count].filled(with: arguments)
        let runs = resolvers[index % resolvers.count].runs(for: text)
        var copy = shared
        copy.append(text)  // copy-on-write: `shared` itself must not change
        return Output(plainText: text.plainText, runs: runs, attributed: AttributedString(runs: runs),
                      html: htmlRenderers[index % htmlRenderers.count].render(runs),
                      ansi: ANSIRenderer(capability: index % 2 == 0 ? .trueColor : .colors256).render(runs), shared: copy)
    }

    @Test func twoHundredTasksOverSharedTemplatesAndResolversAgree() async {
        let expected = (0..<200).map(Self.render)
        let results = await withTaskGroup(of: (Int, Output).self) { group in
            for index in 0..<200 {
                group.addTask { (index, Self.render(index)) }
            }
            var results = [Output?](repeating: nil, count: 200)
            for await (index, output) in group { results[index] = output }
            return results
        }
        #expect(results.count == 200)
        for index in 0..<200 {
            #expect(results[index] == expected[index], "task \(index)")
        }
        #expect(Self.shared.plainText == "shared text 😀")
        #expect(Set(expected.map(\.plainText)).count > 3)
    }

    @Test func templatesParsedConcurrentlyAreEqual() async {
        let source = "<b>%@</b> <a href='%2$@'>%2$@</a> " + String(repeating: "<i>&amp;</i>", count: 50)
        let reference = StyledText.Template(source)
        let filled = await withTaskGroup(of: StyledText.self) { group in
            for index in 0..<200 {
                group.addTask { StyledText.Template(source).filled(with: ["a\(index % 3)", "b"]) }
            }
            var all: [StyledText] = []
            for await text in group { all.append(text) }
            return all
        }
        #expect(filled.count == 200)
        #expect(Set(filled) == Set((0..<3).map { reference.filled(with: ["a\($0)", "b"]) }))
    }
}
