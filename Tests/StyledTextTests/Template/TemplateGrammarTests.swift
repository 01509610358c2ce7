import Foundation
import Testing
@testable import StyledText

/// The grammar table of the templates issue, one row per case: input, then the expected parts as
/// `debugDescription` dumps them.
@Suite struct TemplateGrammarTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let input: String
        let expected: String
        let note: String
        var testDescription: String { note }

        init(_ input: String, _ expected: String, _ note: String) {
            self.input = input
            self.expected = expected
            self.note = note
        }
    }

    static let cases: [Case] = [
        Case("bowties are <b>cool</b>", "text \"bowties are \"\ntext \"cool\" [b]", "a simple tag"),
        Case("a < b and c > d", "text \"a < b and c > d\"", "comparison operators stay text"),
        Case("I <3 you", "text \"I <3 you\"", "heart stays text"),
        Case("< b>x", "text \"< b>x\"", "space after < is text"),
        Case("4<5", "text \"4<5\"", "digit after < is text"),
        Case("a<b", "text \"a<b\"", "<b at the end of input is text"),
        Case("<b>Bold<i>Both</b>Italic</i>", "text \"Bold\" [b]\ntext \"Both\" [b, i]\ntext \"Italic\" [i]",
             "misnested tags: the inner one stays open"),
        Case("<b>1<i>2</b>3</i>4", "text \"1\" [b]\ntext \"2\" [b, i]\ntext \"3\" [i]\ntext \"4\"",
             "misnested tags with text after"),
        Case("<b>unclosed bold", "text \"unclosed bold\" [b]", "unclosed HTML element stays open"),
        Case("<story type='1'>unclosed", "text \"unclosed\" [story(type: \"1\")]", "unclosed tag with parameters stays open"),
        Case("Hi <Hottest> deals", "text \"Hi <Hottest> deals\"", "unclosed unknown tag is text"),
        Case("Mail <xyz@gmail.com>", "text \"Mail <xyz@gmail.com>\"", "an address is not a tag"),
        Case("Hi <Congratulation!> there", "text \"Hi <Congratulation!> there\"", "invalid name is text"),
        Case("a</b>c", "text \"ac\"", "stray end tag dropped"),
        Case("<B>x</b>", "text \"x\" [b]", "names are case-insensitive"),
        Case("<a href=x>l</a>", "text \"l\" [a(href: \"x\")]", "unquoted parameter"),
        Case("<a href=\"x\">l</a>", "text \"l\" [a(href: \"x\")]", "double-quoted parameter"),
        Case("<a href='x'>l</a>", "text \"l\" [a(href: \"x\")]", "single-quoted parameter"),
        Case("<input disabled>", "element input(disabled: \"\")", "valueless parameter on a void element"),
        Case("<x a=1 a=2>y</x>", "text \"y\" [x(a: \"1\")]", "first duplicate wins"),
        Case("<a title='x>y'>z</a>", "text \"z\" [a(title: \"x>y\")]", "> inside quotes belongs to the value"),
        Case("<A HREF=X>l</A>", "text \"l\" [a(href: \"X\")]", "parameter names lowercased, values kept"),
        Case("line<br>next", "text \"line\"\nelement br\ntext \"next\"", "void br"),
        Case("<br/>", "element br", "self-closing br"),
        Case("<hr>", "element hr", "void hr"),
        Case("<icon name=\"star\"/>", "element icon(name: \"star\")", "self-closing custom element"),
        Case("<icon name=star/>x", "element icon(name: \"star\")\ntext \"x\"", "unquoted value before />"),
        Case("<a href=x/y>z</a>", "text \"z\" [a(href: \"x/y\")]", "a slash inside an unquoted value"),
        Case("<b>a<br>b</b>", "text \"a\" [b]\nelement br [b]\ntext \"b\" [b]", "element inside a tag"),
        Case("<!-- note -->x", "text \"x\"", "comment dropped"),
        Case("<!DOCTYPE html>x", "text \"x\"", "doctype dropped"),
        Case("a<!---->b<!-->c", "text \"abc\"", "empty comments"),
        Case("<?xml version=\"1.0\"?>x", "text \"x\"", "processing instruction dropped"),
        Case("a <!-- never closed", "text \"a <!-- never closed\"", "unterminated comment is text"),
        Case("&lt;b&gt;", "text \"<b>\"", "decoded entities never make a tag"),
        Case("&amp;lt;", "text \"&lt;\"", "decoding happens once"),
        Case("AT&T", "text \"AT&T\"", "bare ampersand"),
        Case("&copy;", "text \"©\"", "named reference"),
        Case("&#233;&#xE9;&#X41;&#x1F600;", "text \"ééA😀\"", "numeric references"),
        Case("&#0;|&#xD800;|&#x110000;|&#18446744073709551681;", "text \"\u{FFFD}|\u{FFFD}|\u{FFFD}|\u{FFFD}\"",
             "invalid numeric references"),
        Case("&#128;", "text \"€\"", "Windows-1252 remapping"),
        Case("&notin; &notit; &amp", "text \"∉ ¬it; &\"", "legacy names without semicolon"),
        Case("<a title=\"&lt;&notit=&amp\">x</a>", "text \"x\" [a(title: \"<&notit=&\")]",
             "attribute value rules for legacy names"),
        Case("<b>&lt;</b>", "text \"<\" [b]", "entity inside a tag"),
        Case("<b><i></i></b>", "", "empty tags produce no parts"),
        Case("</>x", "text \"</>x\"", "end tag without a name is text"),
        Case("<b/>x", "element b\ntext \"x\"", "self-closing non-void is an element"),
        Case("</b/>x", "text \"x\"", "stray self-closing end tag dropped"),
        Case("<b\n  class=x\n>y</b>", "text \"y\" [b(class: \"x\")]", "white space and newlines inside a tag"),
        Case("<b title=\"unterminated>x", "text \"<b title=\\\"unterminated>x\"", "unterminated quote makes it text"),
        Case("<b<i>x</i>", "text \"<b\"\ntext \"x\" [i]", "a < inside a tag name breaks it"),
        Case("100%", "text \"100%\"", "a lone percent sign is text"),
        Case("100% done", "text \"100% done\"", "percent then space is not a placeholder"),
        Case("%%", "text \"%\"", "escaped percent sign"),
        Case("%%%%x %%%y &amp;%%&lt; %%@", "text \"%%x %%y &%< %@\"", "runs of escaped percent signs beside references"),
        Case("<a data-x=1 aria-label='y' b>z</a>", "text \"z\" [a(aria-label: \"y\", b: \"\", data-x: \"1\")]",
             "hyphenated and valueless parameters"),
    ]

    @Test(arguments: cases)
    func parses(_ testCase: Case) {
        let text = StyledText(template: testCase.input)
        #expect(text.debugDescription == testCase.expected)
        let template = StyledText.Template(testCase.input)
        #expect(template.filled(with: []) == text, "the reusable template must agree with the one-shot parser")
    }

    @Test func nothingIsLostFromLiteralText() {
        for input in ["a < b", "x <y z", "<", "<<<", "<3 <3", "&", "&&&;", "%", "<!", "<!-", "<?", "</", "<a", "<a ", "<a b", "<a b=", "<a b='"] {
            #expect(StyledText(template: input).plainText == input, "\(input)")
        }
    }

    @Test func deeperThanTheMaximumIsText() {
        var options = StyledText.Template.Options()
        options.maximumDepth = 2
        let text = StyledText(template: "<a>1<b>2<c>3</c></b></a>", options: options)
        #expect(text.debugDescription == "text \"1\" [a]\ntext \"2<c>3\" [a, b]")
        let template = StyledText.Template("<a>1<b>2<c>3</c></b></a>", options: options)
        #expect(template.diagnostics.map(\.kind) == [.nestingTooDeep, .strayEndTag])
    }

    @Test func strayEndTagsAreFoundAfterDeepNestingEmptiesAndNestsAgain() {
        // Past 32 open tags the tokenizer counts open tags by name; the counts are dropped when nothing is open
        // and rebuilt when the markup nests deep again. Every kind of end tag around that must still be right.
        let b40 = String(repeating: "<b>", count: 40), endB40 = String(repeating: "</b>", count: 40)
        let i40 = String(repeating: "<i>", count: 40), endI40 = String(repeating: "</i>", count: 40)
        let input = b40 + "x" + endB40 + "</b>" + i40 + "y" + "</b>" + "<b>z</b>" + endI40 + "</i>w"
        let text = StyledText(template: input)
        #expect(text.parts == [
            .text("x", attributes: Array(repeating: .tag("b"), count: 40)),
            .text("y", attributes: Array(repeating: .tag("i"), count: 40)),
            .text("z", attributes: Array(repeating: .tag("i"), count: 40) + [.tag("b")]),
            .text("w", attributes: []),
        ])
        let template = StyledText.Template(input)
        #expect(template.diagnostics.map(\.kind) == [.strayEndTag, .strayEndTag, .strayEndTag])
        let offsets = [b40.utf8.count + 1 + endB40.utf8.count,
                       b40.utf8.count + 1 + endB40.utf8.count + 4 + i40.utf8.count + 1,
                       input.utf8.count - 5]
        #expect(template.diagnostics.map(\.utf16Offset) == offsets)
    }

    @Test func endTagsStayRightAfterAMisnestingLimitLeavesFewTagsOpen() {
        // A misnesting limit that leaves at most 32 tags open drops the per-name counts before closing the rest;
        // they are rebuilt when the markup nests deep again. End tags after everything closed are stray, found
        // without their names when no diagnostics are collected.
        let a = (0..<40).map { "<a\($0)>" }.joined(), b = (0..<40).map { "<b\($0)>" }.joined()
        let input = a + "x</a5>" + b + "y</a2>z</a1>w</a0>v</b3>"
        let names = { (prefix: String, range: Range<Int>) in range.map { StyledText.Attribute.tag("\(prefix)\($0)") } }
        #expect(StyledText(template: input).parts == [
            .text("x", attributes: names("a", 0..<40)),
            .text("y", attributes: names("a", 0..<5) + names("b", 0..<40)),
            .text("z", attributes: names("a", 0..<2)),
            .text("w", attributes: names("a", 0..<1)),
            .text("v", attributes: []),
        ])
        #expect(StyledText.Template(input).diagnostics.map(\.kind) == [.misnestingLimit, .misnestingLimit, .strayEndTag])
    }

    @Test func defaultMaximumDepthIs1024() {
        let input = String(repeating: "<b>", count: 1030) + "x"
        let text = StyledText(template: input)
        let parts = text.parts
        #expect(parts.count == 1)
        guard case let .text(string, attributes) = parts[0] else { return }
        #expect(attributes.count == 1024)
        #expect(string == String(repeating: "<b>", count: 6) + "x")
    }

    @Test func maximumLengthKeepsEverythingAsPlainText() {
        var options = StyledText.Template.Options()
        options.maximumLength = 5
        let input = "<b>bold</b> &amp; %@"
        let text = StyledText(template: input, "arg", options: options)
        #expect(text.debugDescription == "text \"<b>bold</b> &amp; %@\"")
        #expect(StyledText.Template(input, options: options).diagnostics.map(\.kind) == [.inputTooLong])
        #expect(StyledText(template: "<i>x", options: options).debugDescription == "text \"x\" [i]", "5 bytes is within the limit")
    }

    @Test func knownTagNamesAreConfigurable() {
        var options = StyledText.Template.Options()
        options.knownTagNames.insert("hottest")
        #expect(StyledText(template: "Hi <Hottest> deals", options: options).debugDescription
            == "text \"Hi \"\ntext \" deals\" [hottest]")
    }

    /// The default tag names are HTML's, whether left to the default or given; options compare and hash by the
    /// names in effect, and names given replace the default everywhere a template is read.
    @Test func defaultTagNamesAreHTMLElementNamesGivenOrNot() {
        typealias Options = StyledText.Template.Options
        let implicit = Options()
        let explicit = Options(knownTagNames: Options.htmlElementNames)
        #expect(implicit.knownTagNames == Options.htmlElementNames)
        #expect(implicit == explicit)
        #expect(implicit.hashValue == explicit.hashValue)
        var narrowed = Options()
        narrowed.knownTagNames = ["x"]
        #expect(narrowed != implicit)
        #expect(narrowed.knownTagNames == ["x"])
        #expect(Options(knownTagNames: ["x"]) == narrowed)
        // `<b>` left open is a tag by default and text once the names are narrowed, on every path.
        let resolver = StyleResolver()
        #expect(StyledText.plainText(ofTemplate: "a <b>c") == "a c")
        #expect(StyledText.plainText(ofTemplate: "a <b>c", options: narrowed) == "a <b>c")
        #expect(resolver.runs(forTemplate: "a <b>c").map(\.text) == ["a ", "c"])
        #expect(resolver.runs(forTemplate: "a <b>c", options: narrowed).map(\.text) == ["a <b>c"])
        #expect(StyledText(template: "a <b>c", options: narrowed).plainText == "a <b>c")
    }

    @Test func tagsInsideAnUnclosedUnknownTagKeepTheirOwnAttributes() {
        #expect(StyledText(template: "<x>a<b>b</b>c").debugDescription == "text \"<x>a\"\ntext \"b\" [b]\ntext \"c\"")
    }
}
