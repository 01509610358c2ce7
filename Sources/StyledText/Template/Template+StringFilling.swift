extension StyledText.Template {
    /// The template filled when every placeholder takes a `String` argument, the usual case, or `nil` otherwise
    /// (or when arguments are isolated), for ``filled(with:)`` to fill in full.
    ///
    /// Which pieces coalesce was worked out at parse time: steps with equal stacks have the same class, and pieces
    /// between them (skeleton text, never empty, and arguments, which may be) keep a segment open. With the
    /// arguments' lengths known, the text is written into room of exactly its size, then copied into a string once.
    /// So filling is a copy of bytes per piece and an append per segment, without comparing stacks or reading
    /// segments back. The segments hold the first of each class's equal stacks, as equal as the
    /// ones the general fill would.
    func filled(withStrings arguments: [any StyledTextArgument]) -> StyledText? {
        guard !options.isolatesArguments else { return nil }
        var byteCount = skeleton.text.utf8.count
        for index in insertionArguments {
            guard index < arguments.count, let string = arguments[index].stringValue else { return nil }
            byteCount += string.utf8.count
        }
        var segments: [StyledText.Segment] = []
        segments.reserveCapacity(skeleton.segments.count + 2 * insertionArguments.count)
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
                        if var string = arguments[insertionArguments[index]].stringValue { string.withUTF8(append) }
                        stackClass = insertionClass
                    case let .segment(index):
                        if openStart >= 0 {
                            segments.append(StyledText.Segment(content: .text(openStart..<start),
                                                               stack: fillStacks[openClass]))
                            openStart = -1
                        }
                        segments.append(skeleton.segments[index])
                        continue
                    }
                    guard count > start, openStart < 0 || stackClass != openClass else { continue }
                    if openStart >= 0 {
                        segments.append(StyledText.Segment(content: .text(openStart..<start),
                                                           stack: fillStacks[openClass]))
                    }
                    openStart = start
                    openClass = stackClass
                }
                if openStart >= 0 {
                    segments.append(StyledText.Segment(content: .text(openStart..<count), stack: fillStacks[openClass]))
                }
                return String(builtFromValidUTF8: UnsafeBufferPointer(rebasing: output[..<count]))
            }
        }
        var result = StyledText()
        result.text = text
        result.segments = segments
        return result
    }
}
