#!/usr/bin/env bash
# The engine's base-game speed beside a reference playout program, measured
# side by side: the two alternate, ROUNDS rounds each, and the medians and
# their ratio are printed (one machine, one run: the only fair comparison on
# a shared, noisy machine).
#
# Usage: tools/speed_vs_reference.sh REFERENCE.rs [ROUNDS] [GAMES]
#   REFERENCE.rs  a single-file Rust program that prints `games_per_s=N`
#                 after playing for the number of seconds given as its
#                 argument (the project's reference is
#                 ../shared/bench/floor_proto.rs, built as its own
#                 run_floor.sh builds it: rustc -C opt-level=3
#                 -C target-cpu=native)
#   ROUNDS        default 9
#   GAMES         games per engine round, default 80000 (about as long as
#                 the reference's 2-second round)
set -euo pipefail
ref=${1:?usage: tools/speed_vs_reference.sh REFERENCE.rs [ROUNDS] [GAMES]}
rounds=${2:-9}
games=${3:-80000}
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

rustc -C opt-level=3 -C target-cpu=native -o "$out/reference" "$ref"
cargo build --release --quiet
engine=${CARGO_TARGET_DIR:-target}/release/carcassonne

median() { sort -n | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

echo "round reference_games_per_s engine_games_per_s"
for i in $(seq "$rounds"); do
    r=$("$out/reference" 2 | sed -n 's/.*games_per_s=//p')
    e=$("$engine" bench --ruleset base --games "$games" --seed 1 | sed -n 's/^games_per_s=//p')
    echo "$i $r $e" | tee -a "$out/rounds"
done
r=$(awk '{print $2}' "$out/rounds" | median)
e=$(awk '{print $3}' "$out/rounds" | median)
p=$(awk '{print $3 / $2}' "$out/rounds" | median)
echo "medians: reference $r, engine $e games/s"
awk -v r="$r" -v e="$e" -v p="$p" 'BEGIN {printf "engine / reference: %.3f (median of the per-round ratios: %.3f)\n", e / r, p}'
