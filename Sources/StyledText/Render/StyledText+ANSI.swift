extension StyledText {
    /// This text for a terminal, with SGR styles, OSC 8 hyperlinks and every control character in the text
    /// neutralised; see ``ANSIRenderer``.
    ///
    /// By default the capability is that of standard output, detected from the environment (`NO_COLOR`,
    /// `FORCE_COLOR`, `COLORTERM`, `TERM`) and whether it is a terminal, so piping the output gives plain text.
    ///
    /// ```swift
    /// let resolver = StyleResolver().style("important", MarkupStyle(font: .init(weight: .bold)))
    /// print(StyledText("Done", attributes: [.important]).ansi(resolver))
    ///
    /// let text: StyledText = "x \("y", .important)"
    /// text.ansi(resolver, using: ANSIRenderer(capability: .noColor))  // "x \u{1B}[1my\u{1B}[22m\u{1B}[0m"
    /// ```
    ///
    /// - Parameters:
    ///   - resolver: The resolver that decides the styles.
    ///   - renderer: The renderer and its options; by default one for standard output.
    /// - Returns: The text with escape sequences.
    /// - Complexity: O(*n*) in the text plus resolving.
    public func ansi(_ resolver: StyleResolver,
                     using renderer: ANSIRenderer = ANSIRenderer(capability: .standardOutput)) -> String {
        renderer.render(self, resolver: resolver)
    }
}
