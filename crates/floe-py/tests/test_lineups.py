"""One bot against three copies of another, spelled as a person would: a duplicate
tournament seats it at every seat and keeps the copies as one entrant, as the CLI does."""

from __future__ import annotations

import floe


def test_one_bot_against_three_copies_of_another():
    tables = floe.tournament(
        game="arctic-race",
        players=4,
        bots=["greedy", "random", "random", "random"],
        games=16,
        duplicate=True,
    )
    entrants = tables["tournament"]
    assert list(entrants["bot"]) == ["greedy", "random"]
    # One seat of greedy's and three of random's in each of the 16 games.
    assert list(entrants["games"]) == [16, 48]
    seats = tables["seats"]
    assert list(seats["games"]) == [16, 16, 16, 16]
