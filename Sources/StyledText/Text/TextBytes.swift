/// The UTF-8 bytes of text under construction: inline, without an allocation, while they are short; in an array
/// once they outgrow that.
///
/// Interpolated texts and filled templates are mostly a line or two. Their bytes fit inline, so the only allocation
/// the text costs is the `String` made at the end; collecting them in an array first cost a second one, and
/// appending each piece to a `String` cost hundreds of instructions a piece.
struct TextBytes {
    /// How many bytes are kept inline.
    static let inlineCapacity = 128

    private typealias InlineStorage = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                                       UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
    private var inline: InlineStorage = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    /// The bytes once they no longer fit inline (the first `count`); until then, empty or spare room given to
    /// ``init(capacity:spare:)``. Its elements past `count` are room (zeros, or an earlier text's stale bytes), so
    /// that appending is a copy into the array rather than `append(contentsOf:)`, which costs about a hundred
    /// instructions before it copies anything.
    private var array: [UInt8] = []
    private var isInline = true
    /// The number of bytes.
    private(set) var count = 0

    /// Storage for about `capacity` bytes: inline when they fit, otherwise an array reserved up front, or `spare`
    /// when it has the room (kept for when the bytes outgrow their inline storage).
    ///
    /// - Parameter spare: Room an earlier text's bytes took (``takeSpareRoom()``): every element is room, and
    ///   what it holds is overwritten before it is read.
    init(capacity: Int, spare: [UInt8]) {
        array = spare
        if capacity > Self.inlineCapacity { moveToArray(capacity: capacity) }
    }

    /// Storage for about `capacity` bytes: inline when they fit, otherwise an array reserved up front.
    @inline(__always)
    init(capacity: Int) {
        if capacity > Self.inlineCapacity { moveToArray(capacity: capacity) }
    }

    /// The array the bytes outgrew their inline storage into, or the spare room they were given, for another
    /// text to write into; these bytes are empty afterwards.
    mutating func takeSpareRoom() -> [UInt8] {
        var spare: [UInt8] = []
        swap(&spare, &array)
        isInline = true
        count = 0
        return spare
    }

    /// Appends UTF-8 bytes.
    mutating func append(_ piece: UnsafeBufferPointer<UInt8>) {
        guard let source = piece.baseAddress, piece.count > 0 else { return }
        if isInline {
            if piece.count <= Self.inlineCapacity - count {
                let offset = count
                withUnsafeMutableBytes(of: &inline) { storage in
                    Self.copy(source, count: piece.count, to: storage.baseAddress! + offset)
                }
                count += piece.count
                return
            }
            moveToArray(capacity: count + piece.count)
        }
        let offset = count
        if array.count - offset < piece.count { grow(toHold: offset + piece.count) }
        array.withUnsafeMutableBufferPointer { storage in
            Self.copy(source, count: piece.count, to: UnsafeMutableRawPointer(storage.baseAddress! + offset))
        }
        count = offset + piece.count
    }

    /// Appends a string's UTF-8 bytes, in one block when they are contiguous (native strings always are).
    mutating func append<S: StringProtocol>(_ string: S) {
        // Callers in other modules reach this unspecialised; without this the bytes are found through witness
        // tables and associated-type lookups, hundreds of instructions for a short string.
        if S.self == String.self {
            unsafeBitCast(string, to: String.self).withUTF8Bytes { append($0) }
            return
        }
        if string.utf8.withContiguousStorageIfAvailable({ append($0) }) == nil {
            var copy = String(string)
            copy.withUTF8 { append($0) }
        }
    }

    /// Appends an integer's decimal digits, with a `-` when it is negative: what `description` gives.
    mutating func append(decimal value: Int) {
        // Written backwards from the end of 24 bytes: `Int.min` has 19 digits and a sign.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { storage in
            var position = storage.count
            var magnitude = value.magnitude
            repeat {
                position -= 1
                storage[position] = UInt8(truncatingIfNeeded: magnitude % 10) &+ UInt8(ascii: "0")
                magnitude /= 10
            } while magnitude != 0
            if value < 0 {
                position -= 1
                storage[position] = UInt8(ascii: "-")
            }
            append(UnsafeBufferPointer(rebasing: storage.bindMemory(to: UInt8.self)[position...]))
        }
    }

    /// Appends one scalar's UTF-8.
    mutating func append(scalar: Unicode.Scalar) {
        var encoded: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &encoded) { storage in
            var length = 0
            UTF8.encode(scalar) { byte in
                storage[length] = byte
                length += 1
            }
            append(UnsafeBufferPointer(rebasing: storage.bindMemory(to: UInt8.self)[..<length]))
        }
    }

    /// The bytes as a string. Every writer appends whole scalars of valid UTF-8 (slices of valid strings cut next
    /// to ASCII bytes, encoded scalars), so they are not validated again.
    mutating func makeString() -> String {
        let count = count
        guard isInline else {
            return array.withUnsafeBufferPointer { array in
                String(builtFromValidUTF8: UnsafeBufferPointer(rebasing: array[..<count]))
            }
        }
        return withUnsafeBytes(of: &inline) { storage in
            String(builtFromValidUTF8: UnsafeBufferPointer(start: storage.baseAddress?.assumingMemoryBound(to: UInt8.self),
                                                           count: count))
        }
    }

    /// Moves the inline bytes to the array, which is made with room for `capacity` bytes (or twice the bytes)
    /// unless the spare room it holds is enough.
    private mutating func moveToArray(capacity: Int) {
        let room = Swift.max(capacity, 2 * count)
        if array.count < room {
            array = []
            array.reserveCapacity(room)
            array.append(contentsOf: repeatElement(0, count: array.capacity))
        }
        let count = count
        array.withUnsafeMutableBufferPointer { storage in
            withUnsafeBytes(of: &inline) { inline in
                storage.baseAddress!.update(from: inline.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count)
            }
        }
        isInline = false
    }

    /// Copies bytes between buffers that do not overlap. Up to 16 bytes (most pieces: words, names, numbers)
    /// as two overlapping loads and stores; a call to `memmove` cost more than such a copy.
    @inline(__always)
    private static func copy(_ source: UnsafePointer<UInt8>, count: Int, to destination: UnsafeMutableRawPointer) {
        let source = UnsafeRawPointer(source)
        func copyEnds<Word: FixedWidthInteger>(_: Word.Type) {
            let size = MemoryLayout<Word>.size
            let head = source.loadUnaligned(as: Word.self)
            let tail = source.loadUnaligned(fromByteOffset: count - size, as: Word.self)
            destination.storeBytes(of: head, as: Word.self)
            destination.storeBytes(of: tail, toByteOffset: count - size, as: Word.self)
        }
        switch count {
        case 0: break
        case 1: destination.storeBytes(of: source.load(as: UInt8.self), as: UInt8.self)
        case 2..<4: copyEnds(UInt16.self)
        case 4..<8: copyEnds(UInt32.self)
        case 8...16: copyEnds(UInt64.self)
        default: destination.copyMemory(from: source, byteCount: count)
        }
    }

    /// Makes spare room for at least `capacity` bytes in all, doubling so that appending stays amortised O(1).
    private mutating func grow(toHold capacity: Int) {
        array.append(contentsOf: repeatElement(0, count: Swift.max(capacity, 2 * array.count) - array.count))
    }
}
