import Testing
@testable import StyledText

/// The attribute stacks a template's text gets, against a model of the nesting rules written out plainly here.
@Suite struct TemplateStackTests {
    /// The stacks by the rules of Docs/Templates.md: an end tag closes the innermost open tag of its name and
    /// keeps the tags inside it open, unless more than `maximumKeptOpen` are inside, which it then closes too;
    /// an end tag with no open tag of its name is stray and changes nothing.
    private func modelSegments(of pieces: [Piece]) -> [(text: String, names: [String])] {
        var open: [String] = []
        var segments: [(text: String, names: [String])] = []
        for piece in pieces {
            switch piece {
            case let .open(name):
                open.append(name)
            case let .close(name):
                guard let position = open.lastIndex(of: name) else { continue }
                if open.count - 1 - position > TemplateTokenizer.maximumKeptOpen {
                    open.removeSubrange(position...)
                } else {
                    open.remove(at: position)
                }
            case let .text(text):
                if let last = segments.last, last.names == open {
                    segments[segments.count - 1].text += text
                } else {
                    segments.append((text, open))
                }
            }
        }
        return segments
    }

    private enum Piece {
        case open(String), close(String), text(String)

        var markup: String {
            switch self {
            case let .open(name): "<\(name)>"
            case let .close(name): "</\(name)>"
            case let .text(text): text
            }
        }
    }

    @Test func stacksFollowTheNestingRulesForRandomMisnestedMarkup() {
        var generator = SeededGenerator(seed: 0x5EED_0107)
        let names = ["b", "i", "u", "s", "em", "code"]
        for round in 0..<3_000 {
            // Deep enough, in some rounds, for end tags past the misnesting limit.
            let depth = round % 3 == 0 ? 14 : 5
            var pieces: [Piece] = []
            var openCount = 0
            for index in 0..<generator.index(40) {
                let name = names[generator.index(names.count)]
                let choice = generator.index(5)
                if choice < 2, openCount < depth {
                    pieces.append(.open(name))
                    openCount += 1
                } else if choice < 4 {
                    pieces.append(.close(name))
                    openCount = max(0, openCount - 1)
                } else {
                    pieces.append(.text(String(UnicodeScalar(UInt8(97 + index % 26)))))
                }
            }
            let template = pieces.map(\.markup).joined()
            let text = StyledText(template: template)
            let actual = text.segments.map { segment -> (String, [String]) in
                guard case let .text(range) = segment.content else { return ("?", []) }
                return (String(text.substring(range)), segment.stack.attributes.map(\.name))
            }
            let expected = modelSegments(of: pieces)
            #expect(actual.map(\.0) == expected.map(\.text), "\(template)")
            #expect(actual.map(\.1) == expected.map(\.names), "\(template)")
        }
    }

    @Test func closingATagInTheMiddleKeepsTheNodesBelowIt() throws {
        // After `x` every node is built; `</i>` drops those of <i> and above, and the text after it finds <b>'s
        // node, not a new one.
        let text = StyledText(template: "<b><i><u><s>x</i>y</s>z</u>w</b>v")
        #expect(text.plainText == "xyzwv")
        let stacks = text.segments.map(\.stack)
        #expect(stacks.map { $0.attributes.map(\.name) } == [["b", "i", "u", "s"], ["b", "u", "s"], ["b", "u"],
                                                           ["b"], []])
        let outermost = try #require(stacks[0].nodesInnermostFirst.reversed().first)
        for stack in stacks.dropLast() {
            #expect(stack.nodesInnermostFirst.reversed().first === outermost)
        }
        #expect(stacks[2].top === stacks[1].top?.parent)
    }
}
