import Baselines
import BenchmarkCorpus
import Foundation
import StyledText
import Workloads

// Runs one benchmark workload in a loop, for instruction counts that do not depend on the machine's load:
//
//     swift build -c release --product Profile
//     valgrind --tool=callgrind --toggle-collect='*Profile*measured*' .build/release/Profile sentence 1000
//     callgrind_annotate --inclusive=yes callgrind.out.<pid> | head -60
//
// Only `measured` is counted, so fixtures and corpus generation stay out of the profile.

let arguments = CommandLine.arguments.dropFirst()
guard let workload = arguments.first else {
    print("usage: Profile <workload> [iterations]")
    print("workloads: check, show, machine, sentence, sentence-one-step, sentence-one-step-each[:<kilobytes>],")
    print("           sentence-one-step-after[-tiny|-other]:<kilobytes>, sentence-cold, sentence-novel,")
    print("           parse-sentence, plain-sentence, document, document-one-step, broken-sentence-one-step,")
    print("           line-breaks:<n>, plain, parsed-plain, sentence-ranges, sentence-ranges-from-string,")
    print("           document-ranges, document-ranges-from-string,")
    print("           tiny, tiny-one-step, tiny-parse, interpolation, fill, attributed, attributed-floor,")
    print("           attributed-document, attributed-document-floor, html,")
    print("           ansi, xml, regex, html-layout <kilobytes>, implied-ends <kilobytes>,")
    print("           adversarial:<family>[:<kilobytes>] (\(Adversarial.allCases.map(\.rawValue).joined(separator: ", ")))")
    print("           sentences:<n>, sentences-one-step:<n>, parse-sentences:<n>, resolve-sentences:<n>,")
    print("           sentences-copied:<n>:<copies>")
    print("           sentences-without:<what>[+<what>...]:<n> (parameters, references, placeholders, tag-names, tags)")
    print("           sentence-one-step-rotating:<k>, threads:<n>[:own]")
    exit(2)
}
let iterations = arguments.dropFirst().first.flatMap { Int($0) } ?? 100

/// How long the loops of `measured` took, without the corpus, fixtures and checks made before them.
nonisolated(unsafe) var measuredTime = Duration.zero

@inline(never)
func measured(_ iterations: Int, _ body: (Int) -> Void) {
    let start = ContinuousClock.now
    for iteration in 0..<iterations { body(iteration) }
    measuredTime += ContinuousClock.now - start
}

@inline(never)
@Sendable func consume<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Writes to every 64-byte line of the first `kilobytes` of `lines`, as other work between calls leaves the caches.
@inline(never)
func writeEveryLine(of lines: inout [UInt64], kilobytes: Int) {
    lines.withUnsafeMutableBufferPointer { lines in
        for line in stride(from: 0, to: kilobytes * 128, by: 8) { lines[line] &+= 1 }
    }
}

/// The runs of corpus sentence `index` in one step, freed before it returns, as the benchmarks free them inside the
/// time they take: the call `sentence-one-step-each` times, and in a function of its own for callgrind to count alone
/// (`sentence-one-step-after`).
@inline(never)
func oneSentenceCall(_ index: Int) {
    consume(Workloads.oneStepSentenceRuns(index))
}

/// The runs of a tiny template in one step, the `tiny-one-step` workload's call: what every call uses, to warm it
/// before another call (`sentence-one-step-each`, `sentence-one-step-after-tiny`).
@inline(never)
func tinyOneStepCall() {
    consume(Workloads.oneStepRuns("Hi <b>%@</b>", ["Eve"]))
}

/// The kilobytes after the workload's last colon (`sentence-one-step-after:256`), or `nil`.
func parsedKilobytes(_ workload: String) -> Int? {
    guard workload.contains(":"), let kilobytes = workload.split(separator: ":").last.flatMap({ Int($0) }),
          kilobytes >= 0 else { return nil }
    return kilobytes
}

