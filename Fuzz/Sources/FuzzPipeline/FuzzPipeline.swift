import FuzzSupport

/// The whole pipeline: template (then U+001F-separated string arguments) → StyleResolver runs → every renderer, checking runs against the parts and each rendering against the runs.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzCheck(data, size, PipelineChecks.pipelineTarget)
    return 0
}
