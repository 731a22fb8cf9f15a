//! What each seat knows, and sampling what it does not ("determinizing").
//!
//! Public: tokens, the River, each power's side and holder, every pile's face-up cards and
//! where its face-down cards lie, the sizes of hands, penalty zones, draw pile and Reserve,
//! and every event; and two tracking sets per seat P that follow from the events:
//! `in_hand(P)`, the cards known to be in P's hand (taken from the River, by a puffin swap
//! or by puffin B), and `private(P)`, the cards known to be in P's hand, penalty zone or
//! face-down pile cards (all of `in_hand(P)` moves there when P moves a hand card face
//! down; all of it becomes unseen when P uses bear B). Private to P: its hand, totem,
//! penalty cards, face-down cards and what it draws with orca B or bear A. A seat that
//! gave a card with bear B knows where it lies until the receiver next moves a card out of
//! its penalty zone. Unknown to all: the draw pile, the Reserve, the unused totems.
//!
//! [`sample`] deals, for one seat o, exactly what o cannot know, in the page's order:
//! each `in_hand(P)` card into P's hand; each `private(P)` card into a random free slot
//! among P's hand, penalty zone and face-down cards; every other unseen card, shuffled,
//! into the remaining slots (the others' hands, penalty zones and face-down cards, then
//! the draw pile and the unopened Reserve); the others' totems from the five animals other
//! than o's.

use arrayvec::ArrayVec;
use floe_core::{FloeRng, Seat};
use rand::RngExt;
use rand::seq::SliceRandom;

use crate::cards::{ANIMALS, Animal, CARD_COUNT, Card, CardSet, PileCard};
use crate::state::{Phase, State};

/// Where one hidden card of another seat may lie.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slot {
    Hand,
    Penalty,
    /// A face-down card at this pile position.
    FaceDown(u8),
}

/// Returns whether `st`'s actor holds its last card aside, unseen by `seat`, while the
/// fox question is open.
fn held_from(st: &State, seat: Seat) -> bool {
    st.phase == Phase::Fox && st.actor != seat
}

/// Returns the cards everyone knows to be in `seat`'s hand: its `in_hand` set, and the
/// hand card it chose to give in a puffin A swap still pending (every seat sees which).
fn known_hand(st: &State, seat: Seat) -> CardSet {
    let giving = st
        .turn
        .gave
        .filter(|_| st.phase == Phase::PuffinTake && st.actor == seat);
    st.in_hand[seat.index()].union(CardSet::of(giving))
}

/// Returns the cards whose place `seat` cannot see: the others' hands, penalty cards,
/// face-down cards and held card, the draw pile and the unopened Reserve. The set itself
/// is known to `seat` (every card in play less those it sees), only their places are not.
pub(crate) fn unseen_by(st: &State, seat: Seat) -> CardSet {
    let mut unseen = CardSet::of(st.draw.iter().chain(&st.reserve).copied());
    for other in Seat::all(st.players()).filter(|&o| o != seat) {
        let o = other.index();
        unseen = unseen.union(st.hands[o]).union(st.penalties[o]);
        let face_down = st.piles[o].iter().filter(|c| c.is_face_down());
        unseen = unseen.union(CardSet::of(face_down.map(|c| c.card())));
    }
    if held_from(st, seat) {
        unseen = unseen.union(CardSet::of(st.turn.held));
    }
    unseen
}

/// Writes into `out` a state `seat` cannot tell from `st`, with everything it cannot know
/// dealt anew from `rng` (see the module documentation). Only what `seat` knows is read,
/// and the number of draws from `rng` depends on nothing else.
pub(crate) fn sample(st: &State, seat: Seat, rng: &mut FloeRng, out: &mut State) {
    out.clone_from(st);
    let me = seat.index();
    let others = || Seat::all(st.players()).filter(move |&o| o != seat);
    let mut placed = st.gifts[me];
    for other in others() {
        placed = placed
            .union(known_hand(st, other))
            .union(st.private[other.index()]);
    }
    let mut pool: ArrayVec<Card, CARD_COUNT> = unseen_by(st, seat).minus(placed).iter().collect();
    pool.shuffle(rng);
    let mut pool = pool.into_iter();
    let mut deal = || pool.next().expect("as many unseen cards as free slots");
    for other in others() {
        deal_seat(st, seat, other, rng, out, &mut deal);
    }
    for card in out.draw.iter_mut().chain(&mut out.reserve) {
        *card = deal();
    }
    let mut totems: ArrayVec<Animal, 6> = ANIMALS
        .into_iter()
        .filter(|&a| a != st.totems[me])
        .collect();
    totems.shuffle(rng);
    for (other, totem) in others().zip(totems) {
        out.totems[other.index()] = totem;
    }
    reassign_gifts(st, seat, rng, out);
}

