import Foundation

/// A concrete, platform-neutral text style: what a resolver produces and what renderers consume.
///
/// Every field is optional, and `nil` means "not decided here": when styles nest, ``filling(from:)`` lets the
/// inner style's decided fields win and takes the rest from outside, field by field (font size, weight,
/// italic and family separately), so a bold span inside an italic span is bold italic.
///
/// ```swift
/// let base = MarkupStyle(font: .init(size: 14), foregroundColor: .gray)
/// let strong = MarkupStyle(font: .init(weight: .bold))
/// let resolved = strong.filling(from: base)
/// resolved.font  // MarkupStyleFont(size: 14, weight: .bold)
/// resolved.foregroundColor  // .gray
/// ```
public struct MarkupStyle: Sendable, Hashable {
    /// The font, each of its fields decided separately.
    public var font: MarkupStyleFont
    /// The text colour.
    public var foregroundColor: MarkupStyleColor?
    /// The colour behind the text.
    public var backgroundColor: MarkupStyleColor?
    /// An underline, with its style and colour.
    public var underline: MarkupStyleLine?
    /// A line through the text, with its style and colour.
    public var strikethrough: MarkupStyleLine?
    /// Extra space between characters, in points.
    public var kern: Double?
    /// How far to raise (positive) or lower (negative) the text from the baseline, in points.
    public var baselineOffset: Double?
    /// The destination when the text is tapped or clicked.
    public var link: URL?
    /// Paragraph layout, each of its fields decided separately.
    public var paragraph: MarkupStyleParagraph
    /// A case transformation applied when the text is shown.
    public var textCase: TextCase?

    /// Creates a style; every field is undecided unless given.
    public init(
        font: MarkupStyleFont = MarkupStyleFont(),
        foregroundColor: MarkupStyleColor? = nil,
        backgroundColor: MarkupStyleColor? = nil,
        underline: MarkupStyleLine? = nil,
        strikethrough: MarkupStyleLine? = nil,
        kern: Double? = nil,
        baselineOffset: Double? = nil,
        link: URL? = nil,
        paragraph: MarkupStyleParagraph = MarkupStyleParagraph(),
        textCase: TextCase? = nil
    ) {
        self.font = font
        self.foregroundColor = foregroundColor
        self.backgroundColor = backgroundColor
        self.underline = underline
        self.strikethrough = strikethrough
        self.kern = kern
        self.baselineOffset = baselineOffset
        self.link = link
        self.paragraph = paragraph
        self.textCase = textCase
    }

    /// Whether no field is decided.
    public var isEmpty: Bool { self == MarkupStyle() }

    /// A case transformation: a set that may grow.
    public struct TextCase: Sendable, Hashable, RawRepresentable, CustomStringConvertible {
        /// The transformation's name, as CSS `text-transform` spells it.
        public let rawValue: String

        /// Creates a transformation from its name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// ALL CAPITALS.
        public static let uppercase = TextCase(rawValue: "uppercase")
        /// all lowercase.
        public static let lowercase = TextCase(rawValue: "lowercase")
        /// The First Letter Of Each Word Capitalised.
        public static let capitalized = TextCase(rawValue: "capitalize")

        public var description: String { rawValue }

        /// `string` transformed; unknown transformations leave it as it is.
        ///
        /// ```swift
        /// MarkupStyle.TextCase.uppercase.apply(to: "straße")  // "STRASSE"
        /// ```
        public func apply(to string: String) -> String {
            switch self {
            case .uppercase: string.uppercased()
            case .lowercase: string.lowercased()
            case .capitalized: string.capitalized
            default: string
            }
        }
    }
}
