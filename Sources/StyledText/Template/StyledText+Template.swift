extension StyledText {
    /// A parsed tagged template: parse once, fill with arguments many times.
    ///
    /// A template is text with tags (`<b>`, `<story type='1'>`, `<br/>`), HTML character references (`&amp;`)
    /// and printf-style placeholders (`%@`, `%2$@`, `%lld`, `%.2f`, `%%`). Tags become semantic attributes with
    /// the same names and parameters; placeholders become the arguments, inserted as data after parsing so that
    /// an argument is never parsed as markup.
    ///
    /// ```swift
    /// let template = StyledText.Template("Pick: %@ <i>or</i> %@")
    /// let text = template("<b>tea</b>", "coffee")
    /// text.plainText  // "Pick: <b>tea</b> or coffee"
    /// text.parts[1]   // .text("or", attributes: [.tag("i")])
    /// ```
    ///
    /// Parsing is lenient, like a browser: it never fails and never loses text. A `<` that does not start a well-formed
    /// tag is text; `</x>` closes the nearest open `x`, and tags opened inside it stay open after it (up to eight; with
    /// more, `</x>` closes them too); stray end tags are dropped, but `</p>` and `</br>` are the elements `<p/>` and
    /// `<br>` as in a browser; void tags (`br`, `img`, `hr`, `wbr`, …) and `<x/>` become element parts; a start tag of
    /// an HTML block, list item or table part (`p`, `div`, `li`, `ul`, `tr`, `td`, …) also puts an element part of its
    /// attribute where its content begins, so that a resolver's ``StyleResolver/block(_:prefix:)`` rules see
    /// `<p>a</p><p>b</p>` as two blocks although their text coalesces; comments and `<!DOCTYPE …>` are dropped; a tag
    /// never closed stays open to the end when its name is known (see ``Options/knownTagNames``) or it has parameters,
    /// and is kept as text otherwise. Every such repair is listed in ``diagnostics``, with its position.
    ///
    /// - Complexity: Parsing is a single pass over the UTF-8 bytes, O(*n*). Filling is O(size of the result).
    public struct Template: Sendable, Hashable {
        /// The template text.
        public let source: String
        /// The options it was parsed with.
        public let options: Options
        /// Every repair the parser made, in source order.
        public let diagnostics: [TemplateDiagnostic]

        let program: TemplateProgram
        /// The template without its arguments, and where they go; unused when parameters hold placeholders.
        let skeleton: StyledText
        let insertions: [TemplateBuilder.Insertion]
        /// How filling walks the skeleton and the insertions; see ``fillSteps(skeleton:insertions:)``.
        let fillSteps: [FillStep]
        /// One stack per class of equal stacks among the fill steps' (steps name their class).
        let fillStacks: [AttributeStack]
        /// Whether a filled text's parts always fit the compact form (``StyledText/CompactSegments``): no images or
        /// elements, and at most two attributed text parts, whatever the arguments.
        let fillsCompact: Bool
        /// The argument each insertion takes.
        let insertionArguments: [Int]

        /// Parses a template.
        ///
        /// - Parameters:
        ///   - source: The template text.
        ///   - options: Limits and behaviour; the defaults suit localized strings.
        /// - Complexity: O(*n*) in the length of `source`.
        public init(_ source: String, options: Options = Options()) {
            var source = source
            // Native UTF-8 storage makes every offset-to-index conversion O(1); bridged strings are copied once.
            source.makeContiguousUTF8()
            self.source = source
            self.options = options
            let program = Self.parse(source, options: options, collectsDiagnostics: true)
            self.program = program
            self.diagnostics = Self.locate(program.diagnostics, dropped: program.droppedDiagnostics, in: source)
            if program.hasDynamicParameters {
                skeleton = StyledText()
                insertions = []
                fillSteps = []
                fillStacks = []
                fillsCompact = false
                insertionArguments = []
            } else {
                var builder = TemplateBuilder(program: program, source: source, arguments: nil,
                                              isolatesArguments: options.isolatesArguments)
                builder.run()
                skeleton = builder.result
                insertions = builder.insertions
                (fillSteps, fillStacks) = Self.fillSteps(skeleton: skeleton, insertions: insertions)
                fillsCompact = Self.fillsCompact(fillSteps, stacks: fillStacks)
                insertionArguments = insertions.map(\.placeholder.argumentIndex)
            }
        }

        /// How many arguments the placeholders take: the highest argument position used.
        public var argumentCount: Int { program.argumentCount }

        /// The styled text with the arguments inserted.
        ///
        /// A placeholder without an argument stays as literal text; arguments no placeholder takes are ignored
        /// (``diagnostics(argumentCount:)`` reports both).
        ///
        /// - Parameter arguments: The arguments, in placeholder order (`%1$@` is the first).
        /// - Returns: The filled text.
        /// - Complexity: O(*m*) in the size of the result.
        public func filled(with arguments: [any StyledTextArgument]) -> StyledText {
            if program.hasDynamicParameters {
                var builder = TemplateBuilder(program: program, source: source, arguments: arguments,
                                              isolatesArguments: options.isolatesArguments)
                builder.run()
                return builder.result
            }
            if insertions.isEmpty { return skeleton }
            return filled(withStrings: arguments) ?? merge(arguments)
        }

        /// The styled text with the arguments inserted; see ``filled(with:)``.
        ///
        /// ```swift
        /// let greeting = StyledText.Template("Hello <b>%@</b>, you have %lld new messages")
        /// greeting("Eve", 3).plainText  // "Hello Eve, you have 3 new messages"
        /// ```
        ///
        /// Arguments of concrete types come as a parameter pack: when they are strings, filling makes no array of
        /// them. Values typed `any StyledTextArgument` take the variadic overload below.
        @inlinable
        public func callAsFunction<each Argument: StyledTextArgument>(_ arguments: repeat each Argument) -> StyledText {
            // Inlinable, so that the caller specialises it for its arguments' types: unspecialised, gathering the
            // strings from the pack cost more than the array it spares.
            var strings = ArgumentStrings()
            repeat strings.append((each arguments).stringValue)
            if let filled = filled(gathered: strings) { return filled }
            var array: [any StyledTextArgument] = []
            for argument in repeat each arguments { array.append(argument) }
            return filled(with: array)
        }

        /// The styled text with the arguments inserted; see ``filled(with:)``.
        ///
        /// For arguments typed `any StyledTextArgument`, which a parameter pack cannot take. Disfavoured so that
        /// arguments of concrete types take the overload above, which makes no array of them.
        @_disfavoredOverload
        public func callAsFunction(_ arguments: any StyledTextArgument...) -> StyledText {
            filled(with: arguments)
        }

        /// The template's diagnostics plus those for filling it with `argumentCount` arguments: placeholders
        /// without an argument and arguments without a placeholder.
        ///
        /// Like ``diagnostics``, at most ``Options/maximumDiagnostics`` are kept, the first in source order, and
        /// one last diagnostic says how many more there were.
        ///
        /// - Parameter argumentCount: How many arguments will be given.
        /// - Returns: Every diagnostic, in source order.
        public func diagnostics(argumentCount: Int) -> [TemplateDiagnostic] {
            var pending = program.diagnostics
            var used = Set<Int>()
            for placeholder in placeholders {
                used.insert(placeholder.argumentIndex)
                if placeholder.argumentIndex >= argumentCount {
                    pending.append(PendingDiagnostic(kind: .missingArgument,
                                                     utf8Offset: placeholder.sourceRange.lowerBound,
                                                     subject: placeholder.spelling(in: source)))
                }
            }
            for index in 0..<max(argumentCount, 0) where !used.contains(index) {
                pending.append(PendingDiagnostic(kind: .unusedArgument, utf8Offset: source.utf8.count,
                                                 subject: String(index + 1)))
            }
            var dropped = program.droppedDiagnostics
            if pending.count > options.maximumDiagnostics {
                // `%@` repeated 500,000 times without arguments must not give 500,000 diagnostics.
                pending = Self.inSourceOrder(pending)
                dropped += pending.count - max(options.maximumDiagnostics, 0)
                pending.removeLast(pending.count - max(options.maximumDiagnostics, 0))
            }
            return Self.locate(pending, dropped: dropped, in: source)
        }

        /// Every placeholder, in source order, including those in tag parameters.
        var placeholders: [Placeholder] {
            var result = program.placeholders
            var tagsSeen = Set<Int>()
            for token in program.tokens {
                switch token.step {
                case let .open(tagIndex), let .element(tagIndex):
                    guard tagsSeen.insert(tagIndex).inserted else { continue }
                    for parameter in program.dynamicParameters[tagIndex] ?? [] {
                        for case let .placeholder(placeholder) in parameter.pieces { result.append(placeholder) }
                    }
                default:
                    continue
                }
            }
            return result.sorted { $0.sourceRange.lowerBound < $1.sourceRange.lowerBound }
        }

        /// Whether two templates were parsed from the same source with the same options, and so fill alike.
        public static func == (lhs: Template, rhs: Template) -> Bool {
            lhs.source == rhs.source && lhs.options == rhs.options
        }

        /// Hashes the source and the options, as ``==(_:_:)`` compares them.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(source)
            hasher.combine(options)
        }

        // MARK: Internals

        static func parse(_ source: String, options: Options, collectsDiagnostics: Bool) -> TemplateProgram {
            var scratch = TemplateScratch()
            return parse(source, options: options, collectsDiagnostics: collectsDiagnostics, scratch: &scratch)
        }

        /// The template's program, in arrays taken from `scratch`; the tokenizer's own arrays go back there.
        static func parse(_ source: String, options: Options, collectsDiagnostics: Bool,
                          scratch: inout TemplateScratch) -> TemplateProgram {
            if let maximum = options.maximumLength, source.utf8.count > maximum {
                var program = TemplateProgram()
                if !source.isEmpty { program.tokens = [.literal(0..<source.utf8.count)] }
                if collectsDiagnostics {
                    program.diagnostics = [PendingDiagnostic(kind: .inputTooLong, utf8Offset: 0,
                                                             subject: String(source.utf8.count))]
                }
                return program
            }
            // Callers pass contiguous UTF-8 (`makeContiguousUTF8()`), so this never copies.
            return source.utf8.withContiguousStorageIfAvailable { bytes in
                var tokenizer = TemplateTokenizer(bytes: bytes, source: source, options: options,
                                                  collectsDiagnostics: collectsDiagnostics)
                return tokenizer.run(scratch: &scratch)
            } ?? TemplateProgram()
        }

        /// Fills the skeleton by its fill steps: pieces of its text and its other segments, with each argument
        /// inserted where its placeholder was.
        private func merge(_ arguments: [any StyledTextArgument]) -> StyledText {
            var result = StyledTextBuffer(byteCapacity: skeleton.text.utf8.count + 16 * insertions.count,
                                          segmentCapacity: skeleton.segments.count + 2 * insertions.count)
            // The skeleton's text is native UTF-8 (the builder made it), so this borrows its bytes without copying.
            var skeletonText = skeleton.text
            var lastString: TemplateBuilder.LastString?
            skeletonText.withUTF8 { text in
                for step in fillSteps {
                    switch step {
                    case let .text(range, segment, _):
                        result.appendText(utf8: UnsafeBufferPointer(rebasing: text[range]),
                                          stack: skeleton.segments[segment].stack)
                    case let .segment(index):
                        result.appendSegment(skeleton.segments[index].content, stack: skeleton.segments[index].stack)
                    case let .insertion(index, _):
                        TemplateBuilder.insert(insertions[index].placeholder, from: source, arguments: arguments,
                                               isolatesArguments: options.isolatesArguments,
                                               stack: insertions[index].stack, into: &result, lastString: &lastString)
                    }
                }
            }
            return result.finish()
        }

        /// One step of filling a template: a piece of the skeleton, or an argument.
        ///
        /// Text and insertions name the class of their stack: steps with equal stacks have the same class, so
        /// whether two pieces coalesce is an integer comparison.
        enum FillStep: Sendable {
            /// The skeleton's text at these UTF-8 offsets, with the attributes of skeleton segment `segment`.
            case text(Range<Int>, segment: Int, stackClass: Int)
            /// The skeleton's image or element segment at this index.
            case segment(Int)
            /// The argument of the insertion at this index.
            case insertion(Int, stackClass: Int)
        }

        /// The skeleton's segments in order, split where arguments go, worked out once so that filling is a walk
        /// over trivial values; and one stack per class of equal stacks the steps name.
        ///
        /// An insertion recorded when the skeleton had `k` segments lies inside (or right after) segment `k - 1`:
        /// later text with the same attributes may have been coalesced into that segment, but never before it.
        static func fillSteps(skeleton: StyledText, insertions: [TemplateBuilder.Insertion])
            -> (steps: [FillStep], stacks: [AttributeStack]) {
            var steps: [FillStep] = []
            steps.reserveCapacity(skeleton.segments.count + 2 * insertions.count)
            var stacks: [AttributeStack] = []
            var classes: [AttributeStack: Int] = [:]
            func stackClass(_ stack: AttributeStack) -> Int {
                if let known = classes[stack] { return known }
                classes[stack] = stacks.count
                stacks.append(stack)
                return stacks.count - 1
            }
            var next = 0
            while next < insertions.count, insertions[next].segmentCount == 0 {
                steps.append(.insertion(next, stackClass: stackClass(insertions[next].stack)))
                next += 1
            }
            for (index, segment) in skeleton.segments.enumerated() {
                var position: Int?
                if case let .text(range) = segment.content {
                    position = range.lowerBound
                } else {
                    steps.append(.segment(index))
                }
                while next < insertions.count, insertions[next].segmentCount == index + 1 {
                    if let current = position {
                        let offset = insertions[next].offset
                        if current < offset {
                            steps.append(.text(current..<offset, segment: index, stackClass: stackClass(segment.stack)))
                        }
                        position = offset
                    }
                    steps.append(.insertion(next, stackClass: stackClass(insertions[next].stack)))
                    next += 1
                }
                if let current = position, case let .text(range) = segment.content, current < range.upperBound {
                    steps.append(.text(current..<range.upperBound, segment: index,
                                       stackClass: stackClass(segment.stack)))
                }
            }
            return (steps, stacks)
        }

        /// Whether filling `steps` makes parts that fit the compact form. Steps of one class in a row make at most one
        /// part, and an empty argument between two of them may join them into one: a filled text has at most as
        /// many attributed parts as there are runs of steps whose class has attributes.
        static func fillsCompact(_ steps: [FillStep], stacks: [AttributeStack]) -> Bool {
            var attributedRuns = 0
            var previousClass = -1
            for step in steps {
                let stackClass: Int
                switch step {
                case .segment: return false
                case let .text(_, _, textClass): stackClass = textClass
                case let .insertion(_, insertionClass): stackClass = insertionClass
                }
                if stackClass != previousClass && !stacks[stackClass].isEmpty { attributedRuns += 1 }
                previousClass = stackClass
            }
            return attributedRuns <= 2
        }

        /// The diagnostics sorted by offset, those at the same offset in the order they were found.
        static func inSourceOrder(_ pending: [PendingDiagnostic]) -> [PendingDiagnostic] {
            pending.enumerated().sorted {
                ($0.element.utf8Offset, $0.offset) < ($1.element.utf8Offset, $1.offset)
            }.map(\.element)
        }

        /// Converts diagnostics' UTF-8 offsets to lines, columns and UTF-16 offsets in one forward sweep.
        static func locate(_ pending: [PendingDiagnostic], dropped: Int, in source: String) -> [TemplateDiagnostic] {
            guard !pending.isEmpty else { return [] }
            let ordered = inSourceOrder(pending)
            var result: [TemplateDiagnostic] = []
            result.reserveCapacity(ordered.count + 1)
            let utf8 = source.utf8
            var index = utf8.startIndex
            var offset = 0
            var line = 1
            var column = 1
            var utf16Offset = 0
            var lineStart = utf8.startIndex
            // Found once per line: searching again for each diagnostic made 1,000 diagnostics on a 1 MB line
            // scan a gigabyte.
            var lineEnd: String.Index?
            for diagnostic in ordered {
                let target = min(diagnostic.utf8Offset, utf8.count)
                while offset < target {
                    let byte = utf8[index]
                    if byte == UInt8(ascii: "\n") {
                        line += 1
                        column = 1
                        lineStart = utf8.index(after: index)
                        lineEnd = nil
                    } else if byte & 0xC0 != 0x80 {
                        column += 1
                    }
                    if byte & 0xC0 != 0x80 { utf16Offset += byte >= 0xF0 ? 2 : 1 }
                    index = utf8.index(after: index)
                    offset += 1
                }
                let end = lineEnd ?? utf8[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
                lineEnd = end
                result.append(TemplateDiagnostic(kind: diagnostic.kind, line: line, column: column,
                                                 utf16Offset: utf16Offset, subject: diagnostic.subject,
                                                 sourceLine: source[lineStart..<end]))
            }
            if dropped > 0, let last = result.last {
                result.append(TemplateDiagnostic(kind: .tooManyDiagnostics, line: last.line, column: last.column,
                                                 utf16Offset: last.utf16Offset, subject: String(dropped),
                                                 sourceLine: last.sourceLine))
            }
            return result
        }
    }
}

