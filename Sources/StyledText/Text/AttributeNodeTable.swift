/// Attribute nodes by parent and attribute, so that pushing an attribute already pushed on the same parent gives
/// back the same node instead of a new, equal one.
///
/// Misnested markup rebuilds the stacks above a tag closed in the middle for the text after it, and tags opened
/// again (`<b><i>x</b></i>` repeated, `</b>y<b>` rotating through nine open tags) build stacks equal to earlier
/// ones. Without sharing, each such piece of text costs a node per attribute, its release, a comparison of whole
/// stacks when the text joins the part before it, and a style lookup per node when resolving; with it, equal
/// stacks are the same nodes and are told equal by identity.
///
/// Probed by the structural hash the node would have (the parent's mixed with the attribute's precomputed one: no
/// `Hasher`, nothing retained until a hash matches). Holds every node it made until it goes, so an identity it
/// compares with is never a freed node's.
struct AttributeNodeTable {
    /// Each slot's node with its structural hash (low bit set), or `(0, nil)` for an empty slot. The slot count is
    /// a power of two, at least twice the entries.
    private var slots: [(hash: Int, node: AttributeNode?)] = []
    private var count = 0
    /// Nodes made before the table starts: a sentence's handful of tags rarely repeats, and its table cost more
    /// than the nodes it saved.
    private var unshared = 0

    /// The node for `attribute` pushed on `parent`: after the first few, an equal one made before if there is one.
    @inline(__always)
    mutating func node(_ attribute: borrowing StyledText.Attribute, parent: AttributeNode?) -> AttributeNode {
        // A tappable's closure is not part of its equality: never hand one out for another.
        guard unshared >= 8, attribute.action == nil else {
            unshared += 1
            return AttributeNode(copy attribute, parent: parent)
        }
        return sharedNode(attribute, parent: parent)
    }

    // Inlined, with the attribute borrowed: called out of line, the caller copied the attribute out of its array
    // (three retains and releases) for every lookup, even the ones that find a node.
    @inline(__always)
    private mutating func sharedNode(_ attribute: borrowing StyledText.Attribute, parent: AttributeNode?) -> AttributeNode {
        if (count + 1) * 2 > slots.count { grow() }
        let hash = AttributeNode.structuralHash(parent: parent, attribute) | 1
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot].hash != 0 {
            if slots[slot].hash == hash, let node = slots[slot].node, node.parent === parent,
               node.attribute == attribute {
                return node
            }
            slot = (slot + 1) & mask
        }
        let node = AttributeNode(copy attribute, parent: parent)
        slots[slot] = (hash, node)
        count += 1
        return node
    }

    /// Doubles the slots (32 to start with) and places every entry again.
    private mutating func grow() {
        let old = slots
        let slotCount = max(32, 2 * old.count)
        slots = Array(repeating: (0, nil), count: slotCount)
        for entry in old where entry.hash != 0 {
            var slot = entry.hash & (slotCount - 1)
            while slots[slot].hash != 0 { slot = (slot + 1) & (slotCount - 1) }
            slots[slot] = entry
        }
    }
}
