import Foundation

/// Renders styled text for a terminal: SGR styles and colours, OSC 8 hyperlinks, and nothing the text itself can
/// turn into an escape sequence.
///
/// Each stretch of text that looks the same gets one SGR sequence: bold for weights from semibold up, faint for
/// light weights and below, italic, underline (double, curly, dotted and dashed where the style asks and the
/// terminal has 256 colours or more; a plain underline otherwise), strikethrough, and foreground, background and
/// underline colours at the ``capability``'s depth. Links become OSC 8 hyperlinks. Every stretch closes exactly
/// what it opened, and output that contains any escape sequence ends with a reset (`ESC [ 0 m`).
///
/// Terminals cannot transform case, so ``MarkupStyle/textCase`` is applied to the text. Images are replaced by
/// their alt text. Paragraph layout, font family and size, kern and baseline offset have no terminal equivalent
/// and are ignored.
///
/// ## Safety
/// C0 controls other than `\n` and `\t` are shown as their Unicode control pictures (ESC as `␛`, BEL as `␇`, a
/// lone CR as `␍`; CR LF is kept), DEL as `␡`, and C1 controls (U+0080–U+009F, which include the one-byte CSI)
/// as `�`: text can never start an escape sequence, move the cursor or ring the bell. Link URLs pass
/// ``linkPolicy``, and every byte of an OSC 8 URL outside printable ASCII is percent-encoded.
///
/// ```swift
/// let resolver = StyleResolver().style("important", MarkupStyle(font: .init(weight: .bold)))
/// let renderer = ANSIRenderer(capability: .trueColor)
/// renderer.render("Hi \("Eve", .important)", resolver: resolver)
/// // "Hi \u{1B}[1mEve\u{1B}[22m\u{1B}[0m"
/// ```
public struct ANSIRenderer: Sendable {
    /// What the terminal can show.
    public var capability: Capability
    /// The links that may become OSC 8 hyperlinks; others keep their text and lose the link.
    public var linkPolicy: LinkPolicy
    /// Whether links become OSC 8 hyperlinks at all; `true` by default.
    public var hyperlinks: Bool
    /// The URL a tappable's id stands for in a terminal, or `nil` for plain text.
    ///
    /// A terminal cannot run a closure, but it can open a URL — say `myapp://action/<id>` handled by your app, or
    /// a web page. The URL you return is your own and is not checked against ``linkPolicy``; control bytes in it
    /// are still percent-encoded.
    public var actionURL: (@Sendable (_ id: String) -> URL?)?

    /// Creates a renderer.
    ///
    /// - Parameters:
    ///   - capability: What the terminal can show; ``Capability/standardOutput`` detects it.
    ///   - linkPolicy: The allowed links; ``LinkPolicy/default`` by default.
    ///   - hyperlinks: Whether to write OSC 8 hyperlinks; `true` by default.
    ///   - actionURL: The URL for a tappable's id; `nil` (tappables are plain text) by default.
    public init(capability: Capability, linkPolicy: LinkPolicy = .default, hyperlinks: Bool = true,
                actionURL: (@Sendable (_ id: String) -> URL?)? = nil) {
        self.capability = capability
        self.linkPolicy = linkPolicy
        self.hyperlinks = hyperlinks
        self.actionURL = actionURL
    }

    /// What a terminal can show: a set that may grow, ordered from least to most.
    ///
    /// ```swift
    /// ANSIRenderer.Capability.colors256 > .colors16  // true
    /// ```
    public struct Capability: Sendable, Hashable, Comparable, CustomStringConvertible {
        enum Level: Int, Sendable {
            case plain, noColor, colors16, colors256, trueColor
        }

        let level: Level

        /// No escape sequences at all: the text only, still neutralised. For output that is not a terminal.
        public static let plain = Capability(level: .plain)
        /// Bold, faint, italic, underline, strikethrough and hyperlinks, but no colour: what `NO_COLOR` asks for.
        public static let noColor = Capability(level: .noColor)
        /// The 16 standard colours (SGR 30–37, 90–97 and their backgrounds), chosen by nearest match.
        public static let colors16 = Capability(level: .colors16)
        /// The xterm 256-colour palette (SGR 38;5), chosen by nearest match in the colour cube or grey ramp.
        public static let colors256 = Capability(level: .colors256)
        /// 24-bit colour (SGR 38;2).
        public static let trueColor = Capability(level: .trueColor)

        /// `plain`, `noColor`, `colors16`, `colors256` or `trueColor`.
        public var description: String {
            switch level {
            case .plain: "plain"
            case .noColor: "noColor"
            case .colors16: "colors16"
            case .colors256: "colors256"
            case .trueColor: "trueColor"
            }
        }

