"""The package is built from the same crate versions as the CLI, so that its results are
the CLI's (the random-number algorithms come from the pinned rand and rand_pcg)."""

from __future__ import annotations

import tomllib

from conftest import ROOT


def versions(lock: str) -> dict[str, set[str]]:
    with open(ROOT / lock, "rb") as file:
        packages = tomllib.load(file)["package"]
    found: dict[str, set[str]] = {}
    for package in packages:
        found.setdefault(package["name"], set()).add(package["version"])
    return found


def test_shared_crates_have_the_clis_versions():
    cli, package = versions("Cargo.lock"), versions("crates/floe-py/Cargo.lock")
    shared = sorted(set(cli) & set(package))
    assert {"rand", "rand_pcg", "rayon", "floe-core", "arctic"} <= set(shared)
    drifted = {name: (cli[name], package[name]) for name in shared if not package[name] <= cli[name]}
    assert drifted == {}, "update crates/floe-py/Cargo.lock to the workspace's versions"
