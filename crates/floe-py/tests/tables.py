"""Every game Floe lists, at every player count it seats: the tables the environment
tests sweep, read from the package so that a new game is swept without editing a test."""

from __future__ import annotations

from typing import List, Tuple

import floe


def _seats(game: str, players: int) -> bool:
    """Whether `game` seats `players` players (the game's own refusal says when not)."""
    try:
        floe.Game(game, players=players)
    except ValueError:
        return False
    return True


#: (game, players) for every listed game and every count it seats; no game seats more
#: than the 15 tried here (Floe's tables hold at most 6).
EVERY_TABLE: List[Tuple[str, int]] = [
    (game, players) for game in floe.games() for players in range(1, 16) if _seats(game, players)
]
