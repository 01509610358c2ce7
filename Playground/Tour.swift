import Foundation
import StyledText

/// `swift run Playground`: a tour of every feature, printed in the terminal.
@main
struct Tour {
    static func main() throws {
        let arguments = CommandLine.arguments
        if let flag = arguments.firstIndex(of: "--html") {
            guard flag + 1 < arguments.count else {
                print("usage: swift run Playground [--html <file>]")
                exit(2)
            }
            try HTMLGallery.page().write(toFile: arguments[flag + 1], atomically: true, encoding: .utf8)
            print("wrote the HTML gallery to \(arguments[flag + 1])")
            return
        }
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
        heading("6. HTML and terminal renderers")
        RenderingTour.run()
        heading("7. HTML markup: StyleResolver.html")
        HTMLVocabularyTour.run()
    }

    /// Everything the tour prints goes through the ANSI renderer, which picks colours from the environment
    /// (`NO_COLOR`, `FORCE_COLOR`, `COLORTERM`, whether the output is a terminal).
    static let terminal = ANSIRenderer(capability: .standardOutput)

    static func say(_ text: StyledText) {
        print(text.ansi(theme, using: terminal))
    }

    static func say(_ string: String) {
        say(StyledText(string))
    }

    static func heading(_ title: String) {
        say("\n\(title, .tag("heading"))")
    }

    /// Prints runs as a table: range, text, resolved style, semantic attributes.
    static func show(_ runs: [StyledRun]) {
        for run in runs {
            let range = "\(run.range.lowerBound)..<\(run.range.upperBound)".padding(toLength: 9, withPad: " ", startingAt: 0)
            let text = String(reflecting: run.text)
            let attributes = run.attributes.isEmpty ? "" : "  " + run.attributes.map(\.description).joined(separator: ", ")
            // The run's text, escaped so line breaks stay in the table, with the run's own attributes: the
            // terminal shows it in the style the theme resolved.
            let shown = StyledText(text, attributes: run.attributes)
            let padding = String(repeating: " ", count: max(0, 28 - text.count))
            say("  \(range) \(shown)\(padding) \(run.style.description, .tag("dim"))\(attributes, .tag("dim"))")
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
    .style("heading", MarkupStyle(font: .init(weight: .bold), underline: .single))
    .style("dim", MarkupStyle(font: .init(weight: .light)))
    .style("i", MarkupStyle(font: .init(italic: true)))
    .adjust { attributes, style in
        // Important *and* tappable: underline it, whatever else the rules said.
        guard attributes.contains(where: { $0.name == "important" }),
              attributes.contains(where: { $0.name == "tappable" }) else { return style }
        var style = style
        style.underline = .single
        return style
    }
