//! Arctic's questions and answers told in words ([`Describe`]), and what each power card
//! lets its holder do ([`power`]), which the board prints beside each power card: a
//! question's answers (`+1`, `walrus -1`, a card) name what is chosen, and these texts say
//! what choosing it does.

use floe_core::Describe;

use crate::action::Action;
use crate::cards::{ANIMAL_COUNT, Animal, Card};
use crate::engine::Arctic;
use crate::rules::Side;
use crate::state::{Phase, State};

/// What each power card lets its holder do, as the guide's power table says it: by animal
/// (in [`Animal::index`] order: fox, moose, walrus, orca, puffin, bear), side A then B.
const POWERS: [[&str; 2]; ANIMAL_COUNT] = [
    [
        "slip the last card you place face down just under your top card (it scores as \
         whichever animal suits you best)",
        "put the last card you place face up at the very bottom of your pile",
    ],
    [
        "draw one card fewer or one card more than the draw value",
        "aim to place one card fewer or one card more than the placement value",
    ],
    [
        "after the tokens move, move the main animal's token one more step, either way",
        "after the tokens move, move the companion's token one more step, either way",
    ],
    [
        "every River card you take is replaced at once from the draw pile (not optional)",
        "draw the draw pile's top card instead of a River card, for any of your draws",
    ],
    [
        "before placing, swap one card of your hand with a River card",
        "before placing, take the top card of your pile back into your hand",
    ],
    [
        "draw from your own penalty zone instead of the River, for any of your draws",
        "once, after your discards, move one of your penalty cards to another player's \
         penalty zone",
    ],
];

/// Returns what `animal`'s power card with `side` up lets its holder do.
pub(crate) fn power(animal: Animal, side: Side) -> &'static str {
    POWERS[animal.index()][side as usize]
}

impl Describe for Arctic {
    fn question(&self, st: &State) -> String {
        let turn = &st.turn;
        let side = |a: Animal| st.sides[a.index()];
        let hand = st.hands[st.actor.index()].len();
        match st.phase {
            Phase::Puffin => format!(
                "use the puffin {}: {}?",
                side(Animal::Puffin),
                power(Animal::Puffin, side(Animal::Puffin))
            ),
            Phase::PuffinGive => "which card of your hand do you give to the River (puffin A)? \
                                  You then take a River card in its place"
                .into(),
            Phase::PuffinTake => format!(
                "which River card do you take into your hand for your {} (puffin A)? Your card \
                 takes its slot",
                turn.gave.expect("a card was given")
            ),
            Phase::Target => format!(
                "how many cards do you aim to place this turn (moose B)? Your placement value \
                 is {}; you hold {hand}, and each card short is a penalty card",
                turn.p
            ),
            Phase::Place => format!(
                "which card do you place next on your pile ({} of {})?",
                turn.placed + 1,
                turn.to_place
            ),
            Phase::Fox => format!(
                "use the fox {} on your last card, {}: {}?",
                side(Animal::Fox),
                turn.held.expect("a card is held for the fox"),
                power(Animal::Fox, side(Animal::Fox))
            ),
            Phase::Direction => {
                let v1 = top(st);
                format!(
                    "your top card {v1} moves the {} and {} tokens one step each, opposite ways: \
                     which way does the {} token go?",
                    v1.animal(),
                    v1.companion(),
                    v1.animal()
                )
            }
            Phase::Walrus => {
                let token = walrus_token(st);
                format!(
                    "move the {token} token one more step with the walrus {}? It stands on {}",
                    side(Animal::Walrus),
                    st.tokens[token.index()]
                )
            }
            Phase::MooseStop => format!(
                "draw another card (moose A)? You have drawn {}; your top card says draw {}",
                turn.drawn, turn.q
            ),
            Phase::Source => format!(
                "where does your next card come from? It is draw {}; your top card says draw {}",
                turn.drawn + 1,
                turn.q
            ),
            Phase::PenaltyCard => format!(
                "which of your {} penalty cards do you take back into your hand (bear A)?",
                turn.penalty_animal.expect("an animal was chosen")
            ),
            Phase::Discard => format!(
                "you hold {}, more than the {} you may keep: which card do you discard face \
                 down into your penalty zone ({} each at the end)?",
                floe_io::count(hand, "card"),
                self.rules.hand_limit(),
                floe_io::count(self.rules.penalty_points(), "point")
            ),
            Phase::Bear => format!("use the bear B: {}?", power(Animal::Bear, Side::B)),
            Phase::BearSeat => "who receives one of your penalty cards (bear B)?".into(),
            Phase::BearAnimal => format!(
                "which animal is the penalty card you give to {} (bear B)?",
                turn.bear_to.expect("a seat was chosen")
            ),
            Phase::BearCard => format!(
                "which of your {} penalty cards do you give to {} (bear B)?",
                turn.bear_animal.expect("an animal was chosen"),
                turn.bear_to.expect("a seat was chosen")
            ),
            Phase::Over => panic!("the game is over: no question is pending"),
        }
    }