let clock = ContinuousClock()
let start = clock.now
switch workload {
case "check":
    // The benchmarks' equality checks, without the benchmark harness.
    for (index, sample) in Workloads.sentences.enumerated() {
        let expected = ProjectedRun.of(Workloads.sentenceRuns(index))
        Workloads.check(XMLParserBaseline.runs(template: sample.template, arguments: sample.arguments),
                        equals: expected, "XMLParser, sentence \(index)")
        Workloads.check(RegexBaseline.runs(template: sample.template, arguments: sample.arguments),
                        equals: expected, "NSRegularExpression, sentence \(index)")
    }
    let document = Workloads.document
    let expected = ProjectedRun.of(Workloads.documentRuns())
    Workloads.check(XMLParserBaseline.runs(template: document.template, arguments: document.arguments),
                    equals: expected, "XMLParser, document")
    Workloads.check(RegexBaseline.runs(template: document.template, arguments: document.arguments),
                    equals: expected, "NSRegularExpression, document")
    for index in Workloads.sentences.indices { Workloads.checkBrokenSentence(index) }
    // The adversarial benchmarks' checks, at their smallest and at 1 MB.
    for kilobytes in [64, 1_024] {
        for family in Adversarial.allCases { Workloads.checkAdversarial(family.sample(bytes: kilobytes * 1_024), family) }
        Workloads.checkHTMLLayout(Workloads.htmlDocument(bytes: kilobytes * 1_024))
        Workloads.checkImpliedEnds(Workloads.impliedEndsDocument(bytes: kilobytes * 1_024))
    }
    print("all baselines agree: \(Workloads.sentences.count) sentences, document of \(document.template.utf8.count) bytes, \(expected.count) runs")
    print("sentences with a line break: one step equals two steps, and the sentence's runs but for the break's")
    print("the adversarial families, HTML laid out and implied end tags at 64 KB and 1 MB lose no text")
case "machine":
    // The machine's state, apart from the library: see `Workloads.MachineState` and "Machine and toolchain" in
    // Docs/Performance.md. The iterations are rounds; the best of them is printed.
    MachineState.report(rounds: min(iterations, 10))
    exit(0)
case "show":
    for index in 0..<iterations {
        let sample = Workloads.sentences[index]
        print(sample.template, sample.arguments)
        print(ProjectedRun.of(Workloads.sentenceRuns(index)).map(\.description).joined(separator: "\n"))
        print()
    }
    exit(0)
case "sentence":
    _ = Workloads.sentenceArguments
    measured(iterations) { consume(Workloads.sentenceRuns($0 % Workloads.sentences.count)) }
case "sentence-one-step":
    _ = Workloads.sentenceArguments
    measured(iterations) { consume(Workloads.oneStepSentenceRuns($0 % Workloads.sentences.count)) }
case let name where name == "sentence-one-step-each" || name.hasPrefix("sentence-one-step-each:"):
    // Each call timed alone, by a read of the clock before and after it, as the benchmark harness times one call at a
    // time (`CLOCK_BOOTTIME`, the harness's clock on Linux), but without the harness's own work between calls; and the
    // same calls in one timed loop, as "(×1000 per sample)" times them. With `:<kilobytes>`, also each call alone
    // after a write to every cache line of that many kilobytes, as other work between calls leaves the caches, and
    // after that write and then, untimed, one thing more that warms part of what the call reads: a tiny template (the
    // state and code every call uses), another corpus sentence (those and the tags the corpus shares), the call's
    // template read byte by byte (its input), or the same call (everything). The ways alternate, seven rounds of
    // `iterations` calls each, and each prints its median round: the median call and the mean (the loop has only a
    // mean, which the sentences' longer calls and any interruption raise). See "One call at a time" in
    // Docs/Performance.md.
    guard name == "sentence-one-step-each" || parsedKilobytes(name) != nil, iterations > 0 else {
        print("expected sentence-one-step-each[:<kilobytes>] and at least one iteration")
        exit(2)
    }
    let kilobytes = parsedKilobytes(name) ?? 0
    let count = Workloads.sentences.count
    _ = Workloads.sentenceArguments
    @inline(__always) func nanoseconds() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_BOOTTIME, &time)
        return time.tv_sec * 1_000_000_000 + time.tv_nsec
    }
    var lines = [UInt64](repeating: 0, count: max(kilobytes, 1) * 128)
    /// A way to time each call alone: what it prints, and what precedes each call (given the call's iteration).
    typealias Way = (name: String, before: (Int) -> Void)
    var ways: [Way] = [("each alone", { _ in })]
    if kilobytes > 0 {
        let after = "each after \(kilobytes) KB written"
        let write = { writeEveryLine(of: &lines, kilobytes: kilobytes) }
        ways += [
            (after, { _ in write() }),
            (after + ", then a tiny template", { _ in write(); tinyOneStepCall() }),
            (after + ", then another sentence", { write(); oneSentenceCall(($0 + count / 2) % count) }),
            (after + ", then its template's bytes", { iteration in
                write()
                consume(Workloads.sentences[iteration % count].template.utf8.reduce(0, &+))
            }),
            (after + ", then the same call", { write(); oneSentenceCall($0 % count) }),
        ]
    }
    /// The median of `values`, the upper one of an even count.
    func middle(_ values: [Int]) -> Int { values.sorted()[values.count / 2] }
    /// Calls timed alone, each after what `way` does: their median and mean.
    func eachAlone(_ way: Way) -> (median: Int, mean: Int) {
        var calls: [Int] = []
        calls.reserveCapacity(iterations)
        for iteration in 0..<iterations {
            way.before(iteration)
            let before = nanoseconds()
            oneSentenceCall(iteration % count)
            calls.append(nanoseconds() - before)
        }
        return (middle(calls), calls.reduce(0, +) / calls.count)
    }
    var loopMeans: [Int] = []
    var rounds = ways.map { _ in [(median: Int, mean: Int)]() }
    for _ in 0..<7 {
        let before = nanoseconds()
        for iteration in 0..<iterations { oneSentenceCall(iteration % count) }
        loopMeans.append((nanoseconds() - before) / iterations)
        for (index, way) in ways.enumerated() { rounds[index].append(eachAlone(way)) }
    }
    print("in one loop: mean \(middle(loopMeans)) ns")
    for (index, way) in ways.enumerated() {
        let (medians, means) = (rounds[index].map(\.median), rounds[index].map(\.mean))
        print("\(way.name): median \(middle(medians)) ns, mean \(middle(means)) ns")
    }
    var clockPairs: [Int] = []
    for _ in 0..<10_000 {
        let before = nanoseconds()
        clockPairs.append(nanoseconds() - before)
    }
    print("the clock's two reads alone: median \(middle(clockPairs)) ns, in each call alone")
    consume(lines)
    exit(0)
