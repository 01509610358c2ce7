import Foundation
import Testing
@testable import StyledText

@Suite struct MarkupStyleTests {
    @Test func fillingKeepsDecidedFieldsAndFillsTheRest() {
        let url = URL(string: "https://example.com")!
        let inner = MarkupStyle(font: .init(weight: .bold), foregroundColor: .red,
                                underline: MarkupStyleLine(.wavy), paragraph: .init(alignment: .center))
        let outer = MarkupStyle(font: .init(size: 12, weight: .light, italic: true, family: "Georgia"),
                                foregroundColor: .blue, backgroundColor: .yellow,
                                underline: MarkupStyleLine(.single, color: .green), kern: 1, baselineOffset: 2,
                                link: url, paragraph: .init(alignment: .left, lineSpacing: 3), textCase: .uppercase)
        let merged = inner.filling(from: outer)
        #expect(merged.font == MarkupStyleFont(size: 12, weight: .bold, italic: true, family: "Georgia"))
        #expect(merged.foregroundColor == .red)
        #expect(merged.backgroundColor == .yellow)
        #expect(merged.underline == MarkupStyleLine(.wavy, color: .green))
        #expect(merged.kern == 1 && merged.baselineOffset == 2 && merged.link == url)
        #expect(merged.paragraph == MarkupStyleParagraph(alignment: .center, lineSpacing: 3))
        #expect(merged.textCase == .uppercase)
        #expect(MarkupStyle().filling(from: outer) == outer)
        #expect(outer.filling(from: MarkupStyle()) == outer)
    }

    /// Styles deciding one field each, every field of the style, the font and the paragraph; made anew each call, so
    /// that two calls share no storage.
    private static func singleFieldStyles() -> [MarkupStyle] {
        let url = URL(string: "https://example.com/a")!
        return [
            MarkupStyle(font: .init(size: 12)), MarkupStyle(font: .init(weight: .bold)),
            MarkupStyle(font: .init(italic: true)), MarkupStyle(font: .init(family: "Georgia")),
            MarkupStyle(font: .init(monospaced: true)), MarkupStyle(font: .init(textStyle: .body)),
            MarkupStyle(foregroundColor: .red), MarkupStyle(backgroundColor: .yellow),
            MarkupStyle(underline: MarkupStyleLine(.single)),
            MarkupStyle(underline: MarkupStyleLine(.wavy, color: .green)),
            MarkupStyle(strikethrough: MarkupStyleLine(.single)),
            MarkupStyle(strikethrough: MarkupStyleLine(.double, color: .blue)),
            MarkupStyle(kern: 1), MarkupStyle(baselineOffset: 2), MarkupStyle(link: url),
            MarkupStyle(paragraph: .init(alignment: .center)), MarkupStyle(paragraph: .init(lineSpacing: 3)),
            MarkupStyle(paragraph: .init(lineHeightMultiple: 1.5)), MarkupStyle(paragraph: .init(paragraphSpacing: 4)),
            MarkupStyle(paragraph: .init(paragraphSpacingBefore: 5)), MarkupStyle(paragraph: .init(headIndent: 6)),
            MarkupStyle(paragraph: .init(tailIndent: 7)), MarkupStyle(paragraph: .init(firstLineHeadIndent: 8)),
            MarkupStyle(textCase: .uppercase), MarkupStyle(),
        ]
    }

    /// `inner.filling(from: outer)` written field by field with the public parts' own fillings.
    private static func expectedFilling(_ inner: MarkupStyle, from outer: MarkupStyle) -> MarkupStyle {
        func line(_ inner: MarkupStyleLine?, _ outer: MarkupStyleLine?) -> MarkupStyleLine? {
            guard var inner else { return outer }
            inner.color = inner.color ?? outer?.color
            return inner
        }
        return MarkupStyle(font: inner.font.filling(from: outer.font),
                           foregroundColor: inner.foregroundColor ?? outer.foregroundColor,
                           backgroundColor: inner.backgroundColor ?? outer.backgroundColor,
                           underline: line(inner.underline, outer.underline),
                           strikethrough: line(inner.strikethrough, outer.strikethrough),
                           kern: inner.kern ?? outer.kern, baselineOffset: inner.baselineOffset ?? outer.baselineOffset,
                           link: inner.link ?? outer.link, paragraph: inner.paragraph.filling(from: outer.paragraph),
                           textCase: inner.textCase ?? outer.textCase)
    }

