extension MarkupStyleColor {
    /// Parses a CSS colour: hex notation, `rgb()`/`rgba()`, `transparent` or one of the 148 named colours.
    ///
    /// Accepts, case-insensitively and ignoring surrounding ASCII whitespace:
    /// - `#rgb`, `#rgba`, `#rrggbb` and `#rrggbbaa`;
    /// - `rgb()` and `rgba()` — the two are aliases, as in CSS Color 4 — in the legacy comma form
    ///   `rgb(255, 0, 0)`/`rgba(100%, 0%, 0%, 0.5)` or the space-separated form `rgb(255 0 0 / 50%)`, each with
    ///   three channels and an optional alpha. Channels are numbers (`0…255`) or percentages; the comma form
    ///   does not mix the two, as CSS requires. Alpha is a number (`0…1`) or a percentage. Numbers use CSS
    ///   syntax (`-1`, `.5`, `2e2`); out-of-range values clamp, as they do in CSS;
    /// - `transparent` and the named colours of CSS Color Module Level 4 §6.1, including `rebeccapurple` and
    ///   both spellings of `gray`/`grey`.
    ///
    /// Anything else is `nil`, including keywords that need context (`currentColor`, `inherit`), other colour
    /// functions (`hsl()`, `color()`), CSS comments and trailing text such as `#fff;`.
    ///
    /// ```swift
    /// MarkupStyleColor(css: "#663399") == MarkupStyleColor(css: "RebeccaPurple")  // true
    /// MarkupStyleColor(css: "rgb(255 0 0 / 50%)")?.cssString                      // "rgba(255, 0, 0, 0.5)"
    /// MarkupStyleColor(css: " rgba(300, 0, 0, 2) ")?.cssString                    // "#ff0000"
    /// MarkupStyleColor(css: "#fff;")                                              // nil
    /// ```
    ///
    /// - Parameter css: A CSS `<color>` value, such as the value of an inline `style="color: …"`.
    /// - Complexity: O(*n*) in the UTF-8 length of `css`.
    public init?(css: String) {
        var reader = CSSColorReader(css)
        guard let color = reader.readColor() else { return nil }
        self = color
    }

    /// The colour as CSS: `#rrggbb` when opaque, `rgba(r, g, b, a)` otherwise.
    ///
    /// Channels are rounded to 8 bits; alpha is written with up to three decimals and no trailing zeros. A
    /// colour counts as opaque when its alpha rounds to `1` at three decimals. Parsing the result with
    /// ``init(css:)`` gives back the same ``components8``.
    ///
    /// ```swift
    /// MarkupStyleColor.orange.cssString                                      // "#ffa500"
    /// MarkupStyleColor(red: 1, green: 0, blue: 0, alpha: 0.25).cssString     // "rgba(255, 0, 0, 0.25)"
    /// MarkupStyleColor(red8: 0, green8: 0, blue8: 0, alpha8: 128).cssString  // "rgba(0, 0, 0, 0.502)"
    /// ```
    ///
    /// - Complexity: O(1).
    public var cssString: String {
        let c = components8
        let alphaMillis = Self.cssAlphaMillis(alpha, alpha8: c.alpha)
        if alphaMillis == 1000 { return hexString }
        return "rgba(\(c.red), \(c.green), \(c.blue), \(Self.decimal(millis: alphaMillis)))"
    }

    /// Alpha in thousandths, chosen so that parsing it back rounds to `alpha8` again.
    private static func cssAlphaMillis(_ alpha: Double, alpha8: UInt8) -> Int {
        let nearest = Int((alpha * 1000).rounded())
        // Three decimals are finer than 8 bits (1/255 ≈ 0.0039), but an alpha just below a rounding boundary
        // of the 8-bit value can round across it: 0.4998 → "0.5" → 128, though 0.4998 itself is 127.
        // Then write the 8-bit value instead; its three-decimal form is within 0.13/255 of it, so it comes back.
        if UInt8((Double(nearest) / 1000 * 255).rounded()) == alpha8 { return nearest }
        return Int((Double(alpha8) / 255 * 1000).rounded())
    }

    /// `millis / 1000` in `0..<1` as the shortest decimal: 500 → "0.5", 0 → "0".
    private static func decimal(millis: Int) -> String {
        guard millis > 0 else { return "0" }
        var digits = Array(String(millis + 1000).utf8.dropFirst())  // zero-padded to three digits
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        return "0." + String(decoding: digits, as: UTF8.self)
    }
}

/// A cursor over the UTF-8 bytes of a CSS colour, trimmed of surrounding ASCII whitespace.
///
/// Each `read…` and `consume` either consumes what it matched or leaves the position where it was.
private struct CSSColorReader {
    private let bytes: [UInt8]
    private var position: Int
    private let end: Int

    init(_ text: String) {
        bytes = Array(text.utf8)
        var start = 0
        var end = bytes.count
        while start < end, TemplateTokenizer.isSpace(bytes[start]) { start += 1 }
        while end > start, TemplateTokenizer.isSpace(bytes[end - 1]) { end -= 1 }
        position = start
        self.end = end
    }

