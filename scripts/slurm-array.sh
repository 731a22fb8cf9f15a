#!/usr/bin/env bash
# Submits a Floe run to Slurm as a job array of shards, plus a merge job that starts when
# every shard has succeeded.
#
# Usage:  scripts/slurm-array.sh SHARDS OUT -- FLOE-ARGS...
# e.g.    scripts/slurm-array.sh 64 results/big -- simulate --players 4 --bots greedy --games 100000000
#
# Shard K (K = 1..SHARDS) runs `floe FLOE-ARGS --shard K/SHARDS --out OUT/shards/K`; the
# merge job runs `floe merge OUT/shards/* --out OUT`. OUT must be on a filesystem every node
# sees. Logs go to OUT/logs/. If a shard fails, the merge never starts (squeue shows it
# pending with DependencyNeverSatisfied; scancel it): rerun the failed shards alone with
# the same command and ONLY=K (or K,L,...), which submits them and a new merge.
#
# Parameters, from the environment:
ONLY=${ONLY:-}                     # submit only these shards, e.g. 2 or 2,5 (default: all)
FLOE=${FLOE:-target/release/floe}  # the floe binary, as every node reaches it
CPUS=${CPUS:-4}                    # cores per shard (--cpus-per-task; the shard's --threads)
TIME=${TIME:-04:00:00}             # time limit per shard
PARTITION=${PARTITION:-}           # Slurm partition (default: the cluster's)
SBATCH_ARGS=${SBATCH_ARGS:-}       # more sbatch options for both jobs, e.g. "--account=abc"
set -euo pipefail

# shellcheck source=scripts/launch-args.sh
source "$(dirname "$0")/launch-args.sh"
if [ -n "$ONLY" ]; then
    ok=1
    [[ $ONLY =~ ^[1-9][0-9]*(,[1-9][0-9]*)*$ ]] || ok=
    for k in ${ok:+${ONLY//,/ }}; do [ "$k" -le "$shards" ] || ok=; done
    [ -n "$ok" ] || { echo "slurm-array.sh: ONLY must list shards from 1 to $shards, like 2 or 2,5; not '$ONLY'" >&2; exit 2; }
fi

mkdir -p "$out/shards" "$out/logs"
# The floe command line, quoted for the shell that --wrap starts on the node.
run=$(printf '%q ' "$FLOE" "$@")
common=(--parsable ${PARTITION:+--partition="$PARTITION"})
# shellcheck disable=SC2206 # SBATCH_ARGS is a list of options on purpose
common+=($SBATCH_ARGS)

array_job=$(sbatch "${common[@]}" --job-name=floe-shards --array="${ONLY:-1-$shards}" \
    --cpus-per-task="$CPUS" --time="$TIME" --output="$out/logs/shard-%a.log" \
    --wrap="$run --shard \$SLURM_ARRAY_TASK_ID/$shards --threads \$SLURM_CPUS_PER_TASK --quiet --out $(printf '%q' "$out")/shards/\$SLURM_ARRAY_TASK_ID")
array_job=${array_job%%;*}
merge_job=$(sbatch "${common[@]}" --job-name=floe-merge --dependency="afterok:$array_job" \
    --time=00:30:00 --output="$out/logs/merge.log" \
    --wrap="$(printf '%q ' "$FLOE" merge) $(printf '%q' "$out")/shards/* --out $(printf '%q' "$out")")
merge_job=${merge_job%%;*}
echo "submitted ${ONLY:+shard(s) $ONLY of }$shards shards as job $array_job and the merge as job $merge_job; results in $out"
