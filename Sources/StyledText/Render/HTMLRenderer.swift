import Foundation

/// Renders styled text as a safe HTML fragment: for server-side Swift (e-mails, pages) and previews.
///
/// The output is a sequence of `<span>`s — one per stretch of text that looks the same, however many runs it
/// spans — with CSS generated from each run's ``MarkupStyle``: `font-family`, `font-size`, `font-weight`,
/// `font-style`, `color` and `background-color` (`#rrggbb` or `rgba()`), `text-decoration` with its style and
/// colour, `letter-spacing`, `vertical-align` for the baseline offset and `text-transform`. Text without a style
/// is written bare. Links become `<a href>` around the spans they cover, tappables `<a href="#" data-action="id">`
/// for your script to handle, images `<img>`, and line breaks `<br>`.
///
/// White space shows as it is in the runs, where a browser would collapse it: a space that starts a line (the
/// fragment's first included) or follows another space becomes `&#160;`, and tabs are written in a span that keeps
/// them (`white-space: pre`; with ``Styling/classes(prefix:)`` the class `<prefix>tab`, whose rule
/// ``stylesheet(for:)`` gives). A space between words stays a place to wrap.
///
/// ## Safety
/// - Every piece of text and every attribute value is escaped; control characters other than tab and line
///   breaks become U+FFFD. Text can never open a tag.
/// - Links pass ``linkPolicy`` (by default `http`, `https`, `mailto`, `tel`): a refused link keeps its text and
///   loses its `<a>`. Image sources pass ``imagePolicy`` (by default `http`, `https` and relative references,
///   not `data:`); a refused image is replaced by its alt text.
/// - Font families are written as escaped CSS strings, and only known keywords reach the CSS otherwise.
///
/// ```swift
/// let resolver = StyleResolver().style("important", MarkupStyle(font: .init(weight: .bold)))
/// let text: StyledText = "Hi <\("Eve", .important)>"
/// HTMLRenderer().render(text, resolver: resolver)
/// // "Hi &lt;<span style=\"font-weight: 700\">Eve</span>&gt;"
/// ```
public struct HTMLRenderer: Sendable {
    /// How the fragment carries its CSS.
    public var styling: Styling
    /// The links that may become `<a href>`; others keep their text and lose the link.
    public var linkPolicy: LinkPolicy
    /// The image sources that may become `<img src>`; other images are replaced by their alt text.
    public var imagePolicy: LinkPolicy
    /// The source of an image: its ``StyledText/Image/url`` by default. Give a closure to map named images to
    /// URLs, such as an asset server's.
    public var imageURL: @Sendable (StyledText.Image) -> URL?

    /// Creates a renderer.
    ///
    /// - Parameters:
    ///   - styling: Inline `style` attributes (the default) or class names with a separate stylesheet.
    ///   - linkPolicy: The allowed links; ``LinkPolicy/default`` by default.
    ///   - imagePolicy: The allowed image sources; ``LinkPolicy/images`` by default.
    ///   - imageURL: The source of an image; its URL by default.
    public init(styling: Styling = .inline, linkPolicy: LinkPolicy = .default, imagePolicy: LinkPolicy = .images,
                imageURL: @escaping @Sendable (StyledText.Image) -> URL? = { $0.url }) {
        self.styling = styling
        self.linkPolicy = linkPolicy
        self.imagePolicy = imagePolicy
        self.imageURL = imageURL
    }

    /// How a fragment carries its CSS: a set that may grow.
    public struct Styling: Sendable, Hashable {
        enum Kind: Hashable {
            case inline
            case classes(prefix: String)
        }

        let kind: Kind

        /// Each span carries its CSS in a `style` attribute: self-contained, as e-mail needs.
        public static let inline = Styling(kind: .inline)

