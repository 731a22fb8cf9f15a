//! Golden replays: `floe replay` told in full and from every seat, for Arctic Race, Arctic
//! and Goofspiel at three players (Race to the North Pole in full only: it hides nothing), compared line for line with the files in `tests/golden/`,
//! so that every change to a replay's text shows in review.
//!
//! After a change that is meant to alter the text, rewrite the files and review the diff:
//!
//! ```sh
//! FLOE_BLESS=1 cargo test -p floe-cli --test replay
//! git diff crates/floe-cli/tests/golden/
//! ```

use std::fs;
use std::path::PathBuf;

use assert_cmd::Command;

/// The Arctic Race game: a short one (20 rounds) with shifts that carry and sweep riders.
const ARCTIC: &[&str] = &["--players", "3", "--seed", "7", "--index", "8"];
/// The Arctic card game, bots greedy, random and MCTS: every kind of question.
const CARDS: &[&str] = &[
    "--game",
    "arctic",
    "--players",
    "3",
    "--bots",
    "greedy,random,mcts:iters=50",
    "--seed",
    "7",
    "--index",
    "1",
];
/// Race to the North Pole, bots greedy, random and MCTS: a game the greedy seat ends at
/// the Pole in 14 rounds. Nothing is private, so the seats' tellings equal the full one and
/// only that is kept.
const NORTH_POLE: &[&str] = &[
    "--game",
    "north-pole",
    "--players",
    "3",
    "--bots",
    "greedy,random,mcts:iters=20",
    "--seed",
    "7",
    "--index",
    "2",
];
const GOOFSPIEL: &[&str] = &[
    "--game",
    "goofspiel",
    "--players",
    "3",
    "--seed",
    "7",
    "--index",
    "2",
];

/// Each golden file with the `floe replay` flags that print it: the game in full, then
/// as each seat saw it.
fn cases() -> Vec<(String, Vec<&'static str>)> {
    let mut cases = Vec::new();
    let games = [
        ("arctic-race-3p", ARCTIC),
        ("arctic-3p", CARDS),
        ("goofspiel-3p", GOOFSPIEL),
    ];
    for (name, flags) in games {
        cases.push((format!("{name}.txt"), flags.to_vec()));
        for seat in ["0", "1", "2"] {
            let mut flags = flags.to_vec();
            flags.extend(["--seat", seat]);
            cases.push((format!("{name}-seat-{seat}.txt"), flags));
        }
    }
    cases.push(("north-pole-3p.txt".into(), NORTH_POLE.to_vec()));
    cases
}

fn replay(flags: &[&str]) -> String {
    let out = Command::cargo_bin("floe")
        .unwrap()
        .arg("replay")
        .args(flags)
        .assert()
        .success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

fn golden(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name)
}

#[test]
fn replays_match_their_golden_files() {
    let bless = std::env::var_os("FLOE_BLESS").is_some_and(|v| v == "1");
    let mut stale = Vec::new();
    for (name, flags) in cases() {
        let text = replay(&flags);
        let path = golden(&name);
        if bless {
            fs::write(&path, &text).unwrap();
            continue;
        }
        let want = fs::read_to_string(&path).unwrap_or_default();
        if let Some((n, (got, want))) = text
            .lines()
            .zip(want.lines())
            .enumerate()
            .find(|(_, (got, want))| got != want)
        {
            stale.push(format!(
                "{name} line {}:\n  got:  {got}\n  want: {want}",
                n + 1
            ));
        } else if text.lines().count() != want.lines().count() {
            stale.push(format!(
                "{name}: {} lines, the golden file has {}",
                text.lines().count(),
                want.lines().count()
            ));
        }
    }
    assert!(
        stale.is_empty(),
        "replays differ from tests/golden/ (if the change is meant, rerun with FLOE_BLESS=1 \
         and review the diff):\n{}",
        stale.join("\n")
    );
}

