//! The `greedy` bot: a short lookahead judged by the game's [`floe_core::Standing`].

use floe_core::{ActionList, FloeRng, Game, MAX_SEATS, Seat, Standing, View};
use rand::RngExt;

use crate::Bot;

/// How far the `greedy` bot looks ahead (its parameters `depth`, `turn` and `judge`,
/// which a game may give other defaults: a game whose turns hold many questions gives a
/// lighter lookahead than [`GreedyLookahead::SEARCH`], which searches every answer of the
/// rest of a turn, exponential in the turn's length).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GreedyLookahead {
    /// How many of its own next turns the bot looks through after the current one.
    pub depth: usize,
    /// How the bot answers the later questions of a turn it looks through.
    pub rest_of_turn: RestOfTurn,
    /// When the bot judges the state an answer leads to.
    pub judged_at: JudgedAt,
}

impl GreedyLookahead {
    /// Look through one next turn, search every answer of a turn, judge when the next
    /// turn not looked through starts: right for short turns whose first answer shows its
    /// worth only through the next one (a card committed face down, played later).
    pub const SEARCH: GreedyLookahead = GreedyLookahead {
        depth: 1,
        rest_of_turn: RestOfTurn::Search,
        judged_at: JudgedAt::NextTurn,
    };
}

/// How the `greedy` bot answers the questions that continue a turn it looks through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RestOfTurn {
    /// Tries every answer and keeps the best: exact, but the cost multiplies with each
    /// question of the turn.
    Search,
    /// Answers at random, with the same random numbers for every answer judged: the cost
    /// grows with the turn's length only.
    Random,
}

/// When the `greedy` bot judges where an answer leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JudgedAt {
    /// When the last turn it looks through ends, before anyone else answers.
    TurnEnd,
    /// When its next turn after the last one it looks through starts, the other seats
    /// having answered at random in between.
    NextTurn,
}

/// Tries every answer on a sample of the hidden information and keeps the one that leaves
/// its seat standing best.
///
/// One decision: sample the hidden parts once (the seat's [`View::determinize`]); for
/// each answer, apply it to a copy, play on, and judge the state reached. Questions of this
/// seat that continue its turn ([`Game::turn_starts`] false) are answered on the way: with
/// [`RestOfTurn::Search`] every answer is tried and the best taken (an answer is judged by
/// the best way to finish its turn), with [`RestOfTurn::Random`] at random. With `depth`
/// above 0 the bot also looks through that many of its own next turns (the other seats
/// answering at random in between), taking the best first answer of each. The state is
/// judged when the last turn looked through ends ([`JudgedAt::TurnEnd`]) or when the next
/// turn after it starts ([`JudgedAt::NextTurn`]). Every answer is tried with the same
/// random numbers, so the comparison is between the answers, not between lucky and
/// unlucky samples; ties are broken at random.
///
/// A state is judged as the seat's points plus `progress` times its progress, minus the
/// same for the best of the other seats (in a race for points, what matters is the lead).
///
/// The defaults are the declared ones unless the game gives others
/// ([`Game::BOT_DEFAULTS`]). Why the common default looks
/// through one next turn: in a game where a card is chosen face down first and its action
/// later, a choice of card shows its worth only through the action it allows; depth 0
/// judges every card alike and commits at random. A game with many questions per turn
/// answers the rest of a turn at random instead, since searching it costs the product of
/// the answer counts.
pub struct GreedyBot<G: Game> {
    progress: f64,
    lookahead: GreedyLookahead,
    /// Lookahead states and answer lists, one per level; grown to the deepest level a
    /// decision reached, then reused.
    states: Vec<G::State>,
    lists: Vec<ActionList<G::Action>>,
}

/// Returns how `seat` stands in `state` against the best of the others, as the greedy bot
/// judges a state (and the search its estimates and turn plans): its points plus
/// `progress` times its progress, less the most any other seat has.
pub(crate) fn lead<G: Game>(game: &G, state: &G::State, seat: Seat, progress: f64) -> f64 {
    let mut standings = [Standing::default(); MAX_SEATS];
    game.standings(state, &mut standings);
    let value = |s: Seat| {
        let standing = standings[s.index()];
        standing.points + progress * standing.progress
    };
    let best_other = Seat::all(game.players(state))
        .filter(|&s| s != seat)
        .map(value)
        .fold(f64::MIN, f64::max);
    value(seat) - best_other
}

