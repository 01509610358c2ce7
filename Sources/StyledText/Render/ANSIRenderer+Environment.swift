import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension ANSIRenderer.Capability {
    /// The capability of standard output, detected from this process's environment and whether standard output
    /// is a terminal; see ``detected(environment:isTerminal:)``.
    ///
    /// ```swift
    /// print(text.ansi(resolver, using: ANSIRenderer(capability: .standardOutput)))
    /// ```
    public static var standardOutput: Self {
        detected(environment: ProcessInfo.processInfo.environment, isTerminal: isatty(STDOUT_FILENO) != 0)
    }

    /// The capability command-line users expect from an environment.
    ///
    /// In order:
    /// 1. `FORCE_COLOR` set to anything but empty, `0` or `false` forces escape sequences even when the output is
    ///    not a terminal; `2` asks for 256 colours and `3` for true colour (as Node.js and chalk read it).
    /// 2. Otherwise, output that is not a terminal, or a terminal whose `TERM` is `dumb`, gets ``plain``: no
    ///    escape sequences.
    /// 3. `NO_COLOR` set to anything but empty (<https://no-color.org>), or `FORCE_COLOR` set to `0` or `false`,
    ///    gives ``noColor``: styles and hyperlinks without colour.
    /// 4. `COLORTERM=truecolor` or `24bit` gives ``trueColor``; a `TERM` containing `256color` gives
    ///    ``colors256``; anything else ``colors16``.
    ///
    /// ```swift
    /// let capability = ANSIRenderer.Capability.detected(
    ///     environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"], isTerminal: true)
    /// capability  // .trueColor
    /// ANSIRenderer.Capability.detected(environment: ["NO_COLOR": "1"], isTerminal: true)   // .noColor
    /// ANSIRenderer.Capability.detected(environment: [:], isTerminal: false)                // .plain
    /// ```
    ///
    /// - Parameters:
    ///   - environment: The environment variables, as `ProcessInfo.processInfo.environment` gives them.
    ///   - isTerminal: Whether the output is a terminal (`isatty`).
    /// - Returns: The capability.
    public static func detected(environment: [String: String], isTerminal: Bool) -> Self {
        let force = environment["FORCE_COLOR"].map { $0.lowercased() }
        let forcedOff = force == "0" || force == "false"
        let forcedOn = !(force?.isEmpty ?? true) && !forcedOff
        if !forcedOn && (!isTerminal || environment["TERM"] == "dumb") { return .plain }
        if forcedOff || !(environment["NO_COLOR"]?.isEmpty ?? true) { return .noColor }
        if force == "3" { return .trueColor }
        if force == "2" { return .colors256 }
        if let colorTerm = environment["COLORTERM"]?.lowercased(), colorTerm == "truecolor" || colorTerm == "24bit" {
            return .trueColor
        }
        if environment["TERM"]?.contains("256color") == true { return .colors256 }
        return .colors16
    }
}
