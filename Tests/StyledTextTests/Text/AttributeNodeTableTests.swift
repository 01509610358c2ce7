import Testing
@testable import StyledText

@Suite struct AttributeNodeTableTests {
    @Test func equalAttributesOnTheSameParentShareANodeAfterTheFirstFew() {
        var table = AttributeNodeTable()
        let bold = StyledText.Attribute("b")
        // The first eight nodes are made without the table.
        let early = (0..<8).map { _ in table.node(bold, parent: nil) }
        #expect(early[0] !== early[1])
        let shared = table.node(bold, parent: nil)
        #expect(table.node(bold, parent: nil) === shared)
        let italic = table.node(StyledText.Attribute("i"), parent: shared)
        #expect(table.node(StyledText.Attribute("i"), parent: shared) === italic)
        #expect(italic.parent === shared)
    }

    @Test func differentAttributesOrParentsGetTheirOwnNodes() {
        var table = AttributeNodeTable()
        for _ in 0..<8 { _ = table.node(StyledText.Attribute("x"), parent: nil) }
        let first = table.node(.tag("a", ["href": "1"]), parent: nil)
        let second = table.node(.tag("a", ["href": "2"]), parent: nil)
        #expect(first !== second)
        #expect(second.attribute == .tag("a", ["href": "2"]))
        let outer = table.node(StyledText.Attribute("b"), parent: nil)
        let onFirst = table.node(StyledText.Attribute("i"), parent: first)
        let onOuter = table.node(StyledText.Attribute("i"), parent: outer)
        #expect(onFirst !== onOuter)
        #expect(onFirst.parent === first && onOuter.parent === outer)
        // Many entries: the table grows and still finds every one.
        let nodes = (0..<1_000).map { table.node(.tag("t\($0)"), parent: outer) }
        for (index, node) in nodes.enumerated() {
            #expect(table.node(.tag("t\(index)"), parent: outer) === node)
        }
    }

    @Test @MainActor func tappablesAreNeverShared() {
        var table = AttributeNodeTable()
        for _ in 0..<8 { _ = table.node(StyledText.Attribute("x"), parent: nil) }
        let first = table.node(.tappable(id: "same") {}, parent: nil)
        let second = table.node(.tappable(id: "same") {}, parent: nil)
        #expect(first.attribute == second.attribute)
        #expect(first !== second)
    }

    @Test func misnestedTemplatesReuseTheirStacks() {
        // `</b>` keeps `<i>` open, so each `y` needs the stack [i] rebuilt; once the table starts, every `x` and
        // every `y` get the nodes of the first equal stack built through it.
        let text = StyledText(template: String(repeating: "<b><i>x</b>y</i>z", count: 20))
        var tops: [String: AttributeNode] = [:]
        for (index, segment) in text.segments.enumerated() {
            guard let top = segment.stack.top else { continue }
            let key = segment.stack.attributes.map(\.name).joined(separator: ",")
            if index >= 12, let known = tops[key] { #expect(known === top, "segment \(index)") }
            if index >= 12 { tops[key] = top }
        }
        #expect(Set(tops.keys) == ["b,i", "i"])
        #expect(text.parts.count == 60)
        #expect(text.parts.prefix(3) == [
            .text("x", attributes: [.tag("b"), .tag("i")]),
            .text("y", attributes: [.tag("i")]),
            .text("z", attributes: []),
        ])
    }
}
