extension MarkupStyle {
    /// This style with its undecided fields taken from `other`: the merge used when styles nest.
    ///
    /// This style's decided fields win. The font's and the paragraph's fields merge one by one, so an inner
    /// `weight` and an outer `italic` give bold italic; an underline's colour is taken from outside when the
    /// inner underline has none.
    ///
    /// ```swift
    /// let inner = MarkupStyle(font: .init(weight: .bold), foregroundColor: .red)
    /// let outer = MarkupStyle(font: .init(size: 12, italic: true), foregroundColor: .blue)
    /// let merged = inner.filling(from: outer)
    /// merged.font  // MarkupStyleFont(size: 12, weight: .bold, italic: true)
    /// merged.foregroundColor  // .red
    /// ```
    ///
    /// - Parameter other: The style further out (or the base style).
    /// - Returns: The merged style.
    /// - Complexity: O(1).
    public func filling(from other: MarkupStyle) -> MarkupStyle {
        var result = self
        result.fill(from: other)
        return result
    }

    /// Takes this style's undecided fields from `other`; see ``filling(from:)``.
    ///
    /// - Parameter other: The style further out.
    /// - Complexity: O(1).
    public mutating func fill(from other: MarkupStyle) {
        // Filling from itself or from nothing changes nothing; filling nothing gives the other style, shared.
        if isIdentical(to: other) || other.isSharedUndecided { return }
        if isSharedUndecided {
            self = other
            return
        }
        fillFields(from: other)
    }
}
