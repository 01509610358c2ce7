/// The parameters of the tag being read, as byte ranges of the template: the first in a field, any others in an
/// array, so that the usual tag with parameters (`<a href='…'>`, `<story type='1'>`) allocates nothing.
///
/// Reused from tag to tag: emptying keeps the array's storage.
struct ScannedParameters: Sequence {
    typealias Parameter = (name: Range<Int>, value: Range<Int>?)

    private var first: Parameter?
    private var others: [Parameter] = []

    var isEmpty: Bool { first == nil }
    var count: Int { first == nil ? 0 : 1 + others.count }

    mutating func append(_ parameter: Parameter) {
        if first == nil {
            first = parameter
        } else {
            others.append(parameter)
        }
    }

    /// Empties the parameters, keeping the array's storage: one by one, because `removeAll(keepingCapacity:)` goes
    /// through a general replacement that costs more than the few parameters a tag has.
    @inline(__always)
    mutating func removeAll() {
        guard first != nil else { return }  // Most tags have none: nothing to write.
        first = nil
        while !others.isEmpty { others.removeLast() }
    }

    /// Whether a parameter is named `name`, ignoring ASCII case: the duplicate check of every parameter scanned,
    /// as a plain loop (through the sequence's iterator it cost a tag with dozens of parameters a third more).
    func containsName(_ name: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first else { return false }
        if TemplateTokenizer.sameName(first.name, name, in: bytes) { return true }
        var index = 0
        while index < others.count {
            if TemplateTokenizer.sameName(others[index].name, name, in: bytes) { return true }
            index += 1
        }
        return false
    }

    func makeIterator() -> Iterator {
        Iterator(first: first, others: others.makeIterator())
    }

    struct Iterator: IteratorProtocol {
        fileprivate var first: Parameter?
        fileprivate var others: IndexingIterator<[Parameter]>

        mutating func next() -> Parameter? {
            if let parameter = first {
                first = nil
                return parameter
            }
            return others.next()
        }
    }
}
