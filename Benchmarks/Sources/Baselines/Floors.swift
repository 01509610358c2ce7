import Foundation
import StyledText

/// Baseline 3, the physical floor: find every `<` in the template with `memchr`, and do nothing else.
public enum MemchrFloor {
    /// How many `<` the bytes hold.
    public static func countLessThans(in bytes: UnsafeRawBufferPointer) -> Int {
        guard var cursor = bytes.baseAddress else { return 0 }
        let end = cursor + bytes.count
        var count = 0
        while cursor < end, let found = memchr(cursor, Int32(UInt8(ascii: "<")), end - cursor) {
            count += 1
            cursor = UnsafeRawPointer(found) + 1
        }
        return count
    }
}

/// The floor for the `AttributedString` renderer: the same string and attribute values, set by hand in the
/// fastest ways Foundation offers. Its input is prepared before timing (text, the attribute values StyledText
/// sets); the timed part is only Foundation's work: building the containers and the attributed string.
public enum AttributedStringFloor {
    /// One run's content and the attribute values a renderer sets on it.
    public struct Run: Sendable {
        public var text: Substring
        public var style: MarkupStyle
        public var attributes: StyledText.AttributeList?
        public var link: URL?
    }

    /// The renderer's input, with the attribute values materialised ahead of time (text runs only).
    public static func prepare(_ runs: [StyledRun]) -> [Run] {
        runs.map { run in
            guard case let .text(text) = run.content else { preconditionFailure("the corpus has no images") }
            let attributes = run.attributes
            return Run(text: text, style: run.style,
                       attributes: attributes.isEmpty ? nil : StyledText.AttributeList(attributes), link: run.style.link)
        }
    }

    /// Floor A: one string, then each run's range given its attributes, walking UTF-8 indices forward.
    public static func settingRanges(_ runs: [Run]) -> AttributedString {
        var string = ""
        string.reserveCapacity(runs.reduce(0) { $0 + $1.text.utf8.count })
        for run in runs { string += run.text }
        var result = AttributedString(string)
        var start = result.startIndex
        for run in runs {
            let end = result.utf8.index(start, offsetBy: run.text.utf8.count)
            result[start..<end].setAttributes(container(for: run))
            start = end
        }
        return result
    }

    /// Floor B: one attributed string per run, appended.
    public static func appending(_ runs: [Run]) -> AttributedString {
        var result = AttributedString()
        for run in runs {
            result.append(AttributedString(run.text, attributes: container(for: run)))
        }
        return result
    }

    private static func container(for run: Run) -> AttributeContainer {
        var container = AttributeContainer()
        container.markupStyle = run.style
        if let attributes = run.attributes { container.semanticAttributes = attributes }
        if let link = run.link { container.link = link }
        return container
    }
}
