import Foundation
import Testing
@testable import StyledText

@Suite struct HTMLRendererTests {
    let plain = StyleResolver()
    let bold = StyleResolver().style("important", MarkupStyle(font: .init(weight: .bold)))

    // MARK: Snapshots
    // The renderer never writes a raw line break (text breaks become `<br>`), so the snapshots break lines after
    // each `<br>` to be readable without changing what they pin down.

    @Test func rendersEveryStyleFieldWithInlineStyles() {
        let html = RenderFixtures.text.html(RenderFixtures.resolver)
        #expect(HTMLWellFormedness.problems(in: html) == [])
        assertSnapshot(html.replacingOccurrences(of: "<br>", with: "<br>\n"), named: "HTMLRenderer.inline")
    }

    @Test func rendersClassNamesWithAMatchingStylesheet() {
        let renderer = HTMLRenderer(styling: .classes())
        let runs = RenderFixtures.resolver.runs(for: RenderFixtures.text)
        let html = renderer.render(runs)
        let css = renderer.stylesheet(for: runs)
        #expect(HTMLWellFormedness.problems(in: html) == [])
        #expect(!html.contains("style="))
        #expect(!css.contains("<"))
        assertSnapshot(html.replacingOccurrences(of: "<br>", with: "<br>\n") + "\n\n" + css, named: "HTMLRenderer.classes")
    }

    // MARK: Structure

    @Test func documentedExamplesHold() {
        #expect(HTMLRenderer().render("Hi <\("Eve", .important)>", resolver: bold)
            == #"Hi &lt;<span style="font-weight: 700">Eve</span>&gt;"#)
        let red = StyleResolver(base: MarkupStyle(foregroundColor: .red))
        #expect(HTMLRenderer().render(red.runs(for: "a\nb")) == #"<span style="color: #ff0000">a<br>b</span>"#)
        let resolver = StyleResolver().style("important", MarkupStyle(foregroundColor: .red))
        let text: StyledText = "a < \("b", .important)"
        #expect(text.html(resolver) == #"a &lt; <span style="color: #ff0000">b</span>"#)
        #expect(HTMLRenderer.cssNumber(14) == "14")
        #expect(HTMLRenderer.cssNumber(1.25) == "1.25")
        #expect(HTMLRenderer.cssNumber(-0.5) == "-0.5")
        #expect(HTMLRenderer.cssNumber(.nan) == nil)
    }

    @Test func unstyledTextIsWrittenBare() {
        #expect(StyledText("plain").html(plain) == "plain")
        #expect(StyledText().html(plain) == "")
    }

    @Test func neighbouringRunsThatLookTheSameShareOneSpan() {
        let resolver = StyleResolver()
            .style("a", MarkupStyle(foregroundColor: .red))
            .style("b", MarkupStyle(foregroundColor: .red))
        let text: StyledText = "\("one", .tag("a"))\("two", .tag("b")) three"
        #expect(resolver.runs(for: text).count == 3)
        #expect(text.html(resolver) == #"<span style="color: #ff0000">onetwo</span> three"#)
    }

    @Test func aLinkWrapsEverySpanItCovers() throws {
        let url = try #require(URL(string: "https://example.com"))
        let text: StyledText = "\("Learn \("more", .important) here", .link(url))"
        #expect(text.html(bold) == #"<a href="https://example.com">Learn <span style="font-weight: 700">more</span> here</a>"#)
    }

    @Test func lineBreaksBecomeBreakElements() {
        #expect(StyledText("a\nb\r\nc\rd\n").html(plain) == "a<br>b<br>c<br>d<br>")
    }

    @Test func imagesUseTheirURLSizeAndAltText() throws {
        let url = try #require(URL(string: "https://example.com/a.png?x=1&y=\"2\""))
        let image = StyledText.Image(url: url, size: .init(width: 16.4, height: 20), alt: "a \"quoted\" <alt>")
        #expect(StyledText(image: image).html(plain)
            == #"<img src="https://example.com/a.png?x=1&amp;y=%222%22" alt="a &quot;quoted&quot; &lt;alt&gt;" width="16" height="20">"#)
    }

