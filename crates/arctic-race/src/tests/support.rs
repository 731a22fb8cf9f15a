//! Helpers shared by the rule tests: seats, racers, the classic tile kinds, river and
//! scenario builders ([`Setup`]), event constructors, random answers and conservation
//! checks for the property tests, a die that shows chosen faces, and a [`Table`] that
//! plays answers through the [`Game`] trait and records what happened.

use floe_core::{ActionList, FloeRng, Game, Outcome, Seat, Stream, game_seed, stream_rng};
use rand::RngExt;

use crate::ArcticRace;
use crate::event::{Event, TileView};
use crate::pieces::{ALL_CARDS, Action, CARDS, Card, CardSet, Icon, RACERS, Racer};
use crate::rules::Rules;
use crate::state::{EndCause, Phase, Position, State};

pub(super) const S0: Seat = Seat(0);
pub(super) const S1: Seat = Seat(1);
pub(super) const S2: Seat = Seat(2);
pub(super) const S3: Seat = Seat(3);
pub(super) const S4: Seat = Seat(4);
pub(super) const S5: Seat = Seat(5);

// The classic tile kinds, in the order of `classic.toml` (checked by
// `the_tile_kind_constants_name_the_classic_faces`). River slot k covers spaces
// 6 + 3k .. 6 + 3k + 2.
/// `[blank, +1, blank]`
pub(super) const PLUS1: u8 = 0;
/// `[blank, +2, blank]`
pub(super) const PLUS2: u8 = 1;
/// `[+3, blank, blank]`
pub(super) const PLUS3: u8 = 2;
/// `[blank, die, blank]`
pub(super) const DIE: u8 = 3;
/// `[arrow, blank, blank]`
pub(super) const ARROW: u8 = 4;
/// `[blank, blank, start]`
pub(super) const START: u8 = 5;
/// `[hand, blank, blank]`
pub(super) const HAND: u8 = 6;
/// `[blank, blank, blank]`
pub(super) const BLANK: u8 = 7;

/// A river of five blank tiles.
pub(super) const ALL_BLANK: [Option<u8>; 5] = [Some(BLANK); 5];

/// A river of blank tiles with open water in slot 1 (spaces 9..11).
pub(super) const WATER_IN_SLOT_1: [Option<u8>; 5] =
    [Some(BLANK), None, Some(BLANK), Some(BLANK), Some(BLANK)];

/// Returns racer number `n` (1..=5).
pub(super) fn r(n: u8) -> Racer {
    Racer::numbered(n)
}

/// Returns the position "on track space `space`".
pub(super) fn on(space: u8) -> Position {
    Position::On(space)
}

/// Returns the set of `cards`.
pub(super) fn cards(cards: &[Card]) -> CardSet {
    cards.iter().fold(0, |set, c| set | c.bit())
}

/// Returns the classic game.
pub(super) fn game() -> ArcticRace {
    ArcticRace::classic()
}

/// Returns how a log shows a tile of kind `kind`.
pub(super) fn view(kind: u8) -> TileView {
    TileView::new(Rules::classic().tile_faces(kind))
}

/// Returns a river holding the tile kinds `kinds`, slot 0 first (no open water).
pub(super) fn tiles(kinds: [u8; 5]) -> [Option<u8>; 5] {
    kinds.map(Some)
}

/// Returns a classic `players`-seat game at the start of round 1 with the river `slots`
/// and the supply `supply` (see [`ArcticRace::scenario`]).
pub(super) fn scenario(players: usize, slots: &[Option<u8>], supply: &[u8]) -> State {
    ArcticRace::classic().scenario(players, slots, supply)
}

/// Returns a `players`-seat game at the start of round 1 on a river of five blank
/// tiles, with an empty supply.
pub(super) fn blank_river(players: usize) -> State {
    scenario(players, &ALL_BLANK, &[])
}

/// Sets up the pieces of a scenario, one fact at a time.
pub(super) trait Setup {
    /// Returns the state with racer `n` of `seat` put at `position` for every
    /// `(seat, n, position)` of `racers`, in order (a finished racer takes the next
    /// place in its race).
    fn with_racers(self, racers: &[(Seat, u8, Position)]) -> Self;

