/// A printf-style placeholder in a template: `%@`, `%2$@`, `%lld`, `%.2f`.
///
/// Only integers, so that the program's placeholders copy and free as plain memory: holding the specifier as a
/// `String` made every copy of a placeholder (several per placeholder filled) go through value witnesses. The
/// specifier's text is read back from the template when it is needed, which is rarely: `String` arguments do not
/// look at it.
///
/// 24 bytes: a template of `%1$@` repeated has a placeholder per 4 bytes, and at 40 bytes each its placeholders
/// took ten times the template's size, written into fresh pages. So the argument index is 32 bits (positions stop
/// at 100,000, and a template would need 2³¹ placeholders before the count did), and so are the lengths, from the
/// placeholder's start: a placeholder longer than 4 GB is not read as one.
struct Placeholder: Sendable, Hashable {
    /// Where the placeholder starts in the template (UTF-8 offset).
    private let start: Int
    private let index: Int32
    /// The placeholder's length in UTF-8 bytes.
    private let length: UInt32
    /// The specifier's offset from `start`.
    private let specifierOffset: UInt32
    /// The conversion character.
    let conversion: UInt8
    private let flags: UInt8

    private static let positional: UInt8 = 1
    private static let plain: UInt8 = 2

    /// - Precondition: `argumentIndex` fits in 31 bits and `sourceRange.count` in 32, as
    ///   ``parse(_:at:nextIndex:)`` checks; they are not checked again here.
    init(argumentIndex: Int, isPositional: Bool, conversion: UInt8, isPlain: Bool, sourceRange: Range<Int>,
         specifierStart: Int) {
        start = sourceRange.lowerBound
        index = Int32(truncatingIfNeeded: argumentIndex)
        length = UInt32(truncatingIfNeeded: sourceRange.upperBound &- sourceRange.lowerBound)
        specifierOffset = UInt32(truncatingIfNeeded: specifierStart &- sourceRange.lowerBound)
        self.conversion = conversion
        flags = (isPositional ? Self.positional : 0) | (isPlain ? Self.plain : 0)
    }

    /// The zero-based argument it takes.
    var argumentIndex: Int { Int(index) }
    /// Whether the template wrote the position (`%2$@`).
    var isPositional: Bool { flags & Self.positional != 0 }
    /// Whether the specifier is exactly `%` + length modifiers + conversion, with no flags, width or precision.
    var isPlain: Bool { flags & Self.plain != 0 }
    /// The placeholder's UTF-8 offsets in the template.
    var sourceRange: Range<Int> { start..<(start &+ Int(length)) }
    /// Where the specifier's text after `%` (and after the position, if any) starts in the template.
    var specifierStart: Int { start &+ Int(specifierOffset) }

    /// The specifier without its position, as `String(format:)` takes it: `%@`, `%lld`, `%.2f`.
    ///
    /// - Parameter source: The text the placeholder was parsed from.
    func specifier(in source: String) -> String {
        // The common specifiers as literals: building `"%" + …` costs more than everything else a `%@` costs.
        if sourceRange.upperBound - specifierStart == 1 {
            switch conversion {
            case UInt8(ascii: "@"): return "%@"
            case UInt8(ascii: "d"): return "%d"
            default: break
            }
        }
        return "%" + source.utf8Slice(specifierStart..<sourceRange.upperBound)
    }

    /// The placeholder as the template wrote it, with its position normalised (`%01$@` is `%1$@`).
    ///
    /// - Parameters:
    ///   - source: The text the placeholder was parsed from.
    ///   - positional: Whether to write the position even when the template did not (`%@` as `%1$@`).
    func spelling(in source: String, positional: Bool = false) -> String {
        guard isPositional || positional else { return specifier(in: source) }
        return "%\(argumentIndex + 1)$" + source.utf8Slice(specifierStart..<sourceRange.upperBound)
    }

