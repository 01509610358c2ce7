import Foundation
import Testing
@testable import StyledText

/// `StyleResolver.html`: the text it lays out and the style it gives each HTML tag, inline CSS, and hostile markup.
@Suite struct HTMLVocabularyTests {
    static func runs(_ template: String, _ resolver: StyleResolver = .html) -> [StyledRun] {
        resolver.runs(for: StyledText(template: template))
    }

    static func text(_ template: String, _ resolver: StyleResolver = .html) -> String {
        runs(template, resolver).map(\.text).joined()
    }

    /// The style of the first run whose text is `text`.
    static func style(of text: String, in template: String, _ resolver: StyleResolver = .html) -> MarkupStyle? {
        runs(template, resolver).first { $0.text == text }?.style
    }

    @Test(arguments: [
        ("<h1>Menu</h1><ul><li><b>Soup</b></li><li>Bread</li></ul>", "Menu\n• Soup\n• Bread"),
        ("<ol start='9'><li>a</li><li>b</li></ol>", "9. a\n10. b"),
        ("<ol type=a><li>a</li><li>b</li></ol><ol type=I start=3><li>c</li><li>d</li></ol>", "a. a\nb. b\nIII. c\nIV. d"),
        ("<ol type=A start=26><li>z</li><li>aa</li></ol>", "Z. z\nAA. aa"),
        ("<ol type=i start=0><li>zero</li></ol>", "0. zero"),
        ("<ul><li>a<ul><li>b<ul><li>c<ul><li>d</li></ul></li></ul></li></ul></li></ul>", "• a\n  ◦ b\n    ▪ c\n      • d"),
        ("<ol><li>a<ul><li>b</li></ul></li><li>c</li></ol>", "1. a\n  ◦ b\n2. c"),
        ("<table><tr><th>Name</th><th>Qty</th></tr><tr><td>Soup</td><td>2</td></tr></table>", "Name\tQty\nSoup\t2"),
        ("<tr><th>Soup</th><td>2</td><td>4</td></tr>", "Soup\t2\t4"),
        ("<p>One<br>two</p><hr><p>three</p>", "One\ntwo\n" + String(repeating: "─", count: 20) + "\nthree"),
        ("<div>\n  <p>\n    Pretty   printed\n  </p>\n</div>\n", "Pretty printed "),
        ("<pre>  keep\n    this</pre>after", "  keep\n    this\nafter"),
        ("<blockquote>q</blockquote><dl><dt>t</dt><dd>d</dd></dl>", "q\nt\nd"),
        ("a <img src='https://example.com/a.png' alt='A'> b <img src='javascript:alert(1)' alt='bad'>", "a \u{FFFC} b bad"),
        ("<p>Hello, <span>%@</span></p>", "Hello, %@"),
    ])
    func laysOutHTML(_ template: String, _ expected: String) {
        #expect(Self.text(template) == expected, "\(template.debugDescription)")
        #expect(StyleResolver.html.runs(forTemplate: template).map(\.text).joined() == expected)
    }

    @Test func tagsHaveTheirUsualStyles() {
        let template = "<b>b</b><strong>s</strong><i>i</i><em>e</em><u>u</u><s>x</s><del>d</del><code>c</code>"
            + "<mark>m</mark><small>sm</small><big>bg</big><sub>lo</sub><sup>hi</sup><h2>h</h2><h6>h6</h6>"
        let resolver = StyleResolver.html(base: MarkupStyle(font: MarkupStyleFont(size: 12)))
        func style(_ text: String) -> MarkupStyle { Self.style(of: text, in: template, resolver) ?? MarkupStyle() }
        #expect(style("b").font.weight == .bold && style("s").font.weight == .bold)
        #expect(style("i").font.italic == true && style("e").font.italic == true)
        #expect(style("u").underline == MarkupStyleLine(.single))
        #expect(style("x").strikethrough == MarkupStyleLine(.single) && style("d").strikethrough != nil)
        #expect(style("c").font.monospaced == true)
        #expect(style("m").backgroundColor == .yellow && style("m").foregroundColor == .black)
        #expect(style("sm").font.size == 10 && style("bg").font.size == 14.4)
        #expect(style("lo").font.size == 10 && style("lo").baselineOffset == -4)
        #expect(style("hi").baselineOffset == 4)
        #expect(style("h").font == MarkupStyleFont(size: 18, weight: .bold))
        #expect(style("h6").font == MarkupStyleFont(size: 8.04, weight: .bold))
        // Without a base size, relative sizes start from 16 points; nested ones compound, to 1,000 points at most.
        #expect(Self.style(of: "t", in: "<h1><small>t</small></h1>")?.font.size == 32.0 * 5 / 6)
        let huge = Self.runs(String(repeating: "<big>", count: 1_000) + "t<sub>u")
        #expect(huge.map(\.text) == ["t", "u"] && huge.map(\.style.font.size) == [1_000, 1_000.0 * 5 / 6])
        #expect(huge.last?.style.baselineOffset == -1_000.0 / 3)
    }

