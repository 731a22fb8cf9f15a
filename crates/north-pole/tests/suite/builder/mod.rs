//! A small builder of exact positions for the Rules tests: pawns, the bear, holes,
//! igloos, face-down discs, discs held, the cards of each side, the draw pile, the storm
//! pile, the stack, the top board's rotation and the disc's orientation, all set **by
//! square name in the table frame** (as the rules page writes positions); then the
//! pending question set and answered step by step through the engine.
//!
//! The builder starts from a real deal ([`Table::new`]: `random_start` off, so rotation 0
//! and orientation 0) and clears the board: every pawn in play on its ship, no disc held.
//! Cards are only ever moved from one place to another, so the 110 cards stay accounted
//! for; discs the position does not place are counted as out of the game (`spent`), so
//! the 32 discs stay accounted for too.

#![allow(dead_code)]

use floe_core::{ActionList, FloeRng, Game, Outcome, Stream, stream_rng};
use north_pole::board::{Name, Square, bit, parse_square, squares, turn};
use north_pole::{
    Action, Actor, Disc, Event, Mode, Movement, NorthPole, Phase, Place, Play, Rules, State,
    StormColour,
};

/// Returns the square named `name` (`"d4"`).
pub fn sq(name: &str) -> Square {
    parse_square(name).unwrap_or_else(|| panic!("{name} is no square"))
}

/// Returns the name of square `s`.
pub fn name(s: Square) -> String {
    Name(s).to_string()
}

/// Returns the D3c answer for the square named `name`.
pub fn to(name: &str) -> Action {
    Action::To(sq(name))
}

/// Returns the D3c answers for the squares named in `names`, in the order given.
pub fn tos(names: &[&str]) -> Vec<Action> {
    names.iter().map(|n| to(n)).collect()
}

/// Returns the id of the `nth` card (from 0) of the standard deck with this movement,
/// mode and storm colour.
pub fn card_of(movement: Movement, mode: Mode, colour: StormColour, nth: usize) -> u8 {
    let rules = Rules::standard();
    (0..rules.card_count() as u8)
        .filter(|&id| {
            let c = rules.card(id);
            c.movement == movement && c.mode == mode && c.colour == colour
        })
        .nth(nth)
        .unwrap_or_else(|| panic!("no card {movement:?} {mode:?} {colour:?} number {nth}"))
}

/// A position being laid out, then played through the engine.
#[derive(Clone)]
pub struct Table {
    /// The game and its rules.
    pub game: NorthPole,
    /// The position.
    pub st: State,
    /// The chance stream (reshuffles).
    pub rng: FloeRng,
    /// Every event logged since the position was built.
    pub log: Vec<Event>,
}

impl Table {
    /// Returns a cleared table of `players` seats under the page's rules (rotation 0,
    /// orientation 0).
    pub fn new(players: usize) -> Table {
        Table::with_rules(players, Rules::standard())
    }

    /// Returns a cleared table of `players` seats under `rules` (`random_start` is turned
    /// off): the cards as dealt, the stack, corner and scoreboard discs as dealt, every
    /// pawn in play on its ship, the pre-placed ones on the scoreboard, no disc held, no
    /// bear, no hole. Seat 0 is to act, at its D1.
    pub fn with_rules(players: usize, mut rules: Rules) -> Table {
        rules.random_start = false;
        let game = NorthPole::new(rules);
        let mut rng = stream_rng(7, Stream::Chance);
        let mut st = game.new_game(players, &mut rng);
        for p in &mut st.seats[..players] {
            for i in 0..p.pawns().len() {
                if let Place::Board(_) = p.pawns()[i] {
                    p.set_pawn(i, Place::Ship);
                }
                p.set_igloo(i, false);
            }
            p.held = Default::default();
            p.packs.clear();
        }
        st.bear = None;
        st.holes = 0;
        let mut t = Table {
            game,
            st,
            rng,
            log: Vec::new(),
        };
        t.balance_discs();
        t
    }

    // ----- frames -----

    /// Returns the top-board square under table square `name` now.
    pub fn top(&self, name: &str) -> Square {
        turn(sq(name), 4 - self.st.rotation)
    }

    /// Returns the table square over top square `top` now.
    pub fn table(&self, top: Square) -> Square {
        turn(top, self.st.rotation)
    }

    /// Returns the group index of table side `side` (0 S, 1 W, 2 N, 3 E) now.
    fn group(&self, side: u8) -> usize {
        self.st.group_of(side)
    }

    // ----- cards -----

