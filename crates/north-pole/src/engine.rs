//! The turn: setup, the questions of the Decisions table in the order of *A turn*, and
//! everything the engine does itself (spending equipment, hazards, storms, refills).
//!
//! A question is a [`Phase`]; [`NorthPole::list`] lists its answers in the page's order
//! and [`NorthPole::answer`] carries one out and moves on to the next question, running
//! the automatic steps on the way. [`NorthPole::settle`] answers every question that has
//! one answer, so a caller only ever sees questions with a choice.

use arrayvec::ArrayVec;
use floe_core::{ActionList, FloeRng, Seat};
use rand::RngExt;
use rand::seq::SliceRandom;

use crate::action::{Action, CardRef};
use crate::board::{Bits, Square, bit, squares, turn, turn_bits};
use crate::deck::{Card, DISCS, Disc, EQUIPMENT, MAX_CARDS, Movement};
use crate::ending::{POLE_REACHED, ROUND_LIMIT};
use crate::event::{DiscSource, Event, Piece, StormCause};
use crate::moves::{Board, Gear, Reach, Steps};
use crate::rules::{HazardDirection, MAX_PLAYERS, Rules, TeamAssignment};
use crate::state::{
    Actor, AfterFree, MAX_DISCS, MAX_PACKS, PAWNS, Phase, Place, Play, Player, State, Tally,
};

/// Returns `cards`, distinct card ids, in id order (by their set, with no sort).
pub(crate) fn in_id_order(cards: &[u8]) -> impl Iterator<Item = u8> + use<> {
    ids(cards.iter().fold(0, |set, &c| set | 1 << c))
}

/// Race to the North Pole under one set of rules.
#[derive(Clone, Debug)]
pub struct NorthPole {
    pub(crate) rules: Rules,
}

/// Returns the set of card ids as a list in id order.
fn ids(mut set: u128) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        let id = set.trailing_zeros() as u8;
        set &= set.checked_sub(1)?;
        Some(id)
    })
}

impl NorthPole {
    /// Returns the game under `rules`.
    pub fn new(rules: Rules) -> NorthPole {
        NorthPole { rules }
    }

    /// Returns the game under the page's rules.
    pub fn standard() -> NorthPole {
        NorthPole::new(Rules::standard())
    }

    /// Returns the reference an answer uses for card `id`.
    pub fn card_ref(&self, id: u8) -> CardRef {
        CardRef::new(id, self.rules.card(id))
    }

    /// Returns the table side of the seat to play.
    pub(crate) fn side(&self, st: &State) -> u8 {
        self.rules.side(st.players(), usize::from(st.seat))
    }

    /// Returns the group index of the seat to play's cards.
    fn own_group(&self, st: &State) -> usize {
        st.group_of(self.side(st))
    }

    /// Sets up a game for `players` seats (the page's *Setup*).
    pub(crate) fn deal(
        &self,
        players: usize,
        rng: &mut FloeRng,
        log: &mut impl FnMut(Event),
    ) -> State {
        let r = &self.rules;
        let (rotation, orientation) = if r.random_start {
            (rng.random_range(0..4u8), rng.random_range(0..4u8))
        } else {
            (0, 0)
        };
        let mut deck: ArrayVec<u8, MAX_CARDS> = (0..r.card_count() as u8).collect();
        deck.shuffle(rng);
        let mut st = self.fresh_state(players, (rotation, orientation), deck);
        for side in 0..4u8 {
            let g = st.group_of(side);
            for _ in 0..r.hand_size {
                let card = st
                    .draw
                    .pop()
                    .expect("the loader keeps the deck large enough");
                st.groups[g].push(card);
            }
        }
        self.deal_boards(&mut st, players, rng);
        self.deal_discs(&mut st, rng);
        self.start_turn(&mut st, log);
        st
    }

    /// The state before anything is dealt: `deck` as the draw pile, every pawn at the Pole
    /// (those in play go to their ships when the boards are dealt).
    fn fresh_state(
        &self,
        players: usize,
        (rotation, orientation): (u8, u8),
        deck: ArrayVec<u8, MAX_CARDS>,
    ) -> State {
        let r = &self.rules;
        State {
            players: players as u8,
            seat: 0,
            round: 0,
            phase: Phase::Travel,
            rotation,
            orientation,
            seats: Default::default(),
            bear: None,
            holes: 0,
            groups: Default::default(),
            draw: deck,
            discard: 0,
            storm: 0,
            storm_total: 0,
            corner_discs: ArrayVec::new(),
            scoreboard_disc: None,
            stack: ArrayVec::new(),
            removed: ArrayVec::new(),
            spent: r.masks.blanks,
            redrawn: false,
            redraw_allowed: false,
            turn_opening: true,
            play: Play {
                card: 0,
                from_pack: false,
                pinched: None,
                actor: Actor::Bear,
            },
            end_cause: 0,
            tally: Tally::default(),
        }
    }

