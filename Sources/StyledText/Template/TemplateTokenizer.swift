import Foundation

/// A template after the first pass: tokens with every tag matched and every repair decided.
struct TemplateProgram: Sendable {
    var tokens: [TemplateToken] = []
    var tags: [TemplateTag] = []
    /// The tags' attributes: one per name for the tags without parameters, which share it, and one per tag with
    /// parameters.
    var attributes: [StyledText.Attribute] = []
    /// The parameters whose values hold placeholders, by the index of their tag, filled in when arguments are known.
    var dynamicParameters: [Int: [DynamicParameter]] = [:]
    /// The placeholders of the template's text, in source order (those in tag parameters are in their tags).
    var placeholders: [Placeholder] = []
    var diagnostics: [PendingDiagnostic] = []
    /// Diagnostics found beyond `Options.maximumDiagnostics`.
    var droppedDiagnostics = 0
    /// The number of arguments the placeholders take: the highest argument index plus one.
    var argumentCount = 0

    /// Whether some tag parameter holds a placeholder, so that filling must rebuild attributes.
    var hasDynamicParameters: Bool { !dynamicParameters.isEmpty }

    /// Moves a program out, leaving an empty one, so that the arrays taken have a single owner.
    static func take(_ program: inout TemplateProgram) -> TemplateProgram {
        var taken = TemplateProgram()
        swap(&taken, &program)
        return taken
    }
}

/// One step of the replay, in two words: made with the static functions named like ``Step``'s cases, read as a
/// ``Step`` through ``step``.
///
/// 16 bytes rather than the enum's 24 (two integers and a case byte, padded): a template dense in markup has a
/// token every two or three bytes, written into fresh pages, so the tokens' size is much of its parse's time.
/// The case goes in the low 3 bits of the second word, beside a range's upper bound or an index: offsets into a
/// string never come near 2⁶⁰.
struct TemplateToken: Sendable {
    /// A range's lower bound, or an index.
    private let first: Int
    /// A range's upper bound shifted left 3 bits, with the case in the low 3.
    private let second: Int

    /// What a token says. Every case holds only integers, so that token arrays copy and free as plain memory.
    enum Step {
        /// Template text, whose character references are decoded when it is built.
        case text(Range<Int>)
        /// Template bytes kept verbatim: a tag repaired into text.
        case literal(Range<Int>)
        /// Template text without `&` in which each `%%` is a percent sign: what text nodes split at every `%%`
        /// give, as one token, so that `%` × 1,000,000 is one token rather than 500,000.
        case percentEscapedText(Range<Int>)
        /// A placeholder in the text (index into `placeholders`).
        case placeholder(Int)
        /// A start tag that opens (index into `tags`).
        case open(Int)
        /// An end tag that closes the tag opened by `tags[index]`.
        case close(Int)
        /// A void or self-closing tag.
        case element(Int)
    }

    private init(_ first: Int, _ second: Int, case number: Int) {
        self.first = first
        self.second = second &<< 3 | number
    }

    static func text(_ range: Range<Int>) -> Self { Self(range.lowerBound, range.upperBound, case: 0) }
    static func literal(_ range: Range<Int>) -> Self { Self(range.lowerBound, range.upperBound, case: 1) }
    static func percentEscapedText(_ range: Range<Int>) -> Self { Self(range.lowerBound, range.upperBound, case: 2) }
    static func placeholder(_ index: Int) -> Self { Self(index, 0, case: 3) }
    static func open(_ index: Int) -> Self { Self(index, 0, case: 4) }
    static func close(_ index: Int) -> Self { Self(index, 0, case: 5) }
    static func element(_ index: Int) -> Self { Self(index, 0, case: 6) }

    /// The token unpacked.
    @inline(__always)
    var step: Step {
        switch second & 7 {
        case 0: return .text(range)
        case 1: return .literal(range)
        case 2: return .percentEscapedText(range)
        case 3: return .placeholder(first)
        case 4: return .open(first)
        case 5: return .close(first)
        default: return .element(first)
        }
    }

    /// The range of a text, literal or escaped-text token. Built only by the functions above, so its bounds are
    /// ordered.
    @inline(__always)
    private var range: Range<Int> { Range(uncheckedBounds: (first, second &>> 3)) }
}

/// A tag of the template. Its fields are integers, so that the tags copy and free as plain memory.
///
/// Three words: `keep` and `marksBlock` are the low bits of the first, beside the attribute's index, because a
/// fourth word for them made a template dense in tags write a third more tags into fresh pages (a tag per 7 bytes in
/// misnested markup).
struct TemplateTag: Sendable {
    /// The attribute's index shifted left 2 bits, with `marksBlock` in bit 1 and `keep` in bit 0.
    private var attributeAndFlags: Int
    var sourceRange: Range<Int>

    init(attribute: Int, sourceRange: Range<Int>) {
        attributeAndFlags = attribute &<< 2 | 1
        self.sourceRange = sourceRange
    }

    /// The index of its attribute in the program's `attributes`.
    var attribute: Int { attributeAndFlags &>> 2 }

    /// `false` when the tag was repaired into literal text (unclosed and unknown).
    var keep: Bool {
        get { attributeAndFlags & 1 != 0 }
        set { attributeAndFlags = attributeAndFlags & ~1 | (newValue ? 1 : 0) }
    }

