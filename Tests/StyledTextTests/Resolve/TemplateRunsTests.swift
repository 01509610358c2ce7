import Foundation
import Testing
@testable import StyledText

/// `StyleResolver.runs(forTemplate:arguments:options:)`, which makes runs as it scans the template, gives the runs of
/// `runs(for: StyledText(template:arguments:options:))`: for every kind of template, with and without the parts the
/// one pass leaves to the parser, for resolvers with and without adjustments and element rules.
@Suite struct TemplateRunsTests {
    static let bold = MarkupStyle(font: .init(weight: .bold))

    /// Resolvers the two ways must agree for: none of the library's own rules, fixed and computed rules with `<br>`
    /// and `<hr>` elements (which merge with the text around them), and an adjustment, which takes the builder's
    /// other way to a style.
    static let resolvers: [(name: String, resolver: StyleResolver)] = [
        ("plain", StyleResolver()),
        ("rules", StyleResolver(base: MarkupStyle(font: .init(size: 12)))
            .style("b", bold)
            .style("i", MarkupStyle(font: .init(italic: true)))
            .style("a") { link, _ in MarkupStyle(link: link["href"].flatMap { URL(string: $0) }) }
            .element("hr") { _ in StyledText("\u{2014}", attributes: [.tag("rule")]) }),
        ("adjusted", StyleResolver()
            .style("b", bold)
            .adjust { attributes, style in
                var style = style
                style.kern = Double(attributes.count)
                return style
            }),
    ]

