import Foundation
import Testing
@testable import StyledText

/// The decisions the UIKit, AppKit and SwiftUI renderers translate; those renderers cannot compile on Linux, so
/// everything they decide is pinned down here.
@Suite struct PlatformTextAttributesTests {
    typealias Font = PlatformTextAttributes.Font

    func font(_ font: MarkupStyleFont) -> Font? { Font(font) }

    // MARK: Font

    @Test func aStyleWithoutFontDecisionsLeavesTheViewsFont() {
        #expect(font(MarkupStyleFont()) == nil)
        #expect(PlatformTextAttributes(MarkupStyle(foregroundColor: .red)).font == nil)
    }

    struct WeightCase: Sendable, CustomStringConvertible {
        var value: Double
        var expected: PlatformTextAttributes.Weight
        var description: String { "\(value)" }
    }

    @Test(arguments: [
        WeightCase(value: 1, expected: .ultraLight), WeightCase(value: 100, expected: .ultraLight),
        WeightCase(value: 250, expected: .light), WeightCase(value: 400, expected: .regular),
        WeightCase(value: 449, expected: .regular), WeightCase(value: 450, expected: .medium),
        WeightCase(value: 550, expected: .semibold), WeightCase(value: 650, expected: .bold),
        WeightCase(value: 700, expected: .bold), WeightCase(value: 851, expected: .black),
        WeightCase(value: 1000, expected: .black),
    ])
    func weightsGoToTheNearestNamedStepWithTiesHeavier(_ weightCase: WeightCase) throws {
        let decided = try #require(font(MarkupStyleFont(weight: MarkupStyleFont.Weight(weightCase.value))))
        #expect(decided.weight == weightCase.expected)
        #expect(decided.swiftUIWeight == weightCase.expected)
    }

    @Test func anExplicitSizeWithoutATextStyleIsFixed() throws {
        let decided = try #require(font(MarkupStyleFont(size: 13)))
        #expect(decided.pointSize == 13)
        #expect(decided.scalingTextStyle == nil)
        #expect(decided.face == .system)
        #expect(decided.swiftUI == .system(size: 13, monospaced: false))
    }

    @Test func aTextStyleGivesTheUnscaledDefaultSizeAndScalesWithDynamicType() throws {
        let decided = try #require(font(MarkupStyleFont(textStyle: .footnote)))
        #expect(decided.pointSize == 13)
        #expect(decided.scalingTextStyle == .footnote)
        #expect(decided.swiftUI == .textStyle(.footnote, monospaced: false))
        #expect(decided.swiftUIWeight == nil)
    }

    @Test func anExplicitSizeWithATextStyleScalesFromThatSize() throws {
        let decided = try #require(font(MarkupStyleFont(size: 20, textStyle: .body)))
        #expect(decided.pointSize == 20)
        #expect(decided.scalingTextStyle == .body)
        // SwiftUI has no scaled system font of a custom size; UIKit scales it with UIFontMetrics.
        #expect(decided.swiftUI == .system(size: 20, monospaced: false))
    }

    @Test func aFontWithNeitherSizeNorTextStyleIsBodySized() throws {
        let decided = try #require(font(MarkupStyleFont(weight: .bold)))
        #expect(decided.pointSize == 17)
        #expect(decided.scalingTextStyle == .body)
        #expect(decided.swiftUI == .textStyle(.body, monospaced: false))
        #expect(decided.swiftUIWeight == .bold)
    }

    @Test func headlineKeepsItsSemiboldWeightUnlessTheStyleDecidesOne() throws {
        #expect(try #require(font(MarkupStyleFont(textStyle: .headline))).weight == .semibold)
        #expect(try #require(font(MarkupStyleFont(textStyle: .headline))).swiftUIWeight == nil)
        #expect(try #require(font(MarkupStyleFont(textStyle: .body))).weight == .regular)
        #expect(try #require(font(MarkupStyleFont(weight: .light, textStyle: .headline))).weight == .light)
    }

