/// An immutable, shared stack of attributes: the attributes that apply to one part, outermost at the bottom.
///
/// Parts that sit inside the same tags share the same node, so a document with a million runs under
/// `<p><b>` holds two nodes, not two million attributes. Pushing is O(1); nothing is ever copied per run.
struct AttributeStack: Sendable {
    /// The innermost attribute's node, or `nil` for no attributes.
    private(set) var top: AttributeNode?

    /// The empty stack.
    static let empty = AttributeStack(top: nil)

    /// The number of attributes on the stack.
    var depth: Int { top?.depth ?? 0 }

    var isEmpty: Bool { top == nil }

    /// The innermost attribute.
    var innermost: StyledText.Attribute? { top?.attribute }

    /// A stack with `attribute` pushed as the new innermost attribute.
    func pushing(_ attribute: StyledText.Attribute) -> AttributeStack {
        AttributeStack(top: AttributeNode(attribute, parent: top))
    }

    /// A stack with `attributes` (given outermost first) pushed on top of this one, sharing the nodes of an equal
    /// stack made before on the thread (see ``TemplateScratch/push(_:on:)``).
    ///
    /// An interpolated `\("here", .important)` made a node each time, and the text's release freed it: about 720
    /// instructions and an allocation per attribute. The thread's node table finds the node made the time before
    /// instead, for about 500 (most of it reaching the thread's storage): the benchmarks' five-part interpolation
    /// went from 4.26 k instructions and 4 allocations to 4.06 k and 2.
    func pushing(contentsOf attributes: [StyledText.Attribute]) -> AttributeStack {
        guard !attributes.isEmpty else { return self }
        return AttributeStack(top: TemplateScratch.push(attributes, on: top))
    }

    /// A stack with `attribute` pushed as the new innermost attribute, sharing the node of an equal stack made
    /// before on the thread, as ``pushing(contentsOf:)`` does.
    func pushingShared(_ attribute: StyledText.Attribute) -> AttributeStack {
        AttributeStack(top: TemplateScratch.push(attribute, on: top))
    }

    /// The stack's attributes, outermost first.
    var attributes: [StyledText.Attribute] {
        guard let top else { return [] }
        var result = [StyledText.Attribute]()
        result.reserveCapacity(top.depth)
        var node: AttributeNode? = top
        while let current = node {
            result.append(current.attribute)
            node = current.parent
        }
        result.reverse()
        return result
    }

    /// The nodes from innermost to outermost.
    var nodesInnermostFirst: AttributeNodeSequence { AttributeNodeSequence(upcoming: top) }
}

extension AttributeStack: Hashable {
    /// Whether the stacks hold equal attributes: the same top node, or equal structural hashes and then a walk of
    /// both. Inlined, so that the identity and the hashes tell most stacks apart where they are compared, without
    /// the retain and release of both nodes a call made (the resolver's merge of runs and the extension of a text
    /// segment compare a stack with the one before at every run and every piece of text).
    @inline(__always)
    static func == (lhs: AttributeStack, rhs: AttributeStack) -> Bool {
        AttributeNode.sameStack(top: lhs.top, rhs.top)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(top?.structuralHash ?? 0)
    }
}

/// Walks a stack from its innermost node outwards.
struct AttributeNodeSequence: Sequence, IteratorProtocol {
    var upcoming: AttributeNode?

    mutating func next() -> AttributeNode? {
        let current = upcoming
        upcoming = current?.parent
        return current
    }
}

/// One attribute on a stack, with a link to the attributes outside it.
final class AttributeNode: @unchecked Sendable {
    // @unchecked: `parent` is only written in `deinit`, when no other reference to this node exists.
    let attribute: StyledText.Attribute
    private(set) var parent: AttributeNode?
    let depth: Int
    /// A hash of the whole stack from this node down, so that unequal stacks are told apart in O(1).
    let structuralHash: Int
    /// Whether this node or one outside it carries a tappable's closure, which may hold an app's objects.
    let holdsAction: Bool

