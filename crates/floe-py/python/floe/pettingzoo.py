"""Every Floe game as a PettingZoo AEC environment.

``floe.pettingzoo.env("arctic", players=3)`` returns an environment whose agents are
``player_0`` ... ``player_{N-1}`` (seat order). Each observation is a dict of
``observation`` (the game's fixed-length encoding of what the seat knows, float32) and
``action_mask`` (int8, 1 for the answers legal now; all 0 for a seat not asked). Actions
are the game's answer numbers (``Discrete(Game.action_count)``). A finished game gives
each winner 1 (shared wins split it) and every other seat 0.

Needs ``pettingzoo``, ``gymnasium`` and ``numpy``, which the ``floe`` package does not pull
in: ``pip install pettingzoo gymnasium numpy`` (Floe is installed from its repository, not
from the package index, where another package has the name).
"""

from __future__ import annotations

from typing import Any, Dict, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ._floe import Game

__all__ = ["FloeEnv", "env", "raw_env"]


class FloeEnv(AECEnv):
    """One Floe game as a PettingZoo AEC environment (see the module's docs)."""

    metadata = {"render_modes": ["human", "ansi"], "name": "floe_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: str = "arctic-race",
        players: int = 2,
        rules: Optional[str] = None,
        render_mode: Optional[str] = None,
    ) -> None:
        super().__init__()
        self._name = game
        self._rules = rules
        self._game = Game(game, players=players, seed=0, rules=rules)
        self._next_seed = 0
        self.metadata = dict(self.metadata, name=f"floe_{game.replace('-', '_')}_v0")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents = self.possible_agents[:]
        count, length = self._game.action_count, self._game.encoding_len
        observation = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, shape=(length,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(count,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(count) for a in self.possible_agents}
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._agent_to_act()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        """Deals a new game: with ``seed``, game 0 of the run with that master seed;
        without, the next seed after the last one dealt."""
        if seed is None:
            seed = self._next_seed
        self._next_seed = seed + 1
        players = len(self.possible_agents)
        self._game = Game(self._name, players=players, seed=seed, rules=self._rules)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self._agent_to_act()

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        encoding = np.asarray(self._game.observation(seat).encoding, dtype=np.float32)
        mask = np.zeros(self._game.action_count, dtype=np.int8)
        if self._game.to_act() == seat:
            for number, _ in self._game.legal_actions():
                mask[number] = 1
        return {"observation": encoding, "action_mask": mask}

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._game.apply(int(action))  # type: ignore[arg-type]
        self._cumulative_rewards[agent] = 0.0
        outcome = self._game.outcome()
        if outcome is not None:
            winners = outcome["winners"]
            share = 1.0 / max(1, sum(winners))
            for seat, a in enumerate(self.possible_agents):
                self.rewards[a] = share if winners[seat] else 0.0
                self.terminations[a] = True
                self.infos[a] = {"scores": outcome["scores"], "end_cause": outcome["end_cause"]}
        else:
            self.agent_selection = self._agent_to_act()
        self._accumulate_rewards()

    def render(self) -> Optional[str]:
        seat = self._game.to_act()
        text = str(self._game.observation(seat if seat is not None else 0))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    def _agent_to_act(self) -> str:
        seat = self._game.to_act()
        return self.possible_agents[seat if seat is not None else 0]


def raw_env(game: str = "arctic-race", players: int = 2, **kwargs: Any) -> FloeEnv:
    """Returns the environment without PettingZoo's wrappers."""
    return FloeEnv(game, players, **kwargs)


def env(game: str = "arctic-race", players: int = 2, **kwargs: Any) -> AECEnv:
    """Returns the game as an AEC environment, wrapped as PettingZoo's own games are."""
    wrapped: AECEnv = wrappers.OrderEnforcingWrapper(raw_env(game, players, **kwargs))
    return wrapped
