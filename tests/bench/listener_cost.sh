#!/usr/bin/env bash
# Plugin subscription-cost benchmark: model checks tests/java/bench/DiningPhilosophers (N,
# ordered forks) with no plugin, with a loaded listener that subscribes only to search events
# (example.Counter with example.instructions=false: one call per state), and with one that
# subscribes to every event including instructions (rpf.EventCounter with
# events.instructions=true, which makes the VM step instruction by instruction).
#
# Times: the three configurations run interleaved for several rounds; the best search time of
# each is compared with the run without plugins, all measured in this run. Wall-clock times
# on a shared machine vary by several percent, so with --instructions the script also counts
# executed machine instructions with valgrind's callgrind (repeatable), at N=4.
#
# usage: tests/bench/listener_cost.sh [--instructions] [N] [rounds]      (default: 5 5)
set -euo pipefail
cd "$(dirname "$0")/../.."
instructions=false
if [ "${1:-}" = "--instructions" ]; then
  instructions=true
  shift
fi
n="${1:-5}"
rounds="${2:-5}"

cargo build --release -q --workspace
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
javac -d "$work" tests/java/bench/DiningPhilosophers.java

configs=(
  ""
  "+listener=example.Counter +example.instructions=false"
  "+listener=rpf.EventCounter +events.instructions=true"
)
labels=(
  "no plugin"
  "listener on search events only (example.Counter)"
  "listener on every event incl. instructions (EventCounter)"
)

run_rpf() { # size config...
  local size="$1"
  shift
  # shellcheck disable=SC2068
  ./target/release/rpf -cp "$work" DiningPhilosophers "$size" ordered +vm.output=false \
    +report.progress=0 +report.json.file="$work/r.json" $@ >/dev/null
}

# Prints a table: its title, the unit of the values, then one row per configuration with
# its value and its ratio to the first configuration's.
table() {
  local title="$1" unit="$2"
  shift 2
  local values=("$@")
  printf '%-58s %14s %8s\n' "$title" "$unit" "ratio"
  for i in "${!values[@]}"; do
    awk -v l="${labels[$i]}" -v v="${values[$i]}" -v b="${values[0]}" \
      'BEGIN { printf "%-58s %14.0f %8.3f\n", l, v, v / b }'
  done
}

best=(0 0 0)
for _ in $(seq "$rounds"); do
  for i in 0 1 2; do
    run_rpf "$n" ${configs[$i]}
    ms=$(sed -n 's/.*"elapsed_ms": \([0-9]*\).*/\1/p' "$work/r.json" | head -1)
    if [ "${best[$i]}" -eq 0 ] || [ "$ms" -lt "${best[$i]}" ]; then best[$i]=$ms; fi
  done
done
table "DiningPhilosophers $n ordered, best of $rounds" "search ms" "${best[@]}"

if $instructions; then
  counts=()
  for i in 0 1 2; do
    valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" ./target/release/rpf \
      -cp "$work" DiningPhilosophers 4 ordered +vm.output=false +report.progress=0 \
      ${configs[$i]} >/dev/null 2>"$work/vg.txt"
    counts[$i]=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/vg.txt")
  done
  echo
  table "DiningPhilosophers 4 ordered, callgrind" "instructions" "${counts[@]}"
fi
