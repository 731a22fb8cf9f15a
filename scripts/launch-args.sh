# shellcheck shell=bash
# The arguments every shard launcher (parallel.sh, slurm-array.sh) takes:
# `SHARDS OUT -- FLOE-ARGS...`. Sourced by the launcher after `set -euo pipefail`, it sets
# `shards` and `out` and leaves FLOE-ARGS as the positional parameters; on bad arguments it
# prints the launcher's usage (its header comment, up to its parameters) and exits 2.
if [ $# -lt 4 ] || [ "$3" != "--" ]; then
    sed -n '2,/^# Parameters/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2
    exit 2
fi
shards=$1 out=$2
shift 3
case $shards in
    '' | *[!0-9]* | 0)
        echo "$(basename "$0"): SHARDS must be a whole number from 1, not '$shards'" >&2
        exit 2
        ;;
esac
