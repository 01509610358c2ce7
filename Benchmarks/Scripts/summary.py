#!/usr/bin/env python3
"""Summarises `swift package benchmark` text output: median and p90 per benchmark, the ratios the targets
are stated in (as ratios of the separate benchmarks' medians, and as the paired benchmarks measure them), and the
adversarial families' time per doubling of the input, both as the ratio of two sizes' medians and as the doubling
benchmarks time it, both sizes in each sample. Benchmarks named "(×1000 per sample)" time a thousand calls
per sample; the harness reports them per call (its `*` metrics).

    swift package benchmark --no-progress | tee benchmark.txt
    python3 Scripts/summary.py benchmark.txt
"""
import re
import sys

UNITS = {"ns": 1e-9, "μs": 1e-6, "us": 1e-6, "ms": 1e-3, "s": 1.0}
SCALE = {"": 1, "K": 1e3, "M": 1e6, "G": 1e9}
BATCHED = " (×1000 per sample)"


def parse(text):
    results, name, previous = {}, None, None
    for line in text.splitlines():
        stripped = line.strip()
        # A benchmark's name is the line just above its table.
        if stripped.startswith("╒"):
            name = previous
        if stripped:
            previous = stripped
        if not stripped.startswith("│") or name is None:
            continue
        cells = [c.strip() for c in stripped.strip("│").split("│")]
        if len(cells) < 9 or cells[0] == "Metric":
            continue
        label, values = cells[0], cells[1:8]
        try:
            numbers = [float(v.replace(",", "")) for v in values]
        except ValueError:
            continue
        entry = results.setdefault(name, {})
        time = re.match(r"Time \(wall clock\) \((\w+)\)", label)
        if time:
            entry["p50"] = numbers[2] * UNITS[time.group(1)]
            entry["p90"] = numbers[4] * UNITS[time.group(1)]
        malloc = re.match(r"Malloc \(total\)(?: \((\w)\))?", label)
        if malloc:
            entry["mallocs"] = numbers[2] * SCALE[malloc.group(1) or ""]
        # A paired ratio in percent (custom metric): its median, and its p90, the worse tenth's edge.
        if label.endswith("(%)"):
            entry["ratio"] = (numbers[2] / 100, numbers[4] / 100)
    return results


def human(seconds):
    for unit, factor in (("s", 1), ("ms", 1e-3), ("µs", 1e-6), ("ns", 1e-9)):
        if seconds >= factor:
            return f"{seconds / factor:.3g} {unit}"
    return f"{seconds / 1e-9:.3g} ns"


def main():
    results = parse(open(sys.argv[1], encoding="utf-8", errors="replace").read())
    print("| benchmark | median | p90 | mallocs (median) |")
    print("| --- | ---: | ---: | ---: |")
    for name, entry in results.items():
        if re.search(r" \d{4} KB$", name) and not name.endswith(" 1024 KB") and not name.startswith("reverse-closed"):
            continue
        if "p50" in entry:
            print(f"| {name} | {human(entry['p50'])} | {human(entry['p90'])} | {entry.get('mallocs', 0):.0f} |")

    def p50(name):
        return results.get(name, {}).get("p50")

    print()
    for way in ("", " in one step"):
        for suffix in ("", BATCHED):
            styled = p50("Sentence → runs: StyledText" + way + suffix)
            for other in ("Sentence → runs: XMLParser (baseline 1)",
                          "Sentence → runs: NSRegularExpression (baseline 2)"):
                if styled and p50(other + suffix):
                    print(f"- {other}{suffix}: {p50(other + suffix) / styled:.1f}× StyledText{way}'s time")
    floor = p50("Document 1 MB: memchr for < (baseline 3, floor)")
    for way in ("", " in one step"):
        document = p50("Document 1 MB → runs: StyledText" + way)
        if document and floor:
            print(f"- document → runs{way}: {1.048576 / document:.0f} MB/s, "
                  f"{document / floor:.1f}× the memchr floor")
    plain = p50("Document 1 MB: plainText(ofTemplate:)")
    if plain:
        print(f"- plainText(ofTemplate:): {1.048576 / plain:.0f} MB/s")
    for size in ("Sentence", "Document 1 MB"):
        renderer = p50(f"{size} AttributedString: renderer")
        floors = [p50(f"{size} AttributedString: floor A (set ranges)"),
                  p50(f"{size} AttributedString: floor B (append runs)")]
        floors = [f for f in floors if f]
        if renderer and floors:
            print(f"- {size} AttributedString renderer: {renderer / min(floors):.2f}× the faster floor")
    for renderer in ("Document 1 MB: HTML renderer", "Document 1 MB: ANSI renderer (24-bit colour)"):
        if p50(renderer):
            print(f"- {renderer}: {1.048576 / p50(renderer):.0f} MB/s of text")

    paired = [(name, entry["ratio"]) for name, entry in results.items()
              if "ratio" in entry and not name.startswith("Doubling: ")]
    if paired:
        print()
        print("Paired ratios (both sides timed in each sample; median, and p90 towards the worse side):")
        for name, (median, p90) in paired:
            print(f"- {name.removeprefix('Paired: ')}: {median:.2f}× (p90 {p90:.2f}×)")

    families = {}
    for name, entry in results.items():
        match = re.match(r"(.+) (\d{4}) KB$", name)
        if match and "p50" in entry:
            families.setdefault(match.group(1), {})[int(match.group(2))] = entry["p50"]
    if families:
        print()
        sizes = sorted({size for times in families.values() for size in times})
        print("| family | 1 MB median | " + " | ".join(f"{b}→{a} KB" for a, b in zip(sizes[1:], sizes)) + " |")
        print("| --- | ---: | " + " | ".join("---:" for _ in sizes[1:]) + " |")
        for family, times in families.items():
            ratios = [f"{times[a] / times[b]:.2f}" if a in times and b in times else "–"
                      for a, b in zip(sizes[1:], sizes)]
            print(f"| {family} | {human(times.get(1024, 0))} | " + " | ".join(ratios) + " |")

    # The doublings timed in pairs (AdversarialBenchmarks' "Doubling: <family> <n> → <2n> KB"): the median of
    # time(2n) ÷ time(n) over samples that time both sizes, the target's reading.
    doublings = {}
    for name, entry in results.items():
        match = re.match(r"Doubling: (.+) (\d{4}) → (\d{4}) KB$", name)
        if match and "ratio" in entry:
            doublings.setdefault(match.group(1), {})[int(match.group(2))] = entry["ratio"]
    if doublings:
        print()
        print("Doublings timed in pairs (median of time(2n) ÷ time(n); p90 in brackets):")
        print()
        starts = sorted({size for pairs in doublings.values() for size in pairs})
        print("| family | " + " | ".join(f"{a}→{2 * a} KB" for a in starts) + " | largest median |")
        print("| --- | " + " | ".join("---:" for _ in starts) + " | ---: |")
        for family, pairs in doublings.items():
            cells = [f"{pairs[a][0]:.2f} ({pairs[a][1]:.2f})" if a in pairs else "–" for a in starts]
            print(f"| {family} | " + " | ".join(cells) + f" | {max(m for m, _ in pairs.values()):.2f} |")


if __name__ == "__main__":
    main()
