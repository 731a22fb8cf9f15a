//! Shared pieces of the loaders' property tests (the `fuzz_*.rs` test files): mutations
//! of valid input text, strategies of arbitrary input, a runner that times every case,
//! and a check that loaded rules are playable.
//!
//! A mutation works on the pieces of a text cut at a separator (lines of a file, the
//! `,`-separated parts of a bot spec): it deletes, duplicates or swaps pieces, swaps the
//! keys of two `key = value` pieces, replaces a value (after `=`, else one `,`-separated
//! field) by one of [`ODD_VALUES`] (wrong types, huge numbers), inserts a stray piece,
//! truncates the text or flips a byte.
//!
//! # Examples
//! ```
//! use floe_conformance::fuzz::{self, Mutation};
//! use proptest::prelude::*;
//! use proptest::strategy::ValueTree;
//! // Mutations hold proptest indices, drawn like any other value.
//! let mut runner = proptest::test_runner::TestRunner::deterministic();
//! let at = any::<proptest::sample::Index>().new_tree(&mut runner).unwrap().current();
//! let text = fuzz::mutate(b"a = 1\nb = 2", "\n", &[Mutation::Value(at, at, 1)]);
//! let text = String::from_utf8(text).unwrap();
//! assert!(text.contains("= 9223372036854775807"), "{text}");
//! ```

use std::time::{Duration, Instant};

use floe_bots::BotSpec;
use floe_core::{Game, RuleSet, RulesError, game_seed};
use floe_sim::{Seats, play};
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::{Config, TestCaseError, TestRunner};

/// The longest one case of a loader's property may take: a loader must answer quickly.
pub const SLOWEST: Duration = Duration::from_secs(1);

/// Cases per property of a game's rules-loader test ([`rules_loader_tests!`]).
///
/// [`rules_loader_tests!`]: crate::rules_loader_tests
pub const RULES_CASES: u32 = 3000;

/// Cases per property of an ignored long run, unless `FLOE_FUZZ_CASES` says otherwise (see
/// [`long_cases`]).
pub const LONG_CASES: u32 = 100_000;

/// Values that a loader must refuse or bound: wrong types, huge and negative numbers,
/// empty and odd text.
pub const ODD_VALUES: &[&str] = &[
    "\"text\"",
    "9223372036854775807",
    "-9223372036854775808",
    "9223372036854775808",
    "18446744073709551615",
    "1e308",
    "-1e308",
    "-1",
    "0",
    "1.5",
    "nan",
    "inf",
    "true",
    "[]",
    "[1, 2]",
    "[[]]",
    "{}",
    "{ a = 1 }",
    "\"\"",
    "\" \"",
    "1979-05-27",
    "4294967296",
    "99999999999999999999999999999",
    "",
    "=",
    "\"",
    "[",
];

/// One change to a valid text.
#[derive(Clone, Debug)]
pub enum Mutation {
    /// Deletes a piece.
    Delete(Index),
    /// Writes a piece twice.
    Duplicate(Index),
    /// Swaps two pieces.
    Swap(Index, Index),
    /// Swaps the keys (the text before `=`) of two pieces.
    SwapKeys(Index, Index),
    /// Replaces the value of a piece (of a `key = value` piece when there is one: after its
    /// first `=`; else a `,`-separated field of it) by `ODD_VALUES[v]`.
    Value(Index, Index, usize),
    /// Inserts a piece of printable text.
    Insert(Index, String),
    /// Cuts the text at a byte.
    Truncate(Index),
    /// XORs a byte with a mask (may leave invalid UTF-8).
    Flip(Index, u8),
}

/// Returns `index` into a list of `len` items, or `None` for an empty list.
fn at(index: &Index, len: usize) -> Option<usize> {
    (len > 0).then(|| index.index(len))
}