    /// A channel or alpha value as written: a number, or a number followed by `%`.
    struct Component {
        var value: Double
        var isPercentage: Bool

        /// The value as a colour channel: numbers run over `0…255`.
        var channel: Double { isPercentage ? value / 100 : value / 255 }
        /// The value as an opacity: numbers run over `0…1`.
        var alpha: Double { isPercentage ? value / 100 : value }
    }

    /// Reads a whole colour, or returns `nil` if the text is not exactly one colour.
    mutating func readColor() -> MarkupStyleColor? {
        if consume(UInt8(ascii: "#")) { return readHexDigits() }
        guard let name = readName() else { return nil }
        if consume(UInt8(ascii: "(")) {
            guard name == "rgb" || name == "rgba" else { return nil }
            return readRGBArguments()
        }
        guard position == end else { return nil }
        if name == "transparent" { return .clear }
        return MarkupStyleColor.cssNamedColors[name].map(MarkupStyleColor.init(rgb:))
    }

    /// Reads the digits after `#` up to the end: 3, 4, 6 or 8 of them.
    private mutating func readHexDigits() -> MarkupStyleColor? {
        switch end - position {
        case 3, 4, 6, 8: break
        default: return nil
        }
        var nibbles: [UInt8] = []
        nibbles.reserveCapacity(8)
        while position < end {
            guard let nibble = Self.hexValue(bytes[position]) else { return nil }
            nibbles.append(nibble)
            position += 1
        }
        // CSS Color 4 §5.2: in the short forms each digit is doubled, so `#f80` is `#ff8800`.
        let short = nibbles.count <= 4
        let channels: [UInt8] = short
            ? nibbles.map { $0 * 17 }
            : stride(from: 0, to: nibbles.count, by: 2).map { nibbles[$0] << 4 | nibbles[$0 + 1] }
        return MarkupStyleColor(red8: channels[0], green8: channels[1], blue8: channels[2],
                                alpha8: channels.count == 4 ? channels[3] : 255)
    }

    /// Reads the arguments of `rgb(`/`rgba(` through the closing parenthesis, which must end the text.
    ///
    /// Grammar (CSS Color 4 §5.1), whitespace allowed around every separator:
    /// legacy `c , c , c [, alpha]` with channels all numbers or all percentages;
    /// modern `c c c [/ alpha]`, mixing freely. As in CSS tokenisation, whitespace between modern channels
    /// may be omitted where the numbers stay distinct (`rgb(1-2+3)` is `rgb(1 -2 3)`).
    private mutating func readRGBArguments() -> MarkupStyleColor? {
        skipWhitespace()
        guard let red = readComponent() else { return nil }
        skipWhitespace()
        // The first separator decides the form: a comma for `rgb(r, g, b, a)`, anything else `rgb(r g b / a)`.
        let comma = UInt8(ascii: ",")
        let isLegacy = consume(comma)
        guard let green = readComponent(after: nil), let blue = readComponent(after: isLegacy ? comma : nil) else {
            return nil
        }
        if isLegacy, red.isPercentage != green.isPercentage || red.isPercentage != blue.isPercentage {
            return nil
        }
        var alpha = 1.0
        if consume(isLegacy ? comma : UInt8(ascii: "/")) {
            guard let value = readComponent(after: nil) else { return nil }
            alpha = value.alpha
        }
        guard consume(UInt8(ascii: ")")), position == end else { return nil }
        return MarkupStyleColor(red: red.channel, green: green.channel, blue: blue.channel, alpha: alpha)
    }

    /// Reads `[separator] component`, with optional whitespace before and after each part.
    private mutating func readComponent(after separator: UInt8?) -> Component? {
        skipWhitespace()
        if let separator {
            guard consume(separator) else { return nil }
            skipWhitespace()
        }
        guard let component = readComponent() else { return nil }
        skipWhitespace()
        return component
    }

    /// Reads a CSS `<number>` or `<percentage>` (``CSSSyntax/number(in:at:end:)``).
    private mutating func readComponent() -> Component? {
        guard let value = CSSSyntax.number(in: bytes, at: &position, end: end) else { return nil }
        return Component(value: value, isPercentage: consume(UInt8(ascii: "%")))
    }

    /// Reads a run of ASCII letters, lowercased; `nil` if there is none or it is longer than any keyword.
    private mutating func readName() -> String? {
        let start = position
        while position < end, TemplateTokenizer.isASCIILetter(bytes[position]) { position += 1 }
        // "lightgoldenrodyellow" (20) is the longest keyword; stop long input before it becomes a String.
        guard position > start, position - start <= 20 else { return nil }
        return String(decoding: bytes[start..<position].map { $0 | 0x20 }, as: UTF8.self)
    }

    private mutating func skipWhitespace() {
        while position < end, TemplateTokenizer.isSpace(bytes[position]) { position += 1 }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard peek(byte) else { return false }
        position += 1
        return true
    }

    private func peek(_ byte: UInt8) -> Bool {
        position < end && bytes[position] == byte
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
