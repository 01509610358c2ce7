/// Text that says what its spans *mean*, leaving how they look to a ``StyleResolver``.
///
/// A `StyledText` is a sequence of parts — text, images and standalone elements — each with semantic
/// attributes such as `important` or `tappable`. It is built by string interpolation, where literal text is
/// always plain, or from a tagged template such as a localized string:
///
/// ```swift
/// let name = "Eve"
/// let greeting: StyledText = "Hello \(name, .important), \("tap here", .tappable { showProfile() })."
/// greeting.plainText  // "Hello Eve, tap here."
/// greeting.parts[1]   // .text("Eve", attributes: [.important])
/// ```
///
/// A value type with copy-on-write storage: copies are cheap, and values can be shared across tasks.
/// Adjacent text parts with equal attributes are coalesced, so equal texts compare equal however they were built.
public struct StyledText: Sendable {
    /// The plain text of every text part, concatenated.
    var text: String
    /// The parts, each pointing into `text` (text parts) or carrying its content (images, elements); empty when
    /// `compact` holds them instead. Read them as ``segments``.
    private(set) var listed: [Segment]
    /// The attributed parts of a text in the compact form (see ``CompactSegments``): a text not empty with no parts
    /// listed. Otherwise unused.
    private(set) var compact: CompactSegments

    /// Creates empty styled text.
    public init() {
        text = ""
        listed = []
        compact = .none
    }

    /// Styled text of `text` and its `segments`, which must point into it.
    init(text: String, segments: [Segment]) {
        self.text = text
        listed = segments
        compact = .none
    }

    /// Styled text of `text` in the compact form: its attributed parts are `compact`'s, and the rest is plain.
    init(text: String, compact: CompactSegments) {
        self.text = text
        listed = []
        self.compact = compact
    }

    /// Creates styled text of a single text part.
    ///
    /// ```swift
    /// StyledText("Warning", attributes: [.important]).parts  // [.text("Warning", attributes: [.important])]
    /// ```
    ///
    /// - Parameters:
    ///   - text: The text; never parsed for markup.
    ///   - attributes: The attributes of the text, outermost first.
    public init<S: StringProtocol>(_ text: S, attributes: [Attribute] = []) {
        self.init()
        appendText(text, stack: AttributeStack.empty.pushing(contentsOf: attributes))
    }

    /// Creates styled text of a single image.
    ///
    /// - Parameters:
    ///   - image: The image.
    ///   - attributes: The attributes of the image, outermost first.
    public init(image: Image, attributes: [Attribute] = []) {
        self.init()
        appendSegment(.image(image), stack: AttributeStack.empty.pushing(contentsOf: attributes))
    }

    /// Creates styled text of a single standalone element, such as `<br/>` or `<icon name="star"/>`.
    ///
    /// The resolver decides what an element becomes; without a rule for it, it renders nothing.
    ///
    /// - Parameters:
    ///   - element: The element.
    ///   - attributes: The attributes around the element, outermost first.
    public init(element: Attribute, attributes: [Attribute] = []) {
        self.init()
        appendSegment(.element(Segment.Element(element)), stack: AttributeStack.empty.pushing(contentsOf: attributes))
    }

    /// Creates styled text from parts.
    ///
    /// `StyledText(parts: text.parts) == text` for every `text`.
    ///
    /// - Parameter parts: The parts, in order; empty text parts are dropped and equal neighbours coalesced.
    /// - Complexity: O(*n*) in the total size of the parts and their attributes.
    public init<C: Sequence>(parts: C) where C.Element == Part {
        self.init()
        var previous: (attributes: [Attribute], stack: AttributeStack) = ([], .empty)
        for part in parts {
            let attributes = part.attributes
            if attributes != previous.attributes {
                previous = (attributes, AttributeStack.empty.pushing(contentsOf: attributes))
            }
            switch part {
            case let .text(string, _): appendText(string, stack: previous.stack)
            case let .image(image, _): appendSegment(.image(image), stack: previous.stack)
            case let .element(element, _): appendSegment(.element(Segment.Element(element)), stack: previous.stack)
            }
        }
    }

    /// The text with all markup removed; images and elements contribute nothing.
    ///
    /// ```swift
    /// let text: StyledText = "a \("b", .important) c"
    /// text.plainText  // "a b c"
    /// ```
    ///
    /// - Complexity: O(1).
    public var plainText: String { text }

    /// Whether the text has no parts at all: no text, no images, no elements.
    public var isEmpty: Bool { listed.isEmpty && text.isEmpty }
}

// MARK: - Storage

extension StyledText {
    /// Whether the parts are in the compact form: a text not empty always has a part, and lists none only then.
    @inline(__always)
    var isCompact: Bool { listed.isEmpty && !text.isEmpty }

    /// The parts, in order: text parts pointing into `text`, images and elements.
    var segments: [Segment] {
        isCompact ? compact.listed(textCount: text.utf8.count) : listed
    }

