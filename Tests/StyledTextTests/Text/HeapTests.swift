import Testing
@testable import StyledText

/// The C-allocator room under the scan's and the writers' buffers: values survive growing, and the buffers built on
/// it keep every byte across many regrowths.
@Suite struct HeapTests {
    @Test func reallocatingKeepsTheValues() {
        var capacity = 3
        var pointer = Heap.allocate(Int.self, capacity: capacity)
        pointer.initialize(from: [7, 8, 9], count: 3)
        var expected = [7, 8, 9]
        // Doubling from 3 to 3 × 2^14 moves the room at least once past what any allocator grows in place.
        for _ in 0..<14 {
            let larger = capacity * 2
            pointer = Heap.reallocate(pointer, count: expected.count, capacity: larger)
            (pointer + expected.count).initialize(repeating: larger, count: larger - expected.count)
            expected += Array(repeating: larger, count: larger - expected.count)
            capacity = larger
        }
        let kept = Array(UnsafeBufferPointer(start: pointer, count: capacity))
        #expect(kept.count == expected.count)
        #expect(kept.indices.first { kept[$0] != expected[$0] } == nil, "the first value lost")
        #expect(Int(bitPattern: pointer) % MemoryLayout<Int>.alignment == 0)
        Heap.deallocate(pointer)
    }

    @Test func holdsValuesAlignedToSixteenBytes() {
        for capacity in [0, 1, 5, 100, 10_000] {
            let pointer = Heap.allocate(SIMD16<UInt8>.self, capacity: capacity)
            #expect(Int(bitPattern: pointer) % 16 == 0, "\(capacity)")
            Heap.deallocate(pointer)
        }
    }

    @Test func aGrowingByteBufferKeepsEveryByte() {
        var buffer = UTF8Buffer(capacity: 1)
        var expected: [UInt8] = []
        for index in 0..<50_000 {
            let piece = Array("é\(index % 97)-".utf8)
            piece.withUnsafeBufferPointer { buffer.append($0) }
            expected += piece
        }
        let bytes = Array(buffer.takeString().utf8)
        #expect(bytes.count == expected.count)
        #expect(bytes.indices.first { bytes[$0] != expected[$0] } == nil, "the first byte lost")
    }
}
