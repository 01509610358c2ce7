/// The scan behind ``StyledText/plainText(ofTemplate:options:)``: the template's text, written as bytes in one
/// pass, without tokens, tags or attributes.
///
/// It reads the grammar through ``TemplateTokenizer`` (`scanMarkup(at:recordsParameters:)`: tags, names, parameters
/// checked but not recorded, comments), ``Placeholder`` and ``CharacterReferences``, and so makes the parser's
/// decisions wherever they depend on the bytes alone. What it keeps of the markup is a stack of the tags still open, as
/// byte ranges. The one decision that needs more — which tags a misnested end tag keeps open, and so which tags are
/// still open, and text again, at the end — it leaves to the parser: ``run()`` then returns `nil`. Real text misnests
/// rarely, so the parser's cost is paid rarely.
struct TemplatePlainTextScanner: ~Copyable {
    /// A start tag passed and not yet closed.
    private struct OpenTag {
        /// Its name's bytes in the template.
        var name: Range<Int>
        /// The whole tag's bytes: its text, should it stay open and unknown.
        var source: Range<Int>
        /// Where that text would go in the output.
        var offset: Int
        var hasParameters: Bool
    }

    /// The stack of open tags: a buffer that doubles, freed with the scanner.
    private struct OpenTags: ~Copyable {
        private var start = UnsafeMutablePointer<OpenTag>.allocate(capacity: 16)
        private var capacity = 16
        private(set) var count = 0

        /// The open tags, outermost first; valid until the next push or pop.
        var tags: UnsafeBufferPointer<OpenTag> { UnsafeBufferPointer(start: start, count: count) }

        @inline(__always)
        mutating func push(_ tag: OpenTag) {
            if count == capacity { grow() }
            (start + count).initialize(to: tag)
            count += 1
        }

        @inline(never)
        private mutating func grow() {
            let larger = UnsafeMutablePointer<OpenTag>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: start, count: count)
            start.deallocate()
            start = larger
            capacity *= 2
        }

        /// Removes the innermost tag; there must be one.
        mutating func pop() {
            precondition(count > 0, "no open tag to pop")
            count -= 1
            (start + count).deinitialize(count: 1)
        }

        deinit {
            start.deinitialize(count: count)
            start.deallocate()
        }
    }

    /// How many open tags a search for an end tag that is not the innermost may look through: deeper, the parser
    /// decides, with its counts per name (a search per end tag through a deep stack would be quadratic).
    private static let searchLimit = 16

    private let bytes: UnsafeBufferPointer<UInt8>
    /// The grammar: names, parameters, comments, and searches that remember where they failed.
    private var tokenizer: TemplateTokenizer
    private let maximumDepth: Int
    private var output: UTF8Buffer
    /// The open tags, innermost last: a stack of its own, because an array's appends and removals checked its
    /// storage's uniqueness once per tag, a tenth of the scan's cost per tag.
    private var open: OpenTags
    /// The outcomes of the character references met so far, by spelling.
    private var references: CharacterReferenceMemo
    private var nextArgument = 0
    /// Where the pending text starts: bytes from there on are copied as they are.
    private var textStart = 0

    init(bytes: UnsafeBufferPointer<UInt8>, source: String, options: StyledText.Template.Options) {
        self.bytes = bytes
        maximumDepth = options.maximumDepth
        tokenizer = TemplateTokenizer(bytes: bytes, source: source, options: options, collectsDiagnostics: false)
        output = UTF8Buffer(capacity: bytes.count)
        open = OpenTags()
        references = CharacterReferenceMemo()
    }

    /// The plain text, or `nil` when the template misnests tags and the parser must decide.
    mutating func run() -> String? {
        // The bytes a scan stops at; all others are text, copied in bulk.
        let markers = ByteSearch(UInt8(ascii: "<"), UInt8(ascii: "%"), UInt8(ascii: "&"))
        var index = 0
        while true {
            index = markers.firstIndex(in: bytes, from: index)
            guard index < bytes.count else { break }
            switch bytes[index] {
            case UInt8(ascii: "&"):
                index = reference(at: index)
            case UInt8(ascii: "%"):
                index = percent(at: index)
            default:
                guard let next = markup(at: index) else { return nil }
                index = next
            }
        }
        flushText(upTo: bytes.count, next: bytes.count)
        return finish()
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
    private mutating func percent(at start: Int) -> Int {
        guard start + 1 < bytes.count else { return start + 1 }
        let next = bytes[start + 1]
        if next == UInt8(ascii: "%") {
            // A percent sign: the first `%` stays in the text, the second is dropped.
            flushText(upTo: start + 1, next: start + 2)
            return start + 2
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

    /// Appends a placeholder's spelling. Out of line, as every rare path of the scan is: inlined, they made the
    /// loop so large that the compiler stopped inlining the small calls of its common paths.
    @inline(never)
    private mutating func appendSpelling(of placeholder: Placeholder) {
        output.append(contentsOf: placeholder.spelling(in: tokenizer.source))
    }

    /// The markup at the `<` at `start`: returns where scanning goes on (just past the `<` when it is text), or
    /// `nil` when the parser must decide.
    private mutating func markup(at start: Int) -> Int? {
        switch tokenizer.scanMarkup(at: start, recordsParameters: false) {
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
            if selfClosing || TemplateTokenizer.isVoid(bytes: UnsafeBufferPointer(rebasing: bytes[name])) {
                return tagEnd
            }
            guard open.count < maximumDepth else {
                // Too deep: the tag is text.
                output.append(UnsafeBufferPointer(rebasing: bytes[start..<tagEnd]))
                return tagEnd
            }
            open.push(OpenTag(name: name, source: start..<tagEnd, offset: output.count, hasParameters: hasParameters))
            return tagEnd
        }
    }

    /// Closes the tag `name` ends; `false` when that misnests, for the parser to decide.
    @inline(__always)
    private mutating func endTag(named name: Range<Int>) -> Bool {
        let tags = open.tags
        if let innermost = tags.last, TemplateTokenizer.sameName(innermost.name, name, in: bytes) {
            open.pop()
            return true
        }
        return isStray(name)
    }

    /// Whether no open tag is named `name`, so that its end tag is stray (dropped, as the parser drops it);
    /// `false` too when too many tags are open to search (see ``searchLimit``). Out of line: rare.
    @inline(never)
    private func isStray(_ name: Range<Int>) -> Bool {
        let tags = open.tags
        guard tags.count <= Self.searchLimit else { return false }
        return !tags.contains { TemplateTokenizer.sameName($0.name, name, in: bytes) }
    }

    /// The output, with the tags still open that the parser would keep as text put back where they were: those
    /// neither known nor with parameters (`Hi <Hottest> deals`).
    private mutating func finish() -> String {
        let options = tokenizer.options
        let literal = open.tags.filter {
            !$0.hasParameters && !options.knownTagNames.contains(TemplateTokenizer.lowercasedName($0.name, in: bytes))
        }
        guard !literal.isEmpty else { return output.string }
        var result = UTF8Buffer(capacity: output.count + literal.reduce(0) { $0 + $1.source.count })
        var copied = 0
        for tag in literal {
            result.append(output, range: copied..<tag.offset)
            result.append(UnsafeBufferPointer(rebasing: bytes[tag.source]))
            copied = tag.offset
        }
        result.append(output, range: copied..<output.count)
        return result.string
    }
}
