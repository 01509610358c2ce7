#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The arrays a one-shot template parse fills and then drops, kept between parses on the same thread.
///
/// When the parser builds `StyledText(template:arguments:)`, it makes its tokens, tags, attributes, placeholders,
/// open-tag stacks, tag names and text bytes in arrays that are gone when it returns; only the text, its segments
/// and its attribute nodes remain. Allocating those arrays afresh was eight of a sentence's eighteen allocations.
/// Each thread keeps one scratch instead, emptied but with its capacity, and the next parse on the thread starts
/// with room already made.
///
/// The thread also keeps three caches, because an app shows the same few strings again and again: the attributes
/// of tags by their bytes (``TagAttributeCache``), the attribute nodes the thread's parses and pushes made
/// (``AttributeNodeTable``, ``push(_:on:)``), so that a text with an earlier text's tags or attributes shares its
/// nodes instead of allocating equal ones, and the outcomes of character references (``CharacterReferenceMemo``).
/// The parser has the first two moved into its scratch (``take()``); the one-pass scan (``TemplateScanner``) and
/// pushes are lent them where they are (``withCaches(_:)``, ``push(_:on:)``, ``takeReferences()``).
///
/// Nothing a parse returns depends on the scratch: the arrays carry only capacity from one parse to the next (the
/// text bytes' stale contents are overwritten before they are read), and the caches hand out values equal to the
/// ones the parse would have made. It is per thread, so it needs no lock and is never shared. A parse that starts
/// inside another (an argument that formats itself from a template) finds the thread's scratch already taken,
/// empty, and its caches lent, and allocates as it would without them. Arrays that grew past ``retainedLimit``
/// bytes and a node table past ``retainedNodes`` are dropped rather than kept, so a thread that once parsed a
/// megabyte does not hold on to it.
struct TemplateScratch {
    var tokens: [TemplateToken] = []
    var tags: [TemplateTag] = []
    var attributes: [StyledText.Attribute] = []
    var placeholders: [Placeholder] = []
    var tokenizerOpen: [(name: Int, tag: Int)] = []
    var tagNames: [TagNameTable.Entry] = []
    var builderOpen: [(attribute: Int, tag: Int)] = []
    /// Spare room for text bytes: every element is room (see ``TextBytes``), its contents stale.
    var textBytes: [UInt8] = []
    /// The attributes of tags, by the bytes they are made from.
    var tagAttributes = TagAttributeCache()
    /// The attribute nodes the builders on this thread made, so that a text with the tags of an earlier one shares
    /// its nodes instead of allocating equal ones.
    var nodes = AttributeNodeTable()
    /// Whether ``nodes`` and ``tagAttributes`` are the thread's caches, moved in by ``take()``; else they are
    /// empty (the thread keeps its caches apart, where a parse that needs no arrays is lent them by pointer).
    var holdsCaches = false

    /// The largest array, in bytes, kept for the next parse: a few times what a long paragraph needs.
    static let retainedLimit = 16 * 1024
    /// The most nodes kept for the next parse: a few hundred distinct stacks of tags, as an app's strings have.
    /// A table that outgrew it (a long document) is dropped, with the nodes only it held.
    static let retainedNodes = 512

    /// The calling thread's scratch, taken from it (the thread keeps an empty one until ``recycle(_:)``), with the
    /// thread's caches moved into it unless another parse on the thread has them.
    static func take() -> TemplateScratch {
        var scratch = TemplateScratch()
        guard let box = Box.current else { return scratch }
        // One exclusive access to the box for all of it.
        swap(&scratch, &box.scratch)
        if !box.cachesLent {
            box.cachesLent = true
            scratch.holdsCaches = true
            swap(&scratch.nodes, &box.nodes.pointee)
            swap(&scratch.tagAttributes, &box.tagAttributes.pointee)
        }
        return scratch
    }

