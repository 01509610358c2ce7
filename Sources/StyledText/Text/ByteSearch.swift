// The compiler's own module of the x86 vector intrinsics (Clang's headers), for `pmovmskb`: no dependency.
#if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
import _Builtin_intrinsics.intel
#endif

/// The search for the next of up to three byte values, 16 bytes at a time: how the template scans skip text to
/// the next `<`, `%` or `&`.
///
/// Each block of 16 bytes is compared with every value at once; the lanes that match are read as one 64-bit word
/// (or two), whose trailing zero bits give the first match's exact position. So text costs under an instruction
/// per byte and a match costs no byte-by-byte loop. (``ByteSet`` serves the renderers instead, whose sets hold
/// every C0 control and need a look-up per candidate.)
struct ByteSearch: Sendable {
    private let first: SIMD16<UInt8>
    private let second: SIMD16<UInt8>
    private let third: SIMD16<UInt8>
    private let values: (UInt8, UInt8, UInt8)

    /// A search for `first`, `second` and `third`; repeat a value to search for fewer.
    init(_ first: UInt8, _ second: UInt8, _ third: UInt8) {
        self.first = SIMD16(repeating: first)
        self.second = SIMD16(repeating: second)
        self.third = SIMD16(repeating: third)
        values = (first, second, third)
    }

    /// The index of the first byte at or after `start` that is one of the values, or `bytes.count`.
    ///
    /// - Parameter byHalves: Whether each block's matches are tested as two 64-bit halves, one after the other,
    ///   rather than narrowed into one word and tested once. Narrowing saved the plain-text scan 3 % when it
    ///   searched this way (it now walks a ``Cursor``), as its searches cross more blocks; inlined in the
    ///   tokenizer's scan, it cost that loop two instructions per `<` read even without a search (2.8 % more on a
    ///   run of `<`, 0.15 % on the sentences), so the tokenizer tests by halves. Callers pass a constant, so each
    ///   inlined copy keeps one way.
    /// - Complexity: O(*n*) in the bytes searched.
    @inline(__always)
    func firstIndex(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, byHalves: Bool = false) -> Int {
        guard let base = bytes.baseAddress else { return bytes.count }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var index = start
        // One bound per block: the last block starts 16 bytes before the end.
        let lastBlock = count &- 16
        while index <= lastBlock {
            let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            let matches = (block .== first) .| (block .== second) .| (block .== third)
            if byHalves {
                // Matching lanes are all ones: the first one's lowest bit, divided by 8, is its index. (Testing
                // both halves at once saves an instruction per block without a match but costs four per match: a
                // search that stops at once, as a run of `<` makes every one, paid a tenth more.)
                let lanes = unsafeBitCast(matches, to: (UInt64, UInt64).self)
                if lanes.0 != 0 { return index &+ lanes.0.trailingZeroBitCount &>> 3 }
                if lanes.1 != 0 { return index &+ 8 &+ lanes.1.trailingZeroBitCount &>> 3 }
            } else {
                // One word tells whether and where: each pair of lanes, read as a 16-bit integer and narrowed with
                // saturation (one `packsswb`), becomes one byte, 0 when neither lane matches, with its lowest bit
                // set when the first lane matches and only its top bit set when only the second does. So the
                // lowest set bit of the 8 bytes, divided by 4, is the first matching lane, and a block costs one
                // test.
                let pairs = unsafeBitCast(matches, to: SIMD8<Int16>.self)
                let narrowed = SIMD8<Int8>(truncatingIfNeeded: pointwiseMin(pointwiseMax(pairs, SIMD8(repeating: -128)),
                                                                            SIMD8(repeating: 127)))
                let bits = unsafeBitCast(narrowed, to: UInt64.self)
                if bits != 0 { return index &+ bits.trailingZeroBitCount &>> 2 }
            }
            index &+= 16
        }
        while index < count {
            let byte = base[index]
            if byte == values.0 || byte == values.1 || byte == values.2 { return index }
            index &+= 1
        }
        return count
    }

