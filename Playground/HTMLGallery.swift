import Foundation
import StyledText

/// A self-contained HTML page showing what the HTML renderer makes of a representative set of styled texts:
/// `swift run Playground --html out.html` writes it, and a test checks that it is well-formed.
enum HTMLGallery {
    /// The resolver every example uses: one rule per semantic attribute, as an app theme would define them.
    static let resolver = StyleResolver(base: MarkupStyle(font: .init(size: 16), foregroundColor: MarkupStyleColor(rgb: 0x222222)))
        .style("important", MarkupStyle(font: .init(weight: .semibold), foregroundColor: MarkupStyleColor(rgb: 0x0B5394)))
        .style("em", MarkupStyle(font: .init(italic: true)))
        .style("code", MarkupStyle(font: .init(family: "Menlo", monospaced: true),
                                   backgroundColor: MarkupStyleColor(red: 0, green: 0, blue: 0, alpha: 0.06)))
        .style("typo", MarkupStyle(underline: MarkupStyleLine(.wavy, color: .red)))
        .style("old", MarkupStyle(foregroundColor: .gray, strikethrough: MarkupStyleLine(.single, color: .gray)))
        .style("sup", MarkupStyle(font: .init(size: 11), baselineOffset: 6))
        .style("caps", MarkupStyle(font: .init(size: 13), kern: 1.2, textCase: .uppercase))
        .style("title", MarkupStyle(font: .init(size: 22, weight: .bold, textStyle: .title2)))
        .style("tappable", MarkupStyle(foregroundColor: MarkupStyleColor(rgb: 0x1A73E8), underline: .single))
        .style("link", MarkupStyle(foregroundColor: MarkupStyleColor(rgb: 0x6A1B9A), underline: MarkupStyleLine(.dotted)))

    /// The examples: a caption and the text it shows.
    static var examples: [(caption: String, text: StyledText)] {
        let dice = StyledText.Image(url: URL(string: "https://example.com/dice.png")!,
                                    size: .init(width: 16, height: 16), alt: "🎲")
        let wiki = URL(string: "https://en.wikipedia.org/wiki/Monopoly_(game)")!
        return [
            ("Semantic attributes", """
                \("Monopoly", .tag("title"))
                \(dice) \("1.", .important) Each player rolls the dice to see who goes first.
                """),
            ("Nesting merges styles", "Bold \("and italic \("and code", .tag("code"))", .important, .tag("em")) together."),
            ("Decorations", "Spelling: \("recieve", .tag("typo")); price \("$200", .tag("old")) $150; note\("1", .tag("sup"))."),
            ("Text transform", "\("Chance", .tag("caps")) and \("Community Chest", .tag("caps"))"),
            ("Links and tappables", "Read \("the rules", .link(wiki)), or \("ask a friend", .tappable(id: "ask") {})."),
            ("Hostile input stays text", """
                <script>alert("x")</script> & \("a dangerous link", .link(URL(string: "javascript:alert(1)")!)) \
                and \("an image", .tag("em")) \(StyledText.Image(url: URL(string: "javascript:alert(2)")!, alt: "[refused image]"))
                """),
        ]
    }

    /// The whole page: every example rendered with inline styles, then again with class names and a stylesheet.
    static func page() -> String {
        let inline = HTMLRenderer()
        let classes = HTMLRenderer(styling: .classes())
        let allRuns = examples.flatMap { resolver.runs(for: $0.text) }
        var body = "<h1>StyledText HTML gallery</h1>\n<h2>Inline styles</h2>\n"
        for example in examples {
            body += "<section><h3>" + escaped(example.caption) + "</h3>\n<p>"
                + inline.render(example.text, resolver: resolver) + "</p></section>\n"
        }
        body += "<h2>Class names</h2>\n"
        for example in examples {
            body += "<section><h3>" + escaped(example.caption) + "</h3>\n<p>"
                + classes.render(example.text, resolver: resolver) + "</p></section>\n"
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>StyledText HTML gallery</title>
            <style>
            body { font-family: system-ui, sans-serif; max-width: 40em; margin: 2em auto; line-height: 1.5; }
            section { border-top: 1px solid #ddd; }
            \(classes.stylesheet(for: allRuns))</style>
            </head>
            <body>
            \(body)</body>
            </html>

            """
    }

    /// Captions are fixed strings, but escape them anyway: the page is an example of how to build one.
    private static func escaped(_ string: String) -> String {
        string.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
