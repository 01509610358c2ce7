extension StyleResolver {
    /// Resolves styled text into runs of content with concrete styles.
    ///
    /// See ``StyleResolver`` for how each run's style is decided. Styles are resolved once per distinct
    /// attribute stack, so a long document inside the same few tags costs a few rule calls, not one per run, and
    /// the resolver remembers them for later calls.
    ///
    /// ```swift
    /// let runs = StyleResolver().style("important", MarkupStyle(foregroundColor: .red))
    ///     .runs(for: "Hi \("Eve", .important)")
    /// runs.map(\.text)  // ["Hi ", "Eve"]
    /// ```
    ///
    /// With layout rules (``block(_:prefix:)``, ``prefix(_:rule:)``, ``collapsingWhitespace(preservingInside:)``),
    /// the text is laid out first: the runs then hold its line breaks, prefixes and collapsed white space.
    ///
    /// - Parameter text: The text to resolve.
    /// - Returns: The runs, contiguous, never empty, with adjacent equal runs merged.
    /// - Complexity: O(*n* + *s*·*d*) for *n* UTF-16 units, *s* distinct attribute stacks of depth *d*, plus the
    ///   rules' own cost for the stacks the resolver has not resolved before. Laying out adds O(*p* + *c*) for
    ///   *p* parts and *c* attributes opened or closed between them.
    public func runs(for text: StyledText) -> [StyledRun] {
        guard !laysOut else { return resolvedRuns(for: laidOut(text)) }
        return resolvedRuns(for: text)
    }

    /// ``runs(for:)`` of a text already laid out.
    private func resolvedRuns(for text: StyledText) -> [StyledRun] {
        // The builder takes the resolver in each call instead of keeping a copy, which retained and released
        // every one of its rules, tables and closures once per call of `runs(for:)`; by pointer (see
        // `RunBuilder.style(for:resolver:)`).
        //
        // The closures below capture the text's fields, not the text: a method of a value captured whole (the text,
        // or the resolver) is called on a copy of it, about 200 instructions for the text, more for the resolver.
        // A compact text's parts are read unretained (the text holds their nodes). Listed as segments on the stack,
        // each stack was retained and released (a short template parsed then resolved: 4,048 instructions), and so
        // it was with the form copied into the closures (4,073); read unretained, 3,636.
        let plainText = text.text
        let listed = text.listed
        let compact = text.isCompact ? text.compact.unretained : nil
        let result = withUnsafePointer(to: self) { resolver in
            // The plain text's bytes, for counting UTF-16 lengths without going through `Substring` (the builder
            // of `text` made its storage native UTF-8, so this does not copy).
            plainText.withUTF8Bytes { bytes in
                var builder = RunBuilder(resolver: resolver, bytes: bytes,
                                         segmentCount: compact == nil ? listed.count : 5,
                                         thread: TemplateScratch.currentThread)
                if let compact {
                    compact.forEachText(textCount: bytes.count) { range, top in
                        builder.addText(.plain(range), of: plainText, top: top, resolver: resolver)
                    }
                } else {
                    listed.withUnsafeBufferPointer { builder.add($0, of: plainText, resolver: resolver) }
                }
                return builder.finish(resolver: resolver)
            }
        }
        assert(RunInvariants.violation(in: result, for: text) == nil,
               "run invariant broken: \(RunInvariants.violation(in: result, for: text) ?? "")")
        return result
    }

    /// Resolves a tagged template into runs: the runs of `StyledText(template:arguments:options:)`, made without
    /// the styled text in between.
    ///
    /// For a template that is shown and not kept, such as a localized string turned into a label's text:
    ///
    /// ```swift
    /// let resolver = StyleResolver().style("b", MarkupStyle(font: .init(weight: .bold)))
    /// let runs = resolver.runs(forTemplate: "Hello <b>%@</b>!", arguments: ["Eve"])
    /// runs.map(\.text)  // ["Hello ", "Eve", "!"]
    /// ```
    ///
    /// The runs are equal to `runs(for: StyledText(template: template, arguments: arguments, options: options))`,
    /// except that the names the resolver lays out (``block(_:prefix:)``, ``prefix(_:rule:)``) are added to the
    /// options' ``StyledText/Template/Options/blockTagNames``: `<step>Mix</step><step>Bake</step>` is two steps
    /// to a resolver with `block("step")`, where the text alone has one.
    /// Most templates are scanned once, the runs made as the tags open and close: the text's parts are never
    /// stored, which saves their memory (a megabyte for a megabyte of markup-dense text) and the work of storing
    /// and reading them. The others (misnested tags the scan cannot mend, a `%` inside a tag, arguments with parts
    /// of their own) are parsed as ``StyledText/init(template:arguments:options:)`` parses them, then resolved. When
    /// the resolver has layout rules, the template is read as that initializer reads it (in one pass, unless the
    /// names the resolver adds send it to the parser), then laid out and resolved.
    ///
    /// - Parameters:
    ///   - template: The template text.
    ///   - arguments: The arguments for its placeholders, inserted as data.
    ///   - options: Limits and behaviour.
    /// - Returns: The runs, contiguous, never empty, with adjacent equal runs merged.
    /// - Complexity: O(*n*) in the size of template and result, plus the rules' own cost, as ``runs(for:)``.
    public func runs(forTemplate template: String, arguments: [any StyledTextArgument] = [],
                     options: StyledText.Template.Options = StyledText.Template.Options()) -> [StyledRun] {
        // As `StyledText(template:)` does: a bridged string is copied into contiguous UTF-8 first.
        guard template.isContiguousUTF8 else {
            var contiguous = template
            contiguous.makeContiguousUTF8()
            return runs(forTemplate: contiguous, arguments: arguments, options: options)
        }
        guard laysOut else {
            if let runs = StyledTextSink.runs(template, arguments: arguments, options: options, resolver: self) {
                return runs
            }
            return runs(for: StyledText(parsing: template, arguments: arguments, options: options))
        }
        // Laid out from the styled text, built in one pass unless block tag names send it to the parser.
        var options = options
        if let own = layoutRules?.ownBlockTagNames, !own.isSubset(of: options.blockTagNames) {
            options.blockTagNames.formUnion(own)
        }
        return runs(for: StyledText(template: template, arguments: arguments, options: options))
    }

    /// The resolved style for the stack topped by `top`, before adjustments, which neither the memo nor the cache
    /// knows (the run builder asks them first; see `RunBuilder.inheritedStyle(for:resolver:)`).
    ///
    /// Finds the innermost node already resolved, then resolves outwards-in from there: iterative, and every
    /// node is resolved once per call of `runs(for:)`, in the memo's entries, made here at the call's first.
    /// Takes the top node rather than the stack: unwrapping the stack's top retained and released it. Out of line:
    /// the two lookups that usually answer cost less without the walk's stack frame around them.
    ///
    /// Static, with the resolver by pointer, as the run builder holds it: called as a method on the pointer's
    /// `pointee`, the whole resolver was copied for the call (its references retained and released), at every stack
    /// resolved anew.
    @inline(never)
    fileprivate static func resolvedStyle(for top: AttributeNode, memo: inout StyleMemo,
                                          resolver: UnsafePointer<StyleResolver>) -> ResolvedStack {
        let entries = memo.madeEntries()
        entries.pending.removeAll(keepingCapacity: true)
        entries.pending.append(top)
        var style: SharedStyle?
        for node in AttributeNodeSequence(upcoming: top.parent) {
            // Two lookups, not `memo[node] ?? memo.cachedStyle(for: node)`: the autoclosure copied the memo.
            if let known = memo[node] {
                style = known.shared
                break
            }
            if let known = memo.cachedStyle(for: node) {
                style = known.shared
                break
            }
            entries.pending.append(node)
        }
        var current = style ?? resolver.pointee.resolvedBase.shared
        // Every node resolved gets its own `ResolvedStack`, made here once: later calls find it in the cache.
        var resolved = resolver.pointee.resolvedBase
        let rules = resolver.pointee.rules
        let fallbackRule = resolver.pointee.fallbackRule
        for node in entries.pending.reversed() {
            // Another node with the same attribute on the same resolved style (`<b>` opened again, or a stack
            // rebuilt after a misnested end tag) resolves the same: look it up before calling the rule.
            // Only once a text has shown many nodes: hashing attributes costs more than it saves in a sentence.
            let key = entries.resolvedCount >= 8
                ? StyleMemo.Key(inherited: ObjectIdentifier(current), attribute: node.attribute) : nil
            if let key, let known = entries.byAttribute[key] {
                current = known
            } else {
                let inherited = current.style
                // Without a layer the node has the style outside it: the same object, nothing merged or made.
                if var resolved = node.withAttribute({
                    layer(for: $0, inherited: inherited, rules: rules, fallbackRule: fallbackRule)
                }) {
                    resolved.fill(from: inherited)
                    current = SharedStyle(resolved)
                }
                if let key { entries.byAttribute[key] = current }
            }
            entries.resolvedCount += 1
            resolved = ResolvedStack(AttributeStack(top: node), current)
            entries.setStyle(resolved, for: node)
            if entries.resolved.count < StyleCache.capacity, StyleCache.admits(node) {
                entries.resolved.append(resolved)
            }
        }
        return resolved
    }
}

