import Foundation
import Testing
@testable import StyledText

@Suite struct StyledTextTests {
    @Test func imagesAreValuesWhoseFieldsCompareAndChangeIndependently() {
        let dice = StyledText.Image(named: "dice", size: .init(width: 16, height: 16), alt: "🎲")
        var copy = dice
        #expect(copy == dice && copy.hashValue == dice.hashValue)
        copy.alt = "die"
        #expect(dice.alt == "🎲" && copy.alt == "die")
        #expect(copy != dice)
        copy.alt = "🎲"
        // Equal by value again, though the two hold separate storage now.
        #expect(copy == dice && copy.hashValue == dice.hashValue)
        copy.url = URL(string: "https://example.com/dice.png")
        copy.name = nil
        copy.size = nil
        #expect(copy.url?.host == "example.com" && copy.name == nil && copy.size == nil)
        #expect(dice.name == "dice" && dice.url == nil && dice.size == .init(width: 16, height: 16))
        #expect(StyledText.Image(url: copy.url!, alt: "🎲") == copy)
        #expect(Set([dice, copy, dice]).count == 2)
    }

    @Test func stringLiteralIsPlainAndNeverParsed() {
        let text: StyledText = "a < b <b>c</b> &amp;"
        #expect(text.parts == [.text("a < b <b>c</b> &amp;", attributes: [])])
        #expect(text.plainText == "a < b <b>c</b> &amp;")
    }

