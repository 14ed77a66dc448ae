"""The package's Game, Ruleset and Bot, driven as a Python user would."""

import copy
import json
import random

import pytest

import carcassonne as cc


def random_game(ruleset, players, seed):
    """Play a game to the end with random legal actions; return it and the
    number of actions played."""
    g = cc.Game(ruleset, players=players, seed=seed)
    rng = random.Random(seed)
    n = 0
    while not g.is_over:
        legal = g.legal_actions()
        assert legal, f"{ruleset}: no legal action while {g.pending}"
        g.apply(rng.choice(legal))
        n += 1
    return g, n


def test_rulesets_are_listed_with_their_player_counts():
    ids = cc.rulesets()
    assert "base" in ids and "everything_c1" in ids
    assert ids == sorted(ids)
    for rid, lo, hi in cc.playable_rulesets():
        assert 1 <= lo <= hi <= 8, rid


@pytest.mark.parametrize("rid", cc.rulesets())
def test_every_compiled_in_ruleset_plays_to_the_end(rid):
    r = cc.Ruleset(rid)
    players = max(r.min_players, min(3, r.max_players))
    g, n = random_game(rid, players, seed=5)
    assert g.is_over and g.pending is None and g.legal_actions() == []
    assert n > 10
    rec = g.record()
    assert rec["ruleset"] == rid and rec["seed"] == 5 and rec["players"] == players
    assert rec["final"]["scores"] == g.scores
    # Every point is in one event.
    events = [e for t in rec["turns"] for e in t.get("events", [])] + rec["final"]["events"]
    totals = [0] * players
    for e in events:
        totals[e["player"]] += e["points"]
    assert totals == g.scores


def test_actions_in_the_records_json_form():
    g = cc.Game("base", players=2, seed=3)
    assert g.pending == {"player": 0, "decision": "place", "text": "place a tile"}
    legal = g.legal_actions()
    assert all(a["do"] == "place" and a["tile"] == g.current_tile for a in legal)
    assert all(set(a) == {"do", "tile", "x", "y", "rotation"} for a in legal)
    g.apply(legal[0])
    assert g.pending["decision"] == "wood"
    wood = g.legal_actions()
    assert {"do": "pass"} in wood
    deploys = [a for a in wood if a["do"] == "deploy"]
    assert deploys and all(a["follower"]["kind"] == "normal" for a in deploys)
    # The record names the figure exactly as the action did.
    g.apply(deploys[0])
    assert g.record()["turns"][0]["follower"] == deploys[0]["follower"]


def test_an_action_by_index_is_the_listed_one():
    a = cc.Game("base", players=2, seed=9)
    b = a.clone()
    a.apply(3)
    b.apply(b.legal_actions()[3])
    assert a.record() == b.record()


@pytest.mark.parametrize("rid", ["base", "base_river1", "base_bridges_castles_bazaars", "everything_c1"])
def test_indices_count_and_name_the_listed_actions_all_game(rid):
    """`legal_count()` and an index read the counted answers (no list):
    the same as `legal_actions()` at every decision of a whole game."""
    a = cc.Game(rid, players=2, seed=5)
    b = a.clone()
    rng = random.Random(3)
    while not a.is_over:
        listed = b.legal_actions()
        assert a.legal_count() == len(listed)
        k = rng.randrange(len(listed))
        a.apply(k)
        b.apply(listed[k])
    assert b.is_over
    assert a.record() == b.record()
    with pytest.raises(cc.IllegalAction):
        a.apply(0)


@pytest.mark.parametrize(
    "bad",
    [
        {"do": "place", "x": 99, "y": 99, "rotation": 0},
        {"do": "place", "x": 1, "y": 0},
        {"do": "levitate"},
        {"do": "place", "x": 1, "y": 0, "rotation": 0, "colour": "red"},
        {"do": "pass"},
        {"do": "deploy", "follower": {"kind": "normal", "feature": "road", "ports": ["N", "S"]}},
        10_000,
        -1,
    ],
)
def test_illegal_actions_raise_and_change_nothing(bad):
    g = cc.Game("base", players=2, seed=4)
    g.apply(0)  # a placement: now a figure or pass
    g.apply({"do": "pass"})
    before = (g.record(), g.legal_actions(), g.pending, g.scores, g.turn)
    with pytest.raises(cc.IllegalAction):
        g.apply(bad)
    assert (g.record(), g.legal_actions(), g.pending, g.scores, g.turn) == before
    with pytest.raises(cc.IllegalAction):
        g.apply_id(g.action_space_size - 1)
    assert g.record() == before[0]


