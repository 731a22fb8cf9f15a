#!/usr/bin/env bash
# Runs a Floe run as shards with GNU parallel, on this machine's cores or over ssh on a
# list of hosts, then merges them.
#
# Usage:  scripts/parallel.sh SHARDS OUT -- FLOE-ARGS...
# e.g.    scripts/parallel.sh 16 results/big -- simulate --players 4 --bots greedy --games 10000000
#         HOSTS=hosts.txt scripts/parallel.sh 64 /shared/big -- tournament --bots random,greedy --games 1000000
#
# Shard K (K = 1..SHARDS) runs `floe FLOE-ARGS --shard K/SHARDS --out OUT/shards/K`, then
# `floe merge OUT/shards/* --out OUT` combines them. Shards already finished (their
# shard.toml exists) are skipped, so after a failure or a kill, running the same command
# again only plays the missing shards.
#
# Parameters, from the environment:
FLOE=${FLOE:-target/release/floe}  # the floe binary (on every host, at this path)
HOSTS=${HOSTS:-}                   # a file of ssh logins, one per line (GNU parallel's
                                   # --sshloginfile); unset: this machine only. With hosts,
                                   # OUT and the working folder must be on a shared filesystem.
JOBS=${JOBS:-1}                    # shards at once per host; each uses all of its host's cores
set -euo pipefail

# shellcheck source=scripts/launch-args.sh
source "$(dirname "$0")/launch-args.sh"

mkdir -p "$out/shards"
run=$(printf '%q ' "$FLOE" "$@")
dir=$(printf '%q' "$out")/shards
remote=()
if [ -n "$HOSTS" ]; then
    remote=(--sshloginfile "$HOSTS" --workdir "$PWD")
fi
seq 1 "$shards" | parallel "${remote[@]}" --jobs "$JOBS" --halt now,fail=1 \
    "test -e $dir/{}/shard.toml || $run --shard {}/$shards --quiet --out $dir/{}"
"$FLOE" merge "$out"/shards/* --out "$out"
