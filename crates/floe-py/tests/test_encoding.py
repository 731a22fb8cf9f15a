"""Encodings by name: the fields of every game's encoding, and a text for every answer
number, legal or not (issue 29, item 3)."""

from __future__ import annotations

import math
import re

import pytest

import floe


def tables():
    """Every listed game at every player count it seats, as (name, players)."""
    for name in floe.games():
        for players in range(1, 9):
            try:
                floe.Game(name, players=players)
            except ValueError:
                continue
            yield name, players


TABLES = list(tables())


def test_every_game_is_checked_at_several_table_sizes():
    for name in floe.games():
        assert len([t for t in TABLES if t[0] == name]) >= 3, name


@pytest.mark.parametrize("name,players", TABLES)
def test_the_fields_tile_the_encoding(name, players):
    game = floe.Game(name, players=players, seed=3)
    layout = game.encoding_layout()
    stop = 0
    for field in layout:
        assert set(field) == {"name", "start", "stop", "shape", "meaning"}
        assert field["start"] == stop, field
        assert isinstance(field["shape"], tuple)
        assert field["stop"] - field["start"] == math.prod(field["shape"]) > 0, field
        assert re.fullmatch(r"[a-z0-9_]+", field["name"]) and field["meaning"], field
        stop = field["stop"]
    assert stop == game.encoding_len == len(game.observation(0).encoding)
    names = [f["name"] for f in layout]
    assert len(set(names)) == len(names)


@pytest.mark.parametrize("name,players", TABLES)
def test_a_field_holds_what_its_name_says(name, players):
    # Every listed game names the seat asked `to_act`, one-hot by seat.
    game = floe.Game(name, players=players, seed=3)
    field = next(f for f in game.encoding_layout() if f["name"] == "to_act")
    for _ in range(5):
        seat = game.to_act()
        for observer in range(players):
            values = game.observation(observer).encoding[field["start"] : field["stop"]]
            assert values.index(1.0) == seat and sum(values) == 1.0, (name, observer)
        game.apply(game.legal_actions()[0][0])


@pytest.mark.parametrize("name,players", TABLES)
def test_every_answer_number_has_a_text_legal_or_not(name, players):
    game = floe.Game(name, players=players, seed=3)
    count = game.action_count
    texts = [game.action_text(number) for number in range(count)]
    assert all(isinstance(t, str) and t for t in texts)
    for number, text in game.legal_actions():
        assert texts[number] == text
    refused = rf"answer {count}: no answer has that number \(the numbers run from 0 to {count - 1}"
    with pytest.raises(ValueError, match=refused):
        game.action_text(count)


def test_a_number_the_table_leaves_unused_says_so():
    # Arctic Race numbers a token gift to each of six seats: at two players, four of them
    # name a seat the table lacks.
    small, large = floe.Game("arctic-race", players=2), floe.Game("arctic-race", players=6)
    note = " (no such answer at 2 players)"
    unused = [n for n in range(small.action_count) if small.action_text(n).endswith(note)]
    assert len(unused) == 4
    for n in unused:
        assert small.action_text(n) == large.action_text(n) + note
    with pytest.raises(ValueError, match=rf"answer {unused[0]} \(.*\) is not an answer now"):
        small.apply(unused[0])
