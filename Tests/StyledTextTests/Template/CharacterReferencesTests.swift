import Testing
@testable import StyledText

@Suite struct CharacterReferencesTests {
    /// One row of a decoding table.
    struct Case: CustomTestStringConvertible, Sendable {
        /// The raw text handed to the decoder.
        var input: String
        /// The decoded text.
        var expected: String
        /// Why the row exists, shown in test output.
        var note: String

        var testDescription: String { "\(note): \(input.debugDescription)" }
    }

    // MARK: - Tables

    /// Rows that decode the same in text and in attribute values.
    static let sharedCases: [Case] = [
        Case(input: "", expected: "", note: "empty input"),
        Case(input: "plain text, no references", expected: "plain text, no references", note: "no ampersand"),
        Case(input: "&amp;", expected: "&", note: "named reference with semicolon"),
        Case(input: "&AMP;", expected: "&", note: "uppercase legacy name with semicolon"),
        Case(input: "&lt;b&gt;", expected: "<b>", note: "decoded markup is text"),
        Case(input: "&copy;", expected: "©", note: "legacy name with semicolon"),
        Case(input: "&notin;", expected: "∉", note: "longest match wins over the legacy prefix"),
        Case(input: "&not;", expected: "¬", note: "legacy name with semicolon"),
        Case(input: "&nbsp;", expected: "\u{A0}", note: "no-break space"),
        Case(input: "&amp", expected: "&", note: "legacy name at the end of input"),
        Case(input: "&not ", expected: "¬ ", note: "legacy name before a space"),
        Case(input: "&not-", expected: "¬-", note: "legacy name before punctuation"),
        Case(input: "AT&T", expected: "AT&T", note: "unknown name stays literal"),
        Case(input: "&foo;", expected: "&foo;", note: "unknown name with semicolon stays literal"),
        Case(input: "&Amp;", expected: "&Amp;", note: "names are case-sensitive"),
        Case(input: "&", expected: "&", note: "lone ampersand at the end"),
        Case(input: "a & b", expected: "a & b", note: "ampersand before a space"),
        Case(input: "&;", expected: "&;", note: "empty name"),
        Case(input: "&&amp;", expected: "&&", note: "ampersand right before a reference"),
        Case(input: "&amp;amp;", expected: "&amp;", note: "decoding happens once"),
        Case(input: "x&amp;y&lt;z", expected: "x&y<z", note: "literal spans between references"),
        Case(input: "é&amp;中😀&gt;é", expected: "é&中😀>é", note: "non-ASCII literal spans"),
        Case(input: "&NotNestedGreaterGreater;", expected: "\u{2AA2}\u{338}", note: "long name, two scalars"),
        Case(input: "&fjlig;", expected: "fj", note: "two ASCII scalars"),
        Case(input: "&bopf;", expected: "\u{1D553}", note: "astral scalar"),
        Case(input: "&CounterClockwiseContourIntegral;", expected: "\u{2233}", note: "longest name (32 bytes)"),
        Case(input: "&aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa;", expected: "&aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa;",
             note: "name longer than any in the table"),
        Case(input: "&#233;", expected: "é", note: "decimal"),
        Case(input: "&#xE9;", expected: "é", note: "hexadecimal, lowercase x"),
        Case(input: "&#X41;", expected: "A", note: "hexadecimal, uppercase X"),
        Case(input: "&#xe9;", expected: "é", note: "lowercase hex digits"),
        Case(input: "&#x1F600;", expected: "😀", note: "astral code point"),
        Case(input: "&#65", expected: "A", note: "decimal without semicolon at the end"),
        Case(input: "&#65x", expected: "Ax", note: "decimal ends at the first non-digit"),
        Case(input: "&#x41g", expected: "Ag", note: "hexadecimal ends at the first non-hex digit"),
        Case(input: "&#65=", expected: "A=", note: "numeric references ignore the attribute rule"),
        Case(input: "&#0000065;", expected: "A", note: "leading zeros"),
        Case(input: "&#0;", expected: "\u{FFFD}", note: "NUL becomes U+FFFD"),
        Case(input: "&#xD800;", expected: "\u{FFFD}", note: "leading surrogate becomes U+FFFD"),
        Case(input: "&#xDFFF;", expected: "\u{FFFD}", note: "trailing surrogate becomes U+FFFD"),
        Case(input: "&#x10FFFF;", expected: "\u{10FFFF}", note: "last code point is kept"),
        Case(input: "&#x110000;", expected: "\u{FFFD}", note: "above U+10FFFF becomes U+FFFD"),
        Case(input: "&#18446744073709551681;", expected: "\u{FFFD}", note: "overflowing decimal saturates"),
        Case(input: "&#xFFFFFFFFFFFFFFFFFFFF;", expected: "\u{FFFD}", note: "overflowing hexadecimal saturates"),
        Case(input: "&#128;", expected: "€", note: "0x80 remapped through Windows-1252"),
        Case(input: "&#x9F;", expected: "Ÿ", note: "0x9F remapped through Windows-1252"),
        Case(input: "&#x92;", expected: "\u{2019}", note: "0x92 remapped through Windows-1252"),
        Case(input: "&#x81;", expected: "\u{81}", note: "0x81 has no Windows-1252 character and is kept"),
        Case(input: "&#13;", expected: "\r", note: "carriage return is only a parse error"),
        Case(input: "&#1;", expected: "\u{1}", note: "control character is only a parse error"),
        Case(input: "&#xFFFE;", expected: "\u{FFFE}", note: "noncharacter is only a parse error"),
        Case(input: "&#", expected: "&#", note: "&# without digits stays literal"),
        Case(input: "&#x", expected: "&#x", note: "&#x without digits stays literal"),
        Case(input: "&#;", expected: "&#;", note: "&#; stays literal"),
        Case(input: "&#x;", expected: "&#x;", note: "&#x; stays literal"),
        Case(input: "&#xg;", expected: "&#xg;", note: "x followed by a non-hex digit stays literal"),
        Case(input: "&#a1;", expected: "&#a1;", note: "decimal needs a digit first"),
        Case(input: "&#&#65;", expected: "&#A", note: "literal &# before a reference"),
    ]

