import Foundation

extension AttributedString {
    /// Renders styled text into a Foundation `AttributedString`, on every platform including Linux.
    ///
    /// Each run gets its resolved style (``AttributeScopes/StyledTextAttributes/markupStyle``) and semantic
    /// attributes; Foundation's `.link` is the style's link, and a tappable's link is `styledtext-action://<id>`,
    /// which ``StyledText/action(for:)`` turns back into the closure. Each image is one U+FFFC with
    /// `.imageURL` (when the image has a URL) and ``AttributeScopes/StyledTextAttributes/styledImage``, which keeps
    /// its name, size and alt text. The text is not case-transformed: `textCase` stays in the style, for the view
    /// layer to apply.
    ///
    /// ```swift
    /// let attributed = AttributedString("Tap \("here", .tappable(id: "go") {})", resolver: StyleResolver())
    /// attributed.runs.count  // 2
    /// ```
    ///
    /// - Parameters:
    ///   - text: The styled text.
    ///   - resolver: The resolver that decides the styles.
    /// - Complexity: O(*n*) in the text, plus resolving; the string is built once and attributes are set run by
    ///   run, never by repeated appending.
    public init(_ text: StyledText, resolver: StyleResolver) {
        self.init(runs: resolver.runs(for: text))
    }

    /// Renders resolved runs into a Foundation `AttributedString`; see ``init(_:resolver:)``.
    ///
    /// - Parameter runs: Runs from ``StyleResolver/runs(for:)``.
    public init(runs: [StyledRun]) {
        var string = ""
        string.reserveCapacity(runs.last.map { $0.range.upperBound } ?? 0)
        for run in runs {
            switch run.content {
            case let .text(text): string += text
            case .image: string += "\u{FFFC}"
            }
        }
        self.init(string)
        var start = startIndex
        for run in runs {
            let length: Int
            var container = AttributeContainer()
            container[AttributeScopes.StyledTextAttributes.MarkupStyleAttribute.self] = run.style
            if !run.stack.isEmpty {
                // A shared list, not an array: Foundation compares neighbouring values, which must stay O(1)
                // however deep the nesting.
                container[AttributeScopes.StyledTextAttributes.SemanticAttributesAttribute.self] =
                    StyledText.AttributeList(run.stack)
            }
            if let link = run.style.link { container.link = link }
            if let image = run.image {
                length = 3  // U+FFFC is three UTF-8 bytes.
                container[AttributeScopes.StyledTextAttributes.StyledImageAttribute.self] = image
                if let url = image.url { container.imageURL = url }
            } else {
                length = run.utf8Range.count  // Without making the run's substring a second time.
            }
            let end = utf8.index(start, offsetBy: length)
            self[start..<end].setAttributes(container)
            start = end
        }
    }
}
