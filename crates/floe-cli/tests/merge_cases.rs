//! The reliability round's cases on `floe merge` (issue 26), tried on the real binary as a
//! forger or a careless user would: counts no game can have, rows of `games.csv` that do
//! not add up, a key of the wrong type or twice, and shards of two builds.

use std::fs;
use std::path::{Path, PathBuf};

mod common;

use common::{fails, floe_on, merge_into, ok, ok_small, with_line, words};

/// A shard of 300 Arctic Race games (seed 4) in `dir/shard`, its counts changed by
/// `edit` (each line of counts.csv, and lines to add) and sealed again as a forger would;
/// returns merge's stderr, which must be a refusal.
fn forged_merge(edit: impl Fn(&str) -> String, added: &[&str]) -> String {
    let tmp = tempfile::tempdir().unwrap();
    let shard = forgeable_shard(tmp.path());
    let counts = shard.join("counts.csv");
    let mut text: String = fs::read_to_string(&counts)
        .unwrap()
        .lines()
        .map(edit)
        .filter(|l| !l.is_empty())
        .map(|l| l + "\n")
        .collect();
    for line in added {
        text.push_str(line);
        text.push('\n');
    }
    fs::write(&counts, text).unwrap();
    floe_lab::shards::reseal(&shard).unwrap();
    merge_refusal(tmp.path(), [&shard])
}

/// Plays the shard of [`forged_merge`] into `dir/shard` and returns its folder.
fn forgeable_shard(dir: &Path) -> PathBuf {
    let shard = dir.join("shard");
    ok(&words("simulate --games 300 --seed 4 --shard 1/1"), &shard);
    shard
}

/// Merges `shards` into `dir/merged`, checks that merge refuses them and writes nothing,
/// and returns its stderr.
fn merge_refusal<S: AsRef<std::ffi::OsStr>>(
    dir: &Path,
    shards: impl IntoIterator<Item = S>,
) -> String {
    let out = merge_into(shards, &dir.join("merged")).output().unwrap();
    assert!(!out.status.success(), "merged: {out:?}");
    assert!(!dir.join("merged").exists(), "nothing written");
    String::from_utf8(out.stderr).unwrap()
}

/// The value of counter `name` at `index` in the shard of [`forged_merge`] (its counts
/// are those of a fixed run, so tests can read them once).
fn count(name: &str, index: usize) -> i64 {
    let tmp = tempfile::tempdir().unwrap();
    let shard = forgeable_shard(tmp.path());
    fs::read_to_string(shard.join("counts.csv"))
        .unwrap()
        .lines()
        .find_map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (f[1] == name && f[2] == index.to_string()).then(|| f[3].parse().unwrap())
        })
        .unwrap_or(0)
}

/// Replaces the value of counter `name` at `index` by `value` (a 0 removes the line, as
/// shards write no zero counts).
fn set(name: &'static str, index: usize, value: i64) -> impl Fn(&str) -> String {
    move |l: &str| {
        let f: Vec<&str> = l.split(',').collect();
        if f.len() == 4 && f[1] == name && f[2] == index.to_string() {
            if value == 0 {
                return String::new();
            }
            format!("{},{},{},{}", f[0], f[1], f[2], value)
        } else {
            l.to_string()
        }
    }
}

/// Applies two edits in turn.
fn both(a: impl Fn(&str) -> String, b: impl Fn(&str) -> String) -> impl Fn(&str) -> String {
    move |l: &str| b(&a(l))
}