impl Mutation {
    /// Applies the mutation to `text`, cut into pieces at `sep`.
    pub fn apply(&self, text: &[u8], sep: &str) -> Vec<u8> {
        let mut bytes = text.to_vec();
        match self {
            Mutation::Truncate(i) => {
                bytes.truncate(at(i, text.len() + 1).unwrap_or(0));
                return bytes;
            }
            Mutation::Flip(i, mask) => {
                if let Some(i) = at(i, bytes.len()) {
                    bytes[i] ^= mask.max(&1);
                }
                return bytes;
            }
            _ => {}
        }
        let text = String::from_utf8_lossy(text);
        let mut pieces: Vec<String> = text.split(sep).map(str::to_string).collect();
        let len = pieces.len();
        match self {
            Mutation::Delete(i) => {
                pieces.remove(i.index(len));
            }
            Mutation::Duplicate(i) => {
                let i = i.index(len);
                pieces.insert(i, pieces[i].clone());
            }
            Mutation::Swap(i, j) => pieces.swap(i.index(len), j.index(len)),
            Mutation::SwapKeys(i, j) => {
                let keyed: Vec<usize> = (0..len).filter(|&k| pieces[k].contains('=')).collect();
                if let (Some(a), Some(b)) = (at(i, keyed.len()), at(j, keyed.len())) {
                    let (a, b) = (keyed[a], keyed[b]);
                    let split = |p: &str| {
                        let (k, v) = p.split_once('=').expect("keyed");
                        (k.to_string(), v.to_string())
                    };
                    let ((ka, va), (kb, vb)) = (split(&pieces[a]), split(&pieces[b]));
                    pieces[a] = format!("{kb}={va}");
                    pieces[b] = format!("{ka}={vb}");
                }
            }
            Mutation::Value(i, field, v) => {
                // A keyed piece if there is one: a value of a comment is no news.
                let keyed: Vec<usize> = (0..len).filter(|&k| pieces[k].contains('=')).collect();
                let piece = match at(i, keyed.len()) {
                    Some(k) => &mut pieces[keyed[k]],
                    None => &mut pieces[i.index(len)],
                };
                let odd = ODD_VALUES[v % ODD_VALUES.len()];
                *piece = match piece.split_once('=') {
                    Some((key, _)) => format!("{key}= {odd}"),
                    None => {
                        let mut fields: Vec<&str> = piece.split(',').collect();
                        let f = field.index(fields.len());
                        fields[f] = odd;
                        fields.join(",")
                    }
                };
            }
            Mutation::Insert(i, piece) => pieces.insert(i.index(len + 1), piece.clone()),
            Mutation::Truncate(_) | Mutation::Flip(..) => unreachable!("handled above"),
        }
        pieces.join(sep).into_bytes()
    }
}

/// Applies `mutations` to `text` in turn.
pub fn mutate(text: &[u8], sep: &str, mutations: &[Mutation]) -> Vec<u8> {
    mutations
        .iter()
        .fold(text.to_vec(), |t, m| m.apply(&t, sep))
}

/// One mutation, of any kind.
pub fn mutation() -> impl Strategy<Value = Mutation> {
    let i = any::<Index>;
    prop_oneof![
        1 => i().prop_map(Mutation::Delete),
        1 => i().prop_map(Mutation::Duplicate),
        1 => (i(), i()).prop_map(|(a, b)| Mutation::Swap(a, b)),
        1 => (i(), i()).prop_map(|(a, b)| Mutation::SwapKeys(a, b)),
        3 => (i(), i(), any::<usize>()).prop_map(|(a, f, v)| Mutation::Value(a, f, v)),
        1 => (i(), "[ -~]{0,30}").prop_map(|(a, s)| Mutation::Insert(a, s)),
        1 => i().prop_map(Mutation::Truncate),
        1 => (i(), any::<u8>()).prop_map(|(a, m)| Mutation::Flip(a, m)),
    ]
}

/// One to four mutations.
pub fn mutations() -> impl Strategy<Value = Vec<Mutation>> {
    proptest::collection::vec(mutation(), 1..=4)
}

/// Arbitrary bytes, up to 1 KiB.
pub fn bytes() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(any::<u8>(), 0..1024)
}

/// Arbitrary text made mostly of the characters TOML and CSV are written in, so that
/// more of it gets past the tokenizer than arbitrary bytes do.
pub fn toml_like() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "([a-z_]{1,12} ?= ?([0-9-]{1,20}|\"[ -~]{0,10}\"|\\[[0-9, \"a-z+]{0,20}\\]|true)\n|\\[\\[?[a-z_.]{1,12}\\]\\]?\n|[ -~]{0,20}\n){0,12}",
    ]
}

/// Runs `test` on `cases` values of `strategy`, printing the count and the time, and
/// panics with the (shrunk) input of the first failing case, or when one case takes
/// longer than `slowest` (a loader must answer quickly).
///
/// # Panics
/// On the first failing or slow case.
pub fn run<S: Strategy>(
    name: &str,
    cases: u32,
    slowest: Duration,
    strategy: S,
    test: impl Fn(S::Value),
) where
    S::Value: std::fmt::Debug,
{
    let config = Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    };
    let start = Instant::now();
    let result = TestRunner::new(config).run(&strategy, |value| {
        let case = Instant::now();
        test(value);
        let took = case.elapsed();
        if took > slowest {
            return Err(TestCaseError::fail(format!(
                "took {:.2} s, more than {:.2} s",
                took.as_secs_f64(),
                slowest.as_secs_f64()
            )));
        }
        Ok(())
    });
    floe_io::console::note(&format!(
        "{name}: {cases} cases in {:.1} s",
        start.elapsed().as_secs_f64()
    ));
    if let Err(e) = result {
        panic!("{name}: {e}");
    }
}

