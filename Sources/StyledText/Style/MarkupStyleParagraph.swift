/// Paragraph layout: alignment, spacing and indents, each optional and decided separately when styles nest.
///
/// Lengths are in points.
///
/// ```swift
/// let quote = MarkupStyleParagraph(headIndent: 16, firstLineHeadIndent: 16)
/// MarkupStyle(paragraph: quote)
/// ```
public struct MarkupStyleParagraph: Sendable, Hashable {
    /// How lines are aligned.
    public var alignment: Alignment?
    /// Extra space between lines.
    public var lineSpacing: Double?
    /// The line height as a multiple of the font's natural line height.
    public var lineHeightMultiple: Double?
    /// Space after the paragraph.
    public var paragraphSpacing: Double?
    /// Space before the paragraph.
    public var paragraphSpacingBefore: Double?
    /// The indent of every line but the first, from the leading edge.
    public var headIndent: Double?
    /// The indent from the trailing edge (a positive length), as CSS `padding-right` would give.
    public var tailIndent: Double?
    /// The indent of the first line, from the leading edge.
    public var firstLineHeadIndent: Double?

    /// Creates paragraph layout; every field is undecided unless given.
    public init(alignment: Alignment? = nil, lineSpacing: Double? = nil, lineHeightMultiple: Double? = nil,
                paragraphSpacing: Double? = nil, paragraphSpacingBefore: Double? = nil, headIndent: Double? = nil,
                tailIndent: Double? = nil, firstLineHeadIndent: Double? = nil) {
        self.alignment = alignment
        self.lineSpacing = lineSpacing
        self.lineHeightMultiple = lineHeightMultiple
        self.paragraphSpacing = paragraphSpacing
        self.paragraphSpacingBefore = paragraphSpacingBefore
        self.headIndent = headIndent
        self.tailIndent = tailIndent
        self.firstLineHeadIndent = firstLineHeadIndent
    }

    /// Whether no field is decided.
    public var isEmpty: Bool {
        // Field by field: `filling(from:)` asks on every merge, and comparing with an empty value builds one.
        alignment == nil && lineSpacing == nil && lineHeightMultiple == nil && paragraphSpacing == nil
            && paragraphSpacingBefore == nil && headIndent == nil && tailIndent == nil && firstLineHeadIndent == nil
    }

    /// This layout with its undecided fields taken from `other`.
    ///
    /// - Parameter other: The layout further out.
    /// - Returns: The merged layout, where this layout's decided fields win.
    public func filling(from other: MarkupStyleParagraph) -> MarkupStyleParagraph {
        // Few styles decide paragraph layout at all: skip rebuilding it field by field then.
        if other.isEmpty { return self }
        if isEmpty { return other }
        return MarkupStyleParagraph(
            alignment: alignment ?? other.alignment,
            lineSpacing: lineSpacing ?? other.lineSpacing,
            lineHeightMultiple: lineHeightMultiple ?? other.lineHeightMultiple,
            paragraphSpacing: paragraphSpacing ?? other.paragraphSpacing,
            paragraphSpacingBefore: paragraphSpacingBefore ?? other.paragraphSpacingBefore,
            headIndent: headIndent ?? other.headIndent,
            tailIndent: tailIndent ?? other.tailIndent,
            firstLineHeadIndent: firstLineHeadIndent ?? other.firstLineHeadIndent)
    }

    /// Horizontal alignment of lines: a set that may grow.
    public struct Alignment: Sendable, Hashable, RawRepresentable, CustomStringConvertible {
        /// The alignment's name, as CSS `text-align` spells it.
        public let rawValue: String

        /// Creates an alignment from its name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The writing direction's leading edge.
        public static let natural = Alignment(rawValue: "start")
        /// The left edge.
        public static let left = Alignment(rawValue: "left")
        /// Centred.
        public static let center = Alignment(rawValue: "center")
        /// The right edge.
        public static let right = Alignment(rawValue: "right")
        /// Both edges.
        public static let justified = Alignment(rawValue: "justify")

        /// The alignment's name, such as `center`.
        public var description: String { rawValue }
    }
}
