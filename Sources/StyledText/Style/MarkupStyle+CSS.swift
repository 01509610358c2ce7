extension MarkupStyle {
    /// A style from an inline CSS declaration list, such as the value of a tag's `style="…"`.
    ///
    /// Reads these properties, case-insensitively; every other property is ignored, as is a declaration whose
    /// value this does not understand, so an earlier valid one stays (the later of two valid ones wins):
    /// - `color` and `background-color` (or `background` when its value is one colour), as
    ///   ``MarkupStyleColor/init(css:)`` reads colours;
    /// - `font-size` in `px` (points, as WebKit counts them), `pt` (4/3 of a `px`), `em` or `%` of the inherited
    ///   size;
    /// - `font-weight`: `normal`, `bold`, `bolder`, `lighter` (stepped from the inherited weight as CSS steps
    ///   them) or a number from 1 to 1000;
    /// - `font-style`: `normal`, `italic` or `oblique`;
    /// - `font-family`: the first family of the list, quoted or not; `monospace` first makes the font
    ///   ``MarkupStyleFont/monospaced``, and the other generic families decide nothing;
    /// - `text-decoration` (or `text-decoration-line`): `underline` and `line-through`, with a line style
    ///   (`solid`, `double`, `dotted`, `dashed`, `wavy`) and a colour in any order;
    /// - `text-align`: `left`, `right`, `center`, `justify` or `start`;
    /// - `line-height`: a multiple (`1.5`, `150%`, `1.5em`) or a length (`24px`, `18pt`), taken as a multiple of
    ///   the font size;
    /// - `letter-spacing`: `normal` or a length in `px`, `pt` or `em`, as ``kern``;
    /// - `text-transform`: `uppercase`, `lowercase` or `capitalize`.
    ///
    /// Relative lengths (`em`, `%`) are of the inherited font size for `font-size`, and of the style's own font size
    /// for `line-height` and `letter-spacing`; where no size is known, of 16 points, CSS's `medium`. `none` and
    /// `normal` decide nothing where a style has no field for them (`text-decoration: none` cannot take away an
    /// outer underline), and `!important` is read and ignored. Comments, quoted strings and parentheses are
    /// skipped over as CSS skips them, so a `;` inside them ends no declaration. A template's parameters are
    /// untrusted, so sizes are clamped to 0…1,000 points, letter spacing to ±1,000 and line height to 100 times
    /// the font size; nothing here makes a link or loads anything (`url(…)` is ignored).
    ///
    /// The style decides only what the declarations decide. Which wins over a rule's own style is the rule's
    /// choice: `MarkupStyle(css: …).filling(from: style)` lets the inline CSS win, as browsers do, and
    /// `style.filling(from: MarkupStyle(css: …))` the rule.
    ///
    /// ```swift
    /// let resolver = StyleResolver(base: MarkupStyle(font: .init(size: 14))).fallback { tag, inherited in
    ///     tag["style"].map { MarkupStyle(css: $0, inherited: inherited) }
    /// }
    /// let text = StyledText(template: "<span style='color: #c00; font-size: 2em; font-weight: bolder'>Sale</span>")
    /// let style = resolver.runs(for: text)[0].style
    /// style.foregroundColor?.hexString  // "#cc0000"
    /// style.font  // MarkupStyleFont(size: 28, weight: .bold)
    /// ```
    ///
    /// - Parameters:
    ///   - css: The declarations, such as `"color: red; font-weight: bold"`.
    ///   - inherited: The style further out, for relative sizes and weights.
    /// - Complexity: O(*n*) in the UTF-8 length of `css`.
    public init(css: String, inherited: MarkupStyle = MarkupStyle()) {
        self.init()
        let inheritedSize = inherited.font.effectiveSize ?? CSSDeclarations.mediumSize
        var lengths = CSSDeclarations.OwnSizeLengths()
        var declarations = CSSDeclarations(css)
        while let declaration = declarations.next() {
            apply(declaration, inherited: inherited, inheritedSize: inheritedSize, lengths: &lengths)
        }
        // Lengths relative to the font size, known only once every declaration is read: `font-size` may come last.
        let ownSize = font.effectiveSize ?? inheritedSize
        if let lineHeight = lengths.lineHeight {
            let multiple = lineHeight.isMultiple ? lineHeight.value : lineHeight.value / max(ownSize, 0.001)
            paragraph.lineHeightMultiple = min(multiple, 100)
        }
        if let letterSpacing = lengths.letterSpacing {
            kern = min(max(letterSpacing.isMultiple ? letterSpacing.value * ownSize : letterSpacing.value, -1000), 1000)
        }
    }

    /// Sets the field one declaration decides, if its value is understood.
    private mutating func apply(_ declaration: CSSDeclarations.Declaration, inherited: MarkupStyle,
                                inheritedSize: Double, lengths: inout CSSDeclarations.OwnSizeLengths) {
        let value = declaration.value
        // Keywords are ASCII-case-insensitive; lowercased once for every property that compares them.
        let keyword = value.lowercased()
        switch declaration.property {
        case "color":
            if let color = MarkupStyleColor(css: value) { foregroundColor = color }
        case "background-color", "background":
            if let color = MarkupStyleColor(css: value) { backgroundColor = color }
        case "font-size":
            guard let length = CSSDeclarations.length(value), length.value >= 0 else { return }
            font.size = min(length.isMultiple ? length.value * inheritedSize : length.value, 1000)
        case "font-weight":
            if let weight = CSSDeclarations.weight(keyword, inherited: inherited.font.weight) { font.weight = weight }
        case "font-style":
            switch keyword {
            case "normal": font.italic = false
            case "italic", "oblique": font.italic = true
            default:
                // `oblique 10deg`: still oblique.
                if keyword.hasPrefix("oblique ") { font.italic = true }
            }
        case "font-family":
            guard let first = CSSDeclarations.firstFamily(value) else { return }
            switch first.lowercased() {
            case "monospace", "ui-monospace": font.monospaced = true
            case "serif", "sans-serif", "cursive", "fantasy", "system-ui", "ui-serif", "ui-sans-serif", "ui-rounded",
                 "math", "emoji", "fangsong":
                break
            default: font.family = first
            }
        case "text-decoration", "text-decoration-line":
            guard let decoration = CSSDeclarations.decoration(value) else { return }
            if decoration.underline { underline = decoration.line }
            if decoration.lineThrough { strikethrough = decoration.line }
        case "text-align":
            switch keyword {
            case "left": paragraph.alignment = .left
            case "right": paragraph.alignment = .right
            case "center": paragraph.alignment = .center
            case "justify": paragraph.alignment = .justified
            case "start": paragraph.alignment = .natural
            default: return
            }
        case "line-height":
            // A bare number is a multiple of the font size, as `em` and `%` are.
            guard let length = CSSDeclarations.length(value, bareNumberIsMultiple: true), length.value >= 0 else {
                return
            }
            lengths.lineHeight = length
        case "letter-spacing":
            if keyword == "normal" {
                lengths.letterSpacing = CSSDeclarations.Length(value: 0, isMultiple: false)
            } else if let length = CSSDeclarations.length(value), !value.hasSuffix("%") {
                lengths.letterSpacing = length
            }
        case "text-transform":
            switch keyword {
            case "uppercase": textCase = .uppercase
            case "lowercase": textCase = .lowercase
            case "capitalize": textCase = .capitalized
            default: return
            }
        default:
            return
        }
    }
}

