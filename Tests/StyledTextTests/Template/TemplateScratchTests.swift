import Foundation
import Testing
@testable import StyledText

@Suite struct TemplateScratchTests {
    /// Templates of every size class, longest first in places, so that each parse starts with arrays and stale
    /// text bytes an earlier, different parse left behind.
    static let templates: [String] = [
        "Hello <b>%@</b>, you have %@ new <i>messages</i> &amp; more",
        String(repeating: "<story type='2'>long <b>text</b> &eacute; %@ </story>", count: 40),
        "short",
        String(repeating: "x<i>y</i>", count: 5_000),  // past the retained limit
        "<a href='https://example.com/?a=1&amp;b=%@'>link</a> after",
        "",
        "<b>unclosed <i>misnested</b> text</i> %2$@ %1$@ 100%%",
        String(repeating: "é😀<br/>", count: 30),
        "Hello <b>%@</b>, you have %@ new <i>messages</i> &amp; more",
    ]

    static let arguments: [any StyledTextArgument] = ["Zoë", StyledText("styled", attributes: [.important])]

    @Test func repeatedParsesOnOneThreadMatchFreshOnes() {
        // Twice through, so that every template meets the scratch of every other one.
        for template in Self.templates + Self.templates {
            let oneShot = StyledText(template: template, arguments: Self.arguments)
            // A pre-parsed template builds without the thread's scratch.
            let fresh = StyledText.Template(template).filled(with: Self.arguments)
            #expect(oneShot == fresh, "\(template.prefix(60))")
            #expect(oneShot.plainText == fresh.plainText)
        }
    }

    @Test func aParseInsideAnotherGetsItsOwnScratch() {
        /// An argument that formats itself by parsing a template, while the outer parse holds the thread's scratch.
        struct Nested: StyledTextArgument {
            func styledText(formattedAs specifier: String) -> StyledText {
                StyledText(template: "<i>inner %@ &lt;</i>", arguments: [String(repeating: "n", count: 200)])
            }
        }
        let template = "<b>outer %@ and %@</b> " + String(repeating: "tail ", count: 40)
        let text = StyledText(template: template, arguments: [Nested(), "x"])
        let inner = "inner " + String(repeating: "n", count: 200) + " <"
        #expect(text.parts == [
            .text("outer ", attributes: [.tag("b")]),
            .text(inner, attributes: [.tag("b"), .tag("i")]),
            .text(" and x", attributes: [.tag("b")]),
            .text(" " + String(repeating: "tail ", count: 40), attributes: []),
        ])
        // And the thread's scratch still works afterwards.
        #expect(StyledText(template: template, arguments: [Nested(), "x"]) == text)
    }

    @Test func keepsCapacityForTheNextParseButNotLargeArrays() {
        _ = StyledText(template: "a <b>b</b> <i>c %@</i>", arguments: ["d"])
        var scratch = TemplateScratch.take()
        #expect(scratch.tokens.isEmpty && scratch.tokens.capacity > 0)
        #expect(scratch.tags.isEmpty && scratch.tags.capacity > 0)
        #expect(scratch.attributes.isEmpty && scratch.placeholders.isEmpty && scratch.tokenizerOpen.isEmpty)
        TemplateScratch.recycle(&scratch)

        _ = StyledText(template: String(repeating: "<b>x</b>&amp;", count: 100_000))
        scratch = TemplateScratch.take()
        #expect(scratch.tokens.capacity * MemoryLayout<TemplateToken>.stride <= TemplateScratch.retainedLimit)
        #expect(scratch.tags.capacity * MemoryLayout<TemplateTag>.stride <= TemplateScratch.retainedLimit)
        #expect(scratch.textBytes.count <= TemplateScratch.retainedLimit)
        TemplateScratch.recycle(&scratch)
    }

    @Test func threadsParsingAtOnceEachGetTheirOwn() {
        let expected = Self.templates.map { StyledText.Template($0).filled(with: Self.arguments) }
        let mismatches = Counter()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<20 {
                for (index, template) in Self.templates.enumerated()
                where StyledText(template: template, arguments: Self.arguments) != expected[index] {
                    mismatches.increment()
                }
            }
        }
        #expect(mismatches.value == 0)
    }

    private final class Counter: @unchecked Sendable {
        // @unchecked: `count` is only read and written under `lock`.
        private let lock = NSLock()
        private var count = 0

        var value: Int { lock.withLock { count } }

        func increment() { lock.withLock { count += 1 } }
    }
}
