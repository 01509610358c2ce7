/// How the HTML and ANSI writers read runs: in place, through a pointer into the array.
///
/// A `StyledRun` value — from `for run in runs`, or even a borrowed one — is copied whole, through its value
/// witness: more instructions a run than escaping its text. Read through a pointer, a run costs the retain of the
/// string its text is in, and its text is read as bytes, without making a `Substring`.
extension UnsafePointer<StyledRun> {
    /// Calls `body` with the UTF-8 bytes of the run's text; the run must be a text run.
    @inline(__always)
    func withTextBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        precondition(pointee.image == nil, "an image run has no text bytes")
        // The library's strings are native UTF-8, which hand out their bytes without copying.
        var base = pointee.base
        let range = pointee.utf8Range
        return base.withUTF8 { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }
}
