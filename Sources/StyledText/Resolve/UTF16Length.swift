// The compiler's own module of the x86 vector intrinsics (Clang's headers), for `psadbw`: no dependency.
#if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
import _Builtin_intrinsics.intel
#endif

/// UTF-16 lengths counted from UTF-8 bytes, for the UTF-16 ranges of runs: every byte but a continuation byte
/// (10xxxxxx) starts a scalar, and a scalar of four bytes (leader 11110xxx) needs two UTF-16 units.
///
/// Sixteen bytes at a time, in SIMD lanes (SSE2, which every x86-64 has; NEON on ARM): each lane counts the units
/// its bytes start, and the lanes are summed every 127 vectors (2 × 127 < 256, so no lane overflows a byte).
/// Eight bytes at a time in a `UInt64`, with bit tricks per byte, cost 173 instructions per run of the sentence
/// benchmark (a few dozen bytes each) against 129 for vectors of shifts and masks, and the signed comparisons of
/// ``units(startedBy:)-(SIMD16<UInt8>)`` save another 280 instructions a sentence.
enum UTF16Length {
    /// The UTF-16 length of `text`. `Substring.utf16.count` would build breadcrumbs for the whole underlying
    /// string the first time, which costs more than a short run.
    static func of(_ text: Substring) -> Int {
        text.utf8.withContiguousStorageIfAvailable { of(0..<$0.count, in: $0) } ?? text.utf16.count
    }

