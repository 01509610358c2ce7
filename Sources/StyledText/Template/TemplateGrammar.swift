import Foundation

/// The grammar of a template's markup, by its bytes alone: what a `<` starts (a start or end tag, with its name,
/// parameters and end; a comment; or text), read the same way by the parser (``TemplateTokenizer``), the one-pass
/// scan (``TemplateScanner``) and its sink, each holding one of these for the template it reads.
///
/// Every search that can fail (a closing quote, `>`, `-->`) remembers the earliest offset from which it failed,
/// so that a later search from at or beyond that offset fails at once: without that, `<a b="` repeated or
/// `<!--` repeated would rescan to the end each time, quadratically.
///
/// A type of its own, apart from the tokenizer's tokens, tags and names, so that the one pass, which needs only
/// the grammar, does not make and destroy the parser's dozen empty arrays and its copy of the options: about 320
/// instructions a template, 8 % of parsing a short one.
struct TemplateGrammar {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The earliest offsets from which a search for `>`, `"`, `'` or `-` failed (see the type's discussion).
    private var failedGreaterThanFrom = Int.max
    private var failedDoubleQuoteFrom = Int.max
    private var failedSingleQuoteFrom = Int.max
    private var failedDashFrom = Int.max
    private var failedCommentSearchFrom = Int.max
    /// The parameters of the tag being scanned, as byte ranges; reused from tag to tag, so that scanning a tag
    /// allocates nothing.
    private(set) var scannedParameters = ScannedParameters()

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// What the `<` at an offset starts, by the grammar alone: what the parser and the plain-text scan both read.
    enum Markup {
        /// Text: the `<` is a literal (`a < b`, `<3`, `<xyz@gmail.com>`, a tag never closed by `>`).
        case text
        /// `<!--` without `-->`: text, which the parser reports.
        case unterminatedComment
        /// A comment or a bogus comment (`<!DOCTYPE html>`, `<?xml …?>`), dropped; it ends before `end`.
        case dropped(end: Int)
        /// A start tag, or an end tag when `isEnd`, named by the bytes `name` and ending before `end`, and whether
        /// it has parameters; the parameters themselves are in `scannedParameters` when they were recorded.
        case tag(name: Range<Int>, end: Int, isEnd: Bool, selfClosing: Bool, hasParameters: Bool)
    }

    /// Reads the markup that starts with the `<` at `start`.
    ///
    /// - Parameter recordsParameters: Whether to record the tag's parameters in `scannedParameters`; without,
    ///   the same grammar is checked and only whether there are any is told (the plain-text scan needs no more).
    @inline(__always)
    mutating func scanMarkup(at start: Int, recordsParameters: Bool = true) -> Markup {
        let end = bytes.count
        guard start + 1 < end else { return .text }
        let next = bytes[start + 1]
        if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
            return recordsParameters ? scanComment(at: start) : scanCommentOutOfLine(at: start)
        }
        let isEnd = next == UInt8(ascii: "/")
        let nameStart = isEnd ? start + 2 : start + 1
        guard nameStart < end, TemplateTokenizer.isASCIILetter(bytes[nameStart]) else { return .text }
        let name = nameStart..<Self.scanName(in: bytes, from: nameStart)
        var selfClosing = false
        var hasParameters = false
        guard let tagEnd = scanTagEnd(from: name.upperBound, selfClosing: &selfClosing, hasParameters: &hasParameters,
                                      recordsParameters: recordsParameters) else { return .text }
        // `</b/>` closes like `</b>`: an end tag is never self-closing, and its parameters are ignored.
        return .tag(name: name, end: tagEnd, isEnd: isEnd, selfClosing: selfClosing && !isEnd,
                    hasParameters: hasParameters)
    }

    /// ``scanComment(at:)`` out of line, for the plain-text scan: comments are rare, and inlined into that scan's
    /// loop, which inlines everything else it does, this one made the loop so large that the compiler stopped
    /// inlining small calls on its common paths (a tenth more instructions per template). The parser's loop is
    /// smaller and keeps it inline, which saves it a call per `<` that is text.
    @inline(never)
    private mutating func scanCommentOutOfLine(at start: Int) -> Markup {
        scanComment(at: start)
    }

