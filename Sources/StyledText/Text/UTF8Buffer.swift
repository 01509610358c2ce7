/// Output under construction as UTF-8 bytes: what the HTML and ANSI writers and the plain-text scan of templates
/// append to.
///
/// A growing buffer of its own rather than `[UInt8]`: the writers append a few bytes at a time, hundreds of
/// thousands of times per megabyte, and here an append is a capacity check and a copy. Writers append whole
/// Unicode scalars only — fixed ASCII strings, stretches of valid text cut next to an ASCII byte or a whole
/// scalar, and decoded or replacement scalars — so the bytes are always valid UTF-8, and ``takeString()`` makes
/// them a `String` without decoding them again where the standard library allows it.
struct UTF8Buffer: ~Copyable {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The number of bytes in the buffer: every byte written, or for a streaming buffer those not yet moved into
    /// its string.
    private(set) var count = 0
    /// The number of bytes a streaming buffer has moved into its string; 0 for a buffer that grows.
    private var moved = 0
    /// The number of bytes written: ``count`` and those moved into a streaming buffer's string. What offsets into
    /// the finished text are counted in.
    var length: Int { moved &+ count }

    /// The bytes moved out of a streaming buffer each time it filled (see ``init(streaming:)``), or `nil` for a
    /// buffer that grows instead.
    private var streamed: String?
    /// What the string of a streaming buffer reserved.
    private var estimate = 0

    /// How many bytes a streaming buffer holds before it moves them into its string.
    static let streamingChunk = 64 * 1024

    /// Where the buffer's memory goes when it is done, for the next buffer on the thread, rather than being freed;
    /// `nil` to free it.
    private let room: UnsafeMutablePointer<SpareRoom>?

    init(capacity: Int = 64) {
        self.capacity = max(capacity, 16)
        start = Heap.allocate(UInt8.self, capacity: self.capacity)
        room = nil
    }

    /// A buffer of at least `capacity` bytes in the memory `room` keeps, when it has that many, and that leaves its
    /// memory there when it is done (see ``SpareRoom``).
    init(capacity: Int, room: UnsafeMutablePointer<SpareRoom>?) {
        self.room = room
        if let kept = room?.pointee.take(atLeast: capacity) {
            self.capacity = kept.byteCount
            start = kept.start.bindMemory(to: UInt8.self, capacity: kept.byteCount)
        } else {
            self.capacity = max(capacity, 16)
            start = Heap.allocate(UInt8.self, capacity: self.capacity)
        }
    }

    /// A buffer for a text of about `estimate` bytes that, when that is more than `chunk`, moves its bytes into
    /// the resulting string whenever it fills rather than growing: what a renderer writes a document into, and the
    /// template scan the text of a template longer than a chunk.
    ///
    /// A growing buffer holds the whole text, and ``takeString()`` then copies it into a string of the same size:
    /// the text's memory twice over, all of it pages the allocator may have just handed back to the system and
    /// must fault in again. Here the buffer is one chunk, and the string, which reserves `estimate` bytes, is the
    /// only memory the size of the text. Rendering the benchmarks' 1 MB document as HTML faulted in about a
    /// thousand pages a call that way, and took 4.3–5.0 ms against 2.6–2.8 ms streaming. (A chunk is made a
    /// string before it is appended, a second copy of bytes still in cache: the standard library has no way to
    /// append bytes to a string without validating them.) The string keeps the capacity it reserved, so
    /// `estimate` should not be far above the text's length; when the text comes to less than half of it,
    /// ``takeString()`` copies it into a string of its own size (``fitted(_:reserved:)``).
    ///
    /// - Parameter chunk: The buffer's size; smaller in tests, to move bytes at every kind of boundary.
    init(streaming estimate: Int, chunk: Int = streamingChunk) {
        if estimate > chunk {
            var string = String()
            string.reserveCapacity(estimate)
            streamed = string
            self.estimate = estimate
            capacity = max(chunk, 1)
        } else {
            capacity = max(estimate, 16)
        }
        start = Heap.allocate(UInt8.self, capacity: capacity)
        room = nil
    }

    deinit {
        if let room {
            room.pointee.keep(UnsafeMutableRawPointer(start), byteCount: capacity)
        } else {
            Heap.deallocate(start)
        }
    }

