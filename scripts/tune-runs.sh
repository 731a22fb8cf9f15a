#!/usr/bin/env bash
# Runs the committed tune results (experiments/tune/*.toml) into results/, one after the
# other, with a release build. Each spec's header says its size and time on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
floe="${FLOE:-target/release/floe}"
[ -n "${FLOE:-}" ] || cargo build --release
for spec in tiles-removed-random tiles-removed-greedy arctic-reserve north-pole-storm \
  mcts-arctic-race mcts-arctic mcts-north-pole; do
  "$floe" tune "experiments/tune/$spec.toml" --quiet --out "results/tune-$spec"
done
