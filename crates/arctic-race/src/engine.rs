//! The round flow of [`ArcticRace`], and its [`Game`] implementation.

use floe_core::{
    ActionList, Descriptor, FloeRng, Game, MAX_SEATS, Outcome, ParamDecl, Seat, Standing,
};
use rand::seq::SliceRandom;

use crate::answers;
use crate::encoding::{self, Seen};
use crate::event::{Event, TileView};
use crate::movement::{Flow, Step, collect, roll};
use crate::observation::{self, ActionKey, Observation};
use crate::pieces::{Action, Card, RACERS, Racer};
use crate::race::ArcticRace;
use crate::rules::{MIN_PLAYERS, Rules};
use crate::state::{END_CAUSES, EndCause, NO_CARD, Phase, State};

impl ArcticRace {
    /// The points of the next place in each race, as [`Game::standing`] values a racer on
    /// the track.
    fn next_places(&self, st: &State) -> [f64; RACERS] {
        let points = &self.worth.place_points;
        std::array::from_fn(|race| f64::from(points[race][usize::from(st.finishers[race]) + 1]))
    }

    /// `seat`'s standing, the next place in each race being worth `next`: with no branch
    /// on where a racer is (off the track its share is 0.0, and adding 0.0 leaves the sum
    /// as it was; until it finishes its place is 0, worth no points).
    #[inline(always)]
    fn standing_with(&self, st: &State, seat: Seat, next: &[f64; RACERS]) -> Standing {
        let s = seat.index();
        let (mut points, mut progress) = (0, 0.0);
        let racers = st.pos[s].iter().zip(&st.place[s]).zip(next);
        for (race, ((&pos, &place), &next)) in racers.enumerate() {
            points += self.worth.place_points[race][usize::from(place)];
            progress += self.worth.track_share[usize::from(pos)] * next;
        }
        Standing {
            points: f64::from(points),
            progress,
        }
    }

    /// Carries out one answer and lists the answers to the next question in `answers`,
    /// without answering a forced question that follows.
    ///
    /// Each step that moves the game to a new question lists that question's answers
    /// itself: there the kind of question is known, so no general dispatch on the phase
    /// (an unpredictable branch) is needed.
    #[inline(always)]
    fn answer(
        &self,
        st: &mut State,
        action: Action,
        forced: bool,
        rng: &mut FloeRng,
        answers: &mut ActionList<Action>,
        log: &mut impl FnMut(Event),
    ) {
        let seat = self
            .to_act(st)
            .expect("the game is over: no question to answer");
        log(Event::Answered {
            seat,
            action,
            card: matches!(action, Action::MoveA | Action::ActionB).then_some(st.active_card),
            forced,
        });
        // Commits are half of all questions, and quick: they are carried out inline.
        if let Action::Commit(card) = action {
            self.commit(st, seat, card, answers, log);
        } else {
            self.resolve(st, seat, action, rng, answers, log);
        }
    }

    /// Carries out an answer other than a commit: a revealed card's action, or the
    /// answer to the question a chain stopped at.
    fn resolve(
        &self,
        st: &mut State,
        seat: Seat,
        action: Action,
        rng: &mut FloeRng,
        answers: &mut ActionList<Action>,
        log: &mut impl FnMut(Event),
    ) {
        let step = if action == Action::MoveA {
            // Action A is the next most common answer: again a plain branch first.
            assert!(st.phase == Phase::Reveal, "action A answers only a reveal");
            let racer = st
                .active_card
                .racer()
                .expect("the 1-2-3 card has no action A");
            assert!(
                !st.is_finished(seat, racer),
                "{racer} of {seat} has finished"
            );
            Step::Move(racer, racer.number() as usize)
        } else {
            self.answer_other(st, seat, action, rng, log)
        };
        // One place that moves, whatever the answer: the move is inlined here.
        let flow = match step {
            Step::Move(racer, n) => self.move_racer(st, seat, racer, n, rng, log),
            Step::Then(flow) => flow,
        };
        match flow {
            Flow::Ask(phase) => {
                st.phase = phase;
                self.legal_actions(st, answers);
            }
            Flow::Done => self.next_reveal(st, answers, log),
        }
    }

