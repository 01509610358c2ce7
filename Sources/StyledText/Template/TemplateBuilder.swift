import Foundation

/// The second pass: replays a program's tokens into parts.
///
/// With arguments it inserts them as it goes; without (`arguments == nil`) it builds the template's skeleton
/// and records where each argument goes, so that filling later is a cheap merge.
struct TemplateBuilder {
    private(set) var program: TemplateProgram
    let source: String
    let arguments: [any StyledTextArgument]?
    let isolatesArguments: Bool
    /// The built text, once ``run()`` has run.
    private(set) var result = StyledText()
    var insertions: [Insertion] = []
    private var buffer: StyledTextBuffer

    /// The attributes of the tags: the program's, then, when arguments fill placeholders in parameters, each such
    /// tag's filled attribute as it opens.
    private var attributes: [StyledText.Attribute]
    /// Open tags, outermost first: each one's attribute (an index into `attributes`) and its index in the program.
    /// Integers only, so that removing a misnested tag from the middle moves bytes without retaining anything.
    private var open: [(attribute: Int, tag: Int)] = []
    /// How many of `open`, from the start, have their nodes built: `validTop` and its parents. Closing a tag in
    /// the middle drops the nodes from there up, which are rebuilt only when text needs them.
    private var validPrefix = 0
    /// The node of `open[validPrefix - 1]`, `nil` when `validPrefix` is 0. The nodes below it are its parents:
    /// only the top is kept, so rebuilding a stack stores one reference, not one per tag.
    private var validTop: AttributeNode?
    /// The last argument inserted, when it was a `String`: see `insert(…, lastString:)`.
    private var lastString: LastString?
    /// Every node built, so that equal stacks (rebuilt after a misnested end tag, or the same tags opened again)
    /// are the same nodes.
    private var nodes = AttributeNodeTable()

    /// Where an argument goes in the skeleton: after `segmentCount` segments, at UTF-8 `offset` of its text.
    struct Insertion: Sendable {
        var segmentCount: Int
        var offset: Int
        var placeholder: Placeholder
        var stack: AttributeStack
    }

    /// - Parameter spareBytes: Room for the text's bytes, from an earlier text (see ``TextBytes``).
    init(program: consuming TemplateProgram, source: String, arguments: [any StyledTextArgument]?,
         isolatesArguments: Bool, spareBytes: [UInt8] = []) {
        attributes = program.attributes
        // A segment per token at most; growing the array as it fills cost four reallocations a sentence.
        buffer = StyledTextBuffer(byteCapacity: source.utf8.count, segmentCapacity: program.tokens.count,
                                  spareBytes: spareBytes)
        self.program = program
        self.source = source
        self.arguments = arguments
        self.isolatesArguments = isolatesArguments
    }

    /// Builds the text (as ``run()``) with the open-tag stack and the node table taken from `scratch`; they go back
    /// there with the program's arrays and the room the text's bytes took, and `scratch` then holds the only
    /// references to the arrays.
    mutating func build(scratch: inout TemplateScratch) -> StyledText {
        open = TemplateScratch.take(&scratch.builderOpen)
        swap(&nodes, &scratch.nodes)
        nodes.startGeneration()
        run()
        swap(&nodes, &scratch.nodes)
        attributes = []
        scratch.tokens = TemplateScratch.take(&program.tokens)
        scratch.tags = TemplateScratch.take(&program.tags)
        scratch.attributes = TemplateScratch.take(&program.attributes)
        scratch.placeholders = TemplateScratch.take(&program.placeholders)
        scratch.builderOpen = TemplateScratch.take(&open)
        scratch.textBytes = buffer.takeSpareBytes()
        return result
    }

    mutating func run() {
        // Room for a few open tags at once: grown from one, two nested tags cost two allocations.
        if !program.tags.isEmpty { open.reserveCapacity(8) }
        let utf8 = source.utf8
        if utf8.withContiguousStorageIfAvailable({ run(bytes: $0) }) == nil {
            run(bytes: nil)
        }
        result = buffer.finish()
    }