    @Test func interpolatesStringsWithAttributes() {
        let text: StyledText = "Hello \("Eve", .important), bye"
        #expect(text.parts == [
            .text("Hello ", attributes: []),
            .text("Eve", attributes: [.important]),
            .text(", bye", attributes: []),
        ])
    }

    @Test func interpolatesSubstringsAndDescribableValues() {
        let name = "Mallory"
        let text: StyledText = "\(name.prefix(3), .tag("b")) has \(42, .important(.very)) points, \(3.5)"
        #expect(text.parts == [
            .text("Mal", attributes: [.tag("b")]),
            .text(" has ", attributes: []),
            .text("42", attributes: [.important(.very)]),
            .text(" points, 3.5", attributes: []),
        ])
    }

    @Test func attributesAreOutermostFirst() {
        let text: StyledText = "\("x", .tag("outer"), .tag("inner"))"
        #expect(text.parts == [.text("x", attributes: [.tag("outer"), .tag("inner")])])
    }

    @Test func nestedStyledTextKeepsItsAttributesInner() {
        let inner: StyledText = "a \("b", .tag("i"))"
        let outer: StyledText = "[\(inner, .tag("b"), .tag("u"))]"
        #expect(outer.parts == [
            .text("[", attributes: []),
            .text("a ", attributes: [.tag("b"), .tag("u")]),
            .text("b", attributes: [.tag("b"), .tag("u"), .tag("i")]),
            .text("]", attributes: []),
        ])
    }

    @Test func nestingThreeLevelsKeepsOrder() {
        let level1: StyledText = "\("x", .tag("c"))"
        let level2: StyledText = "\(level1, .tag("b"))"
        let level3: StyledText = "\(level2, .tag("a"))"
        #expect(level3.parts == [.text("x", attributes: [.tag("a"), .tag("b"), .tag("c")])])
    }

    @Test func interpolatesImagesAndElements() {
        let dice = StyledText.Image(named: "dice", size: .init(width: 16, height: 16), alt: "🎲")
        let text: StyledText = "\(dice, .tag("icon"))roll\(element: .tag("br"))\(element: .tag("icon", ["name": "star"]), .important)"
        #expect(text.parts == [
            .image(dice, attributes: [.tag("icon")]),
            .text("roll", attributes: []),
            .element(.tag("br"), attributes: []),
            .element(.tag("icon", ["name": "star"]), attributes: [.important]),
        ])
        #expect(text.plainText == "roll")
    }

    @Test func oneAttributeFormsMatchTheVariadicOnesAndShareNodes() {
        let dice = StyledText.Image(named: "dice")
        let inner: StyledText = "\("x", .tag("i"))"
        // Every kind of value with one attribute (a `String` has a form of its own, the generic one's twin), then
        // with the same attribute and one more around it.
        let one: StyledText = "\("a", .important)\(Substring("b"), .important)\(7, .important)\(2.5, .important)"
            + "\(inner, .important)\(dice, .important)"
        let two: StyledText = "\("a", .tag("p"), .important)\(Substring("b"), .tag("p"), .important)"
            + "\(7, .tag("p"), .important)\(2.5, .tag("p"), .important)\(inner, .tag("p"), .important)"
            + "\(dice, .tag("p"), .important)"
        #expect(one.parts == [
            .text("ab72.5", attributes: [.important]),
            .text("x", attributes: [.important, .tag("i")]),
            .image(dice, attributes: [.important]),
        ])
        #expect(two.parts == one.parts.map { part in
            switch part {
            case let .text(text, attributes): .text(text, attributes: [.tag("p")] + attributes)
            case let .image(image, attributes): .image(image, attributes: [.tag("p")] + attributes)
            case let .element(element, attributes): .element(element, attributes: [.tag("p")] + attributes)
            }
        })
        // On one thread, equal one-attribute stacks are one node, as the variadic form's are: on a thread of its
        // own, whose table none of the thread's other tests fill (see `onFreshThread`).
        let (single, again) = onFreshThread {
            (StyledText("\(7, .important)"), StyledText("\("c", .important)"))
        }
        #expect(again.segments[0].stack.top != nil)
        #expect(again.segments[0].stack.top === single.segments[0].stack.top)
    }

    @Test func monopolyExampleCompilesAsWritten() {
        let ruleImage = StyledText.Image(named: "rule")
        let openWikipedia: @Sendable @MainActor () -> Void = {}
        let rules: StyledText = """
            \("Monopoly", .important(.very))
            \(ruleImage) \("1.", .important) Each player rolls the dice to see who goes first.
            Learn more \("here", .tappable(openWikipedia), .important)
            """
        #expect(rules.plainText == "Monopoly\n 1. Each player rolls the dice to see who goes first.\nLearn more here")
        let parts = rules.parts
        #expect(parts.count == 7)
        #expect(parts[0] == .text("Monopoly", attributes: [.important(.very)]))
        #expect(parts[2] == .image(ruleImage, attributes: []))
        guard case let .text("here", attributes) = parts[6] else {
            Issue.record("last part is \(parts[6])")
            return
        }
        #expect(attributes.map(\.name) == ["tappable", "important"])
    }

    @Test func coalescesAdjacentTextWithEqualAttributes() {
        let text: StyledText = "\("a", .important)\("b", .important)c\("d")"
        #expect(text.parts == [.text("ab", attributes: [.important]), .text("cd", attributes: [])])
        #expect(text.segments.count == 2)
    }

    @Test func emptyPiecesProduceNoParts() {
        let empty = ""
        let text: StyledText = "\(empty, .important)\(StyledText())"
        #expect(text.isEmpty)
        #expect(text.parts.isEmpty)
        #expect(StyledText("").isEmpty)
        #expect(!StyledText(element: .tag("br")).isEmpty)
    }

    @Test func equalTextsAreEqualHoweverBuilt() {
        let a: StyledText = "\("ab", .important)c"
        var b: StyledText = "\("a", .important)"
        b.append("\("b", .important)")
        b += "c"
        let c = StyledText(parts: a.parts)
        #expect(a == b)
        #expect(a == c)
        #expect(a.hashValue == b.hashValue)
        #expect(Set([a, b, c]).count == 1)
        #expect(a != "abc")
        #expect(a != "\("ab", .important(.very))c")
    }

    @Test func tappablesAreEqualByID() {
        let first = StyledText.Attribute.tappable(id: "go") {}
        let second = StyledText.Attribute.tappable(id: "go") { print("other") }
        let third = StyledText.Attribute.tappable(id: "stop") {}
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(first != third)
        #expect(StyledText.Attribute.tappable {} != StyledText.Attribute.tappable {})
    }

    @Test func appendAndPlus() {
        let a: StyledText = "\("x", .tag("b"))"
        let b: StyledText = "y"
        #expect((a + b).parts == [.text("x", attributes: [.tag("b")]), .text("y", attributes: [])])
        var c = a
        c.append(b)
        #expect(c == a + b)
        #expect(a.plainText == "x")
    }

    @Test func applyingWrapsEverythingOutside() {
        let text: StyledText = "a \("b", .important)"
        #expect(text.applying(.tag("p"), .tag("q")).parts == [
            .text("a ", attributes: [.tag("p"), .tag("q")]),
            .text("b", attributes: [.tag("p"), .tag("q"), .important]),
        ])
        #expect(text.applying([]) == text)
    }

    @Test func applyingSharesAttributeNodes() {
        var text = StyledText()
        for index in 0..<100 { text += "\("\(index)", .tag("b"))," }
        let wrapped = text.applying(.tag("p"))
        var nodes = Set<ObjectIdentifier>()
        for segment in wrapped.segments {
            for node in segment.stack.nodesInnermostFirst { nodes.insert(ObjectIdentifier(node)) }
        }
        // The 100 separately built `b` nodes stay 100, plus one shared `p`: nothing is copied per part beyond that.
        #expect(nodes.count <= 101)
    }

    @Test func descriptionIsPlainTextAndDebugDescriptionDumpsParts() {
        let text: StyledText = "Hi \("Eve", .important, .tag("story", ["type": "1", "b": "x\"y"]))\(element: .tag("br"))"
        #expect(text.description == "Hi Eve")
        #expect(text.debugDescription == """
            text "Hi "
            text "Eve" [important(level: "enough"), story(b: "x\\"y", type: "1")]
            element br
            """)
    }

    @Test func sendableAcrossTasks() async {
        let text: StyledText = "shared \("value", .important)"
        let results = await withTaskGroup(of: StyledText.self) { group in
            for index in 0..<50 { group.addTask { text + "\(index)" } }
            var all: [StyledText] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 50)
        #expect(results.allSatisfy { $0.plainText.hasPrefix("shared value") })
    }
}
