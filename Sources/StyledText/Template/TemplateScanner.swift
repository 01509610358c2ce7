import Foundation

/// The single pass from a template to its text: behind ``StyledText/plainText(ofTemplate:options:)``, and behind
/// ``StyledText/init(template:arguments:options:)`` for the templates it can read alone. It writes the template's
/// text as bytes, without tokens or a program to replay. For styled text it tells a ``StyledTextSink`` of every tag
/// (which makes segments and attribute nodes of them) and hands it the placeholders (whose arguments it inserts);
/// for the plain text there is no sink. The scan is one function with a `forSink` flag, inlined twice with the flag
/// constant (``run()``), so the plain text's copy has no call or test of the sink's. (A scanner generic over its
/// sink was the first design: specialised, its functions were no longer inlined into one another, and the plain
/// text cost 18 % more instructions.)
///
/// It reads the grammar through ``TemplateGrammar`` (`scanMarkup(at:recordsParameters:)`: tags, names, parameters
/// checked but not recorded, comments), ``Placeholder`` and ``CharacterReferences``, and so makes the parser's
/// decisions wherever they depend on the bytes alone; the usual tags (`<b>`, `</b>`, `<a href='…'>`) it reads itself, 8
/// bytes at once, as that grammar does. What it keeps of the markup is a stack of the tags still open, as byte ranges.
/// A misnested end tag removes its tag from the middle of that stack, as the parser does, keeping the tags opened
/// inside it open (or, past ``TemplateTokenizer/maximumKeptOpen``, closing them too). It leaves two decisions to the
/// parser, and ``run()`` then returns `nil`: end tags that close nothing under a stack deeper than ``searchLimit``,
/// once their searches through it add up to ``strayDeepSearchLimit`` (the parser counts open tags per name, where
/// searches here would be quadratic; see ``closeDeep(_:below:)``), and HTML's implied end tags (``BlockRole``): a
/// block's start tag that ends an open tag, found by the parser's own search on the roles the sink finds
/// (``noteImpliedEnds(opening:)``), and a block's misnested end tag with blocks inside. The plain text's scan, which
/// knows no roles, leaves the text to the parser where an implied end may have changed which tags stay open as text or
/// nest too deep (``mayHaveImpliedEnds()``). The sink may give up too, for what only the parser builds (see
/// ``StyledTextSink``).
struct TemplateScanner: ~Copyable {
    /// A start tag passed and not yet closed.
    private struct OpenTag {
        /// Its name's bytes in the template.
        var name: Range<Int>
        /// The whole tag's bytes: its text, should it stay open and unknown.
        var source: Range<Int>
        /// Where that text would go in the output.
        var offset: Int
        var hasParameters: Bool
        /// Its role among HTML's blocks, which the sink finds with its attribute; `.none` for every tag of the plain
        /// text's scan, which tells implied ends otherwise (see ``closeMisnested(at:)`` and ``finish()``).
        var role: BlockRole
        /// The end tag that closes it when spelled as its name is (`</b>`): its bytes packed lowest first, as the 8
        /// bytes at that end tag's `<` read masked by `endTagMask`, so that one comparison recognises it. A name over
        /// 5 bytes makes the end tag longer than 8: then the mask is 0 and the bytes 1, which no masked word equals.
        var endTag: UInt64
        var endTagMask: UInt64

        /// `endTag` and `endTagMask` for the tag named by `name`, whose bytes `packedName` holds when it is short
        /// enough to take them all (see ``TemplateScanner/packed(_:)``).
        @inline(__always)
        static func endTag(of name: Range<Int>, packedName: UInt64) -> (UInt64, mask: UInt64) {
            // `</`, the name, `>`: at most 8 bytes for a name of at most 5.
            guard name.count <= 5 else { return (1, 0) }
            let shift = UInt64(truncatingIfNeeded: name.count &* 8 &+ 16)
            return (packedName &<< 16 | 0x2F3C | UInt64(UInt8(ascii: ">")) &<< shift, UInt64.max &>> (56 &- shift))
        }
    }

    /// The stack of open tags: a buffer that doubles, freed with the scanner or left in the thread's room.
    private struct OpenTags: ~Copyable {
        private var start: UnsafeMutablePointer<OpenTag>
        private var capacity: Int
        private(set) var count = 0
        /// How many of the tags may have their ends implied by a later start tag (``BlockRole/mayEnd``), counted in
        /// the sink's scan: while there are none, a block's start tag implies no end.
        private(set) var endable = 0
        /// Where the stack's memory goes when the scan is done (see ``SpareRoom``), or `nil` to free it.
        private let room: UnsafeMutablePointer<SpareRoom>?

        init(room: UnsafeMutablePointer<SpareRoom>?) {
            self.room = room
            let stride = MemoryLayout<OpenTag>.stride
            if let kept = room?.pointee.take(atLeast: 16 * stride) {
                capacity = kept.byteCount / stride
                start = kept.start.bindMemory(to: OpenTag.self, capacity: capacity)
            } else {
                capacity = 16
                start = Heap.allocate(OpenTag.self, capacity: 16)
            }
        }

        /// The open tags, outermost first; valid until the next push or pop.
        var tags: UnsafeBufferPointer<OpenTag> { UnsafeBufferPointer(start: start, count: count) }

