import FuzzSupport

/// HTML5 character references, through templates: decoding never makes markup or grows the text, is local, agrees between text and parameter values, and decodes numeric references as the spec says.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzCheck(data, size, PipelineChecks.entityTarget)
    return 0
}
