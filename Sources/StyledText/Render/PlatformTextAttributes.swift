import Foundation

/// Every decision behind an Apple attributed string, made without Apple frameworks so that it is tested on
/// every platform.
///
/// The UIKit, AppKit and SwiftUI renderers only compile on Apple platforms. They stay thin: they build this
/// value from a run's ``MarkupStyle`` and translate each decided field into the matching Apple type, one field to
/// one call. Which weight, which traits, which base size and which text style to scale by, which underline
/// pattern, which paragraph values — all of that is decided here.
struct PlatformTextAttributes: Hashable {
    /// The font, or `nil` when the style decides nothing about it, so the view's own font applies.
    var font: Font?
    var foregroundColor: MarkupStyleColor?
    var backgroundColor: MarkupStyleColor?
    var underline: Line?
    var strikethrough: Line?
    /// `NSAttributedString.Key.kern`, in points.
    var kern: Double?
    /// `NSAttributedString.Key.baselineOffset`, in points; positive raises.
    var baselineOffset: Double?
    /// The paragraph style, or `nil` when the style decides nothing about it.
    var paragraph: Paragraph?
    /// The link, including a tappable's `styledtext-action://` link.
    var link: URL?

    init(_ style: MarkupStyle) {
        font = Font(style.font)
        foregroundColor = style.foregroundColor
        backgroundColor = style.backgroundColor
        underline = style.underline.map(Line.init)
        strikethrough = style.strikethrough.map(Line.init)
        kern = style.kern.flatMap(Self.finite)
        baselineOffset = style.baselineOffset.flatMap(Self.finite)
        paragraph = Paragraph(style.paragraph)
        link = style.link
    }

    private static func finite(_ value: Double) -> Double? { value.isFinite ? value : nil }
}

// MARK: - Font

extension PlatformTextAttributes {
    /// Apple's named font weights, `UIFont.Weight`/`NSFont.Weight`/`Font.Weight`, from lightest to heaviest.
    enum Weight: Int, CaseIterable, Hashable {
        case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

        /// The named step nearest to a CSS-scale weight; ties go to the heavier step.
        init(_ weight: MarkupStyleFont.Weight) {
            let step = weight.nearestNamedStep
            self = Weight(rawValue: MarkupStyleFont.Weight.namedSteps.firstIndex(of: step) ?? 3) ?? .regular
        }
    }

    /// Apple's Dynamic Type text styles, named as `UIFont.TextStyle` names them.
    enum TextStyle: String, CaseIterable, Hashable {
        case largeTitle, title1, title2, title3, headline, subheadline, body, callout, footnote, caption1, caption2

        /// The Apple style for a ``MarkupStyleFont/TextStyle``, by name; `nil` for a name Apple does not have.
        init?(_ style: MarkupStyleFont.TextStyle) {
            self.init(rawValue: style.name)
        }
    }

    /// Symbolic font traits, `UIFontDescriptor.SymbolicTraits`/`NSFontDescriptor.SymbolicTraits`.
    struct SymbolicTraits: OptionSet, Hashable {
        let rawValue: Int
        static let italic = SymbolicTraits(rawValue: 1)
        static let bold = SymbolicTraits(rawValue: 2)
        static let monoSpace = SymbolicTraits(rawValue: 4)
    }

    /// A font for UIKit and AppKit, and the matching SwiftUI `Font`.
    struct Font: Hashable {
        /// Where the glyphs come from.
        enum Face: Hashable {
            /// `systemFont(ofSize:weight:)`.
            case system
            /// `monospacedSystemFont(ofSize:weight:)`.
            case monospacedSystem
            /// A font descriptor with this family name and ``weight``.
            case family(String)
        }

        /// A SwiftUI `Font` constructor and its arguments.
        enum SwiftUIFont: Hashable {
            /// `Font.system(style, design:)`: the text style's own size and scaling.
            case textStyle(TextStyle, monospaced: Bool)
            /// `Font.system(size:weight:design:)`: a fixed size.
            case system(size: Double, monospaced: Bool)
            /// `Font.custom(family, size:relativeTo:)`, or `Font.custom(family, fixedSize:)` without a text style.
            case custom(family: String, size: Double, relativeTo: TextStyle?)
        }