    /// Empties the scratch, keeping its capacity, and gives it back to the calling thread for its next parse, with
    /// the thread's caches if it holds them.
    ///
    /// Call it once every array taken from the scratch has been handed back and no other copy of them is alive:
    /// an array emptied while shared would allocate new room instead of keeping its own.
    static func recycle(_ scratch: inout TemplateScratch) {
        scratch.empty()
        guard let box = Box.current else { return }
        if scratch.holdsCaches {
            scratch.holdsCaches = false
            swap(&scratch.nodes, &box.nodes.pointee)
            swap(&scratch.tagAttributes, &box.tagAttributes.pointee)
            box.cachesLent = false
        }
        swap(&scratch, &box.scratch)
    }

    /// Calls `body` with the calling thread's caches alone — its node table, tag attributes and reference memo —
    /// for a parse that needs no arrays (the one pass of ``TemplateScanner``), and the thread's spare rooms
    /// (``spareRooms()``).
    ///
    /// The tables are lent where they are, by pointer: moving them out of the thread's scratch and back cost a
    /// template the empty tables left in their place, made and destroyed, about 115 instructions (`Profile
    /// tiny-parse`, 4.19 k → 4.07 k). A parse inside another (an argument that formats itself from a template)
    /// finds them lent and uses tables of its own.
    ///
    /// Inlined into its two callers: left to the optimizer, it was once inlined and once not, as their code changed,
    /// and out of line it cost a template two retains and releases more (`Profile tiny`, 4,102 → 4,286).
    @inline(__always)
    static func withCaches<Result>(
        _ body: (UnsafeMutablePointer<AttributeNodeTable>, UnsafeMutablePointer<TagAttributeCache>,
                 CharacterReferenceMemo, UnsafeMutablePointer<SpareRoom>?, Thread?) -> Result
    ) -> Result {
        // The box borrowed, not retained: the thread holds it until it exits, and the parse runs on the thread.
        guard let current = Box.currentUnmanaged else { return withOwnCaches(rooms: nil, thread: nil, body) }
        return current._withUnsafeGuaranteedRef { box in
            guard !box.cachesLent else { return withOwnCaches(rooms: box.rooms, thread: current, body) }
            box.cachesLent = true
            let references = box.references.take() ?? CharacterReferenceMemo()
            let result = body(box.nodes, box.tagAttributes, references, box.rooms, current)
            box.dropLargeNodeTable()
            box.references = references
            box.cachesLent = false
            return result
        }
    }

    /// ``withCaches(_:)`` with tables of its own, where the thread's are lent or threads keep none.
    private static func withOwnCaches<Result>(
        rooms: UnsafeMutablePointer<SpareRoom>?, thread: Thread?,
        _ body: (UnsafeMutablePointer<AttributeNodeTable>, UnsafeMutablePointer<TagAttributeCache>,
                 CharacterReferenceMemo, UnsafeMutablePointer<SpareRoom>?, Thread?) -> Result
    ) -> Result {
        var nodes = AttributeNodeTable()
        var tagAttributes = TagAttributeCache()
        return withUnsafeMutablePointer(to: &nodes) { nodes in
            withUnsafeMutablePointer(to: &tagAttributes) {
                body(nodes, $0, CharacterReferenceMemo(), rooms, thread)
            }
        }
    }

    /// The node of `attributes` (outermost first) pushed on `parent`, from the calling thread's node table: for
    /// stacks pushed without a template (``AttributeStack/pushing(contentsOf:)``: interpolation,
    /// `StyledText(_:attributes:)`), so that they share the nodes of equal stacks made before on the thread, as a
    /// template's do.
    static func push(_ attributes: [StyledText.Attribute], on parent: AttributeNode?) -> AttributeNode? {
        withThreadNodes(unshared: { pushUnshared(attributes, on: parent) }) { nodes in
            var top = parent
            attributes.withUnsafeBufferPointer { attributes in
                for index in attributes.indices { top = nodes.node(at: index, of: attributes, parent: top) }
            }
            return top
        }
    }

    /// ``push(_:on:)`` for one attribute, the usual interpolation (`\("here", .important)`), which then needs no
    /// array: making and destroying one cost about 50 instructions a value.
    static func push(_ attribute: StyledText.Attribute, on parent: AttributeNode?) -> AttributeNode {
        withThreadNodes(unshared: { AttributeNode(attribute, parent: parent) }) { nodes in
            nodes.inlinedNode(attribute, parent: parent)
        }
    }

