#!/usr/bin/env bash
# Model-checking benchmark: explores tests/java/bench/DiningPhilosophers (ordered forks, no
# deadlock; forks are monitors with wait/notifyAll) exhaustively for each N and prints a table
# of states, states/s, bytes per stored state and peak memory, with one search worker (the
# default) and with one worker per core (`search.workers=auto`). As a same-run reference it
# also times `java -Xint` executing one schedule of the same program (JVM start-up included).
#
# Wall-clock times on a shared machine vary between runs of the same binary; with
# --instructions the script also counts the machine instructions the search executes at N=4
# (valgrind's callgrind, collecting only inside the search loop), which are repeatable.
#
# RPF_BIN selects the rpf binary to measure (default: a fresh release build), e.g. the
# profile-guided build: RPF_BIN=$(tests/bench/pgo-build.sh) tests/bench/philosophers.sh
#
# usage: tests/bench/philosophers.sh [--instructions] [N...]       (default: 3 4 5 6)
set -euo pipefail
cd "$(dirname "$0")/../.."
instructions=false
if [ "${1:-}" = "--instructions" ]; then
  instructions=true
  shift
fi
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(3 4 5 6)

rpf="${RPF_BIN:-./target/release/rpf}"
[ -n "${RPF_BIN:-}" ] || cargo build --release -q -p rpf
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
javac -d "$work" tests/java/bench/DiningPhilosophers.java

field() { sed -n "s/.*\"$1\": \([0-9.]*\).*/\1/p" "$2" | head -1; }

printf '%-3s %12s %14s %9s %10s %9s %10s %12s %9s %14s\n' \
  N states transitions "1w s" "1w st/s" "Nw s" "Nw st/s" "bytes/state" "peak MB" "java -Xint ms"
# Runs the search with `workers` and leaves its JSON report in $work/r$n-$workers.json.
check() {
  local n=$1 workers=$2 status=0
  "$rpf" -cp "$work" DiningPhilosophers "$n" ordered +vm.output=false \
    +report.progress=0 +search.workers="$workers" +report.json.file="$work/r$n-$workers.json" \
    >"$work/out$n.txt" || status=$?
  if [ "$status" -ne 0 ]; then
    echo "N=$n: rpf exited with $status (expected 0: the ordered variant has no deadlock)" >&2
    tail -5 "$work/out$n.txt" >&2
    exit 1
  fi
}
for n in "${sizes[@]}"; do
  start=$(date +%s%N)
  java -Xint -cp "$work" DiningPhilosophers "$n" ordered >/dev/null
  java_ms=$(( ($(date +%s%N) - start) / 1000000 ))
  check "$n" 1
  check "$n" auto
  one="$work/r$n-1.json" all="$work/r$n-auto.json"
  awk -v n="$n" -v s="$(field states_new "$one")" -v t="$(field transitions "$one")" \
      -v ms="$(field elapsed_ms "$one")" -v b="$(field bytes_per_state "$one")" \
      -v p="$(field peak_memory_bytes "$one")" -v s2="$(field states_new "$all")" \
      -v ms2="$(field elapsed_ms "$all")" -v j="$java_ms" 'BEGIN {
    if (s != s2) { printf "N=%s: %d states with one worker, %d with several\n", n, s, s2 > "/dev/stderr"; exit 1 }
    printf "%-3s %12d %14d %9.1f %10.0f %9.1f %10.0f %12d %9.0f %14d\n", n, s, t, ms / 1000, s / (ms / 1000 + 1e-9), ms2 / 1000, s / (ms2 / 1000 + 1e-9), b, p / 1048576, j
  }'
done

if $instructions; then
  valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" \
    --toggle-collect='*Engine*explore_below*' "$rpf" -cp "$work" \
    DiningPhilosophers 4 ordered +vm.output=false +report.progress=0 \
    +report.json.file="$work/cg.json" >/dev/null 2>"$work/vg.txt"
  collected=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/vg.txt")
  transitions=$(field transitions "$work/cg.json")
  echo
  echo "N=4 search loop: $collected machine instructions for $transitions transitions," \
    "$((collected / transitions)) per transition (callgrind)"
fi
