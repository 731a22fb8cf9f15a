//! `floe play` as a person meets it at the terminal: `?` shows the game in brief and what
//! every answer on offer does, `u` takes an answer back while nothing hidden has come out
//! (and says why not otherwise), and every question Arctic asks is stated in words.

use std::fs;
use std::io::{BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};

mod common;

use common::{assert_contains_all, floe_line, lossy_stdout_of};

/// Plays Arctic Race at 2 players, seed 5, as seat 0 against greedy into `record`, typing
/// `typed` then 1 to everything; returns what the terminal showed and the record's text.
fn arctic_race(record: &Path, typed: &str) -> (String, String) {
    let input = format!("{typed}{}", "1\n".repeat(400));
    let mut cmd = floe_line("play --game arctic-race --players 2 --seed 5 --record");
    let shown = lossy_stdout_of(cmd.arg(record).write_stdin(input));
    (shown, fs::read_to_string(record).unwrap())
}

/// Returns the final scores `shown` ends with (before the line naming the record).
fn scores(shown: &str) -> &str {
    let from = &shown[shown.find("final scores (").expect("the score table")..];
    &from[..from.find("wrote ").expect("the record's line")]
}

/// Types `?` at the first question of `play` (a command line after `floe`), then leaves;
/// returns what the terminal showed, checking the question was asked again after the help.
fn help_at_first_question(play: &str) -> String {
    let left = floe_line(play).write_stdin("?\n").assert().failure();
    let shown = String::from_utf8_lossy(&left.get_output().stdout).into_owned();
    assert_eq!(
        shown.matches("q quit)> ").count(),
        2,
        "asked again: {shown}"
    );
    shown
}

#[test]
fn a_question_mark_shows_the_game_in_brief_the_board_and_what_each_answer_does() {
    let shown = help_at_first_question("play --game arctic-race --players 2 --seed 5");
    let help = &shown[shown
        .find("Each player races five racers")
        .expect("the brief")..];
    assert_contains_all(
        help,
        &[
            "The whole guide: docs/arctic-race.md in Floe's repository.",
            "u takes back your last answer",
            // The board again, racers one token to a space.
            "  bank A   0-5    .     .     +1    .     die   .",
            "Question: which card do you play this round? It stays face down until, from \
             seat 0 on, each player in turn reveals theirs and carries out one of its actions",
            "  1) commit the 1-2-3 card (A: move racer 1, 2 or 3 one space; no B)",
            "  2) commit the snowboarder card (A: move racer 2 two spaces; B: collect the \
             played cards)",
            "  5) commit the snowmobile card (A: move racer 5 five spaces; B: give the start \
             token away)",
        ],
    );
}

#[test]
fn a_question_mark_in_north_pole_explains_how_a_card_reads() {
    let shown = help_at_first_question("play --game north-pole --players 2 --seed 1");
    assert_contains_all(
        &shown,
        &[
            "answer (1-",
            "? help, b board, u take back, q quit)> ",
            "Each player leads an expedition",
            "The whole guide: docs/north-pole.md in Floe's repository.",
            "Question: which base camp square of your side does a pawn leave your ship for? \
             (4 on the ship)",
            "cards read id (movement mode storm points): ",
        ],
    );
}

#[test]
fn an_answer_is_taken_back_while_nothing_hidden_came_out_and_the_game_goes_on_as_if_unsaid() {
    let tmp = tempfile::tempdir().unwrap();
    // The 1-2-3 card, taken back before anything is revealed, then the snowboarder.
    let (shown, record) = arctic_race(&tmp.path().join("undone.toml"), "1\nu\n2\n");
    assert_contains_all(
        &shown,
        &[
            "seat 0: commit the 1-2-3 card",
            "seat 1: commit a card face down",
            "Question: your 1-2-3 card is revealed: which of its actions do you carry out?",
            "  1) move racer 1 one space (home -> space 0)",
            "took back \"commit the 1-2-3 card\" and every answer after it: the game is as it \
             was before it",
            "seat 0: commit the snowboarder card",
            "Question: your snowboarder card is revealed: which of its actions do you carry \
             out?",
            "  1) action A: move racer 2 two spaces (home -> space 1)",
            "  2) action B: collect the played cards",
        ],
    );
    // Bot seat 1's face-down card is never shown by the take-back.
    assert!(!shown.contains("seat 1: commit the "), "{shown}");
    // The same game as the snowboarder answered at once: the same record (the answer
    // taken back left it), the same dice, the same end.
    let (straight, direct) = arctic_race(&tmp.path().join("direct.toml"), "2\n");
    assert_eq!(record, direct);
    assert!(record.contains("answers = [1, "), "{record}");
    assert_eq!(scores(&shown), scores(&straight));
    let told = lossy_stdout_of(floe_line("replay --record").arg(tmp.path().join("undone.toml")));
    assert!(told.ends_with(scores(&shown)), "{told}");
}

