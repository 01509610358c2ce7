#!/usr/bin/env python3
"""Generates Sources/StyledText/Template/HTMLEntities.swift from a WHATWG entities.json.

Usage:
    python3 generate-entities.py [entities.json] [--output HTMLEntities.swift]
    python3 generate-entities.py --from-python-stdlib [entities.json]

The first form reads the JSON (default: the entities.json beside this script) and writes the Swift table
(default: ../HTMLEntities.swift). The second (re)creates entities.json from Python's `html.entities.html5`,
which holds exactly the WHATWG names, for machines without internet; it then also writes the Swift table.

Why this layout: a 2,231-entry array of tuples or dictionary literal makes the Swift type checker crawl, so the
table is one string literal of concatenated names plus integer arrays with explicit element types, and lookup
is an open-addressing hash table of entry numbers laid out here, so that nothing is built at start-up.
"""

import argparse
import html.entities
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_JSON = os.path.join(HERE, "entities.json")
DEFAULT_SWIFT = os.path.join(os.path.dirname(HERE), "HTMLEntities.swift")

# WHATWG lists 2,231 names; a different count means a corrupt or foreign input file.
EXPECTED_COUNT = 2231
# A name is ASCII alphanumerics, optionally ending in `;` (names without `;` are the legacy ones).
NAME_PATTERN = re.compile(r"[A-Za-z0-9]+;?\Z")


def escape_json_string(text):
    """Escapes every character as `\\uXXXX` (surrogate pairs above U+FFFF), like the WHATWG file does."""
    units = text.encode("utf-16-be")
    return "".join("\\u%02X%02X" % (units[i], units[i + 1]) for i in range(0, len(units), 2))


def write_json_from_stdlib(path):
    """Writes entities.json in the WHATWG format from `html.entities.html5` (keys there lack the `&`)."""
    names = sorted(html.entities.html5, key=lambda name: name.encode("ascii"))
    lines = []
    for name in names:
        characters = html.entities.html5[name]
        codepoints = ", ".join(str(ord(c)) for c in characters)
        lines.append('  "&%s": { "codepoints": [%s], "characters": "%s" }'
                     % (name, codepoints, escape_json_string(characters)))
    with open(path, "w", encoding="ascii", newline="\n") as file:
        file.write("{\n" + ",\n".join(lines) + "\n}\n")


def load_entities(path):
    """Returns [(name without `&`, [codepoints])] sorted by name bytes, after checking the file is sane."""
    with open(path, encoding="utf-8") as file:
        table = json.load(file)
    entries = []
    for key, value in table.items():
        if not key.startswith("&") or not NAME_PATTERN.match(key[1:]):
            sys.exit("error: unexpected entity name %r" % key)
        codepoints = value["codepoints"]
        if [ord(c) for c in value["characters"]] != codepoints:
            sys.exit("error: %s: codepoints and characters disagree" % key)
        # The Swift table stores one UInt32 plus an optional UInt16 (0 = none): check both still fit.
        if not 1 <= len(codepoints) <= 2 or (len(codepoints) == 2 and not 0 < codepoints[1] <= 0xFFFF):
            sys.exit("error: %s: codepoints %r do not fit the table layout" % (key, codepoints))
        if any(0xD800 <= c <= 0xDFFF or not 0 < c <= 0x10FFFF for c in codepoints):
            sys.exit("error: %s: codepoints %r are not Unicode scalars" % (key, codepoints))
        entries.append((key[1:], codepoints))
    if len(entries) != EXPECTED_COUNT:
        sys.exit("error: expected %d names, found %d" % (EXPECTED_COUNT, len(entries)))
    entries.sort(key=lambda entry: entry[0].encode("ascii"))
    return entries


def wrap(items, separator, indent, width=116):
    """Joins items into lines no longer than `width`, never splitting an item."""
    lines, line = [], ""
    for item in items:
        candidate = item if not line else line + separator + item
        if line and len(indent) + len(candidate) > width:
            lines.append(line)
            line = item
        else:
            line = candidate
    if line:
        lines.append(line)
    return [indent + text for text in lines]


