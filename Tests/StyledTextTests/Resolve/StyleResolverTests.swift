import Foundation
import Testing
@testable import StyledText

@Suite struct StyleResolverTests {
    let bold = MarkupStyle(font: .init(weight: .bold))
    let italic = MarkupStyle(font: .init(italic: true))

    @Test func equalStacksFromDifferentTagsResolveOnce() {
        // Every `<b>` below is a node of its own; past the first few, equal ones reuse one resolution.
        final class Counter: @unchecked Sendable { var calls = 0 }
        let counter = Counter()
        let resolver = StyleResolver().style("b") { _, _ in
            counter.calls += 1
            return MarkupStyle(font: .init(weight: .bold))
        }
        let text = StyledText(template: String(repeating: "<b>x</b> ", count: 40))
        let runs = resolver.runs(for: text)
        #expect(runs.count == 80)
        #expect(runs.allSatisfy { $0.attributes.isEmpty || $0.style.font.weight == .bold })
        #expect(counter.calls < 40)
    }

    @Test func manyStacksRevisitedInTurnKeepTheirOwnStyles() {
        // More distinct stacks than the memo keeps inline, each met again later: found again by node, never
        // another node's style.
        var resolver = StyleResolver()
        for index in 0..<40 { resolver = resolver.style("t\(index)", MarkupStyle(kern: Double(index))) }
        let round = (0..<40).map { "<t\($0)>x</t\($0)> " }.joined()
        let runs = resolver.runs(for: StyledText(template: String(repeating: round, count: 3)))
        #expect(runs.count == 240)
        for run in runs {
            let expected = run.attributes.first.map { Double($0.name.dropFirst())! }
            #expect(run.style.kern == expected)
        }
    }

    @Test func innerColourWins() {
        let resolver = StyleResolver()
            .style("outer", MarkupStyle(foregroundColor: .blue))
            .style("inner", MarkupStyle(foregroundColor: .red))
        let runs = resolver.runs(for: "\("x", .tag("outer"), .tag("inner"))")
        #expect(runs.count == 1)
        #expect(runs[0].style.foregroundColor == .red)
    }

    @Test func nestedBoldAndItalicGiveBoldItalic() {
        let resolver = StyleResolver().style("b", bold).style("i", italic)
        let runs = resolver.runs(for: "\("x", .tag("b"), .tag("i"))")
        #expect(runs[0].style.font == MarkupStyleFont(weight: .bold, italic: true))
    }

    @Test func baseFillsLast() {
        let resolver = StyleResolver(base: MarkupStyle(font: .init(size: 14, weight: .regular), foregroundColor: .gray))
            .style("b", bold)
        let runs = resolver.runs(for: "a\("b", .tag("b"))")
        #expect(runs.map(\.text) == ["a", "b"])
        #expect(runs[0].style == MarkupStyle(font: .init(size: 14, weight: .regular), foregroundColor: .gray))
        #expect(runs[1].style == MarkupStyle(font: .init(size: 14, weight: .bold), foregroundColor: .gray))
    }

    @Test func dynamicRuleReadsParameters() {
        let resolver = StyleResolver().style("story") { story, _ in
            story["type"] == "1" ? MarkupStyle(foregroundColor: .red) : MarkupStyle(foregroundColor: .orange)
        }
        let runs = resolver.runs(for: "\("a", .tag("story", ["type": "1"]))\("b", .tag("story", ["type": "2"]))")
        #expect(runs.map(\.style.foregroundColor) == [.red, .orange])
    }

    @Test func dynamicRuleSeesInheritedStyleForRelativeValues() {
        let resolver = StyleResolver(base: MarkupStyle(font: .init(size: 10)))
            .style("big") { _, inherited in MarkupStyle(font: .init(size: (inherited.font.size ?? 0) * 1.5)) }
        let runs = resolver.runs(for: "\("a", .tag("big"))\("b", .tag("big"), .tag("big"))")
        #expect(runs.map(\.style.font.size) == [15, 22.5])
    }