    /// Deals each seat its team board (at random, or as the rules fix them) with its brown
    /// discs, and puts its pawns in play on its ship; every other brown disc leaves the
    /// game.
    fn deal_boards(&self, st: &mut State, players: usize, rng: &mut FloeRng) {
        let r = &self.rules;
        let mut boards: [u8; 8] = std::array::from_fn(|i| i as u8);
        let boards = match &r.team_assignment {
            TeamAssignment::Random => {
                let all = &mut boards[..r.team_boards.len()];
                all.shuffle(rng);
                let mut out = [0; MAX_PLAYERS];
                out[..players].copy_from_slice(&all[..players]);
                out
            }
            TeamAssignment::Fixed(fixed) => *fixed,
        };
        let mut brown = r.masks.counts.map(|c| c.brown);
        for (player, &board) in st.seats[..players].iter_mut().zip(&boards) {
            player.board = board;
            for disc in r.team_boards[usize::from(board)] {
                player.held[disc.index()] += 1;
                brown[disc.index()] -= 1;
            }
            let in_play = r.pawns_in_play(players);
            for i in 0..usize::from(in_play) {
                player.set_pawn(i, Place::Ship);
            }
        }
        st.spent += brown.iter().sum::<u8>();
    }

    /// Deals the green discs face down, one on each corner and on the scoreboard, and the
    /// rest with the blue ones into the stack; the remainder leave the game unseen.
    fn deal_discs(&self, st: &mut State, rng: &mut FloeRng) {
        let r = &self.rules;
        let mut green: ArrayVec<Disc, MAX_DISCS> = ArrayVec::new();
        let mut blue: ArrayVec<Disc, MAX_DISCS> = ArrayVec::new();
        for d in DISCS {
            let c = r.masks.counts[d.index()];
            green.extend(std::iter::repeat_n(d, usize::from(c.green)));
            blue.extend(std::iter::repeat_n(d, usize::from(c.blue)));
        }
        green.shuffle(rng);
        for corner in squares(r.geo.corners) {
            st.corner_discs
                .push((corner, green.pop().expect("the loader checks the greens")));
        }
        if r.scoreboard_mask {
            st.scoreboard_disc = green.pop();
        }
        green.extend(blue.iter().copied());
        green.shuffle(rng);
        for _ in 0..r.stack_size {
            st.stack
                .push(green.pop().expect("the loader checks the stack"));
        }
        st.removed.extend(green);
    }

    // ----- the turn, step by step -----

    fn start_turn(&self, st: &mut State, log: &mut impl FnMut(Event)) {
        st.tally.turns += 1;
        st.redrawn = false;
        st.turn_opening = true;
        log(Event::TurnStarts {
            seat: Seat(st.seat),
            side: self.side(st),
            round: st.round + 1,
        });
        if st.seats[usize::from(st.seat)].on_ship() > 0 {
            st.phase = Phase::Travel;
        } else {
            st.phase = Phase::Free(AfterFree::Play);
        }
    }

    fn after_free(
        &self,
        st: &mut State,
        next: AfterFree,
        rng: &mut FloeRng,
        log: &mut impl FnMut(Event),
    ) {
        match next {
            AfterFree::Play => {
                // Step 3: the first play of the turn, the one that may offer a redraw.
                st.redraw_allowed = true;
                st.phase = Phase::Card;
            }
            AfterFree::Husky => self.enter_husky(st, rng, log),
            AfterFree::Store => self.enter_store(st, rng, log),
        }
    }

    fn enter_husky(&self, st: &mut State, rng: &mut FloeRng, log: &mut impl FnMut(Event)) {
        let player = &st.seats[usize::from(st.seat)];
        if player.has(Disc::Husky) > 0 && self.any_play(st, self.gear(player), true) {
            st.phase = Phase::Husky;
        } else {
            self.enter_store(st, rng, log);
        }
    }

    fn enter_store(&self, st: &mut State, rng: &mut FloeRng, log: &mut impl FnMut(Event)) {
        let player = &st.seats[usize::from(st.seat)];
        if player.empty_packs() > 0 && !st.groups[self.own_group(st)].is_empty() {
            st.phase = Phase::Store;
        } else {
            self.end_turn(st, rng, log);
        }
    }

    /// Phase 4: refill P's side, then the next seat (and round) or the round limit.
    fn end_turn(&self, st: &mut State, rng: &mut FloeRng, log: &mut impl FnMut(Event)) {
        let side = self.side(st);
        self.fill(st, side, rng, log);
        st.seat += 1;
        if st.seat == st.players {
            st.seat = 0;
            st.round += 1;
            if st.round >= self.rules.round_limit {
                self.finish(st, ROUND_LIMIT, log);
                return;
            }
        }
        self.start_turn(st, log);
    }

