"""Every game and player count passes PettingZoo's own API test, with and without Floe's
bots at some seats."""

from __future__ import annotations

import re
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test
from pettingzoo.utils import wrappers

from floe import pettingzoo as fz
from tables import EVERY_TABLE


def odd_seat_bots(players: int) -> dict:
    """Bots at the odd seats, greedy and random in turn: the even seats learn."""
    return {seat: ("greedy" if seat % 4 == 1 else "random") for seat in range(1, players, 2)}


#: The two warnings `api_test` gives every masked environment, whose observation is a dict
#: of the encoding and the action mask (PettingZoo's own convention for games with illegal
#: moves): docs/python.md explains them. Any other warning fails the test.
DICT_OBSERVATION = [
    r"Observation is not a NumPy array",
    r"Observation space for each agent probably should be gymnasium.spaces.box or "
    r"gymnasium.spaces.discrete",
]


def api_test_warning_only_of_dicts(env) -> None:
    """Runs `api_test` on `env`, any warning but the dict observation's an error."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for message in DICT_OBSERVATION:
            warnings.filterwarnings("ignore", message=message)
        api_test(env, num_cycles=300)


@pytest.mark.parametrize("game,players", EVERY_TABLE)
def test_api_test_passes(game, players):
    api_test_warning_only_of_dicts(fz.env(game, players=players))


@pytest.mark.parametrize("game,players", EVERY_TABLE)
def test_api_test_passes_with_bots_at_some_seats(game, players):
    env = fz.env(game, players=players, opponents=odd_seat_bots(players))
    assert env.possible_agents == [f"player_{seat}" for seat in range(0, players, 2)]
    api_test_warning_only_of_dicts(env)


def test_the_wrapper_refuses_what_pettingzoos_refuses_before_a_reset():
    env = fz.env("goofspiel", players=2)
    assert isinstance(env, wrappers.OrderEnforcingWrapper)
    names = ["agents", "agent_selection", "rewards", "terminations", "truncations", "infos"]
    for name in names:
        with pytest.raises(AttributeError, match=f"{name} cannot be accessed before reset"):
            getattr(env, name)
    with pytest.raises(Exception, match="reset"):
        env.step(0)
    env.reset(seed=1)
    raw = env.unwrapped
    for name in names + ["_cumulative_rewards"]:
        assert getattr(env, name) is getattr(raw, name)
    agents = iter(env.agent_iter())
    next(agents)
    with pytest.raises(AssertionError, match="need to call step"):
        next(agents)


def test_masks_and_observations_follow_the_game():
    env = fz.env("arctic", players=3)
    env.reset(seed=4)
    agent = env.agent_selection
    obs = env.observe(agent)
    assert obs["observation"].dtype == np.float32
    legal = np.flatnonzero(obs["action_mask"])
    assert len(legal) >= 2
    others = [a for a in env.agents if a != agent]
    assert all(env.observe(a)["action_mask"].sum() == 0 for a in others)
    env.step(int(legal[0]))
    rewards = 0.0
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        rewards += reward
        action = None if terminated or truncated else int(np.flatnonzero(observation["action_mask"])[0])
        env.step(action)
    assert rewards == pytest.approx(1.0), "a finished game hands out one win"


def play(env, seed: int) -> list:
    """Plays a game answering each agent's lowest legal number; returns every step seen:
    the agent, its observation, reward and termination."""
    env.reset(seed=seed)
    seen = []
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        seen.append((agent, observation["observation"].tolist(), reward, terminated))
        legal = np.flatnonzero(observation["action_mask"])
        env.step(None if terminated or truncated else int(legal[0]))
    return seen


def test_only_the_learning_agents_are_asked_and_the_bots_play_on():
    env = fz.env("arctic", players=4, opponents={1: "greedy", 3: "random"})
    env.reset(seed=6)
    asked, rewards = [], {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated:
            rewards[agent] = reward
            env.step(None)
            continue
        asked.append(agent)
        other = "player_2" if agent == "player_0" else "player_0"
        assert observation["action_mask"].any() and not env.observe(other)["action_mask"].any()
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert set(asked) == {"player_0", "player_2"}
    # Seats 1 and 3 were never selected, yet the game ran to its end: their bots answered.
    assert env.unwrapped._game.is_over()
    winners = env.unwrapped._game.outcome()["winners"]
    share = 1 / sum(winners)
    assert rewards == {"player_0": share * winners[0], "player_2": share * winners[2]}


def test_a_seed_fixes_the_game_the_bots_play_and_another_changes_it():
    env = fz.env("north-pole", players=3, opponents={0: "mcts:iters=50", 2: "greedy"})
    first, again = play(env, 8), play(env, 8)
    assert env.possible_agents == ["player_1"] and first[-1][3], "the game ran to its end"
    assert first == again
    assert play(env, 9) != first


@pytest.mark.parametrize(
    "opponents,message",
    [
        ({4: "random"}, 'opponents[4]="random": the table has seats 0 to 3 (4 players)'),
        ({1: "greedy:progress=1"}, 'opponents[1]="greedy:progress=1": bot "greedy": parameter'),
        (
            {0: "random", 1: "greedy", 2: "random", 3: "random"},
            "opponents={0: 'random', 1: 'greedy', 2: 'random', 3: 'random'}: every seat has "
            "a bot; leave at least one seat to learn",
        ),
    ],
)
def test_a_refused_opponent_is_named(opponents, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        fz.env("north-pole", players=4, opponents=opponents)
