import Foundation

extension StyledText {
    /// A platform-neutral reference to an image inside styled text.
    ///
    /// The image is not loaded here: renderers turn the reference into what their target understands
    /// (`<img src>` in HTML, `.imageURL` in `AttributedString`, the alt text in a terminal).
    ///
    /// ```swift
    /// let dice = StyledText.Image(named: "dice", size: .init(width: 16, height: 16), alt: "🎲")
    /// let rule: StyledText = "\(dice) Roll the dice."
    /// rule.plainText  // " Roll the dice."
    /// ```
    public struct Image: Sendable, Hashable, CustomStringConvertible {
        /// The image's name in an asset catalogue or bundle, when it has one.
        public var name: String? {
            get { storage.fields.name }
            set { mutableFields.name = newValue }
        }
        /// The image's location, when it has one.
        public var url: URL? {
            get { storage.fields.url }
            set { mutableFields.url = newValue }
        }
        /// The size to show the image at, in points; `nil` to use the image's own.
        public var size: Size? {
            get { storage.fields.size }
            set { mutableFields.size = newValue }
        }
        /// A textual replacement for the image, for accessibility and text-only renderers.
        public var alt: String? {
            get { storage.fields.alt }
            set { mutableFields.alt = newValue }
        }

        /// The fields behind one reference, copied on write: an image is one word inside every part and run, so
        /// that parts and runs stay small and copy with a retain (and `URL`, which other platforms' Foundation
        /// may lay out only at run time, does not make every run's layout a run-time one).
        private var storage: Storage

        private final class Storage: Sendable {
            let fields: Fields
            init(_ fields: Fields) { self.fields = fields }
        }

        private struct Fields: Sendable, Hashable {
            var name: String?
            var url: URL?
            var size: Size?
            var alt: String?
        }

        /// The fields, for a setter: a storage of their own, made new with every change (images are rarely
        /// changed after they are made).
        private var mutableFields: Fields {
            get { storage.fields }
            set { storage = Storage(newValue) }
        }

        /// Whether two images have the same name, URL, size and alt text.
        public static func == (lhs: Image, rhs: Image) -> Bool {
            lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
        }

        /// Hashes the name, URL, size and alt text.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(storage.fields)
        }

        /// A width and a height in points.
        public struct Size: Sendable, Hashable {
            /// The width in points.
            public var width: Double
            /// The height in points.
            public var height: Double

            /// Creates a size.
            public init(width: Double, height: Double) {
                self.width = width
                self.height = height
            }
        }

        /// Creates a reference to a named image.
        ///
        /// - Parameters:
        ///   - name: The image's name in an asset catalogue or bundle.
        ///   - size: The size to show it at; its own by default.
        ///   - alt: A textual replacement.
        public init(named name: String, size: Size? = nil, alt: String? = nil) {
            storage = Storage(Fields(name: name, size: size, alt: alt))
        }

        /// Creates a reference to an image at a URL.
        ///
        /// - Parameters:
        ///   - url: The image's location.
        ///   - size: The size to show it at; its own by default.
        ///   - alt: A textual replacement.
        public init(url: URL, size: Size? = nil, alt: String? = nil) {
            storage = Storage(Fields(url: url, size: size, alt: alt))
        }

        /// `image(name: "dice", alt: "🎲")`: the image's non-nil fields.
        public var description: String {
            var fields: [String] = []
            if let name { fields.append("name: \(Attribute.quoted(name))") }
            if let url { fields.append("url: \(Attribute.quoted(url.absoluteString))") }
            if let size { fields.append("size: \(size.width)x\(size.height)") }
            if let alt { fields.append("alt: \(Attribute.quoted(alt))") }
            return "image(\(fields.joined(separator: ", ")))"
        }
    }
}
