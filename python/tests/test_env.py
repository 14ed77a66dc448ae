"""The PettingZoo environment: PettingZoo's own API test, and full games."""

import warnings

import numpy as np
import pytest

pettingzoo = pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test  # noqa: E402

import carcassonne as cc  # noqa: E402


@pytest.mark.parametrize(
    "rid,players",
    [
        ("base", 2),
        ("base_abbey_mayor", 3),
        ("base_traders_builders", 4),
        ("base_princess_dragon", 3),
        ("everything_c1", 2),
    ],
)
def test_pettingzoo_api_test_passes(rid, players):
    env = cc.env(ruleset=rid, players=players, radius=12)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env, num_cycles=400)
    # api_test reports doubtful choices as warnings. The only ones allowed
    # are the two it gives any dict observation with an action mask, the
    # form of PettingZoo's own classic games (which its test exempts by name).
    dict_obs = {
        "Observation is not a NumPy array",
        "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
    }
    assert {str(w.message) for w in caught if "pettingzoo" in str(w.filename)} <= dict_obs


def play_out(env, seed):
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total = {a: 0 for a in env.possible_agents}
    steps = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        total[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(legal)))
        steps += 1
    return total, steps


def test_a_full_game_ends_with_win_rewards_matching_the_scores():
    env = cc.env(ruleset="base", players=3)
    total, steps = play_out(env, seed=4)
    scores = env.unwrapped.game.scores
    top = max(scores)
    assert steps > 70
    assert [total[f"player_{i}"] for i in range(3)] == [1 if s == top else -1 for s in scores]


def test_score_rewards_add_up_to_the_final_scores():
    env = cc.env(ruleset="base_inns_cathedrals", players=2, reward="score")
    total, _ = play_out(env, seed=9)
    assert [total[a] for a in env.possible_agents] == env.unwrapped.game.scores


def test_the_same_seed_deals_the_same_game():
    a, b = cc.env(ruleset="base"), cc.env(ruleset="base")
    play_out(a, seed=3)
    play_out(b, seed=3)
    assert a.unwrapped.game.record() == b.unwrapped.game.record()


def test_an_illegal_action_ends_the_game_with_a_penalty():
    env = cc.env(ruleset="base", players=2)
    env.reset(seed=1)
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    env.step(illegal)
    assert all(env.terminations.values())
    assert env.rewards == {"player_0": -1, "player_1": 0}
    assert "illegal_action" in env.infos["player_0"]


def test_a_ruleset_file_works_in_the_environment(repo):
    env = cc.env(ruleset=str(repo / "rulesets" / "base_river1.toml"), players=2)
    _, steps = play_out(env, seed=2)
    assert steps > 80 and env.unwrapped.game.is_over
