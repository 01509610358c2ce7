import Foundation
import Testing
@testable import StyledText

/// The HTML and ANSI writers make each distinct style's tags or sequences once and find them again by the run's
/// shared style object, then by value. These tests render many distinct styles — more than the first table holds,
/// some equal by value but resolved apart — and compare with a plain run-by-run reference.
@Suite struct RendererStyleTableTests {
    /// 150 tags: `c0`…`c99` each with its own colour, and `d0`…`d49` with the colours of `c0`…`c49`, so that
    /// equal styles come from different rules.
    static let resolver: StyleResolver = {
        var resolver = StyleResolver()
        for index in 0..<100 {
            let style = MarkupStyle(foregroundColor: MarkupStyleColor(rgb: UInt32(index) * 0x02_0305),
                                    underline: index % 3 == 0 ? MarkupStyleLine(.wavy) : nil)
            resolver = resolver.style("c\(index)", style)
            if index < 50 { resolver = resolver.style("d\(index)", style) }
        }
        return resolver
    }()

    static func randomRuns(seed: UInt64) -> [StyledRun] {
        var generator = SeededGenerator(seed: seed)
        var template = ""
        for _ in 0..<400 {
            let word = ["a", "b c", "déjà", "x&y", "<z>", "日本", "\u{1B}", "\n"][generator.index(8)]
            switch generator.index(4) {
            case 0: template += word.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            case 1:
                let tag = "d\(generator.index(50))"
                template += "<\(tag)>\(word == "<z>" || word == "x&y" ? "w" : word)</\(tag)>"
            default:
                let tag = "c\(generator.index(100))"
                template += "<\(tag)>\(word == "<z>" || word == "x&y" ? "w" : word)</\(tag)>"
            }
        }
        return resolver.runs(for: StyledText(template: template))
    }

    static func referenceHTML(_ runs: [StyledRun]) -> String {
        var html = ""
        var openCSS = ""
        for run in runs {
            let css = HTMLRenderer.cssDeclarations(for: run.style)
            if css != openCSS {
                if !openCSS.isEmpty { html += "</span>" }
                if !css.isEmpty { html += "<span style=\"" + EscapingPropertyTests.referenceHTMLAttribute(css) + "\">" }
                openCSS = css
            }
            html += EscapingPropertyTests.referenceHTMLText(run.text)
        }
        return html + (openCSS.isEmpty ? "" : "</span>")
    }

    static func referenceANSI(_ runs: [StyledRun], capability: ANSIRenderer.Capability) -> String {
        var output = ""
        var open = ANSIRenderer.SGR.none
        for run in runs {
            // `.plain` writes no escape sequence at all.
            let sgr = capability > .plain ? ANSIRenderer.SGR(style: run.style, capability: capability) : .none
            if sgr != open {
                output += open.close + sgr.open
                open = sgr
            }
            output += EscapingPropertyTests.referenceANSI(run.text)
        }
        output += open.close
        return output.contains("\u{1B}") ? output + "\u{1B}[0m" : output
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func htmlOfManyStylesMatchesARunByRunReference(_ seed: UInt64) {
        let runs = Self.randomRuns(seed: seed)
        #expect(Set(runs.map { ObjectIdentifier($0.shared) }).count > 64)
        let html = HTMLRenderer().render(runs)
        #expect(html == Self.referenceHTML(runs))
        #expect(HTMLWellFormedness.problems(in: html) == [])
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func ansiOfManyStylesMatchesARunByRunReference(_ seed: UInt64) {
        let runs = Self.randomRuns(seed: seed)
        for capability in [ANSIRenderer.Capability.trueColor, .colors256, .colors16, .noColor, .plain] {
            #expect(ANSIRenderer(capability: capability).render(runs) == Self.referenceANSI(runs, capability: capability),
                    "\(capability)")
        }
    }

    @Test func equalStylesResolvedApartShareOneSpan() {
        let runs = Self.resolver.runs(for: StyledText(template: "<c7>one</c7><d7>two</d7>"))
        #expect(runs.count == 2)
        #expect(runs[0].shared !== runs[1].shared)
        #expect(HTMLRenderer().render(runs) == #"<span style="color: #0e1523">onetwo</span>"#)
    }
}