    @Test func imagesFromRefusedSourcesBecomeTheirAltText() throws {
        let data = try #require(URL(string: "data:image/svg+xml,<svg onload=alert(1)>"))
        let script = try #require(URL(string: "javascript:alert(1)"))
        let text: StyledText = "\(StyledText.Image(url: data, alt: "<svg>"))|\(StyledText.Image(url: script))|\(StyledText.Image(named: "dice"))"
        #expect(text.html(plain) == "&lt;svg&gt;||")
    }

    @Test func relativeImageSourcesAreAllowedAndNamedImagesCanBeMapped() throws {
        let relative = try #require(URL(string: "/img/dice.png"))
        let renderer = HTMLRenderer { image in
            image.url ?? image.name.flatMap { URL(string: "https://cdn.example.com/\($0).png") }
        }
        let text: StyledText = "\(StyledText.Image(url: relative))\(StyledText.Image(named: "star", alt: "★"))"
        #expect(text.html(plain, using: renderer)
            == #"<img src="/img/dice.png" alt=""><img src="https://cdn.example.com/star.png" alt="★">"#)
    }

    // MARK: Safety

    @Test func escapesTextSoItCanNeverOpenATag() {
        let text: StyledText = "<script>alert(\"x\" + 'y')</script> & &amp; \("</span><b>", .important)"
        #expect(text.html(bold)
            == #"&lt;script&gt;alert("x" + 'y')&lt;/script&gt; &amp; &amp;amp; <span style="font-weight: 700">&lt;/span&gt;&lt;b&gt;</span>"#)
    }

    @Test func controlCharactersBecomeReplacementCharacters() {
        let text = StyledText("a\u{0}b\u{1B}[31mc\u{7F}d\u{9B}e\u{85}fg£h")
        #expect(text.html(plain) == "a\u{FFFD}b\u{FFFD}[31mc\u{FFFD}d\u{FFFD}e\u{FFFD}fg£h")
    }

    // MARK: White space

    @Test func spacesThatWouldCollapseBecomeNoBreakSpaces() throws {
        // A space at the start of a line or after another space; one between words stays a place to wrap.
        #expect(StyledText("a b  c   d").html(plain) == "a b &#160;c &#160;&#160;d")
        #expect(StyledText("  x\n y \r\n\u{20}z").html(plain) == "&#160;&#160;x<br>&#160;y <br>&#160;z")
        #expect(StyledText(" ").html(plain) == "&#160;")
        // Across runs: the text before decides, whatever the tags between.
        let text: StyledText = "a \(" b", .important)\n\(" c", .important)"
        #expect(text.html(bold)
            == #"a <span style="font-weight: 700">&#160;b</span><br><span style="font-weight: 700">&#160;c</span>"#)
        // A no-break space in the text, and an image, are not white space.
        #expect(StyledText("a\u{A0} b").html(plain) == "a\u{A0} b")
        let url = try #require(URL(string: "https://example.com/i.png"))
        let image = StyledText(image: StyledText.Image(url: url)) + " x"
        #expect(image.html(plain) == #"<img src="https://example.com/i.png" alt=""> x"#)
    }

    @Test func tabsAreKeptInASpanOfTheirOwn() {
        #expect(StyledText("a\tb\t\tc").html(plain)
            == #"a<span style="white-space: pre">\#t</span>b<span style="white-space: pre">\#t\#t</span>c"#)
        // With class names, the span has the prefix's `tab` class, whose rule the stylesheet has when a run holds
        // a tab.
        let renderer = HTMLRenderer(styling: .classes(prefix: "my-"))
        let runs = plain.runs(for: "a\tb")
        #expect(renderer.render(runs) == "a<span class=\"my-tab\">\t</span>b")
        #expect(renderer.stylesheet(for: runs) == ".my-tab { white-space: pre }\n")
        #expect(renderer.stylesheet(for: plain.runs(for: "a b")) == "")
    }

