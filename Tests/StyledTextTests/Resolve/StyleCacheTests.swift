import Foundation
import Testing
@testable import StyledText

/// A resolver remembers resolved styles across calls of `runs(for:)`: what it may keep, and when it must forget.
@Suite struct StyleCacheTests {
    /// Counts rule calls from any thread.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        var count: Int { lock.lock(); defer { lock.unlock() }; return value }
        func increment() { lock.lock(); value += 1; lock.unlock() }
    }

    @Test func aSecondCallCallsNoRules() {
        let counter = Counter()
        let resolver = StyleResolver().style("story") { story, _ in
            counter.increment()
            return MarkupStyle(foregroundColor: story["type"] == "1" ? .red : .orange)
        }
        let text = StyledText(template: "<story type='1'>a</story> <story type='2'>b <b>c</b></story>")
        let first = resolver.runs(for: text)
        #expect(counter.count == 2)
        // A text parsed again has new nodes, equal to the remembered ones.
        let second = resolver.runs(for: StyledText(template: "<story type='1'>a</story> <story type='2'>b <b>c</b></story>"))
        #expect(counter.count == 2)
        #expect(second == first)
        #expect(second.map(\.style.foregroundColor) == [.red, nil, .orange, .orange])
    }

    @Test func runsOfEqualStacksShareOneResolvedStackAcrossCalls() {
        let resolver = StyleResolver().style("b", MarkupStyle(font: .init(weight: .bold)))
        // A resolver's first call on a thread goes through its shared table; from the second on, through the
        // thread's own.
        _ = resolver.runs(for: StyledText(template: "x <b>y</b>"))
        let first = resolver.runs(for: StyledText(template: "x <b>y</b>"))
        // Built another way, by interpolation: whether or not its node is the template's, the cache hands out the
        // resolved stack the first call made.
        let text: StyledText = "\("z", .tag("b")) w"
        let second = resolver.runs(for: text)
        #expect(second[0].resolved === first[1].resolved)
        #expect(second[0].stack == text.segments[0].stack && second[0].style.font.weight == .bold)
        // The unstyled runs share one resolved empty stack, the thread's, with the resolver's base style.
        #expect(second[1].resolved === first[0].resolved && second[1].style == resolver.base)
        #expect(second[1].resolved.shared === resolver.resolvedBase.shared)
    }

    @Test func copiesThatStyleDifferentlyRememberNothing() {
        let bold = StyleResolver().style("b", MarkupStyle(font: .init(weight: .bold)))
        let text = StyledText(template: "<b>x</b>")
        #expect(bold.runs(for: text)[0].style.font == MarkupStyleFont(weight: .bold))

        let italic = bold.style("b", MarkupStyle(font: .init(italic: true)))
        #expect(italic.runs(for: text)[0].style.font == MarkupStyleFont(italic: true))

        let computed = bold.style("b") { _, _ in MarkupStyle(foregroundColor: .green) }
        #expect(computed.runs(for: text)[0].style.foregroundColor == .green)

        let fallback = StyleResolver().fallback { _, _ in MarkupStyle(foregroundColor: .red) }
        #expect(fallback.runs(for: text)[0].style.foregroundColor == .red)
        let otherFallback = fallback.fallback { _, _ in MarkupStyle(foregroundColor: .blue) }
        #expect(otherFallback.runs(for: text)[0].style.foregroundColor == .blue)

        var sized = bold
        sized.base = MarkupStyle(font: .init(size: 20))
        #expect(sized.runs(for: text)[0].style.font == MarkupStyleFont(size: 20, weight: .bold))

        let merged = bold.merging(StyleResolver().style("b", MarkupStyle(foregroundColor: .purple)))
        #expect(merged.runs(for: text)[0].style == MarkupStyle(foregroundColor: .purple))

        // And the original still resolves as before.
        #expect(bold.runs(for: text)[0].style == MarkupStyle(font: .init(weight: .bold)))
    }

    @Test func copiesThatStyleAlikeShareWhatTheyRemember() {
        let counter = Counter()
        let resolver = StyleResolver().style("b") { _, _ in
            counter.increment()
            return MarkupStyle(font: .init(weight: .bold))
        }
        let copy = resolver.element("hr", "—")
        _ = resolver.runs(for: StyledText(template: "<b>x</b>"))
        _ = copy.runs(for: StyledText(template: "<b>y</b>"))
        #expect(counter.count == 1)
    }

    @Test func tappableClosuresAreNotKeptAlive() {
        final class Screen: Sendable {}
        let resolver = StyleResolver().style("tappable", MarkupStyle(foregroundColor: .blue))
        weak var released: Screen?
        do {
            let screen = Screen()
            released = screen
            let text: StyledText = "Open \("settings", .tappable { _ = screen })"
            #expect(resolver.runs(for: text)[1].style.foregroundColor == .blue)
        }
        #expect(released == nil)
        #expect(resolver.cache.count == 0)
    }

    @Test func remembersAtMostItsCapacity() {
        let counter = Counter()
        let resolver = StyleResolver().style("story") { _, _ in
            counter.increment()
            return MarkupStyle(foregroundColor: .red)
        }
        let distinct = StyleCache.capacity * 2 + 10
        var template = ""
        for index in 0..<distinct { template += "<story type='\(index)'>x</story>" }
        _ = resolver.runs(for: StyledText(template: template))
        #expect(counter.count == distinct)
        #expect(resolver.cache.count <= StyleCache.capacity)
        #expect(resolver.cache.count > 0)
        // Many calls of a few stacks each: the cache starts over when full and never grows past its capacity.
        for index in 0..<distinct { _ = resolver.runs(for: StyledText(template: "<story type='x\(index)'>x</story>")) }
        #expect(resolver.cache.count <= StyleCache.capacity)
    }

    @Test func deepStacksAreNotRemembered() {
        let depth = StyleCache.maximumDepth + 8
        let template = String(repeating: "<b>", count: depth) + "x"
        let resolver = StyleResolver().style("b", MarkupStyle(font: .init(weight: .bold)))
        let runs = resolver.runs(for: StyledText(template: template))
        #expect(runs.count == 1 && runs[0].style.font.weight == .bold)
        #expect(resolver.cache.count == StyleCache.maximumDepth)
    }

    @Test func aTableFindsEqualStacksAndNothingElse() {
        // Nearly full, so that probe sequences run long and cross; every lookup uses a new but equal stack.
        func stack(_ index: Int) -> AttributeStack {
            AttributeStack.empty.pushing(contentsOf: [.tag("p"), .tag("story", ["type": String(index)])])
        }
        var table = StyleTable()
        let count = StyleCache.capacity - 1
        for index in 0..<count {
            table.insert(ResolvedStack(stack(index), SharedStyle(MarkupStyle(kern: Double(index)))))
        }
        #expect(table.count == count)
        for index in 0..<count {
            let found = table.style(for: stack(index).top!)
            #expect(found?.shared.style.kern == Double(index) && found?.stack == stack(index))
        }
        #expect(table.style(for: stack(count).top!) == nil)
        #expect(table.style(for: AttributeStack.empty.pushing(.tag("story", ["type": "1"])).top!) == nil)
        // Inserting an equal stack replaces its style instead of adding an entry.
        table.insert(ResolvedStack(stack(7), SharedStyle(MarkupStyle(kern: -1))))
        #expect(table.count == count)
        #expect(table.style(for: stack(7).top!)?.shared.style.kern == -1)
        // The empty stack is never a table entry: the resolver's base stands for it.
        table.insert(ResolvedStack(.empty, SharedStyle(MarkupStyle(kern: 1))))
        #expect(table.count == count)
    }

    /// Each thread keeps the styles of a resolver it calls more than once in a table of its own
    /// (`TemplateScratch.takeStyles(of:base:on:)`), made from the cache's shared table at the second call: the
    /// objects its runs retain are its own, so that threads sharing a resolver do not write to the same reference
    /// counts; the runs are equal, and no rule is called again.
    @Test func eachThreadKeepsTheStylesItResolved() {
        let counter = Counter()
        let resolver = StyleResolver().style("b") { _, _ in
            counter.increment()
            return MarkupStyle(font: .init(weight: .bold))
        }
        let template = "x <b>y</b> z"
        @Sendable func threeCalls() -> ([StyledRun], [StyledRun], [StyledRun]) {
            (resolver.runs(forTemplate: template), resolver.runs(forTemplate: template),
             resolver.runs(forTemplate: template))
        }
        let (firstCall, second, third) = onFreshThread(threeCalls)
        #expect(counter.count == 1)
        #expect(third[1].resolved === second[1].resolved && third[0].resolved === second[2].resolved)
        #expect(second[1].resolved !== firstCall[1].resolved)
        let (otherFirst, _, other) = onFreshThread(threeCalls)
        #expect(counter.count == 1)
        #expect(other == third && otherFirst == firstCall)
        #expect(otherFirst[1].resolved === firstCall[1].resolved)
        #expect(other[1].resolved !== third[1].resolved && other[0].resolved !== third[0].resolved)
        #expect(other[1].resolved.shared === third[1].resolved.shared)
    }

    /// A thread keeps tables of styles for up to `TemplateScratch.threadStyleTables` resolvers; one more, while
    /// all of those are alive, resolves through its cache's shared table, which remembers too. Switching back and
    /// forth between them resolves nothing again.
    @Test func aThreadKeepsTablesForAtMostSoManyResolvers() {
        let counter = Counter()
        let resolvers = (0...TemplateScratch.threadStyleTables).map { index in
            StyleResolver().style("b") { _, _ in
                counter.increment()
                return MarkupStyle(kern: Double(index))
            }
        }
        let (kept, calls, kerns) = onFreshThread {
            // Twice each: a thread makes a table for a resolver at its second call.
            for resolver in resolvers + resolvers { _ = resolver.runs(forTemplate: "<b>x</b>") }
            let kept = resolvers.map { TemplateScratch.threadStyleCount(of: $0.cache) }
            let before = counter.count
            var kerns: [Double?] = []
            for resolver in resolvers.reversed() + resolvers {
                kerns.append(resolver.runs(forTemplate: "<b>x</b>")[0].style.kern)
            }
            return (kept, (before, counter.count), kerns)
        }
        #expect(kept == Array(repeating: 1, count: TemplateScratch.threadStyleTables) + [nil])
        #expect(calls.0 == resolvers.count && calls.1 == calls.0)
        let expected = resolvers.indices.map { Double($0) }
        #expect(kerns == expected.reversed() + expected)
    }

    /// A thread forgets the styles of resolvers that are gone (whose cache only the thread still holds), which
    /// makes room for others: after one fewer resolver than it keeps tables for, one more made and dropped, and
    /// another, the thread keeps a table for each resolver alive.
    @Test func aThreadForgetsTheStylesOfResolversThatAreGoneFirst() {
        let counter = Counter()
        @Sendable func resolver() -> StyleResolver {
            StyleResolver().style("b") { _, _ in
                counter.increment()
                return MarkupStyle(kern: 1)
            }
        }
        let kept = (0..<TemplateScratch.threadStyleTables - 1).map { _ in resolver() }
        let (counts, calls) = onFreshThread {
            // Twice each: a thread makes a table for a resolver at its second call.
            for resolver in kept + kept { _ = resolver.runs(forTemplate: "<b>x</b>") }
            do {
                let dropped = resolver()
                for _ in 0..<2 { _ = dropped.runs(forTemplate: "<b>x</b>") }
            }
            let last = resolver()
            for _ in 0..<2 { _ = last.runs(forTemplate: "<b>x</b>") }
            let before = counter.count
            for resolver in kept { _ = resolver.runs(forTemplate: "<b>x</b>") }
            return ((kept + [last]).map { TemplateScratch.threadStyleCount(of: $0.cache) }, (before, counter.count))
        }
        #expect(counts == Array(repeating: 1, count: TemplateScratch.threadStyleTables))
        #expect(calls.0 == kept.count + 2 && calls.1 == calls.0)
    }

    /// A thread keeps a resolver's cache and styles, not the resolver: its rules and what they capture are freed
    /// with it.
    @Test func aThreadDoesNotKeepAResolversRulesAlive() {
        final class Theme: Sendable {
            let kern = 2.0
        }
        let (released, kern) = onFreshThread {
            weak var weakTheme: Theme?
            var kern: Double?
            do {
                let theme = Theme()
                weakTheme = theme
                let resolver = StyleResolver().style("b") { _, _ in MarkupStyle(kern: theme.kern) }
                kern = resolver.runs(forTemplate: "<b>x</b>")[0].style.kern
                #expect(resolver.cache.count == 1)
            }
            return (weakTheme == nil, kern)
        }
        #expect(released && kern == 2)
    }

    /// A rule that resolves text itself, while its thread's styles are taken by the call that asked it, resolves
    /// through the resolver's shared table, and both calls keep what they resolved.
    @Test func aRuleThatResolvesTextUsesTheSharedTable() {
        let inner = StyleResolver().style("i", MarkupStyle(font: .init(italic: true)))
        let outer = StyleResolver().style("b") { _, _ in
            MarkupStyle(kern: Double(inner.runs(forTemplate: "<i>a</i>b").count))
        }
        let (runs, again, counts) = onFreshThread {
            let runs = outer.runs(forTemplate: "<b>x</b>")
            let again = inner.runs(forTemplate: "<i>a</i>b")
            return (runs, again, (outer.cache.count, inner.cache.count))
        }
        #expect(runs.map(\.style.kern) == [2])
        #expect(again.map(\.text) == ["a", "b"] && again[0].style.font.italic == true)
        // The outer call's stack in its thread's table; the inner call's in the shared one, then the thread's.
        #expect(counts.0 == 1 && counts.1 == 1)
    }

    @Test func concurrentCallsAgreeWithAFreshResolver() async {
        func makeResolver() -> StyleResolver {
            StyleResolver()
                .style("b", MarkupStyle(font: .init(weight: .bold)))
                .style("story") { story, _ in MarkupStyle(foregroundColor: story["type"] == "1" ? .red : .blue) }
        }
        let shared = makeResolver()
        let templates = (0..<64).map { "<b>a <story type='\($0 % 3)'>b</story></b> <story type='\($0 % 5)'>c</story>" }
        let expected = templates.map { makeResolver().runs(for: StyledText(template: $0)) }
        let results = await withTaskGroup(of: (Int, [StyledRun]).self) { group in
            for _ in 0..<8 {
                for (index, template) in templates.enumerated() {
                    group.addTask { (index, shared.runs(for: StyledText(template: template))) }
                }
            }
            var results: [(Int, [StyledRun])] = []
            for await result in group { results.append(result) }
            return results
        }
        #expect(results.count == 8 * 64)
        for (index, runs) in results {
            #expect(runs == expected[index])
        }
    }
}
