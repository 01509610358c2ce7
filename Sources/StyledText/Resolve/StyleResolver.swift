import Foundation

/// Decides how semantic attributes look: maps each attribute to a ``MarkupStyle`` and each element to content.
///
/// A resolver is a value, built with chained calls and injected wherever text is rendered:
///
/// ```swift
/// let resolver = StyleResolver(base: MarkupStyle(font: .init(size: 14), foregroundColor: .gray))
///     .style("important", MarkupStyle(font: .init(weight: .semibold), foregroundColor: .blue))
///     .style("story") { story, inherited in
///         story["type"] == "1" ? MarkupStyle(foregroundColor: .red) : MarkupStyle(foregroundColor: .orange)
///     }
///     .fallback { attribute, inherited in nil }      // unknown attributes: unstyled text
/// let runs = resolver.runs(for: "Read \("this", .tag("story", ["type": "1"]))")
/// runs[1].style.foregroundColor  // .red
/// ```
///
/// ## How a run's style is resolved
/// For the attributes of a run, from the outermost to the innermost:
/// 1. The attribute's *layer* is its rule's style: the rule registered for its name with `style(_:_:)` (a fixed style)
///    or the closure form of `style(_:_:)`, else the ``fallback(_:)`` rule, else nothing. A closure rule receives the style
///    inherited from outside (the base style filled by every outer layer), so it can compute relative values
///    such as "one step bolder" or "1.2× larger".
/// 2. Built in: a `link` attribute's layer links to its `href`, and a `tappable` attribute's layer links to
///    `styledtext-action://<id>`, unless the rule decided `link` itself. Only tappables may link to
///    `styledtext-action:` URLs; such a link from any other attribute is dropped.
/// 3. The layer fills its undecided fields from the inherited style (``MarkupStyle/filling(from:)``): inner
///    decided fields win, font and paragraph fields merge one by one, and ``base`` fills last. So when links or
///    tappables nest, the innermost one wins for its text.
///
/// Finally every ``adjust(_:)`` hook, in the order added, sees all attributes of the run and the resolved style.
///
/// ## Rules are pure
/// A style rule or fallback must return the same layer whenever it is given the same attribute and inherited style. A
/// resolver remembers the styles it has resolved (for up to 512 attribute stacks, shared by its copies and safe to use
/// from any thread) and calls rules only for stacks it has not seen, so a label shown again costs no rule calls. Each
/// thread remembers apart (for up to 16 resolvers at once), so a rule may be called once on each thread for the same
/// stack; threads sharing one resolver then rarely wait for each other. To style differently, say for dark mode or a
/// larger text size, build another resolver: a copy changed by `style`, `fallback`, `merging` or a new `base` remembers
/// nothing from the resolver it came from. Element rules and adjustments are called on every ``runs(for:)``.
///
/// ## Elements
/// An element part (`<br/>`, `<icon name="star"/>`) becomes the content its `element(_:_:)` rule gives,
/// styled as if it sat inside the element's own attribute; an element without a rule renders nothing. The
/// default resolver turns `br` into a line break.
///
/// ## Layout
/// ``block(_:prefix:)`` lays attributes out as blocks on lines of their own, with content such as a list item's
/// number before each; ``prefix(_:rule:)`` puts content where an attribute begins within a line; and
/// ``collapsingWhitespace(preservingInside:)`` collapses white space as HTML does. They change the text of the
/// runs, not the styled text. ``html`` uses all three for HTML's vocabulary.
public struct StyleResolver: Sendable {
    /// A rule's closure: the attribute and the style inherited from outside, to the attribute's own layer.
    public typealias Rule = @Sendable (_ attribute: StyledText.Attribute, _ inherited: MarkupStyle) -> MarkupStyle?
    /// An adjustment: every attribute of a run (outermost first) and its resolved style, to the final style.
    public typealias Adjustment = @Sendable (_ attributes: [StyledText.Attribute], _ style: MarkupStyle) -> MarkupStyle
    /// An element rule: the element, to its content (or `nil` for nothing).
    public typealias ElementRule = @Sendable (_ element: StyledText.Attribute) -> StyledText?

    /// The style every run starts from; attribute layers override its fields.
    public var base: MarkupStyle {
        get { resolvedBase.shared.style }
        set {
            resolvedBase = ResolvedStack(.empty, SharedStyle(newValue))
            cache = StyleCache()
        }
    }

    /// The empty stack with the base style, boxed once here rather than once per call of ``runs(for:)``: every
    /// unstyled run shares it.
    private(set) var resolvedBase: ResolvedStack

