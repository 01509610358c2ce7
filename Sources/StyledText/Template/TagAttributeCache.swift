/// The attributes of template tags by their bytes, kept between the parses of one thread (in ``TemplateScratch``).
///
/// A tag with parameters costs its attribute a dictionary and, for a value longer than a small string, a string:
/// two allocations and about a thousand instructions per `<a href='…'>`; the first tag of a name without parameters
/// costs its lowercased name and hash. An app shows the same few tags again and again, so the tokenizer looks here
/// first, by the bytes the attribute is made from: the whole tag for a tag with parameters (the name and parameter
/// names are lowercased and the values decoded, a function of those bytes alone), the name for one without. Keys
/// of the two kinds never meet: a whole tag starts with `<`, which no name holds.
///
/// Bounded: at most ``capacity`` keys of at most ``maximumKeyLength`` bytes; when full, it starts over. Tags whose
/// parameters hold placeholders are not cached: their attributes are filled per text.
///
/// One parse adds at most ``parseBudget`` keys (``startParse()``): a template with more distinct tags than the
/// cache holds (`<t0>` … `<t1999>`) would otherwise start it over every ``capacity`` tags, paying for each key's
/// copy and slot and for the tables made again, and keep none of them for the next parse. Its first tags are
/// cached and the rest made as if there were no cache, which is what a parse of it costs anyway.
///
/// The one-pass build (``StyledTextSink``) also keeps here, per slot, the last node it pushed for the slot's
/// attribute: the same tag is usually opened on the same parent (`<b>` at the top of a sentence), and then that
/// node is the one the node table would find, without copying the attribute out to look it up; on another parent,
/// the node table is asked for a node like it (``anyLastNode(inSlot:)``), which compares attributes in place.
struct TagAttributeCache {
    /// Each slot's key bytes (empty for an empty slot) and attribute. The slot count is twice ``capacity``.
    private var keys: [[UInt8]] = []
    private var attributes: [StyledText.Attribute?] = []
    /// Each slot's last node (see the discussion), not held: the node table lent with the cache holds it (and it
    /// holds its parent, whose identity is then never another's), and the cache forgets it before that table goes
    /// (``forgetLastNodes()``). Held here, replacing it released the old node, and the new one came retained (see
    /// ``AttributeNodeTable/unretainedNode(like:parent:)``).
    private var lastNodes: [Unmanaged<AttributeNode>?] = []
    /// Each slot's tag's role among HTML's blocks (``BlockRole``), found once: whether it marks where a block
    /// begins, and which open tags it may end.
    private var roles: [BlockRole] = []
    private var count = 0
    /// The keys the parse under way has added (see ``parseBudget``).
    private var addedThisParse = 0

    static let capacity = 128
    /// The most keys one parse adds: half the cache, so that the tags of the next template shown find room too.
    static let parseBudget = capacity / 2
    /// The longest key cached, in bytes: room for a long link, and a bound on what the cache holds.
    static let maximumKeyLength = 256

    /// The attribute cached for exactly these bytes.
    func attribute(for key: UnsafeBufferPointer<UInt8>) -> StyledText.Attribute? {
        slot(for: key).map { attributes[$0] } ?? nil
    }

    /// The slot of the attribute cached for exactly these bytes, valid until the next ``add(_:for:)``.
    @inline(__always)
    func slot(for key: UnsafeBufferPointer<UInt8>) -> Int? {
        guard count > 0, !key.isEmpty else { return nil }
        var slot = Self.hash(key) & (keys.count - 1)
        while !keys[slot].isEmpty {
            if keys[slot].withUnsafeBufferPointer({ Self.same($0, key) }) { return slot }
            slot = (slot + 1) & (keys.count - 1)
        }
        return nil
    }

    /// The attribute in `slot`, one ``slot(for:)`` or ``add(_:for:)`` gave.
    func attribute(inSlot slot: Int) -> StyledText.Attribute {
        attributes[slot]!
    }

    /// The role among HTML's blocks of the tag in `slot`: not `.none` when it marks where a block begins
    /// (``TemplateTokenizer/blockNames``).
    @inline(__always)
    func role(inSlot slot: Int) -> BlockRole {
        roles[slot]
    }

    /// The node last pushed for the attribute in `slot` (``setLastNode(_:inSlot:)``), when it was pushed on `parent`;
    /// unretained, as ``anyLastNode(inSlot:)``, and so is `parent`: compared by address, neither is retained.
    @inline(__always)
    func lastNode(inSlot slot: Int, parent: Unmanaged<AttributeNode>?) -> Unmanaged<AttributeNode>? {
        guard let node = anyLastNode(inSlot: slot) else { return nil }
        let nodeParent = node._withUnsafeGuaranteedRef { $0.parent.map { Unmanaged.passUnretained($0).toOpaque() } }
        return nodeParent == parent?.toOpaque() ? node : nil
    }