    /// Appends bytes that hold whole scalars.
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let end = count + bytes.count
        guard end <= capacity else { return appendMakingRoom(bytes) }
        // `copyMemory` is a `memcpy`; typed `initialize(from:count:)` is a byte loop here.
        UnsafeMutableRawPointer(start + count).copyMemory(from: source, byteCount: bytes.count)
        count = end
    }

    /// ``append(_:)`` when the bytes do not fit: out of line, so that the append that fits keeps its end in a
    /// register (making room may move the bytes so far out, and change the count).
    ///
    /// A streaming buffer takes the bytes through its chunk, as much as fills it at a time, cut between scalars:
    /// a piece longer than the chunk (a template's unterminated tag or comment, which stays text to the end, or a
    /// long argument) then never needs memory its size beside the string. Grown to hold such a piece, the chunk
    /// was one more copy of it, or as a string of its own one more allocation its size, and the allocator handed
    /// that memory back to the system after every call: an unterminated 4 MB tag took 10–11 ms, not 5.7.
    @inline(never)
    private mutating func appendMakingRoom(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard streamed != nil else {
            makeRoom(for: bytes.count)
            UnsafeMutableRawPointer(start + count).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
            count += bytes.count
            return
        }
        var rest = bytes
        while !rest.isEmpty {
            var length = Swift.min(capacity &- count, rest.count)
            // Cut before a continuation byte (10xxxxxx) at most three times: between scalars.
            if length < rest.count {
                while length > 0, rest[length] & 0xC0 == 0x80 { length &-= 1 }
            }
            if length > 0 {
                UnsafeMutableRawPointer(start + count).copyMemory(from: rest.baseAddress!, byteCount: length)
                count &+= length
                rest = UnsafeBufferPointer(rebasing: rest[length...])
            }
            guard !rest.isEmpty else { return }
            if count > 0 {
                moveIntoString()
            } else {
                // A chunk smaller than one scalar (only in tests): the rest goes straight into the string.
                moved &+= rest.count
                streamed!.append(String(builtFromValidUTF8: rest))
                return
            }
        }
    }

    /// Appends bytes `range` of `bytes`, which hold whole scalars there: ``append(_:)``, with a stretch of at most
    /// 64 bytes copied as 64 (four 16-byte vectors) when `bytes` extends 64 bytes past its start and the buffer has
    /// room for 64 more. Most stretches between a template's markup are that short, and calling `memcpy` for each
    /// cost more than the copy (longer ones go to `memcpy`: a loop of vectors was no faster for them). The bytes
    /// written past the stretch are spare room, overwritten by later appends.
    @inline(__always)
    mutating func append(_ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>) {
        // A range's bounds are ordered: nothing to check for overflow (`count` checked, an instruction per stretch).
        let length = range.upperBound &- range.lowerBound
        if length <= 64, let base = bytes.baseAddress, bytes.count &- range.lowerBound >= 64, capacity &- count >= 64 {
            let source = UnsafeRawPointer(base + range.lowerBound)
            let destination = UnsafeMutableRawPointer(start + count)
            // All 64 bytes whatever the length: a fixed-size `copyMemory`, which the compiler writes as four vector
            // moves. (Two vectors up to 32 bytes, the second only past 16, tested the length twice, and callgrind's
            // branch simulator counted 82,000 mispredictions a call for the plain text's megabyte, against 67,300
            // with this copy; four `loadUnaligned` vectors stayed calls in the scan's loop.)
            destination.copyMemory(from: source, byteCount: 64)
            count &+= length
            return
        }
        append(UnsafeBufferPointer(rebasing: bytes[range]))
    }

    /// Appends a fixed string without any copy but the bytes' own.
    @inline(__always)
    mutating func append(_ string: StaticString) {
        append(UnsafeBufferPointer(start: string.utf8Start, count: string.utf8CodeUnitCount))
    }

    mutating func append(contentsOf string: String) {
        string.withUTF8Bytes { append($0) }
    }

    /// Bytes `range` of the buffer, valid until it next changes.
    @inline(__always)
    func bytes(in range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: start + range.lowerBound, count: range.count)
    }

    /// Appends bytes `range` of another buffer, such as a table of tags made in advance.
    @inline(__always)
    mutating func append(_ other: borrowing UTF8Buffer, range: Range<Int>) {
        // Often empty (no escape sequence to close): no call to `memcpy` then.
        guard !range.isEmpty else { return }
        append(UnsafeBufferPointer(start: other.start + range.lowerBound, count: range.count))
    }

    /// Appends one ASCII byte.
    @inline(__always)
    mutating func append(ascii byte: UInt8) {
        if count == capacity { makeRoom(for: 1) }
        start[count] = byte
        count += 1
    }

    /// Appends one scalar's UTF-8.
    @inline(__always)
    mutating func append(scalar: Unicode.Scalar) {
        if scalar.isASCII {
            append(ascii: UInt8(truncatingIfNeeded: scalar.value))
            return
        }
        if count + 4 > capacity { makeRoom(for: 4) }
        UTF8.encode(scalar) { byte in
            start[count] = byte
            count += 1
        }
    }

    /// Appends the first `count` bytes of `word`, lowest byte first, which hold whole scalars: bytes kept as an
    /// integer (see ``CharacterReferenceMemo``), written with one 8-byte store when there is room for it. The
    /// bytes written past `count` are spare room, overwritten by later appends.
    @inline(__always)
    mutating func append(_ count: Int, bytesOf word: UInt64) {
        precondition(count >= 0 && count <= 8, "a word holds at most 8 bytes")
        if capacity &- self.count < 8 { makeRoom(for: 8) }
        UnsafeMutableRawPointer(start + self.count).storeBytes(of: word.littleEndian, as: UInt64.self)
        self.count &+= count
    }

    /// The last `count` bytes (at most 8) as an integer, lowest byte first and zero above them: what
    /// ``append(_:bytesOf:)`` appends again. `nil` when a streaming buffer has moved some of them into its string.
    func word(ofLast count: Int) -> UInt64? {
        precondition(count >= 0 && count <= min(8, length), "a word holds at most 8 of the bytes written")
        guard count <= self.count else { return nil }
        var word: UInt64 = 0
        var index = 0
        while index < count {
            word |= UInt64(start[self.count - count + index]) << UInt64(index * 8)
            index += 1
        }
        return word
    }

    /// Appends the Unicode control picture for a C0 control byte: U+2400 + the byte, `E2 90 80+byte` in UTF-8.
    mutating func append(controlPicture byte: UInt8) {
        if count + 3 > capacity { makeRoom(for: 3) }
        start[count] = 0xE2
        start[count + 1] = 0x90
        start[count + 2] = 0x80 | byte
        count += 3
    }

    /// Moves the bytes in hand into a streaming buffer's string, where ``length`` goes on counting them.
    private mutating func moveIntoString() {
        moved &+= count
        streamed!.append(takeBytes())
    }

    /// Makes room for `extra` more bytes: moves the bytes so far into the string of a streaming buffer, or grows.
    /// Called before an append writes anything, so the bytes moved end on a whole scalar.
    @inline(never)
    private mutating func makeRoom(for extra: Int) {
        if streamed != nil, count > 0 {
            moveIntoString()
            if extra <= capacity { return }
        }
        let newCapacity = max(count + extra, capacity * 2)
        start = Heap.reallocate(start, count: count, capacity: newCapacity)
        capacity = newCapacity
    }

    /// Appends `text`, letting `escape` replace the bytes in `specials`, and copying every unchanged stretch in
    /// bulk.
    ///
    /// `escape` gets the whole UTF-8 buffer of `text`, the index of a special byte and the output; it appends a
    /// replacement and returns how many bytes it consumed, or appends nothing and returns 0 to keep the byte as
    /// it is. It is only called for bytes in `specials`, which ``ByteSet/firstIndex(in:from:)`` finds 16 bytes at
    /// a time, so plain text costs about one and a half instructions per byte plus the copy.
    ///
    /// - Complexity: O(*n*) in the UTF-8 length of `text`.
    @inline(__always)
    mutating func append(
        escaping text: consuming Substring,
        specials: ByteSet,
        _ escape: (_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ output: inout UTF8Buffer) -> Int
    ) {
        // Native text hands out its bytes; bridged or otherwise foreign text is made native first. (`text` is
        // consumed, so this moves it rather than retaining it again.)
        var text = text
        text.withUTF8 { append(escaping: $0, specials: specials, escape) }
    }

    /// ``append(escaping:specials:_:)`` for text given as its UTF-8 bytes, which hold whole scalars.
    ///
    /// - Parameter spaceAfterSpace: When not `nil`, `escape` is also given each space that follows a space (see
    ///   ``ByteSet/firstIndex(in:from:spaceAfterSpace:)``); its value says whether the byte before `bytes` counts
    ///   as one.
    @inline(__always)
    mutating func append(
        escaping bytes: UnsafeBufferPointer<UInt8>,
        specials: ByteSet,
        spaceAfterSpace: Bool? = nil,
        _ escape: (_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ output: inout UTF8Buffer) -> Int
    ) {
        var stretchStart = 0
        var index = specials.firstIndex(in: bytes, from: 0, spaceAfterSpace: spaceAfterSpace)
        let count = bytes.count
        while index < count {
            if index > stretchStart {
                append(UnsafeBufferPointer(rebasing: bytes[stretchStart..<index]))
            }
            let consumed = escape(bytes, index, &self)
            // A byte kept as it is starts the next stretch.
            stretchStart = consumed > 0 ? index + consumed : index
            index = specials.firstIndex(in: bytes, from: index + max(consumed, 1), spaceAfterSpace: spaceAfterSpace)
        }
        if stretchStart < count {
            append(UnsafeBufferPointer(rebasing: bytes[stretchStart...]))
        }
    }

    /// The text as a string: every append keeps the bytes valid UTF-8 (see above), so they are not validated
    /// again. The buffer is empty afterwards.
    mutating func takeString() -> String {
        guard var string = streamed.take() else { return takeBytes() }
        string.append(takeBytes())
        return Self.fitted(string, reserved: estimate)
    }

    /// The bytes in the buffer as a string, which every append keeps valid UTF-8; the buffer is empty afterwards.
    private mutating func takeBytes() -> String {
        defer { count = 0 }
        return String(builtFromValidUTF8: UnsafeBufferPointer(start: start, count: count))
    }

    /// `string`, which reserved `reserved` bytes: as it is, or, when it holds less than half of that, copied into
    /// a string of its own length, so that a caller keeping it does not keep the spare room too. (A renderer's
    /// estimate allows a few dozen bytes a run for tags, which runs without a style of their own never get: a
    /// megabyte of one-letter runs would otherwise keep 65 MB.)
    static func fitted(_ string: String, reserved: Int) -> String {
        let count = string.utf8.count
        guard count < reserved / 2 else { return string }
        var fitted = String()
        fitted.reserveCapacity(count)
        fitted.append(string)
        return fitted
    }
}

