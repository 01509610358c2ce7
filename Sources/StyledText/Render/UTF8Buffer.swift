/// Output under construction as UTF-8 bytes: what the HTML and ANSI writers append to.
///
/// Appending bytes to an array is a `memcpy`; appending many short `String` slices is not. The bytes are decoded
/// into a `String` once at the end, which validates them in a single pass.
struct UTF8Buffer {
    private(set) var bytes: [UInt8] = []

    mutating func reserveCapacity(_ count: Int) {
        bytes.reserveCapacity(count)
    }

    /// Appends a fixed string without any copy but the bytes' own.
    @inline(__always)
    mutating func append(_ string: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: string.utf8Start, count: string.utf8CodeUnitCount))
    }

    mutating func append(contentsOf string: String) {
        bytes.append(contentsOf: string.utf8)
    }

    /// Appends the Unicode control picture for a C0 control byte: U+2400 + the byte, `E2 90 80+byte` in UTF-8.
    mutating func append(controlPicture byte: UInt8) {
        bytes.append(0xE2)
        bytes.append(0x90)
        bytes.append(0x80 | byte)
    }

    /// Appends `text`, letting `escape` replace the bytes in `specials`, and copying every unchanged span in bulk.
    ///
    /// `escape` gets the whole UTF-8 buffer of `text`, the index of a special byte and the output; it appends a
    /// replacement and returns how many bytes it consumed, or appends nothing and returns 0 to keep the byte as
    /// it is. It is only called for bytes in `specials`, so plain text costs one set lookup per byte.
    ///
    /// - Complexity: O(*n*) in the UTF-8 length of `text`.
    @inline(__always)
    mutating func append(
        escaping text: Substring,
        specials: ByteSet,
        _ escape: (_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ output: inout UTF8Buffer) -> Int
    ) {
        func scan(_ bytes: UnsafeBufferPointer<UInt8>) {
            let specials = specials  // a local copy the optimiser can keep in registers across appends
            var spanStart = 0
            var index = 0
            let count = bytes.count
            while index < count {
                guard specials.contains(bytes[index]) else {
                    index += 1
                    continue
                }
                if index > spanStart {
                    self.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[spanStart..<index]))
                }
                let consumed = escape(bytes, index, &self)
                // A byte kept as it is starts the next span.
                spanStart = index
                index += max(consumed, 1)
                if consumed > 0 { spanStart = index }
            }
            if spanStart < count {
                self.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[spanStart...]))
            }
        }
        if text.utf8.withContiguousStorageIfAvailable(scan) == nil {
            // Bridged or otherwise non-contiguous text: scan a native copy.
            var copy = String(text)
            copy.withUTF8(scan)
        }
    }

    /// The bytes as a string; every writer appends whole scalars, so this never needs repairs.
    var string: String {
        String(decoding: bytes, as: UTF8.self)
    }
}

/// A set of byte values, tested with one shift and one mask: the "needs a closer look" filter of the escaping
/// loops, which lets every other byte through without a branch on its value.
struct ByteSet: Sendable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    init<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        for byte in bytes { insert(byte) }
    }

    mutating func insert(_ byte: UInt8) {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        // Selects rather than branches on the byte's top two bits, so the scan loop stays branch-light.
        let low = byte & 0x40 == 0 ? words.0 : words.1
        let high = byte & 0x40 == 0 ? words.2 : words.3
        let word = byte & 0x80 == 0 ? low : high
        return word & (UInt64(1) << UInt64(byte & 63)) != 0
    }
}
