import Foundation
import Testing
@testable import StyledText

/// Block and prefix rules, and white space collapsing: the text of the runs they lay out, the marks templates put
/// where blocks begin, and where each occurrence stands.
@Suite struct LayoutTests {
    static let resolver = StyleResolver()
        .block("p").block("ul").block("ol").block("tr")
        .block("li") { _, item in
            item.parent?.name == "ol" ? "\(item.index). " : StyledText(String(repeating: "  ", count: item.nesting) + "- ")
        }
        .prefix("td") { _, cell in cell.index > 1 ? " | " : nil }

    /// The text of the runs `resolver` makes of `template`, from both of its routes.
    static func laidOut(_ template: String, _ resolver: StyleResolver = resolver) -> String {
        let text = resolver.runs(for: StyledText(template: template)).map(\.text).joined()
        let direct = resolver.runs(forTemplate: template).map(\.text).joined()
        #expect(text == direct, "\(template.debugDescription)")
        return text
    }

    @Test(arguments: [
        // A break between blocks, never at the start or the end, never doubled.
        ("<p>a</p><p>b</p>", "a\nb"),
        ("x<p>a</p>y", "x\na\ny"),
        ("<p>a</p>", "a"),
        ("<p></p><p></p>a<p></p>", "a"),
        ("a\n<p>b</p>", "a\nb"),
        ("a<br><p>b</p>", "a\nb"),
        ("<p>a<b>b</b></p><p><i>c</i></p>", "ab\nc"),
        // Prefixes, numbered within their own list, nested.
        ("<ol><li>a</li><li>b</li></ol><ol><li>c</li></ol>", "1. a\n2. b\n1. c"),
        ("<ul><li>a<ul><li>b</li><li>c</li></ul></li><li>d</li></ul>", "- a\n  - b\n  - c\n- d"),
        ("<ol><li>a<ol><li>b</li></ol></li><li>c</li></ol>", "1. a\n1. b\n2. c"),
        // A block inside a list item starts on the item's line: the prefix is not content.
        ("<ul><li><p>a</p><p>b</p></li></ul>", "- a\nb"),
        // Cells in a row, rows on lines.
        ("<tr><td>a</td><td>b</td><td>c</td></tr><tr><td>d</td></tr>", "a | b | c\nd"),
        // Indentation between the tags of pretty-printed markup: parts of white space alone at a line's start.
        ("<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n", "- a\n- b"),
        // Text that is not only white space stays as written.
        ("<p> a </p> b", " a \n b"),
        // A self-closing block is an occurrence of its own.
        ("<ol><li/>a<li/>b</ol>", "1. a\n2. b"),
    ])
    func blocksBreakLinesAndPrefixesNumberItems(_ template: String, _ expected: String) {
        #expect(Self.laidOut(template) == expected, "\(template.debugDescription)")
    }

