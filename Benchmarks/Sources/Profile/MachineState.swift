import BenchmarkCorpus
import Foundation

/// How fast this machine answers now, apart from the library: the latency of a load that depends on the one
/// before, in blocks of growing size (`Profile machine`).
///
/// Each block is one random cycle through its 64-byte lines, so no prefetcher can guess the next line: a load waits
/// for the cache that holds the block, or for memory. The blocks are in 2 MB pages where the kernel grants them,
/// so the walk measures the caches rather than the TLB. The smallest block (16 KB) stays in the first-level cache,
/// whose latency in cycles is fixed, so its time tells the clock; the step at which loads slow down to memory's
/// latency tells how much of the last-level cache this VM gets. Docs/Performance.md compares the two states of the
/// machine by it.
enum MachineState {
    /// Where the last walk ended, kept so that the walk is not optimised away.
    nonisolated(unsafe) static var lastIndex = 0

    /// The block sizes walked, in kilobytes.
    static let kilobytes = [16, 256, 1024, 2048, 4096, 16384, 65536]

    /// Prints the nanoseconds a dependent load takes in each block, the best of `rounds` walks.
    static func report(rounds: Int) {
        for size in kilobytes {
            let best = (0..<max(rounds, 1)).map { _ in nanosecondsPerLoad(kilobytes: size) }.min() ?? 0
            print("dependent load in \(size) KB: \(String(format: "%.2f", best)) ns")
        }
    }

    /// One walk of `loads` dependent loads through a random cycle of the block's lines, after a walk to warm it.
    static func nanosecondsPerLoad(kilobytes: Int, loads: Int = 4_000_000) -> Double {
        let lineWords = 64 / MemoryLayout<Int>.stride
        let lines = kilobytes * 1024 / 64
        let hugePage = 2 << 20
        var raw: UnsafeMutableRawPointer?
        let bytes = (lines * 64 + hugePage - 1) / hugePage * hugePage
        guard posix_memalign(&raw, hugePage, bytes) == 0, let raw else { fatalError("no memory for the walk") }
        defer { free(raw) }
        #if os(Linux)
        _ = madvise(raw, bytes, MADV_HUGEPAGE)
        #endif
        let words = raw.bindMemory(to: Int.self, capacity: lines * lineWords)
        // A random order of the lines (Fisher–Yates, fixed seed), each pointing at the next: one cycle of all.
        var order = Array(0..<lines)
        var random = SplitMix64(seed: 0x5EED)
        for index in stride(from: lines - 1, to: 0, by: -1) {
            order.swapAt(index, Int(random.next() % UInt64(index + 1)))
        }
        for (position, line) in order.enumerated() {
            words[line * lineWords] = order[(position + 1) % lines] * lineWords
        }
        var index = order[0] * lineWords
        for _ in 0..<min(loads, lines * 2) { index = words[index] }
        let start = ContinuousClock.now
        for _ in 0..<loads { index = words[index] }
        let elapsed = ContinuousClock.now - start
        lastIndex = index
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return seconds * 1e9 / Double(loads)
    }
}
