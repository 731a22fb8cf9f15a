"""Stepping one game: checked answers, what a seat sees, built-in bots, copies."""

from __future__ import annotations

import copy
import json
import os
import re
import signal
import threading
import time

import pytest

import floe
from conftest import run_cli

GAMES = {"arctic-race": (2, 6), "arctic": (2, 4), "north-pole": (2, 4)}


def test_an_illegal_answer_raises_naming_it_and_changes_nothing():
    game = floe.Game("arctic", players=3, seed=5)
    before = (game.to_act(), game.legal_actions(), [str(game.observation(s)) for s in range(3)])
    legal = {number for number, _ in game.legal_actions()}
    illegal = next(n for n in range(game.action_count) if n not in legal)
    with pytest.raises(ValueError, match=rf"answer {illegal} \(.*\) is not an answer now; answers: "):
        game.apply(illegal)
    with pytest.raises(ValueError, match="has that number \\(the numbers run from 0"):
        game.apply(game.action_count)
    after = (game.to_act(), game.legal_actions(), [str(game.observation(s)) for s in range(3)])
    assert after == before
    # The dice are unchanged too: the same answers give the same game as a fresh one.
    fresh = floe.Game("arctic", players=3, seed=5)
    for g in (game, fresh):
        while not g.is_over():
            g.apply(g.legal_actions()[0][0])
    assert game.outcome() == fresh.outcome()


def test_an_observation_never_shows_another_seats_hand():
    game = floe.Game("arctic", players=3, seed=5)
    for _ in range(40):
        for seat in range(3):
            data = game.observation(seat).data
            for other in data["seats"]:
                if other["seat"] != seat:
                    assert "hand" not in other and "penalty" not in other, other
            own = data["seats"][seat]
            assert len(own["hand"]) == own["hand_size"]
        game.apply(game.bot_answer("random"))
    # Each seat's own dict holds its hand, which no other seat's dict does.
    hands = [game.observation(s).data["seats"][s]["hand"] for s in range(3)]
    for seat in range(3):
        others = [o for o in game.observation(seat).data["seats"] if o["seat"] != seat]
        assert all(set(o) == set(others[0]) for o in others) and "hand" not in others[0]
    assert any(hands), "the hands were dealt"


def test_observation_forms_agree():
    for name, (low, _) in GAMES.items():
        game = floe.Game(name, players=low, seed=2)
        seen = game.observation(0)
        assert seen.seat == 0 and str(seen) == seen.text and seen.text
        assert isinstance(seen.data, dict)
        assert len(seen.encoding) == game.encoding_len
        with pytest.raises(ValueError, match=f"seat {low}: the table has seats 0 to {low - 1}"):
            game.observation(low)


def play_out(game: floe.Game, bots: list[str]) -> None:
    while not game.is_over():
        game.apply(game.bot_answer(bots[game.to_act()]))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_stepping_with_bots_is_the_clis_game_0(floe_cli, name):
    bots = ["greedy", "random"]
    game = floe.Game(name, players=2, seed=21)
    play_out(game, bots)
    outcome = game.outcome()
    assert outcome is not None and game.to_act() is None and game.legal_actions() == []
    shown = run_cli(
        floe_cli, "replay", "--game", name, "--players", "2", "--seed", "21", "--bots",
        ",".join(bots),
    )
    assert shown.returncode == 0, shown.stderr
    final = shown.stdout[shown.stdout.rindex("final scores (") :]
    assert final.startswith(f"final scores ({outcome['end_cause']}):")
    points = [int(p) for p in re.findall(r"S?\d: (-?\d+) points", final)]
    assert points == outcome["scores"]


def test_a_clone_goes_its_own_way():
    game = floe.Game("north-pole", players=3, seed=8)
    twin = game.clone()
    assert copy.copy(game).legal_actions() == game.legal_actions()
    first = game.legal_actions()[0][0]
    game.apply(first)
    assert twin.observation(0).encoding != game.observation(0).encoding, "the twin did not move"
    twin.apply(first)
    assert str(twin.observation(0)) == str(game.observation(0)), "same dice from the copy on"


def test_a_hidden_answer_changes_nothing_another_seat_sees():
    """Seat 0 commits one card or another face down: seat 1 sees the same in every form
    until the cards are revealed, and the events apply returns are seat 0's view."""
    game = floe.Game("arctic-race", players=2, seed=3)
    assert game.to_act() == 0
    (a, text_a), (b, text_b) = game.legal_actions()[:2]
    one, other = game.clone(), game.clone()
    told = one.apply(a)
    other.apply(b)
    assert told == [f"seat 0: {text_a}"]
    for form in ("data", "text", "encoding"):
        assert getattr(one.observation(1), form) == getattr(other.observation(1), form), form
    assert one.observation(0).text != other.observation(0).text
    assert one.legal_actions() == other.legal_actions(), "seat 1 is asked the same question"


