/// What the peers' approach needs before a template can be parsed: they format first and parse second, so each
/// argument is escaped and substituted into the template (otherwise an argument such as `<Admin>` would be
/// parsed as a tag), and `%%` becomes `%`.
///
/// Written for the corpus: placeholders are `%@` only, as in every corpus sentence.
public enum Preformatting {
    /// The template with `%@` replaced by the escaped arguments, in order, and `%%` by `%`; with `xmlReferences`
    /// it also rewrites each HTML named reference the XML parser does not know into a numeric one.
    public static func format(_ template: String, arguments: [String], xmlReferences: Bool) -> String {
        var result = ""
        result.reserveCapacity(template.utf8.count + 64)
        var next = 0
        var utf8 = template.utf8[...]
        while let percentOrAmpersand = utf8.firstIndex(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "&") }) {
            result += Substring(utf8[..<percentOrAmpersand])
            let rest = utf8[percentOrAmpersand...].dropFirst()
            if utf8[percentOrAmpersand] == UInt8(ascii: "%") {
                if rest.first == UInt8(ascii: "@"), next < arguments.count {
                    appendEscaped(arguments[next], to: &result)
                    next += 1
                    utf8 = rest.dropFirst()
                } else if rest.first == UInt8(ascii: "%") {
                    result += "%"
                    utf8 = rest.dropFirst()
                } else {
                    result += "%"
                    utf8 = rest
                }
                continue
            }
            // `&name;`: XML knows only amp, lt, gt, quot and apos; give the others their code point.
            if xmlReferences, let semicolon = rest.prefix(12).firstIndex(of: UInt8(ascii: ";")),
               let scalar = CharacterReferenceTable.named[String(Substring(rest[..<semicolon]))],
               !["amp", "lt", "gt", "quot", "apos"].contains(String(Substring(rest[..<semicolon]))) {
                result += "&#\(scalar.value);"
                utf8 = rest[semicolon...].dropFirst()
                continue
            }
            result += "&"
            utf8 = rest
        }
        result += Substring(utf8)
        return result
    }

    /// `text` with `&`, `<`, `>`, `"` and `'` as references, so that it reads as text in XML and HTML.
    public static func appendEscaped(_ text: String, to result: inout String) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(scalar)
            }
        }
    }
}

/// A small reference decoder for the regex baseline, in the spirit of the HTML-unescaping libraries such
/// parsers use: a table of the names the corpus uses plus decimal and hexadecimal references. Smaller than
/// HTML5's 2,231 names, which favours the baseline.
public enum CharacterReferenceTable {
    public static let named: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "eacute": "é",
        "hellip": "…", "mdash": "—", "copy": "©", "euro": "€",
    ]

    /// `text` with every reference of the table and every numeric reference decoded.
    public static func decode<S: StringProtocol>(_ text: S) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return String(text) }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            if let semicolon = rest[afterAmpersand...].prefix(12).firstIndex(of: ";"),
               let scalar = scalar(for: rest[afterAmpersand..<semicolon]) {
                result.unicodeScalars.append(scalar)
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result += "&"
                rest = rest[afterAmpersand...]
            }
        }
        result += rest
        return result
    }

    private static func scalar(for name: Substring) -> Unicode.Scalar? {
        if name.hasPrefix("#x") || name.hasPrefix("#X") {
            return UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
        }
        if name.hasPrefix("#") {
            return UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init)
        }
        return named[String(name)]
    }
}
