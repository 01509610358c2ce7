/// Decodes HTML5 character references (WHATWG HTML §13.2.5.72–80).
///
/// The template parser calls this once per text node and once per parameter value, after tokenizing, so a
/// decoded `&lt;b&gt;` is the text `<b>`, never a tag. Decoding follows the HTML5 tokenizer, as browsers do:
///
/// - Named references take the longest name in ``HTMLEntities``, including the legacy names that may omit `;`
///   (`&amp`, `&copy`, `&not`): `&notin;` is `∉`, but `&notit;` is `¬it;`.
/// - Numeric references (`&#233;`, `&#xE9;`, `;` optional) map 0, surrogates and values above U+10FFFF to U+FFFD,
///   and 0x80–0x9F through the Windows-1252 table (`&#128;` is `€`).
/// - Nothing is lost: `AT&T`, `&foo;` and `&#x;` stay exactly as written.
///
/// ```swift
/// CharacterReferences.decode("Fish &amp; Chips &copy 2024 &#x1F41F;", inAttributeValue: false)
/// // "Fish & Chips © 2024 🐟"
/// ```
enum CharacterReferences {
    /// Appends `text` to `output`, decoding every character reference in it.
    ///
    /// Text without `&` is appended with a single copy; otherwise literal spans are appended as slices of `text`
    /// between the references.
    ///
    /// - Parameters:
    ///   - text: Raw text of one text node or attribute value.
    ///   - inAttributeValue: Apply the attribute-value rule for legacy names without `;`: followed by `=` or an
    ///     ASCII alphanumeric they stay literal (`&notit=` and `&notita` stay as written, so `?a=1&copy=2` keeps its
    ///     query parameter); in text `&notit;` decodes to `¬it;`.
    ///   - output: The string to append to; its current contents are kept.
    /// - Complexity: O(n) in the UTF-8 length of `text`.
    static func decode(_ text: Substring, inAttributeValue: Bool, into output: inout String) {
        // Bridged strings on Apple platforms may not be stored as UTF-8; give those one native copy so that the
        // scan below always has contiguous bytes. Native strings (all of them on Linux) are not copied.
        var contiguous = text
        contiguous.makeContiguousUTF8()
        // `withUTF8` is mutating, so slices are cut from a second value sharing the same storage.
        let source = contiguous
        contiguous.withUTF8 { bytes in
            decode(source, bytes: bytes, inAttributeValue: inAttributeValue, into: &output)
        }
    }

    /// Convenience: the decoded string.
    ///
    /// ```swift
    /// CharacterReferences.decode("a=1&copy=2", inAttributeValue: true)   // "a=1&copy=2"
    /// CharacterReferences.decode("a=1&copy=2", inAttributeValue: false)  // "a=1©=2"
    /// ```
    ///
    /// - Parameters:
    ///   - text: Raw text of one text node or attribute value.
    ///   - inAttributeValue: Apply the attribute-value rule for legacy names without `;` (see
    ///     ``decode(_:inAttributeValue:into:)``).
    /// - Returns: `text` with every character reference decoded.
    /// - Complexity: O(n) in the UTF-8 length of `text`.
    static func decode(_ text: Substring, inAttributeValue: Bool) -> String {
        var output = ""
        decode(text, inAttributeValue: inAttributeValue, into: &output)
        return output
    }
}

extension CharacterReferences {
    /// One decoded reference: where it ends in the input and what it decodes to.
    private struct Reference {
        /// The byte offset just past the reference (past its `;` if it has one).
        var end: Int
        /// The first (usually only) decoded scalar.
        var first: Unicode.Scalar
        /// The second scalar, for the few named references that decode to two (`&fjlig;` is `fj`).
        var second: Unicode.Scalar?
    }

    /// The scan over the UTF-8 bytes of `text`; offsets are relative to the start of `bytes` and of `text`.
    private static func decode(
        _ text: Substring,
        bytes: UnsafeBufferPointer<UInt8>,
        inAttributeValue: Bool,
        into output: inout String
    ) {
        let ampersand = firstAmpersand(in: bytes, from: 0)
        guard ampersand < bytes.count else {
            output.append(contentsOf: text)
            return
        }
        let utf8 = text.utf8
        // O(1) for native UTF-8 strings. Offsets always fall on scalar boundaries: each is the end of the text, an
        // `&` or just past an ASCII byte of a reference.
        func index(_ offset: Int) -> String.Index {
            utf8.index(utf8.startIndex, offsetBy: offset)
        }
        scan(bytes, from: ampersand, inAttributeValue: inAttributeValue) { literal in
            output.append(contentsOf: text[index(literal.lowerBound)..<index(literal.upperBound)])
        } scalar: { scalar in
            output.unicodeScalars.append(scalar)
        }
    }

