/// What a renderer derives from a run's style — CSS declarations, SGR codes — made once per distinct style:
/// neighbouring runs usually share a style, and a document uses a few.
///
/// Looked up by the run's shared resolved style first: runs inside the same tags share one, and an identity
/// lookup spares hashing a `MarkupStyle` per run (the runs being rendered keep those styles alive meanwhile).
/// Styles resolved apart but equal by value are then found by value.
struct RunStyleMemo<Value> {
    private let make: (MarkupStyle) -> Value
    private var lastShared: (style: SharedStyle, value: Value)?
    private var byShared: [ObjectIdentifier: Value] = [:]
    private var last: (style: MarkupStyle, value: Value)?
    private var byStyle: [MarkupStyle: Value] = [:]

    init(_ make: @escaping (MarkupStyle) -> Value) {
        self.make = make
    }

    mutating func value(for run: StyledRun) -> Value {
        let shared = run.shared
        if let lastShared, lastShared.style === shared { return lastShared.value }
        let value: Value
        if let known = byShared[ObjectIdentifier(shared)] {
            value = known
        } else {
            value = self.value(for: shared.style)
            byShared[ObjectIdentifier(shared)] = value
        }
        lastShared = (shared, value)
        return value
    }

    private mutating func value(for style: MarkupStyle) -> Value {
        if let last, last.style == style { return last.value }
        let value: Value
        if let known = byStyle[style] {
            value = known
        } else {
            value = make(style)
            byStyle[style] = value
        }
        last = (style, value)
        return value
    }
}
