#!/usr/bin/env bash
# Model-checking benchmark of deep, library-heavy programs: how many states per second the
# checker explores when every transition runs much JDK code. Programs:
#   BankSimulation     tests/java/run/BankSimulation.java: a 9,000-deep search (sequential
#                      banking with exceptions, then 3 threads x 200 synchronized transfers
#                      with string-built histories); never complete, cut at 10,000 states
#   CheckBank 3 3      tests/java/bench/CheckBank.java: heavy string building (formatted
#                      histories and audit lines) in synchronized transfers; complete
#   CheckConcurrentMap 3 2   a ConcurrentHashMap counted into by 3 threads; complete
#   CheckExecutor 3 3  an ExecutorService (fixed pool of 3) running String.format tasks;
#                      complete
# and three deep runs of the same programs, searched depth-first until a state limit (as
# BankSimulation is): CheckBank 3 40 (depth 1,450, 10,000 states), CheckConcurrentMap 3 200
# (depth 7,200, 40,000 states) and CheckExecutor 3 400 (depth 1,230, 10,000 states).
# Each row gives states, transitions, seconds and states/s of RPF_BIN (default: a fresh
# release build). With RPF_BASE set to another rpf binary (say, a build of an earlier
# commit) it runs that too, in the same run, and adds its seconds, the speed-up, and a check
# that both found exactly the same states and transitions. Wall-clock times vary by about
# 5% between runs here.
#
# usage: RPF_BASE=/path/to/old/rpf tests/bench/checker.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
rpf="${RPF_BIN:-./target/release/rpf}"
[ -n "${RPF_BIN:-}" ] || cargo build --release -q -p rpf
base="${RPF_BASE:-}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
javac -d "$work" tests/java/run/BankSimulation.java tests/java/bench/CheckBank.java \
  tests/java/bench/CheckConcurrentMap.java tests/java/bench/CheckExecutor.java

field() { sed -n "s/.*\"$1\": \([0-9.]*\).*/\1/p" "$2" | head -1; }

# Runs binary $1 on the program and arguments that follow; leaves the report in $work/r.json.
check() {
  local bin=$1 status=0
  shift
  "$bin" -cp "$work" "$@" +vm.output=false +report.progress=0 \
    +report.json.file="$work/r.json" >"$work/out.txt" 2>&1 || status=$?
  if [ "$status" -ne 0 ] && [ "$status" -ne 3 ]; then
    echo "$*: rpf exited with $status" >&2
    tail -5 "$work/out.txt" >&2
    exit 1
  fi
}

printf '%-32s %9s %11s %8s %9s' program states transitions seconds states/s
[ -z "$base" ] || printf ' %10s %8s %6s' "base s" speed-up same
echo
run() {
  local label=$1
  shift
  check "$rpf" "$@"
  local s t ms
  s=$(field states_new "$work/r.json") t=$(field transitions "$work/r.json")
  ms=$(field elapsed_ms "$work/r.json")
  awk -v l="$label" -v s="$s" -v t="$t" -v ms="$ms" \
    'BEGIN { printf "%-32s %9d %11d %8.2f %9.0f", l, s, t, ms / 1000, s * 1000 / (ms + 0.001) }'
  if [ -n "$base" ]; then
    check "$base" "$@"
    local bs bt bms same=yes
    bs=$(field states_new "$work/r.json") bt=$(field transitions "$work/r.json")
    bms=$(field elapsed_ms "$work/r.json")
    [ "$bs" = "$s" ] && [ "$bt" = "$t" ] || same="NO ($bs states, $bt transitions)"
    awk -v b="$bms" -v ms="$ms" -v same="$same" \
      'BEGIN { printf " %10.2f %7.2fx %6s", b / 1000, b / (ms + 0.001), same }'
  fi
  echo
}
run BankSimulation BankSimulation +search.max_states=10000
run "CheckBank 3 3" CheckBank 3 3
run "CheckConcurrentMap 3 2" CheckConcurrentMap 3 2
run "CheckExecutor 3 3" CheckExecutor 3 3
run "CheckBank 3 40 (deep)" CheckBank 3 40 +search.max_states=10000
run "CheckConcurrentMap 3 200 (deep)" CheckConcurrentMap 3 200 +search.max_states=40000
run "CheckExecutor 3 400 (deep)" CheckExecutor 3 400 +search.max_states=10000
