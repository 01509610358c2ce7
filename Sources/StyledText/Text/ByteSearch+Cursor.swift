extension ByteSearch {
    /// A forward search that stops at every value in turn: the next stop is the lowest bit of a word that holds the
    /// matches of 64 bytes (``ByteSearch/matches(inBlockAt:of:)``), kept between stops.
    ///
    /// ``ByteSearch/firstIndex(in:from:byHalves:)`` starts again at each stop, and its loop ends after a number of
    /// blocks that varies from stop to stop: in the plain text of the benchmarks' megabyte, which stops 32,300
    /// times, callgrind's branch simulator counted 32,400 mispredictions there a call, against 18,900 here. Here a
    /// stop within the block costs a shift and a bit count, and a block is read only when the word runs out or the
    /// caller has moved past it (a tag read to its end, say): 15,700 blocks of 64 a call. The instructions come to
    /// about the same (1.33 M a call either way), as every byte of a block is compared, tags' bytes included.
    struct Cursor {
        private let search: ByteSearch
        /// Where the block of `pending` starts. At first 64 bytes before the start, so the first stop reads a block.
        private var blockStart = -64
        /// The values from `blockStart` on: bit *i* for byte `blockStart + i`, cleared below the last stop asked
        /// for, so that the lowest bit set is the next stop.
        private var pending: UInt64 = 0

        init(_ search: ByteSearch) {
            self.search = search
        }

        /// The index of the first byte at or after `index` that is one of the values, or `bytes.count` (also when
        /// `index` is past the end). `bytes` must be the same on every call, and `index` must not be before the
        /// last call's: the word holds nothing from before it.
        @inline(__always)
        mutating func next(from index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
            // Unsigned: an index past the block, or before it (never, as the scan calls it), reads a new block.
            let offset = UInt(bitPattern: index &- blockStart)
            if offset < 64 {
                pending &= UInt64.max &<< UInt64(truncatingIfNeeded: offset)
            } else {
                blockStart = index
                pending = search.matches(inBlockAt: index, of: bytes)
            }
            while pending == 0 {
                blockStart &+= 64
                guard blockStart < bytes.count else { return bytes.count }
                pending = search.matches(inBlockAt: blockStart, of: bytes)
            }
            return blockStart &+ pending.trailingZeroBitCount
        }
    }
}
