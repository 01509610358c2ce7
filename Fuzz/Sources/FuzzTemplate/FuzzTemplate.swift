import FuzzSupport

/// Template parsing with arguments: one-shot and reusable parsing agree, arguments (strings, styled text, numbers from the input's bytes) are inserted as data, escape round-trips, limits lose nothing, diagnostics point where they say.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzCheck(data, size, PipelineChecks.templateTarget)
    return 0
}
