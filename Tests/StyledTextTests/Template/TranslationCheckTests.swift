import Testing
@testable import StyledText

@Suite struct TranslationCheckTests {
    let source = StyledText.Template("Pick: %@ <i>or</i> %@")

    @Test func faithfulTranslationHasNoProblems() {
        #expect(source.translationDiagnostics(StyledText.Template("<i>Entweder</i> %2$@ oder %1$@")).isEmpty)
    }

    @Test func droppedEndTagIsCaught() {
        #expect(source.translationDiagnostics(StyledText.Template("Wähle: %@ <i>oder %@")).map(\.kind) == [.unclosedTag])
    }

    @Test func droppedPlaceholderIsCaughtAtItsSourcePosition() throws {
        let problems = source.translationDiagnostics(StyledText.Template("Wähle: %1$@ <i>oder</i>"))
        #expect(problems.map(\.kind) == [.missingPlaceholder])
        let problem = try #require(problems.first)
        #expect(problem.subject == "%2$@")
        #expect(problem.column == 20)
    }

    /// A tag that an implied end closes and opens again in the next item is one tag of the source, not two.
    @Test func tagsReopenedAfterImpliedEndsCountOnce() {
        let list = StyledText.Template("<ul><li><b>%@<li>%@</b></ul>")
        #expect(list.translationDiagnostics(StyledText.Template("<ul><li><b>%@</b><li>%@</ul>")).isEmpty)
        let unbolded = list.translationDiagnostics(StyledText.Template("<ul><li>%@<li>%@</ul>"))
        #expect(unbolded.map(\.kind) == [.missingTag])
    }

    @Test func renamedMissingAndExtraTags() {
        let renamed = source.translationDiagnostics(StyledText.Template("Wähle: %@ <b>oder</b> %@"))
        #expect(renamed.map(\.kind) == [.renamedTag])
        #expect(renamed.first?.subject == "<i> became <b>")
        let missing = source.translationDiagnostics(StyledText.Template("Wähle: %@ oder %@"))
        #expect(missing.map(\.kind) == [.missingTag])
        let extra = source.translationDiagnostics(StyledText.Template("<u>Wähle</u>: %@ <i>oder</i> %@"))
        #expect(extra.map(\.kind) == [.extraTag])
    }

    @Test func extraAndChangedPlaceholders() {
        let problems = source.translationDiagnostics(StyledText.Template("%1$lld <i>oder</i> %2$@ %3$@"))
        #expect(problems.map(\.kind) == [.changedPlaceholder, .extraPlaceholder])
        #expect(problems.map(\.subject) == ["%@ became %1$lld", "%3$@"])
    }

    @Test func placeholdersInParametersCount() {
        let link = StyledText.Template("<a href='%@'>here</a>")
        #expect(link.translationDiagnostics(StyledText.Template("<a href='x'>hier</a>")).map(\.kind) == [.missingPlaceholder])
    }
}
