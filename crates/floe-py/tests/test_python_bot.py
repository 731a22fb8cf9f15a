"""A Python function takes a seat: in a tournament with rotation and ratings."""

from __future__ import annotations

import pytest

import floe

CALLS: list[tuple[int, int]] = []


def first_answer(observation: floe.Observation, legal: list[tuple[int, str]]) -> int:
    CALLS.append((observation.seat, len(legal)))
    assert isinstance(observation.data, dict) and observation.text
    return legal[0][0]


def test_a_python_bot_meets_floes_bots_in_every_seat():
    CALLS.clear()
    tables = floe.tournament(game="arctic", players=2, bots=["random", first_answer], games=40)
    ratings = tables["ratings"]
    assert set(ratings["bot"]) == {"random", "python:first_answer"}
    seats = {seat for seat, _ in CALLS}
    assert seats == {0, 1}, "the Python bot sat in both seats"
    entrants = tables["tournament"]
    mine = entrants[entrants["bot"] == "python:first_answer"]
    assert mine["games"].sum() == 40


def test_a_python_bot_gets_the_seats_observation_only():
    seen = []

    def looker(observation, legal):
        seen.append(observation.data)
        return legal[-1][0]

    floe.simulate(game="arctic", players=3, bots=["random", looker, "random"], games=5)
    for data in seen:
        others = [s for s in data["seats"] if s["seat"] != 1]
        assert all("hand" not in s for s in others)
        assert "hand" in data["seats"][1]


def test_an_illegal_answer_from_a_python_bot_stops_the_run():
    def cheat(observation, legal):
        return 10_000

    with pytest.raises(ValueError, match=r'bot "python:cheat": answer 10000 is not an answer now'):
        floe.simulate(game="arctic-race", players=2, bots=["random", cheat], games=1000)


def test_an_exception_in_a_python_bot_reaches_the_caller():
    def broken(observation, legal):
        raise RuntimeError("my bot broke")

    with pytest.raises(RuntimeError, match="my bot broke"):
        floe.tournament(game="arctic-race", players=2, bots=[broken, "random"], games=100)


def test_a_bot_can_be_named():
    tables = floe.tournament(
        game="arctic", players=2, bots=["random", floe.bot(lambda o, legal: legal[0][0], "first")],
        games=20,
    )
    assert set(tables["ratings"]["bot"]) == {"random", "python:first"}
    with pytest.raises(ValueError, match="name='a,b': expected letters"):
        floe.bot(first_answer, "a,b")
    with pytest.raises(TypeError, match="function=3: expected a callable bot"):
        floe.bot(3, "x")