    /// Takes card `id` from wherever it is (a group, a pile, a Backpack).
    fn take(&mut self, id: u8) {
        let st = &mut self.st;
        for g in &mut st.groups {
            if let Some(i) = g.iter().position(|&c| c == id) {
                g.remove(i);
                return;
            }
        }
        if let Some(i) = st.draw.iter().position(|&c| c == id) {
            st.draw.remove(i);
            return;
        }
        if st.discard & (1 << id) != 0 {
            st.discard &= !(1 << id);
            return;
        }
        if st.storm & (1 << id) != 0 {
            st.storm &= !(1 << id);
            st.storm_total -= u16::from(self.game.rules().card(id).points);
            return;
        }
        for p in &mut st.seats {
            if let Some(i) = p.packs.iter().position(|&c| c == id) {
                p.packs.remove(i);
                p.held[Disc::Backpack.index()] -= 1;
                return;
            }
        }
        panic!("card {id} is nowhere");
    }

    /// Puts exactly `ids` on table side `side` (0 S, 1 W, 2 N, 3 E); the cards it held go
    /// to the bottom of the draw pile.
    pub fn cards(&mut self, side: u8, ids: &[u8]) -> &mut Self {
        let g = self.group(side);
        for c in std::mem::take(&mut self.st.groups[g]) {
            self.st.draw.insert(0, c);
        }
        for &id in ids {
            self.take(id);
            self.st.groups[g].push(id);
        }
        self
    }

    /// Puts `ids` on top of the draw pile, the last one on top.
    pub fn draw_top(&mut self, ids: &[u8]) -> &mut Self {
        for &id in ids {
            self.take(id);
            self.st.draw.push(id);
        }
        self
    }

    /// Makes the storm pile exactly `ids` (its old cards to the bottom of the draw pile).
    pub fn storm_pile(&mut self, ids: &[u8]) -> &mut Self {
        let old = self.st.storm;
        for id in (0..128u8).filter(|&i| old & (1 << i) != 0) {
            self.take(id);
            self.st.draw.insert(0, id);
        }
        for &id in ids {
            self.take(id);
            self.st.storm |= 1 << id;
            self.st.storm_total += u16::from(self.game.rules().card(id).points);
        }
        self
    }

    /// Puts card `id` into a full Backpack of `seat` (the Backpack disc comes with it).
    pub fn pack(&mut self, seat: usize, id: u8) -> &mut Self {
        self.take(id);
        let p = &mut self.st.seats[seat];
        p.packs.push(id);
        p.held[Disc::Backpack.index()] += 1;
        self.balance_discs();
        self
    }

    // ----- pieces -----

    /// Takes one of `seat`'s pawns off its ship, for `place`.
    fn off_ship(&mut self, seat: usize, place: Place) -> usize {
        let p = &mut self.st.seats[seat];
        let i = p
            .pawns()
            .iter()
            .position(|&x| x == Place::Ship)
            .unwrap_or_else(|| panic!("seat {seat} has no pawn left on its ship"));
        p.set_pawn(i, place);
        i
    }

    /// Puts a pawn of `seat` from its ship onto table square `name`.
    pub fn pawn(&mut self, seat: usize, name: &str) -> &mut Self {
        let top = self.top(name);
        self.off_ship(seat, Place::Board(top));
        self
    }

    /// Puts a pawn of `seat` from its ship onto table square `name`, in an igloo.
    pub fn igloo_pawn(&mut self, seat: usize, name: &str) -> &mut Self {
        let top = self.top(name);
        let i = self.off_ship(seat, Place::Board(top));
        self.st.seats[seat].set_igloo(i, true);
        self.balance_discs();
        self
    }

    /// Puts a pawn of `seat` from its ship onto the scoreboard (it reached the Pole).
    pub fn pole_pawn(&mut self, seat: usize) -> &mut Self {
        self.off_ship(seat, Place::Pole);
        self
    }

    /// Puts the polar bear on table square `name`.
    pub fn bear(&mut self, name: &str) -> &mut Self {
        self.st.bear = Some(self.top(name));
        self
    }

    /// Makes a hole on table square `name`.
    pub fn hole(&mut self, name: &str) -> &mut Self {
        self.st.holes |= bit(self.top(name));
        self
    }

    // ----- discs -----

    /// Sets the discs `seat` holds (no Backpack full).
    pub fn held(&mut self, seat: usize, discs: &[Disc]) -> &mut Self {
        let p = &mut self.st.seats[seat];
        p.held = Default::default();
        p.packs.clear();
        for d in discs {
            p.held[d.index()] += 1;
        }
        self.balance_discs();
        self
    }

    /// Makes the stack exactly `discs`, the last one on top.
    pub fn stack(&mut self, discs: &[Disc]) -> &mut Self {
        self.st.stack.clear();
        self.st.stack.extend(discs.iter().copied());
        self.balance_discs();
        self
    }

