import Foundation
import Testing
@testable import StyledText

@Suite struct TemplatePropertyTests {
    static let alphabet: [String] = ["a", "b", " ", "<", ">", "/", "&", ";", "#", "%", "@", "$", "1", "=", "\"", "'",
                                     "!", "-", "é", "😀", "\u{301}", "\n", "\u{0}", "x", "amp", "lt", "br", "i"]
    static let fragments: [String] = ["<b>", "</b>", "<i>", "</i>", "<br>", "<br/>", "<a href='x'>", "</a>", "<!--",
                                      "-->", "&amp;", "&lt;", "&#x41;", "&", "<", ">", "%@", "%1$@", "%%", "%",
                                      "text", "é", "😀", "<story type=1>", "</story>", "<x", "\"", "'", " "]

    static func randomString(_ generator: inout SeededGenerator, from pieces: [String], count: Int) -> String {
        (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
    }

    @Test func escapedTextRoundTrips() {
        var generator = SeededGenerator(seed: 1)
        for _ in 0..<2_000 {
            let string = Self.randomString(&generator, from: Self.alphabet, count: Int(generator.next() % 40))
            #expect(StyledText(template: StyledText.escape(string)).plainText == string, "\(string.debugDescription)")
        }
    }

    @Test func escapeExample() {
        #expect(StyledText.escape("5 < 6 & 100%") == "5 &lt; 6 &amp; 100%%")
        #expect(StyledText.escape("plain") == "plain")
    }

    @Test func tagSoupNeverKeepsWellFormedTagsAsText() {
        var generator = SeededGenerator(seed: 2)
        for _ in 0..<2_000 {
            let soup = Self.randomString(&generator, from: Self.fragments, count: Int(generator.next() % 30))
            let text = StyledText(template: soup)
            let plain = text.plainText
            // Known tags are never repaired into text, so none of these can survive as text unless the input
            // spelled them with references (`&lt;`), which the fragments cannot combine into.
            for tag in ["<b>", "</b>", "<i>", "</i>", "<br>", "<br/>", "</a>", "</story>"] {
                #expect(!plain.contains(tag), "\(soup.debugDescription) → \(plain.debugDescription)")
            }
            #expect(StyledText.Template(soup).filled(with: []) == text)
        }
    }

    @Test func tagSoupNeverLosesWords() {
        // Words outside comments, quotes and unterminated tags must all reach the plain text, in order.
        var generator = SeededGenerator(seed: 6)
        let markup = ["<b>", "</b>", "<i>", "</i>", "<br>", "<a href='x'>", "</a>", "</story>", "<story type=1>",
                      "&amp;", "&lt;", "&#x41;", "&", ">", "%%", "%@", "<3", "4<5", "< b"]
        for _ in 0..<2_000 {
            var soup = ""
            var words: [String] = []
            for index in 0..<Int(generator.next() % 30) {
                if generator.next() % 2 == 0 {
                    soup += markup[Int(generator.next() % UInt64(markup.count))]
                } else {
                    let word = "w\(index)"
                    words.append(word)
                    soup += " \(word) "
                }
            }
            let plain = StyledText(template: soup, "arg").plainText
            var rest = plain[...]
            for word in words {
                guard let found = rest.range(of: " \(word) ") else {
                    Issue.record("\(word) lost: \(soup.debugDescription) → \(plain.debugDescription)")
                    break
                }
                rest = rest[found.upperBound...]
            }
        }
    }

    @Test func everyByteOfAnInputIsMarkupOrText() {
        // Without tags, comments, references or placeholders, nothing may disappear.
        var generator = SeededGenerator(seed: 3)
        let pieces = [" ", "<", ">", "< b", "<3", "4<5", "é", "😀", "\n", "=", "\"", "'", "/", "1", "<<", "\u{0}"]
        for _ in 0..<2_000 {
            let input = Self.randomString(&generator, from: pieces, count: Int(generator.next() % 30))
            let plain = StyledText(template: input).plainText
            #expect(plain == input, "\(input.debugDescription) → \(plain.debugDescription)")
        }
    }

    @Test func argumentsNeverChangeStructure() {
        var generator = SeededGenerator(seed: 4)
        let template = StyledText.Template("<b>%@</b> and <i>%@</i>")
        let shape = template("x", "y").parts.map(\.attributes)
        for _ in 0..<1_000 {
            let first = Self.randomString(&generator, from: Self.fragments, count: 1 + Int(generator.next() % 10))
            let second = Self.randomString(&generator, from: Self.fragments, count: 1 + Int(generator.next() % 10))
            let text = template(first, second)
            #expect(text.parts.map(\.attributes) == shape, "\(first) / \(second)")
            #expect(text.plainText == "\(first) and \(second)")
        }
    }

    @Test func randomBytesNeverCrash() {
        var generator = SeededGenerator(seed: 5)
        for _ in 0..<500 {
            let bytes = (0..<Int(generator.next() % 200)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let input = String(decoding: bytes, as: UTF8.self)
            let template = StyledText.Template(input)
            let text = template.filled(with: ["a", 1, 2.5])
            #expect(text == StyledText(template: input, arguments: ["a", 1, 2.5]))
            _ = StyleResolver().runs(for: text)
        }
    }
}