    fn finish(&self, st: &mut State, cause: u8, log: &mut impl FnMut(Event)) {
        st.phase = Phase::Over;
        st.end_cause = cause;
        log(Event::GameOver { cause });
    }

    /// After a play: the weather check, then a free point before the Husky.
    fn after_play(&self, st: &mut State, rng: &mut FloeRng, log: &mut impl FnMut(Event)) {
        let threshold = u16::from(self.rules.threshold(st.players()));
        if st.storm_total >= threshold {
            self.refill(st, rng, log);
            let total = st.storm_total;
            let colour = st.draw.last().map(|&c| self.rules.card(c).colour);
            let quarters = colour.map_or(0, |c| c.quarters());
            self.turn_board(st, quarters, colour, StormCause::Weather(total), log);
            st.discard |= st.storm;
            st.storm = 0;
            st.storm_total = 0;
            self.refill(st, rng, log);
        }
        st.phase = Phase::Free(AfterFree::Husky);
    }

    fn turn_board(
        &self,
        st: &mut State,
        quarters: u8,
        colour: Option<crate::deck::StormColour>,
        cause: StormCause,
        log: &mut impl FnMut(Event),
    ) {
        st.rotation = (st.rotation + quarters) % 4;
        if quarters > 0 {
            st.tally.storms += 1;
        }
        log(Event::Storm {
            quarters,
            colour,
            cause,
        });
    }

    // ----- cards -----

    /// Shuffles the discard pile into a new draw pile when the draw pile is empty.
    fn refill(&self, st: &mut State, rng: &mut FloeRng, log: &mut impl FnMut(Event)) {
        if st.draw.is_empty() && st.discard != 0 {
            st.draw.extend(ids(st.discard));
            st.discard = 0;
            st.draw.shuffle(rng);
            log(Event::Reshuffled {
                cards: st.draw.len() as u8,
            });
        }
    }

    /// Draws onto table side `side` until it holds `hand_size` cards or the piles run out.
    fn fill(&self, st: &mut State, side: u8, rng: &mut FloeRng, log: &mut impl FnMut(Event)) {
        let g = st.group_of(side);
        let mut drawn = 0;
        while st.groups[g].len() < usize::from(self.rules.hand_size) {
            let Some(card) = st.draw.pop() else { break };
            st.groups[g].push(card);
            drawn += 1;
            self.refill(st, rng, log);
        }
        if drawn > 0 {
            log(Event::Drew { side, cards: drawn });
        }
    }

    /// Puts a played card on the storm pile (with points) or the discard pile.
    fn lay(&self, st: &mut State, card: u8) {
        let points = self.rules.card(card).points;
        if points > 0 {
            st.storm |= 1 << card;
            st.storm_total += u16::from(points);
        } else {
            st.discard |= 1 << card;
        }
    }

    /// Takes `card` out of group `g`, which holds it.
    fn take_from_group(st: &mut State, g: usize, card: u8) {
        let group = &mut st.groups[g];
        let i = group.iter().position(|&c| c == card);
        group.remove(i.expect("the group holds the card"));
    }

    /// Takes `card` out of whichever group holds it.
    fn take_from_groups(st: &mut State, card: u8) {
        let g = st.groups.iter().position(|g| g.contains(&card));
        Self::take_from_group(st, g.expect("a group holds the card"), card);
    }

    // ----- discs -----

    pub(crate) fn gear(&self, player: &Player) -> Gear {
        Gear {
            shoes: player.has(Disc::Snowshoes) > 0,
            pick: player.has(Disc::Pickaxe) > 0,
        }
    }

    /// Discards one disc of type `disc` of the seat to play: a Backpack empty if there is
    /// one, else the one filled first (its card to the discard pile).
    fn discard_disc(&self, st: &mut State, disc: Disc, log: &mut impl FnMut(Event)) {
        let seat = usize::from(st.seat);
        let player = &mut st.seats[seat];
        player.held[disc.index()] -= 1;
        if disc == Disc::Backpack && player.packs.len() > usize::from(player.held[disc.index()]) {
            let card = player.packs.remove(0);
            st.discard |= 1 << card;
        }
        st.spent += 1;
        log(Event::Spent {
            seat: Seat(st.seat),
            disc,
        });
    }

