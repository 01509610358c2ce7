import Foundation

/// The styles a resolver has resolved, kept across calls of `runs(for:)`, by attribute stack.
///
/// Rules are pure (the contract on ``StyleResolver``), so a stack resolves to the same style every time: a
/// sentence shown again, or another sentence inside the same tags, resolves without calling a rule or merging a
/// style. Every resolver value that could style differently (a rule, the fallback or the base changed) has a cache
/// of its own; copies that cannot share one.
///
/// Bounded: at most ``capacity`` stacks, each at most ``maximumDepth`` deep, and never a stack holding a tappable's
/// closure, which could keep an app's objects alive for as long as the resolver lives. When full, it starts over.
final class StyleCache: @unchecked Sendable {
    // @unchecked: `entries` is only read and written while holding `lock`.
    static let capacity = 512
    static let maximumDepth = 32

    private let lock = NSLock()
    private var entries: [AttributeStack: SharedStyle] = [:]

    /// The entries now: a copy-on-write snapshot that one call of `runs(for:)` reads without locking.
    func snapshot() -> [AttributeStack: SharedStyle] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }

    /// Adds the styles one call resolved. The caller lets go of its snapshot first, so that in the usual case of
    /// one thread the dictionary grows in place instead of being copied.
    func add(_ resolved: [(stack: AttributeStack, style: SharedStyle)]) {
        guard !resolved.isEmpty else { return }
        lock.lock()
        defer { lock.unlock() }
        if entries.count + resolved.count > Self.capacity {
            entries.removeAll(keepingCapacity: true)
        }
        for (stack, style) in resolved.prefix(Self.capacity) {
            entries[stack] = style
        }
    }

    /// How many stacks are cached.
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return entries.count
    }

    /// Whether the stack topped by `node` may be cached.
    static func admits(_ node: AttributeNode) -> Bool {
        node.depth <= maximumDepth && !node.holdsAction
    }
}
