//! [`Arctic`] as a Floe [`Game`].

use floe_core::{ActionList, Descriptor, Figures, FloeRng, Game, Outcome, Seat, Standing};

use crate::action::{ACTION_COUNT, Action};
use crate::engine::{Arctic, END_CAUSES};
use crate::event::Event;
use crate::figures::{self, FIGURES};
use crate::info;
use crate::observation::{self, ActionKey, Observation, SeatView};
use crate::rules::{LANDSCAPE_LEN, MAX_PLAYERS, MIN_PLAYERS, Rules};
use crate::state::{Phase, State};

impl Game for Arctic {
    type State = State;
    type Action = Action;
    type Event = Event;
    type Observation = Observation;
    type ActionKey = ActionKey;
    type Rules = Rules;

    const DESCRIPTOR: Descriptor = Descriptor {
        name: "arctic",
        about: "Arctic (2-4 players): a card game of private hands, animal piles, powers and a \
                shifting landscape",
        player_counts: MIN_PLAYERS..=MAX_PLAYERS,
        end_causes: &END_CAUSES,
        progress_name: "penalty_cards",
        hidden: false,
        figures: &FIGURES,
        guide: include_str!("../../../docs/arctic.md"),
        drawing: include_str!("draw.js"),
    };

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn from_rules(rules: Rules) -> Arctic {
        Arctic::new(rules)
    }

    fn measure(&self, st: &State, outcome: &Outcome, out: &mut Figures) {
        figures::measure(self, st, outcome, out);
    }

    /// Greedy judges each answer at the end of its own turn and answers the rest of the
    /// turn at random: a turn asks many questions (placements, tokens, several draws,
    /// discards, powers) of up to 20 answers each, and searching every way of finishing it
    /// costs the product of their answer counts. MCTS keeps the declared defaults, already
    /// far above greedy here (see docs/researchers.md, "Search strength").
    const BOT_DEFAULTS: &'static [(&'static str, &'static str)] = &[
        ("greedy.depth", "0"),
        ("greedy.turn", "random"),
        ("greedy.judge", "turn-end"),
    ];

    fn round_limit(&self) -> Option<usize> {
        Some(self.rules.round_limit() as usize)
    }

    /// Runs: six animals at the table's extreme entries; diversity and totem likewise;
    /// penalty cards: at most every card but one per pile (each pile holds a card from the
    /// first turn on).
    fn score_bounds(&self, players: usize) -> (i32, i32) {
        let r = &self.rules;
        let (run_lo, run_hi) = extremes(&r.run_points);
        let (div_lo, div_hi) = extremes(&r.diversity_points);
        let (land_lo, land_hi) = extremes(&r.landscape_values[..LANDSCAPE_LEN]);
        let most_penalties = (r.deck_size(players) - players) as i32;
        let penalty = r.penalty_points() * most_penalties;
        (
            6 * run_lo + div_lo + land_lo + penalty.min(0),
            6 * run_hi + div_hi + land_hi + penalty.max(0),
        )
    }

    fn new_game_logged(
        &self,
        players: usize,
        rng: &mut FloeRng,
        log: &mut impl FnMut(Event),
    ) -> State {
        self.assert_seats(players);
        let mut st = self.deal(players, rng, log);
        let mut answers = ActionList::new();
        self.settle(&mut st, &mut answers, log);
        st
    }

    fn players(&self, st: &State) -> usize {
        st.players()
    }

    fn to_act(&self, st: &State) -> Option<Seat> {
        (!st.is_over()).then_some(st.actor)
    }

    fn legal_actions(&self, st: &State, out: &mut ActionList<Action>) {
        self.list(st, out);
    }

    fn advance(
        &self,
        st: &mut State,
        action: Action,
        _rng: &mut FloeRng,
        answers: &mut ActionList<Action>,
        log: &mut impl FnMut(Event),
    ) {
        self.answer(st, action, false, log);
        self.settle(st, answers, log);
    }

    fn outcome(&self, st: &State) -> Option<Outcome> {
        if !st.is_over() {
            return None;
        }
        Some(Outcome::of_seats(
            st.players(),
            st.round + 1,
            st.end_cause,
            |s| {
                let seat = Seat(s as u8);
                let penalties = st.penalties[s].len() as u8;
                (self.score_parts(st, seat).total(), penalties)
            },
            |scores| self.winners(scores),
        ))
    }

    fn determinize(&self, st: &State, seat: Seat, rng: &mut FloeRng, out: &mut State) {
        info::sample(st, seat, rng, out);
    }

    /// The score if the game ended now, totem included; no progress term.
    fn standing(&self, st: &State, seat: Seat) -> Standing {
        Standing {
            points: f64::from(self.score_parts(st, seat).total()),
            progress: 0.0,
        }
    }

    fn observe(&self, st: &State, seat: Seat) -> Observation {
        Observation::of(self, st, seat, false)
    }

    fn observe_all(&self, st: &State) -> Option<Observation> {
        Some(Observation::of(self, st, Seat(0), true))
    }

    /// The board is shown at the start of every turn.
    fn shows_board(&self, event: &Event) -> bool {
        matches!(event, Event::TurnStarts { .. } | Event::GameOver { .. })
    }

    fn is_forced(&self, event: &Event) -> bool {
        matches!(event, Event::Answered { forced: true, .. })
    }

    fn seen_by(&self, event: Event, observer: Seat) -> Event {
        event.seen_by(observer)
    }

    fn action_key(&self, st: &State, action: Action, observer: Seat) -> ActionKey {
        ActionKey::of(self, st, action, observer)
    }

    fn turn_starts(&self, st: &State) -> bool {
        !st.turn.asked && st.phase != Phase::Over
    }

    fn round(&self, st: &State) -> u32 {
        st.round
    }

    fn encoding_len(&self, players: usize) -> usize {
        observation::encoding_len(players)
    }

    fn encode(&self, obs: &Observation, out: &mut [f32]) {
        observation::encode(obs, out);
    }

    /// Reads what `seat` knows off the state, without building the observation: its piles
    /// card by card as the seat sees them, and a finished game's final scores, which the
    /// encoding leaves out.
    fn encode_seen(&self, st: &State, seat: Seat, out: &mut [f32]) {
        observation::encode(&SeatView::new(st, seat), out);
    }

    fn action_count(&self, _players: usize) -> usize {
        ACTION_COUNT
    }

    fn action_index(&self, action: Action) -> usize {
        action.index()
    }

    fn action_at(&self, players: usize, index: usize) -> Option<Action> {
        Action::at(index, players)
    }
}

/// Returns the smallest and the largest of `values`.
fn extremes(values: &[i32]) -> (i32, i32) {
    let lo = values.iter().copied().min().unwrap_or(0);
    let hi = values.iter().copied().max().unwrap_or(0);
    (lo, hi)
}