    @Test func fallbackHandlesUnknownNamesOnly() {
        let resolver = StyleResolver()
            .style("known", MarkupStyle(foregroundColor: .blue))
            .fallback { attribute, _ in attribute.name == "mystery" ? MarkupStyle(foregroundColor: .purple) : nil }
        let runs = resolver.runs(for: "\("a", .tag("known"))\("b", .tag("mystery"))\("c", .tag("other"))")
        #expect(runs.map(\.style.foregroundColor) == [.blue, .purple, nil])
    }

    @Test func unknownAttributesWithoutFallbackAreUnstyled() {
        let runs = StyleResolver(base: MarkupStyle(kern: 1)).runs(for: "\("a", .tag("whatever"))")
        #expect(runs[0].style == MarkupStyle(kern: 1))
        #expect(runs[0].attributes == [.tag("whatever")])
    }

    @Test func adjustImplementsImportantPlusTappable() {
        let resolver = StyleResolver()
            .style("important", MarkupStyle(font: .init(weight: .semibold)))
            .adjust { attributes, style in
                guard attributes.contains(where: { $0.name == "important" }),
                      attributes.contains(where: { $0.name == "tappable" }) else { return style }
                var style = style
                style.underline = .single
                style.foregroundColor = .blue
                return style
            }
        let runs = resolver.runs(for: "\("a", .important) \("b", .tappable(id: "t") {}, .important)")
        #expect(runs.map(\.text) == ["a", " ", "b"])
        #expect(runs[0].style.underline == nil)
        #expect(runs[2].style.underline == .single)
        #expect(runs[2].style.foregroundColor == .blue)
        #expect(runs[2].style.font.weight == .semibold)
    }

    @Test func adjustmentsRunInOrder() {
        let resolver = StyleResolver()
            .adjust { _, style in var s = style; s.kern = 1; return s }
            .adjust { _, style in var s = style; s.kern = (s.kern ?? 0) * 10; return s }
        #expect(resolver.runs(for: "x")[0].style.kern == 10)
    }

    @Test func adjustmentsApplyToTextOutsideTagsBetweenTaggedText() {
        // Plain text between tags has the empty stack, which the resolver answers without a lookup when there
        // are no adjustments: with them, it must still be adjusted every time it comes back.
        let resolver = StyleResolver(base: MarkupStyle(kern: 2)).style("b", bold)
            .adjust { attributes, style in var s = style; s.kern = Double(attributes.count); return s }
        let runs = resolver.runs(for: StyledText(template: "a<b>b</b>c<b>d<i>e</i></b>f"))
        #expect(runs.map(\.text) == ["a", "b", "c", "d", "e", "f"])
        #expect(runs.map(\.style.kern) == [0, 1, 0, 1, 2, 0])
        #expect(runs.map(\.style.font.weight) == [nil, .bold, nil, .bold, .bold, nil])
    }

    @Test func mergingLetsTheSecondResolverWin() {
        let theme = StyleResolver(base: MarkupStyle(font: .init(size: 14), foregroundColor: .gray))
            .style("important", MarkupStyle(foregroundColor: .blue))
            .style("b", bold)
        let screen = StyleResolver(base: MarkupStyle(foregroundColor: .black))
            .style("important", MarkupStyle(foregroundColor: .red))
        let merged = theme.merging(screen)
        let runs = merged.runs(for: "a\("b", .important)\("c", .tag("b"))")
        #expect(runs[0].style == MarkupStyle(font: .init(size: 14), foregroundColor: .black))
        #expect(runs[1].style.foregroundColor == .red)
        #expect(runs[2].style.font == MarkupStyleFont(size: 14, weight: .bold))
    }

    @Test func mergingAResolverWithoutRulesKeepsCustomElementRules() {
        let theme = StyleResolver().element("br", "\n\n").element("hr", "—")
        let merged = theme.merging(StyleResolver())
        #expect(merged.runs(for: StyledText(template: "a<br>b<hr>")).map(\.text) == ["a", "\n\n", "b", "—"])
        let overridden = theme.merging(StyleResolver().element("br", " / "))
        #expect(overridden.runs(for: StyledText(template: "a<br>b")).map(\.text) == ["a", " / ", "b"])
    }

