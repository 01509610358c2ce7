extension StyledText.Template {
    /// The template filled with `arguments` when every placeholder takes a `String` argument, the usual case, or
    /// `nil` otherwise (or when arguments are isolated), for ``filled(with:)`` to fill in full.
    func filled(withStrings arguments: [any StyledTextArgument]) -> StyledText? {
        withUnsafeTemporaryAllocation(of: String?.self, capacity: arguments.count) { strings in
            for (index, argument) in arguments.enumerated() {
                strings.initializeElement(at: index, to: argument.stringValue)
            }
            defer { strings.deinitialize() }
            return filled(withStrings: UnsafeBufferPointer(strings))
        }
    }

    /// The template filled with arguments' strings gathered inline, from a parameter pack; `nil` as for an
    /// array of them, or when there were more than ``ArgumentStrings/capacity``.
    @usableFromInline
    func filled(gathered strings: ArgumentStrings) -> StyledText? {
        guard !program.hasDynamicParameters else { return nil }
        if insertions.isEmpty { return skeleton }
        guard !strings.overflowed else { return nil }
        return strings.withBuffer { filled(withStrings: $0) }
    }

    /// The template filled with the arguments' strings (`nil` where an argument is not a `String`), or `nil` when
    /// a placeholder takes an argument that is missing or not a string, or when arguments are isolated.
    ///
    /// Which pieces coalesce was worked out at parse time: steps with equal stacks have the same class, and pieces
    /// between them (skeleton text, never empty, and arguments, which may be) keep a segment open. With the
    /// arguments' lengths known, the text is written into room of exactly its size, then copied into a string once.
    /// So filling is a copy of bytes per piece and an append per segment, without comparing stacks or reading
    /// segments back. The segments hold the first of each class's equal stacks, as equal as the
    /// ones the general fill would.
    private func filled(withStrings strings: UnsafeBufferPointer<String?>) -> StyledText? {
        guard !options.isolatesArguments else { return nil }
        var byteCount = skeleton.text.utf8.count
        for index in insertionArguments {
            guard index < strings.count, let string = strings[index] else { return nil }
            byteCount += string.utf8.count
        }
        var parts = FilledParts(compact: fillsCompact, capacity: fillSteps.count)
        // The open text segment: where it starts (-1 when there is none) and its stack's class.
        var openStart = -1
        var openClass = 0
        var skeletonText = skeleton.text  // Native UTF-8 (the builder made it): borrowing its bytes copies nothing.
        let text = skeletonText.withUTF8 { skeletonBytes in
            // Written to temporary room (on the stack when it is small) and copied into the string without
            // validating it: `String(unsafeUninitializedCapacity:)` validates what it is given, which cost more
            // than the rest of the fill. The pieces are whole strings and the skeleton's text cut at its segments'
            // bounds: valid UTF-8.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: byteCount) { output in
                var count = 0
                func append(_ piece: UnsafeBufferPointer<UInt8>) {
                    guard let source = piece.baseAddress else { return }
                    // The steps cover the skeleton's text once and each argument once: exactly `byteCount`.
                    precondition(piece.count <= output.count - count, "fill steps overran the text")
                    (output.baseAddress! + count).initialize(from: source, count: piece.count)
                    count += piece.count
                }
                for step in fillSteps {
                    let start = count
                    let stackClass: Int
                    switch step {
                    case let .text(range, _, textClass):
                        append(UnsafeBufferPointer(rebasing: skeletonBytes[range]))
                        stackClass = textClass
                    case let .insertion(index, insertionClass):
                        // Borrowed in place: a copy of the string would be retained and released. Written out
                        // rather than through `String.withUTF8Bytes`, through which filling took 2.60 k instructions
                        // against 2.57 k (`Profile fill`).
                        if strings[insertionArguments[index]]?.utf8.withContiguousStorageIfAvailable(append) == nil,
                           var string = strings[insertionArguments[index]] {
                            string.withUTF8(append)
                        }
                        stackClass = insertionClass
                    case let .segment(index):
                        if openStart >= 0 {
                            parts.appendText(openStart..<start, stack: fillStacks[openClass])
                            openStart = -1
                        }
                        parts.segments.append(skeleton.segments[index])
                        continue
                    }
                    guard count > start, openStart < 0 || stackClass != openClass else { continue }
                    if openStart >= 0 {
                        parts.appendText(openStart..<start, stack: fillStacks[openClass])
                    }
                    openStart = start
                    openClass = stackClass
                }
                if openStart >= 0 {
                    parts.appendText(openStart..<count, stack: fillStacks[openClass])
                }
                return String(builtFromValidUTF8: UnsafeBufferPointer(rebasing: output[..<count]))
            }
        }
        return parts.isCompact ? StyledText(text: text, compact: parts.compact)
            : StyledText(text: text, segments: parts.segments)
    }
}

/// The parts of a filled template: in the compact form when they always fit it (``StyledText/Template/fillsCompact``),
/// which needs no array, else listed.
private struct FilledParts {
    let isCompact: Bool
    var segments: [StyledText.Segment] = []
    var compact = StyledText.CompactSegments.none

    init(compact: Bool, capacity: Int) {
        isCompact = compact
        if !compact { segments.reserveCapacity(capacity) }
    }

    /// Records text at the UTF-8 offsets `range` with `stack`, which differs from the last text's.
    @inline(__always)
    mutating func appendText(_ range: Range<Int>, stack: AttributeStack) {
        if !isCompact {
            segments.append(StyledText.Segment(content: .text(range), stack: stack))
        } else if !stack.isEmpty {
            compact.take(range, stack: stack)
        }
    }
}

/// Up to four arguments' strings (`nil` for an argument that is not a `String`), held inline: what filling a
/// template from a parameter pack reads, without an array.
///
/// Inlinable, like the parameter-pack `Template.callAsFunction` that fills it: only specialised for its arguments'
/// types, in the caller, is gathering their strings cheaper than putting them in an array.
@usableFromInline
struct ArgumentStrings {
    @usableFromInline static let capacity = 4
    @usableFromInline var strings: (String?, String?, String?, String?) = (nil, nil, nil, nil)
    @usableFromInline var count = 0
    /// Whether more arguments were appended than there is room for (and those were dropped).
    @usableFromInline var overflowed = false

    @inlinable
    init() {}

    /// Appends an argument's string.
    @inlinable
    mutating func append(_ string: String?) {
        switch count {
        case 0: strings.0 = string
        case 1: strings.1 = string
        case 2: strings.2 = string
        case 3: strings.3 = string
        default:
            overflowed = true
            return
        }
        count += 1
    }

    /// Calls `body` with the strings appended, in order.
    func withBuffer<Result>(_ body: (UnsafeBufferPointer<String?>) -> Result) -> Result {
        withUnsafePointer(to: strings) { tuple in
            // A tuple of one type is laid out as an array of it.
            tuple.withMemoryRebound(to: String?.self, capacity: Self.capacity) {
                body(UnsafeBufferPointer(start: $0, count: count))
            }
        }
    }
}
