extension StyledText.Template {
    /// How a template is parsed: limits, argument isolation, which unclosed tags stay open, and which tags of your
    /// own mark where blocks begin.
    ///
    /// ```swift
    /// var options = StyledText.Template.Options()
    /// options.isolatesArguments = true        // wrap arguments in U+2068 … U+2069 for right-to-left text
    /// options.knownTagNames.insert("story")   // an unclosed <story> stays open like an HTML element
    /// let template = StyledText.Template("Hello %@", options: options)
    /// ```
    public struct Options: Sendable, Hashable {
        /// The deepest nesting of open tags; a start tag deeper than this is kept as literal text and diagnosed.
        public var maximumDepth: Int
        /// The longest template, in UTF-8 bytes, that is parsed; a longer one is kept whole as plain text with a
        /// diagnostic: never truncated, never lost. `nil`, the default, for no limit.
        public var maximumLength: Int?
        /// Whether each inserted argument is wrapped in Unicode directional isolates (U+2068 FIRST STRONG
        /// ISOLATE … U+2069 POP DIRECTIONAL ISOLATE), so that a left-to-right name inside right-to-left text (or
        /// the reverse) cannot reorder the text around it.
        public var isolatesArguments: Bool
        /// Names of tags that stay open to the end of the text when they are never closed.
        ///
        /// An unclosed tag whose name is not here and which has no parameters (`Hi <Hottest> deals`) is more
        /// likely prose than markup, so it is kept as literal text. The default is every HTML element name and
        /// StyledText's own vocabulary (`important`, `tappable`, `link`).
        public var knownTagNames: Set<String> {
            get { Self.tagNames(given: ownKnownTagNames) }
            set { ownKnownTagNames = newValue }
        }
        /// The tag names in effect when `given` were given: ``htmlElementNames`` for `nil`. The one place the
        /// default is decided, for these options and for the scan, which is lent ``ownKnownTagNames``.
        @inline(__always)
        static func tagNames(given: Set<String>?) -> Set<String> { given ?? htmlElementNames }
        /// The tag names given, or `nil` for ``htmlElementNames``: default options neither read that set nor hold a
        /// reference to it, which cost every call that takes default options a lazy global's check, a retain and a
        /// release (about 70 instructions a template in one step).
        @usableFromInline private(set) var ownKnownTagNames: Set<String>?
        /// How many diagnostics a template keeps; past that, one last diagnostic says how many more there were.
        public var maximumDiagnostics: Int
        /// Names of tags of your own whose start tags mark where a block begins, as the start tags of HTML's blocks,
        /// list items and table parts always do (`p`, `li`, `td`, …); compared lowercased. Empty by default. Like
        /// ``knownTagNames``, they name tags: one left unclosed stays open to the end.
        ///
        /// Each start tag of such a name puts an element part of its attribute before its content, so that two side
        /// by side stay two: without it `<step>Mix</step><step>Bake</step>` is one text part, "MixBake", as equal
        /// neighbours coalesce, and a resolver's ``StyleResolver/block(_:prefix:)`` or
        /// ``StyleResolver/prefix(_:rule:)`` for `step` sees one step.
        /// ``StyleResolver/runs(forTemplate:arguments:options:)`` adds the names its resolver lays out.
        ///
        /// ```swift
        /// var options = StyledText.Template.Options()
        /// options.blockTagNames = ["step"]
        /// let text = StyledText(template: "<step>Mix</step><step>Bake</step>", options: options)
        /// StyleResolver().block("step") { _, step in "\(step.index). " }.runs(for: text).map(\.text).joined()
        /// // "1. Mix\n2. Bake"
        /// ```
        public var blockTagNames: Set<String> {
            get { ownBlockTagNames ?? [] }
            set { givenBlockTagNames = newValue.isEmpty ? nil : BlockTagNames(newValue) }
        }
        /// The lowercased block tag names given, or `nil` for none.
        var ownBlockTagNames: Set<String>? { givenBlockTagNames?.names }
        /// The names of the tags that stay open when never closed: ``knownTagNames``, and ``blockTagNames``, which
        /// name tags too. The one place that says so, for the parser and for the plain text's scan.
        var tagNamesKeptOpen: Set<String> {
            guard let block = ownBlockTagNames else { return knownTagNames }
            return knownTagNames.union(block)
        }
        /// The block tag names given, behind one reference; `nil`, as in default options, for none. The initializer is
        /// `@inlinable` for it: without, default options were made by a call rather than in place and destroyed
        /// through the runtime's value witnesses, and a sentence in one step took 9,405 instructions (9,463 with a
        /// second optional set here in place of the reference) against 9,299.
        @usableFromInline var givenBlockTagNames: BlockTagNames?

