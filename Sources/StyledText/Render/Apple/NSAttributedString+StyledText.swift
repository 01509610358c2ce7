#if canImport(UIKit) || canImport(AppKit)
import Foundation
#if canImport(UIKit)
import UIKit
#else
import AppKit
#endif

// Compiled only on Apple platforms and not compiled by the Linux CI: every decision is made by
// `PlatformTextAttributes` and `PlatformTextLayout`, which are tested everywhere; this file only turns decided
// values into UIKit/AppKit objects, with signatures checked against Apple's documentation.

extension NSAttributedString {
    /// Renders styled text into an `NSAttributedString` with UIKit or AppKit fonts, colours and paragraph styles.
    ///
    /// Each run gets a font (system, monospaced system or the style's family, at the nearest named weight, with
    /// italic, bold and monospace traits as needed), scaled for Dynamic Type through `UIFontMetrics` by its text
    /// style on UIKit platforms; its colours; underline and strikethrough styles and colours (a wavy line is
    /// drawn dotted); kern; baseline offset; an `NSParagraphStyle`; and its link, where a tappable's link is
    /// `styledtext-action://<id>` for ``StyledText/action(for:)``. Text case is applied to the text. A named
    /// image becomes an `NSTextAttachment`; an image with only a URL is replaced by its alt text, as loading it
    /// is the app's business.
    ///
    /// A run whose style decides nothing about the font gets no `.font`, so the view's own font applies.
    ///
    /// ```swift
    /// label.attributedText = NSAttributedString(text, resolver: resolver)
    /// label.adjustsFontForContentSizeCategory = true
    /// ```
    ///
    /// - Parameters:
    ///   - text: The styled text.
    ///   - resolver: The resolver that decides the styles.
    /// - Complexity: O(*n*) in the text, plus resolving; the string is created once and attributes are set
    ///   range by range, never by repeated appending. Fonts and colours are created once per distinct style.
    public convenience init(_ text: StyledText, resolver: StyleResolver) {
        self.init(runs: resolver.runs(for: text))
    }

    /// Renders resolved runs into an `NSAttributedString`; see ``init(_:resolver:)``.
    ///
    /// - Parameter runs: Runs from ``StyleResolver/runs(for:)``.
    public convenience init(runs: [StyledRun]) {
        let layout = PlatformTextLayout(runs: runs, attachments: true)
        let result = NSMutableAttributedString(string: layout.string)
        var cache: [PlatformTextAttributes: [NSAttributedString.Key: Any]] = [:]
        for piece in layout.pieces {
            var attributes: [NSAttributedString.Key: Any]
            if let cached = cache[piece.attributes] {
                attributes = cached
            } else {
                attributes = AppleTextAttributes.dictionary(for: piece.attributes)
                cache[piece.attributes] = attributes
            }
            if let attachment = piece.attachment {
                attributes[.attachment] = AppleTextAttributes.textAttachment(for: attachment)
            }
            let range = NSRange(location: piece.utf16Range.lowerBound, length: piece.utf16Range.count)
            result.setAttributes(attributes, range: range)
        }
        self.init(attributedString: result)
    }
}

/// Translates decided values into UIKit/AppKit attribute values.
private enum AppleTextAttributes {
    #if canImport(UIKit)
    typealias PlatformFont = UIFont
    typealias PlatformColor = UIColor
    #else
    typealias PlatformFont = NSFont
    typealias PlatformColor = NSColor
    #endif

    static func dictionary(for attributes: PlatformTextAttributes) -> [NSAttributedString.Key: Any] {
        var dictionary: [NSAttributedString.Key: Any] = [:]
        if let font = attributes.font { dictionary[.font] = self.font(font) }
        if let color = attributes.foregroundColor { dictionary[.foregroundColor] = self.color(color) }
        if let color = attributes.backgroundColor { dictionary[.backgroundColor] = self.color(color) }
        if let line = attributes.underline {
            dictionary[.underlineStyle] = line.underlineStyle
            if let color = line.color { dictionary[.underlineColor] = self.color(color) }
        }
        if let line = attributes.strikethrough {
            dictionary[.strikethroughStyle] = line.underlineStyle
            if let color = line.color { dictionary[.strikethroughColor] = self.color(color) }
        }
        if let kern = attributes.kern { dictionary[.kern] = CGFloat(kern) }
        if let offset = attributes.baselineOffset { dictionary[.baselineOffset] = CGFloat(offset) }
        if let paragraph = attributes.paragraph { dictionary[.paragraphStyle] = paragraphStyle(paragraph) }
        if let link = attributes.link { dictionary[.link] = link }
        return dictionary
    }

    static func color(_ color: MarkupStyleColor) -> PlatformColor {
        #if canImport(UIKit)
        UIColor(red: CGFloat(color.red), green: CGFloat(color.green), blue: CGFloat(color.blue),
                alpha: CGFloat(color.alpha))
        #else
        NSColor(srgbRed: CGFloat(color.red), green: CGFloat(color.green), blue: CGFloat(color.blue),
                alpha: CGFloat(color.alpha))
        #endif
    }

