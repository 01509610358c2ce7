import Testing
import StyledText

/// The examples in the doc comments of Sources/StyledText/Resolve, verbatim, run and checked.
@Suite struct ResolveDocExamples {
    @Test func styleResolver() {
        let resolver = StyleResolver(base: MarkupStyle(font: .init(size: 14), foregroundColor: .gray))
            .style("important", MarkupStyle(font: .init(weight: .semibold), foregroundColor: .blue))
            .style("story") { story, inherited in
                story["type"] == "1" ? MarkupStyle(foregroundColor: .red) : MarkupStyle(foregroundColor: .orange)
            }
            .fallback { attribute, inherited in nil }      // unknown attributes: unstyled text
        let runs = resolver.runs(for: "Read \("this", .tag("story", ["type": "1"]))")
        #expect(runs[1].style.foregroundColor == .red)
        #expect(runs.map(\.text) == ["Read ", "this"])
        #expect(resolver.runs(for: "\("x", .tag("unknown"))")[0].style == resolver.base)
    }

    @Test func styleResolverBlock() {
        let resolver = StyleResolver()
            .block("p")
            .block("li") { _, item in "\(item.index). " }
        let text = StyledText(template: "<p>Steps:</p><ol><li>Mix</li><li>Bake</li></ol>")
        #expect(resolver.runs(for: text).map(\.text).joined() == "Steps:\n1. Mix\n2. Bake")
    }

    @Test func styleResolverPrefix() {
        let resolver = StyleResolver().block("tr").prefix("th", "td") { _, cell in cell.index > 1 ? "\t" : nil }
        #expect(resolver.runs(for: StyledText(template: "<tr><th>a</th><td>b</td></tr>")).map(\.text) == ["a", "\tb"])
    }

    @Test func styleResolverCollapsingWhitespace() {
        let resolver = StyleResolver().block("p").collapsingWhitespace(preservingInside: ["pre"])
        let text = StyledText(template: "<p>\n  Hello,\n  world\n</p><pre>a  b</pre>")
        #expect(resolver.runs(for: text).map(\.text).joined() == "Hello, world \na  b")
    }

    @Test func styleResolverHTML() {
        let page = StyledText(template: "<h1>Menu</h1><ul><li><b>Soup</b></li><li>Bread</li></ul>")
        #expect(StyleResolver.html.runs(for: page).map(\.text).joined() == "Menu\n• Soup\n• Bread")
    }

    @Test func runsForTemplate() {
        let resolver = StyleResolver().style("b", MarkupStyle(font: .init(weight: .bold)))
        let runs = resolver.runs(forTemplate: "Hello <b>%@</b>!", arguments: ["Eve"])
        #expect(runs.map(\.text) == ["Hello ", "Eve", "!"])
        #expect(runs == resolver.runs(for: StyledText(template: "Hello <b>%@</b>!", arguments: ["Eve"])))
    }

    @Test func styleResolverStyleClosure() {
        let larger = StyleResolver(base: MarkupStyle(font: .init(size: 10)))
            .style("big") { _, inherited in MarkupStyle(font: .init(size: (inherited.font.size ?? 12) * 1.2)) }
        let runs = larger.runs(for: "a \("b", .tag("big"))")
        #expect(runs.map(\.style.font.size) == [10, 12])
    }

    @Test func styleResolverAdjust() {
        let resolver = StyleResolver().adjust { attributes, style in
            guard attributes.contains(where: { $0.name == "important" }),
                  attributes.contains(where: { $0.name == "tappable" }) else { return style }
            var style = style
            style.underline = .single
            style.foregroundColor = .blue
            return style
        }
        let runs = resolver.runs(for: "\("a", .important) \("b", .important, .tappable(id: "b") {})")
        #expect(runs[0].style == MarkupStyle())
        #expect(runs[2].style.underline == .single && runs[2].style.foregroundColor == .blue)
    }

    @Test func styleResolverElementContent() {
        let resolver = StyleResolver().element("hr", "\n———\n")
        #expect(resolver.runs(for: StyledText(template: "a<hr>b")).map(\.text).joined() == "a\n———\nb")
    }

    @Test func styleResolverElementRule() {
        let resolver = StyleResolver().element("icon") { icon in
            icon["name"].map { StyledText(image: .init(named: $0)) }
        }
        let runs = resolver.runs(for: StyledText(template: #"<icon name="star"/> Star <icon/>"#))
        #expect(runs.map(\.content) == [.image(.init(named: "star")), .text(" Star ")])
    }

    @Test func styleResolverMerging() {
        let theme = StyleResolver(base: MarkupStyle(font: .init(size: 14)))
            .style("important", MarkupStyle(font: .init(weight: .bold), foregroundColor: .blue))
        let screen = theme.merging(StyleResolver().style("important", MarkupStyle(foregroundColor: .red)))
        let style = screen.runs(for: "\("x", .important)")[0].style
        #expect(style == MarkupStyle(font: .init(size: 14), foregroundColor: .red))
    }

    @Test func styleResolverRuns() {
        let runs = StyleResolver().style("important", MarkupStyle(foregroundColor: .red))
            .runs(for: "Hi \("Eve", .important)")
        #expect(runs.map(\.text) == ["Hi ", "Eve"])
        #expect(runs[1].style.foregroundColor == .red)
    }

    @Test func styledRun() {
        let runs = StyleResolver().style("b", MarkupStyle(font: .init(weight: .bold)))
            .runs(for: "a \("b", .tag("b")) c")
        #expect(runs.map(\.text) == ["a ", "b", " c"])
        #expect(runs[1].range == 2..<3)
        #expect(runs[1].style.font.weight == .bold)
    }
}
