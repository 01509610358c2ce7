import Foundation

extension StyledText {
    /// One semantic attribute: what a span of text *means*, never how it looks.
    ///
    /// An attribute is a lowercased name plus string parameters, the same shape as a tag in a template, so
    /// `<story type='1'>` in a localized string and `.tag("story", ["type": "1"])` in code are the same value
    /// and meet the same resolver rule. Tappable attributes also carry the closure to run.
    ///
    /// Equality and hashing use the name and the parameters only; two tappables are equal when their ids are.
    ///
    /// Add your own vocabulary as static members:
    ///
    /// ```swift
    /// extension StyledText.Attribute {
    ///     static func story(_ type: Int) -> Self { .tag("story", ["type": String(type)]) }
    /// }
    /// let text: StyledText = "Read \("this", .story(1))"
    /// text.parts[1]  // .text("this", attributes: [.tag("story", ["type": "1"])])
    /// ```
    public struct Attribute: Sendable, Hashable, CustomStringConvertible {
        /// The attribute's name, lowercased: `"b"`, `"important"`, `"story"`.
        public let name: String
        /// The attribute's parameters, such as `["type": "1"]` for `<story type='1'>`.
        public let parameters: [String: String]
        /// The closure a tappable attribute runs; `nil` for every other attribute.
        public let action: (@Sendable @MainActor () -> Void)?
        /// A hash of the name and parameters, made once here: every attribute-stack node built from this attribute
        /// mixes it into its stack's hash, so a `static let` attribute such as ``important`` is hashed once, not
        /// once per node.
        let contentHash: UInt64

        /// Creates an attribute with a name and parameters.
        ///
        /// The name is lowercased, so `Attribute("B")` equals `Attribute("b")`.
        ///
        /// - Parameters:
        ///   - name: The attribute's name.
        ///   - parameters: The attribute's parameters; empty by default.
        public init(_ name: String, _ parameters: [String: String] = Dictionary()) {
            // `Dictionary()` rather than `[:]` as the default, here and in `tag(_:_:)`: the literal called
            // `init(dictionaryLiteral:)` at every `.tag("b")` (about 20 instructions).
            //
            // One pass over the name's bytes tells whether it needs lowercasing and hashes it (most names are
            // lowercase ASCII already, and then that hash is the lowercased name's); two passes cost `.tag("b")`
            // about 50 instructions more.
            let (nameHash, needsLowercasing) = name.utf8.withContiguousStorageIfAvailable(Self.hashAndCase)
                ?? Self.hashAndCase(name.utf8)
            if needsLowercasing {
                self.init(lowercasedName: name.lowercased(), parameters: parameters, action: nil)
            } else {
                self.init(name: name, nameHash: nameHash, parameters: parameters, action: nil)
            }
        }

        /// An attribute whose name is already lowercase: a built-in's, or a tag name the tokenizer lowercased.
        init(lowercasedName name: String, parameters: [String: String], action: (@Sendable @MainActor () -> Void)?) {
            self.init(name: name, nameHash: Self.fnv(name), parameters: parameters, action: action)
        }

        private init(name: String, nameHash: UInt64, parameters: [String: String],
                     action: (@Sendable @MainActor () -> Void)?) {
            self.name = name
            self.parameters = parameters
            self.action = action
            self.contentHash = Self.contentHash(nameHash: nameHash, parameters: parameters)
        }

        /// An attribute with a name and parameters: the code spelling of a template tag.
        ///
        /// ```swift
        /// StyledText.Attribute.tag("story", ["type": "1"]) == StyledText.Attribute("story", ["type": "1"])  // true
        /// ```
        ///
        /// - Parameters:
        ///   - name: The tag's name; lowercased.
        ///   - parameters: The tag's parameters.
        /// - Returns: The attribute.
        public static func tag(_ name: String, _ parameters: [String: String] = Dictionary()) -> Attribute {
            Attribute(name, parameters)
        }

        /// The value of a parameter, or `nil` when the attribute has no such parameter.
        ///
        /// ```swift
        /// StyledText.Attribute.tag("story", ["type": "1"])["type"]  // "1"
        /// ```
        public subscript(_ parameter: String) -> String? {
            parameters[parameter]
        }

