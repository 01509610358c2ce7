import Foundation
import Testing
@testable import StyledText

/// Replays every input in `Fixtures/Regressions/` — crashes, timeouts and broken invariants found by the fuzz
/// targets in `Fuzz/`, copied there by `Fuzz/run.sh` — through the checks of every target.
@Suite struct RegressionReplayTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Regressions")

    static func fixtures() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") && $0.pathExtension != "md" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test func everyRegressionPassesEveryTarget() throws {
        let fixtures = try Self.fixtures()
        for url in fixtures {
            let bytes = try [UInt8](Data(contentsOf: url))
            let targets: [(String, ([UInt8]) -> [String])] = [
                ("FuzzTemplate", PipelineChecks.templateTarget), ("FuzzEntities", PipelineChecks.entityTarget),
                ("FuzzCSS", PipelineChecks.cssTarget), ("FuzzPipeline", PipelineChecks.pipelineTarget),
            ]
            for (target, check) in targets {
                for problem in check(bytes) {
                    Issue.record("\(url.lastPathComponent) (\(target)): \(problem)")
                }
            }
        }
    }

    @Test func regressionFolderIsWhereRunShCopiesTo() {
        #expect(FileManager.default.fileExists(atPath: Self.folder.appendingPathComponent(".gitkeep").path))
    }
}