    /// Appends the UTF-8 bytes of `bytes` with every character reference decoded: what
    /// ``decode(_:inAttributeValue:into:)`` does, for a builder that collects bytes.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, inAttributeValue: Bool, into output: inout TextBytes) {
        // Most text has no `&`: one copy, without setting up the scan.
        let ampersand = firstAmpersand(in: bytes, from: 0)
        guard ampersand < bytes.count else {
            output.append(bytes)
            return
        }
        decode(bytes, from: ampersand, inAttributeValue: inAttributeValue, into: &output)
    }

    /// ``decode(_:inAttributeValue:into:)`` from the first `&`, which the caller found at `ampersand`.
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, from ampersand: Int, inAttributeValue: Bool,
                               into output: inout TextBytes) {
        scan(bytes, from: ampersand, inAttributeValue: inAttributeValue) { literal in
            output.append(UnsafeBufferPointer(rebasing: bytes[literal]))
        } scalar: { scalar in
            output.append(scalar: scalar)
        }
    }

    /// Appends what the reference at the `&` at `position` decodes to and returns the offset after it, or returns
    /// `nil` (appending nothing) when the text there is not a reference: for a scan that meets each `&` itself.
    ///
    /// The same decision as decoding the text node around it, however far `bytes` extends past that node: a
    /// reference only reads on through ASCII alphanumerics, `#` and one `;`, none of which end a text node.
    static func appendReference(in bytes: UnsafeBufferPointer<UInt8>, at position: Int,
                                into output: inout UTF8Buffer) -> Int? {
        guard let reference = reference(in: bytes, at: position, inAttributeValue: false) else { return nil }
        output.append(scalar: reference.first)
        if let second = reference.second {
            output.append(scalar: second)
        }
        return reference.end
    }

    /// The decoded text of `bytes`, which hold whole scalars; text without `&` is made straight from the bytes.
    static func decodedString(_ bytes: UnsafeBufferPointer<UInt8>, inAttributeValue: Bool) -> String {
        let ampersand = firstAmpersand(in: bytes, from: 0)
        guard ampersand < bytes.count else { return String(decoding: bytes, as: UTF8.self) }
        var output = TextBytes(capacity: bytes.count)
        decode(bytes, from: ampersand, inAttributeValue: inAttributeValue, into: &output)
        return output.makeString()
    }

    /// Walks `bytes`, reporting each literal span (by offsets) and each decoded scalar, in order, from the first
    /// `&`, at `start`: every caller has found it already, to skip the scan for text without one.
    private static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>,
        from start: Int,
        inAttributeValue: Bool,
        literal: (Range<Int>) -> Void,
        scalar: (Unicode.Scalar) -> Void
    ) {
        var position = start
        var literalStart = 0
        while position < bytes.count {
            if let reference = reference(in: bytes, at: position, inAttributeValue: inAttributeValue) {
                if literalStart < position {
                    literal(literalStart..<position)
                }
                scalar(reference.first)
                if let second = reference.second {
                    scalar(second)
                }
                literalStart = reference.end
                position = reference.end
            } else {
                // Not a reference: the `&` and whatever follows stay in the pending literal span. What the
                // reference states consumed holds no `&`, so the next search can start right after this one.
                position += 1
            }
            position = firstAmpersand(in: bytes, from: position)
        }
        if literalStart < bytes.count {
            literal(literalStart..<bytes.count)
        }
    }

    /// The offset of the first `&` at or after `start`, or `bytes.count` if there is none.
    @inline(__always)
    private static func firstAmpersand(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var position = start
        if let base = bytes.baseAddress {
            // Eight bytes at a time, since most text has no `&` at all; on a hit the byte loop below finds it.
            let raw = UnsafeRawPointer(base)
            while bytes.count - position >= 8 {
                let word = raw.loadUnaligned(fromByteOffset: position, as: UInt64.self)
                if ByteSearch.matchingBytes(UInt8(ascii: "&"), in: word) != 0 {
                    break
                }
                position += 8
            }
        }
        while position < bytes.count, bytes[position] != UInt8(ascii: "&") {
            position += 1
        }
        return position
    }

    /// The reference starting with the `&` at `position`, or `nil` if the text there is not one.
    private static func reference(
        in bytes: UnsafeBufferPointer<UInt8>,
        at position: Int,
        inAttributeValue: Bool
    ) -> Reference? {
        let next = position + 1
        guard next < bytes.count else {
            return nil
        }
        if bytes[next] == UInt8(ascii: "#") {
            return numericReference(in: bytes, at: position)
        }
        return namedReference(in: bytes, at: position, inAttributeValue: inAttributeValue)
    }

    /// A named reference at the `&` at `position` (HTML5 §13.2.5.73).
    private static func namedReference(
        in bytes: UnsafeBufferPointer<UInt8>,
        at position: Int,
        inAttributeValue: Bool
    ) -> Reference? {
        let nameStart = position + 1
        // Names are ASCII alphanumerics plus an optional `;`; an alphanumeric run longer than every name cannot
        // end in one, so the scan stops there and a long word after `&` costs no more than a short one.
        let scanEnd = min(bytes.count, nameStart + HTMLEntities.longestNameLength)
        var runEnd = nameStart
        while runEnd < scanEnd, isASCIIAlphanumeric(bytes[runEnd]) {
            runEnd += 1
        }
        guard runEnd > nameStart else {
            return nil
        }
        // The longest name the input starts with wins. A name with `;` can only match as the whole run plus the
        // `;` after it (`;` is not alphanumeric), and then it is longer than any prefix of the run.
        if runEnd < bytes.count, bytes[runEnd] == UInt8(ascii: ";"),
           let entry = HTMLEntities.index(ofName: slice(bytes, nameStart, runEnd + 1)) {
            return reference(entry: entry, end: runEnd + 1)
        }
        // Otherwise only a legacy name (the table's only names without `;`) can match, as a prefix of the run:
        // `&notit;` is `&not` + `it;`. Try the longest prefix first.
        var end = min(runEnd, nameStart + HTMLEntities.longestLegacyNameLength)
        while end - nameStart >= HTMLEntities.shortestLegacyNameLength {
            if let entry = HTMLEntities.index(ofName: slice(bytes, nameStart, end)) {
                // §13.2.5.73, for historical reasons: in an attribute value a legacy name followed by `=` or an
                // alphanumeric is left alone, so URLs such as `?a=1&copy=2` keep their parameters. No shorter
                // name is tried then; the whole thing is literal.
                if inAttributeValue, end < bytes.count,
                   bytes[end] == UInt8(ascii: "=") || isASCIIAlphanumeric(bytes[end]) {
                    return nil
                }
                return reference(entry: entry, end: end)
            }
            end -= 1
        }
        return nil
    }

    /// A numeric reference at the `&` of `&#` at `position` (HTML5 §13.2.5.75–80).
    private static func numericReference(in bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Reference? {
        var cursor = position + 2
        var radix: UInt32 = 10
        if cursor < bytes.count, bytes[cursor] | 0x20 == UInt8(ascii: "x") {
            radix = 16
            cursor += 1
        }
        let digitsStart = cursor
        var code: UInt32 = 0
        while cursor < bytes.count, let digit = digitValue(bytes[cursor], radix: radix) {
            // Saturate just above U+10FFFF: any number of digits stays in range (no overflow trap), and every
            // saturated value is out of range, which maps to U+FFFD like the spec's unbounded number would.
            code = min(code * radix + digit, 0x11_0000)
            cursor += 1
        }
        // `&#`, `&#x` without digits are not references (§13.2.5.76–77): they stay literal.
        guard cursor > digitsStart else {
            return nil
        }
        // A missing `;` is only a parse error; the reference still counts.
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ";") {
            cursor += 1
        }
        return Reference(end: cursor, first: scalar(forCode: code), second: nil)
    }

    /// The scalar a numeric reference stands for (HTML5 §13.2.5.80, numeric character reference end state).
    private static func scalar(forCode code: UInt32) -> Unicode.Scalar {
        if code == 0 {
            return "\u{FFFD}"
        }
        if code >= 0x80, code <= 0x9F {
            return Unicode.Scalar(windows1252[Int(code - 0x80)]) ?? "\u{FFFD}"
        }
        // `Unicode.Scalar.init?` fails exactly for surrogates and values above U+10FFFF: the other U+FFFD cases.
        // Noncharacters and other controls (including CR) are only parse errors and stay as they are.
        return Unicode.Scalar(code) ?? "\u{FFFD}"
    }

    /// What 0x80–0x9F mean in a numeric reference: the Windows-1252 characters at those bytes (HTML5 §13.2.5.80).
    /// The five bytes Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) keep their C1 control.
    private static let windows1252: [UInt16] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, // 0x80–0x87
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F, // 0x88–0x8F
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, // 0x90–0x97
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178, // 0x98–0x9F
    ]

    /// The reference for table entry `entry`, ending at `end`.
    private static func reference(entry: Int, end: Int) -> Reference {
        let scalars = HTMLEntities.scalars(at: entry)
        return Reference(end: end, first: scalars.first, second: scalars.second)
    }

    /// The value of `byte` as a digit in `radix` (10 or 16), or `nil` if it is not one.
    @inline(__always)
    private static func digitValue(_ byte: UInt8, radix: UInt32) -> UInt32? {
        // Wrapping subtraction turns "between '0' and '9'" into one unsigned comparison.
        let decimal = byte &- UInt8(ascii: "0")
        if decimal < 10 {
            return UInt32(decimal)
        }
        // `| 0x20` lowercases ASCII letters, so `A`–`F` and `a`–`f` share one test.
        let letter = (byte | 0x20) &- UInt8(ascii: "a")
        if radix == 16, letter < 6 {
            return UInt32(letter) + 10
        }
        return nil
    }

    /// Whether `byte` is `0`–`9`, `A`–`Z` or `a`–`z`, the bytes of a reference name.
    @inline(__always)
    private static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10 || (byte | 0x20) &- UInt8(ascii: "a") < 26
    }

    /// Whether an `&` followed by `byte` may start a reference: only `#` or an ASCII letter or digit can (HTML5
    /// §13.2.5.72); after anything else the `&` is text.
    @inline(__always)
    static func mayStartReference(after byte: UInt8) -> Bool {
        byte == UInt8(ascii: "#") || isASCIIAlphanumeric(byte)
    }

    /// The bytes in `start..<end`.
    @inline(__always)
    private static func slice(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ start: Int,
        _ end: Int
    ) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[start..<end])
    }
}