    /// What kind of value the placeholder formats.
    var kind: Kind {
        switch conversion {
        case UInt8(ascii: "d"), UInt8(ascii: "i"): .signed
        case UInt8(ascii: "u"), UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "o"): .unsigned
        case UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "g"),
             UInt8(ascii: "G"), UInt8(ascii: "a"), UInt8(ascii: "A"): .floating
        default: .object
        }
    }

    enum Kind: Sendable, Hashable {
        case object, signed, unsigned, floating
    }

    /// Parses a placeholder at `start`, where `bytes[start]` is `%`; `nil` when it is not one.
    ///
    /// Grammar: `%` [position `$`] [flags `-+ #0'`] [width] [`.` precision] [length `hh h l ll q z t j L`]
    /// conversion `@ d i u x X o f F e E g G a A`. `%%` is handled by the caller.
    @inline(__always)
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, nextIndex: inout Int) -> Placeholder? {
        let end = bytes.count
        // `%@` and `%1$@` to `%9$@`, most placeholders, without the general grammar's loops (and, inlined, without
        // a call).
        if start + 1 < end, bytes[start + 1] == UInt8(ascii: "@"), nextIndex < Int32.max {
            defer { nextIndex += 1 }
            return Placeholder(argumentIndex: nextIndex, isPositional: false, conversion: UInt8(ascii: "@"),
                               isPlain: true, sourceRange: start..<(start + 2), specifierStart: start + 1)
        }
        if start + 3 < end, bytes[start + 3] == UInt8(ascii: "@"), bytes[start + 2] == UInt8(ascii: "$"),
           bytes[start + 1] >= UInt8(ascii: "1"), bytes[start + 1] <= UInt8(ascii: "9") {
            return Placeholder(argumentIndex: Int(bytes[start + 1] - UInt8(ascii: "1")), isPositional: true,
                               conversion: UInt8(ascii: "@"), isPlain: true, sourceRange: start..<(start + 4),
                               specifierStart: start + 3)
        }
        return parseInFull(bytes, at: start, nextIndex: &nextIndex)
    }

    /// ``parse(_:at:nextIndex:)`` by the whole grammar.
    private static func parseInFull(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int,
                                    nextIndex: inout Int) -> Placeholder? {
        let end = bytes.count
        var i = start + 1
        func digits() -> (value: Int, count: Int) {
            var value = 0
            var count = 0
            while i < end, bytes[i] >= 0x30, bytes[i] <= 0x39 {
                // Saturate instead of trapping on absurd positions or widths.
                value = value > 100_000 ? value : value * 10 + Int(bytes[i] - 0x30)
                count += 1
                i += 1
            }
            return (value, count)
        }
        var position: Int?
        let afterPercent = i
        let leading = digits()
        if leading.count > 0, i < end, bytes[i] == UInt8(ascii: "$") {
            guard leading.value >= 1, leading.value <= 100_000 else { return nil }
            position = leading.value
            i += 1
        } else {
            i = afterPercent
        }
        let specifierStart = i
        // Switches, not `[…].contains`: an array literal here would be allocated on every `%` of the text.
        while i < end, isFlag(bytes[i]) {
            i += 1
        }
        let width = digits()
        var hasPrecision = false
        if i < end, bytes[i] == UInt8(ascii: ".") {
            hasPrecision = true
            i += 1
            _ = digits()
        }
        var isPlain = i == specifierStart && width.count == 0 && !hasPrecision
        var lengthCount = 0
        while i < end, lengthCount < 2, isLengthModifier(bytes[i]) {
            // `L` (long double) is not one of the modifiers a plain integer specifier may carry.
            if bytes[i] == UInt8(ascii: "L") { isPlain = false }
            i += 1
            lengthCount += 1
        }
        guard i < end else { return nil }
        let conversion = bytes[i]
        switch conversion {
        case UInt8(ascii: "@"), UInt8(ascii: "d"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "x"),
             UInt8(ascii: "X"), UInt8(ascii: "o"), UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"),
             UInt8(ascii: "E"), UInt8(ascii: "g"), UInt8(ascii: "G"), UInt8(ascii: "a"), UInt8(ascii: "A"):
            break
        default:
            return nil
        }
        // A space flag makes "100% done" look like `% d`; real templates never use it, so reject it.
        if bytes[specifierStart..<i].contains(UInt8(ascii: " ")) { return nil }
        i += 1
        // Beyond what a placeholder stores (see the type's documentation): no template comes near.
        guard i - start <= Int(UInt32.max), position != nil || nextIndex < Int32.max else { return nil }
        let index: Int
        if let position {
            index = position - 1
        } else {
            index = nextIndex
            nextIndex += 1
        }
        return Placeholder(argumentIndex: index, isPositional: position != nil, conversion: conversion,
                           isPlain: isPlain, sourceRange: start..<i, specifierStart: specifierStart)
    }

    private static func isFlag(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: " "), UInt8(ascii: "#"), UInt8(ascii: "0"),
             UInt8(ascii: "'"):
            true
        default:
            false
        }
    }

    /// Whether `byte` is a length modifier: `h l q z t j L`.
    static func isLengthModifier(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "h"), UInt8(ascii: "l"), UInt8(ascii: "q"), UInt8(ascii: "z"), UInt8(ascii: "t"),
             UInt8(ascii: "j"), UInt8(ascii: "L"):
            true
        default:
            false
        }
    }
}
