/// Styled text under construction: UTF-8 bytes and segments, made into a ``StyledText`` once, at the end.
///
/// Templates are built from many short pieces — text between tags, decoded references, arguments. Appending each
/// to a `String` cost a string of its own, or a substring's index arithmetic, per piece; here each piece is a
/// copy of bytes into one array, and the text is validated and made a `String` once.
struct StyledTextBuffer {
    private(set) var bytes: [UInt8] = []
    private(set) var segments: [StyledText.Segment] = []

    init(byteCapacity: Int, segmentCapacity: Int) {
        bytes.reserveCapacity(byteCapacity)
        segments.reserveCapacity(segmentCapacity)
    }

    /// Appends UTF-8 bytes, which must be whole scalars, as text with the given attributes.
    mutating func appendText(utf8 piece: UnsafeBufferPointer<UInt8>, stack: AttributeStack) {
        let start = bytes.count
        bytes.append(contentsOf: piece)
        StyledText.extendOrAppendText(start..<bytes.count, stack: stack, in: &segments)
    }

    /// Appends text with the given attributes.
    mutating func appendText<S: StringProtocol>(_ string: S, stack: AttributeStack) {
        let start = bytes.count
        appendBytes(of: string)
        StyledText.extendOrAppendText(start..<bytes.count, stack: stack, in: &segments)
    }

    /// Appends text that `write` appends as UTF-8 bytes (whole scalars), with the given attributes.
    mutating func appendText(stack: AttributeStack, _ write: (inout [UInt8]) -> Void) {
        let start = bytes.count
        write(&bytes)
        StyledText.extendOrAppendText(start..<bytes.count, stack: stack, in: &segments)
    }

    /// Appends an image or element segment.
    mutating func appendSegment(_ content: StyledText.Segment.Content, stack: AttributeStack) {
        segments.append(StyledText.Segment(content: content, stack: stack))
    }

    /// Appends `other` with its attributes nested inside `outer`.
    mutating func append(_ other: StyledText, inside outer: AttributeStack) {
        let offset = bytes.count
        appendBytes(of: other.text)
        StyledText.appendSegments(of: other, at: offset, inside: outer, to: &segments)
    }

    /// Copies the string's UTF-8 bytes, in one block when they are contiguous (native strings always are).
    private mutating func appendBytes<S: StringProtocol>(of string: S) {
        if string.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: string.utf8)
        }
    }

    /// The styled text built.
    func finish() -> StyledText {
        var result = StyledText()
        // Every piece was whole scalars of valid strings, so decoding repairs nothing.
        result.text = String(decoding: bytes, as: UTF8.self)
        result.segments = segments
        return result
    }
}
