import StyledText

enum InterpolationTour {
    static func run() {
        let ruleImage = StyledText.Image(named: "rule", size: .init(width: 12, height: 12), alt: "§")
        let openWikipedia: @Sendable @MainActor () -> Void = { Tour.say("  (opening Wikipedia)") }
        let rules: StyledText = """
            \("Monopoly", .important(.very))
            \(ruleImage) \("1.", .important) Each player rolls the dice to see who goes first.
            Learn more \("here", .tappable(id: "wiki", action: openWikipedia), .important)
            """
        Tour.say("Literal text is never parsed; interpolated values carry attributes, outermost first:")
        Tour.say(rules.debugDescription.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
        Tour.say("\nplainText: \(String(reflecting: rules.plainText))")

        let name: StyledText = "\("Eve", .tag("story", ["type": "1"]))"
        let nested: StyledText = "Hello \(name, .important)!"
        Tour.say("\nNesting keeps inner attributes inner: \(nested.parts[1])")
    }
}

enum ResolverTour {
    static func run() {
        let rules: StyledText = """
            \("Monopoly", .important(.very))
            \(StyledText.Image(named: "rule")) \("1.", .important) Each player rolls the dice.
            Learn more \("here", .tappable(id: "wiki") {}, .important) or read \("story one", .tag("story", ["type": "1"])).
            """
        Tour.say("The Monopoly rules resolved by the tour's theme (range, text, style, attributes):")
        Tour.show(theme.runs(for: rules))

        let screen = theme.merging(StyleResolver().style("important", MarkupStyle(foregroundColor: .red)))
        Tour.say("\nmerging(_:) lets a screen override the app theme: important is now \(screen.runs(for: "\("x", .important)")[0].style)")

        let icons = StyleResolver().element("icon") { icon in
            icon["name"].map { StyledText(image: .init(named: $0, alt: "★")) }
        }
        Tour.say("\nElements become what their rule says (br → line break by default, icon → image):")
        Tour.show(icons.runs(for: StyledText(template: "Rate us<br><icon name=star/> today")))

        // A fallback styles attributes that have no rule of their own: here from a tag's inline CSS or colour.
        let painted = theme.fallback { tag, inherited in
            if let css = tag["style"] { return MarkupStyle(css: css, inherited: inherited) }
            return tag["color"].flatMap(MarkupStyleColor.init(css:)).map { MarkupStyle(foregroundColor: $0) }
        }
        Tour.say("\nfallback(_:) styles tags without a rule, here by their style= (MarkupStyle(css:)) or color=:")
        let colours = "<font color='RebeccaPurple'>purple</font> "
            + "<span style='font-size: 1.5em; text-decoration: wavy underline red; letter-spacing: 1px'>big</span>"
        Tour.show(painted.runs(for: StyledText(template: colours)))
    }
}