    @Test func ruleNamesAreCaseInsensitive() {
        let resolver = StyleResolver().style("Important", MarkupStyle(foregroundColor: .red))
        #expect(resolver.runs(for: "\("a", .important)")[0].style.foregroundColor == .red)
    }

    @Test func linksAndTappablesInnermostWins() throws {
        let outer = try #require(URL(string: "https://outer.example"))
        let inner = try #require(URL(string: "https://inner.example"))
        let inside: StyledText = "b\("c", .tappable(id: "tap") {})d\("e", .link(inner))"
        let text: StyledText = "a\(inside, .link(outer))"
        let runs = StyleResolver().runs(for: text)
        #expect(runs.map(\.text) == ["a", "b", "c", "d", "e"])
        #expect(runs.map(\.style.link) == [nil, outer, StyledText.actionURL(for: "tap"), outer, inner])
        #expect(runs.map(\.actionID) == [nil, nil, "tap", nil, nil])
    }

    @Test func linkInsideTappableTakesTheLink() throws {
        let url = try #require(URL(string: "https://example.com"))
        let runs = StyleResolver().runs(for: "\("x", .tappable(id: "t") {}, .link(url))")
        #expect(runs[0].style.link == url)
    }

    @Test func onlyTappablesMayLinkToActions() {
        let resolver = StyleResolver().style("a") { a, _ in MarkupStyle(link: a["href"].flatMap(URL.init(string:))) }
        let spoofed = StyledText(template: "<a href='styledtext-action://pay'>x</a><link href='STYLEDTEXT-ACTION://pay'>y</link>")
        let runs = resolver.runs(for: spoofed)
        #expect(runs.map(\.style.link) == [nil, nil])
        #expect(runs.allSatisfy { $0.actionID == nil })
        let tap: StyledText = "\("z", .tappable(id: "pay") {})"
        let real = resolver.runs(for: StyledText(markup: "<a href='https://x'>\(tap)</a>"))
        #expect(real.map(\.actionID) == ["pay"])
    }