    /// Whether a start tag of it marks where a block begins (``TemplateTokenizer/blockNames`` and the options'
    /// ``StyledText/Template/Options/blockTagNames``): found once per name by the tokenizer, where the builder asked
    /// of each start tag's name.
    var marksBlock: Bool {
        get { attributeAndFlags & 2 != 0 }
        set { attributeAndFlags = attributeAndFlags & ~2 | (newValue ? 2 : 0) }
    }
}

struct DynamicParameter: Sendable {
    var name: String
    var pieces: [Piece]

    enum Piece: Sendable {
        case text(String)
        case placeholder(Placeholder)
    }
}

/// A diagnostic before its position is converted to line, column and UTF-16 offset.
struct PendingDiagnostic: Sendable {
    var kind: TemplateDiagnostic.Kind
    var utf8Offset: Int
    var subject: String
}

/// The first pass: a single scan over the template's UTF-8 bytes, with no recursion and no regex. What a `<`
/// starts it reads through its ``TemplateGrammar``, whose failed searches are remembered so that none is repeated.
struct TemplateTokenizer {
    let bytes: UnsafeBufferPointer<UInt8>
    let source: String
    let options: StyledText.Template.Options
    let collectsDiagnostics: Bool
    var program = TemplateProgram()

    /// The open tags, outermost first: each tag's name by its number in `names`, and its index in the program.
    private var open: [(name: Int, tag: Int)] = []
    /// The template's tag names, with how many tags of each are open while `countsOpenTags`.
    private var names = TagNameTable()
    /// The attributes of tags parsed before on this thread, by the bytes they are made from.
    private var tagAttributes = TagAttributeCache()
    /// Whether `names` counts the open tags of each name, so that an end tag finds out in O(1) that nothing of its
    /// name is open: from when more than ``countingDepth`` are open until none is (when every count is zero
    /// again). A shallower stack is searched instead, which costs less than counting every tag opened and closed.
    private var countsOpenTags = false
    private var nextArgument = 0
    /// Tags, their parameters and comments, read from the bytes.
    private var grammar: TemplateGrammar
    /// Where the last diagnostic was, so that a `<` already reported (an unterminated comment) is not reported
    /// twice.
    private var lastDiagnosedOffset = -1
    /// How many placeholders to make room for at the first: see ``reserveForMarkers()``.
    private var placeholderRoom = 4
    /// The tags a start tag's implied ends closed, to open again inside it, outermost first (see
    /// ``endImplied(by:)``).
    private var reopening: [(name: Int, tag: Int)] = []

    init(bytes: UnsafeBufferPointer<UInt8>, source: String, options: StyledText.Template.Options,
         collectsDiagnostics: Bool) {
        self.bytes = bytes
        self.source = source
        self.options = options
        self.collectsDiagnostics = collectsDiagnostics
        grammar = TemplateGrammar(bytes: bytes)
    }

    /// The parameters of the tag just read, as byte ranges.
    private var scannedParameters: ScannedParameters { grammar.scannedParameters }

    /// ``isVoid(_:)`` on a name's bytes, in any case, without making a string: the lowercased bytes packed into an
    /// integer (first byte lowest) and switched over, the void names packed the same way as constants.
    ///
    /// Constants rather than an array of packed names: the plain-text scan asks this of every start tag, and an
    /// array cost a lazily initialised global, a closure call per byte and a linear search each time.
    @inline(__always)
    static func isVoid(bytes name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard name.count >= 2, name.count <= 6 else { return false }
        return isVoid(packed: lowercasedPacked(name))
    }

    /// The bytes of a name of at most 8, lowercased and packed into an integer, first byte lowest and zero above
    /// them: how ``isVoid(packed:)`` and ``BlockRole`` hold their names.
    @inline(__always)
    static func lowercasedPacked(_ name: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = name.baseAddress else { return 0 }
        var packed: UInt64 = 0
        var index = 0
        while index < name.count {
            packed |= UInt64(asciiLowercased(base[index])) &<< UInt64(index &* 8)
            index &+= 1
        }
        return packed
    }

    /// ``isVoid(bytes:)`` on a name already packed as it packs one (first byte lowest, zero above), or with every
    /// byte ORed with 0x20 instead of lowercased, which changes only bytes that are not letters and so matches the
    /// same names.
    @inline(__always)
    static func isVoid(packed: UInt64) -> Bool {
        switch packed {
        case 0x7262,            // br
             0x7268,            // hr
             0x676D69,          // img
             0x6C6F63,          // col
             0x726277,          // wbr
             0x6165_7261,       // area
             0x6174_656D,       // meta
             0x6573_6162,       // base
             0x64_6562_6D65,    // embed
             0x6B_6361_7274,    // track
             0x6D_6172_6170,    // param
             0x74_7570_6E69,    // input
             0x6563_7275_6F73:  // source
            return true
        default:
            return false
        }
    }

    /// Whether a tag never takes content (HTML's void elements), without hashing: a switch over the few names.
    static func isVoid(_ name: String) -> Bool {
        // By length and first letter first, so that most names are ruled out without comparing strings.
        let utf8 = name.utf8
        guard utf8.count >= 2, utf8.count <= 6, let first = utf8.first else { return false }
        switch first {
        case UInt8(ascii: "a"): return name == "area"
        case UInt8(ascii: "b"): return name == "br" || name == "base"
        case UInt8(ascii: "c"): return name == "col"
        case UInt8(ascii: "e"): return name == "embed"
        case UInt8(ascii: "h"): return name == "hr"
        case UInt8(ascii: "i"): return name == "img" || name == "input"
        case UInt8(ascii: "m"): return name == "meta"
        case UInt8(ascii: "p"): return name == "param"
        case UInt8(ascii: "s"): return name == "source"
        case UInt8(ascii: "t"): return name == "track"
        case UInt8(ascii: "w"): return name == "wbr"
        default: return false
        }
    }

