import Testing
@testable import StyledText

@Suite struct MarkupStyleColorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let input: String
        let expected: MarkupStyleColor?
        let note: String

        init(_ input: String, _ expected: MarkupStyleColor?, _ note: String) {
            self.input = input
            self.expected = expected
            self.note = note
        }

        var testDescription: String { "\(note): \(input.debugDescription)" }
    }

    static func hex(_ rgb: UInt32, alpha8: UInt8 = 255) -> MarkupStyleColor {
        MarkupStyleColor(red8: UInt8(rgb >> 16), green8: UInt8((rgb >> 8) & 0xFF), blue8: UInt8(rgb & 0xFF),
                         alpha8: alpha8)
    }

    static func rgba(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) -> MarkupStyleColor {
        MarkupStyleColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    static let validCases: [Case] = [
        Case("#f00", hex(0xFF0000), "#rgb"),
        Case("#F80", hex(0xFF8800), "#rgb doubles each digit, uppercase"),
        Case("#f808", hex(0xFF8800, alpha8: 0x88), "#rgba"),
        Case("#663399", hex(0x663399), "#rrggbb"),
        Case("#AbCdEf", hex(0xABCDEF), "#rrggbb mixed case"),
        Case("#66339980", hex(0x663399, alpha8: 0x80), "#rrggbbaa"),
        Case("#00000000", .clear, "#rrggbbaa transparent"),
        Case("  #fff\n", .white, "surrounding whitespace"),
        Case("\t\u{0C}\r\nred ", .red, "all five CSS whitespace bytes"),
        Case("rgb(255, 0, 0)", .red, "legacy numbers"),
        Case("rgb(255,165,0)", .orange, "legacy without spaces"),
        Case("RGB( 1 , 2 , 3 )", hex(0x010203), "function name case, spaces around separators"),
        Case("rgba(255, 0, 0, 0.5)", rgba(1, 0, 0, 0.5), "legacy alpha number"),
        Case("rgba(255, 0, 0, 50%)", rgba(1, 0, 0, 0.5), "legacy alpha percentage"),
        Case("rgb(100%, 50%, 0%)", rgba(1, 0.5, 0), "legacy percentages"),
        Case("rgb(10%,20%,30%)", rgba(0.1, 0.2, 0.3), "legacy percentages, no spaces"),
        Case("rgb(1, 2, 3, 0.5)", rgba(1.0 / 255, 2.0 / 255, 3.0 / 255, 0.5), "rgb() takes an alpha too"),
        Case("rgba(255, 0, 0)", .red, "rgba() without alpha"),
        Case("rgb(255 0 0)", .red, "modern"),
        Case("rgb(255 0 0 / 50%)", rgba(1, 0, 0, 0.5), "modern alpha percentage"),
        Case("rgb(255 0 0/0.25)", rgba(1, 0, 0, 0.25), "modern alpha without spaces around /"),
        Case("rgba(  0   0   0  /  0  )", .clear, "modern, generous spaces"),
        Case("rgb(100% 0 50%)", rgba(1, 0, 0.5), "modern mixes numbers and percentages"),
        Case("rgb(\t0\n0\r0\u{0C})", .black, "any CSS whitespace separates"),
        Case("rgb(127.5, 0, 0)", rgba(127.5 / 255, 0, 0), "fractional channel"),
        Case("rgba(0, 0, 0, .5)", rgba(0, 0, 0, 0.5), "number without integer part"),
        Case("rgb(2.55e2 0 0)", .red, "exponent"),
        Case("rgb(+255 -0 +0)", .red, "signs"),
        Case("rgb(2550E-1, 0, 0)", .red, "negative exponent, capital E"),
        Case("rgb(255-0+0)", .red, "CSS tokenisation: signs start new numbers"),
        Case("rgb(300, -20, 0)", .red, "channels clamp"),
        Case("rgb(150%, -5%, 0%)", .red, "percentages clamp"),
        Case("rgba(0, 0, 0, 2)", .black, "alpha clamps above"),
        Case("rgba(0, 0, 0, -1)", .clear, "alpha clamps below"),
        Case("rgb(0 0 0 / 200%)", .black, "alpha percentage clamps"),
        Case("rgb(1e999, 0, 0)", .red, "overflow to infinity clamps"),
        Case("rgb(-1e999 0 0 / 1e999)", .black, "negative overflow clamps"),
        Case("rgb(1e-999 0 0)", .black, "underflow is zero"),
        Case("transparent", .clear, "transparent"),
        Case("TransParent", .clear, "transparent, any case"),
        Case("red", .red, "named"),
        Case("RebeccaPurple", hex(0x663399), "named, any case"),
        Case("LIGHTGOLDENRODYELLOW", hex(0xFAFAD2), "longest name"),
        Case("grey", .gray, "British spelling"),
    ]

    static let invalidCases: [Case] = [
        Case("", nil, "empty"),
        Case(" \t\n", nil, "only whitespace"),
        Case("#", nil, "hash alone"),
        Case("#12", nil, "two hex digits"),
        Case("#12345", nil, "five hex digits"),
        Case("#1234567", nil, "seven hex digits"),
        Case("#123456789", nil, "nine hex digits"),
        Case("#ggg", nil, "not hex"),
        Case("# fff", nil, "space after hash"),
        Case("##fff", nil, "two hashes"),
        Case("#fff;", nil, "trailing semicolon"),
        Case("fff", nil, "hex without hash"),
        Case("rgb(1,2)", nil, "two channels"),
        Case("rgb(1,2,3,4,5)", nil, "five components"),
        Case("rgb(1 2 3 4)", nil, "modern alpha without slash"),
        Case("rgb(a,b,c)", nil, "letters"),
        Case("rgb(1,2,3", nil, "unbalanced"),
        Case("rgb(1,2,3))", nil, "extra parenthesis"),
        Case("rgb(1,2,3);", nil, "trailing garbage after function"),
        Case("rgb 1,2,3)", nil, "no parenthesis"),
        Case("rgb (1,2,3)", nil, "space before parenthesis"),
        Case("rgb()", nil, "no arguments"),
        Case("rgb(,1,2,3)", nil, "leading comma"),
        Case("rgb(1,2,3,)", nil, "trailing comma"),
        Case("rgb(1,,2,3)", nil, "double comma"),
        Case("rgb(1 2, 3)", nil, "modern then comma"),
        Case("rgb(1, 2 3)", nil, "comma then modern"),
        Case("rgb(1, 2, 3 / 0.5)", nil, "legacy with slash"),
        Case("rgb(1 2 3, 0.5)", nil, "modern with comma alpha"),
        Case("rgb(1 2 3 /)", nil, "slash without alpha"),
        Case("rgb(100%, 0, 0)", nil, "legacy mixes percentages and numbers"),
        Case("rgb(1px, 2, 3)", nil, "dimension"),
        Case("rgb(1., 2, 3)", nil, "dot without fraction"),
        Case("rgb(1e, 2, 3)", nil, "exponent without digits"),
        Case("rgb(1%%, 2%, 3%)", nil, "double percent"),
        Case("rgb(+, 2, 3)", nil, "sign alone"),
        Case("rgb(nan, 0, 0)", nil, "nan"),
        Case("rgb(NaN 0 0)", nil, "NaN"),
        Case("rgb(inf, 0, 0)", nil, "inf"),
        Case("rgb(infinity 0 0)", nil, "infinity"),
        Case("rgb(0x10, 0, 0)", nil, "hexadecimal number"),
        Case("rgb(0 0 0 / nan)", nil, "nan alpha"),
        Case("rgb(1/**/2 3)", nil, "CSS comments are not supported"),
        Case("rgbaa(1, 2, 3)", nil, "unknown function"),
        Case("hsl(0, 100%, 50%)", nil, "other colour functions"),
        Case("red blue", nil, "two names"),
        Case("re d", nil, "space inside a name"),
        Case("redd", nil, "misspelt name"),
        Case("notacolor", nil, "unknown name"),
        Case("currentColor", nil, "needs context"),
        Case("inherit", nil, "CSS-wide keyword"),
        Case("none", nil, "none"),
        Case("red\u{0}", nil, "trailing NUL"),
        Case("\u{0}red", nil, "leading NUL"),
        Case("\u{0B}red", nil, "vertical tab is not CSS whitespace"),
        Case("\u{A0}red", nil, "no-break space is not ASCII whitespace"),
        Case("rgb(1,\u{A0}2,3)", nil, "no-break space inside"),
        Case("\u{212A}haki", nil, "Kelvin sign does not lowercase to k"),
        Case("ｒｅｄ", nil, "fullwidth letters"),
        Case("#ｆｆｆ", nil, "fullwidth hex digits"),
        Case("rgb(١,٢,٣)", nil, "Arabic-Indic digits"),
        Case("\u{1B}[31mred", nil, "escape sequence"),
    ]

    @Test(arguments: validCases + invalidCases)
    func parsesCSS(_ testCase: Case) {
        #expect(MarkupStyleColor(css: testCase.input) == testCase.expected)
    }

    @Test func knowsExactly148NamedColours() {
        #expect(MarkupStyleColor.cssNamedColors.count == 148)
        for (name, rgb) in MarkupStyleColor.cssNamedColors {
            #expect(name == name.lowercased(), "\(name)")
            #expect(MarkupStyleColor(css: name) == MarkupStyleColor(rgb: rgb), "\(name)")
            #expect(MarkupStyleColor(css: name.uppercased()) == MarkupStyleColor(rgb: rgb), "\(name)")
        }
    }

    @Test func namedColourSpotValues() {
        #expect(MarkupStyleColor(css: "rebeccapurple")?.hexString == "#663399")
        #expect(MarkupStyleColor(css: "lightgoldenrodyellow")?.hexString == "#fafad2")
        #expect(MarkupStyleColor(css: "aliceblue")?.hexString == "#f0f8ff")
        #expect(MarkupStyleColor(css: "yellowgreen")?.hexString == "#9acd32")
        #expect(MarkupStyleColor(css: "navajowhite")?.hexString == "#ffdead")
        #expect(MarkupStyleColor(css: "cyan") == MarkupStyleColor(css: "aqua"))
        #expect(MarkupStyleColor(css: "magenta") == MarkupStyleColor(css: "fuchsia"))
    }

    @Test func everyGrayHasAGreyTwin() {
        let names = MarkupStyleColor.cssNamedColors.keys
        let grays = names.filter { $0.hasSuffix("gray") }
        #expect(grays.count == 7)
        #expect(names.filter { $0.hasSuffix("grey") }.count == 7)
        for gray in grays {
            let grey = String(gray.dropLast(4)) + "grey"
            #expect(MarkupStyleColor.cssNamedColors[grey] == MarkupStyleColor.cssNamedColors[gray], "\(grey)")
        }
        #expect(MarkupStyleColor(css: "grey") == MarkupStyleColor(css: "gray"))
    }

    @Test func presetsMatchTheirCSSNames() {
        let presets: [(String, MarkupStyleColor)] = [
            ("black", .black), ("white", .white), ("gray", .gray), ("red", .red), ("green", .green),
            ("blue", .blue), ("orange", .orange), ("yellow", .yellow), ("purple", .purple), ("transparent", .clear),
        ]
        for (name, preset) in presets {
            #expect(MarkupStyleColor(css: name) == preset, "\(name)")
        }
    }

    @Test(arguments: [
        (MarkupStyleColor.orange, "#ffa500"),
        (MarkupStyleColor(red: 1, green: 0.5, blue: 0), "#ff8000"),
        (MarkupStyleColor(red: 1, green: 0, blue: 0, alpha: 0.25), "rgba(255, 0, 0, 0.25)"),
        (MarkupStyleColor(red: 0, green: 0, blue: 0, alpha: 0.5), "rgba(0, 0, 0, 0.5)"),
        (MarkupStyleColor(red: 0, green: 0, blue: 0, alpha: 0.05), "rgba(0, 0, 0, 0.05)"),
        (MarkupStyleColor(red: 0, green: 0, blue: 0, alpha: 0.999), "rgba(0, 0, 0, 0.999)"),
        (MarkupStyleColor(red: 0, green: 0, blue: 0, alpha: 0.9996), "#000000"),
        (MarkupStyleColor(red: 0, green: 0, blue: 0, alpha: 0.00001), "rgba(0, 0, 0, 0)"),
        (MarkupStyleColor(red8: 0, green8: 0, blue8: 0, alpha8: 128), "rgba(0, 0, 0, 0.502)"),
        // 0.4998 is 127.45/255, so 8-bit 127; "0.5" would read back as 128, so the 8-bit value is written.
        (MarkupStyleColor(red: 0, green: 0, blue: 0, alpha: 0.4998), "rgba(0, 0, 0, 0.498)"),
        (MarkupStyleColor.clear, "rgba(0, 0, 0, 0)"),
    ])
    func writesCSS(_ color: MarkupStyleColor, _ expected: String) {
        #expect(color.cssString == expected)
    }

    @Test func documentationExamplesHold() {
        #expect(MarkupStyleColor(css: "#663399") == MarkupStyleColor(css: "RebeccaPurple"))
        #expect(MarkupStyleColor(css: "rgb(255 0 0 / 50%)")?.cssString == "rgba(255, 0, 0, 0.5)")
        #expect(MarkupStyleColor(css: " rgba(300, 0, 0, 2) ")?.cssString == "#ff0000")
        #expect(MarkupStyleColor(css: "#fff;") == nil)
        #expect(MarkupStyleColor.orange.cssString == "#ffa500")
        #expect(MarkupStyleColor(red: 1, green: 0, blue: 0, alpha: 0.25).cssString == "rgba(255, 0, 0, 0.25)")
        #expect(MarkupStyleColor(red8: 0, green8: 0, blue8: 0, alpha8: 128).cssString == "rgba(0, 0, 0, 0.502)")
        // MarkupStyleColor.swift's type-level example, which relies on init(css:).
        #expect(MarkupStyleColor(css: "rebeccapurple") == MarkupStyleColor(css: "#663399"))
        #expect(MarkupStyleColor(rgb: 0x663399) == MarkupStyleColor(css: "rebeccapurple"))
    }

    @Test func eightBitColoursRoundTripExactly() {
        // Opaque 8-bit colours are written as hex, which reads back to the very same Doubles. With alpha, only
        // alpha8 values whose alpha8/255 has three decimals (0, 0.2, 0.4, 0.6, 0.8, 1) can come back exactly;
        // the rest come back equal at 8 bits (see `everyAlpha8RoundTripsAtEightBits`).
        var random = SeededGenerator(seed: 0xC0105)
        for _ in 0..<2_000 {
            let alpha8: UInt8 = [0, 51, 102, 153, 204, 255][Int(random.next() % 6)]
            let color = MarkupStyleColor(red8: random.byte(), green8: random.byte(), blue8: random.byte(),
                                         alpha8: alpha8)
            #expect(MarkupStyleColor(css: color.cssString) == color, "\(color.cssString)")
        }
        for value in UInt8.min...UInt8.max {
            let gray = MarkupStyleColor(red8: value, green8: value, blue8: value)
            #expect(MarkupStyleColor(css: gray.cssString) == gray, "\(gray.cssString)")
        }
    }

    @Test func everyAlpha8RoundTripsAtEightBits() {
        for alpha8 in UInt8.min...UInt8.max {
            let color = MarkupStyleColor(red8: 10, green8: 20, blue8: 30, alpha8: alpha8)
            let again = MarkupStyleColor(css: color.cssString)
            #expect(again.map(Self.bytes) == Self.bytes(color), "\(color.cssString)")
        }
    }

    @Test func survivesHugeAndHostileInput() {
        let million = 1_000_000
        let nines = String(repeating: "9", count: million)
        #expect(MarkupStyleColor(css: "rgb(\(nines), 0, 0)") == .red)
        #expect(MarkupStyleColor(css: "rgb(0.\(String(repeating: "0", count: million))1 0 0)") == .black)
        #expect(MarkupStyleColor(css: "rgb(1e\(nines) 0 0)") == .red)
        let spaces = String(repeating: " ", count: million)
        #expect(MarkupStyleColor(css: spaces + "red" + spaces) == .red)
        #expect(MarkupStyleColor(css: "rgb(" + spaces + "0,0,0" + spaces + ")") == .black)
        #expect(MarkupStyleColor(css: String(repeating: "a", count: million)) == nil)
        #expect(MarkupStyleColor(css: "#" + String(repeating: "f", count: million)) == nil)
        #expect(MarkupStyleColor(css: "rgb(" + String(repeating: "(", count: million)) == nil)
        #expect(MarkupStyleColor(css: String(repeating: "rgb(", count: 100_000)) == nil)
        #expect(MarkupStyleColor(css: String(repeating: "\u{0}", count: million)) == nil)
        #expect(MarkupStyleColor(css: String(repeating: "😀", count: 100_000)) == nil)
    }

    /// Random colours written in a random valid syntax always parse, to the 8-bit components they were written with.
    @Test func randomValidSyntaxParses() {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<5_000 {
            let (input, expected) = Self.randomValidCSS(&random)
            #expect(MarkupStyleColor(css: input).map(Self.bytes) == expected, "\(input)")
        }
    }

    /// Random byte strings, fragment soups and mutated valid colours: parsing never traps, and whatever parses
    /// reads back from its `cssString` with the same 8-bit components.
    @Test func randomInputNeverCrashesAndAcceptedInputRoundTrips() {
        var random = SeededGenerator(seed: 2024)
        var accepted = 0
        for round in 0..<30_000 {
            let input: String
            switch round % 3 {
            case 0:
                let length = Int(random.next() % 24)
                input = String(decoding: (0..<length).map { _ in random.byte() }, as: UTF8.self)
            case 1:
                let count = Int(random.next() % 10)
                input = (0..<count).map { _ in Self.fragments[random.index(Self.fragments.count)] }.joined()
            default:
                input = Self.mutated(Self.randomValidCSS(&random).css, by: &random)
            }
            guard let color = MarkupStyleColor(css: input) else { continue }
            accepted += 1
            let again = MarkupStyleColor(css: color.cssString)
            #expect(again.map(Self.bytes) == Self.bytes(color), "\(input.debugDescription) → \(color.cssString)")
        }
        // Keeps the property honest: a generator that never produced a colour would check nothing.
        #expect(accepted > 1_000, "\(accepted)")
    }

    static let fragments = [
        "#", "rgb(", "rgba(", "RGBA(", ")", "(", ",", ", ", " ", "/", "%", ".", "e", "E", "-", "+", "0", "1", "9",
        "255", "300", "0.5", "1e2", "50%", "f", "F", "c0", "red", "Grey", "transparent", "\t", "\n", "\u{0}",
        "\u{0B}", "\u{A0}", "é", "😀", "\u{FFFD}", "1e999", "nan", "inf", "x", ";",
    ]

    /// A random colour in one of the accepted syntaxes, with the 8-bit components it must parse to.
    static func randomValidCSS(_ random: inout SeededGenerator) -> (css: String, components8: [UInt8]) {
        let channels = [random.byte(), random.byte(), random.byte()]
        let alpha8 = random.next().isMultiple(of: 2) ? 255 : random.byte()
        let alpha = String(Double(alpha8) / 255)
        let hexDigits = (channels + (alpha8 == 255 ? [] : [alpha8])).map(hex2).joined()
        let forms = [
            "#" + hexDigits,
            "rgba(" + channels.map(String.init).joined(separator: ", ") + ", \(alpha))",
            "RGB(" + channels.map(String.init).joined(separator: " ") + " / \(alpha))",
            "  rgb(" + channels.map { String(Double($0) / 2.55) + "%" }.joined(separator: ",") + ",\(alpha)) ",
        ]
        return (forms[random.index(forms.count)], channels + [alpha8])
    }

    /// `css` with one to three bytes replaced, inserted or deleted; often still a colour, often just not.
    static func mutated(_ css: String, by random: inout SeededGenerator) -> String {
        let alphabet = Array("0123456789abcdefABCDEF#(),/%.+-e \t\u{0}".utf8)
        var bytes = Array(css.utf8)
        for _ in 0..<(1 + random.index(3)) {
            let byte = random.next().isMultiple(of: 4) ? random.byte() : alphabet[random.index(alphabet.count)]
            let position = random.index(bytes.count + 1)
            switch random.index(3) {
            case 0 where position < bytes.count: bytes[position] = byte
            case 1 where position < bytes.count: bytes.remove(at: position)
            default: bytes.insert(byte, at: position)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func bytes(_ color: MarkupStyleColor) -> [UInt8] {
        let c = color.components8
        return [c.red, c.green, c.blue, c.alpha]
    }

    static func hex2(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
    }
}