    /// Returns the state with racers `racers` (numbers) of `seat` finished, in order, each
    /// taking the next place in its race.
    fn with_finished(self, seat: Seat, racers: &[u8]) -> Self;

    /// Returns the state with `played` on `seat`'s played pile and its other cards in
    /// its hand.
    fn with_played(self, seat: Seat, played: &[Card]) -> Self;
}

impl Setup for State {
    fn with_racers(mut self, racers: &[(Seat, u8, Position)]) -> State {
        for &(seat, n, position) in racers {
            self.put_racer(seat, r(n), position);
        }
        self
    }

    fn with_finished(mut self, seat: Seat, racers: &[u8]) -> State {
        for &n in racers {
            self.put_racer(seat, r(n), Position::Finished(0));
        }
        self
    }

    fn with_played(mut self, seat: Seat, played: &[Card]) -> State {
        self.set_cards(seat, ALL_CARDS & !cards(played), cards(played));
        self
    }
}

/// `seat` answered `action` itself, to a question other than a reveal.
pub(super) fn answered(seat: Seat, action: Action) -> Event {
    Event::Answered {
        seat,
        action,
        card: None,
        forced: false,
    }
}

/// `seat` picked `action` of its revealed `card` itself.
pub(super) fn took(seat: Seat, card: Card, action: Action) -> Event {
    Event::Answered {
        seat,
        action,
        card: Some(card),
        forced: false,
    }
}

/// The engine answered `action` for `seat` (the only answer), to a question other than a
/// reveal.
pub(super) fn forced(seat: Seat, action: Action) -> Event {
    Event::Answered {
        seat,
        action,
        card: None,
        forced: true,
    }
}

/// The engine picked `action` of `seat`'s revealed `card` (the only answer).
pub(super) fn forced_take(seat: Seat, card: Card, action: Action) -> Event {
    Event::Answered {
        seat,
        action,
        card: Some(card),
        forced: true,
    }
}

/// `seat` revealed `card`.
pub(super) fn revealed(seat: Seat, card: Card) -> Event {
    Event::Revealed { seat, card }
}

/// Racer `n` of `seat` moved from `from` (`None` = home) to `to`, passing `skipped`
/// occupied spaces.
pub(super) fn moved(seat: Seat, n: u8, from: Option<u8>, to: u8, skipped: u8) -> Event {
    Event::Moved {
        seat,
        racer: r(n),
        from,
        to,
        skipped,
    }
}

/// Racer `n` of `seat` moved from `from` (`None` = home) to `to`, past the end of the
/// track, passing `skipped` occupied spaces, and finished, taking `place` in its race.
pub(super) fn finished(
    seat: Seat,
    n: u8,
    from: Option<u8>,
    to: u8,
    skipped: u8,
    place: u8,
) -> Event {
    Event::Finished {
        seat,
        racer: r(n),
        from,
        to,
        skipped,
        place,
    }
}

/// Racer `n` of `seat` landed on open water at `space` and went home.
pub(super) fn drowned(seat: Seat, n: u8, space: u8) -> Event {
    Event::Drowned {
        seat,
        racer: r(n),
        space,
    }
}

/// The river shifted: the tile of kind `dropped` (`None` = open water) left with
/// `swept` racers, and a tile of kind `entered` (`None` = none: open water) entered.
pub(super) fn shifted(dropped: Option<u8>, swept: u8, entered: Option<u8>) -> Event {
    Event::Shifted {
        dropped: dropped.map(view),
        swept,
        entered: entered.map(view),
    }
}

/// Racer `n` of `seat` rode its tile from `from` to `to` in a shift.
pub(super) fn carried(seat: Seat, n: u8, from: u8, to: u8) -> Event {
    Event::Carried {
        seat,
        racer: r(n),
        from,
        to,
    }
}

/// Racer `n` of `seat` went home with the tile pushed out of the last slot.
pub(super) fn swept(seat: Seat, n: u8) -> Event {
    Event::SweptHome { seat, racer: r(n) }
}

/// The start token passed from `from` to `to`.
pub(super) fn token(from: Seat, to: Seat) -> Event {
    Event::TokenGiven { from, to }
}

