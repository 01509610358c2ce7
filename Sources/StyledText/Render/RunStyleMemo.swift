/// What a renderer derives from a run's style — CSS, SGR codes, tags as bytes — made once per distinct style:
/// neighbouring runs usually share a style, and a document uses a few.
///
/// Looked up by the run's resolved stack first, by the object's address (``IdentityTable``): runs inside the same
/// tags share one object, and a probe or two with an identity comparison spares hashing anything per run
/// (`Hasher` alone would cost more than copying a run's bytes). Styles resolved apart but equal by value are found
/// by value, once per object.
struct RunStyleMemo<Value> {
    private var byObject = IdentityTable<ResolvedStack, Value>()
    private var byStyle: [MarkupStyle: Value] = [:]

    /// The value made for `resolved`'s style, or for a style equal to it; `nil` when there is none yet: then make
    /// one and ``insert(_:for:)`` it.
    mutating func value(for resolved: ResolvedStack) -> Value? {
        if let value = byObject.value(for: resolved) { return value }
        return valueByStyle(for: resolved)
    }

    /// The value made for a run's style, found by identity (the per-run fast path, which retains nothing) or else
    /// by an equal style; `nil` when there is none yet: then make one and ``insert(_:for:)`` it.
    @inline(__always)
    mutating func value(for run: UnsafePointer<StyledRun>) -> Value? {
        let key = IdentityTable<ResolvedStack, Value>.key(of: run.pointee.resolved)
        if let value = byObject.value(forKey: key) { return value }
        return valueByStyle(for: run.pointee.resolved)
    }

    /// Remembers the value made for `resolved`'s style.
    mutating func insert(_ value: Value, for resolved: ResolvedStack) {
        byStyle[resolved.shared.style] = value
        byObject.setValue(value, for: resolved)
    }

    @inline(never)
    private mutating func valueByStyle(for resolved: ResolvedStack) -> Value? {
        guard let value = byStyle[resolved.shared.style] else { return nil }
        byObject.setValue(value, for: resolved)
        return value
    }
}
