"""The type stubs match the built module."""

from __future__ import annotations

import subprocess
import sys


def test_stubtest_finds_no_difference():
    done = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "floe._floe"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
