//! The example's binary is Floe's command line with its bot added: `bots` lists it, and
//! a tournament rates it, sharded and merged as a whole run.

use std::fs;

use assert_cmd::Command;

/// `first-bot` with the command line `line`, split on whitespace.
fn first_bot(line: &str) -> Command {
    let mut cmd = Command::cargo_bin("first-bot").unwrap();
    cmd.args(line.split_whitespace());
    cmd
}

#[test]
fn the_bots_list_shows_the_plugged_bot_with_its_identity_and_parameter() {
    let out = first_bot("bots --game arctic").assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let listed: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("edge:"))
        .collect();
    assert_eq!(
        listed,
        [
            "edge: takes the answer with the lowest (or highest) number (plugged in: edge 1)",
            "  end       low or high; default low: which end of the answers' numbers it takes",
        ],
        "the last bot listed, after the built-in ones: {text}"
    );
}

#[test]
fn a_tournament_rates_the_bot_and_its_shards_merge_to_the_whole_run() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = |name: &str| tmp.path().join(name).display().to_string();
    let run = "tournament --game arctic-race --players 2 --bots random,edge --games 40 --quiet";
    first_bot(&format!("{run} --out {}", dir("whole")))
        .assert()
        .success();
    let ratings = fs::read_to_string(tmp.path().join("whole/ratings.csv")).unwrap();
    assert!(ratings.contains(",edge,40,"), "{ratings}");
    for k in 1..=2 {
        let shard = format!("{run} --shard {k}/2 --out {}", dir(&k.to_string()));
        first_bot(&shard).assert().success();
    }
    let merge = format!(
        "merge {} {} --quiet --out {}",
        dir("1"),
        dir("2"),
        dir("merged")
    );
    first_bot(&merge).assert().success();
    for table in ["tournament.csv", "pairwise.csv", "ratings.csv", "seats.csv"] {
        let read = |run: &str| fs::read_to_string(tmp.path().join(run).join(table)).unwrap();
        assert_eq!(read("merged"), read("whole"), "{table}");
    }
}

#[test]
fn a_person_plays_against_the_bot_and_the_record_keeps_its_identity() {
    let tmp = tempfile::tempdir().unwrap();
    let record = tmp.path().join("game.toml");
    let play = format!(
        "play --game goofspiel --players 2 --bots person,edge:end=high --seed 3 --record {}",
        record.display()
    );
    // The person takes the first answer every time.
    first_bot(&play)
        .write_stdin("1\n".repeat(50))
        .assert()
        .success();
    let text = fs::read_to_string(&record).unwrap();
    assert!(text.contains("[plugged]\nedge = \"edge 1\""), "{text}");
    let told = |record: &std::path::Path| first_bot("replay --record").arg(record).assert();
    let shown = told(&record).success();
    let shown = String::from_utf8(shown.get_output().stdout.clone()).unwrap();
    assert!(shown.contains("final scores"), "{shown}");
    // Another identity of the bot may answer otherwise: the record is not told again.
    let other = tmp.path().join("other.toml");
    fs::write(&other, text.replace("\"edge 1\"", "\"edge 0\"")).unwrap();
    let refused = told(&other).failure();
    let error = String::from_utf8(refused.get_output().stderr.clone()).unwrap();
    assert!(
        error.contains(
            "its plugged bots were \"edge\" (\"edge 0\"), but this build's are \
             \"edge\" (\"edge 1\")"
        ),
        "{error}"
    );
}