case let name where name.hasPrefix("sentence-one-step-after"):
    // Each call after a write to every cache line of that many kilobytes, untimed: for callgrind's cache simulation
    // of what a call misses once other work has left the caches (see "One call at a time" in Docs/Performance.md).
    // With `-tiny` or `-other`, a tiny template or another corpus sentence runs between the write and the call, as in
    // `sentence-one-step-each`; `--toggle-collect='*oneSentenceCall*'` then counts the call alone (so the other
    // sentence is not made by that function).
    /// What runs between the write and the call.
    enum WarmUp: String {
        case nothing = "sentence-one-step-after", tiny = "sentence-one-step-after-tiny"
        case other = "sentence-one-step-after-other"
    }
    guard let kilobytes = parsedKilobytes(name), let warmUp = WarmUp(rawValue: String(name.prefix { $0 != ":" })) else {
        print("expected sentence-one-step-after[-tiny|-other]:<kilobytes>")
        exit(2)
    }
    _ = Workloads.sentenceArguments
    let count = Workloads.sentences.count
    var lines = [UInt64](repeating: 0, count: max(kilobytes, 1) * 128)
    measured(iterations) { iteration in
        writeEveryLine(of: &lines, kilobytes: kilobytes)
        switch warmUp {
        case .nothing: break
        case .tiny: tinyOneStepCall()
        case .other: consume(Workloads.oneStepSentenceRuns((iteration + count / 2) % count))
        }
        oneSentenceCall(iteration % count)
    }
    consume(lines)