    /// The runs each way, for every resolver: equal, and each way's runs whole (contiguous, covering the text).
    static func expectAgreement(_ template: String, _ arguments: [any StyledTextArgument] = [],
                                options: StyledText.Template.Options = StyledText.Template.Options(),
                                sourceLocation: SourceLocation = #_sourceLocation) {
        for (name, resolver) in resolvers {
            let expected = resolver.runs(for: StyledText(template: template, arguments: arguments, options: options))
            let runs = resolver.runs(forTemplate: template, arguments: arguments, options: options)
            #expect(runs == expected, "\(name): \(template.prefix(200).debugDescription)",
                    sourceLocation: sourceLocation)
            #expect(runs.map(\.attributes) == expected.map(\.attributes), "\(name)", sourceLocation: sourceLocation)
            var offset = 0
            for run in runs {
                #expect(run.range.lowerBound == offset, "\(name)", sourceLocation: sourceLocation)
                #expect(run.range.count == run.text.utf16.count, "\(name)", sourceLocation: sourceLocation)
                offset = run.range.upperBound
            }
        }
    }

    /// Templates the one pass makes runs of, to its end or up to an element.
    @Test(arguments: [
        "",
        "plain text",
        "<b></b>",
        "a<b>x</b>y",
        "<b><i>x</i></b>",
        "<b>a</b><b>b</b>",
        "<b>a</b><i>b</i><b>c</b>",
        "Caf&eacute; <b>&#x1F600; r&eacute;sum&eacute;</b> &lt;tag&gt; &amp;&amp;",
        "Pick: %@ <i>or</i> %@",
        "<story type='2'>Once</story> upon <a href='https://example.com'>a time</a>",
        "<b>unclosed",
        "text <!-- a comment --> more <b>bold<!-- inside --></b>",
        "a < b > c <",
        "e<b>\u{301}</b> \u{1F469}\u{200D}\u{1F4BB}<i>x</i>",
        "a<br/>b",
        "<br/>a<b>b</b>",
        "a<b>b</b><hr/>",
        "<b>x<hr/>y</b><br>z",
        "<b>a<br/></b><br/><i>b</i>",
        "<icon name='star'/>",
        "<b><i>x</b>y</i>",
    ])
    func agreesWithTheStyledTextsRuns(_ template: String) {
        Self.expectAgreement(template, ["Eve", "Bob"])
    }

    /// Elements, whose content the one pass adds among the runs it has not counted yet, as it scans, and the two
    /// places where it makes segments instead: content that would merge into the text before it, and text that
    /// would merge into the content before it (`x` as an element and as a tag on the same parent). Images, content
    /// with attributes of its own, rules that give nothing, and a template longer than the scan's chunk.
    @Test(arguments: [
        "<x>t</x><x/>",
        "<x/><x>t</x>",
        "a<x>t</x><x/>b<x/><x>u</x>c",
        "<b><x>t</x><x/></b><x/>",
        "<br><br>a<br/><br/>",
        "\u{E9}<br>\u{1F600}<img/>x<img/><img/>y<sig/>z",
        "ab<sig/>",
        "<sig/><sig/>",
        "<b>a<img/></b>b",
        "a<b>b<br/>c</b><i>d<hr/></i>e<x/>",
        "<nothing/>a<nothing/><br/>",
        "short<br>",
        "a much longer line than a vector<br>and more after it<x/>",
    ])
    func agreesOnElementsMadeAsTheScanGoes(_ template: String) {
        let resolver = StyleResolver().style("b", Self.bold)
            .element("x", "c")
            .element("img") { _ in StyledText(image: .init(named: "dot")) }
            .element("sig", "\u{2014} \("Eve", .important)")
            .element("nothing") { _ in nil }
        let long = String(repeating: template, count: 70_000 / max(template.utf8.count, 1) + 1)
        for source in [template, long] {
            let expected = resolver.runs(for: StyledText(template: source))
            let runs = resolver.runs(forTemplate: source)
            #expect(runs == expected, "\(source.prefix(100).debugDescription)")
            #expect(runs.map(\.attributes) == expected.map(\.attributes))
            #expect(runs.last?.range.upperBound == runs.reduce(0) { $0 + $1.text.utf16.count })
        }
        Self.expectAgreement(template)
    }

    /// Templates the one pass leaves to the parser: a `%` in a tag, an argument with parts of its own, tags left
    /// open that become text, an end tag deep in the stack, and a template over the length limit.
    @Test func agreesWhereTheParserBuildsTheText() {
        Self.expectAgreement("<a href='%@'>link</a> and <b>%@</b>", ["https://example.com", "x"])
        Self.expectAgreement("Hi %@, <b>welcome</b>", ["\("Eve", .important)" as StyledText])
        Self.expectAgreement("Hi <Hottest> deals <b>now</b>")
        let deep = (0..<20).map { "<t\($0)>" }.joined() + "x</t0>y"
        Self.expectAgreement(deep)
        var limited = StyledText.Template.Options()
        limited.maximumLength = 8
        Self.expectAgreement("<b>longer than eight</b>", options: limited)
    }

    /// A tag whose parameter is a placeholder, which the one pass leaves to the parser (it numbers the arguments):
    /// with the `%` at every position in tags of 10 to 43 bytes, which the pass reads eight bytes at a time, and
    /// followed by another parameter of every length. Both ways give the parameter the first argument.
    @Test func agreesOnAPlaceholderAnywhereInATag() {
        for padding in 0...16 {
            for tail in 0...12 {
                let more = tail == 0 ? "" : " " + String(repeating: "m", count: tail) + "='v'"
                let name = String(repeating: "n", count: padding + 1)
                let template = "a <t \(name)='%@'\(more)>x</t> and %@"
                Self.expectAgreement(template, ["ONE", "TWO"])
                let runs = StyleResolver().runs(forTemplate: template, arguments: ["ONE", "TWO"])
                #expect(runs.map(\.text) == ["a ", "x", " and TWO"], "\(template)")
                #expect(runs.count == 3 && runs[1].attributes.first?.parameters[name] == "ONE", "\(template)")
            }
        }
    }

    @Test func agreesWithEveryOption() {
        let options = StyledText.Template.Options(maximumDepth: 2, isolatesArguments: true)
        Self.expectAgreement("<b><i><u>deep</u></i></b> %@ and %@", ["\u{5D0}", "x"], options: options)
        var known = StyledText.Template.Options()
        known.knownTagNames.insert("tip")
        Self.expectAgreement("Hi <tip> deals <b>now</b>", options: known)
    }

    /// A template longer than the scan's chunk, which streams its text into its string, with elements early and
    /// late, and one without elements at all.
    @Test func agreesOnTemplatesLongerThanAChunk() {
        let sentence = "Caf&eacute; <b>bold &#x1F600;</b> and <i>italic</i> %@ text\n"
        let long = String(repeating: sentence, count: 2_000)
        Self.expectAgreement(long, Array(repeating: "arg", count: 2_000))
        Self.expectAgreement("a<br/>" + long, Array(repeating: "é", count: 2_000))
        Self.expectAgreement(long + "<hr/>end", Array(repeating: "é", count: 2_000))
        let runs = StyleResolver().style("b", Self.bold).runs(forTemplate: long)
        #expect(runs.count == 4 * 2_000 + 1)  // Plain, `b`, plain and `i` a sentence, then the last plain text.
        #expect(runs.last?.range.upperBound == StyledText(template: long).plainText.utf16.count)
    }

    /// The same with the scan's chunk a few bytes long, so that the text streams into its string at every kind of
    /// place: inside text, references, arguments and tags, before and after an element.
    @Test(arguments: [1, 2, 5, 16])
    func agreesWhereTheTextStreamsAtEveryBoundary(_ chunk: Int) {
        let templates = ["Caf&eacute; <b>bold &#x1F600;</b> and <i>it%@lic</i> é text<br/>after <b>b</b>",
                         "<b>x</b>y<hr/><i>\u{1F600}z</i>", "plain text only, longer than a chunk"]
        for template in templates {
            for (name, resolver) in Self.resolvers {
                let expected = resolver.runs(for: StyledText(template: template, arguments: ["é"]))
                let runs = StyledTextSink.runs(template, arguments: ["é"], options: StyledText.Template.Options(),
                                               resolver: resolver, streamingChunk: chunk)
                #expect(runs == expected, "\(name), chunk \(chunk): \(template.debugDescription)")
            }
        }
    }

    /// Random tag soup, as the fuzzing finds it, but short and seeded.
    @Test func agreesOnRandomTagSoup() {
        var generator = SeededGenerator(seed: 0x0DE5_0001)
        let pieces = ["<b>", "</b>", "<i>", "</i>", "<hr/>", "<br>", "x", "é", "\u{1F600}", "&amp;", "%@", "<", ">",
                      " ", "<a href='u'>", "</a>", "<!--", "-->", "<story type=1>", "</story>", "%1$@", "<p>"]
        for _ in 0..<300 {
            let template = (0..<generator.index(24)).map { _ in pieces[generator.index(pieces.count)] }.joined()
            Self.expectAgreement(template, ["<b>arg</b>", "two"])
        }
    }

    /// Each run outside every tag holds the resolved empty stack (the thread's own for the resolver, with the
    /// resolver's base style: see `TemplateScratch.takeStyles(of:base:)`), which the one pass retains for those runs
    /// together once it has scanned the template (`RunBuilder.takeBaseReferences()`, eight at a time and the
    /// rest by its binary digits): once for each such run, also when the pass gives up and leaves the template to the
    /// parser, and given back with the runs. The counts, `tags + 1`, leave every remainder from 0 to 7 after the
    /// eights.
    @Test(arguments: [0, 1, 2, 3, 4, 5, 6, 7, 8, 15, 16, 17])
    func retainsTheBaseOnceForEachRunOutsideEveryTag(_ tags: Int) {
        let resolver = StyleResolver().style("b", Self.bold)
        // The second call: the first goes through the resolver's shared table and its base.
        _ = resolver.runs(forTemplate: "x")
        let base = resolver.runs(forTemplate: "x")[0].resolved
        #expect(base.shared === resolver.resolvedBase.shared && base.stack == .empty)
        let before = _getRetainCount(base)
        let made = (0..<tags).map { "x\($0) <b>y</b> " }.joined()
        // The same, then a tag left open, which stays text: the pass gives up at the end, after its runs.
        let givenUp = made + "a <Hottest> b"
        for (template, outside) in [(made, tags == 0 ? 0 : tags + 1), (givenUp, tags + 1)] {
            do {
                let runs = resolver.runs(forTemplate: template)
                #expect(runs.reduce(0) { $0 + ($1.resolved === base ? 1 : 0) } == outside, "\(template)")
                #expect(_getRetainCount(base) == before + UInt(outside), "\(template)")
            }
            #expect(_getRetainCount(base) == before, "\(template)")
        }
    }

    /// Every run the one pass makes points into the plain text, whatever their count: the runs' strings are written
    /// eight at a time, then the rest by the binary digits of their count (4, 2, 1).
    @Test(arguments: Array(1...19))
    func pointsEveryRunIntoThePlainText(_ count: Int) {
        // Runs in turn outside and inside `b`, each longer than a vector, as is then the text.
        let pieces = (0..<count).map { "part \($0), café " + ($0 % 3 == 0 ? "\u{1F600}" : "") }
        let template = pieces.enumerated().map { $0.offset % 2 == 1 ? "<b>\($0.element)</b>" : $0.element }.joined()
        let runs = StyleResolver().style("b", Self.bold).runs(forTemplate: template)
        #expect(runs.map(\.text) == pieces)
        #expect(pieces.joined().utf8.count >= 16)
        Self.expectAgreement(template)
    }

    /// The stacks the one pass resolves go into the resolver's cache, as `runs(for:)`'s do: a later call with the
    /// same tags, either way, calls no rule again.
    @Test func remembersWhatItResolved() {
        final class Counter: @unchecked Sendable { var calls = 0 }
        let counter = Counter()
        let resolver = StyleResolver().style("b") { _, _ in
            counter.calls += 1
            return Self.bold
        }
        _ = resolver.runs(forTemplate: "a <b>b</b> c")
        #expect(counter.calls == 1)
        _ = resolver.runs(forTemplate: "d <b>e</b>")
        _ = resolver.runs(for: StyledText(template: "f <b>g</b>"))
        #expect(counter.calls == 1)
    }

    /// A rule may parse templates itself, while the thread's caches are lent to the scan that calls it.
    @Test func aRuleMayMakeRunsOfATemplateItself() {
        let inner = StyleResolver().style("i", MarkupStyle(font: .init(italic: true)))
        let resolver = StyleResolver().style("b") { _, _ in
            let nested = inner.runs(forTemplate: "<i>nested</i> <b>x</b>")
            return MarkupStyle(kern: Double(nested.count))
        }
        let runs = resolver.runs(forTemplate: "a <b>b</b> <u><b>c</b></u>")
        #expect(runs.map(\.text) == ["a ", "b", " ", "c"])
        #expect(runs[1].style.kern == 3)
        #expect(runs[3].style.kern == 3)
    }
}