    @Test func ruleCanDecideTheLinkItself() throws {
        let url = try #require(URL(string: "https://rule.example"))
        let resolver = StyleResolver().style("link", MarkupStyle(link: url))
        let runs = resolver.runs(for: "\("x", .link(URL(string: "https://ignored.example")!))")
        #expect(runs[0].style.link == url)
    }

    @Test func elementsBecomeTheirRuleContent() {
        let star = StyledText.Image(named: "star")
        let resolver = StyleResolver()
            .style("br", MarkupStyle(kern: 2))
            .element("icon") { icon in icon["name"].map { StyledText(image: .init(named: $0)) } }
        let text: StyledText = "a\(element: .tag("br"))b\(element: .tag("icon", ["name": "star"]), .important)\(element: .tag("nothing"))c"
        let runs = resolver.runs(for: text)
        #expect(runs.map(\.text) == ["a", "\n", "b", "\u{FFFC}", "c"])
        #expect(runs[1].style.kern == 2)
        #expect(runs[1].attributes == [.tag("br")])
        #expect(runs[3].content == .image(star))
        #expect(runs[3].attributes == [.important, .tag("icon", ["name": "star"])])
        #expect(runs.map(\.range) == [0..<1, 1..<2, 2..<3, 3..<4, 4..<5])
    }

    @Test func equalElementsOnOneParentShareTheirContentsStack() {
        // `a<br>b<br>`: both `<br>`s' content goes on one stack, resolved once. An element with other parameters,
        // on another parent, or with a tappable's closure gets a stack of its own.
        let resolver = StyleResolver()
            .style("icon") { icon, _ in MarkupStyle(kern: icon["n"].flatMap(Double.init)) }
            .element("br", "\n").element("icon", "*").element("tappable", "+")
        let template = "a<br>b<br>c<icon n='1'/>d<icon n='2'/><b>e<br></b>"
        let runs = resolver.runs(forTemplate: template)
        #expect(runs.map(\.text) == ["a", "\n", "b", "\n", "c", "*", "d", "*", "e", "\n"])
        #expect(runs[1].resolved === runs[3].resolved)
        #expect(runs[5].attributes == [.tag("icon", ["n": "1"])] && runs[5].style.kern == 1)
        #expect(runs[7].attributes == [.tag("icon", ["n": "2"])] && runs[7].style.kern == 2)
        #expect(runs[9].attributes == [.tag("b"), .tag("br")] && runs[9].resolved !== runs[1].resolved)
        #expect(resolver.runs(for: StyledText(template: template)) == runs)

        let first = StyledText.Attribute.tappable(id: "same") {}
        let second = StyledText.Attribute.tappable(id: "same") {}
        let tappables = resolver.runs(for: "x\(element: first)y\(element: second)")
        #expect(tappables.map(\.text) == ["x", "+", "y", "+"])
        #expect(tappables[1].resolved !== tappables[3].resolved)
        #expect(tappables[1].attributes.first?.action != nil && tappables[3].attributes.first?.action != nil)
    }

    @Test func eachElementGetsTheRuleOfItsOwnName() {
        // Consecutive elements share their rule while their name does: the names alternate here, a fixed rule
        // with empty content makes its elements nothing (and replaces the built-in `br`), a closure is called per
        // element, and an element without a rule renders nothing.
        let resolver = StyleResolver()
            .element("icon") { icon in icon["n"].map { "[\($0)]" } }
            .element("hr", "—")
            .element("wbr", "")
        let template = "a<icon n='1'/><icon n='2'/><hr><icon/><icon n='3'/><wbr>b<br><hr><x/><hr>c"
        let expected = ["a", "[1]", "[2]", "—", "[3]", "b\n", "—", "—", "c"]
        let oneStep = resolver.runs(forTemplate: template)
        #expect(oneStep.map(\.text).joined() == expected.joined())
        #expect(oneStep == resolver.runs(for: StyledText(template: template)))
        #expect(oneStep.map(\.attributes).filter { $0 == [.tag("icon", ["n": "2"])] }.count == 1)

        let noBreaks = resolver.element("br", "")
        #expect(noBreaks.runs(forTemplate: "a<br>b<br/>c").map(\.text).joined() == "abc")
        #expect(noBreaks.element("br", "|").runs(forTemplate: "a<br>b").map(\.text).joined() == "a|b")
    }

    @Test func aTemplatesElementContentSharesTheThreadsNodes() {
        // In a template's one pass, the stack of an element's content comes from the thread's node table: the same
        // node each time the template is shown, as for its tags, so a resolver's cache finds it by address. Two
        // resolvers, whose caches are their own, show it: each run's stack is the one its call pushed.
        // On a thread of its own, whose table none of the thread's other tests fill (see `onFreshThread`).
        let template = "Line <b>one<br>two</b>"
        let (first, second) = onFreshThread {
            (StyleResolver().style("b", MarkupStyle(font: .init(weight: .bold))).runs(forTemplate: template),
             StyleResolver().style("b", MarkupStyle(font: .init(weight: .bold))).runs(forTemplate: template))
        }
        #expect(first.map(\.text) == ["Line ", "one", "\n", "two"] && second == first)
        #expect(first[2].attributes == [.tag("b"), .tag("br")])
        #expect(first[2].stack.top != nil && first[2].stack.top === second[2].stack.top)
    }

    @Test func equalElementsOfATemplateShareTheirAttribute() throws {
        // The one pass boxes an element's attribute once for a run of elements from the same tag: `a<br>b<br>`.
        let text = StyledText(template: "a<br>b<br>c<br n='1'>d<br>")
        let elements = text.segments.compactMap { segment -> StyledText.Segment.Element? in
            guard case let .element(element) = segment.content else { return nil }
            return element
        }
        try #require(elements.count == 4)
        #expect(elements[0] === elements[1] && elements[2] !== elements[1] && elements[3] !== elements[2])
        #expect(elements.map(\.attribute) == [.tag("br"), .tag("br"), .tag("br", ["n": "1"]), .tag("br")])
    }

    @Test func elementContentKeepsItsOwnAttributesInner() {
        let resolver = StyleResolver().element("sig", "— \("Eve", .important)")
        let runs = resolver.runs(for: "\(element: .tag("sig"), .tag("p"))")
        #expect(runs.map(\.text) == ["— ", "Eve"])
        #expect(runs[1].attributes == [.tag("p"), .tag("sig"), .important])
    }

    /// The builder remembers the last stack it resolved by the address of its top node, without holding it. An
    /// element's content makes nodes of its own; when its text merges into the run before (an element repeated),
    /// they are freed once the element is done, and the next element's nodes may take their addresses. Those must
    /// not be taken for the freed ones: every run's style is checked against its own attributes, resolved alone.
    @Test func stacksAfterElementContentResolveByTheirOwnAttributes() {
        let resolver = StyleResolver()
            .style("b", MarkupStyle(font: .init(weight: .bold)))
            .style("i", MarkupStyle(font: .init(italic: true)))
            .style("u", MarkupStyle(underline: MarkupStyleLine(.single)))
            .style("k", MarkupStyle(kern: 3))
            .style("p1", MarkupStyle(kern: 1))
            .style("p2", MarkupStyle(kern: 2))
            .element("p1", "x")
            .element("p2", "y")
            .element("e1", StyledText(template: "<i>x</i>"))
            .element("e2", StyledText(template: "<u>y</u>"))
            .element("e3", StyledText(template: "<k><b>z</b></k>"))
            .element("e4", StyledText(template: "<b><i><u>w</u></i></b>"))
        var template = ""
        for index in 0..<200 {
            // The second `e1` merges into the first, so its nodes are freed before the next element's are made.
            template += "<e1/><e1/><e\(2 + index % 3)/>t\(index)<e1/><e1/><k>c</k><e\(2 + (index + 1) % 3)/>"
            // Content without tags of its own: the element's node is its top, freed when the second merges.
            template += "<p1/><p1/><p2/>"
        }
        // Twice: the second call finds every stack in the resolver's cache, so the call's own memo, which holds
        // the nodes it resolved, holds none.
        _ = resolver.runs(for: StyledText(template: template))
        let runs = resolver.runs(for: StyledText(template: template))
        #expect(runs.count > 1_000)
        expectStylesAsAlone(runs, by: resolver)
    }

    /// With adjustments, every final style the builder remembers as the last stack's is held by its memo, the
    /// empty stack's too: text outside tags, between tagged text, elements and images, resolves as it would alone.
    @Test func adjustedStylesOfAlternatingStacksResolveByTheirOwnAttributes() {
        let resolver = StyleResolver()
            .style("b", MarkupStyle(font: .init(weight: .bold)))
            .element("sig", "— \("Eve", .tag("i"))")
            .adjust { attributes, style in
                var style = style
                style.kern = Double(attributes.count) + 0.5
                return style
            }
        var template = ""
        for index in 0..<100 {
            template += "a\(index) <b>b</b> c<sig/>d<b><i>e</i></b>f<img/>g<nothing/>h"
        }
        for _ in 0..<2 {
            let runs = resolver.runs(for: StyledText(template: template))
            #expect(runs.count > 500)
            expectStylesAsAlone(runs, by: resolver)
        }
    }

    /// Expects every text run to have the style its attributes resolve to in a text of their own.
    private func expectStylesAsAlone(_ runs: [StyledRun], by resolver: StyleResolver,
                                     sourceLocation: SourceLocation = #_sourceLocation) {
        for (index, run) in runs.enumerated() where run.image == nil {
            let alone = resolver.runs(for: StyledText("x", attributes: run.attributes))
            #expect(alone[0].style == run.style, "run \(index) \(run.text.debugDescription) \(run.attributes)",
                    sourceLocation: sourceLocation)
        }
    }

