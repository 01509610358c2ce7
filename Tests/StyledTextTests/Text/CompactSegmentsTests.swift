import Foundation
import Testing
@testable import StyledText

/// Texts whose parts are in the compact form (at most two attributed text parts held inline, the plain parts the
/// gaps around them) behave as the same parts listed: equal, hashed alike, resolved and rendered alike.
@Suite struct CompactSegmentsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: StyledText
        var parts: [StyledText.Part]
        var isCompact: Bool
        var note: String
        var testDescription: String { note }
    }

    static let dice = StyledText.Image(named: "dice")
    static let nested: StyledText = "x\("y", .tag("i"))"

    static let interpolations = [
        Case(text: "", parts: [], isCompact: false, note: "empty"),
        Case(text: "plain \("Eve")", parts: [.text("plain Eve", attributes: [])], isCompact: true,
             note: "all plain: no attributed part"),
        Case(text: "\("Eve", .important)", parts: [.text("Eve", attributes: [.important])], isCompact: true,
             note: "one attributed part, the whole text"),
        Case(text: "Hi \("Eve", .important)!", parts: [
            .text("Hi ", attributes: []), .text("Eve", attributes: [.important]), .text("!", attributes: []),
        ], isCompact: true, note: "one attributed part between plain text"),
        Case(text: "Hello \("Eve", .important), you have \(3, .tag("b")) new messages", parts: [
            .text("Hello ", attributes: []), .text("Eve", attributes: [.important]),
            .text(", you have ", attributes: []), .text("3", attributes: [.tag("b")]),
            .text(" new messages", attributes: []),
        ], isCompact: true, note: "two attributed parts, five parts"),
        Case(text: "\("a", .important)\("b", .tag("b"))", parts: [
            .text("a", attributes: [.important]), .text("b", attributes: [.tag("b")]),
        ], isCompact: true, note: "two attributed parts with no gap between"),
        Case(text: "\("a", .important)\("b", .important) c", parts: [
            .text("ab", attributes: [.important]), .text(" c", attributes: []),
        ], isCompact: true, note: "equal neighbours coalesce"),
        Case(text: "\("a", .important)\("b", .tag("b"))\("c", .tag("b"))", parts: [
            .text("a", attributes: [.important]), .text("bc", attributes: [.tag("b")]),
        ], isCompact: true, note: "the second part extends"),
        Case(text: "\("a", .important)\("", .tag("i"))\("b", .tag("b"))", parts: [
            .text("a", attributes: [.important]), .text("b", attributes: [.tag("b")]),
        ], isCompact: true, note: "an empty attributed value takes no slot"),
        Case(text: "\("a", .important) \("b", .tag("b")) \("c", .tag("i"))", parts: [
            .text("a", attributes: [.important]), .text(" ", attributes: []), .text("b", attributes: [.tag("b")]),
            .text(" ", attributes: []), .text("c", attributes: [.tag("i")]),
        ], isCompact: false, note: "three attributed parts: listed"),
        Case(text: "\("a", .important)\("b", .tag("b"))\("c", .important) d", parts: [
            .text("a", attributes: [.important]), .text("b", attributes: [.tag("b")]),
            .text("c", attributes: [.important]), .text(" d", attributes: []),
        ], isCompact: false, note: "a third part after two: listed, the plain text after it too"),
        Case(text: "Roll \(dice) now \("!", .important)", parts: [
            .text("Roll ", attributes: []), .image(dice, attributes: []), .text(" now ", attributes: []),
            .text("!", attributes: [.important]),
        ], isCompact: false, note: "an image: listed"),
        Case(text: "a \("b", .important)\(element: .tag("br"))c", parts: [
            .text("a ", attributes: []), .text("b", attributes: [.important]),
            .element(.tag("br"), attributes: []), .text("c", attributes: []),
        ], isCompact: false, note: "an element after an attributed part: listed"),
        Case(text: "a \(nested, .important)", parts: [
            .text("a ", attributes: []), .text("x", attributes: [.important]),
            .text("y", attributes: [.important, .tag("i")]),
        ], isCompact: false, note: "an interpolated StyledText: listed"),
        Case(text: "\("a", .important, .tag("b")) and \(7, .tag("i"), .important)", parts: [
            .text("a", attributes: [.important, .tag("b")]), .text(" and ", attributes: []),
            .text("7", attributes: [.tag("i"), .important]),
        ], isCompact: true, note: "variadic attributes"),
        Case(text: "é\("ü", .important)ß", parts: [
            .text("é", attributes: []), .text("ü", attributes: [.important]), .text("ß", attributes: []),
        ], isCompact: true, note: "non-ASCII text"),
    ]

    @Test(arguments: interpolations)
    func anInterpolationIsTheSamePartsListed(_ test: Case) {
        let listed = StyledText(parts: test.parts)
        #expect(test.text.parts == test.parts)
        #expect(test.text.isCompact == test.isCompact, "form")
        #expect(!listed.isCompact || listed.isEmpty, "StyledText(parts:) lists its parts")
        #expect(test.text == listed)
        #expect(listed == test.text)
        #expect(test.text.hashValue == listed.hashValue)
        #expect(test.text.segments == listed.segments)
        #expect(test.text.plainText == listed.plainText)
        #expect(test.text.isEmpty == test.parts.isEmpty)
        #expect(test.text.debugDescription == listed.debugDescription)
        let resolver = StyleResolver()
            .style("important", MarkupStyle(foregroundColor: .red))
            .style("b", MarkupStyle(font: .init(weight: .bold)))
        #expect(resolver.runs(for: test.text) == resolver.runs(for: listed))
        #expect(test.text.html(resolver) == listed.html(resolver))
        #expect(Set([test.text, listed]).count == 1)
    }

    @Test(arguments: interpolations)
    func changingACompactTextListsItsParts(_ test: Case) {
        let listed = StyledText(parts: test.parts)
        let tail: StyledText = " \("z", .tag("u"))"
        var appended = test.text
        appended.append(tail)
        var expected = listed
        expected.append(tail)
        #expect(appended == expected)
        #expect(appended.parts == expected.parts)
        #expect(test.text.parts == test.parts, "appending to a copy changed the original")

        var plain = test.text
        plain += "!"
        #expect(plain.parts == StyledText(parts: test.parts + [.text("!", attributes: [])]).parts)
        #expect(test.text + tail == expected)
        #expect(tail + test.text == tail + listed)
        #expect(test.text.applying(.tag("p")) == listed.applying(.tag("p")))
        let outer: StyledText = "(\(test.text, .tag("q")))"
        let outerListed: StyledText = "(\(listed, .tag("q")))"
        #expect(outer == outerListed)
        #expect(outer.parts == outerListed.parts)
    }

    @Test func everyFormOfTheSameTextIsEqual() {
        let interpolated: StyledText = "Hi \("Eve", .tag("b"))!"
        let parsed = StyledText(template: "Hi <b>%@</b>!", arguments: ["Eve"])
        let filled = StyledText.Template("Hi <b>%@</b>!")("Eve")
        let listed = StyledText(parts: interpolated.parts)
        #expect(interpolated.isCompact && parsed.isCompact && filled.isCompact && !listed.isCompact)
        for text in [parsed, filled, listed] {
            #expect(text == interpolated)
            #expect(text.hashValue == interpolated.hashValue)
        }
    }

    struct TemplateCase: Sendable, CustomTestStringConvertible {
        var template: String
        var arguments: [String]
        var fillsCompact: Bool
        var parsesCompact: Bool
        var note: String
        var testDescription: String { note }
    }

    static let templates = [
        TemplateCase(template: "Hello <b>%@</b>, you have %@ new <i>messages</i>", arguments: ["Eve", "3"],
                     fillsCompact: true, parsesCompact: true, note: "two tags"),
        TemplateCase(template: "%@ and %@", arguments: ["a", "b"], fillsCompact: true, parsesCompact: true,
                     note: "no tags"),
        TemplateCase(template: "<b>%@</b><b>%@</b>", arguments: ["a", "b"], fillsCompact: true,
                     parsesCompact: true, note: "one tag twice: coalesced"),
        TemplateCase(template: "<b>a</b>%@<b>c</b>", arguments: [""], fillsCompact: true, parsesCompact: true,
                     note: "an empty argument joins two parts"),
        TemplateCase(template: "<b>a</b>%@<i>c</i> <u>d</u>", arguments: [""], fillsCompact: false,
                     parsesCompact: false, note: "three tags"),
        TemplateCase(template: "<b>%@</b> <i>b</i> <b>c</b>", arguments: ["a"], fillsCompact: false,
                     parsesCompact: false, note: "a tag again after another"),
        TemplateCase(template: "a<br/><b>%@</b>", arguments: ["b"], fillsCompact: false, parsesCompact: false,
                     note: "an element"),
        TemplateCase(template: "<b>bold <i>both</b> italic</i>", arguments: [], fillsCompact: false,
                     parsesCompact: false, note: "misnested tags: three stacks"),
        TemplateCase(template: "<b>bold <i>both</b></i> %@", arguments: ["a"], fillsCompact: true,
                     parsesCompact: true, note: "misnested tags: two stacks"),
        TemplateCase(template: String(repeating: "long ", count: 30) + "<b>%@</b>", arguments: ["a"],
                     fillsCompact: true, parsesCompact: false, note: "longer than the compact limit"),
    ]

    @Test(arguments: templates)
    func aTemplateFilledOrParsedIsTheSamePartsListed(_ test: TemplateCase) {
        let arguments = test.arguments.map { $0 as any StyledTextArgument }
        let template = StyledText.Template(test.template)
        let parsed = StyledText(template: test.template, arguments: arguments)
        let filled = template.filled(with: arguments)
        let listed = StyledText(parts: parsed.parts)
        #expect(!listed.isCompact || listed.isEmpty)
        #expect(parsed == listed)
        #expect(filled == listed)
        #expect(filled.parts == listed.parts)
        #expect(filled.hashValue == listed.hashValue)
        #expect(parsed.isCompact == test.parsesCompact, "parsed form")
        #expect(template.fillsCompact == test.fillsCompact, "filled form")
        if !template.insertions.isEmpty {
            #expect(filled.isCompact == test.fillsCompact)
        }
        let resolver = StyleResolver().style("b", MarkupStyle(font: .init(weight: .bold)))
        #expect(resolver.runs(for: parsed) == resolver.runs(for: listed))
        #expect(resolver.runs(for: filled) == resolver.runs(for: listed))
        #expect(resolver.runs(forTemplate: test.template, arguments: arguments) == resolver.runs(for: listed))
    }

    @Test func theCompactFormListsItsPartsWhereTheTextSaysTheyAre() {
        var compact = StyledText.CompactSegments.none
        let important = AttributeStack.empty.pushing(.important)
        let bold = AttributeStack.empty.pushing(.tag("b"))
        #expect(compact.canTake(important, at: 0))
        compact.take(2..<4, stack: important)
        #expect(compact.canTake(bold, at: 6))
        compact.take(6..<7, stack: bold)
        #expect(compact.canTake(bold, at: 7), "the second part extends")
        #expect(!compact.canTake(bold, at: 8), "a gap before a third part")
        #expect(!compact.canTake(important, at: 7), "a third stack")
        compact.take(7..<9, stack: bold)
        let listed = compact.listed(textCount: 12)
        #expect(listed.map(\.textStart) == [0, 2, 4, 6, 9])
        #expect(listed.map(\.stack) == [.empty, important, .empty, bold, .empty])
        #expect(compact.listed(textCount: 9).count == 4, "no plain part after the last")
        var moved: [StyledText.Segment] = []
        compact.moveParts(textCount: 12, to: &moved)
        #expect(moved == listed)
        #expect(compact.listed(textCount: 0).isEmpty, "moving the parts out empties the form")
    }
}
