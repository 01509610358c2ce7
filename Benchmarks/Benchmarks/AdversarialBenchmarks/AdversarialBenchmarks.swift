import Benchmark
import BenchmarkCorpus
import StyledText
import Workloads

/// The reliability issue's adversarial families, template → runs, at sizes doubling from 64 KB to 4 MB, so
/// that each doubling's time ratio shows whether the work stays linear.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        warmupIterations: 1,
        maxDuration: .milliseconds(600),
        maxIterations: 15
    )
    for family in Adversarial.allCases {
        for kilobytes in [64, 128, 256, 512, 1_024, 2_048, 4_096] {
            let sample = family.sample(bytes: kilobytes * 1_024)
            let arguments: [any StyledTextArgument] = sample.arguments
            Benchmark("\(family.rawValue) \(String(repeating: "0", count: 4 - String(kilobytes).count))\(kilobytes) KB",
                      configuration: .init(setup: {
                          // Nothing is lost: the runs' text is the plain text of the parsed template.
                          let text = StyledText(template: sample.template, arguments: arguments)
                          let runs = Workloads.resolver.runs(for: text)
                          precondition(runs.map(\.text).joined() == text.plainText, "\(family) lost text")
                          precondition(StyledText.plainText(ofTemplate: sample.template)
                              == StyledText(template: sample.template).plainText, "\(family): plainText differs")
                      })) { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(Workloads.styledTextRuns(sample.template, arguments))
                }
            }
        }
    }
    // Not one of the reliability issue's families: pretty-printed HTML laid out by `StyleResolver.html`, at the
    // same sizes, so that the layout's scaling is measured with theirs.
    for kilobytes in [64, 128, 256, 512, 1_024, 2_048, 4_096] {
        let html = Workloads.htmlDocument(bytes: kilobytes * 1_024)
        Benchmark("html-layout \(String(repeating: "0", count: 4 - String(kilobytes).count))\(kilobytes) KB",
                  configuration: .init(setup: {
                      // Every character but white space is kept, and every list item is numbered or bulleted.
                      let laidOut = Workloads.htmlRuns(html).map(\.text).joined()
                      let text = StyledText(template: html).plainText
                      precondition(laidOut.filter { !$0.isWhitespace }.count
                          >= text.filter { !$0.isWhitespace }.count, "html-layout lost text")
                      precondition(laidOut.contains("2. Second\n  ◦ nested\n  ◦ café"), "html-layout: no lists")
                  })) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(Workloads.htmlRuns(html))
            }
        }
    }
    // Not one of the reliability issue's families either: HTML's implied end tags at their most costly (each item
    // ends the one before and opens again the tags left open in it), at the same sizes, for their scaling.
    for kilobytes in [64, 128, 256, 512, 1_024, 2_048, 4_096] {
        let template = Workloads.impliedEndsDocument(bytes: kilobytes * 1_024)
        Benchmark("implied-ends \(String(repeating: "0", count: 4 - String(kilobytes).count))\(kilobytes) KB",
                  configuration: .init(setup: {
                      // Nothing is lost, and the plain text's scan agrees with the parser.
                      let text = StyledText(template: template)
                      precondition(Workloads.resolver.runs(for: text).map(\.text).joined() == text.plainText,
                                   "implied-ends lost text")
                      precondition(StyledText.plainText(ofTemplate: template) == text.plainText,
                                   "implied-ends: plainText differs")
                      precondition(text.plainText.count == 2 * (template.utf8.count / 13), "implied-ends: text")
                  })) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(Workloads.styledTextRuns(template, []))
            }
        }
    }
}