/// A resolved style, allocated once per distinct style and shared by every stack that resolves to it: runs
/// then copy and compare a reference, not a `MarkupStyle` of a dozen optional fields.
final class SharedStyle: Sendable {
    let style: MarkupStyle

    init(_ style: MarkupStyle) {
        self.style = style
    }
}

/// An attribute stack with its final style: what every run inside the same tags holds, one reference for both.
///
/// Made once per stack a resolver resolves and kept in its cache, so that a run costs one retain and one release
/// for its attributes and style, not two (`Profile sentence`: 12,317 → 12,050 instructions, document 22.99 M →
/// 22.27 M).
final class ResolvedStack: Sendable {
    let stack: AttributeStack
    let shared: SharedStyle
    /// The image of an image run, which has a resolved stack of its own; `nil` in every stack runs share. Here
    /// rather than in the run: images are rare, and a field of their own made every run 8 bytes larger.
    let image: StyledText.Image?

    init(_ stack: AttributeStack, _ shared: SharedStyle, image: StyledText.Image? = nil) {
        self.stack = stack
        self.shared = shared
        self.image = image
    }

    /// Whether `other` holds an equal stack and an equal style. Inlined: called, it retained and released both.
    @inline(__always)
    func sameContent(as other: ResolvedStack) -> Bool {
        stack == other.stack && (shared === other.shared || shared.style == other.shared.style)
    }
}

/// Styles already resolved in one call of `runs(for:)`, by attribute node: the last few in a small inline
/// cache searched by identity, the rest in a table by node address, allocated only when a text has many distinct
/// stacks; and by inherited style and attribute, so that equal stacks built from different nodes resolve once (and
/// misnested markup, which makes millions of nodes, makes only as many styles as there are distinct ones).
///
/// Every entry holds its node: element content makes short-lived nodes, and a node freed during the call must
/// not leave its identifier to a later node, which would then find the freed node's style.
///
/// The entries live in an object made at the call's first stack that the resolver's cache does not know
/// (``Entries``): a text whose stacks the cache knows, the usual case once an app has shown a screen, makes none.
/// Held inline, their eight references, three tables and two arrays were released one by one when every call's
/// builder was destroyed, about 290 instructions a sentence (`Profile sentence`, 13.37 k → 13.08 k).
struct StyleMemo {
    /// The resolver's styles from earlier calls: the calling thread's table for its ``StyleCache``, or a snapshot of
    /// the cache's shared one (see ``RunBuilder/giveBackStyles(resolver:)``).
    var cached: StyleTable
    /// What this call resolved, or `nil` until it resolves a stack.
    private(set) var entries: Entries?

    struct Key: Hashable {
        var inherited: ObjectIdentifier
        var attribute: StyledText.Attribute

        /// By the attribute's ``StyledText/Attribute/contentHash`` (equal attributes have equal ones), not by
        /// hashing the attribute: that hashes its parameters dictionary entry by entry, about 2,500 instructions
        /// a key, paid again for every entry each time the dictionary grows.
        func hash(into hasher: inout Hasher) {
            hasher.combine(inherited)
            hasher.combine(attribute.contentHash)
        }
    }

    init(cached: StyleTable) {
        self.cached = cached
    }

    /// The entries, made now if this is the call's first stack to resolve.
    mutating func madeEntries() -> Entries {
        if let entries { return entries }
        let made = Entries()
        entries = made
        return made
    }

    /// The style an earlier call resolved for the stack topped by `node`. Not copied into this call's memo:
    /// looking it up again costs less than the memo's bookkeeping.
    ///
    /// Inlined, as is the subscript's getter: called, each took a copy of the whole memo.
    @inline(__always)
    func cachedStyle(for node: AttributeNode) -> ResolvedStack? {
        guard !cached.isEmpty, StyleCache.admits(node) else { return nil }
        return cached.style(for: node)
    }

