extension HTMLRenderer {
    /// The CSS declarations for a resolved style, `; `-separated in a fixed order; empty when the style decides
    /// nothing HTML can show.
    ///
    /// Only values the renderer writes itself reach the CSS: numbers, colours from ``MarkupStyleColor/cssString``,
    /// known keywords, and the font family as an escaped CSS string. Unknown line styles fall back to a solid
    /// line and unknown text cases are left out, so a custom raw value can never inject CSS. Paragraph layout is
    /// not written: the fragment is inline, so alignment and indents belong to the element you put it in.
    ///
    /// - Complexity: O(1) plus the length of the font family.
    static func cssDeclarations(for style: MarkupStyle) -> String {
        var declarations: [String] = []
        let font = style.font
        if let family = font.family {
            declarations.append("font-family: " + HTMLEscaping.cssString(family)
                + (font.monospaced == true ? ", monospace" : ""))
        } else if font.monospaced == true {
            declarations.append("font-family: ui-monospace, monospace")
        }
        if let size = font.effectiveSize, size > 0, let number = cssNumber(size) {
            declarations.append("font-size: \(number)px")
        }
        if let weight = font.weight, let number = cssNumber(weight.value) {
            declarations.append("font-weight: \(number)")
        }
        if let italic = font.italic {
            declarations.append(italic ? "font-style: italic" : "font-style: normal")
        }
        if let color = style.foregroundColor { declarations.append("color: " + color.cssString) }
        if let color = style.backgroundColor { declarations.append("background-color: " + color.cssString) }
        appendDecoration(for: style, to: &declarations)
        if let kern = style.kern, let number = cssNumber(kern) {
            declarations.append("letter-spacing: \(number)px")
        }
        if let offset = style.baselineOffset, let number = cssNumber(offset) {
            // A length in `vertical-align` raises the baseline by that much, as a positive baseline offset does.
            declarations.append("vertical-align: \(number)px")
        }
        if let textCase = style.textCase, let transform = cssTextTransform(textCase) {
            declarations.append("text-transform: " + transform)
        }
        return declarations.joined(separator: "; ")
    }

    /// `text-decoration` for underline and strikethrough.
    ///
    /// The shorthand names only the lines, which every e-mail client understands; style, colour and thickness go
    /// into the longhands, which older clients skip without losing the line. CSS has one style and one colour for
    /// all lines of an element, so when both lines are set the underline's style and colour win.
    private static func appendDecoration(for style: MarkupStyle, to declarations: inout [String]) {
        guard let primary = style.underline ?? style.strikethrough else { return }
        var lines: [String] = []
        if style.underline != nil { lines.append("underline") }
        if style.strikethrough != nil { lines.append("line-through") }
        declarations.append("text-decoration: " + lines.joined(separator: " "))
        switch primary.style {
        case .double: declarations.append("text-decoration-style: double")
        case .dotted: declarations.append("text-decoration-style: dotted")
        case .dashed: declarations.append("text-decoration-style: dashed")
        case .wavy: declarations.append("text-decoration-style: wavy")
        case .thick: declarations.append("text-decoration-thickness: 0.15em")
        default: break  // solid, the initial value; unknown styles fall back to it
        }
        if let color = primary.color { declarations.append("text-decoration-color: " + color.cssString) }
    }

    private static func cssTextTransform(_ textCase: MarkupStyle.TextCase) -> String? {
        switch textCase {
        case .uppercase: "uppercase"
        case .lowercase: "lowercase"
        case .capitalized: "capitalize"
        default: nil
        }
    }

    /// A CSS number with at most three decimals and no trailing zeros; `nil` when not finite.
    ///
    /// ```swift
    /// HTMLRenderer.cssNumber(14)     // "14"
    /// HTMLRenderer.cssNumber(1.25)   // "1.25"
    /// HTMLRenderer.cssNumber(-0.5)   // "-0.5"
    /// ```
    static func cssNumber(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }
}