    @Test func fillingTakesEveryFieldAndLeavesSharedStylesAlone() {
        let singles = Self.singleFieldStyles()
        // Inner styles of one field and of two; each filled from every style of one field and from a busy one.
        var inners = singles
        for (index, style) in singles.enumerated() {
            inners.append(style.filling(from: singles[(index + 7) % singles.count]))
        }
        let busy = singles.reduce(MarkupStyle()) { $0.filling(from: $1) }
        #expect(busy.font == MarkupStyleFont(size: 12, weight: .bold, italic: true, family: "Georgia", monospaced: true,
                                             textStyle: .body))
        let twins = Self.singleFieldStyles()
        for inner in inners {
            for outer in singles + [busy] {
                let expected = Self.expectedFilling(inner, from: outer)
                // Shared storage (`inner` still holds it): filled in a copy.
                #expect(inner.filling(from: outer) == expected, "\(inner) filled from \(outer)")
                // Storage of its own: filled in place.
                var unique = inner
                unique.kern = inner.kern
                unique.fill(from: outer)
                #expect(unique == expected, "\(inner) filled in place from \(outer)")
            }
        }
        // Changing a copy leaves the style it was copied from alone, too.
        for style in singles {
            var copy = style
            copy.font.size = 99
            copy.link = nil
            copy.paragraph.headIndent = 99
            #expect(copy.font.size == 99 && copy.paragraph.headIndent == 99)
        }
        // The styles filled from, and the inner ones, are as they were made.
        #expect(singles == twins)
        #expect(Array(inners.prefix(singles.count)) == twins)
    }

    @Test func emptiness() {
        #expect(MarkupStyle().isEmpty)
        #expect(!MarkupStyle(kern: 0).isEmpty)
        #expect(MarkupStyleFont().isEmpty && MarkupStyleParagraph().isEmpty)
        // `isEmpty` checks field by field: every field alone must count.
        let fonts: [MarkupStyleFont] = [.init(size: 1), .init(weight: .bold), .init(italic: false), .init(family: "x"),
                                        .init(monospaced: false), .init(textStyle: .body)]
        #expect(fonts.allSatisfy { !$0.isEmpty })
        let paragraphs: [MarkupStyleParagraph] = [
            .init(alignment: .left), .init(lineSpacing: 0), .init(lineHeightMultiple: 1), .init(paragraphSpacing: 0),
            .init(paragraphSpacingBefore: 0), .init(headIndent: 0), .init(tailIndent: 0), .init(firstLineHeadIndent: 0),
        ]
        #expect(paragraphs.allSatisfy { !$0.isEmpty })
    }

    @Test func weightsClampAndFindNearestStep() {
        #expect(MarkupStyleFont.Weight(0).value == 1)
        #expect(MarkupStyleFont.Weight(5000).value == 1000)
        #expect(MarkupStyleFont.Weight(.nan) == .regular)
        #expect(MarkupStyleFont.Weight(640).nearestNamedStep == .semibold)
        #expect(MarkupStyleFont.Weight(650).nearestNamedStep == .bold)
        #expect(MarkupStyleFont.Weight(1).nearestNamedStep == .ultraLight)
        #expect(MarkupStyleFont.Weight.bold.description == "bold")
        #expect(MarkupStyleFont.Weight(550).description == "550")
        #expect(MarkupStyleFont.Weight.semibold > .medium)
    }

    @Test func textStyleGivesDefaultSize() {
        #expect(MarkupStyleFont(textStyle: .body).effectiveSize == 17)
        #expect(MarkupStyleFont(size: 9, textStyle: .body).effectiveSize == 9)
        #expect(MarkupStyleFont().effectiveSize == nil)
    }

    @Test func textCaseTransforms() {
        #expect(MarkupStyle.TextCase.uppercase.apply(to: "straße") == "STRASSE")
        #expect(MarkupStyle.TextCase.lowercase.apply(to: "ÀB") == "àb")
        #expect(MarkupStyle.TextCase.capitalized.apply(to: "hello world") == "Hello World")
        #expect(MarkupStyle.TextCase(rawValue: "none").apply(to: "x") == "x")
    }
}

@Suite struct MarkupStyleDescriptionTests {
    @Test func describesDecidedFieldsOnly() {
        #expect(MarkupStyle().description == "plain")
        #expect(MarkupStyle(font: .init(size: 14, weight: .semibold), foregroundColor: .blue).description
            == "size 14, semibold, #0000ff")
        let busy = MarkupStyle(font: .init(size: 12.5, italic: true, monospaced: true),
                               backgroundColor: MarkupStyleColor(red: 1, green: 0, blue: 0, alpha: 0.5),
                               underline: MarkupStyleLine(.wavy, color: .red), kern: 1,
                               paragraph: .init(alignment: .center, headIndent: 4), textCase: .uppercase)
        #expect(busy.description
            == "size 12.5, italic, monospaced, background rgba(255, 0, 0, 0.5), underline wavy #ff0000, kern 1, align center, paragraph spacing/indents, uppercase")
    }
}
