extension String {
    /// The substring at these UTF-8 offsets, which must fall on scalar boundaries.
    ///
    /// StyledText keeps offsets rather than `String.Index`es in its storage and tokens; on native UTF-8 strings
    /// (every string the library slices is made contiguous first) this is O(1).
    func utf8Slice(_ range: Range<Int>) -> Substring {
        let utf8 = self.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return self[lower..<utf8.index(lower, offsetBy: range.count)]
    }
}
