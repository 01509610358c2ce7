import Foundation
import StyledText

/// Invariants that hold for every input, from template to rendered output.
///
/// Shared by the fuzz targets (`Fuzz/Sources/FuzzSupport` links to this file) and by ``RegressionReplayTests``,
/// so a crasher found by fuzzing is replayed against exactly the checks that found it. Public API only: the fuzz
/// targets build the library in release mode, where `@testable import` is not available.
///
/// Each check returns the invariants it found broken, as messages (empty when all hold), and re-derives what it
/// expects from the input rather than from the code under test. Checks compare scalars or bytes, never
/// `Character`s: a combining mark after `>` or `&` would hide them inside a grapheme cluster.
public enum PipelineChecks {
    // MARK: Fuzz targets

    /// The little-endian integer in up to 8 bytes of `bytes` from `start` (missing bytes are 0).
    static func integer(_ bytes: [UInt8], from start: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in (start..<start + 8).reversed() { value = value << 8 | UInt64(index < bytes.count ? bytes[index] : 0) }
        return value
    }

    /// FuzzTemplate: the input is the template; its first and last bytes also give the numeric arguments.
    public static func templateTarget(_ bytes: [UInt8]) -> [String] {
        templateViolations(String(decoding: bytes, as: UTF8.self), integer: Int64(bitPattern: integer(bytes, from: 0)),
                           floating: Double(bitPattern: integer(bytes, from: max(bytes.count - 8, 0))))
    }

    /// FuzzEntities: the input is text; its first bytes also give a numeric reference to check.
    public static func entityTarget(_ bytes: [UInt8]) -> [String] {
        characterReferenceViolations(String(decoding: bytes, as: UTF8.self), code: integer(bytes, from: 0) & 0x3F_FFFF,
                                     form: bytes.last ?? 0)
    }

    /// FuzzCSS: the input is a CSS colour, and also a CSS declaration list.
    public static func cssTarget(_ bytes: [UInt8]) -> [String] {
        let input = String(decoding: bytes, as: UTF8.self)
        return cssColorViolations(input) + cssDeclarationViolations(input)
    }