/// `seat` took its `cards` played cards back during the round (hand icon, snowboarder B).
pub(super) fn collected(seat: Seat, cards: u8) -> Event {
    Event::Collected {
        seat,
        cards,
        round_end: false,
    }
}

/// `seat` took its `cards` played cards back at the end of the round (fifth card played).
pub(super) fn collected_at_round_end(seat: Seat, cards: u8) -> Event {
    Event::Collected {
        seat,
        cards,
        round_end: true,
    }
}

/// Round `round` began with `leader` holding the start token.
pub(super) fn round_start(round: u32, leader: Seat) -> Event {
    Event::RoundStart { round, leader }
}

/// The game ended for `cause` after `rounds` rounds.
pub(super) fn game_over(cause: EndCause, rounds: u32) -> Event {
    Event::GameOver { cause, rounds }
}

/// Returns `events` up to the end of the game, without the score table that follows it.
pub(super) fn before_scores(events: &[Event]) -> &[Event] {
    let end = events.iter().position(|e| *e == Event::ScoreTable);
    &events[..end.unwrap_or(events.len())]
}

/// `icon` on `space` fired.
pub(super) fn fired(icon: Icon, space: u8) -> Event {
    Event::IconFired { icon, space }
}

/// `seat` rolled `face` (`None` = black).
pub(super) fn rolled(seat: Seat, face: Option<u8>) -> Event {
    Event::Rolled { seat, face }
}

/// What the die should show.
#[derive(Clone, Copy, Debug)]
pub(super) enum Die {
    /// Face 1..=5: that racer moves that many spaces.
    Shows(u8),
    /// The black face.
    Black,
}

impl Die {
    /// The value the engine draws for this face (`random_range(0..6)`).
    fn index(self) -> u8 {
        match self {
            Die::Shows(k) => k - 1,
            Die::Black => 5,
        }
    }
}

/// Returns an answer to the pending question of `st`, picked uniformly with `choices`.
pub(super) fn random_answer(game: &ArcticRace, st: &State, choices: &mut FloeRng) -> Action {
    let mut answers = ActionList::new();
    game.legal_actions(st, &mut answers);
    answers[choices.random_range(0..answers.len())]
}

/// More answers than any game can need: a game that runs past it does not end.
const MAX_ANSWERS: usize = 100_000;

/// Returns the player count of random game `index`: 2..=6 in turn.
pub(super) fn players_of(index: u64) -> usize {
    2 + (index % 5) as usize
}

/// Plays random game `index` of `master` with uniformly random answers; calls `check` on
/// the state after setup and after every answer, and returns the final state.
///
/// The game's seed comes from [`game_seed`]; setup and die rolls draw from its
/// [`Stream::Chance`] rng and the answers from a separate rng, so a failure names a game
/// that replays exactly.
pub(super) fn play(
    game: &ArcticRace,
    master: u64,
    index: u64,
    mut check: impl FnMut(&ArcticRace, &State),
) -> State {
    let seed = game_seed(master, index);
    let mut chance = stream_rng(seed, Stream::Chance);
    let mut choices = stream_rng(seed, Stream::Bot(0));
    let mut st = game.new_game(players_of(index), &mut chance);
    check(game, &st);
    let mut count = 0;
    while game.to_act(&st).is_some() {
        let answer = random_answer(game, &st, &mut choices);
        game.apply(&mut st, answer, &mut chance);
        check(game, &st);
        count += 1;
        assert!(count < MAX_ANSWERS, "game {index} does not end");
    }
    st
}

/// Returns how many tiles of each kind the rules' tile set holds.
fn tile_set(rules: &Rules) -> Vec<usize> {
    let mut counts = vec![0; rules.tile_kinds.len()];
    for &k in &rules.tile_set {
        counts[k as usize] += 1;
    }
    counts
}

/// Checks that `st` holds every seat's five cards (each in one place) and five racers, and
/// the whole tile set; `what` names the state in failure messages.
pub(super) fn assert_conserved(st: &State, rules: &Rules, what: &str) {
    let (cards, racers, tiles) = st.census(rules);
    for s in 0..st.players() {
        assert_eq!(cards[s], CARDS, "{what}: seat {s} cards");
        assert_eq!(racers[s], RACERS, "{what}: seat {s} racers");
    }
    assert_eq!(tiles, tile_set(rules), "{what}: tiles per kind");
}

