import Testing
@testable import StyledText

/// The byte scans under the template parsers: they must find exactly what a plain loop finds, in blocks of 16 and in
/// the tail after the last block.
@Suite struct ByteSearchTests {
    /// The bytes the template scans stop at, and their search.
    let values: [UInt8] = [UInt8(ascii: "<"), UInt8(ascii: "%"), UInt8(ascii: "&")]
    let search: ByteSearch

    init() {
        search = ByteSearch(values[0], values[1], values[2])
    }

    @Test func findsWhatAPlainLoopFinds() {
        var generator = SeededGenerator(seed: 0x5EED_0005)
        // Near-misses: bytes one off each value, and each value with other high bits set.
        let others: [UInt8] = [0x00, 0x24, 0x25, 0x26, 0x27, 0x3B, 0x3C, 0x3D, 0xA5, 0xA6, 0xBC, 0xFF, 0x41]
        for _ in 0..<2_000 {
            let dense = generator.index(4) == 0
            let bytes = (0..<generator.index(70)).map { _ -> UInt8 in
                generator.index(dense ? 2 : 16) == 0 ? others[generator.index(others.count)] : 0x61
            }
            bytes.withUnsafeBufferPointer { buffer in
                for start in 0...buffer.count {
                    let expected = buffer[start...].firstIndex(where: values.contains) ?? buffer.count
                    #expect(search.firstIndex(in: buffer, from: start) == expected, "\(bytes) from \(start)")
                    #expect(search.firstIndex(in: buffer, from: start, byHalves: true) == expected, "\(bytes) from \(start)")
                }
            }
        }
    }

