import Testing
@testable import StyledText

/// The memory a scan's buffers leave for the next scan on the thread: taken when large enough, the larger of two
/// kept, nothing over the limit kept, and a scan's text unaffected by what an earlier scan left in it.
@Suite struct SpareRoomTests {
    @Test func givesBackWhatItKeptWhenLargeEnough() {
        var room = SpareRoom()
        #expect(room.take(atLeast: 0) == nil)
        let memory = UnsafeMutableRawPointer(Heap.allocate(UInt8.self, capacity: 256))
        room.keep(memory, byteCount: 256)
        #expect(room.take(atLeast: 257) == nil)
        #expect(room.keptByteCount == 256)
        let taken = room.take(atLeast: 100)
        #expect(taken?.start == memory && taken?.byteCount == 256)
        #expect(room.keptByteCount == 0 && room.take(atLeast: 0) == nil)
        room.keep(memory, byteCount: 256)
        room.free()
        #expect(room.keptByteCount == 0)
    }

    @Test func keepsTheLargerOfTwoAndNothingOverTheLimit() {
        var room = SpareRoom()
        room.keep(UnsafeMutableRawPointer(Heap.allocate(UInt8.self, capacity: 64)), byteCount: 64)
        room.keep(UnsafeMutableRawPointer(Heap.allocate(UInt8.self, capacity: 512)), byteCount: 512)
        #expect(room.keptByteCount == 512)
        room.keep(UnsafeMutableRawPointer(Heap.allocate(UInt8.self, capacity: 32)), byteCount: 32)
        #expect(room.keptByteCount == 512)
        let large = SpareRoom.limit + 1
        room.keep(UnsafeMutableRawPointer(Heap.allocate(UInt8.self, capacity: large)), byteCount: large)
        #expect(room.keptByteCount == 512)
        room.free()
    }

    @Test func aScanLeavesItsBuffersToTheNextOnTheThread() throws {
        let rooms = try #require(TemplateScratch.spareRooms())
        let template = "Hello <b>%@</b>, you have %@ new <i>messages</i> &amp; more"
        _ = StyledText(template: template, arguments: ["Zoë", "3"])
        // The output's bytes (at least the template's) and the open tags' (at least 16 tags).
        #expect(rooms[0].keptByteCount >= template.utf8.count)
        #expect(rooms[1].keptByteCount >= 16)
        let kept = (rooms[0].keptByteCount, rooms[1].keptByteCount)
        #expect(StyledText.plainText(ofTemplate: template) == "Hello %@, you have %@ new messages & more")
        #expect((rooms[0].keptByteCount, rooms[1].keptByteCount) == kept)
        // A megabyte's output is freed, not kept; the smaller memory kept before stays.
        let long = String(repeating: "x<i>y</i> ", count: 10_000)
        #expect(StyledText.plainText(ofTemplate: long) == String(repeating: "xy ", count: 10_000))
        #expect(rooms[0].keptByteCount <= SpareRoom.limit && rooms[0].keptByteCount > 0)
    }

    @Test func aScanReadsNothingAnEarlierScanLeft() {
        // Longer first, then shorter, with and without arguments: the memory reused holds the earlier bytes.
        let templates = [
            String(repeating: "<b>long é😀 text</b> &lt; ", count: 60),
            "a <i>b</i>",
            "",
            "<b><i>%@</i></b> %@",
            String(repeating: "<story type='2'>x</story>", count: 40),
            "tail &amp; end",
        ]
        for template in templates + templates.reversed() {
            let arguments: [any StyledTextArgument] = ["one", "two"]
            #expect(StyledText(template: template, arguments: arguments)
                == StyledText.Template(template).filled(with: arguments), "\(template.prefix(40))")
            #expect(StyledText.plainText(ofTemplate: template)
                == StyledText(template: template).plainText, "\(template.prefix(40))")
        }
    }
}
