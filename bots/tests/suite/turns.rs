//! The greedy bot judges an answer at the end of its seat's turn: questions that continue
//! the turn are looked through, whatever the depth.

use crate::common;

use common::NoParameters;
use floe_bots::{Bot, GreedyBot, GreedyLookahead, JudgedAt, RestOfTurn};
use floe_core::{
    ActionList, EncodingLayout, Field, FloeRng, Game, Outcome, Seat, Standing, Stream, View,
    stream_rng,
};

/// A two-seat game of three questions: seat 0 picks a bit, then (same turn) a second bit;
/// then seat 1 picks a bit that changes nothing. Seat 0 scores 10 if both its bits are 1,
/// and nothing before the end: the first bit is worth something only through the second.
#[derive(Clone)]
struct TwoStepTurn;

/// The bits picked so far, in order.
#[derive(Clone, Debug, Default)]
struct Picks(ActionList<u8>);

impl TwoStepTurn {
    /// Plays `action`: the next bit.
    fn play(&self, st: &mut Picks, action: u8, _: &mut FloeRng) {
        st.0.push(action);
    }
}

impl Game for TwoStepTurn {
    type State = Picks;

    common::two_seat_basics!("two-step-turn");
    common::numbered_answers!(2, play);

    fn from_rules(_: NoParameters) -> TwoStepTurn {
        TwoStepTurn
    }
    fn score_bounds(&self, _: usize) -> (i32, i32) {
        (0, 10)
    }
    fn to_act(&self, st: &Picks) -> Option<Seat> {
        [Some(Seat(0)), Some(Seat(0)), Some(Seat(1))]
            .get(st.0.len())
            .copied()
            .flatten()
    }
    fn legal_actions(&self, st: &Picks, out: &mut ActionList<u8>) {
        out.clear();
        if st.0.len() < 3 {
            out.extend([0, 1]);
        }
    }
    fn outcome(&self, st: &Picks) -> Option<Outcome> {
        (st.0.len() == 3).then(|| {
            let score = if st.0[..2] == [1, 1] { 10 } else { 0 };
            Outcome::with_scores(&[score, 0], if score > 0 { 0b01 } else { 0b11 })
        })
    }
    fn determinize(&self, st: &Picks, _: Seat, _: &mut FloeRng, out: &mut Picks) {
        out.clone_from(st);
    }
    fn standing(&self, st: &Picks, seat: Seat) -> Standing {
        let points = self
            .outcome(st)
            .map_or(0.0, |o| f64::from(o.scores[seat.index()]));
        Standing {
            points,
            progress: 0.0,
        }
    }
    fn observe(&self, st: &Picks, _: Seat) -> String {
        format!("{:?}", st.0)
    }
    /// Seat 0's second bit continues the turn of its first.
    fn turn_starts(&self, st: &Picks) -> bool {
        st.0.len() != 1
    }
    fn round(&self, st: &Picks) -> u32 {
        st.0.len() as u32
    }
}

/// Encodes nothing (`numbered_answers!`): no fields.
impl EncodingLayout for TwoStepTurn {
    fn encoding_layout(&self, _: usize) -> Vec<Field> {
        Vec::new()
    }
}

/// Returns what `bot` answers to seat 0's first question (its first bit), with the bot's
/// seed `seed`: what each test asks of the bots it builds.
fn first_bit(bot: &mut GreedyBot<TwoStepTurn>, seed: u64) -> u8 {
    let start = Picks::default();
    let mut answers = ActionList::new();
    TwoStepTurn.legal_actions(&start, &mut answers);
    let view = View::new(&TwoStepTurn, &start, Seat(0));
    bot.act(&view, &answers, &mut stream_rng(seed, Stream::Bot(0)))
}

#[test]
fn greedy_looks_through_the_rest_of_its_turn_even_at_depth_0() {
    for depth in [0, 1] {
        let lookahead = GreedyLookahead {
            depth,
            ..GreedyLookahead::SEARCH
        };
        let mut bot = GreedyBot::<TwoStepTurn>::new(0.5, lookahead);
        for seed in 0..40 {
            // Judged at once, both first bits would look alike (no points yet) and the pick
            // would be a coin toss; judged at the end of the turn, only 1 can score.
            assert_eq!(first_bit(&mut bot, seed), 1, "depth {depth}, seed {seed}");
        }
    }
}

/// With the rest of the turn answered at random, the first bit 1 still scores half the
/// time and 0 never: the bot prefers 1 on any sample, judged at the turn's end or later.
#[test]
fn greedy_answering_the_rest_of_its_turn_at_random_still_judges_at_its_end() {
    for judged_at in [JudgedAt::TurnEnd, JudgedAt::NextTurn] {
        let lookahead = GreedyLookahead {
            depth: 0,
            rest_of_turn: RestOfTurn::Random,
            judged_at,
        };
        let mut bot = GreedyBot::<TwoStepTurn>::new(0.5, lookahead);
        let picked_one = (0..40)
            .filter(|&seed| first_bit(&mut bot, seed) == 1)
            .count();
        // Each sample's random second bit is the same for both first bits: 1 wins where it
        // is 1 and ties where it is 0, so 1 is picked at least half the time.
        assert!(
            picked_one >= 20,
            "{judged_at:?}: 1 picked {picked_one} of 40"
        );
    }
}