        /// A parameter converted to a type, or `nil` when it is missing or does not convert.
        ///
        /// ```swift
        /// let story = StyledText.Attribute.tag("story", ["type": "2"])
        /// story.parameter("type", as: Int.self)  // 2
        /// story.parameter("size", as: Double.self)  // nil
        /// ```
        ///
        /// - Parameters:
        ///   - parameter: The parameter's name.
        ///   - type: The type to convert to, any `LosslessStringConvertible`.
        /// - Returns: The converted value.
        public func parameter<Value: LosslessStringConvertible>(_ parameter: String, as type: Value.Type = Value.self) -> Value? {
            parameters[parameter].flatMap(Value.init)
        }

        /// The attribute as a tag: `important(level: "very")`, `b`.
        public var description: String {
            guard !parameters.isEmpty else { return name }
            let list = parameters.sorted { $0.key < $1.key }
                .map { "\($0.key): \(Self.quoted($0.value))" }
                .joined(separator: ", ")
            return "\(name)(\(list))"
        }

        /// Whether two attributes have the same name and parameters. A tappable attribute's action is not
        /// compared (closures cannot be): two tappables with one identifier are equal.
        public static func == (lhs: Attribute, rhs: Attribute) -> Bool {
            sameContent(lhs, rhs)
        }

        /// Whether two attributes have equal names and parameters, content hashes first: ``==(_:_:)``, for callers
        /// that read both in place (attribute nodes, an array's elements). Borrowed, neither is copied out, which
        /// retained and released each one's name and parameters.
        @inline(__always)
        static func sameContent(_ lhs: borrowing Attribute, _ rhs: borrowing Attribute) -> Bool {
            lhs.contentHash == rhs.contentHash && lhs.name == rhs.name && sameParameters(lhs.parameters, rhs.parameters)
        }

        /// Whether two attributes' parameters are equal. Most attributes have at most one parameter: that one is
        /// compared directly rather than by looking each key of one dictionary up in the other, which hashes it.
        /// Copies of one dictionary (a template tag's attribute and the nodes made from it, on this and later
        /// parses) are told equal from their storage reference alone.
        @inline(__always)
        static func sameParameters(_ lhs: [String: String], _ rhs: [String: String]) -> Bool {
            if sameStorage(lhs, rhs) { return true }
            guard lhs.count == rhs.count else { return false }
            switch lhs.count {
            case 0: return true
            case 1: return lhs.first! == rhs.first!
            default: return lhs == rhs
            }
        }

        /// Whether two dictionaries are the same value bit for bit: the same storage, so equal without a look
        /// inside. (Unequal bits say nothing: equal dictionaries may have separate storage.) A dictionary is one
        /// word, its storage's reference, compared as an integer: comparing its bytes as a collection was a generic
        /// call of some 250 instructions.
        @inline(__always)
        private static func sameStorage(_ lhs: [String: String], _ rhs: [String: String]) -> Bool {
            unsafeBitCast(lhs, to: UInt.self) == unsafeBitCast(rhs, to: UInt.self)
        }

        /// Hashes the name and parameters, as ``==(_:_:)`` compares them.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(name)
            hasher.combine(parameters)
        }

