/// The pieces of CSS syntax that colours (``MarkupStyleColor/init(css:)``) and declaration lists
/// (``MarkupStyle/init(css:inherited:)``) share, over UTF-8 bytes.
///
/// CSS whitespace (space, tab, line feed, carriage return, form feed) is HTML's, and an ASCII letter is one: both
/// readers test bytes with the template tokenizer's `TemplateTokenizer.isSpace` and `isASCIILetter`.
enum CSSSyntax {
    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// Reads a CSS `<number>` at `position`, before `end`, and moves past it; leaves `position` and returns `nil`
    /// where none starts.
    ///
    /// CSS Syntax 3 §4.3.12: `[+-]? (digits [. digits] | . digits) [(e|E) [+-]? digits]`. Spellings such as
    /// `nan`, `inf` or `0x1p3`, which `Double.init` would accept, never reach it. An exponent counts only when
    /// digits follow it: `1em` is a number and a unit. Overflow gives ±infinity, for the caller to clamp.
    static func number(in bytes: [UInt8], at position: inout Int, end: Int) -> Double? {
        let start = position
        var index = position
        if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        while index < end, isDigit(bytes[index]) { index += 1 }
        var digits = index - integerStart
        if index + 1 < end, bytes[index] == UInt8(ascii: "."), isDigit(bytes[index + 1]) {
            index += 1
            let fractionStart = index
            while index < end, isDigit(bytes[index]) { index += 1 }
            digits += index - fractionStart
        }
        guard digits > 0 else { return nil }
        if index < end, bytes[index] | 0x20 == UInt8(ascii: "e") {
            var exponent = index + 1
            if exponent < end, bytes[exponent] == UInt8(ascii: "+") || bytes[exponent] == UInt8(ascii: "-") {
                exponent += 1
            }
            let exponentDigits = exponent
            while exponent < end, isDigit(bytes[exponent]) { exponent += 1 }
            if exponent > exponentDigits { index = exponent }
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else { return nil }
        position = index
        return value
    }
}
