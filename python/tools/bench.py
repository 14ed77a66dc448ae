"""Random games per second driven from Python, beside the native figure.

    python python/tools/bench.py [--games N] [--ruleset R] [--native PATH/TO/carcassonne]

plays N 2-player games from a Python loop: each decision `legal_actions()`,
a uniform `random.choice`, `apply()` (the dict round trip a Python bot
makes); then the same with action indices (`legal_count()` and
`apply(index)`, no dicts). With --native, runs `carcassonne bench --ruleset
R --games M` in the same run and prints the ratios. The machine is shared
and noisy: only ratios from one run mean much.
"""

import argparse
import random
import re
import subprocess
import time

import carcassonne as cc


def dicts(ruleset, games):
    rng = random.Random(1)
    t = time.perf_counter()
    for seed in range(games):
        g = cc.Game(ruleset, players=2, seed=seed)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
    return games / (time.perf_counter() - t)


def indices(ruleset, games):
    rng = random.Random(1)
    t = time.perf_counter()
    for seed in range(games):
        g = cc.Game(ruleset, players=2, seed=seed)
        while not g.is_over:
            g.apply(rng.randrange(g.legal_count()))
    return games / (time.perf_counter() - t)


def native(binary, ruleset, games):
    out = subprocess.run(
        [binary, "bench", "--ruleset", ruleset, "--games", str(games)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return float(re.search(r"games_per_s=([0-9.]+)", out).group(1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--ruleset", default="base")
    ap.add_argument("--native", help="path to the carcassonne binary (release build)")
    ap.add_argument("--native-games", type=int, default=20000)
    args = ap.parse_args()
    d = dicts(args.ruleset, args.games)
    i = indices(args.ruleset, args.games)
    print(f"python, dicts:   {d:10.1f} games/s ({args.games} games, {args.ruleset})")
    print(f"python, indices: {i:10.1f} games/s")
    if args.native:
        n = native(args.native, args.ruleset, args.native_games)
        print(f"native bench:    {n:10.1f} games/s ({args.native_games} games)")
        print(f"ratio native/python: dicts {n / d:.0f}x, indices {n / i:.0f}x")


if __name__ == "__main__":
    main()