#[test]
fn an_answer_stays_once_something_hidden_came_out_and_the_terminal_says_what() {
    let tmp = tempfile::tempdir().unwrap();
    // Round 1: the 1-2-3 card, racer 1; then seat 1 reveals its card, which seat 0 could
    // not know. At round 2's first question, `u` is refused, and `u` at the first
    // question of all has nothing to take back.
    let (shown, record) = arctic_race(&tmp.path().join("kept.toml"), "u\n1\n1\nu\n");
    assert_contains_all(
        &shown,
        &[
            "cannot take it back: no answer of yours to take back yet",
            "cannot take it back: \"move racer 1 one space\" stays: since it, the game has \
             shown what you could not know before it (seat 1 reveals the skier card (A: move \
             racer 3 three spaces; B: roll the die))",
        ],
    );
    let (straight, plain) = arctic_race(&tmp.path().join("plain.toml"), "");
    assert_eq!(record, plain, "a refused take-back changes nothing");
    assert_eq!(scores(&shown), scores(&straight));
}

#[test]
fn the_board_is_shown_again_only_once_someone_else_changed_it_and_on_demand() {
    // Arctic, seat 0's first turn: it places a card, then is asked where the tokens go
    // (its own answer changed the board), then `b`.
    let tmp = tempfile::tempdir().unwrap();
    let mut cmd = floe_line("play --game arctic --players 3 --seed 5 --record");
    let input = format!("1\nb\n{}", "1\n".repeat(2000));
    let shown = lossy_stdout_of(cmd.arg(tmp.path().join("game.toml")).write_stdin(input));
    let second = &shown[shown
        .match_indices("--- S0, your question ---")
        .nth(1)
        .unwrap()
        .0..];
    let second = &second[..second.find("seat 1 answers").unwrap()];
    assert_contains_all(
        second,
        &[
            "--- S0, your question ---\n(the board is as you left it: b shows it)\nQuestion: \
             your top card fox 5/1 walrus moves the fox and walrus tokens one step each, \
             opposite ways: which way does the fox token go?",
            "  1) +1: the fox token right, 2 -> 3 (worth 6); the walrus token left, 2 -> 1 \
             (worth 1)",
            // `b`: the board, with each power card's side and holder said in words.
            "q quit)> seat 0 sees: round 1, seat 0 to play",
            "    fox A, seat 0: slip the last card you place face down just under your top card",
        ],
    );
    // Seat 0 is shown the board again once the others have played.
    let boards = shown.matches("seat 0 sees: ").count();
    let questions = shown.matches("--- S0, your question ---").count();
    assert!(
        1 < boards && boards < questions,
        "{boards} boards at {questions} questions"
    );
}

/// Every question Arctic asks, as `floe play` states it (`*` stands for any text): the
/// rows of its Decisions table, D1 to D10c, the puffin's and the fox's by the side up.
const ARCTIC_QUESTIONS: [&str; 18] = [
    "use the puffin A: before placing, swap one card of your hand with a River card?",
    "use the puffin B: before placing, take the top card of your pile back into your hand?",
    "which card of your hand do you give to the River (puffin A)? You then take a River card \
     in its place",
    "which River card do you take into your hand for your * (puffin A)? Your card takes its \
     slot",
    "how many cards do you aim to place this turn (moose B)? Your placement value is *; you \
     hold *, and each card short is a penalty card",
    "which card do you place next on your pile (* of *)?",
    "use the fox A on your last card, *: slip the last card you place face down just under \
     your top card (it scores as whichever animal suits you best)?",
    "use the fox B on your last card, *: put the last card you place face up at the very \
     bottom of your pile?",
    "your top card * moves the * and * tokens one step each, opposite ways: which way does \
     the * token go?",
    "move the * token one more step with the walrus *? It stands on *",
    "draw another card (moose A)? You have drawn *; your top card says draw *",
    "where does your next card come from? It is draw *; your top card says draw *",
    "which of your * penalty cards do you take back into your hand (bear A)?",
    "you hold * cards, more than the 7 you may keep: which card do you discard face down into \
     your penalty zone (-1 point each at the end)?",
    "use the bear B: once, after your discards, move one of your penalty cards to another \
     player's penalty zone?",
    "who receives one of your penalty cards (bear B)?",
    "which animal is the penalty card you give to seat * (bear B)?",
    "which of your * penalty cards do you give to seat * (bear B)?",
];

