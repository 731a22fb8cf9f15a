"""Every Floe game as a PettingZoo AEC environment, Floe's own bots at the seats you choose.

``floe.pettingzoo.env("arctic", players=3)`` returns an environment whose agents are
``player_0`` ... ``player_{N-1}`` (seat order). Each observation is a dict of
``observation`` (the game's fixed-length encoding of what the seat knows, float32) and
``action_mask`` (int8, 1 for the answers legal now; all 0 for a seat not asked). Actions
are the game's answer numbers (``Discrete(Game.action_count)``). A finished game gives
each winner 1 (shared wins split it) and every other seat 0.

``opponents={1: "greedy", 2: "mcts:iters=200"}`` seats built-in bots (specs as ``floe
simulate --bots`` takes them) inside the environment: those seats are no agents, and the
bots answer their questions between the agents' steps, so only the learning agents
(``player_0`` here) are asked. The bots draw from their seats' random streams of the deal,
so a game is a pure function of the reset seed and the agents' answers (unless a spec
sets a time limit, ``ms=``).

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

from . import _environment
from ._floe import line

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
        opponents: Optional[Dict[int, str]] = None,
    ) -> None:
        super().__init__()
        self._dealer = _environment.Dealer(game, players, rules, opponents)
        self._game = self._dealer.first
        self._seat_of = {
            f"player_{seat}": seat for seat in range(players) if seat not in self._game.opponents
        }
        if not self._seat_of:
            raise ValueError(
                f"opponents={line(repr(opponents))}: every seat has a bot; leave at least one "
                "seat to learn"
            )
        self.metadata = dict(self.metadata, name=f"floe_{game.replace('-', '_')}_v0")
        self.render_mode = render_mode
        self.possible_agents = list(self._seat_of)
        observation = _environment.observation_space(self._game)
        self.observation_spaces = {a: observation for a in self.possible_agents}
        count = self._game.action_count
        self.action_spaces = {a: spaces.Discrete(count) for a in self.possible_agents}
        self._start()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        """Deals a new game: with ``seed``, game 0 of the run with that master seed;
        without, the next seed after the last one dealt."""
        self._game = self._dealer.deal(seed)
        self._start()

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        return _environment.observe(self._game, self._seat_of[agent])

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._game.apply(int(action), events=False)  # type: ignore[arg-type]
        self._cumulative_rewards[agent] = 0.0
        self._play_on()

    def render(self) -> Optional[str]:
        text = str(self._game.observation(self._seat_of[self.agent_selection]))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    def _start(self) -> None:
        """Sets every agent up for the game just dealt and lets the bots open it."""
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._play_on()

    def _play_on(self) -> None:
        """Lets the bots answer until an agent is asked, then selects it; or, once the game
        is over, hands out the rewards and ends every agent."""
        self._game.play_bots()
        outcome = self._game.outcome()
        if outcome is None:
            self.agent_selection = f"player_{self._game.to_act()}"
            return
        for a, seat in self._seat_of.items():
            self.rewards[a] = _environment.reward(outcome, seat)
            self.terminations[a] = True
            self.infos[a] = _environment.final_info(outcome)
        self._accumulate_rewards()


def raw_env(game: str = "arctic-race", players: int = 2, **kwargs: Any) -> FloeEnv:
    """Returns the environment without PettingZoo's wrappers."""
    return FloeEnv(game, players, **kwargs)


def _forwarded(name: str) -> property:
    """The wrapped environment's attribute ``name``, refused before a reset as
    :class:`~pettingzoo.utils.wrappers.OrderEnforcingWrapper` refuses it."""

    def read(self: "_OrderEnforcing") -> Any:
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self.env, name)

    return property(read)


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's order-enforcing wrapper, with the attributes an agent loop reads at
    every step (``last()``, ``agent_iter()``) forwarded by properties: the wrapper finds
    them through two ``__getattr__`` calls each, which made a wrapped Goofspiel game with
    two agents half as fast as the bare environment, and slower than OpenSpiel's own
    learning loop (``docs/speed.md``). The same checks, in the same order."""

    agents = _forwarded("agents")
    agent_selection = _forwarded("agent_selection")
    rewards = _forwarded("rewards")
    terminations = _forwarded("terminations")
    truncations = _forwarded("truncations")
    infos = _forwarded("infos")
    _cumulative_rewards = _forwarded("_cumulative_rewards")


def env(game: str = "arctic-race", players: int = 2, **kwargs: Any) -> AECEnv:
    """Returns the game as an AEC environment, wrapped as PettingZoo's own games are
    (PettingZoo's ``OrderEnforcingWrapper``).

    ``opponents={seat: spec}`` seats Floe's bots at those seats (see the module's docs)."""
    wrapped: AECEnv = _OrderEnforcing(raw_env(game, players, **kwargs))
    return wrapped
