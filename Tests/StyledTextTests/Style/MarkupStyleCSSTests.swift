import Foundation
import Testing
@testable import StyledText

@Suite struct MarkupStyleCSSTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var css: String
        var expected: MarkupStyle
        var note: String
        var testDescription: String { note }
    }

    static let inherited = MarkupStyle(font: .init(size: 10, weight: .medium))

    static let cases: [Case] = [
        Case(css: "color: red", expected: MarkupStyle(foregroundColor: .init(css: "red")), note: "named colour"),
        Case(css: "background-color: #0f08", expected: MarkupStyle(backgroundColor: .init(css: "#0f08")),
             note: "background colour"),
        Case(css: "background: rgb(0 0 255)", expected: MarkupStyle(backgroundColor: .init(css: "#00f")),
             note: "background shorthand that is one colour"),
        Case(css: "background: url(x.png) red", expected: MarkupStyle(), note: "background shorthand with more"),
        Case(css: "font-size: 12px", expected: MarkupStyle(font: .init(size: 12)), note: "px are points"),
        Case(css: "font-size: 9pt", expected: MarkupStyle(font: .init(size: 12)), note: "pt are 4/3 px"),
        Case(css: "font-size: 1.5em", expected: MarkupStyle(font: .init(size: 15)), note: "em of the inherited size"),
        Case(css: "font-size: 200%", expected: MarkupStyle(font: .init(size: 20)), note: "% of the inherited size"),
        Case(css: "font-size: -3px", expected: MarkupStyle(), note: "negative size ignored"),
        Case(css: "font-size: 1e400px", expected: MarkupStyle(), note: "infinite size ignored"),
        Case(css: "font-size: 5000px", expected: MarkupStyle(font: .init(size: 1000)), note: "size clamped"),
        Case(css: "font-size: 12", expected: MarkupStyle(), note: "size without a unit ignored"),
        Case(css: "font-size: large", expected: MarkupStyle(), note: "size keyword ignored"),
        Case(css: "font-weight: bold", expected: MarkupStyle(font: .init(weight: .bold)), note: "bold"),
        Case(css: "font-weight: normal", expected: MarkupStyle(font: .init(weight: .regular)), note: "normal"),
        Case(css: "font-weight: 650", expected: MarkupStyle(font: .init(weight: .init(650))), note: "number"),
        Case(css: "font-weight: bolder", expected: MarkupStyle(font: .init(weight: .bold)),
             note: "bolder than medium (500) is 700"),
        Case(css: "font-weight: lighter", expected: MarkupStyle(font: .init(weight: .ultraLight)),
             note: "lighter than medium (500) is 100"),
        Case(css: "font-weight: 0", expected: MarkupStyle(), note: "weight out of range ignored"),
        Case(css: "font-weight: 700px", expected: MarkupStyle(), note: "weight with a unit ignored"),
        Case(css: "font-style: italic", expected: MarkupStyle(font: .init(italic: true)), note: "italic"),
        Case(css: "font-style: oblique 10deg", expected: MarkupStyle(font: .init(italic: true)), note: "oblique"),
        Case(css: "font-style: normal", expected: MarkupStyle(font: .init(italic: false)), note: "upright"),
        Case(css: "font-family: 'Helvetica Neue', Arial, sans-serif",
             expected: MarkupStyle(font: .init(family: "Helvetica Neue")), note: "quoted first family"),
        Case(css: "font-family: Times  New Roman , serif",
             expected: MarkupStyle(font: .init(family: "Times New Roman")), note: "unquoted first family"),
        Case(css: "font-family: monospace", expected: MarkupStyle(font: .init(monospaced: true)),
             note: "monospace first"),
        Case(css: "font-family: sans-serif, Arial", expected: MarkupStyle(), note: "generic family first"),
        Case(css: "text-decoration: underline", expected: MarkupStyle(underline: .single), note: "underline"),
        Case(css: "text-decoration: wavy underline #f00 line-through",
             expected: MarkupStyle(underline: .init(.wavy, color: .init(css: "#f00")),
                                   strikethrough: .init(.wavy, color: .init(css: "#f00"))),
             note: "both lines, styled and coloured, in any order"),
        Case(css: "text-decoration-line: line-through", expected: MarkupStyle(strikethrough: .single),
             note: "line-through"),
        Case(css: "text-decoration: underline rgb(0, 0, 255)",
             expected: MarkupStyle(underline: .init(.single, color: .init(css: "blue"))),
             note: "colour function kept whole"),
        Case(css: "text-decoration: none", expected: MarkupStyle(), note: "none decides nothing"),
        Case(css: "text-decoration: underline sparkly", expected: MarkupStyle(), note: "unknown word ignored"),
        Case(css: "text-align: center", expected: MarkupStyle(paragraph: .init(alignment: .center)), note: "center"),
        Case(css: "text-align: justify", expected: MarkupStyle(paragraph: .init(alignment: .justified)),
             note: "justify"),
        Case(css: "text-align: start", expected: MarkupStyle(paragraph: .init(alignment: .natural)), note: "start"),
        Case(css: "text-align: end", expected: MarkupStyle(), note: "end ignored"),
        Case(css: "line-height: 1.5", expected: MarkupStyle(paragraph: .init(lineHeightMultiple: 1.5)),
             note: "bare multiple"),
        Case(css: "line-height: 150%", expected: MarkupStyle(paragraph: .init(lineHeightMultiple: 1.5)),
             note: "percentage"),
        Case(css: "line-height: 15px", expected: MarkupStyle(paragraph: .init(lineHeightMultiple: 1.5)),
             note: "length over the inherited size"),
        Case(css: "line-height: 30px; font-size: 20px",
             expected: MarkupStyle(font: .init(size: 20), paragraph: .init(lineHeightMultiple: 1.5)),
             note: "length over the style's own size, declared after it"),
        Case(css: "line-height: 1e9", expected: MarkupStyle(paragraph: .init(lineHeightMultiple: 100)),
             note: "line height clamped"),
        Case(css: "line-height: -1", expected: MarkupStyle(), note: "negative line height ignored"),
        Case(css: "letter-spacing: 2px", expected: MarkupStyle(kern: 2), note: "letter spacing in points"),
        Case(css: "letter-spacing: 0.1em; font-size: 20px", expected: MarkupStyle(font: .init(size: 20), kern: 2),
             note: "letter spacing in em of the own size"),
        Case(css: "letter-spacing: normal", expected: MarkupStyle(kern: 0), note: "normal spacing"),
        Case(css: "letter-spacing: -3pt", expected: MarkupStyle(kern: -4), note: "negative spacing"),
        Case(css: "letter-spacing: 10%", expected: MarkupStyle(), note: "percentage spacing ignored"),
        Case(css: "text-transform: uppercase", expected: MarkupStyle(textCase: .uppercase), note: "uppercase"),
        Case(css: "text-transform: capitalize", expected: MarkupStyle(textCase: .capitalized), note: "capitalize"),
        Case(css: "text-transform: none", expected: MarkupStyle(), note: "none decides nothing"),
        Case(css: "COLOR: Blue; Font-Weight: BOLD", expected: MarkupStyle(font: .init(weight: .bold),
                                                                      foregroundColor: .init(css: "blue")),
             note: "case-insensitive"),
        Case(css: "color: red; color: blue", expected: MarkupStyle(foregroundColor: .init(css: "blue")),
             note: "later wins"),
        Case(css: "color: red; color: nonsense", expected: MarkupStyle(foregroundColor: .init(css: "red")),
             note: "invalid later value keeps the earlier"),
        Case(css: "color: red !important", expected: MarkupStyle(foregroundColor: .init(css: "red")),
             note: "!important read and ignored"),
        Case(css: "color: red ! IMPORTANT ;", expected: MarkupStyle(foregroundColor: .init(css: "red")),
             note: "!important spaced and uppercase"),
        Case(css: "/* a; b */ color: /* c */ red /* d */", expected: MarkupStyle(foregroundColor: .init(css: "red")),
             note: "comments skipped"),
        Case(css: "font-family: 'a;b'; color: red",
             expected: MarkupStyle(font: .init(family: "a;b"), foregroundColor: .init(css: "red")),
             note: "semicolon in a string"),
        Case(css: "font-family: \"x\\\"y\"", expected: MarkupStyle(font: .init(family: "x\"y")),
             note: "escaped quote in a string"),
        Case(css: "background: url(a;b); color: red", expected: MarkupStyle(foregroundColor: .init(css: "red")),
             note: "semicolon in parentheses"),
        Case(css: ";;  ; color:red;;", expected: MarkupStyle(foregroundColor: .init(css: "red")),
             note: "empty declarations"),
        Case(css: "color red; font-weight: bold", expected: MarkupStyle(font: .init(weight: .bold)),
             note: "declaration without a colon dropped"),
        Case(css: "col or: red; 'color': red; co/**/lor: red", expected: MarkupStyle(),
             note: "property names that are not one identifier"),
        Case(css: "font-family: 'unterminated; color: red",
             expected: MarkupStyle(font: .init(family: "unterminated; color: red")),
             note: "unterminated string runs to the end"),
        Case(css: "color: red; /* unterminated; font-weight: bold",
             expected: MarkupStyle(foregroundColor: .init(css: "red")),
             note: "unterminated comment runs to the end"),
        Case(css: "background: url(javascript:alert(1); color: red", expected: MarkupStyle(),
             note: "unterminated parenthesis runs to the end"),
        Case(css: "cursor: pointer; display: none; position: fixed", expected: MarkupStyle(),
             note: "other properties ignored"),
        Case(css: "", expected: MarkupStyle(), note: "empty"),
    ]

    @Test(arguments: cases)
    func readsDeclarations(_ test: Case) {
        #expect(MarkupStyle(css: test.css, inherited: Self.inherited) == test.expected, "\(test.css)")
    }

    @Test func relativeSizesWithoutAnInheritedSizeUseMedium() {
        #expect(MarkupStyle(css: "font-size: 2em").font.size == 32)
        #expect(MarkupStyle(css: "letter-spacing: 0.5em").kern == 8)
        #expect(MarkupStyle(css: "font-size: 50%", inherited: MarkupStyle(font: .init(textStyle: .body))).font.size
            == 8.5)
    }

    @Test func bolderAndLighterStepAsCSSDoes() {
        func weight(_ css: String, from inherited: Double?) -> Double? {
            let outer = MarkupStyle(font: .init(weight: inherited.map { .init($0) }))
            return MarkupStyle(css: css, inherited: outer).font.weight?.value
        }
        #expect([nil, 50, 300, 400, 549, 550, 899, 900, 950].map { weight("font-weight: bolder", from: $0) }
            == [700, 400, 400, 700, 700, 900, 900, 900, 950])
        #expect([nil, 50, 100, 549, 550, 749, 750, 1000].map { weight("font-weight: lighter", from: $0) }
            == [100, 50, 100, 100, 400, 400, 700, 700])
    }

    @Test func declaresNothingIsTheEmptyStyle() {
        #expect(MarkupStyle(css: "display: none").isEmpty)
    }

    @Test func precedenceIsTheRulesChoice() {
        let rule = MarkupStyle(font: .init(weight: .bold), foregroundColor: .init(css: "blue"))
        let inline = MarkupStyle(css: "color: red")
        #expect(inline.filling(from: rule)
            == MarkupStyle(font: .init(weight: .bold), foregroundColor: .init(css: "red")))
        #expect(rule.filling(from: inline) == rule)
    }

    @Test func resolvesInATemplatesStyleParameter() {
        let resolver = StyleResolver(base: MarkupStyle(font: .init(size: 14))).fallback { tag, inherited in
            tag["style"].map { MarkupStyle(css: $0, inherited: inherited) }
        }
        let template = "<span style='font-size: 2em'>big <span style=\"font-size: 50%; color: #c00\">back</span></span>"
        let runs = resolver.runs(for: StyledText(template: template))
        #expect(runs.map(\.text) == ["big ", "back"])
        #expect(runs[0].style.font.size == 28)
        #expect(runs[1].style.font.size == 14)
        #expect(runs[1].style.foregroundColor == MarkupStyleColor(css: "#c00"))
    }

    /// Hostile input: long, deeply parenthesised, unterminated, control characters; each read in one pass.
    @Test func hostileInputIsReadInLinearTime() {
        let size = 1 << 20
        let inputs = [
            String(repeating: "(", count: size) + "; color: red",
            String(repeating: "/*", count: size / 2),
            String(repeating: "'", count: size),
            String(repeating: "color: red;", count: size / 11),
            String(repeating: "a:", count: size / 2),
            "font-size: " + String(repeating: "9", count: size) + "px",
            String(repeating: "\u{0}\u{1B}[31m;", count: size / 6),
        ]
        for input in inputs {
            let style = MarkupStyle(css: input)
            #expect(style.font.size.map { $0.isFinite && $0 <= 1000 } ?? true)
        }
        #expect(MarkupStyle(css: String(repeating: "color: red;", count: 1000)).foregroundColor
            == MarkupStyleColor(css: "red"))
    }
}