    /// `body` with the calling thread's node table, used where it is and marked lent meanwhile, as for a parse; or
    /// `unshared()` where the thread's table is lent already or threads keep none.
    ///
    /// The box is borrowed, not retained: the thread holds it until it exits, and a push runs on the thread.
    @inline(__always)
    private static func withThreadNodes<Result>(unshared: () -> Result,
                                                _ body: (inout AttributeNodeTable) -> Result) -> Result {
        guard let box = Box.currentUnmanaged else { return unshared() }
        return box._withUnsafeGuaranteedRef { box in
            guard !box.cachesLent else { return unshared() }
            box.cachesLent = true
            let result = body(&box.nodes.pointee)
            box.dropLargeNodeTable()
            box.cachesLent = false
            return result
        }
    }

    /// ``push(_:on:)`` with a table of its own, where the thread's is lent or threads keep none.
    private static func pushUnshared(_ attributes: [StyledText.Attribute],
                                     on parent: AttributeNode?) -> AttributeNode? {
        var nodes = AttributeNodeTable()
        var top = parent
        for index in attributes.indices { top = nodes.inlinedNode(attributes[index], parent: top) }
        return top
    }

    /// The calling thread's reference memo, taken from it until ``giveBack(_:)`` (a fresh one where threads keep
    /// none, or while it is taken), and its spare rooms (``spareRooms()``): for the plain-text scan, which needs
    /// no other cache.
    static func takeReferences() -> (CharacterReferenceMemo, rooms: UnsafeMutablePointer<SpareRoom>?) {
        guard let box = Box.current else { return (CharacterReferenceMemo(), nil) }
        return (box.references.take() ?? CharacterReferenceMemo(), box.rooms)
    }

    /// The calling thread's two spare rooms, one after the other, or `nil` where threads keep none: the first for
    /// a scan's output bytes, the second for its open tags (see ``SpareRoom``). Valid while the thread runs.
    static func spareRooms() -> UnsafeMutablePointer<SpareRoom>? {
        Box.current?.rooms
    }

    /// The calling thread's table of the styles it resolved with resolvers whose cache is `cache`, moved out of the
    /// thread until ``ThreadStylesLoan/giveBack(_:)``; `nil` where threads keep none, at the cache's first call on this
    /// thread, when the thread keeps tables for as many other resolvers as it may, or while a call on this thread has
    /// the thread's styles (a rule that resolves text itself): those calls use the cache's shared table.
    ///
    /// Per thread rather than in the cache alone, which threads sharing a resolver took turns to lock: every call took
    /// its lock and retained its table, and every run retained a resolved stack the cache held, each an atomic
    /// operation on memory the other threads wrote too. Two threads sharing a resolver took 1.40 times as long a call
    /// as two with resolvers of their own (`Profile threads:2`, medians); with the table the thread's, the objects a
    /// call retains are the thread's own, and it is 1.15 times (the callers' strings they share). A thread keeps tables
    /// for up to ``threadStyleTables`` resolvers, each holding its resolver's cache (not the resolver: its rules are
    /// not kept alive), so that no other cache takes its address; the tables of resolvers that are gone make room
    /// first. A table is made at a resolver's second call on the thread, from the entries of the cache's shared table,
    /// in objects of the thread's own: a resolver made for one call leaves nothing behind.
    ///
    /// With the table comes the thread's own resolved stack for the empty stack, made from `base` (the resolver's,
    /// whose style it shares) for the same reason: every run outside every tag holds it. Valid until the table is
    /// given back.
    ///
    /// `thread` is the calling thread's (``currentThread``), which a caller may have at hand already.
    @inline(__always)
    static func takeStyles(of cache: StyleCache, base: Unmanaged<ResolvedStack>, on thread: Thread?)
        -> (table: StyleTable, base: Unmanaged<ResolvedStack>, loan: ThreadStylesLoan)? {
        guard let thread else { return nil }
        return thread._withUnsafeGuaranteedRef { box in
            box.takeStyles(of: cache, base: base).map { ($0, $1, ThreadStylesLoan(box: thread)) }
        }
    }