    @Test func elementsInsideElementContentRenderNothing() {
        let resolver = StyleResolver().element("loop", "x\(element: .tag("loop"))y")
        #expect(resolver.runs(for: "\(element: .tag("loop"))").map(\.text) == ["xy"])
    }

    @Test func adjacentEqualRunsMerge() {
        let runs = StyleResolver().runs(for: "line\(element: .tag("br"))next")
        // `br` is an attribute of the line break, so it stays its own run.
        #expect(runs.map(\.text) == ["line", "\n", "next"])
        let plain = StyleResolver().element("x", "-").runs(for: "a\(element: .tag("x"))b")
        #expect(plain.map(\.text) == ["a", "-", "b"])
        let merged = StyleResolver().runs(for: "\("a", .tag("u"))\(StyledText(image: .init(named: "i")))\("b", .tag("u"))")
        #expect(merged.count == 3)
    }

    @Test func equalNeighboursMergeWhateverHoldsTheirText() {
        // Plain text extended in place, then an element's content (the run's text becomes a string of its own),
        // then plain text appended to that string, then an image, which never merges, and plain text again.
        let e = StyledText.Attribute.tag("e")
        let text: StyledText = "\("a", e)\("é", e)\(element: e)\("z", e)\(StyledText(image: .init(named: "i")))\("y", e)"
        let runs = StyleResolver().element("e", "\u{1F600}").runs(for: text)
        #expect(runs.map(\.text) == ["aé\u{1F600}z", "\u{FFFC}", "y"])
        #expect(runs.map(\.range) == [0..<5, 5..<6, 6..<7])
        #expect(runs.map(\.attributes) == [[e], [], [e]])
        #expect(runs[0].content == .text("aé\u{1F600}z"))
    }

