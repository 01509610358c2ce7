import Foundation
import Testing
@testable import StyledText  // HTMLEscaping and HTMLRenderer.cssNumber are internal.

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

    @Test func ansiCapabilityStandardOutput() {
        var printed: [String] = []
        func print(_ item: Any) { printed.append("\(item)") }
        let resolver = StyleResolver().style("important", MarkupStyle(font: .init(weight: .bold)))
        let text: StyledText = "Hi \("Eve", .important)"

        print(text.ansi(resolver, using: ANSIRenderer(capability: .standardOutput)))
        // Whatever the test's standard output is, the text comes through; escape sequences only wrap it.
        #expect(printed.count == 1 && printed[0].hasPrefix("Hi ") && printed[0].contains("Eve"))
    }

    @Test func ansiCapabilityDetected() {
        let capability = ANSIRenderer.Capability.detected(
            environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"], isTerminal: true)
        #expect(capability == .trueColor)
        #expect(ANSIRenderer.Capability.detected(environment: ["NO_COLOR": "1"], isTerminal: true) == .noColor)
        #expect(ANSIRenderer.Capability.detected(environment: [:], isTerminal: false) == .plain)
    }

    @Test func ansiRenderer() {
        let resolver = StyleResolver().style("important", MarkupStyle(font: .init(weight: .bold)))
        let renderer = ANSIRenderer(capability: .trueColor)
        #expect(renderer.render("Hi \("Eve", .important)", resolver: resolver)
            == "Hi \u{1B}[1mEve\u{1B}[22m\u{1B}[0m")
    }

    @Test func ansiRendererCapability() {
        #expect(ANSIRenderer.Capability.colors256 > .colors16)
    }

    @Test func ansiRendererRenderRuns() {
        let runs = StyleResolver(base: MarkupStyle(foregroundColor: .red)).runs(for: "alert")
        #expect(ANSIRenderer(capability: .colors16).render(runs) == "\u{1B}[91malert\u{1B}[39m\u{1B}[0m")
    }

    @Test func styledTextANSI() {
        var printed: [String] = []
        func print(_ item: Any) { printed.append("\(item)") }

        let resolver = StyleResolver().style("important", MarkupStyle(font: .init(weight: .bold)))
        print(StyledText("Done", attributes: [.important]).ansi(resolver))
        #expect(printed.count == 1 && printed[0].contains("Done"))

        let text: StyledText = "x \("y", .important)"
        #expect(text.ansi(resolver, using: ANSIRenderer(capability: .noColor)) == "x \u{1B}[1my\u{1B}[22m\u{1B}[0m")
    }

    @Test func htmlEscapingCSSString() {
        #expect(HTMLEscaping.cssString("Times New Roman") == "'Times New Roman'")
        #expect(HTMLEscaping.cssString("x'</style>") == #"'x\27 \3c \2f style\3e '"#)
    }

    @Test func htmlRendererCSSNumber() {
        #expect(HTMLRenderer.cssNumber(14) == "14")
        #expect(HTMLRenderer.cssNumber(1.25) == "1.25")
        #expect(HTMLRenderer.cssNumber(-0.5) == "-0.5")
    }

    @Test func htmlRenderer() {
        let resolver = StyleResolver().style("important", MarkupStyle(font: .init(weight: .bold)))
        let text: StyledText = "Hi <\("Eve", .important)>"
        #expect(HTMLRenderer().render(text, resolver: resolver)
            == "Hi &lt;<span style=\"font-weight: 700\">Eve</span>&gt;")
    }

    @Test func htmlRendererRenderRuns() {
        let runs = StyleResolver(base: MarkupStyle(foregroundColor: .red)).runs(for: "a\nb")
        #expect(HTMLRenderer().render(runs) == "<span style=\"color: #ff0000\">a<br>b</span>")
    }

    @Test func htmlRendererStylesheet() throws {
        let renderer = HTMLRenderer(styling: .classes())
        let runs = StyleResolver(base: MarkupStyle(foregroundColor: .red)).runs(for: "Hi")
        let html = renderer.render(runs)            // "<span class=\"st-…\">Hi</span>"
        let css = renderer.stylesheet(for: runs)   // ".st-… { color: #ff0000 }\n"
        // `…` stands for the hash of the CSS, the same in both.
        #expect(html.hasPrefix("<span class=\"st-") && html.hasSuffix("\">Hi</span>"))
        #expect(css.hasPrefix(".st-") && css.hasSuffix(" { color: #ff0000 }\n"))
        let className = try #require(html.split(separator: "\"").dropFirst().first)
        #expect(css == ".\(className) { color: #ff0000 }\n")
    }

    @Test func linkPolicy() {
        let policy = LinkPolicy.default
        #expect(policy.allows("https://example.com"))
        #expect(!policy.allows(" JAVASCRIPT:alert(1)"))
        #expect(!policy.allows("/about"))
        #expect(LinkPolicy.images.allows("/img/dice.png"))
    }

    @Test func styledTextHTML() {
        let resolver = StyleResolver().style("important", MarkupStyle(foregroundColor: .red))
        let text: StyledText = "a < \("b", .important)"
        #expect(text.html(resolver) == "a &lt; <span style=\"color: #ff0000\">b</span>")
    }
}
