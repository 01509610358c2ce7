import Foundation
import Testing
@testable import StyledText

@Suite struct TemplateScratchTests {
    /// Templates of every size class, longest first in places, so that each parse starts with arrays and stale
    /// text bytes an earlier, different parse left behind.
    static let templates: [String] = [
        "Hello <b>%@</b>, you have %@ new <i>messages</i> &amp; more",
        String(repeating: "<story type='2'>long <b>text</b> &eacute; %@ </story>", count: 40),
        "short",
        String(repeating: "x<i>y</i>", count: 5_000),  // past the retained limit
        "<a href='https://example.com/?a=1&amp;b=%@'>link</a> after",
        "",
        "<b>unclosed <i>misnested</b> text</i> %2$@ %1$@ 100%%",
        String(repeating: "é😀<br/>", count: 30),
        "Hello <b>%@</b>, you have %@ new <i>messages</i> &amp; more",
    ]

    static let arguments: [any StyledTextArgument] = ["Zoë", StyledText("styled", attributes: [.important])]

    @Test func repeatedParsesOnOneThreadMatchFreshOnes() {
        // Twice through, so that every template meets the scratch of every other one.
        for template in Self.templates + Self.templates {
            let oneShot = StyledText(template: template, arguments: Self.arguments)
            // A pre-parsed template builds without the thread's scratch.
            let fresh = StyledText.Template(template).filled(with: Self.arguments)
            #expect(oneShot == fresh, "\(template.prefix(60))")
            #expect(oneShot.plainText == fresh.plainText)
        }
    }

