import Foundation

/// A value that can fill a template placeholder: strings, styled text and numbers.
///
/// Arguments are inserted *after* the template is parsed, as data: a user name `<b>Eve</b>` shows literally,
/// and a `StyledText` argument keeps its own attributes, nested inside the tags around its placeholder.
///
/// ```swift
/// StyledText(template: "<b>%@</b> has %lld points (%.1f%%)", "<i>Eve</i>", 42, 99.5).plainText
/// // "<i>Eve</i> has 42 points (99.5%)"
/// ```
///
/// Conform your own types to format them your way:
///
/// ```swift
/// extension Money: StyledTextArgument {
///     func styledText(formattedAs specifier: String) -> StyledText { "\(formatted(), .tag("money"))" }
/// }
/// ```
public protocol StyledTextArgument: Sendable {
    /// The value as styled text, for a placeholder.
    ///
    /// - Parameter specifier: The placeholder without its position, as `String(format:)` takes it:
    ///   `%@`, `%lld`, `%.2f`.
    /// - Returns: The styled text to insert.
    func styledText(formattedAs specifier: String) -> StyledText
}

extension StyledText: StyledTextArgument {
    /// The styled text itself, whatever the specifier.
    public func styledText(formattedAs specifier: String) -> StyledText { self }
}

extension String: StyledTextArgument {
    /// The string as plain text, never parsed, whatever the specifier.
    public func styledText(formattedAs specifier: String) -> StyledText { StyledText(self) }
}

extension Substring: StyledTextArgument {
    /// The substring as plain text, never parsed, whatever the specifier.
    public func styledText(formattedAs specifier: String) -> StyledText { StyledText(self) }
}

extension StyledTextArgument {
    /// The argument when it is a `String`, found by comparing the opened existential's type: a few instructions,
    /// where `argument as? String` is a runtime cast of about 250.
    @inlinable
    var stringValue: String? {
        Self.self == String.self ? unsafeBitCast(self, to: String.self) : nil
    }

    /// Appends the argument as plain text when it is a `Substring`, and says whether it was one (a `String` is
    /// ``stringValue``).
    ///
    /// A string is plain text whatever the specifier (its ``styledText(formattedAs:)`` is `StyledText(self)`), so
    /// it is appended directly rather than through a styled text of its own.
    func appendIfSubstring(to text: inout StyledTextBuffer, stack: AttributeStack) -> Bool {
        guard Self.self == Substring.self else { return false }
        text.appendText(unsafeBitCast(self, to: Substring.self), stack: stack)
        return true
    }
}

/// Formats numbers for placeholders the way `String(format:)` does, without its undefined behaviour when the
/// specifier's type does not match the value.
enum NumberFormatting {
    static func format(integer value: Int64, _ specifier: String) -> String {
        let placeholder = parsed(specifier)
        switch placeholder?.kind {
        case .signed?:
            if placeholder?.isPlain == true { return String(value) }
            return String(format: normalized(specifier, length: "ll"), value)
        case .unsigned?:
            return String(format: normalized(specifier, length: "ll"), UInt64(bitPattern: value))
        case .floating?:
            return String(format: normalized(specifier, length: ""), Double(value))
        default:
            return String(value)
        }
    }

    static func format(unsigned value: UInt64, _ specifier: String) -> String {
        let placeholder = parsed(specifier)
        switch placeholder?.kind {
        case .signed?, .unsigned?:
            if placeholder?.isPlain == true { return String(value) }
            return String(format: normalized(specifier, length: "ll"), value)
        case .floating?:
            return String(format: normalized(specifier, length: ""), Double(value))
        default:
            return String(value)
        }
    }

    static func format(floating value: Double, _ specifier: String, description: String) -> String {
        switch parsed(specifier)?.kind {
        case .floating?:
            return String(format: normalized(specifier, length: ""), value)
        case .signed?, .unsigned?:
            guard value.isFinite, let integer = Int64(exactly: value.rounded(.towardZero)) else { return description }
            return String(format: normalized(specifier, length: "ll"), integer)
        default:
            return description
        }
    }