    /// The calling thread's scratch and caches, unretained: the thread holds them until it exits. `nil` where
    /// threads keep none.
    typealias Thread = Unmanaged<Box>

    /// The calling thread's (see ``Thread``).
    @inline(__always)
    static var currentThread: Thread? { Box.currentUnmanaged }

    /// Where a table of styles taken from a thread (``takeStyles(of:base:on:)``) goes back: the thread's box, which
    /// the thread holds until it exits. Used on the thread that took it.
    struct ThreadStylesLoan {
        fileprivate let box: Unmanaged<Box>

        /// Gives the thread its styles back, with what the call added; `table` is left empty.
        @inline(__always)
        func giveBack(_ table: inout StyleTable) {
            box._withUnsafeGuaranteedRef { box in
                swap(&box.firstStyles, &table)
                box.stylesLent = false
            }
        }
    }

    /// How many stacks the calling thread keeps for resolvers whose cache is `cache`, or `nil` if it keeps none.
    static func threadStyleCount(of cache: StyleCache) -> Int? {
        guard let box = Box.current, !box.stylesLent else { return nil }
        return box.styleCount(of: cache)
    }

    /// For how many resolvers a thread keeps tables of styles at most (``takeStyles(of:base:on:)``).
    static let threadStyleTables = 16

    /// Gives the calling thread its reference memo back.
    static func giveBack(_ references: CharacterReferenceMemo) {
        Box.current?.references = references
    }

    private mutating func empty() {
        Self.empty(&tokens)
        Self.empty(&tags)
        Self.empty(&attributes)
        Self.empty(&placeholders)
        Self.empty(&tokenizerOpen)
        Self.empty(&tagNames)
        Self.empty(&builderOpen)
        if textBytes.count > Self.retainedLimit { textBytes = [] }
        Self.dropLargeNodeTable(&nodes, with: &tagAttributes)
    }

    /// Drops `nodes` if it outgrew ``retainedNodes``, with the nodes only it held, so that a thread that once built a
    /// long document does not hold on to them, and the last nodes of `tagAttributes`, its cache, with it (see
    /// ``TagAttributeCache/forgetLastNodes()``).
    @inline(__always)
    static func dropLargeNodeTable(_ nodes: UnsafeMutablePointer<AttributeNodeTable>,
                                   with tagAttributes: UnsafeMutablePointer<TagAttributeCache>) {
        guard nodes.pointee.count > retainedNodes else { return }
        tagAttributes.pointee.forgetLastNodes()
        nodes.pointee = AttributeNodeTable()
    }

    private static func empty<Element>(_ array: inout [Element]) {
        if array.capacity * MemoryLayout<Element>.stride > retainedLimit {
            array = []
        } else {
            // Not `removeAll(keepingCapacity:)`, whose general replacement (as `ScannedParameters` found) cost
            // about a third more per array than removing the elements from the end: 215 instructions a sentence.
            // Either keeps the storage of an array no one else holds.
            array.removeLast(array.count)
        }
    }

    /// Moves an array out, leaving an empty one (which holds no storage) in its place.
    static func take<Element>(_ array: inout [Element]) -> [Element] {
        var taken: [Element] = []
        swap(&taken, &array)
        return taken
    }

