/// Styled text under construction: UTF-8 bytes and segments, made into a ``StyledText`` once, at the end.
///
/// Templates and interpolations are built from many short pieces — text between tags, decoded references,
/// arguments, literals. Appending each to a `String` cost a string of its own, or a substring's index arithmetic,
/// or hundreds of instructions in `String.append`, per piece; here each piece is a copy of bytes (inline while the
/// text is short, see ``TextBytes``), and the text is made a `String` once, without validating it again.
struct StyledTextBuffer {
    private(set) var bytes: TextBytes
    private(set) var segments: [StyledText.Segment] = []
    /// Where the last segment starts when it is text that ends at the end of `bytes`, so that text appended
    /// next may extend it.
    private var openStart: Int?
    /// The identity of that segment's top attribute node (`nil` for no attributes): text with the same node
    /// extends it after one comparison, without reading the segment back or retaining its stack. The segment
    /// holds the node, so the identity cannot be reused while it is here.
    private var openTop: ObjectIdentifier?

    @inline(__always)
    init(byteCapacity: Int, segmentCapacity: Int) {
        bytes = TextBytes(capacity: byteCapacity)
        segments.reserveCapacity(segmentCapacity)
    }

    /// Room for about `byteCapacity` bytes, and none yet for segments: for an interpolation, whose parts are in
    /// the compact form until they outgrow it (see ``StyledText/CompactSegments``).
    @inline(__always)
    init(byteCapacity: Int) {
        bytes = TextBytes(capacity: byteCapacity)
    }

    /// - Parameter spareBytes: Room for the bytes from an earlier buffer (see ``TextBytes/init(capacity:spare:)``).
    init(byteCapacity: Int, segmentCapacity: Int, spareBytes: [UInt8]) {
        bytes = TextBytes(capacity: byteCapacity, spare: spareBytes)
        segments.reserveCapacity(segmentCapacity)
    }

    /// The room the bytes took, for another buffer; this buffer's bytes are empty afterwards.
    mutating func takeSpareBytes() -> [UInt8] {
        bytes.takeSpareRoom()
    }

    /// Appends UTF-8 bytes, which must be whole scalars, as text with the given attributes.
    mutating func appendText(utf8 piece: UnsafeBufferPointer<UInt8>, stack: AttributeStack) {
        let start = bytes.count
        bytes.append(piece)
        textAppended(from: start, stack: stack)
    }

    /// Appends text with the given attributes.
    mutating func appendText<S: StringProtocol>(_ string: S, stack: AttributeStack) {
        let start = bytes.count
        bytes.append(string)
        textAppended(from: start, stack: stack)
    }

    /// Appends text without recording a segment for it: for text in the compact form, whose parts are kept apart.
    @inline(__always)
    mutating func appendUnlisted<S: StringProtocol>(_ string: S) {
        bytes.append(string)
    }

    /// Appends an integer's decimal digits without recording a segment for them, as ``appendUnlisted(_:)``.
    @inline(__always)
    mutating func appendUnlisted(decimal value: Int) {
        bytes.append(decimal: value)
    }

    /// Takes `segments`, the parts of the text so far (which has none listed yet), so that what follows is listed
    /// after them: where the compact form no longer holds an interpolation's parts.
    mutating func list(_ segments: [StyledText.Segment]) {
        assert(self.segments.isEmpty, "segments listed twice")
        self.segments = segments
        openLastSegment()
    }

    /// Appends an integer's decimal digits, as `description` writes them, with the given attributes.
    mutating func appendText(decimal value: Int, stack: AttributeStack) {
        let start = bytes.count
        bytes.append(decimal: value)
        textAppended(from: start, stack: stack)
    }

    /// Appends UTF-8 text (whole scalars) with its character references decoded, with the given attributes.
    mutating func appendDecodedText(utf8 piece: UnsafeBufferPointer<UInt8>, stack: AttributeStack) {
        let start = bytes.count
        CharacterReferences.decode(piece, inAttributeValue: false, into: &bytes)
        textAppended(from: start, stack: stack)
    }

    /// Appends an image or element segment.
    mutating func appendSegment(_ content: StyledText.Segment.Content, stack: AttributeStack) {
        segments.append(StyledText.Segment(content: content, stack: stack))
        openStart = nil
    }

    /// Appends `other` with its attributes nested inside `outer`.
    mutating func append(_ other: StyledText, inside outer: AttributeStack) {
        let offset = bytes.count
        bytes.append(other.text)
        StyledText.appendSegments(of: other, at: offset, inside: outer, to: &segments)
        openLastSegment()
    }

    /// Lets text appended next extend the last segment, when it is text that ends at the end of the bytes.
    private mutating func openLastSegment() {
        if let last = segments.last, case let .text(range) = last.content, range.upperBound == bytes.count {
            openStart = range.lowerBound
            openTop = last.stack.top.map(ObjectIdentifier.init)
        } else {
            openStart = nil
        }
    }

    /// The styled text built. Every segment is already in `segments`, so nothing is appended to an array that
    /// a copy of this buffer may share. The segments are moved out, not retained (and released with the buffer);
    /// nothing is appended afterwards, though the bytes' room may still be taken (``takeSpareBytes()``).
    mutating func finish() -> StyledText {
        assert(!segments.isEmpty || bytes.count == 0, "text with no segments: use finishCompact(_:)")
        var taken: [StyledText.Segment] = []
        swap(&taken, &segments)
        openStart = nil
        return StyledText(text: bytes.makeString(), segments: taken)
    }

    /// The styled text built, whose parts are `compact` and the plain text around them (none are listed).
    mutating func finishCompact(_ compact: StyledText.CompactSegments) -> StyledText {
        assert(segments.isEmpty, "parts listed and compact")
        return StyledText(text: bytes.makeString(), compact: compact)
    }

    /// Records that the bytes from `start` to the end are text with the given attributes: the last segment takes
    /// them when it is text with equal attributes, which keeps equal neighbours coalesced.
    @inline(__always)
    private mutating func textAppended(from start: Int, stack: AttributeStack) {
        guard start < bytes.count else { return }
        let top = stack.top.map(ObjectIdentifier.init)
        if let openStart {
            if top == openTop {
                segments[segments.count - 1].content = .text(openStart..<bytes.count)
                return
            }
            // Distinct nodes may still be equal stacks (`\("a", .b)\("c", .b)`): compare them in full. The segment
            // then takes the newer stack, so that more text with it (a template builder shares equal nodes) extends
            // the segment after one identity comparison.
            if top != nil, openTop != nil, segments[segments.count - 1].stack == stack {
                segments[segments.count - 1] = StyledText.Segment(content: .text(openStart..<bytes.count), stack: stack)
                openTop = top
                return
            }
        }
        segments.append(StyledText.Segment(content: .text(start..<bytes.count), stack: stack))
        openStart = start
        openTop = top
    }
}
