/// Character references decoded once per spelling: what the plain-text scan decodes each `&` with.
///
/// Text repeats the same few references (`&amp;`, `&nbsp;`, `&#8217;`), and decoding one from scratch — the name
/// read, hashed and looked up among 2,231, its scalars encoded — cost the scan about as much as a tag. Yet what a
/// reference decodes to depends only on the bytes it reads: the name or digits after the `&`, up to and including
/// the `;` that ends them, or the byte that does. So when the 8 bytes after an `&` hold a `;`, those bytes up to
/// the first `;` decide everything — what is appended and how far the reference reaches (`&notit;` is `¬` and
/// reaches only past `&not`; `&foo;` is no reference at all) — and they are the key under which the outcome is
/// remembered, in a small table indexed by a hash of the key, two slots per hash. A reference without a `;` that
/// close, and a key whose slots others hold, are decoded as before.
///
/// The outcomes depend on nothing else, so a thread keeps its memo from scan to scan (in ``TemplateScratch``): the
/// same localized strings, with the same few references, are scanned again and again.
///
/// A class, so that the thread's scratch can hold it; its one stored property is a constant, so using it costs no
/// exclusivity check.
///
/// - Complexity: O(1) per reference, in time and memory (64 slots for all the scans of a thread).
final class CharacterReferenceMemo {
    /// One remembered outcome.
    fileprivate struct Entry {
        /// The bytes after the `&` up to and including the first `;`, lowest byte first, zero above: never 0, which
        /// marks an empty slot, since it holds a `;`.
        var key: UInt64 = 0
        /// What the reference appends, as UTF-8, lowest byte first.
        var decoded: UInt64 = 0
        /// How many bytes of `decoded` it appends.
        var decodedCount: UInt8 = 0
        /// How many bytes from the `&` it reaches; 0 when the `&` starts no reference and stays text.
        var length: UInt8 = 0
    }

    private static let slotCount = 64
    private let entries: UnsafeMutablePointer<Entry>

    init() {
        entries = .allocate(capacity: Self.slotCount)
        entries.initialize(repeating: Entry(), count: Self.slotCount)
    }

    deinit {
        entries.deinitialize(count: Self.slotCount)
        entries.deallocate()
    }

    /// ``CharacterReferences/appendReference(in:at:into:)``: appends what the reference at the `&` at `position`
    /// decodes to and returns the offset after it, or returns `nil`, appending nothing, when the `&` is text.
    @inline(__always)
    func appendReference(in bytes: UnsafeBufferPointer<UInt8>, at position: Int,
                         into output: inout UTF8Buffer) -> Int? {
        slots.appendReference(in: bytes, at: position, into: &output)
    }

    /// The memo's slots, for a scanner to read and write without holding the memo (held, it cost a template a
    /// retain and a release): valid while the memo is.
    var slots: Slots { Slots(entries: entries) }

    /// The slots of a ``CharacterReferenceMemo``, which must outlive them.
    struct Slots {
        fileprivate let entries: UnsafeMutablePointer<Entry>

        /// ``CharacterReferences/appendReference(in:at:into:)``: appends what the reference at the `&` at `position`
        /// decodes to and returns the offset after it, or returns `nil`, appending nothing, when the `&` is text.
        @inline(__always)
        func appendReference(in bytes: UnsafeBufferPointer<UInt8>, at position: Int,
                             into output: inout UTF8Buffer) -> Int? {
            guard let base = bytes.baseAddress, bytes.count &- position > 8 else {
                return CharacterReferences.appendReference(in: bytes, at: position, into: &output)
            }
            let word = UInt64(littleEndian: UnsafeRawPointer(base + position + 1).loadUnaligned(as: UInt64.self))
            // The first `;` at byte k is flagged exactly, by bit 8k + 7.
            let flags = ByteSearch.matchingBytes(UInt8(ascii: ";"), in: word)
            guard flags != 0 else {
                // `&&`, `& `: text, without the decoder's calls (`&` × n cost twice the parser's instructions).
                guard CharacterReferences.mayStartReference(after: UInt8(truncatingIfNeeded: word)) else { return nil }
                return CharacterReferences.appendReference(in: bytes, at: position, into: &output)
            }
            let keyBits = flags.trailingZeroBitCount &+ 1
            let key = keyBits == 64 ? word : word & ((1 &<< UInt64(keyBits)) &- 1)
            // Fibonacci hashing: the top 5 bits of the key times 2⁶⁴/φ pick a pair of slots. (Two slots: with one,
            // two of a text's dozen references sharing it took turns, each decoded afresh every time.)
            let pair = entries + Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) &>> 59) &* 2
            var slot = pair
            if slot.pointee.key != key {
                slot = pair + 1
                guard slot.pointee.key == key else {
                    let free = pair.pointee.key == 0 || slot.pointee.key != 0 ? pair : slot
                    return decodeAndRemember(in: bytes, at: position, into: &output, slot: free, key: key)
                }
            }
            let entry = slot.pointee
            guard entry.length != 0 else { return nil }
            output.append(Int(truncatingIfNeeded: entry.decodedCount), bytesOf: entry.decoded)
            return position &+ Int(truncatingIfNeeded: entry.length)
        }

        /// Decodes the reference at `position` as ``CharacterReferences`` does and remembers the outcome under `key`
        /// in `slot`. Out of line: a scan meets it once per spelling, and inlined it crowded the scan's loop.
        @inline(never)
        private func decodeAndRemember(in bytes: UnsafeBufferPointer<UInt8>, at position: Int,
                                       into output: inout UTF8Buffer, slot: UnsafeMutablePointer<Entry>,
                                       key: UInt64) -> Int? {
            let start = output.length
            let end = CharacterReferences.appendReference(in: bytes, at: position, into: &output)
            let decodedCount = output.length - start
            // At most two scalars, which can take more than 8 bytes (two astral ones): those are not remembered, nor
            // are bytes a streaming output has just moved on.
            if decodedCount <= 8, let decoded = output.word(ofLast: decodedCount) {
                slot.pointee = Entry(key: key, decoded: decoded,
                                     decodedCount: UInt8(truncatingIfNeeded: decodedCount),
                                     length: UInt8(truncatingIfNeeded: end.map { $0 - position } ?? 0))
            }
            return end
        }
    }
}
