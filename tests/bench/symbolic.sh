#!/usr/bin/env bash
# Symbolic-execution benchmark: model checks programs whose inputs are symbolic
# (tests/java/bench/Symbolic*.java, thousands of paths each) and prints, per program, the
# paths explored (end states plus errors), wall time, paths per second, the solver's queries
# and the share of the run spent in Z3 (from the JSON report of the same run).
#
# RPF_BIN selects the rpf binary (default: a fresh release build of rpf and its plugins).
#
# usage: tests/bench/symbolic.sh [Program...]   (default: SymbolicSigns SymbolicSort SymbolicArith)
set -euo pipefail
cd "$(dirname "$0")/../.."
programs=("$@")
[ ${#programs[@]} -gt 0 ] || programs=(SymbolicSigns SymbolicSort SymbolicArith)

rpf="${RPF_BIN:-./target/release/rpf}"
[ -n "${RPF_BIN:-}" ] || cargo build --release -q -p rpf -p rpf-plugin-symbolic
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
javac -d "$work" -sourcepath host/models/api tests/java/bench/Symbolic*.java

printf '%-14s %8s %9s %9s %9s %9s %8s  %s\n' program paths time_s paths/s queries z3_ms z3_share result
for p in "${programs[@]}"; do
  json="$work/$p.json"
  start=$(date +%s.%N)
  "$rpf" -cp "$work" "$p" +report.progress=0 "+report.json.file=$json" >/dev/null 2>&1 || true
  end=$(date +%s.%N)
  python3 - "$json" "$p" "$start" "$end" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
name, start, end = sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
stats = report["statistics"]
paths = stats["states_end"] + len(report["errors"])
wall = end - start
sym = report.get("plugins", {}).get("rpf.Symbolic", {})
z3_ms = sym.get("solver_ms", 0.0)
print(f"{name:<14} {paths:>8} {wall:>9.2f} {paths / wall:>9.0f} {sym.get('solver_queries', 0):>9} "
      f"{z3_ms:>9.0f} {z3_ms / 10 / wall:>7.0f}%  {report['result']}")
PY
done