    /// Where a thread keeps its scratch and its caches between parses.
    final class Box {
        var scratch = TemplateScratch()
        /// The thread's caches, each in memory of its own so that a parse can be lent it by pointer
        /// (``withCaches(_:)``, ``push(_:on:)``) or have it moved into its scratch (``take()``).
        let nodes = UnsafeMutablePointer<AttributeNodeTable>.allocate(capacity: 1)
        let tagAttributes = UnsafeMutablePointer<TagAttributeCache>.allocate(capacity: 1)
        /// The memory the thread's last scan wrote its text into and kept its open tags in (``spareRooms()``).
        let rooms = UnsafeMutablePointer<SpareRoom>.allocate(capacity: 2)
        /// The reference memo; `nil` while a scan has it, or before the first.
        @exclusivity(unchecked) var references: CharacterReferenceMemo?
        /// Whether the node table and tag attributes are lent to a parse or a push; a parse that starts meanwhile
        /// uses tables of its own. Unchecked: the box is the thread's alone, and the flag is read and written
        /// around the lending, never while a reference to it is held.
        @exclusivity(unchecked) var cachesLent = false
        /// The styles the thread's last resolver resolved (``takeStyles(of:base:on:)``), and the cache they are
        /// for; the tables of the thread's other resolvers are in ``otherStyles``. The last one's apart from the
        /// others, so that a call by the same resolver as the last one takes it without an array's checks.
        @exclusivity(unchecked) var firstStyles = StyleTable()
        @exclusivity(unchecked) var firstStylesCache: StyleCache?
        /// The thread's resolved empty stack for ``firstStylesCache`` (see
        /// ``TemplateScratch/takeStyles(of:base:on:)``).
        @exclusivity(unchecked) var firstBase: ResolvedStack?
        @exclusivity(unchecked) var otherStyles: [(cache: StyleCache?, table: StyleTable, base: ResolvedStack?)] = []
        /// Whether ``firstStyles`` is taken by a call on the thread.
        @exclusivity(unchecked) var stylesLent = false
        /// The last caches met that the thread keeps no table for, by identity: a cache gets a table at its
        /// second call, made of its shared table's entries, so that a resolver made for one call leaves nothing in
        /// the thread (and a fuzz input that makes one leaves no memory behind, which made libFuzzer look for leaks
        /// after every input: three times as long an input).
        /// Twice as many as tables, so that a thread going round a few more resolvers than it keeps tables for
        /// still makes tables for most of them.
        static let metOnceLimit = 2 * TemplateScratch.threadStyleTables
        @exclusivity(unchecked) var metOnce: [ObjectIdentifier] = []
        /// Where the next cache met once goes, once ``metOnce`` holds ``metOnceLimit``.
        @exclusivity(unchecked) var nextMetOnce = 0

        /// The styles of the resolvers whose cache is `cache`, moved out and marked taken, and the thread's resolved
        /// empty stack for them, made from `base` if new; `nil` while taken, or when the thread keeps tables for as
        /// many other resolvers as it may.
        @inline(__always)
        func takeStyles(of cache: StyleCache, base: Unmanaged<ResolvedStack>)
            -> (StyleTable, Unmanaged<ResolvedStack>)? {
            guard !stylesLent else { return nil }
            // Marked taken before tables are made or dropped: dropping one may free what a call on this thread,
            // started meanwhile, must not find half moved.
            stylesLent = true
            if firstStylesCache.map(ObjectIdentifier.init) != ObjectIdentifier(cache) {
                guard makeStylesFirst(of: cache, base: base) else {
                    stylesLent = false
                    return nil
                }
            }
            var table = StyleTable()
            swap(&table, &firstStyles)
            return (table, Unmanaged.passUnretained(firstBase.unsafelyUnwrapped))
        }