    /// The style this call resolved for the stack topped by `node`.
    subscript(node: AttributeNode) -> ResolvedStack? {
        @inline(__always) get { entries?.style(for: node) }
    }

    /// What one call of `runs(for:)` resolved, and its scratch space. A class, so that a call that resolves
    /// nothing destroys one `nil` reference. Used by that call alone, so its fields are not checked for
    /// exclusivity at run time: checked, they cost a call that resolves new stacks 3 % more.
    final class Entries {
        @exclusivity(unchecked) private var recent: (ResolvedStack?, ResolvedStack?, ResolvedStack?, ResolvedStack?) =
            (nil, nil, nil, nil)
        /// The addresses of `recent`'s nodes (0 for none), searched instead of the nodes themselves: comparing the
        /// optional references retained and released each one.
        @exclusivity(unchecked) private var recentKeys: (UInt, UInt, UInt, UInt) = (0, 0, 0, 0)
        @exclusivity(unchecked) private var next = 0
        /// The entries evicted from `recent`, by node address: misnested markup looks a handful of nodes up once
        /// per run. Holds its nodes.
        @exclusivity(unchecked) private var overflow = IdentityTable<AttributeNode, ResolvedStack>()
        /// Styles by the style they inherit and the attribute they add. The memo keeps every style it hands out
        /// alive until `runs(for:)` returns, so an `ObjectIdentifier` is never reused for another style meanwhile.
        /// `Dictionary()` rather than `[:]`, here and in `RunBuilder`: the literal called `init(dictionaryLiteral:)`
        /// on every call of `runs(for:)`.
        @exclusivity(unchecked) var byAttribute: [Key: SharedStyle] = Dictionary()
        /// How many nodes have been resolved so far.
        @exclusivity(unchecked) var resolvedCount = 0
        /// The stacks this call resolved that the resolver's cache may keep.
        @exclusivity(unchecked) var resolved: [ResolvedStack] = []
        /// Scratch space for `resolvedStyle(for:memo:)`: the nodes of a stack still to resolve.
        @exclusivity(unchecked) var pending: [AttributeNode] = []
        /// Final styles by stack top when adjustments make them differ from the inherited ones; each entry holds
        /// its node, as the rest of the memo does.
        @exclusivity(unchecked) var adjusted: [ObjectIdentifier: ResolvedStack] = Dictionary()
        /// What the one pass's last element left for the next (see `RunBuilder.addUncountedElement`).
        @exclusivity(unchecked) var last = RunBuilder.ElementMemo()
        /// The empty stack's final style when adjustments make it differ from the base.
        @exclusivity(unchecked) var adjustedEmpty: ResolvedStack?

        @inline(__always)
        func style(for node: AttributeNode) -> ResolvedStack? {
            let key = IdentityTable<AttributeNode, ResolvedStack>.key(of: node)
            if recentKeys.0 == key { return recent.0 }
            if recentKeys.1 == key { return recent.1 }
            if recentKeys.2 == key { return recent.2 }
            if recentKeys.3 == key { return recent.3 }
            return overflow.value(forKey: key)
        }

        /// Remembers `resolved`, the stack topped by `node`.
        func setStyle(_ resolved: ResolvedStack, for node: AttributeNode) {
            // The entry evicted from the inline cache moves to the table, so nothing is resolved twice.
            let evicted: ResolvedStack?
            let key = IdentityTable<AttributeNode, ResolvedStack>.key(of: node)
            switch next {
            case 0: evicted = recent.0; recent.0 = resolved; recentKeys.0 = key
            case 1: evicted = recent.1; recent.1 = resolved; recentKeys.1 = key
            case 2: evicted = recent.2; recent.2 = resolved; recentKeys.2 = key
            default: evicted = recent.3; recent.3 = resolved; recentKeys.3 = key
            }
            next = (next + 1) & 3
            if let evicted, let oldNode = evicted.stack.top {
                overflow.setValue(evicted, for: oldNode)
            }
        }
    }
}

/// Accumulates runs, merging neighbours with equal style and attributes.
struct RunBuilder {
    /// The UTF-8 bytes of the source's plain text, valid while the builder runs. The text itself is not kept
    /// (each call that adds plain text is given it): held here, it was retained and released once more per call.
    ///
    /// Set late for the one pass that makes runs as it scans (``countUncountedText(in:bytes:)``).
    private(set) var plainTextBytes: UnsafeBufferPointer<UInt8>
    var runs: [StyledRun] = []
    /// What the last run's text is, when a following part with equal style and attributes may merge into it;
    /// `nil` when there is no run yet or the last is an image. Runs are built in place, not held back until the
    /// next part shows whether it merges: moving a held-back run into the array retained and released its style
    /// and stack once more.
    var lastText: LastText?
    var utf16Offset = 0
    var memo: StyleMemo
    /// The top of the last stack resolved, and its final style: consecutive parts usually share a stack. Two
    /// fields rather than an optional pair, which was copied (its references retained and released) to compare.
    ///
    /// Neither holds its object (`unowned(unsafe)`): holding them retained and released two objects each time the stack
    /// changed, 210 instructions a sentence. Others hold them while they are read. The resolved stack is held by the
    /// thread or the resolver (the empty stack's, ``base``) or the memo: its table of earlier calls' styles, or its
    /// entries (every one `inheritedStyle` or `adjustedStyle` remembers is one of those, the empty stack's adjusted one
    /// included). The node is held by the text being resolved, whose segments hold their stacks, except for the stacks
    /// of an element's content, made and dropped by ``addElementContent(_:stack:resolver:)``, which forgets them
    /// (`forgetLastStack()`) before they can be freed and another node take a freed one's address. In the one pass that
    /// makes runs as it scans (``addUncountedText(_:top:resolver:)``), before there are segments, the node table lent
    /// to the scan holds every node it pushes until the runs are made (see `StyledTextSink.top`).
    ///
    /// The node by its identity alone: read as an `unowned(unsafe)` reference to compare it, it was retained and
    /// released at each comparison.
    var lastTop: ObjectIdentifier?
    unowned(unsafe) var lastStyle: ResolvedStack?
    /// How many of the runs ``addUncountedText(_:top:resolver:)`` made hold ``base`` without having retained it:
    /// ``takeBaseReferences()`` retains it for them, together. Until then the thread's or the resolver's
    /// reference keeps it alive, and none of the runs may be destroyed.
    private var baseReferencesOwed = 0
    /// The thread's node table, which a template's one pass lends while it makes runs: for the stacks of elements'
    /// content (see ``ElementMemo/placeContent(of:on:nodes:)``). `nil` elsewhere.
    private var nodes: UnsafeMutablePointer<AttributeNodeTable>?
    /// Where the memo's table of styles from earlier calls goes back when it is the calling thread's, taken from it
    /// (`TemplateScratch.takeStyles(of:base:on:)`) until ``finish(resolver:)`` or ``giveBackStyles(resolver:)``
    /// gives it back with what this call resolved; `nil` when it is a snapshot of the resolver's shared cache.
    private var threadStyles: TemplateScratch.ThreadStylesLoan?
    /// The resolved empty stack, the style of text outside every tag: the thread's own with the thread's table (see
    /// `TemplateScratch.takeStyles(of:base:on:)`), else the resolver's. Held by the thread or the resolver, not by
    /// the builder: a reference of the builder's own was retained and released at every call.
    private let base: Unmanaged<ResolvedStack>

