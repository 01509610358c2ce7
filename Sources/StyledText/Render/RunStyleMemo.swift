/// What a renderer derives from a run's style — CSS, SGR codes, tags as bytes — made once per distinct style:
/// neighbouring runs usually share a style, and a document uses a few.
///
/// Looked up by the run's shared resolved style first, by the object's address (``IdentityTable``): runs inside
/// the same tags share one object, and a probe or two with an identity comparison spares hashing anything per run
/// (`Hasher` alone would cost more than copying a run's bytes). Styles resolved apart but equal by value are found
/// by value, once per object.
struct RunStyleMemo<Value> {
    private var byObject = IdentityTable<SharedStyle, Value>()
    private var byStyle: [MarkupStyle: Value] = [:]

    /// The value made for `shared`, or for a style equal to it; `nil` when there is none yet: then make one and
    /// ``insert(_:for:)`` it.
    mutating func value(for shared: SharedStyle) -> Value? {
        if let value = byObject.value(for: shared) { return value }
        return valueByStyle(for: shared)
    }

    /// The value made for a run's style, found by identity (the per-run fast path, which retains nothing) or else
    /// by an equal style; `nil` when there is none yet: then make one and ``insert(_:for:)`` it.
    @inline(__always)
    mutating func value(for run: UnsafePointer<StyledRun>) -> Value? {
        let key = IdentityTable<SharedStyle, Value>.key(of: run.pointee.shared)
        if let value = byObject.value(forKey: key) { return value }
        return valueByStyle(for: run.pointee.shared)
    }

    /// Remembers the value made for `shared`.
    mutating func insert(_ value: Value, for shared: SharedStyle) {
        byStyle[shared.style] = value
        byObject.setValue(value, for: shared)
    }

    @inline(never)
    private mutating func valueByStyle(for shared: SharedStyle) -> Value? {
        guard let value = byStyle[shared.style] else { return nil }
        byObject.setValue(value, for: shared)
        return value
    }
}
