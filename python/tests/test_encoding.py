"""The fixed action space and the observation arrays."""

import random

import numpy as np
import pytest

import carcassonne as cc


def test_every_compiled_in_tile_fits_the_deploy_block():
    for rid in cc.rulesets():
        g = cc.Game(rid, players=cc.Ruleset(rid).min_players)
        g.legal_action_ids()  # raises if a tile has too many segments


@pytest.mark.parametrize("rid", ["base", "base_abbey_mayor", "base_traders_builders", "everything_c1"])
def test_ids_name_the_legal_actions_one_to_one(rid):
    g = cc.Game(rid, players=3, seed=12)
    rng = random.Random(12)
    while not g.is_over:
        legal = g.legal_actions()
        ids = g.legal_action_ids()
        assert len(set(ids)) == len(ids) == len(legal), g.pending
        for a, i in zip(legal, ids):
            assert g.encode(a) == i and g.decode(i) == a
        mask = g.action_mask()
        assert mask.dtype == np.int8 and mask.shape == (g.action_space_size,)
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(ids)
        g.apply_id(rng.choice(ids))


def test_the_space_size_and_a_placement_id():
    g = cc.Game("base", radius=3)
    side = 7
    assert g.action_space_size == side * side * 5 + cc.MAX_SEGMENTS * 8 + 4 + 1 + 2 + 1 + 1 + cc.WAGON_SLOTS
    # (x, y, rotation) = (1, 0, 2): cell (0 + 3) * 7 + (1 + 3) = 25.
    assert g.decode(25 * 4 + 2) == {"do": "place", "tile": g.current_tile, "x": 1, "y": 0, "rotation": 2}


def test_placements_outside_the_window_have_no_id():
    g = cc.Game("base", players=2, seed=1, radius=1)
    rng = random.Random(1)
    outside = 0
    while not g.is_over:
        legal = g.legal_actions()
        ids = g.legal_action_ids()
        outside += len(legal) - len(ids)
        for a in legal:
            if a["do"] == "place" and max(abs(a["x"]), abs(a["y"])) > 1:
                assert g.encode(a) is None
        g.apply(rng.randrange(len(legal)))
    assert outside > 0


def test_observations_are_numpy_arrays_seen_from_the_player():
    g = cc.Game("base", players=3, seed=5, radius=10)
    for _ in range(12):
        g.apply(0)
    (planes, side, _), n_features = g.observation_shapes
    obs = [g.observation(p) for p in range(3)]
    for o in obs:
        assert o["board"].dtype == np.int16 and o["board"].shape == (planes, side, side)
        assert o["features"].dtype == np.int32 and o["features"].shape == (n_features,)
        assert o["action_mask"].dtype == np.int8
    board = obs[0]["board"]
    names = list(cc.PLANE_NAMES)
    occupied = board[names.index("occupied")]
    assert occupied.sum() == len(g.board())
    for t in g.board():
        y, x = t["y"] + 10, t["x"] + 10
        assert occupied[y, x] == 1
        assert cc.Ruleset("base").tile_ids[board[names.index("tile"), y, x] - 1] == t["tile"]
        assert board[names.index("rotation"), y, x] == t["rotation"]
    # Only the player asked gets a mask.
    asked = g.pending["player"]
    for p, o in enumerate(obs):
        assert (o["action_mask"].sum() > 0) == (p == asked)
    # Scores and figure planes rotate with the observer.
    f = obs[1]["features"]
    assert f[0] == (asked - 1) % 3  # who decides, counted from player 1
    score_at = 14
    assert list(f[score_at : score_at + 3]) == [g.scores[1], g.scores[2], g.scores[0]]
    figures0 = board[len(names)]
    figures_seen_by_1 = obs[1]["board"][len(names) + 2]  # player 0 is two seats on from 1
    assert (figures0 == figures_seen_by_1).all()
    # Face-down tiles by type add up to what is left.
    tiles = len(cc.Ruleset("base").tile_ids)
    assert f[-tiles:].sum() == g.remaining
    # Arrays are the caller's own: writing to one changes nothing else.
    board[:] = 0
    assert g.observation(0)["board"].any()


def test_the_default_window_grows_with_the_ruleset():
    # 20 cells each way up to 160 tiles, then one per 8 tiles: random games
    # reach 12 cells out in base and 26 in everything_c1 (311 tiles).
    assert cc.Game("base").radius == 20
    assert cc.Game("everything_c1").radius == 38
    assert cc.Game("everything_c1", radius=5).radius == 5
    with pytest.raises(ValueError, match="radius"):
        cc.Game("base", radius=0)
