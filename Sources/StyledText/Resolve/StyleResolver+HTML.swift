import Foundation

extension StyleResolver {
    /// How a tag's `style="…"` parameter combines with the style ``html(base:inlineCSS:links:)`` gives the tag.
    ///
    /// A struct with static members, so that a policy can be added without breaking a `switch`.
    public struct InlineCSS: Sendable, Hashable {
        enum Policy: Sendable, Hashable {
            case overridesRules, fillsRules, ignored
        }

        let policy: Policy

        /// The inline CSS wins where it decides, as in a browser: `<b style="font-weight: normal">` is not bold.
        public static let overridesRules = InlineCSS(policy: .overridesRules)
        /// The tag's own style wins; the inline CSS decides only what that leaves undecided: `<b style="…">` stays
        /// bold, and a colour from the CSS still applies.
        public static let fillsRules = InlineCSS(policy: .fillsRules)
        /// `style` parameters are ignored: markup from a source you do not want deciding colours and sizes.
        public static let ignored = InlineCSS(policy: .ignored)
    }

    /// The HTML vocabulary with default styles: ``html(base:inlineCSS:links:)`` with its defaults.
    ///
    /// ```swift
    /// let page = StyledText(template: "<h1>Menu</h1><ul><li><b>Soup</b></li><li>Bread</li></ul>")
    /// StyleResolver.html.runs(for: page).map(\.text).joined()  // "Menu\n• Soup\n• Bread"
    /// ```
    public static let html = html()

    /// A resolver for HTML: the HTML tags' usual styles and layout, and the `style="…"` parameter of any tag, built
    /// from the public rules (``style(_:_:)``, ``block(_:prefix:)``, ``prefix(_:rule:)``, ``element(_:_:)``,
    /// ``collapsingWhitespace(preservingInside:)``), so that a resolver merged on top (``merging(_:)``) can change
    /// any of it.
    ///
    /// | Tags | Style and layout |
    /// | --- | --- |
    /// | `b`, `strong`; `th` | bold |
    /// | `i`, `em`, `cite`, `dfn`, `var`, `address` | italic |
    /// | `u`, `ins`; `s`, `strike`, `del` | underlined; struck through |
    /// | `a href` | a link, when `links` allows it, underlined |
    /// | `code`, `kbd`, `samp`, `tt`; `pre` | monospaced; `pre` also keeps its white space |
    /// | `mark` | black on yellow |
    /// | `small`, `big` | 5/6 and 6/5 of the size around them |
    /// | `sub`, `sup` | 5/6 of the size, a third of it below or above the baseline |
    /// | `h1` … `h6` | bold, 2, 1.5, 1.17, 1, 0.83 and 0.67 times the size around them |
    /// | `font color face size` | the colour, the first family, and the sizes 1 to 7 (10 to 48 points) |
    /// | `p`, `div`, `h1` … `h6`, `center` and HTML's other blocks | a block; `align` aligns `p`, `div`, headings |
    /// | `blockquote`, `dd`, `ul`, `ol` | a block, indented 20 points more than the text around it |
    /// | `li` | a block after a bullet (`•`, `◦`, `▪` by nesting) or, in an `ol`, its number (`start`, `type`), |
    /// | | indented two spaces for each list item around it, up to eight |
    /// | `tr`; `td`, `th` | a line; cells after the first after a tab |
    /// | `br`; `hr` | a line break; a line of `─` |
    /// | `img src alt width height` | the image, if ``LinkPolicy/images`` allows its source; else its `alt` text |
    ///
    /// White space collapses as a browser collapses it, except inside `pre`. Sizes relative to the text around
    /// them start from `base`'s size, or 16 points when it has none.
    ///
    /// - Parameters:
    ///   - base: The style every run starts from.
    ///   - inlineCSS: How a tag's `style` parameter combines with the tag's own style; read as
    ///     ``MarkupStyle/init(css:inherited:)`` reads it, for every tag, known or not.
    ///   - links: The link destinations `a href` may have; others make no link. Images' sources are checked
    ///     against ``LinkPolicy/images``.
    /// - Returns: The resolver.
    public static func html(base: MarkupStyle = MarkupStyle(), inlineCSS: InlineCSS = .overridesRules,
                            links: LinkPolicy = .default) -> StyleResolver {
        var resolver = StyleResolver(base: base)
        for (names, own) in HTMLVocabulary.styles {
            for name in names {
                resolver = resolver.style(name) { tag, inherited in
                    HTMLVocabulary.layer(own(tag, inherited), of: tag, inherited: inherited, inlineCSS: inlineCSS)
                }
            }
        }
        resolver = resolver
            .style("a") { tag, inherited in
                var own = MarkupStyle(underline: MarkupStyleLine(.single))
                if let href = tag["href"], links.allows(href), let url = URL(string: href) { own.link = url }
                return HTMLVocabulary.layer(own, of: tag, inherited: inherited, inlineCSS: inlineCSS)
            }
            .fallback { tag, inherited in
                HTMLVocabulary.layer(nil, of: tag, inherited: inherited, inlineCSS: inlineCSS)
            }
        // The names a template marks, so that every block it marks is laid out; `li` and the cells are laid out
        // below, with their prefixes.
        for name in TemplateTokenizer.blockNames where !["li", "td", "th"].contains(name) {
            resolver = resolver.block(name)
        }
        return resolver
            .block("li", prefix: HTMLVocabulary.listItemPrefix)
            .prefix("th", "td", rule: HTMLVocabulary.cellPrefix)
            .block("hr")
            .element("hr", StyledText(String(repeating: "\u{2500}", count: 20)))
            .element("img", HTMLVocabulary.image)
            .collapsingWhitespace(preservingInside: ["pre", "textarea"])
    }
}

