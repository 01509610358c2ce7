import StyledText

/// A neutral projection of one run, so that StyledText and every baseline can be checked for the same result:
/// the run's text and its tags, outermost first, each as `name` plus its parameters sorted by name
/// (`a href=/account/settings`).
public struct ProjectedRun: Hashable, Sendable, CustomStringConvertible {
    public var text: String
    public var tags: [String]

    public init(text: String, tags: [String]) {
        self.text = text
        self.tags = tags
    }

    public var description: String { "\(text.debugDescription) \(tags)" }

    /// A tag as the projection writes it.
    public static func tag(_ name: String, _ parameters: [String: String]) -> String {
        guard !parameters.isEmpty else { return name }
        return parameters.sorted { $0.key < $1.key }.reduce(into: name) { $0 += " \($1.key)=\($1.value)" }
    }

    /// StyledText's runs, projected.
    public static func of(_ runs: [StyledRun]) -> [ProjectedRun] {
        runs.map { ProjectedRun(text: $0.text, tags: $0.attributes.map { tag($0.name, $0.parameters) }) }
    }
}

/// Collects text under a stack of tags into maximal runs, the way StyledText merges neighbours with equal
/// attributes: the run-building step every baseline shares.
public struct ProjectedRunBuilder {
    public private(set) var runs: [ProjectedRun] = []
    public var stack: [String] = []
    private var pending = ""
    private var pendingTags: [String] = []

    public init() {}

    public mutating func append<S: StringProtocol>(_ text: S) {
        guard !text.isEmpty else { return }
        if pending.isEmpty {
            pendingTags = stack
        } else if pendingTags != stack {
            flush()
            pendingTags = stack
        }
        pending += text
    }

    public mutating func finish() -> [ProjectedRun] {
        flush()
        return runs
    }

    private mutating func flush() {
        guard !pending.isEmpty else { return }
        if let last = runs.last, last.tags == pendingTags {
            runs[runs.count - 1].text += pending
        } else {
            runs.append(ProjectedRun(text: pending, tags: pendingTags))
        }
        pending = ""
    }
}

/// The first difference between two projections, for a failed check.
public func firstDifference(_ expected: [ProjectedRun], _ actual: [ProjectedRun]) -> String? {
    for index in 0..<max(expected.count, actual.count) {
        let left = index < expected.count ? expected[index].description : "(none)"
        let right = index < actual.count ? actual[index].description : "(none)"
        if left != right { return "run \(index): expected \(left), got \(right)" }
    }
    return nil
}