        /// Whether `lhs` shows less than `rhs`, in the order `plain`, `noColor`, `colors16`, `colors256`, `trueColor`.
        public static func < (lhs: Capability, rhs: Capability) -> Bool { lhs.level.rawValue < rhs.level.rawValue }
    }

    /// Renders styled text for the terminal.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - resolver: The resolver that decides the styles.
    /// - Returns: The text with escape sequences.
    /// - Complexity: O(*n*) in the text plus resolving.
    public func render(_ text: StyledText, resolver: StyleResolver) -> String {
        render(resolver.runs(for: text))
    }

    /// Renders resolved runs for the terminal; see ``ANSIRenderer``.
    ///
    /// ```swift
    /// let runs = StyleResolver(base: MarkupStyle(foregroundColor: .red)).runs(for: "alert")
    /// ANSIRenderer(capability: .colors16).render(runs)  // "\u{1B}[91malert\u{1B}[39m\u{1B}[0m"
    /// ```
    ///
    /// - Parameter runs: Runs from ``StyleResolver/runs(for:)``.
    /// - Returns: The text with escape sequences.
    /// - Complexity: O(*n*) in the total length of the runs; text is neutralised by scanning UTF-8 bytes and
    ///   copying unchanged spans in bulk.
    public func render(_ runs: [StyledRun]) -> String {
        // What the string reserves (see `UTF8Buffer.init(streaming:)`): the text, half as much again for
        // replaced controls, and a style's sequences per run.
        var writer = ANSIWriter(renderer: self,
                                capacity: (runs.last?.range.upperBound ?? 0) * 3 / 2 + runs.count * 32)
        runs.withUnsafeBufferPointer { runs in
            // Each run is read in place, not copied (see StyledRun+Rendering.swift).
            guard let first = runs.baseAddress else { return }
            for index in runs.indices { writer.add(first + index) }
        }
        writer.finish()
        return writer.output.takeString()
    }

    /// Appends `text` with every control character that could start an escape sequence replaced by a visible
    /// placeholder; see ``ANSIRenderer``.
    static func appendNeutralised(_ text: consuming Substring, to output: inout UTF8Buffer) {
        var text = text
        text.withUTF8 { appendNeutralised(bytes: $0, to: &output) }
    }

