"""`VectorEnv`: many games in one call play exactly the single games."""

import numpy as np
import pytest

import carcassonne as cc


def choose(rng, obs):
    """A uniformly random legal id per game, from the compact form."""
    offsets, counts = obs["legal_offsets"], obs["legal_counts"]
    pick = offsets[:-1] + (rng.random(len(counts)) * counts).astype(np.int64)
    return obs["legal_ids"][pick]


def segment(obs, i):
    o = obs["legal_offsets"]
    return list(obs["legal_ids"][o[i] : o[i + 1]])


def check_same(env, obs, games, observations=True):
    """Game i of `env` is `games[i]` as the single-game API shows it."""
    for i, g in enumerate(games):
        asked = g.pending["player"]
        assert obs["player"][i] == (-1 if asked is None else asked)
        ids = g.legal_action_ids()
        assert segment(obs, i) == ids
        assert obs["legal_counts"][i] == len(ids)
        assert list(obs["scores"][i]) == g.scores
        if "action_mask" in obs:
            assert list(np.flatnonzero(obs["action_mask"][i])) == sorted(ids)
        if observations:
            seen = g.observation(g.to_move if asked is None else asked)
            np.testing.assert_array_equal(obs["board"][i], seen["board"])
            np.testing.assert_array_equal(obs["features"][i], seen["features"])


@pytest.mark.parametrize(
    "rid, players, steps",
    [
        ("base", 2, 450),
        ("base", 3, 120),
        ("base_river1", 2, 150),
        ("base_princess_dragon", 3, 200),
        ("base_hills_sheep", 2, 200),
        ("everything_c1", 4, 150),
    ],
)
def test_plays_the_single_games(rid, players, steps):
    n = 3
    env = cc.VectorEnv(rid, players=players, num_envs=n, seed=40, dense_mask=True, reward="score")
    games = [cc.Game(rid, players=players, seed=40 + i) for i in range(n)]
    obs, info = env.reset(seed=40)
    assert list(info["seed"]) == [40, 41, 42]
    rng = np.random.default_rng(7)
    ended = 0
    next_seed = 40 + n
    check_same(env, obs, games)
    for _ in range(steps):
        actions = choose(rng, obs)
        before = [g.scores for g in games]
        for g, a in zip(games, actions):
            g.apply_id(int(a))
        obs, rewards, terminated, truncated, info = env.step(actions)
        assert not truncated.any()
        for i, g in enumerate(games):
            assert list(rewards[i]) == [s - b for s, b in zip(g.scores, before[i])]
            assert terminated[i] == g.is_over
            if g.is_over:
                ended += 1
                assert list(info["final_scores"][i]) == g.scores
                # Same-step autoreset: the next seed, counting on from the
                # games started before, in game order within a step.
                assert info["seed"][i] == next_seed
                next_seed += 1
                games[i] = cc.Game(rid, players=players, seed=int(info["seed"][i]))
        assert env.next_seed == next_seed
        check_same(env, obs, games)
    if rid == "base" and players == 2:
        assert ended >= 3


def test_win_rewards_and_observations_off():
    env = cc.VectorEnv("base", num_envs=2, seed=3, observations=False)
    obs = env.obs
    assert "board" not in obs and "features" not in obs and "action_mask" not in obs
    games = [cc.Game("base", seed=3), cc.Game("base", seed=4)]
    rng = np.random.default_rng(1)
    finished = 0
    while finished < 2:
        actions = choose(rng, obs)
        for g, a in zip(games, actions):
            g.apply_id(int(a))
        obs, rewards, terminated, _, info = env.step(actions)
        for i, g in enumerate(games):
            if not g.is_over:
                assert not terminated[i] and (rewards[i] == 0).all()
                continue
            top = max(g.scores)
            assert terminated[i]
            assert list(rewards[i]) == [1 if s == top else -1 for s in g.scores]
            finished += 1
            games[i] = cc.Game("base", seed=int(info["seed"][i]))
        check_same(env, obs, games, observations=False)


def test_seeds_of_resets():
    env = cc.VectorEnv("base", num_envs=3, seed=5, observations=False)
    assert list(env.reset()[1]["seed"]) == [8, 9, 10]
    obs, info = env.reset(seed=100)
    assert list(info["seed"]) == [100, 101, 102]
    assert env.next_seed == 103
    check_same(env, obs, [cc.Game("base", seed=s) for s in (100, 101, 102)], observations=False)


def test_bad_actions_move_no_game():
    env = cc.VectorEnv("base", num_envs=3, seed=9)
    games = [cc.Game("base", seed=9 + i) for i in range(3)]
    obs = env.obs
    good = choose(np.random.default_rng(2), obs)
    with pytest.raises(ValueError, match="2 actions for 3 games"):
        env.step(good[:2])
    bad = good.copy()
    bad[1] = env.action_space_size - 1
    with pytest.raises(cc.IllegalAction, match="game 1: action id"):
        env.step(bad)
    with pytest.raises(TypeError, match="integer action ids"):
        env.step(good.astype(np.float64))
    with pytest.raises(TypeError, match="integer action ids"):
        env.step(good.reshape(3, 1))
    check_same(env, obs, games)
    # The games go on from where they were, lists work too.
    for g, a in zip(games, good):
        g.apply_id(int(a))
    obs, *_ = env.step([int(a) for a in good])
    check_same(env, obs, games)


def test_bad_arguments():
    with pytest.raises(ValueError, match="num_envs"):
        cc.VectorEnv(num_envs=0)
    with pytest.raises(ValueError, match="reward"):
        cc.VectorEnv(reward="points")
    with pytest.raises(ValueError, match="radius"):
        cc.VectorEnv(radius=0)
    with pytest.raises(ValueError):
        cc.VectorEnv(players=9)


def test_a_window_too_small_is_said():
    # A 3 × 3 window fills within a few turns; then the tile to place fits
    # only outside it, and no action has an id.
    env = cc.VectorEnv("base", num_envs=1, radius=1, observations=False)
    obs = env.obs
    rng = np.random.default_rng(0)
    with pytest.raises(RuntimeError, match="use a larger radius"):
        for _ in range(100):
            obs, *_ = env.step(choose(rng, obs))
    assert env.obs["legal_counts"][0] == 0