    /// Puts face-down disc `disc` on table square `name` (`None`: takes it away).
    pub fn face_down(&mut self, name: &str, disc: Option<Disc>) -> &mut Self {
        let top = self.top(name);
        self.st.corner_discs.retain(|&mut (s, _)| s != top);
        if let Some(d) = disc {
            self.st.corner_discs.push((top, d));
        }
        self.balance_discs();
        self
    }

    /// Sets the face-down disc on the scoreboard.
    pub fn scoreboard_disc(&mut self, disc: Option<Disc>) -> &mut Self {
        self.st.scoreboard_disc = disc;
        self.balance_discs();
        self
    }

    /// Counts every disc the position does not place as out of the game, so that the box's
    /// discs stay accounted for.
    fn balance_discs(&mut self) {
        let st = &self.st;
        let mut placed = st.corner_discs.len()
            + usize::from(st.scoreboard_disc.is_some())
            + st.stack.len()
            + st.removed.len();
        for p in &st.seats[..st.players()] {
            placed += usize::from(p.discs()) + p.igloos().count_ones() as usize;
        }
        let total = self.game.rules().masks.total();
        assert!(
            placed <= total,
            "the position places {placed} discs, the box has {total}"
        );
        self.st.spent = (total - placed) as u8;
    }

    // ----- the board -----

    /// Turns the top board to `r` clockwise quarter turns, keeping every piece, hole,
    /// face-down disc and card group where it is on the table.
    pub fn rotation(&mut self, r: u8) -> &mut Self {
        let q = (self.st.rotation + 4 - r) % 4;
        let st = &mut self.st;
        for p in &mut st.seats {
            for i in 0..p.pawns().len() {
                if let Place::Board(s) = p.pawns()[i] {
                    p.set_pawn(i, Place::Board(turn(s, q)));
                }
            }
        }
        st.bear = st.bear.map(|s| turn(s, q));
        st.holes = squares(st.holes).fold(0, |a, s| a | bit(turn(s, q)));
        for (s, _) in &mut st.corner_discs {
            *s = turn(*s, q);
        }
        let old = st.groups.clone();
        for (g, group) in st.groups.iter_mut().enumerate() {
            *group = old[(g + 4 - usize::from(q)) % 4].clone();
        }
        st.rotation = r;
        self
    }

    /// Sets the North Pole disc's orientation.
    pub fn orientation(&mut self, o: u8) -> &mut Self {
        self.st.orientation = o;
        self
    }

    // ----- the question -----

    /// Sets the pending question: `seat` to answer `phase`.
    pub fn ask(&mut self, seat: usize, phase: Phase) -> &mut Self {
        self.st.seat = seat as u8;
        self.st.phase = phase;
        self
    }

    /// Sets D3c (the target) for `seat`'s play of card `id` with its pawn on table square
    /// `actor` (outside an igloo; `"bear"` for the bear). The card is put on `seat`'s side
    /// if it is not there already.
    pub fn target(&mut self, seat: usize, id: u8, actor: &str) -> &mut Self {
        self.on_side(seat, id);
        let actor = if actor == "bear" {
            Actor::Bear
        } else {
            Actor::Pawn(self.top(actor), false)
        };
        self.st.play = Play {
            card: id,
            from_pack: false,
            pinched: None,
            actor,
        };
        self.ask(seat, Phase::Target)
    }

    /// Puts card `id` on `seat`'s side unless it is there already; on a full side it takes
    /// the place of the side's first card, which goes to the bottom of the draw pile.
    pub fn on_side(&mut self, seat: usize, id: u8) -> &mut Self {
        let side = self.side_of(seat);
        let g = self.group(side);
        if !self.st.groups[g].contains(&id) {
            self.take(id);
            if self.st.groups[g].len() >= usize::from(self.game.rules().hand_size) {
                let out = self.st.groups[g].remove(0);
                self.st.draw.insert(0, out);
            }
            self.st.groups[g].push(id);
        }
        self
    }

    /// Starts `seat`'s turn through the engine: the seat before it ends its turn (D7 answered
    /// `none`; its side is first filled from the bottom of the draw pile), and the engine starts `seat`'s turn and
    /// answers every question with one answer, up to the first with a choice.
    pub fn start_turn(&mut self, seat: usize) -> &mut Self {
        let players = self.st.players();
        let before = (seat + players - 1) % players;
        // That seat's side is filled first from the bottom of the draw pile, so that its
        // step 8 leaves the top of the draw pile as the position laid it.
        let g = self.group(self.side_of(before));
        while self.st.groups[g].len() < usize::from(self.game.rules().hand_size) {
            let c = self.st.draw.remove(0);
            self.st.groups[g].push(c);
        }
        let from = self.log.len();
        self.ask(before, Phase::Store).answer(Action::NoStore);
        let started = self.log[from..]
            .iter()
            .any(|e| matches!(e, Event::TurnStarts { seat: s, .. } if s.index() == seat));
        assert!(started, "seat {seat}'s turn has started");
        self
    }