    /// The seat to play receives `disc` (Ice masks: *Receiving a disc*). `ambusher` is
    /// the ambushing piece (the pawn's index, or `None` for the bear) and its square, for
    /// the hazards. Returns whether D5 must follow.
    fn receive(
        &self,
        st: &mut State,
        disc: Disc,
        from: DiscSource,
        ambusher: Option<(Option<usize>, Square)>,
        log: &mut impl FnMut(Event),
    ) -> bool {
        let seat = usize::from(st.seat);
        log(Event::Received {
            seat: Seat(st.seat),
            disc,
            from,
        });
        if !disc.is_hazard() {
            st.seats[seat].held[disc.index()] += 1;
            return st.seats[seat].discs() > self.rules.equipment_limit;
        }
        st.spent += 1;
        let (piece, at) = ambusher.expect("hazards come only from the stack, after an ambush");
        let table = |st: &State, s: Square| turn(s, st.rotation);
        match disc {
            Disc::Storm => {
                let (quarters, colour) = match self.rules.storm_hazard_direction {
                    HazardDirection::TopCard => {
                        let colour = st.draw.last().map(|&c| self.rules.card(c).colour);
                        (colour.map_or(0, |c| c.quarters()), colour)
                    }
                    HazardDirection::Fixed(q) => (q, None),
                };
                self.turn_board(st, quarters, colour, StormCause::Disc, log);
            }
            Disc::Hole => {
                match piece {
                    Some(pawn) => {
                        st.seats[seat].set_pawn(pawn, Place::Ship);
                        log(Event::ToShip {
                            seat: Seat(st.seat),
                            from: table(st, at),
                        });
                    }
                    None => st.bear = None,
                }
                st.holes |= bit(at);
                st.tally.holes += 1;
                log(Event::Hole { at: table(st, at) });
            }
            _ => {
                if let Some(pawn) = piece {
                    st.seats[seat].set_pawn(pawn, Place::Ship);
                    log(Event::ToShip {
                        seat: Seat(st.seat),
                        from: table(st, at),
                    });
                }
                st.bear = Some(at);
                st.tally.bears += 1;
                log(Event::BearAppears { at: table(st, at) });
            }
        }
        false
    }

    // ----- plays -----

    /// Returns the face of the card the play in progress moves by (the pinched one for a
    /// Pinch).
    fn moving_card(&self, play: &Play) -> Card {
        self.rules.card(play.pinched.unwrap_or(play.card))
    }

    /// Returns whether `card` starts a legal play for the seat to play taking `steps`: a
    /// moving card with some actor and target; a Pinch with some card of another side.
    fn starts_play(&self, st: &State, steps: &Steps, card: u8) -> bool {
        let face = self.rules.card(card);
        if face.movement == Movement::Pinch {
            let own = self.own_group(st);
            return (0..4).filter(|&g| g != own).any(|g| {
                st.groups[g]
                    .iter()
                    .any(|&c| self.pinchable(c) && steps.moves_some(self.rules.card(c)))
            });
        }
        steps.moves_some(face)
    }

    /// Returns whether a Pinch may name `card`: it has points and is no Pinch.
    fn pinchable(&self, card: u8) -> bool {
        let face = self.rules.card(card);
        face.points > 0 && face.movement != Movement::Pinch
    }

    /// Returns whether the seat to play has a legal play with `gear` (its Backpack cards
    /// too if `packs`).
    pub(crate) fn any_play(&self, st: &State, gear: Gear, packs: bool) -> bool {
        let board = Board::of(&self.rules, st, usize::from(st.seat));
        self.any_play_on(st, &board.steps(gear), packs)
    }

    /// [`NorthPole::any_play`] taking `steps`, found already on the board of the seat to play.
    fn any_play_on(&self, st: &State, steps: &Steps, packs: bool) -> bool {
        let own = &st.groups[self.own_group(st)];
        own.iter().any(|&c| self.starts_play(st, steps, c))
            || (packs
                && st.seats[usize::from(st.seat)]
                    .packs
                    .iter()
                    .any(|&c| self.starts_play(st, steps, c)))
    }

