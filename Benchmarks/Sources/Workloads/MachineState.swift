import BenchmarkCorpus
import Foundation

/// How fast this machine answers now, apart from the library: the latency of a load that depends on the one
/// before, in blocks of growing size (`Profile machine`, and the "Machine:" benchmarks).
///
/// Each block is one random cycle through its 64-byte lines, so no prefetcher can guess the next line: a load waits
/// for the cache that holds the block, or for memory. The blocks are in 2 MB pages where the kernel grants them,
/// so the walk measures the caches rather than the TLB. The smallest block (16 KB) stays in the first-level cache,
/// whose latency in cycles is fixed, so its time tells the clock; the step at which loads slow down to memory's
/// latency tells how much of the last-level cache this VM gets. Docs/Performance.md compares the two states of the
/// machine by it.
public enum MachineState {
    /// The block sizes `report(rounds:)` walks, in kilobytes.
    public static let kilobytes = [16, 256, 1024, 2048, 4096, 16384, 65536]

    /// Prints the nanoseconds a dependent load takes in each block, the best of `rounds` walks.
    public static func report(rounds: Int) {
        for size in kilobytes {
            let chase = Chase(kilobytes: size)
            let best = (0..<max(rounds, 1)).map { _ in chase.nanosecondsPerLoad(loads: 4_000_000) }.min() ?? 0
            print("dependent load in \(size) KB: \(String(format: "%.2f", best)) ns")
        }
    }

    /// A block of memory laid out as one random cycle through its lines, and where a walk through it stands.
    /// Used by one thread at a time (a benchmark or the `Profile` tool).
    public final class Chase: @unchecked Sendable {
        private let raw: UnsafeMutableRawPointer
        private let words: UnsafeMutablePointer<Int>
        private var index: Int

        /// A block of `kilobytes`, warmed by one walk through every line.
        public init(kilobytes: Int) {
            let lineWords = 64 / MemoryLayout<Int>.stride
            let lines = kilobytes * 1024 / 64
            let hugePage = 2 << 20
            let bytes = (lines * 64 + hugePage - 1) / hugePage * hugePage
            var memory: UnsafeMutableRawPointer?
            guard posix_memalign(&memory, hugePage, bytes) == 0, let memory else { fatalError("no memory") }
            #if os(Linux)
            _ = madvise(memory, bytes, MADV_HUGEPAGE)
            #endif
            raw = memory
            words = memory.bindMemory(to: Int.self, capacity: lines * lineWords)
            // A random order of the lines (Fisher–Yates, fixed seed), each pointing at the next: one cycle of all.
            var order = Array(0..<lines)
            var random = SplitMix64(seed: 0x5EED)
            for position in stride(from: lines - 1, to: 0, by: -1) {
                order.swapAt(position, Int(random.next() % UInt64(position + 1)))
            }
            for (position, line) in order.enumerated() {
                words[line * lineWords] = order[(position + 1) % lines] * lineWords
            }
            index = order[0] * lineWords
            walk(lines)
        }

        deinit { free(raw) }

        /// Makes `loads` dependent loads; returns where the walk stands, for the caller to keep.
        @discardableResult
        @inline(never)
        public func walk(_ loads: Int) -> Int {
            var current = index
            for _ in 0..<loads { current = words[current] }
            index = current
            return current
        }

        /// The nanoseconds a dependent load takes, timed over `loads` of them.
        public func nanosecondsPerLoad(loads: Int) -> Double {
            let start = ContinuousClock.now
            walk(loads)
            let elapsed = ContinuousClock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            return seconds * 1e9 / Double(loads)
        }
    }
}
