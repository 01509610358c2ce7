import Benchmark
import BenchmarkCorpus
import StyledText
import Workloads

/// The reliability issue's adversarial families, template → runs, at sizes doubling from 64 KB to 4 MB, so
/// that each doubling's time ratio shows whether the work stays linear.
///
/// Each size takes up to 61 samples in up to 2 s. With 15 samples a call of 3 ms was 45 ms of samples, and one spell
/// of another tenant's work on this shared VM could take the median: a full run read repeated-positional at 1 MB
/// with its samples split between 3.1 and 5.6 ms (median 4.85 ms, a doubling of 2.93), where the family alone
/// read 2.99 ms (Docs/Performance.md, *Adversarial families and scaling*).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        warmupIterations: 1,
        maxDuration: .seconds(2),
        maxIterations: 61
    )
    for family in Adversarial.allCases {
        for kilobytes in [64, 128, 256, 512, 1_024, 2_048, 4_096] {
            let sample = family.sample(bytes: kilobytes * 1_024)
            let arguments: [any StyledTextArgument] = sample.arguments
            Benchmark("\(family.rawValue) \(String(repeating: "0", count: 4 - String(kilobytes).count))\(kilobytes) KB",
                      configuration: .init(setup: { Workloads.checkAdversarial(sample, family) })) { benchmark in
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
                  configuration: .init(setup: { Workloads.checkHTMLLayout(html) })) { benchmark in
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
                  configuration: .init(setup: { Workloads.checkImpliedEnds(template) })) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(Workloads.styledTextRuns(template, []))
            }
        }
    }
}