case "broken-sentence-one-step":
    // Each corpus sentence with a line break in it (see `Workloads.brokenSentences`).
    _ = Workloads.sentenceArguments
    _ = Workloads.brokenSentences
    measured(iterations) { consume(Workloads.oneStepBrokenSentenceRuns($0 % Workloads.sentences.count)) }
case let lines where lines.hasPrefix("line-breaks:"):
    // One template of `line<br>` lines a call (see `Workloads.lineBreaks(_:)`).
    guard let count = Int(lines.dropFirst("line-breaks:".count)) else { exit(2) }
    let template = Workloads.lineBreaks(count)
    precondition(Workloads.lineBreakRuns(template).count == 2 * count, "line breaks: a run each")
    measured(iterations) { _ in consume(Workloads.lineBreakRuns(template)) }
case "sentence-ranges", "sentence-ranges-from-string", "document-ranges", "document-ranges-from-string":
    // Each run's UTF-16 range read as stored, or worked out again from its text's own string through the
    // standard library's UTF-16 view (the cost of a range computed only when read), after resolving afresh: each
    // call's plain text is a new string, whose view has no index yet.
    _ = Workloads.sentenceArguments
    let fromString = workload.hasSuffix("from-string")
    let document = workload.hasPrefix("document")
    measured(iterations) {
        let runs = document ? Workloads.documentRuns() : Workloads.sentenceRuns($0 % Workloads.sentences.count)
        var sum = 0
        for run in runs {
            if fromString, case let .text(text) = run.content {
                let utf16 = text.base.utf16
                sum &+= utf16.distance(from: utf16.startIndex, to: text.startIndex) &+ text.utf16.count
            } else {
                sum &+= run.range.lowerBound &+ run.range.count
            }
        }
        consume(sum)
    }
case "plain-sentence":
    // Each sentence's plain text, and (below) each sentence parsed with its arguments, without resolving.
    let templates = Workloads.sentences.map(\.template)
    measured(iterations) { consume(StyledText.plainText(ofTemplate: templates[$0 % templates.count])) }
case "parse-sentence":
    _ = Workloads.sentenceArguments
    let templates = Workloads.sentences.map(\.template)
    measured(iterations) { consume(StyledText(template: templates[$0 % templates.count], arguments: Workloads.sentenceArguments[$0 % templates.count])) }
case "sentence-cold":
    // Each sentence resolved by a resolver that has resolved nothing yet (an app's first render of a string
    // with tags it has not shown before), made before counting starts.
    _ = Workloads.sentenceArguments
    let fresh = (0..<iterations).map { _ in Workloads.resolver.merging(StyleResolver()) }
    measured(iterations) { index in
        let sentence = index % Workloads.sentences.count
        consume(fresh[index].runs(for: StyledText(template: Workloads.sentences[sentence].template,
                                                   arguments: Workloads.sentenceArguments[sentence])))
    }
case "sentence-novel":
    // Each sentence with tags never parsed and stacks never resolved before (see `Workloads.novelSentences`).
    _ = Workloads.sentenceArguments
    let novel = Workloads.novelSentences(count: iterations)
    measured(iterations) { index in consume(Workloads.novelSentenceRuns(novel[index], index: index)) }
case "document":
    _ = Workloads.documentArguments
    measured(iterations) { _ in consume(Workloads.documentRuns()) }
case "html-layout":
    // Instructions per byte: iterations count kilobytes of pretty-printed HTML, laid out by `StyleResolver.html`.
    let html = Workloads.htmlDocument(bytes: iterations * 1_024)
    measured(1) { _ in consume(Workloads.htmlRuns(html)) }
case "implied-ends":
    // Instructions per byte: iterations count kilobytes of `<li><b>x<p>y`, parsed and resolved.
    let template = Workloads.impliedEndsDocument(bytes: iterations * 1_024)
    measured(1) { _ in consume(Workloads.styledTextRuns(template, [])) }
