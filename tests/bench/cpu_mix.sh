#!/usr/bin/env bash
# Interpreter benchmark: runs tests/java/bench/CpuMix (loops, arrays, allocation, virtual and
# interface calls, strings, HashMap) under `java -Xint` and under `rpf run` in the same run and
# prints rpf's speed relative to the JVM's own interpreter (best of REPS runs each).
#
# usage: tests/bench/cpu_mix.sh [scale]      (REPS=3 by default)
set -euo pipefail
cd "$(dirname "$0")/../.."
scale="${1:-2}"
reps="${REPS:-3}"

cargo build --release -q -p rpf
classes="$(mktemp -d)"
trap 'rm -rf "$classes"' EXIT
javac -d "$classes" tests/java/bench/CpuMix.java

best() {
  local best="" out start end ms
  for _ in $(seq "$reps"); do
    start=$(date +%s%N)
    out=$("$@")
    end=$(date +%s%N)
    ms=$(( (end - start) / 1000000 ))
    if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
  done
  echo "$best $out"
}

read -r java_ms java_out < <(best java -Xint -cp "$classes" CpuMix "$scale")
read -r rpf_ms rpf_out < <(best ./target/release/rpf run -cp "$classes" CpuMix "$scale")
if [ "$java_out" != "$rpf_out" ]; then
  echo "output differs: java '$java_out' vs rpf '$rpf_out'" >&2
  exit 1
fi
echo "CpuMix scale $scale ($java_out)"
echo "java -Xint: ${java_ms} ms"
echo "rpf run:    ${rpf_ms} ms"
awk -v j="$java_ms" -v r="$rpf_ms" 'BEGIN { printf "rpf speed = %.2fx java -Xint (target >= 0.50x)\n", j / r }'
