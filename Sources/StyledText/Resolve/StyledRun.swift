/// A stretch of content with one resolved style: what every renderer draws from.
///
/// Produced by ``StyleResolver/runs(for:)``. Runs are contiguous and never empty, and adjacent runs with
/// equal styles and attributes are merged.
///
/// ```swift
/// let runs = StyleResolver().style("b", MarkupStyle(font: .init(weight: .bold)))
///     .runs(for: "a \("b", .tag("b")) c")
/// runs.map(\.text)   // ["a ", "b", " c"]
/// runs[1].range      // 2..<3
/// runs[1].style.font.weight  // .bold
/// ```
public struct StyledRun: Sendable, Hashable {
    /// What a run shows.
    public enum Content: Sendable, Hashable {
        /// Text.
        case text(Substring)
        /// An image, which occupies one U+FFFC (object replacement character) in the rendered text.
        case image(StyledText.Image)
    }

    /// The run's content.
    ///
    /// - Complexity: O(1); the text is a slice of a string the runs share, made when asked for.
    public var content: Content {
        if let image { return .image(image) }
        return .text(base.utf8Slice(utf8Range))
    }

    /// The string the run's text is in: usually the resolved text's plain text, shared by all its runs; empty for
    /// an image. Set once more after the run is made by the one pass that makes runs as it scans a template, before
    /// its plain text exists (see `RunBuilder.addUncountedText(_:top:resolver:)`).
    var base: String
    /// The run's text as UTF-8 offsets into `base`. Runs keep offsets rather than a `Substring`: making one costs
    /// more than the rest of a run put together (its bounds are checked against the string's scalars), and the
    /// renderers that write bytes never need it.
    var utf8Range: Range<Int>
    /// The run's image, for an image run: kept in its resolved stack, which an image run has of its own.
    var image: StyledText.Image? { resolved.image }
    /// The resolved style.
    public var style: MarkupStyle { shared.style }
    /// The run's UTF-16 offsets in the rendered text: the concatenation of every run's ``text``, which is the
    /// ``StyledText/plainText`` with each image as U+FFFC and each element as its resolved content.
    ///
    /// UTF-16, so that it converts directly to `NSRange` for UIKit and AppKit. Bounds always fall between Unicode
    /// scalars, never inside a surrogate pair, but markup may split a grapheme cluster (`e<b>\u{301}</b>`): then
    /// `String.Index(utf16Offset:in:)` and `NSString` ranges work, while Foundation's `Range(_:in:)`, which wants
    /// `Character` boundaries, returns `nil`.
    public internal(set) var range: Range<Int>
    /// The semantic attributes and the style they resolve to, in one object shared with the other runs inside the
    /// same tags: one reference for both costs a run one retain and one release fewer.
    let resolved: ResolvedStack
    /// The semantic attributes, shared with the other runs inside the same tags.
    var stack: AttributeStack { resolved.stack }
    /// The resolved style, shared with the other runs inside the same tags.
    var shared: SharedStyle { resolved.shared }

    init(content: Content, style: MarkupStyle, range: Range<Int>, stack: AttributeStack) {
        self.init(content: content, resolved: ResolvedStack(stack, SharedStyle(style)), range: range)
    }

    init(content: Content, resolved: ResolvedStack, range: Range<Int>) {
        switch content {
        case let .text(text):
            // Offsets in the substring's own string: O(1) for the native strings the library makes.
            let utf8 = text.base.utf8
            let start = utf8.distance(from: utf8.startIndex, to: text.startIndex)
            self.init(text: text.base, utf8Range: start..<(start + text.utf8.count), resolved: resolved, range: range)
        case let .image(image):
            self.init(base: "", utf8Range: 0..<0, resolved: ResolvedStack(resolved.stack, resolved.shared, image: image),
                      range: range)
        }
    }

    /// A text run: the UTF-8 offsets `utf8Range` of `base`, which fall on scalar boundaries. `resolved` is one
    /// runs share, without an image.
    init(text base: String, utf8Range: Range<Int>, resolved: ResolvedStack, range: Range<Int>) {
        assert(resolved.image == nil, "a text run with an image run's resolved stack")
        self.init(base: base, utf8Range: utf8Range, resolved: resolved, range: range)
    }

    private init(base: String, utf8Range: Range<Int>, resolved: ResolvedStack, range: Range<Int>) {
        self.base = base
        self.utf8Range = utf8Range
        self.resolved = resolved
        self.range = range
    }

    /// Whether two runs have the same content, the same UTF-16 range, and the same resolved style and
    /// attributes.
    public static func == (lhs: StyledRun, rhs: StyledRun) -> Bool {
        lhs.content == rhs.content && lhs.range == rhs.range
            && (lhs.resolved === rhs.resolved || lhs.resolved.sameContent(as: rhs.resolved))
    }

    /// Hashes the content, style, range and attributes, as ``==(_:_:)`` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(content)
        hasher.combine(style)
        hasher.combine(range)
        hasher.combine(stack)
    }

    /// The run's semantic attributes, outermost first.
    ///
    /// - Complexity: O(*d*) in the nesting depth; the stack itself is shared between runs.
    public var attributes: [StyledText.Attribute] { stack.attributes }

    /// The run's text; U+FFFC for an image.
    public var text: String {
        switch content {
        case let .text(text): String(text)
        case .image: "\u{FFFC}"
        }
    }

    /// The tappable id of the run, when the innermost link around it is a tappable.
    public var actionID: String? {
        style.link.flatMap(StyledText.actionID(from:))
    }
}
