extension ANSIRenderer {
    /// The SGR sequence that turns a style on, and the one that turns exactly those attributes off again.
    struct SGR: Hashable {
        var open: String
        var close: String

        static let none = SGR(open: "", close: "")

        /// The sequences for a style at a capability; ``none`` when nothing applies.
        ///
        /// - Complexity: O(1).
        init(style: MarkupStyle, capability: Capability) {
            var on: [String] = []
            var off: [String] = []
            if let weight = style.font.weight {
                // Bold from semibold up, faint from light down; medium and regular look the same in a terminal.
                if weight >= .semibold {
                    on.append("1")
                    off.append("22")
                } else if weight <= .light {
                    on.append("2")
                    off.append("22")
                }
            }
            if style.font.italic == true {
                on.append("3")
                off.append("23")
            }
            if let underline = style.underline {
                on.append(Self.underlineCode(underline.style, capability: capability))
                off.append("24")
                if let color = underline.color, capability >= .colors256, let code = Self.color(color, base: 58,
                                                                                           capability: capability) {
                    on.append(code)
                    off.append("59")
                }
            }
            if style.strikethrough != nil {
                on.append("9")
                off.append("29")
            }
            if let color = style.foregroundColor, let code = Self.color(color, base: 38, capability: capability) {
                on.append(code)
                off.append("39")
            }
            if let color = style.backgroundColor, let code = Self.color(color, base: 48, capability: capability) {
                on.append(code)
                off.append("49")
            }
            guard !on.isEmpty else {
                self = .none
                return
            }
            open = "\u{1B}[" + on.joined(separator: ";") + "m"
            close = "\u{1B}[" + off.joined(separator: ";") + "m"
        }

        init(open: String, close: String) {
            self.open = open
            self.close = close
        }

        /// SGR 4 with the kitty/VTE underline-style subparameter (`4:2` double, `4:3` curly, `4:4` dotted,
        /// `4:5` dashed). Terminals old enough to have only 16 colours may read `4:3` as underline plus italic,
        /// so below 256 colours every underline is a plain `4`.
        private static func underlineCode(_ style: MarkupStyleLine.Style, capability: Capability) -> String {
            guard capability >= .colors256 else { return "4" }
            switch style {
            case .double: return "4:2"
            case .wavy: return "4:3"
            case .dotted: return "4:4"
            case .dashed: return "4:5"
            default: return "4"
            }
        }

        /// The colour parameters for SGR 38 (foreground), 48 (background) or 58 (underline); `nil` without colour
        /// or for a fully transparent colour. Terminals have no opacity, so any other alpha is drawn opaque.
        static func color(_ color: MarkupStyleColor, base: Int, capability: Capability) -> String? {
            guard color.alpha > 0 else { return nil }
            let c = color.components8
            switch capability.level {
            case .plain, .noColor:
                return nil
            case .colors16:
                let index = nearest16(c.red, c.green, c.blue)
                // 30–37 / 90–97 for the foreground, 40–47 / 100–107 for the background.
                let start = base == 48 ? (index < 8 ? 40 : 92) : (index < 8 ? 30 : 82)
                return String(start + index)
            case .colors256:
                return "\(base);5;\(nearest256(c.red, c.green, c.blue))"
            case .trueColor:
                return "\(base);2;\(c.red);\(c.green);\(c.blue)"
            }
        }

        /// The nearest of the 16 standard colours, with xterm's default palette as their values.
        static func nearest16(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Int {
            var best = 0
            var bestDistance = Int.max
            for (index, entry) in palette16.enumerated() {
                let distance = squaredDistance((red, green, blue), entry)
                if distance < bestDistance {
                    best = index
                    bestDistance = distance
                }
            }
            return best
        }

        /// The nearest entry of the xterm 256-colour palette among the 6×6×6 cube (16–231) and the grey ramp
        /// (232–255); the first 16 entries vary between terminals and are never chosen.
        static func nearest256(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Int {
            let levels = [0, 95, 135, 175, 215, 255]
            func cubeIndex(_ value: UInt8) -> Int {
                value < 48 ? 0 : value < 115 ? 1 : (Int(value) - 35) / 40
            }
            let (r, g, b) = (cubeIndex(red), cubeIndex(green), cubeIndex(blue))
            let cube = (UInt8(levels[r]), UInt8(levels[g]), UInt8(levels[b]))
            let average = (Int(red) + Int(green) + Int(blue)) / 3
            let grey = average > 238 ? 23 : max(0, (average - 3) / 10)
            let greyValue = UInt8(8 + 10 * grey)
            let cubeDistance = squaredDistance((red, green, blue), cube)
            let greyDistance = squaredDistance((red, green, blue), (greyValue, greyValue, greyValue))
            return greyDistance < cubeDistance ? 232 + grey : 16 + 36 * r + 6 * g + b
        }

        private static func squaredDistance(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> Int {
            let dr = Int(a.0) - Int(b.0)
            let dg = Int(a.1) - Int(b.1)
            let db = Int(a.2) - Int(b.2)
            return dr * dr + dg * dg + db * db
        }

        /// xterm's defaults for black, red, green, yellow, blue, magenta, cyan, white, then their bright forms.
        private static let palette16: [(UInt8, UInt8, UInt8)] = [
            (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
            (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
            (255, 0, 255), (0, 255, 255), (255, 255, 255),
        ]
    }
}
