extension StyleResolver {
    /// Resolves styled text into runs of content with concrete styles.
    ///
    /// See ``StyleResolver`` for how each run's style is decided. Styles are resolved once per distinct
    /// attribute stack, so a long document inside the same few tags costs a few rule calls, not one per run.
    ///
    /// ```swift
    /// let runs = StyleResolver().style("important", MarkupStyle(foregroundColor: .red))
    ///     .runs(for: "Hi \("Eve", .important)")
    /// runs.map(\.text)  // ["Hi ", "Eve"]
    /// ```
    ///
    /// - Parameter text: The text to resolve.
    /// - Returns: The runs, contiguous, never empty, with adjacent equal runs merged.
    /// - Complexity: O(*n* + *s*·*d*) for *n* UTF-16 units, *s* distinct attribute stacks of depth *d*, plus the
    ///   rules' own cost.
    public func runs(for text: StyledText) -> [StyledRun] {
        var builder = RunBuilder(resolver: self, source: text)
        for segment in text.segments {
            switch segment.content {
            case let .text(range):
                builder.addText(.plain(range), stack: segment.stack)
            case let .image(image):
                builder.addImage(image, stack: segment.stack)
            case let .element(element):
                guard let rule = elementRule(for: element.name), let content = rule(element), !content.isEmpty else {
                    continue
                }
                builder.addElementContent(content, stack: segment.stack.pushing(element))
            }
        }
        let runs = builder.finish()
        assert(RunInvariants.violation(in: runs, for: text) == nil,
               "run invariant broken: \(RunInvariants.violation(in: runs, for: text) ?? "")")
        return runs
    }

    /// Styles resolved during one `runs(for:)`, by node.
    ///
    /// Each entry holds its node: element content makes short-lived nodes, and a node freed during the call must
    /// not leave its identifier to a later node, which would then find the freed node's style. Styles are
    /// interned: a `MarkupStyle` is hundreds of bytes, and misnested markup (`<t0>…<t1999>x</t0>y</t1>y…`)
    /// gives millions of distinct nodes that share a handful of styles; one copy per node took 3 GB there.
    struct StyleMemo {
        private var entries: [ObjectIdentifier: (node: AttributeNode, style: Int)] = [:]
        private var styles: [MarkupStyle] = []
        private var indices: [MarkupStyle: Int] = [:]

        /// The index of the style resolved for `node`, if it has been.
        func style(of node: AttributeNode) -> Int? { entries[ObjectIdentifier(node)]?.style }

        mutating func record(_ style: Int, for node: AttributeNode) {
            entries[ObjectIdentifier(node)] = (node, style)
        }

        /// The index of `style`, added if new.
        mutating func intern(_ style: MarkupStyle) -> Int {
            if let index = indices[style] { return index }
            styles.append(style)
            indices[style] = styles.count - 1
            return styles.count - 1
        }

        subscript(index: Int) -> MarkupStyle { styles[index] }
    }

    /// The resolved style for an attribute stack, before adjustments.
    func inheritedStyle(for stack: AttributeStack, memo: inout StyleMemo) -> MarkupStyle {
        // Find the innermost node already resolved, then resolve outwards-in from there: iterative, and every
        // node is resolved once per call of `runs(for:)`.
        var pending: [AttributeNode] = []
        var known: Int?
        for node in stack.nodesInnermostFirst {
            if let index = memo.style(of: node) {
                known = index
                break
            }
            pending.append(node)
        }
        var index = known ?? memo.intern(base)
        var style = memo[index]
        for node in pending.reversed() {
            // Without a layer the node has the style outside it: the same index, nothing merged or interned.
            if let layer = layer(for: node.attribute, inherited: style) {
                style = layer.filling(from: style)
                index = memo.intern(style)
            }
            memo.record(index, for: node)
        }
        return style
    }

    /// The final style for an attribute stack: inherited style, then every adjustment.
    func resolvedStyle(for stack: AttributeStack, memo: inout StyleMemo) -> MarkupStyle {
        var style = inheritedStyle(for: stack, memo: &memo)
        if !adjustments.isEmpty {
            let attributes = stack.attributes
            for adjustment in adjustments { style = adjustment(attributes, style) }
        }
        return style
    }
}

/// Accumulates runs, merging neighbours with equal style and attributes.
private struct RunBuilder {
    let resolver: StyleResolver
    let source: StyledText
    var runs: [StyledRun] = []
    var pending: Pending?
    var utf16Offset = 0
    var inheritedMemo = StyleResolver.StyleMemo()
    /// The last stack resolved and its final style: consecutive parts usually share a stack.
    var lastResolved: (stack: AttributeStack, style: MarkupStyle)?

