import Foundation
import Testing
@testable import StyledText

@Suite struct LocalizationTests {
    /// The German localization of the test bundle, whatever the machine's locale.
    static func germanBundle() throws -> Bundle {
        let path = try #require(Bundle.module.path(forResource: "de", ofType: "lproj"))
        return try #require(Bundle(path: path))
    }

    static func englishBundle() throws -> Bundle {
        let path = try #require(Bundle.module.path(forResource: "en", ofType: "lproj"))
        return try #require(Bundle(path: path))
    }

    @Test func keyIsBuiltAsApplesToolsBuildIt() {
        let literal: StyledText.TemplateLiteral = "Pick: \("tea") <i>or</i> \("coffee")"
        #expect(literal.key == "Pick: %@ <i>or</i> %@")
    }

    @Test func germanTranslationReordersArgumentsAndMovesTags() throws {
        let text = StyledText(localized: "Pick: \("tea") <i>or</i> \("coffee")", bundle: try Self.germanBundle())
        #expect(text.debugDescription == "text \"Entweder\" [i]\ntext \" coffee oder tea\"")
    }

    @Test func typedPlaceholdersSurviveTranslation() throws {
        let name: StyledText = "\("Eve", .important)"
        let text = StyledText(localized: "Hello <b>\(name)</b>, you have \(3) new messages", bundle: try Self.germanBundle())
        #expect(text.parts == [
            .text("Du hast 3 neue Nachrichten, ", attributes: []),
            .text("Eve", attributes: [.tag("b"), .important]),
        ])
    }

    @Test func englishSourceTable() throws {
        let text = StyledText(localized: "Pick: \("tea") <i>or</i> \("coffee")", bundle: try Self.englishBundle())
        #expect(text.debugDescription == "text \"Pick: tea \"\ntext \"or\" [i]\ntext \" coffee\"")
    }

    @Test func missingKeyFallsBackToTheKey() throws {
        let text = StyledText(localized: "Not <b>translated</b> \(7)", bundle: try Self.germanBundle())
        #expect(text.debugDescription == "text \"Not \"\ntext \"translated\" [b]\ntext \" 7\"")
        let table = StyledText(localized: "Pick: \("a") <i>or</i> \("b")", table: "Missing", bundle: try Self.germanBundle())
        #expect(table.plainText == "Pick: a or b")
    }

    @Test func everyTranslationMatchesItsSource() throws {
        // The check a project would run over its own tables: every German entry against its key.
        let url = try #require(Bundle.module.url(forResource: "Localizable", withExtension: "strings",
                                                 subdirectory: nil, localization: "de"))
        let data = try Data(contentsOf: url)
        let table = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String])
        #expect(table.count == 2)
        for (key, translation) in table {
            let problems = StyledText.Template(key).translationDiagnostics(StyledText.Template(translation))
            #expect(problems.isEmpty, "\(key): \(problems)")
        }
    }
}
