import Foundation
import Testing
import StyledText

// The vocabulary extension of the `StyledText.Attribute` example, verbatim but file-private, so that it cannot
// clash with the same helper in AttributeTests.
fileprivate extension StyledText.Attribute {
    static func story(_ type: Int) -> Self { .tag("story", ["type": String(type)]) }
}

/// The examples in the doc comments of Sources/StyledText/Text, verbatim, run and checked.
@Suite struct TextDocExamples {
    @MainActor @Test func styledText() {
        var shown = 0
        func showProfile() { shown += 1 }

        let name = "Eve"
        let greeting: StyledText = "Hello \(name, .important), \("tap here", .tappable { showProfile() })."
        #expect(greeting.plainText == "Hello Eve, tap here.")
        #expect(greeting.parts[1] == .text("Eve", attributes: [.important]))

        let tappable = greeting.parts[3].attributes.first
        #expect(tappable?.name == "tappable")
        tappable?.action?()
        #expect(shown == 1)
    }

    @Test func styledTextInitAttributes() {
        #expect(StyledText("Warning", attributes: [.important]).parts == [.text("Warning", attributes: [.important])])
    }

    @Test func plainText() {
        let text: StyledText = "a \("b", .important) c"
        #expect(text.plainText == "a b c")
    }

    @Test func append() {
        var text: StyledText = "Hello, "
        text.append("\("world", .important)")
        #expect(text.plainText == "Hello, world")
        #expect(text.parts == [.text("Hello, ", attributes: []), .text("world", attributes: [.important])])
    }

    @Test func applying() {
        let text: StyledText = "a \("b", .important)"
        #expect(text.applying(.tag("p")).parts
            == [.text("a ", attributes: [.tag("p")]), .text("b", attributes: [.tag("p"), .important])])
        #expect(text.applying(.tag("p")).debugDescription == """
            text "a " [p]
            text "b" [p, important(level: "enough")]
            """)
    }

    @Test func attribute() {
        let text: StyledText = "Read \("this", .story(1))"
        #expect(text.parts[1] == .text("this", attributes: [.tag("story", ["type": "1"])]))
    }

    @Test func attributeTag() {
        #expect(StyledText.Attribute.tag("story", ["type": "1"]) == StyledText.Attribute("story", ["type": "1"]))
    }

    @Test func attributeSubscript() {
        #expect(StyledText.Attribute.tag("story", ["type": "1"])["type"] == "1")
    }

    @Test func attributeParameter() {
        let story = StyledText.Attribute.tag("story", ["type": "2"])
        #expect(story.parameter("type", as: Int.self) == 2)
        #expect(story.parameter("size", as: Double.self) == nil)
    }

    @Test func attributeImportantLevel() {
        #expect(StyledText.Attribute.important(.very) == .tag("important", ["level": "very"]))
    }

    @MainActor @Test func attributeTappable() {
        var opened = 0
        func openWiki() { opened += 1 }

        let more: StyledText = "Learn \("more", .tappable(id: "wiki") { openWiki() })"
        #expect(more.action(for: URL(string: "styledtext-action://wiki")!) != nil)
        more.action(for: URL(string: "styledtext-action://wiki")!)?()
        #expect(opened == 1)
    }

    @Test func attributeList() {
        let attributed = AttributedString("\("x", .tag("b"), .important)", resolver: StyleResolver())
        let list = attributed.runs.first?.semanticAttributes
        #expect(list?.map(\.name) == ["b", "important"])
        #expect(list?.innermost == .important)
    }

    @Test func debugDescription() {
        var printed: [String] = []
        func print(_ item: Any) { printed.append("\(item)") }

        let text: StyledText = "Hi \("Eve", .important)"
        print(text.debugDescription)
        #expect(printed == ["""
            text "Hi "
            text "Eve" [important(level: "enough")]
            """])
    }

    @Test func image() {
        let dice = StyledText.Image(named: "dice", size: .init(width: 16, height: 16), alt: "🎲")
        let rule: StyledText = "\(dice) Roll the dice."
        #expect(rule.plainText == " Roll the dice.")
        #expect(rule.parts.first == .image(dice, attributes: []))
    }

    @Test func initStringLiteral() {
        let text: StyledText = "a < b"
        #expect(text.parts == [.text("a < b", attributes: [])])
    }

    @MainActor @Test func stringInterpolation() {
        let ruleImage = StyledText.Image(named: "rule")
        let openWikipedia: @Sendable @MainActor () -> Void = {}

        let rules: StyledText = """
            \("Monopoly", .important(.very))
            \(ruleImage) \("1.", .important) Each player rolls the dice to see who goes first.
            Learn more \("here", .tappable(openWikipedia), .important)
            """
        #expect(rules.plainText == "Monopoly\n 1. Each player rolls the dice to see who goes first.\nLearn more here")
        #expect(rules.parts[0] == .text("Monopoly", attributes: [.important(.very)]))
        #expect(rules.parts[2] == .image(ruleImage, attributes: []))
        #expect(rules.parts.last?.attributes.map(\.name) == ["tappable", "important"])
    }

    @Test func part() {
        let text: StyledText = "Tap \("here", .tappable(id: "go") {}, .important)"
        #expect(text.parts[1] == .text("here", attributes: [.tappable(id: "go") {}, .important]))
        #expect(text.parts[1].attributes.map(\.description) == [#"tappable(id: "go")"#, #"important(level: "enough")"#])
    }
}
