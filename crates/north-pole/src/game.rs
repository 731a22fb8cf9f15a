//! [`NorthPole`] as a Floe [`Game`].

use std::ops::RangeInclusive;

use floe_core::{
    ActionList, Descriptor, Figures, FloeRng, Game, MAX_SEATS, Outcome, Seat, Standing,
};

use crate::action::{ACTION_COUNT, Action};
use crate::ending::{END_CAUSES, POLE_REACHED};
use crate::engine::NorthPole;
use crate::event::Event;
use crate::figures::{self, FIGURES};
use crate::info;
use crate::observation::{self, Observation, TableView};
use crate::rules::{MAX_PLAYERS, MIN_PLAYERS, Rules, TieBreak};
use crate::standing;
use crate::state::{PAWNS, State};

impl NorthPole {
    /// Returns the score of `seat`: its pawns on the scoreboard, its team's in team play.
    pub fn score(&self, st: &State, seat: usize) -> i32 {
        let own = i32::from(st.seats[seat].at_pole());
        if self.rules.team_play {
            own + i32::from(st.seats[(seat + 2) % 4].at_pole())
        } else {
            own
        }
    }

    /// Returns the winners of the finished game `st`, as a bit set of seats.
    fn winners(&self, st: &State) -> u8 {
        let players = st.players();
        let team = |s: usize| {
            if self.rules.team_play {
                0b101 << (s % 2)
            } else {
                1 << s
            }
        };
        if st.end_cause == POLE_REACHED {
            return team(usize::from(st.seat));
        }
        // Round limit: more pawns at the Pole, then fewer on the ship, then the tie-break.
        let rank = |s: usize| {
            let ship = |p: usize| i32::from(st.seats[p].on_ship());
            let ships = if self.rules.team_play {
                ship(s) + ship((s + 2) % 4)
            } else {
                ship(s)
            };
            (self.score(st, s), -ships)
        };
        let best = (0..players).map(rank).max().expect("a seat");
        let tied = (0..players).filter(|&s| rank(s) == best);
        match self.rules.tie_break {
            TieBreak::Shared => tied.fold(0, |w, s| w | team(s)),
            TieBreak::TurnOrder => team(tied.min().expect("a seat")),
        }
    }
}

impl Game for NorthPole {
    type State = State;
    type Action = Action;
    type Event = Event;
    type Observation = Observation;
    type ActionKey = Action;
    type Rules = Rules;

    const DESCRIPTOR: Descriptor = Descriptor {
        name: "north-pole",
        about: "Race to the North Pole (2-4 players, or two teams of two): pawns race to the Pole \
                across a top board that storms turn, with ambushes and Ice Mask equipment",
        player_counts: MIN_PLAYERS..=MAX_PLAYERS,
        end_causes: &END_CAUSES,
        progress_name: "pole_pawns",
        hidden: false,
        figures: &FIGURES,
        guide: include_str!("../../../docs/north-pole.md"),
        drawing: include_str!("draw.js"),
    };

    /// 2 to 4 players; exactly 4 in team play.
    fn player_counts(&self) -> RangeInclusive<usize> {
        if self.rules.team_play {
            MAX_PLAYERS..=MAX_PLAYERS
        } else {
            MIN_PLAYERS..=MAX_PLAYERS
        }
    }

    fn player_counts_reason(&self) -> Option<String> {
        self.rules.team_play.then(|| {
            format!(
                "team play (team_play = true in the rules {}) needs exactly {MAX_PLAYERS}",
                floe_io::gate::quoted(&self.rules.name)
            )
        })
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn from_rules(rules: Rules) -> NorthPole {
        NorthPole::new(rules)
    }

    fn measure(&self, st: &State, outcome: &Outcome, out: &mut Figures) {
        figures::measure(st, outcome, out);
    }

    /// Greedy judges each answer at the end of its own turn and searches the rest of the
    /// turn: a turn asks a few questions of a few answers each (base camp, card, actor,
    /// target, a Husky's extra play), so searching them all stays cheap.
    ///
    /// MCTS follows a plan for the rest of its own turn (found as greedy finds it: a turn
    /// is too long a chain of questions to search in the tree), judges each playout by the
    /// standing when the next turn starts (random games rarely end: most 2-player ones run
    /// the 300 rounds), plays for the margin over the best other seat, and explores little,
    /// since one square of progress is worth a sixty-fifth of a pawn at the Pole. Chosen by
    /// duplicate matches against greedy (docs/researchers.md, "The bots"). It keeps the declared 1,000
    /// iterations: 2,000 (about 10 ms at a four-player opening) measured no stronger
    /// against greedy, at twice the time (docs/researchers.md, "The bots").
    const BOT_DEFAULTS: &'static [(&'static str, &'static str)] = &[
        ("greedy.depth", "0"),
        ("greedy.turn", "search"),
        ("greedy.judge", "turn-end"),
        ("mcts.turn", "plan"),
        ("mcts.cut", "1"),
        ("mcts.reward", "margin"),
        ("mcts.c", "0.01"),
        ("mcts.bias", "0.01"),
    ];

