extension StyledText: ExpressibleByStringInterpolation {
    /// Creates plain styled text from a string literal; the literal is never parsed for markup.
    ///
    /// ```swift
    /// let text: StyledText = "a < b"
    /// text.parts  // [.text("a < b", attributes: [])]
    /// ```
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Creates styled text from an interpolation: literal segments are plain text, interpolated values carry
    /// the attributes given with them.
    public init(stringInterpolation: consuming StringInterpolation) {
        if stringInterpolation.isCompact {
            self = stringInterpolation.buffer.finishCompact(stringInterpolation.compact)
        } else {
            self = stringInterpolation.buffer.finish()
        }
    }

    /// Builds styled text from a string literal with interpolations.
    ///
    /// ```swift
    /// let rules: StyledText = """
    ///     \("Monopoly", .important(.very))
    ///     \(ruleImage) \("1.", .important) Each player rolls the dice to see who goes first.
    ///     Learn more \("here", .tappable(openWikipedia), .important)
    ///     """
    /// ```
    ///
    /// Attributes given with a value are outermost first. Interpolating another `StyledText` keeps its own
    /// attributes inner to the ones given with it.
    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        /// The text so far; a line or two stays inline until ``StyledText/init(stringInterpolation:)`` makes it
        /// a `String`, with one allocation.
        var buffer: StyledTextBuffer
        /// The attributed parts while there are at most two, and no image, element or interpolated `StyledText`:
        /// until then `buffer` holds only the bytes, and plain text costs no segment (see
        /// ``StyledText/CompactSegments``).
        var compact = CompactSegments.none
        /// Whether the parts are in the compact form; once listed in `buffer`, they stay there.
        var isCompact = true

        /// Reserves room for the literal text.
        @inline(__always)
        public init(literalCapacity: Int, interpolationCount: Int) {
            buffer = StyledTextBuffer(byteCapacity: literalCapacity + 8 * interpolationCount)
        }

        /// Appends literal text, plain and unparsed.
        public mutating func appendLiteral(_ literal: String) {
            appendText(stack: .empty, unlisted: { $0.appendUnlisted(literal) },
                       listed: { $0.appendText(literal, stack: $1) })
        }

        /// Appends a string with attributes: `\("here", .tappable(openWiki), .important)`.
        ///
        /// - Parameters:
        ///   - text: The text; never parsed for markup.
        ///   - attributes: Its attributes, outermost first.
        public mutating func appendInterpolation<S: StringProtocol>(_ text: S, _ attributes: Attribute...) {
            appendText(stack: AttributeStack.empty.pushing(contentsOf: attributes),
                       unlisted: { $0.appendUnlisted(text) }, listed: { $0.appendText(text, stack: $1) })
        }

        /// Appends a string with one attribute: `\("here", .important)`.
        ///
        /// The same as the variadic form; one attribute, the usual case, needs no array (making and destroying one
        /// for each of its two values cost a 5-part interpolation 3 % of its instructions).
        ///
        /// - Parameters:
        ///   - text: The text; never parsed for markup.
        ///   - attribute: Its attribute.
        public mutating func appendInterpolation<S: StringProtocol>(_ text: S, _ attribute: Attribute) {
            appendText(stack: AttributeStack.empty.pushingShared(attribute), unlisted: { $0.appendUnlisted(text) },
                       listed: { $0.appendText(text, stack: $1) })
        }

        /// Appends a string with one attribute: `\(name, .important)`; the same as the generic form, for the usual
        /// argument.
        ///
        /// Called from another module, the generic form runs unspecialised, and copies and destroys its string
        /// through the type's value witnesses: this form takes 3 % off the instructions of a 5-part interpolation.
        ///
        /// - Parameters:
        ///   - text: The text; never parsed for markup.
        ///   - attribute: Its attribute.
        public mutating func appendInterpolation(_ text: String, _ attribute: Attribute) {
            appendText(stack: AttributeStack.empty.pushingShared(attribute), unlisted: { $0.appendUnlisted(text) },
                       listed: { $0.appendText(text, stack: $1) })
        }

        /// Appends a value's description with attributes: `\(count, .tag("b"), .important)`.
        ///
        /// - Parameters:
        ///   - value: The value, shown by its `description`.
        ///   - attributes: Its attributes, outermost first.
        public mutating func appendInterpolation<T: CustomStringConvertible>(_ value: T, _ attributes: Attribute...) {
            appendDescription(of: value, stack: AttributeStack.empty.pushing(contentsOf: attributes))
        }