    enum TextSource {
        /// UTF-8 offsets into the source's plain text.
        case plain(Range<Int>)
        /// Text from an element's content.
        case owned(Substring)
    }

    enum LastText {
        /// UTF-8 offsets into the source's plain text, which a following plain part may extend.
        case plain
        /// Text in some other string.
        case owned
        /// Text merged from several sources, in a string of its own that later merges append to.
        case merged
    }

    /// A builder for `resolver`, whose styles from earlier calls it takes from `thread` (the calling thread's) if it
    /// can, for text whose plain text's bytes are `bytes`, with room for `segmentCount` runs.
    ///
    /// Out of line: inlined into the one pass, it changed how that function was put together, which then retained
    /// and released the plain text once more (9,250 instructions a sentence in one step, against 9,216).
    @inline(never)
    init(resolver: UnsafePointer<StyleResolver>, bytes: UnsafeBufferPointer<UInt8>, segmentCount: Int,
         thread: TemplateScratch.Thread?) {
        plainTextBytes = bytes
        // The resolver's cache borrowed from the resolver, which the caller holds: read as a reference of its own,
        // it was retained and released around the lock, two atomic operations.
        let cache = Unmanaged.passUnretained(resolver.pointee.cache)
        if let (table, base, loan) = cache._withUnsafeGuaranteedRef({
            TemplateScratch.takeStyles(of: $0, base: Unmanaged.passUnretained(resolver.pointee.resolvedBase),
                                       on: thread)
        }) {
            memo = StyleMemo(cached: table)
            self.base = base
            threadStyles = loan
        } else {
            memo = StyleMemo(cached: cache._withUnsafeGuaranteedRef { $0.snapshot() })
            base = Unmanaged.passUnretained(resolver.pointee.resolvedBase)
        }
        // Not for none (the one pass reserves its own room): `reserveCapacity(0)` still made a new, empty buffer
        // for the array, about 70 instructions a template.
        if segmentCount > 0 { runs.reserveCapacity(segmentCount) }
    }

    /// A builder for the one pass that makes runs as it scans a template (``StyledTextSink``, which makes room for
    /// its runs): it is given text with ``addUncountedText(_:top:resolver:)`` and finished with
    /// ``finish(plainText:segments:resolver:)``.
    init(oneOf resolver: UnsafePointer<StyleResolver>, nodes: UnsafeMutablePointer<AttributeNodeTable>,
         thread: TemplateScratch.Thread?) {
        self.init(resolver: resolver, bytes: UnsafeBufferPointer(start: nil, count: 0), segmentCount: 0,
                  thread: thread)
        self.nodes = nodes
    }

    /// The runs of the one pass, now that its scan has made `plainText`: its runs counted, then `segments` added,
    /// those the scan made from where merging needed the text on (see `StyledTextSink.runBuilder`).
    mutating func finish(plainText: String, segments: [StyledText.Segment],
                         resolver: UnsafePointer<StyleResolver>) -> [StyledRun] {
        takeBaseReferences()
        return plainText.withUTF8Bytes { bytes in
            countUncountedText(in: plainText, bytes: bytes)
            if !segments.isEmpty { add(segments, of: plainText, resolver: resolver) }
            return finish(resolver: resolver)
        }
    }

    /// The final style of the stack topped by `top`. Inlined, with the rest in functions of their own: the empty
    /// stack and the last stack again, about half the parts, then cost no call.
    ///
    /// The resolver by pointer, here and in every method that passes it on, read field by field: the one pass that
    /// makes runs (``addUncountedText(_:top:resolver:)``) keeps it where its caller does, and passed on from there as
    /// a value, or captured by a closure there, it was copied (its six references retained and released): for every
    /// piece of text, about 4,400 instructions a sentence.
    ///
    /// - Parameter top: The stack's top node, unretained: the caller holds it.
    @inline(__always)
    mutating func style(for top: Unmanaged<AttributeNode>?, resolver: UnsafePointer<StyleResolver>) -> ResolvedStack {
        if resolver.pointee.adjustments.isEmpty {
            // The empty stack, which usually alternates with the tags' stacks, needs no lookup and no bookkeeping.
            // The base, unretained (see ``base``).
            guard let top else { return base.takeUnretainedValue() }
            if ObjectIdentifier(top.takeUnretainedValue()) == lastTop, let lastStyle { return lastStyle }
            // Borrowed: taken as a strong reference, the node was retained and released around the call.
            return top._withUnsafeGuaranteedRef { inheritedStyle(for: $0, resolver: resolver) }
        }
        return adjustedStyle(for: AttributeStack(top: top?.takeUnretainedValue()), resolver: resolver)
    }

    /// The style of the stack topped by `top`, before adjustments, remembered as the last one unless this call's
    /// memo knows it. The top node is looked up first, before setting up the walk: a stack is usually known
    /// already, from this call (its node appeared before) or from an earlier one (another text inside the same
    /// tags).
    @inline(never)
    private mutating func inheritedStyle(for top: AttributeNode, resolver: UnsafePointer<StyleResolver>)
        -> ResolvedStack {
        // The memo finds its stacks again for less than remembering one costs (a retain and a release each for
        // the node and the style); the resolver's cache does not.
        if let known = memo[top] { return known }
        let style: ResolvedStack
        if let known = memo.cachedStyle(for: top) {
            style = known
        } else {
            style = StyleResolver.resolvedStyle(for: top, memo: &memo, resolver: resolver)
        }
        lastTop = ObjectIdentifier(top)
        lastStyle = style
        return style
    }

