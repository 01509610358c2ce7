import Foundation
import Testing

/// Keeps documentation honest: every Swift example in the README and the Docs folder must appear, line by
/// line, in one of the example test files beside this one, which compile and run it.
@Suite struct DocumentationTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The ```swift blocks of a Markdown file, except Package.swift snippets (which configure, not run).
    static func swiftBlocks(in file: URL) throws -> [String] {
        let text = try String(contentsOf: file, encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
                current = []
            } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
                let block = current!.joined(separator: "\n")
                if !block.hasPrefix("// Package.swift") { blocks.append(block) }
                current = nil
            } else if current != nil {
                current!.append(line)
            }
        }
        return blocks
    }

    /// The source of every example test file, white space folded.
    static func exampleSources() throws -> String {
        let folder = packageRoot.appendingPathComponent("Tests/StyledTextTests/Documentation")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix("Examples.swift") }
        return try files.map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
            .joined(separator: "\n")
            .split(separator: "\n").map(fold).joined(separator: "\n")
    }

    static func fold(_ line: Substring) -> String {
        line.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    static func documents() throws -> [URL] {
        var result = [packageRoot.appendingPathComponent("README.md")]
        for folder in ["Docs", "Sources/StyledText/StyledText.docc"] {
            let url = packageRoot.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() where name.hasSuffix(".md") {
                result.append(url.appendingPathComponent(name))
            }
        }
        return result
    }

    @Test func everyDocumentedExampleIsCompiledAndRun() throws {
        let sources = try Self.exampleSources()
        var checked = 0
        for document in try Self.documents() {
            for block in try Self.swiftBlocks(in: document) {
                for line in block.split(separator: "\n") {
                    let folded = Self.fold(line)
                    // Comment-only lines explain; they need not be compiled.
                    guard !folded.isEmpty, !folded.hasPrefix("//") else { continue }
                    #expect(sources.contains(folded), "\(document.lastPathComponent): not in any *Examples.swift: \(folded)")
                    checked += 1
                }
            }
        }
        #expect(checked > 10)
    }

    @Test func extractorFindsBlocksAndSkipsPackageSnippets() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("doc-\(UUID().uuidString).md")
        try "a\n```swift\nlet x = 1\n```\n```swift\n// Package.swift\nx\n```\n```sh\nls\n```\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try Self.swiftBlocks(in: file) == ["let x = 1"])
    }
}
