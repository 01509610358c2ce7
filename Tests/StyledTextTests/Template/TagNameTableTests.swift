import Testing
@testable import StyledText

@Suite struct TagNameTableTests {
    /// Looks `name` up in `table` as the bytes of `template` at `name`'s first occurrence from `from`.
    private static func ranges(of names: [String], in template: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        for name in names {
            let bytes = Array(name.utf8)
            while !template[start...].starts(with: bytes) { start += 1 }
            ranges.append(start..<(start + bytes.count))
            start += bytes.count
        }
        return ranges
    }

    @Test func numbersNamesInOrderIgnoringCase() {
        let template = Array("<b><I>x</B></i><story>y</STORY><br>".utf8)
        let names = ["b", "I", "B", "i", "story", "STORY", "br"]
        let ranges = Self.ranges(of: names, in: template)
        template.withUnsafeBufferPointer { bytes in
            var table = TagNameTable()
            #expect(table.number(of: ranges[0], in: bytes) == nil)
            #expect(table.add(ranges[0], in: bytes) == 0)
            #expect(table.number(of: ranges[1], in: bytes) == nil)
            #expect(table.add(ranges[1], in: bytes) == 1)
            #expect(table.number(of: ranges[2], in: bytes) == 0)
            #expect(table.number(of: ranges[3], in: bytes) == 1)
            #expect(table.number(of: ranges[4], in: bytes) == nil)
            #expect(table.add(ranges[4], in: bytes) == 2)
            #expect(table.number(of: ranges[5], in: bytes) == 2)
            #expect(table.add(ranges[6], in: bytes) == 3)
            #expect(table.entries.map(\.bytes) == [1..<2, 4..<5, 16..<21, 32..<34])
            #expect(table.entries.map(\.isVoid) == [false, false, false, true])
            #expect(table.entries.allSatisfy { $0.openCount == 0 })
        }
    }

    @Test func findsEveryNameOnceItHashesThem() {
        // Past the linear limit the table hashes: thousands of names, each found again in any case, and names
        // that differ only in length or in one byte kept apart.
        let names = (0..<2_000).map { "t\($0)" } + ["a", "aa", "ab", "ba"]
        let template = Array((names.map { "<\($0)>" } + names.map { "</\($0.uppercased())>" }).joined().utf8)
        let ranges = Self.ranges(of: names + names.map { $0.uppercased() }, in: template)
        template.withUnsafeBufferPointer { bytes in
            var table = TagNameTable()
            for index in names.indices {
                #expect(table.number(of: ranges[index], in: bytes) == nil)
                #expect(table.add(ranges[index], in: bytes) == index)
            }
            for index in names.indices {
                #expect(table.number(of: ranges[names.count + index], in: bytes) == index, "\(names[index])")
                #expect(table.number(of: ranges[index], in: bytes) == index)
            }
            #expect(table.entries.count == names.count)
            let unknown = Array("<t2000><A0><c>".utf8)
            unknown.withUnsafeBufferPointer { other in
                #expect(table.number(of: 1..<6, in: other) == nil)
                #expect(table.number(of: 8..<10, in: other) == nil)
                #expect(table.number(of: 12..<13, in: other) == nil)
            }
        }
    }

    @Test func tagsWithoutParametersShareTheirNamesAttribute() {
        let program = StyledText.Template.parse("<b>x</b><B>y</B><a href='1'>z</a><b>w</b><a href='1'>v</a><A>u</A>",
                                                options: .init(), collectsDiagnostics: false)
        #expect(program.tags.map(\.attribute) == [0, 0, 1, 0, 2, 3])
        #expect(program.attributes == [.tag("b"), .tag("a", ["href": "1"]), .tag("a", ["href": "1"]), .tag("a")])
        #expect(program.attributes[0].contentHash == StyledText.Attribute("b").contentHash)
    }

    @Test func endTagsFindOpenTagsWhetherOrNotNamesAreCounted() {
        // Past 32 open tags the tokenizer counts open tags by name until none is open; shallower, it searches.
        // Every kind of end tag, on both sides of that depth, and after it stops counting.
        let opens = (0..<40).map { "<t\($0)>" }.joined()
        let template = opens + "x</u>y</t39>z</t30>w</t20>v</t30>u</t0>s<b><i>r</b>q</i></t5>p"
        let text = StyledText(template: template)
        func tags(_ names: [Int]) -> [StyledText.Attribute] { names.map { .tag("t\($0)") } }
        #expect(text.parts == [
            .text("xy", attributes: tags(Array(0..<40))),
            .text("z", attributes: tags(Array(0..<39))),
            // `</t30>` keeps the eight tags inside it open.
            .text("w", attributes: tags(Array(0..<30) + Array(31..<39))),
            // `</t20>` would keep more than eight: it closes them all.
            .text("vu", attributes: tags(Array(0..<20))),
            .text("s", attributes: []),
            .text("r", attributes: [.tag("b"), .tag("i")]),
            .text("q", attributes: [.tag("i")]),
            .text("p", attributes: []),
        ])
        let diagnostics = StyledText.Template(template).diagnostics.map(\.kind)
        #expect(diagnostics == [.strayEndTag, .misnestedEndTag, .misnestingLimit, .strayEndTag, .misnestingLimit,
                                .misnestedEndTag, .strayEndTag])
    }

    @Test func misnestedAndRepeatedNamesParseAsBefore() {
        // The tokenizer matches end tags by number: a name met again in another case closes the same tag.
        let text = StyledText(template: "<B><i>x</b>y</I><b>z</B>")
        #expect(text.parts == [
            .text("x", attributes: [.tag("b"), .tag("i")]),
            .text("y", attributes: [.tag("i")]),
            .text("z", attributes: [.tag("b")]),
        ])
    }
}
