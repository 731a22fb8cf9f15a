"""Floe from Python: simulate tabletop games with bots and measure who wins and why.

Bulk runs (:func:`simulate`, :func:`tournament`, :func:`experiment`) take the CLI's
options as keyword arguments with the same defaults and return the tables the CLI writes,
as ``pandas.DataFrame`` when pandas is installed (else a dict of columns), number for
number the CLI's CSV files. They run on every core with the GIL released; Ctrl-C stops
them cleanly.

:class:`Game` steps one game answer by answer; a Python function can take a seat in a
run (``bots=["random", my_bot]``); :mod:`floe.pettingzoo` wraps every game as a
PettingZoo AEC environment and :mod:`floe.gymnasium` as a single-agent Gymnasium one,
Floe's bots answering the seats no agent learns (``opponents=``).

Example::

    import floe
    tables = floe.simulate(game="arctic", players=3, games=2000, seed=7)
    print(tables["seats"][["seat", "win_rate", "ci_low", "ci_high"]])
"""

from __future__ import annotations

import csv
import os
import re
import sys
import tempfile
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

from . import _floe
from ._floe import Game, Observation, VectorGame, games

__all__ = [
    "Game",
    "Observation",
    "PythonBot",
    "VectorGame",
    "Replay",
    "bot",
    "experiment",
    "exploitability",
    "games",
    "profile",
    "replay",
    "simulate",
    "tournament",
    "tune",
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

#: How a run shows its progress: ``None`` draws a bar when stderr is a terminal (as the
#: CLI does), ``True`` always, ``False`` never; a callable is called as
#: ``progress(games_done, games_in_all)`` a few times a second and at the end.
Progress = Union[None, bool, Callable[[int, int], None]]


def bot(function: PythonBot, name: str) -> PythonBot:
    """Names a Python bot: it enters a run as ``python:NAME`` rather than under its
    function's ``__name__`` (``python:<lambda>`` for a lambda).

    ``name`` is letters, digits, ``-``, ``_`` and ``.``, as a bot spec's name is.
    """
    if not callable(function):
        raise TypeError(f"function={_floe.line(repr(function))}: expected a callable bot")
    if not isinstance(name, str) or not name or not all(
        c.isalnum() or c in "-_." for c in name
    ):
        raise ValueError(
            f"name={_floe.line(repr(name))}: expected letters, digits, '-', '_' or '.'"
        )

    def named(observation: Observation, legal: List[Tuple[int, str]]) -> int:
        return function(observation, legal)

    named.__name__ = name
    return named


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
    arc: bool = False,
    out: Optional[PathLike] = None,
    threads: Optional[int] = None,
    shard: Optional[str] = None,
    force: bool = False,
    progress: Progress = None,
) -> Dict[str, Any]:
    """Plays many seeded games in parallel, as ``floe simulate`` does.

    ``bots`` gives one bot for every seat or one per seat. ``out`` keeps the CSV files
    (and charts) in that folder as the CLI writes them; left out, they are not kept.
    ``shard="K/N"`` plays block K of N of the run and writes its counts into ``out`` for
    ``floe merge``. Returns every table the run writes, by file name without ``.csv``
    (``seats``, ``colours``, ``game_stats``, ``games`` with ``per_game=True``, ...).
    ``arc=True`` follows how each game unfolds, as ``--arc`` does: the ``arc`` table, and
    each game's measures as columns of ``games`` with ``per_game=True``.
    """
    return _in_folder(
        out,
        lambda folder: _floe.run(
            "simulate", game, players, bots, games,
            dict(seed=seed, shuffle_colours=shuffle_colours), rules, per_game, False,
            _delivery(folder, threads, shard, force, progress), arc=arc,
        ),
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
    arc: bool = False,
    out: Optional[PathLike] = None,
    threads: Optional[int] = None,
    shard: Optional[str] = None,
    force: bool = False,
    progress: Progress = None,
) -> Dict[str, Any]:
    """Rotates the entrants through every seat, as ``floe tournament`` does.

    An entrant may be a Python bot: it meets Floe's bots with seat rotation and is
    rated with them (the ``tournament``, ``pairwise`` and ``ratings`` tables). A Python
    bot that is a function of its arguments alone gives the same results whatever the
    thread count; one that keeps state between calls sees them in no fixed order.
    ``arc=True`` follows how each game unfolds, as ``--arc`` does (the ``arc`` table).
    """
    return _in_folder(
        out,
        lambda folder: _floe.run(
            "tournament", game, players, bots, games,
            dict(seed=seed, shuffle_colours=shuffle_colours), rules, False, duplicate,
            _delivery(folder, threads, shard, force, progress), arc=arc,
        ),
    )


