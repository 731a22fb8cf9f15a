"""Every Floe game as a single-agent Gymnasium environment: one seat against Floe's bots.

``floe.gymnasium.env("arctic", players=3, seat=0, opponents="greedy")`` returns the
environment ``gymnasium.make("floe/arctic-v0", players=3, ...)`` makes (importing this
module registers ``floe/GAME-v0`` for every game of ``floe.games()``). The agent answers
the questions of ``seat``; the bots answer every other seat's inside ``step``, so each
step is one answer of the agent's. ``opponents`` is one bot spec for every other seat
(``"greedy"``) or one per seat (``{1: "greedy", 2: "mcts:iters=200"}``), specs as ``floe
simulate --bots`` takes them.

The observation is a dict of ``observation`` (the game's fixed-length encoding of what the
seat knows, float32) and ``action_mask`` (int8, 1 for the answers legal now; all 0 once the
game is over); ``action_masks()`` returns the mask too, as sb3-contrib's ``MaskablePPO``
asks for it. Actions are the game's answer numbers (``Discrete(Game.action_count)``). The
reward is 0 until the game ends, then 1 if the seat won (a shared win split) and 0 if not.
An answer that is not legal ends the episode with reward -1 and the game's refusal in
``info["illegal_action"]``, as PettingZoo's classic games end on an illegal move.

``reset(seed=S)`` deals game 0 of the run with master seed S; ``reset()`` the next seed
after the last one dealt (0 for a new environment). The bots draw from their seats' random
streams of the deal, so an episode is a pure function of its seed and the agent's answers
(unless a spec sets a time limit, ``ms=``).

Needs ``gymnasium`` and ``numpy``, which the ``floe`` package does not pull in: ``pip
install pettingzoo gymnasium numpy`` (Floe is installed from its repository, not from the
package index, where another package has the name).
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple, Union

import gymnasium
import numpy as np
from gymnasium import spaces

from . import _environment
from ._floe import Game, VectorGame, games, line

__all__ = ["FloeEnv", "FloeVectorEnv", "env", "vector_env"]

#: The bots at the other seats: one spec for all of them, or a spec per seat.
Opponents = Union[str, Dict[int, str]]

#: The reward of an answer that is not legal, which ends the episode.
ILLEGAL_REWARD = -1.0


def _id(game: str) -> str:
    """The Gymnasium id of a Floe game."""
    return f"floe/{game}-v0"


class FloeEnv(gymnasium.Env):
    """One seat of a Floe game against Floe's bots, as a Gymnasium environment (see the
    module's docs)."""

    # The text is printed once per call, with no frames to pace, but Gymnasium's checker
    # asks a "human" render mode for its rate.
    metadata = {"render_modes": ["human", "ansi"], "render_fps": 1}

    def __init__(
        self,
        game: str = "arctic-race",
        players: int = 2,
        seat: int = 0,
        opponents: Opponents = "random",
        rules: Optional[str] = None,
        render_mode: Optional[str] = None,
    ) -> None:
        table = Game(game, players=players, seed=0, rules=rules)
        players = table.players
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TypeError(
                f"seat={line(repr(seat))}: expected a whole number, "
                f"not {line(type(seat).__name__)}"
            )
        if not 0 <= seat < players:
            raise ValueError(
                f"seat={seat}: the table has seats 0 to {players - 1} ({players} players)"
            )
        if isinstance(opponents, str):
            opponents = {other: opponents for other in range(players) if other != seat}
        self._seat = seat
        self._dealer = _environment.Dealer(game, players, rules, opponents)
        self._game = self._dealer.first
        seated = self._game.opponents
        if seat in seated:
            raise ValueError(
                f"seat={seat}: opponents= seats the bot {seated[seat]!r} there too; the agent "
                f"learns seat {seat}, so leave it out of opponents="
            )
        missing = [other for other in range(players) if other != seat and other not in seated]
        if missing:
            raise ValueError(
                f"opponents={line(repr(opponents))}: seat {missing[0]} has no bot; give a spec "
                f"for every seat but seat={seat}, or one spec for all of them"
            )
        # Whether the episode has ended (the game over, or an illegal answer): true until
        # the first reset, so that no step reaches a game not dealt by reset.
        self._over = True
        self.render_mode = render_mode
        self.action_space = spaces.Discrete(table.action_count)
        self.observation_space = _environment.observation_space(table)

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict] = None
    ) -> Tuple[Dict[str, np.ndarray], Dict[str, Any]]:
        """Deals a new game: with ``seed``, game 0 of the run with that master seed;
        without, the next seed after the last one dealt. The bots then answer until the
        agent is asked."""
        super().reset(seed=seed)
        self._game = self._dealer.deal(seed)
        self._game.play_bots()
        outcome = self._game.outcome()
        self._over = outcome is not None
        return self._observe(), {} if outcome is None else _environment.final_info(outcome)

    def step(
        self, action: Any
    ) -> Tuple[Dict[str, np.ndarray], float, bool, bool, Dict[str, Any]]:
        """Carries out the agent's answer, then lets the bots answer until the agent is
        asked again or the game ends."""
        if self._over:
            raise RuntimeError("the episode is over; call reset() to deal a new game")
        number = int(action)
        try:
            self._game.apply(number, events=False)
        except ValueError as refusal:
            self._over = True
            return self._observe(), ILLEGAL_REWARD, True, False, {"illegal_action": str(refusal)}
        self._game.play_bots()
        outcome = self._game.outcome()
        if outcome is None:
            return self._observe(), 0.0, False, False, {}
        self._over = True
        reward = _environment.reward(outcome, self._seat)
        return self._observe(), reward, True, False, _environment.final_info(outcome)

    def action_masks(self) -> np.ndarray:
        """1 for each answer legal now, 0 for the others (all 0 once the game is over)."""
        return _environment.action_mask(self._game, self._seat)

    def render(self) -> Optional[str]:
        text = str(self._game.observation(self._seat))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _observe(self) -> Dict[str, np.ndarray]:
        """What the agent's seat knows, with the mask of its legal answers."""
        return _environment.observe(self._game, self._seat)