    fn answer(&self, st: &State, action: Action) -> String {
        let said = answer_in_phase(st, action).unwrap_or_else(|| self.answer_by_action(st, action));
        format!("{action}: {said}")
    }
}

impl Arctic {
    /// Returns what `action` does, said by the action alone, whatever the question.
    fn answer_by_action(&self, st: &State, action: Action) -> String {
        let turn = &st.turn;
        let me = st.actor.index();
        match (st.phase, action) {
            (_, Action::Target(t)) => {
                let hand = st.hands[me].len() as u8;
                match t.checked_sub(hand) {
                    Some(short) if short > 0 => {
                        format!(
                            "place your {} and take {}",
                            floe_io::count(hand, "card"),
                            floe_io::count(short, "penalty card")
                        )
                    }
                    _ => format!("place {}", floe_io::count(t, "card")),
                }
            }
            (_, Action::Plus | Action::Minus) => {
                let v1 = top(st);
                let d: i8 = if action == Action::Plus { 1 } else { -1 };
                format!(
                    "{}; {}",
                    self.step(st, v1.animal(), d),
                    self.step(st, v1.companion(), -d)
                )
            }
            (_, Action::WalrusNone) => {
                let token = walrus_token(st);
                format!("leave the {token} token on {}", st.tokens[token.index()])
            }
            (_, Action::WalrusLeft) => self.step(st, walrus_token(st), -1),
            (_, Action::WalrusRight) => self.step(st, walrus_token(st), 1),
            (_, Action::Stop) => format!("draw no more (you have drawn {})", turn.drawn),
            (_, Action::Draw) => format!("draw card {}", turn.drawn + 1),
            (_, Action::Pile) => "draw the draw pile's top card, unseen (orca B)".into(),
            (_, Action::Penalty(animal)) => format!(
                "take one of your {} {animal} penalty cards back into your hand (bear A)",
                st.penalties[me].of_animal(animal).len()
            ),
            (_, Action::Seat(to)) => format!("{to} receives the card"),
            (_, Action::Animal(animal)) => format!(
                "give one of your {} {animal} penalty cards",
                st.penalties[me].of_animal(animal).len()
            ),
            (phase, action) => unreachable!("{action} answers no {phase:?} question"),
        }
    }

    /// Returns a move of `animal`'s token by `d` in words, with the Landscape value it
    /// reaches (`the fox token right, 2 -> 3 (worth 6)`).
    fn step(&self, st: &State, animal: Animal, d: i8) -> String {
        let from = st.tokens[animal.index()];
        let to = from.saturating_add_signed(d);
        let way = if d > 0 { "right" } else { "left" };
        format!(
            "the {animal} token {way}, {from} -> {to} (worth {})",
            self.rules.landscape_value(to)
        )
    }
}

