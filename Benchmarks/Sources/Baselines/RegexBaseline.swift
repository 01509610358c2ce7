import Foundation

/// Baseline 2: tokenizing with `NSRegularExpression` and ZMarkupParser's published tag pattern, then building
/// runs, as ZMarkupParser does.
///
/// The patterns are ZMarkupParser's `htmlTagRegexPattern` and `htmlTagAttributesRegexPattern` (from
/// `HTMLStringToParsedResultProcessor.swift`, used with `.caseInsensitive` and `.dotMatchesLineSeparators`);
/// the code around them is written here. Inside the timed call: format the template first (arguments escaped
/// and substituted, `%%` to `%`), match the tag pattern over the whole string, match the attribute pattern over
/// each tag's attributes, decode references in the text between tags and in attribute values, and build merged
/// runs with a stack of open tags where an end tag closes the nearest open tag of its name.
///
/// Favouring the baseline: both expressions are compiled once, not per call as ZMarkupParser does; its
/// second pass for comments and doctype over every text piece is left out (the corpus has none).
public enum RegexBaseline {
    /// ZMarkupParser's tag pattern, as published.
    public static let tagPattern = #"<(?:(?<closeTag>\/)?(?<tagName>[A-Za-z0-9]+)(?<tagAttributes>(?:\s*([\w\-]+)\s*=\s*(["|']).*?\5)*)\s*(?<selfClosingTag>\/)?>)"#
    /// ZMarkupParser's attribute pattern, as published.
    public static let attributePattern = #"\s*(?<name>(?:[\w\-]+))\s*={1}\s*(["|']){1}(?<value>.*?)\2\s*"#

    static let tagExpression = try! NSRegularExpression(
        pattern: tagPattern, options: [.caseInsensitive, .dotMatchesLineSeparators])
    static let attributeExpression = try! NSRegularExpression(
        pattern: attributePattern, options: [.caseInsensitive, .dotMatchesLineSeparators])

    public static func runs(template: String, arguments: [String]) -> [ProjectedRun] {
        let formatted = NSString(string: Preformatting.format(template, arguments: arguments, xmlReferences: false))
        var builder = ProjectedRunBuilder()
        var open: [(name: String, tag: String)] = []
        var position = 0
        let matches = tagExpression.matches(in: formatted as String, range: NSRange(location: 0, length: formatted.length))
        for match in matches {
            if match.range.location > position {
                let raw = formatted.substring(with: NSRange(location: position, length: match.range.location - position))
                builder.append(CharacterReferenceTable.decode(raw))
            }
            position = match.range.location + match.range.length
            let name = formatted.substring(with: match.range(withName: "tagName")).lowercased()
            let isEnd = match.range(withName: "closeTag").location != NSNotFound
            let isSelfClosing = match.range(withName: "selfClosingTag").location != NSNotFound
            if isEnd {
                if let index = open.lastIndex(where: { $0.name == name }) {
                    open.remove(at: index)
                    builder.stack = open.map(\.tag)
                }
            } else if !isSelfClosing {
                let attributesRange = match.range(withName: "tagAttributes")
                let attributes = attributesRange.location == NSNotFound || attributesRange.length == 0
                    ? [:] : parseAttributes(formatted.substring(with: attributesRange))
                open.append((name, ProjectedRun.tag(name, attributes)))
                builder.stack = open.map(\.tag)
            }
        }
        if formatted.length > position {
            builder.append(CharacterReferenceTable.decode(formatted.substring(from: position)))
        }
        return builder.finish()
    }

    private static func parseAttributes(_ text: String) -> [String: String] {
        let string = NSString(string: text)
        var result: [String: String] = [:]
        for match in attributeExpression.matches(in: text, range: NSRange(location: 0, length: string.length)) {
            let name = string.substring(with: match.range(withName: "name")).lowercased()
            let value = string.substring(with: match.range(withName: "value"))
            if result[name] == nil { result[name] = CharacterReferenceTable.decode(value) }
        }
        return result
    }
}
