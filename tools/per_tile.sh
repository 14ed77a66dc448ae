#!/usr/bin/env bash
# The cost of a tile placed in a ruleset relative to the base game, in one
# build, measured side by side: `bench` alternates between base and the
# ruleset for ROUNDS rounds, and the medians of µs per tile and their ratio
# are printed (one machine, one run: the only fair comparison on a shared,
# noisy machine).
#
# Usage: tools/per_tile.sh RULESET [ROUNDS] [GAMES]
#   RULESET  a compiled-in ruleset id or a ruleset .toml path
#            (e.g. everything_c1, tools/bench/everything_c1_tiles.toml)
#   ROUNDS   default 9
#   GAMES    games of RULESET per round, default 3000 (base plays as many
#            tiles' worth: four times as many games)
set -euo pipefail
ruleset=${1:?usage: tools/per_tile.sh RULESET [ROUNDS] [GAMES]}
rounds=${2:-9}
games=${3:-3000}
cd "$(dirname "$0")/.."
cargo build --release --quiet
engine=${CARGO_TARGET_DIR:-target}/release/carcassonne

median() { sort -n | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
per_tile() { "$engine" bench --ruleset "$1" --games "$2" --seed 1 | sed -n 's/^us_per_tile=//p'; }

rows=$(for _ in $(seq "$rounds"); do
    b=$(per_tile base $((games * 4)))
    r=$(per_tile "$ruleset" "$games")
    echo "$b $r $(awk -v b="$b" -v r="$r" 'BEGIN {printf "%.3f", r / b}')"
done)
echo "$rows" | awk '{printf "round %d: base %s us, %s us, ratio %s\n", NR, $1, $2, $3}'
b=$(echo "$rows" | awk '{print $1}' | median)
r=$(echo "$rows" | awk '{print $2}' | median)
p=$(echo "$rows" | awk '{print $3}' | median)
echo "median us per tile: base $b, $ruleset $r; ratio of medians $(awk -v b="$b" -v r="$r" 'BEGIN {printf "%.3f", r / b}'), median ratio $p"
