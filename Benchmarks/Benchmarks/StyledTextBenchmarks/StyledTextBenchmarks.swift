import Baselines
import Benchmark
import BenchmarkCorpus
import Foundation
import StyledText
import Workloads

/// StyledText against the peers' approaches, on the same corpus and in the same run.
///
/// Sentence benchmarks take the next corpus sentence on every iteration, so their percentiles are over the
/// 1,000 sentences. Every benchmark checks its result in `setup`, before anything is timed.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        warmupIterations: 10,
        maxDuration: .seconds(2),
        maxIterations: 20_000
    )
    let whole = Benchmark.Configuration(
        warmupIterations: 2, maxDuration: .seconds(3), maxIterations: 200
    )

    // What the harness itself costs per iteration, to read the other numbers against.
    Benchmark("Harness: empty iteration") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(benchmark)
        }
    }

    // What the machine's memory answers now, apart from the library (`MachineState`): 1,000 loads that each wait
    // for the one before, so a sample's microseconds are a load's nanoseconds. In 16 KB, the clock; in 4 MB, whether
    // this VM reaches the last-level cache or memory (Docs/Performance.md, "Machine and toolchain").
    for (kilobytes, block) in [(16, "16 KB"), (4096, "4 MB")] {
        let chase = MachineState.Chase(kilobytes: kilobytes)
        Benchmark("Machine: 1,000 dependent loads, \(block) block") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(chase.walk(1000))
            }
        }
    }

    sentenceBenchmarks()
    documentBenchmarks(whole)
    buildingBenchmarks()
    rendererBenchmarks(whole)
    batchedBenchmarks()
    pairedBenchmarks()
}

/// A cursor over the corpus sentences; benchmarks run one at a time, so no synchronisation is needed.
final class Cursor: @unchecked Sendable {
    var index = 0
    let count: Int

    /// A cursor over `count` items, the corpus sentences by default.
    init(count: Int = Workloads.sentences.count) {
        self.count = count
    }

    func next() -> Int {
        defer { index = (index + 1) % count }
        return index
    }
}

/// StyledText's projected runs for every sentence: what each baseline must reproduce.
let expectedSentenceRuns: [[ProjectedRun]] = Workloads.sentences.indices.map {
    ProjectedRun.of(Workloads.sentenceRuns($0))
}

// MARK: - Template → runs, one sentence

/// A setup that checks, for every corpus sentence, that `baseline` gives StyledText's runs; a failure names
/// `checked`, the benchmark's subject.
func sentenceCheck(_ checked: String, baseline: @escaping @Sendable (String, [String]) -> [ProjectedRun])
    -> @Sendable () -> Void {
    {
        for (index, sample) in Workloads.sentences.enumerated() {
            Workloads.check(baseline(sample.template, sample.arguments), equals: expectedSentenceRuns[index],
                            "\(checked), sentence \(index)")
        }
    }
}

// StyledText's own runs are checked against an independent implementation: Foundation's XML parser.
let checkStyledSentences = sentenceCheck("StyledText", baseline: XMLParserBaseline.runs(template:arguments:))
/// The runs made in one step, `runs(forTemplate:arguments:)`, are those of the two steps, for every sentence.
let checkOneStepSentences: @Sendable () -> Void = {
    for index in Workloads.sentences.indices {
        precondition(Workloads.oneStepSentenceRuns(index) == Workloads.sentenceRuns(index),
                     "one step, sentence \(index)")
    }
    checkStyledSentences()
}
let checkXMLSentences = sentenceCheck("XMLParser", baseline: XMLParserBaseline.runs(template:arguments:))
let checkRegexSentences = sentenceCheck("NSRegularExpression", baseline: RegexBaseline.runs(template:arguments:))