    /// The style of `stack` after the resolver's adjustments.
    @inline(never)
    private mutating func adjustedStyle(for stack: AttributeStack, resolver: UnsafePointer<StyleResolver>)
        -> ResolvedStack {
        let identity = stack.top.map(ObjectIdentifier.init)
        if identity == lastTop, let lastStyle { return lastStyle }
        let finalStyle: ResolvedStack
        let entries = memo.madeEntries()
        if let identity, let known = entries.adjusted[identity] {
            finalStyle = known
        } else if stack.top == nil, let known = entries.adjustedEmpty {
            finalStyle = known
        } else {
            // Remembered as the last stack's style meanwhile, but replaced by the final style below.
            var style = (stack.top.map { inheritedStyle(for: $0, resolver: resolver) } ?? base.takeUnretainedValue())
                .shared.style
            let attributes = stack.attributes
            for adjustment in resolver.pointee.adjustments { style = adjustment(attributes, style) }
            finalStyle = ResolvedStack(stack, SharedStyle(style))
            // Remembered, the empty stack's too: `lastStyle` does not hold the style it names. The entry holds its
            // node, through the stack.
            if let top = stack.top {
                entries.adjusted[ObjectIdentifier(top)] = finalStyle
            } else {
                entries.adjustedEmpty = finalStyle
            }
        }
        lastTop = identity
        lastStyle = finalStyle
        return finalStyle
    }

    /// Adds text inside the stack topped by `top` (unretained: the caller holds it); `plainText` is the source's
    /// plain text, which `.plain` offsets are in.
    @inline(__always)
    mutating func addText(_ text: TextSource, of plainText: String, top: Unmanaged<AttributeNode>?,
                          resolver: UnsafePointer<StyleResolver>) {
        add(text, of: plainText, resolved: style(for: top, resolver: resolver))
    }

    /// ``addText(_:of:top:resolver:)`` with the final style of the text's stack, `resolved`, known.
    @inline(__always)
    private mutating func add(_ text: TextSource, of plainText: String, resolved: consuming ResolvedStack) {
        if let lastText, lastRunShares(resolved) {
            merge(text, of: plainText, lastText)
            return
        }
        // The resolved stack moves into the run (`consume`): copied, it was retained for the run and released at
        // the end of this call.
        let length: Int
        switch text {
        case let .plain(range):
            // The run points into the plain text: no substring is made (see `StyledRun.utf8Range`).
            length = UTF16Length.of(range, in: plainTextBytes)
            runs.append(StyledRun(text: plainText, utf8Range: range, resolved: consume resolved,
                                  range: utf16Offset..<(utf16Offset + length)))
            lastText = .plain
        case let .owned(text):
            length = UTF16Length.of(text)
            runs.append(StyledRun(content: .text(text), resolved: consume resolved,
                                  range: utf16Offset..<(utf16Offset + length)))
            lastText = .owned
        }
        utf16Offset += length
    }

    /// Whether the last run, which there is, has the style and attributes of `resolved`, so that text with it
    /// merges into that run: the same resolved stack, the usual case; else stacks first, since they usually differ,
    /// and comparing them is cheap, while comparing two styles by value copies both out of their boxes.
    @inline(__always)
    private func lastRunShares(_ resolved: ResolvedStack) -> Bool {
        runs[runs.count - 1].resolved === resolved || runs[runs.count - 1].resolved.sameContent(as: resolved)
    }

    /// ``add(_:of:resolver:)`` for the segments the one pass made from where merging needed the text on. Out of
    /// line: most templates need none.
    @inline(never)
    private mutating func add(_ segments: [StyledText.Segment], of plainText: String,
                              resolver: UnsafePointer<StyleResolver>) {
        segments.withUnsafeBufferPointer { add($0, of: plainText, resolver: resolver) }
    }

    /// Adds `segments`, those of a text whose plain text is `plainText`.
    @inline(__always)
    mutating func add(_ segments: UnsafeBufferPointer<StyledText.Segment>, of plainText: String,
                      resolver: UnsafePointer<StyleResolver>) {
        // Each segment's stack is passed unretained (the text holds it): runs hold resolved stacks, not the
        // segments' own, and a retained copy cost a retain and a release per segment.
        for index in segments.indices {
            let segment = segments.baseAddress.unsafelyUnwrapped + index
            let top = segment.pointee.stack.top.map(Unmanaged.passUnretained)
            switch segment.pointee.content {
            case let .text(range): addText(.plain(range), of: plainText, top: top, resolver: resolver)
            case let .image(image): addImage(image, top: top, resolver: resolver)
            case .element: return addFromElement(segments, at: index, of: plainText, resolver: resolver)
            }
        }
    }

    /// ``add(_:of:resolver:)`` from the segment at `first`, an element, on, with what each element leaves for
    /// the next (``ElementMemo``). Out of line, so that texts without elements do not set up and destroy that memo:
    /// kept in the loop above, it cost a sentence in two steps about 80 instructions.
    @inline(never)
    private mutating func addFromElement(_ segments: UnsafeBufferPointer<StyledText.Segment>, at first: Int,
                                         of plainText: String, resolver: UnsafePointer<StyleResolver>) {
        var lastElement = ElementMemo()
        for index in first..<segments.count {
            let segment = segments.baseAddress.unsafelyUnwrapped + index
            let top = segment.pointee.stack.top.map(Unmanaged.passUnretained)
            switch segment.pointee.content {
            case let .text(range): addText(.plain(range), of: plainText, top: top, resolver: resolver)
            case let .image(image): addImage(image, top: top, resolver: resolver)
            case let .element(stored):
                addElement(stored.attribute, on: segment.pointee.stack, after: &lastElement, resolver: resolver)
            }
        }
    }

    /// What an element leaves for the next one in ``add(_:of:resolver:)``: consecutive elements are usually alike
    /// (`line<br>line<br>`), and each one's rule looked up by name, and its content's style looked up by stack, was
    /// a hash of the name and a probe of the memo, where the stored stack, equal but built apart, was then compared
    /// level by level.
    struct ElementMemo {
        /// The name of the element before, and the resolver's rule for it: its fixed content or its closure, or
        /// neither when such elements become nothing.
        var name: String?
        var fixed: StyleResolver.FixedElementContent?
        var rule: StyleResolver.ElementRule?
        /// The stack the content of the element before went on, that element its top, and the stack's final style
        /// once text of the content has needed it.
        var stack: AttributeStack?
        var style: ResolvedStack?

        /// The node table's node for `element` on `parent`. Out of line: a second call of the table's function
        /// changed how the one pass's tags, which call it too, were put together.
        @inline(never)
        private static func node(_ element: StyledText.Attribute, on parent: AttributeNode?,
                                 in nodes: UnsafeMutablePointer<AttributeNodeTable>) -> AttributeNode {
            nodes.pointee.node(element, parent: parent)
        }