def test_bot_answers_are_legal_and_bad_specs_are_named():
    game = floe.Game("arctic-race", players=3, seed=1)
    answer = game.bot_answer("mcts:iters=50")
    assert answer in {n for n, _ in game.legal_actions()}
    with pytest.raises(ValueError, match='bots="mcts:iters=0": bot "mcts": parameter "iters"'):
        game.bot_answer("mcts:iters=0")
    play_out(game, ["random"] * 3)
    with pytest.raises(ValueError, match="the game is over"):
        game.bot_answer("random")


def test_case_12_ctrl_c_ends_a_long_bot_answer():
    # Issue 26, case 12: a search of ten million iterations ignored Ctrl-C for 90 s.
    game = floe.Game("north-pole", players=2, seed=1)
    legal = game.legal_actions()
    timer = threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        game.bot_answer("mcts:iters=10000000")
    assert time.monotonic() - started < 30, "the search ended soon after Ctrl-C"
    assert game.legal_actions() == legal, "the game is unchanged"
    answer = game.bot_answer("mcts:iters=50")
    assert answer in {n for n, _ in legal}, "the next search runs to its end"


@pytest.mark.parametrize(
    "call,exception,message",
    [
        (lambda g: g.apply(-1), ValueError, "action=-1: expected a whole number from 0"),
        (lambda g: g.apply(2**70), ValueError, "action=1180591620717411303424: expected a whole"),
        (lambda g: g.apply("1"), TypeError, "action='1': expected a whole number, not str"),
        (lambda g: g.apply(1.5), TypeError, "action=1.5: expected a whole number, not float"),
        (lambda g: g.observation(-1), ValueError, "seat=-1: expected a whole number from 0"),
        (lambda g: g.bot_answer(5), TypeError, "spec=5: expected text"),
        (lambda g: floe.Game("arctic", players=-2), ValueError, "players=-2: expected a whole"),
        (lambda g: floe.Game("arctic", seed="x"), TypeError, "seed='x': expected a whole number"),
        (lambda g: floe.Game("arctic", rules=5), TypeError, "rules=5: expected a path"),
        (lambda g: floe.Game(None), TypeError, "name=None: expected text"),
    ],
)
def test_case_14_argument_errors_name_the_argument(call, exception, message):
    # Issue 26, case 14: type and range errors said neither which argument nor, for a
    # negative number, the documented ValueError (it was OverflowError).
    game = floe.Game("arctic", players=3, seed=5)
    with pytest.raises(exception, match=re.escape(message)):
        call(game)


def test_bad_games_are_named():
    with pytest.raises(ValueError, match='game=chess: unknown game "chess"'):
        floe.Game("chess")
    with pytest.raises(ValueError, match="players: arctic seats 2 to 4 players, not 5"):
        floe.Game("arctic", players=5)


@pytest.mark.parametrize("name", floe.games())
def test_the_encoding_and_mask_at_once_are_the_observations_and_legal_answers(name):
    game = floe.Game(name, players=2, seed=4, opponents={1: "random"})
    for _ in range(30):
        game.play_bots()
        if game.is_over():
            break
        for seat in range(game.players):
            encoding, mask = game.encoded(seat)
            assert encoding.dtype.name == "float32" and mask.dtype.name == "int8"
            assert list(encoding) == pytest.approx(game.observation(seat).encoding)
            legal = {n for n, _ in game.legal_actions()} if seat == game.to_act() else set()
            assert {i for i, m in enumerate(mask) if m} == legal
        assert game.apply(game.legal_actions()[0][0], events=False) == []
    with pytest.raises(ValueError, match="seat=2: the table has seats 0 to 1"):
        game.encoded(2)


@pytest.mark.parametrize("name", floe.games())
def test_a_game_dealt_again_is_the_game_of_that_seed(name):
    played = floe.Game(name, players=2, seed=1, opponents={1: "greedy"})
    played.play_bots()
    played.apply(played.legal_actions()[0][0])
    played.redeal(9)
    fresh = floe.Game(name, players=2, seed=9, opponents={1: "greedy"})
    assert played.history == []
    for game in (played, fresh):
        for _ in range(5):
            game.play_bots()
            if not game.is_over():
                game.apply(game.legal_actions()[-1][0])
    assert [str(played.observation(s)) for s in range(2)] == [
        str(fresh.observation(s)) for s in range(2)
    ]
    assert played.history == fresh.history
