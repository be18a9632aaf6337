#!/usr/bin/env bash
# Plugin subscription-cost benchmark: model checks tests/java/bench/DiningPhilosophers (N,
# ordered forks) with no plugin, with a loaded listener that subscribes only to search events
# (example.Counter with example.instructions=false: one call per state), and with one that
# subscribes to every event including instructions (rpf.EventCounter with
# events.instructions=true, which makes the VM step instruction by instruction). Prints the
# best of 3 elapsed times for each and the ratio to the run without plugins, all measured in
# this run. Release build.
#
# usage: tests/bench/listener_cost.sh [N]       (default: 5)
set -euo pipefail
cd "$(dirname "$0")/../.."
n="${1:-5}"

cargo build --release -q --workspace
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
javac -d "$work" tests/java/bench/DiningPhilosophers.java

best_ms() {
  local best=""
  for _ in 1 2 3; do
    ./target/release/rpf -cp "$work" DiningPhilosophers "$n" ordered +vm.output=false \
      +report.progress=0 +report.json.file="$work/r.json" "$@" >/dev/null
    local ms
    ms=$(sed -n 's/.*"elapsed_ms": \([0-9]*\).*/\1/p' "$work/r.json" | head -1)
    if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best="$ms"; fi
  done
  echo "$best"
}

base=$(best_ms)
search=$(best_ms +listener=example.Counter +example.instructions=false)
everything=$(best_ms +listener=rpf.EventCounter +events.instructions=true)
printf '%-58s %10s %8s\n' "DiningPhilosophers $n ordered" "best ms" "ratio"
printf '%-58s %10d %8s\n' "no plugin" "$base" "1.000"
awk -v b="$base" -v s="$search" -v e="$everything" 'BEGIN {
  printf "%-58s %10d %8.3f\n", "listener on search events only (example.Counter)", s, s / b
  printf "%-58s %10d %8.3f\n", "listener on every event incl. instructions (EventCounter)", e, e / b
}'
