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
        self = stringInterpolation.buffer.finish()
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

        /// Reserves room for the literal text.
        @inline(__always)
        public init(literalCapacity: Int, interpolationCount: Int) {
            buffer = StyledTextBuffer(byteCapacity: literalCapacity + 8 * interpolationCount,
                                      segmentCapacity: 2 * interpolationCount + 1)
        }

        /// Appends literal text, plain and unparsed.
        public mutating func appendLiteral(_ literal: String) {
            buffer.appendText(literal, stack: .empty)
        }

        /// Appends a string with attributes: `\("here", .tappable(openWiki), .important)`.
        ///
        /// - Parameters:
        ///   - text: The text; never parsed for markup.
        ///   - attributes: Its attributes, outermost first.
        public mutating func appendInterpolation<S: StringProtocol>(_ text: S, _ attributes: Attribute...) {
            buffer.appendText(text, stack: AttributeStack.empty.pushing(contentsOf: attributes))
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
            buffer.appendText(text, stack: AttributeStack.empty.pushingShared(attribute))
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
            buffer.appendText(text, stack: AttributeStack.empty.pushingShared(attribute))
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
                buffer.appendText(decimal: unsafeBitCast(value, to: Int.self), stack: stack)
            } else {
                buffer.appendText(value.description, stack: stack)
            }
        }

        /// Appends another styled text, nesting its attributes inside the ones given: `\(name, .important)`.
        ///
        /// - Parameters:
        ///   - styled: The styled text; its attributes stay inner.
        ///   - attributes: Attributes to wrap around it, outermost first.
        public mutating func appendInterpolation(_ styled: StyledText, _ attributes: Attribute...) {
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
            buffer.append(styled, inside: AttributeStack.empty.pushingShared(attribute))
        }

        /// Appends an image: `\(dice, .tappable(roll))`.
        ///
        /// - Parameters:
        ///   - image: The image.
        ///   - attributes: Its attributes, outermost first.
        public mutating func appendInterpolation(_ image: Image, _ attributes: Attribute...) {
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
            buffer.appendSegment(.image(image), stack: AttributeStack.empty.pushingShared(attribute))
        }

        /// Appends a standalone element, which the resolver turns into content: `\(element: .tag("br"))`.
        ///
        /// - Parameters:
        ///   - element: The element, such as `.tag("icon", ["name": "star"])`.
        ///   - attributes: Attributes around it, outermost first.
        public mutating func appendInterpolation(element: Attribute, _ attributes: Attribute...) {
            buffer.appendSegment(.element(Segment.Element(element)), stack: AttributeStack.empty.pushing(contentsOf: attributes))
        }
    }
}
