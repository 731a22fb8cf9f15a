//! `floe play` with answers piped in: the prompts, a wrong answer, the record, and the
//! record told again by `floe replay --record`.

use std::fs;

mod common;

use common::{assert_contains_all, fails, floe_line, floe_on, lossy_stdout_of};

/// Plays Arctic Race at 2 players as seat 0 against greedy, answering `answers` (then the
/// first answer to everything), and returns the output and the record's text.
fn play(dir: &std::path::Path, answers: &str) -> (String, String) {
    let record = dir.join("game.toml");
    let input = format!("{answers}{}", "1\n".repeat(400));
    let mut cmd = floe_line("play --game arctic-race --players 2 --seed 5 --record");
    let stdout = lossy_stdout_of(cmd.arg(&record).write_stdin(input));
    (stdout, fs::read_to_string(&record).unwrap())
}

#[test]
fn a_person_plays_answers_wrongly_and_is_asked_again_and_the_record_replays() {
    let tmp = tempfile::tempdir().unwrap();
    let (shown, record) = play(tmp.path(), "9\nfive\n2\n");
    // The seat's observation, the question with its numbered answers, a wrong answer
    // refused with a new prompt, the others' public moves, the scores at the end.
    assert_contains_all(
        &shown,
        &[
            "--- S0, your question ---",
            "seat 0 (you): home r1 r2 r3 r4 r5",
            "  2) commit the snowboarder card",
            "\"9\" is not an answer: give a number from 1 to 5",
            "\"five\" is not an answer: give a number from 1 to 5",
            "seat 0: commit the snowboarder card",
        ],
    );
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

    let told = lossy_stdout_of(floe_on("replay --record", &tmp.path().join("game.toml")));
    assert_contains_all(
        &told,
        &[
            "seat 0: yellow, bot person",
            "seat 0: commit the snowboarder card",
        ],
    );
    let scores = scores.trim_start_matches('\n');
    let scores = scores.split("wrote ").next().unwrap();
    assert!(told.ends_with(scores), "{told}");
}

#[test]
fn quitting_leaves_no_record_and_bad_seatings_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let record = tmp.path().join("game.toml");
    floe_on("play --game arctic --players 3 --record", &record)
        .write_stdin("q\n")
        .assert()
        .failure()
        .stderr("Error: the game was left unfinished; no record written\n");
    assert!(!record.exists());
    floe_line("play --players 2 --bots greedy,random")
        .assert()
        .failure()
        .stderr("Error: --bots \"greedy,random\": seat at least one person (e.g. person,greedy)\n");
    floe_line("play --game chess")
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
    for (forged, message) in [
        (
            "answers = [0, 999]",
            "answer 2 of the record (999) is not among the answers to S0's question",
        ),
        (
            "answers = [0]",
            "the record's 1 answers end before the game does",
        ),
    ] {
        fs::write(&path, record.replace(answers, forged)).unwrap();
        // Nothing of a game that was never played is shown, or drawn, before the error.
        fails(floe_on("replay --record", &path), message).stdout("");
        let page = tmp.path().join("game.html");
        fails(
            floe_on("replay --record", &path).arg("--html").arg(&page),
            message,
        );
        assert!(!page.exists(), "no page of a record that does not fit");
    }
}

#[test]
fn one_person_spec_seats_people_everywhere_and_timed_bots_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let record = tmp.path().join("hot-seat.toml");
    let mut cmd = floe_on(
        "play --game arctic --players 2 --bots person --record",
        &record,
    );
    let shown = lossy_stdout_of(cmd.write_stdin("1\n".repeat(2000)));
    assert!(shown.contains("you play S0 and S1"), "{shown}");
    assert!(shown.contains("--- S1, your question ---"));
    let text = fs::read_to_string(&record).unwrap();
    assert!(text.contains("seats = [\"person\", \"person\"]"), "{text}");
    // Told again as seat 1 saw it.
    let told = lossy_stdout_of(floe_on("replay --seat 1 --record", &record));
    assert!(told.contains("as seat 1 saw it"), "{told}");
    fails(
        floe_line("play --players 2 --bots person,mcts:ms=5"),
        "a bot with a time limit (ms=)",
    );
}
