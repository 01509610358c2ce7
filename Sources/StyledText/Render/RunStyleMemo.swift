/// What a renderer derives from a run's style — CSS, SGR codes, tags as bytes — made once per distinct style:
/// neighbouring runs usually share a style, and a document uses a few.
///
/// Looked up by the run's shared resolved style first, in a hash table of its own keyed by the object's
/// address: runs inside the same tags share one object, and a probe or two with an identity comparison spares
/// hashing anything per run (`Hasher` alone would cost more than copying a run's bytes). The memo keeps the
/// objects it holds alive, so an address is never reused meanwhile. Styles resolved apart but equal by value are
/// found by value, once per object.
struct RunStyleMemo<Value> {
    /// Open addressing with linear probing, at most half full; the count is a power of two. Keys are addresses
    /// (0 for an empty slot) and values sit beside them, so a lookup touches no reference count.
    private var keys: [UInt] = Array(repeating: 0, count: 16)
    private var values: [Value?] = Array(repeating: nil, count: 16)
    /// Every object with a key, kept alive so that its address stays its own.
    private var objects: [SharedStyle] = []
    private var byStyle: [MarkupStyle: Value] = [:]

    /// The value made for `shared`, or for a style equal to it; `nil` when there is none yet: then make one and
    /// ``insert(_:for:)`` it.
    mutating func value(for shared: SharedStyle) -> Value? {
        if let value = value(forKey: Self.key(of: shared)) { return value }
        return valueByStyle(for: shared)
    }

    /// The value made for a run's style, found by identity (the per-run fast path, which retains nothing) or else
    /// by an equal style; `nil` when there is none yet: then make one and ``insert(_:for:)`` it.
    @inline(__always)
    mutating func value(for run: UnsafePointer<StyledRun>) -> Value? {
        if let value = value(forKey: Self.key(of: run.pointee.shared)) { return value }
        return valueByStyle(for: run.pointee.shared)
    }

    /// The value made for the object with `key`, found by identity only: the per-run fast path, which needs no
    /// reference to the object (and so no retain); on `nil`, ask ``value(for:)``.
    @inline(__always)
    func value(forKey key: UInt) -> Value? {
        let mask = keys.count &- 1
        var slot = Self.hash(of: key) & mask
        while true {
            let found = keys[slot]
            if found == key { return values[slot] }
            if found == 0 { return nil }
            slot = (slot &+ 1) & mask
        }
    }

    /// Remembers the value made for `shared`.
    mutating func insert(_ value: Value, for shared: SharedStyle) {
        byStyle[shared.style] = value
        remember(value, for: shared)
    }

    @inline(never)
    private mutating func valueByStyle(for shared: SharedStyle) -> Value? {
        guard let value = byStyle[shared.style] else { return nil }
        remember(value, for: shared)
        return value
    }

    private mutating func remember(_ value: Value, for shared: SharedStyle) {
        if (objects.count &+ 1) * 2 > keys.count {
            let entries = zip(keys, values).filter { $0.0 != 0 }
            keys = Array(repeating: 0, count: keys.count * 2)
            values = Array(repeating: nil, count: keys.count)
            for (key, value) in entries { place(value, key: key) }
        }
        place(value, key: Self.key(of: shared))
        objects.append(shared)
    }

    private mutating func place(_ value: Value?, key: UInt) {
        let mask = keys.count &- 1
        var slot = Self.hash(of: key) & mask
        while keys[slot] != 0 { slot = (slot &+ 1) & mask }
        keys[slot] = key
        values[slot] = value
    }

    /// The key of an object: its address.
    @inline(__always)
    static func key(of shared: SharedStyle) -> UInt {
        UInt(bitPattern: ObjectIdentifier(shared))
    }

    /// The middle bits of the address times a large odd constant (Fibonacci hashing), which spreads allocations
    /// that are a multiple of 16 bytes apart.
    @inline(__always)
    private static func hash(of key: UInt) -> Int {
        Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> 32)
    }
}
