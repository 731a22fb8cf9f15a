"""The researcher's guide's bot of one's own in Rust (examples/first-bot, `edge`) and the same
bot written in Python play the same tournament: the same seeds deal the same games, and a bot that
decides from what it is asked alone answers alike in either language, so every table,
ratings included, holds the same numbers."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

import floe

#: The example's binary, `first-bot` (Floe's command line with `edge` added).
EXAMPLE = os.environ.get("FLOE_EXAMPLE_BIN")

#: The tables of a tournament, by file name without `.csv`.
TABLES = ["tournament", "pairwise", "ratings", "seats", "game_stats", "tests"]


def edge(observation: floe.Observation, legal: list[tuple[int, str]]) -> int:
    """The example's `edge` bot, with its default `end=low`: the lowest answer number."""
    return min(number for number, _ in legal)


@pytest.mark.skipif(
    not EXAMPLE,
    reason="FLOE_EXAMPLE_BIN is not set: give the path of the example's binary "
    "(`cargo build -p floe-first-bot` writes target/debug/first-bot; .ci/run sets it)",
)
def test_the_rust_bot_and_its_python_twin_write_the_same_tables(tmp_path: Path):
    rust, python = tmp_path / "rust", tmp_path / "python"
    args = ["--game", "arctic-race", "--players", "2", "--games", "300", "--seed", "3"]
    done = subprocess.run(
        [EXAMPLE, "tournament", *args, "--bots", "random,greedy,edge", "--quiet", "--out", rust],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    twin = floe.bot(edge, name="edge")
    tables = floe.tournament(
        game="arctic-race", players=2, games=300, seed=3, bots=["random", "greedy", twin],
        out=python,
    )
    rated = tables["ratings"].set_index("bot")["rating"]
    assert rated.notna().all() and rated["python:edge"] > rated["random"], rated
    for table in TABLES:
        ours = (python / f"{table}.csv").read_text().replace("python:edge", "edge")
        assert ours == (rust / f"{table}.csv").read_text(), table