    @Test func emptyTextGivesNoRuns() {
        #expect(StyleResolver().runs(for: "").isEmpty)
        #expect(StyleResolver().runs(for: "\("", .important)").isEmpty)
        #expect(StyleResolver().runs(for: "\(element: .tag("unknown"))").isEmpty)
        #expect(StyleResolver().element("e", "").runs(for: "\(element: .tag("e"))").isEmpty)
    }

    @Test func rulesRunOncePerDistinctStack() {
        final class Counter: @unchecked Sendable {
            let lock = NSLock()
            var count = 0
            func increment() { lock.lock(); count += 1; lock.unlock() }
        }
        let counter = Counter()
        let resolver = StyleResolver().style("b") { _, _ in counter.increment(); return nil }
        var text = StyledText()
        let b = StyledText.Attribute.tag("b")
        let bold: StyledText = "\("x", b)"
        for _ in 0..<1000 { text += "\(bold)y" }
        _ = resolver.runs(for: text)
        #expect(counter.count == 1)
    }

    @Test func elementStylesNeverLeakBetweenContexts() {
        // Each element's content sits on a fresh node; when equal neighbours merged, the second node was freed,
        // and a later node allocated at its address found the freed node's style in the memo: italic text
        // outside any <i>, found by the FuzzPipeline checks.
        let resolver = StyleResolver()
            .style("i", MarkupStyle(font: .init(italic: true)))
            .style("b", MarkupStyle(font: .init(weight: .bold)))
        let text = StyledText(template: String(repeating: "<i><br><br></i><b><br><br></b>", count: 200))
        let runs = resolver.runs(for: text)
        #expect(runs.count == 400)
        for run in runs {
            let names = run.attributes.map(\.name)
            #expect(run.text == "\n\n" && (names == ["i", "br"] || names == ["b", "br"]))
            #expect(run.style.font.italic == (names.first == "i" ? true : nil), "\(names)")
            #expect(run.style.font.weight == (names.first == "b" ? .bold : nil), "\(names)")
        }
    }
}
