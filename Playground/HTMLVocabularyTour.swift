import StyledText

/// `StyleResolver.html`: HTML from a server or a CMS, styled and laid out for every renderer.
enum HTMLVocabularyTour {
    static func run() {
        let order = StyledText(template: """
            <h2>Your order</h2>
            <p>Thanks, <b>%@</b>! You picked:</p>
            <ol>
              <li><b>Soup</b> of the day <small>(vegan)</small></li>
              <li>Bread<ul><li>sourdough</li><li>rye</li></ul></li>
            </ol>
            <table><tr><th>Total</th><td>€12.50</td></tr></table>
            <p style="color: #c00">Questions? <a href="https://example.com/help">Ask us</a>
            or <a href="javascript:alert(1)">not this</a>.</p>
            """, "<i>Eve</i>")
        Tour.say("Pretty-printed HTML with the argument \"<i>Eve</i>\", through StyleResolver.html: blocks on lines of")
        Tour.say("their own, numbered and nested bullets, cells after tabs, collapsed white space, safe links only:")
        print(order.ansi(.html, using: Tour.terminal).split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
        Tour.say("\nThe same runs as HTML (the resolver's inline CSS, breaks as <br>, the nested bullets' indent as")
        Tour.say("no-break spaces and the cell's tab in a span that keeps it, so a browser shows what the terminal does):")
        print("  " + order.html(.html))
        // End tags HTML lets markup leave out: each `<li>` ends the item before, `<p>` the paragraph, `<td>` the
        // cell, as a browser reads them.
        let sloppy = StyledText(template: "<ul><li>Milk<li>Eggs</ul><p>Total:<table><tr><td>2 items<td>€4</table>")
        Tour.say("\nEnd tags left out, as in much HTML from the wild, read as a browser reads them:")
        let lines = StyleResolver.html.runs(for: sloppy).map(\.text).joined()
        print("  " + lines.replacingOccurrences(of: "\n", with: "\n  "))
        let rules = StyleResolver()
            .block("step") { _, step in "Step \(step.index): " }
            .prefix("tag") { _, _ in "#" }
        // Templates mark where HTML's blocks begin, and where tags of your own do when the options list them:
        // `runs(forTemplate:)` lists the names its resolver lays out.
        let recipe = "<step>Mix</step><step>Bake <tag>oven</tag></step>"
        Tour.say("\nThe same rules lay out your own vocabulary: block(\"step\") numbered, prefix(\"tag\"):")
        print("  " + rules.runs(forTemplate: recipe).map(\.text).joined().replacingOccurrences(of: "\n", with: "\n  "))
        var options = StyledText.Template.Options()
        options.blockTagNames = ["step"]
        let kept = StyledText(template: recipe, options: options)
        Tour.say("A text parsed for later marks them when its options list them (\(kept.parts.count) parts):")
        print("  " + rules.runs(for: kept).map(\.text).joined().replacingOccurrences(of: "\n", with: "\n  "))
    }
}
