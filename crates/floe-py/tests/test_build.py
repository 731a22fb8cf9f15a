"""The package is built from the workspace's crates with the features the test build gives
them, so that CI's build of the package (`maturin develop`) reuses what `cargo test
--workspace` compiled instead of compiling Floe again. Cargo resolves features per build:
a feature the test build turns on (through a dev-dependency) and the package's build does
not makes the shared crate, and every crate above it, a different build."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from conftest import ROOT

LINE = re.compile(r"^(\S+ v\S+)(?: \(.*?\))? \[(.*)\]")


def features(*selection: str) -> set[tuple[str, frozenset[str]]]:
    """Every package of the build that `selection` picks, with the features it gets: a
    package built twice (for build scripts and for the code, with other features) is
    listed twice."""
    listed = subprocess.run(
        ["cargo", "tree", "--locked", *selection, "--prefix", "none", "--format", "{p} [{f}]"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout
    matches = filter(None, map(LINE.match, listed.splitlines()))
    return {(m[1], frozenset(filter(None, m[2].split(",")))) for m in matches}


@pytest.mark.skipif(shutil.which("cargo") is None, reason="needs cargo")
def test_the_package_builds_shared_crates_with_the_test_builds_features():
    tests = features("--workspace")
    package = features("-p", "floe-py", "--edges", "normal,build")
    assert any(name.startswith("floe-lab ") for name, _ in package)
    differ = sorted((name, sorted(wanted)) for name, wanted in package - tests)
    assert differ == [], (
        "the test build gives these crates other features: ask for its features in "
        "crates/floe-py/Cargo.toml too, as for serde's alloc"
    )
