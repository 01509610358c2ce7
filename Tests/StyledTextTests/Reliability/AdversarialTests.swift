import Foundation
import Testing
@testable import StyledText

/// Inputs that bring other markup parsers to a crawl, at about 1 MB each, with the exact output they must give.
///
/// Every test checks the shape of the result — parts, runs, attribute depths, the literal text — not only that
/// parsing returns. None measures time: the linear-scaling figures live in the Benchmarks package. Each stays
/// within a few seconds in a debug build, which a quadratic step at this size would not.
@Suite struct AdversarialTests {
    let resolver = StyleResolver()
        .style("b", MarkupStyle(font: .init(weight: .bold)))
        .style("i", MarkupStyle(font: .init(italic: true)))

    /// The only part of `text`, which must be a text part.
    func onlyText(_ text: StyledText) -> (text: String, attributes: [StyledText.Attribute])? {
        let parts = text.parts
        #expect(parts.count == 1)
        guard parts.count == 1, case let .text(string, attributes) = parts[0] else { return nil }
        return (string, attributes)
    }

    /// Checks that `input` parses to exactly its own text, with no attributes, as one part and one run; and,
    /// unless `reusable` is false (it collects diagnostics, slow in debug builds), that `Template` agrees.
    func expectLiteral(_ input: String, reusable: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) {
        let text = StyledText(template: input)
        #expect(text.plainText == input, sourceLocation: sourceLocation)
        #expect(text.segments.count == 1, sourceLocation: sourceLocation)
        #expect(text.segments.first?.stack.isEmpty == true, sourceLocation: sourceLocation)
        let runs = resolver.runs(for: text)
        #expect(runs.count == 1 && runs.first?.range == 0..<input.utf16.count, sourceLocation: sourceLocation)
        if reusable { #expect(StyledText.Template(input).filled(with: []) == text, sourceLocation: sourceLocation) }
    }

    // MARK: Nesting

    @Test func hundredThousandNestedTagsStopAtTheDepthLimit() {
        let count = 100_000
        let open = String(repeating: "<em>", count: count)
        let close = String(repeating: "</em>", count: count)
        let literal = String(repeating: "<em>", count: count - 1024) + "x"
        for input in [open + "x" + close, open + "x"] {
            // The first 1,024 open; deeper ones stay text; the end tags close the open ones and the rest are stray.
            #expect(input.utf8.count >= 400_000 + 1)
            let text = StyledText(template: input)
            guard let only = onlyText(text) else { continue }
            #expect(only.text == literal)
            #expect(only.attributes.count == 1024 && only.attributes.allSatisfy { $0 == .tag("em") })
            let runs = resolver.runs(for: text)
            #expect(runs.count == 1 && runs[0].text == literal && runs[0].attributes.count == 1024)
        }
        #expect((open + "x" + close).utf8.count == 900_001)
    }

    @Test func unclosedBoldRepeatedNestsToTheLimitThenStaysText() {
        let input = String(repeating: "<b>x", count: 250_000)
        #expect(input.utf8.count == 1_000_000)
        let text = StyledText(template: input)
        // Parts 0…1022 are one "x" each, one level deeper each time; the rest sits at depth 1,024.
        #expect(text.segments.count == 1024)
        #expect(text.segments.map(\.stack.depth) == Array(1...1024))
        let parts = text.parts
        #expect(parts.dropLast().allSatisfy { if case .text("x", _) = $0 { true } else { false } })
        #expect(parts.last == .text("x" + String(repeating: "<b>x", count: 250_000 - 1024),
                                    attributes: Array(repeating: .tag("b"), count: 1024)))
        let runs = resolver.runs(for: text)
        #expect(runs.count == 1024 && runs.last?.range.upperBound == text.plainText.utf16.count)
    }

    @Test func unclosedBoldRepeatedNestsFullyWhenAllowed() {
        var options = StyledText.Template.Options()
        options.maximumDepth = 50_000
        let text = StyledText(template: String(repeating: "<b>x", count: 50_000), options: options)
        #expect(text.plainText == String(repeating: "x", count: 50_000))
        #expect(text.segments.count == 50_000)
        #expect(text.segments.enumerated().allSatisfy { $0.element.stack.depth == $0.offset + 1 })
        let runs = resolver.runs(for: text)
        #expect(runs.count == 50_000)
        #expect(runs.last?.attributes.count == 50_000 && runs.last?.style.font.weight == .bold)
    }

    @Test func misnestedBoldItalicRepeatedStaysFlat() {
        let count = 62_500
        let input = String(repeating: "<b><i>x</b></i>", count: count)
        #expect(input.utf8.count == 937_500)
        let text = StyledText(template: input)
        // `</b>` closes the outer <b> and leaves <i> open; `</i>` closes it: every "x" is bold-italic.
        guard let only = onlyText(text) else { return }
        #expect(only.text == String(repeating: "x", count: count))
        #expect(only.attributes == [.tag("b"), .tag("i")])
        let runs = resolver.runs(for: text)
        #expect(runs.count == 1 && runs[0].style.font.weight == .bold && runs[0].style.font.italic == true)
        let diagnostics = StyledText.Template(input).diagnostics
        #expect(diagnostics.count == 1001)
        #expect(diagnostics.prefix(1000).allSatisfy { $0.kind == .misnestedEndTag })
        #expect(diagnostics.last?.kind == .tooManyDiagnostics && diagnostics.last?.subject == String(count - 1000))
    }

    /// `<t0><t1>…<t(count-1)>x</t0>y</t1>y…</t(count-1)>y`.
    private func reverseClosed(_ count: Int) -> String {
        (0..<count).map { "<t\($0)>" }.joined() + "x" + (0..<count).map { "</t\($0)>y" }.joined()
    }

    @Test func twoThousandTagsClosedInTheOppositeOrder() {
        // Were each end tag to keep the tags inside it open, every "y" would get a new stack of everything
        // still open: 1,999 + 1,998 + … attributes, 2 million from 28 KB (ZMarkupParser makes 4 million tokens
        // of it). An end tag keeps at most 8 open: </t0> closes all 2,000, and the other end tags are stray.
        let count = 2000
        let input = reverseClosed(count)
        var options = StyledText.Template.Options()
        options.maximumDepth = count  // all 2,000 open (the default 1,024 would keep the rest as text)
        let text = StyledText(template: input, options: options)
        #expect(text.plainText == "x" + String(repeating: "y", count: count))
        #expect(text.segments.map(\.stack.depth) == [count, 0])
        #expect(text.segments.first?.stack.attributes.map(\.name) == (0..<count).map { "t\($0)" })
        options.maximumDiagnostics = 10_000
        let diagnostics = StyledText.Template(input, options: options).diagnostics
        #expect(diagnostics.map(\.kind) == [.misnestingLimit] + Array(repeating: .strayEndTag, count: count - 1))
        #expect(diagnostics.first?.subject == "t1" && diagnostics.first?.column == input.firstRange(of: "</t0>")
            .map { input.unicodeScalars.distance(from: input.startIndex, to: $0.lowerBound) + 1 })
        let runs = resolver.runs(for: text)
        #expect(runs.map(\.text) == ["x", String(repeating: "y", count: count)])
        #expect(runs.last?.attributes.isEmpty == true)
        #expect(StyledText.plainText(ofTemplate: input, options: options) == text.plainText)
    }

    @Test func anEndTagKeepsAtMostEightTagsOpen() {
        let eight = StyledText(template: reverseClosed(9))
        // </t0> keeps t1…t8 open for the first "y", </t1> keeps t2…t8, and so on.
        #expect(eight.segments.map(\.stack.depth) == [9] + (0..<9).map { 8 - $0 })
        #expect(eight.segments[1].stack.attributes.map(\.name) == (1...8).map { "t\($0)" })
        #expect(StyledText.Template(reverseClosed(9)).diagnostics.map(\.kind)
            == Array(repeating: .misnestedEndTag, count: 8))
        let nine = StyledText(template: reverseClosed(10))
        #expect(nine.segments.map(\.stack.depth) == [10, 0])
        #expect(nine.plainText == "x" + String(repeating: "y", count: 10))
        #expect(StyledText.Template(reverseClosed(10)).diagnostics.map(\.kind)
            == [.misnestingLimit] + Array(repeating: .strayEndTag, count: 9))
    }

    @Test func tagsClosedInTheOppositeOrderForAMegabyteStayFlat() {
        // 73 blocks of 1,000 tags closed in the opposite order (1 MB) would make 36 million attributes.
        let block = reverseClosed(1000)
        let blocks = 1_000_000 / block.utf8.count + 1
        let input = String(repeating: block, count: blocks)
        #expect(input.utf8.count > 1_000_000)
        let text = StyledText(template: input)
        #expect(text.plainText == String(repeating: "x" + String(repeating: "y", count: 1000), count: blocks))
        #expect(text.segments.map(\.stack.depth) == Array(repeating: [1000, 0], count: blocks).flatMap { $0 })
        let runs = resolver.runs(for: text)
        #expect(runs.count == 2 * blocks && runs.last?.text == String(repeating: "y", count: 1000))
        #expect(StyledText.plainText(ofTemplate: input) == text.plainText)
    }

    @Test func misnestingJustUnderTheLimitForAMegabyteStaysLinear() {
        // Nine tags open; each </x>y<x> closes the outermost, keeps the 8 inside it open and opens x again inside
        // them: every "y" gets a stack of 8 new attributes, the most an end tag can cause.
        let names = ["b", "i", "u", "s", "em", "strong", "code", "sub", "sup"]
        let rotations = 100_000
        var input = names.map { "<\($0)>" }.joined()
        for index in 0..<rotations { input += "</\(names[index % 9])>y<\(names[index % 9])>" }
        #expect(input.utf8.count >= 1_000_000)
        let text = StyledText(template: input)
        let plain = text.plainText == String(repeating: "y", count: rotations)
        #expect(plain)
        #expect(text.segments.count == rotations && text.segments.allSatisfy { $0.stack.depth == 8 })
        #expect(text.segments[0].stack.attributes.map(\.name) == Array(names[1...]))
        #expect(text.segments[9].stack.attributes.map(\.name) == Array(names[1...]))
        #expect(text.segments[10].stack.attributes.map(\.name) == Array(names[2...]) + ["b"])
        let runs = resolver.runs(for: text)
        #expect(runs.count == rotations && runs.allSatisfy { run in
            run.attributes.count == 8 && (run.style.font.weight == .bold) == run.attributes.contains(.tag("b"))
        })
    }

    @Test func elementsRepeatedMergeIntoOneRun() {
        // Each element's content is merged into the run before it; building a new string per merge made this
        // quadratic (200,000 <hr> took 7 s in a release build).
        let count = 100_000
        let text = StyledText(template: String(repeating: "<hr>", count: count))
        #expect(text.segments.count == count && text.plainText.isEmpty)
        let runs = resolver.element("hr", "\u{2014}").runs(for: text)
        #expect(runs.count == 1)
        #expect(runs.first?.text == String(repeating: "\u{2014}", count: count) && runs.first?.attributes == [.tag("hr")])
        let breaks = resolver.runs(for: StyledText(template: String(repeating: "<br>", count: count)))
        #expect(breaks.count == 1 && breaks.first?.text == String(repeating: "\n", count: count))
    }

    // MARK: Unterminated markup

    @Test func unterminatedQuotedParametersStayText() {
        // Regex-based parsers backtrack exponentially on these; here each is text, scanned once.
        expectLiteral(String(repeating: "<a b=\"", count: 8_000))
        expectLiteral(String(repeating: "<a b=\"", count: 175_000), reusable: false)
        var fifty = "<a"
        for index in 0..<50 { fifty += " p\(index)=\"value \(index)\"" }
        expectLiteral(fifty)
        expectLiteral(String(repeating: fifty, count: 1_000_000 / fifty.utf8.count + 1), reusable: false)
        expectLiteral(String(repeating: "<a b='x' c=\"", count: 100_000), reusable: false)
    }

    @Test func tagsWithFiftyQuotedParametersRepeated() {
        var tag = "<a"
        for index in 0..<50 { tag += " p\(index)=\"value \(index)\"" }
        tag += ">"
        let count = 1_000_000 / (tag.utf8.count + 5) + 1
        let text = StyledText(template: String(repeating: tag + "x</a>", count: count))
        guard let only = onlyText(text) else { return }
        #expect(only.text == String(repeating: "x", count: count))
        #expect(only.attributes.count == 1 && only.attributes[0].parameters.count == 50)
        #expect(only.attributes[0]["p49"] == "value 49")
    }

    @Test func tagWithManyDistinctParametersKeepsTheFirstOfEachName() {
        // The duplicate check was a linear search per parameter: 64,000 parameters took over a minute in release.
        let count = 64_000
        var input = "<x"
        for index in 0..<count { input += " p\(index)=\"v\(index)\"" }
        input += " p0=\"duplicate\" P1=upper>text</x>"
        #expect(input.utf8.count > 1_000_000)
        guard let only = onlyText(StyledText(template: input)) else { return }
        #expect(only.text == "text")
        #expect(only.attributes.count == 1)
        let parameters = only.attributes.first?.parameters ?? [:]
        #expect(parameters.count == count)
        #expect(parameters["p0"] == "v0" && parameters["p1"] == "v1" && parameters["p\(count - 1)"] == "v\(count - 1)")
    }

    @Test func lessThanSignsAndCommentOpenersStayText() {
        expectLiteral(String(repeating: "<", count: 1_000_000), reusable: false)
        #expect(HTMLRenderer().render(StyledText(template: String(repeating: "<", count: 1_000_000)), resolver: resolver)
            == String(repeating: "&lt;", count: 1_000_000))
        expectLiteral(String(repeating: "<!--", count: 300_000), reusable: false)
        expectLiteral(String(repeating: "</", count: 500_000), reusable: false)
        expectLiteral(String(repeating: "<!", count: 500_000), reusable: false)
        expectLiteral(String(repeating: "<a", count: 500_000), reusable: false)
        // Closed at the very end, it is all one comment.
        #expect(StyledText(template: String(repeating: "<!--", count: 300_000) + "-->").isEmpty)
    }

    // MARK: References and placeholders

    @Test func ampersandsAndLongReferencesDecodeOnce() {
        expectLiteral(String(repeating: "&", count: 1_000_000))
        expectLiteral("&" + String(repeating: "a", count: 1_000_000) + ";")
        expectLiteral(String(repeating: "&#", count: 500_000), reusable: false)
        // Numbers saturate above U+10FFFF, so any number of digits is one U+FFFD; leading zeros are only zeros.
        #expect(StyledText(template: "&#" + String(repeating: "1", count: 10_000)).plainText == "\u{FFFD}")
        #expect(StyledText(template: "&#" + String(repeating: "9", count: 1_000_000) + ";x").plainText == "\u{FFFD}x")
        #expect(StyledText(template: "&#x" + String(repeating: "F", count: 1_000_000)).plainText == "\u{FFFD}")
        #expect(StyledText(template: "&#" + String(repeating: "0", count: 1_000_000) + "65;").plainText == "A")
        #expect(StyledText(template: String(repeating: "&amp;", count: 200_000)).plainText
            == String(repeating: "&", count: 200_000))
        #expect(StyledText(template: String(repeating: "&lt;b&gt;", count: 100_000)).plainText
            == String(repeating: "<b>", count: 100_000))
    }

    @Test func percentSignsAndPlaceholders() {
        #expect(StyledText(template: String(repeating: "%", count: 1_000_000)).plainText
            == String(repeating: "%", count: 500_000))
        #expect(StyledText(template: "%%%").plainText == "%%")
        // One argument, 100,000 times; arguments are data, so its markup stays text.
        let filled = StyledText(template: String(repeating: "%1$@", count: 100_000), "<b>a</b>")
        #expect(filled.plainText == String(repeating: "<b>a</b>", count: 100_000))
        #expect(filled.segments.count == 1 && filled.segments[0].stack.isEmpty)
        let template = StyledText.Template(String(repeating: "<i>%1$@</i>", count: 100_000))
        let styled = template.filled(with: [StyledText("a", attributes: [.tag("b")])])
        #expect(styled.plainText == String(repeating: "a", count: 100_000))
        #expect(styled.parts == [.text(String(repeating: "a", count: 100_000), attributes: [.tag("i"), .tag("b")])])
        // Sequential placeholders beyond the arguments stay as written.
        #expect(StyledText(template: String(repeating: "%@", count: 100_000), "A").plainText
            == "A" + String(repeating: "%@", count: 99_999))
    }

    // MARK: Unicode

    /// Samples of every kind of scalar: controls, NUL, the neighbours of the surrogate range, noncharacters,
    /// private use, combining marks, joiners, variation selectors, bidi controls, CJK, Hangul jamo, emoji parts.
    static let scalarSamples: [String] = [
        0x0, 0x1, 0x9, 0xA, 0xD, 0x1B, 0x7F, 0x80, 0x9F, 0xA0, 0xAD, 0xE9, 0x301, 0x34F, 0x5D0, 0x627, 0x200B, 0x200D,
        0x200E, 0x200F, 0x202E, 0x2066, 0x2069, 0x2028, 0xD7FF, 0xE000, 0xF8FF, 0xFDD0, 0xFE0F, 0xFEFF, 0xFFFD,
        0xFFFE, 0xFFFF, 0x10000, 0x1F468, 0x1F3FD, 0x1F1FA, 0x1F1F8, 0xE0041, 0xF0000, 0x10FFFD, 0x10FFFF, 0x1100,
        0x1161, 0x11A8, 0x4E00, 0x20000, 0x1D49C, 0x1D165, 0x1D16D,
    ].map { String(Unicode.Scalar(UInt32($0))!) }

    @Test func tagsBetweenEveryKindOfScalarKeepRangesConvertible() {
        // Tags between a base and its combining mark, inside ZWJ sequences, flag pairs, CR LF and Hangul
        // syllables: the runs split grapheme clusters, and their UTF-16 ranges must still land on scalars.
        var input = ""
        var expected = ""
        var index = 0
        for first in Self.scalarSamples {
            for second in Self.scalarSamples {
                let tag = ["b", "i", "u"][index % 3]
                input += StyledText.escape(first) + "<\(tag)>" + StyledText.escape(second) + "</\(tag)>"
                expected += first + second
                index += 1
            }
        }
        let text = StyledText(template: input)
        #expect(text.plainText == expected)
        let runs = PipelineChecks.resolver.runs(for: text)
        #expect(PipelineChecks.runViolations(runs, for: text) == [])
        #expect(PipelineChecks.attributedStringViolations(AttributedString(runs: runs), runs: runs) == [])
        #expect(runs.map(\.text).joined() == expected)
    }

    @Test func combiningMarkInsideATagSplitsTheClusterNotTheScalars() {
        let text = StyledText(template: "e<b>\u{301}</b>x")
        let runs = resolver.runs(for: text)
        #expect(runs.map(\.text) == ["e", "\u{301}", "x"])
        #expect(runs.map(\.range) == [0..<1, 1..<2, 2..<3])
        let rendered = runs.map(\.text).joined()
        // UTF-16 offsets convert to String.Index, and NSString selects exactly the run's text…
        let start = String.Index(utf16Offset: 1, in: rendered)
        #expect(String(rendered.unicodeScalars[start..<String.Index(utf16Offset: 2, in: rendered)]) == "\u{301}")
        #expect(NSString(string: rendered).substring(with: NSRange(location: 1, length: 1)) == "\u{301}")
        // …but Foundation's Character-based conversion refuses a range inside "é", as documented on
        // StyledRun.range.
        #expect(Range(NSRange(location: 1, length: 1), in: rendered) == nil)
        #expect(Range(NSRange(location: 0, length: 2), in: rendered) != nil)
        let attributed = AttributedString(runs: runs)
        #expect(attributed.runs.count == 3)
        #expect(PipelineChecks.attributedStringViolations(attributed, runs: runs) == [])
    }

    @Test func everyScalarSurvivesAMegabyteOfMarkup() {
        // Every BMP scalar and every 7th supplementary one, `<`, `&` and `%` escaped, a tag every 3 scalars.
        var input = ""
        var expected = ""
        var index = 0
        input.reserveCapacity(1_300_000)
        for value in Array(0..<0xD800) + Array(0xE000...0xFFFF) + Array(stride(from: 0x10000, through: 0x10FFFF, by: 7)) {
            let scalar = String(Unicode.Scalar(UInt32(value))!)
            if index % 3 == 0 { input += index % 2 == 0 ? "<b>" : "</b>" }
            input += StyledText.escape(scalar)
            expected += scalar
            index += 1
        }
        #expect(input.utf8.count > 1_000_000)
        let text = StyledText(template: input)
        #expect(text.plainText == expected)
        #expect(text.segments.count > 60_000)
        let runs = resolver.runs(for: text)
        #expect(runs.map(\.text).joined() == expected)
        #expect(runs.last?.range.upperBound == expected.utf16.count)
        #expect(runs.allSatisfy { run in
            let start = String.Index(utf16Offset: run.range.lowerBound, in: expected)
            return start.samePosition(in: expected.unicodeScalars) != nil
        })
    }

    // MARK: Renderers

    @Test func renderersNeutraliseAMegabyteOfMarkupAndControls() {
        let unit = "<&>\"'\u{1B}[31m\r\n\u{85}\u{7}"
        let count = 1_000_000 / unit.utf8.count + 1
        let text = StyledText(template: String(repeating: StyledText.escape(unit), count: count))
        #expect(text.plainText == String(repeating: unit, count: count))
        let runs = resolver.runs(for: text)
        #expect(runs.count == 1)
        let html = HTMLRenderer().render(runs)
        #expect(html == String(repeating: "&lt;&amp;&gt;\"'\u{FFFD}[31m<br>\u{FFFD}\u{FFFD}", count: count))
        let plain = String(repeating: "<&>\"'\u{241B}[31m\r\n\u{FFFD}\u{2407}", count: count)
        #expect(ANSIRenderer(capability: .plain).render(runs) == plain)
        #expect(ANSIRenderer(capability: .trueColor).render(runs) == plain)  // no style: no escape sequence at all
        let bold = StyleResolver(base: MarkupStyle(font: .init(weight: .bold))).runs(for: text)
        #expect(ANSIRenderer(capability: .trueColor).render(bold) == "\u{1B}[1m" + plain + "\u{1B}[22m\u{1B}[0m")
        #expect(PipelineChecks.htmlViolations(HTMLRenderer().render(bold), runs: bold) == [])
    }

    @Test func htmlKeepsAMegabyteOfWhiteSpace() {
        // Runs of spaces, tabs and line breaks that a browser would collapse, in runs of alternating styles, cut
        // inside the runs of spaces: every space after the first of a run, or at a line's start, is a no-break
        // space, and the output grows linearly with the text.
        let unit = "a   b\t\t \n  c "
        let count = 1_000_000 / unit.utf8.count + 1
        var text = StyledText()
        let piece = String(repeating: unit, count: 1_000)
        for index in 0..<count / 1_000 {
            text += index % 2 == 0 ? "\(piece)" : "\(piece, .important)"
        }
        let runs = resolver.runs(for: text)
        #expect(runs.count == count / 1_000)
        // Unstyled, the runs' HTML is their text alone, however the runs fall.
        let html = HTMLRenderer().render(runs)
        let tab = #"<span style="white-space: pre">\#t\#t</span>"#
        #expect(html == String(repeating: "a &#160;&#160;b" + tab + " <br>&#160;&#160;c ", count: count / 1_000 * 1_000))
        let some = Array(runs.prefix(4))
        #expect(PipelineChecks.htmlViolations(HTMLRenderer().render(some), runs: some) == [])
    }

    @Test func renderersKeepDeeplyNestedLinksSafe() {
        // 1,000 nested links, innermost wins; only allowed schemes become links.
        var input = ""
        for index in 0..<1000 {
            input += index % 2 == 0 ? "<a href='https://e.com/\(index)'>" : "<a href='javascript:alert(\(index))'>"
        }
        input += "x" + String(repeating: "</a>y", count: 1000)
        let resolver = PipelineChecks.resolver
        let runs = resolver.runs(for: StyledText(template: input))
        #expect(runs.count == 1001)
        let html = HTMLRenderer().render(runs)
        #expect(!html.contains("javascript"))
        #expect(PipelineChecks.htmlViolations(html, runs: runs) == [])
        let ansi = ANSIRenderer(capability: .trueColor).render(runs)
        #expect(!ansi.contains("javascript"))
        #expect(PipelineChecks.ansiViolations(ansi, runs: runs, capability: .trueColor, actionPrefix: nil) == [])
    }

    // MARK: Limits

    @Test func inputOverTheLengthLimitIsKeptWholeAsPlainText() {
        var options = StyledText.Template.Options()
        options.maximumLength = 1000
        let input = String(repeating: "<b>bold</b> &amp; %@ <!-- ", count: 40_000)
        let text = StyledText(template: input, "argument", options: options)
        #expect(text.plainText == input)
        #expect(text.segments.count == 1 && text.segments[0].stack.isEmpty)
        let template = StyledText.Template(input, options: options)
        #expect(template.diagnostics.map(\.kind) == [.inputTooLong])
        #expect(template.filled(with: ["argument"]) == text)
    }
}
