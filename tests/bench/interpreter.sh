#!/usr/bin/env bash
# Interpreter benchmark set: runs each program of tests/java/bench (n-body, spectral norm,
# fannkuch-redux, binary trees, Mandelbrot, k-nucleotide, pi digits, dispatch, primes) at its
# default size under `java -Xint`, `rpf run` and `java` (JIT, for context), takes the best wall
# time of REPS runs each, checks that rpf printed exactly what java printed, and prints a
# markdown table with rpf's speed relative to the JVM's own interpreter (Xint ms / rpf ms)
# and the geometric mean of those speeds.
#
# usage: tests/bench/interpreter.sh [Program ...]      (all programs by default; REPS=3)
#        RPF_BIN=path/to/rpf tests/bench/interpreter.sh   (use that binary, do not build)
set -euo pipefail
cd "$(dirname "$0")/../.."
reps="${REPS:-3}"
all=(NBody SpectralNorm Fannkuch BinaryTrees Mandelbrot KNucleotide PiDigits Dispatch Primes)
if [ "$#" -gt 0 ]; then programs=("$@"); else programs=("${all[@]}"); fi
for p in "${programs[@]}"; do
  [ -f "tests/java/bench/$p.java" ] || { echo "unknown program: $p (have: ${all[*]})" >&2; exit 1; }
done

if [ -z "${RPF_BIN:-}" ]; then
  cargo build --release -q -p rpf
  rpf=./target/release/rpf
else
  rpf="$RPF_BIN"
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/classes"
sources=()
for p in "${programs[@]}"; do sources+=("tests/java/bench/$p.java"); done
javac -d "$work/classes" "${sources[@]}"

# best OUTFILE CMD...: runs CMD REPS times with stdout to OUTFILE, prints the best time in ms.
best() {
  local out="$1" best="" start end ms
  shift
  for _ in $(seq "$reps"); do
    start=$(date +%s%N)
    "$@" > "$out" || { echo "failed: $*" >&2; exit 1; }
    end=$(date +%s%N)
    ms=$(( (end - start) / 1000000 ))
    if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
  done
  echo "$best"
}

echo "| program | java (JIT) ms | java -Xint ms | rpf run ms | rpf speed |"
echo "|---|---:|---:|---:|---:|"
speeds=()
for p in "${programs[@]}"; do
  xint_ms=$(best "$work/$p.xint" java -Xint -cp "$work/classes" "$p")
  rpf_ms=$(best "$work/$p.rpf" "$rpf" run -cp "$work/classes" "$p")
  jit_ms=$(best "$work/$p.jit" java -cp "$work/classes" "$p")
  if ! cmp -s "$work/$p.xint" "$work/$p.rpf"; then
    echo "$p: rpf output differs from java -Xint:" >&2
    diff "$work/$p.xint" "$work/$p.rpf" | head -20 >&2 || true
    exit 1
  fi
  if ! cmp -s "$work/$p.xint" "$work/$p.jit"; then
    echo "$p: java output differs between -Xint and JIT" >&2
    exit 1
  fi
  speed=$(awk -v x="$xint_ms" -v r="$rpf_ms" 'BEGIN { printf "%.4f", x / (r > 0 ? r : 1) }')
  speeds+=("$speed")
  printf '| %s | %d | %d | %d | %.2fx |\n' "$p" "$jit_ms" "$xint_ms" "$rpf_ms" "$speed"
done
printf '%s\n' "${speeds[@]}" |
  awk '{ s += log($1); n++ } END { printf "| geometric mean | | | | %.2fx |\n", exp(s / n) }'
