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

    public static func styledTextRuns(_ template: String, _ arguments: [any StyledTextArgument]) -> [StyledRun] {
        resolver.runs(for: StyledText(template: template, arguments: arguments))
    }

    public static func sentenceRuns(_ index: Int) -> [StyledRun] {
        styledTextRuns(sentences[index].template, sentenceArguments[index])
    }

    public static func documentRuns() -> [StyledRun] {
        styledTextRuns(document.template, documentArguments)
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

    /// Stops the run when `actual` differs from `expected`: every benchmark checks its result before timing.
    public static func check(_ actual: [ProjectedRun], equals expected: [ProjectedRun], _ what: @autoclosure () -> String) {
        if let difference = firstDifference(expected, actual) {
            fatalError("\(what()): \(difference)")
        }
    }
}
