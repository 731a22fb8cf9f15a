"""Games that save and load: a `floe.Game` pickles and unpickles and goes on identically,
exposes its history, opens a record `floe play` wrote, and writes a record that
`floe replay --record` tells."""

from __future__ import annotations

import copy
import pickle

import pytest

import floe
from conftest import run_cli


def step(game: floe.Game, answers: int) -> None:
    """Answers `answers` of seat 0's questions with its first legal answer, the seated
    bots answering theirs."""
    for _ in range(answers):
        game.play_bots()
        if game.is_over():
            return
        game.apply(game.legal_actions()[0][0])
    game.play_bots()


def where(game: floe.Game) -> list:
    """What every seat sees and the answers offered: where the game stands."""
    seen = [str(game.observation(s)) for s in range(game.players)]
    return seen + [game.legal_actions()]


def half_played() -> floe.Game:
    game = floe.Game("arctic-race", players=2, seed=7, opponents={1: "greedy"})
    step(game, 3)
    game.bot_answer("mcts:iters=20")  # advice seat 0 does not take
    step(game, 3)
    return game


def test_a_pickled_game_goes_on_identically():
    game = half_played()
    again = pickle.loads(pickle.dumps(game))
    assert again.history == game.history
    assert len(game.history) > 6
    assert where(again) == where(game)
    assert again.opponents == {1: "greedy"}
    step(game, 1000)
    step(again, 1000)
    assert game.outcome() == again.outcome() is not None


def test_the_history_lists_every_answer_carried_out_in_order():
    game = floe.Game("goofspiel", players=2, seed=1)
    first = game.legal_actions()[0][0]
    game.apply(first)
    assert game.history == [(0, first)]
    assert copy.copy(game).history == game.history


def test_a_written_record_is_told_by_the_cli_and_opens_again(tmp_path, floe_cli):
    game = half_played()
    path = tmp_path / "half.toml"
    game.write_record(path)
    opened = floe.Game.from_record(path)
    assert where(opened) == where(game)
    assert opened.opponents == {1: "greedy"}
    step(game, 1000)
    game.write_record(path)
    told = run_cli(floe_cli, "replay", "--record", str(path))
    assert told.returncode == 0, told.stderr
    scores = game.outcome()["scores"]
    ended = floe.Game.from_record(path)
    assert ended.outcome()["scores"] == scores
    # Another file of the same name is not replaced unless asked.
    other = tmp_path / "notes.toml"
    other.write_text("mine\n")
    with pytest.raises(ValueError, match="force=True"):
        game.write_record(other)
    game.write_record(other, force=True)
    assert floe.Game.from_record(other).outcome() == game.outcome()


def test_a_record_floe_play_wrote_opens_where_it_ended(tmp_path, floe_cli):
    path = tmp_path / "played.toml"
    played = run_cli(
        floe_cli, "play", "--game", "arctic-race", "--players", "2", "--seed", "5",
        "--record", str(path), stdin="1\n" * 400,
    )
    assert played.returncode == 0, played.stderr
    game = floe.Game.from_record(path)
    assert game.is_over()
    assert game.opponents == {1: "greedy"}
    final = played.stdout[played.stdout.index("final scores ("):]
    for seat, score in enumerate(game.outcome()["scores"]):
        assert f"{score}" in final


def test_a_bad_record_is_named(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text("game = 5\n")
    with pytest.raises(ValueError, match="bad.toml"):
        floe.Game.from_record(path)
