/// The adversarial inputs of the reliability issue: each family repeats one hostile pattern to any size, so
/// that time can be compared across sizes (a linear parser takes twice as long for twice the input).
public enum Adversarial: String, CaseIterable, Sendable {
    /// `<b>` × n, then `x`, then `</b>` × n: nesting far past the depth limit, all closed.
    case nestedClosed = "nested-closed"
    /// `<b>` × n, then `x`: nesting far past the depth limit, never closed.
    case nestedUnclosed = "nested-unclosed"
    /// `<b>x` × n: an unclosed tag per character.
    case unclosedRepeated = "unclosed-repeated"
    /// `<b><i>x</b></i>` × n: every end tag misnested.
    case misnested = "misnested"
    /// Blocks of 2,000 distinct tags closed in the opposite order: `<t0>…<t1999>x</t0>y</t1>y…</t1999>y`.
    case reverseClosed = "reverse-closed"
    /// Nine tags open, then `</b>y<b>` rotating through them: every end tag keeps the most tags open that one
    /// may (8), so every `y` gets a stack of 8 new attributes.
    case misnestedAtTheLimit = "misnested-at-the-limit"
    /// `<a b="` × n: an unterminated quoted parameter everywhere.
    case unterminatedQuote = "unterminated-quote"
    /// An unterminated tag with 50 quoted parameters, repeated: `<a p0="0" … p49="49" <a …`.
    case unterminatedParameters = "unterminated-parameters"
    /// `&` × n.
    case ampersands = "ampersands"
    /// Blocks of `&#` + 10,000 digits.
    case longNumericReference = "long-numeric-reference"
    /// `<!--` × n: comments that never end.
    case unterminatedComments = "unterminated-comments"
    /// `<` × n.
    case lessThans = "less-thans"
    /// `%` × n.
    case percents = "percents"
    /// `%1$@` × n with one argument: one argument inserted n times.
    case repeatedPositional = "repeated-positional"

    /// The family at about `bytes` UTF-8 bytes (never more than one repeated unit over), with its arguments.
    public func sample(bytes: Int) -> Sample {
        Sample(template: template(bytes: bytes), arguments: self == .repeatedPositional ? ["arg"] : [])
    }

    private func template(bytes: Int) -> String {
        switch self {
        case .nestedClosed:
            let count = bytes / 7
            return String(repeating: "<b>", count: count) + "x" + String(repeating: "</b>", count: count)
        case .nestedUnclosed:
            return String(repeating: "<b>", count: bytes / 3) + "x"
        case .unclosedRepeated:
            return repeated("<b>x", bytes: bytes)
        case .misnested:
            return repeated("<b><i>x</b></i>", bytes: bytes)
        case .reverseClosed:
            let opens = (0..<2_000).map { "<t\($0)>" }.joined()
            let closes = (0..<2_000).map { "</t\($0)>y" }.joined()
            return repeated(opens + "x" + closes, bytes: bytes)
        case .misnestedAtTheLimit:
            let names = ["b", "i", "u", "s", "em", "strong", "code", "sub", "sup"]
            return names.map { "<\($0)>" }.joined() + repeated(names.map { "</\($0)>y<\($0)>" }.joined(), bytes: bytes)
        case .unterminatedQuote:
            return repeated("<a b=\"", bytes: bytes)
        case .unterminatedParameters:
            return repeated("<a " + (0..<50).map { "p\($0)=\"\($0)\"" }.joined(separator: " ") + " ", bytes: bytes)
        case .ampersands:
            return String(repeating: "&", count: bytes)
        case .longNumericReference:
            return repeated("&#" + String(repeating: "1234567890", count: 1_000), bytes: bytes)
        case .unterminatedComments:
            return repeated("<!--", bytes: bytes)
        case .lessThans:
            return String(repeating: "<", count: bytes)
        case .percents:
            return String(repeating: "%", count: bytes)
        case .repeatedPositional:
            return repeated("%1$@", bytes: bytes)
        }
    }

    /// `unit` repeated to at least `bytes` bytes.
    private func repeated(_ unit: String, bytes: Int) -> String {
        let count = max(1, (bytes + unit.utf8.count - 1) / unit.utf8.count)
        return String(repeating: unit, count: count)
    }
}
