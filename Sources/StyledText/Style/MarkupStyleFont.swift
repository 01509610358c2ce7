/// A platform-neutral font description; every field is optional and decided separately when styles nest.
///
/// ```swift
/// let heading = MarkupStyleFont(size: 20, weight: .bold)
/// let body = MarkupStyleFont(size: 14, italic: true)
/// heading.filling(from: body)  // size 20, bold, italic
/// ```
public struct MarkupStyleFont: Sendable, Hashable {
    /// The point size.
    public var size: Double?
    /// The weight.
    public var weight: Weight?
    /// Whether the font is italic (or oblique).
    public var italic: Bool?
    /// The family name, such as `"Georgia"`; `nil` for the system font.
    public var family: String?
    /// Whether to use a fixed-pitch font.
    public var monospaced: Bool?
    /// A Dynamic Type text style: the size scales with the user's setting on Apple platforms.
    public var textStyle: TextStyle?

    /// Creates a font description; every field is undecided unless given.
    public init(size: Double? = nil, weight: Weight? = nil, italic: Bool? = nil, family: String? = nil,
                monospaced: Bool? = nil, textStyle: TextStyle? = nil) {
        self.size = size
        self.weight = weight
        self.italic = italic
        self.family = family
        self.monospaced = monospaced
        self.textStyle = textStyle
    }

    /// Whether no field is decided.
    public var isEmpty: Bool {
        // Field by field: `filling(from:)` asks on every merge, and comparing with an empty value builds one.
        size == nil && weight == nil && italic == nil && family == nil && monospaced == nil && textStyle == nil
    }

    /// This font with its undecided fields taken from `other`.
    ///
    /// - Parameter other: The font further out.
    /// - Returns: The merged font, where this font's decided fields win.
    public func filling(from other: MarkupStyleFont) -> MarkupStyleFont {
        // Most layers decide a field or two of the font, and many none: skip rebuilding it field by field then.
        if other.isEmpty { return self }
        if isEmpty { return other }
        return MarkupStyleFont(size: size ?? other.size, weight: weight ?? other.weight, italic: italic ?? other.italic,
                               family: family ?? other.family, monospaced: monospaced ?? other.monospaced,
                               textStyle: textStyle ?? other.textStyle)
    }

    /// The size a renderer should use: the explicit size, else the text style's default size.
    public var effectiveSize: Double? { size ?? textStyle?.defaultSize }
}

extension MarkupStyleFont {
    /// A font weight on the CSS scale 1…1000, with the named steps Apple platforms use.
    ///
    /// ```swift
    /// MarkupStyleFont.Weight.semibold.value  // 600
    /// MarkupStyleFont.Weight(650) > .semibold  // true
    /// ```
    public struct Weight: Sendable, Hashable, Comparable, CustomStringConvertible {
        /// The weight on the CSS scale, `1...1000`; 400 is regular, 700 bold.
        public let value: Double

        /// Creates a weight; values are clamped to `1...1000`.
        public init(_ value: Double) {
            self.value = value.isNaN ? 400 : min(max(value, 1), 1000)
        }

        /// 100.
        public static let ultraLight = Weight(100)
        /// 200.
        public static let thin = Weight(200)
        /// 300.
        public static let light = Weight(300)
        /// 400, the normal weight.
        public static let regular = Weight(400)
        /// 500.
        public static let medium = Weight(500)
        /// 600.
        public static let semibold = Weight(600)
        /// 700, the usual bold.
        public static let bold = Weight(700)
        /// 800.
        public static let heavy = Weight(800)
        /// 900.
        public static let black = Weight(900)

        /// The named steps from lightest to heaviest.
        public static let namedSteps: [Weight] = [.ultraLight, .thin, .light, .regular, .medium, .semibold, .bold,
                                                  .heavy, .black]

        /// The named step nearest to this weight (ties go to the heavier step, as CSS rounds bold up).
        public var nearestNamedStep: Weight {
            Self.namedSteps.min { abs($0.value - value) < abs($1.value - value) ||
                (abs($0.value - value) == abs($1.value - value) && $0.value > $1.value) } ?? .regular
        }

        /// The step's name (`"semibold"`), or the number for weights between steps.
        public var description: String {
            switch value {
            case 100: "ultraLight"
            case 200: "thin"
            case 300: "light"
            case 400: "regular"
            case 500: "medium"
            case 600: "semibold"
            case 700: "bold"
            case 800: "heavy"
            case 900: "black"
            default: value == value.rounded() ? String(Int(value)) : String(value)
            }
        }

        /// Whether `lhs` is lighter than `rhs`.
        public static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.value < rhs.value }
    }

    /// A Dynamic Type text style: a set that may grow.
    ///
    /// On Apple platforms the renderer scales the size with the user's setting; elsewhere the default size
    /// (Apple's size at the default "Large" setting) is used.
    public struct TextStyle: Sendable, Hashable, CustomStringConvertible {
        /// The style's name, as Apple platforms spell it.
        public let name: String
        /// The point size at the default content size.
        public let defaultSize: Double

        /// Creates a text style.
        public init(name: String, defaultSize: Double) {
            self.name = name
            self.defaultSize = defaultSize
        }

        /// Large title, 34 pt.
        public static let largeTitle = TextStyle(name: "largeTitle", defaultSize: 34)
        /// Title, 28 pt.
        public static let title = TextStyle(name: "title1", defaultSize: 28)
        /// Second-level title, 22 pt.
        public static let title2 = TextStyle(name: "title2", defaultSize: 22)
        /// Third-level title, 20 pt.
        public static let title3 = TextStyle(name: "title3", defaultSize: 20)
        /// Headline, 17 pt.
        public static let headline = TextStyle(name: "headline", defaultSize: 17)
        /// Subheadline, 15 pt.
        public static let subheadline = TextStyle(name: "subheadline", defaultSize: 15)
        /// Body, 17 pt.
        public static let body = TextStyle(name: "body", defaultSize: 17)
        /// Callout, 16 pt.
        public static let callout = TextStyle(name: "callout", defaultSize: 16)
        /// Footnote, 13 pt.
        public static let footnote = TextStyle(name: "footnote", defaultSize: 13)
        /// Caption, 12 pt.
        public static let caption = TextStyle(name: "caption1", defaultSize: 12)
        /// Second caption, 11 pt.
        public static let caption2 = TextStyle(name: "caption2", defaultSize: 11)

        /// The text style's name, such as `body`.
        public var description: String { name }
    }
}
