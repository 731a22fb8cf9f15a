//! The cluster launchers in `scripts/`, run against fake `sbatch` and `parallel` commands
//! that record their arguments and run the shards here: the merged result must equal the
//! unsharded run.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A fake `sbatch`: records its arguments, runs an array job's `--wrap` command once per
/// task (with the variables Slurm sets) or a plain job's once, and prints a job id.
const FAKE_SBATCH: &str = r#"#!/usr/bin/env bash
echo "sbatch $*" >> "$FAKE_LOG"
array= wrap= cpus=1
for a in "$@"; do
    case $a in
        --array=*) array=${a#--array=} ;;
        --wrap=*) wrap=${a#--wrap=} ;;
        --cpus-per-task=*) cpus=${a#--cpus-per-task=} ;;
    esac
done
if [ -n "$array" ]; then
    for i in $(seq "${array%-*}" "${array#*-}"); do
        SLURM_ARRAY_TASK_ID=$i SLURM_CPUS_PER_TASK=$cpus bash -c "$wrap" || exit 1
    done
else
    bash -c "$wrap" || exit 1
fi
echo "$(( $(grep -c '^sbatch' "$FAKE_LOG") + 7000 ));fakecluster"
"#;

/// A fake GNU `parallel`: records its arguments and runs its last argument (the command)
/// once per line of input, with `{}` replaced by the line.
const FAKE_PARALLEL: &str = r#"#!/usr/bin/env bash
echo "parallel $*" >> "$FAKE_LOG"
command=${!#}
while read -r line; do
    bash -c "${command//\{\}/$line}" || exit 1
done
"#;

/// A `floe` that records each call before running the real binary.
fn recording_floe(bin: &Path) -> PathBuf {
    let path = bin.join("floe-recorded");
    let real = assert_cmd::cargo::cargo_bin("floe");
    fs::write(
        &path,
        format!(
            "#!/usr/bin/env bash\necho \"floe $*\" >> \"$FAKE_LOG\"\nexec {} \"$@\"\n",
            real.display()
        ),
    )
    .unwrap();
    make_executable(&path);
    path
}

fn make_executable(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(0o755)).unwrap();
}

/// Returns a folder holding the fake commands.
fn fake_bin(dir: &Path) -> PathBuf {
    let bin = dir.join("bin");
    fs::create_dir_all(&bin).unwrap();
    for (name, text) in [("sbatch", FAKE_SBATCH), ("parallel", FAKE_PARALLEL)] {
        fs::write(bin.join(name), text).unwrap();
        make_executable(&bin.join(name));
    }
    bin
}

/// Runs `scripts/NAME ARGS` in `dir` with the fakes first on PATH; returns the log.
fn launch(dir: &Path, script: &str, args: &[&str], env: &[(&str, &str)]) -> String {
    let bin = fake_bin(dir);
    let log = dir.join("calls.log");
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap());
    let scripts = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts");
    let status = Command::new("bash")
        .arg(scripts.join(script))
        .args(args)
        .current_dir(dir)
        .env("PATH", path)
        .env("FAKE_LOG", &log)
        .env("FLOE", recording_floe(&bin))
        .envs(env.iter().copied())
        .status()
        .unwrap();
    assert!(status.success(), "{script} failed");
    fs::read_to_string(log).unwrap()
}

const RUN: [&str; 7] = [
    "simulate",
    "--players",
    "3",
    "--games",
    "1500",
    "--seed",
    "4",
];

/// Checks that `out` holds what the unsharded run writes.
fn equals_unsharded(dir: &Path, out: &Path) {
    let whole = dir.join("whole");
    let status = Command::new(assert_cmd::cargo::cargo_bin("floe"))
        .args(RUN)
        .args(["--quiet", "--out"])
        .arg(&whole)
        .status()
        .unwrap();
    assert!(status.success());
    for name in ["game_stats.csv", "seats.csv"] {
        assert_eq!(
            fs::read(whole.join(name)).unwrap(),
            fs::read(out.join(name)).unwrap_or_else(|e| panic!("{name}: {e}")),
            "{name}"
        );
    }
}

#[test]
fn slurm_array_submits_shards_and_a_merge_that_waits_for_them() {
    let tmp = tempfile::tempdir().unwrap();
    let args: Vec<&str> = ["3", "out", "--"].into_iter().chain(RUN).collect();
    let log = launch(
        tmp.path(),
        "slurm-array.sh",
        &args,
        &[("CPUS", "2"), ("PARTITION", "short")],
    );
    let calls: Vec<&str> = log.lines().collect();
    let sbatch: Vec<&&str> = calls.iter().filter(|l| l.starts_with("sbatch")).collect();
    assert_eq!(sbatch.len(), 2, "{log}");
    assert!(sbatch[0].contains("--array=1-3") && sbatch[0].contains("--cpus-per-task=2"));
    assert!(sbatch[0].contains("--partition=short"), "{log}");
    // The merge depends on the array job's id (the fake numbers jobs by log lines).
    assert!(sbatch[1].contains("--dependency=afterok:7001"), "{log}");
    for k in 1..=3 {
        assert!(
            log.contains(&format!(
                "--shard {k}/3 --threads 2 --quiet --out out/shards/{k}"
            )),
            "shard {k} not run: {log}"
        );
    }
    equals_unsharded(tmp.path(), &tmp.path().join("out"));
}

#[test]
fn parallel_runs_the_shards_merges_and_skips_finished_ones_when_run_again() {
    let tmp = tempfile::tempdir().unwrap();
    let args: Vec<&str> = ["3", "out", "--"].into_iter().chain(RUN).collect();
    let log = launch(tmp.path(), "parallel.sh", &args, &[]);
    assert!(log.contains("parallel --jobs 1 --halt now,fail=1"), "{log}");
    let runs = |log: &str| -> Vec<String> {
        log.lines()
            .filter(|l| l.starts_with("floe ") && l.contains("--shard"))
            .map(String::from)
            .collect()
    };
    assert_eq!(runs(&log).len(), 3, "{log}");
    equals_unsharded(tmp.path(), &tmp.path().join("out"));
    // Shard 2 is lost; running the same command again plays only shard 2.
    fs::remove_dir_all(tmp.path().join("out/shards/2")).unwrap();
    fs::remove_file(tmp.path().join("calls.log")).unwrap();
    let log = launch(tmp.path(), "parallel.sh", &args, &[("HOSTS", "hosts.txt")]);
    assert!(log.contains("--sshloginfile hosts.txt"), "{log}");
    let shards = runs(&log);
    assert_eq!(shards.len(), 1, "{log}");
    assert!(shards[0].contains("--shard 2/3"));
    equals_unsharded(tmp.path(), &tmp.path().join("out"));
}

#[test]
fn launchers_explain_their_usage() {
    let scripts = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts");
    for script in ["slurm-array.sh", "parallel.sh"] {
        let out = Command::new("bash")
            .arg(scripts.join(script))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let usage = String::from_utf8_lossy(&out.stderr);
        assert!(
            usage.contains(&format!(
                "Usage:  scripts/{script} SHARDS OUT -- FLOE-ARGS..."
            )),
            "{usage}"
        );
        let bad = Command::new("bash")
            .arg(scripts.join(script))
            .args(["x", "out", "--", "simulate"])
            .output()
            .unwrap();
        assert!(String::from_utf8_lossy(&bad.stderr).contains("SHARDS must be a whole number"));
    }
}
