/// Attribute nodes by parent and attribute, so that pushing an attribute already pushed on the same parent gives
/// back the same node instead of a new, equal one.
///
/// Misnested markup rebuilds the stacks above a tag closed in the middle for the text after it, and tags opened
/// again (`<b><i>x</b></i>` repeated, `</b>y<b>` rotating through nine open tags) build stacks equal to earlier
/// ones. Without sharing, each such piece of text costs a node per attribute, its release, a comparison of whole
/// stacks when the text joins the part before it, and a style lookup per node when resolving; with it, equal
/// stacks are the same nodes and are told equal by identity.
///
/// The caller's attributes are an array it passes in, and an attribute is named by its index there (a template
/// builder's: the program's attributes, which tags without parameters share). A slot whose index and parent match
/// is the node, found from integers and the attribute's precomputed hash alone: no attribute is compared, copied
/// or retained. Different indices may still hold equal attributes (two `<a href='x'>` tags have an attribute
/// each); they are compared in full when their hashes match, so they share a node too.
///
/// Probed by the structural hash the node would have (the parent's mixed with the attribute's: no `Hasher`).
/// Holds every node it made until it goes, so an identity it compares with is never a freed node's.
///
/// A table may outlive one array of attributes: a template parse keeps its thread's table in ``TemplateScratch``,
/// so that the next parse on the thread finds the nodes of the tags it had too (the same localized strings are
/// shown again and again) instead of allocating them anew. Each array is then a *generation*
/// (``startGeneration()``): an index is only taken for the attribute it names within its own generation, and
/// attributes from another are compared in full.
struct AttributeNodeTable {
    /// A node with its structural hash (low bit set) and its attribute's index in the generation that stored it
    /// (``indexKey(_:)``); all zero and `nil` when empty. A struct, not a tuple: an array of tuples holding a
    /// reference is destroyed through the runtime's generic tuple destroy, about 100 instructions a slot each time
    /// the table outgrows its slots (`Profile sentence-novel`, whose tags are all new: 60,188 → 57,781 a sentence).
    private struct Slot {
        var hash = 0
        var attribute = 0
        var node: AttributeNode?
    }

    /// The slots; their count is a power of two, at least twice the entries.
    private var slots: [Slot] = []
    /// The number of nodes in the table.
    private(set) var count = 0
    /// Nodes made before the table starts: a sentence's handful of tags rarely repeats, and its table cost more
    /// than the nodes it saved. A table kept between texts shares from the first (see ``startGeneration()``).
    private var unshared = 0
    private static let unsharedLimit = 8
    private var generation = 0

    /// Starts naming attributes by indices into another array: indices stored before no longer stand for them.
    ///
    /// A table that sees generations is kept between texts, so it shares from the first node on: its slots are
    /// allocated once, and a node made outside it would give a later text an equal stack of other nodes, which a
    /// resolver's cache (holding the first) then tells equal by walking both instead of by identity.
    mutating func startGeneration() {
        generation = (generation + 1) & 0x7FFF_FFFF
        unshared = Self.unsharedLimit
    }

    /// An attribute's index with the generation in the bits above it, so that a slot stays three words: indices
    /// of arrays in memory fit in 32 bits. (A generation wraps after two billion parses; an index matching one
    /// of that long ago still needs the structural hash and the parent to match too.)
    @inline(__always)
    private func indexKey(_ index: Int) -> Int {
        generation << 32 | index
    }

    /// The node for `attributes[index]` pushed on `parent`: after the first few, an equal one made before if there
    /// is one.
    ///
    /// Equal indices must mean equal attributes within a generation: pass the same array, or one only appended
    /// to, until ``startGeneration()``.
    @inline(__always)
    mutating func node(_ index: Int, of attributes: [StyledText.Attribute], parent: AttributeNode?) -> AttributeNode {
        guard unshared >= Self.unsharedLimit else {
            unshared += 1
            return AttributeNode(attributes[index], parent: parent)
        }
        return sharedNode(key: indexKey(index), contentHash: attributes[index].contentHash, parent: parent) {
            attributes[index]
        }
    }

