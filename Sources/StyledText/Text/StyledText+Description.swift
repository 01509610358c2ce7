extension StyledText: CustomStringConvertible, CustomDebugStringConvertible {
    /// The plain text, as ``plainText``.
    public var description: String { text }

    /// A stable, readable dump of the parts, one line each: the content, then its attributes outermost first.
    ///
    /// ```swift
    /// let text: StyledText = "Hi \("Eve", .important)"
    /// print(text.debugDescription)
    /// // text "Hi "
    /// // text "Eve" [important(level: "enough")]
    /// ```
    public var debugDescription: String {
        var lines: [String] = []
        lines.reserveCapacity(segments.count)
        for segment in segments {
            var line: String
            switch segment.content {
            case let .text(range): line = "text " + Attribute.quoted(String(substring(range)))
            case let .image(image): line = image.description
            case let .element(element): line = "element " + element.attribute.description
            }
            if !segment.stack.isEmpty {
                line += " [" + segment.stack.attributes.map(\.description).joined(separator: ", ") + "]"
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
