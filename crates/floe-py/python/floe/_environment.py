"""What the PettingZoo and Gymnasium environments share: a seat's observation and action
mask, their spaces, and what a finished game gives a seat."""

from __future__ import annotations

from typing import Any, Dict, Optional

import numpy as np
from gymnasium import spaces

from ._floe import Game


def observation_space(game: Game) -> spaces.Dict:
    """The space of :func:`observe`'s dicts at this table. The encoding's bounds are
    declared infinite: the games do not state them."""
    return spaces.Dict(
        {
            "observation": spaces.Box(
                -np.inf, np.inf, shape=(game.encoding_len,), dtype=np.float32
            ),
            "action_mask": spaces.Box(0, 1, shape=(game.action_count,), dtype=np.int8),
        }
    )


def action_mask(game: Game, seat: int) -> np.ndarray:
    """1 for each answer legal now if `seat` is asked, else all 0 (once over too)."""
    return game.encoded(seat)[1]


def observe(game: Game, seat: int) -> Dict[str, np.ndarray]:
    """What `seat` knows (the game's encoding, float32) with its :func:`action_mask`."""
    encoding, mask = game.encoded(seat)
    return {"observation": encoding, "action_mask": mask}


def reward(outcome: Dict[str, Any], seat: int) -> float:
    """A finished game's reward to `seat`: its share of the win (1 split among the
    winners), else 0, as the engine counts it."""
    return outcome["win_shares"][seat]


def final_info(outcome: Dict[str, Any]) -> Dict[str, Any]:
    """The info a finished game gives every seat: the scores and how it ended."""
    return {"scores": outcome["scores"], "end_cause": outcome["end_cause"]}


class Dealer:
    """Deals an environment's games: the first (seed 0) at once, to check the opponents
    and size the spaces, then one per reset."""

    def __init__(
        self, game: str, players: int, rules: Optional[str], opponents: Optional[Dict[int, str]]
    ) -> None:
        # The game checks every opponent (its seat and its spec) as it seats it.
        self.first = Game(game, players=players, seed=0, rules=rules, opponents=opponents)
        self._next_seed = 0

    def deal(self, seed: Optional[int]) -> Game:
        """With ``seed``, game 0 of the run with that master seed; without, the next
        seed after the last one dealt. The table is the first game's, dealt again
        (:meth:`Game.redeal`), not set up anew."""
        if seed is None:
            seed = self._next_seed
        self._next_seed = seed + 1
        self.first.redeal(seed)
        return self.first