    var rules: [String: StoredRule] = [:]
    var fallbackRule: Rule?
    var adjustments: [Adjustment] = []
    /// Element rules set on this resolver; the built-in ones (``defaultElementRules``) apply where none is set, so
    /// that merging a resolver without rules never replaces an element rule with a default.
    var elementRules: [String: StoredElementRule] = [:]
    /// Block and prefix rules and white space collapsing (``block(_:prefix:)``, ``prefix(_:rule:)``,
    /// ``collapsingWhitespace(preservingInside:)``), or `nil` for none: then ``runs(for:)`` lays nothing out.
    var layoutRules: LayoutRules?

    /// Styles resolved by earlier calls; replaced whenever anything that decides a style changes.
    private(set) var cache = StyleCache()

    static let defaultElementRules: [String: StoredElementRule] = ["br": .fixed(FixedElementContent("\n"))]

    /// An element rule as the resolver keeps it: fixed content, made once and kept behind a reference, or a closure.
    /// A closure returning the fixed content made it anew for every element (the built-in `br` its `"\n"`) or
    /// copied it; held in the enum itself, it was copied out with its references at each lookup. An element's use
    /// borrows it from the box (``FixedElementContent/withContent(_:)``).
    enum StoredElementRule: Sendable {
        /// Content that is not empty.
        case fixed(FixedElementContent)
        case computed(ElementRule)
        /// Fixed content that is empty: the element becomes nothing.
        case nothing
    }

    /// The content of a fixed element rule, behind a reference.
    final class FixedElementContent: Sendable {
        let content: StyledText

        init(_ content: StyledText) {
            self.content = content
        }

        /// `body` with the content, borrowed from the box. Read through ``content`` and passed on, it was copied for
        /// every element, its references retained and released (with the copy `RunBuilder.addElementContent` made,
        /// `Profile line-breaks:2000` took 2,674 instructions a line; 2,316 without either).
        @inline(__always)
        func withContent<Result>(_ body: (borrowing StyledText) -> Result) -> Result {
            body(content)
        }
    }

    enum StoredRule: Sendable {
        /// A fixed style, boxed: looking a rule up then copies a reference, not a `MarkupStyle`.
        case fixed(SharedStyle)
        case computed(Rule)
    }

    /// Creates a resolver with a base style and no attribute rules.
    ///
    /// - Parameter base: The style every run starts from; empty by default.
    public init(base: MarkupStyle = MarkupStyle()) {
        resolvedBase = ResolvedStack(.empty, SharedStyle(base))
    }

    /// A copy that styles attributes named `name` with a fixed style.
    ///
    /// A later rule for the same name replaces an earlier one.
    ///
    /// - Parameters:
    ///   - name: The attribute name; compared lowercased.
    ///   - style: The attribute's layer.
    /// - Returns: The new resolver.
    public func style(_ name: String, _ style: MarkupStyle) -> StyleResolver {
        var copy = self
        copy.rules[name.lowercased()] = .fixed(SharedStyle(style))
        copy.cache = StyleCache()
        return copy
    }

    /// A copy that styles attributes named `name` with a closure that can read parameters and the inherited style.
    ///
    /// ```swift
    /// let larger = StyleResolver(base: MarkupStyle(font: .init(size: 10)))
    ///     .style("big") { _, inherited in MarkupStyle(font: .init(size: (inherited.font.size ?? 12) * 1.2)) }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The attribute name; compared lowercased.
    ///   - rule: The attribute and the inherited style, to the attribute's layer (`nil` for none).
    /// - Returns: The new resolver.
    public func style(_ name: String, _ rule: @escaping Rule) -> StyleResolver {
        var copy = self
        copy.rules[name.lowercased()] = .computed(rule)
        copy.cache = StyleCache()
        return copy
    }

    /// A copy whose attributes without a rule of their own get their layer from `rule`.
    ///
    /// - Parameter rule: The attribute and the inherited style, to the attribute's layer (`nil` for none).
    /// - Returns: The new resolver.
    public func fallback(_ rule: @escaping Rule) -> StyleResolver {
        var copy = self
        copy.fallbackRule = rule
        copy.cache = StyleCache()
        return copy
    }

    /// A copy with a final hook that sees all attributes of a run and its resolved style.
    ///
    /// Use it for combinations no single rule can express:
    ///
    /// ```swift
    /// let resolver = StyleResolver().adjust { attributes, style in
    ///     guard attributes.contains(where: { $0.name == "important" }),
    ///           attributes.contains(where: { $0.name == "tappable" }) else { return style }
    ///     var style = style
    ///     style.underline = .single
    ///     style.foregroundColor = .blue
    ///     return style
    /// }
    /// ```
    ///
    /// - Parameter adjustment: The run's attributes (outermost first) and resolved style, to the final style.
    /// - Returns: The new resolver; hooks run in the order they were added.
    public func adjust(_ adjustment: @escaping Adjustment) -> StyleResolver {
        var copy = self
        copy.adjustments.append(adjustment)
        return copy
    }

