/// Memory a buffer left behind for the next buffer of its kind on the same thread: what the one-pass scan
/// (``TemplateScanner``) writes its text and keeps its open tags in.
///
/// A sentence's scan allocated both and freed them when it returned: two of the five allocations of a template
/// turned into runs. The thread keeps one room of each kind (``TemplateScratch/spareRooms()``); a buffer takes
/// it when it is large enough and leaves its memory there when it is done, rather than freeing it. A buffer
/// made while the room is taken (a scan inside another, for an argument that formats itself from a template)
/// finds it empty and allocates, as it would without one; of two memories left, the larger stays. Memory over
/// ``limit`` bytes is freed, so a thread that once scanned a megabyte does not hold on to it.
///
/// The room holds raw bytes; a buffer binds them to its element type when it takes them. Only plain data is
/// kept in it: what a buffer leaves is deinitialized.
struct SpareRoom {
    private var start: UnsafeMutableRawPointer?
    private var byteCount = 0

    /// The most bytes kept: room for a long paragraph, as ``TemplateScratch/retainedLimit`` keeps for the parser.
    static let limit = 16 * 1024

    /// Takes the memory kept, when it has room for at least `minimum` bytes; else leaves it and returns `nil`.
    @inline(__always)
    mutating func take(atLeast minimum: Int) -> (start: UnsafeMutableRawPointer, byteCount: Int)? {
        guard let start, byteCount >= minimum else { return nil }
        self.start = nil
        return (start, byteCount)
    }

    /// Keeps the `byteCount` bytes at `start`, allocated by ``Heap``, for the next buffer: unless they are more
    /// than ``limit`` or less than the memory already kept, and then frees them (or frees the smaller memory kept).
    @inline(__always)
    mutating func keep(_ start: UnsafeMutableRawPointer, byteCount: Int) {
        guard byteCount <= Self.limit, byteCount > self.byteCount || self.start == nil else {
            return Heap.deallocate(start)
        }
        if let kept = self.start { Heap.deallocate(kept) }
        self.start = start
        self.byteCount = byteCount
    }

    /// Frees the memory kept.
    mutating func free() {
        if let start { Heap.deallocate(start) }
        start = nil
        byteCount = 0
    }

    /// The number of bytes kept; 0 when empty. For tests.
    var keptByteCount: Int { start == nil ? 0 : byteCount }
}
