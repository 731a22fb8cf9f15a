"""Type stubs of the native module ``floe._floe`` (checked by ``mypy.stubtest``)."""

import os
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union, final


__all__ = [
    "Game", "Observation", "__version__", "experiment", "games", "profile", "run", "tune",
]
__version__: str

_Path = Union[str, os.PathLike[str]]

def games() -> List[str]:
    """The names of the games Floe offers."""

def run(
    kind: str,
    game: str,
    players: int,
    bots: Union[str, Sequence[Any]],
    games: int,
    seed: int,
    rules: Optional[_Path],
    shuffle_colours: bool,
    per_game: bool,
    duplicate: bool,
    delivery: Dict[str, Any],
) -> Dict[str, str]:
    """Plays one cell as ``floe simulate`` or ``floe tournament`` into ``delivery["out"]``
    (with its ``threads``, ``shard``, ``force`` and ``progress``); CSV paths by name."""

def experiment(
    path: _Path,
    games: Optional[int],
    delivery: Dict[str, Any],
) -> Dict[str, str]:
    """Runs an experiment spec into ``delivery["out"]``, as ``run`` does; CSV paths by name."""

def profile(
    game: str,
    players: int,
    ladder: Optional[str],
    games: int,
    seed: int,
    rules: Optional[_Path],
    shuffle_colours: bool,
    delivery: Dict[str, Any],
) -> Dict[str, str]:
    """Profiles a game into ``delivery["out"]``, as ``floe profile`` does; CSV paths by name."""

def tune(
    path: _Path,
    games: Optional[int],
    delivery: Dict[str, Any],
) -> Dict[str, str]:
    """Runs a tune spec into ``delivery["out"]``, as ``floe tune`` does; CSV paths by name."""

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
    ) -> "Game": ...
    @property
    def name(self) -> str: ...
    @property
    def players(self) -> int: ...
    @property
    def action_count(self) -> int: ...
    @property
    def encoding_len(self) -> int: ...
    def to_act(self) -> Optional[int]:
        """The seat whose question is pending, or None once the game is over."""
    def is_over(self) -> bool:
        """Whether the game is over."""
    def legal_actions(self) -> List[Tuple[int, str]]:
        """The answers to the pending question as (number, text) pairs."""
    def action_text(self, action: int) -> str:
        """What the answer numbered ``action`` does, legal now or not."""
    def apply(self, action: int) -> List[str]:
        """Carries out answer ``action`` (ValueError if not legal; the game unchanged)."""
    def observation(self, seat: int) -> Observation:
        """What ``seat`` knows."""
    def outcome(self) -> Optional[Dict[str, Any]]:
        """The result once the game is over, None before."""
    def bot_answer(self, spec: str) -> int:
        """The answer number a built-in bot gives the pending question."""
    def clone(self) -> "Game":
        """A copy of the game as it stands."""
    def __copy__(self) -> "Game": ...
    def __deepcopy__(self, memo: Any, /) -> "Game": ...