func sentenceBenchmarks() {
    let styled = Cursor()
    Benchmark("Sentence → runs: StyledText", configuration: .init(setup: checkStyledSentences)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(Workloads.sentenceRuns(styled.next()))
        }
    }

    // The same, in one step: `runs(forTemplate:arguments:)` makes the runs as it scans, without the `StyledText`.
    let oneStep = Cursor()
    Benchmark("Sentence → runs: StyledText in one step", configuration: .init(setup: checkOneStepSentences)) {
        benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(Workloads.oneStepSentenceRuns(oneStep.next()))
        }
    }

    // The same sentences with a line break in each (`<br>`), in one step: an element, whose content the one pass
    // adds among the runs it has not counted yet.
    let broken = Cursor()
    Benchmark("Sentence with a line break → runs: StyledText in one step", configuration: .init(setup: {
        for index in Workloads.sentences.indices { Workloads.checkBrokenSentence(index) }
    })) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(Workloads.oneStepBrokenSentenceRuns(broken.next()))
        }
    }

    // The same sentences with tags this thread has never parsed and stacks the resolver has never resolved: what
    // the caches kept between calls save, and what a first render costs.
    let novel = Workloads.novelSentences(count: 20_000)
    let novelCursor = Cursor(count: novel.count)
    Benchmark("Sentence → runs: StyledText, tags never seen before", configuration: .init(setup: {
        for index in 0..<Workloads.sentences.count {
            Workloads.checkNovel(Workloads.novelSentenceRuns(novel[index], index: index), index: index)
        }
    })) { benchmark in
        for _ in benchmark.scaledIterations {
            let index = novelCursor.next()
            blackHole(Workloads.novelSentenceRuns(novel[index], index: index))
        }
    }

    let xml = Cursor()
    Benchmark("Sentence → runs: XMLParser (baseline 1)", configuration: .init(setup: checkXMLSentences)) { benchmark in
        for _ in benchmark.scaledIterations {
            let sample = Workloads.sentences[xml.next()]
            blackHole(XMLParserBaseline.runs(template: sample.template, arguments: sample.arguments))
        }
    }

    let regex = Cursor()
    Benchmark("Sentence → runs: NSRegularExpression (baseline 2)",
              configuration: .init(setup: checkRegexSentences)) { benchmark in
        for _ in benchmark.scaledIterations {
            let sample = Workloads.sentences[regex.next()]
            blackHole(RegexBaseline.runs(template: sample.template, arguments: sample.arguments))
        }
    }
}

// MARK: - The 1 MB document

func documentBenchmarks(_ whole: Benchmark.Configuration) {
    let document = Workloads.document
    let expectedDocumentRuns = ProjectedRun.of(Workloads.documentRuns())

    var styled = whole
    styled.setup = {
        // The document joins the sentences with line breaks, so each of its lines reads as its sentence.
        let lines = expectedDocumentRuns.map(\.text).joined().split(separator: "\n", omittingEmptySubsequences: false)
        for (line, expected) in zip(lines, expectedSentenceRuns.lazy.map { $0.map(\.text).joined() }) {
            precondition(line == expected, "a document line differs from its sentence")
        }
    }
    Benchmark("Document 1 MB → runs: StyledText", configuration: styled) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(Workloads.documentRuns())
        }
    }

    var oneStep = whole
    oneStep.setup = {
        precondition(Workloads.oneStepDocumentRuns() == Workloads.documentRuns(), "one step, document")
    }
    Benchmark("Document 1 MB → runs: StyledText in one step", configuration: oneStep) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(Workloads.oneStepDocumentRuns())
        }
    }

    var xml = whole
    xml.maxIterations = 20
    xml.setup = {
        Workloads.check(XMLParserBaseline.runs(template: document.template, arguments: document.arguments),
                        equals: expectedDocumentRuns, "XMLParser, document")
    }
    Benchmark("Document 1 MB → runs: XMLParser (baseline 1)", configuration: xml) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(XMLParserBaseline.runs(template: document.template, arguments: document.arguments))
        }
    }

    var regex = whole
    regex.maxIterations = 20
    regex.setup = {
        Workloads.check(RegexBaseline.runs(template: document.template, arguments: document.arguments),
                        equals: expectedDocumentRuns, "NSRegularExpression, document")
    }
    Benchmark("Document 1 MB → runs: NSRegularExpression (baseline 2)", configuration: regex) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(RegexBaseline.runs(template: document.template, arguments: document.arguments))
        }
    }

    let expectedCount = document.template.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "<") ? 1 : 0) }
    var floor = whole
    floor.maxIterations = 2_000
    floor.setup = {
        let count = Workloads.documentBytes.withUnsafeBytes { MemchrFloor.countLessThans(in: $0) }
        precondition(count == expectedCount, "memchr found \(count) of \(expectedCount)")
    }
    Benchmark("Document 1 MB: memchr for < (baseline 3, floor)", configuration: floor) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(Workloads.documentBytes.withUnsafeBytes { MemchrFloor.countLessThans(in: $0) })
        }
    }

    let expectedPlain = StyledText(template: document.template).plainText
    var plain = whole
    plain.maxIterations = 2_000
    plain.setup = {
        precondition(StyledText.plainText(ofTemplate: document.template) == expectedPlain, "plainText(ofTemplate:)")
    }
    Benchmark("Document 1 MB: plainText(ofTemplate:)", configuration: plain) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(StyledText.plainText(ofTemplate: document.template))
        }
    }

    var parsedPlain = whole
    parsedPlain.setup = {
        precondition(StyledText(template: document.template).plainText == expectedPlain)
    }
    Benchmark("Document 1 MB: StyledText(template:).plainText", configuration: parsedPlain) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(StyledText(template: document.template).plainText)
        }
    }
}