        /// Appends a value's description with one attribute: `\(count, .important)`; the same as the variadic form,
        /// without its array.
        ///
        /// - Parameters:
        ///   - value: The value, shown by its `description`.
        ///   - attribute: Its attribute.
        public mutating func appendInterpolation<T: CustomStringConvertible>(_ value: T, _ attribute: Attribute) {
            appendDescription(of: value, stack: AttributeStack.empty.pushingShared(attribute))
        }

        @inline(__always)
        private mutating func appendDescription<T: CustomStringConvertible>(of value: T, stack: AttributeStack) {
            // Counts are the usual value: their digits written straight into the text cost a tenth of making
            // `description`, a string of its own.
            if T.self == Int.self {
                let value = unsafeBitCast(value, to: Int.self)
                appendText(stack: stack, unlisted: { $0.appendUnlisted(decimal: value) },
                           listed: { $0.appendText(decimal: value, stack: $1) })
            } else {
                let description = value.description
                appendText(stack: stack, unlisted: { $0.appendUnlisted(description) },
                           listed: { $0.appendText(description, stack: $1) })
            }
        }

        /// Appends text with `stack`, which `unlisted` writes while the parts are in the compact form (when the text
        /// is plain, or the form has room for it) and `listed` writes once they are listed.
        @inline(__always)
        private mutating func appendText(stack: AttributeStack, unlisted: (inout StyledTextBuffer) -> Void,
                                         listed: (inout StyledTextBuffer, AttributeStack) -> Void) {
            if isCompact {
                guard !stack.isEmpty else { return unlisted(&buffer) }
                let start = buffer.bytes.count
                if compact.canTake(stack, at: start) {
                    unlisted(&buffer)
                    compact.take(start..<buffer.bytes.count, stack: stack)
                    return
                }
                listParts()
            }
            listed(&buffer, stack)
        }

        /// Lists the parts in `buffer`, for a part the compact form cannot hold; from then on they are listed there.
        private mutating func listParts() {
            guard isCompact else { return }
            isCompact = false
            var segments: [Segment] = []
            compact.moveParts(textCount: buffer.bytes.count, to: &segments)
            buffer.list(segments)
        }

        /// Appends another styled text, nesting its attributes inside the ones given: `\(name, .important)`.
        ///
        /// - Parameters:
        ///   - styled: The styled text; its attributes stay inner.
        ///   - attributes: Attributes to wrap around it, outermost first.
        public mutating func appendInterpolation(_ styled: StyledText, _ attributes: Attribute...) {
            listParts()
            buffer.append(styled, inside: AttributeStack.empty.pushing(contentsOf: attributes))
        }

        /// Appends another styled text inside one attribute; the same as the variadic form, without its array (and
        /// needed beside the generic one-attribute forms, which would otherwise take `StyledText` as a
        /// `CustomStringConvertible` value).
        ///
        /// - Parameters:
        ///   - styled: The styled text; its attributes stay inner.
        ///   - attribute: The attribute to wrap around it.
        public mutating func appendInterpolation(_ styled: StyledText, _ attribute: Attribute) {
            listParts()
            buffer.append(styled, inside: AttributeStack.empty.pushingShared(attribute))
        }

        /// Appends an image: `\(dice, .tappable(roll))`.
        ///
        /// - Parameters:
        ///   - image: The image.
        ///   - attributes: Its attributes, outermost first.
        public mutating func appendInterpolation(_ image: Image, _ attributes: Attribute...) {
            listParts()
            buffer.appendSegment(.image(image), stack: AttributeStack.empty.pushing(contentsOf: attributes))
        }

        /// Appends an image with one attribute; the same as the variadic form, without its array (and needed beside
        /// the generic one-attribute forms, which would otherwise take `Image` as a `CustomStringConvertible`
        /// value).
        ///
        /// - Parameters:
        ///   - image: The image.
        ///   - attribute: Its attribute.
        public mutating func appendInterpolation(_ image: Image, _ attribute: Attribute) {
            listParts()
            buffer.appendSegment(.image(image), stack: AttributeStack.empty.pushingShared(attribute))
        }

        /// Appends a standalone element, which the resolver turns into content: `\(element: .tag("br"))`.
        ///
        /// - Parameters:
        ///   - element: The element, such as `.tag("icon", ["name": "star"])`.
        ///   - attributes: Attributes around it, outermost first.
        public mutating func appendInterpolation(element: Attribute, _ attributes: Attribute...) {
            listParts()
            buffer.appendSegment(.element(Segment.Element(element)), stack: AttributeStack.empty.pushing(contentsOf: attributes))
        }
    }
}
