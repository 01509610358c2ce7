import Testing
@testable import StyledText

/// The attribute stacks a template's text gets, against a model of the nesting rules written out plainly here;
/// and the room a large template's scan makes for its tokens, tags and placeholders, and their size.
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

    /// The program of `template` as a one-shot parse makes it.
    private func program(_ template: String) -> TemplateProgram {
        StyledText.Template.parse(template, options: .init(), collectsDiagnostics: false)
    }

    /// How much more than it asked for an array may get: the allocator rounds a large allocation up to whole pages.
    private let slack = 256

    @Test func aLargeTemplateDenseInMarkupHasRoomForItAllAtOnce() {
        // Regrown instead, each array would be some power of two times its first room, which (rounded up to
        // whole pages) these counts are not near.
        let units = TemplateTokenizer.countedSize / 4 * 3 / 2 + 1
        let positional = program(String(repeating: "%1$@", count: units))
        #expect(positional.placeholders.count == units)
        #expect((units..<(units + slack)).contains(positional.placeholders.capacity))
        #expect(positional.tokens.count == units)
        // A token per `%` and the text before it, bounded by half the size: the same here.
        #expect(((2 * units + 1)..<(2 * units + 1 + slack)).contains(positional.tokens.capacity))

        let misnested = program(String(repeating: "<b><i>x</b></i>", count: units))
        #expect(misnested.tokens.count == 5 * units)
        // Two tokens per `<` would be 8 per unit of 15 bytes, more than half its size: 7.5 per unit.
        let tokenRoom = 15 * units / 2 + 1
        #expect((tokenRoom..<(tokenRoom + slack)).contains(misnested.tokens.capacity))
        #expect(misnested.tags.count == 2 * units)
        #expect(((4 * units)..<(4 * units + slack)).contains(misnested.tags.capacity))
    }

    @Test func markerCharactersUsedAsTextAskForNoMoreRoomThanMarkupCouldFill() {
        let size = TemplateTokenizer.countedSize * 2
        let lessThans = program(String(repeating: "<", count: size))
        #expect(lessThans.tokens.count == 1)
        #expect(lessThans.tokens.capacity < size / 2 + 1 + slack)
        #expect(lessThans.tags.capacity < size / 3 + slack)
        // Placeholder room is made at the first placeholder only.
        let percents = program(String(repeating: "%", count: size))
        #expect(percents.placeholders.isEmpty && percents.placeholders.capacity == 0)
    }

    @Test func byteCountsMatchAPlainCount() {
        var generator = SeededGenerator(seed: 0x5EED_0108)
        // Lengths around the block (16) and the lane sums' period (255 blocks).
        let lengths = [0, 1, 15, 16, 17, 31, 33, 255 * 16 - 1, 255 * 16, 255 * 16 + 1, 255 * 16 + 17, 9_000]
        for length in lengths {
            for density in [0, 2, 16, 1_000] {
                let bytes = (0..<length).map { _ -> UInt8 in
                    guard density > 0, generator.index(density) == 0 else { return 0x3D }
                    return [UInt8(ascii: "<"), UInt8(ascii: "%"), 0xBC, 0xA5][generator.index(4)]
                }
                let counts = bytes.withUnsafeBufferPointer {
                    ByteSearch.counts(of: UInt8(ascii: "<"), UInt8(ascii: "%"), in: $0)
                }
                #expect(counts.first == bytes.count { $0 == UInt8(ascii: "<") }, "\(length) \(density)")
                #expect(counts.second == bytes.count { $0 == UInt8(ascii: "%") }, "\(length) \(density)")
            }
        }
        // Every byte a match: each lane's sum reaches 255 before it is added up.
        let all = [UInt8](repeating: UInt8(ascii: "<"), count: 255 * 16 * 3 + 5)
        #expect(all.withUnsafeBufferPointer { ByteSearch.counts(of: UInt8(ascii: "<"), UInt8(ascii: "%"), in: $0) }
            == (all.count, 0))
    }

    @Test func placeholdersAreSmallAndKeepEveryField() {
        // A placeholder per 4 bytes of `%1$@` × n: 24 bytes each is 6 per byte of the template.
        #expect(MemoryLayout<Placeholder>.stride == 24)
        let text = Array("ab %@ %2$@ %-10.3lld %0000012$hhx %%".utf8)
        let cases: [(start: Int, index: Int, positional: Bool, conversion: Character, plain: Bool, end: Int,
                     specifier: Int)] = [
            (3, 5, false, "@", true, 5, 4),
            (6, 1, true, "@", true, 10, 9),
            (11, 6, false, "d", false, 20, 12),
            (21, 11, true, "x", true, 33, 30),
        ]
        text.withUnsafeBufferPointer { bytes in
            var nextIndex = 5
            for expected in cases {
                let placeholder = Placeholder.parse(bytes, at: expected.start, nextIndex: &nextIndex)
                #expect(placeholder?.argumentIndex == expected.index)
                #expect(placeholder?.isPositional == expected.positional)
                #expect(placeholder?.conversion == expected.conversion.asciiValue)
                #expect(placeholder?.isPlain == expected.plain)
                #expect(placeholder?.sourceRange == expected.start..<expected.end)
                #expect(placeholder?.specifierStart == expected.specifier)
            }
            #expect(nextIndex == 7)
        }
    }

    @Test func tagsAreThreeWordsAndKeepTheirFields() {
        #expect(MemoryLayout<TemplateTag>.stride == 24)
        for attribute in [0, 1, 2, 12_345, 1 << 60] {
            var tag = TemplateTag(attribute: attribute, sourceRange: 3..<7)
            #expect(tag.attribute == attribute && tag.keep && !tag.marksBlock && tag.sourceRange == 3..<7)
            tag.keep = false
            #expect(tag.attribute == attribute && !tag.keep && !tag.marksBlock)
            tag.marksBlock = true
            #expect(tag.attribute == attribute && !tag.keep && tag.marksBlock)
            tag.keep = true
            #expect(tag.attribute == attribute && tag.keep && tag.marksBlock)
            tag.marksBlock = false
            #expect(tag.attribute == attribute && tag.keep && !tag.marksBlock)
        }
    }

    @Test func tokensAreTwoWordsAndReadBackAsMade() {
        #expect(MemoryLayout<TemplateToken>.stride == 16)
        let large = 1 << 59
        for (lower, upper) in [(0, 0), (0, 1), (7, 8), (12_345, 67_890), (large - 1, large)] {
            guard case let .text(range) = TemplateToken.text(lower..<upper).step else { Issue.record("text"); continue }
            #expect(range == lower..<upper)
            guard case let .literal(range) = TemplateToken.literal(lower..<upper).step else {
                Issue.record("literal")
                continue
            }
            #expect(range == lower..<upper)
            guard case let .percentEscapedText(range) = TemplateToken.percentEscapedText(lower..<upper).step else {
                Issue.record("percentEscapedText")
                continue
            }
            #expect(range == lower..<upper)
        }
        for index in [0, 1, 8, 1 << 40, Int.max] {
            guard case .placeholder(index) = TemplateToken.placeholder(index).step,
                  case .open(index) = TemplateToken.open(index).step,
                  case .close(index) = TemplateToken.close(index).step,
                  case .element(index) = TemplateToken.element(index).step
            else {
                Issue.record("index \(index)")
                continue
            }
        }
    }
}
