//! `floe play` with answers piped in: the prompts, a wrong answer, the record, and the
//! record told again by `floe replay --record`.

use std::fs;

use assert_cmd::Command;

fn floe() -> Command {
    Command::cargo_bin("floe").unwrap()
}

/// Plays Arctic Race at 2 players as seat 0 against greedy, answering `answers` (then the
/// first answer to everything), and returns the output and the record's text.
fn play(dir: &std::path::Path, answers: &str) -> (String, String) {
    let record = dir.join("game.toml");
    let input = format!("{answers}{}", "1\n".repeat(400));
    let out = floe()
        .args([
            "play",
            "--game",
            "arctic-race",
            "--players",
            "2",
            "--seed",
            "5",
        ])
        .arg("--record")
        .arg(&record)
        .write_stdin(input)
        .assert()
        .success();
    let stdout = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    (stdout, fs::read_to_string(&record).unwrap())
}

#[test]
fn a_person_plays_answers_wrongly_and_is_asked_again_and_the_record_replays() {
    let tmp = tempfile::tempdir().unwrap();
    let (shown, record) = play(tmp.path(), "9\nfive\n2\n");
    // The seat's observation, the question with its numbered answers, a wrong answer
    // refused with a new prompt, the others' public moves, the scores at the end.
    assert!(shown.contains("--- S0, your question ---"), "{shown}");
    assert!(
        shown.contains("seat 0 (you): home r1 r2 r3 r4 r5"),
        "{shown}"
    );
    assert!(
        shown.contains("  2) commit the snowboarder card"),
        "{shown}"
    );
    assert!(shown.contains("\"9\" is not an answer: give a number from 1 to 5"));
    assert!(shown.contains("\"five\" is not an answer: give a number from 1 to 5"));
    assert!(shown.contains("seat 0: commit the snowboarder card"));
    assert!(
        shown.contains("seat 1: commit a card face down"),
        "seat 1's card stays hidden"
    );
    assert!(!shown.contains("seat 1: commit the "), "{shown}");
    let scores = &shown[shown.find("final scores (").expect("the score table")..];
    assert!(
        record.contains("seats = [\"person\", \"greedy\"]"),
        "{record}"
    );
    assert!(record.contains("seed = 5"));
    // The first answer recorded is the snowboarder card's number, not the wrong ones.
    let answers = record
        .lines()
        .find(|l| l.starts_with("answers = ["))
        .unwrap();
    assert!(answers.starts_with("answers = [1, "), "{answers}");

    let replay = floe()
        .args(["replay", "--record"])
        .arg(tmp.path().join("game.toml"))
        .assert()
        .success();
    let told = String::from_utf8_lossy(&replay.get_output().stdout).into_owned();
    assert!(told.contains("seat 0: yellow, bot person"), "{told}");
    assert!(told.contains("seat 0: commit the snowboarder card"));
    assert!(
        told.ends_with(
            scores
                .trim_start_matches('\n')
                .split("wrote ")
                .next()
                .unwrap()
        )
    );
}

#[test]
fn quitting_leaves_no_record_and_bad_seatings_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let record = tmp.path().join("game.toml");
    floe()
        .args(["play", "--game", "arctic", "--players", "3"])
        .arg("--record")
        .arg(&record)
        .write_stdin("q\n")
        .assert()
        .failure()
        .stderr("Error: the game was left unfinished; no record written\n");
    assert!(!record.exists());
    floe()
        .args(["play", "--players", "2", "--bots", "greedy,random"])
        .assert()
        .failure()
        .stderr("Error: --bots \"greedy,random\": seat at least one person (e.g. person,greedy)\n");
    floe()
        .args(["play", "--game", "chess"])
        .assert()
        .failure()
        .stderr(predicates::str::starts_with(
            "Error: --game chess: unknown game",
        ));
}

#[test]
fn a_record_that_does_not_fit_its_game_is_refused_naming_the_answer() {
    let tmp = tempfile::tempdir().unwrap();
    let (_, record) = play(tmp.path(), "");
    let path = tmp.path().join("game.toml");
    let answers = record
        .lines()
        .find(|l| l.starts_with("answers = ["))
        .unwrap();
    fs::write(&path, record.replace(answers, "answers = [0, 999]")).unwrap();
    floe()
        .args(["replay", "--record"])
        .arg(&path)
        .assert()
        .failure()
        .stderr(predicates::str::contains(
            "answer 2 of the record (999) is not among the answers to S0's question",
        ));
    fs::write(&path, record.replace(answers, "answers = [0]")).unwrap();
    floe()
        .args(["replay", "--record"])
        .arg(&path)
        .assert()
        .failure()
        .stderr(predicates::str::contains(
            "the record's 1 answers end before the game does",
        ));
}

#[test]
fn one_person_spec_seats_people_everywhere_and_timed_bots_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let record = tmp.path().join("hot-seat.toml");
    let out = floe()
        .args([
            "play",
            "--game",
            "arctic",
            "--players",
            "2",
            "--bots",
            "person",
        ])
        .arg("--record")
        .arg(&record)
        .write_stdin("1\n".repeat(2000))
        .assert()
        .success();
    let shown = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    assert!(shown.contains("you play S0 and S1"), "{shown}");
    assert!(shown.contains("--- S1, your question ---"));
    let text = fs::read_to_string(&record).unwrap();
    assert!(text.contains("seats = [\"person\", \"person\"]"), "{text}");
    // Told again as seat 1 saw it.
    let told = floe()
        .args(["replay", "--seat", "1", "--record"])
        .arg(&record)
        .assert()
        .success();
    let told = String::from_utf8_lossy(&told.get_output().stdout).into_owned();
    assert!(told.contains("as seat 1 saw it"), "{told}");
    floe()
        .args(["play", "--players", "2", "--bots", "person,mcts:ms=5"])
        .assert()
        .failure()
        .stderr(predicates::str::contains("a bot with a time limit (ms=)"));
}