    /// The node for `attribute` pushed on `parent`, shared with an equal one made before: for a caller that
    /// keeps no array of attributes (the one-pass template scan), so that an attribute is always compared in full
    /// with the node a probe finds.
    mutating func node(_ attribute: StyledText.Attribute, parent: AttributeNode?) -> AttributeNode {
        inlinedNode(attribute, parent: parent)
    }

    /// The node for `attributes[index]` pushed on `parent`, the attribute read where it is: compared in place
    /// with a slot's node, and copied out only to make a new node. For pushes outside a template
    /// (``TemplateScratch/push(_:on:)``): copying each attribute to probe with it retained and released its name and
    /// parameters, four reference counts a push.
    @inline(__always)
    mutating func node(at index: Int, of attributes: UnsafeBufferPointer<StyledText.Attribute>,
                       parent: AttributeNode?) -> AttributeNode {
        let attribute = attributes.baseAddress.unsafelyUnwrapped + index
        return sharedNode(key: -1, contentHash: attribute.pointee.contentHash, parent: parent,
                          attribute: { attribute.pointee }, isSame: { Self.canShare($0, attribute.pointee) })
    }

    /// ``node(_:parent:)`` inlined into its caller: for pushes outside a template (``TemplateScratch/push(_:on:)``),
    /// where passing the attribute to the function cost about 130 instructions a push. (The one pass calls the
    /// function: inlined there, it made the scan 5 % longer.)
    @inline(__always)
    mutating func inlinedNode(_ attribute: StyledText.Attribute, parent: AttributeNode?) -> AttributeNode {
        // -1 is no attribute's key: an index's key is at least 0.
        sharedNode(key: -1, contentHash: attribute.contentHash, parent: parent, attribute: { attribute },
                   isSame: { Self.canShare($0, attribute) })
    }

    /// The node for the attribute of `node` pushed on `parent`: for a node moved onto another parent, as when a
    /// misnested end tag keeps the tags opened inside it open (``StyledTextSink/close(keepingOpen:at:)``). A slot's
    /// node is compared with it field by field: passing its attribute copied it, a retain and release of each of
    /// its fields.
    mutating func node(like node: AttributeNode, parent: AttributeNode?) -> AttributeNode {
        sharedNode(key: -1, contentHash: node.attribute.contentHash, parent: parent, attribute: { node.attribute },
                   isSame: { Self.canStand($0, for: node) })
    }

    /// ``node(like:parent:)`` unretained, for a node without an action (a tag's), which the table holds until it
    /// goes: for the one pass, which holds no reference to its open tags' nodes, nor does the tag cache to the
    /// last nodes it keeps (``StyledTextSink/open(named:source:at:grammar:)``). With the node returned retained and
    /// the cache holding its last nodes, a tag opened on another parent than last time cost a retain and a release,
    /// about 3,300 of each for the 1 MB document (17.94 M → 17.85 M instructions, and about 1 % of its time).
    mutating func unretainedNode(like node: AttributeNode, parent: AttributeNode?) -> Unmanaged<AttributeNode> {
        precondition(node.attribute.action == nil, "a node with an action is not kept in the table")
        switch probe(key: -1, contentHash: node.attribute.contentHash, parent: parent,
                     isSame: { Self.canStand($0, for: node) }) {
        case let .found(found):
            return found
        case let .empty(slot, hash):
            return Unmanaged.passUnretained(insert(AttributeNode(node.attribute, parent: parent), hash: hash, key: -1,
                                                   at: slot))
        }
    }

    /// Whether the slot's node `candidate`, on the right parent and with the right structural hash, may stand for
    /// `node` moved there: `node` itself, or one with an equal attribute, compared field by field.
    @inline(__always)
    private static func canStand(_ candidate: AttributeNode, for node: AttributeNode) -> Bool {
        candidate === node || node.attribute.action == nil && AttributeNode.sameAttribute(candidate, node)
    }

