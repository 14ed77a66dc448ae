"""The fixed action space and the observation arrays."""

import random

import numpy as np
import pytest

import carcassonne as cc


def test_every_compiled_in_tile_fits_the_deploy_block():
    for rid in cc.rulesets():
        g = cc.Game(rid, players=cc.Ruleset(rid).min_players)
        g.legal_action_ids()  # raises if a tile has too many segments


@pytest.mark.parametrize(
    "rid",
    [
        "base",
        "base_abbey_mayor",
        "base_traders_builders",
        "base_princess_dragon",
        "base_tower",
        "everything_c1",
        "base_count_king_robber",
        "base_bridges_castles_bazaars",
        "base_catapult",
        "base_flier",
        "base_ferries",
        "base_gold_mines",
        "base_crop_circles",
        "base_robbers",
        "base_messages",
        "base_mage_witch",
    ],
)
def test_ids_name_the_legal_actions_one_to_one(rid):
    g = cc.Game(rid, players=3, seed=12)
    rng = random.Random(12)
    # Blocks of slots: the k-th legal answer of their verb, up to their size.
    slots = {b["name"]: b["size"] for b in g.action_blocks if b["within"].startswith("the k-th")}
    assert set(slots) == {
        "fairy",
        "fairy-by-tile-figure",
        "portal",
        "princess",
        "move-wagon",
        "tower-piece",
        "tower-top",
        "tower-top-big",
        "capture",
        "capture-top",
        "exchange",
        "ransom",
        "ransom-after-scoring",
        "from-city",
        "castle-pick",
        "catapult-closest",
        "seduce-from-board",
        "flier-lands",
        "message-feature",
        "message-follower",
        "gold-bar",
        "crop-add",
        "crop-remove",
        "mage",
        "witch",
        "plague",
    }
    while not g.is_over:
        legal = g.legal_actions()
        ids = g.legal_action_ids()
        assert len(set(ids)) == len(ids), g.pending
        rank = {}
        encoded = []
        for a in legal:
            i = g.encode(a)
            if a["do"] in slots:
                k = rank[a["do"]] = rank.get(a["do"], -1) + 1
                if k >= slots[a["do"]]:
                    assert i is None, a  # past the block's slots
                    continue
            assert i is not None and g.decode(i) == a, a
            encoded.append(i)
        assert encoded == ids
        mask = g.action_mask()
        assert mask.dtype == np.int8 and mask.shape == (g.action_space_size,)
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(ids)
        g.apply_id(rng.choice(ids))


def test_the_space_size_and_a_placement_id():
    g = cc.Game("base", radius=3)
    side = 7
    blocks = g.action_blocks
    # Consecutive blocks from 0: the skeleton's, then a block per module
    # verb (the same in every ruleset).
    assert [b["name"] for b in blocks[:4]] == ["place", "deploy", "draw", "pass"]
    assert {"abbey", "barn", "second-tile", "move-wagon", "dragon", "fairy", "portal", "princess"} <= {
        b["name"] for b in blocks
    }
    assert blocks[0]["start"] == 0
    for a, b in zip(blocks, blocks[1:]):
        assert b["start"] == a["start"] + a["size"]
    assert g.action_space_size == blocks[-1]["start"] + blocks[-1]["size"]
    # A deploy id per segment and figure kind (nine kinds: the shepherd last).
    assert blocks[0]["size"] == side * side * 4 and blocks[1]["size"] == cc.MAX_SEGMENTS * 10
    assert [b["name"] for b in cc.Game("base_princess_dragon", radius=3).action_blocks] == [b["name"] for b in blocks]
    # (x, y, rotation) = (1, 0, 2): cell (0 + 3) * 7 + (1 + 3) = 25.
    assert g.decode(25 * 4 + 2) == {"do": "place", "tile": g.current_tile, "x": 1, "y": 0, "rotation": 2}


def _size(ids, side):
    """A block's size as the book writes it (`side² × 4`, `16 × 8`, `32`)."""
    total = 1
    for factor in ids.split("×"):
        factor = factor.strip()
        total *= side * side if factor == "side²" else int(factor)
    return total


def test_the_book_lists_the_blocks_as_generated(repo):
    text = (repo / "docs" / "reference" / "python.md").read_text()
    section = text[text.index("## Observation and action encoding") :]
    section = section[: section.index("\n## ", 1)]
    rows = [line for line in section.splitlines() if line.startswith("| ") and not line.startswith("| block")]
    table = [[c.strip() for c in row.strip("|").split("|")] for row in rows]
    g = cc.Game("base", radius=4)
    assert table == [[b["name"], b["ids"], b["within"]] for b in g.action_blocks]
    for b in g.action_blocks:
        assert _size(b["ids"], 9) == b["size"], b
    # The size formula the book gives, for radius 20.
    g = cc.Game("base", radius=20)
    assert f"{g.action_space_size:,}" in section
    fixed = g.action_space_size - 5 * 41 * 41
    assert f"side² × 5 + {fixed}" in section


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
    score_at = 1 + len(cc.DECISIONS) + 8
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


def test_the_decision_one_hot_follows_the_pending_decision():
    keys = list(cc.DECISIONS)
    assert keys[:3] == ["place", "wood", "source"]
    assert {"second-tile", "move-wagon", "dragon"} <= set(keys)
    g = cc.Game("base_princess_dragon", players=3, seed=4)
    rng = random.Random(4)
    seen = set()
    while not g.is_over:
        f = g.observation(0)["features"]
        one_hot = list(f[1 : 1 + len(keys)])
        assert one_hot == [int(k == g.pending["decision"]) for k in keys]
        seen.add(g.pending["decision"])
        g.apply(rng.randrange(g.legal_count()))
    assert not g.observation(0)["features"][1 : 1 + len(keys)].any()
    assert "dragon" in seen


def test_neutral_figures_have_planes_of_their_own():
    assert cc.Game("base").plane_names == list(cc.PLANE_NAMES) + ["figures_0", "figures_1"]
    g = cc.Game("base_princess_dragon", players=2, seed=3, radius=12)
    names = g.plane_names
    assert names[-2:] == ["dragon", "fairy"]
    assert g.observation_shapes[0][0] == len(names)
    rng = random.Random(3)
    seen = set()
    while not g.is_over:
        board = g.observation(1)["board"]
        shown = {n["name"]: (n["x"], n["y"]) for n in g.shown()["neutral"]}
        for name in ("dragon", "fairy"):
            plane = board[names.index(name)]
            if name in shown:
                x, y = shown[name]
                assert plane.sum() == 1 and plane[y + 12, x + 12] == 1
                seen.add(name)
            else:
                assert plane.sum() == 0
        legal = g.legal_actions()
        # The fairy when it is offered, so that it comes onto the board.
        fairy = [a for a in legal if a["do"] == "fairy"]
        g.apply(fairy[0] if fairy and rng.random() < 0.5 else rng.choice(legal))
    assert seen == {"dragon", "fairy"}