        /// Creates options; the defaults suit localized strings and server-provided markup.
        ///
        /// - Parameters:
        ///   - knownTagNames: The names of tags that stay open when never closed; `nil`, the default, for
        ///     ``htmlElementNames``.
        ///   - blockTagNames: Names of tags of your own whose start tags mark where a block begins
        ///     (``blockTagNames``); `nil`, the default, for none.
        @inlinable
        public init(maximumDepth: Int = 1024, maximumLength: Int? = nil, isolatesArguments: Bool = false,
                    knownTagNames: Set<String>? = nil, maximumDiagnostics: Int = 1000,
                    blockTagNames: Set<String>? = nil) {
            self.maximumDepth = maximumDepth
            self.maximumLength = maximumLength
            self.isolatesArguments = isolatesArguments
            ownKnownTagNames = knownTagNames
            self.maximumDiagnostics = maximumDiagnostics
            if let blockTagNames { self.blockTagNames = blockTagNames }
        }

        /// Equal when every limit is and the tag names are, whether given or the default.
        public static func == (lhs: Options, rhs: Options) -> Bool {
            lhs.maximumDepth == rhs.maximumDepth && lhs.maximumLength == rhs.maximumLength
                && lhs.isolatesArguments == rhs.isolatesArguments && lhs.maximumDiagnostics == rhs.maximumDiagnostics
                && (lhs.ownKnownTagNames == nil && rhs.ownKnownTagNames == nil
                    || lhs.knownTagNames == rhs.knownTagNames)
                && lhs.ownBlockTagNames == rhs.ownBlockTagNames
        }

        /// Hashes the limits and the tag names in effect, so that equal options hash equally.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(maximumDepth)
            hasher.combine(maximumLength)
            hasher.combine(isolatesArguments)
            hasher.combine(knownTagNames)
            hasher.combine(maximumDiagnostics)
            hasher.combine(blockTagNames)
        }

        /// The HTML Living Standard's element names (current and obsolete ones still seen in the wild), plus
        /// `important`, `tappable` and `link`.
        public static let htmlElementNames: Set<String> = [
            "a", "abbr", "acronym", "address", "area", "article", "aside", "audio", "b", "base", "bdi", "bdo",
            "big", "blink", "blockquote", "body", "br", "button", "canvas", "caption", "center", "cite", "code",
            "col", "colgroup", "data", "datalist", "dd", "del", "details", "dfn", "dialog", "dir", "div", "dl",
            "dt", "em", "embed", "fieldset", "figcaption", "figure", "font", "footer", "form", "frame",
            "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hgroup", "hr", "html", "i",
            "iframe", "img", "input", "ins", "kbd", "label", "legend", "li", "link", "main", "map", "mark",
            "marquee", "menu", "meta", "meter", "nav", "nobr", "noscript", "object", "ol", "optgroup", "option",
            "output", "p", "param", "picture", "pre", "progress", "q", "rp", "rt", "ruby", "s", "samp", "script",
            "search", "section", "select", "slot", "small", "source", "span", "strike", "strong", "style", "sub",
            "summary", "sup", "table", "tbody", "td", "template", "textarea", "tfoot", "th", "thead", "time",
            "title", "tr", "track", "tt", "u", "ul", "var", "video", "wbr",
            "important", "tappable",
        ]
    }
}

/// The lowercased names of ``StyledText/Template/Options/blockTagNames``, for the options to hold by one reference.
@usableFromInline
final class BlockTagNames: Sendable {
    let names: Set<String>

    init(_ names: Set<String>) {
        self.names = Set(names.map { $0.lowercased() })
    }
}
