import Foundation

extension StyledText {
    /// The URL scheme that stands for a tappable in rendered output: `styledtext-action://<id>`.
    public static let actionScheme = "styledtext-action"

    /// The link that stands for the tappable with `id`.
    ///
    /// ```swift
    /// StyledText.actionURL(for: "wiki").absoluteString  // "styledtext-action://wiki"
    /// ```
    ///
    /// - Parameter id: The tappable's id; percent-encoded as needed.
    /// - Returns: The `styledtext-action://` URL.
    public static func actionURL(for id: String) -> URL {
        let encoded = id.addingPercentEncoding(withAllowedCharacters: actionIDAllowed) ?? id
        // Every character that remains is URL-safe, so the URL always exists.
        return URL(string: "\(actionScheme)://\(encoded)") ?? URL(string: "\(actionScheme)://")!
    }

    /// The tappable id a `styledtext-action://` URL stands for, or `nil` for any other URL.
    ///
    /// - Parameter url: A link from rendered output.
    /// - Returns: The decoded id.
    public static func actionID(from url: URL) -> String? {
        let string = url.absoluteString
        let prefix = actionScheme + "://"
        guard string.count > prefix.count, string.lowercased().hasPrefix(prefix) else { return nil }
        let encoded = string.dropFirst(prefix.count)
        return String(encoded).removingPercentEncoding ?? String(encoded)
    }

    /// The closure of the tappable a rendered link stands for.
    ///
    /// Renderers turn `.tappable(id:action:)` into `styledtext-action://<id>` links; hand such a link back here
    /// (from `UITextView`'s delegate, SwiftUI's `OpenURLAction`, …) to run the action.
    ///
    /// ```swift
    /// let text: StyledText = "Learn \("more", .tappable(id: "wiki") { openWiki() })"
    /// if let action = text.action(for: URL(string: "styledtext-action://wiki")!) { action() }
    /// ```
    ///
    /// - Parameter url: The link that was tapped.
    /// - Returns: The closure, or `nil` when the link is not a tappable of this text.
    /// - Complexity: O(*n*) in the parts and distinct attribute nodes of the text.
    public func action(for url: URL) -> (@Sendable @MainActor () -> Void)? {
        guard let id = Self.actionID(from: url) else { return nil }
        var visited = Set<ObjectIdentifier>()
        for segment in segments {
            if case let .element(element) = segment.content, element.attribute.tappableID == id,
               let action = element.attribute.action {
                return action
            }
            for node in segment.stack.nodesInnermostFirst {
                // Nodes are shared; once one is seen, everything outside it has been seen too.
                guard visited.insert(ObjectIdentifier(node)).inserted else { break }
                if node.attribute.tappableID == id, let action = node.attribute.action { return action }
            }
        }
        return nil
    }

    private static let actionIDAllowed: CharacterSet = {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(0x80)))
        allowed.insert(charactersIn: "-._~")
        return allowed
    }()
}