    /// Carries out the play in progress onto `target` (top frame; `None` is the Pole).
    /// Returns whether D5 must follow.
    fn resolve(
        &self,
        st: &mut State,
        target: Option<Square>,
        rng: &mut FloeRng,
        log: &mut impl FnMut(Event),
    ) -> bool {
        let seat = usize::from(st.seat);
        let play = st.play;
        let face = self.moving_card(&play);
        let held = self.gear(&st.seats[seat]);
        // 1. The equipment the play needs, the least first: none without any (the target
        // was listed), so the board is gathered only for a player holding some.
        let need = if held == Gear::NONE {
            debug_assert_eq!(self.least_gear(st, face, held, target), Gear::NONE);
            Gear::NONE
        } else {
            self.least_gear(st, face, held, target)
        };
        for (used, disc) in [(need.shoes, Disc::Snowshoes), (need.pick, Disc::Pickaxe)] {
            if used {
                self.discard_disc(st, disc, log);
            }
        }
        // 2. The cards.
        if play.from_pack {
            let player = &mut st.seats[seat];
            let i = player
                .packs
                .iter()
                .position(|&c| c == play.card)
                .expect("a full pack");
            player.packs.remove(i);
            player.held[Disc::Backpack.index()] -= 1;
            st.spent += 1;
            log(Event::Spent {
                seat: Seat(st.seat),
                disc: Disc::Backpack,
            });
        } else {
            Self::take_from_group(st, self.own_group(st), play.card);
        }
        match play.pinched {
            Some(pinched) => {
                st.discard |= 1 << play.card;
                Self::take_from_groups(st, pinched);
                self.lay(st, pinched);
            }
            None => self.lay(st, play.card),
        }
        // A Pinch or a card without points may land on the discard pile while the draw
        // pile is empty: it is shuffled in at once, before a storm disc reads the top.
        self.refill(st, rng, log);
        // 3. to 6. The move or the sling, the Pole, the ambush, a found disc.
        let (from, pawn) = match play.actor {
            Actor::Pawn(s, igloo) => {
                let player = &st.seats[seat];
                let i = (0..PAWNS)
                    .find(|&i| {
                        player.pawns()[i] == Place::Board(s)
                            && (player.igloos() & (1 << i) != 0) == igloo
                    })
                    .expect("the actor is P's pawn");
                (s, Some(i))
            }
            Actor::Bear => (st.bear.expect("the bear is on the board"), None),
        };
        let piece = match pawn {
            Some(_) => Piece::Pawn(Seat(st.seat)),
            None => Piece::Bear,
        };
        let table = |st: &State, s: Square| turn(s, st.rotation);
        let Some(to) = target else {
            log(Event::Moved {
                piece,
                from: Some(table(st, from)),
                to: None,
            });
            let Some(i) = pawn else {
                st.bear = None;
                return false;
            };
            self.lift(st, seat, i);
            st.seats[seat].set_pawn(i, Place::Pole);
            if self.wins(st, seat) {
                self.finish(st, POLE_REACHED, log);
                return false;
            }
            return match st.scoreboard_disc.take() {
                Some(disc) => self.receive(st, disc, DiscSource::Scoreboard, None, log),
                None => false,
            };
        };
        let victim_here = !board_shared(st, &self.rules, to) && self.piece_at(st, to).is_some();
        let sling = face.movement == Movement::Sling;
        if victim_here {
            let victim = self.piece_at(st, to).expect("a piece");
            self.send_off(st, victim, to, log);
        }
        let ambusher_at = if sling { from } else { to };
        if !sling {
            log(Event::Moved {
                piece,
                from: Some(table(st, from)),
                to: Some(table(st, to)),
            });
            match pawn {
                Some(i) => {
                    self.lift(st, seat, i);
                    st.seats[seat].set_pawn(i, Place::Board(to));
                }
                None => st.bear = Some(to),
            }
        }
        if victim_here {
            st.tally.ambushes += 1;
            let disc = st.stack.pop().expect("ambushes need a stack");
            if st.stack.is_empty() {
                st.tally.stack_empty_round = (st.round + 1) as u16;
            }
            return self.receive(st, disc, DiscSource::Stack, Some((pawn, ambusher_at)), log);
        }
        if let Some(i) = st.corner_discs.iter().position(|&(s, _)| s == to) {
            let (_, disc) = st.corner_discs.remove(i);
            let at = table(st, to);
            return self.receive(st, disc, DiscSource::Corner(at), None, log);
        }
        false
    }

    /// Returns the least equipment (none, Snowshoes, Pickaxe, both) out of `held` with
    /// which the play in progress reaches `target` (top frame; `None` is the Pole).
    fn least_gear(&self, st: &State, face: Card, held: Gear, target: Option<Square>) -> Gear {
        let board = Board::of(&self.rules, st, usize::from(st.seat));
        let hits = |reach: Reach| match target {
            Some(t) => reach.squares & bit(t) != 0,
            None => reach.pole,
        };
        Gear::ALL
            .into_iter()
            .filter(|g| (!g.shoes || held.shoes) && (!g.pick || held.pick))
            .find(|&g| hits(board.reach(face, st.play.actor, g)))
            .expect("the target was listed")
    }

    /// Lifts pawn `i` of `seat` off its square: an igloo under it is discarded.
    fn lift(&self, st: &mut State, seat: usize, i: usize) {
        if st.seats[seat].igloos() & (1 << i) != 0 {
            st.seats[seat].set_igloo(i, false);
            st.spent += 1;
        }
    }