    @Test func laidOutHTMLKeepsItsIndentsAndColumns() {
        // What `StyleResolver.html` lays out with spaces and tabs shows in the HTML as it does in plain text.
        let resolver = StyleResolver.html
        let list = StyledText(template: "<ul><li>a<ul><li>b</ul></ul>")
        #expect(resolver.runs(for: list).map(\.text).joined() == "• a\n  ◦ b")
        #expect(list.html(resolver) == "• a<br>&#160;&#160;◦ b")
        let table = StyledText(template: "<table><tr><td>a<td>b</table><pre>  x  y</pre>")
        let html = table.html(resolver)
        #expect(html.hasPrefix(#"a<span style="white-space: pre">\#t</span>b<br>"#))
        #expect(html.hasSuffix(#"&#160;&#160;x &#160;y</span>"#))
        #expect(PipelineChecks.htmlViolations(html, runs: resolver.runs(for: table)) == [])
    }

    @Test func fontFamiliesCannotBreakOutOfTheirCSSString() {
        let resolver = StyleResolver(base: MarkupStyle(font: .init(family: "x'; } </style><script>\"")))
        let html = StyledText("a").html(resolver)
        #expect(html == #"<span style="font-family: 'x\27 \3b  \7d  \3c \2f style\3e \3c script\3e \22 '">a</span>"#)
        let renderer = HTMLRenderer(styling: .classes())
        let css = renderer.stylesheet(for: resolver.runs(for: "a"))
        #expect(!css.contains("<") && !css.contains("'; }"))
    }

    @Test func unknownStyleKeywordsNeverReachTheCSS() {
        let resolver = StyleResolver(base: MarkupStyle(
            underline: MarkupStyleLine(MarkupStyleLine.Style(rawValue: "solid; background: url(x)")),
            textCase: MarkupStyle.TextCase(rawValue: "none; color: red")))
        #expect(StyledText("a").html(resolver) == #"<span style="text-decoration: underline">a</span>"#)
    }

    @Test func classPrefixesKeepOnlyIdentifierCharacters() {
        #expect(HTMLRenderer.Styling.classes(prefix: "my-\"><x ") == .classes(prefix: "my-x"))
        #expect(HTMLRenderer.Styling.classes(prefix: "9") == .classes(prefix: "st-"))
        #expect(HTMLRenderer.Styling.classes(prefix: "") == .classes())
        #expect(HTMLRenderer.className(for: "color: red", prefix: "st-").count == 15)
    }

    @Test func stylesheetIsEmptyForInlineStyles() {
        #expect(HTMLRenderer().stylesheet(for: bold.runs(for: "\("x", .important)")) == "")
    }

    struct LinkCase: Sendable, CustomStringConvertible {
        var href: String
        var linked: Bool
        var description: String { href }
    }

    @Test(arguments: [
        LinkCase(href: "https://example.com/a?b=1&c=2", linked: true),
        LinkCase(href: "HTTP://EXAMPLE.COM", linked: true),
        LinkCase(href: "mailto:eve@example.com", linked: true),
        LinkCase(href: "tel:+15555550100", linked: true),
        LinkCase(href: "javascript:alert(1)", linked: false),
        LinkCase(href: "JavaScript:alert(1)", linked: false),
        LinkCase(href: "java&#9;script:alert(1)", linked: false),
        LinkCase(href: "vbscript:msgbox(1)", linked: false),
        LinkCase(href: "data:text/html,<script>alert(1)</script>", linked: false),
        LinkCase(href: "ftp://example.com", linked: false),
        LinkCase(href: "/relative/path", linked: false),
    ])
    func linksOnlyForAllowedSchemesAndTheTextIsKept(_ linkCase: LinkCase) throws {
        let url = try #require(URL(string: linkCase.href))
        let html = StyledText("text", attributes: [.link(url)]).html(plain)
        #expect(html.hasPrefix("<a href=") == linkCase.linked)
        #expect(html.contains(">text<") || html == "text")
        #expect(HTMLWellFormedness.problems(in: html) == [])
    }

