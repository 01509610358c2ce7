import Testing
@testable import StyledText

/// The memo of decoded references must be invisible: every `&`, decoded through one memo shared by many texts
/// (so that outcomes remembered in one context are reused in others, and slots are taken over), gives exactly
/// what decoding it afresh gives.
@Suite struct CharacterReferenceMemoTests {
    /// What `CharacterReferences.appendReference` gives for the `&` at `position`: the bytes and the end.
    private func decodedAfresh(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> ([UInt8], Int?) {
        var output = UTF8Buffer()
        let end = CharacterReferences.appendReference(in: bytes, at: position, into: &output)
        return (Array(output.takeString().utf8), end)
    }

    @Test func decodesEveryAmpersandAsDecodingAfreshDoes() {
        var generator = SeededGenerator(seed: 0x5EED_0006)
        // Names, legacy prefixes, numbers, near misses, two-scalar and astral results, non-ASCII bytes, and
        // pieces that put the `;` just inside or just past the 8 bytes after the `&`.
        let pieces = ["amp", "lt", "gt", "not", "notin", "it", "#", "x", "X", "39", "8217", "2014", "0", "128", ";",
                      "a", "Z", "9", "é", "€", "😀", " ", "&", "<", "foo", "nbsp", "fjlig", "bopf", "NotNestedGreater",
                      "Greater", "copy", "=", "AMP", "hellip", "#x1F41F", "#1114112"]
        let memo = CharacterReferenceMemo()
        var checked = 0
        for _ in 0..<3_000 {
            var text = "&"
            for _ in 0..<generator.index(6) { text += pieces[generator.index(pieces.count)] }
            // Sometimes text after the reference, so that the same spelling is met near the end and far from it.
            if generator.index(2) == 0 { text += String(repeating: "y", count: generator.index(12)) }
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                for position in buffer.indices where buffer[position] == UInt8(ascii: "&") {
                    // Twice: once when it may be new to the memo, once when it is surely remembered.
                    for _ in 0..<2 {
                        var output = UTF8Buffer(capacity: 1)
                        let end = memo.appendReference(in: buffer, at: position, into: &output)
                        let expected = decodedAfresh(buffer, at: position)
                        #expect(Array(output.takeString().utf8) == expected.0, "\(text.debugDescription) at \(position)")
                        #expect(end == expected.1, "\(text.debugDescription) at \(position)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 6_000)
    }

    @Test func remembersTheReferencesOfAText() {
        // The plain-text scan decodes through the memo: a document repeating a few references, including ones
        // that are text (`&foo;`) or reach only part of the way to their `;` (`&notit;`).
        let sentence = "Fish &amp; Chips &copy; &notit; &foo; &#8217;s &#x2014; &lt;3 &fjlig; &bopf; &amp"
        let document = Array(repeating: sentence, count: 50).joined(separator: "\n")
        let expected = Array(repeating: "Fish & Chips © ¬it; &foo; ’s — <3 fj \u{1D553} &", count: 50)
            .joined(separator: "\n")
        #expect(StyledText.plainText(ofTemplate: document) == expected)
        #expect(StyledText(template: document).plainText == expected)
    }

    @Test func doesNotRememberBytesAStreamingOutputHasMovedOn() {
        // `&fjlig;` decodes to two scalars, `f` and `j`. With `f` filling the output's chunk, appending `j` moves
        // the chunk into the output's string: the memo cannot read both back, so it must not remember them, or the
        // next `&fjlig;` appends what it read in their place.
        // Spaces after, so that the second `&` has the 8 bytes after it that the memo reads.
        let bytes = Array("&fjlig; &fjlig;        ".utf8)
        for filled in 0..<8 {
            let memo = CharacterReferenceMemo()
            var output = UTF8Buffer(streaming: 1_000, chunk: 8)
            for _ in 0..<filled { output.append(ascii: UInt8(ascii: "x")) }
            bytes.withUnsafeBufferPointer { buffer in
                #expect(memo.appendReference(in: buffer, at: 0, into: &output) == 7)
                #expect(memo.appendReference(in: buffer, at: 8, into: &output) == 15)
            }
            #expect(output.takeString() == String(repeating: "x", count: filled) + "fjfj", "\(filled) bytes before")
        }
    }
}
