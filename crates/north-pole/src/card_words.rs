//! What a card of Race to the North Pole does, in words: its movement, mode and storm
//! points ([`card_text`]), and the key the board prints under the cards ([`card_key`]).
//! Both the questions ([`crate::describe`]) and the board ([`crate::observation`]) read it.

use crate::action::CardRef;
use crate::deck::{Card, Mode, Movement};

/// Returns what a card's movement does, as the guide's card table says.
fn movement_text(movement: Movement) -> &'static str {
    match movement {
        Movement::March => "one straight step",
        Movement::Swoop => "one diagonal step",
        Movement::Gallop => "one step, straight or diagonal",
        Movement::Dash => "one or two straight steps in a line",
        Movement::Sling => "no move, an ambush along a straight line",
        Movement::Pinch => "plays a card with points from another side's group",
    }
}

/// Returns what a card's ambush mode allows, as the guide's mode table says.
fn mode_text(mode: Mode) -> &'static str {
    match mode {
        Mode::A => "move only",
        Mode::B => "move, or move into an ambush",
        Mode::C => "ambush without moving",
        Mode::None => "",
    }
}

/// Returns what `card` does in words: its movement, its mode and its storm points
/// (`one step, straight or diagonal; move only; 2 storm points`).
pub(crate) fn card_text(card: Card) -> String {
    match card.movement {
        Movement::Pinch => format!(
            "{}; the Pinch itself is discarded",
            movement_text(card.movement)
        ),
        m => format!(
            "{}; {}; {} storm points",
            movement_text(m),
            mode_text(card.mode),
            card.points
        ),
    }
}

/// Returns the key to the cards in `cards` (as the board lists them: `38 (Gallop A 2)`,
/// the card's id, movement, mode and storm points): what each movement and mode among
/// them does, each said once; `None` for no cards.
pub(crate) fn card_key(cards: impl IntoIterator<Item = CardRef>) -> Option<String> {
    let (mut movements, mut modes) = (Vec::new(), Vec::new());
    for card in cards.into_iter().map(CardRef::card) {
        if !movements.contains(&card.movement) {
            movements.push(card.movement);
        }
        if card.mode != Mode::None && !modes.contains(&card.mode) {
            modes.push(card.mode);
        }
    }
    if movements.is_empty() {
        return None;
    }
    movements.sort_by_key(|&m| m as u8);
    modes.sort_by_key(|&m| m as u8);
    let mut key: Vec<String> = movements
        .into_iter()
        .map(|m| format!("{}: {}", m.name(), movement_text(m)))
        .collect();
    key.extend(
        modes
            .into_iter()
            .map(|m| format!("mode {}: {}", m.name(), mode_text(m))),
    );
    Some(format!(
        "cards read id (movement mode storm points): {}",
        key.join("; ")
    ))
}