def test_wrong_types_and_bad_setups_raise_clear_errors():
    g = cc.Game("base", players=2, seed=4)
    with pytest.raises(TypeError):
        g.apply("place")
    with pytest.raises(TypeError):
        g.apply({"do": "place", "x": 1.5j, "y": 0, "rotation": 0})
    with pytest.raises(ValueError, match="unknown ruleset"):
        cc.Game("no_such_ruleset")
    with pytest.raises(ValueError, match="players"):
        cc.Game("base", players=9)
    with pytest.raises(ValueError):
        g.observation(2)
    with pytest.raises(ValueError, match="unknown bot"):
        cc.Bot("grandmaster")


def test_an_illegal_action_after_the_end_raises():
    g, _ = random_game("base", 2, 1)
    with pytest.raises(cc.IllegalAction, match="over"):
        g.apply({"do": "pass"})


def test_clones_are_independent():
    a = cc.Game("base_traders_builders", players=3, seed=11)
    for _ in range(7):
        a.apply(0)
    b = a.clone()
    c = copy.deepcopy(a)
    rec = a.record()
    assert b.record() == rec == c.record()
    rng = random.Random(2)
    while not b.is_over:
        b.apply(rng.randrange(b.legal_count()))
    assert a.record() == rec and not a.is_over
    assert c.record() == rec
    # The original plays on as if nothing happened; the clone undoes past
    # the point it was made (it replays from the setup).
    a.apply(0)
    assert a.history_len == 8
    while b.history_len:
        b.undo()
    assert b.record() == cc.Game("base_traders_builders", players=3, seed=11).record()


def test_undo_restores_every_earlier_state():
    g = cc.Game("base_abbey_mayor", players=3, seed=21)
    rng = random.Random(21)
    seen = []
    while not g.is_over:
        seen.append((g.record(), g.legal_actions(), g.pending, g.scores))
        g.apply(rng.randrange(g.legal_count()))
    end = g.record()
    for state in reversed(seen):
        g.undo()
        assert (g.record(), g.legal_actions(), g.pending, g.scores) == state
    with pytest.raises(IndexError):
        g.undo()
    assert g.history_len == 0


