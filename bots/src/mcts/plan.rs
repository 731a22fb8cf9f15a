//! Plans for the rest of the searching seat's turn: the best way to finish the turn after
//! each of its answers, found as the greedy bot finds it, so that a search spends its
//! iterations on what follows the turn rather than inside it.

use floe_core::{ActionList, FloeRng, Game, Seat};

use crate::RestOfTurn;
use rand::RngExt;

/// The longest plan kept: a turn with more questions than this is finished by the
/// playout policy after the plan's end.
const PLAN_LEN: usize = 64;

/// A plan per answer of the root question, found on one sample.
pub(crate) struct Plans<G: Game> {
    /// The answers that finish the turn after root answer `i`, in order.
    pub(crate) steps: Vec<arrayvec::ArrayVec<G::Action, PLAN_LEN>>,
    /// The judged value (the seat's lead at the turn's end) of each root answer's plan.
    pub(crate) values: Vec<f64>,
    /// Depth-first search buffers, one per question of the turn, reused.
    states: Vec<G::State>,
    lists: Vec<ActionList<G::Action>>,
    path: arrayvec::ArrayVec<G::Action, PLAN_LEN>,
    best: (f64, arrayvec::ArrayVec<G::Action, PLAN_LEN>),
    /// How the rest of a turn is searched (the game's greedy bot's way).
    search: RestOfTurn,
    /// The random numbers of a plan that answers the rest of a turn at random.
    picks: FloeRng,
}

impl<G: Game> Plans<G> {
    /// Returns plans that search the rest of a turn as `search` says.
    pub(crate) fn new(search: RestOfTurn) -> Plans<G> {
        Plans {
            steps: Vec::new(),
            values: Vec::new(),
            states: Vec::new(),
            lists: Vec::new(),
            path: arrayvec::ArrayVec::new(),
            best: (f64::MIN, arrayvec::ArrayVec::new()),
            search,
            picks: rand::SeedableRng::seed_from_u64(0),
        }
    }

    /// Finds, in `sample`, the best way for `me` to finish its turn after each of
    /// `answers`, searching as the game's greedy bot does:
    /// where it searches the rest of a turn, every answer of every later question of the
    /// turn is tried (each with the same random numbers); where it answers the rest at
    /// random (a turn too long to search), so does the plan; and the turn's end is judged
    /// by `judge`.
    pub(crate) fn find(
        &mut self,
        game: &G,
        sample: &G::State,
        me: Seat,
        answers: &[G::Action],
        rng: &FloeRng,
        judge: &impl Fn(&G::State) -> f64,
    ) {
        if self.steps.len() < answers.len() {
            // Once, for any question (at most MAX_ACTIONS answers).
            self.steps
                .resize_with(floe_core::MAX_ACTIONS, arrayvec::ArrayVec::new);
            self.values.reserve(floe_core::MAX_ACTIONS);
        }
        self.values.clear();
        self.picks = rng.clone();
        self.picks.random::<u64>();
        if self.states.is_empty() {
            self.states.push(sample.clone());
            self.lists.push(ActionList::new());
        }
        for (i, &answer) in answers.iter().enumerate() {
            self.best.0 = f64::MIN;
            self.best.1.clear();
            self.path.clear();
            self.states[0].clone_from(sample);
            game.advance(
                &mut self.states[0],
                answer,
                &mut rng.clone(),
                &mut self.lists[0],
                &mut |_| {},
            );
            self.search(game, me, 0, rng, judge);
            self.steps[i].clone_from(&self.best.1);
            self.values.push(self.best.0);
        }
    }

    /// Tries every answer at `states[level]` while `me` continues its turn, keeping the
    /// best path found in `best`.
    fn search(
        &mut self,
        game: &G,
        me: Seat,
        level: usize,
        rng: &FloeRng,
        judge: &impl Fn(&G::State) -> f64,
    ) {
        let state = &self.states[level];
        let continues = game.to_act(state) == Some(me) && !game.turn_starts(state);
        if !continues || self.path.is_full() {
            let value = judge(state);
            if value > self.best.0 {
                self.best.0 = value;
                self.best.1.clone_from(&self.path);
            }
            return;
        }
        if self.states.len() < level + 2 {
            // A turn longer than any before: one level more, kept for later.
            self.states.push(self.states[level].clone());
            self.lists.push(ActionList::new());
        }
        let n = self.lists[level].len();
        let tried = match self.search {
            RestOfTurn::Search => 0..n,
            RestOfTurn::Random => {
                let i = self.picks.random_range(0..n as u32) as usize;
                i..i + 1
            }
        };
        for i in tried {
            let answer = self.lists[level][i];
            let (above, below) = self.states.split_at_mut(level + 1);
            below[0].clone_from(&above[level]);
            let (lists_above, lists_below) = self.lists.split_at_mut(level + 1);
            let _ = lists_above;
            game.advance(
                &mut below[0],
                answer,
                &mut rng.clone(),
                &mut lists_below[0],
                &mut |_| {},
            );
            self.path.push(answer);
            self.search(game, me, level + 1, rng, judge);
            self.path.pop();
        }
    }
}
