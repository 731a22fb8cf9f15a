"""Bulk runs from Python give the CLI's tables, byte for byte, and the CLI's errors."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

import pandas
import pytest

import floe
from floe import _floe
from conftest import ROOT, run_cli



def delivery(out):
    """The native run's `delivery` dict: into `out`, on every core, whole, quietly."""
    return {"out": out, "threads": None, "shard": None, "force": False, "progress": None}


def texts(paths: dict[str, str]) -> dict[str, str]:
    return {name: Path(path).read_text() for name, path in paths.items()}


def cli_tables(floe_cli: Path, out: Path, *args: str) -> dict[str, str]:
    done = run_cli(floe_cli, *args, "--out", str(out), "--quiet")
    assert done.returncode == 0, done.stderr
    return {p.stem: p.read_text() for p in sorted(out.glob("*.csv"))}


@pytest.mark.parametrize(
    "game,players,bots",
    [("arctic-race", 3, "random"), ("arctic", 2, "random,greedy"), ("north-pole", 4, "random")],
)
def test_simulate_writes_the_clis_csv_byte_for_byte(floe_cli, tmp_path, game, players, bots):
    cli = cli_tables(
        floe_cli, tmp_path / "cli", "simulate", "--game", game, "--players", str(players),
        "--bots", bots, "--games", "300", "--seed", "11", "--per-game",
    )
    py = texts(_floe.run(
        "simulate", game, players, bots, 300, dict(seed=11, shuffle_colours=False), None,
        True, False,
        delivery(tmp_path / "py"),
    ))
    assert set(py) == set(cli) and "games" in py
    for name in cli:
        assert py[name] == cli[name], f"{name}.csv differs"


def test_tournament_and_experiment_match_the_cli(floe_cli, tmp_path):
    cli = cli_tables(
        floe_cli, tmp_path / "t", "tournament", "--game", "arctic", "--players", "3",
        "--bots", "random,greedy", "--games", "60", "--seed", "4", "--duplicate",
    )
    py = texts(_floe.run(
        "tournament", "arctic", 3, "random,greedy", 60, dict(seed=4, shuffle_colours=False),
        None, False, True,
        delivery(tmp_path / "py-t"),
    ))
    assert py == cli and "ratings" in py
    spec = tmp_path / "sweep.toml"
    spec.write_text(
        'name = "sweep"\nseed = 3\nplayers = [2, 3]\n\n[[lineups]]\nbots = "random"\n'
        'games = 500\n\n[sweep]\nparam = "tiles_removed"\nvalues = [0, 4]\n'
    )
    cli = cli_tables(floe_cli, tmp_path / "e", "experiment", str(spec))
    py = texts(_floe.run_spec("experiment", str(spec), None, delivery(tmp_path / "py-e")))
    assert py == cli and "seats" in py and "cells" in py


def test_tables_come_as_dataframes_equal_to_the_csv(floe_cli, tmp_path):
    tables = floe.simulate(game="arctic-race", players=2, games=500, seed=3, out=tmp_path)
    seats = tables["seats"]
    assert isinstance(seats, pandas.DataFrame)
    pandas.testing.assert_frame_equal(seats, pandas.read_csv(tmp_path / "seats.csv"))
    assert seats["games"].tolist() == [500, 500]
    assert (tmp_path / "manifest.toml").exists(), "out= keeps the run's folder"


def test_without_pandas_tables_are_dicts_of_columns(monkeypatch, tmp_path):
    raw = _floe.run(
        "simulate", "arctic-race", 2, "random", 200, dict(seed=3, shuffle_colours=False),
        None, False, False,
        delivery(tmp_path),
    )
    monkeypatch.setitem(__import__("sys").modules, "pandas", None)
    tables = floe._tables(raw)
    assert tables["seats"]["games"] == [200, 200]
    assert tables["seats"]["game"] == ["arctic-race", "arctic-race"]
    assert isinstance(tables["seats"]["win_rate"][0], float)


def test_shards_from_python_merge_into_the_whole_run(floe_cli, tmp_path):
    whole = floe.simulate(game="arctic", players=3, games=300, seed=2)
    for k in (1, 2):
        part = floe.simulate(
            game="arctic", players=3, games=300, seed=2, shard=f"{k}/2", out=tmp_path / f"s{k}"
        )
        assert "seats" not in part, "a shard writes counts, not results"
    done = run_cli(
        floe_cli, "merge", str(tmp_path / "s1"), str(tmp_path / "s2"), "--out",
        str(tmp_path / "merged"), "--quiet",
    )
    assert done.returncode == 0, done.stderr
    merged = pandas.read_csv(tmp_path / "merged" / "seats.csv")
    pandas.testing.assert_frame_equal(merged, whole["seats"])
    with pytest.raises(ValueError, match=r"shard=3/2: "):
        floe.simulate(games=10, shard="3/2")


def test_progress_is_reported_to_a_callable_up_to_the_whole_run():
    seen = []
    floe.simulate(game="north-pole", players=2, games=3000, progress=lambda d, t: seen.append((d, t)))
    assert seen and seen[-1] == (3000, 3000)
    assert all(t in (0, 3000) and d <= 3000 for d, t in seen)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_the_thread_count_changes_nothing():
    one = floe.simulate(game="arctic", players=3, games=400, seed=9, threads=1)
    two = floe.simulate(game="arctic", players=3, games=400, seed=9, threads=2)
    for name in one:
        pandas.testing.assert_frame_equal(one[name], two[name])


