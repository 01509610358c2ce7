/// UTF-16 lengths counted from UTF-8 bytes, for the UTF-16 ranges of runs: every byte but a continuation byte
/// (10xxxxxx) starts a scalar, and a scalar of four bytes (leader 11110xxx) needs two UTF-16 units.
///
/// Eight bytes at a time. Shifting left moves bits within each byte towards its top bit, so bit 7 of
/// `w & ~(w << 1)` marks a continuation byte and of `w & (w << 1) & (w << 2) & (w << 3)` a four-byte leader.
/// The marks are added up per byte lane and the lanes summed every 31 words (8 × 31 < 256, so no lane or sum
/// overflows a byte): baseline x86-64 has no popcount instruction, and counting bits in software per word cost
/// twice the rest of the loop.
enum UTF16Length {
    /// The UTF-16 length of `text`. `Substring.utf16.count` would build breadcrumbs for the whole underlying
    /// string the first time, which costs more than a short run.
    static func of(_ text: Substring) -> Int {
        text.utf8.withContiguousStorageIfAvailable { of(0..<$0.count, in: $0) } ?? text.utf16.count
    }

    /// The UTF-16 length of bytes `range` of `bytes`, which hold whole scalars there.
    ///
    /// The bytes left after the last whole word are counted in one more word, read from `bytes` around them and
    /// masked: a run is a few dozen bytes, and counting its last few one by one cost as much as the words before.
    static func of(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress, bytes.count >= 8 else {
            return range.reduce(0) { count, index in count &+ units(startedBy: bytes[index]) }
        }
        let raw = UnsafeRawPointer(base)
        var count = range.count
        var index = range.lowerBound
        while index < range.upperBound {
            var continuations: UInt64 = 0
            var fourByteLeaders: UInt64 = 0
            var words = 0
            while words < 31, range.upperBound &- index >= 8 {
                add(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self), &continuations, &fourByteLeaders)
                words &+= 1
                index &+= 8
            }
            let left = range.upperBound &- index
            if words < 31, left > 0 {
                // Little-endian: the first byte in memory is the lowest of the word. The bytes outside the range
                // are shifted out or masked to zero, which is neither kind of byte.
                let low = (1 &<< UInt64(8 &* left)) &- 1
                let word: UInt64
                if index &+ 8 <= bytes.count {
                    word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & low
                } else if range.upperBound >= 8 {
                    word = raw.loadUnaligned(fromByteOffset: range.upperBound &- 8, as: UInt64.self)
                        >> UInt64(8 &* (8 &- left))
                } else {
                    // Fewer than 16 bytes in all, and the range inside the first 8.
                    word = (raw.loadUnaligned(as: UInt64.self) >> UInt64(8 &* index)) & low
                }
                add(word, &continuations, &fourByteLeaders)
                index = range.upperBound
            }
            count &+= Int((fourByteLeaders &* 0x0101_0101_0101_0101) >> 56)
                &- Int((continuations &* 0x0101_0101_0101_0101) >> 56)
        }
        return count
    }

    @inline(__always)
    private static func add(_ word: UInt64, _ continuations: inout UInt64, _ fourByteLeaders: inout UInt64) {
        continuations &+= (word & ~(word << 1) & 0x8080_8080_8080_8080) >> 7
        fourByteLeaders &+= (word & (word << 1) & (word << 2) & (word << 3) & 0x8080_8080_8080_8080) >> 7
    }

    /// The UTF-16 units a UTF-8 byte accounts for: 1 for the first byte of a scalar, 2 for that of a four-byte
    /// one, 0 for a continuation byte (the two-unit scalar counts its second unit at its leader).
    @inline(__always)
    private static func units(startedBy byte: UInt8) -> Int {
        (byte & 0xC0 != 0x80 ? 1 : 0) &+ (byte >= 0xF0 ? 1 : 0)
    }
}