        /// Sets ``name``, ``fixed`` and ``rule`` for elements named `name`.
        mutating func find(rulesFor name: String, in resolver: UnsafePointer<StyleResolver>) {
            self.name = name
            switch resolver.pointee.elementRule(for: name) {
            case let .fixed(content)?: (fixed, rule) = (content, nil)
            case let .computed(computed)?: (fixed, rule) = (nil, computed)
            case .nothing?, nil: (fixed, rule) = (nil, nil)
            }
        }

        /// Sets ``stack`` to the stack for the content of `element`, which sits on `parent`: the stack of the element
        /// before when the two are equal and on the same parent, else another, whose style is not known yet. That
        /// one comes from `nodes`, the node table a template's one pass lends, when there is one: the node the
        /// element had the last time (`Line one<br>Line two` shown again), which the resolver's cache then finds by
        /// its address. A node pushed anew was one made, freed, and found in the cache by walking the equal stack
        /// stored there: about 870 instructions for a sentence's one `<br>`.
        @inline(__always)
        mutating func placeContent(of element: StyledText.Attribute, on parent: AttributeStack,
                                   nodes: UnsafeMutablePointer<AttributeNodeTable>?) {
            if element.action == nil, let top = stack?.top, top.parent === parent.top,
               StyledText.Attribute.sameContent(top.attribute, element) {
                return
            }
            if let nodes {
                stack = AttributeStack(top: Self.node(element, on: parent.top, in: nodes))
            } else {
                stack = parent.pushing(element)
            }
            style = nil
        }
    }

    /// Adds the content the resolver's rule makes of `element`, inside `stack`, if it has a rule. `last` is what the
    /// element before it left (``ElementMemo``): an element of the same name has the same rule, and an equal element
    /// on the same parent puts its content on that element's stack, whose style is then known. With the rule looked up
    /// by name, its content made or copied, and a stack pushed and resolved for every element, `Profile line-breaks`
    /// (`line<br>` lines) took 6,477 instructions a line; 2,316 now. Elements with a tappable's closure get a stack of
    /// their own, as the node table gives them. Out of line: in the loop over the segments it cost texts without
    /// elements 5 %.
    @inline(never)
    private mutating func addElement(_ element: StyledText.Attribute, on stack: AttributeStack,
                                     after last: inout ElementMemo, resolver: UnsafePointer<StyleResolver>) {
        if last.name != element.name { last.find(rulesFor: element.name, in: resolver) }
        if let rule = last.rule {
            guard let content = rule(element), !content.isEmpty else { return }
            last.placeContent(of: element, on: stack, nodes: nodes)
            last.style = addElementContent(content, stack: last.stack!, style: last.style, resolver: resolver)
            return
        }
        guard let fixed = last.fixed else { return }
        last.placeContent(of: element, on: stack, nodes: nodes)
        let placed = last.stack!
        let style = last.style
        last.style = fixed.withContent { addElementContent($0, stack: placed, style: style, resolver: resolver) }
    }

    /// Adds the plain text at the UTF-8 offsets `range` inside the stack topped by `top` (unretained: the caller
    /// holds it), for the one pass that makes runs as it scans a template, before there is a plain text: the run
    /// points into an empty string, and its UTF-16 range is counted once the text is made
    /// (``countUncountedText(in:bytes:)``). Every text so added starts where the one before it ended, and no other
    /// part comes before them.
    ///
    /// - Returns: `false`, having added nothing, when the text would merge into an element's content before it
    ///   (`<x/><x>t</x>`, the content inside `x` and the text too): that run's text is its own, which plain text not
    ///   made yet cannot extend. The sink then makes segments from there on.
    @inline(__always)
    mutating func addUncountedText(_ range: Range<Int>, top: Unmanaged<AttributeNode>?,
                                   resolver: UnsafePointer<StyleResolver>) -> Bool {
        if top == nil, resolver.pointee.adjustments.isEmpty {
            return addUncountedBaseText(range, base: base)
        }
        let resolved = style(for: top, resolver: resolver)
        if lastText != nil, lastRunShares(resolved) {
            guard lastText == .plain else { return false }
            extendLastRun(to: range)
            return true
        }
        runs.append(StyledRun(text: "", utf8Range: range, resolved: consume resolved, range: 0..<0))
        lastText = .plain
        return true
    }

    /// ``addUncountedText(_:top:resolver:)`` outside every tag, when the resolver has no adjustments: the run's
    /// style is ``base``, which the run holds without retaining it yet (``baseReferencesOwed``).
    @inline(__always)
    private mutating func addUncountedBaseText(_ range: Range<Int>, base: Unmanaged<ResolvedStack>) -> Bool {
        if lastText != nil, base._withUnsafeGuaranteedRef({ lastRunShares($0) }) {
            // An element's content is inside the element: never on the base's empty stack.
            assert(lastText == .plain, "text outside every tag merging into an element's content")
            extendLastRun(to: range)
            return true
        }
        runs.append(StyledRun(text: "", utf8Range: range, resolved: base.takeRetainedValue(), range: 0..<0))
        baseReferencesOwed &+= 1
        lastText = .plain
        return true
    }

    /// Adds the content of `element`, an element of a template met by the one pass inside the stack topped by `top`
    /// (unretained: the caller holds it), among the runs that point into the text not made yet: its runs hold text
    /// of their own, counted already, as in ``add(_:of:resolver:)``.
    ///
    /// - Returns: `false`, having added nothing, when the content would merge into the run before it, text the scan
    ///   has not made yet (`<x>t</x><x/>`, the text inside `x` and the content too). The sink then makes segments
    ///   from the element on, as it did for every template with an element: the text after the first element was
    ///   then resolved after the scan, which took a sentence with one `<br>` 15,513 instructions (13,329 now),
    ///   against 9,150 without it.
    @inline(never)
    mutating func addUncountedElement(_ element: StyledText.Attribute, top: Unmanaged<AttributeNode>?,
                                      resolver: UnsafePointer<StyleResolver>) -> Bool {
        // In the memo's entries, made for the call's first element if not before: a field of the builder's own cost
        // every template, elements or not, a release when the builder went.
        let memo = self.memo.madeEntries()
        if memo.last.name != element.name { memo.last.find(rulesFor: element.name, in: resolver) }
        let parent = AttributeStack(top: top?.takeUnretainedValue())
        if let rule = memo.last.rule {
            guard let content = rule(element), !content.isEmpty else { return true }
            return addUncounted(content, of: element, on: parent, memo: memo, resolver: resolver)
        }
        guard let fixed = memo.last.fixed else { return true }
        return fixed.withContent { addUncounted($0, of: element, on: parent, memo: memo, resolver: resolver) }
    }

