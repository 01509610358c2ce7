import Foundation  // `rounded()` needs the C maths library, which Foundation links.

/// A platform-neutral RGBA colour.
///
/// Components are stored as `Double` values in `0...1`; the initialisers clamp out-of-range values. Renderers
/// translate the colour to their own representation: `#rrggbb`/`rgba()` in HTML, 24-bit SGR in terminals,
/// `UIColor`/`NSColor` on Apple platforms.
///
/// ```swift
/// let brand = MarkupStyleColor(red: 1, green: 0.5, blue: 0)
/// brand.hexString            // "#ff8000"
/// MarkupStyleColor(css: "rebeccapurple") == MarkupStyleColor(css: "#663399")  // true
/// ```
public struct MarkupStyleColor: Sendable, Hashable {
    /// The red component, `0...1`.
    public let red: Double
    /// The green component, `0...1`.
    public let green: Double
    /// The blue component, `0...1`.
    public let blue: Double
    /// The opacity, `0...1`, where `1` is opaque.
    public let alpha: Double

    /// Creates a colour from components in `0...1`; values outside that range are clamped.
    ///
    /// - Parameters:
    ///   - red: The red component.
    ///   - green: The green component.
    ///   - blue: The blue component.
    ///   - alpha: The opacity; `1` (opaque) by default.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Self.clamp(red)
        self.green = Self.clamp(green)
        self.blue = Self.clamp(blue)
        self.alpha = Self.clamp(alpha)
    }

    /// Creates a colour from 8-bit components, as CSS hex notation writes them.
    ///
    /// ```swift
    /// MarkupStyleColor(red8: 255, green8: 165, blue8: 0) == .orange  // true
    /// ```
    ///
    /// - Parameters:
    ///   - red8: The red component, `0...255`.
    ///   - green8: The green component, `0...255`.
    ///   - blue8: The blue component, `0...255`.
    ///   - alpha8: The opacity, `0...255`; `255` (opaque) by default.
    public init(red8: UInt8, green8: UInt8, blue8: UInt8, alpha8: UInt8 = 255) {
        self.init(red: Double(red8) / 255, green: Double(green8) / 255, blue: Double(blue8) / 255,
                  alpha: Double(alpha8) / 255)
    }

    /// Creates an opaque colour from a 24-bit `0xRRGGBB` value.
    ///
    /// ```swift
    /// MarkupStyleColor(rgb: 0x663399) == MarkupStyleColor(css: "rebeccapurple")  // true
    /// ```
    ///
    /// - Parameter rgb: The colour as `0xRRGGBB`; higher bits are ignored.
    public init(rgb: UInt32) {
        self.init(red8: UInt8((rgb >> 16) & 0xFF), green8: UInt8((rgb >> 8) & 0xFF), blue8: UInt8(rgb & 0xFF))
    }

    /// The components rounded to 8 bits each: `(red, green, blue, alpha)`.
    public var components8: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        (Self.to8(red), Self.to8(green), Self.to8(blue), Self.to8(alpha))
    }

    /// The colour as lowercase `#rrggbb`, ignoring opacity.
    ///
    /// ```swift
    /// MarkupStyleColor.orange.hexString  // "#ffa500"
    /// ```
    public var hexString: String {
        let c = components8
        return "#" + Self.hex2(c.red) + Self.hex2(c.green) + Self.hex2(c.blue)
    }

    private static func clamp(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, 0), 1)
    }

    private static func to8(_ value: Double) -> UInt8 {
        UInt8((value * 255).rounded())
    }

    private static func hex2(_ byte: UInt8) -> String {
        String(decoding: [hexDigit(byte >> 4), hexDigit(byte & 0xF)], as: UTF8.self)
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? 0x30 + nibble : 0x61 + nibble - 10  // "0"… or "a"…
    }
}

extension MarkupStyleColor {
    /// Opaque black, `#000000`.
    public static let black = MarkupStyleColor(rgb: 0x000000)
    /// Opaque white, `#ffffff`.
    public static let white = MarkupStyleColor(rgb: 0xFFFFFF)
    /// CSS `gray`, `#808080`.
    public static let gray = MarkupStyleColor(rgb: 0x808080)
    /// CSS `red`, `#ff0000`.
    public static let red = MarkupStyleColor(rgb: 0xFF0000)
    /// CSS `green`, `#008000`.
    public static let green = MarkupStyleColor(rgb: 0x008000)
    /// CSS `blue`, `#0000ff`.
    public static let blue = MarkupStyleColor(rgb: 0x0000FF)
    /// CSS `orange`, `#ffa500`.
    public static let orange = MarkupStyleColor(rgb: 0xFFA500)
    /// CSS `yellow`, `#ffff00`.
    public static let yellow = MarkupStyleColor(rgb: 0xFFFF00)
    /// CSS `purple`, `#800080`.
    public static let purple = MarkupStyleColor(rgb: 0x800080)
    /// Fully transparent black, CSS `transparent`.
    public static let clear = MarkupStyleColor(red: 0, green: 0, blue: 0, alpha: 0)
}
