/// The sink that makes a ``TemplateScanner`` build styled text in its one pass: segments cut where the open tags
/// change, each tag's attribute node pushed and popped as it opens and closes, and the arguments inserted. Or, for
/// ``StyleResolver/runs(forTemplate:arguments:options:)``, runs in place of the segments (see ``runBuilder``).
///
/// What the parser and its builder would make, without their tokens, tags and replay, for the templates it can
/// read alone; it gives up (and the parser builds the text) at:
/// - a tag with a `%` in it, whose parameters may hold placeholders, which number arguments and are filled;
/// - an argument whose formatted text has parts of its own (attributes, images or elements), which nest inside the
///   tags around it;
/// - tags left open at the end that become text again (`Hi <Hottest> deals`), which moves the text after them
///   out of them;
/// - end tags that close nothing under a deep stack, past the scanner's limit on their searches, which it leaves to
///   the parser for the plain text too.
///
/// A misnested end tag that the scanner closes rebuilds the stack of the tags it keeps open
/// (``close(keepingOpen:at:)``), as the builder does.
///
/// The nodes come from the thread's ``AttributeNodeTable`` and the attributes from its ``TagAttributeCache``, as
/// the builder's do, so the text shares its nodes with texts parsed before it either way.
///
/// Its calls are out of line, so that the scan's loop, which the plain text shares, stays as small as it was. It
/// lives in one `withUnsafeMutablePointer`, in the `build` that makes it, and the scanner calls it there.
struct StyledTextSink {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// The caller's arguments, read where they are (held, the array cost a template a retain and a release).
    private let arguments: UnsafeBufferPointer<any StyledTextArgument>
    private let isolatesArguments: Bool
    /// The segments so far: text up to ``textStart`` of the output, and elements. In a sink that makes runs, made
    /// only from where merging needs the text (see ``runBuilder``).
    private(set) var segments: [StyledText.Segment] = []
    /// The attributed text parts while there are at most two and no elements, where the build keeps them: until
    /// then plain text costs no segment, and none are listed (see ``StyledText/CompactSegments``). `nil` once they
    /// are listed in ``segments``, and in a sink that makes runs. By pointer: in the sink, they made it 48 bytes
    /// larger, and the one pass, which has no use for them, copied and destroyed them.
    private var compact: UnsafeMutablePointer<StyledText.CompactSegments>?
    /// Whether the parts are in the compact form.
    var isCompact: Bool { compact != nil }
    /// The run builder the text goes to, for a sink that makes runs as the scan goes
    /// (``StyleResolver/runs(forTemplate:arguments:options:)``); `nil` for one that makes segments.
    ///
    /// An element's content goes to the builder too, as runs holding text of their own
    /// (``RunBuilder/addUncountedElement(_:top:resolver:)``). Where that content would merge with the text before it,
    /// or text with the content before it (`<x>t</x><x/>`, `<x/><x>t</x>`), it makes segments from there on, resolved
    /// once the scan is done: merging needs the text, which is not made until then.
    private var runBuilder: UnsafeMutablePointer<RunBuilder>?
    /// The resolver that ``runBuilder`` resolves with, lent where the caller keeps it.
    private let resolver: UnsafePointer<StyleResolver>?
    /// The thread's node table and attribute cache, which the caller lends for the scan where they are. (Moved in
    /// and back out, they cost a template the empty tables left in their place, made and destroyed.)
    private let nodes: UnsafeMutablePointer<AttributeNodeTable>
    private let tagAttributes: UnsafeMutablePointer<TagAttributeCache>
    /// The innermost open tag's node: the stack of the text from ``textStart`` on.
    ///
    /// Unretained, and so are its parents: the node table lent to the sink holds every node the sink pushes, until
    /// after the scan. Since ``AttributeNodeTable/startGeneration()`` (in `init`) the table keeps every node it
    /// makes, except a tappable's, and a tag's attribute has no action; a node the sink finds in the tag cache
    /// (``TagAttributeCache/lastNode(inSlot:parent:)``) is one of the table's too (see
    /// ``TagAttributeCache/forgetLastNodes()``). Holding a reference to each open tag's node cost a tag a retain
    /// when it opened and a release when it closed, about 40 instructions.
    private var top: Unmanaged<AttributeNode>?
    /// Where the output's text not yet in a segment starts.
    private var textStart = 0
    /// The last element's attribute, boxed, and the slot of the tag cache it came from: the next element from that
    /// slot (`line<br>line<br>`) shares the box, where each copied the attribute out of the cache into a box of its
    /// own. Forgotten whenever the cache adds a tag, which may start it over and give the slot to another.
    ///
    /// Unretained: ``segments``, which only grows, holds the box. Held here, it cost every template, elements or
    /// not, a check and a release when the sink went (about 30 instructions).
    private var lastElement: (slot: Int, element: Unmanaged<StyledText.Segment.Element>)?
    /// Stacks rebuilt after misnested end tags, by a hash of the stack before (see ``close(keepingOpen:at:)``);
    /// empty until the first.
    private var rebuiltStacks: [RebuiltStack] = []