#[test]
fn case_06_merge_refuses_counts_no_game_can_have() {
    let (rounds_sum, sq_sum) = (count("rounds_sum", 0), count("rounds_sq_sum", 0));
    let shortest: i64 = (1..)
        .find(|&r| count("rounds_hist", r as usize) > 0)
        .unwrap();
    let short_games = count("rounds_hist", shortest as usize);
    let move_game = |to: i64| {
        both(
            both(
                set("rounds_hist", shortest as usize, short_games - 1),
                set("rounds_sum", 0, rounds_sum - shortest + to),
            ),
            set("rounds_sq_sum", 0, sq_sum - shortest * shortest + to * to),
        )
    };
    let e = forged_merge(move_game(100_000), &["0,rounds_hist,100000,1"]);
    assert!(
        e.contains("a game of 100000 rounds, past the round limit of 500"),
        "{e}"
    );
    let e = forged_merge(move_game(0), &["0,rounds_hist,0,1"]);
    assert!(e.contains("a game of 0 rounds"), "{e}");
    let winner = count("winner_score_sum", 0);
    let e = forged_merge(set("winner_score_sum", 0, 900_000_000), &[]);
    assert!(e.contains("winner_score_sum is 900000000, outside"), "{e}");
    let e = forged_merge(set("margin_sum", 0, winner + 1), &[]);
    assert!(e.contains("margin_sum is"), "{e}");
    let seat = count("seat_score_sum", 0);
    // Score sums near 2^63, kept consistent across seats, colours and bots.
    let huge = i64::MAX / 2;
    let bot = count("bot_score_sum", 0);
    let e = forged_merge(
        both(
            both(
                set("seat_score_sum", 0, huge),
                set("colour_score_sum", 0, huge),
            ),
            set("bot_score_sum", 0, bot - seat + huge),
        ),
        &[],
    );
    assert!(e.contains("score_sum is"), "{e}");
    let (c0, c1) = (count("colour_score_sum", 0), count("colour_score_sum", 1));
    let e = forged_merge(
        both(
            set("colour_score_sum", 0, c1),
            set("colour_score_sum", 1, c0),
        ),
        &[],
    );
    assert!(e.contains("colour 0's counts differ from seat 0's"), "{e}");
    let (w0, w1) = (count("seat_win_units", 0), count("seat_win_units", 1));
    let e = forged_merge(
        both(
            set("seat_win_units", 0, w0 + 60),
            set("seat_win_units", 1, w1 - 60),
        ),
        &[],
    );
    assert!(e.contains("win_units is"), "{e}");
    let ends = count("end_causes", 1);
    let e = forged_merge(set("end_causes", 1, ends - 1), &["0,end_causes,5,1"]);
    assert!(
        e.contains("end_causes[5]: arctic-race has only 3 end causes"),
        "{e}"
    );
    let e = forged_merge(set("end_causes", 1, ends - 1), &["0,end_causes,2,1"]);
    assert!(
        e.contains("1 game ended by the round limit, but only 0 lasted its 500 rounds"),
        "{e}"
    );
    assert!(seat > 0);
}

#[test]
fn case_06_real_shards_of_games_the_round_limit_ends_merge() {
    let tmp = tempfile::tempdir().unwrap();
    for (game, rules) in [
        ("arctic-race", "classic.toml"),
        ("arctic", "arctic.toml"),
        ("north-pole", "north-pole.toml"),
    ] {
        let source = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../experiments/rules")
            .join(rules);
        let text = fs::read_to_string(source).unwrap();
        let short = with_line(&text, "round_limit", "round_limit = 6");
        let file = tmp.path().join(format!("{game}.toml"));
        fs::write(&file, short).unwrap();
        let shards: Vec<PathBuf> = (1..=2)
            .map(|k| {
                let dir = tmp.path().join(format!("{game}-{k}"));
                let line = format!(
                    "simulate --game {game} --games 40 --bots greedy --shard {k}/2 --quiet --rules"
                );
                floe_on(&line, &file)
                    .arg("--out")
                    .arg(&dir)
                    .assert()
                    .success();
                dir
            })
            .collect();
        let merged = tmp.path().join(format!("{game}-merged"));
        merge_into(&shards, &merged)
            .arg("--quiet")
            .assert()
            .success();
        let stats =
            fs::read_to_string(tmp.path().join(format!("{game}-merged/game_stats.csv"))).unwrap();
        assert!(stats.lines().nth(1).is_some(), "{game}: merged");
    }
}

/// Plays [`small`] (seed 4, per-game rows) in `count` shards under `dir`.
fn shards_of(dir: &Path, count: usize) -> Vec<PathBuf> {
    (1..=count)
        .map(|k| {
            let shard = dir.join(format!("shard-{k}"));
            ok_small(4, &format!("--shard {k}/{count}"), &shard);
            shard
        })
        .collect()
}

/// Replaces the data rows of `shard`'s games.csv by `rows` of them, seals the shard again
/// as a forger would, and returns merge's refusal of `shards`.
fn forged_rows(
    dir: &Path,
    shards: &[PathBuf],
    edit: impl Fn(Vec<String>) -> Vec<String>,
) -> String {
    let path = shards[0].join("games.csv");
    let text = fs::read_to_string(&path).unwrap();
    let mut lines = text.lines().map(String::from);
    let header = lines.next().unwrap();
    let rows = edit(lines.collect());
    let body: String = std::iter::once(header)
        .chain(rows)
        .map(|l| l + "\n")
        .collect();
    fs::write(&path, body).unwrap();
    floe_lab::shards::reseal(&shards[0]).unwrap();
    merge_refusal(dir, shards)
}

