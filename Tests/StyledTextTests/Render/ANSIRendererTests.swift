import Foundation
import Testing
@testable import StyledText

@Suite struct ANSIRendererTests {
    let plain = StyleResolver()
    let bold = StyleResolver().style("important", MarkupStyle(font: .init(weight: .bold)))
    let trueColor = ANSIRenderer(capability: .trueColor)

    // MARK: Snapshots

    @Test(arguments: [ANSIRenderer.Capability.trueColor, .colors256, .colors16, .noColor, .plain])
    func rendersEveryStyleFieldAtEachCapability(_ capability: ANSIRenderer.Capability) {
        let renderer = ANSIRenderer(capability: capability) { id in URL(string: "https://example.com/action/\(id)") }
        let output = RenderFixtures.text.ansi(RenderFixtures.resolver, using: renderer)
        assertSnapshot(visibleEscapes(output), named: "ANSIRenderer.\(capability)")
    }

    // MARK: Structure

    @Test func documentedExamplesHold() {
        #expect(trueColor.render("Hi \("Eve", .important)", resolver: bold) == "Hi \u{1B}[1mEve\u{1B}[22m\u{1B}[0m")
        let red = StyleResolver(base: MarkupStyle(foregroundColor: .red))
        #expect(ANSIRenderer(capability: .colors16).render(red.runs(for: "alert"))
            == "\u{1B}[91malert\u{1B}[39m\u{1B}[0m")
        let text: StyledText = "x \("y", .important)"
        #expect(text.ansi(bold, using: ANSIRenderer(capability: .noColor)) == "x \u{1B}[1my\u{1B}[22m\u{1B}[0m")
        #expect(ANSIRenderer.Capability.colors256 > .colors16)
    }

    @Test func unstyledTextHasNoEscapeSequencesAtAll() {
        #expect(StyledText("just text\n").ansi(plain, using: trueColor) == "just text\n")
        #expect(StyledText().ansi(plain, using: trueColor) == "")
    }

    @Test func eachStretchClosesWhatItOpenedAndTheOutputEndsReset() {
        let resolver = StyleResolver()
            .style("a", MarkupStyle(font: .init(weight: .bold, italic: true), foregroundColor: .red))
            .style("b", MarkupStyle(backgroundColor: .blue, strikethrough: .single))
        let output = ("\("one", .tag("a")) \("two", .tag("b"))" as StyledText).ansi(resolver, using: trueColor)
        #expect(output == "\u{1B}[1;3;38;2;255;0;0mone\u{1B}[22;23;39m \u{1B}[9;48;2;0;0;255mtwo\u{1B}[29;49m\u{1B}[0m")
    }

    @Test func neighbouringRunsThatLookTheSameShareOneSequence() {
        let resolver = StyleResolver()
            .style("a", MarkupStyle(font: .init(weight: .bold)))
            .style("b", MarkupStyle(font: .init(weight: .heavy)))
        let output = ("\("one", .tag("a"))\("two", .tag("b"))" as StyledText).ansi(resolver, using: trueColor)
        #expect(output == "\u{1B}[1monetwo\u{1B}[22m\u{1B}[0m")
    }

    struct WeightCase: Sendable, CustomStringConvertible {
        var weight: MarkupStyleFont.Weight
        var sgr: String
        var description: String { "\(weight)" }
    }

    @Test(arguments: [
        WeightCase(weight: .ultraLight, sgr: "2"), WeightCase(weight: .light, sgr: "2"),
        WeightCase(weight: .regular, sgr: ""), WeightCase(weight: .medium, sgr: ""),
        WeightCase(weight: .semibold, sgr: "1"), WeightCase(weight: .black, sgr: "1"),
    ])
    func heavyWeightsAreBoldAndLightOnesFaint(_ weightCase: WeightCase) {
        let sgr = ANSIRenderer.SGR(style: MarkupStyle(font: .init(weight: weightCase.weight)), capability: .trueColor)
        #expect(sgr.open == (weightCase.sgr.isEmpty ? "" : "\u{1B}[\(weightCase.sgr)m"))
    }

    @Test func underlineStylesNeedTwoHundredFiftySixColours() {
        func code(_ style: MarkupStyleLine.Style, _ capability: ANSIRenderer.Capability) -> String {
            ANSIRenderer.SGR(style: MarkupStyle(underline: MarkupStyleLine(style)), capability: capability).open
        }
        #expect(code(.single, .trueColor) == "\u{1B}[4m")
        #expect(code(.thick, .trueColor) == "\u{1B}[4m")
        #expect(code(.double, .trueColor) == "\u{1B}[4:2m")
        #expect(code(.wavy, .colors256) == "\u{1B}[4:3m")
        #expect(code(.dotted, .trueColor) == "\u{1B}[4:4m")
        #expect(code(.dashed, .trueColor) == "\u{1B}[4:5m")
        #expect(code(.wavy, .colors16) == "\u{1B}[4m")
        #expect(code(.wavy, .noColor) == "\u{1B}[4m")
        let coloured = ANSIRenderer.SGR(style: MarkupStyle(underline: MarkupStyleLine(.wavy, color: .red)),
                                        capability: .trueColor)
        #expect(coloured == ANSIRenderer.SGR(open: "\u{1B}[4:3;58;2;255;0;0m", close: "\u{1B}[24;59m"))
    }

    @Test func coloursMapToTheNearestPaletteEntry() {
        #expect(ANSIRenderer.SGR.nearest256(255, 0, 0) == 196)
        #expect(ANSIRenderer.SGR.nearest256(128, 128, 128) == 244)
        #expect(ANSIRenderer.SGR.nearest256(0, 0, 0) == 16)
        #expect(ANSIRenderer.SGR.nearest256(255, 255, 255) == 231)
        #expect(ANSIRenderer.SGR.nearest256(0x66, 0x33, 0x99) == 60)
        #expect(ANSIRenderer.SGR.nearest16(255, 0, 0) == 9)
        #expect(ANSIRenderer.SGR.nearest16(0, 128, 0) == 2)
        #expect(ANSIRenderer.SGR.nearest16(128, 128, 128) == 8)
        #expect(ANSIRenderer.SGR.color(.red, base: 48, capability: .colors16) == "101")
        #expect(ANSIRenderer.SGR.color(MarkupStyleColor(rgb: 0x800000), base: 38, capability: .colors16) == "31")
        #expect(ANSIRenderer.SGR.color(.red, base: 38, capability: .colors256) == "38;5;196")
        #expect(ANSIRenderer.SGR.color(.red, base: 38, capability: .noColor) == nil)
        #expect(ANSIRenderer.SGR.color(.clear, base: 38, capability: .trueColor) == nil)
    }

    @Test func textCaseIsAppliedToTheText() {
        let resolver = StyleResolver().style("caps", MarkupStyle(textCase: .uppercase))
        #expect(("\("straße", .tag("caps")) ok" as StyledText).ansi(resolver, using: trueColor) == "STRASSE ok")
    }

    @Test func imagesBecomeTheirAltText() {
        let text: StyledText = "[\(StyledText.Image(named: "dice", alt: "🎲"))|\(StyledText.Image(named: "x"))]"
        #expect(text.ansi(plain, using: trueColor) == "[🎲|]")
    }

    @Test func linksBecomeOSC8HyperlinksWhenTheirSchemeIsAllowed() throws {
        let site = try #require(URL(string: "https://example.com/a b"))
        let script = try #require(URL(string: "javascript:alert(1)"))
        let text: StyledText = "\("site", .link(site)) \("script", .link(script))"
        #expect(text.ansi(plain, using: trueColor)
            == "\u{1B}]8;;https://example.com/a%20b\u{1B}\\site\u{1B}]8;;\u{1B}\\ script\u{1B}[0m")
        #expect(text.ansi(plain, using: ANSIRenderer(capability: .trueColor, hyperlinks: false)) == "site script")
        #expect(text.ansi(plain, using: ANSIRenderer(capability: .plain)) == "site script")
    }

    // MARK: Safety

    @Test func controlCharactersInTextBecomeVisiblePlaceholders() {
        let hostile = "a\u{1B}[31mred\u{1B}]8;;https://evil\u{07}b\u{9B}2Jc\u{85}d\u{0}e\u{7F}f\rg\r\nh\ti\u{8}j£k"
        let expected = "a␛[31mred␛]8;;https://evil␇b\u{FFFD}2Jc\u{FFFD}d␀e␡f␍g\r\nh\ti␈j£k"
        for capability in [ANSIRenderer.Capability.plain, .noColor, .colors16, .colors256, .trueColor] {
            let output = StyledText(hostile).ansi(plain, using: ANSIRenderer(capability: capability))
            #expect(output == expected, "\(capability)")
        }
    }

    @Test func textCannotInjectEscapeSequencesAroundStyledRuns() {
        let hostile = "\u{1B}[0m\u{9B}0m\u{1B}]8;;x\u{1B}\\"
        let output = StyledText(hostile, attributes: [.important]).ansi(bold, using: trueColor)
        #expect(output == "\u{1B}[1m␛[0m\u{FFFD}0m␛]8;;x␛\\\u{1B}[22m\u{1B}[0m")
        #expect(output.unicodeScalars.filter { $0 == "\u{1B}" }.count == 3)
    }

    @Test func osc8URLsArePercentEncodedOutsidePrintableASCII() {
        let url = "https://example.com/\u{1B}]8;;evil\u{07}\u{9C} x\u{7F}é"
        let encoded = ANSIRenderer.osc8URL(url)
        #expect(encoded == "https://example.com/%1B]8;;evil%07%C2%9C%20x%7F%C3%A9")
        #expect(encoded.utf8.allSatisfy { (0x21...0x7E).contains($0) })
    }

    // MARK: Capability detection

    struct EnvironmentCase: Sendable, CustomStringConvertible {
        var environment: [String: String]
        var isTerminal: Bool
        var expected: ANSIRenderer.Capability
        var description: String { "\(environment.sorted { $0.key < $1.key }) tty=\(isTerminal)" }
    }

    @Test(arguments: [
        EnvironmentCase(environment: [:], isTerminal: false, expected: .plain),
        EnvironmentCase(environment: ["COLORTERM": "truecolor"], isTerminal: false, expected: .plain),
        EnvironmentCase(environment: ["TERM": "xterm"], isTerminal: true, expected: .colors16),
        EnvironmentCase(environment: ["TERM": "xterm-256color"], isTerminal: true, expected: .colors256),
        EnvironmentCase(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"], isTerminal: true,
                        expected: .trueColor),
        EnvironmentCase(environment: ["COLORTERM": "24bit"], isTerminal: true, expected: .trueColor),
        EnvironmentCase(environment: ["TERM": "dumb"], isTerminal: true, expected: .plain),
        EnvironmentCase(environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"], isTerminal: true, expected: .noColor),
        EnvironmentCase(environment: ["NO_COLOR": ""], isTerminal: true, expected: .colors16),
        EnvironmentCase(environment: ["NO_COLOR": "1"], isTerminal: false, expected: .plain),
        EnvironmentCase(environment: ["FORCE_COLOR": "1"], isTerminal: false, expected: .colors16),
        EnvironmentCase(environment: ["FORCE_COLOR": "1", "COLORTERM": "truecolor"], isTerminal: false,
                        expected: .trueColor),
        EnvironmentCase(environment: ["FORCE_COLOR": "2"], isTerminal: false, expected: .colors256),
        EnvironmentCase(environment: ["FORCE_COLOR": "3", "TERM": "dumb"], isTerminal: false, expected: .trueColor),
        EnvironmentCase(environment: ["FORCE_COLOR": "true"], isTerminal: false, expected: .colors16),
        EnvironmentCase(environment: ["FORCE_COLOR": "1", "NO_COLOR": "1"], isTerminal: false, expected: .noColor),
        EnvironmentCase(environment: ["FORCE_COLOR": "0", "TERM": "xterm-256color"], isTerminal: true,
                        expected: .noColor),
        EnvironmentCase(environment: ["FORCE_COLOR": "false"], isTerminal: false, expected: .plain),
        EnvironmentCase(environment: ["FORCE_COLOR": ""], isTerminal: false, expected: .plain),
    ])
    func detectsTheCapabilityCommandLineUsersExpect(_ environmentCase: EnvironmentCase) {
        #expect(ANSIRenderer.Capability.detected(environment: environmentCase.environment,
                                                 isTerminal: environmentCase.isTerminal) == environmentCase.expected)
    }

    @Test func standardOutputDetectionRuns() {
        // The value depends on how the tests run; it must simply be one of the capabilities.
        let capability = ANSIRenderer.Capability.standardOutput
        #expect([ANSIRenderer.Capability.plain, .noColor, .colors16, .colors256, .trueColor].contains(capability))
    }

    // MARK: Size

    @Test func rendersAMegabyteOfTextInOnePass() {
        let line = String(repeating: "plain text, \u{1B}escape ", count: 40) + "\n"  // 801 bytes
        let big = String(repeating: line, count: 1_300)
        let output = StyledText(big, attributes: [.important]).ansi(bold, using: trueColor)
        // Each ESC (1 byte) becomes ␛ (3 bytes); the run adds "\e[1m" … "\e[22m" "\e[0m".
        #expect(output.utf8.count == big.utf8.count + 40 * 1_300 * 2 + 4 + 5 + 4)
        #expect(output.hasPrefix("\u{1B}[1mplain text, ␛escape "))
        #expect(output.hasSuffix("␛escape \n\u{1B}[22m\u{1B}[0m"))
    }

    @Test func aLongTextIsItsPartsRenderedOneAfterAnother() {
        // Far past the writer's first chunk of output, with every kind of run, non-ASCII text and control
        // characters: the part's sequences, without the reset that ends the whole output, repeated.
        let renderer = ANSIRenderer(capability: .trueColor) { id in URL(string: "https://example.com/action/\(id)") }
        let part = RenderFixtures.text + " Grüße — 日本 😀 \u{1B}[31m \u{7} \n"
        let one = renderer.render(part, resolver: RenderFixtures.resolver)
        let reset = "\u{1B}[0m"
        #expect(one.hasSuffix(reset))
        let repeated = renderer.render(Array(repeating: part, count: 300).reduce(StyledText(), +),
                                       resolver: RenderFixtures.resolver)
        #expect(one.utf8.count * 300 > UTF8Buffer.streamingChunk * 2)
        expectSameBytes(repeated, String(repeating: String(one.dropLast(reset.count)), count: 300) + reset)
    }
}
