extension StyledText.Template {
    /// The template filled when every placeholder takes a `String` argument, the usual case, or `nil` otherwise
    /// (or when arguments are isolated), for ``filled(with:)`` to fill in full.
    ///
    /// Which pieces coalesce was worked out at parse time: steps with equal stacks have the same class, and pieces
    /// between them (skeleton text, never empty, and arguments, which may be) keep a segment open. So filling is
    /// a copy of bytes per piece and an append per segment, without comparing stacks or reading segments back.
    /// The segments hold the first of each class's equal stacks, as equal as the ones the general fill would.
    func filled(withStrings arguments: [any StyledTextArgument]) -> StyledText? {
        guard !options.isolatesArguments else { return nil }
        var byteCount = skeleton.text.utf8.count
        for index in insertionArguments {
            guard index < arguments.count, let string = arguments[index].stringValue else { return nil }
            byteCount += string.utf8.count
        }
        var bytes = TextBytes(capacity: byteCount)
        var segments: [StyledText.Segment] = []
        segments.reserveCapacity(skeleton.segments.count + 2 * insertionArguments.count)
        // The open text segment: where it starts (-1 when there is none) and its stack's class.
        var openStart = -1
        var openClass = 0
        var skeletonText = skeleton.text  // Native UTF-8 (the builder made it): borrowing its bytes copies nothing.
        skeletonText.withUTF8 { text in
            for step in fillSteps {
                let start = bytes.count
                let stackClass: Int
                switch step {
                case let .text(range, _, textClass):
                    bytes.append(UnsafeBufferPointer(rebasing: text[range]))
                    stackClass = textClass
                case let .insertion(index, insertionClass):
                    if let string = arguments[insertionArguments[index]].stringValue { bytes.append(string) }
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
                guard bytes.count > start, openStart < 0 || stackClass != openClass else { continue }
                if openStart >= 0 {
                    segments.append(StyledText.Segment(content: .text(openStart..<start), stack: fillStacks[openClass]))
                }
                openStart = start
                openClass = stackClass
            }
        }
        if openStart >= 0 {
            segments.append(StyledText.Segment(content: .text(openStart..<bytes.count), stack: fillStacks[openClass]))
        }
        var result = StyledText()
        result.text = bytes.makeString()
        result.segments = segments
        return result
    }
}