    /// `seat` plays `card` face down, and the next seat is asked to; after the last
    /// seat's commit, the first card is revealed.
    #[inline]
    fn commit(
        &self,
        st: &mut State,
        seat: Seat,
        card: Card,
        answers: &mut ActionList<Action>,
        log: &mut impl FnMut(Event),
    ) {
        let s = seat.index();
        assert!(
            st.phase == Phase::Commit && st.hand[s] & card.bit() != 0,
            "{seat} cannot commit the {card} now"
        );
        st.hand[s] &= !card.bit();
        st.committed[s] = card as u8;
        if st.next_in_order() {
            answers::commits(st, answers);
            return;
        }
        st.phase = Phase::Reveal;
        self.reveal(st, answers, log);
    }

    /// Carries out an answer other than a commit or action A, up to the move it sets off.
    fn answer_other(
        &self,
        st: &mut State,
        seat: Seat,
        action: Action,
        rng: &mut FloeRng,
        log: &mut impl FnMut(Event),
    ) -> Step {
        match (st.phase, action) {
            (Phase::Reveal, Action::ActionB) => match st.active_card {
                Card::Snowmobile => Step::Then(Flow::Ask(Phase::GiveToken)),
                Card::Snowboarder => {
                    collect(st, seat, false, log);
                    Step::Then(Flow::Done)
                }
                Card::DogSled => {
                    self.shift(st, log);
                    Step::Then(Flow::Done)
                }
                Card::Skier => roll(st, seat, rng, log),
                Card::OneTwoThree => panic!("the 1-2-3 card has no action B"),
            },
            (Phase::Reveal, Action::MoveOne(racer)) => {
                assert!(
                    st.active_card == Card::OneTwoThree
                        && racer.0 < 3
                        && !st.is_finished(seat, racer),
                    "the 1-2-3 card cannot move {racer} of {seat}"
                );
                Step::Move(racer, 1)
            }
            (Phase::Reveal, Action::Pass) => {
                let stuck = (0..3).all(|r| st.is_finished(seat, Racer(r)));
                assert!(
                    st.active_card == Card::OneTwoThree && stuck,
                    "{seat} may pass only with the 1-2-3 card and racers 1-3 finished"
                );
                Step::Then(Flow::Done)
            }
            (Phase::GiveToken, Action::GiveToken(to)) => {
                assert!(
                    to != st.token && to.index() < st.players(),
                    "cannot give the token to {to}"
                );
                log(Event::TokenGiven { from: st.token, to });
                st.token = to;
                Step::Then(Flow::Done)
            }
            (Phase::BlackDie, Action::BlackDie(racer)) => {
                assert!(!st.is_finished(seat, racer), "{racer} has finished");
                Step::Move(racer, 1)
            }
            (phase, action) => panic!("{action:?} does not answer the pending question {phase:?}"),
        }
    }

    /// Reveals the current seat's committed card onto its played pile, and asks which
    /// action to take.
    fn reveal(
        &self,
        st: &mut State,
        answers: &mut ActionList<Action>,
        log: &mut impl FnMut(Event),
    ) {
        let seat = st.current();
        let s = seat.index();
        let card = Card::ALL[st.committed[s] as usize];
        st.committed[s] = NO_CARD;
        st.played[s] |= card.bit();
        st.active_card = card;
        log(Event::Revealed { seat, card });
        answers::reveals(st, answers);
    }

    /// Moves on to the next seat's reveal, or ends the round after the last one.
    fn next_reveal(
        &self,
        st: &mut State,
        answers: &mut ActionList<Action>,
        log: &mut impl FnMut(Event),
    ) {
        st.phase = Phase::Reveal;
        if st.next_in_order() {
            self.reveal(st, answers, log);
        } else {
            self.end_round(st, answers, log);
        }
    }

    /// Ends the round: collects full piles, then ends the game or starts the next round.
    fn end_round(
        &self,
        st: &mut State,
        answers: &mut ActionList<Action>,
        log: &mut impl FnMut(Event),
    ) {
        for seat in Seat::all(st.players()) {
            if st.hand[seat.index()] == 0 {
                collect(st, seat, true, log);
            }
        }
        st.round += 1;
        let cause = if st.three_finished {
            Some(EndCause::ThreeFinished)
        } else if st.supply_ran_out {
            Some(EndCause::TilesExhausted)
        } else if st.round >= self.rules.round_limit {
            Some(EndCause::RoundLimit)
        } else {
            None
        };
        if let Some(cause) = cause {
            st.phase = Phase::Over(cause);
            answers.clear();
            log(Event::GameOver {
                cause,
                rounds: st.round,
            });
            self.log_scores(st, log);
        } else {
            st.leader = st.token;
            st.actor = st.leader;
            st.phase = Phase::Commit;
            log(Event::RoundStart {
                round: st.round + 1,
                leader: st.leader,
            });
            answers::commits(st, answers);
        }
    }

