"""Games stepped in batches (`floe.VectorGame`, `floe.gymnasium.vector_env`) give, step for
step, what the single-game Gymnasium environment gives with the same seeds."""

from __future__ import annotations

import numpy as np
import pytest

import floe
from floe.gymnasium import FloeEnv, vector_env

# (game, players, steps of the batch): north-pole's games are long, so fewer steps there.
GAMES = [("goofspiel", 2, 40), ("arctic-race", 2, 60), ("arctic", 3, 60), ("north-pole", 2, 40)]


def choose(rng: np.random.Generator, mask: np.ndarray) -> np.ndarray:
    """A random legal answer per game; now and then one that is not legal."""
    actions = (rng.random(mask.shape) * mask).argmax(axis=1)
    for i in np.flatnonzero(rng.random(len(mask)) < 0.03):
        refused = np.flatnonzero(mask[i] == 0)
        if len(refused):
            actions[i] = rng.choice(refused)
    return actions.astype(np.int64)


def play_batch(game, players, batch, seed, steps, opponents, hold=True):
    """Steps a batch with random answers; returns per game its (action, observation, mask,
    reward, finished) rows, action None at the reset. The rows are views of the arrays the
    batch returned, which it must then never write again; with `hold=False`, copies, and
    the batch writes the arrays it returned two steps before again."""
    games = floe.VectorGame(
        game, players=players, batch=batch, seed=seed, opponents=opponents
    )
    observation, mask = games.reset()
    rows = [[(None, observation[i], mask[i], 0.0, False)] for i in range(batch)]
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        actions = choose(rng, mask)
        observation, mask, reward, finished = games.step(actions)
        assert observation.dtype == np.float32 and mask.dtype == np.int8
        assert reward.dtype == np.float32 and finished.dtype == np.bool_
        for i in range(batch):
            seen = (observation[i], mask[i]) if hold else (observation[i].copy(), mask[i].copy())
            rows[i].append((actions[i], *seen, reward[i], finished[i]))
    return rows


def replay_one(game, players, batch, seed, i, rows, opponents):
    """Replays game `i`'s rows on a FloeEnv, dealing its k-th episode seed
    `seed + i + k * batch`, and checks each row against what the FloeEnv returns."""
    env = FloeEnv(game, players=players, opponents=opponents)
    episode, ended = 0, True
    for action, observation, mask, reward, finished in rows:
        if ended:
            got, _ = env.reset(seed=seed + i + episode * batch)
            episode += 1
            want_reward, ended = 0.0, False
        else:
            got, want_reward, ended, truncated, _ = env.step(action)
            assert not truncated
        np.testing.assert_array_equal(observation, got["observation"])
        np.testing.assert_array_equal(mask, got["action_mask"])
        assert reward == np.float32(want_reward)
        assert finished == ended
    return episode


@pytest.mark.parametrize("game,players,steps", GAMES)
def test_a_batch_steps_as_single_games_with_the_same_seeds(game, players, steps):
    batch, seed = 3, 11
    rows = play_batch(game, players, batch, seed, steps, "random")
    for i in range(batch):
        replay_one(game, players, batch, seed, i, rows[i], "random")


@pytest.mark.parametrize("game,players,steps", GAMES)
def test_arrays_written_again_step_as_single_games(game, players, steps):
    batch, seed = 3, 11
    rows = play_batch(game, players, batch, seed, steps, "random", hold=False)
    for i in range(batch):
        replay_one(game, players, batch, seed, i, rows[i], "random")


def test_a_step_writes_again_only_arrays_no_one_holds():
    games = floe.VectorGame("arctic", players=2, batch=4, seed=1)
    held, held_mask = games.reset()
    seen, seen_mask = held.copy(), held_mask.copy()
    rng = np.random.default_rng(1)
    observation, mask, _, _ = games.step(choose(rng, held_mask))
    dropped = id(observation)
    actions = choose(rng, mask)
    part = mask[1:3]  # a view: the mask is still held through it
    part_seen = part.copy()
    del observation, mask
    observation, mask, _, _ = games.step(actions)
    assert id(observation) == dropped  # written again: nothing held it
    assert not np.shares_memory(mask, part)
    np.testing.assert_array_equal(part, part_seen)
    np.testing.assert_array_equal(held, seen)
    np.testing.assert_array_equal(held_mask, seen_mask)