    /// Answers every pending question with exactly one answer, as the engine does.
    pub fn settle(&mut self) -> &mut Self {
        loop {
            let answers = self.answers();
            if answers.len() != 1 {
                return self;
            }
            self.answer(answers[0]);
        }
    }

    /// Returns the answers to the pending question, in the engine's order.
    pub fn answers(&self) -> Vec<Action> {
        let mut out = ActionList::new();
        self.game.legal_actions(&self.st, &mut out);
        out.to_vec()
    }

    /// Answers `action` (which must be offered) and plays on to the next question with a
    /// choice.
    pub fn answer(&mut self, action: Action) -> &mut Self {
        let mut answers = ActionList::new();
        let log = &mut self.log;
        self.game
            .try_advance(
                &mut self.st,
                action,
                &mut self.rng,
                &mut answers,
                &mut |e| log.push(e),
            )
            .unwrap_or_else(|e| panic!("{action} is not offered: {e:?}"));
        self
    }

    /// Returns the answer playing card `id` from the side (D3).
    pub fn card(&self, id: u8) -> Action {
        Action::Card(self.game.card_ref(id))
    }

    // ----- reading the position -----

    /// Returns the table side of `seat`.
    pub fn side_of(&self, seat: usize) -> u8 {
        self.game.rules().side(self.st.players(), seat)
    }

    /// Returns the cards on table side `side` now.
    pub fn side_cards(&self, side: u8) -> Vec<u8> {
        self.st.groups[self.group(side)].to_vec()
    }

    /// Returns the table squares of `seat`'s pawns on the board, sorted by name.
    pub fn pawns_of(&self, seat: usize) -> Vec<String> {
        let mut out: Vec<String> = self.st.seats[seat]
            .pawns()
            .iter()
            .filter_map(|p| match *p {
                Place::Board(s) => Some(name(self.table(s))),
                _ => None,
            })
            .collect();
        out.sort();
        out
    }

    /// Returns how many of `seat`'s pawns are on its ship and on the scoreboard.
    pub fn ship_and_pole(&self, seat: usize) -> (u8, u8) {
        let p = &self.st.seats[seat];
        (p.on_ship(), p.at_pole())
    }

    /// Returns the bear's table square.
    pub fn bear_at(&self) -> Option<String> {
        self.st.bear.map(|s| name(self.table(s)))
    }

    /// Returns the table squares with a hole, by index.
    pub fn holes_at(&self) -> Vec<String> {
        let mut s: Vec<Square> = squares(self.st.holes).map(|s| self.table(s)).collect();
        s.sort_unstable();
        s.into_iter().map(name).collect()
    }

    /// Returns how many discs of type `disc` `seat` holds.
    pub fn holds(&self, seat: usize, disc: Disc) -> u8 {
        self.st.seats[seat].has(disc)
    }

    /// Returns the storm pile's cards, by id.
    pub fn storm_cards(&self) -> Vec<u8> {
        (0..128u8)
            .filter(|&i| self.st.storm & (1 << i) != 0)
            .collect()
    }

    /// Returns whether card `id` is on the discard pile.
    pub fn discarded(&self, id: u8) -> bool {
        self.st.discard & (1 << id) != 0
    }

    /// Returns the events logged so far that `keep` selects.
    pub fn events(&self, keep: impl Fn(&Event) -> bool) -> Vec<Event> {
        self.log.iter().copied().filter(|e| keep(e)).collect()
    }

    /// Returns the storms logged so far.
    pub fn storms(&self) -> Vec<Event> {
        self.events(|e| matches!(e, Event::Storm { .. }))
    }

    /// Returns the outcome of the finished game.
    pub fn outcome(&self) -> Outcome {
        self.game.outcome(&self.st).expect("the game is over")
    }

    /// Checks that the 110 cards and the 32 discs are all accounted for.
    pub fn check_counts(&self) {
        let st = &self.st;
        let mut cards = st.draw.len() as u32 + st.discard.count_ones() + st.storm.count_ones();
        cards += st.groups.iter().map(|g| g.len() as u32).sum::<u32>();
        let mut discs = u32::from(st.spent)
            + st.corner_discs.len() as u32
            + u32::from(st.scoreboard_disc.is_some())
            + st.stack.len() as u32
            + st.removed.len() as u32;
        for p in &st.seats[..st.players()] {
            cards += p.packs.len() as u32;
            discs += u32::from(p.discs()) + p.igloos().count_ones();
        }
        assert_eq!(cards as usize, self.game.rules().card_count(), "cards");
        assert_eq!(discs as usize, self.game.rules().masks.total(), "discs");
    }
}
