import Foundation
import Testing
@testable import StyledText

@Suite struct StyledRunTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let pieces: [String]
        let note: String
        var testDescription: String { note }
    }

    static let unicodeCases: [Case] = [
        Case(pieces: ["a", "😀", "b"], note: "emoji outside the BMP"),
        Case(pieces: ["👨‍👩‍👧‍👦", "x", "👩🏽‍🚀"], note: "ZWJ families and skin tones"),
        Case(pieces: ["🇩🇪🇫🇷", "🏳️‍🌈", "flags"], note: "flags"),
        Case(pieces: ["e\u{301}", "\u{301}\u{302}", "n\u{303}"], note: "combining marks, including a leading one"),
        Case(pieces: ["日本語", "한국어", "עברית"], note: "CJK and right-to-left"),
        Case(pieces: ["\u{0}", "\r\n", "\u{FEFF}"], note: "NUL, CRLF and BOM"),
    ]

    /// Builds a text where every second piece is important, so each piece is its own run.
    static func alternating(_ pieces: [String]) -> StyledText {
        var text = StyledText()
        for (index, piece) in pieces.enumerated() {
            text += index.isMultiple(of: 2) ? "\(piece, .important)" : "\(piece)"
        }
        return text
    }

    @Test(arguments: unicodeCases)
    func rangesAreUTF16OffsetsIntoPlainText(_ testCase: Case) throws {
        let text = Self.alternating(testCase.pieces)
        let runs = StyleResolver().runs(for: text)
        #expect(runs.map(\.text) == testCase.pieces)
        let plain = text.plainText
        let nsPlain = plain as NSString
        for run in runs {
            #expect(nsPlain.substring(with: NSRange(location: run.range.lowerBound, length: run.range.count)) == run.text)
            // Run boundaries may fall inside a grapheme cluster (`e` + U+0301 with the accent styled), where
            // Foundation's `Range(_:in:)` refuses; UTF-16 indices of the string itself work everywhere.
            let start = plain.utf16.index(plain.utf16.startIndex, offsetBy: run.range.lowerBound)
            let end = plain.utf16.index(start, offsetBy: run.range.count)
            #expect(String(plain.unicodeScalars[start..<end]) == run.text)
        }
        #expect(runs.last?.range.upperBound == plain.utf16.count)
    }

    @Test func utf16RangesMatchForRandomTextsOfEveryLength() {
        // Run lengths are counted from UTF-8 eight bytes at a time, with the counts summed every 248 bytes:
        // random scalars of all four UTF-8 lengths, at lengths on both sides of those boundaries.
        let scalars: [Unicode.Scalar] = ["a", "Z", " ", "é", "ß", "Ж", "€", "日", "\u{FFFD}", "😀", "𝄞", "\u{10FFFF}"]
        var generator = SeededGenerator(seed: 16)
        for length in Array(0...70) + [247, 248, 249, 255, 256, 257, 500, 1_000, 2_000] {
            var pieces = ["", ""]
            for index in 0..<length {
                pieces[index % 3 == 0 ? 0 : 1].unicodeScalars.append(scalars[generator.index(scalars.count)])
            }
            let text: StyledText = "\(pieces[0])\(pieces[1], .important)"
            let runs = StyleResolver().runs(for: text)
            #expect(runs.map(\.range.count) == pieces.filter { !$0.isEmpty }.map(\.utf16.count), "length \(length)")
            #expect(runs.last.map(\.range.upperBound) ?? 0 == text.plainText.utf16.count)
        }
    }

    @Test func runsFromEverySourceHoldTheirTextAndRenderIt() {
        // Text of the plain text, an element's content (its own string), several elements merged into one run (a
        // string the resolver builds), and an image: each run's content, its text and what the byte-reading
        // renderers write agree.
        let text: StyledText = "a\u{301}b \("x", .important)<\(StyledText(element: .tag("hr")))\(StyledText(element: .tag("hr")))>"
            + StyledText(image: .init(named: "star", alt: "★")) + "ζ"
        let resolver = StyleResolver()
            .style("important", MarkupStyle(foregroundColor: .red))
            .element("hr") { _ in "—\u{1F600}" }
        let runs = resolver.runs(for: text)
        // The two elements' contents merge into one run of a string of its own, inside `hr`.
        #expect(runs.map(\.text) == ["a\u{301}b ", "x", "<", "—\u{1F600}—\u{1F600}", ">", "\u{FFFC}", "ζ"])
        #expect(runs.map(\.content) == [.text("a\u{301}b "), .text("x"), .text("<"), .text("—\u{1F600}—\u{1F600}"),
                                        .text(">"), .image(.init(named: "star", alt: "★")), .text("ζ")])
        #expect(runs[3].attributes == [.tag("hr")])
        #expect(ANSIRenderer(capability: .plain).render(runs) == "a\u{301}b x<—\u{1F600}—\u{1F600}>★ζ")
        #expect(HTMLRenderer().render(runs).contains("a\u{301}b <span style=\"color: #ff0000\">x</span>&lt;—\u{1F600}—\u{1F600}&gt;"))
        #expect(String(AttributedString(runs: runs).characters) == "a\u{301}b x<—\u{1F600}—\u{1F600}>\u{FFFC}ζ")
    }

    @Test func imagesCountAsOneObjectReplacementCharacter() {
        let text: StyledText = "😀\(StyledText.Image(named: "i"))x"
        let runs = StyleResolver().runs(for: text)
        #expect(runs.map(\.range) == [0..<2, 2..<3, 3..<4])
        #expect(runs[1].text == "\u{FFFC}")
    }

    @Test func anImageRunKeepsItsImageBesideTheStackTheTextRunsShare() {
        // An image run keeps its image in a resolved stack of its own, so that a run is 56 bytes, not 64; the text
        // runs around it, inside the same tags, still share one resolved stack, which holds no image.
        let image = StyledText.Image(named: "dice")
        let resolver = StyleResolver().style("b", MarkupStyle(font: .init(weight: .bold)))
        let runs = resolver.runs(for: "\("a", .tag("b"))\(image, .tag("b"))\("c", .tag("b")) d \("e", .tag("b"))")
        #expect(runs.map(\.text) == ["a", "\u{FFFC}", "c", " d ", "e"])
        #expect(runs.map(\.image) == [nil, image, nil, nil, nil])
        #expect(runs[1].content == .image(image))
        #expect(runs[1].style == runs[0].style && runs[1].attributes == runs[0].attributes)
        #expect(runs[0].resolved === runs[2].resolved && runs[2].resolved === runs[4].resolved)
        #expect(runs[1].resolved !== runs[0].resolved)
        #expect(runs[1] != runs[0])
        #expect(MemoryLayout<StyledRun>.stride == 56)
    }

    @Test func attributesAreExposedOutermostFirst() {
        let runs = StyleResolver().runs(for: "\("x", .tag("a"), .tag("b"), .tag("c"))")
        #expect(runs[0].attributes == [.tag("a"), .tag("b"), .tag("c")])
    }

    @Test func oneMegabyteResolvesAndRenders() {
        var text = StyledText()
        let sentence: StyledText = "Each player \("rolls", .important) the dice — straße, 日本, 😀. "
        let count = 1_000_000 / sentence.plainText.utf8.count + 1
        for _ in 0..<count { text += sentence }
        #expect(text.plainText.utf8.count >= 1_000_000)
        let runs = StyleResolver().style("important", MarkupStyle(font: .init(weight: .bold))).runs(for: text)
        #expect(runs.count == 2 * count + 1)  // the plain tail of one sentence coalesces with the next one's head
        #expect(runs.last?.range.upperBound == text.plainText.utf16.count)
        let attributed = AttributedString(text, resolver: StyleResolver())
        #expect(attributed.characters.count == text.plainText.count)
    }

    @Test func invariantCheckCatchesBrokenRuns() {
        let text: StyledText = "ab"
        let good = StyleResolver().runs(for: text)
        #expect(RunInvariants.violation(in: good, for: text) == nil)
        let gap = [StyledRun(content: .text("ab"), style: MarkupStyle(), range: 1..<3, stack: .empty)]
        #expect(RunInvariants.violation(in: gap, for: text) != nil)
        let split = [StyledRun(content: .text("a"), style: MarkupStyle(), range: 0..<1, stack: .empty),
                     StyledRun(content: .text("b"), style: MarkupStyle(), range: 1..<2, stack: .empty)]
        #expect(RunInvariants.violation(in: split, for: text) == "runs 0 and 1 are equal neighbours left unmerged")
        let wrong = [StyledRun(content: .text("ax"), style: MarkupStyle(), range: 0..<2, stack: .empty)]
        #expect(RunInvariants.violation(in: wrong, for: text) == "runs do not cover the plain text exactly")
    }
}