extension StyledText {
    /// Parses a tagged template and inserts the arguments, leniently: this never fails and never loses text.
    ///
    /// ```swift
    /// let text = StyledText(template: "bowties are <b>cool</b>, says %@", "<i>Eve</i>")
    /// text.parts[1]  // .text("cool", attributes: [.tag("b")])
    /// text.plainText // "bowties are cool, says <i>Eve</i>"
    /// ```
    ///
    /// See ``Template`` for the grammar and how broken markup is repaired. To parse once and fill many times,
    /// keep a ``Template``.
    ///
    /// - Parameters:
    ///   - template: The template text.
    ///   - arguments: The arguments for its placeholders, inserted as data.
    ///   - options: Limits and behaviour.
    /// - Complexity: O(*n*) in the size of template and result.
    public init(template: String, _ arguments: any StyledTextArgument..., options: Template.Options = Template.Options()) {
        self.init(template: template, arguments: arguments, options: options)
    }

    /// Parses a tagged template and inserts the arguments; see ``init(template:_:options:)``.
    public init(template: String, arguments: [any StyledTextArgument], options: Template.Options = Template.Options()) {
        // O(1) offset-to-index conversions: a bridged string is copied into contiguous UTF-8 first. (Copied into a
        // variable of its own every time, as `makeContiguousUTF8()` needs, the template cost a retain and a release.)
        guard template.isContiguousUTF8 else {
            var contiguous = template
            contiguous.makeContiguousUTF8()
            self.init(template: contiguous, arguments: arguments, options: options)
            return
        }
        // Most templates are built in one pass, without a program; the parser builds the others.
        if let built = StyledTextSink.build(template, arguments: arguments, options: options) {
            self = built
            return
        }
        self.init(parsing: template, arguments: arguments, options: options)
    }

