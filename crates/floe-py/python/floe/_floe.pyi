"""Type stubs of the native module ``floe._floe`` (checked by ``mypy.stubtest``)."""

import os
import numpy as np
import numpy.typing as npt
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union, final


__all__ = [
    "Game", "Observation", "VectorGame", "__version__", "_load_game", "games", "line", "profile",
    "replay",
    "run", "run_spec", "solve",
]
__version__: str

_Path = Union[str, os.PathLike[str]]

def _load_game(saved: str) -> "Game":
    """Sets a pickled game up again."""

def games() -> List[str]:
    """The names of the games Floe offers."""

def line(text: str) -> str:
    """``text`` kept on the line of a message: every control character escaped, a newline
    and a tab too, as Floe shows a value it was given."""

def profile(
    game: str,
    players: int,
    ladder: Optional[str],
    games: int,
    deal: Dict[str, Any],
    rules: Optional[_Path],
    delivery: Dict[str, Any],
    arc: bool = ...,
) -> Dict[str, str]:
    """Profiles a game into ``delivery["out"]``, as ``floe profile`` does; CSV paths by name."""

def solve(
    game: str,
    rules: Optional[_Path],
    payoff: str,
    bots: Any,
    samples: int,
    resamples: int,
    seed: int,
    delivery: Dict[str, Any],
) -> Dict[str, str]:
    """Solves a small game and measures bots into ``delivery["out"]``, as ``floe solve``
    does; CSV paths by name."""

def replay(
    game: str,
    players: int,
    bots: Union[str, Sequence[Any]],
    deal: Dict[str, Any],
    rules: Optional[_Path],
    index: int,
    seat: Optional[int],
    games: Optional[int],
    tournament: bool,
    duplicate: bool,
    record: Optional[_Path],
) -> str:
    """Tells one game again as ``floe replay`` does and returns the text it prints
    (through the terminal's gate, as the CLI prints it)."""

def run(
    kind: str,
    game: str,
    players: int,
    bots: Union[str, Sequence[Any]],
    games: int,
    deal: Dict[str, Any],
    rules: Optional[_Path],
    per_game: bool,
    duplicate: bool,
    delivery: Dict[str, Any],
    arc: bool = ...,
) -> Dict[str, str]:
    """Plays one cell as ``floe simulate`` or ``floe tournament`` into ``delivery["out"]``
    (with its ``threads``, ``shard``, ``force`` and ``progress``), dealt by ``deal`` (the
    deal settings by name: ``seed``, ``shuffle_colours``); CSV paths by name."""

def run_spec(
    kind: str,
    path: _Path,
    games: Optional[int],
    delivery: Dict[str, Any],
) -> Dict[str, str]:
    """Runs an experiment (``kind`` "experiment") or tune spec into ``delivery["out"]``,
    as ``floe experiment`` or ``floe tune`` does; CSV paths by name."""


@final
class Observation:
    """What one seat knows: ``data`` (a dict), ``text`` and ``encoding``."""

    @property
    def seat(self) -> int: ...
    @property
    def text(self) -> str: ...
    @property
    def data(self) -> Dict[str, Any]: ...
    @property
    def encoding(self) -> List[float]: ...

@final
class Game:
    """One game in progress, stepped answer by answer."""

    def __new__(
        cls,
        name: str,
        players: int = 4,
        seed: int = 1,
        rules: Optional[_Path] = None,
        opponents: Optional[Dict[int, str]] = None,
    ) -> "Game": ...
    @property
    def name(self) -> str: ...
    @property
    def players(self) -> int: ...
    @property
    def opponents(self) -> Dict[int, str]:
        """The bots seated by ``opponents=``, by seat."""
    @property
    def action_count(self) -> int: ...
    @property
    def encoding_len(self) -> int: ...
    def encoding_layout(self) -> List[Dict[str, Any]]:
        """The encoding's named fields, in order: dicts of ``name``, ``start``, ``stop``,
        ``shape`` and ``meaning``."""
    def to_act(self) -> Optional[int]:
        """The seat whose question is pending, or None once the game is over."""
    def is_over(self) -> bool:
        """Whether the game is over."""
    def legal_actions(self) -> List[Tuple[int, str]]:
        """The answers to the pending question as (number, text) pairs."""
    def action_text(self, action: int) -> str:
        """What the answer numbered ``action`` does, legal now or not (ValueError at or
        above ``action_count``)."""
    def apply(self, action: int, events: bool = True) -> List[str]:
        """Carries out answer ``action`` (ValueError if not legal; the game unchanged);
        returns its events, none with ``events=False``."""
    def encoded(self, seat: int) -> Tuple[Any, Any]:
        """``seat``'s encoding (float32 array) and the mask of legal answers (int8)."""
    def redeal(self, seed: int) -> None:
        """Deals game 0 of the run with master seed ``seed`` at this table."""
    def observation(self, seat: int) -> Observation:
        """What ``seat`` knows."""
    def outcome(self) -> Optional[Dict[str, Any]]:
        """The result once the game is over, None before."""
    def bot_answer(self, spec: str) -> int:
        """The answer number a built-in bot gives the pending question."""
    def play_bots(self) -> int:
        """Lets the seated bots answer until a seat without one is asked or the game ends;
        returns how many answers they gave."""
    def clone(self) -> "Game":
        """A copy of the game as it stands."""
    def __copy__(self) -> "Game": ...
    def __deepcopy__(self, memo: Any, /) -> "Game": ...
    @property
    def history(self) -> List[Tuple[int, int]]:
        """Every answer carried out since the deal, as ``(seat, number)`` pairs."""
    def __reduce__(self) -> Tuple[Any, Tuple[str]]: ...
    @staticmethod
    def from_record(path: _Path) -> "Game":
        """Opens the game of a ``floe play`` record where the record ends."""
    def write_record(self, path: _Path, force: bool = False) -> _Path:
        """Writes the game as a record ``floe replay --record`` tells; returns the path."""

@final
class VectorGame:
    """A batch of games of one kind, stepped together."""

    def __new__(
        cls,
        game: str,
        players: int = 2,
        seat: int = 0,
        opponents: Optional[Union[str, Dict[int, str]]] = None,
        batch: int = 8,
        seed: int = 0,
        rules: Optional[_Path] = None,
        threads: Optional[int] = None,
    ) -> "VectorGame": ...
    @property
    def name(self) -> str: ...
    @property
    def players(self) -> int: ...
    @property
    def seat(self) -> int: ...
    @property
    def batch(self) -> int: ...
    @property
    def opponents(self) -> Dict[int, str]: ...
    @property
    def action_count(self) -> int: ...
    @property
    def encoding_len(self) -> int: ...
    @property
    def threads(self) -> int: ...
    def reset(
        self, seed: Optional[int] = None
    ) -> Tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        """Deals every game afresh; returns the observations and action masks."""
    def step(
        self, actions: npt.NDArray[np.int64]
    ) -> Tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.int8],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
    ]:
        """One answer per game; returns observations, masks, rewards, finished flags."""
    def illegal(self) -> npt.NDArray[np.bool_]:
        """Which games' answers the last step refused."""
    def scores(self, i: int) -> Optional[List[int]]:
        """Game ``i``'s points per seat once over."""