case "document-one-step":
    _ = Workloads.documentArguments
    measured(iterations) { _ in consume(Workloads.oneStepDocumentRuns()) }
case "plain":
    let template = Workloads.document.template
    measured(iterations) { _ in consume(StyledText.plainText(ofTemplate: template)) }
case "parsed-plain":
    let template = Workloads.document.template
    measured(iterations) { _ in consume(StyledText(template: template).plainText) }
case "tiny":
    // What a call costs whatever its template: a tag, a placeholder and a word, parsed and resolved.
    let tinyArguments: [any StyledTextArgument] = ["Eve"]
    measured(iterations) { _ in consume(Workloads.styledTextRuns("Hi <b>%@</b>", tinyArguments)) }
case "tiny-one-step":
    // The same in one step: what a call of `runs(forTemplate:arguments:)` costs whatever its template.
    let tinyArguments: [any StyledTextArgument] = ["Eve"]
    measured(iterations) { _ in consume(Workloads.oneStepRuns("Hi <b>%@</b>", tinyArguments)) }
case "tiny-parse":
    let tinyArguments: [any StyledTextArgument] = ["Eve"]
    measured(iterations) { _ in consume(StyledText(template: "Hi <b>%@</b>", arguments: tinyArguments)) }
case "interpolation":
    measured(iterations) { _ in consume(Workloads.interpolation(name: "Eve", count: 3)) }
case "fill":
    _ = Workloads.fillTemplate
    measured(iterations) { _ in consume(Workloads.fill(name: "Eve", count: "3")) }
case "attributed":
    let runs = Workloads.sentences.indices.map { Workloads.sentenceRuns($0) }
    measured(iterations) { consume(AttributedString(runs: runs[$0 % runs.count])) }
case "attributed-floor":
    let runs = Workloads.sentences.indices.map { AttributedStringFloor.prepare(Workloads.sentenceRuns($0)) }
    measured(iterations) { consume(AttributedStringFloor.settingRanges(runs[$0 % runs.count])) }
case "attributed-document":
    let runs = Workloads.documentRuns()
    measured(iterations) { _ in consume(AttributedString(runs: runs)) }
case "attributed-document-floor":
    let runs = AttributedStringFloor.prepare(Workloads.documentRuns())
    measured(iterations) { _ in consume(AttributedStringFloor.settingRanges(runs)) }
case "html":
    let runs = Workloads.documentRuns()
    let renderer = HTMLRenderer()
    measured(iterations) { _ in consume(renderer.render(runs)) }
case "ansi":
    let runs = Workloads.documentRuns()
    let renderer = ANSIRenderer(capability: .trueColor)
    measured(iterations) { _ in consume(renderer.render(runs)) }
case "xml":
    let sentences = Workloads.sentences
    measured(iterations) {
        let sample = sentences[$0 % sentences.count]
        consume(XMLParserBaseline.runs(template: sample.template, arguments: sample.arguments))
    }
case "regex":
    let sentences = Workloads.sentences
    measured(iterations) {
        let sample = sentences[$0 % sentences.count]
        consume(RegexBaseline.runs(template: sample.template, arguments: sample.arguments))
    }
case let name where name.hasPrefix("adversarial:"):
    let parts = name.split(separator: ":")
    guard parts.count >= 2, let family = Adversarial(rawValue: String(parts[1])) else {
        print("unknown family \(name)")
        exit(2)
    }
    let kilobytes = parts.count > 2 ? Int(parts[2]) ?? 1_024 : 1_024
    let sample = family.sample(bytes: kilobytes * 1_024)
    let arguments: [any StyledTextArgument] = sample.arguments
    measured(iterations) { _ in consume(Workloads.styledTextRuns(sample.template, arguments)) }
