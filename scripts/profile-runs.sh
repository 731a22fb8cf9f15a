#!/usr/bin/env bash
# Runs the committed skill profiles (results/profile-GAME-Np) with a release build: the
# three games at 2 and 4 players, with the ladder fixed (so the results do not depend on
# the machine) and the deals sized to finish in about 20 minutes in all on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
floe="${FLOE:-target/release/floe}"
[ -n "${FLOE:-}" ] || cargo build --release
ladder=random,greedy,mcts:iters=100,mcts:iters=1000
for run in "arctic-race 2 300" "arctic 2 100" "north-pole 2 120" \
           "arctic-race 4 100" "arctic 4 60" "north-pole 4 120"; do
  set -- $run
  "$floe" profile --game "$1" --players "$2" --games "$3" --ladder "$ladder" --quiet \
    --out "results/profile-$1-$2p"
done