/// A cursor over the declarations of a CSS declaration list (`name: value; …`), and the readers of the values
/// ``MarkupStyle/init(css:inherited:)`` understands.
///
/// One pass over the bytes, without recursion: a declaration ends at a `;` outside quotes, parentheses and
/// comments. Unterminated quotes, comments and parentheses run to the end, as in CSS.
struct CSSDeclarations {
    /// CSS's `medium` font size, for relative lengths where no size is known.
    static let mediumSize = 16.0

    /// One declaration: its property, lowercased, and its value, trimmed, without comments or `!important`.
    struct Declaration {
        var property: String
        var value: String
    }

    /// A length: points, or a multiple of a font size (`em`, `%`).
    struct Length {
        var value: Double
        var isMultiple: Bool
    }

    /// The lengths relative to the style's own font size, resolved once the size is known.
    struct OwnSizeLengths {
        var lineHeight: Length?
        var letterSpacing: Length?
    }

    private let bytes: [UInt8]
    private var position = 0

    init(_ css: String) {
        bytes = Array(css.utf8)
    }

    /// The next declaration with a property name and a colon; `nil` at the end.
    mutating func next() -> Declaration? {
        while position < bytes.count {
            if let declaration = nextRaw() { return declaration }
        }
        return nil
    }

    /// Reads up to the next top-level `;` and splits at the first top-level `:`. Comments are dropped from the
    /// value; quoted strings and parenthesised groups are copied whole.
    private mutating func nextRaw() -> Declaration? {
        var name: [UInt8] = []
        var value: [UInt8] = []
        var seenColon = false
        var depth = 0
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "*") {
                position = closeOfComment(from: position + 2)
                // A comment separates like whitespace.
                if seenColon { value.append(0x20) } else { name.append(0x20) }
                continue
            }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                let end = closeOfString(from: position + 1, quote: byte)
                if seenColon { value.append(contentsOf: bytes[position..<end]) } else { name.append(0x00) }
                position = end
                continue
            }
            position += 1
            switch byte {
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"): depth = max(depth - 1, 0)
            case UInt8(ascii: ";") where depth == 0:
                return finish(name: name, value: seenColon ? value : nil)
            case UInt8(ascii: ":") where depth == 0 && !seenColon:
                seenColon = true
                continue
            default: break
            }
            if seenColon { value.append(byte) } else { name.append(byte) }
        }
        return finish(name: name, value: seenColon ? value : nil)
    }

    /// The property, if it is one identifier, and the value, trimmed and without a trailing `!important`; `nil`
    /// without a colon or with any other property name.
    private func finish(name: [UInt8], value: [UInt8]?) -> Declaration? {
        guard var value else { return nil }
        let property = Self.trimmed(name[...])
        let isPropertyByte = { (byte: UInt8) in TemplateTokenizer.isASCIILetter(byte) || byte == UInt8(ascii: "-") }
        guard !property.isEmpty, property.allSatisfy(isPropertyByte) else { return nil }
        value = Array(Self.trimmed(value[...]))
        if let bang = value.lastIndex(of: UInt8(ascii: "!")),
           Self.trimmed(value[(bang + 1)...]).map({ $0 | 0x20 }).elementsEqual("important".utf8) {
            value = Array(Self.trimmed(value[..<bang]))
        }
        return Declaration(property: String(decoding: property.map { $0 | 0x20 }, as: UTF8.self),
                           value: String(decoding: value, as: UTF8.self))
    }

    /// Where the comment whose text starts at `start` ends: after its `*/`, or at the end of the input.
    private func closeOfComment(from start: Int) -> Int {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "/") { return index + 2 }
            index += 1
        }
        return bytes.count
    }

    /// Where the string whose text starts at `start` ends: after its closing quote (a backslash escapes the
    /// next byte), or at the end of the input.
    private func closeOfString(from start: Int, quote: UInt8) -> Int {
        var index = start
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if bytes[index] == quote { return index + 1 }
            index += 1
        }
        return bytes.count
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, TemplateTokenizer.isSpace(first) { slice.removeFirst() }
        while let last = slice.last, TemplateTokenizer.isSpace(last) { slice.removeLast() }
        return slice
    }

    // MARK: Values

    /// A length with its unit, the whole value: `12px`, `9pt`, `1.5em`, `150%`; a bare number only where it is a
    /// multiple (`line-height: 1.5`), or `0`. `nil` for anything else, infinities included.
    static func length(_ value: String, bareNumberIsMultiple: Bool = false) -> Length? {
        let bytes = Array(value.utf8)
        var position = 0
        guard let number = CSSSyntax.number(in: bytes, at: &position, end: bytes.count), number.isFinite else {
            return nil
        }
        let unit = String(decoding: bytes[position...].map { $0 | 0x20 }, as: UTF8.self)
        switch unit {
        case "px": return Length(value: number, isMultiple: false)
        case "pt": return Length(value: number * 4 / 3, isMultiple: false)
        case "em": return Length(value: number, isMultiple: true)
        case "%": return Length(value: number / 100, isMultiple: true)
        case "": return bareNumberIsMultiple ? Length(value: number, isMultiple: true)
            : number == 0 ? Length(value: 0, isMultiple: false) : nil
        default: return nil
        }
    }

    /// A `font-weight` value, lowercased; `bolder` and `lighter` step from the inherited weight (regular when
    /// undecided) as CSS Fonts 4 §2.3.1 steps them.
    static func weight(_ value: String, inherited: MarkupStyleFont.Weight?) -> MarkupStyleFont.Weight? {
        let base = inherited?.value ?? 400
        switch value {
        case "normal": return .regular
        case "bold": return .bold
        case "bolder": return .init(base < 350 ? 400 : base < 550 ? 700 : base < 900 ? 900 : base)
        case "lighter": return .init(base < 100 ? base : base < 550 ? 100 : base < 750 ? 400 : 700)
        default:
            let bytes = Array(value.utf8)
            var position = 0
            guard let number = CSSSyntax.number(in: bytes, at: &position, end: bytes.count),
                  position == bytes.count, number >= 1, number <= 1000 else { return nil }
            return .init(number)
        }
    }

    /// The first family of a `font-family` list: a quoted string's text, or identifiers joined by one space.
    static func firstFamily(_ value: String) -> String? {
        let bytes = Array(value.utf8)
        guard let first = bytes.first else { return nil }
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            var text: [UInt8] = []
            var index = 1
            while index < bytes.count, bytes[index] != first {
                if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count { index += 1 }
                text.append(bytes[index])
                index += 1
            }
            let family = String(decoding: text, as: UTF8.self)
            return family.isEmpty ? nil : family
        }
        let end = bytes.firstIndex(of: UInt8(ascii: ",")) ?? bytes.count
        let words = bytes[..<end].split(whereSeparator: TemplateTokenizer.isSpace)
        guard !words.isEmpty, words.allSatisfy({ word in
            word.allSatisfy {
                TemplateTokenizer.isASCIILetter($0) || CSSSyntax.isDigit($0) || $0 == UInt8(ascii: "-") || $0 >= 0x80
            }
        }) else { return nil }
        return words.map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
    }

    /// A `text-decoration` value: which lines, in which style and colour; `nil` without `underline` or
    /// `line-through`, or with a word this does not know.
    static func decoration(_ value: String) -> (underline: Bool, lineThrough: Bool, line: MarkupStyleLine)? {
        var underline = false
        var lineThrough = false
        var line = MarkupStyleLine()
        // Words, with a colour function's parentheses kept whole: `underline rgb(0 0 0 / 50%) wavy`.
        var words: [String] = []
        var current: [UInt8] = []
        var depth = 0
        for byte in value.utf8 {
            if TemplateTokenizer.isSpace(byte), depth == 0 {
                if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
                current = []
                continue
            }
            if byte == UInt8(ascii: "(") { depth += 1 }
            if byte == UInt8(ascii: ")") { depth = max(depth - 1, 0) }
            current.append(byte)
        }
        if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
        for word in words {
            switch word.lowercased() {
            case "underline": underline = true
            case "line-through": lineThrough = true
            case "solid": line.style = .single
            case "double": line.style = .double
            case "dotted": line.style = .dotted
            case "dashed": line.style = .dashed
            case "wavy": line.style = .wavy
            default:
                guard let color = MarkupStyleColor(css: word) else { return nil }
                line.color = color
            }
        }
        guard underline || lineThrough else { return nil }
        return (underline, lineThrough, line)
    }
}
