import Testing
@testable import StyledText

@Suite struct AttributeStackTests {
    typealias Attribute = StyledText.Attribute

    /// Pairs of attributes that are equal or not, as `AttributeTests` has them.
    static let pairs: [(Attribute, Attribute, Bool)] = [
        (.tag("b"), .tag("b"), true),
        (.tag("b"), .tag("i"), false),
        (.tag("a", ["href": "/x"]), .tag("a", ["href": "/x"]), true),
        (.tag("a", ["href": "/x"]), .tag("a", ["href": "/y"]), false),
        (.tag("a", ["href": "/x"]), .tag("a", ["src": "/x"]), false),
        (.tag("a", ["href": "/x"]), .tag("a"), false),
        (.tag("a", ["x": "1", "y": "2"]), .tag("a", ["y": "2", "x": "1"]), true),
        (.tag("a", ["x": "1", "y": "2"]), .tag("a", ["x": "1", "y": "3"]), false),
    ]

    @Test(arguments: 0..<3)
    func stacksOfDistinctNodesCompareEveryLevel(_ level: Int) {
        // Three levels, each pair placed at `level`: the stacks are equal exactly when the pair is.
        for (left, right, equal) in Self.pairs {
            var lhs = AttributeStack.empty
            var rhs = AttributeStack.empty
            for index in 0..<3 {
                lhs = lhs.pushing(index == level ? left : .tag("l\(index)"))
                rhs = rhs.pushing(index == level ? right : .tag("l\(index)"))
            }
            #expect((lhs == rhs) == equal, "\(left) vs \(right) at level \(level)")
            #expect((rhs == lhs) == equal, "\(right) vs \(left) at level \(level)")
            if equal { #expect(lhs.hashValue == rhs.hashValue) }
        }
    }

    @Test func sharedOuterNodesEndTheComparison() {
        let outer = AttributeStack.empty.pushing(.tag("p")).pushing(.tag("story", ["type": "1"]))
        #expect(outer.pushing(.tag("b")) == outer.pushing(.tag("b")))
        #expect(outer.pushing(.tag("b")) != outer.pushing(.tag("i")))
        #expect(outer == outer)
    }

    @Test func stacksOfDifferentDepthsDiffer() {
        let one = AttributeStack.empty.pushing(.tag("b"))
        let two = AttributeStack.empty.pushing(.tag("b")).pushing(.tag("b"))
        #expect(one != two)
        #expect(two != one)
        #expect(one != .empty)
        #expect(AttributeStack.empty != one)
        #expect(AttributeStack.empty == AttributeStack.empty)
    }

    @Test func pushedAttributesShareTheNodesOfEqualStacksMadeBefore() {
        // Interpolation and `StyledText(_:attributes:)` push through the thread's node table: equal stacks are the
        // same nodes, which a resolver's cache tells equal by identity.
        // On a thread of its own, whose table none of the thread's other tests fill (see `onFreshThread`).
        let link = Attribute.tag("a", ["href": "/x"])
        let (first, second, other, reordered) = onFreshThread {
            let first: StyledText = "a \("b", .important, link) c"
            let second = StyledText("d", attributes: [.important, .tag("a", ["href": "/x"])])
            // Another parameter, or another parent, is another node; the parent they have in common is shared.
            let other = StyledText("e", attributes: [.important, .tag("a", ["href": "/y"])])
            let reordered = StyledText("f", attributes: [link, .important])
            return (first, second, other, reordered)
        }
        #expect(first.segments[1].stack.top != nil)
        #expect(first.segments[1].stack.top === second.segments[0].stack.top)
        #expect(other.segments[0].stack.top !== first.segments[1].stack.top)
        #expect(other.segments[0].stack.top?.parent === first.segments[1].stack.top?.parent)
        #expect(reordered.segments[0].stack.top !== first.segments[1].stack.top)
        #expect(reordered.segments[0].stack.attributes == [link, .important])
    }

    @MainActor @Test func tappablesKeepTheirOwnNodesAndActions() {
        // Equal ids, different closures: equal attributes, but each text keeps its own node, and its own closure.
        var tapped: [String] = []
        let firstTappable = Attribute.tappable(id: "t") { tapped.append("first") }
        let secondTappable = Attribute.tappable(id: "t") { tapped.append("second") }
        // The texts made on a thread of its own, whose table none of the thread's other tests fill.
        let (first, second) = onFreshThread {
            (StyledText("x", attributes: [.important, firstTappable]),
             StyledText("x", attributes: [.important, secondTappable]))
        }
        #expect(first.segments[0].stack.top !== second.segments[0].stack.top)
        #expect(first.segments[0].stack.top?.parent === second.segments[0].stack.top?.parent)
        first.segments[0].stack.innermost?.action?()
        second.segments[0].stack.innermost?.action?()
        #expect(tapped == ["first", "second"])
    }
}
