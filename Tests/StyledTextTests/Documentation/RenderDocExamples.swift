import Foundation
import Testing
import StyledText

/// The examples in the doc comments of Sources/StyledText/Render, verbatim, run and checked.
@Suite struct RenderDocExamples {
    @Test func attributedStringInit() {
        let attributed = AttributedString("Tap \("here", .tappable(id: "go") {})", resolver: StyleResolver())
        #expect(attributed.runs.count == 2)
        #expect(attributed.runs.map(\.link) == [nil, URL(string: "styledtext-action://go")])
    }

    @Test func actionURL() {
        #expect(StyledText.actionURL(for: "wiki").absoluteString == "styledtext-action://wiki")
    }

    @MainActor @Test func action() {
        var opened = 0
        func openWiki() { opened += 1 }

        let text: StyledText = "Learn \("more", .tappable(id: "wiki") { openWiki() })"
        if let action = text.action(for: URL(string: "styledtext-action://wiki")!) { action() }
        #expect(opened == 1)
    }

    @Test func styledTextAttributes() {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        let resolver = StyleResolver().style("important", MarkupStyle(font: .init(weight: .semibold)))
        let text: StyledText = "Hi \("Eve", .important)"

        let attributed = AttributedString(text, resolver: resolver)
        for run in attributed.runs {
            print(run.markupStyle?.font.weight as Any, run.semanticAttributes?.array ?? [])
        }
        #expect(printed == ["nil []", #"Optional(semibold) [important(level: "enough")]"#])
    }
}
