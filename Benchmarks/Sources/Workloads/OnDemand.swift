import Synchronization

/// A value made the first time it is asked for, then kept: for a benchmark's input, so that it is made in the setup
/// of the benchmark that uses it rather than when every benchmark is registered.
///
/// The harness runs each benchmark in a process of its own, and every process registers all of them. Inputs made at
/// registration are all alive in every process: the adversarial families at seven sizes hold about 120 MB, and
/// where that leaves the allocator's free room decides whether a call's largest block fits in it or is mapped afresh
/// and faulted in on every call (see Docs/Performance.md, *Run BB*).
public final class OnDemand<Value: Sendable>: Sendable {
    private let make: @Sendable () -> Value
    private let made = Mutex<Value?>(nil)

    /// A value that `make` makes, once, when ``value`` is first read.
    public init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    /// The value, made by the first read.
    public var value: Value {
        made.withLock { made in
            if let value = made { return value }
            let value = make()
            made = value
            return value
        }
    }
}
