import Foundation
import StyledText

enum RenderingTour {
    static func run() {
        let wiki = URL(string: "https://en.wikipedia.org/wiki/Monopoly_(game)")!
        let text: StyledText = """
            \("Monopoly", .important(.very)) <script> & \("rules", .link(wiki)), \("tap me", .tappable(id: "roll") {}) \
            \("bad link", .link(URL(string: "javascript:alert(1)")!))
            """
        Tour.say("HTML for e-mails and pages — escaped, inline CSS, only safe link schemes, tappables as data-action:")
        print("  " + text.html(theme))
        Tour.say("\nThe same text in this terminal (SGR styles, OSC 8 hyperlinks where the terminal supports them):")
        print("  " + text.ansi(theme, using: Tour.terminal))
        let escaped = text.ansi(theme, using: ANSIRenderer(capability: .colors256))
            .replacingOccurrences(of: "\u{1B}", with: "\\e")
        Tour.say("\n…and its escape sequences at 256 colours:")
        print("  " + escaped)
        let hostile = StyledText(template: "<b>%@</b>", "evil \u{1B}[2J\u{1B}]8;;http://x\u{7}")
        Tour.say("\nText can never inject escape sequences; control characters become visible placeholders:")
        print("  " + hostile.ansi(theme, using: ANSIRenderer(capability: .trueColor)).replacingOccurrences(of: "\u{1B}", with: "\\e"))
        Tour.say("\n`swift run Playground --html gallery.html` writes a gallery page of the HTML renderer.")
    }
}
