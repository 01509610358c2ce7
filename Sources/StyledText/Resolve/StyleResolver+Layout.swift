extension StyleResolver {
    /// Content put where an attribute begins: the attribute and where it stands among its siblings, to the content
    /// (`nil` for none).
    public typealias PrefixRule = @Sendable (_ attribute: StyledText.Attribute, _ occurrence: Occurrence) -> StyledText?

    /// Where an attribute with a layout rule begins: which one it is among its siblings, and how deeply attributes
    /// of its name nest around it. A list item's number, a nested list's bullet, a table cell's separator.
    public struct Occurrence: Sendable, Hashable {
        /// 1 for the first attribute of its name directly inside the same enclosing attribute (or at the top), 2 for
        /// the next, and so on: the third `li` of an `ol` is 3. Names given to one call of
        /// ``StyleResolver/block(_:prefix:)`` or ``StyleResolver/prefix(_:rule:)`` count together: with
        /// `prefix("td", "th")`, the `td` after a `th` is 2.
        public var index: Int
        /// How many attributes of the same name (or a name counted with it) enclose it: 0 for an outermost list
        /// item, 1 for an item of a list nested in one.
        public var nesting: Int
        /// The attribute directly around it (the `ol` of an `li`), or `nil` at the top.
        public var parent: StyledText.Attribute?

        /// Creates an occurrence, for testing a prefix rule.
        ///
        /// - Parameters:
        ///   - index: Its position among the attributes of its name directly inside the same parent, from 1.
        ///   - nesting: How many attributes of its name enclose it.
        ///   - parent: The attribute directly around it.
        public init(index: Int, nesting: Int = 0, parent: StyledText.Attribute? = nil) {
            self.index = index
            self.nesting = nesting
            self.parent = parent
        }
    }

    /// How the text of attributes of one name is laid out: as a block of lines of its own, and with what before it.
    struct Layout: Sendable {
        let isBlock: Bool
        let prefix: PrefixRule?
        /// The name its occurrences are counted under: the first of the names given with it.
        let counter: String
    }

    /// A copy that lays the text of attributes with one of these names out as blocks: each starts on a line of its
    /// own, and what follows it does too, as HTML lays out `p`, `div` and `li`.
    ///
    /// ```swift
    /// let resolver = StyleResolver()
    ///     .block("p")
    ///     .block("li") { _, item in "\(item.index). " }
    /// let text = StyledText(template: "<p>Steps:</p><ol><li>Mix</li><li>Bake</li></ol>")
    /// resolver.runs(for: text).map(\.text).joined()  // "Steps:\n1. Mix\n2. Bake"
    /// ```
    ///
    /// A block's line breaks are `"\n"`, written only between content: never at the start or the end of the text,
    /// never after a break already there, and never twice where blocks meet. A part of whitespace alone at the start
    /// of a line, such as the indentation between tags of pretty-printed HTML, is dropped. The breaks and
    /// prefixes are text of the runs, styled as the attributes around them are; ``StyledText/plainText`` is
    /// unchanged.
    ///
    /// Where a block begins is where a part first has its attribute, or an element part of its name stands (a
    /// template puts one before each `<p>`, `<li>`, `<div>`, and so on; see ``StyledText/init(template:_:)``),
    /// so that two paragraphs side by side are two blocks even though their text coalesces in one part. For tags
    /// of your own, list their names in the template's ``StyledText/Template/Options/blockTagNames``;
    /// ``runs(forTemplate:arguments:options:)`` adds the names this resolver lays out. In interpolated text, put
    /// `\(element: .tag("step"))` before each part that begins one.
    ///
    /// - Parameters:
    ///   - names: The attribute names; compared lowercased. A later `block` or ``prefix(_:rule:)`` for one of them
    ///     replaces this for it. Their occurrences are counted together (``Occurrence/index``).
    ///   - prefix: Content put at the start of each such block, such as a list item's bullet or number, styled
    ///     inside the attribute; `nil` for none.
    /// - Returns: The new resolver.
    public func block(_ names: String..., prefix: PrefixRule? = nil) -> StyleResolver {
        laying(names, out: true, prefix: prefix)
    }

    /// A copy that puts content where each attribute with one of these names begins, within the line, as a
    /// separator between table cells.
    ///
    /// ```swift
    /// let resolver = StyleResolver().block("tr").prefix("th", "td") { _, cell in cell.index > 1 ? "\t" : nil }
    /// resolver.runs(for: StyledText(template: "<tr><th>a</th><td>b</td></tr>")).map(\.text)  // ["a", "\tb"]
    /// ```
    ///
    /// - Parameters:
    ///   - names: The attribute names; compared lowercased. A later ``block(_:prefix:)`` or `prefix` for one of
    ///     them replaces this for it. Their occurrences are counted together (``Occurrence/index``).
    ///   - rule: The attribute and where it stands, to the content (`nil` for none).
    /// - Returns: The new resolver.
    public func prefix(_ names: String..., rule: @escaping PrefixRule) -> StyleResolver {
        laying(names, out: false, prefix: rule)
    }

    /// A copy with a layout for each of `names`, counted under the first.
    private func laying(_ names: [String], out isBlock: Bool, prefix: PrefixRule?) -> StyleResolver {
        var copy = self
        let lowercased = names.map { $0.lowercased() }
        guard let counter = lowercased.first else { return copy }
        var layouts = self.layouts
        for name in lowercased {
            layouts[name] = Layout(isBlock: isBlock, prefix: prefix, counter: counter)
        }
        copy.layoutRules = LayoutRules(layouts: layouts, whitespacePreservedInside: whitespacePreservedInside)
        return copy
    }

    /// A copy that collapses white space as HTML does, except inside attributes named in `names`: each run of
    /// spaces, tabs and line breaks becomes one space, and a space at the start of a line, or after another space,
    /// is dropped.
    ///
    /// ```swift
    /// let resolver = StyleResolver().block("p").collapsingWhitespace(preservingInside: ["pre"])
    /// let text = StyledText(template: "<p>\n  Hello,\n  world\n</p><pre>a  b</pre>")
    /// resolver.runs(for: text).map(\.text).joined()  // "Hello, world \na  b"
    /// ```
    ///
    /// Markup written over several indented lines then reads as a browser shows it. Like blocks, this changes the
    /// text of the runs only; ``StyledText/plainText`` keeps the white space as written.
    ///
    /// - Parameter names: The attribute names inside which white space is kept as written, such as `pre`; compared
    ///   lowercased.
    /// - Returns: The new resolver.
    public func collapsingWhitespace(preservingInside names: Set<String> = []) -> StyleResolver {
        var copy = self
        copy.layoutRules = LayoutRules(layouts: layouts, whitespacePreservedInside: Set(names.map { $0.lowercased() }))
        return copy
    }

    /// Whether ``runs(for:)`` lays the text out first: the resolver has block or prefix rules, or collapses white
    /// space.
    var laysOut: Bool { layoutRules != nil }

    /// The block and prefix rules by attribute name.
    var layouts: [String: Layout] { layoutRules?.layouts ?? [:] }

    /// The names inside which white space is kept, when the resolver collapses it; `nil` when it does not.
    var whitespacePreservedInside: Set<String>? { layoutRules?.whitespacePreservedInside }

    /// `text` with its layout made text: line breaks between blocks, prefixes, and the content of its elements.
    /// Called by ``runs(for:)`` when the resolver has layout rules.
    func laidOut(_ text: StyledText) -> StyledText {
        var builder = LayoutBuilder(resolver: self)
        let plainText = text.text
        text.withSegments { segments in
            for segment in segments {
                switch segment.content {
                case let .text(range):
                    builder.addText(StyledText.substring(of: plainText, range), stack: segment.stack)
                case let .image(image):
                    builder.addImage(image, stack: segment.stack)
                case let .element(element):
                    builder.addElement(element.attribute, stack: segment.stack)
                }
            }
        }
        return builder.finish()
    }
}