# The hash table: a power of two of slots, at least twice the names so that probes stay short, each the entry number plus one (0 = empty).
SLOT_COUNT = 8192


def fnv1a(data):
    """FNV-1a, 32 bits, as `HTMLEntities.hash(of:)` computes it."""
    value = 2166136261
    for byte in data:
        value = ((value ^ byte) * 16777619) & 0xFFFFFFFF
    return value


def hash_slots(names):
    """Places every entry by linear probing from its name's hash; returns the slots and the longest probe."""
    if SLOT_COUNT < 2 * len(names) or SLOT_COUNT & (SLOT_COUNT - 1):
        sys.exit("error: the hash table needs a power of two of at least twice the names")
    slots = [0] * SLOT_COUNT
    longest = 0
    for index, name in enumerate(names):
        slot = fnv1a(name.encode("ascii")) & (SLOT_COUNT - 1)
        probes = 1
        while slots[slot]:
            slot = (slot + 1) & (SLOT_COUNT - 1)
            probes += 1
        slots[slot] = index + 1
        longest = max(longest, probes)
    return slots, longest


def render_swift(entries, json_name):
    names = [name for name, _ in entries]
    offsets = [0]
    for name in names:
        offsets.append(offsets[-1] + len(name))
    if offsets[-1] > 0xFFFF:
        sys.exit("error: names no longer fit UInt16 offsets")
    legacy_lengths = [len(name) for name in names if not name.endswith(";")]
    slots, longest_probe = hash_slots(names)
    first = [str(codepoints[0]) for _, codepoints in entries]
    second = [str(codepoints[1] if len(codepoints) == 2 else 0) for _, codepoints in entries]
    indent = " " * 8

    # A multi-line literal with `\` line continuations keeps the lines short without any `+` for the type checker.
    # (Swift forbids the `\` on the last line, which ends the literal without a newline anyway.)
    name_lines = wrap(names, "", indent)
    name_lines = [line + "\\" for line in name_lines[:-1]] + name_lines[-1:]

    def array(values):
        return "\n".join(line + "," for line in wrap(values, ", ", indent))

    return """\
// GENERATED by Sources/StyledText/Template/Entities/generate-entities.py from %(json)s. Do not edit:
// change the script or the JSON and run `python3 Sources/StyledText/Template/Entities/generate-entities.py`.

/// The HTML5 named character references (WHATWG `entities.json`), found by name through a hash table.
///
/// Entry `k` is the name `names[nameOffsets[k]..<nameOffsets[k + 1]]` (without the leading `&`; legacy names,
/// which may appear without `;`, are listed once without and once with it), decoding to the scalar
/// `firstScalars[k]` followed by `secondScalars[k]` unless that is 0.
///
/// The layout (one string of concatenated names plus integer arrays with explicit element types) exists for
/// compile time: a %(count_text)s-entry array of tuples or dictionary literal keeps the type checker busy for a long
/// time, and a dictionary would also be built at start-up. Here nothing is built; lookup reads constant data.
enum HTMLEntities {
    /// The number of names in the table.
    static let count = %(count)d

    /// The length in bytes of the longest name, `;` included.
    static let longestNameLength = %(longest)d

    /// The length in bytes of the longest legacy name (one that may omit `;`).
    static let longestLegacyNameLength = %(longest_legacy)d

    /// The length in bytes of the shortest legacy name (one that may omit `;`).
    static let shortestLegacyNameLength = %(shortest_legacy)d

    /// Every name without its leading `&`, concatenated in byte order.
    static let names: StaticString = \"\"\"
%(names)s
        \"\"\"

    /// Where each name starts in `names`; the extra last element is the end of the last name.
    static let nameOffsets: [UInt16] = [
%(offsets)s
    ]

    /// The first (usually only) Unicode scalar of each reference.
    static let firstScalars: [UInt32] = [
%(first)s
    ]

    /// The second Unicode scalar of the %(pairs)d references that decode to two, otherwise 0 (all are below U+10000).
    static let secondScalars: [UInt16] = [
%(second)s
    ]

    /// The hash table: slot `s` holds the number of an entry plus one, or 0 when empty. An entry sits at the
    /// slot its name's ``hash(of:)`` picks among the %(slot_count)s, or the first empty one after it; the longest
    /// probe is %(longest_probe)d slots.
    static let slots: [UInt16] = [
%(slots)s
    ]

    /// The index of the entry named exactly `name` (bytes without the leading `&`), or `nil` if there is none.
    ///
    /// The search lives beside the data because it depends on the layout, which only this script decides. A hash
    /// table rather than a binary search: a character reference looks up several prefixes of the word after the
    /// `&` when it has no `;`, and a search of 2,231 sorted names took a dozen comparisons for each.
    ///
    /// - Complexity: O(1) expected: a hash of at most ``longestNameLength`` bytes and a few slots compared.
    static func index(ofName name: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !name.isEmpty, name.count <= longestNameLength else {
            return nil
        }
        let mask = slots.count - 1
        var slot = Int(hash(of: name)) & mask
        return names.withUTF8Buffer { (table: UnsafeBufferPointer<UInt8>) -> Int? in
            while slots[slot] != 0 {
                let entry = Int(slots[slot]) - 1
                let start = Int(nameOffsets[entry])
                if Int(nameOffsets[entry + 1]) - start == name.count {
                    var same = 0
                    while same < name.count, table[start + same] == name[same] {
                        same += 1
                    }
                    if same == name.count {
                        return entry
                    }
                }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }

    /// FNV-1a (32 bits) of a name's bytes: the hash the script placed the entries by.
    static func hash(of name: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var value: UInt32 = 2_166_136_261
        for byte in name {
            value = (value ^ UInt32(byte)) &* 16_777_619
        }
        return value
    }

    /// The name of entry `index`, without the leading `&`.
    static func name(at index: Int) -> String {
        names.withUTF8Buffer { table in
            let start = Int(nameOffsets[index])
            let end = Int(nameOffsets[index + 1])
            return String(decoding: UnsafeBufferPointer(rebasing: table[start..<end]), as: UTF8.self)
        }
    }

    /// The one or two Unicode scalars entry `index` decodes to.
    static func scalars(at index: Int) -> (first: Unicode.Scalar, second: Unicode.Scalar?) {
        // The script only writes valid scalars, so the replacement character is never actually used.
        let first = Unicode.Scalar(firstScalars[index]) ?? "\\u{FFFD}"
        let second = secondScalars[index]
        return (first, second == 0 ? nil : Unicode.Scalar(second))
    }
}
""" % {
        "json": json_name,
        "count": len(entries),
        "count_text": "{:,}".format(len(entries)),
        "longest": max(len(name) for name in names),
        "longest_legacy": max(legacy_lengths),
        "shortest_legacy": min(legacy_lengths),
        "names": "\n".join(name_lines),
        "offsets": array([str(offset) for offset in offsets]),
        "first": array(first),
        "second": array(second),
        "slots": array([str(slot) for slot in slots]),
        "slot_count": "{:,}".format(SLOT_COUNT),
        "longest_probe": longest_probe,
        "pairs": sum(1 for value in second if value != "0"),
    }


def main():
    parser = argparse.ArgumentParser(description="Generate HTMLEntities.swift from a WHATWG entities.json.")
    parser.add_argument("json", nargs="?", default=DEFAULT_JSON, help="entities.json (default: beside this script)")
    parser.add_argument("--output", default=DEFAULT_SWIFT, help="Swift file to write (default: ../HTMLEntities.swift)")
    parser.add_argument("--from-python-stdlib", action="store_true",
                        help="first (re)create the JSON from Python's html.entities.html5")
    arguments = parser.parse_args()

    if arguments.from_python_stdlib:
        write_json_from_stdlib(arguments.json)
        print("wrote %s" % arguments.json)
    entries = load_entities(arguments.json)
    with open(arguments.output, "w", encoding="utf-8", newline="\n") as file:
        file.write(render_swift(entries, "entities.json"))
    print("wrote %s (%d names)" % (arguments.output, len(entries)))


if __name__ == "__main__":
    main()
