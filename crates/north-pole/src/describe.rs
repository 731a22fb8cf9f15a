//! Race to the North Pole's questions and answers told in words ([`Describe`]): an answer
//! such as `card:38 (Gallop A 2)` or `to:b1` names what is chosen, and these texts say
//! what choosing it does (a card's, from [`crate::card_words`]).

use floe_core::Describe;

use crate::action::Action;
use crate::board::{Name, Square, bit, turn, turn_bits};
use crate::card_words::card_text;
use crate::deck::Movement;
use crate::engine::NorthPole;
use crate::map::SIDE_NAMES;
use crate::observation::Observation;
use crate::state::{Actor, AfterFree, Phase, State};

impl Describe for NorthPole {
    fn question(&self, st: &State) -> String {
        let player = &st.seats[usize::from(st.seat)];
        match st.phase {
            Phase::Travel => format!(
                "which base camp square of your side does a pawn leave your ship for? ({} on \
                 the ship)",
                player.on_ship()
            ),
            Phase::Free(next) => format!(
                "use a Compass or an Igloo now? It is a free moment; next comes {}",
                after_free(next)
            ),
            Phase::Card => "which card do you play? A play is a card, then the piece that \
                            moves, then where it goes"
                .into(),
            Phase::Pinch => "which card does your Pinch play? Any card with storm points on \
                             another side"
                .into(),
            Phase::Actor => format!(
                "which piece makes the play ({})?",
                card_text(self.rules.card(moving(st)))
            ),
            Phase::Target => {
                let card = self.rules.card(moving(st));
                let piece = piece(self, st);
                match card.movement {
                    Movement::Sling => format!("which piece does {piece} sling at?"),
                    _ => format!("where does {piece} go ({})?", card_text(card)),
                }
            }
            Phase::Keep => "after your redraw, do you discard a disc to make one play?".into(),
            Phase::Limit => format!(
                "you hold {} discs, more than the {} you may keep: discard one, or use a \
                 Compass or an Igloo now",
                player.discs(),
                self.rules.equipment_limit
            ),
            Phase::Husky => "discard a Husky for one more play?".into(),
            Phase::Store => "store one card of your side in your empty Backpack, to play it in \
                             a later turn?"
                .into(),
            Phase::Over => panic!("the game is over: no question is pending"),
        }
    }

    fn answer(&self, st: &State, action: Action) -> String {
        let said = match action {
            Action::Camp(s) => format!("put a pawn on {}", Name(s)),
            Action::Done => match st.phase {
                Phase::Free(next) => format!("use nothing now; go on to {}", after_free(next)),
                _ => "use nothing now".into(),
            },
            Action::Compass(o) => {
                let open = turn_bits(
                    self.rules.geo.open(self.rules.disc_kind(), st.rotation, o),
                    st.rotation,
                );
                format!(
                    "turn the North Pole disc to orientation {o}, opening {}",
                    names(open)
                )
            }
            Action::Igloo(s) => format!(
                "put an Igloo under your pawn on {}: it cannot be ambushed there, nor ambush",
                Name(s)
            ),
            Action::Card(c) => card_text(c.card()),
            Action::Pack(c) => format!(
                "the card in your Backpack: {} (the Backpack is discarded)",
                card_text(c.card())
            ),
            Action::Redraw => format!(
                "discard your cards and draw {} new ones",
                self.rules.hand_size
            ),
            Action::Pinch(c) => format!("on side {}: {}", side_of(st, c.id), card_text(c.card())),
            Action::Pawn(s, false) => format!("your pawn on {}", Name(s)),
            Action::Pawn(s, true) => format!(
                "your pawn in the igloo on {} (the igloo goes when it leaves)",
                Name(s)
            ),
            Action::Bear => "the polar bear".into(),
            Action::To(s) => self.target(st, s),
            Action::Pole => "step onto the North Pole".into(),
            Action::Keep => "make no play; go on to the Backpack".into(),
            Action::Discard(d) if st.phase == Phase::Keep => {
                format!("discard a {d} to make one play")
            }
            Action::Discard(d) => format!("discard a {d}"),
            Action::Stop => "no extra play".into(),
            Action::Husky => "discard a Husky and make one more play".into(),
            Action::NoStore => "store nothing".into(),
            Action::Store(_) => "put it in your Backpack".into(),
        };
        format!("{action}: {said}")
    }
}

impl NorthPole {
    /// Returns what moving to, or slinging at, table square `s` does in the play pending:
    /// a move, an ambush of the piece there (one that is not on a shared square), a
    /// face-down disc found.
    fn target(&self, st: &State, s: Square) -> String {
        let seen = Observation::of(self, st);
        let me = usize::from(st.seat);
        let victim = if seen.bear == Some(s) {
            Some("the polar bear (it leaves the game)".to_string())
        } else {
            (0..seen.seats.len())
                .find(|&p| p != me && seen.seats[p].counts[usize::from(s)] > 0)
                .map(|p| format!("seat {p}'s pawn (it goes back to its ship)"))
        };
        let shared = seen.camps & bit(s) != 0 || st.stack_empty();
        let card = self.rules.card(moving(st));
        let mut said = match (card.movement, victim.filter(|_| !shared)) {
            (Movement::Sling, Some(victim)) => {
                format!("sling at {victim} on {}; you take a disc", Name(s))
            }
            (_, Some(victim)) => {
                format!("move to {}, ambushing {victim}; you take a disc", Name(s))
            }
            (_, None) => format!("move to {}", Name(s)),
        };
        if card.movement != Movement::Sling && seen.masks & bit(s) != 0 {
            said.push_str(" and the face-down disc there");
        }
        said
    }
}

/// Returns the id of the card that moves in the play pending: the Pinch's card, or the
/// card chosen.
fn moving(st: &State) -> u8 {
    st.play.pinched.unwrap_or(st.play.card)
}

/// Returns the piece that makes the play pending, with its table square.
fn piece(game: &NorthPole, st: &State) -> String {
    match st.play.actor {
        Actor::Pawn(s, igloo) => format!(
            "your pawn {}{}",
            if igloo { "in the igloo on " } else { "on " },
            Name(turn(s, st.rotation))
        ),
        Actor::Bear => match Observation::of(game, st).bear {
            Some(s) => format!("the polar bear on {}", Name(s)),
            None => "the polar bear".into(),
        },
    }
}

/// Returns the table side whose group holds card `id`.
fn side_of(st: &State, id: u8) -> &'static str {
    (0..4u8)
        .find(|&side| st.groups[st.group_of(side)].contains(&id))
        .map_or("?", |side| SIDE_NAMES[usize::from(side)])
}

/// Returns the step of the turn that follows a free moment.
fn after_free(next: AfterFree) -> &'static str {
    match next {
        AfterFree::Play => "your play",
        AfterFree::Husky => "the Husky's extra play, if you have one",
        AfterFree::Store => "the Backpack, if you have an empty one",
    }
}

/// Returns the names of the squares of `bits`, space-separated.
fn names(bits: u64) -> String {
    crate::board::squares(bits)
        .map(|s| Name(s).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}
