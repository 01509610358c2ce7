import Foundation
import Testing

/// `Tests/StyledTextTests/Snapshots/`, found from this file's own path so it works from any working directory.
private let snapshotDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()   // Support/
    .deletingLastPathComponent()   // StyledTextTests/
    .appendingPathComponent("Snapshots")

/// Compares `text` with the snapshot `Snapshots/<name>.txt`.
///
/// A missing snapshot is recorded and the test fails, so a new snapshot is always looked at once. Set
/// `STYLEDTEXT_RECORD_SNAPSHOTS=1` to re-record every snapshot a run touches (the tests then fail, to remind you
/// to review the diff). Files end with one newline, which is not part of the snapshot.
func assertSnapshot(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let file = snapshotDirectory.appendingPathComponent(name + ".txt")
    let recording = ProcessInfo.processInfo.environment["STYLEDTEXT_RECORD_SNAPSHOTS"] == "1"
    let stored = try? String(contentsOf: file, encoding: .utf8)
    if !recording, let stored {
        let expected = stored.hasSuffix("\n") ? String(stored.dropLast()) : stored
        if text != expected {
            Issue.record("""
                Snapshot \(name) differs; re-record with STYLEDTEXT_RECORD_SNAPSHOTS=1 if the change is intended.
                --- expected
                \(expected)
                +++ actual
                \(text)
                """, sourceLocation: sourceLocation)
        }
        return
    }
    do {
        try FileManager.default.createDirectory(at: snapshotDirectory, withIntermediateDirectories: true)
        try (text + "\n").write(to: file, atomically: true, encoding: .utf8)
        Issue.record("Recorded snapshot \(name) at \(file.path); review it and run again.",
                     sourceLocation: sourceLocation)
    } catch {
        Issue.record("Could not record snapshot \(name): \(error)", sourceLocation: sourceLocation)
    }
}

/// Terminal output made readable for a snapshot: ESC as `\e`, BEL as `\a`, and every other C0 control as
/// `\u{…}`. The renderers' own placeholders (`␛`) stay as they are, so the two cannot be confused.
func visibleEscapes(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
        switch scalar.value {
        case 0x1B: result += "\\e"
        case 0x07: result += "\\a"
        case 0x0A, 0x09: result.unicodeScalars.append(scalar)
        case 0x00..<0x20, 0x7F: result += "\\u{\(String(scalar.value, radix: 16))}"
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result
}