    /// The replay, with the source's bytes when they are contiguous (always for native strings).
    private mutating func run(bytes: UnsafeBufferPointer<UInt8>?) {
        for token in program.tokens {
            switch token.step {
            case let .text(range):
                let stack = currentStack()
                if let bytes {
                    // Token boundaries are ASCII, so these are whole scalars.
                    let piece = UnsafeBufferPointer(rebasing: bytes[range])
                    buffer.appendDecodedText(utf8: piece, stack: stack)
                } else {
                    buffer.appendText(CharacterReferences.decode(substring(range), inAttributeValue: false),
                                      stack: stack)
                }
            case let .percentEscapedText(range):
                // No `&`, so decoding would change nothing; each `%%`, paired from the left as the tokenizer
                // paired them, becomes `%`.
                let text: String
                if let bytes {
                    text = Self.collapsingPercentEscapes(UnsafeBufferPointer(rebasing: bytes[range]))
                } else {
                    text = String(substring(range)).replacingOccurrences(of: "%%", with: "%")
                }
                buffer.appendText(text, stack: currentStack())
            case let .literal(range):
                appendVerbatim(range, bytes: bytes, stack: currentStack())
            case let .placeholder(placeholderIndex):
                let placeholder = program.placeholders[placeholderIndex]
                if arguments == nil {
                    insertions.append(Insertion(segmentCount: buffer.segments.count, offset: buffer.bytes.count,
                                                placeholder: placeholder, stack: currentStack()))
                } else {
                    // Static, with the arguments passed in: calling an instance method while `buffer` is
                    // borrowed inout would copy `buffer` (the whole text so far) for every placeholder.
                    let stack = currentStack()
                    Self.insert(placeholder, from: source, arguments: arguments, isolatesArguments: isolatesArguments,
                                stack: stack, into: &buffer, lastString: &lastString)
                }
            case let .open(tagIndex):
                if program.tags[tagIndex].keep {
                    let attribute = attribute(ofTag: tagIndex)
                    if program.tags[tagIndex].marksBlock {
                        buffer.appendSegment(.element(StyledText.Segment.Element(attributes[attribute])),
                                             stack: currentStack())
                    }
                    open.append((attribute, tagIndex))
                } else {
                    appendVerbatim(program.tags[tagIndex].sourceRange, bytes: bytes, stack: currentStack())
                }
            case let .close(tagIndex):
                // The tokenizer only closes tags it opened, so the tag is here; search from the innermost.
                if let position = open.lastIndex(where: { $0.tag == tagIndex }) {
                    // Usually the innermost: without the general move of `remove(at:)`.
                    if position == open.count - 1 { open.removeLast() } else { open.remove(at: position) }
                    if position < validPrefix { dropNodes(from: position) }
                }
            case let .element(tagIndex):
                let attribute = attribute(ofTag: tagIndex)
                buffer.appendSegment(.element(StyledText.Segment.Element(attributes[attribute])), stack: currentStack())
            }
        }
    }

    /// Appends the template's bytes in `range` as they are.
    private mutating func appendVerbatim(_ range: Range<Int>, bytes: UnsafeBufferPointer<UInt8>?, stack: AttributeStack) {
        if let bytes {
            buffer.appendText(utf8: UnsafeBufferPointer(rebasing: bytes[range]), stack: stack)
        } else {
            buffer.appendText(substring(range), stack: stack)
        }
    }

