//! The answers to each kind of question, looked up in tables built at compile time.
//!
//! A question's answers depend on a few bits: the asker's hand, or which of its racers
//! are still running. Each kind of question has a table from those bits to its answers,
//! so listing them is a lookup and a fixed-size copy with no branch on random game data.
//! Branches on random data are what a simulator's processor mispredicts, and nearly
//! every question is a commit or a reveal.

use floe_core::{ActionList, MAX_ACTIONS, MAX_SEATS, Seat};

use crate::pieces::{Action, CARDS, Card, RACERS, Racer};
use crate::state::State;

/// The answers for each 5-bit set (of cards or of racers), and how many there are.
type Listing = [([Action; 5], u8); 32];

/// Which question a [`Listing`] answers.
#[derive(Clone, Copy)]
enum Question {
    /// Commit a card of the hand (the set).
    Commit,
    /// Carry out the revealed card; the set holds the unfinished racers.
    Reveal(Card),
    /// Move an unfinished racer (the set) one space on a black die.
    BlackDie,
}

const _: () = assert!(CARDS == 5 && RACERS == 5);

/// Returns the answers to `question` for every set.
const fn listing(question: Question) -> Listing {
    let mut table = [([Action::Pass; 5], 0u8); 32];
    let mut set = 0;
    while set < 32 {
        let entry = &mut table[set];
        let mut bit = 0;
        while bit < 5 {
            let member = set & (1 << bit) != 0;
            match question {
                Question::Commit if member => push(entry, Action::Commit(Card::ALL[bit])),
                Question::BlackDie if member => push(entry, Action::BlackDie(Racer(bit as u8))),
                // The 1-2-3 card moves racer 1, 2 or 3.
                Question::Reveal(Card::OneTwoThree) if member && bit < 3 => {
                    push(entry, Action::MoveOne(Racer(bit as u8)))
                }
                // Action A moves the card's racer unless it has finished.
                Question::Reveal(card) if member && bit == card as usize => {
                    push(entry, Action::MoveA)
                }
                _ => {}
            }
            bit += 1;
        }
        match question {
            Question::Reveal(Card::OneTwoThree) if entry.1 == 0 => push(entry, Action::Pass),
            Question::Reveal(Card::OneTwoThree) => {}
            Question::Reveal(_) => push(entry, Action::ActionB),
            _ => {}
        }
        set += 1;
    }
    table
}

/// Appends `action` to a listing's entry.
const fn push(entry: &mut ([Action; 5], u8), action: Action) {
    entry.0[entry.1 as usize] = action;
    entry.1 += 1;
}

const COMMITS: Listing = listing(Question::Commit);
const BLACK_DIE: Listing = listing(Question::BlackDie);
/// Per card, in [`Card`] discriminant order.
const REVEALS: [Listing; CARDS] = [
    listing(Question::Reveal(Card::OneTwoThree)),
    listing(Question::Reveal(Card::Snowboarder)),
    listing(Question::Reveal(Card::Skier)),
    listing(Question::Reveal(Card::DogSled)),
    listing(Question::Reveal(Card::Snowmobile)),
];

/// Returns the most answers any entry of `listing` holds.
const fn longest(listing: &Listing) -> usize {
    let (mut most, mut set) = (0, 0);
    while set < listing.len() {
        most = larger(most, listing[set].1 as usize);
        set += 1;
    }
    most
}

const fn larger(a: usize, b: usize) -> usize {
    if a > b { a } else { b }
}

/// Returns the most answers a question can have at a table of `players`, read off the
/// tables: the longest commit, reveal or black-die entry, or a token gift to every seat
/// but the holder's.
pub(crate) const fn most_answers(players: usize) -> usize {
    let mut most = larger(players - 1, larger(longest(&COMMITS), longest(&BLACK_DIE)));
    let mut card = 0;
    while card < CARDS {
        most = larger(most, longest(&REVEALS[card]));
        card += 1;
    }
    most
}

// Every answer list fits the engine's fixed-size list, at the largest table too.
const _: () = assert!(most_answers(MAX_SEATS) <= MAX_ACTIONS);

/// Replaces `out` with one entry of a listing.
#[inline]
fn fill(out: &mut ActionList<Action>, (answers, len): &([Action; 5], u8)) {
    out.clear();
    // A fixed-size copy then a cut: no memcpy call for a few bytes.
    out.try_extend_from_slice(answers)
        .expect("an empty list holds 5 answers");
    out.truncate(*len as usize);
}

/// Lists the cards the current seat may commit: those in its hand.
#[inline]
pub(crate) fn commits(st: &State, out: &mut ActionList<Action>) {
    fill(out, &COMMITS[st.hand(st.current()) as usize]);
}

/// Lists the actions of the card the current seat revealed.
#[inline]
pub(crate) fn reveals(st: &State, out: &mut ActionList<Action>) {
    let running = st.running(st.current());
    fill(out, &REVEALS[st.active_card as usize][running as usize]);
}

/// Lists the racers the current seat may move one space on a black die.
pub(crate) fn black_die(st: &State, out: &mut ActionList<Action>) {
    fill(out, &BLACK_DIE[st.running(st.current()) as usize]);
}

/// Lists the seats the start token may go to: every seat but its holder's.
pub(crate) fn token(st: &State, out: &mut ActionList<Action>) {
    out.clear();
    for seat in Seat::all(st.players()).filter(|&s| s != st.token) {
        out.push(Action::GiveToken(seat));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables agree with the rules written out plainly, for every set.
    #[test]
    fn listings_name_the_members_of_each_set() {
        for set in 0..32u8 {
            let members = |limit: u8| (0..limit).filter(move |&b| set & (1 << b) != 0);
            let listed = |table: &Listing| {
                let (answers, len) = table[set as usize];
                answers[..len as usize].to_vec()
            };
            let commits = members(5).map(|b| Action::Commit(Card::ALL[b as usize]));
            assert_eq!(listed(&COMMITS), commits.collect::<Vec<_>>());
            let die = members(5).map(|b| Action::BlackDie(Racer(b)));
            assert_eq!(listed(&BLACK_DIE), die.collect::<Vec<_>>());
            let mut one: Vec<_> = members(3).map(|b| Action::MoveOne(Racer(b))).collect();
            if one.is_empty() {
                one.push(Action::Pass);
            }
            assert_eq!(listed(&REVEALS[0]), one);
            for card in 1..5u8 {
                let mut ab = vec![Action::MoveA, Action::ActionB];
                if set & (1 << card) == 0 {
                    ab.remove(0);
                }
                assert_eq!(
                    listed(&REVEALS[card as usize]),
                    ab,
                    "card {card}, set {set:05b}"
                );
            }
        }
    }
}