    enum TextSource {
        /// UTF-8 offsets into the source's plain text.
        case plain(Range<Int>)
        /// Text from an element's content.
        case owned(Substring)
        /// Text merged from several sources, in a buffer of its own that later merges append to.
        case merged(String)
    }

    struct Pending {
        var text: TextSource
        var style: MarkupStyle
        var stack: AttributeStack
    }

    init(resolver: StyleResolver, source: StyledText) {
        self.resolver = resolver
        self.source = source
        runs.reserveCapacity(source.segments.count)
    }

    mutating func style(for stack: AttributeStack) -> MarkupStyle {
        if let lastResolved, lastResolved.stack.top === stack.top { return lastResolved.style }
        var finalStyle: MarkupStyle
        if stack.isEmpty && resolver.adjustments.isEmpty {
            finalStyle = resolver.base
        } else {
            finalStyle = resolver.resolvedStyle(for: stack, memo: &inheritedMemo)
        }
        lastResolved = (stack, finalStyle)
        return finalStyle
    }

    mutating func addText(_ text: TextSource, stack: AttributeStack) {
        let style = style(for: stack)
        if var current = pending, current.style == style, current.stack == stack {
            if case let .plain(a) = current.text, case let .plain(b) = text, a.upperBound == b.lowerBound {
                current.text = .plain(a.lowerBound..<b.upperBound)
            } else {
                // Appended in place: a new string per merge made k merged elements (`<hr>` × k) cost O(k²).
                var buffer: String
                if case let .merged(existing) = current.text { buffer = existing } else {
                    buffer = String(self.text(of: current.text))
                }
                // Let go of every other reference to the buffer, so that appending does not copy it.
                pending = nil
                current.text = .plain(0..<0)
                buffer += self.text(of: text)
                current.text = .merged(buffer)
            }
            pending = current
        } else {
            flush()
            pending = Pending(text: text, style: style, stack: stack)
        }
    }

    mutating func addImage(_ image: StyledText.Image, stack: AttributeStack) {
        flush()
        let style = style(for: stack)
        runs.append(StyledRun(content: .image(image), style: style, range: utf16Offset..<(utf16Offset + 1),
                              stack: stack))
        utf16Offset += 1
    }

    /// Adds an element's content with its attributes nested inside `stack`; elements inside it render nothing.
    mutating func addElementContent(_ content: StyledText, stack: AttributeStack) {
        var rebaser = StackRebaser(base: stack)
        for segment in content.segments {
            let nested = rebaser.rebase(segment.stack)
            switch segment.content {
            case let .text(range): addText(.owned(content.substring(range)), stack: nested)
            case let .image(image): addImage(image, stack: nested)
            case .element: continue
            }
        }
    }

    func text(of source: TextSource) -> Substring {
        switch source {
        case let .plain(range): self.source.substring(range)
        case let .owned(text): text
        case let .merged(text): Substring(text)
        }
    }

    mutating func flush() {
        guard let current = pending else { return }
        pending = nil
        let text = text(of: current.text)
        let length = text.utf16.count
        runs.append(StyledRun(content: .text(text), style: current.style,
                              range: utf16Offset..<(utf16Offset + length), stack: current.stack))
        utf16Offset += length
    }

    mutating func finish() -> [StyledRun] {
        flush()
        return runs
    }
}

/// The promises every `[StyledRun]` keeps, checked after every resolve in debug builds.
enum RunInvariants {
    /// A description of the first broken invariant, or `nil` when all hold.
    static func violation(in runs: [StyledRun], for source: StyledText) -> String? {
        var offset = 0
        var hasElements = false
        for segment in source.segments {
            if case .element = segment.content { hasElements = true }
        }
        var rendered = ""
        for (index, run) in runs.enumerated() {
            guard run.range.lowerBound == offset else { return "run \(index) starts at \(run.range.lowerBound), not \(offset)" }
            let length: Int
            switch run.content {
            case let .text(text):
                length = text.utf16.count
                if !hasElements { rendered += text }
            case .image:
                length = 1
                if !hasElements { rendered += "\u{FFFC}" }
            }
            guard length > 0 else { return "run \(index) is empty" }
            guard run.range.count == length else { return "run \(index) has range \(run.range) for \(length) units" }
            if index > 0, case .text = run.content, case .text = runs[index - 1].content,
               runs[index - 1].style == run.style, runs[index - 1].stack == run.stack {
                return "runs \(index - 1) and \(index) are equal neighbours left unmerged"
            }
            offset += length
        }
        if !hasElements {
            let expected = source.segments.reduce(into: "") { result, segment in
                switch segment.content {
                case let .text(range): result += source.substring(range)
                case .image: result += "\u{FFFC}"
                case .element: break
                }
            }
            guard rendered == expected else { return "runs do not cover the plain text exactly" }
        }
        return nil
    }
}
