"""Bots seated in a stepped game (`Game(..., opponents=...)` and `play_bots`): the loop the
environments' opponents answer in, run in Rust."""

from __future__ import annotations

import os
import re
import signal
import threading
import time

import pytest

import floe
from tables import EVERY_TABLE


def first_legal(game: floe.Game) -> int:
    """A fixed outside answer: the lowest legal number."""
    return min(number for number, _ in game.legal_actions())


def by_hand(name: str, players: int, seed: int, opponents: dict) -> tuple:
    """Plays a game as `play_bots` should: each seated seat's question asked of
    `bot_answer` with its spec, every other seat answering `first_legal`. Returns the
    outcome, the bots' answer count and the outside answers in order."""
    game = floe.Game(name, players=players, seed=seed)
    bot_answers, outside = 0, []
    while not game.is_over():
        seat = game.to_act()
        if seat in opponents:
            game.apply(game.bot_answer(opponents[seat]))
            bot_answers += 1
        else:
            outside.append(first_legal(game))
            game.apply(outside[-1])
    return game.outcome(), bot_answers, outside


def with_play_bots(name: str, players: int, seed: int, opponents: dict) -> tuple:
    """The same game with the bots seated and `play_bots` letting them answer."""
    game = floe.Game(name, players=players, seed=seed, opponents=opponents)
    bot_answers, outside = game.play_bots(), []
    while not game.is_over():
        assert game.to_act() not in opponents, "play_bots stopped at a seated bot"
        outside.append(first_legal(game))
        game.apply(outside[-1])
        bot_answers += game.play_bots()
    return game.outcome(), bot_answers, outside


@pytest.mark.parametrize("name,players", EVERY_TABLE)
def test_play_bots_asks_each_seats_bot_as_bot_answer_does(name, players):
    # bot_answer plays `floe simulate`'s game 0 (test_stepping checks it against the CLI),
    # so a game whose bots play_bots asks is that game too: the seat's own bot and random
    # stream, whatever the outside answers in between.
    specs = ["greedy", "random"]
    odd = {seat: specs[seat // 2 % 2] for seat in range(1, players, 2)}
    every = {seat: specs[seat % 2] for seat in range(players)}
    for opponents in (odd, every):
        played = with_play_bots(name, players, 11, opponents)
        assert played == by_hand(name, players, 11, opponents)
        outcome, bot_answers, outside = played
        assert outcome is not None and bot_answers > 0
        assert (outside == []) == (opponents is every)


def test_play_bots_returns_0_when_a_seat_without_a_bot_is_asked():
    game = floe.Game("arctic", players=3, seed=5, opponents={1: "greedy", 2: "random"})
    assert game.to_act() == 0 and game.play_bots() == 0
    before = game.observation(0).encoding
    assert game.play_bots() == 0 and game.observation(0).encoding == before


def test_a_seed_fixes_the_bots_answers_and_another_changes_them():
    opponents = {1: "mcts:iters=50", 2: "random"}
    first, again, other = (
        with_play_bots("arctic-race", 3, seed, opponents) for seed in (4, 4, 5)
    )
    assert first == again
    assert first != other


def test_seated_bots_are_read_back_and_kept_by_a_copy():
    game = floe.Game("north-pole", players=4, seed=2, opponents={3: "greedy", 1: "random"})
    assert game.opponents == {1: "random", 3: "greedy"}
    assert game.clone().opponents == game.opponents
    assert floe.Game("north-pole", players=4).opponents == {}


@pytest.mark.parametrize(
    "opponents,exception,message",
    [
        ({3: "greedy"}, ValueError, 'opponents[3]="greedy": the table has seats 0 to 2 (3 players)'),
        ({1: "alpha"}, ValueError, 'opponents[1]="alpha": unknown bot "alpha"; known bots: random'),
        (
            {2: "greedy:progress=1"},
            ValueError,
            'opponents[2]="greedy:progress=1": bot "greedy": parameter "progress" has no '
            "meaning in arctic",
        ),
        ({1: "mcts:iters=0"}, ValueError, 'opponents[1]="mcts:iters=0": bot "mcts": parameter "iters"'),
        ({"1": "greedy"}, TypeError, "opponents key='1': expected a whole number, not str"),
        ({-1: "greedy"}, ValueError, "opponents key=-1: expected a whole number from 0"),
        ({1: 5}, TypeError, "opponents[1]=5: expected text (str), not int"),
        (["greedy"], TypeError, "opponents=['greedy']: expected a dict of seat numbers to bot specs"),
    ],
)
def test_a_refused_opponent_is_named(opponents, exception, message):
    with pytest.raises(exception, match=re.escape(message)):
        floe.Game("arctic", players=3, opponents=opponents)


def test_ctrl_c_ends_a_bots_search_and_leaves_the_game_at_its_question():
    game = floe.Game("north-pole", players=2, seed=1, opponents={0: "mcts:iters=10000000"})
    legal = game.legal_actions()
    timer = threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        game.play_bots()
    assert time.monotonic() - started < 30, "the search ended soon after Ctrl-C"
    assert game.to_act() == 0 and game.legal_actions() == legal, "the cut answer was dropped"