    /// ``addUncountedElement(_:top:resolver:)`` with the element's content found.
    private mutating func addUncounted(_ content: borrowing StyledText, of element: StyledText.Attribute,
                                       on parent: AttributeStack, memo: StyleMemo.Entries,
                                       resolver: UnsafePointer<StyleResolver>) -> Bool {
        memo.last.placeContent(of: element, on: parent, nodes: nodes)
        let stack = memo.last.stack.unsafelyUnwrapped
        // Only the content's first text or image can merge into the run before it: the stack it is on decides.
        if lastText == .plain, let first = content.withSegments({ segments in
            segments.first { segment in
                if case .element = segment.content { false } else { true }
            }
        }), case .text = first.content {
            let merges: Bool
            if first.stack.isEmpty {
                let resolved = memo.last.style
                    ?? style(for: stack.top.map(Unmanaged.passUnretained), resolver: resolver)
                memo.last.style = resolved
                merges = lastRunShares(resolved)
            } else {
                var rebaser = StackRebaser(base: stack)
                let nested = rebaser.rebase(first.stack)
                merges = lastRunShares(style(for: nested.top.map(Unmanaged.passUnretained), resolver: resolver))
                withExtendedLifetime(nested) {}
            }
            forgetLastStack()
            if merges { return false }
        }
        memo.last.style = addElementContent(content, stack: stack, style: memo.last.style, resolver: resolver)
        return true
    }

    /// Extends the last run, made by ``addUncountedText(_:top:resolver:)``, over `range`, which follows it: in place,
    /// nothing of the run's copied, retained or released.
    @inline(__always)
    private mutating func extendLastRun(to range: Range<Int>) {
        assert(runs[runs.count - 1].utf8Range.upperBound == range.lowerBound, "uncounted text out of order")
        runs.withUnsafeMutableBufferPointer { runs in
            let last = runs.count - 1
            runs[last].utf8Range = runs[last].utf8Range.lowerBound..<range.upperBound
        }
    }

    /// Retains ``base`` for the runs that hold it without having retained it
    /// (``baseReferencesOwed``): before the runs are counted, or dropped when the one pass gives up.
    ///
    /// A retain is an atomic operation, about 3 ns here when many follow one another, and destroying the runs
    /// releases each one's references one by one. Taken here eight at a time, in one `swift_retain_n` for the
    /// eight (the compiler joins retains of one object in a row), and the last by the binary digits of their count,
    /// a template's runs outside every tag, about half of them, cost a retain each no longer.
    mutating func takeBaseReferences() {
        guard baseReferencesOwed > 0 else { return }
        let base = base
        var owed = baseReferencesOwed
        baseReferencesOwed = 0
        while owed >= 8 {
            for _ in 0..<8 { _ = base.retain() }
            owed &-= 8
        }
        // The rest by its binary digits: at most three `swift_retain_n`, not up to seven retains.
        if owed & 4 != 0 { for _ in 0..<4 { _ = base.retain() } }
        if owed & 2 != 0 { for _ in 0..<2 { _ = base.retain() } }
        if owed & 1 != 0 { _ = base.retain() }
    }

    /// Points the runs ``addUncountedText(_:top:resolver:)`` made into `plainText`, the finished text, whose bytes
    /// are `bytes`, and counts their UTF-16 ranges; parts added after this are added as to any text's runs.
    ///
    /// Out of line: inlined into the one step's function, it changed how that function was put together, which then
    /// retained and released the plain text five times more (a sentence 10,335 instructions against 10,149).
    @inline(never)
    mutating func countUncountedText(in plainText: String, bytes: UnsafeBufferPointer<UInt8>) {
        plainTextBytes = bytes
        // Runs counted already (an element's content, an image) moved the offset on: every other run has no range.
        // A text shorter than a vector takes that loop too, which counts each run on its own there.
        if utf16Offset != 0 || bytes.count < 16 { return countAmongCountedRuns(in: plainText, bytes: bytes) }
        // The runs cover the text one after the other: its UTF-16 offsets are counted once, in order, rather than
        // each run's length on its own.
        var offsets = UTF16Length.Offsets(of: bytes)
        var offset = 0
        // In place: each run's fields written, nothing else of it retained or released. The empty string each
        // run points into until now holds no storage: it is written over, not released first.
        runs.withUnsafeMutableBufferPointer { runs in
            let first = runs.baseAddress.unsafelyUnwrapped
            // Points the `count` runs from `group` into the text, their strings written one after another: with a
            // constant count, the compiler makes the retains of the text one `swift_retain_n` (see
            // `takeBaseReferences()`).
            @inline(__always)
            func point(_ group: UnsafeMutablePointer<StyledRun>, _ count: Int) {
                for member in 0..<count {
                    (group + member).pointer(to: \.base).unsafelyUnwrapped.initialize(to: plainText)
                }
            }
            var index = 0
            // Eight runs at a time. A retain each, one by one, cost the 1 MB document about 2 % of its time.
            while index &+ 8 <= runs.count {
                let group = first + index
                for member in 0..<8 {
                    assert(group[member].base.isEmpty, "a counted run")
                    let end = offsets.offset(at: group[member].utf8Range.upperBound)
                    group[member].range = offset..<end
                    offset = end
                }
                point(group, 8)
                index &+= 8
            }
            let rest = index
            for index in index..<runs.count {
                let run = runs.baseAddress.unsafelyUnwrapped + index
                assert(run.pointee.base.isEmpty && run.pointee.utf8Range.lowerBound == (index == 0 ? 0
                    : runs[index - 1].utf8Range.upperBound), "a counted run, or runs that leave a gap")
                let end = offsets.offset(at: run.pointee.utf8Range.upperBound)
                run.pointee.range = offset..<end
                offset = end
            }
            // The last runs' strings by the binary digits of their count, as `takeBaseReferences()` retains:
            // at most three `swift_retain_n`, not up to seven retains.
            var group = first + rest
            let remaining = runs.count &- rest
            if remaining & 4 != 0 { point(group, 4); group += 4 }
            if remaining & 2 != 0 { point(group, 2); group += 2 }
            if remaining & 1 != 0 { point(group, 1) }
        }
        utf16Offset = offset
    }

