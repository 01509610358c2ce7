import FuzzSupport

/// CSS colours: `MarkupStyleColor(css:)` ignores ASCII case and surrounding white space, keeps components in 0…1, and its `cssString` and `hexString` parse back. (No CSS style-declaration parser exists yet.)
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzCheck(data, size, PipelineChecks.cssTarget)
    return 0
}