    @Test func textStylesMapByNameAndUnknownOnesScaleLikeBody() throws {
        #expect(PlatformTextAttributes.TextStyle(.title) == .title1)
        #expect(PlatformTextAttributes.TextStyle(.caption) == .caption1)
        #expect(PlatformTextAttributes.TextStyle(.largeTitle) == .largeTitle)
        let display = MarkupStyleFont.TextStyle(name: "display", defaultSize: 40)
        #expect(PlatformTextAttributes.TextStyle(display) == nil)
        let decided = try #require(font(MarkupStyleFont(textStyle: display)))
        #expect(decided.pointSize == 40)
        #expect(decided.scalingTextStyle == .body)
        #expect(decided.swiftUI == .system(size: 40, monospaced: false))
    }

    @Test func italicIsATraitEverywhere() throws {
        let decided = try #require(font(MarkupStyleFont(size: 12, italic: true)))
        #expect(decided.symbolicTraits == .italic)
        #expect(decided.swiftUIItalic)
        let upright = try #require(font(MarkupStyleFont(size: 12, italic: false)))
        #expect(upright.symbolicTraits == [])
        #expect(!upright.swiftUIItalic)
    }

    @Test func theSystemFontGetsWeightAndMonospaceDirectly() throws {
        let decided = try #require(font(MarkupStyleFont(size: 12, weight: .bold, monospaced: true)))
        #expect(decided.face == .monospacedSystem)
        #expect(decided.symbolicTraits == [])
        #expect(decided.swiftUI == .system(size: 12, monospaced: true))
        #expect(!decided.swiftUIMonospaced)
    }