/// Points the other seats' bear B gifts at cards of the sample: another seat B knows which
/// card it gave to a receiver R, while `seat` knows only that B gave R one. Unless R is
/// `seat`, R's penalty zone was dealt anew, so each of B's gifts becomes a random card of
/// R's zone as dealt that no other gift names and R's `private` set does not hold (a
/// gift never joins it), or is forgotten if none is left. Without
/// this a search that samples again from a sample, for B, would look for the gift where it
/// no longer is.
fn reassign_gifts(st: &State, seat: Seat, rng: &mut FloeRng, out: &mut State) {
    for giver in Seat::all(st.players()).filter(|&o| o != seat) {
        let g = giver.index();
        out.gifts[g] = CardSet::EMPTY;
        for receiver in Seat::all(st.players()).filter(|&r| r != giver) {
            let given = st.gifts[g].intersection(st.penalties[receiver.index()]);
            if receiver == seat {
                out.gifts[g] = out.gifts[g].union(given);
                continue;
            }
            for _ in 0..given.len() {
                let taken = out
                    .gifts
                    .iter()
                    .fold(st.private[receiver.index()], |a, &b| a.union(b));
                let free = out.penalties[receiver.index()].minus(taken);
                if let Some(card) = free.nth(rng.random_range(0..free.len().max(1))) {
                    out.gifts[g].insert(card);
                }
            }
        }
    }
}

/// Deals `other`'s hidden cards as `seat` may imagine them: its known cards first, then
/// each `private` card into a random free slot, then cards from `deal` into the rest; and
/// the hidden choices of a turn in progress consistent with them.
fn deal_seat(
    st: &State,
    seat: Seat,
    other: Seat,
    rng: &mut FloeRng,
    out: &mut State,
    deal: &mut impl FnMut() -> Card,
) {
    let o = other.index();
    let held = held_from(st, seat) && st.actor == other;
    let mut free: ArrayVec<Slot, CARD_COUNT> = ArrayVec::new();
    let hand_slots = st.hands[o].len() + usize::from(held);
    let known_penalty = st.gifts[seat.index()].intersection(st.penalties[o]);
    let known = known_hand(st, other);
    free.extend((known.len()..hand_slots).map(|_| Slot::Hand));
    free.extend((known_penalty.len()..st.penalties[o].len()).map(|_| Slot::Penalty));
    let face_down = st.piles[o]
        .iter()
        .enumerate()
        .filter(|(_, c)| c.is_face_down());
    free.extend(face_down.map(|(i, _)| Slot::FaceDown(i as u8)));
    let mut hand = known;
    let mut penalty = known_penalty;
    let mut put = |slot: Slot, card: Card, out: &mut State| match slot {
        Slot::Hand => hand.insert(card),
        Slot::Penalty => penalty.insert(card),
        Slot::FaceDown(at) => out.piles[o][usize::from(at)] = PileCard::down(card),
    };
    for card in st.private[o].minus(known).iter() {
        let slot = free.swap_remove(rng.random_range(0..free.len()));
        put(slot, card, out);
    }
    // The remaining slots in a fixed order, whatever order the draws above left them in.
    free.sort_unstable_by_key(|s| match *s {
        Slot::Hand => 0,
        Slot::Penalty => 1,
        Slot::FaceDown(at) => 2 + u16::from(at),
    });
    for &slot in &free {
        put(slot, deal(), out);
    }
    if held {
        let card = hand
            .nth(rng.random_range(0..hand.len()))
            .expect("a card in range");
        hand.remove(card);
        out.turn.held = Some(card);
    }
    out.hands[o] = hand;
    out.penalties[o] = penalty;
    if st.actor == other {
        // The animal chosen for a penalty card (bear A, bear B) is hidden: take it from a
        // card of the zone as dealt, so the pending question has its answers.
        let pick = |rng: &mut FloeRng| {
            let card = penalty
                .nth(rng.random_range(0..penalty.len()))
                .expect("a card in range");
            Some(card.animal())
        };
        match st.phase {
            Phase::PenaltyCard => out.turn.penalty_animal = pick(rng),
            Phase::BearCard => out.turn.bear_animal = pick(rng),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use floe_core::{ActionList, Game, Stream, game_seed, stream_rng};

    use super::*;
    use crate::engine::Arctic;

    /// A search samples again from its own samples, for other seats (greedy playouts
    /// inside MCTS do): a sample must be a state every seat can sample from, with every
    /// card in play dealt once.
    #[test]
    fn a_sample_can_be_sampled_again_for_every_seat() {
        let game = Arctic::standard();
        let mut answers = ActionList::new();
        let mut first = game.new_game(2, &mut stream_rng(0, Stream::Chance));
        let mut second = first.clone();
        for players in 2..=4 {
            for i in 0..60 {
                let seed = game_seed(players as u64, i);
                let mut chance = stream_rng(seed, Stream::Chance);
                let mut rng = stream_rng(seed, Stream::Bot(0));
                let mut st = game.new_game(players, &mut chance);
                game.legal_actions(&st, &mut answers);
                while game.to_act(&st).is_some() {
                    for a in Seat::all(players) {
                        sample(&st, a, &mut rng, &mut first);
                        for b in Seat::all(players) {
                            sample(&first, b, &mut rng, &mut second);
                            let deck = game.rules().deck_size(players);
                            assert_eq!(CardSet::of(second.all_cards()).len(), deck);
                            assert_eq!(second.all_cards().count(), deck);
                        }
                    }
                    let a = answers[rng.random_range(0..answers.len())];
                    game.advance(&mut st, a, &mut chance, &mut answers, &mut |_| {});
                }
            }
        }
    }
}