    /// The UTF-16 length of bytes `range` of `bytes`, which hold whole scalars there.
    ///
    /// A range of up to 64 bytes in a buffer of at least 64 (86 % of the sentence benchmark's runs) is counted in
    /// one window of four vectors with nothing decided by its length (``ofShort(_:in:count:)``). Looping over its
    /// vectors took fewer instructions (about 75 a run with the call, against 110) but more time: how many times
    /// the loop runs changes from run to run, so its last test was mispredicted about once a run. Over the
    /// benchmark's 1,000 sentences, more than the processor's branch predictor learns, that was 57 ns of the 1,127
    /// a sentence took (`Profile sentences:1000`; see "The sentences' variety" in Docs/Performance.md).
    ///
    /// Otherwise the bytes left after the last whole vector are counted in one more vector, read from `bytes`
    /// around them and masked: counting a run's last few bytes one by one cost as much as the vectors before.
    /// Fewer than 4 bytes in all are counted one by one, which costs less than setting up the vectors.
    static func of(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        if range.count <= 64, bytes.count >= 64, let base = bytes.baseAddress {
            return ofShort(range, in: base, count: bytes.count)
        }
        guard let base = bytes.baseAddress, bytes.count >= 16, range.count >= 4 else {
            return range.reduce(0) { count, index in count &+ units(startedBy: bytes[index]) }
        }
        let raw = UnsafeRawPointer(base)
        var index = range.lowerBound
        if range.count <= 16 &* 127 {
            // The usual run, a few dozen bytes: one set of lanes, without counting vectors towards a sum.
            var lanes = SIMD16<UInt8>()
            while range.upperBound &- index >= 16 {
                lanes &+= units(startedBy: raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self))
                index &+= 16
            }
            if index < range.upperBound {
                lanes &+= unitsOfLastVector(from: index, to: range.upperBound, in: bytes)
            }
            return sum(lanes)
        }
        var count = 0
        while index < range.upperBound {
            var lanes = SIMD16<UInt8>()
            var vectors = 0
            while vectors < 127, range.upperBound &- index >= 16 {
                lanes &+= units(startedBy: raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self))
                vectors &+= 1
                index &+= 16
            }
            if vectors < 127, index < range.upperBound {
                lanes &+= unitsOfLastVector(from: index, to: range.upperBound, in: bytes)
                index = range.upperBound
            }
            count &+= sum(lanes)
        }
        return count
    }

    /// The UTF-16 length of bytes `range`, at most 64, of the `count` bytes at `base`, at least 64: the 64 bytes
    /// from the range's start, or the last 64 when fewer are left, counted in four vectors whose lanes outside the
    /// range count nothing. Lane *i* of vector *k* is inside when `16k + i - first`, taken as an unsigned byte, is
    /// below the range's length, with `first` the range's offset in the window: one unsigned comparison a vector.
    @inline(__always)
    private static func ofShort(_ range: Range<Int>, in base: UnsafePointer<UInt8>, count: Int) -> Int {
        let start = Swift.min(range.lowerBound, count &- 64)
        let indices = SIMD16<UInt8>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
        var position = indices &- SIMD16<UInt8>(repeating: UInt8(truncatingIfNeeded: range.lowerBound &- start))
        let length = SIMD16<UInt8>(repeating: UInt8(truncatingIfNeeded: range.count))
        let raw = UnsafeRawPointer(base + start)
        var lanes = SIMD16<UInt8>()
        for vector in 0..<4 {
            let inside = unsafeBitCast(position .< length, to: SIMD16<UInt8>.self)
            lanes &+= units(startedBy: raw.loadUnaligned(fromByteOffset: vector &* 16, as: SIMD16<UInt8>.self)) & inside
            position &+= SIMD16<UInt8>(repeating: 16)
        }
        return sum(lanes)
    }

    /// The UTF-16 units each byte accounts for, as `units(startedBy:)` counts them for one byte, by signed
    /// comparisons (`pcmpgtb`), whose lanes are all ones (255) where they hold. Read as `Int8`, a continuation byte
    /// (0x80…0xBF) is -128…-65. A four-byte leader (0xF0…0xFF) is the one byte that adding 0x90 takes to
    /// 0x80…0x8F, -128…-113: adding 0x10 would take it to 0x00…0x0F, and the 0x80 more makes that range the
    /// lowest of the signed bytes, for a signed comparison. Seven instructions a vector; the shifts and masks of
    /// the unsigned bytes this replaced (SSE has no byte shift) were sixteen.
    // Every SIMD type spelled out: with `SIMD16(repeating:)` left to inference, the comparisons compiled to a
    // loop over the lanes (a sentence's runs took 60 % more instructions).
    @inline(__always)
    private static func units(startedBy bytes: SIMD16<UInt8>) -> SIMD16<UInt8> {
        let signed = unsafeBitCast(bytes, to: SIMD16<Int8>.self)
        let continuation = unsafeBitCast(signed .< SIMD16<Int8>(repeating: -64), to: SIMD16<UInt8>.self)
        let shifted = signed &+ SIMD16<Int8>(repeating: -112)  // + 0x90, wrapping
        let fourByteLeader = unsafeBitCast(shifted .< SIMD16<Int8>(repeating: -112), to: SIMD16<UInt8>.self)
        // 1 + 255 wraps to 0 for a continuation byte; 1 - 255 wraps to 2 for a four-byte leader.
        return (SIMD16<UInt8>(repeating: 1) &+ continuation) &- fourByteLeader
    }

    /// The units of bytes `index..<end`, fewer than 16, of `bytes` (at least 16 long), in lanes: read as the 16 bytes
    /// from `index`, or the buffer's last 16 when fewer are left, which hold the rest of the range, and the lanes
    /// outside it count nothing. Read from `index`, the usual case, the lanes inside are the first ones: one
    /// comparison makes their mask.
    @inline(__always)
    private static func unitsOfLastVector(from index: Int, to end: Int, in bytes: UnsafeBufferPointer<UInt8>)
        -> SIMD16<UInt8> {
        let start = Swift.min(index, bytes.count &- 16)
        let inside = start == index ? lanes(below: end &- start) : mask(from: index &- start, to: end &- start)
        let vector = UnsafeRawPointer(bytes.baseAddress!).loadUnaligned(fromByteOffset: start, as: SIMD16<UInt8>.self)
        return units(startedBy: vector) & inside
    }

    /// All ones in lanes `0..<end` (0 < end ≤ 16), zero elsewhere.
    @inline(__always)
    private static func lanes(below end: Int) -> SIMD16<UInt8> {
        let indices = SIMD16<Int8>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
        return unsafeBitCast(indices .< SIMD16<Int8>(repeating: Int8(truncatingIfNeeded: end)), to: SIMD16<UInt8>.self)
    }

    /// All ones in lanes `first..<end` (0 ≤ first < end ≤ 16), zero elsewhere. Lane `i` is below `n` when `i - n`
    /// is negative, so the sign bits say which lanes are inside, and an arithmetic shift spreads them.
    @inline(__always)
    private static func mask(from first: Int, to end: Int) -> SIMD16<UInt8> {
        let indices = SIMD16<Int8>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
        let belowEnd = indices &- SIMD16(repeating: Int8(truncatingIfNeeded: end))
        let belowFirst = indices &- SIMD16(repeating: Int8(truncatingIfNeeded: first))
        return unsafeBitCast((belowEnd & ~belowFirst) &>> 7, to: SIMD16<UInt8>.self)
    }

    /// The sum of the lanes, each at most 254: pairs of lanes added into 16 bits, and those four to a `UInt64`
    /// added by one multiplication.
    @inline(__always)
    private static func sum(_ lanes: SIMD16<UInt8>) -> Int {
        let words = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
        let pairs = (words & 0x00FF_00FF_00FF_00FF) &+ ((words &>> 8) & 0x00FF_00FF_00FF_00FF)
        let quads = pairs[0] &+ pairs[1]
        return Int(truncatingIfNeeded: (quads &* 0x0001_0001_0001_0001) >> 48)
    }

    /// The UTF-16 units a UTF-8 byte accounts for: 1 for the first byte of a scalar, 2 for that of a four-byte
    /// one, 0 for a continuation byte (the two-unit scalar counts its second unit at its leader).
    @inline(__always)
    private static func units(startedBy byte: UInt8) -> Int {
        (byte & 0xC0 != 0x80 ? 1 : 0) &+ (byte >= 0xF0 ? 1 : 0)
    }
}

