"""Random games per second driven from Python, beside the native figure.

    python python/tools/bench.py [--games N] [--ruleset R] [--native PATH/TO/carcassonne]
    python python/tools/bench.py --vector [--envs K] [--rounds R] --native PATH/TO/carcassonne

plays N 2-player games from a Python loop: each decision `legal_actions()`,
a uniform `random.choice`, `apply()` (the dict round trip a Python bot
makes); then the same with action indices (`legal_count()` and
`apply(index)`, no dicts). With --native, runs `carcassonne bench --ruleset
R --games M` in the same run and prints the ratios. The machine is shared
and noisy: only ratios from one run mean much.

With --vector, plays random games in a `VectorEnv` of K games instead
(observations off, actions drawn in numpy from the compact legal ids;
4000 games a timing unless --games says),
alternating R rounds with the native benchmark, and prints the medians and
the median of the rounds' ratios; then the cost per game-step with
observations on (and with the dense mask too) against off.
"""

import argparse
import os
import random
import re
import statistics
import subprocess
import time

# One core, as the native benchmark: numpy's BLAS threads would otherwise
# spin beside the loop (this module never multiplies matrices).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import numpy as np  # noqa: E402

import carcassonne as cc  # noqa: E402


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


def vector(ruleset, games, envs, observations=False, dense_mask=False):
    """Games per second and microseconds per game-step of random games in a
    `VectorEnv` of `envs` games, until `games` have finished."""
    env = cc.VectorEnv(
        ruleset, players=2, num_envs=envs, seed=0, observations=observations, dense_mask=dense_mask
    )
    rng = np.random.default_rng(1)
    obs = env.obs
    # The arrays are written in place: one view of the offsets serves all
    # steps, and the draws reuse their buffers.
    starts, counts = obs["legal_offsets"][:-1], obs["legal_counts"]
    u = np.empty(envs)
    pick = np.empty(envs, dtype=np.int64)
    done = steps = 0
    t = time.perf_counter()
    while done < games:
        rng.random(out=u)
        np.multiply(u, counts, out=u)  # below counts: a product by r < 1 never rounds up to it
        np.copyto(pick, u, casting="unsafe")
        pick += starts
        obs, _, terminated, _, _ = env.step(obs["legal_ids"].take(pick))
        done += int(np.count_nonzero(terminated))
        steps += 1
    dt = time.perf_counter() - t
    return done / dt, dt * 1e6 / (steps * envs)


def vector_rounds(args):
    natives, vectors, ratios = [], [], []
    for r in range(args.rounds):
        n = native(args.native, args.ruleset, args.native_games)
        v, us = vector(args.ruleset, args.games, args.envs)
        natives.append(n)
        vectors.append(v)
        ratios.append(v / n)
        print(f"round {r + 1}: native {n:9.0f} games/s, vector {v:9.0f} games/s ({us:.3f} us/step), ratio {v / n:.2f}")
    print(
        f"median: native {statistics.median(natives):.0f} games/s, vector {statistics.median(vectors):.0f} "
        f"games/s ({args.envs} games at once, observations off); median ratio vector/native "
        f"{statistics.median(ratios):.2f}"
    )
    costs = {"off": [], "on": [], "on+dense": []}
    for _ in range(args.rounds):
        costs["off"].append(vector(args.ruleset, args.obs_games, args.envs)[1])
        costs["on"].append(vector(args.ruleset, args.obs_games, args.envs, observations=True)[1])
        costs["on+dense"].append(
            vector(args.ruleset, args.obs_games, args.envs, observations=True, dense_mask=True)[1]
        )
    off = statistics.median(costs["off"])
    for k, v in costs.items():
        m = statistics.median(v)
        print(f"us per game-step, observations {k:9}: {m:.3f} ({m / off:.2f}x off)")


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
    ap.add_argument(
        "--games",
        type=int,
        help="games per timing: default 200, and 4000 with --vector (a batch of 256 games ends about at once: fewer would time its start)",
    )
    ap.add_argument("--ruleset", default="base")
    ap.add_argument("--native", help="path to the carcassonne binary (release build)")
    ap.add_argument("--native-games", type=int, default=20000)
    ap.add_argument("--vector", action="store_true", help="time a VectorEnv against the native benchmark")
    ap.add_argument("--envs", type=int, default=256, help="games at once in --vector")
    ap.add_argument("--rounds", type=int, default=5, help="alternating rounds in --vector")
    ap.add_argument("--obs-games", type=int, default=2000, help="games per observation-cost run in --vector")
    args = ap.parse_args()
    if args.games is None:
        args.games = 4000 if args.vector else 200
    if args.vector:
        if not args.native:
            ap.error("--vector compares with the native benchmark: give --native")
        vector_rounds(args)
        return
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