    /// The names whose start tags also mark where their content begins, with an element part of the tag's attribute
    /// before it: HTML's block, list and table elements, whose starts a resolver's layout needs
    /// (``StyleResolver/block(_:prefix:)``). Without the mark, `<li>One</li><li>Two</li>` would be one text part,
    /// "OneTwo" inside `li`, as equal neighbours coalesce, and no resolver could number the items. ``BlockRole``
    /// holds them packed (a name marks when its role is not `.none`), and `StyleResolver.html` lays out the same names.
    /// Names of an app's own vocabulary mark when the options list them
    /// (``StyledText/Template/Options/blockTagNames``).
    static let blockNames = [
        "address", "article", "aside", "blockquote", "caption", "center", "dd", "details", "dialog", "dir", "div",
        "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6",
        "header", "hgroup", "li", "main", "menu", "nav", "ol", "p", "pre", "section", "summary", "table", "tbody",
        "td", "tfoot", "th", "thead", "tr", "ul",
    ]

    /// The program, in arrays taken from `scratch` (with room already made); the tokenizer's own arrays come from
    /// there and go back there, the program's go back with the builder that replays it.
    mutating func run(scratch: inout TemplateScratch) -> TemplateProgram {
        program.tokens = TemplateScratch.take(&scratch.tokens)
        program.tags = TemplateScratch.take(&scratch.tags)
        program.attributes = TemplateScratch.take(&scratch.attributes)
        program.placeholders = TemplateScratch.take(&scratch.placeholders)
        open = TemplateScratch.take(&scratch.tokenizerOpen)
        names.entries = TemplateScratch.take(&scratch.tagNames)
        swap(&tagAttributes, &scratch.tagAttributes)
        tagAttributes.startParse()
        scan()
        scratch.tokenizerOpen = TemplateScratch.take(&open)
        scratch.tagNames = TemplateScratch.take(&names.entries)
        swap(&tagAttributes, &scratch.tagAttributes)
        return TemplateProgram.take(&program)
    }

