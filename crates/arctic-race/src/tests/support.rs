//! Helpers shared by the rule tests: seats, racers, the classic tile kinds, event
//! constructors, a die that shows chosen faces, and a [`Table`] that plays answers
//! through the [`Game`] trait and records what happened.

use floe_core::{ActionList, FloeRng, Game, Seat, Stream, stream_rng};
use rand::RngExt;

use crate::ArcticRace;
use crate::event::{Event, TileView};
use crate::pieces::{Action, Card, CardSet, Icon, Racer};
use crate::rules::Rules;
use crate::state::{Position, State};

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

/// `seat` answered `action` itself.
pub(super) fn answered(seat: Seat, action: Action) -> Event {
    Event::Answered {
        seat,
        action,
        forced: false,
    }
}

/// The engine answered `action` for `seat` (the only answer).
pub(super) fn forced(seat: Seat, action: Action) -> Event {
    Event::Answered {
        seat,
        action,
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

    /// Returns the answers to the pending question.
    pub(super) fn legal(&self) -> Vec<Action> {
        let mut out = ActionList::new();
        self.game.legal_actions(&self.st, &mut out);
        out.to_vec()
    }

    /// Returns where racer `n` of `seat` is.
    pub(super) fn pos(&self, seat: Seat, n: u8) -> Position {
        self.st.position(seat, r(n))
    }

    /// Answers `action` with a die that shows `rolls`; returns the events logged, the
    /// engine's own answers to one-answer questions included.
    pub(super) fn answer_rolling(&mut self, action: Action, rolls: &[Die]) -> Vec<Event> {
        let mut rng = rng_rolling(rolls);
        let events = self.answer_with(action, &mut rng);
        let rolls_seen = events
            .iter()
            .filter(|e| matches!(e, Event::Rolled { .. }))
            .count();
        assert_eq!(rolls_seen, rolls.len(), "die rolls: {events:?}");
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
        while self.st.phase == crate::state::Phase::Commit {
            let seat = self.game.to_act(&self.st).expect("a commit is pending");
            events.extend(self.answer_with(Action::Commit(by_seat[seat.index()]), &mut rng));
        }
        let rolls_seen = events
            .iter()
            .filter(|e| matches!(e, Event::Rolled { .. }))
            .count();
        assert_eq!(rolls_seen, rolls.len(), "die rolls: {events:?}");
        events
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
