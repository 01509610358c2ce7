import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Baseline 1: Foundation's `XMLParser`, the approach of SwiftRichString and BonMot.
///
/// What it does to be comparable, all inside the timed call: format the template first (each argument
/// escaped and substituted, `%%` to `%`, HTML-only named references such as `&nbsp;` rewritten to numeric ones
/// since XML knows only five names), wrap it in a root element, encode it as `Data`, and parse it with a
/// delegate that keeps a stack of open tags and builds merged runs.
public enum XMLParserBaseline {
    public static func runs(template: String, arguments: [String]) -> [ProjectedRun] {
        let formatted = Preformatting.format(template, arguments: arguments, xmlReferences: true)
        let parser = XMLParser(data: Data(("<r>" + formatted + "</r>").utf8))
        let collector = Collector()
        parser.delegate = collector
        guard parser.parse() else {
            preconditionFailure("XMLParser failed: \(parser.parserError.map(String.init(describing:)) ?? "?")")
        }
        return collector.builder.finish()
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var builder = ProjectedRunBuilder()
        var depth = 0

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            depth += 1
            // The root element wrapped around the template is not a tag of the template.
            if depth > 1 { builder.stack.append(ProjectedRun.tag(elementName, attributes)) }
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?) {
            if depth > 1 { builder.stack.removeLast() }
            depth -= 1
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            builder.append(string)
        }
    }
}
