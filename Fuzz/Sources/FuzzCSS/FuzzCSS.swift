import FuzzSupport

/// CSS colours: `MarkupStyleColor(css:)` ignores ASCII case and surrounding white space, keeps components in 0…1, and
/// its `cssString` and `hexString` parse back. CSS declaration lists: `MarkupStyle(css:inherited:)` keeps sizes,
/// spacing and line height within their clamps, makes no link, and ignores an empty declaration in front.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzCheck(data, size, PipelineChecks.cssTarget)
    return 0
}