        static func quoted(_ value: String) -> String {
            var result = "\""
            for scalar in value.unicodeScalars {
                switch scalar {
                case "\"": result += "\\\""
                case "\\": result += "\\\\"
                case "\n": result += "\\n"
                case "\t": result += "\\t"
                case "\r": result += "\\r"
                default:
                    if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                        result += "\\u{\(String(scalar.value, radix: 16))}"
                    } else {
                        result.unicodeScalars.append(scalar)
                    }
                }
            }
            return result + "\""
        }

        /// FNV-1a over the name, combined with the parameters' hashes by addition, because equal dictionaries may
        /// list them in different orders. Much cheaper than `Hasher` over an attribute (which hashes its dictionary
        /// entry by entry with a hasher each), and it only has to tell unequal stacks apart: stacks feed it to the
        /// caller's seeded `Hasher`.
        private static func contentHash(nameHash: UInt64, parameters: [String: String]) -> UInt64 {
            var sum: UInt64 = 0
            // Most attributes have no parameters; skip setting up the dictionary's iterator for them.
            if !parameters.isEmpty {
                for (key, value) in parameters {
                    sum &+= fnv(key) &* 31 ^ fnv(value)
                }
            }
            return nameHash ^ sum
        }

        /// FNV-1a over the string's UTF-8 bytes.
        private static func fnv(_ string: String) -> UInt64 {
            // Over contiguous bytes: iterating `utf8` itself costs dozens of instructions a byte.
            string.utf8.withContiguousStorageIfAvailable { hashAndCase($0).hash } ?? hashAndCase(string.utf8).hash
        }

        /// FNV-1a over `bytes`, and whether they need lowercasing: an ASCII capital, or any byte of a non-ASCII
        /// scalar, which `lowercased()` is left to judge (skipping its allocation for the usual lowercase name).
        private static func hashAndCase<S: Sequence<UInt8>>(_ bytes: S) -> (hash: UInt64, needsLowercasing: Bool) {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            var needsLowercasing = false
            for byte in bytes {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
                needsLowercasing = needsLowercasing || byte >= 0x41 && byte <= 0x5A || byte >= 0x80
            }
            return (hash, needsLowercasing)
        }
    }
}

// MARK: - Built-in vocabulary

extension StyledText.Attribute {
    /// How important an `important` span is.
    ///
    /// A set that may grow: compare with the static members, or create your own level.
    public struct Level: Sendable, Hashable, RawRepresentable, CustomStringConvertible {
        /// The level as it appears in the `level` parameter.
        public let rawValue: String

        /// Creates a level from its parameter value.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Important enough to stand out: the default.
        public static let enough = Level(rawValue: "enough")
        /// Very important.
        public static let very = Level(rawValue: "very")

        /// The level's name, such as `very`.
        public var description: String { rawValue }
    }

    /// Important text, at the default level (`enough`).
    ///
    /// The same value as `.important(.enough)` and as the template tag `<important level="enough">`.
    public static let important = Self.important(.enough)

    /// Important text at a level.
    ///
    /// ```swift
    /// StyledText.Attribute.important(.very) == .tag("important", ["level": "very"])  // true
    /// ```
    ///
    /// - Parameter level: How important the text is.
    /// - Returns: An `important` attribute with a `level` parameter.
    public static func important(_ level: Level) -> Self {
        Self("important", ["level": level.rawValue])
    }

    /// Text the user can tap, running `action` when they do.
    ///
    /// Two tappables are equal when their ids are equal. The renderers map a tappable to a
    /// `styledtext-action://<id>` link (`AttributedString`), a `data-action` attribute (HTML) or an OSC 8 link
    /// (ANSI); ``StyledText/action(for:)`` finds the closure again from such a link.
    ///
    /// ```swift
    /// let more: StyledText = "Learn \("more", .tappable(id: "wiki") { openWiki() })"
    /// more.action(for: URL(string: "styledtext-action://wiki")!) != nil  // true
    /// ```
    ///
    /// - Parameters:
    ///   - id: An identifier unique within the text; a fresh UUID by default.
    ///   - action: The closure to run on the main actor when the text is tapped.
    /// - Returns: A `tappable` attribute with an `id` parameter.
    public static func tappable(id: String = UUID().uuidString,
                                action: @escaping @Sendable @MainActor () -> Void) -> Self {
        Self(lowercasedName: "tappable", parameters: ["id": id], action: action)
    }

    /// Text the user can tap, with a fresh unique id.
    ///
    /// - Parameter action: The closure to run on the main actor when the text is tapped.
    /// - Returns: A `tappable` attribute.
    public static func tappable(_ action: @escaping @Sendable @MainActor () -> Void) -> Self {
        tappable(id: UUID().uuidString, action: action)
    }

    /// A hyperlink to `url`; the same value as the template tag `<link href="…">`.
    ///
    /// - Parameter url: The link's destination.
    /// - Returns: A `link` attribute with an `href` parameter.
    public static func link(_ url: URL) -> Self {
        Self("link", ["href": url.absoluteString])
    }

    /// The tappable id, when this is a tappable attribute.
    var tappableID: String? {
        name == "tappable" ? parameters["id"] : nil
    }
}
