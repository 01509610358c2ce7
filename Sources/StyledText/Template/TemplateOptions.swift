extension StyledText.Template {
    /// How a template is parsed: limits, argument isolation, and which unclosed tags stay open.
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
        private(set) var ownKnownTagNames: Set<String>?
        /// How many diagnostics a template keeps; past that, one last diagnostic says how many more there were.
        public var maximumDiagnostics: Int

        /// Creates options; the defaults suit localized strings and server-provided markup.
        ///
        /// - Parameter knownTagNames: The names of tags that stay open when never closed; `nil`, the default, for
        ///   ``htmlElementNames``.
        public init(maximumDepth: Int = 1024, maximumLength: Int? = nil, isolatesArguments: Bool = false,
                    knownTagNames: Set<String>? = nil, maximumDiagnostics: Int = 1000) {
            self.maximumDepth = maximumDepth
            self.maximumLength = maximumLength
            self.isolatesArguments = isolatesArguments
            ownKnownTagNames = knownTagNames
            self.maximumDiagnostics = maximumDiagnostics
        }

        /// Equal when every limit is and the tag names are, whether given or the default.
        public static func == (lhs: Options, rhs: Options) -> Bool {
            lhs.maximumDepth == rhs.maximumDepth && lhs.maximumLength == rhs.maximumLength
                && lhs.isolatesArguments == rhs.isolatesArguments && lhs.maximumDiagnostics == rhs.maximumDiagnostics
                && (lhs.ownKnownTagNames == nil && rhs.ownKnownTagNames == nil
                    || lhs.knownTagNames == rhs.knownTagNames)
        }

        /// Hashes the limits and the tag names in effect, so that equal options hash equally.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(maximumDepth)
            hasher.combine(maximumLength)
            hasher.combine(isolatesArguments)
            hasher.combine(knownTagNames)
            hasher.combine(maximumDiagnostics)
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
