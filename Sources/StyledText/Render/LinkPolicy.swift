import Foundation

/// Which link destinations a renderer may emit: the scheme check shared by the HTML and ANSI renderers.
///
/// A link is checked the way a browser would read it, so disguised schemes cannot slip through: ASCII
/// whitespace and control characters are removed first (browsers drop tabs and newlines inside URLs and trim the
/// rest), then the scheme is compared case-insensitively. `java\tscript:`, `" JAVASCRIPT:"` and
/// `javascript\u{0}:` all read as `javascript:` and are refused by the default policy.
///
/// A link with a colon before its first `/` must start with a valid scheme (`[A-Za-z][A-Za-z0-9+.-]*`) that the
/// policy allows; anything else before that colon — `java&#9;script:`, `%6Aavascript:` — is refused. A link
/// without such a colon is relative (`/about`, `page.html`, `//example.com/x`) and is allowed only when
/// ``allowsRelative`` is set. Write `./page?x=a:b` for a relative link whose query holds a colon.
///
/// ```swift
/// let policy = LinkPolicy.default
/// policy.allows("https://example.com")       // true
/// policy.allows(" JAVASCRIPT:alert(1)")      // false
/// policy.allows("/about")                    // false: relative links are off by default
/// LinkPolicy.images.allows("/img/dice.png")  // true
/// ```
public struct LinkPolicy: Sendable, Hashable {
    /// The allowed schemes, lowercased, without the colon.
    public let allowedSchemes: Set<String>
    /// Whether links without a scheme (relative references) are allowed.
    public let allowsRelative: Bool

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - allowedSchemes: The schemes to allow, without the colon; compared case-insensitively.
    ///   - allowsRelative: Whether links without a scheme are allowed; `false` by default.
    public init<Schemes: Sequence<String>>(allowedSchemes: Schemes, allowsRelative: Bool = false) {
        self.allowedSchemes = Set(allowedSchemes.map { $0.lowercased() })
        self.allowsRelative = allowsRelative
    }

    /// Links: `http`, `https`, `mailto` and `tel`; no relative links.
    public static let `default` = LinkPolicy(allowedSchemes: ["http", "https", "mailto", "tel"])

    /// Image sources: `http`, `https` and relative references. `data:` is not allowed; add it yourself if you
    /// need it.
    public static let images = LinkPolicy(allowedSchemes: ["http", "https"], allowsRelative: true)

    /// Whether `url` may be emitted.
    ///
    /// - Parameter url: The destination.
    /// - Returns: `true` when its scheme is allowed, or it is relative and relative links are allowed.
    /// - Complexity: O(*n*) in the length of the URL.
    public func allows(_ url: URL) -> Bool {
        allows(url.absoluteString)
    }

    /// Whether the link `string` may be emitted; see ``LinkPolicy`` for how it is read.
    ///
    /// - Parameter string: The destination as written.
    /// - Returns: `true` when its scheme is allowed, or it is relative and relative links are allowed.
    /// - Complexity: O(*n*) in the UTF-8 length of `string`.
    public func allows(_ string: String) -> Bool {
        switch Self.scheme(of: string) {
        case .relative: allowsRelative
        case .invalid: false
        case let .scheme(scheme): allowedSchemes.contains(scheme)
        }
    }

    enum Reading: Equatable {
        case relative
        case invalid
        case scheme(String)
    }

    /// How a browser would read the start of a link: relative, a scheme (lowercased), or a colon after something
    /// that is not a scheme.
    static func scheme(of string: String) -> Reading {
        var scheme: [UInt8] = []
        for byte in string.utf8 {
            // WHATWG URL §4.4: tabs and newlines anywhere are removed, leading/trailing C0 controls and spaces
            // trimmed. Dropping every one of them everywhere is stricter and reads the same for what remains.
            if byte <= 0x20 || byte == 0x7F { continue }
            switch byte {
            case UInt8(ascii: ":"):
                return Self.isValidScheme(scheme)
                    ? .scheme(String(decoding: scheme, as: UTF8.self).lowercased())
                    : .invalid
            case UInt8(ascii: "/"):
                return .relative
            default:
                scheme.append(byte)
            }
        }
        return .relative
    }

    /// RFC 3986 §3.1: `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
    private static func isValidScheme(_ bytes: [UInt8]) -> Bool {
        guard let first = bytes.first, isASCIILetter(first) else { return false }
        return bytes.dropFirst().allSatisfy { byte in
            isASCIILetter(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
