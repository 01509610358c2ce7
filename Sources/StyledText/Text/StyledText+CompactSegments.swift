extension StyledText {
    /// The parts of a text with at most two attributed text parts and no images or elements, held inline: the rest
    /// of its text is plain, and its plain parts are the gaps around the attributed ones.
    ///
    /// Most texts in an app are a line with a value or two in it: `"Hello \(name, .important)"`, or `"Hi <b>%@</b>"`
    /// filled or parsed. Listing their parts took an array of its own, and making it, appending the plain parts to
    /// it and destroying it were a quarter of the instructions of such an interpolation (3,184 → 2,396 with this
    /// form), 12 % of a fill and 17 % of a short template's parse. Interpolation, filling a template whose every fill
    /// fits (``Template/fillsCompact``) and parsing a template of at most ``StyledTextSink/compactLimit`` bytes make
    /// texts in this form while they fit, and list their parts once they do not.
    ///
    /// A text in this form is equal to, and hashes as, the same parts listed: ``StyledText/segments`` lists them,
    /// and ``StyledText/withSegments(_:)`` lends them listed on the stack. Changing a text lists its parts first.
    struct CompactSegments: Sendable {
        /// An attributed text part: its UTF-8 offsets in the text and its stack, empty where the slot is unused.
        struct Slot: Sendable {
            var range: Range<Int>
            var stack: AttributeStack
        }

        /// The attributed part first in the text; unused only when both are.
        private(set) var first = Slot(range: 0..<0, stack: .empty)
        /// The attributed part after it; unused while there is at most one.
        private(set) var second = Slot(range: 0..<0, stack: .empty)

        /// No attributed parts: a text all plain, or the empty text.
        static var none: CompactSegments { CompactSegments() }

        /// Whether text with `stack`, not empty, that starts at UTF-8 `offset` (the end of the text so far) fits:
        /// it extends the last attributed part, or there is a slot for it.
        @inline(__always)
        func canTake(_ stack: AttributeStack, at offset: Int) -> Bool {
            second.stack.isEmpty || (second.range.upperBound == offset && second.stack == stack)
        }

        /// Records text with `stack` (not empty) at the UTF-8 offsets `range`, which start where the text so far
        /// ended: it extends the last attributed part when that ends there with an equal stack, as listed parts
        /// are coalesced. The caller has checked ``canTake(_:at:)``.
        @inline(__always)
        mutating func take(_ range: Range<Int>, stack: consuming AttributeStack) {
            guard !range.isEmpty else { return }
            if first.stack.isEmpty {
                first = Slot(range: range, stack: stack)
            } else if second.stack.isEmpty {
                if first.range.upperBound == range.lowerBound && first.stack == stack {
                    first.range = first.range.lowerBound..<range.upperBound
                } else {
                    second = Slot(range: range, stack: stack)
                }
            } else {
                assert(second.range.upperBound == range.lowerBound && second.stack == stack, "no slot for the text")
                second.range = second.range.lowerBound..<range.upperBound
            }
        }

        /// Calls `body` with each part of the text, whose UTF-8 length is `textCount`, in order: the plain gaps and
        /// the attributed parts, as the text would list them.
        @inline(__always)
        func forEach(textCount: Int, _ body: (Segment) -> Void) {
            forEachText(textCount: textCount) { range, top in
                body(Segment(content: .text(range), stack: AttributeStack(top: top?.takeUnretainedValue())))
            }
        }

        /// Calls `body` with each part's UTF-8 range and its stack's top node, unretained (this form holds it), in
        /// order.
        @inline(__always)
        func forEachText(textCount: Int, _ body: (Range<Int>, Unmanaged<AttributeNode>?) -> Void) {
            unretained.forEachText(textCount: textCount, body)
        }

        /// The attributed parts with their stacks' top nodes unretained, to read while this form holds them.
        var unretained: Unretained {
            Unretained(first: first.range, firstTop: first.stack.top.map(Unmanaged.passUnretained),
                       second: second.range, secondTop: second.stack.top.map(Unmanaged.passUnretained))
        }

        /// The attributed parts with their stacks' top nodes unretained: for the runs of a text, which holds the
        /// nodes. Copied into a closure, it costs no reference counting, where the form itself cost four retains and
        /// releases, and listing its parts as segments retained and released each stack again.
        struct Unretained {
            let first: Range<Int>
            let firstTop: Unmanaged<AttributeNode>?
            let second: Range<Int>
            let secondTop: Unmanaged<AttributeNode>?

            /// Calls `body` with each part's UTF-8 range and its stack's top node, in order: the plain gaps (`nil`)
            /// and the attributed parts, as the text would list them.
            @inline(__always)
            func forEachText(textCount: Int, _ body: (Range<Int>, Unmanaged<AttributeNode>?) -> Void) {
                var position = 0
                if let firstTop {
                    if first.lowerBound > position { body(position..<first.lowerBound, nil) }
                    body(first, firstTop)
                    position = first.upperBound
                }
                if let secondTop {
                    if second.lowerBound > position { body(position..<second.lowerBound, nil) }
                    body(second, secondTop)
                    position = second.upperBound
                }
                if position < textCount { body(position..<textCount, nil) }
            }
        }

        /// `body` with the parts of a text whose UTF-8 length is `textCount`, listed in room on the stack: at most
        /// five, the two attributed parts and a plain part before, between and after them.
        func withSegments<Result>(textCount: Int, _ body: (UnsafeBufferPointer<Segment>) -> Result) -> Result {
            withUnsafeTemporaryAllocation(of: Segment.self, capacity: 5) { room in
                var count = 0
                forEach(textCount: textCount) { segment in
                    room.initializeElement(at: count, to: segment)
                    count += 1
                }
                defer { room.baseAddress.unsafelyUnwrapped.deinitialize(count: count) }
                return body(UnsafeBufferPointer(rebasing: room[..<count]))
            }
        }

        /// Appends the parts of a text whose UTF-8 length is `textCount` to `segments`, as ``forEach(textCount:_:)``
        /// lists them: this form holds none afterwards.
        mutating func moveParts(textCount: Int, to segments: inout [Segment]) {
            forEach(textCount: textCount) { segments.append($0) }
            self = .none
        }

        /// The parts listed, for a text whose UTF-8 length is `textCount`.
        func listed(textCount: Int) -> [Segment] {
            var segments: [Segment] = []
            segments.reserveCapacity(5)
            forEach(textCount: textCount) { segments.append($0) }
            return segments
        }
    }
}
