import Foundation
import Testing
@testable import StyledText

@Suite struct LinkPolicyTests {
    struct Case: Sendable, CustomStringConvertible {
        var link: String
        var allowed: Bool
        var note: String
        var description: String { note }
    }

    @Test(arguments: [
        Case(link: "https://example.com", allowed: true, note: "https"),
        Case(link: "HtTpS://example.com", allowed: true, note: "scheme case is ignored"),
        Case(link: "http://example.com", allowed: true, note: "http"),
        Case(link: "mailto:eve@example.com", allowed: true, note: "mailto"),
        Case(link: "tel:+15555550100", allowed: true, note: "tel"),
        Case(link: "javascript:alert(1)", allowed: false, note: "javascript"),
        Case(link: "JAVASCRIPT:alert(1)", allowed: false, note: "upper-case javascript"),
        Case(link: " JAVASCRIPT:alert(1)", allowed: false, note: "leading space"),
        Case(link: "java\tscript:alert(1)", allowed: false, note: "tab inside"),
        Case(link: "java\nscript:alert(1)", allowed: false, note: "newline inside"),
        Case(link: "javascript\u{0}:alert(1)", allowed: false, note: "NUL before the colon"),
        Case(link: "\u{1}\u{1F}javascript:alert(1)", allowed: false, note: "leading C0 controls"),
        Case(link: "java&#9;script:alert(1)", allowed: false, note: "character reference inside"),
        Case(link: "%6Aavascript:alert(1)", allowed: false, note: "percent-encoded scheme"),
        Case(link: "vbscript:msgbox(1)", allowed: false, note: "vbscript"),
        Case(link: "data:text/html;base64,PHNjcmlwdD4=", allowed: false, note: "data"),
        Case(link: "file:///etc/passwd", allowed: false, note: "file"),
        Case(link: "/about", allowed: false, note: "relative links are off by default"),
        Case(link: "page.html", allowed: false, note: "relative path"),
        Case(link: "", allowed: false, note: "empty is relative"),
        Case(link: "h\u{7F}ttps://example.com", allowed: true, note: "DEL is dropped like a control character"),
    ])
    func defaultPolicyAllowsWebSchemesOnly(_ testCase: Case) {
        #expect(LinkPolicy.default.allows(testCase.link) == testCase.allowed)
    }

    @Test func readsTheStartOfALinkAsABrowserWould() {
        #expect(LinkPolicy.scheme(of: "HTTPS://x") == .scheme("https"))
        #expect(LinkPolicy.scheme(of: " j a v a s c r i p t :x") == .scheme("javascript"))
        #expect(LinkPolicy.scheme(of: "/a:b") == .relative)
        #expect(LinkPolicy.scheme(of: "//evil.example/x") == .relative)
        #expect(LinkPolicy.scheme(of: "a+b.c-d:x") == .scheme("a+b.c-d"))
        #expect(LinkPolicy.scheme(of: "1abc:x") == .invalid)
        #expect(LinkPolicy.scheme(of: ":x") == .invalid)
        #expect(LinkPolicy.scheme(of: "page?x=a:b") == .invalid)
        #expect(LinkPolicy.scheme(of: "./page?x=a:b") == .relative)
        #expect(LinkPolicy.scheme(of: "jаvascript:x") == .invalid, "Cyrillic а is not a scheme character")
    }

    @Test func relativeLinksNeedTheirOwnPermission() throws {
        let policy = LinkPolicy(allowedSchemes: ["HTTPS"], allowsRelative: true)
        #expect(policy.allowedSchemes == ["https"])
        #expect(policy.allows("/about"))
        #expect(policy.allows("//example.com/x"))
        #expect(policy.allows("https://example.com"))
        #expect(!policy.allows("http://example.com"))
        #expect(!policy.allows("java&#9;script:alert(1)"))
        #expect(LinkPolicy.images.allows("img/dice.png"))
        #expect(!LinkPolicy.images.allows("data:image/png;base64,AAAA"))
        #expect(LinkPolicy.images.allows(try #require(URL(string: "https://example.com/a.png"))))
    }
}