    /// Returns the piece on top square `sq` (the first found), if any.
    fn piece_at(&self, st: &State, sq: Square) -> Option<(Option<(usize, usize)>, Square)> {
        if st.bear == Some(sq) {
            return Some((None, sq));
        }
        for (p, player) in st.seats[..st.players()].iter().enumerate() {
            if let Some(i) = player.pawns().iter().position(|&x| x == Place::Board(sq)) {
                return Some((Some((p, i)), sq));
            }
        }
        None
    }

    /// Sends an ambushed piece off: a pawn to its ship (its igloo discarded), the bear out.
    fn send_off(
        &self,
        st: &mut State,
        victim: (Option<(usize, usize)>, Square),
        at: Square,
        log: &mut impl FnMut(Event),
    ) {
        let piece = match victim.0 {
            Some((p, i)) => {
                self.lift(st, p, i);
                st.seats[p].set_pawn(i, Place::Ship);
                Piece::Pawn(Seat(p as u8))
            }
            None => {
                st.bear = None;
                Piece::Bear
            }
        };
        log(Event::Ambushed {
            victim: piece,
            at: turn(at, st.rotation),
        });
    }

    /// Returns whether `seat` (with its team) has every pawn on the scoreboard.
    pub(crate) fn wins(&self, st: &State, seat: usize) -> bool {
        let done = |p: usize| st.seats[p].at_pole() as usize == PAWNS;
        if self.rules.team_play {
            done(seat) && done((seat + 2) % 4)
        } else {
            done(seat)
        }
    }

    // ----- questions -----

    /// Returns the table squares of the top squares `bits`.
    fn table_bits(st: &State, bits: Bits) -> Bits {
        turn_bits(bits, st.rotation)
    }