/// The tables and rules of ``StyleResolver/html(base:inlineCSS:links:)``.
enum HTMLVocabulary {
    typealias OwnStyle = @Sendable (_ tag: StyledText.Attribute, _ inherited: MarkupStyle) -> MarkupStyle?

    /// The tags' own styles, before their inline CSS.
    static let styles: [([String], OwnStyle)] = [
        (["b", "strong", "th"], { _, _ in MarkupStyle(font: MarkupStyleFont(weight: .bold)) }),
        (["i", "em", "cite", "dfn", "var", "address"], { _, _ in MarkupStyle(font: MarkupStyleFont(italic: true)) }),
        (["u", "ins"], { _, _ in MarkupStyle(underline: MarkupStyleLine(.single)) }),
        (["s", "strike", "del"], { _, _ in MarkupStyle(strikethrough: MarkupStyleLine(.single)) }),
        (["code", "kbd", "samp", "tt", "pre"], { _, _ in MarkupStyle(font: MarkupStyleFont(monospaced: true)) }),
        (["mark"], { _, _ in MarkupStyle(foregroundColor: .black, backgroundColor: .yellow) }),
        (["small"], { _, inherited in MarkupStyle(font: MarkupStyleFont(size: size(inherited, times: 5, over: 6))) }),
        (["big"], { _, inherited in MarkupStyle(font: MarkupStyleFont(size: size(inherited, times: 6, over: 5))) }),
        (["sub"], { _, inherited in
            MarkupStyle(font: MarkupStyleFont(size: size(inherited, times: 5, over: 6)),
                        baselineOffset: -size(inherited, times: 1, over: 3))
        }),
        (["sup"], { _, inherited in
            MarkupStyle(font: MarkupStyleFont(size: size(inherited, times: 5, over: 6)),
                        baselineOffset: size(inherited, times: 1, over: 3))
        }),
        (["h1"], heading(2)), (["h2"], heading(1.5)), (["h3"], heading(1.17)), (["h4"], heading(1)),
        (["h5"], heading(0.83)), (["h6"], heading(0.67)),
        (["p", "div"], { tag, _ in aligned(tag) }),
        (["center"], { _, _ in MarkupStyle(paragraph: MarkupStyleParagraph(alignment: .center)) }),
        (["blockquote", "dd", "ul", "ol"], { _, inherited in
            let indent = (inherited.paragraph.headIndent ?? 0) + 20
            return MarkupStyle(paragraph: MarkupStyleParagraph(headIndent: indent, firstLineHeadIndent: indent))
        }),
        (["font"], { tag, inherited in font(tag, inherited: inherited) }),
    ]

    /// A heading's style: bold, `scale` times the size around it, aligned as its `align` says.
    static func heading(_ scale: Double) -> OwnStyle {
        { tag, inherited in
            var style = aligned(tag) ?? MarkupStyle()
            style.font = MarkupStyleFont(size: (size(inherited, times: scale) * 100).rounded() / 100, weight: .bold)
            return style
        }
    }

    /// The alignment of `p`, `div` and headings' `align` parameter, or `nil`.
    static func aligned(_ tag: StyledText.Attribute) -> MarkupStyle? {
        let alignment: MarkupStyleParagraph.Alignment
        switch tag["align"]?.lowercased() {
        case "left"?: alignment = .left
        case "right"?: alignment = .right
        case "center"?: alignment = .center
        case "justify"?: alignment = .justified
        default: return nil
        }
        return MarkupStyle(paragraph: MarkupStyleParagraph(alignment: alignment))
    }

