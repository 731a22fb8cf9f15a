//! The greedy bot judges an answer at the end of its seat's turn: questions that continue
//! the turn are looked through, whatever the depth.

mod common;

use common::{NoParameters, two_seat_game};
use floe_bots::{Bot, GreedyBot, GreedyLookahead, JudgedAt, RestOfTurn};
use floe_core::{
    ActionList, Descriptor, FloeRng, Game, Outcome, Seat, Standing, Stream, View, stream_rng,
};

/// A two-seat game of three questions: seat 0 picks a bit, then (same turn) a second bit;
/// then seat 1 picks a bit that changes nothing. Seat 0 scores 10 if both its bits are 1,
/// and nothing before the end: the first bit is worth something only through the second.
#[derive(Clone)]
struct TwoStepTurn;

/// The bits picked so far, in order.
#[derive(Clone, Debug, Default)]
struct Picks(ActionList<u8>);

impl Game for TwoStepTurn {
    type State = Picks;
    type Action = u8;
    type Event = String;
    type Observation = String;
    type ActionKey = u8;
    type Rules = NoParameters;

    const DESCRIPTOR: Descriptor = two_seat_game("two-step-turn");

    fn rules(&self) -> &NoParameters {
        &NoParameters
    }
    fn from_rules(_: NoParameters) -> TwoStepTurn {
        TwoStepTurn
    }
    fn score_bounds(&self, _: usize) -> (i32, i32) {
        (0, 10)
    }
    fn new_game_logged(&self, _: usize, _: &mut FloeRng, _: &mut impl FnMut(String)) -> Picks {
        Picks::default()
    }
    fn players(&self, _: &Picks) -> usize {
        2
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
    fn advance(
        &self,
        st: &mut Picks,
        action: u8,
        _: &mut FloeRng,
        answers: &mut ActionList<u8>,
        _: &mut impl FnMut(String),
    ) {
        st.0.push(action);
        self.legal_actions(st, answers);
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
    fn action_key(&self, _: &Picks, action: u8, _: Seat) -> u8 {
        action
    }
    /// Seat 0's second bit continues the turn of its first.
    fn turn_starts(&self, st: &Picks) -> bool {
        st.0.len() != 1
    }
    fn encoding_len(&self, _: usize) -> usize {
        0
    }
    fn encode(&self, _: &String, _: &mut [f32]) {}
    fn action_count(&self, _: usize) -> usize {
        2
    }
    fn action_index(&self, action: u8) -> usize {
        usize::from(action)
    }
    fn action_at(&self, _: usize, index: usize) -> Option<u8> {
        (index < 2).then_some(index as u8)
    }
}

#[test]
fn greedy_looks_through_the_rest_of_its_turn_even_at_depth_0() {
    let game = TwoStepTurn;
    let start = Picks::default();
    let mut answers = ActionList::new();
    game.legal_actions(&start, &mut answers);
    for depth in [0, 1] {
        let lookahead = GreedyLookahead {
            depth,
            ..GreedyLookahead::SEARCH
        };
        let mut bot = GreedyBot::<TwoStepTurn>::new(0.5, lookahead);
        for seed in 0..40 {
            let mut rng = stream_rng(seed, Stream::Bot(0));
            let view = View::new(&game, &start, Seat(0));
            // Judged at once, both first bits would look alike (no points yet) and the pick
            // would be a coin toss; judged at the end of the turn, only 1 can score.
            assert_eq!(
                bot.act(&view, &answers, &mut rng),
                1,
                "depth {depth}, seed {seed}"
            );
        }
    }
}

/// With the rest of the turn answered at random, the first bit 1 still scores half the
/// time and 0 never: the bot prefers 1 on any sample, judged at the turn's end or later.
#[test]
fn greedy_answering_the_rest_of_its_turn_at_random_still_judges_at_its_end() {
    let game = TwoStepTurn;
    let start = Picks::default();
    let mut answers = ActionList::new();
    game.legal_actions(&start, &mut answers);
    for judged_at in [JudgedAt::TurnEnd, JudgedAt::NextTurn] {
        let lookahead = GreedyLookahead {
            depth: 0,
            rest_of_turn: RestOfTurn::Random,
            judged_at,
        };
        let mut bot = GreedyBot::<TwoStepTurn>::new(0.5, lookahead);
        let mut picked_one = 0;
        for seed in 0..40 {
            let mut rng = stream_rng(seed, Stream::Bot(0));
            let view = View::new(&game, &start, Seat(0));
            picked_one += usize::from(bot.act(&view, &answers, &mut rng) == 1);
        }
        // Each sample's random second bit is the same for both first bits: 1 wins where it
        // is 1 and ties where it is 0, so 1 is picked at least half the time.
        assert!(
            picked_one >= 20,
            "{judged_at:?}: 1 picked {picked_one} of 40"
        );
    }
}