    /// Rows for text content, where legacy names decode even when followed by letters or `=`.
    static let textCases: [Case] = [
        Case(input: "&notit;", expected: "¬it;", note: "legacy prefix of an unknown name"),
        Case(input: "&notit=", expected: "¬it=", note: "legacy prefix before letters"),
        Case(input: "&notita", expected: "¬ita", note: "legacy prefix before letters, no semicolon"),
        Case(input: "&notin", expected: "¬in", note: "&notin needs its semicolon"),
        Case(input: "&not=", expected: "¬=", note: "legacy name before ="),
        Case(input: "&ampx", expected: "&x", note: "legacy name before a letter"),
        Case(input: "&copy2024", expected: "©2024", note: "legacy name before digits"),
        Case(input: "&frac12", expected: "½", note: "legacy name ending in digits"),
        Case(input: "&frac123", expected: "½3", note: "longest legacy prefix"),
        Case(input: "?a=1&copy=2", expected: "?a=1©=2", note: "query string in text"),
        Case(input: "&ampé", expected: "&é", note: "legacy name before non-ASCII"),
    ]

    /// Rows for attribute values, where a legacy name followed by `=` or an alphanumeric stays literal.
    static let attributeCases: [Case] = [
        Case(input: "&notit;", expected: "&notit;", note: "legacy prefix before a letter stays literal"),
        Case(input: "&notit=", expected: "&notit=", note: "legacy prefix before letters and ="),
        Case(input: "&notita", expected: "&notita", note: "legacy prefix before letters, no semicolon"),
        Case(input: "&notin", expected: "&notin", note: "&notin without semicolon"),
        Case(input: "&not=", expected: "&not=", note: "legacy name before ="),
        Case(input: "&ampx", expected: "&ampx", note: "legacy name before a letter"),
        Case(input: "&copy2024", expected: "&copy2024", note: "legacy name before a digit"),
        Case(input: "&frac123", expected: "&frac123", note: "no shorter name is tried after the rule applies"),
        Case(input: "?a=1&copy=2", expected: "?a=1&copy=2", note: "query string keeps its parameter"),
        Case(input: "?a=1&copy;=2", expected: "?a=1©=2", note: "with semicolon the name decodes"),
        Case(input: "&ampé", expected: "&é", note: "non-ASCII is not alphanumeric for the rule"),
        Case(input: "&amp&amp", expected: "&&", note: "legacy name before another ampersand"),
    ]

    // MARK: - Table-driven tests

