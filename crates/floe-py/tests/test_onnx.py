"""Learned bots from ONNX files: a network built here with the `onnx` package plays every
game, its answers those numpy computes with the same weights (and onnxruntime, an
independent runtime, agrees on the scores); a network that does not fit the table is
refused before any game, naming the file, the tensor and the shapes."""

from __future__ import annotations

from pathlib import Path
from typing import List, Tuple

import numpy as np
import onnx
import onnxruntime
import pytest
from onnx import TensorProto, helper, numpy_helper

import floe

#: The players each game is tried at (one table per game; a network fits one table).
TABLES = {"arctic-race": 3, "arctic": 3, "north-pole": 2, "goofspiel": 2}


def policy_network(path: Path, width: int, answers: int, seed: int) -> List[np.ndarray]:
    """Writes a policy with the legal mask as its second input: a MatMul and Add layer,
    tanh, a Gemm layer with its weights transposed, and the mask's penalty. Returns the
    weights."""
    rng = np.random.default_rng(seed)
    hidden = 16
    w0 = rng.normal(0, 0.5, (width, hidden)).astype(np.float32)
    b0 = rng.normal(0, 0.5, hidden).astype(np.float32)
    w1 = rng.normal(0, 0.5, (answers, hidden)).astype(np.float32)
    b1 = rng.normal(0, 0.5, answers).astype(np.float32)
    nodes = [
        helper.make_node("MatMul", ["obs", "w0"], ["h0"]),
        helper.make_node("Add", ["h0", "b0"], ["h1"]),
        helper.make_node("Tanh", ["h1"], ["h2"]),
        helper.make_node("Gemm", ["h2", "w1", "b1"], ["z"], transB=1),
        helper.make_node("Sub", ["mask", "one"], ["off"]),
        helper.make_node("Mul", ["off", "big"], ["penalty"]),
        helper.make_node("Add", ["z", "penalty"], ["scores"]),
    ]
    consts = {"w0": w0, "b0": b0, "w1": w1, "b1": b1,
              "one": np.ones(1, np.float32), "big": np.full(1, 1e9, np.float32)}
    graph = helper.make_graph(
        nodes, "policy",
        [helper.make_tensor_value_info("obs", TensorProto.FLOAT, ["batch", width]),
         helper.make_tensor_value_info("mask", TensorProto.FLOAT, ["batch", answers])],
        [helper.make_tensor_value_info("scores", TensorProto.FLOAT, ["batch", answers])],
        [numpy_helper.from_array(v, k) for k, v in consts.items()],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    onnx.checker.check_model(model)
    onnx.save(model, str(path))
    return [w0, b0, w1, b1]


def numpy_scores(weights: List[np.ndarray], x: np.ndarray, mask: np.ndarray) -> np.ndarray:
    w0, b0, w1, b1 = weights
    return np.tanh(x @ w0 + b0) @ w1.T + b1 + (mask - 1.0) * 1e9


@pytest.mark.parametrize("name", sorted(TABLES))
def test_the_onnx_bot_answers_as_numpy_computes_with_the_same_weights(tmp_path, name):
    assert set(TABLES) == set(floe.games()), "every game is tried"
    players = TABLES[name]
    game = floe.Game(name, players=players, seed=5)
    path = tmp_path / f"{name}.onnx"
    weights = policy_network(path, game.encoding_len, game.action_count, seed=7)
    runtime = onnxruntime.InferenceSession(str(path))
    spec = f"onnx:{path}"
    rng = np.random.default_rng(11)
    asked = 0
    for deal in range(3):
        game = floe.Game(name, players=players, seed=100 + deal)
        while not game.is_over():
            seat = game.to_act()
            x, mask = game.encoded(seat)
            x, mask = x.astype(np.float32)[None, :], mask.astype(np.float32)[None, :]
            ours = numpy_scores(weights, x, mask)[0]
            theirs = runtime.run(None, {"obs": x, "mask": mask})[0][0]
            legal = [n for n, _ in game.legal_actions()]
            assert np.allclose(ours[legal], theirs[legal], rtol=1e-4, atol=1e-4)
            assert game.bot_answer(spec) == int(np.argmax(ours)), (name, deal, asked)
            asked += 1
            game.apply(legal[int(rng.integers(len(legal)))], events=False)
    assert asked > 20


def test_a_network_that_does_not_fit_the_table_is_refused_before_any_game(tmp_path):
    game = floe.Game("goofspiel", players=2)
    path = tmp_path / "goofspiel.onnx"
    policy_network(path, game.encoding_len, game.action_count, seed=1)
    with pytest.raises(ValueError) as refused:
        floe.simulate(game="arctic-race", players=2, bots=[f"onnx:{path}", "random"],
                      games=10, progress=False)
    message = str(refused.value)
    assert "does not fit arctic-race at 2 players as a policy network" in message, message
    assert f'input "obs" has shape [batch, {game.encoding_len}]' in message, message
    assert str(path) in message, message


def test_a_learned_policy_guides_the_search_and_plays_a_duplicate_tournament(tmp_path):
    game = floe.Game("goofspiel", players=2)
    path = tmp_path / "policy.onnx"
    policy_network(path, game.encoding_len, game.action_count, seed=3)
    tables = floe.tournament(
        game="goofspiel", players=2, games=42, seed=9, duplicate=True, progress=False,
        bots=["random", f"onnx:{path}", f"mcts:iters=50,prior={path},bias=1"],
    )
    rows = tables["tournament"]
    bots = list(rows["bot"]) if hasattr(rows, "columns") else list(rows["bot"])
    assert f"onnx:{path}" in bots and f"mcts:iters=50,prior={path},bias=1" in bots
