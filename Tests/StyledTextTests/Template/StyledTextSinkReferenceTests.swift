import Testing
@testable import StyledText

/// The one pass holds a reference to each open tag's node, which it must give back whatever the template does:
/// close the tag, close it misnested, leave it open at the end, or give the template up to the parser. A
/// reference kept would leak the node; one given back twice would free a node still in use.
@Suite struct StyledTextSinkReferenceTests {
    /// Templates for every way a tag leaves the pass, with text inside every tag, so that each node the pass
    /// opens is in a segment of the text it builds.
    static let templates: [String] = [
        "<b>a<i>b</i>c</b>d",
        "<b>a<i>b</b>c</i>d",  // misnested: `i` is rebuilt outside `b`
        String(repeating: "<b>x<i>y</b>z</i>", count: 3),  // the same rebuilt stack found again
        "<u>a<s>b<q>c</s>d</q>e</u>f",  // two kept open
        "<b>a<i>b",  // left open at the end
        "x</b>y<b>z",  // a stray end tag, and a tag left open
        "<b>a<a href='%@'>b</a>c</b>",  // given up on at the `%`: the parser builds it
        "<b>a<i>b</i>" + String(repeating: "<story type='1'>c</story>", count: 40),
    ]

    @Test func everyNodeTheOnePassHeldIsFreedWithTheTextAndTheThreadsCaches() {
        let held = WeakNodes()
        // A thread of its own, joined: its scratch and caches, which hold nodes too, go when it ends.
        let differing = onFreshThread {
            var texts: [StyledText] = []
            var differing: [String] = []
            for template in Self.templates {
                let text = StyledText(template: template, arguments: ["%"])
                if text != StyledText.Template(template).filled(with: ["%"]) { differing.append(template) }
                texts.append(text)
            }
            held.collect(from: texts)
            return differing
        }
        #expect(differing == [], "the one pass and the parser differ")
        #expect(held.count > 10, "the texts' segments hold the nodes of their tags")
        #expect(held.alive == 0, "a node outlived its text and its thread")
    }

    /// The nodes of texts' stacks, weakly.
    private final class WeakNodes: @unchecked Sendable {
        // @unchecked: written on one thread, read on another once that thread has been joined.
        private final class Weak {
            weak var node: AttributeNode?

            init(_ node: AttributeNode) {
                self.node = node
            }
        }

        private var nodes: [Weak] = []

        var count: Int { nodes.count }
        var alive: Int { nodes.count { $0.node != nil } }

        func collect(from texts: [StyledText]) {
            for text in texts {
                for segment in text.segments {
                    var node = segment.stack.top
                    while let current = node {
                        nodes.append(Weak(current))
                        node = current.parent
                    }
                }
            }
        }
    }
}
