"""A fast, exact Carcassonne engine for every expansion mix.

`Game` plays one game (legal actions, apply, undo, clone, scores, records,
numpy observations with an action mask); `VectorEnv` steps many games
in one call, with numpy arrays; `Bot` seats the engine's bots;
`env()` is a PettingZoo AEC environment (needs `pettingzoo`). See the
book's page on the package, docs/reference/python.md.
"""

from ._engine import (
    BOARD_SLOTS,
    DECISIONS,
    MAX_SEGMENTS,
    PLANE_NAMES,
    SLOTS,
    WAGON_SLOTS,
    Bot,
    Game,
    IllegalAction,
    Ruleset,
    VectorEnv,
    bot_names,
    rulesets,
)

__all__ = [
    "BOARD_SLOTS",
    "Bot",
    "DECISIONS",
    "Game",
    "IllegalAction",
    "MAX_SEGMENTS",
    "PLANE_NAMES",
    "Ruleset",
    "SLOTS",
    "VectorEnv",
    "WAGON_SLOTS",
    "bot_names",
    "bot_seed",
    "env",
    "play",
    "playable_rulesets",
    "rulesets",
]


def env(**kwargs):
    """The PettingZoo AEC environment: `env(ruleset="base", players=2)`.

    Keyword arguments are `carcassonne.aec.CarcassonneEnv`'s (ruleset,
    players, radius, reward, render_mode); the environment comes wrapped in
    PettingZoo's order-enforcing wrapper. Imported lazily so that the
    engine works without pettingzoo installed.
    """
    from . import aec

    return aec.env(**kwargs)


def playable_rulesets():
    """The compiled-in rulesets with the players each can seat: `[(id, min, max)]`."""
    out = []
    for rid in rulesets():
        r = Ruleset(rid)
        out.append((rid, r.min_players, r.max_players))
    return out


def play(ruleset="base", bots=("random", "random"), seed=0):
    """Play one game with the engine's bots, one per seat, seeded as
    `carcassonne play --seed SEED --bots ...` seeds them (cli/src/play.rs
    `seats`), so it is the game that command plays. Returns the finished
    `Game`; `game.record()` is its record."""
    game = Game(ruleset, players=len(bots), seed=seed)
    seats = [Bot(name, bot_seed(seed, i)) for i, name in enumerate(bots)]
    while not game.is_over:
        p = game.pending["player"]
        game.apply(seats[p].choose(game))
    return game


def bot_seed(seed, seat):
    """The seed of seat `seat`'s bot in game `seed`, as the command line's
    `play` and `simulate` derive it."""
    return (seed * 0x9E3779B97F4A7C15 + seat + 1) % (1 << 64)
