"""Text from Python reaches each medium only through that medium's gate: a bot function's
`__name__`, a rules file's name and colours, a value of the wrong type. CSV cells are
formula-neutral, the report page escapes them, and what a person reads at a terminal (a
replay's log, an exception's message, anything printed) holds no raw control character."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Callable, Iterator, List, Tuple

import pytest

import floe
import floe.gymnasium
from conftest import run_cli

#: Names that would act on a terminal, run in a spreadsheet, run in a browser, or forge a
#: line of Floe's own.
HOSTILE = ["\x1b[31mevil\x07", '=HYPERLINK("x")', "<script>alert(1)</script>", "a\nb"]

#: Characters that act on a terminal: escape, bell, carriage return.
RAW = ("\x1b", "\x07", "\r")

#: How a spreadsheet formula starts.
FORMULA = ("=", "+", "-", "@", "\t", "\r")


def has_raw(text: str) -> bool:
    return any(c in text for c in RAW)


def named(name: str, answer: Callable[[List[Tuple[int, str]]], int]) -> floe.PythonBot:
    """A Python bot whose `__name__` is `name`, answering `answer(legal)`."""

    def play(observation: floe.Observation, legal: List[Tuple[int, str]]) -> int:
        return answer(legal)

    play.__name__ = name
    return play


def first(legal: List[Tuple[int, str]]) -> int:
    return legal[0][0]


def cells(folder: Path) -> Iterator[Tuple[str, str]]:
    """Every cell of every CSV file in `folder`, with its file's name."""
    for path in sorted(folder.glob("*.csv")):
        with open(path, newline="", encoding="utf-8") as file:
            for row in csv.reader(file):
                for cell in row:
                    yield path.name, cell


def is_number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


def assert_formula_neutral(folder: Path) -> None:
    """No cell a spreadsheet would run: each that starts as a formula does is a number."""
    for name, cell in cells(folder):
        assert not cell.startswith(FORMULA) or is_number(cell), f"{name}: {cell!r}"


def assert_page_escaped(folder: Path) -> None:
    page = (folder / "report.html").read_text(encoding="utf-8")
    assert "<script>alert(1)" not in page


@pytest.mark.parametrize("name", HOSTILE)
def test_a_python_bots_name_passes_every_gate(name, tmp_path, capfd):
    out = tmp_path / "run"
    tables = floe.tournament(
        game="arctic-race", players=2, bots=[named(name, first), "random"], games=20, out=out
    )
    # The tables keep the name as the function has it: they are data, and the CSV's gate
    # is formula neutrality (the cell starts `python:`, which no spreadsheet runs).
    assert f"python:{name}" in set(tables["ratings"]["bot"])
    assert_formula_neutral(out)
    assert_page_escaped(out)

    told = floe.replay(game="arctic-race", players=2, bots=["random", named(name, first)])
    assert "bot python:" in told.text and not has_raw(told.text)
    print(told)

    for answer in (lambda legal: 10_000, lambda legal: "x"):
        with pytest.raises(ValueError) as refused:
            floe.simulate(game="arctic-race", players=2, bots=["random", named(name, answer)],
                          games=5)
        message = str(refused.value)
        assert message.startswith('bot "python:'), message
        assert not has_raw(message) and "\n" not in message, message

    printed = capfd.readouterr()
    assert not has_raw(printed.out + printed.err)


def hostile_rules(folder: Path, name: str) -> Path:
    """A rules file for arctic-race named `name`, whose first colour is `name` too."""
    path = folder / "hostile.toml"
    colours = [name, "blue", "green", "red", "orange", "purple"]
    path.write_text(f"name = {json.dumps(name)}\ncolours = {json.dumps(colours)}\n")
    return path


@pytest.mark.parametrize("name", HOSTILE)
def test_a_rules_files_name_and_colours_pass_every_gate(name, tmp_path, floe_cli, capfd):
    rules = hostile_rules(tmp_path, name)
    out = tmp_path / "run"
    tables = floe.simulate(game="arctic-race", players=2, games=20, rules=rules, out=out,
                           per_game=True)
    neutral = "'" + name if name.startswith(FORMULA) else name
    assert set(tables["seats"]["rules"]) == {neutral}
    assert neutral in set(tables["games"]["colour"])
    assert_formula_neutral(out)
    assert_page_escaped(out)

    told = floe.replay(game="arctic-race", players=2, bots="random", seed=1, rules=rules)
    assert not has_raw(told.text)
    # What the CLI prints, through its console's gate, byte for byte.
    done = run_cli(floe_cli, "replay", "--game", "arctic-race", "--players", "2",
                   "--bots", "random", "--seed", "1", "--rules", str(rules))
    assert done.returncode == 0, done.stderr
    assert told.text == done.stdout
    print(told)

    printed = capfd.readouterr()
    assert not has_raw(printed.out + printed.err)


@pytest.mark.parametrize("name", HOSTILE)
def test_a_name_that_is_no_game_or_file_is_refused_through_the_gate(name, tmp_path):
    calls = [
        lambda: floe.simulate(game=name, players=2, games=5),
        lambda: floe.Game(name),
        lambda: floe.simulate(players=2, games=5, bots=name),
        lambda: floe.simulate(players=2, games=5, shard=name),
        lambda: floe.simulate(players=2, games=5, rules=tmp_path / name),
        lambda: floe.simulate(players=2, games=5, out=hostile_rules(tmp_path, "x") / name),
        lambda: floe.experiment(tmp_path / name),
        lambda: floe.replay(record=tmp_path / name),
    ]
    for call in calls:
        with pytest.raises(ValueError) as refused:
            call()
        message = str(refused.value)
        assert not has_raw(message) and "\n" not in message, message


def test_a_value_of_the_wrong_type_is_shown_through_the_gate():
    # A class may be named anything, and its repr return anything.
    odd = type("\x1b[31mOdd\x07", (), {"__repr__": lambda self: "\x1b]0;owned\x07\nline"})()
    calls = [
        lambda: floe.simulate(players=odd),
        lambda: floe.bot(odd, "x"),
        lambda: floe.bot(first, odd),
        lambda: floe.gymnasium.FloeEnv(seat=odd),
        lambda: floe.VectorGame("goofspiel", threads=odd),
    ]
    for call in calls:
        with pytest.raises((TypeError, ValueError)) as refused:
            call()
        message = str(refused.value)
        assert "owned" in message and not has_raw(message) and "\n" not in message, message
