//! [`ArcticRace`]: the rules data plus the round flow, implementing [`Game`].

use std::ops::RangeInclusive;

use floe_core::{ActionList, FloeRng, Game, MAX_SEATS, Outcome, Seat, Standing};
use rand::seq::SliceRandom;

use crate::event::{Event, TileView};
use crate::movement::{Flow, collect};
use crate::pieces::{Action, CARDS, Card, Racer};
use crate::rules::{MIN_PLAYERS, Rules};
use crate::state::{END_CAUSES, EndCause, FINISHED, HOME, NO_CARD, Phase, State};

/// The commit answers for every hand (a 5-bit card set), listed once at compile time:
/// committing is half of all questions, and a table lookup beats walking the bits.
const COMMITS: [([Action; CARDS], u8); 1 << CARDS] = {
    let mut table = [([Action::Pass; CARDS], 0u8); 1 << CARDS];
    let mut hand = 0;
    while hand < 1 << CARDS {
        let mut card = 0;
        while card < CARDS {
            if hand & (1 << card) != 0 {
                let (answers, len) = &mut table[hand];
                answers[*len as usize] = Action::Commit(Card::ALL[card]);
                *len += 1;
            }
            card += 1;
        }
        hand += 1;
    }
    table
};

/// Arctic Race under one set of [`Rules`].
#[derive(Clone, Debug)]
pub struct ArcticRace {
    pub(crate) rules: Rules,
}

impl ArcticRace {
    /// Returns the game under `rules`.
    pub fn new(rules: Rules) -> ArcticRace {
        ArcticRace { rules }
    }

    /// Returns the game under the built-in `classic` rules.
    pub fn classic() -> ArcticRace {
        ArcticRace::new(Rules::classic())
    }

    /// Returns the rules in force.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Carries out one answer, without answering forced questions that follow.
    fn answer(
        &self,
        st: &mut State,
        action: Action,
        forced: bool,
        rng: &mut FloeRng,
        log: &mut impl FnMut(Event),
    ) {
        let seat = self
            .to_act(st)
            .expect("the game is over: no question to answer");
        let s = seat.index();
        log(Event::Answered {
            seat,
            action,
            forced,
        });
        // Commits are half of all questions: test for them first with one plain branch.
        if let Action::Commit(card) = action {
            assert!(
                st.phase == Phase::Commit && st.hand[s] & card.bit() != 0,
                "{seat} cannot commit the {card} now"
            );
            st.hand[s] &= !card.bit();
            st.committed[s] = card as u8;
            st.next_in_order();
            if st.step == st.players {
                st.restart_order();
                st.phase = Phase::Reveal;
                self.reveal(st, log);
            }
            return;
        }
        let flow = if action == Action::MoveA {
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
            self.move_racer(st, seat, racer, racer.number() as usize, rng, log)
        } else {
            self.answer_other(st, seat, action, rng, log)
        };
        match flow {
            Flow::Ask(phase) => st.phase = phase,
            Flow::Done => self.next_reveal(st, log),
        }
    }

    /// Carries out an answer other than a commit or action A.
    fn answer_other(
        &self,
        st: &mut State,
        seat: Seat,
        action: Action,
        rng: &mut FloeRng,
        log: &mut impl FnMut(Event),
    ) -> Flow {
        match (st.phase, action) {
            (Phase::Reveal, Action::ActionB) => match st.active_card {
                Card::Snowmobile => Flow::Ask(Phase::GiveToken),
                Card::Snowboarder => {
                    collect(st, seat, false, log);
                    Flow::Done
                }
                Card::DogSled => {
                    self.shift(st, log);
                    Flow::Done
                }
                Card::Skier => self.roll_die(st, seat, rng, log),
                Card::OneTwoThree => panic!("the 1-2-3 card has no action B"),
            },
            (Phase::Reveal, Action::MoveOne(racer)) => {
                assert!(
                    st.active_card == Card::OneTwoThree
                        && racer.0 < 3
                        && !st.is_finished(seat, racer),
                    "the 1-2-3 card cannot move {racer} of {seat}"
                );
                self.move_racer(st, seat, racer, 1, rng, log)
            }
            (Phase::Reveal, Action::Pass) => {
                let stuck = (0..3).all(|r| st.is_finished(seat, Racer(r)));
                assert!(
                    st.active_card == Card::OneTwoThree && stuck,
                    "{seat} may pass only with the 1-2-3 card and racers 1-3 finished"
                );
                Flow::Done
            }
            (Phase::GiveToken, Action::GiveToken(to)) => {
                assert!(
                    to != st.token && to.index() < st.players(),
                    "cannot give the token to {to}"
                );
                log(Event::TokenGiven { from: st.token, to });
                st.token = to;
                Flow::Done
            }
            (Phase::BlackDie, Action::BlackDie(racer)) => {
                assert!(!st.is_finished(seat, racer), "{racer} has finished");
                self.move_racer(st, seat, racer, 1, rng, log)
            }
            (phase, action) => panic!("{action:?} does not answer the pending question {phase:?}"),
        }
    }

    /// Reveals the current seat's committed card onto its played pile.
    fn reveal(&self, st: &mut State, log: &mut impl FnMut(Event)) {
        let seat = st.current();
        let s = seat.index();
        let card = Card::ALL[st.committed[s] as usize];
        st.committed[s] = NO_CARD;
        st.played[s] |= card.bit();
        st.active_card = card;
        log(Event::Revealed { seat, card });
    }

    /// Moves on to the next seat's reveal, or ends the round after the last one.
    fn next_reveal(&self, st: &mut State, log: &mut impl FnMut(Event)) {
        st.next_in_order();
        st.phase = Phase::Reveal;
        if st.step < st.players {
            self.reveal(st, log);
        } else {
            self.end_round(st, log);
        }
    }

