#if canImport(SwiftUI)
import Foundation
import SwiftUI

// Compiled only on Apple platforms and not compiled by the Linux CI: every decision is made by
// `PlatformTextAttributes` and `PlatformTextLayout`, which are tested everywhere; this file only turns decided
// values into SwiftUI values, with signatures checked against Apple's documentation.

extension AttributedString {
    /// Renders styled text into an `AttributedString` with SwiftUI attributes, for `Text`.
    ///
    /// Each run gets a SwiftUI `Font` (a text style's font, which follows Dynamic Type, when the style gives a
    /// text style or no size; `Font.custom(_:size:relativeTo:)` for a family; a fixed-size system font for an
    /// explicit size), its colours, underline and strikethrough (`Text.LineStyle`: solid, dotted or dashed,
    /// with a colour), kern, baseline offset and link; a tappable's link is `styledtext-action://<id>`, which
    /// `OpenURLAction(text)` runs. Text case is applied to the text; images are replaced by their alt text, and
    /// paragraph layout is left to the view, as `Text` ignores it.
    ///
    /// ```swift
    /// Text(AttributedString(text, resolver: resolver, including: \.swiftUI))
    ///     .environment(\.openURL, OpenURLAction(text))
    /// ```
    ///
    /// - Parameters:
    ///   - text: The styled text.
    ///   - resolver: The resolver that decides the styles.
    ///   - scope: `\.swiftUI`.
    /// - Complexity: O(*n*) in the text plus resolving; attributes are set run by run, never by appending.
    public init(_ text: StyledText, resolver: StyleResolver,
                including scope: KeyPath<AttributeScopes, AttributeScopes.SwiftUIAttributes.Type>) {
        self.init(runs: resolver.runs(for: text), including: scope)
    }

    /// Renders resolved runs into an `AttributedString` with SwiftUI attributes; see
    /// ``init(_:resolver:including:)``.
    ///
    /// - Parameters:
    ///   - runs: Runs from ``StyleResolver/runs(for:)``.
    ///   - scope: `\.swiftUI`.
    public init(runs: [StyledRun],
                including scope: KeyPath<AttributeScopes, AttributeScopes.SwiftUIAttributes.Type>) {
        let layout = PlatformTextLayout(runs: runs, attachments: false)
        self.init(layout.string)
        var start = startIndex
        var cache: [PlatformTextAttributes: AttributeContainer] = [:]
        for piece in layout.pieces {
            let end = utf8.index(start, offsetBy: piece.utf8Count)
            let container: AttributeContainer
            if let cached = cache[piece.attributes] {
                container = cached
            } else {
                container = SwiftUITextAttributes.container(for: piece.attributes)
                cache[piece.attributes] = container
            }
            self[start..<end].setAttributes(container)
            start = end
        }
    }
}

extension OpenURLAction {
    /// An action that runs the tappables of `text` and lets the system open every other link.
    ///
    /// ```swift
    /// Text(AttributedString(text, resolver: resolver, including: \.swiftUI))
    ///     .environment(\.openURL, OpenURLAction(text))
    /// ```
    ///
    /// - Parameter text: The text whose tappables the links stand for.
    @MainActor
    public init(_ text: StyledText) {
        self.init { url in
            guard let action = text.action(for: url) else { return .systemAction }
            // SwiftUI calls the handler on the main actor; say so whether or not the closure inherited it.
            MainActor.assumeIsolated { action() }
            return .handled
        }
    }
}

/// Translates decided values into SwiftUI attribute values.
private enum SwiftUITextAttributes {
    static func container(for attributes: PlatformTextAttributes) -> AttributeContainer {
        var container = AttributeContainer()
        if let font = attributes.font {
            container[AttributeScopes.SwiftUIAttributes.FontAttribute.self] = self.font(font)
        }
        if let color = attributes.foregroundColor {
            container[AttributeScopes.SwiftUIAttributes.ForegroundColorAttribute.self] = self.color(color)
        }
        if let color = attributes.backgroundColor {
            container[AttributeScopes.SwiftUIAttributes.BackgroundColorAttribute.self] = self.color(color)
        }
        if let line = attributes.underline {
            container[AttributeScopes.SwiftUIAttributes.UnderlineStyleAttribute.self] = lineStyle(line)
        }
        if let line = attributes.strikethrough {
            container[AttributeScopes.SwiftUIAttributes.StrikethroughStyleAttribute.self] = lineStyle(line)
        }
        if let kern = attributes.kern {
            container[AttributeScopes.SwiftUIAttributes.KerningAttribute.self] = CGFloat(kern)
        }
        if let offset = attributes.baselineOffset {
            container[AttributeScopes.SwiftUIAttributes.BaselineOffsetAttribute.self] = CGFloat(offset)
        }
        if let link = attributes.link {
            container[AttributeScopes.FoundationAttributes.LinkAttribute.self] = link
        }
        return container
    }

    static func color(_ color: MarkupStyleColor) -> Color {
        Color(.sRGB, red: color.red, green: color.green, blue: color.blue, opacity: color.alpha)
    }

    static func lineStyle(_ line: PlatformTextAttributes.Line) -> Text.LineStyle {
        let pattern: Text.LineStyle.Pattern
        switch line.pattern {
        case .solid: pattern = .solid
        case .dot: pattern = .dot
        case .dash: pattern = .dash
        }
        return Text.LineStyle(pattern: pattern, color: line.color.map(color))
    }

    static func font(_ decision: PlatformTextAttributes.Font) -> Font {
        var font: Font
        switch decision.swiftUI {
        case let .textStyle(style, monospaced):
            font = .system(textStyle(style), design: monospaced ? .monospaced : .default)
        case let .system(size, monospaced):
            font = .system(size: CGFloat(size), weight: weight(decision.weight),
                           design: monospaced ? .monospaced : .default)
        case let .custom(family, size, relativeTo?):
            font = .custom(family, size: CGFloat(size), relativeTo: textStyle(relativeTo))
        case let .custom(family, size, nil):
            font = .custom(family, fixedSize: CGFloat(size))
        }
        if let weight = decision.swiftUIWeight { font = font.weight(self.weight(weight)) }
        if decision.swiftUIItalic { font = font.italic() }
        if decision.swiftUIMonospaced { font = font.monospaced() }
        return font
    }

    private static func weight(_ weight: PlatformTextAttributes.Weight) -> Font.Weight {
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

    private static func textStyle(_ style: PlatformTextAttributes.TextStyle) -> Font.TextStyle {
        switch style {
        case .largeTitle: .largeTitle
        case .title1: .title
        case .title2: .title2
        case .title3: .title3
        case .headline: .headline
        case .subheadline: .subheadline
        case .body: .body
        case .callout: .callout
        case .footnote: .footnote
        case .caption1: .caption
        case .caption2: .caption2
        }
    }
}
#endif
