import Baselines
import Benchmark
import Foundation
import StyledText
import Workloads

// MARK: - Paired ratios

/// The targets stated as ratios, each timed as a ratio: every sample times StyledText and the baseline (or floor)
/// back to back, on the same work, and records the one's time over the other's as a custom metric, in percent.
///
/// The separate benchmarks above give each side's median, measured seconds to minutes apart; on this machine the
/// speed of one build swings by half between runs and drifts within one, so the ratio of two medians taken at
/// different moments swung from 5.6× to 14.0× for one build. Here both sides of a ratio meet the same machine
/// state. The order alternates from sample to sample, so that neither side always runs on the caches the other
/// left.
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
    let sentenceBlocks = Cursor(count: Workloads.sentences.count / block)
    func sentences(_ index: Int) -> Range<Int> { (index * block)..<((index + 1) * block) }
    let styledSentences: @Sendable (Range<Int>) -> Void = { range in
        for index in range { blackHole(Workloads.sentenceRuns(index)) }
    }

    var xml = paired
    xml.setup = { checkStyledSentences(); checkXMLSentences() }
    Benchmark("Paired: sentences, XMLParser (baseline 1) ÷ StyledText", configuration: xml) { benchmark in
        let range = sentences(sentenceBlocks.next())
        let (styled, baseline) = timedInTurn {
            styledSentences(range)
        } and: {
            for index in range {
                let sample = Workloads.sentences[index]
                blackHole(XMLParserBaseline.runs(template: sample.template, arguments: sample.arguments))
            }
        }
        benchmark.measurement(percent("baseline ÷ StyledText"), baseline * 100 / styled)
    }

    var regex = paired
    regex.setup = { checkStyledSentences(); checkRegexSentences() }
    Benchmark("Paired: sentences, NSRegularExpression (baseline 2) ÷ StyledText", configuration: regex) { benchmark in
        let range = sentences(sentenceBlocks.next())
        let (styled, baseline) = timedInTurn {
            styledSentences(range)
        } and: {
            for index in range {
                let sample = Workloads.sentences[index]
                blackHole(RegexBaseline.runs(template: sample.template, arguments: sample.arguments))
            }
        }
        benchmark.measurement(percent("baseline ÷ StyledText"), baseline * 100 / styled)
    }

    let expectedCount = Workloads.document.template.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "<") ? 1 : 0) }
    var document = paired
    document.setup = {
        let count = Workloads.documentBytes.withUnsafeBytes { MemchrFloor.countLessThans(in: $0) }
        precondition(count == expectedCount, "memchr found \(count) of \(expectedCount)")
    }
    Benchmark("Paired: document 1 MB → runs, StyledText ÷ memchr (baseline 3, floor)",
              configuration: document) { benchmark in
        let (styled, floor) = timedInTurn {
            blackHole(Workloads.documentRuns())
        } and: {
            blackHole(Workloads.documentBytes.withUnsafeBytes { MemchrFloor.countLessThans(in: $0) })
        }
        benchmark.measurement(percent("StyledText ÷ floor"), styled * 100 / floor)
    }

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
        let range = sentences(sentenceBlocks.next())
        let (renderer, floorA) = timedInTurn {
            for index in range { blackHole(AttributedString(runs: sentenceRuns[index])) }
        } and: {
            for index in range { blackHole(AttributedStringFloor.settingRanges(floorInput[index])) }
        }
        let floorB = nanoseconds {
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

/// Which of a pairing goes first: the other, each sample.
private final class Turn: @unchecked Sendable {
    var subjectFirst = true
}
private let turn = Turn()

/// The nanoseconds `subject` and `other` take, timed one after the other, in alternating order.
private func timedInTurn(_ subject: () -> Void, and other: () -> Void) -> (Int, Int) {
    turn.subjectFirst.toggle()
    if turn.subjectFirst {
        let first = nanoseconds(subject)
        return (first, nanoseconds(other))
    }
    let second = nanoseconds(other)
    return (nanoseconds(subject), second)
}

/// The nanoseconds `body` takes, at least 1.
@inline(never)
private func nanoseconds(_ body: () -> Void) -> Int {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return max(1, Int(DispatchTime.now().uptimeNanoseconds - start))
}
