import Foundation

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
struct TagAttributeCache {
    /// Each slot's key bytes (empty for an empty slot) and attribute. The slot count is twice ``capacity``.
    private var keys: [[UInt8]] = []
    private var attributes: [StyledText.Attribute?] = []
    private var count = 0

    static let capacity = 128
    /// The longest key cached, in bytes: room for a long link, and a bound on what the cache holds.
    static let maximumKeyLength = 256

    /// The attribute cached for exactly these bytes.
    func attribute(for key: UnsafeBufferPointer<UInt8>) -> StyledText.Attribute? {
        guard count > 0, !key.isEmpty else { return nil }
        var slot = Self.hash(key) & (keys.count - 1)
        while !keys[slot].isEmpty {
            if keys[slot].withUnsafeBufferPointer({ Self.same($0, key) }) { return attributes[slot] }
            slot = (slot + 1) & (keys.count - 1)
        }
        return nil
    }

    /// Caches the attribute made from these bytes, when they are short enough.
    mutating func add(_ attribute: StyledText.Attribute, for key: UnsafeBufferPointer<UInt8>) {
        guard key.count <= Self.maximumKeyLength, !key.isEmpty else { return }
        if count == 0 || count >= Self.capacity {
            keys = Array(repeating: [], count: 2 * Self.capacity)
            attributes = Array(repeating: nil, count: 2 * Self.capacity)
            count = 0
        }
        var slot = Self.hash(key) & (keys.count - 1)
        while !keys[slot].isEmpty {
            if keys[slot].withUnsafeBufferPointer({ Self.same($0, key) }) { return }
            slot = (slot + 1) & (keys.count - 1)
        }
        keys[slot] = Array(key)
        attributes[slot] = attribute
        count += 1
    }

    private static func same(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        lhs.count == rhs.count && memcmp(lhs.baseAddress!, rhs.baseAddress!, lhs.count) == 0
    }

    /// A hash of the key's length and its first and last eight bytes: O(1), and tags that differ in a value
    /// (`type='1'`, `type='2'`; links to different pages) differ in their last bytes. Keys that share a hash are
    /// still told apart by comparing bytes.
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
