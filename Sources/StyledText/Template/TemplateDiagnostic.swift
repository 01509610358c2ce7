/// One problem found in a template, and how the parser repaired it.
///
/// The lenient parser repairs everything (see ``StyledText/Template``); diagnostics say what was repaired and
/// where, and strict parsing (``StyledText/init(validating:_:options:)``) throws them. `description` is
/// compiler-style:
///
/// ```
/// error: unclosed tag <b>
///  --> 1:13
///   | bowties are <b>cool
///   |             ^
/// ```
public struct TemplateDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem this is.
    public let kind: Kind
    /// The 1-based line of the problem.
    public let line: Int
    /// The 1-based column of the problem, counted in Unicode scalars.
    public let column: Int
    /// The problem's offset from the start of the template in UTF-16 code units, as `NSRange` counts.
    public let utf16Offset: Int
    /// The tag, placeholder or text the problem is about, such as `b` for an unclosed `<b>`.
    public let subject: String
    /// The line of the template the problem is on.
    let sourceLine: Substring

    init(kind: Kind, line: Int, column: Int, utf16Offset: Int, subject: String, sourceLine: Substring) {
        self.kind = kind
        self.line = line
        self.column = column
        self.utf16Offset = utf16Offset
        self.subject = subject
        self.sourceLine = sourceLine
    }

    /// A one-line message: `unclosed tag <b>`.
    public var message: String { kind.message(subject) }

    /// The compiler-style report: message, position, the line and a caret under the column.
    public var description: String {
        // Show at most 80 scalars around the column, so a problem on a 1 MB line prints a short report.
        let scalars = sourceLine.unicodeScalars
        let before = 40
        let skip = max(0, column - 1 - before)
        var shown = String(String.UnicodeScalarView(scalars.dropFirst(skip).prefix(80)))
        shown = String(shown.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : Character($0) })
        let caretColumn = column - 1 - skip
        let number = String(line)
        let gutter = String(repeating: " ", count: number.count + 1)
        return """
            error: \(message)
            \(gutter.dropLast())--> \(line):\(column)
            \(gutter)| \(skip > 0 ? "…" : "")\(shown)
            \(gutter)| \(skip > 0 ? " " : "")\(String(repeating: " ", count: caretColumn))^
            """
    }

    /// Whether two diagnostics report the same kind of problem, at the same position, about the same subject.
    public static func == (lhs: TemplateDiagnostic, rhs: TemplateDiagnostic) -> Bool {
        lhs.kind == rhs.kind && lhs.line == rhs.line && lhs.column == rhs.column && lhs.utf16Offset == rhs.utf16Offset
            && lhs.subject == rhs.subject
    }

    /// Hashes the kind, position and subject, as ``==(_:_:)`` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(utf16Offset)
        hasher.combine(subject)
    }
}

extension TemplateDiagnostic {
    /// A kind of template problem: a set that may grow.
    public struct Kind: Sendable, Hashable, RawRepresentable, CustomStringConvertible {
        /// The kind's name.
        public let rawValue: String

        /// Creates a kind from its name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The kind's name, such as `unclosedTag`.
        public var description: String { rawValue }

