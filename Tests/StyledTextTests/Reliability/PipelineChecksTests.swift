import Foundation
import Testing
@testable import StyledText

/// The fuzz targets' checks hold on known inputs and catch what they claim to catch.
@Suite struct PipelineChecksTests {
    static let inputs: [String] = TemplateGrammarTests.cases.map(\.input) + [
        "", "Hello %@, <b>%2$@</b> &amp; <a href='%1$@'>x</a>", "<icon name=star/> <hr> <img src=a alt=b>",
        "<important><tappable id='x y'>tap</tappable></important>", "<font color='#f00'>red</font><x background=rgb(1,2,3)>",
        "e<b>\u{301}</b>😀<i>\u{1F1FA}\u{1F1F8}</i>\u{7F}", "<b>%@ %d %.2f %lld %x %%</b>", "%2147483647d %.99999f",
        "line\nbreak <b\n>x</b> &#x1F600; &#128; &notit; &#0;",
        "<a href='javascript:alert(1)'>x</a><a href=' https://e.com/?a=<b>&amp;'>y</a><link href='tel:1'>z</link>",
        "<img src='https://e.com/i.png' alt='<alt>'><img src='data:x' alt='d'><img src='rel/a.png'>\r\n\r&#x1B;[31m&#x9B;",
        "<span style='font-size: 2em; color: red; letter-spacing: .1em'>x<b style=\"font-weight: 100\">y</b></span>",
        "<big style='x'>A</big><tappable id='&quot;>'>t</tappable>&#x7F;&#x85;\t",
        "<tappable id='&gt;\u{301}1'>x</tappable>&\u{301}amp; <a href='https:\u{301}//e.com'>\u{301}</a>>\u{301}",
    ]

    @Test(arguments: inputs)
    func checksHoldOnKnownInputs(_ input: String) {
        let bytes = Array(input.utf8)
        #expect(PipelineChecks.templateTarget(bytes) == [])
        #expect(PipelineChecks.entityTarget(bytes) == [])
        #expect(PipelineChecks.cssTarget(bytes) == [])
        #expect(PipelineChecks.pipelineTarget(bytes) == [])
        #expect(PipelineChecks.pipelineTarget(bytes + [0x1F] + Array("<b>arg</b>".utf8)) == [])
    }

    @Test func streamedTemplateChecksHoldOnKnownInputs() {
        // Each known input led by `H`, one of the first bytes for which the check repeats an input past the scan's
        // 64 KB chunk, so that its text streams.
        for input in Self.inputs {
            #expect(PipelineChecks.streamedTemplateViolations("H" + input) == [], "\(input.debugDescription)")
        }
    }

    @Test func checksHoldOnTagSoup() {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<300 {
            let soup = TemplatePropertyTests.randomString(&generator, from: TemplatePropertyTests.fragments,
                                                          count: Int(generator.next() % 25))
            let bytes = Array(soup.utf8)
            #expect(PipelineChecks.templateTarget(bytes) == [], "\(soup.debugDescription)")
            #expect(PipelineChecks.pipelineTarget(bytes) == [], "\(soup.debugDescription)")
            #expect(PipelineChecks.entityTarget(bytes) == [], "\(soup.debugDescription)")
        }
    }

    @Test func colourChecksHoldOnColours() {
        for css in ["#f00", "#FF000080", "rgb(255 0 0 / 50%)", "rgba(100%,0%,0%,.5)", "RebeccaPurple", "transparent",
                    "rgb(300, -5, 2e2)", " #abc ", "#fff;", "hsl(0 0% 0%)", "rgb(1e400, 0, 0)", "rgba(0,0,0,0.4998)"] {
            #expect(PipelineChecks.cssColorViolations(css) == [], "\(css)")
        }
    }

    @Test func declarationChecksHoldOnDeclarations() {
        for test in MarkupStyleCSSTests.cases {
            #expect(PipelineChecks.cssDeclarationViolations(test.css) == [], "\(test.css)")
        }
    }

    @Test func runChecksCatchBrokenRuns() {
        let text = StyledText(template: "a<b>b</b>c")
        let other = StyledText(template: "a<b>bc</b>")
        #expect(!PipelineChecks.runViolations(PipelineChecks.resolver.runs(for: other), for: text).isEmpty)
        #expect(!PipelineChecks.runViolations(Array(PipelineChecks.resolver.runs(for: text).dropFirst()), for: text).isEmpty)
        #expect(PipelineChecks.runViolations(PipelineChecks.resolver.runs(for: text), for: text).isEmpty)
    }

    @Test func numericReferenceChecksCoverEveryForm() {
        for code: UInt64 in [0, 0x41, 0x80, 0x81, 0x9F, 0xD800, 0xDFFF, 0xFFFD, 0x10FFFF, 0x110000, 0x3F_FFFF] {
            for form: UInt8 in [0, 1, 2, 3, 4, 5, 7, 8, 9, 0x10, 0x31, 0x3F] {
                #expect(PipelineChecks.characterReferenceViolations("", code: code, form: form) == [], "\(code) \(form)")
            }
        }
    }

    @Test func rendererChecksCatchInjectedMarkupAndControls() {
        let runs = PipelineChecks.resolver.runs(for: StyledText(template: "<b>x</b>"))
        for html in ["<script>x", "<span style=\"a\">x", "<a href=\"javascript:x\"><span style=\"a\">x</span></a>",
                     "<span style=\"font-size: 12px; font-weight: 700; color: #808080\">x&nbsp;</span>"] {
            #expect(!PipelineChecks.htmlViolations(html, runs: runs).isEmpty, "\(html)")
        }
        for ansi in ["\u{1B}]0;title\u{7}x", "x\u{1B}c", "x\u{9B}31m", "\u{1B}]8;;javascript:x\u{1B}\\x", "y", "x\r"] {
            #expect(!PipelineChecks.ansiViolations(ansi, runs: runs, capability: .trueColor, actionPrefix: nil).isEmpty,
                    "\(ansi.debugDescription)")
        }
        #expect(PipelineChecks.ansiViolations("\u{1B}[1mx\u{1B}[22m\u{1B}[0m", runs: runs, capability: .trueColor,
                                              actionPrefix: nil) == [])
    }
}