    /// `body` with the parts, in order, as ``segments`` lists them; without making an array for the compact form.
    @inline(__always)
    func withSegments<Result>(_ body: (UnsafeBufferPointer<Segment>) -> Result) -> Result {
        guard isCompact else { return listed.withUnsafeBufferPointer(body) }
        return compact.withSegments(textCount: text.utf8.count, body)
    }

    /// Lists the parts of a text in the compact form, before a change to them.
    private mutating func makeListed() {
        guard isCompact else { return }
        compact.moveParts(textCount: text.utf8.count, to: &listed)
    }

    /// One part in storage: its content and the shared stack of its attributes.
    struct Segment: Sendable, Hashable {
        var content: Content
        var stack: AttributeStack

        /// Whether this is text ending at UTF-8 `offset` with attributes equal to the stack that `top` tops, so that
        /// text from there on with that stack extends it. `top` is borrowed: the one pass holds its open tags' nodes
        /// unretained.
        ///
        /// Read in place: binding the segment's content and comparing a copy of its stack retained and released
        /// each node reference, which was a quarter of the cost of the text after a misnested end tag in the one
        /// pass.
        @inline(__always)
        func continuesText(at offset: Int, top other: Unmanaged<AttributeNode>?) -> Bool {
            guard case let .text(range) = content, range.upperBound == offset else { return false }
            guard let other else { return stack.top == nil }
            return other._withUnsafeGuaranteedRef { AttributeNode.sameStack(top: stack.top, $0) }
        }

        /// Where a text segment's text starts; 0 for an image or element.
        var textStart: Int {
            guard case let .text(range) = content else { return 0 }
            return range.lowerBound
        }

        enum Content: Sendable, Hashable {
            /// Text at these UTF-8 offsets of `StyledText.text`.
            case text(Range<Int>)
            case image(Image)
            case element(Element)
        }

        /// An element's attribute, behind a reference. Inline, its 48 bytes made every segment 64 bytes, and
        /// every copy or release of a text segment went through the attribute's fields; elements are rare.
        final class Element: Sendable, Hashable {
            let attribute: Attribute

            init(_ attribute: Attribute) {
                self.attribute = attribute
            }

            static func == (lhs: Element, rhs: Element) -> Bool {
                lhs === rhs || lhs.attribute == rhs.attribute
            }

            func hash(into hasher: inout Hasher) {
                hasher.combine(attribute)
            }
        }
    }

    /// The text of a text segment.
    func substring(_ utf8Range: Range<Int>) -> Substring {
        Self.substring(of: text, utf8Range)
    }

    /// The text of a text segment of a styled text whose text is `text`.
    static func substring(of text: String, _ utf8Range: Range<Int>) -> Substring {
        // The whole text, as an element's content usually is (`"\n"` for `<br>`): no indices to find and check.
        if utf8Range.lowerBound == 0, utf8Range.upperBound == text.utf8.count { return text[...] }
        return text.utf8Slice(utf8Range)
    }

    /// Appends text with the given attributes, coalescing with the previous part when its attributes are equal.
    mutating func appendText<S: StringProtocol>(_ string: S, stack: AttributeStack) {
        guard !string.isEmpty else { return }
        makeListed()
        let start = text.utf8.count
        // Concrete appends: the generic `append(contentsOf:)` takes a `Sequence` of characters and finds out at
        // run time (a protocol conformance lookup) that it was given a string. Specialised, these casts fold away.
        if let string = string as? String {
            text.append(string)
        } else if let string = string as? Substring {
            text.append(contentsOf: string)
        } else {
            text.append(contentsOf: String(string))
        }
        extendOrAppendText(start..<text.utf8.count, stack: stack)
    }

    /// Records that `text[utf8Range]`, already appended to `text`, has the given attributes.
    private mutating func extendOrAppendText(_ utf8Range: Range<Int>, stack: AttributeStack) {
        Self.extendOrAppendText(utf8Range, stack: stack, in: &listed)
    }

    /// Records a text segment at the end of `segments`, extending the last one when it is text that ends where
    /// this starts and has the same attributes.
    @inline(__always)
    static func extendOrAppendText(_ utf8Range: Range<Int>, stack: AttributeStack, in segments: inout [Segment]) {
        extendOrAppendText(utf8Range, top: stack.top.map(Unmanaged.passUnretained), in: &segments) { stack }
    }

    /// ``extendOrAppendText(_:stack:in:)`` for the stack that `top` tops, borrowed, and made by `stack()` only
    /// when a new segment needs it: for the one pass, whose open tags' nodes it holds unretained.
    @inline(__always)
    static func extendOrAppendText(_ utf8Range: Range<Int>, top: Unmanaged<AttributeNode>?,
                                   in segments: inout [Segment], stack: () -> AttributeStack) {
        guard !utf8Range.isEmpty else { return }
        if let last = segments.indices.last, segments[last].continuesText(at: utf8Range.lowerBound, top: top) {
            segments[last].content = .text(segments[last].textStart..<utf8Range.upperBound)
        } else {
            segments.append(Segment(content: .text(utf8Range), stack: stack()))
        }
    }

    /// Appends an image or element segment.
    mutating func appendSegment(_ content: Segment.Content, stack: AttributeStack) {
        makeListed()
        listed.append(Segment(content: content, stack: stack))
    }

