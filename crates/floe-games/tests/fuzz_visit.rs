//! Fuzzes the registry's loader, `floe_games::visit(name, Some(text), visitor)`, with
//! every game's canonical rules mutated and with arbitrary text: what the game crates'
//! own `fuzz_rules` tests check of each loader, here through the one door the rest of
//! Floe uses.
//!
//! Asserted for every input: no panic; a refused file gives `LoadError::Rules` whose
//! message names a line or a key of the rules; an accepted one hands the visitor a game
//! that plays one game with random bots to its end. Every case must finish within a
//! second. The `#[ignore]`d `visit_long` runs the same with many more cases
//! (`FLOE_FUZZ_CASES` overrides their count).

use floe_conformance::fuzz::{self, Mutation};
use floe_core::{Game, RuleSet};
use floe_games::{GAMES, GameVisitor, LoadError, visit};
use proptest::prelude::*;
use proptest::sample::Index;

const CASES: u32 = 1000;

/// Writes a loaded game's canonical rules.
struct Canonical;
impl GameVisitor for Canonical {
    type Output = String;
    fn visit<G: Game + 'static>(self, game: G) -> String {
        game.rules().to_toml()
    }
}

/// Plays one game of the loaded game with random bots.
struct Plays(u64);
impl GameVisitor for Plays {
    type Output = ();
    fn visit<G: Game + 'static>(self, game: G) {
        fuzz::play_random(&game, self.0);
    }
}

/// Loads `text` as rules of game `game` and checks the result.
fn check(game: &str, text: &str, pick: u64) {
    match visit(game, Some(text), Plays(pick)) {
        Ok(()) => {}
        Err(LoadError::Rules(message)) => {
            // `line N: key: ...`, or `key: ...` for a value that came from the defaults.
            let key = message.split(": ").next().unwrap_or_default();
            let named = message.starts_with("line ") || !(key.is_empty() || key == "(file)");
            assert!(named, "{game}: the error names no place: {message:?}");
        }
        Err(e) => panic!("{game}: a known game is not found: {e}"),
    }
}

fn game(index: &Index) -> &'static str {
    GAMES[index.index(GAMES.len())].name
}

fn mutated() -> impl Strategy<Value = (Index, Vec<Mutation>, u64)> {
    (any::<Index>(), fuzz::mutations(), any::<u64>())
}

fn check_mutated((index, mutations, pick): (Index, Vec<Mutation>, u64)) {
    let canonical = visit(game(&index), None, Canonical).unwrap();
    let text = fuzz::mutate(canonical.as_bytes(), "\n", &mutations);
    check(game(&index), &String::from_utf8_lossy(&text), pick);
}

fn check_text((index, text): (Index, String)) {
    check(game(&index), &text, 0);
}

fn text() -> impl Strategy<Value = (Index, String)> {
    (any::<Index>(), fuzz::toml_like())
}

/// Runs both properties: every game's canonical rules mutated, on `mutated_cases` cases,
/// and TOML-like text, on `text_cases`; a failure names its property.
fn properties(mutated_cases: u32, text_cases: u32) {
    fuzz::run_fast(
        "visit mutated rules",
        mutated_cases,
        mutated(),
        check_mutated,
    );
    fuzz::run_fast("visit toml-like", text_cases, text(), check_text);
}

#[test]
fn mutated_rules_and_arbitrary_text() {
    properties(CASES, CASES);
}

#[test]
#[ignore = "long run: cargo test --release -p floe-games --test fuzz_visit -- --ignored"]
fn visit_long() {
    let cases = fuzz::long_cases(fuzz::LONG_CASES);
    properties(cases, cases / 2);
}
