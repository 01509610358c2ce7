/// SplitMix64 (Steele, Lea & Flood 2014): a tiny seeded generator, so property tests replay identically
/// without a dependency.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }

    /// A value in `0..<count`; the modulo bias is irrelevant for tests.
    mutating func index(_ count: Int) -> Int { Int(next() % UInt64(count)) }
}
