import Testing
@testable import StyledText

/// The table by object address under the renderers' and the resolver's memos.
@Suite struct IdentityTableTests {
    final class Box {}

    @Test func findsEveryObjectItHoldsAndNoOther() {
        var table = IdentityTable<Box, Int>()
        let absent = Box()
        #expect(table.value(for: absent) == nil)
        // Across several doublings of the slots, from the first 16.
        let boxes = (0..<1_000).map { _ in Box() }
        for (index, box) in boxes.enumerated() {
            table.setValue(index, for: box)
            #expect(table.value(for: box) == index)
        }
        for (index, box) in boxes.enumerated() {
            #expect(table.value(for: box) == index)
            #expect(table.value(forKey: IdentityTable<Box, Int>.key(of: box)) == index)
        }
        #expect(table.value(for: absent) == nil)
    }

    @Test func replacesAValueAndKeepsItsObjectAlive() {
        var table = IdentityTable<Box, String>()
        weak var weakBox: Box?
        do {
            let box = Box()
            weakBox = box
            table.setValue("first", for: box)
            table.setValue("second", for: box)
        }
        // The table holds the object, so its address cannot be handed to another object meanwhile.
        #expect(weakBox != nil)
        #expect(weakBox.map { table.value(for: $0) } == "second")
    }
}