    /// The marks: an element part of the tag's attribute before each block's content, alike from the scan, the
    /// parser and a prepared template; plain text is unchanged.
    @Test func templatesMarkWhereBlocksBegin() {
        let text = StyledText(template: "<ol start='2'><li>a</li><li>b</li></ol><b>c</b>")
        let ol = StyledText.Attribute.tag("ol", ["start": "2"])
        #expect(text.parts == [
            .element(ol, attributes: []),
            .element(.tag("li"), attributes: [ol]),
            .text("a", attributes: [ol, .tag("li")]),
            .element(.tag("li"), attributes: [ol]),
            .text("b", attributes: [ol, .tag("li")]),
            .text("c", attributes: [.tag("b")]),
        ])
        #expect(text.plainText == "abc")
        let marked = [("<p>a</p><p>b</p>", 2), ("<div><p>%@</p><p>b</p></div>", 3), ("<ul><li title='%1$@'>a</li></ul>", 2),
                      ("<p>a<b>b</p>c</b>", 1), ("<P>a</P><P>b</P>", 2), ("<td>a</td><th>b</th>", 2), ("<p/>a", 1)]
        for (template, marks) in marked {
            let scanned = StyledText(template: template, "x")
            #expect(StyledText.Template(template)("x") == scanned, "\(template.debugDescription)")
            #expect(StyledText(parts: scanned.parts) == scanned)
            #expect(scanned.parts.filter { if case .element = $0 { true } else { false } }.count == marks,
                    "\(template.debugDescription)")
        }
        // Other tags are not marked, and a resolver without layout rules renders the marks as nothing.
        #expect(StyledText(template: "<b>a</b><story>b</story>").parts.count == 2)
        #expect(StyleResolver().runs(for: StyledText(template: "<p>a</p><p>b</p>")).map(\.text) == ["ab"])
    }

    /// The names whose start tags are marked: HTML's blocks, list items and table parts, and no other element.
    @Test func marksExactlyHTMLsBlockNames() {
        let blocks: Set<String> = [
            "address", "article", "aside", "blockquote", "caption", "center", "dd", "details", "dialog", "dir", "div",
            "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6",
            "header", "hgroup", "li", "main", "menu", "nav", "ol", "p", "pre", "section", "summary", "table", "tbody",
            "td", "tfoot", "th", "thead", "tr", "ul",
        ]
        let names = StyledText.Template.Options.htmlElementNames.union(blocks).union(["", "pp", "h7", "blockquotes"])
        for name in names {
            #expect((BlockRole(name) != .none) == blocks.contains(name), "\(name)")
        }
    }

    @Test func occurrencesCountSiblingsAndNesting() {
        let seen = Recorder()
        let resolver = StyleResolver().block("li") { item, occurrence in
            seen.append("\(item["id"] ?? "?"):\(occurrence.index)/\(occurrence.nesting)/\(occurrence.parent?.name ?? "-")")
            return nil
        }
        let template = "<li id=a>x</li><ol><li id=b>x<ol><li id=c>x</li><li id=d>x</li></ol></li>"
            + "<b><li id=e>x</li></b><li id=f>x</li></ol>"
        _ = resolver.runs(for: StyledText(template: template))
        #expect(seen.values == ["a:1/0/-", "b:1/0/ol", "c:1/1/ol", "d:2/1/ol", "e:1/0/b", "f:2/0/ol"])
    }

    /// Interpolated text has no marks: a block begins where a part first has its attribute.
    @Test func interpolatedBlocksBeginWhereTheirAttributeDoes() {
        let text: StyledText = "Steps\("Mix", .tag("li"))\("Bake", .tag("li"), .important)then\("Eat", .tag("li"))"
        #expect(Self.resolver.runs(for: text).map(\.text).joined() == "Steps\n- MixBake\nthen\n- Eat")
        let separate = StyledText(element: .tag("li")) + StyledText("Mix", attributes: [.tag("li")])
            + StyledText(element: .tag("li")) + StyledText("Bake", attributes: [.tag("li")])
        #expect(Self.resolver.runs(for: separate).map(\.text).joined() == "- Mix\n- Bake")
    }

    /// Breaks sit on the attributes around both blocks; prefixes inside the block's; element content and prefixes
    /// nest their own attributes inside.
    @Test func breaksAndPrefixesAreStyledByTheAttributesAroundThem() {
        let resolver = Self.resolver
            .style("ul", MarkupStyle(foregroundColor: .gray))
            .style("li", MarkupStyle(foregroundColor: .red))
            .style("important", MarkupStyle(font: .init(weight: .bold)))
            .block("x") { _, _ in "\("*", .important) " }
        let runs = resolver.runs(for: StyledText(template: "<ul><li>a</li><li>b</li></ul><x>c</x>"))
        #expect(runs.map(\.text) == ["- a", "\n", "- b", "\n", "*", " c"])
        #expect(runs.map(\.style.foregroundColor) == [.red, .gray, .red, nil, nil, nil])
        #expect(runs[4].attributes == [.tag("x"), .important] && runs[4].style.font.weight == .bold)
        #expect(runs[3].attributes.isEmpty)
    }

    @Test func elementsKeepTheirRulesWhenTheResolverLaysOut() {
        let resolver = Self.resolver
            .element("icon") { icon in "[\(icon["name"] ?? "")]" }
            .element("p", "¶")
        #expect(Self.laidOut("a<icon name=star/>b<br>c", resolver) == "a[star]b\nc")
        // A block element with a rule: its content starts the block.
        #expect(Self.laidOut("a<p>b</p>c", resolver) == "a\n¶b\nc")
        // Elements inside an element's content render nothing, as without layout rules.
        let nested = resolver.element("x", StyledText("y") + StyledText(element: .tag("icon")))
        #expect(Self.laidOut("<x/>", nested) == "y")
    }

    @Test func whitespaceCollapsesAsInHTMLButInsidePreservedAttributes() {
        let resolver = StyleResolver().block("p").block("pre").collapsingWhitespace(preservingInside: ["PRE"])
        #expect(Self.laidOut("<p>\n  Hello,\n  <b>world</b> \n</p>\n<p>\tagain</p>", resolver) == "Hello, world \nagain")
        #expect(Self.laidOut("a <b> b</b>  c", resolver) == "a b c")
        // Even there, a part of white space alone at the start of a block is dropped.
        #expect(Self.laidOut("<pre>  a\n   b</pre> <pre> </pre>", resolver) == "  a\n   b")
        #expect(Self.laidOut("a<br> b", resolver.element("br", "\n")) == "a\nb")
        // Without blocks or collapsing, nothing is laid out: the runs are the text's.
        let plain = StyledText(template: "<p> a  b </p>")
        #expect(StyleResolver().runs(for: plain).map(\.text) == [" a  b "])
        #expect(StyleResolver().collapsingWhitespace().runs(for: plain).map(\.text) == ["a b "])
    }

    @Test func mergingKeepsLayoutRulesAndTheLaterOneWins() {
        let merged = StyleResolver().block("li") { _, _ in "* " }.merging(StyleResolver().prefix("li") { _, _ in "+ " })
        #expect(Self.laidOut("a<li>b</li><li>c</li>", merged) == "a+ b+ c")
        let collapsing = StyleResolver().merging(StyleResolver().collapsingWhitespace())
        #expect(Self.laidOut("a   b", collapsing) == "a b")
        #expect(Self.laidOut("a   b", StyleResolver().collapsingWhitespace().merging(StyleResolver())) == "a b")
    }

    /// Hostile layouts stay linear: many blocks, deep nesting, and markup of blocks only.
    @Test func hostileLayoutsKeepEveryCharacter() {
        let many = String(repeating: "<li>x</li>", count: 50_000)
        let text = Self.laidOut("<ol>" + many + "</ol>")
        #expect(text.hasPrefix("1. x\n2. x\n") && text.hasSuffix("\n50000. x"))
        #expect(text.count(where: { $0 == "\n" }) == 49_999)
        var options = StyledText.Template.Options()
        options.maximumDepth = 20_000
        let deep = StyledText(template: String(repeating: "<ul><li>y", count: 10_000), options: options)
        let runs = StyleResolver().block("ul").block("li") { _, _ in "- " }.runs(for: deep)
        let joined = runs.map(\.text).joined()
        #expect(joined.count(where: { $0 == "y" }) == 10_000 && joined.count(where: { $0 == "\n" }) == 9_999)
        #expect(Self.laidOut(String(repeating: "<p></p>", count: 30_000)).isEmpty)
        #expect(Self.laidOut(String(repeating: "<p>&nbsp;</p>", count: 1_000)).count == 1_999)
    }
}

/// Collects values from `Sendable` closures that a test calls synchronously.
private final class Recorder: @unchecked Sendable {
    // @unchecked: guarded by `lock`.
    private let lock = NSLock()
    private var stored: [String] = []

    func append(_ value: String) {
        lock.withLock { stored.append(value) }
    }

    var values: [String] { lock.withLock { stored } }
}
