/// Escaping for HTML text, HTML attribute values and CSS strings.
///
/// Everything the HTML renderer writes that did not come from its own fixed strings passes through here.
enum HTMLEscaping {
    /// Appends text content: `&`, `<` and `>` as references, line breaks (`\n`, `\r\n`, `\r`) as `<br>`, and
    /// control characters other than tab as U+FFFD.
    ///
    /// The HTML standard's preprocessing of the input stream makes control characters parse errors, and the
    /// tokenizer keeps, drops or replaces NUL depending on where it appears; U+FFFD is what a reader would see
    /// for most of them anyway, and is the same everywhere.
    ///
    /// White space shows as it is in the text, where a browser would collapse it: a space that starts a line or
    /// follows another space becomes a no-break space (`&#160;`), and tabs are written inside `tabSpan`, an element
    /// whose white space is kept (`white-space: pre`). A space between words stays an ordinary one, a place to wrap.
    ///
    /// - Parameters:
    ///   - afterWhiteSpace: Whether the text written before ends with a space or a line break, or nothing was
    ///     written yet; updated for the text after.
    ///   - tabSpan: The opening tag of the element around tabs, as bytes: a string here would be retained and
    ///     released for every run.
    static func appendText(_ text: consuming Substring, to output: inout UTF8Buffer, afterWhiteSpace: inout Bool,
                           tabSpan: UnsafeBufferPointer<UInt8>) {
        var text = text
        text.withUTF8 { appendText(bytes: $0, to: &output, afterWhiteSpace: &afterWhiteSpace, tabSpan: tabSpan) }
    }

    /// ``appendText(_:to:afterWhiteSpace:tabSpan:)`` for text given as its UTF-8 bytes, which hold whole scalars:
    /// a run's text.
    static func appendText(bytes: UnsafeBufferPointer<UInt8>, to output: inout UTF8Buffer,
                           afterWhiteSpace: inout Bool, tabSpan: UnsafeBufferPointer<UInt8>) {
        guard let last = bytes.last else { return }
        // A line break writes the spaces after it too, so the search looks for a space after a space only.
        func appendLineBreak(_ length: Int, at index: Int, _ output: inout UTF8Buffer) -> Int {
            output.append("<br>")
            var end = index + length
            while end < bytes.count, bytes[end] == UInt8(ascii: " ") {
                output.append("&#160;")
                end += 1
            }
            return end - index
        }
        output.append(escaping: bytes, specials: textSpecials, spaceAfterSpace: afterWhiteSpace) {
            bytes, index, output in
            switch bytes[index] {
            case UInt8(ascii: " "): output.append("&#160;")
            case UInt8(ascii: "&"): output.append("&amp;")
            case UInt8(ascii: "<"): output.append("&lt;")
            case UInt8(ascii: ">"): output.append("&gt;")
            case UInt8(ascii: "\n"): return appendLineBreak(1, at: index, &output)
            case UInt8(ascii: "\r"):
                let crlf = index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n")
                return appendLineBreak(crlf ? 2 : 1, at: index, &output)
            case UInt8(ascii: "\t"):
                var end = index + 1
                while end < bytes.count, bytes[end] == UInt8(ascii: "\t") { end += 1 }
                output.append(tabSpan)
                output.append(UnsafeBufferPointer(rebasing: bytes[index..<end]))
                output.append("</span>")
                return end - index
            case 0xC2: return replaceC1Control(bytes, index, &output)
            default: output.append("\u{FFFD}")
            }
            return 1
        }
        afterWhiteSpace = last == UInt8(ascii: " ") || last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r")
    }

    /// Appends an attribute value for a double-quoted attribute: `&`, `<`, `>` and `"` as references, control
    /// characters other than tab and line breaks as U+FFFD.
    static func appendAttribute(_ value: consuming Substring, to output: inout UTF8Buffer) {
        output.append(escaping: value, specials: attributeSpecials) { bytes, index, output in
            switch bytes[index] {
            case UInt8(ascii: "&"): output.append("&amp;")
            case UInt8(ascii: "<"): output.append("&lt;")
            case UInt8(ascii: ">"): output.append("&gt;")
            case UInt8(ascii: "\""): output.append("&quot;")
            case 0xC2: return replaceC1Control(bytes, index, &output)
            default: output.append("\u{FFFD}")
            }
            return 1
        }
    }

    /// `value` as a single-quoted CSS string, safe inside a double-quoted `style` attribute and inside a `<style>`
    /// element: every ASCII character but letters, digits, space, `-` and `_` becomes a CSS escape (`\3c `), so no
    /// quote, `<` or `&` can end the string, the attribute or the element. Control characters are dropped.
    ///
    /// ```swift
    /// HTMLEscaping.cssString("Times New Roman")  // "'Times New Roman'"
    /// HTMLEscaping.cssString("x'</style>")       // "'x\27 \3c \2f style\3e '"
    /// ```
    static func cssString(_ value: String) -> String {
        var result = "'"
        for scalar in value.unicodeScalars {
            let code = scalar.value
            if code < 0x20 || (0x7F...0x9F).contains(code) { continue }
            if code >= 0x80 || isPlainCSSCharacter(code) {
                result.unicodeScalars.append(scalar)
            } else {
                // CSS Syntax §4.3.7: a hex escape ends at the first space after it.
                result += "\\" + String(code, radix: 16) + " "
            }
        }
        return result + "'"
    }

    private static func isPlainCSSCharacter(_ code: UInt32) -> Bool {
        (0x41...0x5A).contains(code) || (0x61...0x7A).contains(code) || (0x30...0x39).contains(code)
            || code == 0x20 || code == 0x2D || code == 0x5F
    }

    /// Replaces a C1 control (U+0080–U+009F, UTF-8 `C2 80`–`C2 9F`) with U+FFFD; keeps any other `C2` sequence.
    private static func replaceC1Control(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int,
                                         _ output: inout UTF8Buffer) -> Int {
        guard index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) else { return 0 }
        output.append("\u{FFFD}")
        return 2
    }

    /// C0 controls except tab, DEL, and the lead byte of C1 controls.
    private static let controls: [UInt8] = Array(0x00...0x08) + [0x0B, 0x0C] + Array(0x0E...0x1F) + [0x7F, 0xC2]

    private static let textSpecials = ByteSet(controls + [0x09, 0x0A, 0x0D] + Array("&<>".utf8))
    private static let attributeSpecials = ByteSet(controls + Array("&<>\"".utf8))
}