    @Test func aParseInsideAnotherGetsItsOwnScratch() {
        /// An argument that formats itself by parsing a template, while the outer parse holds the thread's scratch.
        struct Nested: StyledTextArgument {
            func styledText(formattedAs specifier: String) -> StyledText {
                StyledText(template: "<i>inner %@ &lt;</i>", arguments: [String(repeating: "n", count: 200)])
            }
        }
        let template = "<b>outer %@ and %@</b> " + String(repeating: "tail ", count: 40)
        let text = StyledText(template: template, arguments: [Nested(), "x"])
        let inner = "inner " + String(repeating: "n", count: 200) + " <"
        #expect(text.parts == [
            .text("outer ", attributes: [.tag("b")]),
            .text(inner, attributes: [.tag("b"), .tag("i")]),
            .text(" and x", attributes: [.tag("b")]),
            .text(" " + String(repeating: "tail ", count: 40), attributes: []),
        ])
        // And the thread's scratch still works afterwards.
        #expect(StyledText(template: template, arguments: [Nested(), "x"]) == text)
    }

    @Test func keepsCapacityForTheNextParseButNotLargeArrays() {
        // Templates with a placeholder in a tag, which the parser builds (the one pass takes no arrays from the
        // scratch).
        _ = StyledText(template: "a <b>b <a href='%@'>c %@</a></b>", arguments: ["u", "d"])
        var scratch = TemplateScratch.take()
        #expect(scratch.tokens.isEmpty && scratch.tokens.capacity > 0)
        #expect(scratch.tags.isEmpty && scratch.tags.capacity > 0)
        #expect(scratch.attributes.isEmpty && scratch.placeholders.isEmpty && scratch.tokenizerOpen.isEmpty)
        TemplateScratch.recycle(&scratch)

        _ = StyledText(template: String(repeating: "<b><a href='%@'>x</a></b>&amp;", count: 50_000))
        scratch = TemplateScratch.take()
        #expect(scratch.tokens.capacity * MemoryLayout<TemplateToken>.stride <= TemplateScratch.retainedLimit)
        #expect(scratch.tags.capacity * MemoryLayout<TemplateTag>.stride <= TemplateScratch.retainedLimit)
        #expect(scratch.textBytes.count <= TemplateScratch.retainedLimit)
        TemplateScratch.recycle(&scratch)
    }

    @Test func aTagParsedBeforeGetsAnEqualAttribute() {
        let template = "<a href='x&amp;y'>t</a> <story type=\"2\">s</story>"
        let expected: [StyledText.Part] = [
            .text("t", attributes: [.tag("a", ["href": "x&y"])]),
            .text(" ", attributes: []),
            .text("s", attributes: [.tag("story", ["type": "2"])]),
        ]
        #expect(StyledText(template: template).parts == expected)
        #expect(StyledText(template: template).parts == expected)
        // Another spelling of the same tag, and tags that differ only in a value's last byte.
        #expect(StyledText(template: "<A HREF='x&amp;y'>t</A>").parts == [.text("t", attributes: [.tag("a", ["href": "x&y"])])])
        #expect(StyledText(template: "<a href='x&amp;z'>t</a>").parts == [.text("t", attributes: [.tag("a", ["href": "x&z"])])])
        #expect(StyledText(template: "<story type=\"3\">s</story>").parts
            == [.text("s", attributes: [.tag("story", ["type": "3"])])])
    }

    @Test func tagsWithPlaceholdersAreFilledForEachText() {
        for id in ["1", "2", "1"] {
            #expect(StyledText(template: "<a href='/u/%@'>me</a> %@", arguments: [id, "next"]).parts == [
                .text("me", attributes: [.tag("a", ["href": "/u/" + id])]),
                .text(" next", attributes: []),
            ])
        }
    }

    @Test func theCacheTellsKeysApartByEveryByte() {
        var cache = TagAttributeCache()
        func bytes(_ string: String) -> [UInt8] { Array(string.utf8) }
        let tags = (0..<200).map { "<a href='https://example.com/\(String(repeating: "p", count: $0 % 7))\($0)'>" }
        for (index, tag) in tags.enumerated() {
            // Each as a parse of its own, so that no parse's budget stops the cache filling up.
            cache.startParse()
            _ = bytes(tag).withUnsafeBufferPointer { cache.add(.tag("a", ["n": String(index)]), for: $0) }
        }
        var hits = 0
        for (index, tag) in tags.enumerated() {
            let found = bytes(tag).withUnsafeBufferPointer { cache.attribute(for: $0) }
            if let found {
                #expect(found == .tag("a", ["n": String(index)]), "\(tag)")
                hits += 1
            }
        }
        // Full at `capacity`, it started over: the tags added since are all there.
        #expect(hits == tags.count - TagAttributeCache.capacity)
        #expect(bytes(tags[199]).withUnsafeBufferPointer { cache.attribute(for: $0) } == .tag("a", ["n": "199"]))
        // A prefix, a longer tag and a tag past the length limit are not found.
        #expect(bytes(String(tags[199].dropLast())).withUnsafeBufferPointer { cache.attribute(for: $0) } == nil)
        #expect(bytes(tags[199] + ">").withUnsafeBufferPointer { cache.attribute(for: $0) } == nil)
        let long = "<a href='" + String(repeating: "l", count: TagAttributeCache.maximumKeyLength) + "'>"
        _ = bytes(long).withUnsafeBufferPointer { cache.add(.tag("a"), for: $0) }
        #expect(bytes(long).withUnsafeBufferPointer { cache.attribute(for: $0) } == nil)
        // Short keys (names) hash byte by byte.
        _ = bytes("b").withUnsafeBufferPointer { cache.add(.tag("b"), for: $0) }
        _ = bytes("B").withUnsafeBufferPointer { cache.add(.tag("B"), for: $0) }
        #expect(bytes("b").withUnsafeBufferPointer { cache.attribute(for: $0) } == .tag("b"))
        #expect(bytes("B").withUnsafeBufferPointer { cache.attribute(for: $0) } == .tag("b"))
        #expect(bytes("i").withUnsafeBufferPointer { cache.attribute(for: $0) } == nil)
        #expect([UInt8]().withUnsafeBufferPointer { cache.attribute(for: $0) } == nil)
    }

    /// The cache's comparison of keys, which reads them a word at a time: every length from 1 to 40 bytes, equal
    /// keys in different memory, and a key with any one byte changed, or one byte longer.
    @Test func theCacheComparesKeysAtEveryLengthAndPosition() {
        for length in 1...40 {
            let key = (0..<length).map { UInt8(truncatingIfNeeded: 0x41 + $0 * 7) }
            let copy = key + [0x7A]  // A copy in other memory, with a byte past its end.
            copy.withUnsafeBufferPointer { copy in
                key.withUnsafeBufferPointer { key in
                    #expect(TagAttributeCache.same(key, UnsafeBufferPointer(rebasing: copy[..<length])), "\(length)")
                    #expect(!TagAttributeCache.same(key, copy), "\(length): longer")
                }
            }
            for position in 0..<length {
                var changed = key
                changed[position] ^= 0x20
                #expect(!key.withUnsafeBufferPointer { key in
                    changed.withUnsafeBufferPointer { TagAttributeCache.same(key, $0) }
                }, "\(length), byte \(position)")
            }
        }
    }

    @Test func aSlotRemembersItsLastNodeForItsParentOnly() {
        var cache = TagAttributeCache()
        let key = Array("b".utf8)
        let slot = key.withUnsafeBufferPointer { cache.add(.tag("b"), for: $0) }!
        #expect(key.withUnsafeBufferPointer { cache.slot(for: $0) } == slot)
        #expect(cache.attribute(inSlot: slot) == .tag("b"))
        let outer = AttributeNode(.tag("p"), parent: nil)
        let equalToOuter = AttributeNode(.tag("p"), parent: nil)
        #expect(cache.lastNode(inSlot: slot, parent: .passUnretained(outer)) == nil, "nothing pushed yet")
        let node = AttributeNode(.tag("b"), parent: outer)
        cache.setLastNode(.passUnretained(node), inSlot: slot)
        #expect(cache.lastNode(inSlot: slot, parent: .passUnretained(outer))?.takeUnretainedValue() === node)
        #expect(cache.lastNode(inSlot: slot, parent: nil) == nil, "pushed on another parent")
        #expect(cache.lastNode(inSlot: slot, parent: .passUnretained(equalToOuter)) == nil,
                "an equal parent is not the parent")
        // Starting over forgets the nodes too.
        for index in 0..<TagAttributeCache.capacity {
            cache.startParse()
            _ = Array("t\(index)".utf8).withUnsafeBufferPointer { cache.add(.tag("t"), for: $0) }
        }
        let again = key.withUnsafeBufferPointer { cache.add(.tag("b"), for: $0) }!
        #expect(cache.lastNode(inSlot: again, parent: .passUnretained(outer)) == nil)
        withExtendedLifetime((outer, equalToOuter, node)) {}
    }

    @Test func aParseAddsAtMostItsBudgetOfKeys() {
        var cache = TagAttributeCache()
        let names = (0..<(2 * TagAttributeCache.parseBudget)).map { Array("t\($0)".utf8) }
        cache.startParse()
        let slots = names.map { name in name.withUnsafeBufferPointer { cache.add(.tag("t"), for: $0) } }
        #expect(slots.prefix(TagAttributeCache.parseBudget).allSatisfy { $0 != nil })
        #expect(slots.dropFirst(TagAttributeCache.parseBudget).allSatisfy { $0 == nil })
        #expect(names[TagAttributeCache.parseBudget - 1].withUnsafeBufferPointer { cache.slot(for: $0) } != nil)
        #expect(names[TagAttributeCache.parseBudget].withUnsafeBufferPointer { cache.slot(for: $0) } == nil)
        // The next parse has a budget of its own, and the keys the first one cached are still there.
        cache.startParse()
        #expect(names[TagAttributeCache.parseBudget].withUnsafeBufferPointer { cache.add(.tag("t"), for: $0) } != nil)
        #expect(names[0].withUnsafeBufferPointer { cache.slot(for: $0) } != nil)
    }

    @Test func aTemplateWithMoreTagsThanTheCacheHoldsAddsItsBudgetOfThem() {
        // The thread's cache emptied first, so that what the parse added is all it holds.
        var scratch = TemplateScratch.take()
        scratch.tagAttributes = TagAttributeCache()
        TemplateScratch.recycle(&scratch)
        let count = 4 * TagAttributeCache.capacity
        let template = (0..<count).map { "<t\($0)>x\($0)</t\($0)>" }.joined()
        let expected = (0..<count).map { StyledText.Part.text("x\($0)", attributes: [.tag("t\($0)")]) }
        // Its tags past the budget are made as without a cache, with the same attributes.
        #expect(StyledText(template: template).parts == expected)
        scratch = TemplateScratch.take()
        defer { TemplateScratch.recycle(&scratch) }
        func isCached(_ name: String) -> Bool {
            Array(name.utf8).withUnsafeBufferPointer { scratch.tagAttributes.slot(for: $0) } != nil
        }
        #expect(isCached("t0"))
        #expect(isCached("t\(TagAttributeCache.parseBudget - 1)"))
        #expect(!isCached("t\(TagAttributeCache.parseBudget)"))
        #expect(!isCached("t\(count - 1)"))
    }

    @Test func aDroppedNodeTableTakesTheTagCachesLastNodesWithIt() {
        // The one pass holds no reference to its open tags' nodes: the thread's node table holds them, and the
        // tag cache's last nodes must be the table's. A template with more nodes than the thread keeps drops its
        // table after the parse; a last node left in the cache would be held by the cache alone, and the next
        // parse that opened its tag would write text under a node the cache may let go of mid-parse.
        var scratch = TemplateScratch.take()
        scratch.tagAttributes = TagAttributeCache()
        scratch.nodes = AttributeNodeTable()
        TemplateScratch.recycle(&scratch)
        #expect(StyledText(template: "<b>a</b>").parts == [.text("a", attributes: [.tag("b")])])
        func lastNodeOfB() -> AttributeNode? {
            var scratch = TemplateScratch.take()
            defer { TemplateScratch.recycle(&scratch) }
            let slot = Array("b".utf8).withUnsafeBufferPointer { scratch.tagAttributes.slot(for: $0) }
            return slot.flatMap { scratch.tagAttributes.anyLastNode(inSlot: $0)?.takeUnretainedValue() }
        }
        #expect(lastNodeOfB() != nil, "the one pass keeps the last node of <b>")
        let count = TemplateScratch.retainedNodes + 100
        let large = (0..<count).map { "<b><t\($0)>x</t\($0)></b>" }.joined()
        #expect(StyledText(template: large).parts.count == count)
        #expect(lastNodeOfB() == nil, "the node table was dropped, and the last nodes with it")
        #expect(StyledText(template: "<b>x<br/>y</b>").parts == [
            .text("x", attributes: [.tag("b")]), .element(.tag("br"), attributes: [.tag("b")]),
            .text("y", attributes: [.tag("b")]),
        ])
    }

    @Test func textsParsedOnOneThreadShareTheirNodes() {
        // On a thread of its own, whose table none of the thread's other tests fill (see `onFreshThread`).
        let (first, second, other) = onFreshThread {
            (StyledText(template: "<b>x <i>y</i></b> z"), StyledText(template: "<b>x <i>y</i></b> z"),
             StyledText(template: "w <b>v</b>"))
        }
        #expect(first.segments.count == 3 && second.segments.count == 3)
        for index in 0..<2 { #expect(first.segments[index].stack.top === second.segments[index].stack.top) }
        #expect(other.segments[1].stack.top === first.segments[0].stack.top)
        #expect(other.parts == [.text("w ", attributes: []), .text("v", attributes: [.tag("b")])])
    }

    @Test func aThreadDropsANodeTableThatGrewLarge() {
        let tags = (0..<(2 * TemplateScratch.retainedNodes)).map { "<t\($0)>x</t\($0)>" }.joined()
        let text = StyledText(template: tags)
        #expect(text.parts.count == 2 * TemplateScratch.retainedNodes)
        var scratch = TemplateScratch.take()
        #expect(scratch.nodes.count == 0)
        TemplateScratch.recycle(&scratch)
        _ = StyledText(template: "<b>x</b>")
        scratch = TemplateScratch.take()
        #expect(scratch.nodes.count <= 1)
        TemplateScratch.recycle(&scratch)
    }

    @Test func threadsParsingAtOnceEachGetTheirOwn() {
        let expected = Self.templates.map { StyledText.Template($0).filled(with: Self.arguments) }
        let mismatches = Counter()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<20 {
                for (index, template) in Self.templates.enumerated()
                where StyledText(template: template, arguments: Self.arguments) != expected[index] {
                    mismatches.increment()
                }
            }
        }
        #expect(mismatches.value == 0)
    }

    @Test func threadsThatExitLetGoOfTheirScratch() {
        // Each thread parses (so that it keeps a scratch) and exits, which releases it; nothing may crash or
        // differ, and a later parse on this thread is unaffected.
        let expected = StyledText.Template(Self.templates[0]).filled(with: Self.arguments)
        let mismatches = Counter()
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<8 {
            let thread = Thread {
                if StyledText(template: Self.templates[0], arguments: Self.arguments) != expected {
                    mismatches.increment()
                }
                done.signal()
            }
            thread.start()
        }
        for _ in 0..<8 { done.wait() }
        #expect(mismatches.value == 0)
        #expect(StyledText(template: Self.templates[0], arguments: Self.arguments) == expected)
    }

    private final class Counter: @unchecked Sendable {
        // @unchecked: `count` is only read and written under `lock`.
        private let lock = NSLock()
        private var count = 0

        var value: Int { lock.withLock { count } }

        func increment() { lock.withLock { count += 1 } }
    }
}