// MARK: - Building

let checkInterpolation: @Sendable () -> Void = {
    let text = Workloads.interpolation(name: "Eve", count: 3)
    precondition(text.parts.count == 5, "\(text.debugDescription)")
    precondition(text.plainText == "Hello Eve, you have 3 new messages in your inbox")
}

let checkFill: @Sendable () -> Void = {
    let text = Workloads.fill(name: "Eve", count: "3")
    precondition(text.plainText == "Hello Eve, you have 3 new messages in your inbox")
    precondition(text.parts.count == 5, "\(text.debugDescription)")
}

func buildingBenchmarks() {
    Benchmark("Interpolation: 5-part StyledText", configuration: .init(setup: checkInterpolation)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(Workloads.interpolation(name: "Eve", count: 3))
        }
    }

    Benchmark("Template: fill a pre-parsed template with 2 arguments",
              configuration: .init(setup: checkFill)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(Workloads.fill(name: "Eve", count: "3"))
        }
    }
}

// MARK: - A thousand calls per sample

/// The sub-microsecond benchmarks again, timing a thousand calls per sample (`scalingFactor: .kilo`) instead of one.
///
/// A sample costs the harness two clock reads and the allocation counters' bookkeeping: the empty iteration above,
/// 62–111 ns depending on the run. Timed one call at a time, that cost is added to every call; timed a thousand at
/// a time, it is spread over them. The harness reports these benchmarks per call (the metrics marked `*`). Each
/// sample of the sentence benchmarks is a pass over all 1,000 corpus sentences, so its median is that of the mean
/// over the corpus, where the benchmarks above give the median over sentences.
func batchedBenchmarks() {
    let batched = Benchmark.Configuration(warmupIterations: 2, scalingFactor: .kilo, maxIterations: 2_000)

    Benchmark("Harness: empty iteration (×1000 per sample)", configuration: batched) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(benchmark)
        }
    }

    var interpolation = batched
    interpolation.setup = checkInterpolation
    Benchmark("Interpolation: 5-part StyledText (×1000 per sample)", configuration: interpolation) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(Workloads.interpolation(name: "Eve", count: 3))
        }
    }

    var fill = batched
    fill.setup = checkFill
    Benchmark("Template: fill a pre-parsed template with 2 arguments (×1000 per sample)",
              configuration: fill) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(Workloads.fill(name: "Eve", count: "3"))
        }
    }

    // A sample is one pass over the corpus sentences (`scaledIterations` is 0..<1000; so is the corpus), the same
    // sentences in every sample.
    func sentences(_ check: @escaping @Sendable () -> Void) -> Benchmark.Configuration {
        var configuration = batched
        configuration.setup = {
            precondition(Workloads.sentences.count == 1_000, "a sample is one pass over the corpus")
            check()
        }
        return configuration
    }
    Benchmark("Sentence → runs: StyledText (×1000 per sample)",
              configuration: sentences(checkStyledSentences)) { benchmark in
        for index in benchmark.scaledIterations {
            blackHole(Workloads.sentenceRuns(index))
        }
    }

    Benchmark("Sentence → runs: StyledText in one step (×1000 per sample)",
              configuration: sentences(checkOneStepSentences)) { benchmark in
        for index in benchmark.scaledIterations {
            blackHole(Workloads.oneStepSentenceRuns(index))
        }
    }

    Benchmark("Sentence → runs: XMLParser (baseline 1) (×1000 per sample)",
              configuration: sentences(checkXMLSentences)) { benchmark in
        for index in benchmark.scaledIterations {
            let sample = Workloads.sentences[index]
            blackHole(XMLParserBaseline.runs(template: sample.template, arguments: sample.arguments))
        }
    }

    Benchmark("Sentence → runs: NSRegularExpression (baseline 2) (×1000 per sample)",
              configuration: sentences(checkRegexSentences)) { benchmark in
        for index in benchmark.scaledIterations {
            let sample = Workloads.sentences[index]
            blackHole(RegexBaseline.runs(template: sample.template, arguments: sample.arguments))
        }
    }
}

