"""Self-play in batches of seeded games: what a worker runs when games are
spread over many processes or machines (docs/reference/python.md, "Many workers with Ray").

Each game depends only on (ruleset, bots, seed), so a batch gives the same
results wherever and in whatever order it runs; `summarize` adds batches up
in seed order.
"""

from . import play


def play_batch(ruleset, bots, seeds):
    """Play one game per seed with the engine's bots (seat i's bot seeded
    as `carcassonne play` seeds it); return one result per game:
    `{"seed", "scores", "turns"}`."""
    out = []
    for seed in seeds:
        g = play(ruleset, bots=bots, seed=seed)
        out.append({"seed": seed, "scores": g.scores, "turns": g.turn})
    return out


def summarize(results):
    """Per seat: mean score and win rate (a tie for first shared), over
    results from any number of batches (taken in seed order)."""
    results = sorted(results, key=lambda r: r["seed"])
    seats = len(results[0]["scores"])
    means = [sum(r["scores"][s] for r in results) / len(results) for s in range(seats)]
    wins = [0.0] * seats
    for r in results:
        top = max(r["scores"])
        winners = [s for s, v in enumerate(r["scores"]) if v == top]
        for s in winners:
            wins[s] += 1 / len(winners)
    return {
        "games": len(results),
        "mean": means,
        "win_rate": [w / len(results) for w in wins],
    }
