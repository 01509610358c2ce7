import Foundation
import Testing
@testable import StyledText

@Suite struct TemplateArgumentTests {
    @Test func argumentsAreInsertedAsTextNeverParsed() {
        let text = StyledText(template: "Pick: %@ <i>or</i> %@", "<b>Eve</b>", "&lt; %1$@")
        #expect(text.debugDescription == """
            text "Pick: <b>Eve</b> "
            text "or" [i]
            text " &lt; %1$@"
            """)
    }

    @Test func aTagTooDeepStillNumbersThePlaceholdersInItsParameters() {
        var options = StyledText.Template.Options()
        options.maximumDepth = 1
        // The too-deep `<a>` is text, but its `%@` still takes the first argument, so the text's takes the second.
        let text = StyledText(template: "<i><a href='%@'>%@<b><b>", arguments: ["1", "2"], options: options)
        #expect(text.debugDescription == "text \"<a href='%@'>2<b><b>\" [i]")
    }

    @Test func positionalAndRepeatedPlaceholders() {
        #expect(StyledText(template: "%2$@ then %1$@", "a", "b").plainText == "b then a")
        #expect(StyledText(template: "%1$@ %1$@", "x").plainText == "x x")
        #expect(StyledText(template: "%@ %@ %1$@", "a", "b").plainText == "a b a")
    }

    @Test func repeatedStringArgumentsNeverStandInForOthers() {
        // The builder remembers the last `String` argument for repeated placeholders: any other argument in
        // between, of any type, and every new fill must still be inserted as itself.
        let arguments: [any StyledTextArgument] = ["a", Substring("b"), 7, StyledText("\("d", .important)")]
        let text = StyledText(template: "%1$@%1$@%2$@%1$@%3$@%3$@%2$@%4$@%1$@", arguments: arguments)
        #expect(text.plainText == "aaba77bda")
        let template = StyledText.Template("<b>%1$@</b>%1$@%2$@%1$@")
        #expect(template("x", "y").plainText == "xxyx")
        #expect(template("z", "x").plainText == "zzxz")
        #expect(template("z", "x").parts == [.text("z", attributes: [.tag("b")]), .text("zxz", attributes: [])])
    }

    @Test func typedPlaceholders() {
        let text = StyledText(template: "%d|%ld|%lld|%u|%.2f|%lf|%i|%5d|%x|%@|%@|%%", 1, 2, 3, 4, 3.14159, 2.5, -7, 42, 255,
                              1.5, 10)
        #expect(text.plainText == "1|2|3|4|3.14|2.500000|-7|   42|ff|1.5|10|%")
    }

    @Test func mismatchedTypesFormatSensibly() {
        #expect(StyledText(template: "%d %f %@", "text", 3, 2.0).plainText == "text 3.000000 2.0")
        #expect(StyledText(template: "%d", 2.9).plainText == "2")
        #expect(StyledText(template: "%d", Double.infinity).plainText == "inf")
        #expect(StyledText(template: "%u", -1).plainText == "18446744073709551615")
        #expect(StyledText(template: "%lld", UInt64.max).plainText == "18446744073709551615")
        #expect(StyledText(template: "%@", Int8(-3)).plainText == "-3")
    }

    @Test func hugeWidthsAndPrecisionsAreClampedNotAllocated() {
        // `%2147483647d` crashed Foundation's formatter and `%1000000000d` allocated 2 GB: templates come from
        // translators and servers, so widths and precisions stop at 100.
        let text = StyledText(template: "%2147483647d|%.99999999999f|%0200d|%-1000d|%5d|%1$99999999@", 42, 1.5, 7, 8, 9)
        let fields = text.plainText.split(separator: "|").map(String.init)
        #expect(fields == [String(repeating: " ", count: 98) + "42", "1.5" + String(repeating: "0", count: 99),
                           String(repeating: "0", count: 99) + "7", "8" + String(repeating: " ", count: 99), "    9",
                           "42"])
    }

    @Test func specifiersAreReadBackFromTheTemplateInTextAndParameters() {
        // Placeholders keep offsets, not strings: each specifier is read back from the template when it is
        // formatted or spelled, in parameter values as in text, with the position normalised.
        let template = StyledText.Template("<a title='%02$-6.1f|'>%1$+d</a> %03$05.1lf")
        let text = template(7, 2.5)
        #expect(text.plainText == "+7 %3$05.1lf")
        #expect(text.parts.first?.attributes.first?["title"] == "2.5   |")
        #expect(template.diagnostics(argumentCount: 2).map(\.subject) == ["%3$05.1lf"])
        #expect(StyledText(template: "%@|%d|%5@", "x", 3, "y").plainText == "x|3|y")
    }

    @Test func groupingFlagKeepsTheValue() {
        // Linux's Foundation printed `%'d` as `'d`, dropping the number; without a locale there is nothing to group.
        #expect(StyledText(template: "%'d|%'.2f|%'5u", 12345, 2.5, 7).plainText == "12345|2.50|    7")
    }

    @Test func missingArgumentStaysLiteralAndExtraIsIgnored() {
        #expect(StyledText(template: "a %@ b %2$@ c", "x").plainText == "a x b %2$@ c")
        #expect(StyledText(template: "no placeholders", "ignored").plainText == "no placeholders")
        let template = StyledText.Template("a %@ b %3$@")
        let diagnostics = template.diagnostics(argumentCount: 2)
        #expect(diagnostics.map(\.kind) == [.missingArgument, .unusedArgument])
        #expect(diagnostics.map(\.subject) == ["%3$@", "2"])
        #expect(template.argumentCount == 3)
    }

    @Test func styledArgumentKeepsItsAttributesInsideTheTags() {
        let name: StyledText = "\("Eve", .important)"
        let text = StyledText(template: "<b>%@</b>!", name)
        #expect(text.parts == [
            .text("Eve", attributes: [.tag("b"), .important]),
            .text("!", attributes: []),
        ])
    }

    @Test func placeholdersInParameterValuesAreSubstitutedAsData() {
        let text = StyledText(template: "<a href=\"%@\">x</a><a href='https://x/%1$@?q=%2$@&amp;r'>y</a>",
                              "\"><script>", "&lt;")
        #expect(text.parts == [
            .text("x", attributes: [.tag("a", ["href": "\"><script>"])]),
            .text("y", attributes: [.tag("a", ["href": "https://x/\"><script>?q=&lt;&r"])]),
        ])
        let template = StyledText.Template("<a href=\"%@\">%@</a>")
        #expect(template.argumentCount == 2)
        #expect(template("u1", "t1").parts == [.text("t1", attributes: [.tag("a", ["href": "u1"])])])
        #expect(template("u2", "t2").parts == [.text("t2", attributes: [.tag("a", ["href": "u2"])])])
    }

    @Test func elementParametersTakePlaceholdersToo() {
        #expect(StyledText(template: "<icon name='%@'/>", "star").parts
            == [.element(.tag("icon", ["name": "star"]), attributes: [])])
    }

    @Test func templateIsReusable() {
        let template = StyledText.Template("Hello <b>%@</b>, you have %lld messages")
        #expect(template("Eve", 3).debugDescription == "text \"Hello \"\ntext \"Eve\" [b]\ntext \", you have 3 messages\"")
        #expect(template("Bob", 0).plainText == "Hello Bob, you have 0 messages")
        #expect(template.filled(with: ["Ann", 1]) == StyledText(template: template.source, "Ann", 1))
    }

    @Test func fillingAgreesWithOneShotParsingEverywhere() {
        let templates = ["%@", "%@%@", "a%@b", "<b>%@</b>%@", "%@<br>%@", "<br>%@<br>", "<b>x%@y</b>z%@", "%@<b></b>%@",
                         "<i>a<b>%@</b>%@</i>%@", "%3$@%1$@%2$@", "<b>%@<br></b>%@"]
        let arguments: [any StyledTextArgument] = ["1", StyledText("2", attributes: [.important]), "3"]
        for source in templates {
            #expect(StyledText.Template(source).filled(with: arguments) == StyledText(template: source, arguments: arguments),
                    "\(source)")
        }
    }

    @Test func stringFillingAgreesWithOneShotParsingEverywhere() {
        // `String` arguments take the fast fill, whose coalescing was worked out at parse time: empty arguments
        // between equal stacks must join them, images and elements must split them, as one-shot parsing does.
        let templates = ["%@", "%@%@", "a%@b", "<b>%@</b>%@", "%@<br>%@", "<br>%@<br>", "<b>x%@y</b>z%@", "%@<b></b>%@",
                         "<i>a<b>%@</b>%@</i>%@", "%3$@%1$@%2$@", "<b>%@<br></b>%@", "<b>a</b>%@<b>c</b>", "%@<b>x</b>",
                         "<b>%@</b>%@<b>%@</b>", "a<br/>%@<br/>b", "<i>%2$@</i><i>%2$@</i>%1$@"]
        let argumentSets: [[String]] = [["1", "2", "3"], ["", "", ""], ["", "x", ""], ["é", "", "ß"],
                                        [String(repeating: "long ü ", count: 40), "<b>", "&amp;"]]
        for source in templates {
            let template = StyledText.Template(source)
            for strings in argumentSets {
                let arguments: [any StyledTextArgument] = strings
                let expected = StyledText(template: source, arguments: arguments)
                #expect(template.filled(withStrings: arguments) == expected, "\(source) \(strings)")
                #expect(template.filled(with: arguments).parts == expected.parts, "\(source) \(strings)")
            }
        }
        // Anything else fills in full: another type, a missing argument, isolation.
        #expect(StyledText.Template("%@ %@").filled(withStrings: ["a", 1]) == nil)
        #expect(StyledText.Template("%@ %@")("a", 1).plainText == "a 1")
        #expect(StyledText.Template("%@ %@").filled(withStrings: ["a"]) == nil)
        #expect(StyledText.Template("%@ %@")("a").plainText == "a %@")
    }

    @Test func argumentsCanBeIsolatedForBidirectionalText() {
        var options = StyledText.Template.Options()
        options.isolatesArguments = true
        let text = StyledText(template: "שלום %@!", "Eve", options: options)
        #expect(text.plainText == "שלום \u{2068}Eve\u{2069}!")
        #expect(StyledText.Template("<b>%@</b>", options: options)("x").parts
            == [.text("\u{2068}x\u{2069}", attributes: [.tag("b")])])
    }

    @Test func markupLiteralTreatsInterpolationsAsArguments() {
        let name = "<Eve & %@>"
        let text = StyledText(markup: "Hello <b>\(name)</b>, 100% \(42) \(1.5) \(UInt(7))")
        #expect(text.debugDescription == """
            text "Hello "
            text "<Eve & %@>" [b]
            text ", 100% 42 1.500000 7"
            """)
        let literal: StyledText.TemplateLiteral = "a \(name) \(Int64(1)) \(UInt8(2)) \(Float(0.5)) %"
        #expect(literal.key == "a %@ %lld %llu %f %%")
        let double: StyledText.TemplateLiteral = "\(0.5) \(Double(1.5))"
        #expect(double.key == "%lf %lf")
        #expect(StyledText(markup: "\(Float(0.5)) \(Double(1.5))").plainText == "0.500000 1.500000")
        #expect(literal.arguments.count == 4)
    }

    @Test func markupLiteralNestsStyledArguments() {
        let inner: StyledText = "\("x", .important)"
        #expect(StyledText(markup: "<span>\(inner)</span>").parts
            == [.text("x", attributes: [.tag("span"), .important])])
    }
}