#[test]
fn a_seat_sees_only_its_own_face_down_cards_and_its_own_board() {
    for seat in 0..3 {
        let text = replay(&[ARCTIC, &["--seat", &seat.to_string()]].concat());
        // The commit lines (`seat 1: commit the skier card`) are the seat's own only.
        let commits = text
            .lines()
            .filter(|l| l.starts_with("seat ") && l[6..].starts_with(": commit the "));
        for line in commits {
            assert!(
                line.starts_with(&format!("seat {seat}:")),
                "seat {seat} sees {line:?}"
            );
        }
        assert!(text.contains("seat 1: commit a card face down") || seat == 1);
        // Every board is the seat's own, one at every round start.
        let rounds = text.lines().filter(|l| l.starts_with("== round ")).count();
        let boards = text
            .lines()
            .filter(|l| l.starts_with(&format!("seat {seat} sees round ")))
            .count();
        assert_eq!(boards, rounds, "seat {seat}");
        assert!(!text.contains("the table: "));
    }
    let full = replay(ARCTIC);
    assert!(!full.contains("a card face down"));
    assert!(full.contains("the table: round 1: seat 0 commits a card"));
}

/// Returns the questions of `text` answered by placing a card from the hand (the answer,
/// a card, is the card the next line places), as `(asker, question line)`.
fn placements(text: &str) -> Vec<(String, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let placed = |w: &[&str]| {
        let answer = w[1].split(" answers ").nth(1);
        w[0].contains(" chooses among: ")
            && answer.is_some_and(|a| w[2].ends_with(&format!(" places {a} on top")))
    };
    lines
        .windows(3)
        .filter(|w| placed(w))
        .map(|w| (w[0][..6].to_string(), w[0].to_string()))
        .collect()
}

/// In round 1 every hand is as dealt, unknown to the other seats; later a seat may know
/// another's whole hand (cards taken from the River are public), and then its choices are
/// shown.
#[test]
fn in_arctic_a_seat_never_sees_a_dealt_hand_another_seat_chooses_from() {
    let round_1 = |text: &str| placements(text.split("\nround 2:").next().unwrap());
    let full = round_1(&replay(CARDS));
    assert_eq!(
        full.len(),
        3,
        "each seat places a card in round 1: {full:?}"
    );
    for seat in 0..3 {
        let own = format!("seat {seat}");
        let seen = round_1(&replay(&[CARDS, &["--seat", &seat.to_string()]].concat()));
        let mine: Vec<_> = full.iter().filter(|(asker, _)| *asker == own).collect();
        assert_eq!(seen.iter().collect::<Vec<_>>(), mine, "seat {seat}");
    }
}

#[test]
fn a_seat_outside_the_table_is_refused_naming_the_flag() {
    Command::cargo_bin("floe")
        .unwrap()
        .args(["replay", "--players", "3", "--seat", "3"])
        .assert()
        .failure()
        .stdout("")
        .stderr("Error: --seat: the table has seats 0 to 2 (3 players), not 3\n");
}

#[test]
fn html_draws_the_game_into_one_page_written_whole() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("game.html");
    Command::cargo_bin("floe")
        .unwrap()
        .args(["replay", "--game", "arctic", "--players", "3", "--html"])
        .arg(&page)
        .assert()
        .success()
        .stderr(predicates::str::contains("wrote"));
    let html = fs::read_to_string(&page).unwrap();
    for part in [
        "<!DOCTYPE html>",
        "default-src 'none'",
        "connect-src 'none'",
        r#"<script id="data" type="application/json">"#,
        r#""views":[{"seat":null,"#,
        "final scores (",
    ] {
        assert!(html.contains(part), "the page holds {part:?}");
    }
    // A folder is refused, naming the flag; nothing is left beside it.
    Command::cargo_bin("floe")
        .unwrap()
        .args(["replay", "--html"])
        .arg(dir.path())
        .assert()
        .failure()
        .stderr(predicates::str::contains(format!(
            "--html {}: is a folder",
            dir.path().display()
        )));
    let mut names: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["game.html"]);
}
