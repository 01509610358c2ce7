import Baselines
import Benchmark
import Foundation
import StyledText
import Workloads

// MARK: - Paired ratios

/// The targets stated as ratios, each timed as a ratio: every sample times StyledText and the baseline (or floor)
/// one after the other, on the same work, and records the one's time over the other's as a custom metric, in
/// percent.
///
/// The separate benchmarks above give each side's median, measured seconds to minutes apart; on this machine the
/// speed of one build swings by half between runs and drifts within one, so the ratio of two medians taken at
/// different moments swung from 5.6× to 14.0× for one build. Here both sides of a ratio are timed within a few
/// milliseconds of each other, the order alternating from sample to sample.
///
/// Each side is timed right after an untimed pass of its own over the previous block, as it runs in its own
/// benchmark (after its previous iteration), and not in the other side's wake: timed straight after a block of
/// NSRegularExpression's work, StyledText found its data evicted from the caches and read 20–24× where its own
/// benchmarks read 30–36× in the same run.
///
/// The ratio medians read directly against the targets: XMLParser ≥ 10× and NSRegularExpression ≥ 30× StyledText's
/// time for the sentences; the document within 12× of the `memchr` floor; the `AttributedString` renderer within
/// 1.2× of the faster floor. Each pairing's inputs are checked in `setup`, as everywhere else.
func pairedBenchmarks() {
    let paired = Benchmark.Configuration(
        metrics: [.wallClock, percent("baseline ÷ StyledText"), percent("StyledText ÷ floor")],
        warmupIterations: 2, maxDuration: .seconds(4), maxIterations: 200
    )

    // Blocks of 50 corpus sentences, the next block in each sample: all 1,000 every 20 samples.
    let block = 50
    let blockCount = Workloads.sentences.count / block
    let sentenceBlocks = Cursor(count: blockCount)
    /// The next block of sentences, and the one before it, for the untimed passes.
    func nextBlock() -> (work: Range<Int>, warmUp: Range<Int>) {
        let index = sentenceBlocks.next()
        let previous = (index + blockCount - 1) % blockCount
        return ((index * block)..<((index + 1) * block), (previous * block)..<((previous + 1) * block))
    }

    /// The sentences' runs by StyledText against `baseline`'s, in blocks.
    func pairedSentences(_ name: String, check: @escaping @Sendable () -> Void,
                         baseline: @escaping @Sendable (String, [String]) -> [ProjectedRun]) {
        var configuration = paired
        configuration.setup = { checkStyledSentences(); check() }
        Benchmark("Paired: sentences, \(name) ÷ StyledText", configuration: configuration) { benchmark in
            let (work, warmUp) = nextBlock()
            let (styled, other) = timedInTurn(on: work, after: warmUp) { range in
                for index in range { blackHole(Workloads.sentenceRuns(index)) }
            } and: { range in
                for index in range {
                    let sample = Workloads.sentences[index]
                    blackHole(baseline(sample.template, sample.arguments))
                }
            }
            benchmark.measurement(percent("baseline ÷ StyledText"), other * 100 / styled)
        }
    }
    pairedSentences("XMLParser (baseline 1)", check: checkXMLSentences,
                    baseline: XMLParserBaseline.runs(template:arguments:))
    pairedSentences("NSRegularExpression (baseline 2)", check: checkRegexSentences,
                    baseline: RegexBaseline.runs(template:arguments:))

    let expectedCount = Workloads.document.template.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "<") ? 1 : 0) }
    var document = paired
    document.setup = {
        // StyledText's runs against an independent implementation's, as for the sentences.
        let sample = Workloads.document
        Workloads.check(ProjectedRun.of(Workloads.documentRuns()),
                        equals: XMLParserBaseline.runs(template: sample.template, arguments: sample.arguments),
                        "StyledText, document")
        let count = Workloads.documentBytes.withUnsafeBytes { MemchrFloor.countLessThans(in: $0) }
        precondition(count == expectedCount, "memchr found \(count) of \(expectedCount)")
    }
    // Each way from the template to the document's runs against the floor.
    func pairedDocument(_ way: String, configuration: Benchmark.Configuration,
                        runs: @escaping @Sendable () -> [StyledRun]) {
        Benchmark("Paired: document 1 MB → runs, StyledText\(way) ÷ memchr (baseline 3, floor)",
                  configuration: configuration) { benchmark in
            let (styled, floor) = timedInTurn(on: (), after: ()) {
                blackHole(runs())
            } and: {
                blackHole(Workloads.documentBytes.withUnsafeBytes { MemchrFloor.countLessThans(in: $0) })
            }
            benchmark.measurement(percent("StyledText ÷ floor"), styled * 100 / floor)
        }
    }
    pairedDocument("", configuration: document, runs: Workloads.documentRuns)
    var oneStepDocument = paired
    oneStepDocument.setup = {
        // The runs made in one step are those of the two steps, checked against XMLParser's above.
        precondition(Workloads.oneStepDocumentRuns() == Workloads.documentRuns(), "one step, document")
    }
    pairedDocument(" in one step", configuration: oneStepDocument, runs: Workloads.oneStepDocumentRuns)

    // The renderer against the faster of the two floors in each sample, over a block of sentences' runs.
    let sentenceRuns = Workloads.sentences.indices.map { Workloads.sentenceRuns($0) }
    let floorInput = sentenceRuns.map(AttributedStringFloor.prepare)
    var attributed = paired
    attributed.setup = {
        for (index, runs) in sentenceRuns.enumerated() {
            checkRendering(runs, AttributedString(runs: runs))
            checkRendering(runs, AttributedStringFloor.settingRanges(floorInput[index]))
            checkRendering(runs, AttributedStringFloor.appending(floorInput[index]))
        }
    }
    Benchmark("Paired: sentences AttributedString, renderer ÷ faster floor", configuration: attributed) { benchmark in
        let (work, warmUp) = nextBlock()
        let (renderer, floorA) = timedInTurn(on: work, after: warmUp) { range in
            for index in range { blackHole(AttributedString(runs: sentenceRuns[index])) }
        } and: { range in
            for index in range { blackHole(AttributedStringFloor.settingRanges(floorInput[index])) }
        }
        let floorB = timed(on: work, after: warmUp) { range in
            for index in range { blackHole(AttributedStringFloor.appending(floorInput[index])) }
        }
        benchmark.measurement(percent("StyledText ÷ floor"), renderer * 100 / min(floorA, floorB))
    }
}

/// A ratio metric in percent, larger or smaller better by its name.
private func percent(_ name: String) -> BenchmarkMetric {
    .custom("\(name) (%)", polarity: name.hasPrefix("baseline") ? .prefersLarger : .prefersSmaller,
            useScalingFactor: false)
}
