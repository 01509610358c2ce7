/// An underline or strikethrough: its pattern and, optionally, its own colour.
///
/// ```swift
/// let squiggle = MarkupStyleLine(.wavy, color: .red)
/// MarkupStyle(underline: squiggle)
/// ```
public struct MarkupStyleLine: Sendable, Hashable {
    /// The line's pattern.
    public var style: Style
    /// The line's colour; `nil` to use the text colour.
    public var color: MarkupStyleColor?

    /// Creates a line.
    ///
    /// - Parameters:
    ///   - style: The pattern; a single solid line by default.
    ///   - color: The colour; the text colour by default.
    public init(_ style: Style = .single, color: MarkupStyleColor? = nil) {
        self.style = style
        self.color = color
    }

    /// A single solid line in the text colour.
    public static let single = MarkupStyleLine(.single)

    /// A line pattern: a set that may grow.
    public struct Style: Sendable, Hashable, RawRepresentable, CustomStringConvertible {
        /// The pattern's name, as CSS `text-decoration-style` spells it.
        public let rawValue: String

        /// Creates a pattern from its name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// One solid line.
        public static let single = Style(rawValue: "solid")
        /// One thick solid line.
        public static let thick = Style(rawValue: "thick")
        /// Two lines.
        public static let double = Style(rawValue: "double")
        /// A dotted line.
        public static let dotted = Style(rawValue: "dotted")
        /// A dashed line.
        public static let dashed = Style(rawValue: "dashed")
        /// A wavy (curly) line, as spell checkers draw.
        public static let wavy = Style(rawValue: "wavy")

        /// The style's CSS name, such as `solid` for ``single`` or `wavy`.
        public var description: String { rawValue }
    }
}
