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
    /// The fields, shared between copies until one is changed: a style is copied through every rule, merge and
    /// run, and a reference is cheaper to copy than a dozen optional fields with references of their own.
    private var storage: Storage

    /// The font, each of its fields decided separately.
    public var font: MarkupStyleFont {
        get { storage.font }
        set { uniqueStorage().font = newValue }
    }
    /// The text colour.
    public var foregroundColor: MarkupStyleColor? {
        get { storage.foregroundColor }
        set { uniqueStorage().foregroundColor = newValue }
    }
    /// The colour behind the text.
    public var backgroundColor: MarkupStyleColor? {
        get { storage.backgroundColor }
        set { uniqueStorage().backgroundColor = newValue }
    }
    /// An underline, with its style and colour.
    public var underline: MarkupStyleLine? {
        get { storage.underline }
        set { uniqueStorage().underline = newValue }
    }
    /// A line through the text, with its style and colour.
    public var strikethrough: MarkupStyleLine? {
        get { storage.strikethrough }
        set { uniqueStorage().strikethrough = newValue }
    }
    /// Extra space between characters, in points.
    public var kern: Double? {
        get { storage.kern }
        set { uniqueStorage().kern = newValue }
    }
    /// How far to raise (positive) or lower (negative) the text from the baseline, in points.
    public var baselineOffset: Double? {
        get { storage.baselineOffset }
        set { uniqueStorage().baselineOffset = newValue }
    }
    /// The destination when the text is tapped or clicked.
    public var link: URL? {
        get { storage.link }
        set { uniqueStorage().link = newValue }
    }
    /// Paragraph layout, each of its fields decided separately.
    public var paragraph: MarkupStyleParagraph {
        get { storage.paragraph }
        set { uniqueStorage().paragraph = newValue }
    }
    /// A case transformation applied when the text is shown.
    public var textCase: TextCase? {
        get { storage.textCase }
        set { uniqueStorage().textCase = newValue }
    }

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
        if foregroundColor == nil, backgroundColor == nil, underline == nil, strikethrough == nil, kern == nil,
           baselineOffset == nil, link == nil, textCase == nil, font == Storage.empty.font,
           paragraph == Storage.empty.paragraph {
            // `MarkupStyle()` is made often (an empty layer, a fresh base): share one storage.
            storage = Storage.empty
        } else {
            storage = Storage(font: font, foregroundColor: foregroundColor, backgroundColor: backgroundColor,
                              underline: underline, strikethrough: strikethrough, kern: kern,
                              baselineOffset: baselineOffset, link: link, paragraph: paragraph, textCase: textCase)
        }
    }

    /// The storage, copied first if another style shares it.
    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) {
            storage = storage.copy()
        }
        return storage
    }

    /// ``fill(from:)`` field by field, on storage made unique once rather than once per field.
    mutating func fillFields(from other: MarkupStyle) {
        let other = other.storage
        guard isKnownUniquelyReferenced(&storage) else {
            // Shared (a rule's fixed style, say): make the filled storage at once rather than copy, then change it.
            let shared = storage
            storage = Storage(font: shared.font.filling(from: other.font),
                              foregroundColor: shared.foregroundColor ?? other.foregroundColor,
                              backgroundColor: shared.backgroundColor ?? other.backgroundColor,
                              underline: Self.fill(shared.underline, from: other.underline),
                              strikethrough: Self.fill(shared.strikethrough, from: other.strikethrough),
                              kern: shared.kern ?? other.kern, baselineOffset: shared.baselineOffset ?? other.baselineOffset,
                              link: shared.link ?? other.link, paragraph: shared.paragraph.filling(from: other.paragraph),
                              textCase: shared.textCase ?? other.textCase)
            return
        }
        storage.font = storage.font.filling(from: other.font)
        storage.foregroundColor = storage.foregroundColor ?? other.foregroundColor
        storage.backgroundColor = storage.backgroundColor ?? other.backgroundColor
        storage.underline = Self.fill(storage.underline, from: other.underline)
        storage.strikethrough = Self.fill(storage.strikethrough, from: other.strikethrough)
        storage.kern = storage.kern ?? other.kern
        storage.baselineOffset = storage.baselineOffset ?? other.baselineOffset
        storage.link = storage.link ?? other.link
        storage.paragraph = storage.paragraph.filling(from: other.paragraph)
        storage.textCase = storage.textCase ?? other.textCase
    }

    /// Whether two styles share their storage, so are equal without comparing fields.
    func isIdentical(to other: MarkupStyle) -> Bool {
        storage === other.storage
    }

    /// Whether this is the shared storage of `MarkupStyle()`: then every field is undecided. (A style whose fields
    /// were all set back to `nil` is undecided too, without this knowing it.)
    var isSharedUndecided: Bool {
        storage === Storage.empty
    }

    public static func == (lhs: MarkupStyle, rhs: MarkupStyle) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    public func hash(into hasher: inout Hasher) {
        storage.fields.hash(into: &hasher)
    }

    /// The fields of a style. A class, so that copies of a style share it; it is changed only through
    /// ``uniqueStorage()``, when no other style holds it, which makes sharing it across threads safe.
    private final class Storage: @unchecked Sendable {
        static let empty = Storage(font: MarkupStyleFont(), foregroundColor: nil, backgroundColor: nil, underline: nil,
                                   strikethrough: nil, kern: nil, baselineOffset: nil, link: nil,
                                   paragraph: MarkupStyleParagraph(), textCase: nil)

        var font: MarkupStyleFont
        var foregroundColor: MarkupStyleColor?
        var backgroundColor: MarkupStyleColor?
        var underline: MarkupStyleLine?
        var strikethrough: MarkupStyleLine?
        var kern: Double?
        var baselineOffset: Double?
        var link: URL?
        var paragraph: MarkupStyleParagraph
        var textCase: TextCase?

        init(font: MarkupStyleFont, foregroundColor: MarkupStyleColor?, backgroundColor: MarkupStyleColor?,
             underline: MarkupStyleLine?, strikethrough: MarkupStyleLine?, kern: Double?, baselineOffset: Double?,
             link: URL?, paragraph: MarkupStyleParagraph, textCase: TextCase?) {
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

        func copy() -> Storage {
            Storage(font: font, foregroundColor: foregroundColor, backgroundColor: backgroundColor, underline: underline,
                    strikethrough: strikethrough, kern: kern, baselineOffset: baselineOffset, link: link,
                    paragraph: paragraph, textCase: textCase)
        }

        /// The fields as one hashable value, for equality and hashing.
        var fields: Fields {
            Fields(font: font, foregroundColor: foregroundColor, backgroundColor: backgroundColor, underline: underline,
                   strikethrough: strikethrough, kern: kern, baselineOffset: baselineOffset, link: link,
                   paragraph: paragraph, textCase: textCase)
        }
    }

    private struct Fields: Hashable {
        var font: MarkupStyleFont
        var foregroundColor: MarkupStyleColor?
        var backgroundColor: MarkupStyleColor?
        var underline: MarkupStyleLine?
        var strikethrough: MarkupStyleLine?
        var kern: Double?
        var baselineOffset: Double?
        var link: URL?
        var paragraph: MarkupStyleParagraph
        var textCase: TextCase?
    }

    /// Whether no field is decided.
    public var isEmpty: Bool { isSharedUndecided || self == MarkupStyle() }

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