extension UTF16Length {
    /// The UTF-16 offsets of UTF-8 offsets into one text, asked for in order: the ends of the runs that cover a
    /// text one after the other.
    ///
    /// Counting each run on its own (``UTF16Length/of(_:in:)``) reads a window of 64 bytes a run, about 110
    /// instructions for a run of a few dozen bytes. Here the text is counted once, 16 bytes at a time, into a
    /// table of how many units come before each block of 16; an offset is then its block's entry and the units of
    /// the bytes before it in that block, one vector, with nothing decided by where it falls. The table, inline,
    /// covers a window of ``windowBlocks`` blocks, and moves on as the offsets do.
    struct Offsets {
        /// How many blocks of 16 bytes a window counts: 1 KB of text.
        static let windowBlocks = 64

        /// The text, of at least 16 bytes.
        private let bytes: UnsafeBufferPointer<UInt8>
        /// Sixteen zero bytes, sixteen of ones, sixteen zero: the 16 from byte `16 - first` are ones in lanes
        /// `first...`, those from `32 - end` in lanes `..<end`. Two loads make a mask of lanes `first..<end` in 5
        /// instructions, where comparing lane numbers with both bounds took 12.
        private var band: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, .max, .max, 0, 0)
        /// Entry *k*: the units of the window's first *k* blocks; entries `0...blocks` are set (65 of its 80).
        private var table = (SIMD64<UInt16>(), SIMD16<UInt16>())
        /// Where the window starts, a multiple of 16.
        private var windowStart = 0
        /// How many whole blocks of the text the window counts.
        private var blocks = 0
        /// The units before the window.
        private var unitsBefore = 0

        /// The offsets of `bytes`, whole scalars, at least 16 of them (a shorter text's runs are counted each on its
        /// own, by ``UTF16Length/of(_:in:)``).
        init(of bytes: UnsafeBufferPointer<UInt8>) {
            assert(bytes.count >= 16, "offsets of a text shorter than a vector")
            self.bytes = bytes
        }

