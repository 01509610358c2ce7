/// The tag names of one template, numbered in the order the tokenizer first meets them.
///
/// Open tags are then matched by comparing integers instead of strings, and what depends on the name alone (whether
/// it is void, its ``BlockRole``, the attribute of its tags without parameters) is found once per template rather
/// than once per tag: `<b><i>x</b></i>` repeated to a megabyte names two tags 280,000 times. Entries hold only
/// integers, so that reading one copies no string.
///
/// Names are looked up by their bytes, ignoring ASCII case. While there are few, by a linear search (a sentence
/// has a handful, and a table of slots would cost it an allocation); past ``linearLimit``, by a hash of the
/// lowercased bytes, so that thousands of distinct names (`<t0>` … `<t1999>`) still cost O(1) each.
struct TagNameTable {
    struct Entry {
        /// Where the name first occurs in the template, in the case written there.
        let bytes: Range<Int>
        /// Whether the name is a void element's (`br`, `img`, …), which never takes content.
        let isVoid: Bool
        /// What the name is to HTML's blocks and their implied end tags.
        let role: BlockRole
        /// Whether its start tags mark where a block begins: HTML's block names (a role other than `.none`), and
        /// the options' ``StyledText/Template/Options/blockTagNames``, which the tokenizer sets.
        var marksBlock: Bool
        /// The hash of the lowercased name, kept for placing the entry again when the slots grow.
        let hash: Int
        /// The index of the program's attribute for the tags of this name without parameters, once the tokenizer
        /// made it.
        var attribute: Int?
        /// How many tags of this name are open, while the tokenizer counts them (once nesting is deep), so that an
        /// end tag finds out in O(1) that nothing of its name is open.
        var openCount = 0
    }

    /// The names by number; the tokenizer keeps their `attribute` and `openCount`.
    var entries: [Entry] = []
    /// Each slot's entry number plus one, or 0 for an empty slot; empty until there are more than ``linearLimit``
    /// names. The slot count is a power of two, at least twice the entries.
    private var slots: [Int] = []

    /// How many names are searched linearly before the table starts hashing them.
    static let linearLimit = 8

    /// The number of the name at `range` of `bytes`, or `nil` when the template has not named it before.
    @inline(__always)
    func number(of range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard slots.isEmpty else { return hashedNumber(of: range, in: bytes) }
        var number = 0
        while number < entries.count {
            if TemplateTokenizer.sameName(entries[number].bytes, range, in: bytes) { return number }
            number += 1
        }
        return nil
    }

    private func hashedNumber(of range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let mask = slots.count - 1
        var slot = Self.hash(range, in: bytes) & mask
        while slots[slot] != 0 {
            let number = slots[slot] - 1
            if TemplateTokenizer.sameName(entries[number].bytes, range, in: bytes) { return number }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Numbers the name at `range` of `bytes`, which ``number(of:in:)`` did not find.
    mutating func add(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let number = entries.count
        // Room for the names a sentence has at once, rather than growing from one.
        if number == 0 { entries.reserveCapacity(Self.linearLimit) }
        let name = UnsafeBufferPointer(rebasing: bytes[range])
        let role = BlockRole(bytes: name)
        entries.append(Entry(bytes: range, isVoid: TemplateTokenizer.isVoid(bytes: name), role: role,
                             marksBlock: role != .none, hash: Self.hash(range, in: bytes)))
        if entries.count > Self.linearLimit {
            if entries.count * 2 > slots.count {
                rebuildSlots()
            } else {
                place(number)
            }
        }
        return number
    }

    /// Doubles the slots (32 to start with) and places every entry again.
    private mutating func rebuildSlots() {
        slots = Array(repeating: 0, count: max(32, 2 * slots.count))
        for number in entries.indices { place(number) }
    }

    private mutating func place(_ number: Int) {
        let mask = slots.count - 1
        var slot = entries[number].hash & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = number + 1
    }

    /// FNV-1a over the lowercased bytes.
    private static func hash(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for index in range {
            hash = (hash ^ UInt64(TemplateTokenizer.asciiLowercased(bytes[index]))) &* 0x100_0000_01b3
        }
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}
