"""Every game and player count passes PettingZoo's own API test."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test

from floe import pettingzoo as fz

TABLES = [(g, n) for g, (lo, hi) in
          {"arctic-race": (2, 6), "arctic": (2, 4), "north-pole": (2, 4)}.items()
          for n in range(lo, hi + 1)]


@pytest.mark.parametrize("game,players", TABLES)
def test_api_test_passes(game, players):
    api_test(fz.env(game, players=players), num_cycles=300)


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
