//! The conformance kit: the checks every Floe game runs from its tests, with one call.
//!
//! [`check`] plays seeded games of the game at every player count of a [`Kit`] and checks
//! what the runner, the statistics and the bots take for granted:
//!
//! - **walk** (random answers, every question): `to_act` is `None` exactly when `outcome`
//!   is `Some`; the answers are never empty before the end and are those
//!   `legal_actions` lists; every answer's number is below `action_count` and
//!   `action_at` gives the answer back; the acting seat's answers have distinct
//!   `action_key`s; `encode` fills all of its `encoding_len` values for every seat
//!   (a value left unwritten is named by its field);
//!   `try_advance` refuses an answer that is numbered but not allowed now and leaves the
//!   state unchanged; `standings` gives every seat its `standing`; for every seat, a determinized state looks the same to it; every
//!   game ends within [`Kit::max_rounds`] rounds, with scores within `score_bounds`.
//! - **fair-play** (on the walk's states): each [`Varier`] changes one hidden fact of the
//!   acting seat's; the varied state must differ from the original while the seat's
//!   observation, its number for a secret round (`round_key`), its answers and its
//!   determinized samples stay the same, and every bot
//!   of [`floe_bots::KNOWN_BOTS`] must answer the same on both. Each varier must change
//!   something in at least [`MIN_VARIED`] states over the check.
//! - **determinism**: the same seed gives the same [`floe_sim::GameRecord`] for random,
//!   greedy and `mcts:iters=20` bots (MCTS with each tree kind, and with the search's
//!   plans, priors, widening, judged leaves and learned playouts), whether a table is
//!   fresh or has played other games.
//! - **threads**: [`floe_sim::run`] gives equal tallies on 1 and 2 threads, with random
//!   bots and with those MCTS settings.
//! - **secret-rule**: a game that asks no secret round plays the same games with
//!   `mcts:simul=regret` as with the default search.
//! - **deals**: a game that lists its deals for an exact solver (`Game::deals`, at 2
//!   players) lists each once with chances summing to 1, and deals nothing else.
//! - **no-allocation**: random games played with [`floe_sim::play`] allocate nothing,
//!   counted by the [`CountingAllocator`] the test binary installs; an MCTS search, with
//!   each of its parts switched on, allocates no more with four times the iterations.
//! - **layout**: at every player count the game seats, the fields of `encoding_layout`
//!   lie end to end from 0 to `encoding_len`, with distinct `snake_case` names, at least
//!   one value each and a meaning.
//! - **bot defaults**: every default the game gives a bot parameter
//!   ([`floe_core::Game::BOT_DEFAULTS`]) names a declared parameter with a value it takes.
//!
//! A failed check panics with a message naming the check, the game, the player count,
//! the seed and, where one is concerned, the seat.
//!
//! [`fuzz`] holds what the loaders' property tests share: mutations of valid input text,
//! strategies of arbitrary input, a timed runner and a check that loaded rules play.
//! [`fields_changed`] names the fields of the encoding a change to a state shows in, for a
//! game's own tests of its encoding.
//! [`rules_loader_tests!`] and [`bots_allocate_nothing_test!`] write the test files every
//! game has alike: its rules loader's properties, and its thinking bots allocating nothing.
//!
//! # Examples
//! A game's `tests/suite/conformance.rs` (here for Goofspiel; the test binary installs the
//! counting allocator once, in its `main.rs`):
//! ```
//! use floe_conformance::{Kit, Varier};
//! use goofspiel::Goofspiel;
//!
//! floe_conformance::install_counting_allocator!();
//!
//! // #[test]
//! fn goofspiel_conforms() {
//!     let game = Goofspiel::standard();
//!     let variers: &[Varier<Goofspiel>] = &[Varier {
//!         name: "prize deck order",
//!         vary: |_, st, _seat, rng| {
//!             use rand::seq::SliceRandom;
//!             let mut deck: Vec<u8> = st.deck().collect();
//!             let original = deck.clone();
//!             deck.shuffle(rng);
//!             let mut varied = st.clone();
//!             varied.set_deck(&deck);
//!             (deck != original).then_some(varied)
//!         },
//!     }];
//!     floe_conformance::check(&game, &Kit { players: 2..=3, max_rounds: 5, variers, games: 30 });
//! }
//! # goofspiel_conforms();
//! ```