    /// `<font color face size>`: HTML's sizes 1 to 7 (or `+n`, `-n` from 3) as 10, 13, 16, 18, 24, 32 and 48
    /// points.
    static func font(_ tag: StyledText.Attribute, inherited: MarkupStyle) -> MarkupStyle? {
        var style = MarkupStyle()
        if let color = tag["color"].flatMap(MarkupStyleColor.init(css:)) { style.foregroundColor = color }
        if let face = tag["face"]?.split(separator: ",").first?.trimmingCharacters(in: .whitespaces), !face.isEmpty {
            style.font.family = face
        }
        if let value = tag["size"]?.trimmingCharacters(in: .whitespaces), let number = Int(value) {
            let step = value.hasPrefix("+") || value.hasPrefix("-") ? 3 + number : number
            style.font.size = [10.0, 13, 16, 18, 24, 32, 48][min(max(step, 1), 7) - 1]
        }
        return style
    }

    /// `factor / divisor` of the size relative sizes start from (the inherited size, else CSS's `medium`, 16
    /// points), at most 1,000 points, as ``MarkupStyle/init(css:inherited:)`` clamps sizes: `<big>` nested a
    /// thousand deep would otherwise be infinite. Multiplied before it is divided, so that 6/5 of 12 is 14.4.
    static func size(_ inherited: MarkupStyle, times factor: Double, over divisor: Double = 1) -> Double {
        min((inherited.font.effectiveSize ?? 16) * factor / divisor, 1_000)
    }

    /// A tag's layer: its own style and its inline CSS, combined as `inlineCSS` says.
    static func layer(_ own: MarkupStyle?, of tag: StyledText.Attribute, inherited: MarkupStyle,
                      inlineCSS: StyleResolver.InlineCSS) -> MarkupStyle? {
        guard inlineCSS.policy != .ignored, let css = tag["style"] else { return own }
        let inline = MarkupStyle(css: css, inherited: inherited)
        guard let own else { return inline }
        return inlineCSS.policy == .overridesRules ? inline.filling(from: own) : own.filling(from: inline)
    }

    /// A list item's bullet, indented two spaces per list item around it (up to ``maximumIndent`` of them); in an
    /// `ol`, its number as the list's `start` and `type` say (`1`, `a`, `A`, `i`, `I`).
    static let listItemPrefix: StyleResolver.PrefixRule = { _, item in
        // Bounded: a prefix as long as the nesting made items nested n deep cost O(n²) text.
        let indent = String(repeating: "  ", count: min(item.nesting, maximumIndent))
        guard let list = item.parent, list.name == "ol" else {
            return StyledText(indent + ["•", "◦", "▪"][item.nesting % 3] + " ")
        }
        let start = list.parameter("start", as: Int.self) ?? 1
        return StyledText(indent + ordinal(start + item.index - 1, type: list["type"] ?? "1") + ". ")
    }

    /// `number` as an `ol` of `type` counts: decimal, letters or Roman numerals. Letters and numerals need a
    /// number from 1 (and numerals one below 4,000); others are written in decimal.
    static func ordinal(_ number: Int, type: String) -> String {
        switch type {
        case "a" where number >= 1, "A" where number >= 1:
            var letters = ""
            var rest = number
            while rest > 0 {
                rest -= 1
                letters = String(UnicodeScalar(UInt8(rest % 26) + UInt8(ascii: type == "a" ? "a" : "A"))) + letters
                rest /= 26
            }
            return letters
        case "i" where number >= 1 && number < 4000, "I" where number >= 1 && number < 4000:
            let numerals = [(1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"), (50, "l"),
                            (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")]
            var roman = ""
            var rest = number
            for (value, numeral) in numerals {
                while rest >= value {
                    roman += numeral
                    rest -= value
                }
            }
            return type == "i" ? roman : roman.uppercased()
        default:
            return String(number)
        }
    }

    /// The most levels of nesting a list item's prefix is indented by.
    static let maximumIndent = 8

    /// A tab before every table cell but a row's first.
    static let cellPrefix: StyleResolver.PrefixRule = { _, cell in cell.index > 1 ? "\t" : nil }

    /// `<img>`: the image of its `src`, when ``LinkPolicy/images`` allows it, with its `alt`, `width` and `height`;
    /// else its `alt` text, if any.
    static let image: StyleResolver.ElementRule = { tag in
        let alt = tag["alt"].flatMap { $0.isEmpty ? nil : $0 }
        guard let source = tag["src"], LinkPolicy.images.allows(source), let url = URL(string: source) else {
            return alt.map { StyledText($0) }
        }
        var size: StyledText.Image.Size?
        if let width = tag.parameter("width", as: Double.self), let height = tag.parameter("height", as: Double.self),
           width.isFinite, height.isFinite, width >= 0, height >= 0 {
            size = StyledText.Image.Size(width: width, height: height)
        }
        return StyledText(image: StyledText.Image(url: url, size: size, alt: alt))
    }
}
