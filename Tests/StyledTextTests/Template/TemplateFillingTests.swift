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

    /// Templates that exercise every way of filling: strings only, placeholders by position and repeated, a
    /// placeholder without an argument, arguments inside parameters (filled while parsing), isolated arguments,
    /// and more arguments than ``ArgumentStrings`` holds inline.
    static let fillingCases: [(template: StyledText.Template, arguments: [any StyledTextArgument])] = [
        (StyledText.Template("Hello <b>%@</b>, you have %@ new <i>messages</i>"), ["Eve", "3"]),
        (StyledText.Template("%2$@ <b>%1$@</b> %2$@"), ["a", "b"]),
        (StyledText.Template("%2$@ <b>%1$@</b> %2$@"), ["a", 5]),
        (StyledText.Template("%2$@ <b>%1$@</b> %2$@"), [5, "b"]),
        (StyledText.Template("<b>%@</b> %@ %@"), ["only one"]),
        (StyledText.Template("<a href='%@'>%@</a>"), ["https://example.com", "link"]),
        (StyledText.Template("<b>%@</b>%@", options: .init(isolatesArguments: true)), ["x", "x"]),
        (StyledText.Template("%@ %@ <i>%@</i> %@ <b>%@</b> %@"), ["1", "2", "3", "4", "5", "6"]),
        (StyledText.Template("%@ %@ <i>%@</i> %@ <b>%@</b>"), ["1", "2", "3", "4", Money(cents: 5)]),
        (StyledText.Template("%1$@ <i>text</i>"), ["used", Money(cents: 1)]),
        (StyledText.Template("no placeholders <b>here</b>"), ["ignored"]),
    ]

    /// Arguments of concrete types take the parameter-pack overload, which gathers strings inline; `any
    /// StyledTextArgument` values take the variadic one, which makes an array. Both fill as `filled(with:)` does.
    @Test func packAndVariadicOverloadsFillAlike() {
        for (template, arguments) in Self.fillingCases {
            let expected = template.filled(with: arguments)
            let variadic: StyledText
            switch arguments.count {
            case 1: variadic = template(arguments[0])
            case 2: variadic = template(arguments[0], arguments[1])
            case 5: variadic = template(arguments[0], arguments[1], arguments[2], arguments[3], arguments[4])
            case 6: variadic = template(arguments[0], arguments[1], arguments[2], arguments[3], arguments[4],
                                        arguments[5])
            default:
                Issue.record("no variadic call written for \(arguments.count) arguments")
                continue
            }
            #expect(variadic == expected, "\(template.source)")
            #expect(expected == StyledText(template: template.source, arguments: arguments, options: template.options),
                    "\(template.source)")
        }
        let (hello, greeting) = (Self.fillingCases[0].template, Self.fillingCases[0].arguments)
        #expect(hello("Eve", "3") == hello.filled(with: greeting))
        #expect(hello("Eve", "3").plainText == "Hello Eve, you have 3 new messages")
        let positional = Self.fillingCases[1].template
        #expect(positional("a", "b") == positional.filled(with: ["a", "b"]))
        #expect(positional("a", 5) == positional.filled(with: ["a", 5]))
        #expect(positional("a", 5).plainText == "5 a 5")
        #expect(Self.fillingCases[4].template("only one").plainText == "only one %@ %@")
        let link = Self.fillingCases[5].template("https://example.com", "link")
        #expect(link.parts == [.text("link", attributes: [.tag("a", ["href": "https://example.com"])])])
        let isolated = Self.fillingCases[6].template
        #expect(isolated("x", "x") == isolated.filled(with: ["x", "x"]))
        let six = Self.fillingCases[7].template
        #expect(six("1", "2", "3", "4", "5", "6") == six.filled(with: Self.fillingCases[7].arguments))
        #expect(six("1", "2", "3", "4", "5", "6").plainText == "1 2 3 4 5 6")
        let money = Self.fillingCases[8].template
        #expect(money("1", "2", "3", "4", Money(cents: 5)) == money.filled(with: Self.fillingCases[8].arguments))
        #expect(Self.fillingCases[9].template("used", Money(cents: 1)).plainText == "used text")
        let none = Self.fillingCases[10].template
        #expect(none("ignored") == none.filled(with: ["ignored"]))
        #expect(none() == none.filled(with: []))
    }

    /// The strings a pack's arguments give, in order, with room for four: a fifth is not kept but noted, so that
    /// filling takes the array instead.
    @Test func argumentStringsKeepFourInOrderAndNoteMore() {
        var strings = ArgumentStrings()
        for string in ["a", nil, "c", "d"] as [String?] { strings.append(string) }
        #expect(!strings.overflowed)
        #expect(strings.withBuffer { Array($0) } == ["a", nil, "c", "d"])
        strings.append("e")
        #expect(strings.overflowed)
        #expect(strings.withBuffer { Array($0) } == ["a", nil, "c", "d"])
        let template = StyledText.Template("%@%@")
        var two = ArgumentStrings()
        two.append("x")
        #expect(template.filled(gathered: two) == nil, "a placeholder without its argument is left to the full fill")
        two.append(nil)
        #expect(template.filled(gathered: two) == nil, "an argument that is not a string is left to the full fill")
        var pair = ArgumentStrings()
        pair.append("x")
        pair.append("y")
        #expect(template.filled(gathered: pair)?.plainText == "xy")
        #expect(template.filled(gathered: strings) == nil, "more arguments than fit are left to the full fill")
    }
}