/// Returns whether `text` is `pattern` with each `*` standing for some text.
fn matches(pattern: &str, text: &str) -> bool {
    let parts: Vec<&str> = pattern.split('*').collect();
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if parts.len() == 1 {
        return text == pattern;
    }
    if text.len() < first.len() + last.len() || !text.starts_with(first) || !text.ends_with(last) {
        return false;
    }
    let mut rest = &text[first.len()..text.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

/// A `floe play` run driven question by question, as a person at the terminal would.
struct Terminal {
    child: Child,
    input: ChildStdin,
    output: BufReader<std::process::ChildStdout>,
}

impl Terminal {
    fn start(args: &[&str]) -> Terminal {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("floe"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        Terminal {
            input: child.stdin.take().unwrap(),
            output: BufReader::new(child.stdout.take().unwrap()),
            child,
        }
    }

    /// Returns what the terminal shows up to the next prompt, `None` once the game ends.
    fn screen(&mut self) -> Option<String> {
        let mut shown = Vec::new();
        let mut byte = [0u8];
        while !shown.ends_with(b"q quit)> ") {
            if self.output.read(&mut byte).unwrap() == 0 {
                return None;
            }
            shown.push(byte[0]);
        }
        Some(String::from_utf8(shown).unwrap())
    }

    fn type_line(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Plays Arctic with seed `seed` at 3 seats, every seat a person, every power card's side
/// `side`, answering as a player curious to see every question would (yes to every
/// power, another card while moose A allows, a penalty card back when bear A offers it,
/// otherwise answers drawn from a fixed stream), until `seen` holds a question line of
/// each kind of [`ARCTIC_QUESTIONS`] or the game ends. Each question line stated must
/// match one kind; the first of each kind is kept in `seen`, without `Question: `.
fn arctic_questions(dir: &Path, side: &str, seed: u64, seen: &mut [Option<String>]) {
    let rules = dir.join(format!("sides-{side}.toml"));
    let animals = ["fox", "moose", "walrus", "orca", "puffin", "bear"];
    let sides: String = animals
        .iter()
        .map(|a| format!("{a} = \"{side}\"\n"))
        .collect();
    fs::write(&rules, format!("[power_side]\n{sides}")).unwrap();
    let record = dir.join(format!("game-{side}-{seed}.toml"));
    let seed = seed.to_string();
    let mut terminal = Terminal::start(&[
        "play",
        "--game",
        "arctic",
        "--players",
        "3",
        "--bots",
        "person",
        "--seed",
        &seed,
        "--rules",
        rules.to_str().unwrap(),
        "--record",
        record.to_str().unwrap(),
    ]);
    let mut draw: u64 = 0x9e37_79b9_7f4a_7c15;
    while let Some(screen) = terminal.screen() {
        let question = screen
            .lines()
            .rev()
            .find_map(|l| l.strip_prefix("Question: "))
            .unwrap_or_else(|| panic!("a question is stated:\n{screen}"));
        let kinds: Vec<usize> = (0..ARCTIC_QUESTIONS.len())
            .filter(|&k| matches(ARCTIC_QUESTIONS[k], question))
            .collect();
        assert_eq!(kinds.len(), 1, "one kind of question: {question}");
        seen[kinds[0]].get_or_insert_with(|| question.to_string());
        let answers: Vec<&str> = screen
            .lines()
            .filter_map(|l| l.trim_start().split_once(") "))
            .filter(|(n, _)| n.parse::<usize>().is_ok())
            .map(|(_, a)| a)
            .collect();
        // Every answer says what it does.
        for answer in &answers {
            assert!(answer.contains(": "), "{question}: {answer}");
        }
        let wanted = ["yes:", "draw:", "penalty:"];
        let pick = answers
            .iter()
            .position(|a| wanted.iter().any(|w| a.starts_with(w)))
            .unwrap_or_else(|| {
                draw = draw.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                (draw >> 33) as usize % answers.len()
            });
        if seen.iter().all(Option::is_some) {
            terminal.type_line("q");
            return;
        }
        terminal.type_line(&(pick + 1).to_string());
    }
}

#[test]
fn every_question_arctic_asks_is_stated_in_words() {
    let tmp = tempfile::tempdir().unwrap();
    let mut seen = vec![None; ARCTIC_QUESTIONS.len()];
    'games: for seed in 1..=3 {
        for side in ["A", "B"] {
            if seen.iter().all(Option::is_some) {
                break 'games;
            }
            arctic_questions(tmp.path(), side, seed, &mut seen);
        }
    }
    let missing: Vec<&str> = (0..seen.len())
        .filter(|&k| seen[k].is_none())
        .map(|k| ARCTIC_QUESTIONS[k])
        .collect();
    assert!(missing.is_empty(), "never asked: {missing:#?}");
}
