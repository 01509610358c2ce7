/// Values by object identity: a hash table probed by the object's address, for the memos that look an object up
/// per run or per node (a renderer's looks by resolved style, the resolver's styles by attribute node), where a
/// `Dictionary` keyed by `ObjectIdentifier` would hash every lookup with a seeded `Hasher`.
///
/// Open addressing with linear probing, at most half full; the slot count is a power of two, allocated on the first
/// insertion. Keys are addresses (0 for an empty slot) and values sit beside them in one array (one bound checked
/// per probe, one buffer to retain), so a lookup touches no reference count. The table keeps every object it has a
/// key for alive, so an address stays that object's own.
struct IdentityTable<Object: AnyObject, Value> {
    private var slots: [(key: UInt, value: Value?)] = []
    /// Every object with a key, kept alive so that its address stays its own.
    private var objects: [Object] = []

    /// The key of an object: its address.
    @inline(__always)
    static func key(of object: Object) -> UInt {
        UInt(bitPattern: ObjectIdentifier(object))
    }

    /// The value for the object whose key is `key`: for a caller that holds no reference to the object (and so
    /// retains nothing).
    @inline(__always)
    func value(forKey key: UInt) -> Value? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count &- 1
        var slot = Self.hash(of: key) & mask
        while true {
            let found = slots[slot].key
            if found == key { return slots[slot].value }
            if found == 0 { return nil }
            slot = (slot &+ 1) & mask
        }
    }

    /// The value for `object`.
    @inline(__always)
    func value(for object: Object) -> Value? {
        value(forKey: Self.key(of: object))
    }

    /// Sets the value for `object`, replacing the one it had.
    mutating func setValue(_ value: Value, for object: Object) {
        if (objects.count &+ 1) &* 2 > slots.count { grow() }
        let key = Self.key(of: object)
        let mask = slots.count &- 1
        var slot = Self.hash(of: key) & mask
        while slots[slot].key != 0 {
            if slots[slot].key == key {
                slots[slot].value = value
                return
            }
            slot = (slot &+ 1) & mask
        }
        slots[slot] = (key, value)
        objects.append(object)
    }

    /// Doubles the slots (16 to start with) and places every entry again.
    private mutating func grow() {
        let old = slots
        let slotCount = max(16, old.count &* 2)
        slots = Array(repeating: (0, nil), count: slotCount)
        for entry in old where entry.key != 0 {
            var slot = Self.hash(of: entry.key) & (slotCount &- 1)
            while slots[slot].key != 0 { slot = (slot &+ 1) & (slotCount &- 1) }
            slots[slot] = entry
        }
    }

    /// The middle bits of the address times a large odd constant (Fibonacci hashing), which spreads allocations
    /// that are a multiple of 16 bytes apart.
    @inline(__always)
    private static func hash(of key: UInt) -> Int {
        Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> 32)
    }
}
