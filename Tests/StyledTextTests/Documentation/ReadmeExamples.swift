import Foundation
import Testing
import StyledText

/// The README's examples, verbatim, run and checked.
@Suite struct ReadmeExamples {
    @MainActor @Test func tenLines() {
        var opened = 0
        func openWiki() { opened += 1 }

        let resolver = StyleResolver(base: MarkupStyle(font: .init(size: 14), foregroundColor: .gray))
            .style("important", MarkupStyle(font: .init(weight: .semibold), foregroundColor: .blue))
            .style("story") { story, _ in MarkupStyle(foregroundColor: story["type"] == "1" ? .red : .orange) }

        let promo: StyledText = "Learn more \("here", .tappable(id: "wiki") { openWiki() }, .important)"
        let pick = StyledText(template: "Pick: %@ <i>or</i> <story type='1'>%@</story>", "<b>tea</b>", "coffee")

        let runs = resolver.runs(for: promo + "\n" + pick)       // text + MarkupStyle + attributes, per run
        let attributed = AttributedString(promo, resolver: resolver)  // Foundation, Linux included

        #expect(runs.map(\.text) == ["Learn more ", "here", "\nPick: <b>tea</b> ", "or", " ", "coffee"])
        #expect(runs[1].style.foregroundColor == .blue && runs[1].style.font.weight == .semibold)
        #expect(runs[5].style.foregroundColor == .red)
        #expect(runs[0].style == MarkupStyle(font: .init(size: 14), foregroundColor: .gray))
        let link = attributed.runs.compactMap { $0.link }.first
        #expect(link == URL(string: "styledtext-action://wiki"))
        promo.action(for: link!)?()
        #expect(opened == 1)
    }
}
