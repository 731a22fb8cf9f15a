"""The example script redoes a committed result and prints the committed figures."""

from __future__ import annotations

import subprocess
import sys

from conftest import ROOT


def test_the_script_prints_the_committed_figures():
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "first_player.py")],
        capture_output=True, text=True, cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "arctic-race, random bots, 2 players, 1,000,000 games, seed 1"
    figures = [line for line in lines[2:] if "|" in line]
    assert len(figures) == 3, done.stdout
    for line in figures:
        mine, committed = line.split("|")
        assert mine.split()[-3:] == committed.replace("committed:", "").split()[-3:], line
    assert figures[0].split()[1:4] == ["0.497163", "0.496183", "0.498142"]