/// A resolver's layout rules, behind one reference. With a field of its own for each, the resolver no longer reached
/// the style resolution in pieces and a cold resolve copied more of it: `Profile sentence-cold` took 28,635
/// instructions a sentence, against 28,266 and 28,393 (two builds) with this one reference; 28,053 before layout
/// rules and the `pthread_mutex_t`.
final class LayoutRules: Sendable {
    /// The block and prefix rules by attribute name.
    let layouts: [String: StyleResolver.Layout]
    /// The names inside which white space is kept, when white space collapses; `nil` when it does not.
    let whitespacePreservedInside: Set<String>?
    /// The names laid out that a template does not mark by itself, not being HTML's blocks (``BlockRole``) nor
    /// void elements, which are element parts themselves: for ``StyleResolver/runs(forTemplate:arguments:options:)``
    /// to mark, found once rather than at every call. Empty for ``StyleResolver/html`` (its `hr` is void), so that
    /// its templates stay in the one pass.
    let ownBlockTagNames: Set<String>

    init(layouts: [String: StyleResolver.Layout], whitespacePreservedInside: Set<String>?) {
        self.layouts = layouts
        self.whitespacePreservedInside = whitespacePreservedInside
        ownBlockTagNames = Set(layouts.keys.filter { BlockRole($0) == .none && !TemplateTokenizer.isVoid($0) })
    }
}

