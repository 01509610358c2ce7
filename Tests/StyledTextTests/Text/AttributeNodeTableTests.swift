import Testing
@testable import StyledText

@Suite struct AttributeNodeTableTests {
    @Test func equalAttributesOnTheSameParentShareANodeAfterTheFirstFew() {
        var table = AttributeNodeTable()
        let attributes: [StyledText.Attribute] = [.tag("b"), .tag("i")]
        // The first eight nodes are made without the table.
        let early = (0..<8).map { _ in table.node(0, of: attributes, parent: nil) }
        #expect(early[0] !== early[1])
        let shared = table.node(0, of: attributes, parent: nil)
        #expect(table.node(0, of: attributes, parent: nil) === shared)
        let italic = table.node(1, of: attributes, parent: shared)
        #expect(table.node(1, of: attributes, parent: shared) === italic)
        #expect(italic.parent === shared)
        #expect(italic.attribute == .tag("i"))
    }

    @Test func equalAttributesAtOtherIndicesShareTheNodeToo() {
        var table = AttributeNodeTable()
        var attributes: [StyledText.Attribute] = [.tag("x"), .tag("a", ["href": "1"]), .tag("b")]
        for _ in 0..<8 { _ = table.node(0, of: attributes, parent: nil) }
        let first = table.node(1, of: attributes, parent: nil)
        let bold = table.node(2, of: attributes, parent: first)
        // An array only appended to keeps its indices: equal attributes appended later are compared in full.
        attributes += [.tag("a", ["href": "1"]), .tag("a", ["href": "2"]), .tag("B")]
        #expect(table.node(3, of: attributes, parent: nil) === first)
        #expect(table.node(1, of: attributes, parent: nil) === first)
        #expect(table.node(4, of: attributes, parent: nil) !== first)
        #expect(table.node(5, of: attributes, parent: first) === bold)
    }

    @Test func aTableKeptBetweenTextsSharesFromTheFirstNode() {
        var table = AttributeNodeTable()
        table.startGeneration()
        let attributes: [StyledText.Attribute] = [.tag("b")]
        let first = table.node(0, of: attributes, parent: nil)
        #expect(table.node(0, of: attributes, parent: nil) === first)
        #expect(table.count == 1)
    }

    @Test func aLaterGenerationFindsEqualAttributesAtOtherIndices() {
        var table = AttributeNodeTable()
        let first: [StyledText.Attribute] = [.tag("x"), .tag("b"), .tag("a", ["href": "1"])]
        for _ in 0..<8 { _ = table.node(0, of: first, parent: nil) }
        let bold = table.node(1, of: first, parent: nil)
        let link = table.node(2, of: first, parent: bold)
        table.startGeneration()
        // Another parse's array: the same attributes at other indices, and other attributes at the old ones.
        let second: [StyledText.Attribute] = [.tag("a", ["href": "1"]), .tag("i"), .tag("b")]
        #expect(table.node(2, of: second, parent: nil) === bold)
        #expect(table.node(0, of: second, parent: bold) === link)
        let italic = table.node(1, of: second, parent: nil)
        #expect(italic !== bold && italic.attribute == .tag("i"))
        #expect(table.node(0, of: second, parent: nil) !== link)
    }

    @Test func aNodeHandedOutUnretainedIsTheTablesAndLivesWithIt() {
        var table = AttributeNodeTable()
        table.startGeneration()
        let link = StyledText.Attribute.tag("a", ["href": "1"])
        let outer = table.node(link, parent: nil)
        let bold = table.node(.tag("b"), parent: nil)
        let inner = table.node(.tag("b"), parent: outer)
        // Found: the node `node(like:)` gives, for the node itself or an equal one, and no reference taken.
        let before = _getRetainCount(inner)
        #expect(table.unretainedNode(like: inner, parent: outer).takeUnretainedValue() === inner)
        #expect(table.unretainedNode(like: bold, parent: outer).takeUnretainedValue() === inner)
        #expect(_getRetainCount(inner) == before)
        #expect(table.count == 3)
        // Made: on another parent, a new node that only the table holds, until the table goes.
        // Declared, then set: `weak let` needs Swift 6.2, and the package builds with 6.0.
        weak var moved: AttributeNode?
        moved = table.unretainedNode(like: inner, parent: bold).takeUnretainedValue()
        #expect(table.count == 4)
        #expect(moved != nil && moved !== inner && moved?.parent === bold && moved?.attribute == .tag("b"))
        #expect(table.node(like: inner, parent: bold) === moved)
        table = AttributeNodeTable()
        #expect(moved == nil)
        withExtendedLifetime((outer, bold, inner)) {}
    }

    @Test func differentAttributesOrParentsGetTheirOwnNodes() {
        var table = AttributeNodeTable()
        var attributes: [StyledText.Attribute] = [.tag("x"), .tag("a", ["href": "1"]), .tag("a", ["href": "2"]),
                                                  .tag("b"), .tag("i")]
        for _ in 0..<8 { _ = table.node(0, of: attributes, parent: nil) }
        let first = table.node(1, of: attributes, parent: nil)
        let second = table.node(2, of: attributes, parent: nil)
        #expect(first !== second)
        #expect(second.attribute == .tag("a", ["href": "2"]))
        let outer = table.node(3, of: attributes, parent: nil)
        let onFirst = table.node(4, of: attributes, parent: first)
        let onOuter = table.node(4, of: attributes, parent: outer)
        #expect(onFirst !== onOuter)
        #expect(onFirst.parent === first && onOuter.parent === outer)
        // Many entries: the table grows and still finds every one.
        attributes += (0..<1_000).map { .tag("t\($0)") }
        let nodes = (0..<1_000).map { table.node(5 + $0, of: attributes, parent: outer) }
        for (index, node) in nodes.enumerated() {
            #expect(table.node(5 + index, of: attributes, parent: outer) === node)
        }
    }

    @Test @MainActor func tappablesAreNeverShared() {
        var table = AttributeNodeTable()
        let attributes: [StyledText.Attribute] = [.tag("x"), .tappable(id: "same") {}, .tappable(id: "same") {},
                                                  .tag("tappable", ["id": "same"])]
        for _ in 0..<8 { _ = table.node(0, of: attributes, parent: nil) }
        let first = table.node(1, of: attributes, parent: nil)
        let again = table.node(1, of: attributes, parent: nil)
        let second = table.node(2, of: attributes, parent: nil)
        #expect(first.attribute == second.attribute)
        #expect(first !== again && first !== second)
        // Nor is a node without a closure handed out for an equal attribute that has one.
        let plain = table.node(3, of: attributes, parent: nil)
        #expect(plain.attribute.action == nil)
        #expect(table.node(1, of: attributes, parent: nil) !== plain)
        #expect(table.node(1, of: attributes, parent: nil).attribute.action != nil)
    }

    @Test(arguments: [false, true])
    func misnestedTemplatesReuseTheirStacks(preParsed: Bool) {
        // `</b>` keeps `<i>` open, so each `y` needs the stack [i] rebuilt; once the table starts, every `x` and
        // every `y` get the nodes of the first equal stack built through it: in the one pass, and in the builder
        // that replays a pre-parsed template.
        let template = String(repeating: "<b><i>x</b>y</i>z", count: 20)
        let text = preParsed ? StyledText.Template(template).filled(with: []) : StyledText(template: template)
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