    /// Answers every pending question that has exactly one answer (`answers` holds the
    /// pending question's answers), and leaves the answers of the next real question (two
    /// or more, or none at the end) in `answers`.
    fn answer_forced(
        &self,
        st: &mut State,
        rng: &mut FloeRng,
        answers: &mut ActionList<Action>,
        log: &mut impl FnMut(Event),
    ) {
        while answers.len() == 1 {
            self.answer(st, answers[0], true, rng, answers, log);
        }
        debug_assert!(
            {
                let mut listed = ActionList::new();
                self.legal_actions(st, &mut listed);
                listed == *answers
            },
            "the answers listed along the way are the pending question's"
        );
    }
}

impl Game for ArcticRace {
    type State = State;
    type Action = Action;
    type Event = Event;
    type Observation = Observation;
    type ActionKey = ActionKey;
    type Rules = Rules;

    const DESCRIPTOR: Descriptor = Descriptor {
        name: "arctic-race",
        about: "Arctic Race (2-6 players): a card-driven race of five racers per player along a shifting river",
        player_counts: MIN_PLAYERS..=MAX_SEATS,
        end_causes: &END_CAUSES,
        progress_name: "finished_racers",
        hidden: false,
        figures: &[],
        guide: include_str!("../../../docs/arctic-race.md"),
        drawing: include_str!("draw.js"),
    };

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn from_rules(rules: Rules) -> ArcticRace {
        ArcticRace::new(rules)
    }

    fn bot_parameters(&self) -> Vec<ParamDecl> {
        vec![ParamDecl {
            path: "greedy.progress".into(),
            kind: floe_core::ParamKind::Number {
                min: 0.0,
                max: 100.0,
            },
            per_players: None,
            about: "the weight of racers' progress (see `standing`) against points".into(),
        }]
    }

    /// MCTS plays for the margin over the best other seat with less exploration than the
    /// declared default: stronger against greedy and plain MCTS alike (docs/researchers.md, "The bots").
    const BOT_DEFAULTS: &'static [(&'static str, &'static str)] =
        &[("mcts.reward", "margin"), ("mcts.c", "0.3")];

    fn round_limit(&self) -> Option<usize> {
        Some(self.rules.round_limit() as usize)
    }

    /// No seat scores below 0; a seat whose five racers each win their race scores the
    /// sum of the first places.
    fn score_bounds(&self, _players: usize) -> (i32, i32) {
        let best = (0..self.rules.points.len())
            .map(|race| {
                self.rules.points[race]
                    .iter()
                    .map(|&p| i32::from(p))
                    .max()
                    .unwrap_or(0)
            })
            .sum();
        (0, best)
    }

    fn new_game_logged(
        &self,
        players: usize,
        rng: &mut FloeRng,
        log: &mut impl FnMut(Event),
    ) -> State {
        self.assert_seats(players);
        let rules = &self.rules;
        let mut st = State::bare(players);
        st.supply = rules.tile_set.clone();
        st.supply.shuffle(rng);
        for _ in 0..rules.tiles_removed(players) {
            let tile = st.supply.pop().expect("the rules leave enough tiles");
            st.removed.push(tile);
        }
        for slot in 0..rules.slots {
            let tile = st
                .supply
                .pop()
                .expect("the rules leave enough tiles to fill the river");
            st.slots[slot] = tile;
            log(Event::SlotFilled {
                slot: slot as u8,
                tile: TileView::new(rules.tile_faces(tile)),
            });
        }
        self.lay_track(&mut st);
        log(Event::SupplyReady {
            supply: st.supply.len() as u8,
            removed: st.removed.len() as u8,
        });
        log(Event::RoundStart {
            round: 1,
            leader: st.leader,
        });
        let mut answers = ActionList::new();
        self.legal_actions(&st, &mut answers);
        self.answer_forced(&mut st, rng, &mut answers, log);
        st
    }

    fn players(&self, st: &State) -> usize {
        st.players()
    }

    fn to_act(&self, st: &State) -> Option<Seat> {
        match st.phase {
            Phase::Over(_) => None,
            _ => Some(st.current()),
        }
    }

    fn legal_actions(&self, st: &State, out: &mut ActionList<Action>) {
        match st.phase {
            Phase::Commit => answers::commits(st, out),
            Phase::Reveal => answers::reveals(st, out),
            Phase::GiveToken => answers::token(st, out),
            Phase::BlackDie => answers::black_die(st, out),
            Phase::Over(_) => out.clear(),
        }
    }

