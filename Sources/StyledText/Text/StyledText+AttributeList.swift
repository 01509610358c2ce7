extension StyledText {
    /// The attributes of one run, outermost first, stored as a shared stack.
    ///
    /// Runs inside the same tags share their stack, so copying or comparing lists is O(1) in the usual case
    /// however deep the nesting: this is what `AttributedString` runs carry
    /// (``AttributeScopes/StyledTextAttributes/semanticAttributes``).
    ///
    /// ```swift
    /// let attributed = AttributedString("\("x", .tag("b"), .important)", resolver: StyleResolver())
    /// let list = attributed.runs.first?.semanticAttributes
    /// list?.map(\.name)  // ["b", "important"]
    /// list?.innermost    // .important
    /// ```
    public struct AttributeList: Sendable, Hashable, Sequence, CustomStringConvertible {
        let stack: AttributeStack

        init(_ stack: AttributeStack) {
            self.stack = stack
        }

        /// Creates a list from attributes given outermost first.
        public init(_ attributes: [Attribute]) {
            stack = AttributeStack.empty.pushing(contentsOf: attributes)
        }

        /// The number of attributes. O(1).
        public var count: Int { stack.depth }

        /// Whether the list is empty. O(1).
        public var isEmpty: Bool { stack.isEmpty }

        /// The innermost attribute. O(1).
        public var innermost: Attribute? { stack.innermost }

        /// The attributes, outermost first. O(*n*).
        public var array: [Attribute] { stack.attributes }

        /// Whether an attribute with this name applies, searching from the innermost outwards.
        ///
        /// - Complexity: O(*n*) at worst.
        public func contains(named name: String) -> Bool {
            let name = name.lowercased()
            return stack.nodesInnermostFirst.contains { $0.attribute.name == name }
        }

        /// Iterates outermost first; the order is materialized when iteration starts, O(*n*).
        public func makeIterator() -> IndexingIterator<[Attribute]> {
            array.makeIterator()
        }

        /// The attributes as a list: `[b, important(level: "enough")]`.
        public var description: String {
            "[" + array.map(\.description).joined(separator: ", ") + "]"
        }
    }
}
