#!/usr/bin/env bash
# Prints, for every program of the model-checking corpus (tests/java/check), the verdict and the
# state and transition counts of an exhaustive search in four modes (POR on/off, sleep sets
# on/off), one line per program and mode. Two builds that must explore identically print the
# same table: RPF_BIN=old/rpf tests/bench/corpus_counts.sh > old.txt; ... ; diff old.txt new.txt
#
# usage: tests/bench/corpus_counts.sh [filter]
set -euo pipefail
cd "$(dirname "$0")/../.."
rpf="${RPF_BIN:-./target/release/rpf}"
[ -n "${RPF_BIN:-}" ] || cargo build --release -q -p rpf
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
javac -d "$work/classes" -sourcepath host/models/api tests/java/check/*.java
field() { sed -n "s/.*\"$1\": \"\{0,1\}\([^,\"]*\)\"\{0,1\},\{0,1\}$/\1/p" "$2" | head -1; }
for src in tests/java/check/*.java; do
  name=$(basename "$src" .java)
  [[ -z "${1:-}" || "$name" == *"$1"* ]] || continue
  config=$(sed -n 's|^// rpf-config:||p' "$src")
  for mode in "+vm.por=true" "+vm.por=true +search.sleep_sets=false" "+vm.por=false" "+vm.por=false +search.sleep_sets=false"; do
    # shellcheck disable=SC2086
    "$rpf" -cp "$work/classes" "$name" +vm.output=false +report.progress=0 \
      +report.json.file="$work/r.json" $mode $config >/dev/null 2>&1 || true
    printf '%-28s %-42s %-13s %8s states %9s transitions\n' "$name" "$mode" \
      "$(field result "$work/r.json")" "$(field states_new "$work/r.json")" "$(field transitions "$work/r.json")"
    rm -f "$work/r.json"
  done
done
