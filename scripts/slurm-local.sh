#!/usr/bin/env bash
# Starts a one-node Slurm on this machine (slurmctld and slurmd here, with munge), for
# trying scripts/slurm-array.sh on a real scheduler: a Debian test box or container, as
# root, systemd or not. Installs Debian's slurm-wlm and munge if slurmctld is missing.
#
# Usage:  scripts/slurm-local.sh         start (does nothing if the node already answers)
#         scripts/slurm-local.sh stop    stop the three daemons
#
# It writes /etc/slurm/slurm.conf, and refuses to overwrite one it did not write.
# Logs: /var/log/slurm/slurmctld.log, /var/log/slurm/slurmd.log, /var/log/munge/munged.log.
set -euo pipefail

conf=/etc/slurm/slurm.conf
marker="# Written by floe scripts/slurm-local.sh"
state=/var/lib/slurm-local  # the controller's state and slurmd's spool, ours alone

# Stops the daemon whose pid file is $1, and waits until it is gone.
stop_daemon() {
    local pid
    pid=$(cat "$1" 2>/dev/null) || return 0
    kill "$pid" 2>/dev/null || return 0
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.2; done
    echo "slurm-local.sh: pid $pid ($1) did not stop" >&2
    return 1
}

if [ "${1:-}" = stop ]; then
    stop_daemon /run/slurmd-local.pid
    stop_daemon /run/slurmctld-local.pid
    stop_daemon /run/munge/munged.pid
    exit 0
elif [ $# -gt 0 ]; then
    sed -n '6,7p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
fi

if [ "$(id -u)" != 0 ]; then
    echo "slurm-local.sh: must run as root (it installs packages and starts daemons)" >&2
    exit 1
fi

if [ -e "$conf" ] && ! grep -qF "$marker" "$conf"; then
    echo "slurm-local.sh: $conf exists and was not written by this script; not touching it" >&2
    exit 1
fi

# The node answers: idle, or busy with jobs.
node_up() {
    local s
    s=$(sinfo -h -N -o %T 2>/dev/null) || return 1
    [ "$s" = idle ] || [ "$s" = mixed ] || [ "$s" = allocated ]
}
running() { pgrep -F "$1" >/dev/null 2>&1; }

# Already up. (The pid files first: sinfo takes seconds to give up on a missing controller.)
if running /run/slurmctld-local.pid && running /run/slurmd-local.pid && node_up; then
    echo "slurm-local.sh: Slurm is already running"
    exit 0
fi

if ! command -v slurmctld >/dev/null; then
    # `apt-get update` only if the package lists do not know slurm-wlm yet.
    if ! apt-cache show slurm-wlm >/dev/null 2>&1; then apt-get update -q; fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends slurm-wlm munge
fi

# munge authenticates every message between the commands and the daemons. Debian's
# package makes the key; make one if it is gone. munged insists that it owns its key, log
# and folders, which the package gives to the munge user: so it runs as munge (as root it
# stops at "Logfile is insecure"). Without systemd nobody makes /run/munge: make it here.
if [ ! -s /etc/munge/munge.key ]; then
    mungekey --create --keyfile=/etc/munge/munge.key
    chown munge:munge /etc/munge/munge.key
    chmod 400 /etc/munge/munge.key
fi
install -d -o munge -g munge -m 755 /run/munge
install -d -o munge -g munge -m 700 /var/log/munge /var/lib/munge
if ! munge -n </dev/null 2>/dev/null | unmunge >/dev/null 2>&1; then
    runuser -u munge -- munged
fi

host=$(hostname -s)
# This node as slurmd sees it: CPUs, sockets, cores, threads and RealMemory. The node
# must not claim more than it has, or slurmd registers it as invalid and it drains.
node=$(slurmd -C | head -n 1)
install -d -m 755 "$state/ctld" "$state/spool" /var/log/slurm
cat >"$conf" <<EOF
$marker: a one-node Slurm, for tests.
ClusterName=floe-local
SlurmctldHost=$host
# The daemons run as root: no slurm-owned state folders to keep right, and the jobs are
# submitted by root anyway.
SlurmUser=root
StateSaveLocation=$state/ctld
SlurmdSpoolDir=$state/spool
SlurmctldPidFile=/run/slurmctld-local.pid
SlurmdPidFile=/run/slurmd-local.pid
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
# No cgroups: here proctrack/cgroup fails every job ("cgroup namespace 'freezer' not
# mounted"), and containers rarely give one to write. linuxproc tracks a job's processes
# through their parent ids; task/none binds nothing. So no cgroup.conf is needed.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
# No slurmdbd: sacct has nothing to read, so a finished job is looked up with
# scontrol, which remembers it for MinJobAge seconds.
AccountingStorageType=accounting_storage/none
MinJobAge=600
# Jobs share the node by cores (so shards with --cpus-per-task=1 run side by side);
# memory is not a consumable, so jobs need not ask for it.
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
# A node that was down (the daemons restarted) comes back by itself once it registers.
ReturnToService=2
MpiDefault=none
# Debian installs no mail program; without this slurmctld logs an error at start.
MailProg=/bin/true
$node State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF

# -c: start clean (no jobs or node state from an earlier run), so a changed node or
# config never meets stale state. Both fork into the background and write a pid file.
running /run/slurmctld-local.pid || slurmctld -c
running /run/slurmd-local.pid || slurmd

for _ in $(seq 60); do
    if node_up; then
        sinfo
        exit 0
    fi
    sleep 1
done
echo "slurm-local.sh: the node did not come up idle within a minute:" >&2
sinfo -N -l >&2 || true
tail -n 20 /var/log/slurm/slurmctld.log /var/log/slurm/slurmd.log >&2 || true
exit 1