    /// `body` with the node's attribute, borrowed from the node. Read through ``attribute`` and passed to a function,
    /// it was copied (its name, parameters and action retained and released): for each node a resolver resolves,
    /// `Profile sentence-cold` 28,962 → 28,038 instructions a sentence, `sentence-novel` 57,913 → 56,949.
    @inline(__always)
    func withAttribute<Result>(_ body: (borrowing StyledText.Attribute) -> Result) -> Result {
        body(attribute)
    }

    init(_ attribute: StyledText.Attribute, parent: AttributeNode?) {
        self.attribute = attribute
        self.parent = parent
        self.depth = (parent?.depth ?? 0) + 1
        self.structuralHash = Self.structuralHash(parent: parent, attribute)
        self.holdsAction = attribute.action != nil || parent?.holdsAction == true
    }

    /// Whether the stacks these nodes top (`nil` for the empty stack) are equal: the same node, or equal structural
    /// hashes and then a walk of both (``sameStack(_:_:)``). Inlined, and the nodes borrowed: the identity and the
    /// hashes tell most stacks apart without a retain or a release.
    @inline(__always)
    static func sameStack(top lhs: AttributeNode?, _ rhs: AttributeNode?) -> Bool {
        if lhs === rhs { return true }
        guard let lhs, let rhs, lhs.structuralHash == rhs.structuralHash else { return false }
        return sameStack(lhs, rhs)
    }

    /// Whether the stacks these nodes top are equal: the same attributes, outermost to innermost.
    ///
    /// Iterative so that comparing 100,000-deep stacks cannot overflow the call stack. The walk borrows the nodes
    /// (the caller's references hold both chains), so stepping to a parent needs no retain and no release, which
    /// cost more than the comparisons when the resolver's cache matches a new text's stacks against its own.
    static func sameStack(_ left: AttributeNode, _ right: AttributeNode) -> Bool {
        // The parameters are borrowed: the caller keeps both nodes, and so both chains, alive for the call. (Kept
        // alive again with `withExtendedLifetime`, they were retained and released once more per comparison.)
        unowned(unsafe) var left = left
        unowned(unsafe) var right = right
        while left !== right {
            // Attributes borrowed (`sameContent`): `left.attribute == right.attribute` copied both out first.
            guard left.depth == right.depth, left.structuralHash == right.structuralHash,
                  StyledText.Attribute.sameContent(left.attribute, right.attribute)
            else { return false }
            guard let leftParent = left.parent, let rightParent = right.parent else {
                // Equal depths: both stacks end here.
                return true
            }
            left = leftParent
            right = rightParent
        }
        return true
    }

    /// Whether two nodes hold equal attributes, compared in place (see ``sameStack(_:_:)``).
    @inline(__always)
    static func sameAttribute(_ left: AttributeNode, _ right: AttributeNode) -> Bool {
        StyledText.Attribute.sameContent(left.attribute, right.attribute)
    }

    /// The stack hash of `attribute` pushed on `parent`: the parent's, mixed with the attribute's
    /// ``StyledText/Attribute/contentHash``.
    static func structuralHash(parent node: AttributeNode?, _ attribute: StyledText.Attribute) -> Int {
        structuralHash(parent: node, contentHash: attribute.contentHash)
    }

    /// The stack hash of an attribute whose ``StyledText/Attribute/contentHash`` is `contentHash` pushed on `parent`.
    @inline(__always)
    static func structuralHash(parent node: AttributeNode?, contentHash: UInt64) -> Int {
        let parent = UInt64(bitPattern: Int64(node?.structuralHash ?? 0))
        let hash = (parent &* 0x100_0000_01b3 ^ contentHash) &* 0x100_0000_01b3
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }

    deinit {
        // Releasing a long chain recursively would use one stack frame per node; unlink it iteratively
        // instead, stopping at the first node someone else still holds.
        var next = parent
        parent = nil
        while var node = next {
            next = nil  // `node` must hold the only reference for the uniqueness check to mean anything.
            guard isKnownUniquelyReferenced(&node) else { break }
            next = node.parent
            node.parent = nil
        }
    }
}