// MARK: - Renderers

/// Stops the run unless `attributed` has the text, styles and attributes of `runs`, run for run.
func checkRendering(_ runs: [StyledRun], _ attributed: AttributedString) {
    precondition(String(attributed.characters) == runs.map(\.text).joined(), "rendered text differs")
    let expected = runs.map { ($0.style, $0.attributes) }
    let actual = attributed.runs.map { ($0.markupStyle, $0.semanticAttributes?.array ?? []) }
    precondition(expected.count == actual.count, "run count \(actual.count), expected \(expected.count)")
    for (left, right) in zip(expected, actual) {
        precondition(left.0 == right.0 && left.1 == right.1, "rendered attributes differ")
    }
}

func rendererBenchmarks(_ whole: Benchmark.Configuration) {
    let sentenceRuns = Workloads.sentences.indices.map { Workloads.sentenceRuns($0) }
    let sentenceFloorInput = sentenceRuns.map(AttributedStringFloor.prepare)

    let renderer = Cursor()
    Benchmark("Sentence AttributedString: renderer", configuration: .init(setup: {
        for runs in sentenceRuns { checkRendering(runs, AttributedString(runs: runs)) }
    })) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(AttributedString(runs: sentenceRuns[renderer.next()]))
        }
    }

    let floorA = Cursor()
    Benchmark("Sentence AttributedString: floor A (set ranges)", configuration: .init(setup: {
        for (index, runs) in sentenceRuns.enumerated() {
            checkRendering(runs, AttributedStringFloor.settingRanges(sentenceFloorInput[index]))
        }
    })) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(AttributedStringFloor.settingRanges(sentenceFloorInput[floorA.next()]))
        }
    }

    let floorB = Cursor()
    Benchmark("Sentence AttributedString: floor B (append runs)", configuration: .init(setup: {
        for (index, runs) in sentenceRuns.enumerated() {
            checkRendering(runs, AttributedStringFloor.appending(sentenceFloorInput[index]))
        }
    })) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(AttributedStringFloor.appending(sentenceFloorInput[floorB.next()]))
        }
    }

    let documentRuns = Workloads.documentRuns()
    let documentFloorInput = AttributedStringFloor.prepare(documentRuns)
    var render = whole
    render.setup = { checkRendering(documentRuns, AttributedString(runs: documentRuns)) }
    Benchmark("Document 1 MB AttributedString: renderer", configuration: render) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(AttributedString(runs: documentRuns))
        }
    }
    var floor = whole
    floor.setup = { checkRendering(documentRuns, AttributedStringFloor.settingRanges(documentFloorInput)) }
    Benchmark("Document 1 MB AttributedString: floor A (set ranges)", configuration: floor) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(AttributedStringFloor.settingRanges(documentFloorInput))
        }
    }
    var floorAppend = whole
    floorAppend.setup = { checkRendering(documentRuns, AttributedStringFloor.appending(documentFloorInput)) }
    Benchmark("Document 1 MB AttributedString: floor B (append runs)", configuration: floorAppend) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(AttributedStringFloor.appending(documentFloorInput))
        }
    }

    // HTML and ANSI, from the same runs: the renderers' own cost, 1 MB of text.
    let plainLength = documentRuns.reduce(0) { $0 + $1.text.utf8.count }
    let html = HTMLRenderer()
    var htmlConfiguration = whole
    htmlConfiguration.setup = {
        let output = html.render(documentRuns)
        // Every run's text survives escaping: the output is longer than the text and holds no raw `<` of it.
        precondition(output.utf8.count > plainLength && output.contains("&lt;"), "HTML output")
        precondition(output.contains("<span style="), "HTML styles")
    }
    Benchmark("Document 1 MB: HTML renderer", configuration: htmlConfiguration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(html.render(documentRuns))
        }
    }
    let ansi = ANSIRenderer(capability: .trueColor)
    var ansiConfiguration = whole
    ansiConfiguration.setup = {
        let output = ansi.render(documentRuns)
        // Styles as SGR sequences (bold joins other codes, `ESC[1;…m`), the text kept.
        precondition(output.utf8.count > plainLength && output.contains("\u{1B}[1;"), "ANSI output")
        precondition(output.contains("Grüße") && output.contains("\u{1B}[0m"), "ANSI text")
    }
    Benchmark("Document 1 MB: ANSI renderer (24-bit colour)", configuration: ansiConfiguration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(ansi.render(documentRuns))
        }
    }
}
