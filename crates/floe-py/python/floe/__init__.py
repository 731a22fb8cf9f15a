"""Floe from Python: simulate tabletop games with bots and measure who wins and why.

Bulk runs (:func:`simulate`, :func:`tournament`, :func:`experiment`) take the CLI's
options as keyword arguments with the same defaults and return the tables the CLI writes,
as ``pandas.DataFrame`` when pandas is installed (else a dict of columns), number for
number the CLI's CSV files. They run on every core with the GIL released; Ctrl-C stops
them cleanly.

:class:`Game` steps one game answer by answer; a Python function can take a seat in a
run (``bots=["random", my_bot]``); :mod:`floe.pettingzoo` wraps every game as a
PettingZoo AEC environment.

Example::

    import floe
    tables = floe.simulate(game="arctic", players=3, games=2000, seed=7)
    print(tables["seats"][["seat", "win_rate", "win_rate_lo", "win_rate_hi"]])
"""

from __future__ import annotations

import csv
import io
import os
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

from . import _floe
from ._floe import Game, Observation, games

__all__ = [
    "Game",
    "Observation",
    "PythonBot",
    "experiment",
    "games",
    "simulate",
    "tournament",
]

__version__ = _floe.__version__

#: A Python bot: called with the seat's observation and the legal answers as
#: ``(number, text)`` pairs, it returns the number of the answer it chooses.
PythonBot = Callable[[Observation, List[Tuple[int, str]]], int]

#: The bots of a run: a bot spec text as the CLI takes it (``"random,greedy"``), or a
#: list of bot specs and Python bots.
Bots = Union[str, Sequence[Union[str, PythonBot]]]

#: A path given as text or as a path object.
PathLike = Union[str, "os.PathLike[str]"]


def simulate(
    *,
    game: str = "arctic-race",
    players: int = 4,
    bots: Bots = "random",
    games: int = 1_000_000,
    seed: int = 1,
    rules: Optional[PathLike] = None,
    shuffle_colours: bool = False,
    per_game: bool = False,
    out: Optional[PathLike] = None,
    threads: Optional[int] = None,
    force: bool = False,
) -> Dict[str, Any]:
    """Plays many seeded games in parallel, as ``floe simulate`` does.

    ``bots`` gives one bot for every seat or one per seat. ``out`` keeps the CSV files
    (and charts) in that folder as the CLI writes them; left out, they are not kept.
    Returns every table the run writes, by file name without ``.csv`` (``seats``,
    ``groups``, ``games`` with ``per_game=True``, ...).
    """
    return _tables(
        _floe.run(
            "simulate", game, players, bots, games, seed, rules, shuffle_colours,
            per_game, False, out, threads, force,
        )
    )


def tournament(
    *,
    game: str = "arctic-race",
    players: int = 4,
    bots: Bots = "random,greedy",
    games: int = 20_000,
    seed: int = 1,
    rules: Optional[PathLike] = None,
    shuffle_colours: bool = False,
    duplicate: bool = False,
    out: Optional[PathLike] = None,
    threads: Optional[int] = None,
    force: bool = False,
) -> Dict[str, Any]:
    """Rotates the entrants through every seat, as ``floe tournament`` does.

    An entrant may be a Python bot: it meets Floe's bots with seat rotation and is
    rated with them (``ratings``, ``pairwise``, ``standings`` tables).
    """
    return _tables(
        _floe.run(
            "tournament", game, players, bots, games, seed, rules, shuffle_colours,
            False, duplicate, out, threads, force,
        )
    )


def experiment(
    path: PathLike,
    *,
    games: Optional[int] = None,
    out: Optional[PathLike] = None,
    threads: Optional[int] = None,
    force: bool = False,
) -> Dict[str, Any]:
    """Runs an experiment spec (TOML), as ``floe experiment`` does.

    ``games`` plays that many games in every cell instead of the spec's counts.
    """
    return _tables(_floe.experiment(path, games, out, threads, force))


def _tables(raw: Dict[str, str]) -> Dict[str, Any]:
    """Returns each CSV text as a DataFrame (with pandas) or a dict of columns."""
    try:
        import pandas
    except ImportError:
        return {name: _columns(text) for name, text in raw.items()}
    return {name: pandas.read_csv(io.StringIO(text)) for name, text in raw.items()}


def _columns(text: str) -> Dict[str, List[Any]]:
    """Reads CSV text into a dict of columns, numbers as numbers."""
    rows = list(csv.reader(io.StringIO(text)))
    if not rows:
        return {}
    header, body = rows[0], rows[1:]
    return {name: [_value(row[i]) for row in body] for i, name in enumerate(header)}


def _value(text: str) -> Any:
    """Returns a CSV field as an int, a float, a bool or the text, as pandas would."""
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(text, text)
