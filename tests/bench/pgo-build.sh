#!/usr/bin/env bash
# Builds a profile-guided optimized rpf at target/pgo/release/rpf.
#
# The interpreter and the fingerprint are large, branchy functions whose speed depends on
# code layout, which profile-guided optimization (PGO) arranges by measured use. The profile
# is trained on the model-checking test corpus (tests/java/check, every program with its
# own settings), not on the benchmark, so benchmark figures of the PGO build are not tuned
# to the benchmark itself.
#
# Needs rustup's llvm-tools component for llvm-profdata (installed if missing).
#
# usage: tests/bench/pgo-build.sh        prints the path of the optimized binary
set -euo pipefail
cd "$(dirname "$0")/../.."

rustup component add llvm-tools >/dev/null 2>&1 || true
profdata="$(ls "$(rustc --print sysroot)"/lib/rustlib/*/bin/llvm-profdata 2>/dev/null | head -1)"
if [ -z "$profdata" ]; then
  echo "llvm-profdata not found: install it with 'rustup component add llvm-tools'" >&2
  exit 2
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
profiles="$work/profiles"

echo "building the instrumented rpf..." >&2
RUSTFLAGS="-Cprofile-generate=$profiles" cargo build --release -q -p rpf --target-dir target/pgo-gen

echo "training on the model-checking corpus..." >&2
javac -d "$work/classes" -sourcepath host/models/api tests/java/check/*.java
for source in tests/java/check/*.java; do
  name="$(basename "$source" .java)"
  # The program's own settings (its `rpf-config` header line), as the corpus test runs it.
  settings=()
  read -r -a settings < <(sed -n 's|^// rpf-config: ||p' "$source" | head -1) || true
  for por in true false; do
    target/pgo-gen/release/rpf -cp "$work/classes" "$name" +vm.output=false \
      +report.progress=0 +vm.por="$por" "${settings[@]}" >/dev/null 2>&1 || true
  done
done

echo "building the optimized rpf..." >&2
"$profdata" merge -o "$work/rpf.profdata" "$profiles"
RUSTFLAGS="-Cprofile-use=$work/rpf.profdata" \
  cargo build --release -q -p rpf --target-dir target/pgo
echo target/pgo/release/rpf
