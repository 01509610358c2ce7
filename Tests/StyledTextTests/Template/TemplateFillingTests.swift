import Foundation
import Testing
@testable import StyledText

@Suite struct TemplateFillingTests {
    /// Formats itself with a tag, so it takes the general path (a styled text of its own), never the string one.
    struct Money: StyledTextArgument {
        var cents: Int
        func styledText(formattedAs specifier: String) -> StyledText {
            "\("$\(cents / 100).\(cents % 100)", .tag("money"))"
        }
    }

    /// A string-like argument that is not a `String`: it must not be mistaken for one.
    struct Shouting: StyledTextArgument {
        var text: String
        func styledText(formattedAs specifier: String) -> StyledText { StyledText(text.uppercased()) }
    }

    static let template = StyledText.Template("<b>%@</b> and %@, <i>%@</i>%@.")

    /// Strings and substrings are appended as plain text directly; everything else through its styled text.
    @Test func stringAndSubstringArgumentsArePlainTextAndOthersStyled() {
        let substring = "--Eve--".dropFirst(2).prefix(3)
        let text = Self.template("Ann", substring, Money(cents: 1250), Shouting(text: "hi"))
        let expected: [StyledText.Part] = [
            .text("Ann", attributes: [.tag("b")]),
            .text(" and Eve, ", attributes: []),
            .text("$12.50", attributes: [.tag("i"), .tag("money")]),
            .text("HI.", attributes: []),
        ]
        #expect(text.parts == expected)
        let arguments: [any StyledTextArgument] = ["Ann", substring, Money(cents: 1250), Shouting(text: "hi")]
        #expect(StyledText(template: Self.template.source, arguments: arguments).parts == expected)
    }

    @Test func stringArgumentsAreNeverParsed() {
        let text = Self.template("<b>&amp;", Substring("%@"), StyledText("<i>"), 7)
        #expect(text.parts == [
            .text("<b>&amp;", attributes: [.tag("b")]),
            .text(" and %@, ", attributes: []),
            .text("<i>", attributes: [.tag("i")]),
            .text("7.", attributes: []),
        ])
    }

    @Test func argumentsGoBetweenElementsAndAtBothEnds() {
        let template = StyledText.Template("%@<br>%@x<b>y%@</b><br/>%@")
        let text = template("1", "2", "3", "4")
        #expect(text.parts == [
            .text("1", attributes: []),
            .element(.tag("br"), attributes: []),
            .text("2x", attributes: []),
            .text("y3", attributes: [.tag("b")]),
            .element(.tag("br"), attributes: []),
            .text("4", attributes: []),
        ])
        #expect(text == StyledText(template: template.source, "1", "2", "3", "4"))
    }

    @Test func emptyArgumentsAndMissingOnesAreHandledLikeOneShotParsing() {
        let template = StyledText.Template("a<b>%@</b>b%@c%3$@")
        #expect(template("", "").parts == [.text("abc%3$@", attributes: [])])
        #expect(template("x").parts == [
            .text("a", attributes: []),
            .text("x", attributes: [.tag("b")]),
            .text("b%@c%3$@", attributes: []),
        ])
        #expect(template("x") == StyledText(template: template.source, "x"))
    }
}
