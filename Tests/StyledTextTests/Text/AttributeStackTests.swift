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
}