        /// Adds `tag` as the innermost, its role counted in ``endable`` when `countsRoles` (the sink's scan).
        @inline(__always)
        mutating func push(_ tag: OpenTag, countsRoles: Bool) {
            if count == capacity { grow() }
            (start + count).initialize(to: tag)
            count &+= 1  // Below `capacity`: cannot overflow.
            if countsRoles, tag.role.mayEnd { endable &+= 1 }
        }

        @inline(never)
        private mutating func grow() {
            start = Heap.reallocate(start, count: count, capacity: capacity * 2)
            capacity *= 2
        }

        /// Removes the innermost tag, which must be there, its role counted out of ``endable`` when `countsRoles`.
        @inline(__always)
        mutating func pop(countsRoles: Bool) {
            precondition(count > 0, "no open tag to pop")
            count &-= 1
            if countsRoles, start[count].role.mayEnd { endable &-= 1 }
            (start + count).deinitialize(count: 1)
        }

        /// Removes the tag at `index`, moving the ones above it down.
        mutating func remove(at index: Int) {
            precondition(index >= 0 && index < count, "no open tag at that index")
            if start[index].role.mayEnd { endable &-= 1 }
            // The tags are plain data: their bytes moved down at once (a `memmove`).
            UnsafeMutableRawPointer(start + index).copyMemory(
                from: start + index + 1, byteCount: (count - index - 1) * MemoryLayout<OpenTag>.stride)
            count &-= 1
        }

        deinit {
            start.deinitialize(count: count)
            if let room {
                room.pointee.keep(UnsafeMutableRawPointer(start), byteCount: capacity * MemoryLayout<OpenTag>.stride)
            } else {
                Heap.deallocate(start)
            }
        }
    }

    /// How many open tags a search for an end tag that is not the innermost looks through before it goes on below
    /// them only as ``closeDeep(_:below:)`` allows.
    private static let searchLimit = 16

    /// How many open tags, in all, one scan may look through below the innermost ``searchLimit`` for end tags that
    /// then close nothing: past it, the parser decides, with its counts per name. (A search that finds its tag closes
    /// every tag it passed, which pays for it; one that finds none is paid by nothing, and repeated under a deep
    /// stack would make the scan quadratic.)
    private static let strayDeepSearchLimit = 4_096

    private let bytes: UnsafeBufferPointer<UInt8>
    /// The grammar: names, parameters, comments, and searches that remember where they failed.
    private var grammar: TemplateGrammar
    /// The template, which placeholders are read from, and the names of the tags that stay tags when left open
    /// (see ``finish()``; `nil` for the default, ``StyledText/Template/Options/htmlElementNames``): the caller's,
    /// read where they are (held, each cost a template a retain and a release).
    private let source: UnsafePointer<String>
    private let knownTagNames: UnsafePointer<Set<String>?>
    private let maximumDepth: Int
    private var output: UTF8Buffer
    /// The open tags, innermost last: a stack of its own, because an array's appends and removals checked its
    /// storage's uniqueness once per tag, a tenth of the scan's cost per tag.
    private var open: OpenTags
    /// The outcomes of the character references met so far, by spelling: the slots of the caller's memo.
    private let references: CharacterReferenceMemo.Slots
    private var nextArgument = 0
    /// Where the pending text starts: bytes from there on are copied as they are.
    private var textStart = 0
    /// What builds styled text from the tags and placeholders, or `nil` for the plain text: the caller's, which
    /// outlives the scan. (Held here as an optional value, it was destroyed through `Optional`'s generic witness,
    /// some 120 instructions a scan.)
    private let sink: UnsafeMutablePointer<StyledTextSink>?
    /// Whether there is a sink: a constant for the scan, tested where it would be told something.
    private let buildsStyledText: Bool
    /// Whether the sink gave up, for the parser to build the text instead.
    private var gaveUp = false
    /// ``mayHaveImpliedEnds()``, once asked.
    private var impliedEnds: Bool?
    /// How many open tags the searches for stray end tags have looked through below the innermost ``searchLimit``
    /// (see ``strayDeepSearchLimit``).
    private var strayDeepSearched = 0

