import Testing
import StyledText

/// The examples in the doc comments of Sources/StyledText/Style, verbatim, run and checked.
@Suite struct StyleDocExamples {
    @Test func markupStyle() {
        let base = MarkupStyle(font: .init(size: 14), foregroundColor: .gray)
        let strong = MarkupStyle(font: .init(weight: .bold))
        let resolved = strong.filling(from: base)
        #expect(resolved.font == MarkupStyleFont(size: 14, weight: .bold))
        #expect(resolved.foregroundColor == .gray)
    }

    @Test func textCaseApply() {
        #expect(MarkupStyle.TextCase.uppercase.apply(to: "straße") == "STRASSE")
    }

    @Test func markupStyleDescription() {
        #expect(MarkupStyle(font: .init(size: 14, weight: .semibold), foregroundColor: .blue).description
            == "size 14, semibold, #0000ff")
    }

    @Test func markupStyleFilling() {
        let inner = MarkupStyle(font: .init(weight: .bold), foregroundColor: .red)
        let outer = MarkupStyle(font: .init(size: 12, italic: true), foregroundColor: .blue)
        let merged = inner.filling(from: outer)
        #expect(merged.font == MarkupStyleFont(size: 12, weight: .bold, italic: true))
        #expect(merged.foregroundColor == .red)
        #expect(merged.description == "size 12, bold, italic, #ff0000")
    }

    @Test func markupStyleColor() {
        let brand = MarkupStyleColor(red: 1, green: 0.5, blue: 0)
        #expect(brand.hexString == "#ff8000")
        #expect(MarkupStyleColor(css: "rebeccapurple") == MarkupStyleColor(css: "#663399"))
    }

    @Test func markupStyleColorInit8() {
        #expect(MarkupStyleColor(red8: 255, green8: 165, blue8: 0) == .orange)
    }

    @Test func markupStyleColorInitRGB() {
        #expect(MarkupStyleColor(rgb: 0x663399) == MarkupStyleColor(css: "rebeccapurple"))
    }

    @Test func markupStyleColorHexString() {
        #expect(MarkupStyleColor.orange.hexString == "#ffa500")
    }

    @Test func markupStyleColorInitCSS() {
        #expect(MarkupStyleColor(css: "#663399") == MarkupStyleColor(css: "RebeccaPurple"))
        #expect(MarkupStyleColor(css: "rgb(255 0 0 / 50%)")?.cssString == "rgba(255, 0, 0, 0.5)")
        #expect(MarkupStyleColor(css: " rgba(300, 0, 0, 2) ")?.cssString == "#ff0000")
        #expect(MarkupStyleColor(css: "#fff;") == nil)
    }

    @Test func markupStyleColorCSSString() {
        #expect(MarkupStyleColor.orange.cssString == "#ffa500")
        #expect(MarkupStyleColor(red: 1, green: 0, blue: 0, alpha: 0.25).cssString == "rgba(255, 0, 0, 0.25)")
        #expect(MarkupStyleColor(red8: 0, green8: 0, blue8: 0, alpha8: 128).cssString == "rgba(0, 0, 0, 0.502)")
    }

    @Test func markupStyleFont() {
        let heading = MarkupStyleFont(size: 20, weight: .bold)
        let body = MarkupStyleFont(size: 14, italic: true)
        #expect(heading.filling(from: body) == MarkupStyleFont(size: 20, weight: .bold, italic: true))
        #expect(MarkupStyle(font: heading.filling(from: body)).description == "size 20, bold, italic")
    }

    @Test func markupStyleFontWeight() {
        #expect(MarkupStyleFont.Weight.semibold.value == 600)
        #expect(MarkupStyleFont.Weight(650) > .semibold)
    }

    @Test func markupStyleLine() {
        let squiggle = MarkupStyleLine(.wavy, color: .red)
        let style = MarkupStyle(underline: squiggle)
        #expect(style.underline?.style == .wavy && style.underline?.color == .red)
        #expect(style.description == "underline wavy #ff0000")
    }

    @Test func markupStyleParagraph() {
        let quote = MarkupStyleParagraph(headIndent: 16, firstLineHeadIndent: 16)
        let style = MarkupStyle(paragraph: quote)
        #expect(style.paragraph.headIndent == 16 && style.paragraph.firstLineHeadIndent == 16)
        #expect(style.paragraph.alignment == nil)
    }

    @Test func markupStyleCSS() {
        let resolver = StyleResolver(base: MarkupStyle(font: .init(size: 14))).fallback { tag, inherited in
            tag["style"].map { MarkupStyle(css: $0, inherited: inherited) }
        }
        let text = StyledText(template: "<span style='color: #c00; font-size: 2em; font-weight: bolder'>Sale</span>")
        let style = resolver.runs(for: text)[0].style
        #expect(style.foregroundColor?.hexString == "#cc0000")
        #expect(style.font == MarkupStyleFont(size: 28, weight: .bold))
    }
}
