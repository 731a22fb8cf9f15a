"""`floe.replay`: a game of a run (or of a `floe play` record) told again, byte for byte
as `floe replay` prints it, with its final scores."""

from __future__ import annotations

import re

import pytest

import floe
from conftest import run_cli


def cli_replay(floe_cli, *args: str) -> str:
    done = run_cli(floe_cli, "replay", *args)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize(
    "kwargs, flags",
    [
        (dict(game="goofspiel", players=2, bots="random,greedy", seed=3, index=2),
         ["--game", "goofspiel", "--players", "2", "--bots", "random,greedy", "--seed", "3",
          "--index", "2"]),
        (dict(game="arctic", players=3, bots="greedy", seed=7, index=5, seat=1,
              shuffle_colours=True),
         ["--game", "arctic", "--players", "3", "--bots", "greedy", "--seed", "7",
          "--index", "5", "--seat", "1", "--shuffle-colours"]),
        (dict(game="north-pole", players=2, bots="random,greedy", seed=2, index=3,
              tournament=True, games=4, duplicate=True),
         ["--game", "north-pole", "--players", "2", "--bots", "random,greedy", "--seed", "2",
          "--index", "3", "--tournament", "--games", "4", "--duplicate"]),
        # Without games=, a tournament of one cycle of seatings, as the CLI takes it.
        (dict(game="arctic-race", players=3, bots="random,greedy,mcts:iters=20", seed=4, index=5,
              tournament=True),
         ["--game", "arctic-race", "--players", "3", "--bots", "random,greedy,mcts:iters=20",
          "--seed", "4", "--index", "5", "--tournament"]),
    ],
)
def test_a_seeded_game_is_told_as_the_cli_tells_it(floe_cli, kwargs, flags):
    told = floe.replay(**kwargs)
    assert told.text == cli_replay(floe_cli, *flags)
    assert str(told) == told.text
    # The final scores, read back: one entry per seat, the winners those with the most.
    players = kwargs["players"]
    assert len(told.scores) == len(told.progress) == len(told.winners) == players
    assert any(told.winners)
    assert f"final scores ({told.end_cause}):" in told.text
    for seat in range(players):
        assert f"  seat {seat}: {told.scores[seat]} points, {told.progress[seat]} " in told.text


def test_the_final_scores_are_the_runs(tmp_path):
    tables = floe.simulate(game="goofspiel", players=2, bots="random,greedy", games=4, seed=3,
                           per_game=True, progress=False)
    rows = tables["games"]
    for index in range(4):
        told = floe.replay(game="goofspiel", players=2, bots="random,greedy", seed=3,
                           index=index)
        mine = rows[rows["game_index"] == index].sort_values("seat")
        assert told.scores == [int(s) for s in mine["score"]]


def test_a_record_of_floe_play_is_told_as_the_cli_tells_it(floe_cli, tmp_path):
    record = tmp_path / "game.toml"
    done = run_cli(floe_cli, "play", "--game", "goofspiel", "--players", "2", "--seed", "5",
                   "--bots", "person,greedy", "--record", str(record), stdin="2\n" * 10)
    assert done.returncode == 0, done.stderr
    told = floe.replay(record=record)
    assert told.text == cli_replay(floe_cli, "--record", str(record))
    assert "seat 0: red, bot person" in told.text
    seen = floe.replay(record=str(record), seat=1)
    assert seen.text == cli_replay(floe_cli, "--record", str(record), "--seat", "1")
    assert seen.scores == told.scores


def test_a_seat_sees_only_its_own_face_down_bids():
    game = dict(game="goofspiel", players=2, bots="random,greedy", seed=3)
    full = floe.replay(**game).text
    seen = floe.replay(**game, seat=1).text
    own = re.findall(r"seat 1 bids \d face down", full)
    others = re.findall(r"seat 0 bids \d face down", full)
    assert own and others
    assert "as seat 1 saw it" in seen
    for line in own:
        assert line in seen                   # its own bids, with their cards
    assert not re.search(r"seat 0 bids \d face down", seen)
    assert "seat 0 bids a card face down" in seen
    assert "seat 0 chooses among" not in seen  # seat 0's hand is hidden from seat 1


@pytest.mark.parametrize(
    "kwargs, error, words",
    [
        (dict(game="goofspiel", players=2, seat=2), ValueError, "seat=2"),
        (dict(game="goofspiel", players=2, seat="1"), TypeError, "seat='1'"),
        (dict(index=-1), ValueError, "index=-1"),
        (dict(index=1.5), TypeError, "index=1.5"),
        (dict(games=3, index=3), ValueError, "index=3"),
        (dict(games=0), ValueError, "games=0"),
        (dict(bots="randon"), ValueError, 'bots="randon"'),
        (dict(game="chess"), ValueError, 'game=chess: unknown game'),
        (dict(duplicate=True), ValueError, "duplicate=True"),
        (dict(record="no-such-record.toml"), ValueError, "record=no-such-record.toml"),
        (dict(record="x.toml", index=2), ValueError, "index=2"),
        (dict(record="x.toml", tournament=True), ValueError, "tournament=True"),
        (dict(record=7), TypeError, "record=7"),
    ],
)
def test_bad_arguments_are_refused_naming_them(kwargs, error, words):
    with pytest.raises(error) as raised:
        floe.replay(**kwargs)
    assert words in str(raised.value)


def test_a_python_bot_is_asked_again():
    def lowest(observation, legal):
        return min(number for number, _ in legal)

    told = floe.replay(game="goofspiel", players=2, bots=["random", lowest], seed=4)
    assert "bot python:lowest" in told.text
    assert "seat 1 bids 1 face down" in told.text

    def broken(observation, legal):
        raise KeyError("no answer")

    with pytest.raises(KeyError):
        floe.replay(game="goofspiel", players=2, bots=["random", broken])