    /// ``countUncountedText(in:bytes:)`` when some of the runs are counted already (``utf16Offset`` is theirs): an
    /// element's content, which holds text of its own, or an image. Those keep their text and length and are moved
    /// along; the others, which cover the plain text one after the other around them, are counted as there. Also
    /// for a text shorter than a vector, whose runs are counted each on its own (its loop of its own was this one's
    /// twin, and assigning each run's string, rather than writing it over the empty one, cost `Profile
    /// tiny-one-step` 24 instructions more).
    @inline(never)
    private mutating func countAmongCountedRuns(in plainText: String, bytes: UnsafeBufferPointer<UInt8>) {
        var offset = 0
        if bytes.count >= 16 {
            var offsets = UTF16Length.Offsets(of: bytes)
            // The UTF-16 offset in the plain text where the next uncounted run starts.
            var plainOffset = 0
            offset = countAmongCountedRuns(in: plainText) { range in
                let end = offsets.offset(at: range.upperBound)
                defer { plainOffset = end }
                return end &- plainOffset
            }
        } else {
            offset = countAmongCountedRuns(in: plainText) { UTF16Length.of($0, in: bytes) }
        }
        utf16Offset = offset
    }

    /// Points the uncounted runs into `plainText`, each `length(of:)` its UTF-8 range long in UTF-16, the others
    /// moved along, in order; returns the UTF-16 length of them all.
    @inline(__always)
    private mutating func countAmongCountedRuns(in plainText: String, length: (Range<Int>) -> Int) -> Int {
        var offset = 0
        runs.withUnsafeMutableBufferPointer { runs in
            for index in runs.indices {
                let count: Int
                // An uncounted run has no UTF-16 range yet; a counted one's is at least a unit long.
                if runs[index].range.isEmpty {
                    assert(runs[index].base.isEmpty, "a counted run without a range")
                    count = length(runs[index].utf8Range)
                    // Written over, not assigned: the empty string there holds no storage to release.
                    (runs.baseAddress.unsafelyUnwrapped + index).pointer(to: \.base).unsafelyUnwrapped
                        .initialize(to: plainText)
                } else {
                    count = runs[index].range.count
                }
                runs[index].range = offset..<(offset &+ count)
                offset &+= count
            }
        }
        return offset
    }

    /// Appends `text` to the last run, whose text is `lastText`.
    private mutating func merge(_ text: TextSource, of plainText: String, _ lastText: LastText) {
        let last = runs.removeLast()
        if lastText == .plain, case let .plain(range) = text, last.utf8Range.upperBound == range.lowerBound {
            let length = UTF16Length.of(range, in: plainTextBytes)
            runs.append(StyledRun(text: last.base, utf8Range: last.utf8Range.lowerBound..<range.upperBound,
                                  resolved: last.resolved, range: last.range.lowerBound..<(utf16Offset + length)))
            utf16Offset += length
            return
        }
        let added = Self.text(of: text, in: plainText)
        // Appended in place: a new string per merge made k merged elements (`<hr>` × k) cost O(k²).
        var buffer = lastText == .merged ? last.base : String(last.base.utf8Slice(last.utf8Range))
        let (resolved, start) = (last.resolved, last.range.lowerBound)
        // Let go of the run's reference to the buffer, so that appending does not copy it.
        _ = consume last
        buffer += added
        let length = UTF16Length.of(added)
        runs.append(StyledRun(text: buffer, utf8Range: 0..<buffer.utf8.count, resolved: resolved,
                              range: start..<(utf16Offset + length)))
        self.lastText = .merged
        utf16Offset += length
    }

    /// Adds an image inside the stack topped by `top` (unretained: the caller holds it).
    mutating func addImage(_ image: StyledText.Image, top: Unmanaged<AttributeNode>?,
                           resolver: UnsafePointer<StyleResolver>) {
        let resolved = style(for: top, resolver: resolver)
        runs.append(StyledRun(content: .image(image), resolved: resolved, range: utf16Offset..<(utf16Offset + 1)))
        lastText = nil
        utf16Offset += 1
    }

    /// Adds an element's content with its attributes nested inside `stack`; elements inside it render nothing.
    /// `style` is the final style of `stack` when known; returns it, found if text outside the content's own
    /// attributes needed it.
    mutating func addElementContent(_ content: StyledText, stack: AttributeStack, style: ResolvedStack?,
                                    resolver: UnsafePointer<StyleResolver>) -> ResolvedStack? {
        var known = style
        var rebaser = StackRebaser(base: stack)
        // The closure below captures the content's text, not the content: captured whole, it was copied (its
        // references retained and released) for every element, about 145 instructions.
        let text = content.text
        content.withSegments { segments in
            for segment in segments {
                // An element's content is never `.plain`: no plain text is needed.
                if segment.stack.isEmpty, case let .text(range) = segment.content {
                    if known == nil {
                        known = self.style(for: stack.top.map(Unmanaged.passUnretained), resolver: resolver)
                    }
                    add(.owned(StyledText.substring(of: text, range)), of: "", resolved: known.unsafelyUnwrapped)
                    continue
                }
                let nested = rebaser.rebase(segment.stack)
                let top = nested.top.map(Unmanaged.passUnretained)
                switch segment.content {
                case let .text(range):
                    addText(.owned(StyledText.substring(of: text, range)), of: "", top: top, resolver: resolver)
                case let .image(image): addImage(image, top: top, resolver: resolver)
                case .element: continue
                }
                withExtendedLifetime(nested) {}
            }
        }
        forgetLastStack()
        return known
    }

    /// Forgets the last stack resolved, whose node may be about to be freed (see ``lastTop``).
    private mutating func forgetLastStack() {
        lastTop = nil
        lastStyle = nil
    }

    /// The text of `source`; `plainText` is the source's plain text, which `.plain` offsets are in.
    static func text(of source: TextSource, in plainText: String) -> Substring {
        switch source {
        case let .plain(range): plainText.utf8Slice(range)
        case let .owned(text): text
        }
    }

    mutating func finish(resolver: UnsafePointer<StyleResolver>) -> [StyledRun] {
        giveBackStyles(resolver: resolver)
        // Moved out, not copied: a copy was retained here and released with the builder.
        var finished: [StyledRun] = []
        swap(&finished, &runs)
        return finished
    }
}

extension RunBuilder {
    /// Keeps what this call resolved for later calls: in the thread's table, given back to the thread, or in the
    /// resolver's shared cache. The memo's table is empty afterwards.
    mutating func giveBackStyles(resolver: UnsafePointer<StyleResolver>) {
        if let threadStyles {
            self.threadStyles = nil
            if let entries = memo.entries { memo.cached.add(entries.resolved) }
            threadStyles.giveBack(&memo.cached)
        } else {
            // Without its snapshot, the cache is usually the only owner of its table and grows it in place.
            memo.cached = StyleTable()
            if let entries = memo.entries { resolver.pointee.cache.add(entries.resolved) }
        }
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
