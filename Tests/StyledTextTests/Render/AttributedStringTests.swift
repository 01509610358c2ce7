import Foundation
import Testing
@testable import StyledText

@Suite struct AttributedStringTests {
    let resolver = StyleResolver(base: MarkupStyle(font: .init(size: 14)))
        .style("important", MarkupStyle(font: .init(weight: .bold)))

    @Test func carriesStyleAndSemanticAttributesPerRun() {
        let attributed = AttributedString("a \("b", .important)", resolver: resolver)
        let runs = Array(attributed.runs)
        #expect(runs.count == 2)
        #expect(String(attributed[runs[0].range].characters) == "a ")
        #expect(runs[0].markupStyle == MarkupStyle(font: .init(size: 14)))
        #expect(runs[0].semanticAttributes == nil)
        #expect(runs[1].markupStyle?.font == MarkupStyleFont(size: 14, weight: .bold))
        #expect(runs[1].semanticAttributes?.array == [.important])
        #expect(runs[1].semanticAttributes == StyledText.AttributeList([.important]))
        #expect(runs[1].semanticAttributes?.contains(named: "Important") == true)
        #expect(runs[1].semanticAttributes?.innermost == .important)
    }

    @Test func linksAndTappablesUseFoundationLink() throws {
        let url = try #require(URL(string: "https://example.com"))
        let text: StyledText = "\("site", .link(url)) \("tap", .tappable(id: "wiki") {})"
        let attributed = AttributedString(text, resolver: resolver)
        let links = attributed.runs.map(\.link)
        #expect(links == [url, nil, URL(string: "styledtext-action://wiki")])
    }

    @MainActor @Test func actionForURLFindsTheClosure() throws {
        final class Box: @unchecked Sendable { var tapped = 0 }
        let box = Box()
        let text: StyledText = "\("tap", .tappable(id: "wiki") { box.tapped += 1 }) \("other", .tappable(id: "o w/?") {})"
        let attributed = AttributedString(text, resolver: resolver)
        let link = try #require(attributed.runs.first?.link)
        let action = try #require(text.action(for: link))
        action()
        #expect(box.tapped == 1)
        let odd = try #require(attributed.runs.map(\.link).last ?? nil)
        #expect(StyledText.actionID(from: odd) == "o w/?")
        #expect(text.action(for: odd) != nil)
        #expect(text.action(for: StyledText.actionURL(for: "missing")) == nil)
        #expect(text.action(for: URL(string: "https://example.com")!) == nil)
    }

    @Test func imagesBecomeObjectReplacementWithImageURLAndAltText() throws {
        let url = try #require(URL(string: "https://example.com/dice.png"))
        let dice = StyledText.Image(url: url, size: .init(width: 16, height: 16), alt: "dice")
        let attributed = AttributedString("roll \(dice)!", resolver: resolver)
        #expect(String(attributed.characters) == "roll \u{FFFC}!")
        let imageRun = try #require(attributed.runs.first { $0.styledImage != nil })
        #expect(imageRun.imageURL == url)
        #expect(imageRun.styledImage?.alt == "dice")
        #expect(String(attributed[imageRun.range].characters) == "\u{FFFC}")
    }

    @Test func runBoundariesInsideAGraphemeSurvive() {
        let text: StyledText = "e\("\u{301}", .important)x"
        let attributed = AttributedString(text, resolver: resolver)
        let runs = Array(attributed.runs)
        #expect(runs.count == 3)
        #expect(runs.map { String(String.UnicodeScalarView(attributed[$0.range].unicodeScalars)) } == ["e", "\u{301}", "x"])
    }

    @Test func emptyTextGivesEmptyAttributedString() {
        #expect(AttributedString(StyledText(), resolver: resolver).characters.isEmpty)
    }
}