    /// Returns the orientations a Compass may set now.
    fn compass_settings(&self, st: &State) -> impl Iterator<Item = u8> + '_ {
        let (kind, r) = (self.rules.disc_kind(), st.rotation);
        let now = self.rules.geo.open(kind, r, st.orientation);
        (0..4u8).filter(move |&o| self.rules.geo.open(kind, r, o) != now)
    }

    /// Returns the table squares with an own pawn an Igloo may go under: on the board, not
    /// on weak ice, not already in an igloo.
    fn igloo_squares(&self, st: &State) -> Bits {
        let (free, _) = st.seats[usize::from(st.seat)].squares();
        Self::table_bits(st, free & !self.rules.geo.weak)
    }

    /// Lists the uses of a Compass and an Igloo the seat to play holds.
    fn list_uses(&self, st: &State, out: &mut ActionList<Action>) {
        let player = &st.seats[usize::from(st.seat)];
        if player.has(Disc::Compass) > 0 {
            out.extend(self.compass_settings(st).map(Action::Compass));
        }
        if player.has(Disc::Igloo) > 0 {
            out.extend(squares(self.igloo_squares(st)).map(Action::Igloo));
        }
    }

    /// Replaces `out` with the answers to the pending question, in the page's order.
    pub(crate) fn list(&self, st: &State, out: &mut ActionList<Action>) {
        out.clear();
        let seat = usize::from(st.seat);
        let player = &st.seats[seat];
        let gear = self.gear(player);
        let own = self.own_group(st);
        match st.phase {
            Phase::Over => {}
            Phase::Travel => {
                let camps = self.rules.map.base_camps[usize::from(self.side(st))];
                out.extend(squares(camps).map(Action::Camp));
            }
            Phase::Free(_) => {
                out.push(Action::Done);
                self.list_uses(st, out);
            }
            Phase::Card => {
                let board = Board::of(&self.rules, st, seat);
                let steps = board.steps(gear);
                for c in in_id_order(&st.groups[own]) {
                    if self.starts_play(st, &steps, c) {
                        out.push(Action::Card(self.card_ref(c)));
                    }
                }
                for c in in_id_order(&player.packs) {
                    if self.starts_play(st, &steps, c) {
                        out.push(Action::Pack(self.card_ref(c)));
                    }
                }
                // Step 3.2: redraw when no play uses no equipment. Without Snowshoes, a
                // Pickaxe or a Backpack card every play is equipment-free, so the cards
                // listed tell.
                let geared = gear.shoes || gear.pick || !player.packs.is_empty();
                let stuck = || {
                    if geared {
                        !self.any_play_on(st, &board.steps(Gear::NONE), false)
                    } else {
                        out.is_empty()
                    }
                };
                if st.redraw_allowed && stuck() {
                    out.push(Action::Redraw);
                }
            }
            Phase::Pinch => {
                let board = Board::of(&self.rules, st, seat);
                let steps = board.steps(gear);
                let mut found: u128 = 0;
                for g in (0..4).filter(|&g| g != own) {
                    for &c in &st.groups[g] {
                        if self.pinchable(c) && steps.moves_some(self.rules.card(c)) {
                            found |= 1 << c;
                        }
                    }
                }
                out.extend(ids(found).map(|c| Action::Pinch(self.card_ref(c))));
            }
            Phase::Actor => {
                let board = Board::of(&self.rules, st, seat);
                let face = self.moving_card(&st.play);
                let (free, igloo, bear) = board.movers(face, gear);
                // Pawns by table square, the one outside an igloo first; then the bear.
                let (free, igloo) = (Self::table_bits(st, free), Self::table_bits(st, igloo));
                for s in squares(free | igloo) {
                    if free & bit(s) != 0 {
                        out.push(Action::Pawn(s, false));
                    }
                    if igloo & bit(s) != 0 {
                        out.push(Action::Pawn(s, true));
                    }
                }
                if bear {
                    out.push(Action::Bear);
                }
            }
            Phase::Target => {
                let board = Board::of(&self.rules, st, seat);
                let reach = board.reach(self.moving_card(&st.play), st.play.actor, gear);
                out.extend(squares(Self::table_bits(st, reach.squares)).map(Action::To));
                if reach.pole {
                    out.push(Action::Pole);
                }
            }
            Phase::Keep => {
                out.push(Action::Keep);
                for disc in EQUIPMENT {
                    if player.has(disc) == 0 {
                        continue;
                    }
                    let mut after = st.clone();
                    self.discard_disc(&mut after, disc, &mut |_| {});
                    let gear = self.gear(&after.seats[seat]);
                    if self.any_play(&after, gear, true) {
                        out.push(Action::Discard(disc));
                    }
                }
            }
            Phase::Limit => {
                for disc in EQUIPMENT {
                    if player.has(disc) > 0 {
                        out.push(Action::Discard(disc));
                    }
                }
                self.list_uses(st, out);
            }
            Phase::Husky => out.extend([Action::Stop, Action::Husky]),
            Phase::Store => {
                out.push(Action::NoStore);
                out.extend(in_id_order(&st.groups[own]).map(|c| Action::Store(self.card_ref(c))));
            }
        }
    }

    /// Carries out `action`, an answer to the pending question, and moves on to the next
    /// question (running the steps without a question on the way).
    #[inline(always)]
    pub(crate) fn answer(
        &self,
        st: &mut State,
        action: Action,
        forced: bool,
        rng: &mut FloeRng,
        log: &mut impl FnMut(Event),
    ) {
        log(Event::Answered {
            seat: Seat(st.seat),
            action,
            forced,
        });
        match (st.phase, action) {
            // Most questions are free points passed (a turn has two), here without the
            // rest's weight.
            (Phase::Free(next), Action::Done) => self.after_free(st, next, rng, log),
            _ => self.carry_out(st, action, rng, log),
        }
        // A discarded full Backpack's card may have landed on an empty draw pile's
        // discard pile: the draw pile is refilled at once.
        self.refill(st, rng, log);
    }

    /// [`NorthPole::answer`]'s every answer but a free point passed.
    fn carry_out(
        &self,
        st: &mut State,
        action: Action,
        rng: &mut FloeRng,
        log: &mut impl FnMut(Event),
    ) {
        let seat = usize::from(st.seat);
        let r = st.rotation;
        let top = |s: Square| turn(s, 4 - r);
        match (st.phase, action) {
            (Phase::Travel, Action::Camp(s)) => {
                let player = &mut st.seats[seat];
                let i = player
                    .pawns()
                    .iter()
                    .position(|&p| p == Place::Ship)
                    .expect("a pawn on the ship");
                player.set_pawn(i, Place::Board(top(s)));
                log(Event::Moved {
                    piece: Piece::Pawn(Seat(st.seat)),
                    from: None,
                    to: Some(s),
                });
                st.phase = Phase::Free(AfterFree::Play);
            }
            (Phase::Free(_) | Phase::Limit, Action::Compass(o)) => {
                st.orientation = o;
                self.discard_disc(st, Disc::Compass, log);
                self.after_use(st, rng, log);
            }
            (Phase::Free(_) | Phase::Limit, Action::Igloo(s)) => {
                let player = &mut st.seats[seat];
                let i = (0..PAWNS)
                    .find(|&i| {
                        player.pawns()[i] == Place::Board(top(s)) && player.igloos() & (1 << i) == 0
                    })
                    .expect("an eligible pawn");
                player.set_igloo(i, true);
                player.held[Disc::Igloo.index()] -= 1;
                self.after_use(st, rng, log);
            }
            (Phase::Card, Action::Card(c) | Action::Pack(c)) => {
                st.play = Play {
                    card: c.id,
                    from_pack: matches!(action, Action::Pack(_)),
                    pinched: None,
                    actor: Actor::Bear,
                };
                st.phase = if self.rules.card(c.id).movement == Movement::Pinch {
                    Phase::Pinch
                } else {
                    Phase::Actor
                };
            }
            (Phase::Card, Action::Redraw) => self.redraw(st, rng, log),
            (Phase::Pinch, Action::Pinch(c)) => {
                st.play.pinched = Some(c.id);
                st.phase = Phase::Actor;
            }
            (Phase::Actor, Action::Pawn(s, igloo)) => {
                st.play.actor = Actor::Pawn(top(s), igloo);
                st.phase = Phase::Target;
            }
            (Phase::Actor, Action::Bear) => {
                st.play.actor = Actor::Bear;
                st.phase = Phase::Target;
            }
            (Phase::Target, Action::To(_) | Action::Pole) => {
                let target = match action {
                    Action::To(s) => Some(top(s)),
                    _ => None,
                };
                if self.resolve(st, target, rng, log) {
                    st.phase = Phase::Limit;
                } else if !st.is_over() {
                    self.after_play(st, rng, log);
                }
            }
            (Phase::Keep, Action::Keep) => st.phase = Phase::Free(AfterFree::Store),
            (Phase::Keep, Action::Discard(d)) => {
                self.discard_disc(st, d, log);
                st.redraw_allowed = false;
                st.phase = Phase::Card;
            }
            (Phase::Limit, Action::Discard(d)) => {
                self.discard_disc(st, d, log);
                self.after_use(st, rng, log);
            }
            (Phase::Husky, Action::Stop) => self.enter_store(st, rng, log),
            (Phase::Husky, Action::Husky) => {
                self.discard_disc(st, Disc::Husky, log);
                st.redraw_allowed = false;
                st.phase = Phase::Card;
            }
            (Phase::Store, Action::NoStore) => self.end_turn(st, rng, log),
            (Phase::Store, Action::Store(c)) => {
                Self::take_from_group(st, self.own_group(st), c.id);
                st.seats[seat].packs.push(c.id);
                self.end_turn(st, rng, log);
            }
            (phase, action) => panic!("{action} is no answer to {phase:?}"),
        }
    }

    /// After a Compass or an Igloo is used, or a disc discarded: a free point goes on (D2
    /// is asked again); D5 ends when P is within the limit, and the play goes on.
    fn after_use(&self, st: &mut State, rng: &mut FloeRng, log: &mut impl FnMut(Event)) {
        let within = st.seats[usize::from(st.seat)].discs() <= self.rules.equipment_limit;
        if st.phase == Phase::Limit && within {
            self.after_play(st, rng, log);
        }
    }

    /// Step 3.3: a redraw.
    fn redraw(&self, st: &mut State, rng: &mut FloeRng, log: &mut impl FnMut(Event)) {
        st.redrawn = true;
        st.tally.redraws += 1;
        log(Event::Redraw {
            seat: Seat(st.seat),
        });
        let g = self.own_group(st);
        for c in std::mem::take(&mut st.groups[g]) {
            st.discard |= 1 << c;
        }
        self.refill(st, rng, log);
        let side = self.side(st);
        self.fill(st, side, rng, log);
        st.phase = if st.seats[usize::from(st.seat)].discs() > 0 {
            Phase::Keep
        } else {
            Phase::Free(AfterFree::Store)
        };
    }

    /// Answers every question with exactly one answer, and lists the answers of the next
    /// question with a choice into `answers` (empty once the game is over).
    pub(crate) fn settle(
        &self,
        st: &mut State,
        answers: &mut ActionList<Action>,
        rng: &mut FloeRng,
        log: &mut impl FnMut(Event),
    ) {
        loop {
            let action = match self.sole_answer(st) {
                Some(action) => action,
                None => {
                    self.list(st, answers);
                    if answers.len() != 1 {
                        return;
                    }
                    answers[0]
                }
            };
            self.answer(st, action, true, rng, log);
        }
    }

    /// Returns the one answer of a question known to have one without listing it: a free
    /// point with no Compass or Igloo to use, as most are (a turn has two).
    fn sole_answer(&self, st: &State) -> Option<Action> {
        let player = &st.seats[usize::from(st.seat)];
        let free = matches!(st.phase, Phase::Free(_));
        (free && player.has(Disc::Compass) == 0 && player.has(Disc::Igloo) == 0)
            .then_some(Action::Done)
    }
}

/// Returns whether top square `sq` is shared in `st`.
fn board_shared(st: &State, rules: &Rules, sq: Square) -> bool {
    st.stack_empty() || rules.geo.all_camps & bit(sq) != 0
}

// A Backpack list never overflows: the loader caps the Backpacks of the box.
const _: () = assert!(MAX_PACKS >= 3);
