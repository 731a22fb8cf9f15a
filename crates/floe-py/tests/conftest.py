"""Shared fixtures: the `floe` CLI the Python results are checked against."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

#: The repository's root.
ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="session")
def floe_cli() -> Path:
    """The CLI binary: $FLOE_BIN, else the debug build `cargo test` leaves, else built."""
    given = os.environ.get("FLOE_BIN")
    if given:
        return Path(given)
    binary = ROOT / "target" / "debug" / "floe"
    if not binary.exists():
        subprocess.run(["cargo", "build", "-p", "floe-cli"], cwd=ROOT, check=True)
    return binary


def run_cli(binary: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """Runs the CLI from the repository's root and returns the finished process."""
    return subprocess.run(
        [str(binary), *args], cwd=ROOT, input=stdin, capture_output=True, text=True
    )