case let name where name.hasPrefix("sentences:") || name.hasPrefix("sentences-one-step:")
    || name.hasPrefix("parse-sentences:") || name.hasPrefix("resolve-sentences:"):
    // The first n corpus sentences in turn, whole, parsed only, or resolved only (each parsed beforehand): with the
    // same instructions a sentence, the time a sentence takes grows with n, as the processor's branch predictor
    // stops learning each sentence's branches by heart (see "The sentences' variety" in Docs/Performance.md).
    let parts = name.split(separator: ":")
    guard parts.count == 2, let count = Int(parts[1]), (1...Workloads.sentences.count).contains(count) else {
        print("expected \(parts[0]):<n>, n from 1 to \(Workloads.sentences.count)")
        exit(2)
    }
    let templates = Workloads.sentences.map(\.template)
    let arguments = Workloads.sentenceArguments
    switch parts[0] {
    case "sentences":
        measured(iterations) { consume(Workloads.sentenceRuns($0 % count)) }
    case "sentences-one-step":
        measured(iterations) { consume(Workloads.oneStepSentenceRuns($0 % count)) }
    case "parse-sentences":
        measured(iterations) { consume(StyledText(template: templates[$0 % count], arguments: arguments[$0 % count])) }
    default:
        let texts = (0..<count).map { StyledText(template: templates[$0], arguments: arguments[$0]) }
        measured(iterations) { consume(Workloads.resolver.runs(for: texts[$0 % count])) }
    }
case let name where name.hasPrefix("sentences-without:"):
    // The first n corpus sentences without some of what they hold, to tell which part of a sentence its variety
    // costs (see "The sentences' variety" in Docs/Performance.md): `parameters` (`<a href='…'>` becomes `<a>`),
    // `references` (each becomes `x`), `placeholders` (each `%@` becomes `Eve`, and `%` stays a percent sign),
    // `tag-names` (every tag becomes `<b>` or `</b>`), `tags` (none left).
    let parts = name.split(separator: ":")
    guard parts.count == 3, let count = Int(parts[2]), (1...Workloads.sentences.count).contains(count) else {
        print("expected sentences-without:<what>[+<what>...]:<n>, n from 1 to \(Workloads.sentences.count)")
        exit(2)
    }
    func replacing(_ pattern: String, with replacement: String, in template: String) -> String {
        template.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
    }
    var templates: [String] = []
    var arguments: [[any StyledTextArgument]] = []
    for sentence in Workloads.sentences.prefix(count) {
        var template = sentence.template
        var sentenceArguments: [any StyledTextArgument] = sentence.arguments
        for what in parts[1].split(separator: "+") {
            switch what {
            case "parameters": template = replacing("<([a-z]+) [^>]*>", with: "<$1>", in: template)
            case "references": template = replacing("&[#a-zA-Z0-9]+;", with: "x", in: template)
            case "placeholders":
                template = replacing("%%", with: "%", in: replacing("%@", with: "Eve", in: template))
                template = replacing("%", with: "%%", in: template)
                sentenceArguments = []
            case "tag-names": template = replacing("<(/?)[a-z]+( [^>]*)?>", with: "<$1b>", in: template)
            case "tags": template = replacing("</?[a-z]+( [^>]*)?>", with: "", in: template)
            default:
                print("unknown part \(what)")
                exit(2)
            }
        }
        templates.append(template)
        arguments.append(sentenceArguments)
    }
    measured(iterations) { consume(Workloads.styledTextRuns(templates[$0 % count], arguments[$0 % count])) }
case let name where name.hasPrefix("sentences-copied:"):
    // The first n corpus sentences, each copied into `copies` strings of its own (templates and arguments) with
    // other memory between them, taken in turn: as much memory as n × copies sentences, with only n sentences'
    // variety. Timed like `sentences:<n × copies>`, this tells the cost of the sentences' memory from that of
    // their variety.
    let parts = name.split(separator: ":")
    guard parts.count == 3, let count = Int(parts[1]), let copies = Int(parts[2]),
          (1...Workloads.sentences.count).contains(count), copies >= 1 else {
        print("expected sentences-copied:<n>:<copies>, n from 1 to \(Workloads.sentences.count)")
        exit(2)
    }
    var spacers: [[UInt8]] = []
    var templates: [String] = []
    var arguments: [[any StyledTextArgument]] = []
    for copy in 0..<copies {
        for sentence in Workloads.sentences.prefix(count) {
            spacers.append([UInt8](repeating: UInt8(truncatingIfNeeded: copy), count: 200))
            templates.append(String(decoding: Array(sentence.template.utf8), as: UTF8.self))
            arguments.append(sentence.arguments.map { String(decoding: Array($0.utf8), as: UTF8.self) })
        }
    }
    measured(iterations) {
        consume(Workloads.styledTextRuns(templates[$0 % templates.count], arguments[$0 % templates.count]))
    }
    consume(spacers)