/// Lays out one text for ``StyleResolver/laidOut(_:)``, part by part.
///
/// It follows the attributes open at each part as a path of levels, one per attribute, compared with each part's
/// stack from its innermost node down to the first node the path already holds: a step per attribute opened or
/// closed (or an equal attribute on another node), never a walk of the whole stack per part, and no recursion.
/// What the resolver says about a name (its layout, its element rule, whether it keeps white space) is looked up
/// once per name and text (``NameInfo``), and the sibling counts live in one array used as a stack: with
/// dictionaries and an array per level, pretty-printed HTML cost 583 instructions a byte, against 448 (at 256 KB).
struct LayoutBuilder {
    /// One attribute open at the current part.
    struct Level {
        /// Its node: the stack of the level and those below it.
        var node: AttributeNode
        /// Its name's entry in ``names``.
        let name: Int
        /// Where its children's counts start in ``counts``: they run to the next level's start, or the end.
        let countsStart: Int
    }

    /// What the resolver decides for one attribute name.
    struct NameInfo {
        let name: String
        let layout: StyleResolver.Layout?
        /// The index of the layout's counter name in ``nesting``; -1 without a layout.
        let counter: Int
        /// Whether white space inside it is kept as written
        /// (``StyleResolver/collapsingWhitespace(preservingInside:)``).
        let preservesWhitespace: Bool
        let elementRule: StyleResolver.StoredElementRule?
    }

    private let resolver: StyleResolver
    private var output = StyledText()
    private var path: [Level] = []
    /// The names met so far, searched linearly while there are few (``linearNames``), then through ``nameIndex``.
    private var names: [NameInfo] = []
    private var nameIndex: [String: Int] = [:]
    private static let linearNames = 16
    /// The counter names of the layouts met, and how many levels of each are open.
    private var counterNames: [String] = []
    private var nesting: [Int] = []
    /// The number of each counter begun directly inside each open level (and the top, from 0): a level's counts run
    /// from its ``Level/countsStart``, and only the innermost level's can grow.
    private var counts: [(counter: Int, count: Int)] = []
    /// The nodes a part's stack has that the path does not, innermost first; kept for their room.
    private var walked: [AttributeNode] = []
    /// Whether a block began or ended since the last content, so that a line break goes before the next.
    private var pendingBreak = false
    /// The depth of the levels every block boundary since the last content left alone: the break's stack.
    private var breakDepth = Int.max
    /// Whether nothing but prefixes was written since the start or the last line break.
    private var atLineStart = true
    /// Whether no content was written since the start or the last block boundary.
    private var sinceBoundary = true
    /// Whether the last content written ends with a space (or is a prefix that does).
    private var endsWithSpace = false
    /// Whether the resolver collapses white space.
    private let collapsesWhitespace: Bool
    /// How many open levels keep their white space.
    private var preservingLevels = 0

    init(resolver: StyleResolver) {
        self.resolver = resolver
        collapsesWhitespace = resolver.whitespacePreservedInside != nil
    }

    mutating func finish() -> StyledText {
        output
    }

    mutating func addText(_ text: Substring, stack: AttributeStack) {
        enter(stack.top)
        if collapsesWhitespace, preservingLevels == 0 {
            // A break about to be written puts the text at the start of a line, as `atLineStart` does.
            let dropsLeadingSpace = atLineStart || endsWithSpace || pendingBreak
            guard Self.needsCollapsing(text, droppingLeadingSpace: dropsLeadingSpace) else {
                write(text, stack: stack)
                return
            }
            let collapsed = Self.collapsed(text, droppingLeadingSpace: dropsLeadingSpace)
            guard !collapsed.isEmpty else { return }
            write(collapsed[...], stack: stack)
            return
        }
        if sinceBoundary, Self.isWhitespace(text) { return }
        write(text, stack: stack)
    }

