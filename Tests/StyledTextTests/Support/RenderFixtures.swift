import Foundation
import Testing
@testable import StyledText

/// A resolver and a text that between them use every style field the renderers write, for snapshots.
enum RenderFixtures {
    static let resolver = StyleResolver(base: MarkupStyle(font: .init(size: 14), foregroundColor: MarkupStyleColor(rgb: 0x333333)))
        .style("important", MarkupStyle(font: .init(weight: .bold)))
        .style("em", MarkupStyle(font: .init(italic: true)))
        .style("quiet", MarkupStyle(font: .init(weight: .light),
                                    foregroundColor: MarkupStyleColor(red: 0, green: 0, blue: 0, alpha: 0.5)))
        .style("code", MarkupStyle(font: .init(family: "Menlo", monospaced: true),
                                   backgroundColor: MarkupStyleColor(rgb: 0xEEEEEE)))
        .style("typo", MarkupStyle(underline: MarkupStyleLine(.wavy, color: .red)))
        .style("old", MarkupStyle(strikethrough: .single))
        .style("sup", MarkupStyle(font: .init(size: 10), baselineOffset: 4))
        .style("caps", MarkupStyle(kern: 1.5, textCase: .uppercase))
        .style("title", MarkupStyle(font: .init(weight: .semibold, textStyle: .title2), foregroundColor: .orange))
        .style("tappable", MarkupStyle(foregroundColor: .blue, underline: .single))
        .style("link", MarkupStyle(foregroundColor: .purple, underline: MarkupStyleLine(.dotted)))

    static let dice = StyledText.Image(url: URL(string: "https://example.com/dice.png")!,
                                       size: .init(width: 16, height: 16), alt: "dice")

    static var text: StyledText {
        """
        \("Monopoly", .tag("title")) \("rules", .tag("em"))
        \(dice) \("1.", .important) Each player rolls the dice; \("highest", .important, .tag("em")) goes first.
        \("2.", .important) Prices are \("$200", .tag("old")) \("$150", .tag("code")) (see note\("1", .tag("sup"))).
        Spelling: \("recieve", .tag("typo")), \("fine print", .tag("quiet")), \("shout", .tag("caps")).
        Learn more \("here", .tappable(id: "wiki") {}) or at \("example.com", .link(URL(string: "https://example.com/?a=1&b=2")!)).
        """
    }
}

/// Expects two long outputs to be equal, reporting where they first differ rather than both in full.
func expectSameBytes(_ actual: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let firstDifference = zip(actual.utf8, expected.utf8).enumerated().first { $0.element.0 != $0.element.1 }?.offset
    #expect(firstDifference == nil, "first difference at UTF-8 offset \(firstDifference ?? 0)",
            sourceLocation: sourceLocation)
    #expect(actual.utf8.count == expected.utf8.count, sourceLocation: sourceLocation)
}
