import Foundation
import Testing
@testable import StyledText

/// The escaping loops look at 16 bytes at a time and copy clean stretches in bulk; these tests compare them with
/// plain scalar-by-scalar reference escapers over seeded random text, so a special character missed at a block
/// boundary, in a short tail or after another special fails.
@Suite struct EscapingPropertyTests {
    /// What random text is made of: letters, every special and control character of the three escapers, and
    /// scalars of two, three and four bytes (including U+0080–U+00A0 around the C1 range, whose lead byte 0xC2
    /// the scan looks at).
    static let pieces: [String] = [
        "a", "Z", " ", "0", ";", "=", "?", "&", "<", ">", "\"", "'", "\t", "\n", "\r", "\r\n", "\u{0}", "\u{7}",
        "\u{8}", "\u{B}", "\u{1B}", "\u{1F}", "\u{7F}", "\u{80}", "\u{85}", "\u{9B}", "\u{9F}", "\u{A0}", "\u{A3}",
        "é", "ÿ", "Ā", "—", "€", "\u{2400}", "\u{FFFD}", "日本", "\u{301}", "😀", "👩‍👩‍👧",
    ]

    /// Random text: up to 80 pieces, now and then behind 1–40 plain letters, so that specials land on every
    /// offset of a 16-byte block, and in buffers shorter and longer than one block.
    static func randomText(_ generator: inout SeededGenerator) -> String {
        var text = String(repeating: "x", count: generator.index(3) == 0 ? 1 + generator.index(40) : 0)
        for _ in 0..<generator.index(generator.index(4) == 0 ? 81 : 12) {
            let plain = generator.index(3) == 0
            text += plain ? String(repeating: "p", count: 1 + generator.index(20)) : pieces[generator.index(pieces.count)]
        }
        return text
    }

    /// The same text as a substring in the middle of a longer string, so that its bytes do not start at the
    /// start of their storage.
    static func embedded(_ text: String, _ generator: inout SeededGenerator) -> Substring {
        let prefix = String(repeating: "<", count: generator.index(20))
        let whole = prefix + text + "&\u{0}>"
        let start = whole.utf8.index(whole.startIndex, offsetBy: prefix.utf8.count)
        let end = whole.utf8.index(start, offsetBy: text.utf8.count)
        return whole[start..<end]
    }

    static func isReplacedControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// The tab span the HTML tests give the escaper.
    static let tabSpan = "<t>"