impl<G: Game> GreedyBot<G> {
    /// Returns a greedy bot weighing progress by `progress`, looking ahead as `lookahead` says.
    pub fn new(progress: f64, lookahead: GreedyLookahead) -> GreedyBot<G> {
        GreedyBot {
            progress,
            lookahead,
            states: Vec::new(),
            lists: Vec::new(),
        }
    }

    fn judge(&self, game: &G, state: &G::State, me: Seat) -> f64 {
        lead(game, state, me, self.progress)
    }

    /// Plays on from `states[level]` (whose answers are in `lists[level]`): others answer at
    /// random; at a question of this seat that starts a turn, stop if `left` is 0, else
    /// take the best answer (one turn fewer left); at one that continues its turn, answer
    /// as [`RestOfTurn`] says (as many turns left). With [`JudgedAt::TurnEnd`], stop as
    /// soon as another seat is asked with no turn left.
    fn look(&mut self, game: &G, me: Seat, level: usize, left: usize, rng: &mut FloeRng) -> f64 {
        loop {
            let state = &self.states[level];
            let Some(seat) = game.to_act(state) else {
                return self.judge(game, state, me);
            };
            let starts = game.turn_starts(state);
            let at_random = if seat != me {
                if left == 0 && self.lookahead.judged_at == JudgedAt::TurnEnd {
                    return self.judge(game, state, me);
                }
                true
            } else if starts && left == 0 {
                return self.judge(game, state, me);
            } else {
                !starts && self.lookahead.rest_of_turn == RestOfTurn::Random
            };
            if at_random {
                let list = &mut self.lists[level];
                let answer = list[rng.random_range(0..list.len() as u32) as usize];
                game.advance(&mut self.states[level], answer, rng, list, &mut |_| {});
                continue;
            }
            let left = if starts { left - 1 } else { left };
            if self.states.len() < level + 2 {
                // A turn longer than any before: one level more, kept for later.
                self.states.push(self.states[level].clone());
                self.lists.push(ActionList::new());
            }
            let base = rng.clone();
            let mut best = f64::MIN;
            for i in 0..self.lists[level].len() {
                *rng = base.clone();
                best = best.max(self.try_answer(game, me, level, i, left, rng));
            }
            return best;
        }
    }

    /// Applies answer `i` of `lists[level]` to a copy of `states[level]` and looks on.
    fn try_answer(
        &mut self,
        game: &G,
        me: Seat,
        level: usize,
        i: usize,
        left: usize,
        rng: &mut FloeRng,
    ) -> f64 {
        let answer = self.lists[level][i];
        let (above, below) = self.states.split_at_mut(level + 1);
        below[0].clone_from(&above[level]);
        game.advance(
            &mut below[0],
            answer,
            rng,
            &mut self.lists[level + 1],
            &mut |_| {},
        );
        self.look(game, me, level + 1, left, rng)
    }
}

impl<G: Game> Bot<G> for GreedyBot<G> {
    fn act(&mut self, view: &View<'_, G>, answers: &[G::Action], rng: &mut FloeRng) -> G::Action {
        let game = view.game();
        let levels = self.lookahead.depth + 2;
        if self.states.len() < levels {
            // First decision: grow the buffers once (the only allocation this bot makes).
            // On a copy of `rng`: a fresh bot must answer exactly as a warmed-up one.
            self.states.resize(levels, view.sample(&mut rng.clone()));
            self.lists.resize(levels, ActionList::new());
        }
        view.determinize(rng, &mut self.states[0]);
        self.lists[0].clear();
        self.lists[0].extend(answers.iter().copied());
        let me = view.seat();
        let base = rng.clone();
        let mut best = f64::MIN;
        let mut ties: ActionList<G::Action> = ActionList::new();
        for (i, &answer) in answers.iter().enumerate() {
            let mut trial_rng = base.clone();
            let value = self.try_answer(game, me, 0, i, self.lookahead.depth, &mut trial_rng);
            if value > best + 1e-9 {
                best = value;
                ties.clear();
            }
            if value >= best - 1e-9 {
                ties.push(answer);
            }
        }
        ties[rng.random_range(0..ties.len() as u32) as usize]
    }
}