    /// A sink for the template `bytes` and `arguments`, with the thread's node table and attribute cache, all of
    /// which must stay valid while the sink is used; with `runBuilder` and its `resolver`, one that makes runs.
    init(bytes: UnsafeBufferPointer<UInt8>, arguments: UnsafeBufferPointer<any StyledTextArgument>,
         isolatesArguments: Bool, nodes: UnsafeMutablePointer<AttributeNodeTable>,
         tagAttributes: UnsafeMutablePointer<TagAttributeCache>,
         compact: UnsafeMutablePointer<StyledText.CompactSegments>? = nil,
         runBuilder: UnsafeMutablePointer<RunBuilder>? = nil, resolver: UnsafePointer<StyleResolver>? = nil) {
        self.bytes = bytes
        self.runBuilder = runBuilder
        self.resolver = resolver
        self.arguments = arguments
        self.isolatesArguments = isolatesArguments
        self.nodes = nodes
        self.tagAttributes = tagAttributes
        nodes.pointee.startGeneration()
        tagAttributes.pointee.startParse()
        self.compact = compact
        if let runBuilder {
            runBuilder.pointee.runs.reserveCapacity(Self.segmentRoom(for: bytes))
        } else if compact == nil {
            segments.reserveCapacity(Self.segmentRoom(for: bytes))
        }
        // Else room is made once the segments no longer fit the compact form (``listCompact()``).
    }

    /// The longest template whose parts start in the compact form. A longer text usually has more than two tags:
    /// starting a 300-byte sentence compact, then listing its parts, cost it 4 % more instructions.
    static let compactLimit = 128

    /// The segments (or runs) to make room for in the template `bytes`. About a segment per tag: a tag per 32 bytes
    /// is denser than prose has them; the array doubles in the rare template that needs more. A large template's
    /// are estimated.
    private static func segmentRoom(for bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.count < TemplateTokenizer.countedSize ? bytes.count / 32 + 4 : segmentRoom(forLarge: bytes)
    }

    /// Lists the parts in ``segments``, for a part the compact form cannot hold: the text so far ends at
    /// ``textStart``.
    @inline(never)
    private mutating func listCompact() {
        guard let parts = compact else { return }
        compact = nil
        segments.reserveCapacity(max(Self.segmentRoom(for: bytes), 5))
        parts.pointee.moveParts(textCount: textStart, to: &segments)
    }

    /// The segments to make room for in the template `bytes`, of at least ``TemplateTokenizer/countedSize``: as
    /// many as ``segmentEstimate(of:)`` counts in its first 16 KB, in proportion, and a sixteenth more, so that the
    /// array is allocated once, at about its size. Regrowing by doubling, a megabyte of `</b>y<b>` (96,000
    /// segments) copied its segments twice and wrote 6 MB for 3 MB of them, each page new to the process (a page
    /// fault apiece). Counting the whole template would cost the 1 MB document 3.5 % more instructions; the first
    /// 16 KB cost it 0.06 %. A template denser past its start than the sixteenth allows grows as before.
    ///
    /// At most a segment per 4 bytes (`y<b>` repeated), so that a start dense in markup followed by plain text does
    /// not ask for room no segments could fill. Room that is never written costs address space, not memory.
    @inline(never)
    static func segmentRoom(forLarge bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let sampleSize = min(16 * 1_024, bytes.count)
        let sample = segmentEstimate(of: UnsafeBufferPointer(rebasing: bytes[..<sampleSize]))
        let scaled = (Double(sample) * Double(bytes.count) / Double(sampleSize)).rounded(.up)
        return Int(min(scaled + scaled / 16, Double(bytes.count / 4))) + 16
    }