    /// Appends `other` with its attributes nested inside `outer`.
    mutating func append(_ other: StyledText, inside outer: AttributeStack) {
        if isEmpty && outer.isEmpty {
            self = other
            return
        }
        makeListed()
        let offset = text.utf8.count
        text.append(other.text)
        Self.appendSegments(of: other, at: offset, inside: outer, to: &listed)
    }

    /// Appends the segments of `other`, whose text now starts at UTF-8 `offset`, nested inside `outer`.
    static func appendSegments(of other: StyledText, at offset: Int, inside outer: AttributeStack,
                               to segments: inout [Segment]) {
        var rebaser = StackRebaser(base: outer)
        other.withSegments { others in
            segments.reserveCapacity(segments.count + others.count)
            for segment in others {
                let stack = rebaser.rebase(segment.stack)
                switch segment.content {
                case let .text(range):
                    extendOrAppendText((range.lowerBound + offset)..<(range.upperBound + offset), stack: stack,
                                       in: &segments)
                case .image, .element:
                    segments.append(Segment(content: segment.content, stack: stack))
                }
            }
        }
    }
}

/// Re-roots attribute stacks under new outer attributes, keeping shared nodes shared.
struct StackRebaser {
    let base: AttributeStack
    private var memo: [ObjectIdentifier: AttributeNode] = [:]

    init(base: AttributeStack) {
        self.base = base
    }

    /// `stack` with `base` underneath it.
    mutating func rebase(_ stack: AttributeStack) -> AttributeStack {
        guard !base.isEmpty, stack.top != nil else { return stack.isEmpty ? base : stack }
        // Walk down to the first node already rebased (or the bottom), then rebuild upwards: iterative, and
        // each distinct source node is copied once however many segments share it.
        var pending: [AttributeNode] = []
        var result = base
        for node in stack.nodesInnermostFirst {
            if let done = memo[ObjectIdentifier(node)] {
                result = AttributeStack(top: done)
                break
            }
            pending.append(node)
        }
        for node in pending.reversed() {
            result = result.pushing(node.attribute)
            memo[ObjectIdentifier(node)] = result.top
        }
        return result
    }
}

// MARK: - Building

extension StyledText {
    /// Appends another styled text, keeping its parts and attributes.
    ///
    /// ```swift
    /// var text: StyledText = "Hello, "
    /// text.append("\("world", .important)")
    /// text.plainText  // "Hello, world"
    /// ```
    ///
    /// - Parameter other: The text to append.
    /// - Complexity: O(*m*) in the size of `other`, amortised.
    public mutating func append(_ other: StyledText) {
        append(other, inside: .empty)
    }

    /// Concatenates two styled texts.
    ///
    /// - Complexity: O(*n* + *m*).
    public static func + (lhs: StyledText, rhs: StyledText) -> StyledText {
        var result = lhs
        result.append(rhs)
        return result
    }

    /// Appends `rhs` to `lhs`.
    public static func += (lhs: inout StyledText, rhs: StyledText) {
        lhs.append(rhs)
    }

    /// The text with `attributes` wrapped around all of it; existing attributes stay inner.
    ///
    /// ```swift
    /// let text: StyledText = "a \("b", .important)"
    /// text.applying(.tag("p")).parts
    /// // [.text("a ", attributes: [p]), .text("b", attributes: [p, important(level: "enough")])]
    /// ```
    ///
    /// - Parameter attributes: The attributes to wrap with, outermost first.
    /// - Returns: The wrapped text.
    /// - Complexity: O(*n*) in the number of parts plus distinct attribute nodes.
    public func applying(_ attributes: Attribute...) -> StyledText {
        applying(attributes)
    }

    /// The text with `attributes` wrapped around all of it; existing attributes stay inner.
    ///
    /// - Parameter attributes: The attributes to wrap with, outermost first.
    /// - Returns: The wrapped text.
    /// - Complexity: O(*n*) in the number of parts plus distinct attribute nodes.
    public func applying(_ attributes: [Attribute]) -> StyledText {
        guard !attributes.isEmpty else { return self }
        var result = StyledText()
        result.append(self, inside: AttributeStack.empty.pushing(contentsOf: attributes))
        return result
    }
}

// MARK: - Equality

extension StyledText: Hashable {
    /// Whether two texts have the same parts with the same attributes, whichever way each was made
    /// (interpolated, parsed or filled).
    public static func == (lhs: StyledText, rhs: StyledText) -> Bool {
        // The parts listed, for either form: a text in the compact form equals the same parts listed. Lent on the
        // stack (`withSegments`), not made into arrays: `segments` allocates one for a compact text.
        lhs.text == rhs.text && lhs.withSegments { left in rhs.withSegments { right in left.elementsEqual(right) } }
    }

    /// Hashes the text and its parts, as ``==(_:_:)`` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        // As an array of the parts hashes: its count, then each part.
        withSegments { parts in
            hasher.combine(parts.count)
            for part in parts { hasher.combine(part) }
        }
    }
}
