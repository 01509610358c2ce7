import Foundation

extension StyledText {
    /// A template written as a string literal: literal segments are template text, interpolated values are
    /// arguments.
    ///
    /// Builds the same key Apple's tools build for a localized string: `%@` for strings and styled text, `%lld`
    /// for signed integers, `%llu` for unsigned ones, `%lf` for `Double`, `%f` for `Float`, and `%%` for a literal `%`.
    ///
    /// ```swift
    /// let name = "Eve"
    /// let literal: StyledText.TemplateLiteral = "Hello <b>\(name)</b>, 100% \(42)"
    /// literal.key  // "Hello <b>%@</b>, 100%% %lld"
    /// ```
    public struct TemplateLiteral: ExpressibleByStringInterpolation, Sendable {
        /// The template text, with a placeholder where each value was interpolated.
        public private(set) var key: String
        /// The interpolated values, in order.
        public private(set) var arguments: [any StyledTextArgument]

        /// Creates a template literal without arguments.
        public init(stringLiteral value: String) {
            key = Self.escapingPercent(value)
            arguments = []
        }

        /// Creates a template literal from an interpolation.
        public init(stringInterpolation: StringInterpolation) {
            key = stringInterpolation.key
            arguments = stringInterpolation.arguments
        }

        /// Collects the key and the arguments of a template literal.
        public struct StringInterpolation: StringInterpolationProtocol, Sendable {
            var key = ""
            var arguments: [any StyledTextArgument] = []

            /// Reserves room for the literal text.
            public init(literalCapacity: Int, interpolationCount: Int) {
                key.reserveCapacity(literalCapacity + 4 * interpolationCount)
                arguments.reserveCapacity(interpolationCount)
            }

            /// Appends template text; a `%` in it is a percent sign, not a placeholder.
            public mutating func appendLiteral(_ literal: String) {
                key += TemplateLiteral.escapingPercent(literal)
            }

            /// Appends a string, styled text or other argument as `%@`.
            public mutating func appendInterpolation<Value: StyledTextArgument>(_ value: Value) {
                key += "%@"
                arguments.append(value)
            }

            /// Appends an integer as `%lld` (signed) or `%llu` (unsigned).
            public mutating func appendInterpolation<Value: BinaryInteger & StyledTextArgument>(_ value: Value) {
                key += Value.isSigned ? "%lld" : "%llu"
                arguments.append(value)
            }

            /// Appends a double-precision number as `%lf`.
            public mutating func appendInterpolation(_ value: Double) {
                key += "%lf"
                arguments.append(value)
            }

            /// Appends a single-precision number as `%f`, as Apple's tools write a `Float`'s placeholder.
            public mutating func appendInterpolation(_ value: Float) {
                key += "%f"
                arguments.append(value)
            }
        }

        static func escapingPercent(_ text: String) -> String {
            text.utf8.contains(UInt8(ascii: "%")) ? text.replacingOccurrences(of: "%", with: "%%") : text
        }
    }

    /// Parses a template literal: literal segments are markup, interpolated values are arguments.
    ///
    /// ```swift
    /// let name = "<Eve>"
    /// let text = StyledText(markup: "Hello <b>\(name)</b>!")
    /// text.parts[1]  // .text("<Eve>", attributes: [.tag("b")])
    /// ```
    ///
    /// - Parameters:
    ///   - markup: The template literal; values are inserted as data, never parsed.
    ///   - options: Limits and behaviour.
    public init(markup: TemplateLiteral, options: Template.Options = Template.Options()) {
        self.init(template: markup.key, arguments: markup.arguments, options: options)
    }

    /// Looks up a localized template and fills it with the literal's values.
    ///
    /// The key is built as Apple's tools build it (`Pick: \(a) <i>or</i> \(b)` → `Pick: %@ <i>or</i> %@`) and
    /// looked up with `Bundle.localizedString(forKey:value:table:)`; a missing key falls back to the key itself.
    /// The translation is parsed as a template, so it may reorder arguments (`%2$@ … %1$@`) and move tags.
    ///
    /// ```swift
    /// // de.lproj/Localizable.strings: "Pick: %@ <i>or</i> %@" = "<i>Entweder</i> %2$@ oder %1$@";
    /// let text = StyledText(localized: "Pick: \("tea") <i>or</i> \("coffee")", bundle: .module)
    /// text.plainText  // "Entweder coffee oder tea" under a German locale
    /// ```
    ///
    /// - Parameters:
    ///   - localized: The template literal in the development language.
    ///   - table: The strings table; `Localizable` by default.
    ///   - bundle: The bundle to look in.
    ///   - comment: A note for translators; not used at run time.
    ///   - options: Limits and behaviour.
    public init(localized: TemplateLiteral, table: String? = nil, bundle: Bundle = .main,
                comment: StaticString? = nil, options: Template.Options = Template.Options()) {
        let translation = bundle.localizedString(forKey: localized.key, value: nil, table: table)
        self.init(template: translation, arguments: localized.arguments, options: options)
    }
}
