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

    /// Calls `body` with the string's UTF-8 bytes: in place where they are contiguous (native and small strings,
    /// every string on Linux), else in a native copy (a bridged string on Apple platforms). `withUTF8` alone needs a
    /// mutable copy of the string, a retain and a release, even where the bytes are in place.
    @inline(__always)
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return copy.withUTF8(body)
    }
}

extension String {
    /// A string of UTF-8 that its builder made of whole scalars only — slices of valid strings cut next to ASCII
    /// bytes, ASCII, encoded scalars — copied without validating it a second time where the standard library
    /// allows that (`UTF8Span`: Swift 6.2 or later, on Linux and on Apple platforms from the 26 releases), and
    /// decoded as usual elsewhere. Validating costs about 10 instructions a byte here, more than everything else
    /// the template and `plainText(ofTemplate:)` fast paths do per byte. Debug builds check the promise.
    init(builtFromValidUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        assert(String(decoding: bytes, as: UTF8.self).utf8.elementsEqual(bytes), "invalid UTF-8 was appended")
        #if compiler(>=6.2)  // The package builds with Swift 6.0, which has no `UTF8Span`.
        if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
            var utf8 = UTF8Span(unchecked: bytes.span)
            // Stops at the first non-ASCII byte; an ASCII result keeps the standard library's fast paths.
            _ = utf8.checkForASCII()
            self = String(copying: utf8)
            return
        }
        #endif
        self = String(decoding: bytes, as: UTF8.self)
    }
}