        /// Makes the styles of `cache` the first, swapped with the first where the thread keeps them, else made from
        /// the entries of the cache's shared table, in objects of the thread's own; `false` at the cache's first call
        /// on the thread (see ``metOnce``) and when there is no room for them.
        /// Tables of caches only the thread still holds (their resolvers are gone) are dropped first. Not the least
        /// recently used table dropped for a new one: a thread going round more resolvers than it keeps tables for
        /// would then resolve every stack at every call, where the cache's shared table, which the resolvers it has no
        /// room for use, knows them (three times the instructions a sentence with 20 resolvers in turn, `Profile
        /// sentence-one-step-rotating:20`).
        @inline(never)
        private func makeStylesFirst(of cache: StyleCache, base: Unmanaged<ResolvedStack>) -> Bool {
            if let index = otherStyles.firstIndex(where: { $0.cache === cache }) {
                swap(&firstStylesCache, &otherStyles[index].cache)
                swap(&firstStyles, &otherStyles[index].table)
                swap(&firstBase, &otherStyles[index].base)
                return true
            }
            let id = ObjectIdentifier(cache)
            guard metOnce.contains(id) else {
                if metOnce.count < Self.metOnceLimit {
                    metOnce.append(id)
                } else {
                    metOnce[nextMetOnce] = id
                    nextMetOnce = (nextMetOnce + 1) % Self.metOnceLimit
                }
                return false
            }
            var index = otherStyles.count
            while index > 0 {
                index -= 1
                if isKnownUniquelyReferenced(&otherStyles[index].cache) {
                    otherStyles.swapAt(index, otherStyles.count - 1)
                    otherStyles.removeLast()
                }
            }
            if firstStylesCache != nil, !isKnownUniquelyReferenced(&firstStylesCache) {
                guard otherStyles.count < TemplateScratch.threadStyleTables - 1 else { return false }
                otherStyles.append((firstStylesCache, firstStyles, firstBase))
            }
            let base = base.takeUnretainedValue()
            firstStylesCache = cache
            // What the first call (and other threads) resolved: in objects of the thread's own.
            firstStyles = cache.snapshot().withOwnObjects()
            firstBase = ResolvedStack(base.stack, base.shared)
            return true
        }

        /// How many stacks the thread keeps for resolvers whose cache is `cache`.
        func styleCount(of cache: StyleCache) -> Int? {
            if firstStylesCache === cache { return firstStyles.count }
            return otherStyles.first { $0.cache === cache }?.table.count
        }

        init() {
            nodes.initialize(to: AttributeNodeTable())
            tagAttributes.initialize(to: TagAttributeCache())
            rooms.initialize(repeating: SpareRoom(), count: 2)
        }

        deinit {
            nodes.deinitialize(count: 1)
            nodes.deallocate()
            tagAttributes.deinitialize(count: 1)
            tagAttributes.deallocate()
            rooms[0].free()
            rooms[1].free()
            rooms.deinitialize(count: 2)
            rooms.deallocate()
        }

        /// ``TemplateScratch/dropLargeNodeTable(_:with:)`` for the box's tables. Called while the tables are still
        /// marked lent: releasing nodes may run user code.
        @inline(__always)
        func dropLargeNodeTable() {
            TemplateScratch.dropLargeNodeTable(nodes, with: tagAttributes)
        }

        /// The calling thread's box, made on its first parse; `nil` where threads cannot keep one, and then
        /// every parse allocates its own arrays.
        static var current: Box? {
            #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
            guard let key else { return nil }
            if let pointer = pthread_getspecific(key) {
                return Unmanaged<Box>.fromOpaque(pointer).takeUnretainedValue()
            }
            let box = Box()
            // The thread holds the box until it exits, when the key's destructor releases it.
            guard pthread_setspecific(key, Unmanaged.passRetained(box).toOpaque()) == 0 else {
                Unmanaged.passUnretained(box).release()  // The reference the thread was to hold.
                return nil
            }
            return box
            #else
            return nil
            #endif
        }

        /// ``current`` without a reference of the caller's own: the thread's, valid while the thread runs.
        ///
        /// Inlined: left to the optimizer, it became a call of its own when the one pass's code around it grew (about
        /// 25 instructions a template).
        @inline(__always)
        static var currentUnmanaged: Unmanaged<Box>? {
            #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
            if let key, let pointer = pthread_getspecific(key) { return Unmanaged<Box>.fromOpaque(pointer) }
            #endif
            return current.map { Unmanaged.passUnretained($0) }
        }

        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
        /// The thread-specific key under which each thread keeps its box; `nil` if none could be made.
        private static let key: pthread_key_t? = {
            var key = pthread_key_t()
            #if canImport(Darwin)
            let status = pthread_key_create(&key) { pointer in
                Unmanaged<Box>.fromOpaque(pointer).release()
            }
            #else
            let status = pthread_key_create(&key) { pointer in
                guard let pointer else { return }
                Unmanaged<Box>.fromOpaque(pointer).release()
            }
            #endif
            return status == 0 ? key : nil
        }()
        #endif
    }
}
