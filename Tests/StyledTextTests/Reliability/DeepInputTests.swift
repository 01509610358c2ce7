import Foundation
import Testing
@testable import StyledText

/// A template 100,000 tags deep, parsed, resolved, rendered and released on a thread with a 512 KiB stack in a
/// debug build, where every frame is large: any recursion proportional to the input (parse, resolve, render,
/// compare, hash, `deinit`) would overflow it.
@Suite struct DeepInputTests {
    static let depth = 100_000
    /// `<u>`, then `<b><i>` 49,999 times, then `<s>`: 100,000 deep; then content, a misnested end tag that
    /// closes the innermost `<b>` (keeping the `<i>` and `<s>` inside it open), and the rest closed in order.
    static let input = "<u>" + String(repeating: "<b><i>", count: 49_999) + "<s>core<br></b>after</s></i>"
        + String(repeating: "</i></b>", count: 49_998) + "</u>tail"

    static let resolver = StyleResolver()
        .style("b", MarkupStyle(font: .init(weight: .bold)))
        .style("i", MarkupStyle(font: .init(italic: true)))

    @Test func hundredThousandDeepTemplateOnASmallStack() {
        onSmallStack {
            var options = StyledText.Template.Options()
            options.maximumDepth = Self.depth
            let text = StyledText(template: Self.input, options: options)
            let template = StyledText.Template(Self.input, options: options)
            precondition(template.diagnostics.map(\.kind) == [.misnestedEndTag])
            precondition(template.filled(with: []) == text && Set([text, template.filled(with: [])]).count == 1)
            precondition(text.plainText == "coreaftertail")
            precondition(text.segments.map(\.stack.depth) == [Self.depth, Self.depth, Self.depth - 1, 0])
            let parts = text.parts
            precondition(parts[0].attributes.first == .tag("u") && parts[0].attributes.last == .tag("s"))
            precondition(parts[1] == .element(.tag("br"), attributes: parts[0].attributes))
            var withoutInnermostBold = parts[0].attributes
            withoutInnermostBold.remove(at: withoutInnermostBold.count - 3)
            precondition(parts[2].attributes == withoutInnermostBold)

            let runs = Self.resolver.runs(for: text)
            precondition(runs.map(\.text) == ["core", "\n", "after", "tail"])
            precondition(runs.map { $0.attributes.count } == [Self.depth, Self.depth + 1, Self.depth - 1, 0])
            precondition(runs[0].style.font.weight == .bold && runs[0].style.font.italic == true)
            precondition(runs[3].style == MarkupStyle())
            let attributed = AttributedString(runs: runs)
            precondition(attributed.runs.count == 4 && String(attributed.characters) == "core\naftertail")
            let html = HTMLRenderer().render(runs)
            precondition(html == "<span style=\"font-weight: 700; font-style: italic\">core<br>after</span>tail", html)
            let ansi = ANSIRenderer(capability: .trueColor).render(runs)
            precondition(ansi == "\u{1B}[1;3mcore\naftertail".replacingOccurrences(of: "tail", with: "\u{1B}[22;23mtail")
                + "\u{1B}[0m", ansi.debugDescription)

            // Building on deep text: wrapping and concatenating rebase every stack.
            let wrapped = text.applying(.tag("p")) + text
            precondition(wrapped.segments.map(\.stack.depth) == [Self.depth + 1, Self.depth + 1, Self.depth, 1,
                                                                  Self.depth, Self.depth, Self.depth - 1, 0])
            // Everything is released here, on the small stack.
        }
    }

    @Test func hundredThousandDeepTemplateWithTheDefaultLimit() {
        onSmallStack {
            let text = StyledText(template: Self.input)
            // 1,024 tags open (`<u>` and 1,023 of `<b><i>…`); from the 512th pair's `<i>` on, tags are text, and
            // `</b>` closes the innermost tag, the 512th `<b>`.
            let literal = "<i>" + String(repeating: "<b><i>", count: 49_999 - 512) + "<s>"
            precondition(text.plainText == literal + "coreaftertail")
            precondition(text.segments.map(\.stack.depth) == [1024, 1024, 1023, 0])
            let runs = Self.resolver.runs(for: text)
            precondition(runs.map(\.text) == [literal + "core", "\n", "after", "tail"])
            precondition(runs[2].attributes.first == .tag("u") && runs[2].attributes.last == .tag("i"))
            precondition(AttributedString(runs: runs).runs.count == 4)
            precondition(PipelineChecks.htmlViolations(HTMLRenderer().render(runs), runs: runs) == [])
            precondition(PipelineChecks.ansiViolations(ANSIRenderer(capability: .trueColor).render(runs), runs: runs,
                                                       capability: .trueColor, actionPrefix: nil) == [])
        }
    }
}
