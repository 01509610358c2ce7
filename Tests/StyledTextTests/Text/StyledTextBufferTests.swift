import Foundation
import Testing
@testable import StyledText

@Suite struct StyledTextBufferTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var before: Int
        var inside: Int
        var after: Int
        var note: String
        var testDescription: String { note }
    }

    /// Lengths in characters of `é` (two UTF-8 bytes each) around the inline capacity of 128 bytes.
    static let cases = [
        Case(before: 0, inside: 0, after: 0, note: "empty"),
        Case(before: 3, inside: 2, after: 4, note: "short, inline"),
        Case(before: 30, inside: 20, after: 14, note: "exactly 128 bytes, inline"),
        Case(before: 30, inside: 20, after: 15, note: "130 bytes: the last literal moves the bytes to an array"),
        Case(before: 50, inside: 20, after: 1, note: "the interpolated value moves the bytes to an array"),
        Case(before: 70, inside: 1, after: 1, note: "the first literal alone is too long to start inline"),
        Case(before: 0, inside: 200, after: 0, note: "one long interpolated value"),
    ]

    @Test(arguments: cases)
    func interpolationGivesTheSamePartsInlineAndInAnArray(_ test: Case) {
        let before = String(repeating: "é", count: test.before)
        let inside = String(repeating: "é", count: test.inside)
        let after = String(repeating: "é", count: test.after)
        let text = StyledText(stringInterpolation: {
            var interpolation = StyledText.StringInterpolation(literalCapacity: 2 * (test.before + test.after),
                                                               interpolationCount: 1)
            interpolation.appendLiteral(before)
            interpolation.appendInterpolation(inside, .important)
            interpolation.appendLiteral(after)
            return interpolation
        }())
        var expected: [StyledText.Part] = []
        if !before.isEmpty { expected.append(.text(before, attributes: [])) }
        if !inside.isEmpty { expected.append(.text(inside, attributes: [.important])) }
        if !after.isEmpty { expected.append(.text(after, attributes: [])) }
        #expect(text.parts == expected)
        #expect(text.plainText == before + inside + after)
        #expect(text == StyledText(parts: expected))
    }

    @Test func bytesMoveToAnArrayWhenFullAndKeepTheirOrder() {
        var bytes = TextBytes(capacity: 0)
        var expected = ""
        for index in 0..<40 {
            let piece = "\(index)ü"
            bytes.append(piece)
            expected += piece
            #expect(bytes.count == expected.utf8.count)
        }
        bytes.append(Substring("tail"))
        bytes.append(scalar: "!")
        #expect(bytes.makeString() == expected + "tail!")

        var short = TextBytes(capacity: 16)
        short.append("ab")
        short.append(scalar: "c")
        short.append(scalar: "d")
        short.append("é")
        #expect(short.makeString() == "abcdé")
        var empty = TextBytes(capacity: 1_000)
        #expect(empty.makeString() == "")
    }

    @Test func arrayBytesGrowPastTheirSpareRoomAndMixWithScalars() {
        // In the array the bytes keep zeroed spare room after `count`: appends of every size, scalars of every
        // length (decoded references) and growth must never show it nor lose a byte.
        var bytes = TextBytes(capacity: 200)
        var expected = ""
        let scalars: [Unicode.Scalar] = ["a", "ß", "€", "😀"]
        for index in 0..<300 {
            let piece = index % 7 == 0 ? String(repeating: "ß", count: index) : "\(index),"
            if index % 5 == 0 {
                for scalar in scalars { bytes.append(scalar: scalar) }
                expected += String(String.UnicodeScalarView(scalars))
                bytes.append(piece)
            } else {
                bytes.append(piece)
            }
            expected += piece
            #expect(bytes.count == expected.utf8.count)
        }
        #expect(bytes.makeString() == expected)
    }

    @Test func piecesOfEveryShortLengthCopyExactly() {
        // Pieces of up to 16 bytes are copied as overlapping words: every length, inline, across the move to the
        // array, and in the array.
        for capacity in [0, 1_000] {
            var bytes = TextBytes(capacity: capacity)
            var expected = ""
            for length in 0...20 {
                let piece = String((0..<length).map { Character(UnicodeScalar(UInt8(97 + ($0 + length) % 26))) })
                bytes.append(piece)
                expected += piece
            }
            #expect(bytes.makeString() == expected)
        }
    }

    @Test func anInterpolationFinishedTwiceOrAfterACopyKeepsEachResult() {
        // Finishing moves the segments out of the interpolation it is given, which is a copy: the original and
        // the text already made share that array, and neither may see the other's later changes.
        var interpolation = StyledText.StringInterpolation(literalCapacity: 8, interpolationCount: 2)
        interpolation.appendLiteral("a ")
        interpolation.appendInterpolation("b", .important)
        let first = StyledText(stringInterpolation: interpolation)
        let again = StyledText(stringInterpolation: interpolation)
        let expected: [StyledText.Part] = [.text("a ", attributes: []), .text("b", attributes: [.important])]
        #expect(first.parts == expected)
        #expect(again == first)
        interpolation.appendInterpolation("c", .important)
        interpolation.appendLiteral(" d")
        let longer = StyledText(stringInterpolation: interpolation)
        #expect(longer.parts == [
            .text("a ", attributes: []),
            .text("bc", attributes: [.important]),
            .text(" d", attributes: []),
        ])
        #expect(first.parts == expected, "appending afterwards changed an earlier text")
        #expect(again == first)
        #expect(longer.plainText == "a bc d")
    }

    /// Interpolated `Int`s are written digit by digit into the text, not through `description`.
    @Test(arguments: [0, 7, -1, 10, -10, 1_234_567_890, Int.max, Int.min])
    func integersInterpolateAsTheirDescription(_ value: Int) {
        let text: StyledText = "n=\(value, .important)."
        #expect(text.plainText == "n=" + value.description + ".")
        #expect(text.parts[1] == .text(value.description, attributes: [.important]))
    }

    @Test func textAfterAnInterpolatedStyledTextCoalescesWithItsLastPart() {
        let plain = StyledText("ab")
        #expect(("\(plain)cd" as StyledText).parts == [.text("abcd", attributes: [])])
        let mixed: StyledText = "x\("y", .important)z"
        let text: StyledText = "\(mixed)w\(mixed, .tag("b"))"
        #expect(text.parts == [
            .text("x", attributes: []),
            .text("y", attributes: [.important]),
            .text("zw", attributes: []),
            .text("x", attributes: [.tag("b")]),
            .text("y", attributes: [.tag("b"), .important]),
            .text("z", attributes: [.tag("b")]),
        ])
        #expect(text.segments.count == 6)
    }

    @Test func textAroundImagesAndElementsStaysSeparate() {
        let dice = StyledText.Image(named: "dice")
        let text: StyledText = "a\(dice)a\(element: .tag("br"))\("a", .important)\("b", .important)"
        #expect(text.parts == [
            .text("a", attributes: []),
            .image(dice, attributes: []),
            .text("a", attributes: []),
            .element(.tag("br"), attributes: []),
            .text("ab", attributes: [.important]),
        ])
    }

    @Test func styledArgumentsCoalesceWithTheTemplateTextAroundThem() {
        let template = StyledText.Template("<b>%@ x</b> %@")
        let expected: [StyledText.Part] = [.text("y x", attributes: [.tag("b")]), .text(" z", attributes: [])]
        #expect(template(StyledText("y"), StyledText("z")).parts == expected)
        #expect(StyledText(template: template.source, StyledText("y"), StyledText("z")).parts == expected)
    }
}