        /// Each span carries a class name made from a hash of its CSS, such as `st-3f2a9c1b0d4e`; get the rules
        /// from ``HTMLRenderer/stylesheet(for:)``.
        ///
        /// Class names depend only on the CSS, so fragments rendered separately share their rules and one
        /// stylesheet can serve a whole page.
        ///
        /// - Parameter prefix: The start of every class name; characters other than ASCII letters, digits, `-`
        ///   and `_` are removed, and an empty result (or one that starts with a digit) becomes `st-`.
        /// - Returns: The styling.
        public static func classes(prefix: String = "st-") -> Styling {
            var clean = String(String.UnicodeScalarView(prefix.unicodeScalars.filter { scalar in
                scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || scalar == "-" || scalar == "_")
            }))
            if clean.isEmpty || clean.first?.isNumber == true { clean = "st-" }
            return Styling(kind: .classes(prefix: clean))
        }
    }

    /// Renders styled text as an HTML fragment.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - resolver: The resolver that decides the styles.
    /// - Returns: The fragment.
    /// - Complexity: O(*n*) in the text plus resolving.
    public func render(_ text: StyledText, resolver: StyleResolver) -> String {
        render(resolver.runs(for: text))
    }

    /// Renders resolved runs as an HTML fragment; see ``HTMLRenderer``.
    ///
    /// ```swift
    /// let runs = StyleResolver(base: MarkupStyle(foregroundColor: .red)).runs(for: "a\nb")
    /// HTMLRenderer().render(runs)  // "<span style=\"color: #ff0000\">a<br>b</span>"
    /// ```
    ///
    /// - Parameter runs: Runs from ``StyleResolver/runs(for:)``.
    /// - Returns: The fragment.
    /// - Complexity: O(*n*) in the total length of the runs; text is escaped by scanning UTF-8 bytes and copying
    ///   unchanged spans in bulk.
    public func render(_ runs: [StyledRun]) -> String {
        // What the string reserves (see `UTF8Buffer.init(streaming:)`): the text, half as much again for
        // escapes, and a span's tags per run: 1 % over the HTML of the benchmarks' 1 MB document.
        var writer = HTMLWriter(renderer: self,
                                capacity: (runs.last?.range.upperBound ?? 0) * 3 / 2 + runs.count * 64)
        runs.withUnsafeBufferPointer { runs in
            // Each run is read in place, not copied (see StyledRun+Rendering.swift).
            guard let first = runs.baseAddress else { return }
            for index in runs.indices { writer.add(first + index) }
        }
        writer.closeAll()
        return writer.output.takeString()
    }

    /// The CSS rules for the class names ``render(_:)`` gives these runs, one rule per line; empty with
    /// ``Styling/inline``.
    ///
    /// ```swift
    /// let renderer = HTMLRenderer(styling: .classes())
    /// let runs = StyleResolver(base: MarkupStyle(foregroundColor: .red)).runs(for: "Hi")
    /// renderer.render(runs)            // "<span class=\"st-…\">Hi</span>"
    /// renderer.stylesheet(for: runs)   // ".st-… { color: #ff0000 }\n"
    /// ```
    ///
    /// - Parameter runs: The runs of one or more fragments.
    /// - Returns: A stylesheet for a `<style>` element or a CSS file, and the rule for the tabs' class when a run
    ///   holds a tab; it never contains `<`.
    /// - Complexity: O(*r*) in the number of runs, plus a search of their text for a tab.
    public func stylesheet(for runs: [StyledRun]) -> String {
        guard case let .classes(prefix) = styling.kind else { return "" }
        var seen = Set<String>()
        var sheet = ""
        var memo = RunStyleMemo<String>()
        for run in runs {
            let css: String
            if let known = memo.value(for: run.resolved) {
                css = known
            } else {
                css = Self.cssDeclarations(for: run.style)
                memo.insert(css, for: run.resolved)
            }
            guard !css.isEmpty, seen.insert(css).inserted else { continue }
            sheet += "." + Self.className(for: css, prefix: prefix) + " { " + css + " }\n"
        }
        if Self.haveTab(runs) { sheet += "." + prefix + "tab { white-space: pre }\n" }
        return sheet
    }

    /// The opening tag of the element around tabs, which keeps their white space: with ``Styling/classes(prefix:)``
    /// it has the class `<prefix>tab`, whose rule ``stylesheet(for:)`` gives.
    var tabSpan: String {
        switch styling.kind {
        case .inline: "<span style=\"white-space: pre\">"
        case let .classes(prefix): "<span class=\"" + prefix + "tab\">"
        }
    }

    /// Whether a run's text holds a tab.
    private static func haveTab(_ runs: [StyledRun]) -> Bool {
        runs.withUnsafeBufferPointer { runs in
            guard let first = runs.baseAddress else { return false }
            return runs.indices.contains { index in
                first[index].image == nil && (first + index).withTextBytes { $0.contains(UInt8(ascii: "\t")) }
            }
        }
    }

    /// A class name from a 48-bit FNV-1a hash of the CSS: stable across runs and processes, unlike `Hasher`.
    static func className(for css: String, prefix: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in css.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let hex = String(hash & 0xFFFF_FFFF_FFFF, radix: 16)
        return prefix + String(repeating: "0", count: 12 - hex.count) + hex
    }
}

/// Writes one fragment: keeps at most one `<a>` and one `<span>` inside it open, and reopens them only when the
/// link or the CSS changes.
///
/// Each distinct style is looked at once: its anchor and its span become opening tags, as bytes, in a table of
/// tags (an anchor or a span already there — the same link, the same CSS — is found and shared, so runs that look
/// the same keep one span open). Every run after that compares two table ranges and copies bytes.
private struct HTMLWriter: ~Copyable {
    let renderer: HTMLRenderer
    var output: UTF8Buffer
    /// The opening tag of every distinct anchor and span so far.
    private var tags = UTF8Buffer()
    private var anchorTags: [Anchor: Range<Int>] = [:]
    private var spanTags: [String: Range<Int>] = [:]
    private var looks = RunStyleMemo<Look>()
    private var openAnchor = Self.noTag
    private var openSpan = Self.noTag
    /// Whether the text written so far ends with a space or a line break, or none is written yet: a space
    /// next would collapse (see `HTMLEscaping.appendText(bytes:to:afterWhiteSpace:tabSpan:)`).
    private var afterWhiteSpace = true
    /// The opening tag of the element around tabs, in `tags`.
    private let tabSpan: Range<Int>