    /// How many segments the one pass makes of `bytes`, estimated from the bytes alone.
    ///
    /// A text segment after the first starts after markup: a tag or comment, which ends in `>`, followed by text,
    /// which does not start with `<` (tags that follow one another change the stack once). An element (`<br/>`) is
    /// a segment of its own. So the count is of the `>` not followed by `<` and of the `/>`, plus one for text at
    /// the start. It is exact for the usual templates; it counts too many where a `>` is text or where a tag closed
    /// and opened again extends a segment (`</b><b>x`), and too few where a text starts with a `<` that is text or
    /// where a void element (`<br>`) is followed by a tag, and the array then doubles as it grows, as before.
    ///
    /// - Complexity: O(*n*), about an instruction a byte.
    static func segmentEstimate(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return 0 }
        let raw = UnsafeRawPointer(base)
        let greater = SIMD16<UInt8>(repeating: UInt8(ascii: ">"))
        let less = SIMD16<UInt8>(repeating: UInt8(ascii: "<"))
        let slash = SIMD16<UInt8>(repeating: UInt8(ascii: "/"))
        var count = base[0] == UInt8(ascii: "<") ? 0 : 1
        var index = 0
        // Each block is read with the block a byte on, which holds the byte after each of its bytes.
        let lastBlock = bytes.count &- 17
        while index <= lastBlock {
            // A matching lane is all ones, so subtracting it adds one; the lanes are summed every 255 blocks,
            // before they can overflow.
            var sums = SIMD16<UInt8>()
            let blocksEnd = min(index &+ 255 &* 16, lastBlock &+ 1)
            while index < blocksEnd {
                let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                let next = raw.loadUnaligned(fromByteOffset: index &+ 1, as: SIMD16<UInt8>.self)
                let starts = (block .== greater) .& (next .!= less) .| (block .== slash) .& (next .== greater)
                sums &-= unsafeBitCast(starts, to: SIMD16<UInt8>.self)
                index &+= 16
            }
            count &+= Int(SIMD16<UInt16>(truncatingIfNeeded: sums).wrappedSum())
        }
        while index < bytes.count &- 1 {
            let (byte, next) = (base[index], base[index &+ 1])
            if byte == UInt8(ascii: ">") && next != UInt8(ascii: "<")
                || byte == UInt8(ascii: "/") && next == UInt8(ascii: ">") {
                count &+= 1
            }
            index &+= 1
        }
        return count
    }

    /// Takes the segments out.
    mutating func takeSegments() -> [StyledText.Segment] {
        TemplateScratch.take(&segments)
    }

    /// Whether the scan may go on past the start tag `source`: whether it holds no `%`.
    ///
    /// Eight bytes at a time (``ByteSearch/matchingBytes(_:in:)``), the last word overlapping the one before: a tag
    /// is a few dozen bytes, for which setting up ``ByteSearch``'s blocks and masks cost more than the search (about
    /// 70 instructions a tag with parameters against 25), and `memchr`, a call into the C library for each, took
    /// 2 % of the one step's time on the 1 MB document with the call to this function, against 1.4 % now. Static,
    /// on the template's `bytes`: as a method reached through the scan's pointer to the sink, it may copy the whole
    /// sink for each call, and did (a `memcpy` of 136 bytes per tag) when a field took the sink past 128 bytes.
    @inline(never)
    static func accepts(_ source: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let percent = UInt8(ascii: "%")
        var index = source.lowerBound
        let end = source.upperBound
        guard source.count >= 8 else {
            while index < end {
                if base[index] == percent { return false }
                index &+= 1
            }
            return true
        }
        let raw = UnsafeRawPointer(base)
        while index &+ 8 < end {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if ByteSearch.matchingBytes(percent, in: word) != 0 { return false }
            index &+= 8
        }
        let last = raw.loadUnaligned(fromByteOffset: end &- 8, as: UInt64.self)
        return ByteSearch.matchingBytes(percent, in: last) == 0
    }

    /// The start tag `source`, named by the bytes `name`, opens where the output is `offset` bytes long. Returns
    /// its role among HTML's blocks, found with its attribute, for the scan to tell implied ends by (see
    /// ``BlockRole``).
    @inline(never)
    mutating func open(named name: Range<Int>, source: Range<Int>, at offset: Int,
                       grammar: inout TemplateGrammar) -> BlockRole {
        endText(at: offset)
        let (slot, made) = attribute(named: name, source: source, grammar: &grammar)
        // Tested without `map` and `??`: their closures, allocated for every start tag, cost a sentence of the
        // benchmarks 2,300 instructions (11,551 in one step, against 9,228).
        let role: BlockRole
        if let slot {
            role = tagAttributes.pointee.role(inSlot: slot)
        } else {
            role = BlockRole(made.unsafelyUnwrapped.name)
        }
        if role != .none { appendElement(slot: slot, made: made) }
        let parent = top
        guard let slot else {
            top = Unmanaged.passUnretained(Self.borrowing(parent) { nodes.pointee.node(made!, parent: $0) })
            return role
        }
        if let known = tagAttributes.pointee.lastNode(inSlot: slot, parent: parent) {
            top = known
            return role
        }
        // On another parent than last time: the node like the last one (borrowed, the node table holds it), found
        // without copying the slot's attribute out (its name, parameters and action retained and released), and
        // not retained (the table holds it too, as it holds the slot's first node: a tag's attribute has no action).
        let node = Self.borrowing(parent) { parent in
            if let previous = tagAttributes.pointee.anyLastNode(inSlot: slot) {
                return previous._withUnsafeGuaranteedRef { nodes.pointee.unretainedNode(like: $0, parent: parent) }
            }
            return Unmanaged.passUnretained(nodes.pointee.node(tagAttributes.pointee.attribute(inSlot: slot),
                                                              parent: parent))
        }
        top = node
        tagAttributes.pointee.setLastNode(node, inSlot: slot)
        return role
    }

    /// `body` with the node `node` refers to, or `nil`, borrowed: the node table holds it (see ``top``).
    @inline(__always)
    private static func borrowing<Result>(_ node: Unmanaged<AttributeNode>?,
                                          _ body: (AttributeNode?) -> Result) -> Result {
        guard let node else { return body(nil) }
        return node._withUnsafeGuaranteedRef { body($0) }
    }

    /// The stack of the open tags, with a reference of its own to the innermost node: for a segment to keep.
    private var stack: AttributeStack { Self.stack(toppedBy: top) }

    /// The stack that `top` tops, with a reference of its own to it.
    private static func stack(toppedBy top: Unmanaged<AttributeNode>?) -> AttributeStack {
        // `retain()` then `takeRetainedValue()`: one retain, which the stack owns.
        AttributeStack(top: top?.retain().takeRetainedValue())
    }

    /// The innermost open tag closes where the output is `offset` bytes long.
    @inline(__always)
    mutating func close(at offset: Int) {
        endText(at: offset)
        guard let innermost = top else { return }
        top = innermost._withUnsafeGuaranteedRef { $0.parent.map(Unmanaged.passUnretained) }
    }

    /// The tag below the innermost `keptOpen` open tags closes where the output is `offset` bytes long, and they
    /// stay open (a misnested end tag: `</b>` in `<b><i>x</b>y`): its node leaves the stack, and theirs are
    /// pushed again on its parent, from the thread's node table, as the builder rebuilds them. `keptOpen` is at
    /// least 1 and at most ``TemplateTokenizer/maximumKeptOpen``.
    ///
    /// A misnesting repeated (`<b><i>x</b></i>` × n) rebuilds the same stack from the same one each time: the
    /// stacks rebuilt are remembered, by the stack before and `keptOpen`, and found again without a push. The
    /// table is 16 sets of 4 entries, a set's empty entries taken first: keyed by node addresses, a table of single
    /// entries made a rotation of nine stacks (misnested-at-the-limit) collide in some runs and not in others, and
    /// a collision rebuilt two stacks at every end tag (the 2 MB template cost 2.44 times the 1 MB one).
    @inline(never)
    mutating func close(keepingOpen keptOpen: Int, at offset: Int) {
        endText(at: offset)
        // Not retained: the node table holds it (see ``top``).
        guard let top else { return }
        unowned(unsafe) let innermost = top.takeUnretainedValue()
        if rebuiltStacks.isEmpty {
            rebuiltStacks = Array(repeating: RebuiltStack(), count: Self.rebuiltStackCount)
        }
        let address = UInt(bitPattern: ObjectIdentifier(innermost)) >> 4 ^ UInt(keptOpen)
        let hash = address &* 0x9E37_79B9_7F4A_7C15
        let set = Int(truncatingIfNeeded: hash >> 60) &* Self.rebuiltStackWays
        // A full set gives up the entry the hash's next bits pick.
        var replaced = set &+ Int(truncatingIfNeeded: hash >> 58) & (Self.rebuiltStackWays - 1)
        var index = set &+ Self.rebuiltStackWays
        while index > set {
            index &-= 1
            // Fields compared in place: binding the entry retained its two nodes.
            if rebuiltStacks[index].before === innermost, rebuiltStacks[index].keptOpen == keptOpen {
                self.top = Unmanaged.passUnretained(rebuiltStacks[index].after.unsafelyUnwrapped)
                return
            }
            if rebuiltStacks[index].before == nil { replaced = index }
        }
        let rebuilt = withUnsafeTemporaryAllocation(of: Unmanaged<AttributeNode>.self, capacity: keptOpen) { kept in
            // Borrowed: the stack holds them.
            var node = innermost
            for index in 0..<keptOpen {
                kept[index] = Unmanaged.passUnretained(node)
                node = node.parent!
            }
            var rebuilt = node.parent
            for index in (0..<keptOpen).reversed() {
                rebuilt = kept[index]._withUnsafeGuaranteedRef { nodes.pointee.node(like: $0, parent: rebuilt) }
            }
            return rebuilt
        }
        rebuiltStacks[replaced] = RebuiltStack(before: innermost, keptOpen: keptOpen, after: rebuilt)
        self.top = Unmanaged.passUnretained(rebuilt.unsafelyUnwrapped)
    }

    /// A stack rebuilt by ``close(keepingOpen:at:)``: the stack `before` without the tag below its innermost
    /// `keptOpen`. Holding `before` keeps its identity from being another node's. `before` is `nil` in an empty
    /// entry.
    private struct RebuiltStack {
        var before: AttributeNode?
        var keptOpen = 0
        var after: AttributeNode?
    }

    /// The entries of ``rebuiltStacks``: 16 sets of ``rebuiltStackWays``.
    private static let rebuiltStackCount = 64
    private static let rebuiltStackWays = 4

    /// The void or self-closing tag `source`, named by the bytes `name`, stands where the output is `offset` bytes
    /// long.
    @inline(never)
    mutating func element(named name: Range<Int>, source: Range<Int>, at offset: Int,
                          grammar: inout TemplateGrammar) {
        endText(at: offset)
        let (slot, made) = attribute(named: name, source: source, grammar: &grammar)
        appendElement(slot: slot, made: made)
    }

    /// Appends the element whose attribute is in the cache's `slot`, or is `made` when not cached, on the open
    /// tags: a void or self-closing tag, or the mark before a block's content (``TemplateTokenizer/blockNames``).
    @inline(never)
    private mutating func appendElement(slot: Int?, made: StyledText.Attribute?) {
        if let runBuilder, runBuilder.pointee.addUncountedElement(
            slot.map(tagAttributes.pointee.attribute(inSlot:)) ?? made!, top: top, resolver: resolver.unsafelyUnwrapped
        ) {
            return
        }
        let element: StyledText.Segment.Element
        if let slot, let last = lastElement, last.slot == slot {
            element = last.element.takeUnretainedValue()
        } else {
            element = StyledText.Segment.Element(slot.map(tagAttributes.pointee.attribute(inSlot:)) ?? made!)
            lastElement = slot.map { ($0, Unmanaged.passUnretained(element)) }
        }
        runBuilder = nil  // Segments from here on (see ``runBuilder``).
        listCompact()
        segments.append(StyledText.Segment(content: .element(element), stack: stack))
    }

    /// As the builder inserts: a missing argument as the placeholder's spelling, a `String` as its text, whatever
    /// the specifier, and any other argument as the text it formats itself to for the specifier (`%d`, `%.2f`) —
    /// when that is text alone; else `false`, for the parser to nest its parts. Inside U+2068 … U+2069 when
    /// isolated. `source` is the template, read only for a placeholder's spelling or specifier.
    @inline(never)
    mutating func insert(_ placeholder: Placeholder, source: UnsafePointer<String>,
                         into output: inout UTF8Buffer) -> Bool {
        let index = placeholder.argumentIndex
        guard index < arguments.count else {
            output.append(contentsOf: placeholder.spelling(in: source.pointee))
            return true
        }
        let string: String
        if let value = arguments[index].stringValue {
            string = value
        } else {
            let formatted = arguments[index].styledText(formattedAs: placeholder.specifier(in: source.pointee))
            guard formatted.segments.allSatisfy({ segment in
                guard case .text = segment.content else { return false }
                return segment.stack.isEmpty
            }) else { return false }
            string = formatted.text
        }
        if isolatesArguments { output.append("\u{2068}") }
        output.append(contentsOf: string)
        if isolatesArguments { output.append("\u{2069}") }
        return true
    }

    /// The output is complete at `offset` bytes; `literalTagsRemain` when tags still open at the end are to become
    /// text where they stood, which moves the text after them outside them: then it gives up.
    @inline(never)
    mutating func finish(at offset: Int, literalTagsRemain: Bool) -> Bool {
        guard !literalTagsRemain else { return false }
        endText(at: offset)
        return true
    }

    /// Makes the output's text from ``textStart`` to `offset` a segment with the current stack, or part of the last
    /// one when that is text with an equal stack (a tag closed and opened again, `<b>a</b><b>b</b>`).
    @inline(__always)
    private mutating func endText(at offset: Int) {
        guard offset > textStart else { return }
        guard runBuilder == nil else { return endTextInRuns(at: offset) }
        guard compact == nil else { return endCompactText(at: offset) }
        let top = top  // Read before `segments` is lent: the stack is made inside that access.
        StyledText.extendOrAppendText(textStart..<offset, top: top, in: &segments) { Self.stack(toppedBy: top) }
        textStart = offset
    }

    /// ``endText(at:)`` while the parts are in the compact form. Out of line, as ``endTextInRuns(at:)``.
    @inline(never)
    private mutating func endCompactText(at offset: Int) {
        // Plain text is a gap between the attributed parts.
        guard let top else {
            textStart = offset
            return
        }
        let stack = Self.stack(toppedBy: top)
        if let parts = compact, parts.pointee.canTake(stack, at: textStart) {
            parts.pointee.take(textStart..<offset, stack: stack)
            textStart = offset
            return
        }
        listCompact()
        StyledText.extendOrAppendText(textStart..<offset, top: top, in: &segments) { stack }
        textStart = offset
    }

    /// ``endText(at:)`` for a sink that makes runs (see ``runBuilder``). Out of line, so that the segments' path,
    /// inlined into every tag's, stays as small as it was.
    @inline(never)
    private mutating func endTextInRuns(at offset: Int) {
        guard runBuilder.unsafelyUnwrapped.pointee.addUncountedText(textStart..<offset, top: top,
                                                                    resolver: resolver.unsafelyUnwrapped)
        else {
            // The text merges into an element's content: segments from here on (see ``runBuilder``).
            runBuilder = nil
            return endText(at: offset)
        }
        textStart = offset
    }

    /// The attribute of the tag `source` named `name`, as the parser makes it: by its name alone without
    /// parameters, else with them (none holds a `%`: see ``accepts(_:)``). Its slot in the thread's cache, where a
    /// tag of the same bytes made before left it (or where it is now); else, for a tag too long to cache, the
    /// attribute made.
    ///
    /// The scan reads a tag's parameters without recording them, as for the plain text; they are read again, and
    /// recorded, only when the tag is not in the cache. (Recording every tag's cost a tag with parameters a
    /// quarter more, for the one tag in many whose attribute is made.)
    @inline(__always)
    private mutating func attribute(named name: Range<Int>, source: Range<Int>,
                                    grammar: inout TemplateGrammar) -> (slot: Int?, made: StyledText.Attribute?) {
        // `<b>`: the name alone; else the whole tag, whatever follows the name.
        let byName = source.count == name.count + 2
        let key = UnsafeBufferPointer(rebasing: bytes[byName ? name : source])
        if let slot = tagAttributes.pointee.slot(for: key) { return (slot, nil) }
        return makeAttribute(named: name, byName: byName, key: key, grammar: &grammar)
    }

    /// ``attribute(named:source:grammar:)`` for a tag not in the cache: out of line, so that the usual path, a tag
    /// found there, sets up no frame for making a dictionary and an attribute (about 35 instructions a tag).
    @inline(never)
    private mutating func makeAttribute(named name: Range<Int>, byName: Bool, key: UnsafeBufferPointer<UInt8>,
                                        grammar: inout TemplateGrammar) -> (slot: Int?, made: StyledText.Attribute?) {
        var parameters: [String: String] = [:]
        if !byName {
            var selfClosing = false
            var hasParameters = false
            _ = grammar.scanTagEnd(from: name.upperBound, selfClosing: &selfClosing, hasParameters: &hasParameters,
                                   recordsParameters: true)
            parameters = TemplateTokenizer.staticParameters(grammar.scannedParameters, in: bytes)
        }
        let made = StyledText.Attribute(lowercasedName: TemplateTokenizer.lowercasedName(name, in: bytes),
                                        parameters: parameters, action: nil)
        lastElement = nil
        guard let slot = tagAttributes.pointee.add(made, for: key) else { return (nil, made) }
        return (slot, nil)
    }
}