    @Test func aFamilyGetsBoldAndMonospaceAsTraits() throws {
        let decided = try #require(font(MarkupStyleFont(size: 12, weight: .semibold, italic: true, family: "Menlo",
                                                        monospaced: true, textStyle: .callout)))
        #expect(decided.face == .family("Menlo"))
        #expect(decided.weight == .semibold)
        #expect(decided.symbolicTraits == [.italic, .bold, .monoSpace])
        #expect(decided.swiftUI == .custom(family: "Menlo", size: 12, relativeTo: .callout))
        #expect(decided.swiftUIMonospaced)
        let medium = try #require(font(MarkupStyleFont(size: 12, weight: .medium, family: "Georgia")))
        #expect(medium.symbolicTraits == [])
        #expect(medium.swiftUI == .custom(family: "Georgia", size: 12, relativeTo: nil))
    }

    // MARK: Lines

    struct LineCase: Sendable, CustomStringConvertible {
        var style: MarkupStyleLine.Style
        var rawValue: Int
        var pattern: PlatformTextAttributes.LinePattern
        var description: String { style.rawValue }
    }

    @Test(arguments: [
        LineCase(style: .single, rawValue: 0x01, pattern: .solid),
        LineCase(style: .thick, rawValue: 0x02, pattern: .solid),
        LineCase(style: .double, rawValue: 0x09, pattern: .solid),
        LineCase(style: .dotted, rawValue: 0x0101, pattern: .dot),
        LineCase(style: .dashed, rawValue: 0x0201, pattern: .dash),
        LineCase(style: .wavy, rawValue: 0x0101, pattern: .dot),
        LineCase(style: MarkupStyleLine.Style(rawValue: "zigzag"), rawValue: 0x01, pattern: .solid),
    ])
    func linesMapToNSUnderlineStyleAndSwiftUIPatterns(_ lineCase: LineCase) {
        let line = PlatformTextAttributes.Line(MarkupStyleLine(lineCase.style, color: .red))
        #expect(line.underlineStyle == lineCase.rawValue)
        #expect(line.pattern == lineCase.pattern)
        #expect(line.color == .red)
    }

    @Test func everyFieldIsCarriedOver() throws {
        let url = try #require(URL(string: "https://example.com"))
        let attributes = PlatformTextAttributes(MarkupStyle(
            foregroundColor: .red, backgroundColor: .yellow, underline: .single,
            strikethrough: MarkupStyleLine(.double, color: .blue), kern: 1.5, baselineOffset: -2, link: url))
        #expect(attributes.foregroundColor == .red)
        #expect(attributes.backgroundColor == .yellow)
        #expect(attributes.underline?.underlineStyle == 0x01)
        #expect(attributes.strikethrough == PlatformTextAttributes.Line(MarkupStyleLine(.double, color: .blue)))
        #expect(attributes.kern == 1.5)
        #expect(attributes.baselineOffset == -2)
        #expect(attributes.link == url)
        #expect(attributes.paragraph == nil)
        #expect(PlatformTextAttributes(MarkupStyle(kern: .infinity)).kern == nil)
    }

    // MARK: Paragraph

    @Test func paragraphValuesFollowAppleConventions() throws {
        let paragraph = try #require(PlatformTextAttributes.Paragraph(MarkupStyleParagraph(
            alignment: .justified, lineSpacing: 4, lineHeightMultiple: 1.2, paragraphSpacing: 8,
            paragraphSpacingBefore: -3, headIndent: 16, tailIndent: 10, firstLineHeadIndent: 24)))
        #expect(paragraph.alignment == .justified)
        #expect(paragraph.lineSpacing == 4)
        #expect(paragraph.lineHeightMultiple == 1.2)
        #expect(paragraph.paragraphSpacing == 8)
        #expect(paragraph.paragraphSpacingBefore == 0, "negative spacing is clamped")
        #expect(paragraph.headIndent == 16)
        #expect(paragraph.tailIndent == -10, "Apple measures a tail indent from the trailing margin as negative")
        #expect(paragraph.firstLineHeadIndent == 24)
        #expect(PlatformTextAttributes.Paragraph(MarkupStyleParagraph()) == nil)
        let alignments: [MarkupStyleParagraph.Alignment] = [.natural, .left, .center, .right, .justified,
                                                            .init(rawValue: "end")]
        #expect(alignments.map { PlatformTextAttributes.Paragraph(MarkupStyleParagraph(alignment: $0))?.alignment }
            == [.natural, .left, .center, .right, .justified, .natural])
    }

    // MARK: Layout

    @Test func textCaseIsAppliedAndPiecesAreMeasuredAfterwards() {
        let resolver = StyleResolver().style("caps", MarkupStyle(textCase: .uppercase))
        let text: StyledText = "ß \("straße", .tag("caps")) é"
        let layout = PlatformTextLayout(runs: resolver.runs(for: text), attachments: true)
        #expect(layout.string == "ß STRASSE é")
        #expect(layout.pieces.map(\.utf16Range) == [0..<2, 2..<9, 9..<11])
        #expect(layout.pieces.map(\.utf8Count) == [3, 7, 3])
    }

    @Test func namedImagesBecomeAttachmentsWhereTheTargetShowsThem() {
        let size = StyledText.Image.Size(width: 16, height: 16)
        let text: StyledText = """
            a\(StyledText.Image(named: "dice", size: size, alt: "🎲"))\
            b\(StyledText.Image(url: URL(string: "https://example.com/x.png")!, alt: "x"))\
            c\(StyledText.Image(url: URL(string: "https://example.com/y.png")!))d
            """
        let runs = StyleResolver().runs(for: text)
        let uikit = PlatformTextLayout(runs: runs, attachments: true)
        #expect(uikit.string == "a\u{FFFC}bxcd")
        #expect(uikit.pieces.compactMap(\.attachment) == [PlatformTextLayout.Attachment(name: "dice", size: size)])
        let swiftUI = PlatformTextLayout(runs: runs, attachments: false)
        #expect(swiftUI.string == "a🎲bxcd")
        #expect(swiftUI.pieces.allSatisfy { $0.attachment == nil })
        #expect(swiftUI.pieces.last?.utf16Range.upperBound == swiftUI.string.utf16.count)
    }

    @Test func layoutCoversALongTextInOnePiecePerRun() {
        let big = String(repeating: "abc ", count: 300_000)
        let layout = PlatformTextLayout(runs: StyleResolver().runs(for: "\(big, .important)x"), attachments: true)
        #expect(layout.pieces.count == 2)
        #expect(layout.string.utf8.count == big.utf8.count + 1)
    }
}