    @Test(arguments: sharedCases, [false, true])
    func decodesTheSameInTextAndAttributeValues(_ row: Case, inAttributeValue: Bool) {
        #expect(CharacterReferences.decode(row.input[...], inAttributeValue: inAttributeValue) == row.expected)
    }

    @Test(arguments: textCases)
    func decodesLegacyNamesBeforeAlphanumericsInText(_ row: Case) {
        #expect(CharacterReferences.decode(row.input[...], inAttributeValue: false) == row.expected)
    }

    @Test(arguments: attributeCases)
    func keepsLegacyNamesBeforeEqualsOrAlphanumericsLiteralInAttributeValues(_ row: Case) {
        #expect(CharacterReferences.decode(row.input[...], inAttributeValue: true) == row.expected)
    }

    // MARK: - API behaviour

    @Test func appendsToExistingOutput() {
        var output = "before "
        CharacterReferences.decode("&lt;after&gt;", inAttributeValue: false, into: &output)
        CharacterReferences.decode(" and no references", inAttributeValue: false, into: &output)
        #expect(output == "before <after> and no references")
    }

    @Test func decodesASubstringInTheMiddleOfALargerString() {
        let whole = "é&amp;[&lt;&#x41;x&notit;]&gt;"
        let open = whole.firstIndex(of: "[")!
        let close = whole.firstIndex(of: "]")!
        let inner = whole[whole.index(after: open)..<close]
        #expect(CharacterReferences.decode(inner, inAttributeValue: false) == "<Ax¬it;")
        #expect(CharacterReferences.decode(inner, inAttributeValue: true) == "<Ax&notit;")
    }

