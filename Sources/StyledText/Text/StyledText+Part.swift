extension StyledText {
    /// One part of styled text: text, an image or a standalone element, with its attributes outermost first.
    ///
    /// ```swift
    /// let text: StyledText = "Tap \("here", .tappable(id: "go") {}, .important)"
    /// text.parts[1]  // .text("here", attributes: [tappable(id: "go"), important(level: "enough")])
    /// ```
    public enum Part: Sendable, Hashable {
        /// A run of text.
        case text(String, attributes: [Attribute])
        /// An image.
        case image(Image, attributes: [Attribute])
        /// A standalone element such as `<br/>` or `<icon name="star"/>`; the resolver decides what it becomes.
        case element(Attribute, attributes: [Attribute])

        /// The part's attributes, outermost first.
        public var attributes: [Attribute] {
            switch self {
            case let .text(_, attributes), let .image(_, attributes), let .element(_, attributes): attributes
            }
        }
    }

    /// The parts, in order. Adjacent text parts with equal attributes are already coalesced.
    ///
    /// - Complexity: O(*n*) in the number of parts and their attributes: the parts are built on each call,
    ///   so keep the result if you read it more than once.
    public var parts: [Part] {
        var result: [Part] = []
        result.reserveCapacity(segments.count)
        var cache: (stack: AttributeStack, attributes: [Attribute]) = (.empty, [])
        for segment in segments {
            if segment.stack.top !== cache.stack.top {
                cache = (segment.stack, segment.stack.attributes)
            }
            switch segment.content {
            case let .text(range): result.append(.text(String(substring(range)), attributes: cache.attributes))
            case let .image(image): result.append(.image(image, attributes: cache.attributes))
            case let .element(element): result.append(.element(element.attribute, attributes: cache.attributes))
            }
        }
        return result
    }
}
