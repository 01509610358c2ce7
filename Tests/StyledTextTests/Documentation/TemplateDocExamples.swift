import Foundation
import Testing
@testable import StyledText  // CharacterReferences is internal.

/// The type the `StyledTextArgument` example conforms.
fileprivate struct Money: Sendable {
    var dollars: Int
    func formatted() -> String { "$\(dollars)" }
}

extension Money: StyledTextArgument {
    func styledText(formattedAs specifier: String) -> StyledText { "\(formatted(), .tag("money"))" }
}

/// The examples in the doc comments of Sources/StyledText/Template, verbatim, run and checked.
@Suite struct TemplateDocExamples {
    @Test func characterReferences() {
        #expect(CharacterReferences.decode("Fish &amp; Chips &copy 2024 &#x1F41F;", inAttributeValue: false)
            == "Fish & Chips © 2024 🐟")
    }

    @Test func characterReferencesDecode() {
        #expect(CharacterReferences.decode("a=1&copy=2", inAttributeValue: true) == "a=1&copy=2")
        #expect(CharacterReferences.decode("a=1&copy=2", inAttributeValue: false) == "a=1©=2")
    }

    @Test func template() {
        let template = StyledText.Template("Pick: %@ <i>or</i> %@")
        let text = template("<b>tea</b>", "coffee")
        #expect(text.plainText == "Pick: <b>tea</b> or coffee")
        #expect(text.parts[1] == .text("or", attributes: [.tag("i")]))
    }

    @Test func templateCallAsFunction() {
        let greeting = StyledText.Template("Hello <b>%@</b>, you have %lld new messages")
        #expect(greeting("Eve", 3).plainText == "Hello Eve, you have 3 new messages")
    }

    @Test func initTemplate() {
        let text = StyledText(template: "bowties are <b>cool</b>, says %@", "<i>Eve</i>")
        #expect(text.parts[1] == .text("cool", attributes: [.tag("b")]))
        #expect(text.plainText == "bowties are cool, says <i>Eve</i>")
        #expect(text.parts == [
            .text("bowties are ", attributes: []),
            .text("cool", attributes: [.tag("b")]),
            .text(", says <i>Eve</i>", attributes: []),
        ])
    }

    @Test func initValidating() {
        var printed: [String] = []
        func print(_ item: Any) { printed.append("\(item)") }

        do {
            _ = try StyledText(validating: "Hello <b>%@", "Eve")
        } catch {
            print(error)
            // error: unclosed tag <b>
            //  --> 1:7
            //   | Hello <b>%@
            //   |       ^
        }
        #expect(printed == ["""
            error: unclosed tag <b>
             --> 1:7
              | Hello <b>%@
              |       ^
            """])
    }

    @Test func plainTextOfTemplate() {
        #expect(StyledText.plainText(ofTemplate: "Hi <b>%@</b> &amp; <Hottest> deals<!-- note -->, 100%%")
            == "Hi %@ & <Hottest> deals, 100%")
    }

    @Test func escape() {
        #expect(StyledText.escape("5 < 6 & 100%") == "5 &lt; 6 &amp; 100%%")
        #expect(StyledText(template: StyledText.escape("5 < 6 & 100%")).plainText == "5 < 6 & 100%")
    }

    @Test func templateLiteral() {
        let name = "Eve"
        let literal: StyledText.TemplateLiteral = "Hello <b>\(name)</b>, 100% \(42)"
        #expect(literal.key == "Hello <b>%@</b>, 100%% %lld")
        #expect(literal.arguments.count == 2)
    }

    @Test func initMarkup() {
        let name = "<Eve>"
        let text = StyledText(markup: "Hello <b>\(name)</b>!")
        #expect(text.parts[1] == .text("<Eve>", attributes: [.tag("b")]))
        #expect(text.parts == [
            .text("Hello ", attributes: []),
            .text("<Eve>", attributes: [.tag("b")]),
            .text("!", attributes: []),
        ])
    }

    @Test func initLocalized() throws {
        // de.lproj/Localizable.strings: "Pick: %@ <i>or</i> %@" = "<i>Entweder</i> %2$@ oder %1$@";
        let text = StyledText(localized: "Pick: \("tea") <i>or</i> \("coffee")", bundle: .module)
        // Which translation `.module` picks depends on the machine's locale; the German one is checked below.
        #expect(["Pick: tea or coffee", "Entweder coffee oder tea"].contains(text.plainText))

        let path = try #require(Bundle.module.path(forResource: "de", ofType: "lproj"))
        let german = StyledText(localized: "Pick: \("tea") <i>or</i> \("coffee")", bundle: try #require(Bundle(path: path)))
        #expect(german.plainText == "Entweder coffee oder tea")
    }

    @Test func styledTextArgument() {
        #expect(StyledText(template: "<b>%@</b> has %lld points (%.1f%%)", "<i>Eve</i>", 42, 99.5).plainText
            == "<i>Eve</i> has 42 points (99.5%)")
    }

    @Test func styledTextArgumentConformance() {
        let text = StyledText(template: "Total: <b>%@</b>", Money(dollars: 5))
        #expect(text.parts == [.text("Total: ", attributes: []), .text("$5", attributes: [.tag("b"), .tag("money")])])
    }

    @Test func translationDiagnostics() {
        let source = StyledText.Template("Pick: %@ <i>or</i> %@")
        let problems = source.translationDiagnostics(StyledText.Template("Wähle: %1$@ <b>oder</b>"))
        #expect(problems.map(\.kind) == [.renamedTag, .missingPlaceholder])
    }

    @Test func templateError() {
        var printed: [String] = []
        func print(_ item: Any) { printed.append("\(item)") }

        do {
            _ = try StyledText(validating: "bowties are <b>cool")
        } catch {
            print(error)   // error: unclosed tag <b> …
            #expect(error.diagnostics.map(\.kind) == [.unclosedTag])
        }
        #expect(printed.count == 1 && printed[0].hasPrefix("error: unclosed tag <b>\n --> 1:13"))
    }

    @Test func templateOptions() {
        var options = StyledText.Template.Options()
        options.isolatesArguments = true        // wrap arguments in U+2068 … U+2069 for right-to-left text
        options.knownTagNames.insert("story")   // an unclosed <story> stays open like an HTML element
        let template = StyledText.Template("Hello %@", options: options)
        #expect(template("Eve").plainText == "Hello \u{2068}Eve\u{2069}")
        let story = StyledText(template: "a <story>b", options: options)
        #expect(story.parts == [.text("a ", attributes: []), .text("b", attributes: [.tag("story")])])
        #expect(StyledText(template: "a <story>b").plainText == "a <story>b")
    }

    @Test func blockTagNames() {
        var options = StyledText.Template.Options()
        options.blockTagNames = ["step"]
        let text = StyledText(template: "<step>Mix</step><step>Bake</step>", options: options)
        let laidOut =
            StyleResolver().block("step") { _, step in "\(step.index). " }.runs(for: text).map(\.text).joined()
        #expect(laidOut == "1. Mix\n2. Bake")
    }
}