        var face: Face
        /// The size before Dynamic Type scaling. `UIFontMetrics.scaledFont(for:)` must get an unscaled font, so
        /// this is never a size read from the user's current setting.
        var pointSize: Double
        /// The text style to scale by with `UIFontMetrics`, or `nil` for a fixed size.
        var scalingTextStyle: TextStyle?
        /// The weight to ask for; a text style's own weight when the style decides none (headline is semibold).
        var weight: Weight
        /// Traits to add to the font's descriptor.
        var symbolicTraits: SymbolicTraits
        /// The SwiftUI font.
        var swiftUI: SwiftUIFont
        /// The weight SwiftUI should apply on top of ``swiftUI``: only a decided weight, so that `.headline`
        /// stays semibold.
        var swiftUIWeight: Weight?
        /// Whether SwiftUI should apply `.italic()`.
        var swiftUIItalic: Bool
        /// Whether SwiftUI should apply `.monospaced()` to a custom family.
        var swiftUIMonospaced: Bool

        /// Apple's body size at the default Dynamic Type setting, for fonts that decide no size.
        static let defaultPointSize = MarkupStyleFont.TextStyle.body.defaultSize

        /// The decisions for a font description, or `nil` when it decides nothing.
        ///
        /// - The size is the explicit size, else the text style's default size, else body's 17 pt.
        /// - Dynamic Type scales by the text style (by body for a text style Apple does not have); a font with
        ///   neither a size nor a text style scales like body, as SwiftUI's default font does; an explicit size
        ///   without a text style stays fixed.
        /// - The weight is the nearest named step.
        /// - Italic is a trait everywhere; bold (from semibold up) and monospace are traits for a family, where
        ///   they pick the family's own faces, while the system font gets its weight and monospaced design
        ///   directly.
        init?(_ font: MarkupStyleFont) {
            guard !font.isEmpty else { return nil }
            let appleStyle = font.textStyle.map { TextStyle($0) ?? .body }
            let monospaced = font.monospaced == true
            pointSize = font.size ?? font.textStyle?.defaultSize ?? Self.defaultPointSize
            if font.textStyle != nil {
                scalingTextStyle = appleStyle
            } else {
                scalingTextStyle = font.size == nil ? .body : nil
            }
            weight = font.weight.map(Weight.init) ?? (appleStyle == .headline ? .semibold : .regular)
            var traits: SymbolicTraits = []
            if font.italic == true { traits.insert(.italic) }
            if let family = font.family {
                face = .family(family)
                if weight.rawValue >= Weight.semibold.rawValue { traits.insert(.bold) }
                if monospaced { traits.insert(.monoSpace) }
                swiftUI = .custom(family: family, size: pointSize, relativeTo: scalingTextStyle)
            } else {
                face = monospaced ? .monospacedSystem : .system
                if font.size == nil, let style = font.textStyle.flatMap(TextStyle.init) {
                    swiftUI = .textStyle(style, monospaced: monospaced)
                } else if font.size == nil, font.textStyle == nil {
                    swiftUI = .textStyle(.body, monospaced: monospaced)
                } else {
                    // SwiftUI has no public system font of a custom size that scales with a text style; such a
                    // font keeps its size in SwiftUI (UIKit scales it with UIFontMetrics).
                    swiftUI = .system(size: pointSize, monospaced: monospaced)
                }
            }
            symbolicTraits = traits
            swiftUIWeight = font.weight.map(Weight.init)
            swiftUIItalic = font.italic == true
            swiftUIMonospaced = monospaced && font.family != nil
        }
    }
}

// MARK: - Lines

extension PlatformTextAttributes {
    /// A line's dash pattern, as SwiftUI's `Text.LineStyle.Pattern` names it.
    enum LinePattern: Hashable {
        case solid, dot, dash
    }

    /// An underline or strikethrough.
    struct Line: Hashable {
        /// The `NSUnderlineStyle` raw value: a line style (`single` 0x01, `thick` 0x02, `double` 0x09) combined
        /// with a pattern (`patternDot` 0x0100, `patternDash` 0x0200).
        var underlineStyle: Int
        /// The pattern for SwiftUI's `Text.LineStyle`, which has no thick or double lines.
        var pattern: LinePattern
        var color: MarkupStyleColor?

        static let single = 0x01
        static let thick = 0x02
        static let double = 0x09
        static let patternDot = 0x0100
        static let patternDash = 0x0200

        /// Maps a line style; Apple platforms cannot draw a wavy line, so wavy becomes a dotted line, the
        /// nearest look, and an unknown style a single line.
        init(_ line: MarkupStyleLine) {
            color = line.color
            switch line.style {
            case .thick: (underlineStyle, pattern) = (Self.thick, .solid)
            case .double: (underlineStyle, pattern) = (Self.double, .solid)
            case .dotted, .wavy: (underlineStyle, pattern) = (Self.single | Self.patternDot, .dot)
            case .dashed: (underlineStyle, pattern) = (Self.single | Self.patternDash, .dash)
            default: (underlineStyle, pattern) = (Self.single, .solid)
            }
        }
    }
}

// MARK: - Paragraph

