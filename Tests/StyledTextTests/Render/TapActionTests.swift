import Foundation
import Testing
@testable import StyledText

/// One semantic `.tappable`, rendered for every target.
@Suite struct TapActionTests {
    final class Counter: @unchecked Sendable {
        var taps = 0
    }

    let resolver = StyleResolver().style("tappable", MarkupStyle(underline: .single))

    func text(_ counter: Counter = Counter()) -> StyledText {
        "Learn \("more", .tappable(id: "wiki") { counter.taps += 1 })."
    }

    @MainActor @Test func attributedStringLinksToTheActionURLAndFindsTheClosureAgain() throws {
        let counter = Counter()
        let text = text(counter)
        let attributed = AttributedString(text, resolver: resolver)
        let link = try #require(attributed.runs.compactMap(\.link).first)
        #expect(link == URL(string: "styledtext-action://wiki"))
        let action = try #require(text.action(for: link))
        action()
        #expect(counter.taps == 1)
    }

    @Test func htmlMarksTheTappableWithADataAction() {
        #expect(text().html(resolver)
            == ##"Learn <a href="#" data-action="wiki"><span style="text-decoration: underline">more</span></a>."##)
    }

    @Test func htmlEscapesHostileActionIDs() {
        let text: StyledText = "\("x", .tappable(id: #"a" onclick="alert(1)"#) {})"
        #expect(text.html(StyleResolver()) == ##"<a href="#" data-action="a&quot; onclick=&quot;alert(1)">x</a>"##)
    }

    @Test func ansiLinksToTheURLTheCallerGivesForTheID() {
        let renderer = ANSIRenderer(capability: .noColor) { id in URL(string: "myapp://action/\(id)") }
        #expect(text().ansi(resolver, using: renderer)
            == "Learn \u{1B}]8;;myapp://action/wiki\u{1B}\\\u{1B}[4mmore\u{1B}[24m\u{1B}]8;;\u{1B}\\.\u{1B}[0m")
    }

    @Test func ansiShowsPlainTextWhenNoURLStandsForTheID() {
        let withoutMapping = ANSIRenderer(capability: .noColor)
        #expect(text().ansi(resolver, using: withoutMapping) == "Learn \u{1B}[4mmore\u{1B}[24m.\u{1B}[0m")
        let refusing = ANSIRenderer(capability: .noColor) { _ in nil }
        #expect(text().ansi(resolver, using: refusing) == "Learn \u{1B}[4mmore\u{1B}[24m.\u{1B}[0m")
    }

    @Test func ansiPercentEncodesControlBytesInTheCallersURL() throws {
        let url = try #require(URL(string: "myapp://x"))
        let renderer = ANSIRenderer(capability: .noColor) { _ in url }
        let hostile: StyledText = "\("tap", .tappable(id: "\u{1B}]8;;evil\u{07}") {})"
        #expect(hostile.ansi(StyleResolver(), using: renderer) == "\u{1B}]8;;myapp://x\u{1B}\\tap\u{1B}]8;;\u{1B}\\\u{1B}[0m")
    }

    @Test func targetsThatCannotTapShowPlainText() {
        #expect(text().plainText == "Learn more.")
        #expect(text().ansi(resolver, using: ANSIRenderer(capability: .plain)) == "Learn more.")
    }

    @Test func appleAttributedStringsCarryTheActionLink() {
        let layout = PlatformTextLayout(runs: resolver.runs(for: text()), attachments: true)
        #expect(layout.string == "Learn more.")
        #expect(layout.pieces.map(\.attributes.link) == [nil, URL(string: "styledtext-action://wiki"), nil])
        #expect(layout.pieces[1].attributes.underline?.underlineStyle == PlatformTextAttributes.Line.single)
    }
}
