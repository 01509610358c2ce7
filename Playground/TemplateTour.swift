import Foundation
import StyledText

enum TemplateTour {
    static func run() {
        let pick = StyledText(template: "Pick: %@ <i>or</i> %@", "<b>tea</b>", "coffee")
        Tour.say("Arguments are data, never parsed — the user's \"<b>tea</b>\" stays literal:")
        Tour.show(theme.runs(for: pick))

        Tour.say("\nTolerant like a browser — misnested, unclosed and stray tags, stray '<', entities:")
        for input in ["<b>1<i>2</b>3</i>4", "bowties are <b>cool", "I <3 you &amp; AT&T &copy; &#x1F600;",
                      "Hi <Hottest> deals", "a</b>c <!-- dropped -->"] {
            Tour.say("  \(String(reflecting: input))")
            Tour.say(StyledText(template: input).debugDescription.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n"))
        }

        let template = StyledText.Template("<story type='%@'>%@</story> has %lld points")
        Tour.say("\nParse once, fill many times; placeholders work in parameters too:")
        for (type, name, points) in [("1", "Eve", 12), ("2", "Bob", 7)] {
            Tour.show(theme.runs(for: template(type, name, points)))
        }

        let styledName: StyledText = "\("Eve", .important)"
        Tour.say("\nStyled arguments keep their attributes inside the tags around them:")
        Tour.show(theme.runs(for: StyledText(markup: "Hello <b>\(styledName)</b>, 100% \(3) times")))

        let spliced = "Tom <3 & Jerry, 100%"
        Tour.say("\nText spliced into a template string before parsing is escaped first (arguments never need it):")
        let escaped = StyledText.escape(spliced)
        Tour.say("  StyledText.escape(\(String(reflecting: spliced))) = \(String(reflecting: escaped))")
        Tour.show(theme.runs(for: StyledText(template: "<b>" + escaped + "</b> joined")))

        let key: StyledText.TemplateLiteral = "Pick: \("tea") <i>or</i> \("coffee")"
        Tour.say("\nStyledText(localized:) builds Apple's key \(String(reflecting: key.key)), looks it up, parses the")
        Tour.say("translation (which may reorder %2$@ … %1$@ and move tags) and inserts the arguments.")
    }
}

enum DiagnosticsTour {
    static func run() {
        do {
            _ = try StyledText(validating: "Hello <b>%@, you have %lld</i> messages", "Eve")
        } catch {
            Tour.say("\(error)")
        }
        let source = StyledText.Template("Pick: %@ <i>or</i> %@")
        let translation = StyledText.Template("Wähle: %1$@ <b>oder</b>")
        Tour.say("\nChecking a translation against its source:")
        for problem in source.translationDiagnostics(translation) { Tour.say("  \(problem.message)") }
    }
}

enum AttributedStringTour {
    static func run() {
        let text: StyledText = "Learn more \("here", .tappable(id: "wiki") { Tour.say("  (tapped!)") }, .important)"
        let attributed = AttributedString(text, resolver: theme)
        for run in attributed.runs {
            Tour.say("  \(String(reflecting: String(attributed[run.range].characters))) link: \(run.link?.absoluteString ?? "-")")
        }
        if let link = attributed.runs.compactMap(\.link).first, let action = text.action(for: link) {
            Tour.say("text.action(for: \(link)) finds the closure:")
            MainActor.assumeIsolated { action() }
        }
    }
}
