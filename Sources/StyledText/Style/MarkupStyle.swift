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
        if !isKnownUniquelyReferenced(&storage) {
            // Shared (a rule's fixed style, say): filled in a copy.
            storage = storage.copy()
        }
        storage.fill(from: other.storage)
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

    /// Whether two styles decide every field alike, the font's and the paragraph's included; an undecided
    /// field equals only an undecided one.
    public static func == (lhs: MarkupStyle, rhs: MarkupStyle) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    /// Hashes every field, as ``==(_:_:)`` compares them.
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

        /// Takes the undecided fields from `other`, in place and one by one: a field is read from `other`, and its
        /// references retained, only when it is taken. (Rebuilding the font and the paragraph with `filling(from:)`
        /// and assigning every field back copied each, its strings retained and the old ones released.)
        func fill(from other: Storage) {
            if font.size == nil { font.size = other.font.size }
            if font.weight == nil { font.weight = other.font.weight }
            if font.italic == nil { font.italic = other.font.italic }
            if font.family == nil, let family = other.font.family { font.family = family }
            if font.monospaced == nil { font.monospaced = other.font.monospaced }
            if font.textStyle == nil, let textStyle = other.font.textStyle { font.textStyle = textStyle }
            if foregroundColor == nil { foregroundColor = other.foregroundColor }
            if backgroundColor == nil { backgroundColor = other.backgroundColor }
            if underline == nil {
                underline = other.underline
            } else if underline?.color == nil, let color = other.underline?.color {
                underline?.color = color
            }
            if strikethrough == nil {
                strikethrough = other.strikethrough
            } else if strikethrough?.color == nil, let color = other.strikethrough?.color {
                strikethrough?.color = color
            }
            if kern == nil { kern = other.kern }
            if baselineOffset == nil { baselineOffset = other.baselineOffset }
            if link == nil, let link = other.link { self.link = link }
            if paragraph.alignment == nil, let alignment = other.paragraph.alignment { paragraph.alignment = alignment }
            if paragraph.lineSpacing == nil { paragraph.lineSpacing = other.paragraph.lineSpacing }
            if paragraph.lineHeightMultiple == nil {
                paragraph.lineHeightMultiple = other.paragraph.lineHeightMultiple
            }
            if paragraph.paragraphSpacing == nil { paragraph.paragraphSpacing = other.paragraph.paragraphSpacing }
            if paragraph.paragraphSpacingBefore == nil {
                paragraph.paragraphSpacingBefore = other.paragraph.paragraphSpacingBefore
            }
            if paragraph.headIndent == nil { paragraph.headIndent = other.paragraph.headIndent }
            if paragraph.tailIndent == nil { paragraph.tailIndent = other.paragraph.tailIndent }
            if paragraph.firstLineHeadIndent == nil {
                paragraph.firstLineHeadIndent = other.paragraph.firstLineHeadIndent
            }
            if textCase == nil, let textCase = other.textCase { self.textCase = textCase }
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

        /// The case's name, such as `uppercase`.
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