/// A set of byte values, and the search for the next byte in it: the filter of the escaping loops, which lets
/// every byte outside the set through in bulk.
///
/// The search looks at 16 bytes at a time for candidates — every C0 control (below 0x20) and each member from
/// 0x20 up, at most six of those — and byte by byte, in the set itself, only inside a block of 16 that holds a
/// candidate. The sets of the renderers are C0 controls with a few exceptions (tab, line feed) plus a few
/// characters, so an exception costs one block looked at byte by byte.
struct ByteSet: Sendable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    /// The members from 0x20 up, each repeated across a vector; unused ones are 0, which is below 0x20 anyway.
    private var targets: (SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>,
                          SIMD16<UInt8>) = (.zero, .zero, .zero, .zero, .zero, .zero)

    /// 0x20 across a vector, stored and typed: operators on two `SIMD16<UInt8>` values compile to vector
    /// instructions, while the generic ones (a scalar operand, `&`) are left lane by lane.
    private let controlLimit = SIMD16<UInt8>(repeating: 0x20)

    init<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        var targetCount = 0
        for byte in Set(bytes).sorted() {
            insert(byte)
            guard byte >= 0x20 else { continue }
            let target = SIMD16<UInt8>(repeating: byte)
            switch targetCount {
            case 0: targets.0 = target
            case 1: targets.1 = target
            case 2: targets.2 = target
            case 3: targets.3 = target
            case 4: targets.4 = target
            case 5: targets.5 = target
            default: preconditionFailure("a ByteSet holds at most six bytes from 0x20 up")
            }
            targetCount += 1
        }
    }

    private mutating func insert(_ byte: UInt8) {
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

    /// Whether 16 bytes hold a candidate: a C0 control or one of the targets.
    @inline(__always)
    private func hasCandidate(_ block: SIMD16<UInt8>) -> Bool {
        let controls = block .< controlLimit
        let targets = (block .== targets.0) .| (block .== targets.1) .| (block .== targets.2)
            .| (block .== targets.3) .| (block .== targets.4) .| (block .== targets.5)
        // The mask's lanes are all ones or all zeros; testing its 16 bytes as two words stays two instructions,
        // where `any(_:)` is left as a call to a lane-by-lane `min()` here.
        let lanes = unsafeBitCast(controls .| targets, to: (UInt64, UInt64).self)
        return lanes.0 | lanes.1 != 0
    }

    /// Whether 16 bytes hold a space that follows a space: `previous` is the 16 bytes one before them.
    @inline(__always)
    private static func hasSpaceAfterSpace(_ block: SIMD16<UInt8>, previous: SIMD16<UInt8>) -> Bool {
        let space = SIMD16<UInt8>(repeating: 0x20)
        let lanes = unsafeBitCast((block .== space) .& (previous .== space), to: (UInt64, UInt64).self)
        return lanes.0 | lanes.1 != 0
    }

    /// Whether the first 16 bytes of a buffer hold a space that follows a space, the byte before them being one
    /// when `spaceBefore` says so: the spaces' lanes, as two words, moved up one lane (8 bits, the low word's top
    /// lane carried into the high word) and matched against themselves.
    @inline(__always)
    private static func hasSpaceAfterSpace(_ block: SIMD16<UInt8>, spaceBefore: Bool) -> Bool {
        let spaces = unsafeBitCast(block .== SIMD16<UInt8>(repeating: 0x20), to: (UInt64, UInt64).self)
        return spaces.0 & (spaces.0 &<< 8 | (spaceBefore ? 0xFF : 0)) | spaces.1 & (spaces.1 &<< 8 | spaces.0 &>> 56)
            != 0
    }

    /// The index of the first byte at or after `start` that is in the set, or `bytes.count`.
    ///
    /// - Parameter spaceAfterSpace: When not `nil`, also stop at a space that follows a space; its value says
    ///   whether the byte before `bytes` counts as one. A constant at every call, so the test is compiled in or out.
    /// - Complexity: O(*n*) in the bytes searched.
    @inline(__always)
    func firstIndex(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, spaceAfterSpace: Bool? = nil) -> Int {
        guard let base = bytes.baseAddress else { return bytes.count }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        // Whether the byte before `index` is a space, when spaces after spaces are looked for.
        func spaceBefore(_ index: Int) -> Bool {
            index > 0 ? base[index &- 1] == 0x20 : spaceAfterSpace ?? false
        }
        func blockHasCandidate(at index: Int) -> Bool {
            let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            if hasCandidate(block) { return true }
            guard let spaceBefore = spaceAfterSpace else { return false }
            // The 16 bytes one before, except at the buffer's start, which may be the start of its memory.
            guard index > 0 else { return Self.hasSpaceAfterSpace(block, spaceBefore: spaceBefore) }
            return Self.hasSpaceAfterSpace(block, previous: raw.loadUnaligned(fromByteOffset: index &- 1,
                                                                              as: SIMD16<UInt8>.self))
        }
        func isMember(at index: Int) -> Bool {
            let byte = base[index]
            if contains(byte) { return true }
            guard spaceAfterSpace != nil else { return false }
            return byte == 0x20 && spaceBefore(index)
        }
        var index = start
        while true {
            while count &- index >= 16 {
                if blockHasCandidate(at: index) { break }
                index &+= 16
            }
            if count &- index < 16 {
                // Fewer than 16 bytes left: the last 16 bytes of the buffer, when there are that many, cover
                // them in one look (bytes before `index` in that window only cost a false alarm).
                if count >= 16, index < count, !blockHasCandidate(at: count &- 16) { return count }
                while index < count, !isMember(at: index) { index &+= 1 }
                return index
            }
            let blockEnd = index &+ 16
            while index < blockEnd {
                if isMember(at: index) { return index }
                index &+= 1
            }
        }
    }
}
