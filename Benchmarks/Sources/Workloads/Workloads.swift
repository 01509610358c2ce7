import Baselines
import BenchmarkCorpus
import Foundation
import StyledText

/// Everything a benchmark measures, shared by the benchmark suites and the `Profile` tool so that a profile
/// runs exactly the code that was timed.
public enum Workloads {
    // MARK: Fixtures

    /// A resolver with a few rules, as an app would have: fixed styles for `b` and `i`, closures reading
    /// parameters for `a` and `story`.
    public static let resolver = StyleResolver(base: MarkupStyle(font: .init(size: 14), foregroundColor: .black))
        .style("b", MarkupStyle(font: .init(weight: .bold)))
        .style("i", MarkupStyle(font: .init(italic: true)))
        .style("a") { link, _ in
            MarkupStyle(foregroundColor: .blue, underline: link["href"] == nil ? nil : MarkupStyleLine(.single))
        }
        .style("story") { story, _ in
            MarkupStyle(foregroundColor: story.parameter("type", as: Int.self) == 1 ? .red : .orange)
        }

    /// The 1,000 corpus sentences.
    public static let sentences = Sentences.make()
    /// Their arguments, boxed once: a caller's `StyledText(template:_:)` call builds this array itself.
    public static let sentenceArguments: [[any StyledTextArgument]] = sentences.map { $0.arguments }
    /// The 1 MB document joining the sentences.
    public static let document = Sentences.document(from: sentences)
    public static let documentArguments: [any StyledTextArgument] = document.arguments
    /// The document's UTF-8 bytes, for the memchr floor.
    public static let documentBytes = Array(document.template.utf8)

    // MARK: Template → runs

    /// Pretty-printed HTML of about `bytes` bytes, as a server's page or e-mail body: headings, paragraphs with
    /// inline tags, entities and links, numbered lists with nested bullets, and table rows, indented over lines.
    public static func htmlDocument(bytes: Int) -> String {
        var document = ""
        document.reserveCapacity(bytes + 512)
        var section = 0
        while document.utf8.count < bytes {
            section += 1
            document += """
                <h2>Section \(section)</h2>
                <p>Some <b>bold</b> text, <i>italic</i> words &amp; a <a href="https://example.com/\(section)">link</a>
                  over two lines, <span style="color: #c00">in red</span>.</p>
                <ol>
                  <li>First <code>item</code></li>
                  <li>Second<ul><li>nested</li><li>café</li></ul></li>
                </ol>
                <table><tr><th>Total</th><td>\(section),00 €</td></tr></table>

                """
        }
        return document
    }

    /// HTML's implied end tags at their most costly, about `bytes` bytes of `<li><b>x<p>y`: each item ends the one
    /// before, with its paragraph, and opens again the bold tags left open in it, more each time until more than 8
    /// are open and all end (see `BlockRole` in the library).
    public static func impliedEndsDocument(bytes: Int) -> String {
        String(repeating: impliedEndsUnit, count: max(1, bytes / impliedEndsUnit.utf8.count))
    }

    /// What ``impliedEndsDocument(bytes:)`` repeats: an item, a bold tag and a paragraph, each with one letter.
    static let impliedEndsUnit = "<li><b>x<p>y"

    /// `StyleResolver.html`'s runs of an HTML template: parsed, laid out (blocks, prefixes, white space), resolved.
    public static func htmlRuns(_ template: String) -> [StyledRun] {
        StyleResolver.html.runs(for: StyledText(template: template))
    }

    public static func styledTextRuns(_ template: String, _ arguments: [any StyledTextArgument]) -> [StyledRun] {
        resolver.runs(for: StyledText(template: template, arguments: arguments))
    }

    public static func sentenceRuns(_ index: Int) -> [StyledRun] {
        styledTextRuns(sentences[index].template, sentenceArguments[index])
    }

    /// The runs of a template in one step, `runs(forTemplate:arguments:)`, without the styled text in between.
    public static func oneStepRuns(_ template: String, _ arguments: [any StyledTextArgument]) -> [StyledRun] {
        resolver.runs(forTemplate: template, arguments: arguments)
    }

    public static func oneStepSentenceRuns(_ index: Int) -> [StyledRun] {
        oneStepRuns(sentences[index].template, sentenceArguments[index])
    }

    // MARK: Elements

    /// The corpus sentences, each with a line break (`<br>`) before its first tag from its middle byte on, or at its
    /// end: an element, whose content the one pass adds among runs it has not counted yet.
    public static let brokenSentences: [String] = sentences.map { sample in
        let bytes = Array(sample.template.utf8)
        let cut = bytes[(bytes.count / 2)...].firstIndex(of: UInt8(ascii: "<")) ?? bytes.count
        return String(decoding: bytes[..<cut] + Array("<br>".utf8) + bytes[cut...], as: UTF8.self)
    }

    /// A broken sentence's runs in one step (see ``brokenSentences``).
    public static func oneStepBrokenSentenceRuns(_ index: Int) -> [StyledRun] {
        oneStepRuns(brokenSentences[index], sentenceArguments[index])
    }