/// Returns an rng whose next die rolls show `rolls`, in order.
pub(super) fn rng_rolling(rolls: &[Die]) -> FloeRng {
    (0u64..)
        .map(|seed| stream_rng(seed, Stream::Chance))
        .find(|rng| {
            let mut probe = rng.clone();
            rolls
                .iter()
                .all(|d| probe.random_range(0..6u8) == d.index())
        })
        .expect("some seed rolls the wanted faces")
}

/// Checks that `events` hold exactly as many die rolls as `rolls`.
fn assert_rolled(events: &[Event], rolls: &[Die]) {
    let rolls_seen = events
        .iter()
        .filter(|e| matches!(e, Event::Rolled { .. }))
        .count();
    assert_eq!(rolls_seen, rolls.len(), "die rolls: {events:?}");
}

/// A game in progress: the rules, the state, and the answers played through the
/// [`Game`] trait.
pub(super) struct Table {
    pub(super) game: ArcticRace,
    pub(super) st: State,
}

impl Table {
    /// Plays `st` under the classic rules.
    pub(super) fn new(st: State) -> Table {
        Table { game: game(), st }
    }

    /// Plays `st` under `rules`.
    pub(super) fn with_rules(rules: Rules, st: State) -> Table {
        Table {
            game: ArcticRace::new(rules),
            st,
        }
    }

    /// Plays `st` under the classic rules, every seat `s` having committed `by_seat[s]`
    /// (see [`Table::commit`]): most rule tests start from a round's reveals.
    pub(super) fn committed(st: State, by_seat: &[Card]) -> Table {
        let mut t = Table::new(st);
        t.commit(by_seat);
        t
    }

    /// Returns the answers to the pending question.
    pub(super) fn legal(&self) -> Vec<Action> {
        let mut out = ActionList::new();
        self.game.legal_actions(&self.st, &mut out);
        out.to_vec()
    }

    /// Returns the seat to answer the pending question (`None` once the game is over).
    pub(super) fn to_act(&self) -> Option<Seat> {
        self.game.to_act(&self.st)
    }

    /// Returns where racer `n` of `seat` is.
    pub(super) fn pos(&self, seat: Seat, n: u8) -> Position {
        self.st.position(seat, r(n))
    }

    /// Returns where each racer `(seat, n)` of `racers` is, in order: one check for every
    /// racer a rule moves.
    pub(super) fn positions(&self, racers: &[(Seat, u8)]) -> Vec<Position> {
        racers.iter().map(|&(seat, n)| self.pos(seat, n)).collect()
    }

    /// Answers `action` with a die that shows `rolls`; returns the events logged, the
    /// engine's own answers to one-answer questions included.
    pub(super) fn answer_rolling(&mut self, action: Action, rolls: &[Die]) -> Vec<Event> {
        let events = self.answer_with(action, &mut rng_rolling(rolls));
        assert_rolled(&events, rolls);
        events
    }

    /// Answers `action`, which must roll no die; returns the events logged.
    pub(super) fn answer(&mut self, action: Action) -> Vec<Event> {
        let events = self.answer_with(action, &mut stream_rng(0, Stream::Chance));
        assert!(
            !events.iter().any(|e| matches!(e, Event::Rolled { .. })),
            "a die was rolled: use answer_rolling to choose its faces: {events:?}"
        );
        events
    }

    fn answer_with(&mut self, action: Action, rng: &mut FloeRng) -> Vec<Event> {
        assert!(
            self.legal().contains(&action),
            "{action:?} is not among the answers {:?}",
            self.legal()
        );
        let mut events = Vec::new();
        self.game
            .apply_logged(&mut self.st, action, rng, &mut |e| events.push(e));
        self.check_occupancy();
        events
    }

    /// Answers, in turn, the action of each event of `log` that is a seat's own answer (not
    /// the engine's), none of which may roll a die; checks that each answer logs exactly
    /// its part of `log`, up to the next such event. A rule test sets up its situation,
    /// then states the whole log it expects, answers included.
    pub(super) fn plays(&mut self, log: &[Event]) {
        self.plays_case("the answers", &[], log);
    }