/// Runs `test` like [`run`], each case within [`SLOWEST`]: the limit every loader's
/// property keeps, so a property test names only its input and its check.
///
/// # Panics
/// On the first failing or slow case.
pub fn run_fast<S: Strategy>(name: &str, cases: u32, strategy: S, test: impl Fn(S::Value))
where
    S::Value: std::fmt::Debug,
{
    run(name, cases, SLOWEST, strategy, test);
}

/// Fuzzes a rules loader with its three properties, `cases` each (the long run splits
/// them as the normal one does): mutations of each of the valid `files`, arbitrary bytes,
/// and TOML-like text. `check(text, pick)` loads `text` and checks the error, or that the
/// rules round-trip and play (`pick` chooses the player count, as [`play_random`]).
/// Every case must finish within a second.
///
/// # Panics
/// On the first failing or slow case.
pub fn rules_loader(name: &str, cases: u32, files: &[String], check: impl Fn(&str, u64)) {
    let mutated = (0..files.len(), mutations(), any::<u64>());
    run(
        &format!("{name} mutated rules"),
        cases,
        SLOWEST,
        mutated,
        |(file, m, pick)| {
            let text = mutate(files[file].as_bytes(), "\n", &m);
            check(&String::from_utf8_lossy(&text), pick);
        },
    );
    run(&format!("{name} bytes"), cases, SLOWEST, bytes(), |b| {
        check(&String::from_utf8_lossy(&b), 0);
    });
    run(
        &format!("{name} toml-like"),
        cases,
        SLOWEST,
        toml_like(),
        |text| {
            check(&text, 1);
        },
    );
}

/// Writes a game's two rules-loader property tests (its `tests/suite/fuzz_rules.rs`), so that every
/// game fuzzes its loader alike: `loader_properties` runs [`rules_loader`] with
/// [`RULES_CASES`] cases per property, and `loader_properties_long`, ignored with the reason
/// `long`, with [`LONG_CASES`] (or `FLOE_FUZZ_CASES`).
///
/// `game` names the properties in the output, `files` are the valid rules files to mutate
/// (`&str` or `String`), and each input is checked by `check` (a `Fn(&str, u64)`, see
/// [`rules_loader`]) or else by [`check_load`] with the loader `load` and the file's
/// top-level `keys`, after `also` (a `Fn(&str)`, a check of the game's own) if given.
///
/// # Examples
/// ```
/// use goofspiel::{Goofspiel, Rules};
/// use floe_core::RuleSet;
///
/// floe_conformance::rules_loader_tests! {
///     game: "goofspiel",
///     files: ["cards = 8\n", Rules::standard().to_toml()],
///     load: |t| Rules::from_toml(t).map(Goofspiel::new),
///     keys: &["name", "cards", "tie_bonus", "colours"],
///     long: "long run: cargo test --release -p goofspiel --test fuzz_rules -- --ignored",
/// }
/// # fn main() {}
/// ```
///
/// [`rules_loader`]: crate::fuzz::rules_loader
/// [`RULES_CASES`]: crate::fuzz::RULES_CASES
/// [`LONG_CASES`]: crate::fuzz::LONG_CASES
/// [`check_load`]: crate::fuzz::check_load
#[macro_export]
macro_rules! rules_loader_tests {
    (
        game: $game:literal,
        files: [$($file:expr),+ $(,)?],
        load: $load:expr,
        keys: $keys:expr,
        $(also: $also:expr,)?
        long: $long:literal $(,)?
    ) => {
        $crate::rules_loader_tests! {
            game: $game,
            files: [$($file),+],
            check: |text: &str, pick: u64| {
                $(($also)(text);)?
                $crate::fuzz::check_load(text, pick, $load, $keys)
            },
            long: $long,
        }
    };
    (
        game: $game:literal,
        files: [$($file:expr),+ $(,)?],
        check: $check:expr,
        long: $long:literal $(,)?
    ) => {
        #[test]
        fn loader_properties() {
            let files = [$(::std::string::String::from($file)),+];
            $crate::fuzz::rules_loader($game, $crate::fuzz::RULES_CASES, &files, $check);
        }

        #[test]
        #[ignore = $long]
        fn loader_properties_long() {
            let files = [$(::std::string::String::from($file)),+];
            let cases = $crate::fuzz::long_cases($crate::fuzz::LONG_CASES);
            $crate::fuzz::rules_loader($game, cases, &files, $check);
        }
    };
}