/// Returns what `action` does when its meaning depends on the question pending (the
/// powers' yes-or-no questions and the questions answered by a card), `None` when the
/// action says it alone.
fn answer_in_phase(st: &State, action: Action) -> Option<String> {
    let turn = &st.turn;
    let me = st.actor.index();
    let holds = |a: Animal| st.holders[a.index()] == st.actor.0;
    let said = match (st.phase, action) {
        (Phase::Puffin | Phase::Fox | Phase::Bear, Action::No) => match st.phase {
            Phase::Fox => {
                let held = turn.held.expect("a card is held for the fox");
                format!("it goes face up on top, where {}", on_top(held))
            }
            Phase::Puffin => "keep your hand and pile as they are".into(),
            _ => "keep your penalty cards".into(),
        },
        (Phase::Puffin, _) if st.sides[Animal::Puffin.index()] == Side::A => {
            "pick a card of your hand to give, then a River card to take".into()
        }
        (Phase::Puffin, _) => {
            let pile = &st.piles[me];
            let under = match pile.len() {
                0 | 1 => "nothing".to_string(),
                n if pile[n - 2].is_face_down() => "a face-down card".to_string(),
                n => pile[n - 2].card().to_string(),
            };
            format!(
                "take {} back into your hand; the card under it ({under}) then sets how \
                 many you place",
                top(st)
            )
        }
        (Phase::Fox, _) => match st.sides[Animal::Fox.index()] {
            Side::A => format!("it goes face down under {}, which stays on top", top(st)),
            Side::B => format!("it goes to the bottom; {} stays on top", top(st)),
        },
        (Phase::Bear, _) => "pick who receives it, then the card".into(),
        (Phase::PuffinGive, Action::Card(_)) => "give it to the River".into(),
        (Phase::PuffinTake, Action::Card(_)) => "take it into your hand".into(),
        (Phase::PenaltyCard, Action::Card(_)) => {
            "take it back into your hand; it no longer costs a point".into()
        }
        (Phase::Place, Action::Card(_)) if turn.placed + 1 < turn.to_place => {
            "place it face up (more cards go on it this turn)".into()
        }
        (Phase::Place, Action::Card(card)) => {
            let fox = if holds(Animal::Fox) {
                ", unless you then use the fox"
            } else {
                ""
            };
            format!("your last card: on top{fox}, {}", on_top(card))
        }
        (Phase::Source, Action::Card(_)) if st.actor_has(Animal::Orca, Side::A) => {
            "take it from the River; the draw pile refills its slot at once".into()
        }
        (Phase::Source, Action::Card(_)) => "take it from the River".into(),
        (Phase::Discard, Action::Card(_)) => "discard it face down".into(),
        (Phase::BearCard, Action::Card(_)) => {
            format!("give it to {}", turn.bear_to.expect("a seat was chosen"))
        }
        _ => return None,
    };
    Some(said)
}

/// Returns the top card of the actor's pile: V1 once placing is over (face up, as the
/// rules make sure).
fn top(st: &State) -> Card {
    st.top(st.actor)
        .expect("the questions that read the top card come with a pile")
        .card()
}

/// Returns what a card on top of its pile at the end of placing does (V1): the power it
/// takes, the tokens it moves, the draw it gives, and the placement it sets for next turn.
fn on_top(card: Card) -> String {
    format!(
        "it takes the {a} power, moves the {a} and {} tokens and draws you {}; next turn you \
         place {}",
        card.companion(),
        card.draw_value(),
        card.placement_value(),
        a = card.animal(),
    )
}

/// Returns the token the walrus moves, as its side says: the main animal's of the top card
/// (side A) or the companion's (side B).
fn walrus_token(st: &State) -> Animal {
    let v1 = top(st);
    match st.sides[Animal::Walrus.index()] {
        Side::A => v1.animal(),
        Side::B => v1.companion(),
    }
}