def experiment(
    path: PathLike,
    *,
    games: Optional[int] = None,
    out: Optional[PathLike] = None,
    threads: Optional[int] = None,
    shard: Optional[str] = None,
    force: bool = False,
    progress: Progress = None,
) -> Dict[str, Any]:
    """Runs an experiment spec (TOML), as ``floe experiment`` does.

    ``games`` plays that many games in every cell instead of the spec's counts.
    """
    return _in_folder(
        out,
        lambda folder: _floe.run_spec(
            "experiment", path, games, _delivery(folder, threads, shard, force, progress)
        ),
    )


def profile(
    *,
    game: str = "arctic-race",
    players: int = 4,
    ladder: Optional[str] = None,
    games: int = 100,
    seed: int = 1,
    rules: Optional[PathLike] = None,
    shuffle_colours: bool = False,
    out: Optional[PathLike] = None,
    threads: Optional[int] = None,
    force: bool = False,
    progress: Progress = None,
    arc: bool = False,
) -> Dict[str, Any]:
    """A game's skill-versus-luck profile, as ``floe profile`` does: a duplicate
    tournament of a ladder of bots, weakest first (``ladder="random,greedy,mcts:iters=100"``;
    left out, the default ladder, timed on this machine), over ``games`` deals.

    Returns every table the profile writes: ``profile`` (skill depth, upsets, seat
    advantage), ``profile_ladder``, ``ratings``, ``pairwise``, ``seats``, ...; with
    ``arc=True`` (as ``--arc``) also ``arc``, how the tournament's games unfolded.
    """
    return _in_folder(
        out,
        lambda folder: _floe.profile(
            game, players, ladder, games, dict(seed=seed, shuffle_colours=shuffle_colours),
            rules, _delivery(folder, threads, None, force, progress), arc=arc,
        ),
    )


def exploitability(
    *,
    game: str = "goofspiel",
    bots: Bots = "random,greedy,mcts",
    rules: Optional[PathLike] = None,
    payoff: str = "difference",
    samples: int = 100,
    resamples: int = 100,
    seed: int = 1,
    out: Optional[PathLike] = None,
    threads: Optional[int] = None,
    force: bool = False,
    progress: Progress = None,
) -> Dict[str, Any]:
    """Solves a small two-player game exactly and measures how far each bot plays from an
    equilibrium, as ``floe solve`` does: what its play loses against a best response to
    it (OpenSpiel's exploitability of the bot playing both seats), its strategy sampled
    ``samples`` times at every question, with a 95% interval from ``resamples`` resamples.

    Only Goofspiel with a few cards can be solved; without ``rules`` it is solved at 3
    cards. ``bots`` may hold Python callables too. ``payoff`` is ``"difference"`` (seat
    0's score minus seat 1's) or ``"win-loss"``. Returns the ``exploitability`` table: a
    row per bot, with the game's ``value``, ``exploitability``, ``ci_low``, ``ci_high``
    and each seat's loss.
    """
    return _in_folder(
        out,
        lambda folder: _floe.solve(
            game, rules, payoff, bots, samples, resamples, seed,
            _delivery(folder, threads, None, force, progress, unit="questions"),
        ),
    )


def tune(
    path: PathLike,
    *,
    games: Optional[int] = None,
    out: Optional[PathLike] = None,
    threads: Optional[int] = None,
    force: bool = False,
    progress: Progress = None,
) -> Dict[str, Any]:
    """Runs a tune spec (TOML), as ``floe tune`` does; ``games`` makes it a quick trial
    (that many games at each player count for the search and for the validation).

    Returns ``search``, ``progress`` and ``validation`` (each finalist's objective with
    its interval, the baseline and the pick).
    """
    return _in_folder(
        out,
        lambda folder: _floe.run_spec(
            "tune", path, games, _delivery(folder, threads, None, force, progress)
        ),
    )


@dataclass(frozen=True)
class Replay:
    """One game told again by :func:`replay`: ``text`` is what ``floe replay`` prints
    (also ``str(replay)``); the rest is its final scores, read from that text."""

    #: The log, byte for byte the CLI's.
    text: str
    #: Points per seat.
    scores: List[int]
    #: The game's progress figure per seat, named by ``progress_name``.
    progress: List[int]
    #: The progress figure's name, as the log says it (``prizes won``).
    progress_name: str
    #: Whether each seat won (a shared win marks several).
    winners: List[bool]
    #: How the game ended (``cards-out``).
    end_cause: str

    def __str__(self) -> str:
        return self.text