    @Test func aCustomPolicyAllowsMoreSchemesAndRelativeLinks() throws {
        let renderer = HTMLRenderer(linkPolicy: LinkPolicy(allowedSchemes: ["https", "myapp"], allowsRelative: true))
        let text: StyledText = """
            \("a", .link(URL(string: "MyApp://open")!)) \("b", .link(URL(string: "/about")!)) \
            \("c", .link(URL(string: "http://example.com")!))
            """
        #expect(text.html(plain, using: renderer) == #"<a href="MyApp://open">a</a> <a href="/about">b</a> c"#)
    }

    // MARK: Size

    @Test func rendersAMegabyteOfTextInOnePass() {
        let line = String(repeating: "plain text & <tags> ", count: 50) + "\n"  // 1 001 bytes
        let big = String(repeating: line, count: 1_000)
        let html = StyledText(big, attributes: [.important]).html(bold)
        let ampersands = 50 * 1_000, tags = 100 * 1_000, lines = 1_000
        let expectedCount = big.utf8.count + ampersands * 4 + tags * 3 + lines * 3
            + #"<span style="font-weight: 700">"#.utf8.count + "</span>".utf8.count
        #expect(html.utf8.count == expectedCount)
        #expect(html.hasPrefix(#"<span style="font-weight: 700">plain text &amp; &lt;tags&gt; "#))
        #expect(html.hasSuffix("&lt;tags&gt; <br></span>"))
    }

    @Test func aLongTextIsItsPartsRenderedOneAfterAnother() {
        // Far past the writer's first chunk of output, with every kind of run, non-ASCII text and escapes: the
        // fragment, which opens nothing that it does not close, repeated.
        let part = RenderFixtures.text + " Grüße — 日本 😀 <&> \n"
        let renderer = HTMLRenderer(styling: .inline)
        let one = renderer.render(part, resolver: RenderFixtures.resolver)
        let repeated = renderer.render(Array(repeating: part, count: 300).reduce(StyledText(), +),
                                       resolver: RenderFixtures.resolver)
        #expect(one.utf8.count * 300 > UTF8Buffer.streamingChunk * 2)
        expectSameBytes(repeated, String(repeating: one, count: 300))
    }

    // MARK: Gallery

    /// The Playground executable, built next to the test product by `swift build --build-tests`/`swift test`.
    static let playground: URL? = {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var candidates = [root.appendingPathComponent(".build/debug/Playground")]
        if let executable = Bundle.main.executableURL {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent("Playground"))
        }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("Playground"))
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// `swift test` builds every target, the Playground included, so a missing binary is a failure, not a skip.
    @Test func galleryPageFromThePlaygroundIsWellFormed() throws {
        let binary = try #require(Self.playground, "the Playground executable was not built next to the tests")
        let output = FileManager.default.temporaryDirectory
            .appendingPathComponent("styledtext-gallery-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["--html", output.path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let page = try #require(try? String(contentsOf: output, encoding: .utf8),
                                "`Playground --html \(output.path)` wrote nothing: is --html wired in Playground/Tour.swift?")
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(HTMLWellFormedness.problems(in: page) == [])
        #expect(page.contains("&lt;script&gt;") && !page.contains("<script"))
        #expect(!page.contains("javascript:"))
        #expect(page.contains(#"data-action="ask""#))
    }

    @Test func wellFormednessCheckerCatchesBrokenMarkup() {
        #expect(HTMLWellFormedness.problems(in: #"<p><span class="a">x</span></p><br><img src="a" alt="">"#) == [])
        #expect(HTMLWellFormedness.problems(in: "<p>x") == ["unclosed <p>"])
        #expect(HTMLWellFormedness.problems(in: "<p>x</span></p>") == ["</span> closes <p> at 4", "stray </p> at 11"])
        #expect(HTMLWellFormedness.problems(in: "a < b") == ["raw < in text at 2"])
        #expect(HTMLWellFormedness.problems(in: "a > b") == ["raw > in text at 2"])
        #expect(HTMLWellFormedness.problems(in: "a & b") == ["bare & at 2"])
        #expect(HTMLWellFormedness.problems(in: "<a href=x>y</a>") == ["unquoted attribute at 3"])
        #expect(HTMLWellFormedness.problems(in: #"<a href="<">y</a>"#) == ["raw < in attribute at 3"])
    }
}

