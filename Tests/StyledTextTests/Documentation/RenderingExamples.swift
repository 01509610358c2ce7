import Foundation
import Testing
import StyledText

/// The examples of Docs/Rendering.md, verbatim, run and checked.
@Suite struct RenderingExamples {
    @Test func html() {
        let resolver = StyleResolver().style("important", MarkupStyle(font: .init(weight: .bold)))
        let text: StyledText = "Hi <\("Eve", .important)>"
        #expect(text.html(resolver) == #"Hi &lt;<span style="font-weight: 700">Eve</span>&gt;"#)
    }

    @Test func ansi() {
        let resolver = StyleResolver().style("important", MarkupStyle(font: .init(weight: .bold)))
        let text: StyledText = "Hi <\("Eve", .important)>"
        let line = text.ansi(resolver)
        #expect(line.hasPrefix("Hi <") && line.contains("Eve"))
        let renderer = ANSIRenderer(capability: .colors256) { id in URL(string: "myapp://action/\(id)") }
        let colored = text.ansi(resolver, using: renderer)
        #expect(colored == "Hi <\u{1B}[1mEve\u{1B}[22m>\u{1B}[0m")
    }
}