#[test]
fn case_07_merge_checks_every_row_of_games_csv() {
    let rows_of = |shard: &Path| -> Vec<String> {
        fs::read_to_string(shard.join("games.csv"))
            .unwrap()
            .lines()
            .skip(1)
            .map(String::from)
            .collect()
    };
    // An edited score.
    let tmp = tempfile::tempdir().unwrap();
    let shards = shards_of(tmp.path(), 2);
    let e = forged_rows(tmp.path(), &shards, |mut rows| {
        let mut f: Vec<String> = rows[1].split(',').map(String::from).collect();
        f[10] = (f[10].parse::<i64>().unwrap() + 1).to_string();
        rows[1] = f.join(",");
        rows
    });
    assert!(e.contains("do not add up to the shard's counts"), "{e}");
    // An emptied file.
    let tmp = tempfile::tempdir().unwrap();
    let shards = shards_of(tmp.path(), 2);
    let e = forged_rows(tmp.path(), &shards, |_| Vec::new());
    assert!(e.contains("row 1: missing"), "{e}");
    // Reversed rows.
    let tmp = tempfile::tempdir().unwrap();
    let shards = shards_of(tmp.path(), 2);
    let e = forged_rows(tmp.path(), &shards, |mut rows| {
        rows.reverse();
        rows
    });
    assert!(e.contains("row 1: it should be game 0, seat 0"), "{e}");
    // Another shard's rows.
    let tmp = tempfile::tempdir().unwrap();
    let shards = shards_of(tmp.path(), 2);
    let theirs = rows_of(&shards[1]);
    let e = forged_rows(tmp.path(), &shards, |_| theirs.clone());
    assert!(e.contains("row 1: it should be game 0, seat 0"), "{e}");
    // A copy of shard 1 relabelled 2/3: its counts are a block's worth, its rows are not.
    let tmp = tempfile::tempdir().unwrap();
    let shards = shards_of(tmp.path(), 3);
    let copy = tmp.path().join("copy");
    fs::create_dir(&copy).unwrap();
    for name in ["counts.csv", "games.csv", "shard.toml", "floe-files.toml"] {
        fs::copy(shards[0].join(name), copy.join(name)).unwrap();
    }
    let manifest = fs::read_to_string(copy.join("shard.toml"))
        .unwrap()
        .replace("shard = \"1/3\"", "shard = \"2/3\"");
    fs::write(copy.join("shard.toml"), manifest).unwrap();
    floe_lab::shards::reseal(&copy).unwrap();
    let e = merge_refusal(tmp.path(), [&shards[0], &copy, &shards[2]]);
    assert!(e.contains("copy/"), "{e}");
}

#[test]
fn case_14_a_wrong_type_or_a_duplicate_key_is_named_by_its_key() {
    let tmp = tempfile::tempdir().unwrap();
    let rules = tmp.path().join("r.toml");
    let spec = tmp.path().join("e.toml");
    let simulate = "simulate --games 1 --rules";
    let cases: [(&Path, &str, &str, &str); 4] = [
        (
            &rules,
            "name = \"x\"\nround_limit = \"five\"\n",
            simulate,
            "line 2: round_limit: invalid type",
        ),
        (
            &rules,
            "name = \"x\"\nname = \"y\"\n",
            simulate,
            "line 2: name: duplicate key",
        ),
        (
            &spec,
            "name = \"e\"\ngame = \"arctic-race\"\nplayers = [2]\n[[lineups]]\nbots = \"random\"\n\
             games = 10\n[[lineups]]\nbots = \"greedy\"\ngames = \"ten\"\n",
            "experiment",
            "line 9: lineups[1].games: invalid type",
        ),
        (
            &spec,
            "name = \"e\"\ngame = \"arctic-race\"\nplayers = [2]\nplayers = [3]\n",
            "experiment",
            "line 4: players: duplicate key",
        ),
    ];
    for (path, text, command, message) in cases {
        fs::write(path, text).unwrap();
        fails(floe_on(command, path), message);
    }
}

#[test]
fn case_16_allow_other_build_merges_shards_of_two_builds() {
    let tmp = tempfile::tempdir().unwrap();
    let shards = shards_of(tmp.path(), 2);
    // Shard 2 as an older build wrote it, sealed as that build would.
    let manifest = shards[1].join("shard.toml");
    let text = fs::read_to_string(&manifest).unwrap();
    let old = with_line(&text, "floe_version = ", "floe_version = \"0.0.9\"");
    fs::write(&manifest, old).unwrap();
    floe_lab::shards::reseal(&shards[1]).unwrap();
    let merged = tmp.path().join("merged");
    fails(merge_into(&shards, &merged), "--allow-other-build");
    let mut cmd = merge_into(&shards, &merged);
    cmd.args(["--allow-other-build", "--quiet"])
        .assert()
        .success();
}