/// A minimal well-formedness check for HTML the renderer and the gallery write: every non-void element closed in
/// order, attribute values double-quoted, and no raw `<`, `>` or bare `&` in text or attribute values.
enum HTMLWellFormedness {
    static let voidElements: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link",
                                            "meta", "source", "track", "wbr"]
    static let rawTextElements: Set<String> = ["style", "script"]

    static func problems(in html: String) -> [String] {
        let bytes = Array(html.utf8)
        var problems: [String] = []
        var stack: [String] = []
        var index = 0

        func startsWith(_ prefix: String, at position: Int) -> Bool {
            let prefixBytes = Array(prefix.utf8)
            return position + prefixBytes.count <= bytes.count
                && Array(bytes[position..<(position + prefixBytes.count)]) == prefixBytes
        }
        func readName() -> String {
            let start = index
            while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self).lowercased()
        }
        func checkReference(at position: Int) -> Bool {
            var end = position + 1
            while end < bytes.count, isNameByte(bytes[end]) || bytes[end] == UInt8(ascii: "#") { end += 1 }
            return end > position + 1 && end < bytes.count && bytes[end] == UInt8(ascii: ";")
        }

        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                let tagStart = index
                if startsWith("<!--", at: index) {
                    while index < bytes.count, !startsWith("-->", at: index) { index += 1 }
                    index += 3
                    continue
                }
                if startsWith("<!", at: index) {
                    while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
                    index += 1
                    continue
                }
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "/") {
                    index += 1
                    let name = readName()
                    if index >= bytes.count || bytes[index] != UInt8(ascii: ">") {
                        problems.append("malformed end tag at \(tagStart)")
                    }
                    index += 1
                    if let open = stack.popLast() {
                        if open != name { problems.append("</\(name)> closes <\(open)> at \(tagStart)") }
                    } else {
                        problems.append("stray </\(name)> at \(tagStart)")
                    }
                    continue
                }
                let name = readName()
                guard !name.isEmpty else {
                    problems.append("raw < in text at \(tagStart)")
                    continue
                }
                // Attributes: name="value" pairs, or a bare name.
                while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
                    if bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "/") {
                        index += 1
                        continue
                    }
                    let attributeStart = index
                    _ = readName()
                    if index == attributeStart {
                        problems.append("malformed tag at \(tagStart)")
                        index += 1
                        continue
                    }
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { continue }
                    index += 1
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                        problems.append("unquoted attribute at \(attributeStart)")
                        while index < bytes.count, bytes[index] != UInt8(ascii: " "), bytes[index] != UInt8(ascii: ">") {
                            index += 1
                        }
                        continue
                    }
                    index += 1
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                        if bytes[index] == UInt8(ascii: "<") { problems.append("raw < in attribute at \(attributeStart)") }
                        if bytes[index] == UInt8(ascii: "&"), !checkReference(at: index) {
                            problems.append("bare & in attribute at \(attributeStart)")
                        }
                        index += 1
                    }
                    index += 1
                }
                index += 1
                if rawTextElements.contains(name) {
                    // Raw text runs to its end tag; it must not contain another `<`.
                    while index < bytes.count, !startsWith("</\(name)>", at: index) {
                        if bytes[index] == UInt8(ascii: "<") { problems.append("< inside <\(name)> at \(index)") }
                        index += 1
                    }
                    index += name.utf8.count + 3
                } else if !voidElements.contains(name) {
                    stack.append(name)
                }
                continue
            }
            if byte == UInt8(ascii: ">") { problems.append("raw > in text at \(index)") }
            if byte == UInt8(ascii: "&"), !checkReference(at: index) { problems.append("bare & at \(index)") }
            index += 1
        }
        for open in stack.reversed() { problems.append("unclosed <\(open)>") }
        return problems
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }
}