def test_defaults_are_the_clis():
    import inspect

    sim = inspect.signature(floe.simulate).parameters
    assert sim["game"].default == "arctic-race" and sim["players"].default == 4
    assert sim["games"].default == 1_000_000 and sim["seed"].default == 1
    assert sim["bots"].default == "random"
    tour = inspect.signature(floe.tournament).parameters
    assert tour["games"].default == 20_000 and tour["bots"].default == "random,greedy"


@pytest.mark.parametrize(
    "kwargs,exception,message",
    [
        ({"game": "chess"}, ValueError, 'game=chess: unknown game "chess"; games: arctic-race'),
        ({"bots": "randon"}, ValueError, 'bots="randon": unknown bot "randon"'),
        ({"players": 9}, ValueError, "players: arctic-race seats 2 to 6 players, not 9"),
        ({"games": 0}, ValueError, "games: must be at least 1"),
        ({"threads": 0}, ValueError, "threads=0: give at least 1 worker thread"),
        ({"rules": "/no/such.toml"}, ValueError, "rules=/no/such.toml: cannot read the rules file"),
        ({"players": "3"}, TypeError, "players='3': expected a whole number, not str"),
        ({"games": -1}, ValueError, "games=-1: expected a whole number from 0"),
        ({"seed": 2**64}, ValueError, "seed=18446744073709551616: expected a whole number"),
        ({"threads": -2}, ValueError, "threads=-2: expected a whole number from 0"),
        ({"shuffle_colours": "yes"}, TypeError, "shuffle_colours='yes': expected True or False"),
        ({"shard": 2}, TypeError, "shard=2: expected text"),
        ({"bots": 7}, TypeError, "bots: expected a bot spec string"),
    ],
)
def test_bad_input_raises_the_clis_message(kwargs, exception, message):
    with pytest.raises(exception, match=message.replace("(", r"\(").replace(")", r"\)")):
        floe.simulate(games=kwargs.pop("games", 10), **kwargs)


def test_the_binding_reads_the_deal_settings_by_their_declared_names(tmp_path):
    # The Python functions pass the deal on by name; the binding knows the names from
    # Dealing::SETTINGS, so a name it does not declare is refused, listing those it does.
    with pytest.raises(TypeError, match='deal: "shufle_colours" is not a deal setting; they '
                       'are seed, shuffle_colours'):
        _floe.run("simulate", "arctic-race", 2, "random", 10,
                  dict(seed=1, shufle_colours=True), None, False, False, delivery(tmp_path))


def test_a_file_floe_did_not_write_names_the_keyword_arguments(tmp_path):
    (tmp_path / "seats.csv").write_text("mine")
    with pytest.raises(ValueError) as refused:
        floe.simulate(games=10, out=tmp_path)
    message = str(refused.value)
    assert message.startswith(f"out={tmp_path}: {tmp_path / 'seats.csv'}: Floe did not write")
    assert "choose another out=, or give force= to replace it" in message
    assert "--" not in message
    assert (tmp_path / "seats.csv").read_text() == "mine"


def test_a_bad_rules_file_names_its_line(tmp_path):
    rules = tmp_path / "short.toml"
    rules.write_text('name = "short"\nround_limit = 0\n')
    with pytest.raises(ValueError, match=r"rules=.*short.toml: line 2: round_limit"):
        floe.simulate(games=10, rules=rules)


def test_ctrl_c_stops_a_long_run_cleanly(tmp_path):
    out = tmp_path / "stopped"
    timer = threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        floe.simulate(game="north-pole", players=4, games=10_000_000, out=out)
    assert time.monotonic() - started < 30, "the run stopped soon after Ctrl-C"
    assert list(tmp_path.iterdir()) == [], "nothing written, not even a staging folder"


def test_ctrl_c_stops_a_run_with_a_python_bot():
    def slow(observation, legal):
        time.sleep(0.001)
        return legal[0][0]

    timer = threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        floe.simulate(game="arctic", players=2, bots=["random", slow], games=1_000_000)


def test_profile_and_tune_write_the_clis_csv_byte_for_byte(floe_cli, tmp_path):
    cli = cli_tables(
        floe_cli, tmp_path / "cli-p", "profile", "--game", "goofspiel", "--players", "2",
        "--ladder", "random,greedy", "--games", "30", "--seed", "5", "--arc",
    )
    py = floe.profile(
        game="goofspiel", players=2, ladder="random,greedy", games=30, seed=5, arc=True,
        out=tmp_path / "py-p",
    )
    assert set(py) == set(cli) and {"profile", "ratings", "arc"} <= set(py)
    assert texts({name: tmp_path / "py-p" / f"{name}.csv" for name in py}) == cli
    spec = ROOT / "experiments" / "tune" / "tiles-removed-random.toml"
    cli = cli_tables(floe_cli, tmp_path / "cli-t", "tune", str(spec), "--games", "600")
    py = floe.tune(spec, games=600, out=tmp_path / "py-t")
    assert "validation" in py
    assert texts({name: tmp_path / "py-t" / f"{name}.csv" for name in py}) == cli


def test_arc_gives_how_the_games_unfold_as_the_clis_arc_does(floe_cli, tmp_path):
    cli = cli_tables(
        floe_cli, tmp_path / "cli", "simulate", "--game", "goofspiel", "--players", "2",
        "--bots", "greedy,random", "--games", "300", "--per-game", "--arc",
    )
    py = floe.simulate(
        game="goofspiel", players=2, bots="greedy,random", games=300, per_game=True, arc=True,
        out=tmp_path / "py",
    )
    assert (tmp_path / "py" / "arc.csv").read_text() == cli["arc"]
    assert list(py["arc"]["measure"])[:3] == ["lead_changes", "drama", "deficit"]
    assert "lead_changes" in py["games"].columns
    assert "arc" not in floe.simulate(game="goofspiel", players=2, games=20)