    @Test func documentationExamplesHold() {
        // The examples in the `///` comments of `CharacterReferences`, so they cannot rot.
        #expect(CharacterReferences.decode("Fish &amp; Chips &copy 2024 &#x1F41F;", inAttributeValue: false)
            == "Fish & Chips © 2024 🐟")
        #expect(CharacterReferences.decode("a=1&copy=2", inAttributeValue: true) == "a=1&copy=2")
        #expect(CharacterReferences.decode("a=1&copy=2", inAttributeValue: false) == "a=1©=2")
    }

    // MARK: - The table

    @Test func tableHasAllWHATWGNames() {
        #expect(HTMLEntities.count == 2_231)
        #expect(HTMLEntities.nameOffsets.count == HTMLEntities.count + 1)
        #expect(HTMLEntities.firstScalars.count == HTMLEntities.count)
        #expect(HTMLEntities.secondScalars.count == HTMLEntities.count)
        #expect(Int(HTMLEntities.nameOffsets.last!) == HTMLEntities.names.utf8CodeUnitCount)
    }

    @Test func everyNameIsFoundAtItsOwnIndex() {
        // Also proves the hash table holds every entry once, where its name's hash leads.
        let placed = HTMLEntities.slots.filter { $0 != 0 }.map { Int($0) - 1 }
        #expect(placed.sorted() == Array(0..<HTMLEntities.count))
        #expect(HTMLEntities.slots.count.nonzeroBitCount == 1 && HTMLEntities.slots.count >= 2 * HTMLEntities.count)
        var misplaced: [String] = []
        for entry in 0..<HTMLEntities.count {
            var name = HTMLEntities.name(at: entry)
            let found = name.withUTF8 { HTMLEntities.index(ofName: $0) }
            if found != entry {
                misplaced.append(name)
            }
        }
        #expect(misplaced.isEmpty)
    }

    @Test func wordsThatAreNotNamesAreNotFound() {
        // Every prefix of every name that is not a name itself, each name with one byte changed, and the empty and
        // overlong words: none is found (each probes the table until an empty slot).
        let names = Set((0..<HTMLEntities.count).map(HTMLEntities.name(at:)))
        var words: [String] = ["", String(repeating: "a", count: HTMLEntities.longestNameLength + 1)]
        for name in names {
            for length in 1..<name.count { words.append(String(name.prefix(length))) }
            words.append(String(name.dropLast()) + "#")
            words.append(name.uppercased())
        }
        var found: [String] = []
        for var word in words where !names.contains(word) {
            if word.withUTF8({ HTMLEntities.index(ofName: $0) }) != nil { found.append(word) }
        }
        #expect(found.isEmpty)
    }

    @Test func everyNameDecodesWithItsSemicolon() {
        // Every name in the table, written as `&name` (plus `;` if the name has none), decodes to its scalars.
        var wrong: [String] = []
        for entry in 0..<HTMLEntities.count {
            let name = HTMLEntities.name(at: entry)
            let scalars = HTMLEntities.scalars(at: entry)
            var expected = String(scalars.first)
            if let second = scalars.second {
                expected.unicodeScalars.append(second)
            }
            let input = "&" + name + (name.hasSuffix(";") ? "" : ";")
            if CharacterReferences.decode(input[...], inAttributeValue: true) != expected {
                wrong.append(name)
            }
        }
        #expect(wrong.isEmpty)
    }

    @Test func tableHasTheLegacyNamesWithoutSemicolon() {
        let legacy = (0..<HTMLEntities.count).map(HTMLEntities.name(at:)).filter { !$0.hasSuffix(";") }
        #expect(legacy.count == 106)
        #expect(legacy.contains("amp") && legacy.contains("not") && legacy.contains("frac34"))
        #expect(!legacy.contains("notin"))
    }

    // MARK: - Adversarial input

    @Test func manyLoneAmpersandsStayLiteral() {
        let input = String(repeating: "&", count: 100_000)
        #expect(CharacterReferences.decode(input[...], inAttributeValue: false) == input)
        #expect(CharacterReferences.decode(input[...], inAttributeValue: true) == input)
    }

    @Test func hugeDecimalNumberSaturatesToReplacementCharacter() {
        let input = "&#" + String(repeating: "9", count: 10_000)
        #expect(CharacterReferences.decode(input[...], inAttributeValue: false) == "\u{FFFD}")
        let hex = "&#x" + String(repeating: "F", count: 10_000) + ";tail"
        #expect(CharacterReferences.decode(hex[...], inAttributeValue: false) == "\u{FFFD}tail")
    }

    @Test func longWordsAfterAmpersandsStayLiteral() {
        let word = String(repeating: "notin", count: 2_000)
        let input = String(repeating: "&" + word + " ", count: 10)
        #expect(CharacterReferences.decode(input[...], inAttributeValue: true) == input)
    }

    // MARK: - Properties

    /// Random scalars from a mix of ASCII (no `&`), Latin, CJK, emoji and combining marks.
    static func randomText(length: Int, using generator: inout SeededGenerator) -> String {
        let pool: [Unicode.Scalar] = [
            "a", "Z", "0", "#", ";", "x", " ", "=", "<", "\n", "é", "ß", "中", "😀", "\u{301}", "\u{0}", "\u{FEFF}",
            "\u{10FFFF}",
        ]
        var text = ""
        for _ in 0..<length {
            if generator.next() % 4 == 0 {
                text.unicodeScalars.append(pool[Int(generator.next() % UInt64(pool.count))])
            } else {
                // Any ASCII byte except `&`.
                var byte = UInt8(generator.next() % 128)
                if byte == UInt8(ascii: "&") {
                    byte = UInt8(ascii: "a")
                }
                text.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return text
    }

    @Test func textWithoutAmpersandIsUnchanged() {
        var generator = SeededGenerator(seed: 0x5EED_0001)
        for _ in 0..<1_000 {
            let text = Self.randomText(length: Int(generator.next() % 200), using: &generator)
            #expect(CharacterReferences.decode(text[...], inAttributeValue: false) == text)
            #expect(CharacterReferences.decode(text[...], inAttributeValue: true) == text)
        }
    }

    @Test func escapedAmpersandsDecodeBackToTheOriginal() {
        // Escaping every `&` as `&amp;` is what a template author does to keep text literal; decoding undoes it.
        var generator = SeededGenerator(seed: 0x5EED_0002)
        for _ in 0..<1_000 {
            var original = Self.randomText(length: Int(generator.next() % 100), using: &generator)
            for _ in 0..<(generator.next() % 5) {
                let offset = Int(generator.next() % UInt64(original.unicodeScalars.count + 1))
                let index = original.unicodeScalars.index(original.unicodeScalars.startIndex, offsetBy: offset)
                original.unicodeScalars.insert("&", at: index)
            }
            var escaped = ""
            for scalar in original.unicodeScalars {
                if scalar == "&" {
                    escaped += "&amp;"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
            #expect(CharacterReferences.decode(escaped[...], inAttributeValue: false) == original)
            #expect(CharacterReferences.decode(escaped[...], inAttributeValue: true) == original)
        }
    }
}