    /// Inlined where it is called (the play loop, a search's walk and playouts): with the
    /// caller's log there, a search's no-op log builds no event at all.
    #[inline(always)]
    fn advance(
        &self,
        st: &mut State,
        action: Action,
        rng: &mut FloeRng,
        answers: &mut ActionList<Action>,
        log: &mut impl FnMut(Event),
    ) {
        self.answer(st, action, false, rng, answers, log);
        self.answer_forced(st, rng, answers, log);
    }

    fn outcome(&self, st: &State) -> Option<Outcome> {
        let Phase::Over(cause) = st.phase else {
            return None;
        };
        Some(self.score(st, cause))
    }

    /// Points: the scoring tables applied to the finished racers. Progress: each racer on
    /// the track is worth the points of the next place in its race, scaled by how far along
    /// the track it stands (a racer at home is worth nothing yet).
    fn standing(&self, st: &State, seat: Seat) -> Standing {
        self.standing_with(st, seat, &self.next_places(st))
    }

    /// Every seat's [`Game::standing`], reading each race's next place once for all seats
    /// (a run that follows how games unfold reads them at every round).
    fn standings(&self, st: &State, out: &mut [Standing; MAX_SEATS]) {
        let next = self.next_places(st);
        for seat in Seat::all(st.players()) {
            out[seat.index()] = self.standing_with(st, seat, &next);
        }
    }

    /// The commit is a secret simultaneous choice: from the leader on, the seats before
    /// the one asked have committed a card face down this round.
    fn secret_round(&self, st: &State) -> Option<usize> {
        (st.phase == Phase::Commit).then(|| {
            let players = usize::from(st.players);
            (st.actor.index() + players - st.leader.index()) % players
        })
    }

    /// The cards committed this round go back to their hands, and the leader is asked
    /// again.
    fn reopen_round(&self, st: &mut State) {
        if st.phase != Phase::Commit {
            return;
        }
        let mut seat = st.leader;
        while seat != st.actor {
            let s = seat.index();
            st.hand[s] |= 1 << st.committed[s];
            st.committed[s] = NO_CARD;
            seat = Seat((seat.0 + 1) % st.players);
        }
        st.actor = st.leader;
    }

    fn determinize(&self, st: &State, seat: Seat, rng: &mut FloeRng, out: &mut State) {
        self.sample_hidden(st, seat, rng, out);
    }

    fn observe(&self, st: &State, seat: Seat) -> Observation {
        Observation::of(&self.rules, st, seat)
    }

    fn action_key(&self, st: &State, action: Action, observer: Seat) -> ActionKey {
        ActionKey::of(action, st.current(), observer)
    }

    fn observe_all(&self, st: &State) -> Option<Observation> {
        Some(Observation::whole(&self.rules, st))
    }

    /// The board is shown at the start of every round.
    fn shows_board(&self, event: &Event) -> bool {
        matches!(event, Event::RoundStart { .. })
    }

    fn is_forced(&self, event: &Event) -> bool {
        matches!(event, Event::Answered { forced: true, .. })
    }

    /// Another seat's commit shows only as a card face down, as [`Game::action_key`]
    /// keys it; every other event is public.
    fn seen_by(&self, event: Event, observer: Seat) -> Event {
        match event {
            Event::Answered {
                seat,
                action,
                forced,
                ..
            } if ActionKey::of(action, seat, observer) == ActionKey::FaceDown => {
                Event::FaceDown { seat, forced }
            }
            other => other,
        }
    }

    /// Every question is a turn of its own: the greedy bot judges each answer as before.
    fn turn_starts(&self, _st: &State) -> bool {
        true
    }

    fn round(&self, st: &State) -> u32 {
        st.round
    }

    /// See the layout in the `encoding` module: it depends on the rules' river and tile
    /// kinds as well as on `players`.
    fn encoding_len(&self, players: usize) -> usize {
        encoding::len(&self.rules, players)
    }

    fn encode(&self, observation: &Observation, out: &mut [f32]) {
        encoding::encode(&self.rules, &Seen::observed(observation), out);
    }

    /// Reads the state for `seat`, without the masked copy its observation is.
    fn encode_seen(&self, st: &State, seat: Seat, out: &mut [f32]) {
        encoding::encode(&self.rules, &Seen::state(st, seat), out);
    }

    fn action_count(&self, _players: usize) -> usize {
        observation::ACTION_COUNT
    }

    fn action_index(&self, action: Action) -> usize {
        observation::action_index(action)
    }

    fn action_at(&self, players: usize, index: usize) -> Option<Action> {
        observation::action_at(players, index)
    }
}
