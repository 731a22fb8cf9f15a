#!/usr/bin/env bash
# Regenerates the committed reference results under results/ (see results/README.md).
# Usage: scripts/reference-runs.sh   (from anywhere; takes well under a minute on 2 cores)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
floe=target/release/floe

# The README's worked example: the built-in defaults.
"$floe" simulate --out results/simulate
