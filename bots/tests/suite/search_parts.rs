//! Each part of the MCTS search on a small game whose best answer is known: turn plans,
//! priors with progressive widening, judged leaves, common samples at the root, and the
//! move-average and standing playouts.

use crate::common;

use arrayvec::ArrayVec;
use common::NoParameters;
use floe_bots::{AnyBot, Bot, BotSpec, MctsBot, NodeStats};
use floe_core::{
    ActionList, EncodingLayout, Field, FloeRng, Game, Outcome, Seat, Standing, Stream, View,
    stream_rng,
};
use rand::RngExt;

/// A two-seat game: seat 0 answers a fixed row of questions (`widths[i]` answers each,
/// numbered from 0), then seat 1 answers one question that changes nothing. Seat 0's
/// standing is `points` of its picks so far; its final score adds a chance draw of 0 to
/// `noise`, made when its last pick is given. Seat 1 scores nothing.
#[derive(Clone)]
struct Row {
    widths: &'static [u8],
    /// Whether seat 0's questions after the first continue its first turn.
    one_turn: bool,
    points: fn(&[u8]) -> i32,
    noise: i32,
    best: i32,
}

impl Row {
    /// Seat 0's questions `widths`, all in its first turn, its picks worth `points` (at most
    /// `best`), with no chance draw: each test then states only what its row changes.
    fn new(widths: &'static [u8], best: i32, points: fn(&[u8]) -> i32) -> Row {
        Row {
            widths,
            one_turn: true,
            points,
            noise: 0,
            best,
        }
    }

    /// The same row with each of seat 0's questions a turn of its own.
    fn turn_by_turn(self) -> Row {
        Row {
            one_turn: false,
            ..self
        }
    }

    /// The same row with a chance draw of 0 to `noise` added to seat 0's final score.
    fn noise(self, noise: i32) -> Row {
        Row { noise, ..self }
    }

    /// Plays `action`: seat 0's next pick (the chance draw made with its last), or else
    /// seat 1's answer.
    fn play(&self, st: &mut Picks, action: u8, rng: &mut FloeRng) {
        if st.seat0.len() < self.widths.len() {
            st.seat0.push(action);
            if st.seat0.len() == self.widths.len() {
                st.noise = rng.random_range(0..=self.noise);
            }
        } else {
            st.seat1_done = true;
        }
    }
}

#[derive(Clone, Debug, Default)]
struct Picks {
    seat0: ArrayVec<u8, 32>,
    noise: i32,
    seat1_done: bool,
}

impl Game for Row {
    type State = Picks;

    common::two_seat_basics!("row");
    common::numbered_answers!(64, play);

    fn from_rules(_: NoParameters) -> Row {
        unreachable!("the tests build their rows")
    }
    fn score_bounds(&self, _: usize) -> (i32, i32) {
        (0, self.best + self.noise)
    }
    fn to_act(&self, st: &Picks) -> Option<Seat> {
        if st.seat0.len() < self.widths.len() {
            Some(Seat(0))
        } else if !st.seat1_done {
            Some(Seat(1))
        } else {
            None
        }
    }
    fn legal_actions(&self, st: &Picks, out: &mut ActionList<u8>) {
        out.clear();
        match self.to_act(st) {
            Some(Seat(0)) => out.extend(0..self.widths[st.seat0.len()]),
            Some(_) => out.extend([0, 1]),
            None => {}
        }
    }
    fn outcome(&self, st: &Picks) -> Option<Outcome> {
        self.to_act(st).is_none().then(|| {
            let score = (self.points)(&st.seat0) + st.noise;
            Outcome::with_scores(&[score, 0], if score > 0 { 0b01 } else { 0b11 })
        })
    }
    fn determinize(&self, st: &Picks, _: Seat, _: &mut FloeRng, out: &mut Picks) {
        out.clone_from(st);
    }
    fn standing(&self, st: &Picks, seat: Seat) -> Standing {
        let points = if seat == Seat(0) {
            f64::from((self.points)(&st.seat0))
        } else {
            0.0
        };
        Standing {
            points,
            progress: 0.0,
        }
    }
    fn observe(&self, st: &Picks, _: Seat) -> String {
        format!("{:?}", st.seat0)
    }
    fn turn_starts(&self, st: &Picks) -> bool {
        st.seat0.is_empty() || st.seat0.len() == self.widths.len() || !self.one_turn
    }
    fn round(&self, st: &Picks) -> u32 {
        st.seat0.len() as u32
    }
}

/// Encodes nothing (`numbered_answers!`): no fields.
impl EncodingLayout for Row {
    fn encoding_layout(&self, _: usize) -> Vec<Field> {
        Vec::new()
    }
}

/// Returns the answer `spec` gives to seat 0's first question, with the bot's seed `seed`.
fn first_answer(game: &Row, spec: &str, seed: u64) -> u8 {
    answer_and_bot(game, spec, seed).0
}

fn answer_and_bot(game: &Row, spec: &str, seed: u64) -> (u8, AnyBot<Row>) {
    let start = Picks::default();
    let mut answers = ActionList::new();
    game.legal_actions(&start, &mut answers);
    let mut bot = BotSpec::parse(spec).unwrap().build::<Row>();
    let view = View::new(game, &start, Seat(0));
    let answer = bot.act(&view, &answers, &mut stream_rng(seed, Stream::Bot(0)));
    (answer, bot)
}