    private mutating func scan() {
        let end = bytes.count
        // Realistic text has a token per dozen bytes or so; reserving that avoids regrowing the arrays for most
        // templates, without a pass to count. A large template counts its markup first instead, so that one dense
        // in markup does not regrow its arrays either.
        if end >= Self.countedSize {
            reserveForMarkers()
        } else {
            program.tokens.reserveCapacity(end / 12 + 4)
            program.tags.reserveCapacity(end / 32 + 2)
        }
        // Markup and placeholders start at `<` and `%`; the text between is skipped 16 bytes at a time.
        let markers = ByteSearch(UInt8(ascii: "<"), UInt8(ascii: "%"), UInt8(ascii: "%"))
        var index = 0
        var textStart = 0
        while index < end {
            // Markup often follows markup (`<b><i>`, `</b></i>`): then the search has nothing to skip.
            if bytes[index] != UInt8(ascii: "<") { index = markers.firstIndex(in: bytes, from: index, byHalves: true) }
            guard index < end else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                if let markupEnd = markup(at: index, textStart: textStart) {
                    index = markupEnd
                    textStart = markupEnd
                } else {
                    if lastDiagnosedOffset != index {
                        diagnose(.literalLessThan, at: index, subject: snippet(at: index, length: 12))
                    }
                    index += 1
                }
            } else if index + 1 < end, bytes[index + 1] == UInt8(ascii: "%") {
                // `%%` is a percent sign: keep the first as text, drop the second. Text without `&` decodes to
                // itself, so it needs no node boundary here: it and its escapes join one token.
                if !containsAmpersand(textStart..<index) {
                    // The escapes right after it join the same token: taken here, without a search each.
                    var escapesEnd = index + 2
                    while escapesEnd + 1 < end, bytes[escapesEnd] == UInt8(ascii: "%"),
                          bytes[escapesEnd + 1] == UInt8(ascii: "%") {
                        escapesEnd += 2
                    }
                    appendPercentEscaped(textStart..<escapesEnd)
                    index = escapesEnd
                } else {
                    flushText(textStart..<(index + 1))
                    index += 2
                }
                textStart = index
            } else if let placeholder = Placeholder.parse(bytes, at: index, nextIndex: &nextArgument) {
                flushText(textStart..<index)
                program.tokens.append(.placeholder(program.placeholders.count))
                // Room for a few at once: grown from one, a sentence's second placeholder cost an allocation.
                // A large template has room for as many as it has `%` (see `reserveForMarkers()`).
                if program.placeholders.isEmpty { program.placeholders.reserveCapacity(placeholderRoom) }
                program.placeholders.append(placeholder)
                program.argumentCount = max(program.argumentCount, placeholder.argumentIndex + 1)
                index = placeholder.sourceRange.upperBound
                textStart = index
            } else {
                diagnose(.invalidPlaceholder, at: index, subject: snippet(at: index, length: 2))
                index += 1
            }
        }
        flushText(textStart..<end)
        closeRemainingTags()
    }

    /// How large a template must be (in UTF-8 bytes) for the scan to count its `<` and `%` first.
    static let countedSize = 64 * 1_024

    /// Makes room in the program for as many tokens, tags and placeholders as the template's `<` and `%` allow,
    /// instead of the usual share of its size, so that the arrays of a template dense in markup (a tag every few
    /// bytes, `%1$@` repeated) are allocated once rather than regrown. Regrowing a large array copies it into
    /// fresh memory: for a megabyte of such markup that was some 7,000 page faults a parse, about a third of its
    /// time. Counting costs under an instruction per byte.
    ///
    /// The room is bounded by the template's size too (a token per 2 bytes, a tag per 3, as in `<b>`, and a
    /// placeholder per 2, as in `%@`), so that `<` or `%` used as text (`<` × n) does not ask for room no markup
    /// could fill: at most 16 bytes of address space per byte of template, and pages that are never written are
    /// never made. (Regrowing by doubling, markup that dense took as much.) Placeholder room is made only when the
    /// first placeholder is found. Counting only the `<` and `%` that what follows could make markup would spare a
    /// flood of them that room, but cost three times as much on every large template: 1.4 instructions a byte.
    private mutating func reserveForMarkers() {
        let end = bytes.count
        let markers = ByteSearch.counts(of: UInt8(ascii: "<"), UInt8(ascii: "%"), in: bytes)
        // A token per marker and the text before it; an end tag that closes several tags may need more, and the
        // array grows then.
        program.tokens.reserveCapacity(min(2 * (markers.first + markers.second) + 1, end / 2 + 1))
        program.tags.reserveCapacity(min(markers.first, end / 3))
        placeholderRoom = max(4, min(markers.second, end / 2))
    }

    /// Handles the markup starting with the `<` at `start`; returns where it ends, or `nil` when it is text.
    private mutating func markup(at start: Int, textStart: Int) -> Int? {
        switch grammar.scanMarkup(at: start) {
        case .text:
            return nil
        case .unterminatedComment:
            diagnose(.unterminatedComment, at: start, subject: "")
            return nil
        case let .dropped(end):
            flushText(textStart..<start)
            return end
        case let .tag(name, tagEnd, isEnd, selfClosing, _):
            flushText(textStart..<start)
            if isEnd {
                // With nothing open an end tag is stray, which changes nothing but a diagnostic, unless it is `</p>`
                // or `</br>` (see `strayEndTag(named:range:)`): without diagnostics it needs no name then (the end
                // tags after a misnesting limit closed everything), nor a look-up.
                if !open.isEmpty || collectsDiagnostics {
                    endTag(named: name, range: start..<tagEnd)
                } else if name.count <= 2 {
                    strayEndTag(named: name, range: start..<tagEnd)
                }
                return tagEnd
            }
            if !collectsDiagnostics, !selfClosing, scannedParameters.isEmpty, open.count >= options.maximumDepth,
               !Self.isVoid(bytes: UnsafeBufferPointer(rebasing: bytes[name])) {
                // Past the depth limit a plain start tag is literal text, as `startTag` would decide; decided here
                // from the bytes, without making its name (`<b>` × 100,000 past the limit).
                appendLiteral(start..<tagEnd)
                return tagEnd
            }
            startTag(named: names.number(of: name, in: bytes) ?? addName(name), selfClosing: selfClosing,
                     range: start..<tagEnd)
            return tagEnd
        }
    }

    /// Whether `byte` may continue a tag name: `[A-Za-z0-9_.:-]`, looked up as a bit of two 64-bit masks (bytes
    /// 0–63 and 64–127) instead of seven comparisons.
    @inline(__always)
    static func isNameByte(_ byte: UInt8) -> Bool {
        // `-` (45), `.` (46), `0`–`9` (48–57), `:` (58); then `A`–`Z` (65–90), `_` (95), `a`–`z` (97–122).
        let low: UInt64 = 0x07FF_6000_0000_0000
        let high: UInt64 = 0x07FF_FFFE_87FF_FFFE
        let mask = byte & 0x40 == 0 ? low : high
        return byte < 0x80 && mask & (1 &<< UInt64(byte & 63)) != 0
    }

    /// Whether two names (of parameters or tags) are equal ignoring ASCII case (names are lowercased).
    @inline(__always)
    static func sameName(_ left: Range<Int>, _ right: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard left.count == right.count else { return false }
        var l = left.lowerBound
        var r = right.lowerBound
        while l < left.upperBound {
            // Usually the same bytes (`<b>…</b>`); lowercasing only when they differ.
            let a = bytes[l]
            let b = bytes[r]
            if a != b, Self.asciiLowercased(a) != Self.asciiLowercased(b) { return false }
            l += 1
            r += 1
        }
        return true
    }

    /// Handles a start tag whose name is `names.entries[name]`.
    // Inlined into `markup(at:textStart:)`, with `makeTag` and `close`: a call per tag, with its saved registers,
    // cost about as much as a tag without parameters needs.
    @inline(__always)
    private mutating func startTag(named name: Int, selfClosing: Bool, range: Range<Int>) {
        let isElement = selfClosing || names.entries[name].isVoid
        if !isElement, open.count >= options.maximumDepth, scannedParameters.isEmpty {
            // Too deep, so text; without parameters it has no placeholders to number either, so no tag is
            // made. Runs of such tags (`<b>` × 100,000) become one literal token.
            appendLiteral(range)
            diagnose(.nestingTooDeep, at: range.lowerBound, name: name)
            return
        }
        let tagIndex = program.tags.count
        var tag = makeTag(named: name, range: range)
        if names.entries[name].marksBlock { tag.marksBlock = true }
        program.tags.append(tag)
        if isElement {
            program.tokens.append(.element(tagIndex))
            return
        }
        guard open.count < options.maximumDepth else {
            program.tags[tagIndex].keep = false
            appendLiteral(range)
            diagnose(.nestingTooDeep, at: range.lowerBound, name: name)
            return
        }
        let role = names.entries[name].role
        if role != .none, !open.isEmpty { endImplied(by: role) }
        opens(name, tag: tagIndex)
        if !reopening.isEmpty { reopenInside() }
    }

    /// Opens the tag numbered `tag` in the program, named `names.entries[name]`.
    @inline(__always)
    private mutating func opens(_ name: Int, tag tagIndex: Int) {
        open.append((name, tagIndex))
        if countsOpenTags {
            names.entries[name].openCount += 1
        } else if open.count > Self.countingDepth {
            countsOpenTags = true
            for tag in open { names.entries[tag.name].openCount += 1 }
        }
        program.tokens.append(.open(tagIndex))
    }

    /// Opens again, inside the tag just opened, the tags that its implied ends closed but that are not blocks, as
    /// HTML reopens `<b>` inside the next item of `<li><b>a<li>b`: each as a copy of its tag, without source text of
    /// its own (should it stay open to the end and be unknown, it adds no text where the copy is).
    @inline(never)
    private mutating func reopenInside() {
        for (name, tag) in reopening {
            let copy = program.tags.count
            var reopened = program.tags[tag]
            reopened.sourceRange = reopened.sourceRange.lowerBound..<reopened.sourceRange.lowerBound
            program.tags.append(reopened)
            if program.hasDynamicParameters, let dynamic = program.dynamicParameters[tag] {
                program.dynamicParameters[copy] = dynamic
            }
            opens(name, tag: copy)
        }
        reopening.removeAll(keepingCapacity: true)
    }

    /// How deep the open tags go before their names are counted (see `countsOpenTags`).
    static let countingDepth = 32

    /// Handles an end tag named by the bytes `nameBytes`, which spans `range`.
    private mutating func endTag(named nameBytes: Range<Int>, range: Range<Int>) {
        let offset = range.lowerBound
        // Well-nested markup closes the innermost tag: its name's bytes compared, no look-up.
        if let innermost = open.last, Self.sameName(names.entries[innermost.name].bytes, nameBytes, in: bytes) {
            close(open.removeLast())
            return
        }
        // A name never seen is not open; a counted one whose count is zero neither, without a search; uncounted,
        // at most `countingDepth` tags are searched.
        guard let name = names.number(of: nameBytes, in: bytes), !countsOpenTags || names.entries[name].openCount > 0,
              let position = open.lastIndex(where: { $0.name == name }) else {
            if collectsDiagnostics {
                diagnose(.strayEndTag, at: offset, subject: Self.lowercasedName(nameBytes, in: bytes))
            }
            if nameBytes.count <= 2 { strayEndTag(named: nameBytes, range: range) }
            return
        }
        if names.entries[name].role != .none {
            // A block's end tag ends the blocks opened inside it too (see `BlockRole`).
            let innermost = open[open.count - 1].name
            let firstInside = open[position + 1].name
            let (others, endedRequired) = endBlock(at: position)
            if others > Self.maximumKeptOpen {
                diagnose(.misnestingLimit, at: offset, name: firstInside)
            } else if others > 0 || endedRequired {
                diagnose(.misnestedEndTag, at: offset, name: innermost)
            }
            return
        }
        let inner = open.count - 1 - position
        if inner > Self.maximumKeptOpen {
            // Too many to keep: close them too, innermost first, as if their end tags came first.
            diagnose(.misnestingLimit, at: offset, name: open[position + 1].name)
            while open.count > position + 1 { close(open.removeLast()) }
            close(open.removeLast())
            return
        }
        diagnose(.misnestedEndTag, at: offset, name: open[open.count - 1].name)
        close(open.remove(at: position))
    }

    /// A stray end tag named by the bytes `nameBytes`: `</p>` and `</br>` become the elements `<p/>` and `<br>`, an
    /// empty paragraph's mark and a line break, without the end tag's attributes, as HTML reads them when no `p` is
    /// open (the HTML standard's "in body" insertion mode: a parse error, still diagnosed); `a</p>b` is two lines
    /// there. Another name changes nothing.
    @inline(never)
    private mutating func strayEndTag(named nameBytes: Range<Int>, range: Range<Int>) {
        guard Self.isElementWhenStray(bytes: UnsafeBufferPointer(rebasing: bytes[nameBytes])) else { return }
        grammar.forgetScannedParameters()
        startTag(named: names.number(of: nameBytes, in: bytes) ?? addName(nameBytes), selfClosing: true, range: range)
    }

    /// Whether a stray end tag of this name is an element (``strayEndTag(named:range:)``): `p` or `br`, in any case.
    static func isElementWhenStray(bytes name: UnsafeBufferPointer<UInt8>) -> Bool {
        name.count <= 2 && isElementWhenStray(packed: lowercasedPacked(name))
    }

    /// ``isElementWhenStray(bytes:)`` on a name packed as ``isVoid(packed:)`` takes one: lowercased, or with every
    /// byte ORed with 0x20, which makes `p`, `b` or `r` only of that letter in either case.
    static func isElementWhenStray(packed: UInt64) -> Bool {
        packed == 0x70 || packed == 0x7262  // p br
    }

    /// Ends the open tags whose ends a start tag of `role` implies (see ``BlockRole``): its own rule's, then an open
    /// `p`. The tags that are not blocks inside what ends close too, into ``reopening``, to open again inside the
    /// new tag (``reopenInside()``). Out of line: only blocks imply ends, and a sentence has none.
    @inline(never)
    private mutating func endImplied(by role: BlockRole) {
        if let position = innermostToEnd(role.step(at:)) { endBlock(at: position, reopening: true) }
        if role.endsParagraph, let position = innermostToEnd(BlockRole.paragraphStep(at:)) {
            endBlock(at: position, reopening: true)
        }
    }

    /// The position of the open tag a search outward by `step` ends, within the innermost
    /// ``BlockRole/searchLimit`` tags.
    private func innermostToEnd(_ step: (BlockRole) -> BlockRole.Step) -> Int? {
        BlockRole.innermostToEnd(among: open.count, roleAt: { names.entries[open[$0].name].role }, by: step)
    }

    /// Ends the open tag at `position` and the blocks opened inside it, innermost first. The other tags opened
    /// inside it stay open, as a misnested end tag keeps them, or, when `reopening`, end too and are put at the
    /// front of ``reopening``; more than ``maximumKeptOpen`` of them end first, and are neither kept nor reopened.
    /// Returns how many of those there were, and whether a block it ended inside needed its end tag (see
    /// ``BlockRole/endTagIsOptional``).
    @discardableResult
    private mutating func endBlock(at position: Int, reopening reopens: Bool = false) -> (others: Int,
                                                                                          endedRequired: Bool) {
        var others = 0
        for index in (position + 1)..<open.count where names.entries[open[index].name].role == .none { others += 1 }
        guard others <= Self.maximumKeptOpen else {
            while open.count > position + 1 { close(open.removeLast()) }
            close(open.removeLast())
            return (others, true)
        }
        if reopens, others > 0 {
            // Outermost first, before the tags an earlier end put there, which were inside these.
            var at = 0
            for index in (position + 1)..<open.count where names.entries[open[index].name].role == .none {
                reopening.insert(open[index], at: at)
                at += 1
            }
        }
        var endedRequired = false
        var index = open.count - 1
        while index > position {
            let role = names.entries[open[index].name].role
            if role != .none || reopens {
                if role != .none, !role.endTagIsOptional { endedRequired = true }
                // Removed from the innermost down: only the tags kept open above it, at most `maximumKeptOpen`, move.
                close(open.remove(at: index))
            }
            index -= 1
        }
        close(open.remove(at: position))
        return (others, endedRequired)
    }

    /// How many tags opened inside a tag a misnested end tag keeps open (`</b>` in `<b><i>x</b>y</i>` keeps
    /// `<i>`). Each kept-open tag gets a new attribute for the text after the end tag, so without a bound
    /// `<t0>…<t999>x</t0>y</t1>y…` (14 KB) would make half a million attributes; with it, a template makes at
    /// most this many per end tag. Like HTML's adoption agency, which reopens at most three formatting elements.
    static let maximumKeptOpen = 8

    @inline(__always)
    private mutating func close(_ closed: (name: Int, tag: Int)) {
        if countsOpenTags {
            names.entries[closed.name].openCount -= 1
            if open.isEmpty { countsOpenTags = false }
        }
        program.tokens.append(.close(closed.tag))
    }

    /// Decides the fate of tags still open at the end: known or parameterised tags (and those of the options' block
    /// tag names) stay open to the end; others (`Hi <Hottest> deals`) were likely prose, and become literal text
    /// again.
    private mutating func closeRemainingTags() {
        guard !open.isEmpty else { return }
        let keptOpen = options.tagNamesKeptOpen
        for (number, tagIndex) in open {
            let tag = program.tags[tagIndex]
            let name = self.name(number)
            if keptOpen.contains(name) || !program.attributes[tag.attribute].parameters.isEmpty {
                diagnose(.unclosedTag, at: tag.sourceRange.lowerBound, subject: name)
            } else {
                program.tags[tagIndex].keep = false
                diagnose(.unclosedUnknownTag, at: tag.sourceRange.lowerBound, subject: name)
            }
        }
        open.removeAll(keepingCapacity: true)
    }

    /// The tag about to be appended to the program, named `names.entries[name]`, with its attribute.
    @inline(__always)
    private mutating func makeTag(named name: Int, range: Range<Int>) -> TemplateTag {
        // Every tag of a name without parameters has the same attribute: made once, with its hash.
        if scannedParameters.isEmpty, let attribute = names.entries[name].attribute {
            return TemplateTag(attribute: attribute, sourceRange: range)
        }
        return makeTagAttribute(named: name, range: range)
    }

    /// ``makeTag(named:range:)`` for a tag with parameters, or the first of its name without.
    private mutating func makeTagAttribute(named name: Int, range: Range<Int>) -> TemplateTag {
        guard !scannedParameters.isEmpty else {
            // Its attribute depends on the name alone: a name met in an earlier parse takes that one's.
            let nameBytes = UnsafeBufferPointer(rebasing: bytes[names.entries[name].bytes])
            let made: StyledText.Attribute
            if let cached = tagAttributes.attribute(for: nameBytes) {
                made = cached
            } else {
                made = StyledText.Attribute(lowercasedName: self.name(name), parameters: [:], action: nil)
                tagAttributes.add(made, for: nameBytes)
            }
            let attribute = appendAttribute(made)
            names.entries[name].attribute = attribute
            return TemplateTag(attribute: attribute, sourceRange: range)
        }
        // A tag without `%` has no placeholder to number, so its attribute depends on its bytes alone: a tag
        // spelled as one parsed before takes that one's attribute.
        let tagBytes = UnsafeBufferPointer(rebasing: bytes[range])
        let isCacheable = range.count <= TagAttributeCache.maximumKeyLength
            && ByteSearch(UInt8(ascii: "%"), UInt8(ascii: "%"), UInt8(ascii: "%"))
                .firstIndex(in: tagBytes, from: 0, byHalves: true) == tagBytes.count
        if isCacheable, let cached = tagAttributes.attribute(for: tagBytes) {
            return TemplateTag(attribute: appendAttribute(cached), sourceRange: range)
        }
        var values: [String: String] = Dictionary(minimumCapacity: scannedParameters.count)
        var dynamic: [DynamicParameter] = []
        for (nameRange, valueRange) in scannedParameters {
            let parameterName = Self.lowercasedName(nameRange, in: bytes)
            guard let valueRange, !valueRange.isEmpty else {
                values[parameterName] = ""
                continue
            }
            if !bytes[valueRange].contains(UInt8(ascii: "%")) {
                // No placeholder (most values): decode straight into the value, without pieces.
                values[parameterName] = Self.decodedValue(valueRange, in: bytes)
                continue
            }
            let pieces = valuePieces(valueRange)
            if pieces.contains(where: { if case .placeholder = $0 { true } else { false } }) {
                dynamic.append(DynamicParameter(name: parameterName, pieces: pieces))
            }
            values[parameterName] = pieces.reduce(into: "") { result, piece in
                switch piece {
                case let .text(text): result += text
                case let .placeholder(placeholder): result += placeholder.spelling(in: source)
                }
            }
        }
        if !dynamic.isEmpty { program.dynamicParameters[program.tags.count] = dynamic }
        let attribute = StyledText.Attribute(lowercasedName: self.name(name), parameters: values, action: nil)
        if isCacheable { tagAttributes.add(attribute, for: tagBytes) }
        return TemplateTag(attribute: appendAttribute(attribute), sourceRange: range)
    }

    /// The parameters of a tag without placeholders in them, by lowercased name: its attribute's.
    static func staticParameters(_ parameters: ScannedParameters, in bytes: UnsafeBufferPointer<UInt8>) -> [String: String] {
        var values: [String: String] = Dictionary(minimumCapacity: parameters.count)
        for (name, value) in parameters {
            values[lowercasedName(name, in: bytes)] = value.map { decodedValue($0, in: bytes) } ?? ""
        }
        return values
    }

    /// A parameter's value, without placeholders, with its character references decoded by the attribute rules.
    static func decodedValue(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        CharacterReferences.decodedString(UnsafeBufferPointer(rebasing: bytes[range]), inAttributeValue: true)
    }

    /// Appends an attribute to the program's and returns its index.
    private mutating func appendAttribute(_ attribute: StyledText.Attribute) -> Int {
        // Room for a sentence's few at once, rather than growing from one.
        if program.attributes.isEmpty { program.attributes.reserveCapacity(8) }
        program.attributes.append(attribute)
        return program.attributes.count - 1
    }

    /// A parameter value split at its placeholders, with character references decoded by the attribute rules.
    private mutating func valuePieces(_ range: Range<Int>) -> [DynamicParameter.Piece] {
        var pieces: [DynamicParameter.Piece] = []
        var text = ""
        var literalStart = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            guard bytes[index] == UInt8(ascii: "%") else {
                index += 1
                continue
            }
            if index + 1 < range.upperBound, bytes[index + 1] == UInt8(ascii: "%") {
                CharacterReferences.decode(substring(literalStart..<(index + 1)), inAttributeValue: true, into: &text)
                index += 2
                literalStart = index
                continue
            }
            let valueBytes = UnsafeBufferPointer(rebasing: bytes[..<range.upperBound])
            if let placeholder = Placeholder.parse(valueBytes, at: index, nextIndex: &nextArgument) {
                CharacterReferences.decode(substring(literalStart..<index), inAttributeValue: true, into: &text)
                if !text.isEmpty { pieces.append(.text(text)) }
                text = ""
                pieces.append(.placeholder(placeholder))
                program.argumentCount = max(program.argumentCount, placeholder.argumentIndex + 1)
                index = placeholder.sourceRange.upperBound
                literalStart = index
            } else {
                diagnose(.invalidPlaceholder, at: index, subject: snippet(at: index, length: 2))
                index += 1
            }
        }
        CharacterReferences.decode(substring(literalStart..<range.upperBound), inAttributeValue: true, into: &text)
        if !text.isEmpty { pieces.append(.text(text)) }
        return pieces
    }

    // MARK: Helpers

    /// Appends a literal token, extending the previous one when it ends where this one starts.
    ///
    /// Text without `&` reads the same decoded or verbatim, so an adjacent such text token joins it too: the
    /// text and tags past the depth limit (`<b>x` × 100,000) become one token instead of one per tag and text.
    private mutating func appendLiteral(_ range: Range<Int>) {
        switch program.tokens.last?.step {
        case let .literal(previous)? where previous.upperBound == range.lowerBound:
            program.tokens[program.tokens.count - 1] = .literal(previous.lowerBound..<range.upperBound)
        case let .text(previous)? where previous.upperBound == range.lowerBound && !containsAmpersand(previous):
            program.tokens[program.tokens.count - 1] = .literal(previous.lowerBound..<range.upperBound)
        default:
            program.tokens.append(.literal(range))
        }
    }

    /// Appends text holding `%%` escapes (and no `&`), extending such a token just before it.
    private mutating func appendPercentEscaped(_ range: Range<Int>) {
        if case let .percentEscapedText(previous)? = program.tokens.last?.step, previous.upperBound == range.lowerBound {
            program.tokens[program.tokens.count - 1] = .percentEscapedText(previous.lowerBound..<range.upperBound)
        } else {
            program.tokens.append(.percentEscapedText(range))
        }
    }

    private func containsAmpersand(_ range: Range<Int>) -> Bool {
        guard let base = bytes.baseAddress, !range.isEmpty else { return false }
        return memchr(base + range.lowerBound, Int32(UInt8(ascii: "&")), range.count) != nil
    }

    /// Appends the text in `range`, if any: inlined, because most markup follows other markup and has no text
    /// before it.
    @inline(__always)
    private mutating func flushText(_ range: Range<Int>) {
        if !range.isEmpty { appendText(range) }
    }

    private mutating func appendText(_ range: Range<Int>) {
        if case let .literal(previous)? = program.tokens.last?.step, previous.upperBound == range.lowerBound,
                  !containsAmpersand(range) {
            // Text without `&` is the same verbatim: it joins the literal before it (see `appendLiteral`).
            program.tokens[program.tokens.count - 1] = .literal(previous.lowerBound..<range.upperBound)
        } else if case let .percentEscapedText(previous)? = program.tokens.last?.step, previous.upperBound == range.lowerBound,
                  !containsAmpersand(range) {
            // Text never holds `%%` (the scan stops at every `%`), so it can join escaped text unchanged.
            program.tokens[program.tokens.count - 1] = .percentEscapedText(previous.lowerBound..<range.upperBound)
        } else {
            program.tokens.append(.text(range))
        }
    }

    private mutating func diagnose(_ kind: TemplateDiagnostic.Kind, at offset: Int, subject: String) {
        guard collectsDiagnostics else { return }
        guard program.diagnostics.count < options.maximumDiagnostics else {
            program.droppedDiagnostics += 1
            return
        }
        lastDiagnosedOffset = offset
        program.diagnostics.append(PendingDiagnostic(kind: kind, utf8Offset: offset, subject: subject))
    }

    /// Up to `length` bytes of the template from `start`, cut at a scalar boundary and before a line break.
    private func snippet(at start: Int, length: Int) -> String {
        guard collectsDiagnostics else { return "" }
        var end = min(start + length, bytes.count)
        if let newline = bytes[start..<end].firstIndex(of: UInt8(ascii: "\n")) { end = newline }
        while end < bytes.count, end > start, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// A diagnostic whose subject is a tag name, made only when diagnostics are collected (inlined: they seldom are).
    @inline(__always)
    private mutating func diagnose(_ kind: TemplateDiagnostic.Kind, at offset: Int, name: Int) {
        guard collectsDiagnostics else { return }
        diagnose(kind, at: offset, subject: self.name(name))
    }

    /// Numbers a tag name met for the first time.
    private mutating func addName(_ range: Range<Int>) -> Int {
        // With the first name, room for a few open tags at once: grown from one, two nested tags cost two
        // allocations.
        if names.entries.isEmpty { open.reserveCapacity(8) }
        let number = names.add(range, in: bytes)
        if let blockTagNames = options.ownBlockTagNames, blockTagNames.contains(Self.lowercasedName(range, in: bytes)) {
            names.entries[number].marksBlock = true
        }
        return number
    }

    /// The lowercased tag name numbered `number`: its attribute's, once one is made, rather than a string per tag.
    private func name(_ number: Int) -> String {
        if let attribute = names.entries[number].attribute { return program.attributes[attribute].name }
        return Self.lowercasedName(names.entries[number].bytes, in: bytes)
    }

    private func substring(_ range: Range<Int>) -> Substring {
        source.utf8Slice(range)
    }

    /// The ASCII-lowercased name at `range` (names are ASCII by grammar, so this never changes other bytes).
    ///
    /// Static, as `scanName(in:from:)` is.
    static func lowercasedName(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        if !slice.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) {
            return String(decoding: slice, as: UTF8.self)
        }
        return String(decoding: slice.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    /// Parameter names take anything HTML allows but white space, quotes, `<`, `>`, `/`, `=` and controls (every
    /// byte from 0x80 up, and the ASCII ones looked up as a bit of two 64-bit masks, as ``isNameByte(_:)`` does,
    /// instead of eight comparisons per byte).
    @inline(__always)
    static func isParameterNameByte(_ byte: UInt8) -> Bool {
        // 0x21–0x3F but `"` (0x22), `'` (0x27), `/` (0x2F), `<` `=` `>` (0x3C–0x3E); then 0x40–0x7E.
        let low: UInt64 = 0x8FFF_7F7A_0000_0000
        let high: UInt64 = 0x7FFF_FFFF_FFFF_FFFF
        let mask = byte & 0x40 == 0 ? low : high
        return byte >= 0x80 || mask & (1 &<< UInt64(byte & 63)) != 0
    }
}