extension StyledTextSink {
    /// The styled text of `template` (contiguous UTF-8) with `arguments`, built in one pass with the thread's caches;
    /// `nil` when the parser must build it (see ``StyledTextSink``), or when the template is too long and is text
    /// as it stands.
    ///
    /// A template given up on late costs this pass as well as the parser's: at most about twice the parse, and
    /// still linear. Misnesting, the usual reason, is usually met early. `streamingChunk` is the scan's (see
    /// ``TemplateScanner``); tests make it small.
    static func build(_ template: String, arguments: [any StyledTextArgument], options: StyledText.Template.Options,
                      streamingChunk: Int = UTF8Buffer.streamingChunk) -> StyledText? {
        if let maximum = options.maximumLength, template.utf8.count > maximum { return nil }
        // The parser marks tags of the options' block names, in its name table of this template; the tag cache of
        // the pass, which the thread's templates share, knows only HTML's block names.
        if options.ownBlockTagNames != nil { return nil }
        // The fields the pass needs, passed on rather than the options: read in the function that makes the
        // scanner, they were copied whole there, and destroyed (about 40 instructions a template).
        return build(template, arguments: arguments, isolatesArguments: options.isolatesArguments,
                     maximumDepth: options.maximumDepth, knownTagNames: options.ownKnownTagNames,
                     streamingChunk: streamingChunk)
    }