    fn end_round(&self, st: &mut State, log: &mut impl FnMut(Event)) {
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
            log(Event::GameOver {
                cause,
                rounds: st.round,
            });
        } else {
            st.leader = st.token;
            st.restart_order();
            st.phase = Phase::Commit;
            log(Event::RoundStart {
                round: st.round + 1,
                leader: st.leader,
            });
        }
    }

    /// Answers every pending question that has exactly one answer, and leaves the answers
    /// of the next real question (two or more, or none at the end) in `answers`.
    fn answer_forced(
        &self,
        st: &mut State,
        rng: &mut FloeRng,
        answers: &mut ActionList<Action>,
        log: &mut impl FnMut(Event),
    ) {
        loop {
            self.legal_actions(st, answers);
            if answers.len() != 1 {
                return;
            }
            self.answer(st, answers[0], true, rng, log);
        }
    }
}

impl Game for ArcticRace {
    type State = State;
    type Action = Action;
    type Event = Event;

    fn name(&self) -> &'static str {
        "arctic-race"
    }

    fn player_counts(&self) -> RangeInclusive<usize> {
        MIN_PLAYERS..=MAX_SEATS
    }

    fn end_causes(&self) -> &'static [&'static str] {
        &END_CAUSES
    }

    fn colours(&self) -> &[String] {
        &self.rules.colours
    }

    fn progress_name(&self) -> &'static str {
        "finished_racers"
    }

    fn new_game_logged(
        &self,
        players: usize,
        rng: &mut FloeRng,
        log: &mut impl FnMut(Event),
    ) -> State {
        assert!(
            self.player_counts().contains(&players),
            "Arctic Race seats 2 to 6 players, not {players}"
        );
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
        log(Event::SupplyReady {
            supply: st.supply.len() as u8,
            removed: st.removed.len() as u8,
        });
        log(Event::RoundStart {
            round: 1,
            leader: st.leader,
        });
        self.answer_forced(&mut st, rng, &mut ActionList::new(), log);
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
        out.clear();
        match st.phase {
            Phase::Commit => {
                let (answers, len) = &COMMITS[st.hand[st.current().index()] as usize];
                // A fixed-size copy then a cut: no memcpy call for a few bytes.
                out.try_extend_from_slice(answers)
                    .expect("an empty list holds 5 answers");
                out.truncate(*len as usize);
            }
            Phase::Reveal => {
                let seat = st.current();
                match st.active_card.racer() {
                    None => {
                        for r in (0..3).map(Racer).filter(|&r| !st.is_finished(seat, r)) {
                            out.push(Action::MoveOne(r));
                        }
                        if out.is_empty() {
                            out.push(Action::Pass);
                        }
                    }
                    Some(racer) => {
                        // Both answers as one fixed copy; action A goes when its racer finished.
                        out.try_extend_from_slice(&[Action::MoveA, Action::ActionB])
                            .expect("room");
                        if st.is_finished(seat, racer) {
                            out.remove(0);
                        }
                    }
                }
            }
            Phase::GiveToken => {
                for seat in Seat::all(st.players()).filter(|&s| s != st.token) {
                    out.push(Action::GiveToken(seat));
                }
            }
            Phase::BlackDie => {
                let roller = st.current();
                for r in Racer::all().filter(|&r| !st.is_finished(roller, r)) {
                    out.push(Action::BlackDie(r));
                }
            }
            Phase::Over(_) => {}
        }
    }

    fn advance(
        &self,
        st: &mut State,
        action: Action,
        rng: &mut FloeRng,
        answers: &mut ActionList<Action>,
        log: &mut impl FnMut(Event),
    ) {
        self.answer(st, action, false, rng, log);
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
        let s = seat.index();
        let len = self.rules.track_len as f64 + 1.0;
        let mut standing = Standing::default();
        for race in 0..st.pos[s].len() {
            match st.pos[s][race] {
                HOME => {}
                FINISHED => {
                    standing.points += f64::from(self.rules.points(race, st.place[s][race]))
                }
                space => {
                    let next_place = f64::from(self.rules.points(race, st.finishers[race] + 1));
                    standing.progress += (f64::from(space) + 1.0) / len * next_place;
                }
            }
        }
        standing
    }

    fn determinize(&self, st: &State, seat: Seat, rng: &mut FloeRng, out: &mut State) {
        self.sample_hidden(st, seat, rng, out);
    }
}

impl ArcticRace {
    /// Scores a finished game and breaks ties (rules page, "Scoring").
    fn score(&self, st: &State, cause: EndCause) -> Outcome {
        let players = st.players();
        let mut scores = [0i32; MAX_SEATS];
        let mut progress = [0u8; MAX_SEATS];
        for s in 0..players {
            for race in 0..st.pos[s].len() {
                if st.pos[s][race] == FINISHED {
                    scores[s] += self.rules.points(race, st.place[s][race]);
                }
            }
            progress[s] = st.finished_count(Seat(s as u8));
        }
        let best = scores[..players].iter().copied().max().unwrap_or(0);
        // Tie-break key: places in races 1..5, unfinished counting as worst (u8::MAX).
        let key = |s: usize| st.place[s].map(|p| if p == 0 { u8::MAX } else { p });
        let best_key = (0..players).filter(|&s| scores[s] == best).map(key).min();
        let winners = (0..players)
            .filter(|&s| scores[s] == best && Some(key(s)) == best_key)
            .fold(0u8, |m, s| m | 1 << s);
        Outcome {
            players: players as u8,
            scores,
            winners,
            rounds: st.round,
            end_cause: cause as u8,
            progress,
        }
    }
}
