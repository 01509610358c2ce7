import Foundation
import Testing
@testable import StyledText

@Suite struct TemplateDiagnosticTests {
    @Test func unclosedTagIsReportedCompilerStyle() throws {
        let template = StyledText.Template("bowties are <b>cool")
        let diagnostic = try #require(template.diagnostics.first)
        #expect(template.diagnostics.count == 1)
        #expect(diagnostic.kind == .unclosedTag)
        #expect((diagnostic.line, diagnostic.column, diagnostic.utf16Offset) == (1, 13, 12))
        #expect(diagnostic.description == """
            error: unclosed tag <b>
             --> 1:13
              | bowties are <b>cool
              |             ^
            """)
    }

    @Test func strictParsingThrowsEveryProblem() {
        #expect(throws: TemplateError.self) { try StyledText(validating: "a</b>c") }
        do {
            _ = try StyledText(validating: "1 < 2\n<b>x</i> %@ <Hottest>\n😀 <b", "a", "b")
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.map(\.kind) == [
                .literalLessThan, .unclosedTag, .strayEndTag, .unclosedUnknownTag, .literalLessThan, .unusedArgument,
            ])
            #expect(error.diagnostics.map { "\($0.line):\($0.column)@\($0.utf16Offset)" } == [
                "1:3@2", "2:1@6", "2:5@10", "2:13@18", "3:3@31", "3:5@33",
            ])
            #expect(error.description.contains("error: end tag </i> has no open <i>; it is dropped"))
        }
    }

    @Test func validTemplatesDoNotThrow() throws {
        let text = try StyledText(validating: "Hello <b>%@</b> &amp; 100%%", "Eve")
        #expect(text.plainText == "Hello Eve & 100%")
        #expect(StyledText.Template("<a href='%@'>x</a>").diagnostics.isEmpty)
    }

    @Test(arguments: [
        ("a</b>c", TemplateDiagnostic.Kind.strayEndTag, "b"),
        ("<b><i>x</b></i>", .misnestedEndTag, "i"),
        ("<b><i><u><s><em><strong><code><sub><sup><small>x</b>", .misnestingLimit, "i"),
        ("x <!-- y", .unterminatedComment, ""),
        ("50% off", .invalidPlaceholder, "% "),
        ("<a href='%q'>x</a>", .invalidPlaceholder, "%q"),
        ("Hi <Hottest> deals", .unclosedUnknownTag, "hottest"),
        ("4 < 5", .literalLessThan, "< 5"),
    ])
    func reportsEachKindOfRepair(input: String, kind: TemplateDiagnostic.Kind, subject: String) {
        let diagnostics = StyledText.Template(input).diagnostics
        #expect(diagnostics.map(\.kind) == [kind], "\(input)")
        #expect(diagnostics.first?.subject == subject)
        #expect(diagnostics.first.map { !$0.message.isEmpty } == true)
    }

    @Test func positionsCountUTF16AndScalars() throws {
        let diagnostic = try #require(StyledText.Template("é😀\n  x</q>").diagnostics.first)
        #expect((diagnostic.line, diagnostic.column, diagnostic.utf16Offset) == (2, 4, 7))
    }

    @Test func longLinesAreShownAroundTheColumn() throws {
        let input = String(repeating: "a", count: 10_000) + "</b>" + String(repeating: "z", count: 10_000)
        let diagnostic = try #require(StyledText.Template(input).diagnostics.first)
        #expect(diagnostic.column == 10_001)
        let lines = diagnostic.description.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count < 120 })
        #expect(lines[2].contains("</b>"))
        let caret = try #require(lines[3].firstIndex(of: "^"))
        let tag = try #require(lines[2].firstIndex(of: "<"))
        #expect(lines[3].distance(from: lines[3].startIndex, to: caret) == lines[2].distance(from: lines[2].startIndex, to: tag))
    }

    @Test func diagnosticsAreCappedWithASummary() {
        var options = StyledText.Template.Options()
        options.maximumDiagnostics = 10
        let template = StyledText.Template(String(repeating: "< ", count: 100), options: options)
        #expect(template.diagnostics.count == 11)
        #expect(template.diagnostics.last?.kind == .tooManyDiagnostics)
        #expect(template.diagnostics.last?.subject == "90")
    }

    @Test func controlCharactersInTheLineAreBlankedInReports() throws {
        let diagnostic = try #require(StyledText.Template("\u{1B}[31m</b>").diagnostics.first)
        #expect(!diagnostic.description.contains("\u{1B}"))
    }

    @Test func diagnosticsShowTheirOwnLine() {
        // Line ends are found once per line, not once per diagnostic (1,000 diagnostics on a 1 MB line scanned a
        // gigabyte); each diagnostic must still show its own line.
        let template = StyledText.Template("a <\nb < c <\n\nd <")
        #expect(template.diagnostics.map(\.line) == [1, 2, 2, 4])
        #expect(template.diagnostics.map { $0.description.split(separator: "\n")[2] }
            == ["  | a <", "  | b < c <", "  | b < c <", "  | d <"])
        let long = StyledText.Template(String(repeating: "<", count: 200_000) + "\nx <")
        #expect(long.diagnostics.count == 1001)
        #expect(long.diagnostics[999].column == 1000 && long.diagnostics.last?.kind == .tooManyDiagnostics)
        #expect(long.diagnostics.last?.subject == "199001")
    }

    @Test func argumentDiagnosticsAreCappedToo() {
        let template = StyledText.Template(String(repeating: "%@", count: 5_000) + "<b>")
        let diagnostics = template.diagnostics(argumentCount: 2)
        #expect(diagnostics.count == 1001)
        #expect(diagnostics.prefix(1000).allSatisfy { $0.kind == .missingArgument })
        #expect(diagnostics.first?.column == 5 && diagnostics.last?.kind == .tooManyDiagnostics)
        #expect(diagnostics.last?.subject == "3999")  // 4,998 missing arguments and the unclosed <b>, less 1,000
        var options = StyledText.Template.Options()
        options.maximumDiagnostics = 3
        #expect(StyledText.Template("%@ %@ %@ %@ %@", options: options).diagnostics(argumentCount: 0).map(\.kind)
            == [.missingArgument, .missingArgument, .missingArgument, .tooManyDiagnostics])
    }
}