def test_undo_then_replay_gives_the_same_game():
    g, n = random_game("base_inns_cathedrals", 2, 8)
    end = g.record()
    undone = [g.undo() for _ in range(n // 2)]
    assert not g.is_over
    for a in reversed(undone):
        g.apply(a)
    assert g.record() == end and g.is_over


def test_a_clone_undoes_by_replaying_from_the_setup():
    g = cc.Game("base", players=2, seed=2)
    states = []
    for _ in range(10):
        states.append(g.record())
        g.apply(0)
    h = g.clone()
    for want in reversed(states):
        h.undo()
        assert h.record() == want


def test_records_are_json_and_name_the_bots():
    g = cc.play("base", bots=("random", "greedy"), seed=42)
    rec = g.record(bots=["random", "greedy"])
    assert json.loads(json.dumps(rec)) == rec
    assert rec["format"] == "carcassonne-record/1" and rec["bots"] == ["random", "greedy"]
    assert rec["final"]["scores"] == g.scores


def test_bots_choose_legal_actions_on_every_decision():
    g = cc.Game("everything_c1", players=4, seed=3)
    bots = [cc.Bot("greedy", 1), cc.Bot("random", 2), cc.Bot("greedy", 3), cc.Bot("random", 4)]
    assert [b.name for b in bots[:2]] == ["greedy", "random"]
    decisions = set()
    while not g.is_over:
        p = g.pending
        decisions.add(p["decision"])
        a = bots[p["player"]].choose(g)
        assert a in g.legal_actions()
        g.apply(a)
    assert bots[0].choose(g) is None
    assert {"place", "wood"} <= decisions


def test_seeded_bots_play_the_same_game_twice():
    a = cc.play("base_traders_builders", bots=("greedy", "random", "greedy"), seed=7)
    b = cc.play("base_traders_builders", bots=("greedy", "random", "greedy"), seed=7)
    assert a.record() == b.record()
    assert a.record() != cc.play("base_traders_builders", bots=("greedy", "random", "greedy"), seed=8).record()


def test_a_ruleset_from_a_toml_path(repo, tmp_path):
    # A ruleset file outside the repository naming built-in sets.
    text = (repo / "rulesets" / "base_no_farmers.toml").read_text()
    path = tmp_path / "my_rules.toml"
    path.write_text(text)
    r = cc.Ruleset(str(path))
    assert r.from_file and r.id == "base_no_farmers"
    g, _ = random_game(str(path), 2, 6)
    rec = g.record()
    assert rec["sources"][0]["text"] == text
    # The same game as the compiled-in ruleset of that id.
    h, _ = random_game("base_no_farmers", 2, 6)
    assert {k: v for k, v in rec.items() if k != "sources"} == h.record()
    # Loading it again reuses the compiled tables; a broken file is a clear error.
    assert cc.Ruleset(str(path)).id == r.id
    bad = tmp_path / "bad.toml"
    bad.write_text("[ruleset]\nid = \n")
    with pytest.raises(ValueError):
        cc.Game(str(bad))


def test_a_view_hides_the_draw_order_and_determinize_re_deals_it():
    g = cc.Game("base_river1", players=2, seed=5)
    for _ in range(6):
        g.apply(g.legal_actions()[0])
    v = g.view(g.pending["player"])
    assert v.is_view and not g.is_view
    # The same position: the same decision and the same answers.
    assert v.pending == g.pending and v.legal_actions() == g.legal_actions()
    with pytest.raises(ValueError):
        v.record()
    with pytest.raises(ValueError):
        g.determinize(1)
    with pytest.raises(ValueError):
        g.view(7)
    # Views of the same history are equal whatever the real order: two
    # re-dealings of one view, viewed again, cannot be told apart.
    a, b = v.clone(), v.clone()
    a.determinize(1)
    b.determinize(2)
    assert a.view(0).observation(0)["board"].tolist() == b.view(0).observation(0)["board"].tolist()
    # A re-dealt view plays to the end, and undo goes back to where it
    # was re-dealt.
    rng = random.Random(3)
    n = 0
    while not a.is_over:
        a.apply(rng.choice(a.legal_actions()))
        n += 1
    for _ in range(n):
        a.undo()
    assert a.legal_actions() == g.legal_actions()
    with pytest.raises(IndexError):
        a.undo()


def test_a_bot_is_shown_a_view():
    # The bot's answer is the same for two games that differ only in their
    # face-down order: it cannot see that order.
    g = cc.Game("base", players=2, seed=11)
    v = g.view(0)
    v.determinize(99)
    assert cc.Bot("greedy", 4).choose(g) == cc.Bot("greedy", 4).choose(v)


def test_the_princess_and_the_dragon_through_the_api():
    # The dragon's steps are asked of each player in turn from the one who
    # placed its tile: `pending` names who answers, not `to_move`.
    decisions, dos, answered_by_other = set(), set(), 0
    for seed in range(1, 6):
        g = cc.Game("base_princess_dragon", players=3, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            p = g.pending
            decisions.add(p["decision"])
            legal = g.legal_actions()
            dos.update(a["do"] for a in legal)
            if p["decision"] == "dragon":
                assert all(set(a) == {"do", "to"} and a["to"] in "NESW" for a in legal)
                answered_by_other += p["player"] != g.to_move
                assert g.action_text(legal[0]).startswith("moves the dragon")
            unusual = [a for a in legal if a["do"] in ("fairy", "portal", "princess")]
            a = rng.choice(unusual) if unusual and rng.random() < 0.5 else rng.choice(legal)
            g.apply(a)
            state = g.state()
            assert {"dragon", "fairy", "eaten_by_dragon"} <= set(state)
            shown = {n["name"]: n for n in g.shown()["neutral"]}
            if state["dragon"] is not None:
                assert (shown["dragon"]["x"], shown["dragon"]["y"]) == (state["dragon"]["x"], state["dragon"]["y"])
            if state["fairy"] is not None:
                assert (shown["fairy"]["x"], shown["fairy"]["y"]) == (state["fairy"]["x"], state["fairy"]["y"])
        tallies = [t for t in g.shown()["tallies"] if t["key"] == "eaten"]
        assert [t["count"] for t in tallies] == g.state()["eaten_by_dragon"]
        # Every point is in one event, the fairy's at a turn's start too.
        rec = g.record()
        events = [e for t in rec["turns"] for e in t.get("events", [])] + rec["final"]["events"]
        totals = [0] * 3
        for e in events:
            totals[e["player"]] += e["points"]
        assert totals == g.scores
    assert {"place", "wood", "dragon"} <= decisions
    assert {"dragon", "fairy", "portal", "princess"} <= dos
    assert answered_by_other > 0


def test_followers_and_supply_as_the_protocol_shows_them():
    g = cc.Game("base_inns_cathedrals", players=2, seed=3)
    assert g.supply(0) == {"normal": 7, "big": 1}
    while not g.followers():
        deploys = [a for a in g.legal_actions() if a["do"] == "deploy"]
        g.apply(deploys[0] if deploys else 0)
    (f,) = g.followers()
    assert set(f) == {"player", "kind", "x", "y", "feature", "ports", "segment"}
    assert sum(g.supply(f["player"]).values()) == 7
    with pytest.raises(ValueError):
        g.supply(2)
    assert g.state() == {}
    assert g.shown() == {
        "neutral": [], "corners": [], "holdings": [], "trails": [], "notes": [], "tallies": [], "areas": [], "held": [],
    }
