"""One seat against Floe's bots as a Gymnasium environment: Gymnasium's own checker on
every game, the episode a seed fixes, and the refusals."""

from __future__ import annotations

import re
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import floe
import floe.gymnasium as fg
from tables import EVERY_TABLE

#: What check_env says of every Floe environment: the game's encoding is declared unbounded
#: (-inf to inf), as in the PettingZoo environment.
UNBOUNDED = r".*A Box observation space (minimum|maximum) value is -?infinity"


@pytest.mark.parametrize("game,players", EVERY_TABLE)
def test_check_env_passes_with_no_other_warning(game, players):
    seat = players - 1
    opponents = {other: ("greedy" if other % 2 else "random") for other in range(seat)}
    env = fg.env(game, players=players, seat=seat, opponents=opponents)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        warnings.filterwarnings("ignore", message=UNBOUNDED)
        # The raw environment, as check_env asks; make gave it the spec check_env makes
        # each render mode from.
        check_env(env.unwrapped)


def first_legal(observation: dict) -> int:
    """A fixed policy: the lowest legal answer."""
    return int(np.flatnonzero(observation["action_mask"])[0])


def episode(env, seed=None) -> list:
    """Plays one episode of `first_legal`; returns each step's observation, reward,
    termination and info."""
    observation, info = env.reset(seed=seed)
    steps = [(observation["observation"].tolist(), 0.0, False, info)]
    terminated = False
    while not terminated:
        observation, reward, terminated, truncated, info = env.step(first_legal(observation))
        assert not truncated
        steps.append((observation["observation"].tolist(), reward, terminated, info))
    return steps


def test_an_episode_is_the_seats_game_against_bot_answer():
    # The bots are the deal's own seat bots: the game matches one stepped by hand, where
    # bot_answer answers the bots' seats (the game `floe simulate` plays, test_stepping).
    opponents = {0: "greedy", 2: "mcts:iters=50"}
    env = fg.env("arctic-race", players=3, seat=1, opponents=opponents)
    steps = episode(env, seed=12)
    game = floe.Game("arctic-race", players=3, seed=12)
    asked = 0
    while not game.is_over():
        if game.to_act() == 1:
            asked += 1
            game.apply(min(number for number, _ in game.legal_actions()))
        else:
            game.apply(game.bot_answer(opponents[game.to_act()]))
    outcome = game.outcome()
    assert len(steps) == asked + 1, "one step per question of the agent's seat"
    assert steps[-1][0] == game.observation(1).encoding
    assert steps[-1][3] == {"scores": outcome["scores"], "end_cause": outcome["end_cause"]}
    won = outcome["winners"][1]
    assert steps[-1][1] == (1 / sum(outcome["winners"]) if won else 0.0)
    assert all(reward == 0.0 and not done for _, reward, done, _ in steps[1:-1])


def test_a_seed_fixes_the_episode_and_reset_deals_the_next_seed():
    env = fg.env("arctic", players=3, opponents="greedy")
    first = episode(env, seed=3)
    assert episode(env, seed=3) == first
    following = episode(env)  # the next seed after 3
    assert following != first
    assert episode(env, seed=4) == following
    assert episode(fg.env("arctic", players=3, opponents="greedy")) == episode(env, seed=0)


def test_the_mask_is_the_legal_answers_of_the_agents_seat():
    env = fg.env("north-pole", players=2, seat=1, opponents={0: "random"})
    observation, _ = env.reset(seed=2)
    game = env.unwrapped._game
    assert game.to_act() == 1, "the bot at seat 0 opened the game; the agent is asked"
    legal = sorted(number for number, _ in game.legal_actions())
    assert np.flatnonzero(observation["action_mask"]).tolist() == legal
    assert (env.unwrapped.action_masks() == observation["action_mask"]).all()
    assert observation["action_mask"].dtype == np.int8
    assert observation["observation"].dtype == np.float32


def test_render_shows_what_the_agents_seat_knows(capsys):
    env = fg.env("arctic", players=3, seat=2, opponents="random", render_mode="ansi")
    env.reset(seed=1)
    seen = env.unwrapped._game.observation(2).text
    assert env.render() == seen and seen.startswith("seat 2 sees")
    env = fg.env("arctic", players=3, seat=2, opponents="random", render_mode="human")
    env.reset(seed=1)
    assert env.render() is None and capsys.readouterr().out == seen + "\n"


def test_an_illegal_answer_ends_the_episode_with_a_penalty():
    env = fg.env("arctic", players=2, opponents="random")
    observation, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    observation, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (fg.ILLEGAL_REWARD, True, False)
    assert re.match(rf"answer {illegal} \(.*\) is not an answer now", info["illegal_action"])
    assert observation["action_mask"].any(), "the game is where it was"
    with pytest.raises(RuntimeError, match=re.escape("the episode is over; call reset()")):
        env.step(first_legal(observation))


def test_every_game_is_registered():
    for game in floe.games():
        env = gymnasium.make(f"floe/{game}-v0", players=2, opponents="random")
        assert isinstance(env.unwrapped, fg.FloeEnv)
        assert env.unwrapped._game.name == game


@pytest.mark.parametrize(
    "kwargs,exception,message",
    [
        (dict(seat=3), ValueError, "seat=3: the table has seats 0 to 2 (3 players)"),
        (dict(seat="1"), TypeError, "seat='1': expected a whole number, not str"),
        (
            dict(seat=1, opponents={1: "greedy", 2: "random"}),
            ValueError,
            "seat=1: opponents= seats the bot 'greedy' there too; the agent learns seat 1, so "
            "leave it out of opponents=",
        ),
        (
            dict(opponents={1: "greedy"}),
            ValueError,
            "opponents={1: 'greedy'}: seat 2 has no bot; give a spec for every seat but seat=0",
        ),
        (dict(opponents={3: "random"}), ValueError, 'opponents[3]="random": the table has seats'),
        (
            dict(opponents="greedy:progress=1"),
            ValueError,
            'opponents[1]="greedy:progress=1": bot "greedy": parameter "progress" has no meaning',
        ),
        (dict(players=5), ValueError, "players: arctic seats 2 to 4 players, not 5"),
    ],
)
def test_a_refused_argument_is_named(kwargs, exception, message):
    with pytest.raises(exception, match=re.escape(message)):
        fg.env("arctic", **dict(dict(players=3), **kwargs))


def test_an_unknown_game_is_named_with_the_games():
    with pytest.raises(ValueError, match=re.escape('game=chess: unknown game "chess"; games: ')):
        fg.env("chess")
