"""The tiny learning example (`scripts/learn_goofspiel.py`): a numpy policy trained
through the Gymnasium environment beats `random` in a tournament by its stated margin;
exported to ONNX it answers every question as the Python policy does and plays a Rust
duplicate tournament, as itself and as the search's prior."""

from __future__ import annotations

import subprocess
import sys

from conftest import ROOT

SCRIPT = ROOT / "scripts" / "learn_goofspiel.py"


def test_the_learned_policy_beats_random_by_the_stated_margin(tmp_path):
    # Run as a reader runs it, from outside the repository, with its check on.
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--check", "--onnx", "policy.onnx", "--rust-games",
         "200", "--mcts", "mcts:iters=100"],
        cwd=tmp_path, capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "beats random by the stated margin" in done.stdout
    assert "mean reward per 2000 games" in done.stdout
    assert "the Rust bot onnx:policy.onnx and the Python policy agree on 1600 of 1600" \
        in done.stdout, done.stdout
    assert "mcts:iters=100,prior=policy.onnx,bias=1" in done.stdout, done.stdout