        /// A `<` that does not start a well-formed tag, comment or declaration; kept as text.
        public static let literalLessThan = Kind(rawValue: "literalLessThan")
        /// A tag never closed; it stays open to the end of the text.
        public static let unclosedTag = Kind(rawValue: "unclosedTag")
        /// A tag never closed that is neither a known tag nor has parameters; kept as literal text.
        public static let unclosedUnknownTag = Kind(rawValue: "unclosedUnknownTag")
        /// An end tag with no open tag of its name; dropped, but for `</p>` and `</br>`, which become the elements
        /// `p` and `br` as a browser reads them.
        public static let strayEndTag = Kind(rawValue: "strayEndTag")
        /// An end tag that closes a tag while tags opened inside it are still open; those stay open.
        public static let misnestedEndTag = Kind(rawValue: "misnestedEndTag")
        /// A misnested end tag with more than eight tags opened inside it still open; it closes them too.
        public static let misnestingLimit = Kind(rawValue: "misnestingLimit")
        /// A `<!--` with no `-->`; kept as text.
        public static let unterminatedComment = Kind(rawValue: "unterminatedComment")
        /// A start tag nested deeper than the maximum depth; kept as literal text.
        public static let nestingTooDeep = Kind(rawValue: "nestingTooDeep")
        /// A `%` that does not start a placeholder; kept as text.
        public static let invalidPlaceholder = Kind(rawValue: "invalidPlaceholder")
        /// A placeholder with no argument; kept as literal text.
        public static let missingArgument = Kind(rawValue: "missingArgument")
        /// An argument no placeholder uses; ignored.
        public static let unusedArgument = Kind(rawValue: "unusedArgument")
        /// A template longer than the maximum length; kept whole as plain text.
        public static let inputTooLong = Kind(rawValue: "inputTooLong")
        /// More diagnostics than the maximum were found; the rest are not listed.
        public static let tooManyDiagnostics = Kind(rawValue: "tooManyDiagnostics")
        /// A translation lacks a tag of its source template.
        public static let missingTag = Kind(rawValue: "missingTag")
        /// A translation has a tag its source template lacks.
        public static let extraTag = Kind(rawValue: "extraTag")
        /// A translation has a different tag where its source template has another.
        public static let renamedTag = Kind(rawValue: "renamedTag")
        /// A translation lacks a placeholder of its source template.
        public static let missingPlaceholder = Kind(rawValue: "missingPlaceholder")
        /// A translation has a placeholder its source template lacks.
        public static let extraPlaceholder = Kind(rawValue: "extraPlaceholder")
        /// A translation formats an argument with another type of placeholder than its source template.
        public static let changedPlaceholder = Kind(rawValue: "changedPlaceholder")

        func message(_ subject: String) -> String {
            switch self {
            case .literalLessThan: "'<' does not start a tag (\(subject)); it is kept as text (write &lt;)"
            case .unclosedTag: "unclosed tag <\(subject)>"
            case .unclosedUnknownTag: "<\(subject)> is never closed and is not a known tag; it is kept as text"
            case .strayEndTag where subject == "p" || subject == "br":
                "end tag </\(subject)> has no open <\(subject)>; it is read as <\(subject)/>"
            case .strayEndTag: "end tag </\(subject)> has no open <\(subject)>; it is dropped"
            case .misnestedEndTag: "misnested end tag: </\(subject)> stays open after its parent closes"
            case .misnestingLimit:
                "misnested end tag closes <\(subject)> and the tags inside it too: more than 8 would stay open"
            case .unterminatedComment: "comment is never closed with '-->'; it is kept as text"
            case .nestingTooDeep: "<\(subject)> is nested deeper than the maximum depth; it is kept as text"
            case .invalidPlaceholder: "'%' does not start a placeholder (\(subject)); it is kept as text (write %%)"
            case .missingArgument: "placeholder \(subject) has no argument; it is kept as text"
            case .unusedArgument: "argument \(subject) is not used by any placeholder"
            case .inputTooLong: "template is \(subject) bytes, longer than the maximum length; it is kept as plain text"
            case .tooManyDiagnostics: "\(subject) more problems are not listed"
            case .missingTag: "translation lacks the tag <\(subject)> of the source"
            case .extraTag: "translation has a tag <\(subject)> the source lacks"
            case .renamedTag: "translation renames a tag: \(subject)"
            case .missingPlaceholder: "translation lacks the placeholder \(subject) of the source"
            case .extraPlaceholder: "translation has a placeholder \(subject) the source lacks"
            case .changedPlaceholder: "translation changes the type of a placeholder: \(subject)"
            default: "\(rawValue): \(subject)"
            }
        }
    }
}

/// The error strict template parsing throws: every problem found, each with its position.
///
/// ```swift
/// do {
///     _ = try StyledText(validating: "bowties are <b>cool")
/// } catch {
///     print(error)   // error: unclosed tag <b> …
///     error.diagnostics.map(\.kind)  // [.unclosedTag]
/// }
/// ```
public struct TemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Every problem, in the order of their positions.
    public let diagnostics: [TemplateDiagnostic]

    /// Creates an error from diagnostics.
    public init(diagnostics: [TemplateDiagnostic]) {
        self.diagnostics = diagnostics
    }

    /// Every diagnostic's compiler-style report, one after another.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