    fn round_limit(&self) -> Option<usize> {
        Some(self.rules.round_limit as usize)
    }

    /// Pawns at the Pole: the pre-placed ones at least, all four (all eight of a team) at
    /// most.
    fn score_bounds(&self, players: usize) -> (i32, i32) {
        let pre = (PAWNS - usize::from(self.rules.pawns_in_play(players))) as i32;
        if self.rules.team_play {
            (2 * pre, 2 * PAWNS as i32)
        } else {
            (pre, PAWNS as i32)
        }
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
        self.settle(&mut st, &mut answers, rng, log);
        st
    }

    fn players(&self, st: &State) -> usize {
        st.players()
    }

    fn to_act(&self, st: &State) -> Option<Seat> {
        (!st.is_over()).then_some(Seat(st.seat))
    }

    fn legal_actions(&self, st: &State, out: &mut ActionList<Action>) {
        self.list(st, out);
    }

    fn advance(
        &self,
        st: &mut State,
        action: Action,
        rng: &mut FloeRng,
        answers: &mut ActionList<Action>,
        log: &mut impl FnMut(Event),
    ) {
        st.turn_opening = false;
        self.answer(st, action, false, rng, log);
        self.settle(st, answers, rng, log);
    }

    fn outcome(&self, st: &State) -> Option<Outcome> {
        if !st.is_over() {
            return None;
        }
        let rounds = st.round + u32::from(st.end_cause == POLE_REACHED);
        Some(Outcome::of_seats(
            st.players(),
            rounds,
            st.end_cause,
            |s| (self.score(st, s), st.seats[s].at_pole()),
            |_| self.winners(st),
        ))
    }

    fn determinize(&self, st: &State, _seat: Seat, rng: &mut FloeRng, out: &mut State) {
        info::sample(&self.rules, st, rng, out);
    }

    fn standing(&self, st: &State, seat: Seat) -> Standing {
        standing::standing(self, st, seat.index())
    }

    /// The seats share one map of distances to the Pole.
    fn standings(&self, st: &State, out: &mut [Standing; MAX_SEATS]) {
        standing::standings(self, st, out);
    }

    fn observe(&self, st: &State, _seat: Seat) -> Observation {
        Observation::of(self, st)
    }

    /// Every seat sees everything there is to see: the narrator's board is the seats' one.
    fn observe_all(&self, st: &State) -> Option<Observation> {
        Some(Observation::of(self, st))
    }

    /// The board is shown at the start of every turn and at the end.
    fn shows_board(&self, event: &Event) -> bool {
        matches!(event, Event::TurnStarts { .. } | Event::GameOver { .. })
    }

    fn is_forced(&self, event: &Event) -> bool {
        matches!(event, Event::Answered { forced: true, .. })
    }

    /// Every answer is public: an answer is its own key.
    fn action_key(&self, _st: &State, action: Action, _observer: Seat) -> Action {
        action
    }

    fn turn_starts(&self, st: &State) -> bool {
        st.turn_opening && !st.is_over()
    }

    fn round(&self, st: &State) -> u32 {
        st.round
    }

    fn encoding_len(&self, _players: usize) -> usize {
        observation::encoding_len()
    }

    fn encode(&self, obs: &Observation, out: &mut [f32]) {
        observation::encode(obs, out);
    }

    /// Reads the state as the observation would show it, without building the observation:
    /// every seat sees the same, and the encoding leaves out most of what it holds.
    fn encode_seen(&self, st: &State, _seat: Seat, out: &mut [f32]) {
        observation::encode(&TableView::new(self, st), out);
    }

    fn action_count(&self, _players: usize) -> usize {
        ACTION_COUNT
    }

    fn action_index(&self, action: Action) -> usize {
        action.index()
    }

    fn action_at(&self, _players: usize, index: usize) -> Option<Action> {
        Action::at(index, |id| {
            (usize::from(id) < self.rules.card_count()).then(|| self.card_ref(id))
        })
    }
}