    /// The comment or bogus comment starting with the `<!` or `<?` at `start`.
    @inline(__always)
    private mutating func scanComment(at start: Int) -> Markup {
        let end = bytes.count
        if bytes[start + 1] == UInt8(ascii: "!"), start + 3 < end, bytes[start + 2] == UInt8(ascii: "-"),
           bytes[start + 3] == UInt8(ascii: "-") {
            guard let commentEnd = commentEnd(from: start + 4) else { return .unterminatedComment }
            return .dropped(end: commentEnd)
        }
        // `<!DOCTYPE html>`, `<![CDATA[…]]>`, `<?xml …?>`: bogus comments up to the next `>`, as HTML has them.
        guard let close = find(UInt8(ascii: ">"), from: start + 2) else { return .text }
        return .dropped(end: close + 1)
    }

    /// The end of a tag name `[A-Za-z][A-Za-z0-9_.:-]*` starting at `start`.
    ///
    /// Static: as a method of the tokenizer, calling it from a mutating one copied the whole tokenizer (300 bytes)
    /// per tag. `>`, the usual end of a name (`<b>`, `</i>`), is tested first, by itself: ruling a byte out of the
    /// name by its mask took three times as many instructions, and a tag's name costs that once per byte.
    @inline(__always)
    static func scanName(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start &+ 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") || !TemplateTokenizer.isNameByte(byte) { break }
            index &+= 1
        }
        return index
    }

    /// Where the tag whose name ends at `nameEnd` ends, and whether it has parameters:
    /// ``scanParameters(from:selfClosing:hasParameters:)`` (or ``skipParameters(from:selfClosing:hasParameters:)``
    /// when `recordsParameters` is false), with the common case, `>` right after the name (`<b>`, `</a>`), decided
    /// inline.
    @inline(__always)
    mutating func scanTagEnd(from nameEnd: Int, selfClosing: inout Bool, hasParameters: inout Bool,
                             recordsParameters: Bool) -> Int? {
        if nameEnd < bytes.count, bytes[nameEnd] == UInt8(ascii: ">") {
            if recordsParameters { forgetScannedParameters() }
            return nameEnd + 1
        }
        guard recordsParameters else {
            return skipParameters(from: nameEnd, selfClosing: &selfClosing, hasParameters: &hasParameters)
        }
        return scanParameters(from: nameEnd, selfClosing: &selfClosing, hasParameters: &hasParameters)
    }

    /// Empties `scannedParameters`, keeping its storage.
    @inline(__always)
    mutating func forgetScannedParameters() {
        scannedParameters.removeAll()
    }

    /// Scans parameters after a tag name up to and including `>` into `scannedParameters`; `nil` when the tag is
    /// not well-formed.
    private mutating func scanParameters(from start: Int, selfClosing: inout Bool, hasParameters: inout Bool) -> Int? {
        scanParameters(from: start, selfClosing: &selfClosing, hasParameters: &hasParameters, records: true)
    }

    /// ``scanParameters(from:selfClosing:hasParameters:)`` without recording the parameters: the same end, or `nil`, and whether
    /// there are any. For the plain-text scan, which drops tags: duplicates, looked for and kept out by the
    /// recording, never change where a tag ends, and recording cost the scan of a tag such as `<a href='…'>`
    /// half again as much as the grammar does. Inlined where the plain-text scan reads tags with parameters, out of
    /// its loop; the general loop is a call.
    @inline(__always)
    private mutating func skipParameters(from start: Int, selfClosing: inout Bool, hasParameters: inout Bool) -> Int? {
        if let end = skipQuotedParameter(from: start) {
            hasParameters = true
            return end
        }
        return skipParametersGenerally(from: start, selfClosing: &selfClosing, hasParameters: &hasParameters)
    }

    /// ``skipParameters(from:selfClosing:hasParameters:)`` by the general loop.
    @inline(never)
    private mutating func skipParametersGenerally(from start: Int, selfClosing: inout Bool,
                                                  hasParameters: inout Bool) -> Int? {
        scanParameters(from: start, selfClosing: &selfClosing, hasParameters: &hasParameters, records: false)
    }

    /// Where a tag ends whose name is followed by exactly ` name='value'>` or ` name="value">`, the usual
    /// parameter (`<a href='…'>`, `<story type='1'>`): what
    /// ``scanParameters(from:selfClosing:hasParameters:records:)`` finds for it, read straight through instead of
    /// by the general loop (white space runs, `/`, unquoted values), which cost that tag as much again. `nil` for
    /// any other shape, which the general loop reads.
    @inline(__always)
    private mutating func skipQuotedParameter(from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let end = bytes.count
        guard start + 1 < end, base[start] == UInt8(ascii: " ") else { return nil }
        // The name: usually a few letters then `=`, recognised in the 8 bytes after the space at once.
        let letters = end &- start > 8
            ? Self.lettersBeforeEquals(in: UnsafeRawPointer(base + start + 1).loadUnaligned(as: UInt64.self)) : 0
        var index = start &+ 1 &+ letters
        if letters == 0 {
            guard TemplateTokenizer.isParameterNameByte(base[start + 1]) else { return nil }
            index = start + 2
            while index < end, TemplateTokenizer.isParameterNameByte(base[index]) { index += 1 }
        }
        // Offsets within the template, whose length is an `Int`: no sum below overflows.
        guard index &+ 1 < end, base[index] == UInt8(ascii: "=") else { return nil }
        let quote = base[index &+ 1]
        guard quote == UInt8(ascii: "'") || quote == UInt8(ascii: "\""),
              let close = findNearby(quote, from: index &+ 2),
              close &+ 1 < end, base[close &+ 1] == UInt8(ascii: ">") else { return nil }
        return close &+ 2
    }

    /// How many bytes of `word` (8 bytes, the first lowest) precede its first `=`, when there is one and they are
    /// one or more ASCII letters, which are parameter name bytes; 0 otherwise. One test of the word where a loop
    /// tested each byte (a usual name such as `href` cost as much as the rest of its tag's parameter).
    @inline(__always)
    static func lettersBeforeEquals(in word: UInt64) -> Int {
        let word = UInt64(littleEndian: word)
        // The first `=`, flagged exactly.
        let count = ByteSearch.matchingBytes(UInt8(ascii: "="), in: word).trailingZeroBitCount &>> 3
        guard count > 0, count < 8 else { return 0 }
        // The top bit of each byte before the `=`: clear in ASCII; set, for a byte ORed with 0x20, by adding 0x1F
        // from `a` up and by adding 0x05 from past `z` up. (Below 0x80 no addition carries into the next byte;
        // carries from the bytes past the `=` only reach bytes further on, which the mask leaves out.)
        let tops = 0x8080_8080_8080_8080 & ((1 &<< UInt64(count &* 8)) &- 1)
        guard word & tops == 0 else { return 0 }
        let folded = word | 0x2020_2020_2020_2020
        let letters = (folded &+ 0x1F1F_1F1F_1F1F_1F1F) & ~(folded &+ 0x0505_0505_0505_0505) & tops
        return letters == tops ? count : 0
    }

    /// The grammar of parameters after a tag name up to and including `>`, recording them into
    /// `scannedParameters` when `records`; `nil` when the tag is not well-formed. Inlined into its two callers,
    /// each with `records` constant.
    @inline(__always)
    private mutating func scanParameters(from start: Int, selfClosing: inout Bool, hasParameters: inout Bool,
                                         records: Bool) -> Int? {
        let end = bytes.count
        var index = start
        if records { forgetScannedParameters() }
        // Names seen, once a tag has many parameters: a linear search per parameter would make a tag with
        // 100,000 distinct parameters quadratic.
        var seenNames: Set<String>?
        // The name must end at white space, `/` or `>`: `<xyz@gmail.com>` and `<Congratulation!>` are text.
        guard index < end, TemplateTokenizer.isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "/")
            || bytes[index] == UInt8(ascii: ">") else { return nil }
        while true {
            while index < end, TemplateTokenizer.isSpace(bytes[index]) { index += 1 }
            guard index < end else { return nil }
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") { return index + 1 }
            if byte == UInt8(ascii: "/") {
                if index + 1 < end, bytes[index + 1] == UInt8(ascii: ">") {
                    selfClosing = true
                    return index + 2
                }
                index += 1  // A stray `/` inside a tag is ignored, as HTML does.
                continue
            }
            guard TemplateTokenizer.isParameterNameByte(byte) else { return nil }
            let nameStart = index
            while index < end, TemplateTokenizer.isParameterNameByte(bytes[index]) { index += 1 }
            let name = nameStart..<index
            var afterName = index
            while afterName < end, TemplateTokenizer.isSpace(bytes[afterName]) { afterName += 1 }
            var value: Range<Int>?
            if afterName < end, bytes[afterName] == UInt8(ascii: "=") {
                index = afterName + 1
                while index < end, TemplateTokenizer.isSpace(bytes[index]) { index += 1 }
                guard index < end else { return nil }
                let quote = bytes[index]
                if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    guard let close = findNearby(quote, from: index + 1) else { return nil }
                    value = (index + 1)..<close
                    index = close + 1
                } else {
                    let valueStart = index
                    while index < end, !TemplateTokenizer.isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") {
                        let byte = bytes[index]
                        // `<icon name=star/>` means a self-closing tag, not the value `star/` HTML would read.
                        if byte == UInt8(ascii: "/"), index + 1 < end, bytes[index + 1] == UInt8(ascii: ">") { break }
                        guard byte != UInt8(ascii: "\""), byte != UInt8(ascii: "'"), byte != UInt8(ascii: "<"),
                              byte != UInt8(ascii: "="), byte != UInt8(ascii: "`") else { return nil }
                        index += 1
                    }
                    value = valueStart..<index
                }
            }
            hasParameters = true
            guard records else { continue }
            // The first of duplicate parameters wins, as in HTML.
            // 64: comparing byte ranges is cheap enough that tags with dozens of parameters (seen in the wild and
            // in the adversarial suite) stay on the path that allocates nothing.
            if scannedParameters.count < 64 {
                if !scannedParameters.containsName(name, in: bytes) {
                    scannedParameters.append((name, value))
                }
            } else {
                if seenNames == nil { seenNames = Set(scannedParameters.map { TemplateTokenizer.lowercasedName($0.name, in: bytes) }) }
                if seenNames?.insert(TemplateTokenizer.lowercasedName(name, in: bytes)).inserted == true { scannedParameters.append((name, value)) }
            }
        }
    }

    // MARK: Searching

    /// ``find(_:from:)`` for a byte that is usually near, such as the quote closing a parameter value
    /// (`type='1'`, `href='/account/settings'`): up to 64 bytes looked at 16 at a time before the general search,
    /// whose call to `memchr` costs more than such a short search. (A search that failed before found no byte
    /// from there on, so it finds none here either.)
    @inline(__always)
    private mutating func findNearby(_ byte: UInt8, from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return find(byte, from: start) }
        let raw = UnsafeRawPointer(base)
        let target = SIMD16<UInt8>(repeating: byte)
        var index = start
        let limit = min(bytes.count, start &+ 64)
        while limit &- index >= 16 {
            // Matching lanes are all ones: the first one's lowest bit, divided by 8, is its index.
            let lanes = unsafeBitCast(raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self) .== target,
                                      to: (UInt64, UInt64).self)
            if lanes.0 != 0 { return index &+ lanes.0.trailingZeroBitCount &>> 3 }
            if lanes.1 != 0 { return index &+ 8 &+ lanes.1.trailingZeroBitCount &>> 3 }
            index &+= 16
        }
        return find(byte, from: index)
    }

    /// The offset of the next `byte` at or after `start`, remembering failures (see the type's discussion).
    private mutating func find(_ byte: UInt8, from start: Int) -> Int? {
        if start >= failedSearchFrom(byte) { return nil }
        if start < bytes.count, let base = bytes.baseAddress,
           let found = memchr(base + start, Int32(byte), bytes.count - start) {
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        switch byte {
        case UInt8(ascii: ">"): failedGreaterThanFrom = min(failedGreaterThanFrom, start)
        case UInt8(ascii: "\""): failedDoubleQuoteFrom = min(failedDoubleQuoteFrom, start)
        case UInt8(ascii: "'"): failedSingleQuoteFrom = min(failedSingleQuoteFrom, start)
        default: failedDashFrom = min(failedDashFrom, start)
        }
        return nil
    }

    /// Where a search for `byte` (one of `>`, `"`, `'`, `-`) last failed from.
    private func failedSearchFrom(_ byte: UInt8) -> Int {
        switch byte {
        case UInt8(ascii: ">"): failedGreaterThanFrom
        case UInt8(ascii: "\""): failedDoubleQuoteFrom
        case UInt8(ascii: "'"): failedSingleQuoteFrom
        default: failedDashFrom
        }
    }

    /// The offset after the `-->` that ends a comment whose body starts at `start`.
    private mutating func commentEnd(from start: Int) -> Int? {
        let end = bytes.count
        // `<!-->` and `<!--->` are complete (empty) comments in HTML.
        if start < end, bytes[start] == UInt8(ascii: ">") { return start + 1 }
        if start + 1 < end, bytes[start] == UInt8(ascii: "-"), bytes[start + 1] == UInt8(ascii: ">") { return start + 2 }
        guard start < failedCommentSearchFrom else { return nil }
        var index = start
        while let dash = find(UInt8(ascii: "-"), from: index) {
            if dash + 2 < end, bytes[dash + 1] == UInt8(ascii: "-"), bytes[dash + 2] == UInt8(ascii: ">") {
                return dash + 3
            }
            index = dash + 1
        }
        failedCommentSearchFrom = start
        return nil
    }
}
