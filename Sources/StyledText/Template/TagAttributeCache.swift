import Foundation

/// The attributes of start tags with parameters, by the tags' bytes, kept between the parses of one thread (in
/// ``TemplateScratch``).
///
/// A tag with parameters costs its attribute a dictionary and, for a value longer than a small string, a string:
/// two allocations and about a thousand instructions per `<a href='…'>`. An app shows the same few tags again and
/// again, so the tokenizer looks the tag's bytes up here first. The attribute is a function of the bytes alone (the
/// name and parameter names lowercased, the values decoded), so a tag spelled exactly the same gets an equal
/// attribute, and the next tag of another spelling simply misses.
///
/// Direct-mapped: each tag has one slot, and a new tag replaces what was there, so the cache never holds more than
/// ``slotCount`` tags of at most ``maximumTagLength`` bytes. Tags whose parameters hold placeholders are not cached:
/// their attributes are filled per text.
struct TagAttributeCache {
    private struct Entry {
        let bytes: [UInt8]
        let attribute: StyledText.Attribute
    }

    /// The slots, empty until the first tag is added.
    private var slots: [Entry?] = []

    /// The slot count's power of two.
    private static let slotBits = 6
    static let slotCount = 1 << slotBits
    /// The longest tag cached, in bytes: room for a long link, and a bound on what the cache holds.
    static let maximumTagLength = 256

    /// The attribute cached for the tag of exactly these bytes.
    func attribute(for tag: UnsafeBufferPointer<UInt8>) -> StyledText.Attribute? {
        guard !slots.isEmpty, let entry = slots[Self.slot(of: tag)], entry.bytes.count == tag.count else { return nil }
        let same = entry.bytes.withUnsafeBufferPointer { cached in
            memcmp(cached.baseAddress!, tag.baseAddress!, tag.count) == 0
        }
        return same ? entry.attribute : nil
    }

    /// Caches the attribute of the tag of these bytes, when the tag is short enough.
    mutating func add(_ attribute: StyledText.Attribute, for tag: UnsafeBufferPointer<UInt8>) {
        guard tag.count <= Self.maximumTagLength, tag.count > 0 else { return }
        if slots.isEmpty { slots = Array(repeating: nil, count: Self.slotCount) }
        slots[Self.slot(of: tag)] = Entry(bytes: Array(tag), attribute: attribute)
    }

    /// The tag's slot, from its length and its first and last eight bytes: O(1), and tags that differ in a value
    /// (`type='1'`, `type='2'`; links to different pages) differ in their last bytes. Tags that share the slot
    /// are still told apart by comparing bytes.
    private static func slot(of tag: UnsafeBufferPointer<UInt8>) -> Int {
        let raw = UnsafeRawPointer(tag.baseAddress!)
        var hash = UInt64(tag.count) &* 0x9E37_79B9_7F4A_7C15
        if tag.count >= 8 {
            hash ^= raw.loadUnaligned(as: UInt64.self)
            hash = (hash ^ (hash >> 29)) &* 0xBF58_476D_1CE4_E5B9
            hash ^= raw.loadUnaligned(fromByteOffset: tag.count - 8, as: UInt64.self)
        } else {
            for byte in tag { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        hash = (hash ^ (hash >> 32)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: hash >> UInt64(64 - slotBits))
    }
}
