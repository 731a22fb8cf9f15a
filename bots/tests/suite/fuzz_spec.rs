//! Fuzzes the bot spec parser, `BotSpec::parse`, and `split_spec_list` with arbitrary
//! text, spec-like text and mutations of valid spec lists (deleted, repeated and swapped
//! parameters, values of the wrong kind, huge numbers, truncation, flipped bytes).
//!
//! Asserted for every input: no panic; an error has a message and names the bot or the
//! parameter it is about, as written in the input; an accepted spec displays as it was
//! written (trimmed), parses again to the same spec and builds a bot that an Arctic Race
//! game accepts or refuses by name. Every case must finish within a second. The
//! `#[ignore]`d `*_long` tests run the same properties with many more cases
//! (`FLOE_FUZZ_CASES` overrides their count).

use arctic_race::ArcticRace;
use floe_bots::{AnyBot, BotSpec, SpecError, split_spec_list};
use floe_conformance::fuzz::{self, Mutation};
use proptest::prelude::*;

/// Valid spec lists, as `--bots` takes them.
const VALID: &[&str] = &[
    "mcts:iters=50,c=1.4,rollout=greedy",
    "greedy:depth=2,progress=0.25",
    "random,greedy:depth=0,mcts:iters=50,c=1.4,random",
    "mcts:ms=5,iters=10, greedy",
    "random",
];
const CASES: u32 = 5000;

/// Parses `text` as one spec and checks the result.
fn check_spec(text: &str) {
    match BotSpec::parse(text) {
        Ok(spec) => {
            assert_eq!(spec.to_string(), text.trim(), "a spec displays as written");
            assert_eq!(BotSpec::parse(&spec.to_string()), Ok(spec.clone()));
            let _: AnyBot<ArcticRace> = spec.build();
            if let Err(e) = spec.check_game(&ArcticRace::classic()) {
                assert!(matches!(e, SpecError::NotForGame { .. }), "{e}");
            }
        }
        Err(e) => {
            let shown = e.to_string();
            assert!(!shown.trim().is_empty());
            let named = match &e {
                SpecError::Empty => return,
                SpecError::UnknownBot { name, .. } => vec![name],
                SpecError::UnknownParam { bot, param, .. }
                | SpecError::Repeated { bot, param }
                | SpecError::MissingValue { bot, param }
                | SpecError::NotForGame { bot, param, .. } => vec![bot, param],
                // A network's parameter may be spelled by the shorthand `onnx:PATH`.
                SpecError::NotPlayed { bot, .. }
                | SpecError::Model { bot, .. }
                | SpecError::Unfit { bot, .. }
                | SpecError::Needs { bot, .. } => vec![bot],
                SpecError::BadValue {
                    bot, param, value, ..
                } => vec![bot, param, value],
            };
            // The bot is named; a parameter or value may be empty (`mcts:=5`).
            assert!(!named[0].is_empty(), "{shown}");
            for name in named {
                assert!(
                    text.contains(name.as_str()),
                    "{shown} names {name:?}, not in {text:?}"
                );
                assert!(
                    shown.contains(&floe_io::gate::quoted(name)),
                    "{shown} quotes {name:?}"
                );
            }
        }
    }
}

/// Splits `list` and checks every spec in it.
fn check_list(list: &str) {
    for spec in split_spec_list(list) {
        check_spec(&spec);
    }
}

/// Text made of spec syntax: names, `:`, `key=value` pairs and commas.
fn spec_like() -> impl Strategy<Value = String> {
    "([a-z ]{0,8}(:([a-z]{0,7}(=[-+0-9.a-zA-Z]{0,12})?[, ]{0,2}){0,4})?,?){1,4}"
}

fn check_mutated((valid, mutations): (prop::sample::Index, Vec<Mutation>)) {
    let base = VALID[valid.index(VALID.len())];
    check_list(&String::from_utf8_lossy(&fuzz::mutate(
        base.as_bytes(),
        ",",
        &mutations,
    )));
}

fn mutated() -> impl Strategy<Value = (prop::sample::Index, Vec<Mutation>)> {
    (any::<prop::sample::Index>(), fuzz::mutations())
}

fn check_text(text: String) {
    check_spec(&text);
    check_list(&text);
}

#[test]
fn valid_specs_parse() {
    for list in VALID {
        for spec in split_spec_list(list) {
            BotSpec::parse(&spec).unwrap();
        }
    }
}

#[test]
fn mutated_specs() {
    fuzz::run_fast("bot specs mutated", CASES, mutated(), check_mutated);
}

#[test]
fn arbitrary_text() {
    fuzz::run_fast("bot specs any text", CASES, any::<String>(), check_text);
}

#[test]
fn spec_like_text() {
    fuzz::run_fast("bot specs spec-like", CASES, spec_like(), check_text);
}

#[test]
#[ignore = "long run: cargo test --release -p floe-bots --test fuzz_spec -- --ignored"]
fn specs_long() {
    let cases = fuzz::long_cases(fuzz::LONG_CASES);
    fuzz::run_fast("bot specs mutated", cases, mutated(), check_mutated);
    fuzz::run_fast("bot specs any text", cases, any::<String>(), check_text);
    fuzz::run_fast("bot specs spec-like", cases, spec_like(), check_text);
}
