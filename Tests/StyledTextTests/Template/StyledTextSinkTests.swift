import Testing
@testable import StyledText

/// The room the one pass makes for a template's segments: counted from the bytes, it is what the pass makes for the
/// usual templates, and a large template's segments are allocated once rather than regrown by doubling.
@Suite struct StyledTextSinkTests {
    /// Templates whose segments the estimate counts exactly: text after tags, tags that follow one another, tags
    /// closed and opened again, elements, comments, and markup that crosses the 16-byte blocks the count reads.
    @Test(arguments: [
        "plain text",
        "a<b>x</b>y",
        "<b><i>x</i></b>",
        "a<br/>b<br/>c",
        "<b>x</b>y<br/><i>z</i>",
        "a<b><!-- note -->b</b>",
        "<span>" + String(repeating: "word ", count: 9) + "<b>bold</b> and <i>more</i></span><hr/>",
        "<b><i><u><s>" + String(repeating: "</b>y<b></i>y<i></u>y<u></s>y<s>", count: 25),
    ])
    func estimatesTheSegmentsOfUsualTemplates(_ template: String) {
        let segments = StyledText(template: template).segments.count
        let estimate = Array(template.utf8).withUnsafeBufferPointer(StyledTextSink.segmentEstimate(of:))
        #expect(estimate == segments, "\(template.debugDescription)")
    }

    /// The count, 16 bytes at a time with the block a byte on, finds what a plain loop finds, in every lane and in
    /// the tail after the last block.
    @Test func countsWhatAPlainLoopCounts() {
        var generator = SeededGenerator(seed: 0x5EED_0051)
        let alphabet: [UInt8] = Array("<>/a".utf8)
        for _ in 0..<2_000 {
            let bytes = (0..<generator.index(80)).map { _ in alphabet[generator.index(alphabet.count)] }
            var expected = bytes.first.map { $0 == UInt8(ascii: "<") ? 0 : 1 } ?? 0
            for (byte, next) in zip(bytes, bytes.dropFirst()) {
                if byte == UInt8(ascii: ">") && next != UInt8(ascii: "<")
                    || byte == UInt8(ascii: "/") && next == UInt8(ascii: ">") {
                    expected += 1
                }
            }
            let counted = bytes.withUnsafeBufferPointer(StyledTextSink.segmentEstimate(of:))
            #expect(counted == expected, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
    }

    /// A large template with a segment every 11 bytes (misnested end tags at the limit, as the adversarial
    /// benchmark has them) gets room for its segments once: regrown by doubling from a share of its size, its array
    /// ended up to twice as large as its segments, and was copied on the way.
    @Test func allocatesALargeTemplatesSegmentsOnce() {
        let names = ["b", "i", "u", "s", "em", "strong", "code", "sub", "sup"]
        let unit = names.map { "</\($0)>y<\($0)>" }.joined()
        let template = names.map { "<\($0)>" }.joined() + String(repeating: unit, count: 256 * 1_024 / unit.utf8.count)
        let segments = StyledText(template: template).segments
        #expect(segments.count == 9 * (256 * 1_024 / unit.utf8.count))
        #expect(segments.capacity >= segments.count)
        #expect(segments.capacity <= segments.count + segments.count / 8 + 64)
    }

    /// A template dense in markup at its start (a segment per 4 bytes) and plain text after gets no more room than
    /// a segment per 4 bytes, for all the sixteenth more it would otherwise get.
    @Test func boundsTheRoomOfALargeTemplate() {
        let template = String(repeating: "y<b>", count: 4 * 1_024) + String(repeating: "z", count: 1 << 20)
        let room = Array(template.utf8).withUnsafeBufferPointer(StyledTextSink.segmentRoom(forLarge:))
        #expect(room <= template.utf8.count / 4 + 16)
    }
}
