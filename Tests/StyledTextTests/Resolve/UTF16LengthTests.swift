import Testing
@testable import StyledText

@Suite struct UTF16LengthTests {
    /// Scalars of every UTF-8 length, and so of one and two UTF-16 units.
    static let scalars: [Unicode.Scalar] = ["a", "é", "€", "😀", "\u{0}", "\u{7F}", "\u{80}", "\u{7FF}", "\u{800}",
                                            "\u{FFFF}", "\u{10000}", "\u{10FFFF}"]

    @Test(arguments: [0, 1, 7, 8, 9, 15, 16, 17, 40, 300])
    func countsEveryRangeOfWholeScalarsAsTheStandardLibraryDoes(_ scalarCount: Int) {
        // Every range between scalar boundaries of a random text: near its start, its end, and both, for texts
        // shorter and longer than a word, and ranges longer than 31 words.
        var generator = SeededGenerator(seed: 0x5EED_1600 + UInt64(scalarCount))
        let scalars = (0..<scalarCount).map { _ in Self.scalars.randomElement(using: &generator)! }
        let text = String(String.UnicodeScalarView(scalars))
        var boundaries = [0]
        for scalar in scalars { boundaries.append(boundaries.last! + String(scalar).utf8.count) }
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            for (startIndex, start) in boundaries.enumerated() {
                for (endIndex, end) in boundaries.enumerated() where endIndex >= startIndex {
                    let expected = String(String.UnicodeScalarView(scalars[startIndex..<endIndex])).utf16.count
                    #expect(UTF16Length.of(start..<end, in: bytes) == expected, "\(start)..<\(end) of \(bytes.count)")
                }
            }
        }
        #expect(UTF16Length.of(Substring(text)) == text.utf16.count)
        #expect(UTF16Length.of(text.dropFirst()) == text.dropFirst().utf16.count)
    }

    @Test(arguments: [63, 64, 65, 79, 80, 128, 129])
    func countsEveryShortRangeInItsWindowOfSixtyFourBytes(_ byteCount: Int) {
        // Ranges of up to 64 bytes are counted in the 64 bytes from their start, or the buffer's last 64 near its
        // end: every range of whole scalars of buffers just below, at and above 64 bytes, with scalars of every
        // length at every offset (the pattern's 11 bytes are prime to 16).
        let pattern: [Unicode.Scalar] = ["a", "é", "€", "😀", "b"]
        var scalars: [Unicode.Scalar] = []
        var bytes = 0
        while true {
            let next = pattern[scalars.count % pattern.count]
            guard bytes + String(next).utf8.count <= byteCount else { break }
            scalars.append(next)
            bytes += String(next).utf8.count
        }
        while bytes < byteCount {
            scalars.append("z")
            bytes += 1
        }
        var boundaries = [0]
        for scalar in scalars { boundaries.append(boundaries.last! + String(scalar).utf8.count) }
        Array(String(String.UnicodeScalarView(scalars)).utf8).withUnsafeBufferPointer { buffer in
            #expect(buffer.count == byteCount)
            for (startIndex, start) in boundaries.enumerated() {
                for (endIndex, end) in boundaries.enumerated() where endIndex >= startIndex && end - start <= 70 {
                    let expected = String(String.UnicodeScalarView(scalars[startIndex..<endIndex])).utf16.count
                    #expect(UTF16Length.of(start..<end, in: buffer) == expected, "\(start)..<\(end) of \(byteCount)")
                }
            }
        }
    }

    @Test func countsRangesLongerThanOneBlockOfVectors() {
        // Lanes are summed every 127 vectors of 16 bytes: ranges of thousands of bytes cross that more than once,
        // at every alignment, with four-byte scalars (two units) throughout.
        var generator = SeededGenerator(seed: 0x5EED_1601)
        let scalars = (0..<3_000).map { _ in Self.scalars.randomElement(using: &generator)! }
        let text = String(String.UnicodeScalarView(scalars))
        var boundaries = [0]
        for scalar in scalars { boundaries.append(boundaries.last! + String(scalar).utf8.count) }
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            for startIndex in [0, 1, 2, 3, 5, 8, 13, 17, 100] {
                for endIndex in [1_200, 1_999, 2_500, scalars.count - 1, scalars.count] {
                    let expected = String(String.UnicodeScalarView(scalars[startIndex..<endIndex])).utf16.count
                    let range = boundaries[startIndex]..<boundaries[endIndex]
                    #expect(UTF16Length.of(range, in: bytes) == expected, "\(range) of \(bytes.count)")
                }
            }
        }
    }
}

@Suite struct UTF16OffsetsTests {
    @Test(arguments: [16, 17, 31, 33, 300, 1_023, 1_024, 1_025, 5_000])
    func givesEveryScalarBoundarysOffsetAsTheStandardLibraryCountsIt(_ scalarCount: Int) {
        // Offsets asked for in order, at every scalar boundary, at random ones with gaps between them (several
        // windows of 1 KB apart in the longer texts) and twice at the same one; for texts of a vector or a little
        // more (at least 16 scalars are at least 16 bytes) and across windows, with scalars of every length
        // throughout.
        var generator = SeededGenerator(seed: 0x5EED_1602 + UInt64(scalarCount))
        let scalars = (0..<scalarCount).map { _ in UTF16LengthTests.scalars.randomElement(using: &generator)! }
        var boundaries = [(utf8: 0, utf16: 0)]
        for scalar in scalars {
            boundaries.append((boundaries.last!.utf8 + String(scalar).utf8.count,
                               boundaries.last!.utf16 + String(scalar).utf16.count))
        }
        let text = String(String.UnicodeScalarView(scalars))
        #expect(boundaries.last!.utf16 == text.utf16.count)
        var every = boundaries.indices.map { $0 }
        var some = boundaries.indices.filter { _ in Int.random(in: 0..<40, using: &generator) == 0 }
        some.insert(contentsOf: [0, 0], at: 0)
        some.append(contentsOf: [boundaries.count - 1, boundaries.count - 1])
        every.insert(0, at: 0)
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            for indices in [every, some] {
                var offsets = UTF16Length.Offsets(of: bytes)
                for index in indices {
                    let boundary = boundaries[index]
                    #expect(offsets.offset(at: boundary.utf8) == boundary.utf16,
                            "at \(boundary.utf8) of \(bytes.count)")
                }
            }
        }
    }

    @Test func countsTheLastBytesOfATextFromItsLastVector() {
        // Offsets in a text's last partial block are read from its last 16 bytes: texts of every length from 16 to
        // 48 bytes, of two-byte scalars after one ASCII byte, so that boundaries fall at odd and even offsets.
        for length in 16...48 {
            let text = "a" + String(repeating: "é", count: (length - 1) / 2)
                + String(repeating: "b", count: (length - 1) % 2)
            let bytes = Array(text.utf8)
            #expect(bytes.count == length)
            bytes.withUnsafeBufferPointer { buffer in
                var offsets = UTF16Length.Offsets(of: buffer)
                var expected = 0
                for (index, byte) in bytes.enumerated() where byte & 0xC0 != 0x80 {
                    #expect(offsets.offset(at: index) == expected, "at \(index) of \(length)")
                    expected += 1
                }
                #expect(offsets.offset(at: length) == text.utf16.count)
            }
        }
    }
}