    @Test func linksFollowThePolicyAndNeverPoseAsActions() {
        let runs = Self.runs("<a href='https://example.com/x'>ok</a><a href=' JAVASCRIPT:alert(1)'>js</a>"
            + "<a href='styledtext-action://1'>act</a><a href='/relative'>rel</a><a>none</a>")
        let links = Dictionary(uniqueKeysWithValues: runs.map { ($0.text, $0.style.link?.absoluteString) })
        #expect(links == ["ok": "https://example.com/x", "js": nil, "act": nil, "rel": nil, "none": nil])
        #expect(runs.allSatisfy { $0.style.underline == MarkupStyleLine(.single) })
        let relative = StyleResolver.html(links: LinkPolicy(allowedSchemes: ["https"], allowsRelative: true))
        #expect(Self.style(of: "rel", in: "<a href='/relative'>rel</a>", relative)?.link?.absoluteString == "/relative")
    }

    @Test func inlineCSSFollowsThePolicy() {
        let template = "<b style='font-weight: normal; color: red'>t</b>"
        let overriding = Self.style(of: "t", in: template)
        #expect(overriding?.font.weight == .regular && overriding?.foregroundColor == .red)
        let filling = Self.style(of: "t", in: template, .html(inlineCSS: .fillsRules))
        #expect(filling?.font.weight == .bold && filling?.foregroundColor == .red)
        let ignoring = Self.style(of: "t", in: template, .html(inlineCSS: .ignored))
        #expect(ignoring?.font.weight == .bold && ignoring?.foregroundColor == nil)
        // Any tag's style parameter, known or not; relative sizes from the size around it.
        let story = Self.style(of: "s", in: "<story style='font-size: 150%'>s</story>", .html(base: .init(font: .init(size: 10))))
        #expect(story?.font.size == 15)
        // A CSS link cannot be made: `url(…)` decides nothing.
        #expect(Self.style(of: "u", in: "<span style='background: url(javascript:x)'>u</span>")?.link == nil)
    }