    /// FuzzPipeline: the input is a template, then string arguments, separated by U+001F (unit separator);
    /// a styled and a numeric argument follow them.
    public static func pipelineTarget(_ bytes: [UInt8]) -> [String] {
        let fields = bytes.split(separator: 0x1F, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        var arguments: [any StyledTextArgument] = Array(fields.dropFirst())
        arguments.append(("styled \("argument", .important)" as StyledText).applying(.tag("i")))
        arguments.append(Int64(bitPattern: integer(bytes, from: 0)))
        return pipelineViolations(fields[0], arguments: arguments)
    }

    // MARK: Resolver

    /// A resolver that exercises every extension point: fixed and computed rules, a fallback that parses CSS
    /// colours from any tag's `color`/`background` parameter and CSS declarations from its `style`, an adjustment,
    /// links, and element rules whose content holds images, attributes and (ignored) nested elements.
    public static let resolver = StyleResolver(base: MarkupStyle(font: .init(size: 12), foregroundColor: .gray))
        .style("b", MarkupStyle(font: .init(weight: .bold)))
        .style("i", MarkupStyle(font: .init(italic: true)))
        .style("u", MarkupStyle(underline: .single))
        .style("a") { anchor, _ in MarkupStyle(link: anchor["href"].flatMap { URL(string: $0) }) }
        .style("big") { _, inherited in MarkupStyle(font: .init(size: (inherited.font.size ?? 12) * 1.25)) }
        .fallback { attribute, inherited in
            let foreground = attribute["color"].flatMap { MarkupStyleColor(css: $0) }
            let background = attribute["background"].flatMap { MarkupStyleColor(css: $0) }
            let inline = attribute["style"].map { MarkupStyle(css: $0, inherited: inherited) }
            guard foreground != nil || background != nil || inline != nil else { return nil }
            return (inline ?? MarkupStyle()).filling(from: MarkupStyle(foregroundColor: foreground,
                                                                       backgroundColor: background))
        }
        .adjust { attributes, style in
            guard attributes.contains(where: { $0.name == "important" }) else { return style }
            var style = style
            style.underline = .single
            return style
        }
        .element("hr") { elementContent(for: $0) }
        .element("img") { elementContent(for: $0) }
        .element("icon") { elementContent(for: $0) }

    /// What ``resolver`` turns an element into; `nil` for elements that render nothing.
    public static func elementContent(for element: StyledText.Attribute) -> StyledText? {
        switch element.name {
        case "br":
            return "\n"
        case "hr":
            return StyledText("\u{2014}", attributes: [.tag("rule")])
        case "img":
            // A URL when the source reads as one (the HTML renderer then checks it against its image policy).
            return element["src"].map { source in
                StyledText(image: URL(string: source).map { .init(url: $0, alt: element["alt"]) }
                    ?? .init(named: source, alt: element["alt"]))
            }
        case "icon":
            // An image, text with attributes of its own, and an element, which renders nothing inside content.
            let name = element["name"] ?? ""
            return StyledText(image: .init(named: name)) + StyledText("<\(name)>", attributes: [.tag("label")])
                + StyledText(element: .tag("br"))
        default:
            return nil
        }
    }

    // MARK: Runs

    /// The rendered text with the attributes of each stretch, derived from the parts alone.
    static func expectedPieces(of text: StyledText) -> [(text: String, attributes: [StyledText.Attribute], isImage: Bool)] {
        var pieces: [(text: String, attributes: [StyledText.Attribute], isImage: Bool)] = []
        for part in text.parts {
            switch part {
            case let .text(string, attributes):
                pieces.append((string, attributes, false))
            case let .image(_, attributes):
                pieces.append(("\u{FFFC}", attributes, true))
            case let .element(element, attributes):
                // Element content sits inside the element's own attribute; elements inside it render nothing.
                for inner in elementContent(for: element)?.parts ?? [] {
                    switch inner {
                    case let .text(string, innerAttributes):
                        pieces.append((string, attributes + [element] + innerAttributes, false))
                    case let .image(_, innerAttributes):
                        pieces.append(("\u{FFFC}", attributes + [element] + innerAttributes, true))
                    case .element:
                        continue
                    }
                }
            }
        }
        return pieces
    }

    /// Runs are contiguous from 0, never empty, merged where equal, consistent (equal attributes give equal
    /// styles), cover the rendered text exactly with the right attributes on every stretch, and convert to
    /// `NSRange`/`String.Index` ranges of the rendered text.
    public static func runViolations(_ runs: [StyledRun], for text: StyledText) -> [String] {
        var problems: [String] = []
        var offset = 0
        var rendered = ""
        var styles: [[StyledText.Attribute]: MarkupStyle] = [:]
        var previous: (attributes: [StyledText.Attribute], style: MarkupStyle, isText: Bool)?
        for (index, run) in runs.enumerated() {
            let attributes = run.attributes
            let length = run.text.utf16.count
            var isText = true
            if case .image = run.content { isText = false }
            if run.range.lowerBound != offset { problems.append("run \(index) starts at \(run.range.lowerBound), not \(offset)") }
            if length == 0 { problems.append("run \(index) is empty") }
            if run.range.count != length { problems.append("run \(index) has range \(run.range) for \(length) UTF-16 units") }
            if !isText, length != 1 { problems.append("image run \(index) is not one U+FFFC") }
            if let previous, previous.isText, isText, previous.style == run.style, previous.attributes == attributes {
                problems.append("runs \(index - 1) and \(index) are equal neighbours left unmerged")
            }
            if let known = styles[attributes], known != run.style {
                problems.append("run \(index): equal attributes \(attributes) resolved to different styles")
            }
            styles[attributes] = run.style
            previous = (attributes, run.style, isText)
            rendered += run.text
            offset += length
        }
        let pieces = expectedPieces(of: text)
        let expected = pieces.map(\.text).joined()
        guard rendered == expected else {
            problems.append("runs give \(rendered.debugDescription), parts give \(expected.debugDescription)")
            return problems
        }
        if !text.parts.contains(where: { if case .text = $0 { false } else { true } }), rendered != text.plainText {
            problems.append("runs do not cover the plain text exactly")
        }
        // Every piece lies inside one run, which carries the piece's attributes.
        var runIndex = 0
        var pieceStart = 0
        for piece in pieces {
            let pieceEnd = pieceStart + piece.text.utf16.count
            while runIndex < runs.count, runs[runIndex].range.upperBound <= pieceStart { runIndex += 1 }
            guard runIndex < runs.count else {
                problems.append("no run covers \(pieceStart)")
                break
            }
            let run = runs[runIndex]
            if pieceEnd > run.range.upperBound {
                problems.append("\(piece.text.debugDescription) at \(pieceStart) straddles runs")
            } else if run.attributes != piece.attributes {
                problems.append("run \(runIndex) has \(run.attributes), its text \(piece.text.debugDescription) has \(piece.attributes)")
            } else if piece.isImage != { if case .image = run.content { true } else { false } }() {
                problems.append("image and text mixed in run \(runIndex)")
            }
            pieceStart = pieceEnd
        }
        // UTF-16 ranges land on scalar boundaries, so they convert to `String.Index` and select the run's text
        // as an `NSRange` does. (Markup may split a grapheme cluster, `e<b>\u{301}</b>`, and then Foundation's
        // character-based `Range(_:in:)` is nil; see `StyledRun.range`.)
        let scalars = rendered.unicodeScalars
        let nsString = NSString(string: rendered)
        for (index, run) in runs.enumerated() {
            let start = String.Index(utf16Offset: run.range.lowerBound, in: rendered)
            let end = String.Index(utf16Offset: run.range.upperBound, in: rendered)
            guard start.samePosition(in: scalars) != nil, end.samePosition(in: scalars) != nil else {
                problems.append("run \(index)'s range \(run.range) splits a surrogate pair")
                continue
            }
            let nsRange = NSRange(location: run.range.lowerBound, length: run.range.count)
            if String(scalars[start..<end]) != run.text || nsString.substring(with: nsRange) != run.text {
                problems.append("run \(index)'s range \(run.range) does not select its text")
            }
        }
        return problems
    }

    /// Resolves twice (equal results), and once more with a copy of the resolver that remembers nothing (equal
    /// again: the styles ``resolver`` keeps from earlier inputs must be the ones it would resolve afresh), and
    /// checks the runs; returns the runs too.
    public static func resolve(_ text: StyledText, problems: inout [String]) -> [StyledRun] {
        let runs = resolver.runs(for: text)
        let again = resolver.runs(for: text)
        if again != runs {
            problems.append("resolving twice gave different runs: \(runs.map(\.text)) \(again.map(\.text))")
        }
        // Merging a resolver without rules changes nothing but starts with an empty style cache.
        let fresh = resolver.merging(StyleResolver()).runs(for: text)
        if fresh != runs {
            problems.append("a resolver without remembered styles gave different runs: "
                + "\(runs.map(\.style)) \(fresh.map(\.style))")
        }
        problems += runViolations(runs, for: text)
        return runs
    }

    // MARK: Renderers

    /// The Foundation rendering has the rendered text, and each of its runs the style, semantic attributes and
    /// link of the run it came from.
    public static func attributedStringViolations(_ attributed: AttributedString, runs: [StyledRun]) -> [String] {
        var problems: [String] = []
        let rendered = runs.map(\.text).joined()
        guard String(attributed.characters) == rendered else {
            return ["AttributedString text \(String(attributed.characters).debugDescription) is not \(rendered.debugDescription)"]
        }
        var runStarts: [Int] = []  // UTF-8 offsets
        var offset = 0
        for run in runs {
            runStarts.append(offset)
            offset += run.text.utf8.count
        }
        var start = 0
        var runIndex = 0
        for attributedRun in attributed.runs {
            while runIndex + 1 < runs.count, runStarts[runIndex + 1] <= start { runIndex += 1 }
            guard runIndex < runs.count else { break }
            let run = runs[runIndex]
            if attributedRun.markupStyle != run.style {
                problems.append("AttributedString run at UTF-8 \(start) has another style than run \(runIndex)")
            }
            if (attributedRun.semanticAttributes?.array ?? []) != run.attributes {
                problems.append("AttributedString run at UTF-8 \(start) has other attributes than run \(runIndex)")
            }
            if attributedRun.link != run.style.link {
                problems.append("AttributedString run at UTF-8 \(start) has another link than run \(runIndex)")
            }
            start += attributed[attributedRun.range].utf8.count
        }
        return problems
    }

    /// Whether a link may appear in output, read as a browser would (WHATWG URL §4.4 drops tabs and newlines
    /// and trims C0 controls and spaces): only `http`, `https`, `mailto` and `tel`, as `LinkPolicy.default`.
    static func isAllowedLink(_ link: String) -> Bool {
        let cleaned = String(decoding: link.utf8.filter { $0 > 0x20 && $0 != 0x7F }, as: UTF8.self).lowercased()
        return ["http:", "https:", "mailto:", "tel:"].contains { cleaned.utf8.starts(with: $0.utf8) }
    }

    /// `string` with `\r\n` and `\r` as `\n`, and other controls (but tab) as U+FFFD: what HTML text shows.
    static func htmlVisibleText(_ string: Substring) -> String {
        var result = String.UnicodeScalarView()
        var scalars = string.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            switch scalar.value {
            case 0x0D:
                if scalars.first == "\n" { scalars.removeFirst() }
                result.append("\n")
            case 0x09, 0x0A: result.append(scalar)
            case 0x00..<0x20, 0x7F...0x9F: result.append("\u{FFFD}")
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    /// HTML output: every `<` opens one of the renderer's own tags (text never makes one), every `&` is one of its
    /// references, `<a>` and `<span>` nest properly, links use allowed schemes only, and the text content,
    /// unescaped, is exactly the runs' text, as a browser shows it: no space of it collapses (none starts a line or
    /// follows another), no line break is raw text, and tabs are in an element that keeps them.
    public static func htmlViolations(_ html: String, runs: [StyledRun]) -> [String] {
        var problems: [String] = []
        var expected = ""
        for run in runs {
            switch run.content {
            case let .text(text):
                expected += htmlVisibleText(text)
            case let .image(image):
                if let url = image.url, LinkPolicy.images.allows(url) { continue }
                expected += htmlVisibleText(Substring(image.alt ?? ""))
            }
        }
        // Scalars, not Characters: a combining mark after `>` would otherwise hide the `>` inside a cluster.
        let scalars = Array(html.unicodeScalars)
        func string(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }
        func firstIndex(of scalar: Unicode.Scalar, in range: Range<Int>) -> Int? {
            range.first { scalars[$0] == scalar }
        }
        // Whether a space in the text here would collapse: at the start, or after a space or a line break.
        var collapsesSpace = true
        // The open elements: "a", "span", or "tab" for a span that keeps white space.
        var open: [String] = []
        func unescaped(_ range: Range<Int>, in context: String) -> String {
            let isText = context == "text"
            var result = ""
            var index = range.lowerBound
            while index < range.upperBound {
                guard scalars[index] == "&" else {
                    let scalar = scalars[index]
                    if isText {
                        if scalar == " ", collapsesSpace { problems.append("a space that collapses at \(index)") }
                        if scalar == "\n" || scalar == "\r" { problems.append("a raw line break at \(index)") }
                        if (scalar == "\t") != (open.last == "tab") { problems.append("a tab, or a tab span, at \(index)") }
                        collapsesSpace = scalar == " "
                    }
                    result.unicodeScalars.append(scalar)
                    index += 1
                    continue
                }
                let rest = scalars[index..<min(index + 6, range.upperBound)]
                // A no-break space stands for a space that would collapse; it does not collapse the next.
                let references = ["&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": "\""]
                    .merging(isText ? ["&#160;": " "] : [:]) { first, _ in first }
                guard let reference = references.first(where: { rest.starts(with: $0.key.unicodeScalars) }) else {
                    problems.append("a bare & in \(context): \(String(String.UnicodeScalarView(rest)).debugDescription)")
                    return result
                }
                if isText {
                    if open.last == "tab" { problems.append("a tab span holding more than tabs at \(index)") }
                    collapsesSpace = false
                }
                result += reference.value
                index += reference.key.unicodeScalars.count
            }
            return result
        }
        var content = ""
        var index = 0
        while index < scalars.count {
            guard let lessThan = firstIndex(of: "<", in: index..<scalars.count) else {
                content += unescaped(index..<scalars.count, in: "text")
                break
            }
            if firstIndex(of: ">", in: index..<lessThan) != nil { problems.append("a raw > in text") }
            content += unescaped(index..<lessThan, in: "text")
            guard let greaterThan = firstIndex(of: ">", in: lessThan..<scalars.count) else {
                problems.append("an unterminated tag: \(string(lessThan..<min(lessThan + 20, scalars.count)).debugDescription)")
                break
            }
            let tag = string(lessThan + 1..<greaterThan)
            index = greaterThan + 1
            if firstIndex(of: "<", in: lessThan + 1..<greaterThan) != nil { problems.append("a < inside a tag") }
            // Attribute values are double-quoted, each after a space, a name and `=`; nothing else.
            let nameEnd = firstIndex(of: " ", in: lessThan + 1..<greaterThan) ?? greaterThan
            let name = string(lessThan + 1..<nameEnd)
            var attributes: [String: String] = [:]
            var cursor = nameEnd
            while cursor < greaterThan {
                guard scalars[cursor] == " ", let equals = firstIndex(of: "=", in: cursor..<greaterThan),
                      equals + 1 < greaterThan, scalars[equals + 1] == "\"",
                      let valueEnd = firstIndex(of: "\"", in: equals + 2..<greaterThan) else {
                    problems.append("a malformed tag <\(tag)>")
                    break
                }
                let key = string(cursor + 1..<equals)
                attributes[key] = unescaped(equals + 2..<valueEnd, in: "attribute \(key)")
                cursor = valueEnd + 1
            }
            switch name {
            case "br":
                content += "\n"
                collapsesSpace = true
            case "img":
                if attributes["src"].map({ LinkPolicy.images.allows($0) }) != true { problems.append("a refused <img>") }
                collapsesSpace = false
            case "span":
                let keepsWhiteSpace = attributes["style"] == "white-space: pre"
                    || attributes["class"].map { $0.hasSuffix("tab") } == true
                if open.last == "tab" || (open.last == "span" && !keepsWhiteSpace)
                    || (attributes["style"] == nil) == (attributes["class"] == nil) {
                    problems.append("a misplaced or malformed <span>")
                }
                open.append(keepsWhiteSpace ? "tab" : "span")
            case "a":
                if !open.isEmpty { problems.append("an <a> inside \(open)") }
                guard let href = attributes["href"] else {
                    problems.append("an <a> without href")
                    break
                }
                if href == "#" ? attributes["data-action"] == nil : !isAllowedLink(href) {
                    problems.append("a link that is not allowed: \(href.debugDescription)")
                }
                open.append("a")
            case "/span", "/a":
                let closed = open.last == "tab" ? "span" : open.last
                if closed != String(name.dropFirst()) { problems.append("<\(name)> closes \(open)") } else { open.removeLast() }
            default:
                problems.append("a tag the renderer does not write: <\(tag)>")
            }
        }
        if !open.isEmpty { problems.append("unclosed \(open)") }
        if content != expected {
            problems.append("HTML text \(content.debugDescription) is not the runs' \(expected.debugDescription)")
        }
        return problems
    }

    /// `text` as the ANSI renderer shows it: C0 controls but tab, line feed and the CR of CR LF as control pictures,
    /// DEL as ␡, C1 controls as U+FFFD.
    static func ansiVisibleText(_ string: String) -> String {
        var result = String.UnicodeScalarView()
        var scalars = string.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            switch scalar.value {
            case 0x0D where scalars.first == "\n": result.append(scalar)
            case 0x09, 0x0A: result.append(scalar)
            case 0x00..<0x20: result.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: result.append("\u{2421}")
            case 0x80...0x9F: result.append("\u{FFFD}")
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    /// ANSI output: every ESC starts one of the renderer's own sequences (SGR `ESC [ … m`, OSC 8 `ESC ] 8 ; ; URL
    /// ESC \\`), no other control reaches the terminal (text can inject nothing), hyperlinks use allowed schemes
    /// (or the app's action URLs), and the text between the sequences is exactly the runs' text, case-transformed
    /// and with controls shown as pictures.
    public static func ansiViolations(_ ansi: String, runs: [StyledRun], capability: ANSIRenderer.Capability,
                                      actionPrefix: String?) -> [String] {
        var problems: [String] = []
        var expected = ""
        for run in runs {
            switch run.content {
            case let .text(text): expected += ansiVisibleText(run.style.textCase?.apply(to: String(text)) ?? String(text))
            case let .image(image): expected += ansiVisibleText(image.alt ?? "")
            }
        }
        var content = String.UnicodeScalarView()
        var scalars = ansi.unicodeScalars[...]
        var sawEscape = false
        while let scalar = scalars.popFirst() {
            switch scalar.value {
            case 0x1B:
                sawEscape = true
                if scalars.first == "[" {
                    scalars.removeFirst()
                    while let next = scalars.first, ("0"..."9").contains(next) || next == ";" || next == ":" {
                        scalars.removeFirst()
                    }
                    if scalars.popFirst() != "m" { problems.append("an escape sequence other than SGR") }
                } else if scalars.starts(with: "]8;;".unicodeScalars) {
                    scalars.removeFirst(4)
                    var url = ""
                    while let next = scalars.first, (0x21...0x7E).contains(next.value) {
                        url.unicodeScalars.append(next)
                        scalars.removeFirst()
                    }
                    if !scalars.starts(with: "\u{1B}\\".unicodeScalars) {
                        problems.append("an OSC 8 sequence not ended by ST")
                    } else {
                        scalars.removeFirst(2)
                    }
                    if !url.isEmpty, !isAllowedLink(url), !(actionPrefix.map { url.utf8.starts(with: $0.utf8) } ?? false) {
                        problems.append("a hyperlink that is not allowed: \(url.debugDescription)")
                    }
                } else {
                    problems.append("a raw ESC reached the terminal")
                }
            case 0x0D where scalars.first == "\n":
                content.append(scalar)
            case 0x09, 0x0A:
                content.append(scalar)
            case 0x00..<0x20, 0x7F...0x9F:
                problems.append("control U+\(String(scalar.value, radix: 16)) reached the terminal")
            default:
                content.append(scalar)
            }
        }
        if capability == .plain, sawEscape { problems.append("plain output has escape sequences") }
        if String(content) != expected {
            problems.append("ANSI text \(String(content).debugDescription) is not the runs' \(expected.debugDescription)")
        }
        return problems
    }

    /// Template to runs to every renderer, checking each stage.
    public static func pipelineViolations(_ source: String, arguments: [any StyledTextArgument]) -> [String] {
        var problems: [String] = []
        let text = StyledText(template: source, arguments: arguments)
        let runs = resolve(text, problems: &problems)
        problems += oneStepViolations(source, arguments: arguments, text: text)
        problems += attributedStringViolations(AttributedString(runs: runs), runs: runs)
        problems += htmlViolations(HTMLRenderer().render(runs), runs: runs)
        let classes = HTMLRenderer(styling: .classes())
        problems += htmlViolations(classes.render(runs), runs: runs)
        if classes.stylesheet(for: runs).utf8.contains(UInt8(ascii: "<")) { problems.append("a stylesheet contains <") }
        let actionPrefix = "app://action/"
        for capability in [ANSIRenderer.Capability.trueColor, .colors16, .noColor, .plain] {
            let renderer = ANSIRenderer(capability: capability) { id in
                URL(string: actionPrefix + (id.addingPercentEncoding(withAllowedCharacters: CharacterSet.alphanumerics) ?? ""))
            }
            problems += ansiViolations(renderer.render(runs), runs: runs, capability: capability, actionPrefix: actionPrefix)
        }
        problems += layoutViolations(source, arguments: arguments, text: text)
        problems += blockTagNameViolations(source, arguments: arguments)
        for run in runs {
            // A tappable's link must lead back to its id.
            if let link = run.style.link, let id = StyledText.actionID(from: link),
               !run.attributes.contains(where: { $0.name == "tappable" && $0["id"] == id }) {
                problems.append("link \(link) names tappable \(id.debugDescription), which the run does not have")
            }
        }
        return problems
    }

    /// `StyleResolver.html`'s layout of `text`: it loses no text (every character of the plain text but white space
    /// is in the runs' text, in order, among the breaks, prefixes and element content it adds), its runs are
    /// contiguous and not empty, the template's one step gives the same runs, and the renderers' checks hold.
    static func layoutViolations(_ source: String, arguments: [any StyledTextArgument], text: StyledText) -> [String] {
        var problems: [String] = []
        let runs = StyleResolver.html.runs(for: text)
        var offset = 0
        var laidOut = String.UnicodeScalarView()
        for run in runs {
            let length = run.text.utf16.count
            if length == 0 || run.range != offset..<(offset + length) {
                problems.append("html layout: run \(run.text.debugDescription) has range \(run.range), expected from \(offset)")
            }
            offset += length
            laidOut.append(contentsOf: run.text.unicodeScalars)
        }
        if let lost = lostScalar(of: text.plainText, in: laidOut) {
            problems.append("html layout lost \(lost.escaped(asASCII: true)) of \(text.plainText.debugDescription)")
        }
        if let difference = firstRunDifference(StyleResolver.html.runs(forTemplate: source, arguments: arguments), runs) {
            problems.append("html layout: runs(forTemplate:) differs from runs(for: StyledText(template:)): \(difference)")
        }
        problems += htmlViolations(HTMLRenderer().render(runs), runs: runs)
        problems += ansiViolations(ANSIRenderer(capability: .trueColor).render(runs), runs: runs, capability: .trueColor,
                                   actionPrefix: "app://action/")
        return problems
    }

    /// The first scalar of `plainText` but white space that a layout's text, `laidOut`, does not hold in order
    /// among what the layout adds; `nil` when it lost none.
    static func lostScalar(of plainText: String, in laidOut: String.UnicodeScalarView) -> Unicode.Scalar? {
        var next = laidOut.startIndex
        for scalar in plainText.unicodeScalars where !(scalar.isASCII && htmlWhitespace.contains(scalar)) {
            guard let found = laidOut[next...].firstIndex(of: scalar) else { return scalar }
            next = laidOut.index(after: found)
        }
        return nil
    }

    /// Names of tags the fuzzers' inputs often hold (``blockTagNameViolations(_:arguments:)``), marked as
    /// blocks of an app's own vocabulary.
    static let ownBlockTagNames: Set<String> = ["b", "story", "x"]

    /// A resolver that lays out ``ownBlockTagNames``: `story` and `x` numbered blocks, `b` with a prefix.
    static let ownBlockResolver = StyleResolver()
        .block("story", "x") { attribute, occurrence in "\(attribute.name) \(occurrence.index): " }
        .prefix("b") { _, occurrence in "[\(occurrence.index)]" }

    /// The template read with ``ownBlockTagNames`` as the options' `blockTagNames`: its parts are those of the
    /// template read with those names as known tag names (unclosed, they stay open), with element parts of those
    /// names added (the marks) and nothing else, and its plain text is theirs and the scan's;
    /// ``ownBlockResolver`` makes the same runs of it as from the template in one step, and loses no text.
    static func blockTagNameViolations(_ source: String, arguments: [any StyledTextArgument]) -> [String] {
        typealias Options = StyledText.Template.Options
        var problems: [String] = []
        let options = Options(blockTagNames: ownBlockTagNames)
        let marked = StyledText(template: source, arguments: arguments, options: options)
        let text = StyledText(template: source, arguments: arguments,
                              options: Options(knownTagNames: Options.htmlElementNames.union(ownBlockTagNames)))
        if marked.plainText != text.plainText {
            problems.append("blockTagNames changed the plain text to \(marked.plainText.debugDescription)")
        }
        if arguments.isEmpty, StyledText.plainText(ofTemplate: source, options: options) != marked.plainText {
            problems.append("blockTagNames: plainText(ofTemplate:) differs from \(marked.plainText.debugDescription)")
        }
        func withoutMarks(_ text: StyledText) -> StyledText {
            StyledText(parts: text.parts.filter { part in
                guard case let .element(element, _) = part else { return true }
                return !ownBlockTagNames.contains(element.name)
            })
        }
        if withoutMarks(marked).parts != withoutMarks(text).parts {
            problems.append("blockTagNames changed more than the marks: \(marked.debugDescription)")
        }
        let runs = ownBlockResolver.runs(for: marked)
        if let difference = firstRunDifference(ownBlockResolver.runs(forTemplate: source, arguments: arguments), runs) {
            problems.append("own blocks: runs(forTemplate:) differs from runs(for: StyledText(template:)): \(difference)")
        }
        var laidOut = String.UnicodeScalarView()
        for run in runs { laidOut.append(contentsOf: run.text.unicodeScalars) }
        if let lost = lostScalar(of: marked.plainText, in: laidOut) {
            problems.append("own blocks lost \(lost.escaped(asASCII: true)) of \(marked.plainText.debugDescription)")
        }
        return problems
    }

    /// The white space HTML collapses: space, tab, line feed, form feed and carriage return.
    static let htmlWhitespace: Set<Unicode.Scalar> = [" ", "\t", "\n", "\u{0C}", "\r"]

    /// The runs made from the template in one step, ``StyleResolver/runs(forTemplate:arguments:options:)``, are
    /// those of the styled text the template makes, `text`: for ``resolver`` and, unless `withAdjustmentsOnly`,
    /// for ``resolverWithoutAdjustments``, whose runs the one step finds its styles for another way.
    static func oneStepViolations(_ source: String, arguments: [any StyledTextArgument], text: StyledText,
                                  options: StyledText.Template.Options = StyledText.Template.Options(),
                                  withAdjustmentsOnly: Bool = false) -> [String] {
        var problems: [String] = []
        var resolvers = [("resolver", resolver)]
        if !withAdjustmentsOnly { resolvers.append(("resolver without adjustments", resolverWithoutAdjustments)) }
        for (name, resolver) in resolvers {
            let oneStep = resolver.runs(forTemplate: source, arguments: arguments, options: options)
            if let difference = firstRunDifference(oneStep, resolver.runs(for: text)) {
                problems.append("\(name): runs(forTemplate:) differs from runs(for: StyledText(template:)): "
                                + difference)
            }
        }
        return problems
    }

    /// ``resolver`` without its adjustment, and with `<br>` as a line break, which merges with the text around it.
    static let resolverWithoutAdjustments = StyleResolver(base: MarkupStyle(font: .init(size: 12)))
        .style("b", MarkupStyle(font: .init(weight: .bold)))
        .style("i", MarkupStyle(font: .init(italic: true)))
        .style("a") { anchor, _ in MarkupStyle(link: anchor["href"].flatMap { URL(string: $0) }) }
        .style("big") { _, inherited in MarkupStyle(font: .init(size: (inherited.font.size ?? 12) * 1.25)) }
        .element("br") { elementContent(for: $0) }
        .element("hr") { elementContent(for: $0) }
        .element("icon") { elementContent(for: $0) }

    /// Where two run arrays first differ, by everything a run has; `nil` when they are equal.
    static func firstRunDifference(_ actual: [StyledRun], _ expected: [StyledRun]) -> String? {
        for (index, (lhs, rhs)) in zip(actual, expected).enumerated()
        where lhs != rhs || lhs.attributes != rhs.attributes {
            return "run \(index): \(lhs.text.debugDescription) \(lhs.range) against "
                + "\(rhs.text.debugDescription) \(rhs.range)"
        }
        return actual.count == expected.count ? nil : "\(actual.count) runs against \(expected.count)"
    }

    // MARK: Templates

    /// Arguments whose plain text is `value`, as each kind of argument.
    static func payloadArguments(_ count: Int, _ value: String) -> [any StyledTextArgument] {
        Array(repeating: value, count: count)
    }

    /// A template longer than the scan's 64 KB chunk streams its text into its string: `source` repeated past that,
    /// for one input in eight (by its first byte, so that a finding replays), must still agree with the parser, in
    /// plain text and built with arguments.
    static func streamedTemplateViolations(_ source: String) -> [String] {
        guard let first = source.utf8.first, first & 7 == 0, source.utf8.count <= 4_096 else { return [] }
        let long = String(repeating: source + "\n", count: 65_536 / (source.utf8.count + 1) + 1)
        // Nesting bounded well below the default 1,024: a source that leaves a tag open nests a level deeper with
        // each of its copies, and comparing the texts and runs (every run's attributes, and stacks not shared)
        // costs a run its depth. At 1,024 such a source of 37 bytes took 12–15 s a check with the fuzzer's
        // sanitizers; depth is checked on the source itself, and here it is the streaming that is.
        let options = StyledText.Template.Options(maximumDepth: 64)
        let template = StyledText.Template(long, options: options)
        var problems: [String] = []
        if StyledText.plainText(ofTemplate: long, options: options) != template.filled(with: []).plainText {
            problems.append("plainText(ofTemplate:) of the input repeated past 64 KB differs from the parsed template's")
        }
        let arguments = payloadArguments(min(template.argumentCount, 6), "<b>&amp;%@</b>é")
        let text = StyledText(template: long, arguments: arguments, options: options)
        if text != template.filled(with: arguments) {
            problems.append("StyledText(template:) of the input repeated past 64 KB differs from Template.filled")
        }
        // One resolver: the long template is for the text streamed past the scan's chunk, the same for both.
        problems += oneStepViolations(long, arguments: arguments, text: text, options: options,
                                      withAdjustmentsOnly: true)
        return problems
    }

    /// A private-use scalar that `source` does not contain, to mark where arguments land.
    static func sentinel(notIn source: String) -> Unicode.Scalar {
        let present = Set(source.unicodeScalars)
        var value: UInt32 = 0xE000
        while present.contains(Unicode.Scalar(value)!) { value += 1 }
        return Unicode.Scalar(value)!
    }

    /// `string` with every `sentinel` replaced by `replacement`, scalar by scalar.
    static func replacing(_ sentinel: Unicode.Scalar, in string: String, with replacement: String) -> String {
        var result = ""
        for scalar in string.unicodeScalars {
            if scalar == sentinel { result += replacement } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// Parsing templates: one-shot and reusable parsing agree; arguments are data (filling with other strings
    /// changes nothing but the text where they land, and a styled argument keeps its attributes innermost);
    /// `escape` round-trips; the depth and length limits hold and lose nothing; diagnostics point inside the
    /// source at the line and column their UTF-16 offset names.
    public static func templateViolations(_ source: String, integer: Int64 = -42, floating: Double = 2.5) -> [String] {
        var problems: [String] = []
        var small = StyledText.Template.Options(maximumDepth: 3, isolatesArguments: true, maximumDiagnostics: 4)
        small.knownTagNames.insert("x")
        for options in [StyledText.Template.Options(), small] {
            let template = StyledText.Template(source, options: options)
            let count = min(template.argumentCount, 6)
            let sentinel = sentinel(notIn: source)
            let payload = "<b>&amp;%@</b><!--"
            let marked = StyledText("A", attributes: [.tag("Argument Mark")])  // a name no template can spell
            let numbers: [any StyledTextArgument] = [integer, floating, UInt64.max, Int8.min, Float.nan, -floating]
            let argumentSets: [[any StyledTextArgument]] = [
                [], payloadArguments(count, String(sentinel)), payloadArguments(count, payload),
                Array(repeating: marked, count: count), Array(numbers.prefix(count)),
            ]
            if StyledText.plainText(ofTemplate: source, options: options) != template.filled(with: []).plainText {
                problems.append("plainText(ofTemplate:) differs from the parsed template's plain text")
            }
            var filled: [StyledText] = []
            for (set, arguments) in argumentSets.enumerated() {
                let text = template.filled(with: arguments)
                filled.append(text)
                if text != StyledText(template: source, arguments: arguments, options: options) {
                    problems.append("Template.filled and StyledText(template:) disagree with \(arguments.count) arguments")
                }
                if StyledText(parts: text.parts) != text { problems.append("StyledText(parts: text.parts) != text") }
                // A styled argument adds its own attributes inside the template's.
                for part in text.parts where set != 3 && part.attributes.count > options.maximumDepth {
                    problems.append("a part is \(part.attributes.count) deep, over maximumDepth \(options.maximumDepth)")
                }
            }
            // Arguments of concrete types take the parameter-pack overload, which gathers strings inline.
            let word = String(sentinel)
            if template(word, payload) != template.filled(with: [word, payload]) {
                problems.append("template(a, b) with two strings differs from filled(with:)")
            }
            if template(word, integer, payload) != template.filled(with: [word, integer, payload]) {
                problems.append("template(a, b, c) with a number differs from filled(with:)")
            }
            problems += argumentMappingViolations(filled[1].parts, filled[2].parts, sentinel: sentinel, payload: payload)
            for part in filled[3].parts where part.attributes.contains(where: { $0.name == "argument mark" }) {
                if part.attributes.last?.name != "argument mark" {
                    problems.append("a styled argument's attributes are not innermost: \(part.attributes)")
                }
            }
            problems += diagnosticViolations(template.diagnostics, source: source, options: options)
            if template.translationDiagnostics(template) != template.diagnostics {
                problems.append("a template checked against itself as a translation reports more than its own problems")
            }
            problems += diagnosticViolations(template.diagnostics(argumentCount: count), source: source, options: options)
            do {
                let strict = try StyledText(validating: source, options: options)
                if !template.diagnostics(argumentCount: 0).isEmpty { problems.append("validating accepted a template with diagnostics") }
                if strict != filled[0] { problems.append("validating gave another text") }
            } catch {
                if error.diagnostics != template.diagnostics(argumentCount: 0) { problems.append("validating threw other diagnostics") }
            }
        }
        problems += streamedTemplateViolations(source)
        let escaped = StyledText(template: StyledText.escape(source))
        if escaped.plainText != source || escaped.parts.count > 1 || escaped.parts.contains(where: { !$0.attributes.isEmpty }) {
            problems.append("escape(s) does not round-trip: \(escaped.debugDescription)")
        }
        if !source.isEmpty {
            let limited = StyledText.Template.Options(maximumLength: source.utf8.count - 1)
            let text = StyledText(template: source, "argument", options: limited)
            if text.plainText != source || text.parts.contains(where: { !$0.attributes.isEmpty }) {
                problems.append("an input over maximumLength is not kept whole as plain text")
            }
            if StyledText.Template(source, options: limited).diagnostics.map(\.kind) != [.inputTooLong] {
                problems.append("an input over maximumLength is not diagnosed once as inputTooLong")
            }
        }
        return problems
    }

    /// Filling with `sentinel` and with `payload` gives the same parts, except that `payload` stands where
    /// `sentinel` stood, in text and in parameter values.
    static func argumentMappingViolations(_ withSentinel: [StyledText.Part], _ withPayload: [StyledText.Part],
                                          sentinel: Unicode.Scalar, payload: String) -> [String] {
        func mapped(_ attributes: [StyledText.Attribute]) -> [String] {
            attributes.map { attribute in
                attribute.name + "(" + attribute.parameters.sorted { $0.key < $1.key }
                    .map { "\($0.key)=\(replacing(sentinel, in: $0.value, with: payload).debugDescription)" }
                    .joined(separator: ",") + ")"
            }
        }
        func plain(_ attributes: [StyledText.Attribute]) -> [String] {
            attributes.map { attribute in
                attribute.name + "(" + attribute.parameters.sorted { $0.key < $1.key }
                    .map { "\($0.key)=\($0.value.debugDescription)" }.joined(separator: ",") + ")"
            }
        }
        guard withSentinel.count == withPayload.count else {
            return ["an argument's content changed the number of parts: \(withSentinel.count) vs \(withPayload.count)"]
        }
        for (left, right) in zip(withSentinel, withPayload) {
            switch (left, right) {
            case let (.text(a, aAttributes), .text(b, bAttributes)):
                if replacing(sentinel, in: a, with: payload) != b || mapped(aAttributes) != plain(bAttributes) {
                    return ["an argument's content changed the structure: \(a.debugDescription) vs \(b.debugDescription)"]
                }
            case let (.element(a, aAttributes), .element(b, bAttributes)):
                if mapped([a] + aAttributes) != plain([b] + bAttributes) {
                    return ["an argument's content changed an element: \(a) vs \(b)"]
                }
            default:
                return ["an argument's content changed the kind of a part"]
            }
        }
        return []
    }

    /// Diagnostics are sorted, within the source, and their line and column match their UTF-16 offset.
    static func diagnosticViolations(_ diagnostics: [TemplateDiagnostic], source: String,
                                     options: StyledText.Template.Options?) -> [String] {
        var problems: [String] = []
        if let options, diagnostics.count > options.maximumDiagnostics + 1 {
            problems.append("\(diagnostics.count) diagnostics, over maximumDiagnostics \(options.maximumDiagnostics)")
        }
        // One forward walk over the scalars, counting lines, columns and UTF-16 units independently.
        var scalars = source.unicodeScalars.makeIterator()
        var utf16Offset = 0
        var line = 1
        var column = 1
        for (number, diagnostic) in diagnostics.enumerated() {
            guard diagnostic.utf16Offset >= utf16Offset, diagnostic.utf16Offset <= source.utf16.count else {
                problems.append("diagnostic \(diagnostic.kind) at UTF-16 \(diagnostic.utf16Offset) is out of order or range")
                continue
            }
            while utf16Offset < diagnostic.utf16Offset, let scalar = scalars.next() {
                utf16Offset += scalar.utf16.count
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            }
            if utf16Offset != diagnostic.utf16Offset {
                problems.append("diagnostic \(diagnostic.kind) at UTF-16 \(diagnostic.utf16Offset) splits a surrogate pair")
            }
            if (diagnostic.line, diagnostic.column) != (line, column) {
                problems.append("diagnostic \(diagnostic.kind) at UTF-16 \(diagnostic.utf16Offset) says \(diagnostic.line):\(diagnostic.column), not \(line):\(column)")
            }
            // The report is costly to build; the first few show whether reports work.
            if number < 8, !diagnostic.description.utf8.starts(with: ("error: " + diagnostic.message).utf8) {
                problems.append("diagnostic description does not start with its message")
            }
        }
        return problems
    }

    // MARK: Character references

    /// What HTML5 §13.2.5.80 makes of a numeric reference's value (independent of the library's table).
    static func expectedScalar(forCode code: UInt64) -> Unicode.Scalar {
        let windows1252: [UInt32] = [
            0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D,
            0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
            0x0153, 0x9D, 0x017E, 0x0178,
        ]
        if code == 0 || code > 0x10FFFF || (0xD800...0xDFFF).contains(code) { return "\u{FFFD}" }
        if (0x80...0x9F).contains(code) { return Unicode.Scalar(windows1252[Int(code - 0x80)])! }
        return Unicode.Scalar(UInt32(code))!
    }

    /// Character references, through templates (the decoder itself is internal): decoding never makes markup,
    /// never grows the text, is local (a space ends every reference), agrees between text and parameter values
    /// for numeric references, round-trips through `escape`, and decodes the numeric reference built from
    /// `code` and `form` as the spec says.
    public static func characterReferenceViolations(_ raw: String, code: UInt64 = 0x1F600, form: UInt8 = 0) -> [String] {
        var problems: [String] = []
        // Text only: no tags, no placeholders; `<` and `%` become more `&` and `#`.
        let input = String(String.UnicodeScalarView(raw.unicodeScalars.map { $0 == "<" ? "&" : $0 == "%" ? "#" : $0 }))
        func decoded(_ text: String) -> String { StyledText(template: text).plainText }
        let output = decoded(input)
        let parts = StyledText(template: "<b>" + input + "</b>").parts
        if parts.contains(where: { $0.attributes.map(\.name) != ["b"] }) || parts.count > 1 {
            problems.append("decoded references made markup: \(parts)")
        }
        if !input.utf8.contains(UInt8(ascii: "&")), output != input { problems.append("text without references changed") }
        if output.unicodeScalars.count > input.unicodeScalars.count { problems.append("decoding grew the text") }
        if output.utf8.filter({ $0 == UInt8(ascii: "<") }).count > input.utf8.filter({ $0 == UInt8(ascii: "&") }).count {
            problems.append("decoding made a < that no reference stands for")
        }
        if let space = input.firstIndex(of: " ") {
            let split = decoded(String(input[..<space])) + " " + decoded(String(input[input.index(after: space)...]))
            if split != output { problems.append("decoding is not local: a reference ran across a space") }
        }
        if decoded(StyledText.escape(output)) != output { problems.append("escape does not round-trip decoded text") }
        // The same text as a parameter value (`"` would end it, so it becomes `'`).
        let valueInput = String(String.UnicodeScalarView(input.unicodeScalars.map { $0 == "\"" ? "'" : $0 }))
        let value = StyledText(template: "<x v=\"" + valueInput + "\">y</x>").parts.first?.attributes.first?["v"]
        if let value {
            if value.unicodeScalars.count > valueInput.unicodeScalars.count { problems.append("decoding grew a value") }
            if !valueInput.utf8.contains(UInt8(ascii: "&")), value != valueInput { problems.append("a value without references changed") }
            let ampersands = valueInput.utf8.indices.filter { valueInput.utf8[$0] == UInt8(ascii: "&") }
            if ampersands.allSatisfy({ valueInput.utf8.index(after: $0) < valueInput.utf8.endIndex
                && valueInput.utf8[valueInput.utf8.index(after: $0)] == UInt8(ascii: "#") }), value != decoded(valueInput) {
                problems.append("numeric references decode differently in values and text")
            }
        } else {
            problems.append("a quoted parameter value was lost")
        }
        // A numeric reference: hex or decimal, `x` or `X`, with or without `;`, with leading zeros, and with
        // extra digits that take it out of range.
        let hex = form & 1 != 0
        var digits = String(code, radix: hex ? 16 : 10, uppercase: form & 2 != 0)
        digits = String(repeating: "0", count: Int(form >> 4) & 3) + digits
        if form & 8 != 0 { digits += "9999999999" }
        var number: UInt64 = 0
        for digit in digits.unicodeScalars {
            number = min(number * (hex ? 16 : 10) + UInt64(Int(String(digit), radix: 16)!), 0x11_0000)
        }
        let reference = "&#" + (hex ? (form & 2 != 0 ? "X" : "x") : "") + digits + (form & 4 != 0 ? ";" : "")
        let expected = "a" + String(expectedScalar(forCode: number)) + "z"
        if decoded("a" + reference + "z") != expected {
            problems.append("\(reference) decodes to \(decoded("a" + reference + "z").debugDescription), not \(expected.debugDescription)")
        }
        return problems
    }

    // MARK: CSS colours

    /// `input` with ASCII letters uppercased, other bytes untouched.
    static func asciiUppercased(_ input: String) -> String {
        String(decoding: input.utf8.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
    }

    /// CSS colours: parsing ignores ASCII case and surrounding white space, components stay in 0…1, and
    /// `cssString` and `hexString` parse back to the same 8-bit components.
    public static func cssColorViolations(_ input: String) -> [String] {
        var problems: [String] = []
        let color = MarkupStyleColor(css: input)
        func same(_ other: MarkupStyleColor?) -> Bool {
            switch (color, other) {
            case (nil, nil): true
            case let (a?, b?): a.components8 == b.components8
            default: false
            }
        }
        if !same(MarkupStyleColor(css: asciiUppercased(input))) { problems.append("colour parsing depends on ASCII case") }
        if !same(MarkupStyleColor(css: " \t\n" + input + "\r\u{C} ")) { problems.append("colour parsing depends on surrounding white space") }
        guard let color else { return problems }
        for component in [color.red, color.green, color.blue, color.alpha] where !(0...1).contains(component) {
            problems.append("component \(component) is outside 0…1")
        }
        let components = color.components8
        if !same(MarkupStyleColor(css: color.cssString)) { problems.append("cssString \(color.cssString) does not parse back") }
        let hex = MarkupStyleColor(css: color.hexString)?.components8
        if hex.map({ ($0.red, $0.green, $0.blue, $0.alpha) == (components.red, components.green, components.blue, 255) }) != true {
            problems.append("hexString \(color.hexString) does not parse back")
        }
        return problems
    }

    /// CSS declaration lists: whatever the input, sizes, spacing and line height stay finite and within their
    /// clamps, no link is made, and an empty declaration in front changes nothing.
    public static func cssDeclarationViolations(_ input: String) -> [String] {
        var problems: [String] = []
        let inherited = MarkupStyle(font: .init(size: 12, weight: .medium))
        let style = MarkupStyle(css: input, inherited: inherited)
        if let size = style.font.size, !(0...1000).contains(size) { problems.append("font size \(size) out of 0…1000") }
        if let kern = style.kern, !(-1000...1000).contains(kern) {
            problems.append("letter spacing \(kern) out of ±1000")
        }
        if let multiple = style.paragraph.lineHeightMultiple, !(0...100).contains(multiple) {
            problems.append("line height \(multiple) out of 0…100")
        }
        if let weight = style.font.weight, !(1...1000).contains(weight.value) { problems.append("weight \(weight)") }
        if style.link != nil { problems.append("a declaration made a link") }
        if MarkupStyle(css: ";" + input, inherited: inherited) != style {
            problems.append("an empty declaration in front changed the style")
        }
        return problems
    }
}