/// The number of cases of an ignored long run: `FLOE_FUZZ_CASES` if set, else `default`.
pub fn long_cases(default: u32) -> u32 {
    std::env::var("FLOE_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Plays one game of `game` with random bots at the player count `pick` selects, to show
/// that rules a loader accepted can be played (and end): returns the rounds it lasted.
///
/// # Panics
/// If the engine panics on the rules.
pub fn play_random<G: Game>(game: &G, pick: u64) -> u32 {
    let counts = game.player_counts();
    let players = counts.start() + (pick as usize) % (counts.end() - counts.start() + 1);
    let random = BotSpec::parse("random").expect("the random bot parses");
    let mut table = Seats::new((0..players).map(|_| random.build()).collect());
    let record = play(
        game,
        &mut table,
        0,
        game_seed(pick, 0),
        &floe_sim::Dealing {
            shuffle_colours: pick % 2 == 1,
            ..floe_sim::Dealing::default()
        },
        &mut |_| {},
    );
    record.outcome.rounds
}

/// Checks what a rules loader gave for `text`: rules it accepted (`game`, built from them)
/// write canonical rules that `load` loads back to the same canonical text, and one game
/// with random bots plays to its end.
///
/// # Panics
/// If the canonical rules do not load back equal, or the engine panics on the rules.
pub fn check_accepted<G: Game>(game: &G, load: impl Fn(&str) -> Result<G, String>, pick: u64) {
    use floe_core::RuleSet;
    let canonical = game.rules().to_toml();
    let again = load(&canonical)
        .unwrap_or_else(|e| panic!("canonical rules do not load back: {e}\n{canonical}"));
    assert_eq!(
        again.rules().to_toml(),
        canonical,
        "canonical rules load back equal"
    );
    play_random(game, pick);
}

/// Checks what a rules loader gives for `text`: `load` (the loader, and the game built
/// from the rules it accepts) either accepts it, and the game is checked as
/// [`check_accepted`] does (with `load` loading the canonical rules back), or refuses it
/// with an error checked as [`check_rules_error`] does against the file's top-level `keys`.
///
/// # Panics
/// As [`check_accepted`] and [`check_rules_error`].
pub fn check_load<G: Game>(
    text: &str,
    pick: u64,
    load: impl Fn(&str) -> Result<G, RulesError>,
    keys: &[&str],
) {
    match load(text) {
        Ok(game) => check_accepted(&game, |t| load(t).map_err(|e| e.to_string()), pick),
        Err(e) => check_rules_error(text, e.line, &e.key, &e.message, keys),
    }
}

/// Checks a rules loader's error for `text`: it has a message, and names a line that is in
/// the file or, without a line, a `key` that starts with one of the file's top-level
/// `keys`.
///
/// # Panics
/// If the error names no place.
pub fn check_rules_error(text: &str, line: Option<usize>, key: &str, message: &str, keys: &[&str]) {
    let place = match line {
        Some(line) => format!("line {line}, {key}"),
        None => key.to_string(),
    };
    assert!(!message.trim().is_empty(), "empty message at {place}");
    match line {
        Some(line) => assert!(
            (1..=text.split('\n').count()).contains(&line),
            "line {line} is not in the file: {key}: {message}"
        ),
        None => assert!(
            keys.iter().any(|k| key.starts_with(k)),
            "no line and no key: {key}: {message}"
        ),
    }
}

/// Loads `text` with `load` and checks the canonical rules file the rules write
/// ([`RuleSet::to_toml`]) loads back into equal rules and is a fixed point (written again,
/// it is the same text): what run plans and fingerprints rely on. Returns the rules.
///
/// # Panics
/// Panics, showing the canonical text, if either does not hold.
pub fn check_canonical<R: RuleSet + PartialEq>(text: &str, load: impl Fn(&str) -> R) -> R {
    let rules = load(text);
    let canonical = rules.to_toml();
    let again = load(&canonical);
    assert_eq!(
        again, rules,
        "the canonical form loads back equal rules:\n{canonical}"
    );
    assert_eq!(
        again.to_toml(),
        canonical,
        "the canonical form is a fixed point"
    );
    rules
}