    private static func parsed(_ specifier: String) -> Placeholder? {
        var next = 0
        return Array(specifier.utf8).withUnsafeBufferPointer { Placeholder.parse($0, at: 0, nextIndex: &next) }
    }

    /// The widest field and the longest precision formatted; larger ones are formatted as this.
    ///
    /// `String(format:)` allocates whatever width a template asks for (`%1000000000d` is a gigabyte) and
    /// crashes past `Int32.max`, and templates come from translators and servers.
    static let maximumWidth = 100

    /// The specifier as `String(format:)` gets it: length modifiers replaced, so that the C variadic call reads
    /// the right width; width and precision clamped to ``maximumWidth``; the `'` (grouping) flag dropped, since
    /// without a locale there is nothing to group by, and Linux's Foundation prints `%'d` as `'d`, losing the value.
    static func normalized(_ specifier: String, length: String) -> String {
        var body = Array(specifier.utf8.dropFirst())
        guard let conversion = body.popLast() else { return specifier }
        while let last = body.last, Placeholder.isLengthModifier(last) { body.removeLast() }
        body.removeAll { $0 == UInt8(ascii: "'") }
        return "%" + clampingNumbers(body) + length + String(UnicodeScalar(conversion))
    }

    /// Flags, width and precision with every number above ``maximumWidth`` replaced by it. Leading zeros are
    /// kept: in the width position they are the `0` flag.
    private static func clampingNumbers(_ body: [UInt8]) -> String {
        var result = ""
        var index = 0
        while index < body.count {
            guard body[index] >= 0x31, body[index] <= 0x39 else {
                result.unicodeScalars.append(UnicodeScalar(body[index]))
                index += 1
                continue
            }
            let start = index
            while index < body.count, body[index] >= 0x30, body[index] <= 0x39 { index += 1 }
            let digits = String(decoding: body[start..<index], as: UTF8.self)
            result += Int(digits).map { $0 <= maximumWidth } == true ? digits : String(maximumWidth)
        }
        return result
    }
}

extension BinaryInteger where Self: StyledTextArgument {
    /// The integer formatted by the specifier: `%d`, `%lld`, `%5u`, `%x`; `%@` gives its decimal digits.
    ///
    /// Widths and precisions above 100 are formatted as 100, so a template cannot ask for gigabytes.
    public func styledText(formattedAs specifier: String) -> StyledText {
        if Self.isSigned, let value = Int64(exactly: self) {
            return StyledText(NumberFormatting.format(integer: value, specifier))
        }
        if let value = UInt64(exactly: self) {
            return StyledText(NumberFormatting.format(unsigned: value, specifier))
        }
        return StyledText(String(self))
    }
}

extension Int: StyledTextArgument {}
extension Int8: StyledTextArgument {}
extension Int16: StyledTextArgument {}
extension Int32: StyledTextArgument {}
extension Int64: StyledTextArgument {}
extension UInt: StyledTextArgument {}
extension UInt8: StyledTextArgument {}
extension UInt16: StyledTextArgument {}
extension UInt32: StyledTextArgument {}
extension UInt64: StyledTextArgument {}

extension Double: StyledTextArgument {
    /// The number formatted by the specifier: `%f`, `%.2f`, `%lf`, `%e`; `%@` gives its `description`.
    ///
    /// Widths and precisions above 100 are formatted as 100, so a template cannot ask for gigabytes.
    public func styledText(formattedAs specifier: String) -> StyledText {
        StyledText(NumberFormatting.format(floating: self, specifier, description: description))
    }
}

extension Float: StyledTextArgument {
    /// The number formatted by the specifier: `%f`, `%.2f`, `%lf`, `%e`; `%@` gives its `description`.
    public func styledText(formattedAs specifier: String) -> StyledText {
        StyledText(NumberFormatting.format(floating: Double(self), specifier, description: description))
    }
}