    /// The probe for the node of the attribute `attribute()` gives, whose key is `key` (``indexKey(_:)``, or -1
    /// for none) and content hash `contentHash`, pushed on `parent`. The attribute is only asked for when a slot's
    /// key does not match, or to make the node.
    // Inlined: the probe is a few integer comparisons, which a call would double.
    @inline(__always)
    private mutating func sharedNode(key: Int, contentHash: UInt64, parent: AttributeNode?,
                                     attribute: () -> StyledText.Attribute) -> AttributeNode {
        sharedNode(key: key, contentHash: contentHash, parent: parent, attribute: attribute,
                   isSame: { Self.canShare($0, attribute()) })
    }

    /// ``sharedNode(key:contentHash:parent:attribute:)`` with `isSame` telling whether a slot's node, on the
    /// right parent and with the right structural hash, holds an attribute equal to `attribute()` and may stand
    /// for it.
    @inline(__always)
    private mutating func sharedNode(key: Int, contentHash: UInt64, parent: AttributeNode?,
                                     attribute: () -> StyledText.Attribute,
                                     isSame: (AttributeNode) -> Bool) -> AttributeNode {
        switch probe(key: key, contentHash: contentHash, parent: parent, isSame: isSame) {
        case let .found(node):
            return node.takeUnretainedValue()
        case let .empty(slot, hash):
            return insert(AttributeNode(attribute(), parent: parent), hash: hash, key: key, at: slot)
        }
    }

    /// Where a probe ends: at the node that may stand for the one asked for, unretained (the table holds it), or
    /// at the empty slot where that node goes, with its structural hash.
    private enum ProbeEnd {
        case found(Unmanaged<AttributeNode>)
        case empty(slot: Int, hash: Int)
    }

    /// Looks for a node on `parent` whose structural hash is made of `contentHash`, stored with the key `key` (an
    /// attribute index's, or -1 for none) or of which `isSame` says it may stand for the one asked for. Makes room
    /// first, so that the empty slot it may end at is where the new node goes.
    @inline(__always)
    private mutating func probe(key: Int, contentHash: UInt64, parent: AttributeNode?,
                                isSame: (AttributeNode) -> Bool) -> ProbeEnd {
        if (count + 1) * 2 > slots.count { grow() }
        let hash = AttributeNode.structuralHash(parent: parent, contentHash: contentHash) | 1
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot].hash != 0 {
            // The slot's node borrowed, not bound: bound, it was retained and released.
            if slots[slot].hash == hash, let node = slots[slot].node.map(Unmanaged.passUnretained),
               node._withUnsafeGuaranteedRef({ node in
                   node.parent === parent && (key >= 0 && slots[slot].attribute == key || isSame(node))
               }) {
                return .found(node)
            }
            slot = (slot + 1) & mask
        }
        return .empty(slot: slot, hash: hash)
    }

    /// Stores `node`, made for a probe that ended at the empty slot `slot` with the structural hash `hash` and the
    /// key `key`, unless it has an action; returns it.
    @inline(__always)
    private mutating func insert(_ node: AttributeNode, hash: Int, key: Int, at slot: Int) -> AttributeNode {
        // A tappable's closure is not part of its equality: its node is never handed out for another.
        if node.attribute.action == nil {
            slots[slot] = Slot(hash: hash, attribute: key, node: node)
            count += 1
        }
        return node
    }

    /// Whether `node`, already known to sit on the right parent, may stand for `attribute` pushed there. The
    /// attribute is borrowed and compared in place (`sameContent`): copied out for `==`, its name, parameters and
    /// action were retained and released at each comparison. Every probe's comparison but ``node(like:parent:)``'s,
    /// which compares two nodes, is this one.
    @inline(__always)
    private static func canShare(_ node: AttributeNode, _ attribute: borrowing StyledText.Attribute) -> Bool {
        attribute.action == nil && StyledText.Attribute.sameContent(node.attribute, attribute)
    }

    /// Doubles the slots (32 to start with) and places every entry again.
    private mutating func grow() {
        let old = slots
        let slotCount = max(32, 2 * old.count)
        slots = Array(repeating: Slot(), count: slotCount)
        for entry in old where entry.hash != 0 {
            var slot = entry.hash & (slotCount - 1)
            while slots[slot].hash != 0 { slot = (slot + 1) & (slotCount - 1) }
            slots[slot] = entry
        }
    }
}