case let name where name.hasPrefix("sentence-one-step-rotating:"):
    // Corpus sentences in one step by `<k>` resolvers in turn, each a copy of the workloads' resolver with a cache of
    // its own: what a thread switching between resolvers pays (a thread keeps tables of styles for up to 16; see
    // "Threads sharing a resolver" in Docs/Performance.md).
    guard let count = parsedKilobytes(name), count >= 1 else {
        print("expected sentence-one-step-rotating:<k>, k at least 1")
        exit(2)
    }
    _ = Workloads.sentenceArguments
    let resolvers = (0..<count).map { _ in Workloads.resolver.merging(StyleResolver()) }
    measured(iterations) { index in
        let sentence = index % Workloads.sentences.count
        consume(resolvers[index % count].runs(forTemplate: Workloads.sentences[sentence].template,
                                              arguments: Workloads.sentenceArguments[sentence]))
    }
case let name where name.hasPrefix("threads:"):
    // `<n>` threads at once, each making `iterations` corpus sentences in one step, from sentence 500 × its index on,
    // each after one untimed pass over the corpus: with the workloads' one resolver and the corpus's strings, shared
    // as an app's server threads share a theme and localized templates; with `:own`, each thread with a resolver of
    // its own (a copy that shares no cache) and copies of the templates and arguments of its own. Prints each
    // thread's time a call, and as the measured loop their mean. With fewer threads than cores, the two ways differ
    // by what the threads' shared memory costs them (see "Threads sharing a resolver" in Docs/Performance.md).
    let parts = name.split(separator: ":")
    guard parts.count >= 2, let threadCount = Int(parts[1]), threadCount >= 1,
          parts.count == 2 || (parts.count == 3 && parts[2] == "own") else {
        print("expected threads:<n>[:own]")
        exit(2)
    }
    let own = parts.count == 3
    _ = Workloads.sentenceArguments
    final class Times: @unchecked Sendable {
        // @unchecked: each thread writes its own element, read once all have ended.
        var perCall: [Duration]
        init(_ count: Int) { perCall = Array(repeating: .zero, count: count) }
    }
    let times = Times(threadCount)
    DispatchQueue.concurrentPerform(iterations: threadCount) { thread in
        let sentences = Workloads.sentences
        let templates = own ? sentences.map { String(decoding: Array($0.template.utf8), as: UTF8.self) }
            : sentences.map(\.template)
        let arguments: [[any StyledTextArgument]] = own
            ? sentences.map { $0.arguments.map { String(decoding: Array($0.utf8), as: UTF8.self) } }
            : Workloads.sentenceArguments
        let resolver = own ? Workloads.resolver.merging(StyleResolver()) : Workloads.resolver
        for index in templates.indices {
            consume(resolver.runs(forTemplate: templates[index], arguments: arguments[index]))
        }
        let begin = ContinuousClock.now
        for iteration in 0..<iterations {
            let index = (iteration &+ thread &* 500) % templates.count
            consume(resolver.runs(forTemplate: templates[index], arguments: arguments[index]))
        }
        times.perCall[thread] = (ContinuousClock.now - begin) / iterations
    }
    let each = times.perCall.map { "\(Int(($0 / .nanoseconds(1)).rounded())) ns" }
    print("\(workload): each thread's call \(each.joined(separator: ", "))")
    measuredTime = times.perCall.reduce(.zero, +) / threadCount * iterations
default:
    print("unknown workload \(workload)")
    exit(2)
}
let elapsed = clock.now - start
print("\(workload): \(iterations) iterations, \(elapsed / iterations) each; measured loop \(measuredTime / iterations) each")