def replay(
    *,
    game: str = "arctic-race",
    players: int = 4,
    bots: Bots = "random",
    seed: int = 1,
    rules: Optional[PathLike] = None,
    shuffle_colours: bool = False,
    index: int = 0,
    seat: Optional[int] = None,
    games: Optional[int] = None,
    tournament: bool = False,
    duplicate: bool = False,
    record: Optional[PathLike] = None,
) -> Replay:
    """Plays one game of a run again from its seed and tells it, as ``floe replay`` does.

    The run is that of :func:`simulate` with the same ``game``, ``players``, ``bots``,
    ``seed``, ``rules`` and ``shuffle_colours``; ``index`` picks its game (the
    ``game_index`` column of the ``games`` table). ``tournament=True`` tells a game of
    :func:`tournament` instead (``bots`` its entrants; ``games`` its size, one cycle of
    seatings when left out, and ``duplicate`` as it was run). ``seat=S`` tells the game as seat S saw it: its
    own board, the others' face-down cards hidden. ``record`` tells the game of a
    ``floe play`` record (which names the game, rules, seats and seed: only ``seat``
    applies). Python bots in ``bots`` are asked again, so they must answer as they did.

    Returns a :class:`Replay`: the text the CLI prints, and the final scores.
    """
    text = _floe.replay(
        game, players, bots, dict(seed=seed, shuffle_colours=shuffle_colours), rules,
        index, seat, games, tournament, duplicate, record,
    )
    return _told(text)


#: A seat's line of the final scores: points, progress and its name, a win.
_SCORE_LINE = re.compile(r"  seat (\d+): (-?\d+) points, (-?\d+) (.*?)(  WINNER|  shared win)?")


def _told(text: str) -> Replay:
    """Reads the final scores that end a replay's text."""
    head, _, scores = text.rpartition("final scores (")
    end_cause, _, rest = scores.partition("):\n")
    lines = [_SCORE_LINE.fullmatch(line) for line in rest.splitlines()]
    if not head or not lines or not all(lines):
        raise RuntimeError(f"a replay that does not end with its final scores: {text[-300:]!r}")
    seats = [m for m in lines if m is not None]
    return Replay(
        text=text,
        scores=[int(m.group(2)) for m in seats],
        progress=[int(m.group(3)) for m in seats],
        progress_name=seats[0].group(4),
        winners=[m.group(5) is not None for m in seats],
        end_cause=end_cause,
    )


def _in_folder(out: Optional[PathLike], run: Callable[[PathLike], Dict[str, str]]) -> Dict[str, Any]:
    """Runs into `out`, or into a folder removed afterwards, and reads the tables back."""
    if out is not None:
        return _tables(run(out))
    with tempfile.TemporaryDirectory(prefix="floe-") as scratch:
        return _tables(run(os.path.join(scratch, "run")))


def _delivery(
    out: PathLike,
    threads: Optional[int],
    shard: Optional[str],
    force: bool,
    progress: Progress,
    unit: str = "games",
) -> Dict[str, Any]:
    """Where a run writes and how it runs, as the native functions take them: one dict,
    each keyword checked there as the CLI checks its flag; the progress bar counts
    ``unit``."""
    return {
        "out": out,
        "threads": threads,
        "shard": shard,
        "force": force,
        "progress": _progress(progress, unit),
    }


def _progress(progress: Progress, unit: str = "games") -> Optional[Callable[[int, int], None]]:
    """Returns the callable a run reports its progress to (counting ``unit``), or None for
    none."""
    if progress is None:
        progress = sys.stderr.isatty()
    if progress is True:
        return _Bar(unit)
    if progress is False:
        return None
    return progress


class _Bar:
    """A progress bar on stderr: tqdm's when tqdm is installed, else a line of counts."""

    def __init__(self, unit: str = "games") -> None:
        self._tqdm: Any = None
        self._done = False
        self._unit = unit

    def __call__(self, done: int, total: int) -> None:
        if total == 0 or self._done:
            return
        try:
            from tqdm import tqdm
        except ImportError:
            sys.stderr.write(f"\r{done:,}/{total:,} {self._unit}")
            if done >= total:
                sys.stderr.write("\n")
        else:
            if self._tqdm is None:
                self._tqdm = tqdm(total=total, unit=self._unit, file=sys.stderr)
            self._tqdm.update(done - self._tqdm.n)
            if done >= total:
                self._tqdm.close()
        self._done = done >= total


def _tables(paths: Dict[str, str]) -> Dict[str, Any]:
    """Reads each CSV file as a DataFrame (with pandas) or a dict of columns."""
    try:
        import pandas
    except ImportError:
        return {name: _columns(path) for name, path in paths.items()}
    return {name: pandas.read_csv(path) for name, path in paths.items()}


def _columns(path: str) -> Dict[str, List[Any]]:
    """Reads a CSV file into a dict of columns, numbers as numbers."""
    with open(path, newline="", encoding="utf-8") as file:
        rows = list(csv.reader(file))
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