mod alloc;
mod case;
mod fair_play;
pub mod fuzz;
mod layout;
mod runs;
pub mod tilt;
mod walk;

use std::ops::RangeInclusive;

use floe_core::{FloeRng, Game, Seat};

pub use alloc::{CountingAllocator, allocations, check_bots_allocate_nothing};
pub use layout::{Fact, check_facts_show_in_their_fields, fields_changed};

/// Fewest states in which each varier must change its hidden fact over one [`check`].
pub const MIN_VARIED: usize = 20;

/// What to check a game with.
pub struct Kit<'a, G: Game> {
    /// The player counts to play (each within the game's own `player_counts`).
    pub players: RangeInclusive<usize>,
    /// The most rounds a game of these rules can last (the limit the rules state).
    pub max_rounds: u32,
    /// Ways to change one hidden fact of a seat's (at least one for a game that has
    /// hidden information).
    pub variers: &'a [Varier<G>],
    /// Random-answer games per player count for the walk, determinism, threads and
    /// no-allocation checks. The slower bots play fewer: greedy a tenth (at least one
    /// game), `mcts:iters=20` one game per player count; in the fair-play check MCTS
    /// answers on every tenth question, at most 40 times per player count.
    pub games: u64,
}

/// A named way to change one hidden fact of a seat's: given a state and the seat, returns
/// a state that differs from it only in something that seat cannot see, or `None` when the
/// state holds no such fact to change (say, no other seat has a card face down yet).
///
/// States are compared with `PartialEq` (which is why [`check`] asks for it): a varier that
/// returns a state equal to the one given changes nothing and fails the check, as does
/// one that changes what the seat sees.
pub struct Varier<G: Game> {
    /// What it changes, for failure messages (`"others' face-down bids"`).
    pub name: &'static str,
    /// Returns the varied state, or `None` when there is nothing to vary.
    pub vary: Vary<G>,
}

impl<G: Game> Varier<G> {
    /// Returns the varier `name` that varies with `vary`: a kit's list of variers reads one
    /// line a varier.
    pub const fn new(name: &'static str, vary: Vary<G>) -> Varier<G> {
        Varier { name, vary }
    }
}

/// The function of a [`Varier`]: `(game, state, seat, rng)` to the varied state, drawing
/// whatever it picks from `rng`.
pub type Vary<G> = fn(&G, &<G as Game>::State, Seat, &mut FloeRng) -> Option<<G as Game>::State>;

/// Runs every check of the kit on `game` (see the crate documentation), panicking at the
/// first failure.
///
/// # Panics
/// Panics with a message naming the check, game, player count, seed and seat of the first
/// failure, or if `kit` does not fit `game`, or if the test binary has not installed the
/// [`CountingAllocator`] (see [`install_counting_allocator!`]).
pub fn check<G: Game>(game: &G, kit: &Kit<'_, G>)
where
    G::State: PartialEq,
{
    let counts = game.player_counts();
    assert!(
        counts.contains(kit.players.start()) && counts.contains(kit.players.end()),
        "the kit's players {} to {} lie outside {}'s player counts {} to {}",
        kit.players.start(),
        kit.players.end(),
        game.name(),
        counts.start(),
        counts.end()
    );
    assert!(kit.games > 0, "the kit plays at least one game");
    if let Err(e) = floe_bots::check_bot_defaults(G::BOT_DEFAULTS) {
        panic!("{}'s bot defaults: {e}", game.name());
    }
    for players in counts {
        layout::tiles(game, players);
    }
    let mut varied = vec![0; kit.variers.len()];
    for players in kit.players.clone() {
        walk::games(game, kit, players, &mut varied);
    }
    fair_play::assert_variers_varied(game, kit, &varied);
    runs::deals(game, kit.games);
    for players in kit.players.clone() {
        runs::determinism(game, kit, players);
        runs::threads(game, kit, players);
        runs::secret_rule_inert(game, players);
        runs::no_allocation(game, kit, players);
        runs::search_allocation(game, players);
    }
}
