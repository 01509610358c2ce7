import Foundation
import StyledText

/// `swift run Playground`: a tour of every feature, printed in the terminal.
@main
struct Tour {
    static func main() {
        heading("1. Semantic interpolation: say what text means")
        InterpolationTour.run()
        heading("2. StyleResolver: decide how it looks")
        ResolverTour.run()
        heading("3. Tagged templates: localized strings with markup")
        TemplateTour.run()
        heading("4. Diagnostics: what strict mode reports")
        DiagnosticsTour.run()
        heading("5. Foundation AttributedString, on every platform")
        AttributedStringTour.run()
    }

    static func heading(_ title: String) {
        print("\n" + title)
        print(String(repeating: "─", count: title.count))
    }

    /// Prints runs as a table: range, text, resolved style, semantic attributes.
    static func show(_ runs: [StyledRun]) {
        for run in runs {
            let range = "\(run.range.lowerBound)..<\(run.range.upperBound)".padding(toLength: 9, withPad: " ", startingAt: 0)
            let text = String(reflecting: run.text)
            let attributes = run.attributes.isEmpty ? "" : "  " + run.attributes.map(\.description).joined(separator: ", ")
            print("  \(range) \(text.padding(toLength: 28, withPad: " ", startingAt: 0)) \(run.style)\(attributes)")
        }
    }
}

/// The resolver the tour uses, as an app's theme would define it.
let theme = StyleResolver(base: MarkupStyle(font: .init(size: 14), foregroundColor: .gray))
    .style("important", MarkupStyle(font: .init(weight: .semibold), foregroundColor: .blue))
    .style("story") { story, _ in
        story["type"] == "1" ? MarkupStyle(foregroundColor: .red) : MarkupStyle(foregroundColor: .orange)
    }
    .style("b", MarkupStyle(font: .init(weight: .bold)))
    .style("i", MarkupStyle(font: .init(italic: true)))
    .adjust { attributes, style in
        // Important *and* tappable: underline it, whatever else the rules said.
        guard attributes.contains(where: { $0.name == "important" }),
              attributes.contains(where: { $0.name == "tappable" }) else { return style }
        var style = style
        style.underline = .single
        return style
    }
