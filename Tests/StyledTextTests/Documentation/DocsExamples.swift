import Foundation
import Testing
import StyledText

/// The examples of Docs/*.md, verbatim, run and checked.
@Suite struct DocsExamples {
    @Test func architectureNesting() {
        let name: StyledText = "\("Eve", .tag("story", ["type": "1"]))"
        let greeting: StyledText = "Hello \(name, .important)!"
        #expect(greeting.parts[1] == .text("Eve", attributes: [.important, .tag("story", ["type": "1"])]))
    }

    @Test func architectureResolution() {
        let resolver = StyleResolver(base: MarkupStyle(font: .init(size: 14)))
            .style("b", MarkupStyle(font: .init(weight: .bold)))
            .style("i", MarkupStyle(font: .init(italic: true)))
        let runs = resolver.runs(for: StyledText(template: "<b>bold <i>both</i></b>"))
        #expect(runs[1].style.font == MarkupStyleFont(size: 14, weight: .bold, italic: true))
    }

    @Test func renderingHTMLPreset() {
        let page = StyledText(template: "<h2>Order</h2><ol><li><b>Soup</b> ×2</li><li>Bread</li></ol>")
        let resolver = StyleResolver.html(base: MarkupStyle(font: .init(size: 15)), inlineCSS: .fillsRules)
        #expect(resolver.runs(for: page).map(\.text).joined() == "Order\n1. Soup ×2\n2. Bread")
        _ = page.ansi(resolver)  // the same lines, the heading and "Soup" bold
        let ansi = ANSIRenderer(capability: .trueColor).render(resolver.runs(for: page))
        #expect(ansi == "\u{1B}[1mOrder\u{1B}[22m\n1. \u{1B}[1mSoup\u{1B}[22m ×2\n2. Bread\u{1B}[0m", "\(ansi.debugDescription)")
        let themed = StyleResolver.html.merging(StyleResolver().style("h2", MarkupStyle(foregroundColor: .blue)))
        #expect(themed.runs(for: page)[0].style.foregroundColor == .blue)
        #expect(themed.runs(for: page)[0].style.font.weight == nil)
    }

    @Test func templatesIntroduction() {
        let text = StyledText(template: "bowties are <b>cool</b>, says %@", "<i>Eve</i>")
        #expect(text.debugDescription == "text \"bowties are \"\ntext \"cool\" [b]\ntext \", says <i>Eve</i>\"")
    }

    @Test func templatesReuse() {
        let template = StyledText.Template("Hello <b>%@</b>, you have %lld messages")
        #expect(template("Eve", 3).plainText == "Hello Eve, you have 3 messages")
        #expect(template("Bob", 0).plainText == "Hello Bob, you have 0 messages")
    }

    @Test func templatesLocalization() {
        let source = StyledText.Template("Pick: %@ <i>or</i> %@")
        let german = StyledText.Template("<i>Entweder</i> %2$@ oder %1$@")
        #expect(german("tea", "coffee").plainText == "Entweder coffee oder tea")
        #expect(source.translationDiagnostics(german).isEmpty)
    }

    @Test func localizationKeys() {
        let name = "Eve"
        let count = 3
        let literal: StyledText.TemplateLiteral = "Hello <b>\(name)</b>, you have \(count) new messages"
        #expect(literal.key == "Hello <b>%@</b>, you have %lld new messages")
        let discount: StyledText.TemplateLiteral = "\(20)% off for \(name)"
        #expect(discount.key == "%lld%% off for %@")
    }

    @Test func localizationLanguageOfItsOwn() {
        func bundle(for language: String) -> Bundle {
            Bundle.module.path(forResource: language, ofType: "lproj").flatMap(Bundle.init(path:)) ?? .module
        }
        let german = StyledText(localized: "Pick: \("tea") <i>or</i> \("coffee")", bundle: bundle(for: "de"))
        #expect(german.plainText == "Entweder coffee oder tea")
    }

    @Test func localizationBrokenTranslations() {
        let source = StyledText.Template("Hello <b>%@</b>, you have %lld new messages")
        let broken = StyledText.Template("Hallo <b>%1$@, du hast 100% neue Nachrichten")
        #expect(broken("Eve", 3).plainText == "Hallo Eve, du hast 100% neue Nachrichten")
        let problems = source.translationDiagnostics(broken).map(\.kind)
        #expect(problems == [.unclosedTag, .invalidPlaceholder, .missingPlaceholder])
    }

    @Test func doccLandingPage() {
        let resolver = StyleResolver(base: MarkupStyle(font: .init(size: 14)))
            .style("important", MarkupStyle(font: .init(weight: .semibold), foregroundColor: .blue))
        let text: StyledText = "Learn more \("here", .important)"
        let rendered = AttributedString(text, resolver: resolver)
        #expect(rendered.runs.count == 2)
        #expect(rendered.runs.first { $0.semanticAttributes != nil }?.markupStyle?.foregroundColor == .blue)
    }
}