def test_a_large_batch_stepped_in_parallel_steps_as_single_games():
    # Enough games that the step calls the pool's threads to share them.
    batch, seed = 1000, 3
    rows = play_batch("goofspiel", 2, batch, seed, 25, "random")
    episodes = sum(replay_one("goofspiel", 2, batch, seed, i, rows[i], "random") for i in range(batch))
    assert episodes > 2 * batch  # several deals each, so autoreset's seeds are checked


def test_any_number_of_threads_steps_the_same_games():
    # Enough games that a step on two threads asks the pool to share them.
    batches = [floe.VectorGame("north-pole", batch=400, seed=5, threads=t) for t in (1, 2)]
    assert [b.threads for b in batches] == [1, 2]
    masks = [b.reset()[1] for b in batches]
    rng = np.random.default_rng(5)
    for _ in range(8):
        np.testing.assert_array_equal(masks[0], masks[1])
        actions = choose(rng, masks[0])
        stepped = [b.step(actions) for b in batches]
        for one, two in zip(*stepped):
            np.testing.assert_array_equal(one, two)
        masks = [s[1] for s in stepped]


def test_greedy_opponents_answer_inside_the_step():
    rows = play_batch("arctic-race", 3, 2, 5, 60, {1: "greedy", 2: "random"})
    for i in range(2):
        replay_one("arctic-race", 3, 2, 5, i, rows[i], {1: "greedy", 2: "random"})


def test_an_illegal_answer_ends_the_episode_with_reward_minus_one():
    games = floe.VectorGame("goofspiel", players=2, batch=2, seed=0)
    observation, mask = games.reset()
    for refused in (-1, games.action_count):  # every card is legal at the first question
        _, mask = games.reset(seed=0)
        actions = np.array([refused, mask[1].argmax()], dtype=np.int64)
        observation, after, reward, finished = games.step(actions)
        assert list(reward) == [-1.0, 0.0] and list(finished) == [True, False]
        assert list(games.illegal()) == [True, False]
        # The refused game is left as it was, as FloeEnv leaves it.
        np.testing.assert_array_equal(after[0], mask[0])


def test_bad_arguments_are_refused_by_name():
    with pytest.raises(ValueError, match="seat=2"):
        floe.VectorGame("goofspiel", players=2, seat=2)
    with pytest.raises(ValueError, match="batch=0"):
        floe.VectorGame("goofspiel", batch=0)
    with pytest.raises(ValueError, match="leave it out of opponents="):
        floe.VectorGame("goofspiel", opponents={0: "random", 1: "random"})
    with pytest.raises(ValueError, match="seat 1 has no bot"):
        floe.VectorGame("goofspiel", opponents={})
    with pytest.raises(ValueError, match=r"opponents\[1\]"):
        floe.VectorGame("goofspiel", opponents={1: "nonsense"})
    with pytest.raises(ValueError, match="threads"):
        floe.VectorGame("goofspiel", threads=0)
    games = floe.VectorGame("goofspiel", batch=2)
    with pytest.raises(ValueError, match="expected 2 answers"):
        games.step(np.zeros(3, dtype=np.int64))


def test_the_vector_env_follows_gymnasiums_next_step_autoreset():
    envs = vector_env("goofspiel", num_envs=4, players=2)
    observation, _ = envs.reset(seed=7)
    assert envs.observation_space.contains(observation)
    rng = np.random.default_rng(0)
    ended = np.zeros(4, dtype=bool)
    for _ in range(30):
        actions = (rng.random((4, envs.single_action_space.n)) * observation["action_mask"]).argmax(1)
        observation, reward, terminated, truncated, _ = envs.step(actions)
        assert envs.observation_space.contains(observation)
        assert not truncated.any()
        # The step after an episode ends deals the next game: reward 0, not ended.
        assert (reward[ended] == 0).all() and not terminated[ended].any()
        ended = terminated
    assert envs.metadata["autoreset_mode"].name == "NEXT_STEP"
