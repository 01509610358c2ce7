/// Styled text under construction: UTF-8 bytes and segments, made into a ``StyledText`` once, at the end.
///
/// Templates and interpolations are built from many short pieces — text between tags, decoded references,
/// arguments, literals. Appending each to a `String` cost a string of its own, or a substring's index arithmetic,
/// or hundreds of instructions in `String.append`, per piece; here each piece is a copy of bytes (inline while the
/// text is short, see ``TextBytes``), and the text is validated and made a `String` once.
struct StyledTextBuffer {
    private(set) var bytes: TextBytes
    private(set) var segments: [StyledText.Segment] = []
    /// Where the last segment starts when it is text that ends at the end of `bytes`, so that text appended
    /// next may extend it; its attributes are `openStack`. Kept here so that deciding whether to extend is a
    /// comparison, without reading the segment back out of `segments`.
    private var openStart: Int?
    private var openStack = AttributeStack.empty

    init(byteCapacity: Int, segmentCapacity: Int) {
        bytes = TextBytes(capacity: byteCapacity)
        segments.reserveCapacity(segmentCapacity)
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

    /// Appends text that `write` appends as UTF-8 bytes (whole scalars), with the given attributes.
    mutating func appendText(stack: AttributeStack, _ write: (inout [UInt8]) -> Void) {
        let start = bytes.count
        bytes.append(write)
        textAppended(from: start, stack: stack)
    }

    /// Appends an image or element segment.
    mutating func appendSegment(_ content: StyledText.Segment.Content, stack: AttributeStack) {
        segments.append(StyledText.Segment(content: content, stack: stack))
        openStart = nil
        openStack = .empty
    }

    /// Appends `other` with its attributes nested inside `outer`.
    mutating func append(_ other: StyledText, inside outer: AttributeStack) {
        let offset = bytes.count
        bytes.append(other.text)
        StyledText.appendSegments(of: other, at: offset, inside: outer, to: &segments)
        if let last = segments.last, case let .text(range) = last.content, range.upperBound == bytes.count {
            openStart = range.lowerBound
            openStack = last.stack
        } else {
            openStart = nil
            openStack = .empty
        }
    }

    /// The styled text built. Every segment is already in `segments`, so nothing is appended to an array that
    /// a copy of this buffer may share.
    func finish() -> StyledText {
        var result = StyledText()
        result.text = bytes.makeString()
        result.segments = segments
        return result
    }

    /// Records that the bytes from `start` to the end are text with the given attributes: the last segment takes
    /// them when it is text with equal attributes, which keeps equal neighbours coalesced.
    private mutating func textAppended(from start: Int, stack: AttributeStack) {
        guard start < bytes.count else { return }
        // Identity first: the `==` call, and the retains around it, only for distinct nodes.
        if let openStart, openStack.top === stack.top
            || (openStack.top != nil && stack.top != nil && openStack == stack) {
            segments[segments.count - 1].content = .text(openStart..<bytes.count)
            return
        }
        segments.append(StyledText.Segment(content: .text(start..<bytes.count), stack: stack))
        openStart = start
        openStack = stack
    }
}
