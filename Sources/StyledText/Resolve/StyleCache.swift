import Foundation
#if canImport(Darwin)
import os
#endif

/// The styles a resolver has resolved, kept across calls of `runs(for:)`, by attribute stack.
///
/// Rules are pure (the contract on ``StyleResolver``), so a stack resolves to the same style every time: a
/// sentence shown again, or another sentence inside the same tags, resolves without calling a rule or merging a
/// style. Every resolver value that could style differently (a rule, the fallback or the base changed) has a cache
/// of its own; copies that cannot share one.
///
/// The styles are kept per thread: each thread that resolves with the resolver keeps a table of its own for this
/// cache (`TemplateScratch.takeStyles(of:base:on:)`), for up to ``TemplateScratch/threadStyleTables`` caches, which
/// a call takes without a lock and whose resolved stacks only that thread's runs retain. The cache itself is then the
/// key those tables are kept by, and holds a table of its own, shared under a lock, for calls that do not take their
/// thread's: a resolver's first call on a thread (whose table, made at the second, starts with the shared entries), a
/// rule that resolves text while its thread's table is taken, a thread that keeps tables for as many other resolvers
/// as it may, or a platform whose threads keep nothing.
///
/// Bounded: at most ``capacity`` stacks in a table, each at most ``maximumDepth`` deep, and never a stack holding a
/// tappable's closure, which could keep an app's objects alive for as long as the resolver lives. When full, a table
/// starts over.
final class StyleCache: @unchecked Sendable {
    // @unchecked: `table` is only read and written while holding `lock`.
    static let capacity = 512
    static let maximumDepth = 32

    /// Not an `NSLock`: taking and giving one back went through Foundation to `pthread_mutex_lock` and
    /// `pthread_mutex_unlock`, 75 instructions for every call of `runs(for:)`, where an uncontended `Mutex` takes
    /// about a dozen.
    private let lock = CacheLock()
    /// Unchecked: `lock` already makes access exclusive, and the run-time check cost 76 instructions per call of
    /// `runs(for:)`, as much as taking the `NSLock` of the time.
    @exclusivity(unchecked) private var table = StyleTable()

    /// The shared entries now: a copy-on-write snapshot that one call of `runs(for:)` reads without locking.
    ///
    /// Out of line: inlined into the one pass that makes runs as it scans a template, the lock's code changed how
    /// that function was put together, which then retained and released the plain text once more.
    @inline(never)
    func snapshot() -> StyleTable {
        lock.withLock { table }
    }

    /// Adds the styles one call resolved to the shared entries. The caller lets go of its snapshot first, so that
    /// the table usually grows in place instead of being copied.
    func add(_ resolved: [ResolvedStack]) {
        guard !resolved.isEmpty else { return }
        lock.withLock { table.add(resolved) }
    }

    /// How many stacks are cached for the calling thread: in its own table if it keeps one, else in the shared one.
    var count: Int {
        TemplateScratch.threadStyleCount(of: self) ?? lock.withLock { table.count }
    }

    /// Whether the stack topped by `node` may be cached.
    static func admits(_ node: AttributeNode) -> Bool {
        node.depth <= maximumDepth && !node.holdsAction
    }
}

/// A hash table of resolved stacks by the attribute stack each tops, probed by the stack's structural hash.
///
/// Not a `Dictionary`: its lookups hash the key again with a seeded `Hasher`, while the structural hash is already
/// well mixed, and a probe compares plain integers and retains nothing until a hash matches.
struct StyleTable {
    /// One slot: the stack hash with the low bit set (0 for an empty slot), the address of the node topping the
    /// stack and the resolved stack, which holds that node. One array rather than one per field: a snapshot retains
    /// and releases one buffer instead of three, and a probe checks one bound.
    private struct Slot {
        var hash = 0
        var node: UInt = 0
        var resolved: ResolvedStack?
    }

    /// The slot count is a power of two, at least twice the entries, so that probe sequences stay short; it starts
    /// small and doubles, because a resolver used once (or for one label) would otherwise pay for a thousand empty
    /// slots.
    private var slots: [Slot] = []
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// The resolved stack equal to the one `node` tops, if the table holds one.
    func style(for node: AttributeNode) -> ResolvedStack? {
        guard count > 0 else { return nil }
        let (slot, found) = slot(for: node)
        return found ? slots[slot].resolved : nil
    }

