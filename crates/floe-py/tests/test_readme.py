"""The README's Python examples run as written, from a folder outside the repository."""

from __future__ import annotations

import os
import re
import subprocess
import sys

from conftest import ROOT


def test_every_python_example_in_the_readme_runs(tmp_path):
    text = (ROOT / "README.md").read_text()
    section = text[text.index("## Python") : text.index("## Running on a cluster")]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(blocks) >= 3
    # Each block follows on from the ones before it, as a reader would type them.
    program = "\n".join(blocks)
    done = subprocess.run(
        [sys.executable, "-c", program], cwd=tmp_path, capture_output=True, text=True,
        env=dict(os.environ, PYTHONWARNINGS="error::UserWarning"),
    )
    assert done.returncode == 0, done.stderr
    assert "win_rate" in done.stdout and "python:first_answer" in done.stdout
