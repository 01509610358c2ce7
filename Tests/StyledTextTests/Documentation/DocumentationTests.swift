import Foundation
import Testing

/// Keeps documentation honest: every Swift example in the README, the Docs folder and the library's `///`
/// comments must appear, line by line, in one of the example test files beside this one, which compile and run it.
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

    // MARK: - Doc comments

    /// Whether a source file cannot compile on Linux, so its examples cannot run here: everything under
    /// `Render/Apple/`, and any file whose code (after its imports) is wrapped in `#if canImport(UIKit)`,
    /// `AppKit` or `SwiftUI`.
    ///
    /// Skipped today (3 examples): `Render/Apple/NSAttributedString+StyledText.swift` (a `UILabel` set up with
    /// `NSAttributedString(_:resolver:)`) and `Render/Apple/SwiftUI+StyledText.swift` (two `Text` views with
    /// `OpenURLAction`).
    static func isAppleOnly(path: String, source: String) -> Bool {
        if path.hasPrefix("Render/Apple/") { return true }
        let code = source.split(separator: "\n").lazy.map { $0.trimmingCharacters(in: .whitespaces) }
        guard let first = code.first(where: { !$0.isEmpty && !$0.hasPrefix("//") && !$0.hasPrefix("import ") }) else {
            return false
        }
        return first.hasPrefix("#if")
            && ["canImport(UIKit)", "canImport(AppKit)", "canImport(SwiftUI)"].contains { first.contains($0) }
    }

    /// The ```swift blocks inside the `///` comments of a Swift source, each with the line it starts on.
    static func docCommentSwiftBlocks(in source: String) -> [(line: Int, code: String)] {
        var blocks: [(line: Int, code: String)] = []
        var current: (line: Int, lines: [Substring])?
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("///") else {
                current = nil  // An unterminated block ends with its comment.
                continue
            }
            var content = trimmed.dropFirst(3)
            if content.first == " " { content = content.dropFirst() }
            let fence = content.trimmingCharacters(in: .whitespaces)
            if current == nil, fence == "```swift" {
                current = (index + 1, [])
            } else if let block = current, fence == "```" {
                blocks.append((block.line, block.lines.joined(separator: "\n")))
                current = nil
            } else {
                current?.lines.append(content)
            }
        }
        return blocks
    }

    /// A line of an example without its trailing `// result` comment; a `//` inside a string literal stays.
    static func droppingTrailingComment(_ line: Substring) -> Substring {
        var inString = false
        var escaped = false
        var previous: Character?
        for index in line.indices {
            let character = line[index]
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "\"" {
                inString = true
            } else if character == "/", previous == "/" {
                return line[..<line.index(before: index)]
            }
            previous = inString ? nil : character
        }
        return line
    }

    /// Every *Examples.swift file beside this one, by name, as folded lines.
    static func exampleFiles() throws -> [(name: String, text: String)] {
        let folder = packageRoot.appendingPathComponent("Tests/StyledTextTests/Documentation")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix("Examples.swift") }
        return try names.sorted().map { name in
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            return (name, text.split(separator: "\n").map(fold).joined(separator: "\n"))
        }
    }

    /// The lines of `code` that must be compiled: folded, without trailing comments, never empty.
    static func checkedLines(of code: String) -> [String] {
        code.split(separator: "\n").map { fold(droppingTrailingComment($0)) }.filter { !$0.isEmpty }
    }

    /// Whether `lines` all occur in `text`, in order.
    static func containsInOrder(_ lines: [String], in text: String) -> Bool {
        var rest = text[...]
        for line in lines {
            guard let range = rest.range(of: line) else { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }

    /// Every ```swift example in the `///` comments of the library: each block's lines must appear, in order,
    /// in one *Examples.swift file, which compiles and runs them and checks the results the comments show.
    @Test func everyDocCommentExampleIsCompiledAndRun() throws {
        let examples = try Self.exampleFiles()
        let sources = Self.packageRoot.appendingPathComponent("Sources/StyledText")
        let paths = try #require(FileManager.default.subpaths(atPath: sources.path)).filter { $0.hasSuffix(".swift") }
        var checked = 0
        for path in paths.sorted() {
            let source = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            guard !Self.isAppleOnly(path: path, source: source) else { continue }
            for block in Self.docCommentSwiftBlocks(in: source) {
                let lines = Self.checkedLines(of: block.code)
                let found = examples.contains { Self.containsInOrder(lines, in: $0.text) }
                // Name the first line found nowhere; when each line is somewhere, the order or the file is wrong.
                let missing = lines.first { line in !examples.contains { $0.text.contains(line) } }
                #expect(found, "\(path):\(block.line): not in any *Examples.swift: \(missing ?? "its lines, in order, in one file")")
                checked += 1
            }
        }
        #expect(checked > 50)
    }

    @Test func docCommentExtractorReadsOnlyTripleSlashFences() {
        let source = """
            /// Summary.
            ///
            /// ```swift
            /// let url = URL(string: "https://example.com")!  // a URL
            ///     indented(x) // result
            /// ```
            // ```swift
            // not documentation
            // ```
            ///```swift
            ///tight
            ///```
            /// ```swift
            /// unterminated
            func f() {}
            """
        let blocks = Self.docCommentSwiftBlocks(in: source)
        #expect(blocks.map(\.line) == [3, 10])
        #expect(blocks.map(\.code) == ["let url = URL(string: \"https://example.com\")!  // a URL\n    indented(x) // result", "tight"])
        #expect(Self.checkedLines(of: blocks[0].code) == ["let url = URL(string: \"https://example.com\")!", "indented(x)"])
        #expect(Self.checkedLines(of: "// comment only\n\n\"a \\\" // b\" // c") == ["\"a \\\" // b\""])
        #expect(Self.isAppleOnly(path: "Render/Apple/X.swift", source: ""))
        #expect(Self.isAppleOnly(path: "Render/X.swift", source: "import Foundation\n#if canImport(UIKit)\nimport UIKit\n#endif"))
        #expect(!Self.isAppleOnly(path: "Render/X.swift", source: "struct A {}\n#if canImport(UIKit)\nextension A {}\n#endif"))
        #expect(!Self.isAppleOnly(path: "Render/X.swift", source: "/// Works with `#if canImport(UIKit)` too."))
        #expect(Self.containsInOrder(["a", "c"], in: "a\nb\nc") && !Self.containsInOrder(["c", "a"], in: "a\nb\nc"))
    }

    @Test func extractorFindsBlocksAndSkipsPackageSnippets() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("doc-\(UUID().uuidString).md")
        try "a\n```swift\nlet x = 1\n```\n```swift\n// Package.swift\nx\n```\n```sh\nls\n```\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try Self.swiftBlocks(in: file) == ["let x = 1"])
    }
}