        /// The UTF-16 offset of UTF-8 offset `end`, a scalar boundary no lower than the last one asked for.
        @inline(__always)
        mutating func offset(at end: Int) -> Int {
            assert(end >= windowStart && end <= bytes.count, "offsets asked for out of order")
            var block = (end &- windowStart) &>> 4
            if block > blocks {
                advance(to: end)
                block = (end &- windowStart) &>> 4
            }
            // The block's 16 bytes, or the text's last 16 when they run past its end; the lanes from the block's
            // start up to `end` count.
            let blockStart = windowStart &+ block &<< 4
            let start = Swift.min(blockStart, bytes.count &- 16)
            let vector = UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped)
                .loadUnaligned(fromByteOffset: start, as: SIMD16<UInt8>.self)
            let inside = withUnsafeBytes(of: &band) { band in
                band.loadUnaligned(fromByteOffset: 16 &- (blockStart &- start), as: SIMD16<UInt8>.self)
                    & band.loadUnaligned(fromByteOffset: 32 &- (end &- start), as: SIMD16<UInt8>.self)
            }
            let before = withUnsafeBytes(of: &table) { $0.load(fromByteOffset: block &<< 1, as: UInt16.self) }
            return unitsBefore &+ Int(before) &+ sumOfLanes(UTF16Length.units(startedBy: vector) & inside)
        }

        /// Moves the window on until it counts the block `end` is in. Out of line: once every 1 KB.
        @inline(never)
        private mutating func advance(to end: Int) {
            let base = UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped)
            withUnsafeMutableBytes(of: &table) { table in
                repeat {
                    unitsBefore &+= Int(table.load(fromByteOffset: blocks &<< 1, as: UInt16.self))
                    windowStart &+= blocks &<< 4
                    blocks = Swift.min(Self.windowBlocks, (bytes.count &- windowStart) &>> 4)
                    let raw = base + windowStart
                    // At most 32 a block (16 bytes of at most 2 units), 2,048 a window. Two blocks at a time, whose
                    // sums share their last steps: 14 instructions a block, against 17 one at a time.
                    var units = 0
                    var block = 0
                    while block &+ 2 <= blocks {
                        let (first, second) = sumsOfLanes(
                            UTF16Length.units(startedBy: raw.loadUnaligned(fromByteOffset: block &<< 4,
                                                                           as: SIMD16<UInt8>.self)),
                            UTF16Length.units(startedBy: raw.loadUnaligned(fromByteOffset: block &<< 4 &+ 16,
                                                                           as: SIMD16<UInt8>.self)))
                        units &+= first
                        table.storeBytes(of: UInt16(truncatingIfNeeded: units), toByteOffset: (block &+ 1) &<< 1,
                                         as: UInt16.self)
                        units &+= second
                        table.storeBytes(of: UInt16(truncatingIfNeeded: units), toByteOffset: (block &+ 2) &<< 1,
                                         as: UInt16.self)
                        block &+= 2
                    }
                    if block < blocks {
                        let vector = raw.loadUnaligned(fromByteOffset: block &<< 4, as: SIMD16<UInt8>.self)
                        units &+= sumOfLanes(UTF16Length.units(startedBy: vector))
                        table.storeBytes(of: UInt16(truncatingIfNeeded: units), toByteOffset: (block &+ 1) &<< 1,
                                         as: UInt16.self)
                    }
                } while (end &- windowStart) &>> 4 > blocks
            }
        }
    }

    /// The sum of the lanes, each at most 2: by `psadbw` on x86-64, which sums each 8 lanes in one instruction;
    /// elsewhere as ``sum(_:)``.
    @inline(__always)
    private static func sumOfLanes(_ lanes: SIMD16<UInt8>) -> Int {
        #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
        let sums = _mm_sad_epu8(unsafeBitCast(lanes, to: __m128i.self), _mm_setzero_si128())
        return Int(truncatingIfNeeded: _mm_cvtsi128_si64(_mm_add_epi64(sums, _mm_unpackhi_epi64(sums, sums))))
        #else
        return sum(lanes)
        #endif
    }

    /// The sums of the lanes of two vectors, as ``sumOfLanes(_:)`` gives them, their last steps shared.
    @inline(__always)
    private static func sumsOfLanes(_ first: SIMD16<UInt8>, _ second: SIMD16<UInt8>) -> (Int, Int) {
        #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
        let zero = _mm_setzero_si128()
        let firstSums = _mm_sad_epu8(unsafeBitCast(first, to: __m128i.self), zero)
        let secondSums = _mm_sad_epu8(unsafeBitCast(second, to: __m128i.self), zero)
        let sums = _mm_add_epi64(_mm_unpacklo_epi64(firstSums, secondSums), _mm_unpackhi_epi64(firstSums, secondSums))
        return (Int(truncatingIfNeeded: _mm_cvtsi128_si64(sums)),
                Int(truncatingIfNeeded: _mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums))))
        #else
        return (sum(first), sum(second))
        #endif
    }
}