extension PlatformTextAttributes {
    /// `NSTextAlignment`.
    enum Alignment: Hashable {
        case natural, left, center, right, justified
    }

    /// The values for an `NSMutableParagraphStyle`; a `nil` field keeps the paragraph style's default.
    struct Paragraph: Hashable {
        var alignment: Alignment?
        var lineSpacing: Double?
        var lineHeightMultiple: Double?
        var paragraphSpacing: Double?
        var paragraphSpacingBefore: Double?
        var headIndent: Double?
        /// Apple's sign convention: negative, measured from the trailing margin.
        var tailIndent: Double?
        var firstLineHeadIndent: Double?

        /// The values for a paragraph layout, or `nil` when it decides nothing.
        ///
        /// Spacing and indents are clamped to zero or more, as `NSParagraphStyle` ignores negative values;
        /// ``MarkupStyleParagraph/tailIndent`` is a distance from the trailing edge, which Apple writes negative.
        init?(_ paragraph: MarkupStyleParagraph) {
            guard !paragraph.isEmpty else { return nil }
            alignment = paragraph.alignment.map { alignment in
                switch alignment {
                case .left: .left
                case .center: .center
                case .right: .right
                case .justified: .justified
                default: .natural
                }
            }
            lineSpacing = paragraph.lineSpacing.flatMap(Self.length)
            lineHeightMultiple = paragraph.lineHeightMultiple.flatMap(Self.length)
            paragraphSpacing = paragraph.paragraphSpacing.flatMap(Self.length)
            paragraphSpacingBefore = paragraph.paragraphSpacingBefore.flatMap(Self.length)
            headIndent = paragraph.headIndent.flatMap(Self.length)
            tailIndent = paragraph.tailIndent.flatMap(Self.length).map { -$0 }
            firstLineHeadIndent = paragraph.firstLineHeadIndent.flatMap(Self.length)
        }

        private static func length(_ value: Double) -> Double? {
            value.isFinite ? max(0, value) : nil
        }
    }
}

// MARK: - Layout

/// The string an Apple renderer builds and the attributes of each piece of it, decided from runs.
///
/// Text case is applied here, because neither `NSAttributedString` nor SwiftUI's `AttributedString` can apply it
/// per run; pieces are measured after the transformation (`ß` uppercased is `SS`). Images become attachments
/// when the target can show them and the image has a name; otherwise their alt text, or nothing.
struct PlatformTextLayout {
    /// An image to attach: its name for `UIImage(named:)`/`NSImage(named:)` and its size.
    struct Attachment: Hashable {
        var name: String
        var size: StyledText.Image.Size?
    }

    struct Piece: Equatable {
        /// The piece's UTF-16 offsets in ``PlatformTextLayout/string``: an `NSRange`.
        var utf16Range: Range<Int>
        /// The piece's UTF-8 length, for `AttributedString` indices.
        var utf8Count: Int
        var attributes: PlatformTextAttributes
        /// The image to attach to the piece's U+FFFC.
        var attachment: Attachment?
    }

    private(set) var string = ""
    private(set) var pieces: [Piece] = []

    /// Lays out runs.
    ///
    /// - Parameters:
    ///   - runs: Runs from ``StyleResolver/runs(for:)``.
    ///   - attachments: Whether the target shows images as text attachments (UIKit, AppKit) or not (SwiftUI).
    /// - Complexity: O(*n*) in the total length of the runs.
    init(runs: [StyledRun], attachments: Bool) {
        string.reserveCapacity(runs.last?.range.upperBound ?? 0)
        pieces.reserveCapacity(runs.count)
        var utf16Offset = 0
        var memo: (style: MarkupStyle, attributes: PlatformTextAttributes)?
        for run in runs {
            let text: Substring
            var attachment: Attachment?
            switch run.content {
            case let .text(content):
                text = run.style.textCase.map { Substring($0.apply(to: String(content))) } ?? content
            case let .image(image):
                if attachments, let name = image.name {
                    text = "\u{FFFC}"
                    attachment = Attachment(name: name, size: image.size)
                } else {
                    text = Substring(image.alt ?? "")
                }
            }
            guard !text.isEmpty else { continue }
            let attributes: PlatformTextAttributes
            if let memo, memo.style == run.style {
                attributes = memo.attributes
            } else {
                attributes = PlatformTextAttributes(run.style)
                memo = (run.style, attributes)
            }
            let utf16Count = text.utf16.count
            pieces.append(Piece(utf16Range: utf16Offset..<(utf16Offset + utf16Count), utf8Count: text.utf8.count,
                                attributes: attributes, attachment: attachment))
            string += text
            utf16Offset += utf16Count
        }
    }
}