    /// Stops the run unless a broken sentence's runs in one step are those of two steps, and, without the line
    /// break's run, those of its corpus sentence.
    public static func checkBrokenSentence(_ index: Int) {
        let runs = ProjectedRun.of(oneStepBrokenSentenceRuns(index))
        check(runs, equals: ProjectedRun.of(styledTextRuns(brokenSentences[index], sentenceArguments[index])),
              "broken sentence \(index), one step")
        precondition(runs.filter { $0.tags.last == "br" }.map(\.text) == ["\n"],
                     "broken sentence \(index): one line break")
        var rest = ProjectedRunBuilder()
        for run in runs where run.tags.last != "br" {
            rest.stack = run.tags
            rest.append(run.text)
        }
        check(rest.finish(), equals: ProjectedRun.of(sentenceRuns(index)), "broken sentence \(index)")
    }

    /// A template of `count` lines, each `line<br>`: what an element costs, as little else as can be.
    public static func lineBreaks(_ count: Int) -> String {
        String(repeating: "line<br>", count: count)
    }

    /// The runs of ``lineBreaks(_:)``, in one step: `line` and `\n` in turn, the line breaks' inside `br`.
    public static func lineBreakRuns(_ template: String) -> [StyledRun] {
        oneStepRuns(template, [])
    }

    /// The corpus sentences again, `count` of them, each of whose tags carries a parameter no other tag has
    /// (`<b n='7'>`): every tag is one the thread has not parsed before and every stack one the resolver has not
    /// resolved, so nothing a parse or a resolver keeps between calls helps. Sentence `index` is corpus sentence
    /// `index % 1000`.
    public static func novelSentences(count: Int) -> [String] {
        (0..<count).map { index in
            var template = sentences[index % sentences.count].template
            for name in ["b", "i", "a", "story"] {
                // Tags with parameters first, so that the parameter just given a bare tag is not given twice.
                template = template.replacingOccurrences(of: "<\(name) ", with: "<\(name) n='\(index)' ")
                    .replacingOccurrences(of: "<\(name)>", with: "<\(name) n='\(index)'>")
            }
            return template
        }
    }

    /// A novel sentence's runs (see ``novelSentences(count:)``), by the workload resolver.
    public static func novelSentenceRuns(_ template: String, index: Int) -> [StyledRun] {
        styledTextRuns(template, sentenceArguments[index % sentences.count])
    }

    /// Stops the run unless a novel sentence's runs are its corpus sentence's, with the extra parameter on every tag.
    public static func checkNovel(_ runs: [StyledRun], index: Int) {
        let expected = ProjectedRun.of(sentenceRuns(index % sentences.count))
        let actual = ProjectedRun.of(runs).map { run in
            ProjectedRun(text: run.text, tags: run.tags.map { $0.replacingOccurrences(of: " n=\(index)", with: "") })
        }
        check(actual, equals: expected, "novel sentence \(index)")
    }

    public static func documentRuns() -> [StyledRun] {
        styledTextRuns(document.template, documentArguments)
    }

    public static func oneStepDocumentRuns() -> [StyledRun] {
        oneStepRuns(document.template, documentArguments)
    }

    // MARK: Building

    /// A 5-part text by interpolation: plain, important, plain, `b`, plain.
    public static func interpolation(name: String, count: Int) -> StyledText {
        "Hello \(name, .important), you have \(count, .tag("b")) new messages in your inbox"
    }

    /// A pre-parsed template for filling with two arguments.
    public static let fillTemplate = StyledText.Template("Hello <b>%@</b>, you have %@ new <i>messages</i> in your inbox")

    public static func fill(name: String, count: String) -> StyledText {
        fillTemplate(name, count)
    }

    // MARK: Checks

    /// Stops the run unless an adversarial family's sample loses no text: the runs' text is the plain text of the
    /// parsed template, and the plain text's scan agrees with the parser.
    public static func checkAdversarial(_ sample: Sample, _ family: Adversarial) {
        let arguments: [any StyledTextArgument] = sample.arguments
        let text = StyledText(template: sample.template, arguments: arguments)
        precondition(resolver.runs(for: text).map(\.text).joined() == text.plainText, "\(family) lost text")
        precondition(StyledText.plainText(ofTemplate: sample.template) == StyledText(template: sample.template).plainText,
                     "\(family): plainText differs")
    }

    /// Stops the run unless `StyleResolver.html` lays out an ``htmlDocument(bytes:)`` keeping every character but white
    /// space, with every list item numbered or bulleted.
    public static func checkHTMLLayout(_ html: String) {
        let laidOut = htmlRuns(html).map(\.text).joined()
        let text = StyledText(template: html).plainText
        precondition(laidOut.filter { !$0.isWhitespace }.count >= text.filter { !$0.isWhitespace }.count,
                     "html-layout lost text")
        precondition(laidOut.contains("2. Second\n  ◦ nested\n  ◦ café"), "html-layout: no lists")
    }

    /// Stops the run unless an ``impliedEndsDocument(bytes:)`` keeps its letters, in the runs and in the plain
    /// text's scan.
    public static func checkImpliedEnds(_ template: String) {
        let text = StyledText(template: template)
        precondition(resolver.runs(for: text).map(\.text).joined() == text.plainText, "implied-ends lost text")
        precondition(StyledText.plainText(ofTemplate: template) == text.plainText, "implied-ends: plainText differs")
        precondition(text.plainText == String(repeating: "xy", count: template.utf8.count / impliedEndsUnit.utf8.count),
                     "implied-ends: text")
    }

    /// Stops the run when `actual` differs from `expected`: every benchmark checks its result before timing.
    public static func check(_ actual: [ProjectedRun], equals expected: [ProjectedRun], _ what: @autoclosure () -> String) {
        if let difference = firstDifference(expected, actual) {
            fatalError("\(what()): \(difference)")
        }
    }
}