    /// What the HTML renderer writes for `text`, scalar by scalar; `afterWhiteSpace` says whether the text before
    /// it ended with white space (or there was none).
    static func referenceHTMLText(_ text: String, afterWhiteSpace: Bool = true) -> String {
        var result = ""
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let whiteBefore = index == 0 ? afterWhiteSpace : [" ", "\n", "\r"].contains(scalars[index - 1])
            switch scalar {
            case " ": result += whiteBefore ? "&#160;" : " "
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\n": result += "<br>"
            case "\r":
                result += "<br>"
                if index + 1 < scalars.count, scalars[index + 1] == "\n" { index += 1 }
            case "\t":
                result += tabSpan + "\t"
                while index + 1 < scalars.count, scalars[index + 1] == "\t" {
                    result += "\t"
                    index += 1
                }
                result += "</span>"
            default: result.unicodeScalars.append(isReplacedControl(scalar) ? "\u{FFFD}" : scalar)
            }
            index += 1
        }
        return result
    }

    /// The HTML escaper for text at the start of a fragment.
    static func htmlText(_ text: Substring, _ output: inout UTF8Buffer) {
        var afterWhiteSpace = true
        var tabSpan = tabSpan
        tabSpan.withUTF8 { HTMLEscaping.appendText(text, to: &output, afterWhiteSpace: &afterWhiteSpace, tabSpan: $0) }
    }

    static func referenceHTMLAttribute(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default: result.unicodeScalars.append(isReplacedControl(scalar) ? "\u{FFFD}" : scalar)
            }
        }
        return result
    }

    static func referenceANSI(_ text: String) -> String {
        var result = ""
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar.value {
            case 0x09, 0x0A: result.unicodeScalars.append(scalar)
            case 0x0D where index + 1 < scalars.count && scalars[index + 1] == "\n": result += "\r"
            case 0x00..<0x20: result.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: result += "\u{2421}"
            case 0x80...0x9F: result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func escaped(_ text: Substring, with append: (Substring, inout UTF8Buffer) -> Void) -> String {
        var buffer = UTF8Buffer(capacity: 1)
        append(text, &buffer)
        return buffer.takeString()
    }

    @Test func htmlTextMatchesTheReferenceEscaper() {
        var generator = SeededGenerator(seed: 0x5EED_0001)
        for _ in 0..<3_000 {
            let text = Self.randomText(&generator)
            let expected = Self.referenceHTMLText(text)
            #expect(Self.escaped(Substring(text), with: Self.htmlText) == expected, "\(text.debugDescription)")
            #expect(Self.escaped(Self.embedded(text, &generator), with: Self.htmlText) == expected,
                    "\(text.debugDescription)")
        }
    }

    @Test func htmlTextCutAnywhereReadsAsAWhole() {
        // Runs end anywhere: the white space that ends one decides the spaces that start the next, and the escaper
        // says which it ended with. Cut at random character boundaries of random text, into one to three pieces (a
        // cut inside `\r\n` would make two line breaks of it, as the runs' text then holds two).
        var generator = SeededGenerator(seed: 0x5EED_0006)
        for _ in 0..<1_000 {
            let text = Self.randomText(&generator)
            let startsAfterWhiteSpace = generator.index(2) == 0
            let expected = Self.referenceHTMLText(text, afterWhiteSpace: startsAfterWhiteSpace)
            let characters = Array(text)
            let cuts = (0..<generator.index(3)).map { _ in generator.index(characters.count + 1) }.sorted()
            var buffer = UTF8Buffer(capacity: 1)
            var afterWhiteSpace = startsAfterWhiteSpace
            var start = 0
            var tabSpan = Self.tabSpan
            for end in cuts + [characters.count] {
                tabSpan.withUTF8 {
                    HTMLEscaping.appendText(Substring(String(characters[start..<max(start, end)])), to: &buffer,
                                            afterWhiteSpace: &afterWhiteSpace, tabSpan: $0)
                }
                start = max(start, end)
            }
            #expect(buffer.takeString() == expected, "\(text.debugDescription) cut at \(cuts)")
            let endsWithWhiteSpace = text.unicodeScalars.last.map { [" ", "\n", "\r"].contains($0) }
                ?? startsAfterWhiteSpace
            #expect(afterWhiteSpace == endsWithWhiteSpace, "\(text.debugDescription)")
        }
    }

    @Test func htmlAttributesMatchTheReferenceEscaper() {
        var generator = SeededGenerator(seed: 0x5EED_0002)
        for _ in 0..<3_000 {
            let text = Self.randomText(&generator)
            let expected = Self.referenceHTMLAttribute(text)
            #expect(Self.escaped(Substring(text), with: HTMLEscaping.appendAttribute) == expected,
                    "\(text.debugDescription)")
            #expect(Self.escaped(Self.embedded(text, &generator), with: HTMLEscaping.appendAttribute) == expected,
                    "\(text.debugDescription)")
        }
    }

    @Test func terminalTextMatchesTheReferenceNeutraliser() {
        var generator = SeededGenerator(seed: 0x5EED_0003)
        for _ in 0..<3_000 {
            let text = Self.randomText(&generator)
            let expected = Self.referenceANSI(text)
            #expect(Self.escaped(Substring(text), with: ANSIRenderer.appendNeutralised) == expected,
                    "\(text.debugDescription)")
            #expect(Self.escaped(Self.embedded(text, &generator), with: ANSIRenderer.appendNeutralised) == expected,
                    "\(text.debugDescription)")
        }
    }

    @Test func aStreamingBufferGivesWhatAGrowingOneGives() {
        // Chunks of 1 to 9 bytes and a few more: every append of every escaper (stretches, replacements, control
        // pictures, scalars of every length) meets a full chunk at every offset, and so do pieces longer than one.
        var generator = SeededGenerator(seed: 0x5EED_0005)
        let escapers: [(Substring, inout UTF8Buffer) -> Void] = [
            Self.htmlText, HTMLEscaping.appendAttribute, ANSIRenderer.appendNeutralised,
        ]
        for _ in 0..<1_000 {
            let text = Self.randomText(&generator)
            for escaper in escapers {
                let expected = Self.escaped(Substring(text), with: escaper)
                for chunk in Array(1...9) + [16, 31, 64] {
                    // An estimate below, at and above the length, so that the string grows, or not.
                    let estimate = [chunk + 1, expected.utf8.count, 2 * expected.utf8.count + chunk][generator.index(3)]
                    var buffer = UTF8Buffer(streaming: estimate, chunk: chunk)
                    escaper(Substring(text), &buffer)
                    #expect(buffer.takeString() == expected, "\(text.debugDescription), chunk \(chunk)")
                }
            }
        }
    }

    @Test func aPieceLongerThanTheChunkPassesThroughIt() {
        // A streaming buffer never holds more than its chunk, however long a piece (a template's unterminated tag):
        // the piece goes through the chunk, cut between scalars of every length, rather than growing it.
        let piece = String(repeating: "aé€😀", count: 1_000)
        for chunk in [4, 5, 6, 7, 64, 1_000] {
            var buffer = UTF8Buffer(streaming: 100_000, chunk: chunk)
            buffer.append(contentsOf: "x")
            buffer.append(contentsOf: piece)
            #expect(buffer.count <= chunk, "chunk \(chunk)")
            #expect(buffer.length == piece.utf8.count + 1, "chunk \(chunk)")
            #expect(buffer.takeString() == "x" + piece, "chunk \(chunk)")
        }
    }

    @Test func aStreamedStringFarBelowItsEstimateIsCopiedToItsSize() {
        func storage(_ string: String) -> UnsafePointer<UInt8>? {
            string.utf8.withContiguousStorageIfAvailable { $0.baseAddress } ?? nil
        }
        let text = String(repeating: "é<", count: 40_000)
        var near = String()
        near.reserveCapacity(100_000)
        near.append(text)
        // At half its estimate or more, the string is handed back as it is; below, in storage of its own size.
        let kept = UTF8Buffer.fitted(near, reserved: 2 * text.utf8.count)
        #expect(storage(kept) == storage(near))
        let copied = UTF8Buffer.fitted(near, reserved: 2 * text.utf8.count + 2)
        #expect(storage(copied) != storage(near))
        #expect(copied == text)
        // Through a buffer: an estimate ten times the text.
        var buffer = UTF8Buffer(streaming: 10 * text.utf8.count, chunk: 1_000)
        Self.htmlText(Substring(text), &buffer)
        #expect(buffer.takeString() == Self.referenceHTMLText(text))
    }

    @Test func everySpecialCharacterIsFoundAtEveryOffsetOfABlock() {
        // One special among plain letters, at each position of buffers of 1 to 48 bytes.
        // A space after a space or a line break, and a tab, are specials of the HTML text's.
        for special in ["&", "<", ">", "\u{0}", "\u{1B}", "\u{7F}", "\u{9B}", "\r", "\n", "  ", "\n ", "\r ", "\t"] {
            for length in 1...48 {
                for position in 0..<length {
                    let text = String(repeating: "a", count: position) + special
                        + String(repeating: "b", count: length - position - 1)
                    #expect(Self.escaped(Substring(text), with: Self.htmlText) == Self.referenceHTMLText(text))
                    #expect(Self.escaped(Substring(text), with: ANSIRenderer.appendNeutralised)
                        == Self.referenceANSI(text))
                }
            }
        }
    }

    @Test func byteSetSearchFindsWhatAPlainLoopFinds() {
        var generator = SeededGenerator(seed: 0x5EED_0004)
        let members: [UInt8] = [0x00, 0x08, 0x0B, 0x1F, 0x22, 0x26, 0x3C, 0x3E, 0x7F, 0xC2]
        let set = ByteSet(members)
        for _ in 0..<2_000 {
            // Arbitrary bytes, mostly outside the set, sometimes dense with members and near-misses.
            let dense = generator.index(4) == 0
            let bytes = (0..<generator.index(70)).map { _ -> UInt8 in
                let byte = generator.byte()
                guard generator.index(dense ? 2 : 12) == 0 else { return byte | 0x40 }
                return [0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x20, 0x20, 0x22, 0x26, 0x3C, 0x3D, 0x3E, 0x7F, 0xC2, 0xC3,
                        byte][generator.index(17)]
            }
            bytes.withUnsafeBufferPointer { buffer in
                for start in 0...buffer.count {
                    let expected = buffer[start...].firstIndex(where: members.contains) ?? buffer.count
                    #expect(set.firstIndex(in: buffer, from: start) == expected, "\(bytes) from \(start)")
                    // Also stopping at a space after a space, the byte before the buffer one or not.
                    for spaceBefore in [false, true] {
                        let expected = buffer.indices[start...].first { index in
                            let space = index == 0 ? spaceBefore : buffer[index - 1] == 0x20
                            return members.contains(buffer[index]) || buffer[index] == 0x20 && space
                        } ?? buffer.count
                        #expect(set.firstIndex(in: buffer, from: start, spaceAfterSpace: spaceBefore) == expected,
                                "\(bytes) from \(start), space before: \(spaceBefore)")
                    }
                }
            }
        }
    }
}