    /// ``build(_:arguments:options:streamingChunk:)`` with the options' fields. The template, the arguments and
    /// the tag names are lent to the scanner and the sink where they are: held, each cost a retain and a release.
    @inline(never)
    private static func build(_ template: String, arguments: [any StyledTextArgument], isolatesArguments: Bool,
                              maximumDepth: Int, knownTagNames: Set<String>?, streamingChunk: Int) -> StyledText? {
        let built: StyledText?? = template.utf8.withContiguousStorageIfAvailable { bytes in
            arguments.withUnsafeBufferPointer { arguments in
                TemplateScratch.withCaches { nodes, tagAttributes, references, rooms, _ in
                    var compact = StyledText.CompactSegments.none
                    return withUnsafeMutablePointer(to: &compact) { compact in
                        var sink = StyledTextSink(bytes: bytes, arguments: arguments,
                                                  isolatesArguments: isolatesArguments, nodes: nodes,
                                                  tagAttributes: tagAttributes,
                                                  compact: bytes.count <= compactLimit ? compact : nil)
                        let text = withUnsafeMutablePointer(to: &sink) { sink in
                            TemplateScanner.scan(bytes, of: template, maximumDepth: maximumDepth,
                                                 knownTagNames: knownTagNames, references: references, rooms: rooms,
                                                 sink: sink, streamingChunk: streamingChunk)
                        }
                        guard let text else { return nil }
                        if sink.isCompact { return StyledText(text: text, compact: compact.pointee) }
                        return StyledText(text: text, segments: sink.takeSegments())
                    }
                }
            }
        }
        return built ?? nil
    }

