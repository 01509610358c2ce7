extension StyledText {
    /// This text as a safe HTML fragment with inline CSS; see ``HTMLRenderer`` for what is written and how it is
    /// kept safe.
    ///
    /// ```swift
    /// let resolver = StyleResolver().style("important", MarkupStyle(foregroundColor: .red))
    /// let text: StyledText = "a < \("b", .important)"
    /// text.html(resolver)  // "a &lt; <span style=\"color: #ff0000\">b</span>"
    /// ```
    ///
    /// - Parameters:
    ///   - resolver: The resolver that decides the styles.
    ///   - renderer: The renderer and its options; inline styles and the default policies by default.
    /// - Returns: The fragment.
    /// - Complexity: O(*n*) in the text plus resolving.
    public func html(_ resolver: StyleResolver, using renderer: HTMLRenderer = HTMLRenderer()) -> String {
        renderer.render(self, resolver: resolver)
    }
}
