import Foundation

extension AttributeScopes {
    /// The attributes StyledText puts into a Foundation `AttributedString`, beside Foundation's own.
    ///
    /// Each run carries its resolved ``MarkupStyle`` and its semantic attributes, so a view layer can read both
    /// what the text means and how it was resolved to look; links use Foundation's `.link`, images `.imageURL`.
    ///
    /// ```swift
    /// let attributed = AttributedString(text, resolver: resolver)
    /// for run in attributed.runs {
    ///     print(run.markupStyle?.font.weight as Any, run.semanticAttributes?.array ?? [])
    /// }
    /// ```
    ///
    /// The scope is the one public type that is not `Sendable`: it holds Foundation's own scope,
    /// `FoundationAttributes`, which Foundation declares not `Sendable`. Like every attribute scope it is used only
    /// as a type (`\.styledText`, `AttributeContainer`'s scopes), never as a value; its keys are `Sendable`.
    public struct StyledTextAttributes: AttributeScope {
        /// The run's resolved style.
        public let markupStyle: MarkupStyleAttribute
        /// The run's semantic attributes, outermost first.
        public let semanticAttributes: SemanticAttributesAttribute
        /// The image a U+FFFC stands for, with its name, size and alt text.
        public let styledImage: StyledImageAttribute
        /// Foundation's attributes, such as `.link` and `.imageURL`.
        public let foundation: FoundationAttributes

        /// The resolved ``MarkupStyle`` of a run.
        public enum MarkupStyleAttribute: AttributedStringKey, Sendable {
            /// The value the key holds.
            public typealias Value = MarkupStyle
            /// The key's name, unique among attribute keys.
            public static let name = "StyledText.markupStyle"
        }

        /// The semantic attributes of a run, outermost first, as a shared list that compares in O(1).
        public enum SemanticAttributesAttribute: AttributedStringKey, Sendable {
            /// The value the key holds.
            public typealias Value = StyledText.AttributeList
            /// The key's name, unique among attribute keys.
            public static let name = "StyledText.semanticAttributes"
        }

        /// The image a U+FFFC stands for.
        public enum StyledImageAttribute: AttributedStringKey, Sendable {
            /// The value the key holds.
            public typealias Value = StyledText.Image
            /// The key's name, unique among attribute keys.
            public static let name = "StyledText.image"
        }
    }

    /// StyledText's attributes: `AttributedString(text, resolver:)` sets them.
    public var styledText: StyledTextAttributes.Type { StyledTextAttributes.self }
}

extension AttributeDynamicLookup {
    /// Dot-syntax access to StyledText's attributes: `run.markupStyle`, `run.semanticAttributes`, `run.styledImage`.
    public subscript<Key: AttributedStringKey>(
        dynamicMember keyPath: KeyPath<AttributeScopes.StyledTextAttributes, Key>
    ) -> Key {
        self[Key.self]
    }
}