    /// Like [`Table::plays`], with a die that shows `rolls` over all the answers.
    pub(super) fn plays_rolling(&mut self, rolls: &[Die], log: &[Event]) {
        self.plays_case("the answers", rolls, log);
    }

    /// Like [`Table::plays_rolling`] for case `case` of a table-driven test, which a
    /// failure names.
    pub(super) fn plays_case(&mut self, case: &str, rolls: &[Die], log: &[Event]) {
        let answers: Vec<(usize, Action)> = (log.iter().enumerate())
            .filter_map(|(i, e)| match *e {
                Event::Answered {
                    action,
                    forced: false,
                    ..
                } => Some((i, action)),
                _ => None,
            })
            .collect();
        assert_eq!(
            answers.first().map(|&(i, _)| i),
            Some(0),
            "{case}: a log starts with a seat's own answer: {log:?}"
        );
        let mut rng = rng_rolling(rolls);
        let mut events = Vec::new();
        for (k, &(start, action)) in answers.iter().enumerate() {
            let end = answers.get(k + 1).map_or(log.len(), |&(i, _)| i);
            let logged = self.answer_with(action, &mut rng);
            assert_eq!(logged, log[start..end], "{case}: answer {action:?}");
            events.extend(logged);
        }
        assert_rolled(&events, rolls);
    }

    /// Commits `by_seat[s]` for every seat `s`, in the round's order, until no commit
    /// question is pending; returns the events of all those answers.
    pub(super) fn commit(&mut self, by_seat: &[Card]) -> Vec<Event> {
        self.commit_rolling(by_seat, &[])
    }

    /// Like [`Table::commit`], with a die that shows `rolls` (for a chain that the
    /// engine starts on its own after the last commit).
    pub(super) fn commit_rolling(&mut self, by_seat: &[Card], rolls: &[Die]) -> Vec<Event> {
        assert_eq!(by_seat.len(), self.st.players(), "one card per seat");
        let mut rng = rng_rolling(rolls);
        let mut events: Vec<Event> = Vec::new();
        while self.st.phase == Phase::Commit {
            let seat = self.to_act().expect("a commit is pending");
            events.extend(self.answer_with(Action::Commit(by_seat[seat.index()]), &mut rng));
        }
        assert_rolled(&events, rolls);
        events
    }

    /// Returns the tile kind in each river slot, slot 0 first (`None` = open water).
    pub(super) fn river(&self) -> [Option<u8>; 5] {
        std::array::from_fn(|slot| self.st.slot(slot))
    }

    /// Returns the outcome of the game, which must be over.
    pub(super) fn outcome(&self) -> Outcome {
        self.game.outcome(&self.st).expect("the game is over")
    }

    /// Returns the name of the cause that ended the game, which must be over.
    pub(super) fn end_cause_name(&self) -> &'static str {
        self.game.end_causes()[self.outcome().end_cause as usize]
    }

    /// Checks that the occupancy mask agrees with the racers' positions.
    fn check_occupancy(&self) {
        let mut fresh = self.st.clone();
        fresh.rebuild_occupancy();
        assert_eq!(
            self.st.occupied, fresh.occupied,
            "occupancy mask out of date"
        );
    }
}

#[test]
fn the_tile_kind_constants_name_the_classic_faces() {
    use Icon::*;
    let rules = Rules::classic();
    let expected = [
        (PLUS1, [Blank, Plus(1), Blank]),
        (PLUS2, [Blank, Plus(2), Blank]),
        (PLUS3, [Plus(3), Blank, Blank]),
        (DIE, [Blank, Die, Blank]),
        (ARROW, [Arrow, Blank, Blank]),
        (START, [Blank, Blank, Start]),
        (HAND, [Hand, Blank, Blank]),
        (BLANK, [Blank, Blank, Blank]),
    ];
    for (kind, faces) in expected {
        assert_eq!(rules.tile_faces(kind), faces, "tile kind {kind}");
    }
}

#[test]
fn the_die_helper_shows_the_wanted_faces() {
    let rolls = [Die::Shows(3), Die::Black, Die::Shows(1)];
    let mut rng = rng_rolling(&rolls);
    let drawn: Vec<u8> = (0..3).map(|_| rng.random_range(0..6u8)).collect();
    assert_eq!(drawn, vec![2, 5, 0]);
}
