/// Runs one target's checks on a fuzz input; a broken invariant is a crash, so libFuzzer keeps the input.
public func fuzzCheck(_ data: UnsafePointer<UInt8>, _ size: Int, _ check: ([UInt8]) -> [String]) {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let problems = check(bytes)
    guard problems.isEmpty else {
        fatalError("broken invariant:\n" + problems.prefix(5).joined(separator: "\n"))
    }
}
