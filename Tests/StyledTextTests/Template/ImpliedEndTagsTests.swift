import Testing
@testable import StyledText

/// HTML's implied end tags (``BlockRole``): `<li>a<li>b` is two items and `<p>a<p>b` two paragraphs, as a browser
/// reads them, in the one pass, the parser and every entry point alike.
@Suite struct ImpliedEndTagsTests {
    /// Each text part as `text [attribute names]`, and each element part as `<name> [attribute names]`.
    static func shape(_ text: StyledText) -> [String] {
        text.parts.map { part in
            let stack = "[" + part.attributes.map(\.name).joined(separator: " ") + "]"
            switch part {
            case let .text(string, _): return string + " " + stack
            case let .element(element, _): return "<" + element.name + "> " + stack
            case .image: return "image " + stack
            }
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let template: String
        let shape: [String]
        var testDescription: String { template }
    }

    static let cases: [Case] = [
        // Items and paragraphs.
        Case(template: "<ul><li>a<li>b</ul>c",
             shape: ["<ul> []", "<li> [ul]", "a [ul li]", "<li> [ul]", "b [ul li]", "c []"]),
        Case(template: "<p>a<p>b", shape: ["<p> []", "a [p]", "<p> []", "b [p]"]),
        Case(template: "<p>a<ul><li>b</ul>", shape: ["<p> []", "a [p]", "<ul> []", "<li> [ul]", "b [ul li]"]),
        Case(template: "<p>a<div>b</div>c", shape: ["<p> []", "a [p]", "<div> []", "b [div]", "c []"]),
        Case(template: "<dl><dt>t<dd>d<dt>u</dl>",
             shape: ["<dl> []", "<dt> [dl]", "t [dl dt]", "<dd> [dl]", "d [dl dd]", "<dt> [dl]", "u [dl dt]"]),
        Case(template: "<h1>a<h2>b", shape: ["<h1> []", "a [h1]", "<h2> []", "b [h2]"]),
        // A nested list keeps its parent item open; its end tag ends its own items.
        Case(template: "<ul><li>a<ul><li>b<li>c</ul><li>d</ul>",
             shape: ["<ul> []", "<li> [ul]", "a [ul li]", "<ul> [ul li]", "<li> [ul li ul]", "b [ul li ul li]",
                     "<li> [ul li ul]", "c [ul li ul li]", "<li> [ul]", "d [ul li]"]),
        // `p` and `div` inside an item do not keep the next item from ending it.
        Case(template: "<li><div><p>a<li>b", shape: ["<li> []", "<div> [li]", "<p> [li div]", "a [li div p]",
                                                     "<li> []", "b [li]"]),
        // Rows and cells, within the innermost table.
        Case(template: "<table><tr><td>1<td>2<tr><th>3</table>x",
             shape: ["<table> []", "<tr> [table]", "<td> [table tr]", "1 [table tr td]", "<td> [table tr]",
                     "2 [table tr td]", "<tr> [table]", "<th> [table tr]", "3 [table tr th]", "x []"]),
        Case(template: "<table><tr><td><table><tr><td>1</table>2<td>3",
             shape: ["<table> []", "<tr> [table]", "<td> [table tr]", "<table> [table tr td]",
                     "<tr> [table tr td table]", "<td> [table tr td table tr]", "1 [table tr td table tr td]",
                     "2 [table tr td]", "<td> [table tr]", "3 [table tr td]"]),
        Case(template: "<table><thead><tr><td>h<tbody><tr><td>b",
             shape: ["<table> []", "<thead> [table]", "<tr> [table thead]", "<td> [table thead tr]",
                     "h [table thead tr td]", "<tbody> [table]", "<tr> [table tbody]", "<td> [table tbody tr]",
                     "b [table tbody tr td]"]),
        // A `p` in a cell is not ended by a block outside the cell's table.
        Case(template: "<p>a<table><tr><td>b", shape: ["<p> []", "a [p]", "<table> []", "<tr> [table]",
                                                       "<td> [table tr]", "b [table tr td]"]),
        // Tags that are not blocks reopen inside the next block, as HTML reconstructs them.
        Case(template: "<li><b>a<li>b</b>c", shape: ["<li> []", "a [li b]", "<li> []", "b [li b]", "c [li]"]),
        Case(template: "<p><b>a<div>b</b>c", shape: ["<p> []", "a [p b]", "<div> []", "b [div b]", "c [div]"]),
        Case(template: "<ul><li><a href='x'><b>a<li>b", shape: ["<ul> []", "<li> [ul]", "a [ul li a b]",
                                                                "<li> [ul]", "b [ul li a b]"]),
        // A block's end tag ends the blocks inside it; other tags stay open past it.
        Case(template: "<div><b><p>a</div>b", shape: ["<div> []", "<p> [div b]", "a [div b p]", "b [b]"]),
        // Well-nested markup is unchanged, and tags that are not blocks imply nothing.
        Case(template: "<ul><li>a</li><li>b</li></ul>",
             shape: ["<ul> []", "<li> [ul]", "a [ul li]", "<li> [ul]", "b [ul li]"]),
        Case(template: "<b>a<i>b</b>c", shape: ["a [b]", "b [b i]", "c [i]"]),
        Case(template: "<li>a<b>b<span>c", shape: ["<li> []", "a [li]", "b [li b]", "c [li b span]"]),
        // A stray `</p>` is an empty paragraph, and `</br>` a line break; other stray end tags change nothing.
        Case(template: "a</p>b", shape: ["a []", "<p> []", "b []"]),
        Case(template: "<b>a</P >b</b>", shape: ["a [b]", "<p> [b]", "b [b]"]),
        Case(template: "<p>a</p></p>b", shape: ["<p> []", "a [p]", "<p> []", "b []"]),
        Case(template: "a</br>b</x>c", shape: ["a []", "<br> []", "bc []"]),
        Case(template: "a</p class='x'>b</BR x=1>c", shape: ["a []", "<p> []", "b []", "<br> []", "c []"]),
    ]

    @Test(arguments: cases)
    func readsAsABrowserDoes(_ testCase: Case) {
        let template = StyledText.Template(testCase.template)
        #expect(Self.shape(template.filled(with: [])) == testCase.shape)
        #expect(StyledText(template: testCase.template) == template.filled(with: []), "one pass and parser agree")
        #expect(StyledText.plainText(ofTemplate: testCase.template) == template.filled(with: []).plainText)
    }

    @Test func htmlLaysOutItemsAndCellsWhoseEndTagsAreLeftOut() {
        func laid(_ template: String) -> String {
            StyleResolver.html.runs(for: StyledText(template: template)).map(\.text).joined()
        }
        #expect(laid("<ul><li>a<li>b</ul><p>after") == "• a\n• b\nafter")
        #expect(laid("<ol><li>a<li>b<li>c</ol>") == "1. a\n2. b\n3. c")
        #expect(laid("<table><tr><td>1<td>2<tr><td>3<td>4</table>") == "1\t2\n3\t4")
        #expect(laid("<p>one<p>two") == "one\ntwo")
        #expect(laid("<ul><li><b>a<li>b</b>c</ul>") == "• a\n• bc")
        #expect(laid("one</p>two</br>three") == "one\ntwo\nthree")
        // Through the one pass, which leaves stray `</p>` and `</br>` to the parser: a resolver without layout
        // rules that gives `br` content.
        let breaks = StyleResolver().element("br", "\n")
        #expect(breaks.runs(forTemplate: "a</br>b").map(\.text).joined() == "a\nb")
        #expect(breaks.runs(forTemplate: "a</br>b") == breaks.runs(for: StyledText.Template("a</br>b").filled(with: [])))
    }

    /// Omitted end tags are valid HTML, so strict mode accepts them; blocks whose end tags are required, closed by
    /// their parent's, are still misnested.
    @Test func strictModeAcceptsOptionalEndTagsOnly() throws {
        _ = try StyledText(validating: "<ul><li>a<li>b</ul><p>c</p><p>d</p>")
        _ = try StyledText(validating: "<table><tr><td>1<td>2</table>")
        let misnested = StyledText.Template("<div><section>a</div>")
        #expect(misnested.diagnostics.map(\.kind) == [.misnestedEndTag])
        let kept = StyledText.Template("<div><b>a</div>")
        #expect(kept.diagnostics.map(\.kind) == [.unclosedTag, .misnestedEndTag])
        // A stray `</p>` or `</br>` is read as a browser reads it, and is still an error there.
        let stray = StyledText.Template("a</p>b</br>")
        #expect(stray.diagnostics.map(\.kind) == [.strayEndTag, .strayEndTag])
        #expect(stray.diagnostics.first?.message == "end tag </p> has no open <p>; it is read as <p/>")
    }

    /// The one pass builds what implies no end, and leaves the rest to the parser.
    @Test func theOnePassLeavesImpliedEndsToTheParser() {
        func built(_ input: String) -> StyledText? {
            var input = input
            input.makeContiguousUTF8()
            return StyledTextSink.build(input, arguments: [], options: .init())
        }
        for input in ["<p>a</p><p>b</p>", "<ul><li>a</li><li>b</li></ul>", "<div><p>a</p><p>b</p></div>",
                      "<table><tr><td>1</td></tr></table>", "<b>a<i>b</b>c</i>", "<li>a</li><b><p>c</b>d",
                      "<ul><li>a<ul><li>b</li><li>c</li></ul></li></ul>", "<td><p>a</p><div>b</div></td>"] {
            #expect(built(input) != nil, "\(input)")
        }
        #expect(built("a</x>b</X>") != nil)
        for input in ["<p>a<p>b", "<li>a<li>b", "<td>1<td>2", "<h1>a<h2>b", "<div><p>a</div>", "<ul><li>a</ul>",
                      "a</p>b", "<b>a</BR></b>"] {
            #expect(built(input) == nil, "\(input)")
            #expect(StyledText(template: input) == StyledText.Template(input).filled(with: []), "\(input)")
        }
    }

    /// The plain text's scan knows no roles, so where an implied end may change which tags stay open as text or
    /// nest too deep, the parser decides it.
    @Test func plainTextAgreesWhereImpliedEndsDecideWhatStaysText() {
        var fewNames = StyledText.Template.Options()
        fewNames.knownTagNames = ["b"]
        // `li` unknown: the first item is ended, so it is a tag; the second stays open, and is text again.
        #expect(StyledText.plainText(ofTemplate: "<li>a<li>b", options: fewNames) == "a<li>b")
        #expect(StyledText.plainText(ofTemplate: "x <Hottest> deals", options: fewNames) == "x <Hottest> deals")
        var shallow = StyledText.Template.Options()
        shallow.maximumDepth = 2
        // Each `<p>` ends the one before, so `<b>` is no deeper than the second tag.
        #expect(StyledText.plainText(ofTemplate: "<p>a<p>b<p>c<b>d", options: shallow) == "abcd")
        #expect(StyledText.plainText(ofTemplate: "<i>a<u>b<b>c", options: shallow) == "ab<b>c")
    }

    /// Random soups of blocks, inline tags and unknown ones, their end tags often left out, with the default names
    /// and with names that leave blocks unknown (so that a block left open is text again): the one pass, the plain
    /// text and the parser agree, and no text is lost.
    @Test func agreesOnRandomBlockSoups() {
        var generator = SeededGenerator(seed: 11)
        let fragments = ["<p>", "</p>", "<li>", "</li>", "<ul>", "</ul>", "<ol>", "<div>", "</div>", "<td>", "<th>",
                         "<tr>", "</tr>", "<table>", "</table>", "<tbody>", "<h1>", "<h2>", "</h1>", "<dt>", "<dd>",
                         "<b>", "</b>", "<i>", "</i>", "<x>", "</x>", "<y a=1>", "<LI>", "<P >", "a", "b ", "%@",
                         "</br>", "</BR>", "</p a=1>"]
        var fewNames = StyledText.Template.Options()
        fewNames.knownTagNames = ["b", "i", "ul"]
        var shallow = StyledText.Template.Options()
        shallow.maximumDepth = 4
        for round in 0..<3_000 {
            let soup = TemplatePropertyTests.randomString(&generator, from: fragments,
                                                          count: Int(generator.next() % 30))
            let options = [StyledText.Template.Options(), fewNames, shallow][round % 3]
            TemplateScannerTests.expectAgreement(soup, options: options)
        }
    }

    /// Hostile nesting stays linear and keeps its text: many items, each ending the one before; items under
    /// thousands of inline tags, which a search for the item to end looks past only so far; and blocks ended by a
    /// parent with many tags inside.
    @Test func hostileBlocksStayLinear() {
        let items = String(repeating: "<li>x", count: 50_000)
        #expect(StyledText(template: "<ul>" + items).parts.count == 100_001)
        let buried = "<li>" + String(repeating: "<b>", count: 500) + String(repeating: "<li>y", count: 20_000)
        let text = StyledText(template: buried)
        #expect(text.plainText == String(repeating: "y", count: 20_000))
        let ended = String(repeating: "<div>" + String(repeating: "<section>a", count: 20) + "</div>", count: 2_000)
        #expect(StyledText(template: ended).plainText == String(repeating: "a", count: 40_000))
        #expect(StyledText.plainText(ofTemplate: ended) == String(repeating: "a", count: 40_000))
    }
}
