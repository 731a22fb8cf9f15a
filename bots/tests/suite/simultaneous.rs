//! The search at a simultaneous choice whose value is known: matching pennies.
//!
//! Seat 0 puts a coin down face down, heads or tails; seat 1, not seeing it, puts down its
//! own; seat 0 wins if they match. Either seat can hold its chance to one half by choosing
//! at random, so the game's value is 0.5 for both. A search whose seat 1 sees seat 0's coin
//! (the open tree) lets it always answer the other side, and values seat 0's decision near
//! 0; the honest trees cannot, and value it near 0.5. (The multi-tree search picks by
//! regret matching at such choices: with UCB there, both seats' trees can march in step,
//! as seed 2 below once showed, valuing seat 0's decision at exactly 1.)

use crate::common;

use std::fmt;

use common::NoParameters;
use floe_bots::{Bot, MctsBot, Rollout, TreeKind};
use floe_core::{
    ActionList, EncodingLayout, Field, FloeRng, Game, Outcome, Seat, Standing, Stream, View,
    stream_rng,
};
use rand::RngExt;

/// A coin side: `true` for heads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
struct Coin(bool);

impl fmt::Display for Coin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0 { "heads" } else { "tails" })
    }
}

/// How a coin looks to an observer: its side, or only that it was put down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum CoinKey {
    Seen(bool),
    FaceDown,
}

/// The coins down so far.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
struct Coins(Vec<Coin>);

impl fmt::Display for Coins {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} coins down", self.0.len())
    }
}

#[derive(Clone)]
struct Pennies;

impl Game for Pennies {
    type State = [Option<bool>; 2];
    type Action = Coin;
    type Event = Coin;
    type Observation = Coins;
    type ActionKey = CoinKey;

    common::two_seat_basics!("pennies");

    fn from_rules(_: NoParameters) -> Self {
        Pennies
    }
    fn score_bounds(&self, _: usize) -> (i32, i32) {
        (0, 1)
    }
    fn to_act(&self, st: &Self::State) -> Option<Seat> {
        st.iter().position(Option::is_none).map(|s| Seat(s as u8))
    }
    fn legal_actions(&self, st: &Self::State, out: &mut ActionList<Coin>) {
        out.clear();
        if self.to_act(st).is_some() {
            out.extend([Coin(true), Coin(false)]);
        }
    }
    fn advance(
        &self,
        st: &mut Self::State,
        action: Coin,
        _: &mut FloeRng,
        answers: &mut ActionList<Coin>,
        log: &mut impl FnMut(Coin),
    ) {
        let seat = self.to_act(st).expect("a coin is to be put down");
        st[seat.index()] = Some(action.0);
        log(action);
        self.legal_actions(st, answers);
    }
    fn outcome(&self, st: &Self::State) -> Option<Outcome> {
        let [Some(a), Some(b)] = *st else { return None };
        let scores = if a == b { [1, 0] } else { [0, 1] };
        Some(Outcome::with_scores(
            &scores,
            if a == b { 0b01 } else { 0b10 },
        ))
    }
    /// Seat 1 does not see seat 0's coin: it is drawn anew, either side alike.
    fn determinize(&self, st: &Self::State, seat: Seat, rng: &mut FloeRng, out: &mut Self::State) {
        *out = *st;
        if seat == Seat(1) && st[0].is_some() {
            out[0] = Some(rng.random_bool(0.5));
        }
    }
    fn standing(&self, _: &Self::State, _: Seat) -> Standing {
        Standing::default()
    }
    fn observe(&self, st: &Self::State, _: Seat) -> Coins {
        Coins(st.iter().flatten().map(|_| Coin(false)).collect())
    }
    fn action_key(&self, st: &Self::State, action: Coin, observer: Seat) -> CoinKey {
        match self.to_act(st) {
            Some(actor) if actor != observer => CoinKey::FaceDown,
            _ => CoinKey::Seen(action.0),
        }
    }
    fn turn_starts(&self, _: &Self::State) -> bool {
        true
    }
    fn round(&self, _: &Self::State) -> u32 {
        0
    }
    fn encoding_len(&self, _: usize) -> usize {
        1
    }
    fn encode(&self, obs: &Coins, out: &mut [f32]) {
        out[0] = obs.0.len() as f32;
    }
    fn action_count(&self, _: usize) -> usize {
        2
    }
    fn action_index(&self, action: Coin) -> usize {
        usize::from(action.0)
    }
    fn action_at(&self, _: usize, index: usize) -> Option<Coin> {
        (index < 2).then_some(Coin(index == 1))
    }
}

impl EncodingLayout for Pennies {
    fn encoding_layout(&self, _: usize) -> Vec<Field> {
        vec![floe_core::Tiler::new().field("coins", &[1], "coins down")]
    }
}

/// Returns the root value of a 20,000-iteration search with `tree` by `seat` (seat 1
/// searches after seat 0's coin is down), for three fixed seeds.
fn root_values(tree: TreeKind, seat: Seat) -> Vec<f64> {
    let game = Pennies;
    let mut st = game.new_game(2, &mut stream_rng(0, Stream::Chance));
    if seat == Seat(1) {
        st[0] = Some(true);
    }
    let mut answers = ActionList::new();
    game.legal_actions(&st, &mut answers);
    (0..3)
        .map(|seed| {
            let mut bot = MctsBot::new(20_000, 0.7, Rollout::Random).with_tree(tree);
            let view = View::new(&game, &st, seat);
            bot.act(&view, &answers, &mut stream_rng(seed, Stream::Bot(seat.0)));
            bot.root_value()
        })
        .collect()
}

#[test]
fn the_honest_trees_value_matching_pennies_at_one_half_for_either_seat() {
    for tree in [TreeKind::Single, TreeKind::Multi] {
        for seat in [Seat(0), Seat(1)] {
            for value in root_values(tree, seat) {
                assert!(
                    (value - 0.5).abs() <= 0.15,
                    "{tree:?}, seat {seat:?}: root value {value}"
                );
            }
        }
    }
}

#[test]
fn the_open_tree_lets_the_second_coin_see_the_first() {
    for value in root_values(TreeKind::Open, Seat(0)) {
        assert!(value <= 0.5 - 0.3, "root value {value}");
    }
}
