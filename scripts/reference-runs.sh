#!/usr/bin/env bash
# Regenerates the committed reference results under results/ (see results/README.md).
# Usage: scripts/reference-runs.sh [EXPERIMENT...]
#   With no argument: the README's worked example (results/simulate) and every experiment in experiments/
#   (about 255 minutes on 2 cores; the mcts-* experiments take about 80 of them, the
#   arctic-* ones about 30, the north-pole-* ones about 50, the arc-* ones about 25, the simul-* ones about
#   40; run them in two sessions by
#   naming them). With names (e.g. `colour first-player`): only those.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
floe=target/release/floe

if [ $# -eq 0 ]; then
    # The README's worked example: the built-in defaults.
    "$floe" simulate --out results/simulate
    set -- colour first-player tile-balance tile-balance-random bot-ladder \
        mcts-trees mcts-rewards mcts-iterations \
        arctic-seats arctic-power-fox arctic-power-moose arctic-power-walrus \
        arctic-power-orca arctic-power-puffin arctic-power-bear arctic-reserve \
        arctic-hand-limit north-pole-storm north-pole-teams north-pole-seats north-pole-boards \
        mcts-strength-arctic-race mcts-strength-arctic mcts-strength-north-pole arctic-honesty \
        arc-arctic-race arc-arctic arc-north-pole simul-goofspiel simul-arctic-race
fi
for name in "$@"; do
    "$floe" experiment "experiments/$name.toml" --out "results/$name"
done
