#!/usr/bin/env bash
# Builds the libFuzzer targets and runs each for SECONDS, one after another (one fuzzer process at a time).
#
#     Fuzz/run.sh SECONDS [TARGET...]     # default: every target; .ci/run uses 60 s each
#
# Each target fuzzes a working corpus in Fuzz/.work/corpus/<target> (kept between runs, not committed), seeded
# from the committed Fuzz/Corpus/<target>. Any crash, broken invariant, timeout (> 10 s), out-of-memory
# (> 4 GB) or leak fails the run: its input is copied to Tests/StyledTextTests/Fixtures/Regressions/ as
# <target>-<kind>-<hash>, which `swift test` then replays (RegressionReplayTests). Logs: Fuzz/.work/logs/.
set -euo pipefail

seconds="${1:?usage: Fuzz/run.sh SECONDS [TARGET...]}"
shift
all_targets=(FuzzTemplate FuzzEntities FuzzCSS FuzzPipeline)
targets=("${@:-${all_targets[@]}}")

root="$(cd "$(dirname "$0")/.." && pwd)"
fuzz="$root/Fuzz"
work="$fuzz/.work"
regressions="$root/Tests/StyledTextTests/Fixtures/Regressions"
export SWIFT_BACKTRACE=enable=no

# SwiftPM 6.3 rejects `--sanitize=fuzzer,address` and turns `--sanitize=fuzzer --sanitize=address` into two
# `-sanitize=` flags, of which swiftc keeps only the last: no coverage instrumentation, and libFuzzer warns "no
# interesting inputs were found". So: `--sanitize=fuzzer`, for SwiftPM to link libFuzzer's `main`, then one
# `-sanitize=fuzzer,address` after it, which swiftc keeps.
build=(swift build --package-path "$fuzz" -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address)
mkdir -p "$work"
# SwiftPM keeps the build plan of a path dependency (the library, "..") until this package's manifest changes, so
# files added to or removed from the library would be missed: drop the plan (not the objects) before each build.
rm -f "$fuzz/.build/release.yaml" "$fuzz"/.build/*/release/description.json
echo "== Fuzz: building ${#targets[@]} target(s), release, fuzzer + address sanitizer"
build_start=$SECONDS
if ! "${build[@]}" >"$work/build.log" 2>&1; then
    grep -v "Cannot export local symbol" "$work/build.log" | tail -40
    echo "error: the fuzz targets do not build" >&2
    exit 1
fi
bin="$("${build[@]}" --show-bin-path)"
for target in "${targets[@]}"; do
    [ -x "$bin/$target" ] || { echo "error: $target was not built" >&2; exit 1; }
done
echo "   built in $((SECONDS - build_start)) s"

failed=0
summary=()
for target in "${targets[@]}"; do
    corpus="$work/corpus/$target"
    artifacts="$work/artifacts/$target"
    log="$work/logs/$target.log"
    mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
    cp -n "$fuzz/Corpus/$target/"* "$corpus/" 2>/dev/null || true
    echo "== $target: ${seconds} s"
    status=0
    "$bin/$target" "$corpus" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -max_len=4096 \
        -dict="$fuzz/dictionary.txt" -artifact_prefix="$artifacts/" -print_final_stats=1 \
        >"$log" 2>&1 || status=$?
    done_line="$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -1 || true)"
    runs="$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+).*/\1/p' "$log" | tail -1)"
    rate="$(sed -nE 's/^stat::average_exec_per_sec: *([0-9]+).*/\1/p' "$log" | tail -1)"
    cov="$(sed -nE 's/.* cov: ([0-9]+).*/\1/p' <<<"$done_line")"
    ft="$(sed -nE 's/.* ft: ([0-9]+).*/\1/p' <<<"$done_line")"
    corp="$(sed -nE 's/.* corp: ([0-9]+\/[0-9A-Za-z]+).*/\1/p' <<<"$done_line")"
    result="ok"
    if grep -q "no interesting inputs were found" "$log"; then
        result="FAILED (not instrumented for coverage)"
        failed=1
    fi
    if [ "$status" -ne 0 ]; then
        result="FAILED (exit $status)"
        failed=1
        tail -40 "$log"
    fi
    for artifact in "$artifacts"/*; do
        [ -f "$artifact" ] || continue
        name="$(basename "$artifact")"
        cp "$artifact" "$regressions/$target-$name"
        echo "   input kept as Tests/StyledTextTests/Fixtures/Regressions/$target-$name"
        rm "$artifact"
        result="FAILED ($name)"
        failed=1
    done
    line="$(printf '%-13s %10s execs %7s/s  cov %5s  ft %6s  corpus %-12s %s' \
        "$target" "${runs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "${corp:-?}" "$result")"
    echo "   $line"
    summary+=("$line")
done

echo "== Fuzz summary (${seconds} s per target)"
printf '   %s\n' "${summary[@]}"
exit "$failed"