    /// The UTF-8 text with every `%%`, paired from the left, written as `%`.
    static func collapsingPercentEscapes(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            var written = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                buffer[written] = byte
                written += 1
                index += byte == UInt8(ascii: "%") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "%") ? 2 : 1
            }
            return written
        }
    }

    /// A `String` argument and its position, kept between insertions.
    typealias LastString = (index: Int, string: String)

    /// Inserts the argument for `placeholder`, or its spelling when there is no such argument.
    ///
    /// `lastString` remembers the last `String` argument, so that a placeholder repeated (`%1$@` a thousand times)
    /// inserts it again without opening the existential and checking its type every time.
    static func insert(_ placeholder: Placeholder, from source: String, arguments: [any StyledTextArgument]?,
                       isolatesArguments: Bool, stack: AttributeStack, into text: inout StyledTextBuffer,
                       lastString: inout LastString?) {
        guard let arguments, placeholder.argumentIndex < arguments.count else {
            text.appendText(placeholder.spelling(in: source), stack: stack)
            return
        }
        let index = placeholder.argumentIndex
        if isolatesArguments { text.appendText("\u{2068}", stack: stack) }
        // Called on the element in place: `let argument = arguments[index]` copied the existential out of the array.
        if let last = lastString, last.index == index {
            text.appendText(last.string, stack: stack)
        } else if let string = arguments[index].stringValue {
            text.appendText(string, stack: stack)
            lastString = (index, string)
        } else if !arguments[index].appendIfSubstring(to: &text, stack: stack) {
            text.append(arguments[index].styledText(formattedAs: placeholder.specifier(in: source)), inside: stack)
        }
        if isolatesArguments { text.appendText("\u{2069}", stack: stack) }
    }

    /// The index in `attributes` of the tag's attribute, with placeholders in its parameters filled when arguments
    /// are known.
    @inline(__always)
    private mutating func attribute(ofTag tagIndex: Int) -> Int {
        let attribute = program.tags[tagIndex].attribute
        guard let arguments, program.hasDynamicParameters, let dynamic = program.dynamicParameters[tagIndex] else {
            return attribute
        }
        attributes.append(Self.filledAttribute(attributes[attribute], dynamic, arguments: arguments, source: source))
        return attributes.count - 1
    }

    /// The attribute with the placeholders in its dynamic parameters filled.
    private static func filledAttribute(_ attribute: StyledText.Attribute, _ dynamicParameters: [DynamicParameter],
                                        arguments: [any StyledTextArgument], source: String) -> StyledText.Attribute {
        var parameters = attribute.parameters
        for parameter in dynamicParameters {
            parameters[parameter.name] = parameter.pieces.reduce(into: "") { value, piece in
                switch piece {
                case let .text(text):
                    value += text
                case let .placeholder(placeholder):
                    if placeholder.argumentIndex < arguments.count {
                        // Inserted as data: the argument's plain text, never decoded or parsed.
                        value += arguments[placeholder.argumentIndex]
                            .styledText(formattedAs: placeholder.specifier(in: source)).plainText
                    } else {
                        value += placeholder.spelling(in: source)
                    }
                }
            }
        }
        return StyledText.Attribute(lowercasedName: attribute.name, parameters: parameters, action: nil)
    }

    /// Inlined for the usual case, every open tag's node already built (or no tag open); reads the innermost
    /// node in place, where `open.last?.node` copied the whole entry, attribute and all.
    @inline(__always)
    private mutating func currentStack() -> AttributeStack {
        guard validPrefix == open.count else { return rebuiltStack() }
        return AttributeStack(top: validTop)
    }

    /// Builds the nodes of the open tags from `validPrefix` on, each on the one before: `validPrefix < open.count`.
    private mutating func rebuiltStack() -> AttributeStack {
        var top = validTop.take()
        for index in validPrefix..<open.count {
            top = nodes.node(open[index].attribute, of: attributes, parent: top)
        }
        validTop = top
        validPrefix = open.count
        return AttributeStack(top: top)
    }

    /// Keeps the built nodes below `position` only (`position < validPrefix`): `validTop` becomes the node of
    /// `open[position - 1]`, found among its parents: a step per tag from the closed one up, at most the nesting
    /// limit's, one for the innermost tag and none for the outermost.
    private mutating func dropNodes(from position: Int) {
        if position == 0 {
            validTop = nil
        } else {
            // Moved out rather than copied: each step then retains a parent and releases a child, nothing more.
            var top = validTop.take()
            for _ in position..<validPrefix { top = top?.parent }
            validTop = top
        }
        validPrefix = position
    }

    private func substring(_ range: Range<Int>) -> Substring {
        source.utf8Slice(range)
    }
}