    /// The node last pushed for the attribute in `slot`, on whatever parent, unretained (the node table lent with
    /// the cache holds it): its attribute is the slot's, to push on another parent without copying the attribute
    /// out.
    @inline(__always)
    func anyLastNode(inSlot slot: Int) -> Unmanaged<AttributeNode>? {
        lastNodes[slot]
    }

    /// Records the node just pushed for the attribute in `slot`: a node of the node table lent with the cache, which
    /// holds it (the cache does not).
    mutating func setLastNode(_ node: Unmanaged<AttributeNode>, inSlot slot: Int) {
        lastNodes[slot] = node
    }

    /// Forgets every slot's last node, when the node table lent with the cache is replaced: a one-pass build holds
    /// no reference to its open tags' nodes, only the table does (``StyledTextSink``), so the last nodes must be
    /// the table's.
    mutating func forgetLastNodes() {
        for slot in lastNodes.indices { lastNodes[slot] = nil }
    }

    /// Caches the attribute made from these bytes, when they are short enough; returns its slot, or `nil` when it
    /// is not cached.
    ///
    /// Callers look the key up first (``slot(for:)``): once the parse has added ``parseBudget`` keys, this caches
    /// nothing more, even a key that is there.
    @discardableResult
    mutating func add(_ attribute: StyledText.Attribute, for key: UnsafeBufferPointer<UInt8>) -> Int? {
        guard key.count <= Self.maximumKeyLength, !key.isEmpty, addedThisParse < Self.parseBudget else { return nil }
        if count == 0 || count >= Self.capacity {
            keys = Array(repeating: [], count: 2 * Self.capacity)
            attributes = Array(repeating: nil, count: 2 * Self.capacity)
            lastNodes = Array(repeating: nil, count: 2 * Self.capacity)
            roles = Array(repeating: .none, count: 2 * Self.capacity)
            count = 0
        }
        var slot = Self.hash(key) & (keys.count - 1)
        while !keys[slot].isEmpty {
            if keys[slot].withUnsafeBufferPointer({ Self.same($0, key) }) { return slot }
            slot = (slot + 1) & (keys.count - 1)
        }
        keys[slot] = Array(key)
        attributes[slot] = attribute
        roles[slot] = BlockRole(attribute.name)
        count += 1
        addedThisParse += 1
        return slot
    }

    /// Starts a parse's budget of keys to add (``parseBudget``).
    mutating func startParse() {
        addedThisParse = 0
    }

    /// Whether two keys, neither empty, hold the same bytes: compared in words loaded where the bytes are, eight
    /// bytes at a time and the last eight overlapping the word before, or two overlapping four-byte words for four to
    /// seven bytes. A key is a tag's name or its whole source, a few dozen bytes at most, and `memcmp`, a call into
    /// the C library for each tag, took 2.2 % of the one step's time on the 1 MB document.
    @inline(__always)
    static func same(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = lhs.count
        guard count == rhs.count, let left = lhs.baseAddress, let right = rhs.baseAddress else { return false }
        guard count >= 4 else {
            var index = 0
            while index < count {
                if left[index] != right[index] { return false }
                index &+= 1
            }
            return true
        }
        guard count >= 8 else {
            return UnsafeRawPointer(left).loadUnaligned(as: UInt32.self)
                == UnsafeRawPointer(right).loadUnaligned(as: UInt32.self)
                && UnsafeRawPointer(left).loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
                == UnsafeRawPointer(right).loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
        }
        var offset = 0
        while offset &+ 8 < count {
            if UnsafeRawPointer(left).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != UnsafeRawPointer(right).loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
            offset &+= 8
        }
        return UnsafeRawPointer(left).loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            == UnsafeRawPointer(right).loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
    }

    /// A hash of the key's length and its first and last eight bytes: O(1), and tags that differ in a value
    /// (`type='1'`, `type='2'`; links to different pages) differ in their last bytes. Keys that share a hash are
    /// still told apart by comparing bytes.
    @inline(__always)
    private static func hash(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        let raw = UnsafeRawPointer(key.baseAddress!)
        var hash = UInt64(key.count) &* 0x9E37_79B9_7F4A_7C15
        if key.count >= 8 {
            hash ^= raw.loadUnaligned(as: UInt64.self)
            hash = (hash ^ (hash >> 29)) &* 0xBF58_476D_1CE4_E5B9
            hash ^= raw.loadUnaligned(fromByteOffset: key.count - 8, as: UInt64.self)
        } else {
            for byte in key { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        hash = (hash ^ (hash >> 32)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: hash >> 32)
    }
}
