extension MarkupStyle: CustomStringConvertible {
    /// The decided fields only, compactly: `size 14, semibold, #0000ff, underline solid`; `plain` when empty.
    ///
    /// ```swift
    /// MarkupStyle(font: .init(size: 14, weight: .semibold), foregroundColor: .blue).description
    /// // "size 14, semibold, #0000ff"
    /// ```
    public var description: String {
        var fields: [String] = []
        if let size = font.size { fields.append("size \(Self.number(size))") }
        if let weight = font.weight { fields.append(weight.description) }
        if font.italic == true { fields.append("italic") }
        if let family = font.family { fields.append("family \(family)") }
        if font.monospaced == true { fields.append("monospaced") }
        if let textStyle = font.textStyle { fields.append("textStyle \(textStyle)") }
        if let color = foregroundColor { fields.append(Self.color(color)) }
        if let color = backgroundColor { fields.append("background " + Self.color(color)) }
        if let line = underline { fields.append("underline \(line.style)" + (line.color.map { " " + Self.color($0) } ?? "")) }
        if let line = strikethrough {
            fields.append("strikethrough \(line.style)" + (line.color.map { " " + Self.color($0) } ?? ""))
        }
        if let kern { fields.append("kern \(Self.number(kern))") }
        if let baselineOffset { fields.append("baseline \(Self.number(baselineOffset))") }
        if let link { fields.append("link \(link.absoluteString)") }
        if let alignment = paragraph.alignment { fields.append("align \(alignment)") }
        var spacing = paragraph
        spacing.alignment = nil
        if !spacing.isEmpty { fields.append("paragraph spacing/indents") }
        if let textCase { fields.append(textCase.rawValue) }
        return fields.isEmpty ? "plain" : fields.joined(separator: ", ")
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    private static func color(_ color: MarkupStyleColor) -> String {
        color.alpha < 1 ? color.cssString : color.hexString
    }
}