/// Returns what the search of `spec` (bot seed `seed`) learned of seat 0's first answer
/// `key`.
fn root_child(game: &Row, spec: &str, seed: u64, key: u8) -> NodeStats<u8> {
    let (_, bot) = answer_and_bot(game, spec, seed);
    let AnyBot::Mcts(bot) = bot else {
        panic!("an MCTS bot")
    };
    let root = bot.root(Seat(0)).unwrap();
    let children = bot.children(root.id);
    *children.iter().find(|c| c.key == Some(key)).unwrap()
}

/// Returns how many of 40 seeds `spec` answers `best` to seat 0's first question.
fn hits(game: &Row, spec: &str, best: u8) -> usize {
    (0..40)
        .filter(|&s| first_answer(game, spec, s) == best)
        .count()
}

/// Eight answers, then eight more in the same turn: only 5 then 3 scores, and nothing shows
/// before the turn's end. A plan per first answer (the rest of the turn searched, as
/// greedy does) finds 5 with a handful of iterations; the tree alone rarely does.
#[test]
fn turn_plans_find_the_only_way_to_finish_a_turn_that_scores() {
    let game = Row::new(&[8, 8], 10, |p| if p == [5, 3] { 10 } else { 0 });
    assert_eq!(hits(&game, "mcts:iters=20,turn=plan", 5), 40);
    assert!(hits(&game, "mcts:iters=20", 5) < 20);
}

/// Forty answers, worth their number at once: with eight iterations a plain search tries
/// eight answers at random; progressive widening, ordered by the one-step estimate, tries
/// the best first and keeps to it.
#[test]
fn widening_lets_in_the_best_estimated_answers_first() {
    let game = Row::new(&[40], 39, |p| i32::from(p[0]));
    assert_eq!(hits(&game, "mcts:iters=8,widen=1,bias=1", 39), 40);
    assert!(hits(&game, "mcts:iters=8", 39) < 20);
}

/// Two answers of equal worth by the outcome, one rated better by the estimate: the
/// progressive bias steers the search's visits toward it, the more the larger its weight.
#[test]
fn progressive_bias_steers_visits_toward_the_better_estimate() {
    // The first pick shows at once in the standing; the second takes it back.
    let points = |p: &[u8]| if p.len() == 1 { i32::from(p[0]) } else { 0 };
    let game = Row::new(&[2, 2], 1, points).turn_by_turn();
    let visits_of_one = |spec: &str| root_child(&game, spec, 3, 1).visits;
    let plain = visits_of_one("mcts:iters=200,c=0.1");
    let biased = visits_of_one("mcts:iters=200,c=0.1,bias=20");
    assert!(
        biased > plain + 20,
        "visits of the better estimate: {plain} plain, {biased} biased"
    );
}

/// Forty answers worth their number, and a chance draw of up to 1,000 points after them:
/// played out, the draw drowns the answers' worth; judged at the leaf by the standing
/// (cut=0, no playout), every answer is known exactly once tried.
#[test]
fn judged_leaves_see_through_the_noise_of_playouts() {
    let game = Row::new(&[40], 39, |p| i32::from(p[0])).noise(1000);
    assert_eq!(
        hits(&game, "mcts:iters=200,cut=0,paired=off,c=0.0001", 39),
        40
    );
    assert!(hits(&game, "mcts:iters=200,paired=off,c=0.0001", 39) < 20);
}

/// Two answers, the second worth one point more, and a chance draw of up to 100 points
/// after them. On common samples the root answers' n-th iterations see the same draw, so
/// with as many visits each their means differ by exactly the one point.
#[test]
fn paired_root_answers_play_the_same_samples() {
    let game = Row::new(&[2], 1, |p| i32::from(p[0])).noise(100);
    let gap = |spec: &str| {
        let (zero, one) = (root_child(&game, spec, 1, 0), root_child(&game, spec, 1, 1));
        assert_eq!(zero.visits, one.visits, "{spec}: even visits at c=100");
        one.mean - zero.mean
    };
    let point = 1.0 / 101.0;
    assert!((gap("mcts:iters=20,c=100") - point).abs() < 1e-12);
    assert!((gap("mcts:iters=20,c=100,paired=off") - point).abs() > 1e-6);
    // And so the better answer is found with a few iterations on any seed.
    assert_eq!(hits(&game, "mcts:iters=20,c=0.001", 1), 40);
}

/// Stop at once for 5 points (answer 0), or go on (answer 1) through twenty questions of
/// ten answers each, answer 7 scoring a point each time. Random playouts rate going on at
/// about 2 and stop; playouts that learn which answers score (move averages), or look one
/// step ahead on the standing, rate it near 20 and go on.
#[test]
fn move_averages_and_standing_playouts_learn_what_random_playouts_miss() {
    const WIDTHS: [u8; 21] = [
        2, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10,
    ];
    let game = Row::new(&WIDTHS, 20, |p| match p.first() {
        Some(0) => 5,
        _ => p[1..].iter().filter(|&&a| a == 7).count() as i32,
    })
    .turn_by_turn();
    assert_eq!(hits(&game, "mcts:iters=300", 0), 40, "random playouts stop");
    assert!(hits(&game, "mcts:iters=300,rollout=mast", 1) >= 36);
    assert_eq!(hits(&game, "mcts:iters=300,rollout=standing", 1), 40);
}

/// The plain constructor still searches (the settings' defaults and its own).
#[test]
fn a_plain_search_is_built_from_its_settings() {
    let bot = MctsBot::<Row>::new(50, 0.7, floe_bots::Rollout::Random);
    assert_eq!(bot.settings().iters, 50);
    assert!(bot.settings().paired);
}