    /// The scan of `bytes`, the UTF-8 of `source`: the scanner's ``run()``, with `source` and `knownTagNames` lent
    /// to it where the caller keeps them for as long as the scan runs (see the initialiser for the rest).
    @inline(__always)
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, of source: String, maximumDepth: Int,
                     knownTagNames: Set<String>?, references: CharacterReferenceMemo,
                     rooms: UnsafeMutablePointer<SpareRoom>?, sink: UnsafeMutablePointer<StyledTextSink>? = nil,
                     streamingChunk: Int = UTF8Buffer.streamingChunk) -> String? {
        withUnsafePointer(to: source) { source in
            withUnsafePointer(to: knownTagNames) { knownTagNames in
                var scanner = TemplateScanner(bytes: bytes, source: source, maximumDepth: maximumDepth,
                                              knownTagNames: knownTagNames, references: references, rooms: rooms,
                                              sink: sink, streamingChunk: streamingChunk)
                return scanner.run()
            }
        }
    }

    /// A scan of a template parsed with the options' `maximumDepth` and `knownTagNames`, remembering references in
    /// `references` (the thread's, between scans): for the plain text without `sink`, for styled text, which `sink`
    /// builds, with one; `references`, `sink`, `source` (the template) and `knownTagNames` must stay valid while the
    /// scan runs (``scan(_:of:maximumDepth:knownTagNames:references:rooms:sink:streamingChunk:)`` lends them). (The
    /// options' two fields rather than the options: callers pass them through closures, which copied the whole
    /// options, about 30 instructions.) `rooms`, when given, is the thread's two ``SpareRoom``s
    /// (``TemplateScratch/spareRooms()``): the output's bytes are taken from the first and the open tags' from the
    /// second, and left there when the scan is done. A template longer than `streamingChunk` streams its text
    /// through a chunk of that size; tests make it small.
    private init(bytes: UnsafeBufferPointer<UInt8>, source: UnsafePointer<String>, maximumDepth: Int,
         knownTagNames: UnsafePointer<Set<String>?>, references: CharacterReferenceMemo,
         rooms: UnsafeMutablePointer<SpareRoom>?,
         sink: UnsafeMutablePointer<StyledTextSink>? = nil, streamingChunk: Int = UTF8Buffer.streamingChunk) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        grammar = TemplateGrammar(bytes: bytes)
        self.source = source
        self.knownTagNames = knownTagNames
        // A long template's text streams into its string through a chunk of memory (see
        // ``UTF8Buffer/init(streaming:chunk:)``) rather than being written whole and then copied: a copy the size of
        // the text is pages the allocator may have just handed back and must fault in again.
        output = bytes.count > streamingChunk
            ? UTF8Buffer(streaming: bytes.count, chunk: streamingChunk) : UTF8Buffer(capacity: bytes.count, room: rooms)
        open = OpenTags(room: rooms.map { $0 + 1 })
        self.references = references.slots
        buildsStyledText = sink != nil
        self.sink = sink
    }

    /// The text, or `nil` when the template misnests tags (or the sink gave up) and the parser must decide.
    mutating func run() -> String? {
        buildsStyledText ? scanForSink() : scan(forSink: false)
    }

    /// The scan that tells the sink, in a copy of its own: the plain text's copy, inlined where ``run()`` is
    /// called, then has no call or test of the sink's (an earlier design tested at every tag, and its loop, too
    /// large to inline its small calls, cost the plain text 2.4 % more).
    @inline(never)
    private mutating func scanForSink() -> String? {
        scan(forSink: true)
    }

    /// The scan, with `forSink` a constant wherever it is inlined.
    @inline(__always)
    private mutating func scan(forSink: Bool) -> String? {
        // The bytes a scan stops at; all others are text, copied in bulk.
        var markers = ByteSearch.Cursor(ByteSearch(UInt8(ascii: "<"), UInt8(ascii: "%"), UInt8(ascii: "&")))
        var index = 0
        while true {
            index = markers.next(from: index, in: bytes)
            guard index < bytes.count else { break }
            switch bytes[index] {
            case UInt8(ascii: "&"):
                index = reference(at: index)
            case UInt8(ascii: "%"):
                index = forSink ? argumentPercent(at: index) : percent(at: index)
            default:
                if let next = simpleMarkup(at: index, forSink: forSink) {
                    index = next
                } else {
                    guard let next = markup(at: index) else { return nil }
                    index = next
                }
                // A block's start tag that implies an end (``noteImpliedEnds(opening:)``): the rest is the parser's.
                // Here rather than at the three places a start tag opens, whose code made the plain text's scan stop
                // inlining ``simpleMarkup(at:forSink:)`` (3,555 instructions a sentence to 3,857).
                if forSink, gaveUp { return nil }
            }
        }
        guard !gaveUp else { return nil }
        flushText(upTo: bytes.count, next: bytes.count)
        return finish()
    }

    /// Records that the sink gave up, and returns where scanning goes on: the end.
    @inline(never)
    private mutating func giveUp() -> Int {
        gaveUp = true
        return bytes.count
    }

    /// Writes the pending text up to `end`; the next starts at `next`.
    @inline(__always)
    private mutating func flushText(upTo end: Int, next: Int) {
        if textStart < end {
            output.append(textStart..<end, of: bytes)
        }
        textStart = next
    }

    /// A character reference, or a literal `&`, at `start`; returns where scanning goes on. Decoded where it
    /// stands, which decides as decoding its whole text node would (see `CharacterReferences.appendReference`),
    /// through the memo of the outcomes of references already met.
    private mutating func reference(at start: Int) -> Int {
        flushText(upTo: start, next: start)
        guard let end = references.appendReference(in: bytes, at: start, into: &output) else {
            return start + 1  // Text.
        }
        textStart = end
        return end
    }

    /// `%%`, a placeholder or a lone `%` at `start`; returns where scanning goes on.
    ///
    /// Without arguments a placeholder stays as its spelling, which is its source unless a position has leading
    /// zeros (`%01$@` is spelled `%1$@`); and no placeholder holds a `%`, `<` or `&`. So a `%` that is not `%%`
    /// and not followed by `0` stays in the pending text, placeholder or not, and the scan goes on after it: only
    /// `%%` and `%0…` are read.
    ///
    /// Inlined by force: with ``ByteSearch/Cursor`` in the loop the compiler left it a call, and the plain text's
    /// megabyte took 70,000 more instructions (6.20 M against 6.13 M).
    @inline(__always)
    private mutating func percent(at start: Int) -> Int {
        guard start + 1 < bytes.count else { return start + 1 }
        let next = bytes[start + 1]
        if next == UInt8(ascii: "%") {
            // A percent sign: the first `%` stays in the text, the second is dropped; a run, all at once.
            guard start &+ 3 < bytes.count, bytes[start &+ 2] == UInt8(ascii: "%") else {
                flushText(upTo: start + 1, next: start + 2)
                return start + 2
            }
            return percentSigns(at: start)
        }
        guard next == UInt8(ascii: "0") else { return start + 1 }
        guard let placeholder = Placeholder.parse(bytes, at: start, nextIndex: &nextArgument) else {
            return start + 1  // Not a placeholder: text.
        }
        guard placeholder.isPositional else { return placeholder.sourceRange.upperBound }
        flushText(upTo: start, next: placeholder.sourceRange.upperBound)
        appendSpelling(of: placeholder)
        return placeholder.sourceRange.upperBound
    }

    /// `%%`, a placeholder or a lone `%` at `start`, when placeholders take arguments: as the parser reads them,
    /// each placeholder numbered and handed to the sink. Returns where scanning goes on. Out of line, so that the
    /// plain text's loop stays as small as it was.
    @inline(never)
    private mutating func argumentPercent(at start: Int) -> Int {
        guard start + 1 < bytes.count else { return start + 1 }
        if bytes[start + 1] == UInt8(ascii: "%") { return percentSigns(at: start) }
        guard let placeholder = Placeholder.parse(bytes, at: start, nextIndex: &nextArgument) else {
            return start + 1  // Not a placeholder: text.
        }
        flushText(upTo: start, next: placeholder.sourceRange.upperBound)
        guard sink!.pointee.insert(placeholder, source: source, into: &output) else { return giveUp() }
        return placeholder.sourceRange.upperBound
    }

    /// The `%%` at `start` and every `%%` right after it: each a percent sign, written at once, as the parser
    /// takes such a run in one step (pair by pair, `%` × n cost twice the parser's instructions). Returns where
    /// scanning goes on. Out of line: rare.
    @inline(never)
    private mutating func percentSigns(at start: Int) -> Int {
        flushText(upTo: start, next: start)
        var end = start
        while end &+ 1 < bytes.count, bytes[end] == UInt8(ascii: "%"), bytes[end &+ 1] == UInt8(ascii: "%") {
            output.append(ascii: UInt8(ascii: "%"))
            end &+= 2
        }
        textStart = end
        return end
    }

    /// Appends a placeholder's spelling. Out of line, as every rare path of the scan is: inlined, they made the
    /// loop so large that the compiler stopped inlining the small calls of its common paths.
    @inline(never)
    private mutating func appendSpelling(of placeholder: Placeholder) {
        output.append(contentsOf: placeholder.spelling(in: source.pointee))
    }

    /// The usual markup at the `<` at `start`, read from the 8 bytes there as one word: a start tag whose short
    /// name is followed by `>` (`<b>`, `<story>`) or by a space (`<a href='…'>`, whose parameters
    /// ``startTag(named:at:)`` reads), the end tag that closes the innermost open tag spelled as it was (`</b>` after
    /// `<b>`), or a `<` that cannot start markup (`a < b`). Returns where scanning goes on, as ``markup(at:)``
    /// would, or `nil` for any other markup, which ``markup(at:)`` reads.
    ///
    /// Decides as ``TemplateGrammar/scanMarkup(at:recordsParameters:)`` does: a name here is a letter and name
    /// bytes up to the first `>` or space, where a name ends (and with `>`, the tag); an end tag here repeats the
    /// bytes of a name read before, then `>`. A tag costs about half as much as through ``markup(at:)``, which
    /// reads the name byte by byte and returns the tag to be sorted out again here.
    @inline(__always)
    private mutating func simpleMarkup(at start: Int, forSink: Bool) -> Int? {
        guard bytes.count &- start >= 8, let base = bytes.baseAddress else { return nil }
        let word = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
        let second = UInt8(truncatingIfNeeded: word &>> 8)
        guard TemplateTokenizer.isASCIILetter(second) else {
            if second == UInt8(ascii: "/") {
                let tags = open.tags
                guard let innermost = tags.last else { return strayEndTag(at: start, word: word) }
                guard word & innermost.endTagMask == innermost.endTag else {
                    // The plain text's loop stays as it was: with this call in it, the compiler kept less of the
                    // byte search in registers, and the plain text cost 12 % more. Its misnested end tags take
                    // the general path.
                    return forSink ? misnestedEndTag(at: start, word: word) : nil
                }
                let end = start &+ (innermost.name.upperBound &- innermost.name.lowerBound) &+ 3
                flushText(upTo: start, next: end)
                closeInnermost(forSink: forSink)
                return end
            }
            // Text, unless it starts a comment.
            return second == UInt8(ascii: "!") || second == UInt8(ascii: "?") ? nil : start &+ 1
        }
        // The name ends at the first byte that is not a name byte, usually `>` or a space: at once for a name of one
        // letter (`<b>`, `<i>`); else the first of those two, flagged exactly as the lowest flag of either (see
        // `ByteSearch.matchingBytes`). Bytes 0 and 1 are `<` and a letter.
        var close = 2
        if UInt8(truncatingIfNeeded: word &>> 16) != UInt8(ascii: ">") {
            let flags = ByteSearch.matchingBytes(UInt8(ascii: ">"), in: word)
                | ByteSearch.matchingBytes(UInt8(ascii: " "), in: word)
            guard flags != 0 else { return nil }
            close = flags.trailingZeroBitCount &>> 3
            var index = 2
            while index < close {
                guard TemplateTokenizer.isNameByte(UInt8(truncatingIfNeeded: word &>> UInt64(index &* 8))) else {
                    return nil
                }
                index &+= 1
            }
        }
        let name = (start &+ 1)..<(start &+ close)
        if UInt8(truncatingIfNeeded: word &>> UInt64(close &* 8)) == UInt8(ascii: " ") {
            return forSink ? startTagForSink(named: name, at: start) : startTag(named: name, at: start)
        }
        let end = start &+ close &+ 1
        flushText(upTo: start, next: end)
        if close >= 3, isVoid(name, packed: (word &>> 8) & ((1 &<< UInt64(close &* 8 &- 8)) &- 1)) {
            return element(named: name, source: start..<end, forSink: forSink)
        }
        guard open.count < maximumDepth else { return appendTooDeep(start..<end) }
        // `</`, then the name and `>` as they stand here: 8 bytes or fewer for a name of up to 5.
        let endTagMask: UInt64 = close <= 6 ? UInt64.max &>> UInt64(48 &- close &* 8) : 0
        let endTag: UInt64 = close <= 6 ? ((word &>> 8) &<< 16 | 0x2F3C) & endTagMask : 1
        let role = sinkOpens(name, source: start..<end, forSink: forSink)
        open.push(OpenTag(name: name, source: start..<end, offset: output.length,
                          hasParameters: false, role: role, endTag: endTag, endTagMask: endTagMask), countsRoles: forSink)
        return end
    }

    /// With no tag open, the end tag at `start` whose 8 bytes are `word`, when it is a name and `>` within them
    /// (`</b>`, `</span>`): stray, so dropped, as the parser drops it; returns where scanning goes on. `nil` for any
    /// other shape, and for `</p>` and `</br>` while the scan builds text or runs, which ``markup(at:)`` reads. Out
    /// of line: end tags with nothing open are rare in text, but `</b>` × n after the depth limit (the adversarial
    /// *nested-closed*) read each through ``markup(at:)``, half again as many instructions as the parser, which drops
    /// them without reading their names.
    @inline(never)
    private mutating func strayEndTag(at start: Int, word: UInt64) -> Int? {
        guard TemplateTokenizer.isASCIILetter(UInt8(truncatingIfNeeded: word &>> 16)) else { return nil }
        let flags = ByteSearch.matchingBytes(UInt8(ascii: ">"), in: word)
        guard flags != 0 else { return nil }
        let close = flags.trailingZeroBitCount &>> 3
        var index = 3
        while index < close {
            guard TemplateTokenizer.isNameByte(UInt8(truncatingIfNeeded: word &>> UInt64(index &* 8))) else { return nil }
            index &+= 1
        }
        // `</p>` and `</br>` are elements (see `closeNotInnermost(_:)`): the name's bytes from the word, each ORed
        // with 0x20.
        if buildsStyledText, close <= 4 {
            let mask: UInt64 = (1 &<< UInt64(truncatingIfNeeded: (close &- 2) &* 8)) &- 1
            if TemplateTokenizer.isElementWhenStray(packed: (word &>> 16 | 0x2020) & mask) { return nil }
        }
        flushText(upTo: start, next: start &+ close &+ 1)
        return start &+ close &+ 1
    }

    /// The end tag at `start`, whose 8 bytes are `word`, when it is not the innermost open tag's as that was
    /// spelled: a misnested end tag spelled as a tag open below it (`</b>` in `<b><i>x</b>`), closed as the parser
    /// closes it (``closeMisnested(at:)``); returns where scanning goes on. `nil` for any other end tag, which
    /// ``markup(at:)`` reads: one whose name is spelled in another case or is longer than 5 bytes, one naming no
    /// tag among the innermost ``searchLimit``, and one that an open tag above the one it matches might close
    /// (its name in another case, or one too long to tell). Out of line: rare.
    @inline(never)
    private mutating func misnestedEndTag(at start: Int, word: UInt64) -> Int? {
        let tags = open.tags
        // Every byte of `</`, a name and `>` has its 0x20 bit set but for an uppercase letter's: ORing it in
        // folds case, and a byte that folds into a name byte without being one only costs the general path.
        let fold: UInt64 = 0x2020_2020_2020_2020
        let folded = word | fold
        var position = tags.count - 1
        let deepest = max(0, tags.count - Self.searchLimit)
        while position >= deepest {
            let tag = tags[position]
            if word & tag.endTagMask == tag.endTag {
                let end = start &+ (tag.name.upperBound &- tag.name.lowerBound) &+ 3
                flushText(upTo: start, next: end)
                guard closeMisnested(at: position) else { return giveUp() }
                return end
            }
            if tag.endTagMask != 0, folded & tag.endTagMask == (tag.endTag | fold) & tag.endTagMask { return nil }
            position -= 1
        }
        return nil
    }

    /// Closes the innermost open tag, whose end tag's text is flushed.
    @inline(__always)
    private mutating func closeInnermost(forSink: Bool) {
        open.pop(countsRoles: forSink)
        if forSink { sink!.pointee.close(at: output.length) }
    }

    /// Tells the sink, if any, that the start tag `source` named `name` opens, and returns the tag's role among
    /// HTML's blocks, which the sink finds with its attribute: `.none` without a sink. A block's start tag that
    /// implies the end of an open tag leaves the text to the parser (``noteImpliedEnds(opening:)``).
    @inline(__always)
    private mutating func sinkOpens(_ name: Range<Int>, source: Range<Int>, forSink: Bool) -> BlockRole {
        guard forSink else { return .none }
        let role = sink!.pointee.open(named: name, source: source, at: output.length, grammar: &grammar)
        if role != .none, open.endable > 0 { noteImpliedEnds(opening: role) }
        return role
    }

    /// Leaves the text to the parser when a start tag of `role` implies the end of an open tag: the parser's own
    /// search (``BlockRole/step(at:)`` then ``BlockRole/paragraphStep(at:)``, through the innermost
    /// ``BlockRole/searchLimit`` open tags), on the roles the stack holds. The sink's scan stops after the tag.
    /// Out of line: only blocks come here, while a tag whose end may be implied is open.
    @inline(never)
    private mutating func noteImpliedEnds(opening role: BlockRole) {
        let tags = open.tags
        func ends(_ step: (BlockRole) -> BlockRole.Step) -> Bool {
            BlockRole.innermostToEnd(among: tags.count, roleAt: { tags[$0].role }, by: step) != nil
        }
        if ends(role.step(at:)) || role.endsParagraph && ends(BlockRole.paragraphStep(at:)) { gaveUp = true }
    }

    /// Asks the sink, if any, whether the scan may go on past the start tag `source`.
    @inline(__always)
    private mutating func sinkAccepts(_ source: Range<Int>, forSink: Bool) -> Bool {
        guard forSink else { return true }
        return StyledTextSink.accepts(source, in: bytes)
    }

    /// Hands the sink the element (a void or self-closing tag) `source`, named `name`, whose text is flushed;
    /// returns where scanning goes on, its end. The plain text has nothing for it.
    @inline(__always)
    private mutating func element(named name: Range<Int>, source: Range<Int>, forSink: Bool) -> Int {
        if forSink { sink!.pointee.element(named: name, source: source, at: output.length, grammar: &grammar) }
        return source.upperBound
    }

    /// Appends the start tag `source`, which nests too deep, as text; returns its end. In the plain text's scan,
    /// where an implied end may have left the parser's nesting shallower (see ``BlockRole``), the parser decides
    /// instead. Out of line: rare.
    @inline(never)
    private mutating func appendTooDeep(_ source: Range<Int>) -> Int {
        if !buildsStyledText, mayHaveImpliedEnds() { return giveUp() }
        output.append(UnsafeBufferPointer(rebasing: bytes[source]))
        return source.upperBound
    }

    /// The start tag at `start` whose name, `name`, is followed by a space, as in `<a href='…'>`: where scanning goes
    /// on, as ``markup(at:)`` decides. Out of line, as parameters are read by ``TemplateGrammar``, but without
    /// reading the name again.
    @inline(never)
    private mutating func startTag(named name: Range<Int>, at start: Int) -> Int {
        startTag(named: name, at: start, forSink: false)
    }

    /// ``startTag(named:at:)`` with the sink told: a copy of its own, so that the plain text's does not test for it.
    @inline(never)
    private mutating func startTagForSink(named name: Range<Int>, at start: Int) -> Int {
        startTag(named: name, at: start, forSink: true)
    }

    @inline(__always)
    private mutating func startTag(named name: Range<Int>, at start: Int, forSink: Bool) -> Int {
        var selfClosing = false
        var hasParameters = false
        guard let end = grammar.scanTagEnd(from: name.upperBound, selfClosing: &selfClosing,
                                             hasParameters: &hasParameters, recordsParameters: false)
        else {
            return start &+ 1  // Text.
        }
        flushText(upTo: start, next: end)
        guard sinkAccepts(start..<end, forSink: forSink) else { return giveUp() }
        // ``openTag(named:source:selfClosing:hasParameters:)`` written out: marked `@inline(__always)`, it stayed a
        // call here (even as its only caller), which cost a tag with parameters a tenth more.
        let packedName = packed(name)
        if selfClosing || isVoid(name, packed: packedName) {
            return element(named: name, source: start..<end, forSink: forSink)
        }
        guard open.count < maximumDepth else { return appendTooDeep(start..<end) }
        let (endTag, endTagMask) = OpenTag.endTag(of: name, packedName: packedName)
        let role = sinkOpens(name, source: start..<end, forSink: forSink)
        open.push(OpenTag(name: name, source: start..<end, offset: output.length, hasParameters: hasParameters,
                          role: role, endTag: endTag, endTagMask: endTagMask), countsRoles: forSink)
        return end
    }

    /// Opens the start tag `source`, named `name`, whose text has been flushed: unless it closes itself or is void,
    /// or nests too deep (then it is text). Returns where scanning goes on, its end. For ``markup(at:)``;
    /// ``startTag(named:at:)`` has this written out.
    private mutating func openTag(named name: Range<Int>, source: Range<Int>, selfClosing: Bool,
                                  hasParameters: Bool) -> Int {
        guard sinkAccepts(source, forSink: buildsStyledText) else { return giveUp() }
        let packedName = packed(name)
        if selfClosing || isVoid(name, packed: packedName) {
            return element(named: name, source: source, forSink: buildsStyledText)
        }
        guard open.count < maximumDepth else { return appendTooDeep(source) }
        let (endTag, endTagMask) = OpenTag.endTag(of: name, packedName: packedName)
        let role = sinkOpens(name, source: source, forSink: buildsStyledText)
        open.push(OpenTag(name: name, source: source, offset: output.length, hasParameters: hasParameters,
                          role: role, endTag: endTag, endTagMask: endTagMask), countsRoles: buildsStyledText)
        return source.upperBound
    }

    /// The markup at the `<` at `start`: returns where scanning goes on (just past the `<` when it is text), or
    /// `nil` when the parser must decide. Out of line: ``simpleMarkup(at:)`` reads most tags.
    @inline(never)
    private mutating func markup(at start: Int) -> Int? {
        switch grammar.scanMarkup(at: start, recordsParameters: false) {
        case .text, .unterminatedComment:
            return start + 1
        case let .dropped(end):
            flushText(upTo: start, next: end)
            return end
        case let .tag(name, tagEnd, isEnd, selfClosing, hasParameters):
            flushText(upTo: start, next: tagEnd)
            if isEnd {
                return endTag(named: name) ? tagEnd : nil
            }
            return openTag(named: name, source: start..<tagEnd, selfClosing: selfClosing, hasParameters: hasParameters)
        }
    }

    /// The bytes of a name of at most 6 bytes packed into an integer, first byte lowest and zero above them: loaded at
    /// once when the template holds 8 bytes from the name's start (a loop packing them one by one was vectorised into
    /// a hundred instructions). 0 for a longer name.
    @inline(__always)
    private func packed(_ name: Range<Int>) -> UInt64 {
        guard name.count <= 6 else { return 0 }
        let bits = UInt64(truncatingIfNeeded: name.count &* 8)
        if bytes.count &- name.lowerBound >= 8, let base = bytes.baseAddress {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + name.lowerBound).loadUnaligned(as: UInt64.self))
            return word & ((1 &<< bits) &- 1)
        }
        var packed: UInt64 = 0
        var index = name.upperBound
        while index > name.lowerBound {
            index &-= 1
            packed = packed &<< 8 | UInt64(bytes[index])
        }
        return packed
    }

    /// Whether `name`, whose bytes are `packed` (see ``packed(_:)``), is void: ``TemplateTokenizer/isVoid(packed:)`` on
    /// them ORed with 0x20 each, which lowercases the letters of a name and makes none of its other bytes a letter.
    @inline(__always)
    private func isVoid(_ name: Range<Int>, packed: UInt64) -> Bool {
        guard name.count >= 2, name.count <= 6 else { return false }
        let bits = UInt64(truncatingIfNeeded: name.count &* 8)
        return TemplateTokenizer.isVoid(packed: packed | (0x2020_2020_2020 & ((1 &<< bits) &- 1)))
    }

    /// Closes the tag `name` ends; `false` when the parser must decide which (see ``closeNotInnermost(_:)``).
    @inline(__always)
    private mutating func endTag(named name: Range<Int>) -> Bool {
        let tags = open.tags
        if let innermost = tags.last, TemplateTokenizer.sameName(innermost.name, name, in: bytes) {
            closeInnermost(forSink: buildsStyledText)
            return true
        }
        return closeNotInnermost(name)
    }

    /// Closes the innermost open tag named `name`, which is not the innermost tag (``closeMisnested(at:)``). With
    /// no open tag of that name the end tag is stray, and dropped, but for `</p>` and `</br>` while the scan builds
    /// text or runs, which the parser makes elements of. Returns `false` for those, and when the parser must decide
    /// an end tag whose name the innermost ``searchLimit`` open tags do not hold (see ``closeDeep(_:below:)``).
    /// Out of line: rare.
    @inline(never)
    private mutating func closeNotInnermost(_ name: Range<Int>) -> Bool {
        let count = open.tags.count
        let deepest = max(0, count - Self.searchLimit)
        if let position = innermostOpenTag(named: name, from: count - 1, downTo: deepest) {
            return closeMisnested(at: position)
        }
        if deepest > 0 { return closeDeep(name, below: deepest) }
        return closesStray(name)
    }

    /// The position of the innermost open tag named `name` among those at `top` down to `bottom`; `nil` if none is.
    /// Inlined: called, the search cost the misnested end tags' closing a sixth more.
    @inline(__always)
    private func innermostOpenTag(named name: Range<Int>, from top: Int, downTo bottom: Int) -> Int? {
        let tags = open.tags
        var position = top
        while position >= bottom {
            if TemplateTokenizer.sameName(tags[position].name, name, in: bytes) { return position }
            position -= 1
        }
        return nil
    }

    /// Whether the end tag named `name`, which closes no open tag, is dropped here: not a stray `</p>` or `</br>`
    /// while the scan builds text or runs, which the parser makes an element of (see
    /// `TemplateTokenizer.strayEndTag(named:range:)`).
    private func closesStray(_ name: Range<Int>) -> Bool {
        !(buildsStyledText && TemplateTokenizer.isElementWhenStray(bytes: UnsafeBufferPointer(rebasing: bytes[name])))
    }

    /// The end tag named `name` when the innermost ``searchLimit`` open tags, from `deepest` up, do not hold the
    /// name: the search goes on below them, to the bottom of the stack, as the parser's counts per name would
    /// decide. Found, the tag closes with every tag opened inside it, more than
    /// ``TemplateTokenizer/maximumKeptOpen`` (``closeMisnested(at:)``), each of which pays for a step of the search;
    /// not found, the end tag is stray, and its search counts towards ``strayDeepSearchLimit``, past which the
    /// parser decides. The parser decides too where the plain text's scan may have kept open tags that an implied
    /// end closed (``mayHaveImpliedEnds()``): its stack may then hold the name where the parser's does not; and, as
    /// for any end tag, where the tags it would close hold a block. So `<t0>…<t1999>x</t0>` stays in the one pass.
    private mutating func closeDeep(_ name: Range<Int>, below deepest: Int) -> Bool {
        if !buildsStyledText, mayHaveImpliedEnds() { return false }
        if let position = innermostOpenTag(named: name, from: deepest - 1, downTo: 0) {
            return closeMisnested(at: position)
        }
        strayDeepSearched += deepest
        return strayDeepSearched <= Self.strayDeepSearchLimit && closesStray(name)
    }

    /// Closes the open tag at `position`, below the innermost, whose end tag's text is flushed, as the parser
    /// does: the tags opened inside it stay open, or, when there are more of them than
    /// ``TemplateTokenizer/maximumKeptOpen``, close before it. Returns `false`, closing nothing, when the parser must
    /// decide: when the tag is a block with blocks opened inside it, which its end tag ends (see ``BlockRole``), and
    /// when it closes more than that many with a block among them. The plain text's scan ends no tag by an implied
    /// end, so its stack may hold more tags than the parser's: there the parser's count of tags kept open may
    /// differ.
    private mutating func closeMisnested(at position: Int) -> Bool {
        let keptOpen = open.count - 1 - position
        if keptOpen > TemplateTokenizer.maximumKeptOpen ? holdsBlocks(from: position) : endsBlocks(at: position) {
            return false
        }
        if keptOpen > TemplateTokenizer.maximumKeptOpen {
            for _ in 0...keptOpen { closeInnermost(forSink: buildsStyledText) }
        } else {
            open.remove(at: position)
            if buildsStyledText { sink!.pointee.close(keepingOpen: keptOpen, at: output.length) }
        }
        return true
    }

    /// Whether the open tag at `position` is a block with blocks opened inside it: at most
    /// ``TemplateTokenizer/maximumKeptOpen`` to look at.
    private func endsBlocks(at position: Int) -> Bool {
        guard isBlock(at: position) else { return false }
        return holdsBlocks(from: position + 1)
    }

    /// Whether an open tag from `position` up is a block: a look at each, which then closes, so that the work stays
    /// linear.
    private func holdsBlocks(from position: Int) -> Bool {
        (position..<open.count).contains { isBlock(at: $0) }
    }

    /// Whether the template has a start tag named as one whose end a later start tag may imply (``BlockRole/mayEnd``:
    /// `<p`, `<li`, `<td`, …), wherever it stands: a search of the whole template, made only when the plain text's
    /// scan leaves a tag open as text or nests one too deep, which is rare, and remembered.
    @inline(never)
    private mutating func mayHaveImpliedEnds() -> Bool {
        if let impliedEnds { return impliedEnds }
        let found = searchForImpliedEnds()
        impliedEnds = found
        return found
    }

    /// ``mayHaveImpliedEnds()``'s search.
    private func searchForImpliedEnds() -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var index = 0
        while index < bytes.count,
              let found = memchr(base + index, Int32(UInt8(ascii: "<")), bytes.count - index) {
            let nameStart = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
            index = nameStart
            guard nameStart < bytes.count, TemplateTokenizer.isASCIILetter(bytes[nameStart]) else { continue }
            // The grammar's name: no `<` inside it, so each byte is read in at most one name, and the search stays
            // linear. The names whose ends may be implied have at most 5 bytes.
            let nameEnd = TemplateGrammar.scanName(in: bytes, from: nameStart)
            if nameEnd - nameStart <= 5,
               BlockRole(bytes: UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd])).mayEnd { return true }
        }
        return false
    }

    /// Whether the open tag at `position` is one of HTML's blocks.
    private func isBlock(at position: Int) -> Bool {
        BlockRole(bytes: UnsafeBufferPointer(rebasing: bytes[open.tags[position].name])) != .none
    }

    /// The output, with the tags still open that the parser would keep as text put back where they were: those
    /// neither known nor with parameters (`Hi <Hottest> deals`). `nil` when there are such tags and the sink
    /// builds styled text: the text after such a tag is then outside it, which only the parser's replay decides.
    private mutating func finish() -> String? {
        let knownTagNames = knownTagNames  // The pointer: read in the closure, only for tags left open.
        let literal = open.tags.filter {
            !$0.hasParameters
                && !StyledText.Template.Options.tagNames(given: knownTagNames.pointee)
                    .contains(TemplateTokenizer.lowercasedName($0.name, in: bytes))
        }
        if buildsStyledText, !sink!.pointee.finish(at: output.length, literalTagsRemain: !literal.isEmpty) { return nil }
        // The plain text's scan ends no tag by an implied end (see ``BlockRole``): where one may have ended a tag
        // left open here (`<li>a<li>b`, with `li` unknown), the parser decides which stay open.
        if !literal.isEmpty, !buildsStyledText, mayHaveImpliedEnds() { return nil }
        let text = output.takeString()
        guard !literal.isEmpty else { return text }
        // The text in hand rather than the buffer's bytes: a streaming buffer has moved most of them on.
        return text.withUTF8Bytes { text in
            var result = UTF8Buffer(capacity: text.count + literal.reduce(0) { $0 + $1.source.count })
            var copied = 0
            for tag in literal {
                result.append(UnsafeBufferPointer(rebasing: text[copied..<tag.offset]))
                result.append(UnsafeBufferPointer(rebasing: bytes[tag.source]))
                copied = tag.offset
            }
            result.append(UnsafeBufferPointer(rebasing: text[copied...]))
            return result.takeString()
        }
    }
}