    /// Builds the contiguous `template` with the parser: what ``init(template:arguments:options:)`` does with the
    /// templates the one pass (``StyledTextSink``) gives up on.
    init(parsing template: String, arguments: [any StyledTextArgument], options: Template.Options) {
        // The program and everything else the parse drops live in the thread's scratch, so that this allocates
        // only what the text keeps.
        var scratch = TemplateScratch.take()
        var builder = TemplateBuilder(program: Template.parse(template, options: options, collectsDiagnostics: false,
                                                              scratch: &scratch),
                                      source: template, arguments: arguments,
                                      isolatesArguments: options.isolatesArguments,
                                      spareBytes: TemplateScratch.take(&scratch.textBytes))
        self = builder.build(scratch: &scratch)
        TemplateScratch.recycle(&scratch)
    }

    /// Parses a tagged template strictly: throws every problem the lenient parser would repair.
    ///
    /// ```swift
    /// do {
    ///     _ = try StyledText(validating: "Hello <b>%@", "Eve")
    /// } catch {
    ///     print(error)
    ///     // error: unclosed tag <b>
    ///     //  --> 1:7
    ///     //   | Hello <b>%@
    ///     //   |       ^
    /// }
    /// ```
    ///
    /// Besides markup problems it reports placeholders without an argument and arguments without a placeholder.
    ///
    /// - Parameters:
    ///   - template: The template text.
    ///   - arguments: The arguments for its placeholders.
    ///   - options: Limits and behaviour.
    /// - Throws: ``TemplateError`` listing every problem, with positions.
    public init(validating template: String, _ arguments: any StyledTextArgument...,
                options: Template.Options = Template.Options()) throws(TemplateError) {
        let parsed = Template(template, options: options)
        let diagnostics = parsed.diagnostics(argumentCount: arguments.count)
        guard diagnostics.isEmpty else { throw TemplateError(diagnostics: diagnostics) }
        self = parsed.filled(with: arguments)
    }

    /// Escapes text so that a template shows it literally: `StyledText(template: escape(s)).plainText == s`.
    ///
    /// Arguments never need this — they are inserted as data. It is for text spliced into a template string
    /// before parsing.
    ///
    /// ```swift
    /// StyledText.escape("5 < 6 & 100%")  // "5 &lt; 6 &amp; 100%%"
    /// ```
    ///
    /// - Parameter text: The text to escape.
    /// - Returns: The text with `&`, `<`, `>`, `"`, `'` as character references and `%` doubled.
    /// - Complexity: O(*n*).
    public static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var spanStart = text.startIndex
        var index = text.startIndex
        let utf8 = text.utf8
        while index < text.endIndex {
            let replacement: String?
            switch utf8[index] {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            case UInt8(ascii: "'"): replacement = "&#39;"
            case UInt8(ascii: "%"): replacement = "%%"
            default: replacement = nil
            }
            let next = utf8.index(after: index)
            if let replacement {
                result += text[spanStart..<index]
                result += replacement
                spanStart = next
            }
            index = next
        }
        result += text[spanStart...]
        return result
    }
}