    private mutating func write(_ text: Substring, stack: AttributeStack) {
        flushBreak()
        output.appendText(text, stack: stack)
        atLineStart = text.utf8.last == UInt8(ascii: "\n")
        endsWithSpace = text.utf8.last == UInt8(ascii: " ")
        sinceBoundary = false
    }

    mutating func addImage(_ image: StyledText.Image, stack: AttributeStack) {
        enter(stack.top)
        flushBreak()
        output.appendSegment(.image(image), stack: stack)
        atLineStart = false
        endsWithSpace = false
        sinceBoundary = false
    }

    /// An element: when its name has a layout, a new occurrence of it begins there, even if one of its name was
    /// open (the mark a template puts before `<li>`); then its content, if the resolver has a rule for it.
    mutating func addElement(_ element: StyledText.Attribute, stack: AttributeStack) {
        enter(stack.top)
        let name = nameInfo(element.name)
        guard names[name].layout != nil || names[name].elementRule != nil else { return }
        let placed = stack.pushingShared(element)
        if names[name].layout != nil { open(placed.top.unsafelyUnwrapped, name: name) }
        let content: StyledText?
        switch names[name].elementRule {
        case let .fixed(fixed)?: content = fixed.withContent { copy $0 }
        case let .computed(rule)?: content = rule(element)
        case .nothing?, nil: content = nil
        }
        guard let content, !content.isEmpty else { return }
        flushBreak()
        append(content, inside: placed)
        // Content of images alone ends with neither.
        atLineStart = content.text.utf8.last == UInt8(ascii: "\n")
        endsWithSpace = content.text.utf8.last == UInt8(ascii: " ")
        sinceBoundary = false
    }

    /// The index in ``names`` of what the resolver decides for `name`, looked up once per name.
    private mutating func nameInfo(_ name: String) -> Int {
        if names.count <= Self.linearNames {
            var index = 0
            while index < names.count {
                if names[index].name == name { return index }
                index += 1
            }
        } else if let index = nameIndex[name] {
            return index
        }
        let layout = resolver.layouts[name]
        var counter = -1
        if let layout {
            if let known = counterNames.firstIndex(of: layout.counter) {
                counter = known
            } else {
                counterNames.append(layout.counter)
                nesting.append(0)
                counter = counterNames.count - 1
            }
        }
        names.append(NameInfo(name: name, layout: layout, counter: counter,
                              preservesWhitespace: resolver.whitespacePreservedInside?.contains(name) ?? false,
                              elementRule: resolver.elementRule(for: name)))
        if names.count > Self.linearNames {
            if nameIndex.isEmpty {
                for (index, info) in names.enumerated() { nameIndex[info.name] = index }
            } else {
                nameIndex[name] = names.count - 1
            }
        }
        return names.count - 1
    }

    /// Makes the path the stack topped by `top`: closes the levels it does not hold and opens those it adds.
    private mutating func enter(_ top: AttributeNode?) {
        var node = top
        // Most parts sit where the part before them did, or one level further in.
        if let current = node, current.depth == path.count, path[path.count - 1].node === current { return }
        walked.removeAll(keepingCapacity: true)
        while let current = node {
            let depth = current.depth
            if depth <= path.count, path[depth - 1].node === current { break }
            walked.append(current)
            node = current.parent
        }
        let common = node?.depth ?? 0
        // The nodes walked, outermost first, that hold the same attribute as the level at their depth continue it.
        var depth = common
        var next = walked.count - 1
        while next >= 0, depth < path.count, AttributeNode.sameAttribute(path[depth].node, walked[next]) {
            path[depth].node = walked[next]
            depth += 1
            next -= 1
        }
        close(downTo: depth)
        while next >= 0 {
            let opened = walked[next]
            open(opened, name: nameInfo(opened.attribute.name))
            next -= 1
        }
    }