    static func font(_ font: PlatformTextAttributes.Font) -> PlatformFont {
        let size = CGFloat(font.pointSize)
        let weight = self.weight(font.weight)
        var result: PlatformFont
        switch font.face {
        case .system:
            result = PlatformFont.systemFont(ofSize: size, weight: weight)
        case .monospacedSystem:
            result = PlatformFont.monospacedSystemFont(ofSize: size, weight: weight)
        case let .family(family):
            #if canImport(UIKit)
            let descriptor = UIFontDescriptor(fontAttributes: [
                .family: family, .traits: [UIFontDescriptor.TraitKey.weight: weight.rawValue],
            ])
            result = UIFont(descriptor: descriptor, size: size)
            #else
            let descriptor = NSFontDescriptor(fontAttributes: [
                .family: family, .traits: [NSFontDescriptor.TraitKey.weight: weight.rawValue],
            ])
            result = NSFont(descriptor: descriptor, size: size) ?? NSFont.systemFont(ofSize: size, weight: weight)
            #endif
        }
        if !font.symbolicTraits.isEmpty {
            result = adding(font.symbolicTraits, to: result, size: size)
        }
        #if canImport(UIKit)
        if let style = font.scalingTextStyle {
            // The base font is unscaled (PlatformTextAttributes.Font.pointSize), as scaledFont(for:) requires.
            result = UIFontMetrics(forTextStyle: textStyle(style)).scaledFont(for: result)
        }
        #endif
        return result
    }

    private static func adding(_ traits: PlatformTextAttributes.SymbolicTraits, to font: PlatformFont,
                               size: CGFloat) -> PlatformFont {
        #if canImport(UIKit)
        var symbolic = font.fontDescriptor.symbolicTraits
        if traits.contains(.italic) { symbolic.insert(.traitItalic) }
        if traits.contains(.bold) { symbolic.insert(.traitBold) }
        if traits.contains(.monoSpace) { symbolic.insert(.traitMonoSpace) }
        guard let descriptor = font.fontDescriptor.withSymbolicTraits(symbolic) else { return font }
        return UIFont(descriptor: descriptor, size: size)
        #else
        var symbolic = font.fontDescriptor.symbolicTraits
        if traits.contains(.italic) { symbolic.insert(.italic) }
        if traits.contains(.bold) { symbolic.insert(.bold) }
        if traits.contains(.monoSpace) { symbolic.insert(.monoSpace) }
        return NSFont(descriptor: font.fontDescriptor.withSymbolicTraits(symbolic), size: size) ?? font
        #endif
    }

    private static func weight(_ weight: PlatformTextAttributes.Weight) -> PlatformFont.Weight {
        switch weight {
        case .ultraLight: .ultraLight
        case .thin: .thin
        case .light: .light
        case .regular: .regular
        case .medium: .medium
        case .semibold: .semibold
        case .bold: .bold
        case .heavy: .heavy
        case .black: .black
        }
    }

    #if canImport(UIKit)
    private static func textStyle(_ style: PlatformTextAttributes.TextStyle) -> UIFont.TextStyle {
        switch style {
        case .largeTitle:
            #if os(tvOS)
            return .title1  // tvOS has no large title style.
            #else
            return .largeTitle
            #endif
        case .title1: return .title1
        case .title2: return .title2
        case .title3: return .title3
        case .headline: return .headline
        case .subheadline: return .subheadline
        case .body: return .body
        case .callout: return .callout
        case .footnote: return .footnote
        case .caption1: return .caption1
        case .caption2: return .caption2
        }
    }
    #endif

    private static func paragraphStyle(_ paragraph: PlatformTextAttributes.Paragraph) -> NSParagraphStyle {
        let style = NSMutableParagraphStyle()
        if let alignment = paragraph.alignment {
            switch alignment {
            case .natural: style.alignment = .natural
            case .left: style.alignment = .left
            case .center: style.alignment = .center
            case .right: style.alignment = .right
            case .justified: style.alignment = .justified
            }
        }
        if let value = paragraph.lineSpacing { style.lineSpacing = CGFloat(value) }
        if let value = paragraph.lineHeightMultiple { style.lineHeightMultiple = CGFloat(value) }
        if let value = paragraph.paragraphSpacing { style.paragraphSpacing = CGFloat(value) }
        if let value = paragraph.paragraphSpacingBefore { style.paragraphSpacingBefore = CGFloat(value) }
        if let value = paragraph.headIndent { style.headIndent = CGFloat(value) }
        if let value = paragraph.tailIndent { style.tailIndent = CGFloat(value) }
        if let value = paragraph.firstLineHeadIndent { style.firstLineHeadIndent = CGFloat(value) }
        return style
    }

    static func textAttachment(for attachment: PlatformTextLayout.Attachment) -> NSTextAttachment {
        let result = NSTextAttachment()
        #if canImport(UIKit)
        result.image = UIImage(named: attachment.name)
        #else
        result.image = NSImage(named: attachment.name)
        #endif
        if let size = attachment.size {
            result.bounds = CGRect(x: 0, y: 0, width: CGFloat(size.width), height: CGFloat(size.height))
        }
        return result
    }
}
#endif