    /// No tag at all; no tag in the table is empty.
    private static var noTag: Range<Int> { 0..<0 }

    init(renderer: HTMLRenderer, capacity: Int) {
        self.renderer = renderer
        output = UTF8Buffer(streaming: capacity)
        tags.append(contentsOf: renderer.tabSpan)
        tabSpan = 0..<tags.count
    }

    /// A style's anchor and span: the ranges of their opening tags in `tags`.
    struct Look {
        var anchor: Range<Int>
        var span: Range<Int>
    }

    enum Anchor: Hashable {
        case link(String)
        case action(String)
    }

    mutating func add(_ run: UnsafePointer<StyledRun>) {
        let look = look(for: run)
        if look.anchor != openAnchor {
            closeSpan()
            closeAnchor()
            output.append(tags, range: look.anchor)
            openAnchor = look.anchor
        }
        if look.span != openSpan {
            closeSpan()
            output.append(tags, range: look.span)
            openSpan = look.span
        }
        if let image = run.pointee.image {
            addImage(image)
        } else {
            run.withTextBytes {
                HTMLEscaping.appendText(bytes: $0, to: &output, afterWhiteSpace: &afterWhiteSpace,
                                        tabSpan: tags.bytes(in: tabSpan))
            }
        }
    }

    mutating func closeAll() {
        closeSpan()
        closeAnchor()
    }

    private mutating func closeAnchor() {
        if !openAnchor.isEmpty { output.append("</a>") }
        openAnchor = Self.noTag
    }

    private mutating func closeSpan() {
        if !openSpan.isEmpty { output.append("</span>") }
        openSpan = Self.noTag
    }

    @inline(__always)
    private mutating func look(for run: UnsafePointer<StyledRun>) -> Look {
        looks.value(for: run) ?? makeLook(for: run.pointee.resolved)
    }

    @inline(never)
    private mutating func makeLook(for resolved: ResolvedStack) -> Look {
        let style = resolved.shared.style
        let look = Look(anchor: anchorTag(for: style), span: spanTag(for: HTMLRenderer.cssDeclarations(for: style)))
        looks.insert(look, for: resolved)
        return look
    }

    private mutating func anchorTag(for style: MarkupStyle) -> Range<Int> {
        guard let link = style.link else { return Self.noTag }
        let anchor: Anchor
        if let id = StyledText.actionID(from: link) {
            anchor = .action(id)
        } else if renderer.linkPolicy.allows(link) {
            anchor = .link(link.absoluteString)
        } else {
            return Self.noTag
        }
        if let known = anchorTags[anchor] { return known }
        let start = tags.count
        switch anchor {
        case let .link(href):
            tags.append("<a href=\"")
            HTMLEscaping.appendAttribute(Substring(href), to: &tags)
        case let .action(id):
            tags.append("<a href=\"#\" data-action=\"")
            HTMLEscaping.appendAttribute(Substring(id), to: &tags)
        }
        tags.append("\">")
        anchorTags[anchor] = start..<tags.count
        return start..<tags.count
    }

    private mutating func spanTag(for css: String) -> Range<Int> {
        guard !css.isEmpty else { return Self.noTag }
        if let known = spanTags[css] { return known }
        let start = tags.count
        switch renderer.styling.kind {
        case .inline:
            tags.append("<span style=\"")
            HTMLEscaping.appendAttribute(Substring(css), to: &tags)
        case let .classes(prefix):
            tags.append("<span class=\"")
            tags.append(contentsOf: HTMLRenderer.className(for: css, prefix: prefix))
        }
        tags.append("\">")
        spanTags[css] = start..<tags.count
        return start..<tags.count
    }

    private mutating func addImage(_ image: StyledText.Image) {
        guard let url = renderer.imageURL(image), renderer.imagePolicy.allows(url) else {
            if let alt = image.alt {
                HTMLEscaping.appendText(Substring(alt), to: &output, afterWhiteSpace: &afterWhiteSpace,
                                        tabSpan: tags.bytes(in: tabSpan))
            }
            return
        }
        afterWhiteSpace = false
        output.append("<img src=\"")
        HTMLEscaping.appendAttribute(Substring(url.absoluteString), to: &output)
        output.append("\" alt=\"")
        HTMLEscaping.appendAttribute(Substring(image.alt ?? ""), to: &output)
        output.append("\"")
        if let size = image.size {
            // HTML wants non-negative integers here.
            if let width = Self.pixels(size.width) { output.append(contentsOf: " width=\"\(width)\"") }
            if let height = Self.pixels(size.height) { output.append(contentsOf: " height=\"\(height)\"") }
        }
        output.append(">")
    }

    private static func pixels(_ value: Double) -> Int? {
        guard value.isFinite, value >= 0, value < 1_000_000 else { return nil }
        return Int(value.rounded())
    }
}