    /// The values among the 64 bytes from `start` as one word: bit *i* set when byte `start + i` is one of them.
    /// Bytes past the end of `bytes` read as no match; `start` must be at least 0.
    ///
    /// What ``Cursor`` walks. Each block of 16 bytes costs the three comparisons of ``firstIndex(in:from:byHalves:)``
    /// and one `pmovmskb`, which gathers each lane's top bit into a 16-bit integer (SSE2, so every x86-64 has it;
    /// the standard library's SIMD types have no operation that compiles to it); elsewhere the lanes are gathered
    /// 8 at a time by a multiplication (``portableMatches(in:)``).
    @inline(__always)
    func matches(inBlockAt start: Int, of bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard bytes.count &- start >= 64 else { return matches(inLastBlockAt: start, of: bytes) }
        // 64 bytes or more: a base address.
        return matches(in: UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + start))
    }

    /// ``matches(inBlockAt:of:)`` for fewer than 64 bytes from `start`: the last 64 bytes when there are that
    /// many, shifted so that the bytes before `start` drop out, else the bytes copied after zeros, which are
    /// none of the values. Out of line: once per search, at its end.
    @inline(never)
    private func matches(inLastBlockAt start: Int, of bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let rest = bytes.count &- start
        guard rest > 0, let base = bytes.baseAddress else { return 0 }
        if bytes.count >= 64 {
            return matches(in: UnsafeRawPointer(base + (bytes.count &- 64))) &>> UInt64(64 &- rest)
        }
        var block = (SIMD32<UInt8>(), SIMD32<UInt8>())
        return withUnsafeMutableBytes(of: &block) { block in
            block.baseAddress!.copyMemory(from: base + start, byteCount: rest)
            return matches(in: UnsafeRawPointer(block.baseAddress!))
        }
    }

    /// The values among the 64 bytes at `raw`, one bit each, the first byte's lowest.
    @inline(__always)
    private func matches(in raw: UnsafeRawPointer) -> UInt64 {
        #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
        // Written in the intrinsics rather than in `SIMD16` and `loadUnaligned`: those are generic calls until the
        // optimizer inlines them, which it stopped doing in a caller as large as the template scan's loop (each
        // block's loads stayed calls, 14,700 a call for the plain text's megabyte).
        let first = unsafeBitCast(first, to: __m128i.self)
        let second = unsafeBitCast(second, to: __m128i.self)
        let third = unsafeBitCast(third, to: __m128i.self)
        @inline(__always) func bits(_ offset: Int) -> UInt64 {
            let block = _mm_loadu_si128((raw + offset).assumingMemoryBound(to: __m128i_u.self))
            let matches = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(block, first), _mm_cmpeq_epi8(block, second)),
                                       _mm_cmpeq_epi8(block, third))
            return UInt64(UInt16(truncatingIfNeeded: _mm_movemask_epi8(matches)))
        }
        return bits(0) | bits(16) &<< 16 | bits(32) &<< 32 | bits(48) &<< 48
        #else
        return portableMatches(in: raw)
        #endif
    }

    /// ``matches(in:)`` without `pmovmskb`: each 8 lanes that match (all ones) reduced to their lowest bits and
    /// multiplied so that lane *i*'s bit lands on bit 56 + *i* (the products' other bits are distinct powers of two
    /// below 56, so nothing carries into those 8). Kept on every target, so that tests compare the two.
    func portableMatches(in raw: UnsafeRawPointer) -> UInt64 {
        var result: UInt64 = 0
        for offset in stride(from: 0, to: 64, by: 16) {
            let block = raw.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
            let matches = (block .== first) .| (block .== second) .| (block .== third)
            let words = unsafeBitCast(matches, to: SIMD2<UInt64>.self) & SIMD2(repeating: 0x0101_0101_0101_0101)
            let low = (words[0] &* 0x0102_0408_1020_4080) &>> 56
            let high = (words[1] &* 0x0102_0408_1020_4080) &>> 56
            result |= (low | high &<< 8) &<< UInt64(offset)
        }
        return result
    }
}

extension ByteSearch {
    /// The top bit of each byte of `word` that is `byte`, by the bit trick `(x - 0x01…) & ~x & 0x80…` on `word`
    /// XORed with `byte` in every byte (which turns those bytes to zero): non-zero exactly when some byte matches,
    /// and exact for the lowest match, whose index is `trailingZeroBitCount >> 3` (in memory order for a word
    /// loaded little-endian); a borrow may also flag a later byte, so the other flags are not to be trusted.
    @inline(__always)
    static func matchingBytes(_ byte: UInt8, in word: UInt64) -> UInt64 {
        let zeroed = word ^ 0x0101_0101_0101_0101 &* UInt64(byte)
        return (zeroed &- 0x0101_0101_0101_0101) & ~zeroed & 0x8080_8080_8080_8080
    }

    /// How many of `bytes` are `first` and how many are `second`, 16 bytes at a time.
    ///
    /// Each block's matches are added up lane by lane (a matching lane is all ones, so subtracting it adds one),
    /// and the lanes are summed every 255 blocks, before they can overflow: a few instructions per block, with no
    /// bit count (which this target's baseline instruction set does not have, so it is a loop of its own).
    ///
    /// - Complexity: O(*n*), under an instruction per byte.
    static func counts(of first: UInt8, _ second: UInt8,
                       in bytes: UnsafeBufferPointer<UInt8>) -> (first: Int, second: Int) {
        guard let base = bytes.baseAddress else { return (0, 0) }
        let raw = UnsafeRawPointer(base)
        let firstLanes = SIMD16<UInt8>(repeating: first)
        let secondLanes = SIMD16<UInt8>(repeating: second)
        var counts = (first: 0, second: 0)
        var index = 0
        while index <= bytes.count &- 16 {
            var firstSums = SIMD16<UInt8>()
            var secondSums = SIMD16<UInt8>()
            let blocksEnd = min(index &+ 255 &* 16, bytes.count &- 15)
            while index < blocksEnd {
                let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                firstSums &-= unsafeBitCast(block .== firstLanes, to: SIMD16<UInt8>.self)
                secondSums &-= unsafeBitCast(block .== secondLanes, to: SIMD16<UInt8>.self)
                index &+= 16
            }
            counts.first &+= Int(SIMD16<UInt16>(truncatingIfNeeded: firstSums).wrappedSum())
            counts.second &+= Int(SIMD16<UInt16>(truncatingIfNeeded: secondSums).wrappedSum())
        }
        while index < bytes.count {
            if base[index] == first { counts.first &+= 1 } else if base[index] == second { counts.second &+= 1 }
            index &+= 1
        }
        return counts
    }
}