    @Test func fontAlignmentAndIndentation() {
        let font = Self.style(of: "f", in: "<font color='#00ff00' face='Georgia, serif' size='+2'>f</font>")
        #expect(font?.foregroundColor == MarkupStyleColor(rgb: 0x00FF00) && font?.font.family == "Georgia"
            && font?.font.size == 24)
        #expect(Self.style(of: "tiny", in: "<font size=0>tiny</font>")?.font.size == 10)
        #expect(Self.style(of: "c", in: "<p align=center>c</p>")?.paragraph.alignment == .center)
        #expect(Self.style(of: "r", in: "<h3 align='RIGHT'>r</h3>")?.paragraph.alignment == .right)
        #expect(Self.style(of: "c", in: "<center>c</center>")?.paragraph.alignment == .center)
        let nested = Self.runs("<blockquote>a<blockquote>b</blockquote></blockquote>")
        // The break after "a" sits in the outer quote, and joins its run.
        #expect(nested.first { $0.text.hasPrefix("a") }?.style.paragraph.headIndent == 20)
        #expect(nested.first { $0.text == "b" }?.style.paragraph.headIndent == 40)
        #expect(nested.first { $0.text == "b" }?.style.paragraph.firstLineHeadIndent == 40)
    }

    @Test func imagesTakeTheirSizeAndAlternativeText() {
        let runs = Self.runs("<img src='https://example.com/a.png' alt='A' width='20' height='10'>"
            + "<img src='data:image/png;base64,AA' alt=''><img alt='only alt'><img src='b.png' width=-1 height=2>")
        guard case let .image(image) = runs.first?.content else {
            Issue.record("no image: \(runs)")
            return
        }
        #expect(image.url?.absoluteString == "https://example.com/a.png" && image.alt == "A")
        #expect(image.size == StyledText.Image.Size(width: 20, height: 10))
        #expect(runs.dropFirst().map(\.text) == ["only alt", "\u{FFFC}"])
        guard case let .image(relative) = runs.last?.content else { return }
        #expect(relative.url?.absoluteString == "b.png" && relative.size == nil)
    }

    /// The renderers show the layout: breaks as `<br>` in HTML, and the same text in ANSI and `AttributedString`.
    @Test func renderersShowTheLayout() {
        let text = StyledText(template: "<ul><li><b>a</b></li><li>b &lt;c&gt;</li></ul>")
        let html = text.html(.html)
        #expect(html.contains("a") && html.contains("<br>") && html.contains("b &lt;c&gt;") && !html.contains("<c>"))
        #expect(String(AttributedString(text, resolver: .html).characters) == "• a\n• b <c>")
        #expect(text.plainText == "ab <c>")
    }

    /// Markup from anywhere: deep, wide, unclosed and misnested blocks lose no text and stay linear.
    @Test func hostileHTMLKeepsItsText() {
        // Each `<li>` ends the one before: 5,000 items side by side.
        let unclosed = Self.text(String(repeating: "<li>x", count: 5_000))
        #expect(unclosed.count(where: { $0 == "x" }) == 5_000 && unclosed.count(where: { $0 == "•" }) == 5_000)
        #expect(!unclosed.contains("<"))
        // A list in each item nests: 1,024 open at most; the rest stays literal text.
        let laid = Self.text(String(repeating: "<ul><li>x", count: 5_000))
        #expect(laid.count(where: { $0 == "x" }) == 5_000 && laid.contains("<ul><li>x<ul><li>x"))
        let misnested = String(repeating: "<p><b>a</p>b</b>", count: 10_000)
        #expect(Self.text(misnested).count(where: { $0 == "a" || $0 == "b" }) == 20_000)
        let table = String(repeating: "<tr>" + String(repeating: "<td>c</td>", count: 10) + "</tr>", count: 2_000)
        let cells = Self.text("<table>" + table + "</table>")
        #expect(cells.count(where: { $0 == "\t" }) == 18_000 && cells.count(where: { $0 == "\n" }) == 1_999)
        let tagShaped = StyledText(template: "<p>%@</p>", "<li>not an item</li>")
        #expect(StyleResolver.html.runs(for: tagShaped).map(\.text).joined() == "<li>not an item</li>")
    }

    /// The fuzzer's checks of `StyleResolver.html`'s layout (no text lost, contiguous runs, one step alike, the
    /// renderers' invariants) hold on the HTML seeds of its corpus.
    @Test func pipelineChecksHoldOnHTML() throws {
        let corpus = DocumentationTests.packageRoot.appendingPathComponent("Fuzz/Corpus/FuzzPipeline")
        let seeds = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0.hasPrefix("html-") }
        #expect(seeds.count >= 4)
        for seed in seeds {
            let template = try String(contentsOf: corpus.appendingPathComponent(seed), encoding: .utf8)
            let problems = PipelineChecks.pipelineViolations(template, arguments: ["<b>argument</b>"])
            #expect(problems.isEmpty, "\(seed): \(problems)")
        }
    }

    @Test func hundredThousandDeepListsOnASmallStack() {
        onSmallStack {
            var options = StyledText.Template.Options()
            options.maximumDepth = 100_000
            let template = String(repeating: "<ol><li>", count: 50_000) + "core"
            let runs = StyleResolver.html.runs(for: StyledText(template: template, options: options))
            let text = runs.map(\.text).joined()
            // An item whose content is a list shows its number on the line of its list's first item, as browsers do.
            precondition(text.hasSuffix("1. core") && !text.contains("\n"), text.suffix(40).description)
            precondition(text.components(separatedBy: "1. ").count == 50_001)
            precondition(runs.last?.style.paragraph.headIndent == 1_000_000)
        }
    }
}