    /// A copy that turns elements named `name` into fixed content.
    ///
    /// ```swift
    /// let resolver = StyleResolver().element("hr", "\n———\n")
    /// ```
    ///
    /// - Parameters:
    ///   - name: The element name; compared lowercased.
    ///   - content: The content each such element becomes.
    /// - Returns: The new resolver.
    public func element(_ name: String, _ content: StyledText) -> StyleResolver {
        var copy = self
        copy.elementRules[name.lowercased()] = content.isEmpty ? .nothing : .fixed(FixedElementContent(content))
        return copy
    }

    /// A copy that turns elements named `name` into content computed from the element's parameters.
    ///
    /// ```swift
    /// let resolver = StyleResolver().element("icon") { icon in
    ///     icon["name"].map { StyledText(image: .init(named: $0)) }
    /// }
    /// ```
    ///
    /// Element rules do not expand elements inside the content they return: those render nothing.
    ///
    /// - Parameters:
    ///   - name: The element name; compared lowercased.
    ///   - rule: The element, to its content (`nil` for nothing).
    /// - Returns: The new resolver.
    public func element(_ name: String, _ rule: @escaping ElementRule) -> StyleResolver {
        var copy = self
        copy.elementRules[name.lowercased()] = .computed(rule)
        return copy
    }

    /// This resolver with `other` layered on top: `other`'s rules win for the names it defines.
    ///
    /// For composing an app theme with screen overrides. `other`'s base fields win where decided, its fallback
    /// replaces this one's if it has one, and its adjustments run after this one's. Its element and layout rules
    /// win for their names, and its white space collapsing, if it has any, replaces this one's.
    ///
    /// ```swift
    /// let screen = theme.merging(StyleResolver().style("important", MarkupStyle(foregroundColor: .red)))
    /// ```
    ///
    /// - Parameter other: The resolver whose rules win.
    /// - Returns: The merged resolver.
    public func merging(_ other: StyleResolver) -> StyleResolver {
        var copy = self
        copy.base = other.base.filling(from: base)
        copy.rules.merge(other.rules) { _, theirs in theirs }
        copy.fallbackRule = other.fallbackRule ?? fallbackRule
        copy.adjustments += other.adjustments
        copy.elementRules.merge(other.elementRules) { _, theirs in theirs }
        if layoutRules != nil || other.layoutRules != nil {
            copy.layoutRules = LayoutRules(layouts: layouts.merging(other.layouts) { _, theirs in theirs },
                                           whitespacePreservedInside: other.whitespacePreservedInside
                                               ?? whitespacePreservedInside)
        }
        copy.cache = StyleCache()
        return copy
    }

    /// The rule that turns elements named `name` into content: one set on the resolver, else a built-in one.
    ///
    /// Inlined: called on a resolver behind a pointer (`resolver.pointee`), a call copied the whole resolver, a
    /// retain and a release for each of its references, at every element.
    @inline(__always)
    func elementRule(for name: String) -> StoredElementRule? {
        elementRules[name] ?? Self.defaultElementRules[name]
    }

    /// The layer of one attribute, given the style inherited from outside it (steps 1 and 2 above); `nil` when
    /// the attribute has none, so that the inherited style applies as it is without merging anything.
    ///
    /// Static, given the resolver's `rules` and `fallbackRule`, which its caller takes once for all the nodes it
    /// resolves in a walk: as a method called on the resolver behind the caller's pointer, it copied the whole
    /// resolver, and with the rules read through that pointer here, they were retained at every attribute.
    static func layer(for attribute: borrowing StyledText.Attribute, inherited: MarkupStyle,
                      rules: [String: StoredRule], fallbackRule: Rule?) -> MarkupStyle? {
        var layer: MarkupStyle?
        switch rules[attribute.name] {
        case let .fixed(shared)?: layer = shared.style
        case let .computed(rule)?: layer = rule(attribute, inherited)
        case nil: layer = fallbackRule?(attribute, inherited)
        }
        if layer?.link == nil {
            var link: URL?
            if let id = attribute.tappableID {
                link = StyledText.actionURL(for: id)
            } else if attribute.name == "link", let href = attribute["href"] {
                link = URL(string: href)
            }
            if let link {
                var linked = layer ?? MarkupStyle()
                linked.link = link
                layer = linked
            }
        }
        // Only a real tappable may link to an action: a template's `<a href="styledtext-action://x">` (say, from
        // a translation or a server) must not pose as one and trigger an app closure.
        if attribute.tappableID == nil, let link = layer?.link, link.scheme?.lowercased() == StyledText.actionScheme {
            layer?.link = nil
        }
        return layer
    }
}