    /// The runs `resolver` makes of `template` (contiguous UTF-8) with `arguments`, made in one pass with the
    /// thread's caches as the scan goes (see ``runBuilder``); `nil` when the parser must build the text, as for
    /// ``build(_:arguments:options:streamingChunk:)``.
    static func runs(_ template: String, arguments: [any StyledTextArgument], options: StyledText.Template.Options,
                     resolver: StyleResolver, streamingChunk: Int = UTF8Buffer.streamingChunk) -> [StyledRun]? {
        if let maximum = options.maximumLength, template.utf8.count > maximum { return nil }
        if options.ownBlockTagNames != nil { return nil }  // As for `build`.
        return runs(template, arguments: arguments, isolatesArguments: options.isolatesArguments,
                    maximumDepth: options.maximumDepth, knownTagNames: options.ownKnownTagNames, resolver: resolver,
                    streamingChunk: streamingChunk)
    }

    /// ``runs(_:arguments:options:resolver:streamingChunk:)`` with the options' fields, lent as
    /// ``build(_:arguments:isolatesArguments:maximumDepth:knownTagNames:streamingChunk:)`` lends them. Its nesting
    /// is that function's: a function both share, generic over what each makes of the scan, cost the build of a
    /// sentence 350 instructions, its closures' captures retained and released.
    @inline(never)
    private static func runs(_ template: String, arguments: [any StyledTextArgument], isolatesArguments: Bool,
                             maximumDepth: Int, knownTagNames: Set<String>?, resolver: StyleResolver,
                             streamingChunk: Int) -> [StyledRun]? {
        // The resolver by pointer, made before the closures: captured by them, it was copied (see
        // `RunBuilder.style(for:resolver:)`).
        let made: [StyledRun]?? = withUnsafePointer(to: resolver) { resolver in
            template.utf8.withContiguousStorageIfAvailable { bytes in
                arguments.withUnsafeBufferPointer { arguments in
                    TemplateScratch.withCaches { nodes, tagAttributes, references, rooms, thread in
                        var builder = RunBuilder(oneOf: resolver, nodes: nodes, thread: thread)
                        let scanned = withUnsafeMutablePointer(to: &builder) { builder in
                            var sink = StyledTextSink(bytes: bytes, arguments: arguments,
                                                      isolatesArguments: isolatesArguments, nodes: nodes,
                                                      tagAttributes: tagAttributes, runBuilder: builder,
                                                      resolver: resolver)
                            let text = withUnsafeMutablePointer(to: &sink) { sink in
                                TemplateScanner.scan(bytes, of: template, maximumDepth: maximumDepth,
                                                     knownTagNames: knownTagNames, references: references,
                                                     rooms: rooms, sink: sink, streamingChunk: streamingChunk)
                            }
                            return text.map { ($0, sink.takeSegments()) }
                        }
                        guard let (text, segments) = scanned else {
                            builder.takeBaseReferences()
                            builder.giveBackStyles(resolver: resolver)
                            return nil
                        }
                        return builder.finish(plainText: text, segments: segments, resolver: resolver)
                    }
                }
            }
        }
        return made ?? nil
    }
}