    /// Opens a level for `node`, whose name is `name` in ``names``, on top of the path, which holds its parents: a
    /// block boundary and a prefix, as its layout asks.
    private mutating func open(_ node: AttributeNode, name: Int) {
        let info = names[name]
        if info.preservesWhitespace { preservingLevels += 1 }
        guard let layout = info.layout else {
            path.append(Level(node: node, name: name, countsStart: counts.count))
            return
        }
        // The parent's counts run from its start to the end: the levels inside it are closed.
        var index = 1
        var position = path.last?.countsStart ?? 0
        while position < counts.count, counts[position].counter != info.counter { position += 1 }
        if position < counts.count {
            counts[position].count += 1
            index = counts[position].count
        } else {
            counts.append((info.counter, 1))
        }
        let occurrence = StyleResolver.Occurrence(index: index, nesting: nesting[info.counter],
                                                  parent: path.last?.node.attribute)
        nesting[info.counter] += 1
        path.append(Level(node: node, name: name, countsStart: counts.count))
        if layout.isBlock { boundary(atDepth: path.count) }
        if let prefix = layout.prefix, let content = prefix(node.attribute, occurrence), !content.isEmpty {
            flushBreak()
            append(content, inside: AttributeStack(top: node))
            endsWithSpace = content.text.utf8.last == UInt8(ascii: " ")
        }
    }

    /// Closes the levels from `depth` up: a block boundary for each block.
    private mutating func close(downTo depth: Int) {
        guard path.count > depth else { return }
        counts.removeSubrange(path[depth].countsStart...)
        while path.count > depth {
            let level = path.removeLast()
            let info = names[level.name]
            if info.preservesWhitespace { preservingLevels -= 1 }
            guard let layout = info.layout else { continue }
            nesting[info.counter] -= 1
            if layout.isBlock { boundary(atDepth: path.count + 1) }
        }
    }

    /// A block at `depth` (1 for the outermost level) began or ended.
    private mutating func boundary(atDepth depth: Int) {
        pendingBreak = true
        breakDepth = min(breakDepth, depth - 1)
        sinceBoundary = true
    }

    /// Writes the line break a block boundary asked for before the content about to be written, unless nothing
    /// but prefixes stands on the line yet. It goes on the levels every boundary since the last content left open.
    private mutating func flushBreak() {
        guard pendingBreak else { return }
        pendingBreak = false
        let depth = min(breakDepth, path.count)
        breakDepth = Int.max
        guard !atLineStart else { return }
        output.appendText("\n", stack: depth == 0 ? .empty : AttributeStack(top: path[depth - 1].node))
        atLineStart = true
    }

    /// Appends content that a rule made inside `stack`; elements inside it render nothing, as the resolver's element
    /// rules say.
    private mutating func append(_ content: StyledText, inside stack: AttributeStack) {
        let hasElements = content.withSegments { segments in
            segments.contains { if case .element = $0.content { true } else { false } }
        }
        guard hasElements else {
            output.append(content, inside: stack)
            return
        }
        output.append(StyledText(parts: content.parts.filter { if case .element = $0 { false } else { true } }),
                      inside: stack)
    }

    /// Whether ``collapsed(_:droppingLeadingSpace:)`` would change `text`: it holds white space other than single
    /// spaces, two spaces in a row, or a space to drop first. Most text does not, and is written as it is.
    private static func needsCollapsing(_ text: Substring, droppingLeadingSpace: Bool) -> Bool {
        var previousIsSpace = droppingLeadingSpace
        for byte in text.utf8 {
            if byte == UInt8(ascii: " ") {
                if previousIsSpace { return true }
                previousIsSpace = true
            } else if TemplateTokenizer.isSpace(byte) {
                return true
            } else {
                previousIsSpace = false
            }
        }
        return false
    }

    /// `text` with each run of white space made one space, and without its first space when
    /// `droppingLeadingSpace`.
    private static func collapsed(_ text: Substring, droppingLeadingSpace: Bool) -> String {
        var bytes = [UInt8]()
        bytes.reserveCapacity(text.utf8.count)
        var inSpace = droppingLeadingSpace
        for byte in text.utf8 {
            if TemplateTokenizer.isSpace(byte) {
                if !inSpace { bytes.append(UInt8(ascii: " ")) }
                inSpace = true
            } else {
                bytes.append(byte)
                inSpace = false
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `text` is only spaces, tabs, line breaks and form feeds.
    private static func isWhitespace(_ text: Substring) -> Bool {
        text.utf8.allSatisfy(TemplateTokenizer.isSpace)
    }
}