def env(game: str = "arctic-race", players: int = 2, **kwargs: Any) -> gymnasium.Env:
    """Returns ``gymnasium.make("floe/GAME-v0", players=players, **kwargs)``: the
    environment with Gymnasium's usual wrappers. ``seat``, ``opponents``, ``rules`` and
    ``render_mode`` are as for :class:`FloeEnv`."""
    if game not in games():
        # Floe's refusal, naming game= and listing the games, rather than Gymnasium's.
        Game(game)
    return gymnasium.make(_id(game), players=players, **kwargs)


class FloeVectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` games of :class:`FloeEnv`, stepped together in one call to Floe
    (:class:`floe.VectorGame`: the GIL released, the games in parallel, the bots answering
    inside the call).

    Each game gives, step for step, what a :class:`FloeEnv` with the same arguments gives
    when reset with the same seeds: game ``i``'s ``k``-th episode is dealt seed ``seed + i +
    k * num_envs``, ``seed`` being the last one given to ``reset`` (0 at first). The
    autoreset mode is Gymnasium's default, ``AutoresetMode.NEXT_STEP``: the step after an
    episode ends deals the next game, ignoring that game's action, with reward 0.
    Observations are dicts of batched arrays (``observation`` float32 ``[num_envs,
    encoding_len]``, ``action_mask`` int8 ``[num_envs, action_count]``); ``truncated`` is
    always False; ``info["illegal_action"]`` (with ``info["_illegal_action"]``) marks the
    games whose answer was refused (reward -1)."""

    metadata = {"autoreset_mode": gymnasium.vector.AutoresetMode.NEXT_STEP}

    def __init__(
        self,
        game: str = "arctic-race",
        num_envs: int = 8,
        players: int = 2,
        seat: int = 0,
        opponents: Opponents = "random",
        rules: Optional[str] = None,
        threads: Optional[int] = None,
    ) -> None:
        self._games = VectorGame(
            game,
            players=players,
            seat=seat,
            opponents=opponents,
            batch=num_envs,
            rules=rules,
            threads=threads,
        )
        table = Game(game, players=self._games.players, seed=0, rules=rules)
        self.num_envs = num_envs
        self.single_action_space = spaces.Discrete(table.action_count)
        self.single_observation_space = _environment.observation_space(table)
        self.action_space = gymnasium.vector.utils.batch_space(self.single_action_space, num_envs)
        self.observation_space = gymnasium.vector.utils.batch_space(
            self.single_observation_space, num_envs
        )
        self._mask = np.zeros((num_envs, table.action_count), dtype=np.int8)

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict] = None
    ) -> Tuple[Dict[str, np.ndarray], Dict[str, Any]]:
        """Deals every game afresh: with ``seed``, game ``i`` gets seed ``seed + i``;
        without, each its next seed."""
        super().reset(seed=seed)
        observation, mask = self._games.reset(seed)
        self._mask = mask
        return {"observation": observation, "action_mask": mask}, {}

    def step(
        self, actions: Any
    ) -> Tuple[Dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, Dict[str, Any]]:
        observation, mask, reward, finished = self._games.step(
            np.asarray(actions, dtype=np.int64).reshape(self.num_envs)
        )
        self._mask = mask
        info: Dict[str, Any] = {}
        illegal = self._games.illegal()
        if illegal.any():
            info = {"illegal_action": illegal, "_illegal_action": illegal}
        truncated = np.zeros(self.num_envs, dtype=np.bool_)
        return (
            {"observation": observation, "action_mask": mask},
            reward,
            finished,
            truncated,
            info,
        )

    def action_masks(self) -> np.ndarray:
        """The games' action masks, ``[num_envs, action_count]``."""
        return self._mask


def vector_env(
    game: str = "arctic-race", num_envs: int = 8, players: int = 2, **kwargs: Any
) -> FloeVectorEnv:
    """Returns :class:`FloeVectorEnv`: ``num_envs`` games stepped together in one call.
    ``seat``, ``opponents`` and ``rules`` are as for :class:`FloeEnv`; ``threads`` as for
    :class:`floe.VectorGame`."""
    return FloeVectorEnv(game, num_envs=num_envs, players=players, **kwargs)


for _game in games():
    gymnasium.register(_id(_game), entry_point="floe.gymnasium:FloeEnv", kwargs={"game": _game})