    @Test func findsAMatchInEveryLaneAndPairOfLanes() {
        // Lanes are looked at in pairs: a match in the first, the second or both of a pair, in every lane of a block.
        for position in 0..<40 {
            for (first, second) in [(values[0], UInt8(ascii: "a")), (values[1], values[2]), (values[2], values[0])] {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 48)
                bytes[position] = first
                bytes[position + 1] = second
                bytes.withUnsafeBufferPointer { buffer in
                    for start in 0...position {
                        #expect(search.firstIndex(in: buffer, from: start) == position, "\(position) from \(start)")
                        #expect(search.firstIndex(in: buffer, from: start, byHalves: true) == position,
                                "\(position) from \(start)")
                    }
                    #expect(search.firstIndex(in: buffer, from: position + 1)
                        == (second == UInt8(ascii: "a") ? buffer.count : position + 1), "\(position)")
                }
            }
        }
    }

    @Test func cursorStopsWhereAPlainLoopFinds() {
        // Texts shorter than a block, of a block and of several, walked as the template scan walks them: from each
        // stop the caller moves on by a few bytes or past the block. The bytes after the text are all values, so a
        // block read past its end would stop there.
        var generator = SeededGenerator(seed: 0x5EED_0006)
        // Near-misses and bytes of multi-byte UTF-8 sequences, which a signed comparison would get wrong.
        let others: [UInt8] = [0x00, 0x24, 0x27, 0x3B, 0x3D, 0x80, 0xA5, 0xA6, 0xBC, 0xC3, 0xE2, 0xFF, 0x41]
        for _ in 0..<3_000 {
            let density = [2, 8, 40][generator.index(3)]
            let count = generator.index(4) == 0 ? [63, 64, 65, 127, 128, 129][generator.index(6)] : generator.index(300)
            let text = (0..<count).map { _ -> UInt8 in
                switch generator.index(density) {
                case 0: values[generator.index(values.count)]
                case 1: others[generator.index(others.count)]
                default: 0x61
                }
            }
            let padded = text + [UInt8](repeating: values[generator.index(values.count)], count: 64)
            padded.withUnsafeBufferPointer { whole in
                let buffer = UnsafeBufferPointer(rebasing: whole[..<count])
                var cursor = ByteSearch.Cursor(search)
                var index = 0
                var stops: [Int] = []
                while true {
                    // The caller may have moved past the end, as a tag read to the last byte does.
                    let expected = index < count ? text[index...].firstIndex(where: values.contains) ?? count : count
                    let stop = cursor.next(from: index, in: buffer)
                    #expect(stop == expected, "\(text) from \(index) after \(stops)")
                    guard stop == expected, stop < count else { break }
                    stops.append(stop)
                    index = stop + [1, 1, 2, 5, 30, 64, 70][generator.index(7)]
                }
            }
        }
    }

    @Test func cursorFindsAValueAtEveryPositionOfABlock() {
        // One value, or two in a row, at every position of texts of one, two and three blocks and a little more or
        // less, walked from the start and from every position up to the value: block boundaries, the last byte.
        for count in [1, 15, 16, 17, 63, 64, 65, 127, 128, 129, 192, 200] {
            for position in 0..<count {
                for pair in [false, true] where !pair || position + 1 < count {
                    var text = [UInt8](repeating: UInt8(ascii: "a"), count: count)
                    text[position] = values[position % 3]
                    if pair { text[position + 1] = values[(position + 1) % 3] }
                    let padded = text + [UInt8](repeating: UInt8(ascii: "<"), count: 64)
                    padded.withUnsafeBufferPointer { whole in
                        let buffer = UnsafeBufferPointer(rebasing: whole[..<count])
                        for start in Set([0, max(0, position - 64), max(0, position - 1), position]) {
                            var cursor = ByteSearch.Cursor(search)
                            #expect(cursor.next(from: start, in: buffer) == position, "\(count), \(position), \(start)")
                            let next = pair ? position + 1 : count
                            #expect(cursor.next(from: position + 1, in: buffer) == next, "\(count), \(position)")
                            #expect(cursor.next(from: next + 1, in: buffer) == count, "\(count), \(position)")
                        }
                    }
                }
            }
        }
    }

    @Test func blockMatchesAreEveryValuesBitWithOrWithoutTheVectorInstruction() {
        // `pmovmskb` where there is one, and the multiplication that stands in for it elsewhere, against a loop.
        var generator = SeededGenerator(seed: 0x5EED_0007)
        let bytes: [UInt8] = values + [0x00, 0x24, 0x3D, 0x61, 0x80, 0xA5, 0xBC, 0xFF]
        for _ in 0..<2_000 {
            // 64 bytes, then values: in a buffer of 128, so that the shorter texts below have values after them.
            let block = (0..<64).map { _ in bytes[generator.index(bytes.count)] }
                + [UInt8](repeating: values[0], count: 64)
            let expected = block[..<64].enumerated().reduce(UInt64(0)) {
                values.contains($1.element) ? $0 | 1 << UInt64($1.offset) : $0
            }
            block.withUnsafeBufferPointer { buffer in
                #expect(search.matches(inBlockAt: 0, of: buffer) == expected, "\(block)")
                #expect(search.portableMatches(in: UnsafeRawPointer(buffer.baseAddress!)) == expected, "\(block)")
                // Fewer than 64 bytes from the start, in texts shorter and longer than a block: bits for those only,
                // though the bytes after the text are values.
                let end = generator.index(65)
                let text = UnsafeBufferPointer(rebasing: buffer[..<end])
                for start in [0, end / 2, max(0, end - 1), end] {
                    let bits = (start..<end).reduce(UInt64(0)) {
                        values.contains(block[$1]) ? $0 | 1 << UInt64($1 - start) : $0
                    }
                    #expect(search.matches(inBlockAt: start, of: text) == bits, "\(block[..<end]) from \(start)")
                }
            }
        }
    }

    @Test func searchesForFewerValuesByRepeatingOne() {
        let search = ByteSearch(UInt8(ascii: "<"), UInt8(ascii: "%"), UInt8(ascii: "%"))
        let bytes = Array("aaaaaaaaaaaaaaaaaaaa&&&&&&&&&&&&&&&&&&&&%".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            #expect(search.firstIndex(in: buffer, from: 0) == bytes.count - 1)
            #expect(search.firstIndex(in: buffer, from: 0, byHalves: true) == bytes.count - 1)
            #expect(search.firstIndex(in: UnsafeBufferPointer(rebasing: buffer[..<(bytes.count - 1)]), from: 0)
                == bytes.count - 1)
        }
    }

    @Test func nameBytesAreTheGrammars() {
        // `[A-Za-z0-9_.:-]`, from the grammar table in Docs/Templates.md.
        for value in 0...255 {
            let byte = UInt8(value)
            let scalar = Unicode.Scalar(byte)
            let expected = byte < 0x80 && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || "_.:-".unicodeScalars.contains(scalar))
            #expect(TemplateTokenizer.isNameByte(byte) == expected, "\(value)")
        }
    }

    @Test func parameterNameBytesAreTheGrammars() {
        // Anything but white space, quotes, `<`, `>`, `/`, `=` and controls, from the grammar table.
        for value in 0...255 {
            let byte = UInt8(value)
            let expected = byte > 0x20 && byte != 0x7F && !"\"'<>/=".utf8.contains(byte)
            #expect(TemplateTokenizer.isParameterNameByte(byte) == expected, "\(value)")
        }
    }

    @Test func lettersBeforeEqualsAreCountedAsALoopCountsThem() {
        // Every byte value in every position of a word of letters, with `=` after it, before it or nowhere.
        func expected(_ bytes: [UInt8]) -> Int {
            guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")), equals > 0 else { return 0 }
            let isLetter = { (byte: UInt8) in (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
            return bytes[..<equals].allSatisfy(isLetter) ? equals : 0
        }
        for length in 0...8 {
            for position in 0..<8 {
                for value in 0...255 {
                    var bytes = [UInt8](repeating: UInt8(ascii: "h"), count: 8)
                    if length < 8 { bytes[length] = UInt8(ascii: "=") }
                    bytes[position] = UInt8(value)
                    let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                    #expect(TemplateGrammar.lettersBeforeEquals(in: word) == expected(bytes), "\(bytes)")
                }
            }
        }
    }

    @Test(arguments: [1, 40, 4_096])
    func appendsRangesShortAndLongAnywhereInTheSource(_ initialCapacity: Int) {
        // Ranges of every length up to 80 (the fixed-size copy takes up to 64) from every start, including the last
        // bytes of the source (too close to its end for the fixed-size copy), into buffers that start small enough
        // to grow, or with room.
        var generator = SeededGenerator(seed: 0x5EED_0B5E + UInt64(initialCapacity))
        let source = (0..<200).map { _ in UInt8.random(in: 0x21...0x7E, using: &generator) }
        var buffer = UTF8Buffer(capacity: initialCapacity)
        var expected: [UInt8] = []
        source.withUnsafeBufferPointer { bytes in
            for length in 0...80 {
                for start in stride(from: 0, through: bytes.count - length, by: 7) + [bytes.count - length] {
                    buffer.append(start..<(start + length), of: bytes)
                    expected += bytes[start..<(start + length)]
                }
            }
        }
        #expect(buffer.count == expected.count)
        #expect(buffer.takeString() == String(decoding: expected, as: UTF8.self))
    }

    @Test func appendsBytesKeptAsAWord() {
        // Every count a word holds, into a buffer that starts too small for the 8-byte store, then read back.
        var buffer = UTF8Buffer(capacity: 1)
        var expected: [UInt8] = []
        for count in 0...8 {
            let bytes = (0..<count).map { UInt8(ascii: "a") + UInt8($0) }
            let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << UInt64($1.offset * 8) }
            // A byte past `count` that is not UTF-8: written as spare room, never counted.
            buffer.append(count, bytesOf: count < 8 ? word | 0xFF << UInt64(8 * count) : word)
            expected += bytes
            #expect(buffer.word(ofLast: count) == word, "\(count)")
        }
        #expect(buffer.count == expected.count)
        #expect(buffer.takeString() == String(decoding: expected, as: UTF8.self))
    }

    @Test func appendsScalarsOfEveryLength() {
        var buffer = UTF8Buffer(capacity: 1)
        let scalars: [Unicode.Scalar] = ["a", "é", "€", "😀", "\u{0}", "\u{7F}", "\u{80}", "\u{7FF}", "\u{800}",
                                         "\u{FFFF}", "\u{10000}", "\u{10FFFF}"]
        for scalar in scalars { buffer.append(scalar: scalar) }
        #expect(buffer.takeString() == String(String.UnicodeScalarView(scalars)))
    }
}