    /// The same entries, each resolved stack a new object with the same stack and style: for a thread's own table
    /// (see `TemplateScratch.takeStyles(of:base:on:)`).
    func withOwnObjects() -> StyleTable {
        var copy = self
        copy.slots = slots.map { slot in
            var own = slot
            own.resolved = slot.resolved.map { ResolvedStack($0.stack, $0.shared) }
            return own
        }
        return copy
    }

    /// Adds every stack of `resolved`, starting over whenever the table holds ``StyleCache/capacity`` stacks.
    mutating func add(_ resolved: [ResolvedStack]) {
        for stack in resolved {
            if count >= StyleCache.capacity { self = StyleTable() }
            insert(stack)
        }
    }

    /// Adds `resolved`, replacing an equal stack's entry. Its stack is not empty.
    mutating func insert(_ resolved: ResolvedStack) {
        guard let node = resolved.stack.top else { return }
        if (count + 1) * 2 > slots.count { grow() }
        let (slot, found) = slot(for: node)
        if !found {
            slots[slot].hash = node.structuralHash | 1
            count += 1
        }
        slots[slot].node = UInt(bitPattern: ObjectIdentifier(node))
        slots[slot].resolved = resolved
    }

    /// Doubles the slots (16 to start with) and places every entry again.
    private mutating func grow() {
        let old = slots
        let slotCount = max(16, 2 * old.count)
        slots = Array(repeating: Slot(), count: slotCount)
        for entry in old where entry.hash != 0 {
            var slot = entry.hash & (slotCount - 1)
            while slots[slot].hash != 0 { slot = (slot + 1) & (slotCount - 1) }
            slots[slot] = entry
        }
    }

    /// The slot of the stack equal to the one `node` tops, or the empty slot where it would go.
    private func slot(for node: AttributeNode) -> (index: Int, found: Bool) {
        let hash = node.structuralHash | 1
        let address = UInt(bitPattern: ObjectIdentifier(node))
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot].hash != 0 {
            if slots[slot].hash == hash {
                // The same node, the usual match (texts share their nodes), is told by its address, without
                // reaching the stored stack.
                if slots[slot].node == address { return (slot, true) }
                if let stored = slots[slot].resolved?.stack.top, AttributeNode.sameStack(stored, node) {
                    return (slot, true)
                }
            }
            slot = (slot + 1) & mask
        }
        return (slot, false)
    }
}

/// The lock of a ``StyleCache``: `os_unfair_lock` on Apple platforms, where `Mutex` needs macOS 15 and iOS 18;
/// elsewhere a `pthread_mutex_t`.
///
/// Not the standard library's `Mutex` on Linux, although it is taken inline when uncontended: its contended path is
/// in a library ThreadSanitizer does not see into, which then reported every access the lock orders as a race once
/// two threads had waited for it (eight reports in one run of the suite; a `Mutex` around a counter shared by four
/// threads gives one too), so the suite could not be checked under ThreadSanitizer. ThreadSanitizer intercepts
/// `pthread_mutex_lock`.
private struct CacheLock: ~Copyable, @unchecked Sendable {
    // @unchecked: the lock is what makes access exclusive; it is a pointer to it.
    #if canImport(Darwin)
    // The lock in memory of its own: an `os_unfair_lock` must not move while it is used, which a stored property
    // does not promise.
    private let unfair: os_unfair_lock_t = {
        let lock = os_unfair_lock_t.allocate(capacity: 1)
        lock.initialize(to: os_unfair_lock())
        return lock
    }()

    deinit {
        unfair.deinitialize(count: 1)
        unfair.deallocate()
    }

    /// Runs `body` holding the lock.
    @inline(__always)
    func withLock<Result>(_ body: () -> Result) -> Result {
        os_unfair_lock_lock(unfair)
        defer { os_unfair_lock_unlock(unfair) }
        return body()
    }
    #else
    // In memory of its own, as on Apple platforms: a `pthread_mutex_t` must not move either.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        return mutex
    }()

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` holding the lock.
    @inline(__always)
    func withLock<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
    #endif
}