    /// ``appendNeutralised(_:to:)`` for text given as its UTF-8 bytes, which hold whole scalars: a run's text.
    static func appendNeutralised(bytes: UnsafeBufferPointer<UInt8>, to output: inout UTF8Buffer) {
        output.append(escaping: bytes, specials: controlBytes) { bytes, index, output in
            let byte = bytes[index]
            switch byte {
            case 0x0D where index + 1 < bytes.count && bytes[index + 1] == 0x0A:
                return 0  // CR LF ends a line as LF does; only a lone CR can overwrite the line.
            case 0xC2:
                guard index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) else { return 0 }
                output.append("\u{FFFD}")  // C1 controls have no control pictures.
                return 2
            case 0x7F:
                output.append("\u{2421}")  // ␡
            default:
                // Unicode Control Pictures: U+2400 + the C0 code (␀ … ␛ … ␟), E2 90 80 + code in UTF-8.
                output.append(controlPicture: byte)
            }
            return 1
        }
    }

    /// `url` for an OSC 8 sequence: every byte outside printable ASCII (0x21–0x7E) percent-encoded, so a URL can
    /// neither end the sequence (ESC, BEL) nor carry a control byte to the terminal.
    static func osc8URL(_ url: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(url.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in url.utf8 {
            if (0x21...0x7E).contains(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// C0 controls except tab and LF, DEL, and the lead byte of C1 controls.
    private static let controlBytes = ByteSet(Array(0x00...0x08) + Array(0x0B...0x1F) + [0x7F, 0xC2])
}

/// Writes one terminal string: keeps at most one hyperlink and one SGR state open, and changes them only when
/// the next run needs something else.
///
/// Each distinct style is looked at once: its hyperlink and its SGR sequences become bytes in a table of
/// sequences (one already there — the same URL, the same SGR — is found and shared, so runs that look the same
/// keep one state open). Every run after that compares table ranges and copies bytes.
private struct ANSIWriter: ~Copyable {
    let renderer: ANSIRenderer
    var output: UTF8Buffer
    /// The sequences of every distinct hyperlink and SGR state so far.
    private var sequences = UTF8Buffer()
    private var linkSequences: [String: Range<Int>] = [:]
    private var sgrSequences: [ANSIRenderer.SGR: SGRRanges] = [:]
    private var looks = RunStyleMemo<Look>()
    private var openLink = Self.noSequence
    private var openSGR = SGRRanges(open: Self.noSequence, close: Self.noSequence)
    private var wroteEscape = false

    /// No sequence at all; no sequence in the table is empty.
    private static var noSequence: Range<Int> { 0..<0 }

    init(renderer: ANSIRenderer, capacity: Int) {
        self.renderer = renderer
        output = UTF8Buffer(streaming: capacity)
    }

    /// A style's hyperlink and SGR state (ranges in `sequences`), and whether it changes the text's case; all
    /// plain values, so that looking one up copies no reference.
    struct Look {
        var link: Range<Int>
        var sgr: SGRRanges
        var changesCase: Bool
    }

    struct SGRRanges: Equatable {
        var open: Range<Int>
        var close: Range<Int>
    }

    mutating func add(_ run: UnsafePointer<StyledRun>) {
        let look = look(for: run)
        if let image = run.pointee.image {
            var alt = image.alt ?? ""
            alt.withUTF8 { add($0, look: look) }
        } else if look.changesCase, let textCase = run.pointee.style.textCase {
            var changed = textCase.apply(to: run.pointee.text)
            changed.withUTF8 { add($0, look: look) }
        } else {
            run.withTextBytes { add($0, look: look) }
        }
    }

    /// Writes text, given as its UTF-8 bytes, with the escape sequences of `look` before it.
    private mutating func add(_ text: UnsafeBufferPointer<UInt8>, look: Look) {
        guard !text.isEmpty else { return }
        guard renderer.capability > .plain else {
            ANSIRenderer.appendNeutralised(bytes: text, to: &output)
            return
        }
        if look.link != openLink {
            closeSGR()
            closeLink()
            if !look.link.isEmpty {
                output.append(sequences, range: look.link)
                openLink = look.link
                wroteEscape = true
            }
        }
        if look.sgr != openSGR {
            closeSGR()
            if !look.sgr.open.isEmpty {
                output.append(sequences, range: look.sgr.open)
                wroteEscape = true
            }
            openSGR = look.sgr
        }
        ANSIRenderer.appendNeutralised(bytes: text, to: &output)
    }

    mutating func finish() {
        closeSGR()
        closeLink()
        if wroteEscape { output.append("\u{1B}[0m") }
    }

    private mutating func closeSGR() {
        output.append(sequences, range: openSGR.close)
        openSGR = SGRRanges(open: Self.noSequence, close: Self.noSequence)
    }

    private mutating func closeLink() {
        if !openLink.isEmpty { output.append("\u{1B}]8;;\u{1B}\\") }
        openLink = Self.noSequence
    }

    @inline(__always)
    private mutating func look(for run: UnsafePointer<StyledRun>) -> Look {
        looks.value(for: run) ?? makeLook(for: run.pointee.resolved)
    }

    @inline(never)
    private mutating func makeLook(for resolved: ResolvedStack) -> Look {
        let style = resolved.shared.style
        let look = Look(link: linkSequence(for: style), sgr: sgrSequences(for: style),
                        changesCase: style.textCase != nil)
        looks.insert(look, for: resolved)
        return look
    }

    /// The OSC 8 sequence that opens the style's hyperlink. A tappable's URL comes from the renderer's
    /// `actionURL`, asked once per distinct style.
    private mutating func linkSequence(for style: MarkupStyle) -> Range<Int> {
        guard renderer.capability > .plain, renderer.hyperlinks, let url = style.link else { return Self.noSequence }
        let link: String
        if let id = StyledText.actionID(from: url) {
            guard let actionURL = renderer.actionURL?(id) else { return Self.noSequence }
            link = ANSIRenderer.osc8URL(actionURL.absoluteString)
        } else {
            guard renderer.linkPolicy.allows(url) else { return Self.noSequence }
            link = ANSIRenderer.osc8URL(url.absoluteString)
        }
        if let known = linkSequences[link] { return known }
        let start = sequences.count
        sequences.append("\u{1B}]8;;")
        sequences.append(contentsOf: link)
        sequences.append("\u{1B}\\")
        linkSequences[link] = start..<sequences.count
        return start..<sequences.count
    }

    private mutating func sgrSequences(for style: MarkupStyle) -> SGRRanges {
        let sgr = ANSIRenderer.SGR(style: style, capability: renderer.capability)
        guard !sgr.open.isEmpty else { return SGRRanges(open: Self.noSequence, close: Self.noSequence) }
        if let known = sgrSequences[sgr] { return known }
        let openStart = sequences.count
        sequences.append(contentsOf: sgr.open)
        let closeStart = sequences.count
        sequences.append(contentsOf: sgr.close)
        let ranges = SGRRanges(open: openStart..<closeStart, close: closeStart..<sequences.count)
        sgrSequences[sgr] = ranges
        return ranges
    }
}
