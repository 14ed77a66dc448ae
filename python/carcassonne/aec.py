"""A PettingZoo AEC environment over `carcassonne.Game`.

Agents are `player_0` … `player_{n-1}`. The agent selected is whoever the
pending decision asks (usually the player whose turn it is; a wagon's move
asks its owner, each step of the dragon the next player in turn). Actions are ids in the game's fixed action space (docs/reference/python.md,
"Observation and action encoding"); observations are dicts:

- ``observation``: int16 board planes, shape (planes, side, side), seen from
  the observing agent (figure planes by seat counted from it; a plane per
  neutral figure, the dragon's and the fairy's, in rulesets with them:
  ``Game.plane_names``);
- ``features``: int32 vector (who decides, the decision, turn, tile to
  place, scores, supplies, face-down tiles by type);
- ``action_mask``: int8, 1 for each legal action id (all 0 for an agent not
  being asked).

Rewards come at the end only: +1 to each player with the top score (shared
ties included), -1 to the others; with ``reward="score"`` instead, each
action's points as they are scored. An illegal action ends the game for
everyone with -1 to the agent that played it, as PettingZoo's classic games
do.
"""

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from . import Game, IllegalAction, Ruleset


def env(**kwargs):
    """The environment wrapped as PettingZoo's classic games are."""
    e = CarcassonneEnv(**kwargs)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class CarcassonneEnv(AECEnv):
    metadata = {"render_modes": ["ansi"], "name": "carcassonne_v0", "is_parallelizable": False}

    def __init__(self, ruleset="base", players=2, radius=None, reward="win", render_mode=None):
        super().__init__()
        self.rules = ruleset if isinstance(ruleset, Ruleset) else Ruleset(ruleset)
        if not self.rules.min_players <= players <= self.rules.max_players:
            raise ValueError(
                f"ruleset {self.rules.id} is for {self.rules.min_players} to "
                f"{self.rules.max_players} players, not {players}"
            )
        if reward not in ("win", "score"):
            raise ValueError(f"reward is 'win' or 'score', not {reward!r}")
        self.n = players
        self.reward_mode = reward
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        probe = Game(self.rules, players=players, seed=0, radius=radius)
        self.radius = probe.radius
        (planes, side, _), n_features = probe.observation_shapes
        self._n_actions = probe.action_space_size
        tile_types = len(self.rules.tile_ids)
        obs_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(
                    low=0, high=np.iinfo(np.int16).max, shape=(planes, side, side), dtype=np.int16
                ),
                # Scores may be below 0 (a bazaar's bids).
                "features": gymnasium.spaces.Box(
                    low=np.iinfo(np.int32).min, high=np.iinfo(np.int32).max, shape=(n_features,), dtype=np.int32
                ),
                "action_mask": gymnasium.spaces.Box(low=0, high=1, shape=(self._n_actions,), dtype=np.int8),
            }
        )
        self._tile_types = tile_types
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: gymnasium.spaces.Discrete(self._n_actions) for a in self.possible_agents}
        self.game = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1, dtype=np.uint64)[0])
        self.game = Game(self.rules, players=self.n, seed=int(seed), radius=self.radius)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._select()

    def _select(self):
        pending = self.game.pending
        if pending is not None:
            self.agent_selection = self.possible_agents[pending["player"]]

    def observe(self, agent):
        o = self.game.observation(self.possible_agents.index(agent))
        return {"observation": o["board"], "features": o["features"], "action_mask": o["action_mask"]}

    def _finish(self, rewards):
        for a in self.agents:
            self.rewards[a] = rewards[a]
            self.terminations[a] = True

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        self.rewards = {a: 0 for a in self.agents}
        before = self.game.scores
        try:
            self.game.apply_id(int(action))
        except IllegalAction as e:
            self.infos[agent] = {"illegal_action": str(e)}
            self._finish({a: (-1 if a == agent else 0) for a in self.agents})
            self._accumulate_rewards()
            return
        scores = self.game.scores
        if self.reward_mode == "score":
            for i, a in enumerate(self.possible_agents):
                self.rewards[a] = scores[i] - before[i]
        if self.game.is_over:
            if self.reward_mode == "win":
                top = max(scores)
                self._finish({a: (1 if scores[i] == top else -1) for i, a in enumerate(self.possible_agents)})
            else:
                for a in self.agents:
                    self.terminations[a] = True
        else:
            self._select()
        self._accumulate_rewards()

    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        g = self.game
        lines = [repr(g)]
        pending = g.pending
        if pending is not None:
            lines.append(f"player {pending['player']} to {pending['text']} (tile {g.current_tile})")
        return "\n".join(lines)

    def close(self):
        pass
