//! Learned bots in runs of the real binary: a run with networks is the same on any thread
//! count and merged from shards; a shard played with another network at the same path is
//! refused at the merge, naming it; a network that does not fit the table is refused
//! before any game, naming the flag, the file and the tensor.

use std::path::Path;

mod common;

use common::{assert_same_files, fails, floe_line, merge_into, ok, words};

/// Writes a policy and value network for Goofspiel at 2 players (46 values, 5 answers)
/// into `dir`, their weights from `seed`.
fn networks(dir: &Path, hidden: usize) -> (String, String) {
    let (policy, value) = floe_onnx::write::table_networks(dir, 46, 5, hidden).unwrap();
    (policy.display().to_string(), value.display().to_string())
}

#[test]
fn a_run_with_networks_is_the_same_on_any_threads_and_merged_from_shards() {
    let tmp = tempfile::tempdir().unwrap();
    let (policy, value) = networks(tmp.path(), 8);
    let bots =
        format!("onnx:{policy},pick=sample,mcts:iters=30,prior={policy},value={value},bias=1");
    let line = "simulate --game goofspiel --players 2 --games 40 --seed 3 --per-game";
    let mut args = words(line);
    args.extend(["--bots", &bots]);
    let whole = tmp.path().join("whole");
    ok(&args, &whole);
    let files = words("game_stats.csv seats.csv bots.csv games.csv");
    for threads in ["1", "2"] {
        let dir = tmp.path().join(format!("threads-{threads}"));
        let mut with = args.clone();
        with.extend(["--threads", threads]);
        ok(&with, &dir);
        assert_same_files(&whole, &dir, &files);
    }
    let mut shards = Vec::new();
    for k in 1..=2 {
        let shard = tmp.path().join(format!("shard-{k}"));
        let part = format!("{k}/2");
        let mut with = args.clone();
        with.extend(["--shard", &part]);
        ok(&with, &shard);
        shards.push(shard);
    }
    let merged = tmp.path().join("merged");
    merge_into(&shards, &merged)
        .arg("--quiet")
        .assert()
        .success();
    assert_same_files(&whole, &merged, &files);

    // The second shard again, with other weights at the same path: its games are not the
    // plan's, and the merge says which network differs.
    let other = tmp.path().join("other");
    std::fs::create_dir(&other).unwrap();
    let (changed, _) = networks(&other, 6);
    std::fs::copy(&changed, &policy).unwrap();
    let again = tmp.path().join("shard-2-again");
    let mut with = args.clone();
    with.extend(["--shard", "2/2"]);
    ok(&with, &again);
    fails(
        merge_into([&shards[0], &again], &tmp.path().join("refused")),
        &format!("\"{policy}\""),
    );
}

#[test]
fn a_network_that_does_not_fit_the_table_is_refused_naming_flag_file_and_tensor() {
    let tmp = tempfile::tempdir().unwrap();
    let (policy, _) = networks(tmp.path(), 8);
    let out = tmp.path().join("out");
    for (command, flag) in [
        ("simulate", "--bots"),
        ("tournament", "--bots"),
        ("profile", "--ladder"),
    ] {
        let mut cmd = floe_line(&format!(
            "{command} --game arctic-race --players 2 --games 10"
        ));
        cmd.arg(flag)
            .arg(format!("random,onnx:{policy}"))
            .arg("--out")
            .arg(&out);
        fails(
            cmd,
            &format!(
                "Error: {flag} \"random,onnx:{policy}\": spec 2 (\"onnx:{policy}\"): bot \
                 \"onnx\": the ONNX model {policy} does not fit arctic-race at 2 players as a \
                 policy network: input \"obs\" has shape [batch, 46], but Floe feeds [1, "
            ),
        );
        assert!(
            !out.exists(),
            "{command} wrote its output folder before refusing"
        );
    }
}
