#!/usr/bin/env bash
# Counts the instructions a Floe build spends (valgrind's callgrind: the same count
# whatever else the machine is doing, unlike a timing), for comparing two builds:
#   per four-player random game of each game (2,001 games minus 1 game, over 2,000), and
#   a fixed search run (`mcts:iters=100`, two four-player games) of each game.
# Usage: scripts/instructions.sh [FLOE]   (default target/release/floe; about 5 minutes)
set -euo pipefail
floe=${1:-target/release/floe}
command -v valgrind > /dev/null || { echo "instructions.sh: needs valgrind" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Prints the instructions of `floe simulate ARGS` on one thread.
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$floe" simulate "$@" \
        --threads 1 --quiet --force --out "$tmp/out" 2>&1 | sed -n 's/.*Collected : //p'
}

for game in arctic-race arctic north-pole; do
    one=$(count --game "$game" --players 4 --games 1)
    many=$(count --game "$game" --players 4 --games 2001)
    search=$(count --game "$game" --players 4 --games 2 --bots mcts:iters=100)
    echo "$game: $(( (many - one) / 2000 )) a random game; mcts:iters=100, 2 games: $search"
done
