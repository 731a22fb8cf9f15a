//! What the small test games of these tests share.

use floe_core::{Descriptor, RuleSet};

/// The rules of a test game that has none to change: no parameters.
#[derive(Clone, Debug)]
pub struct NoParameters;

impl RuleSet for NoParameters {
    fn name(&self) -> &str {
        "only"
    }
    fn colours(&self) -> &[String] {
        &[]
    }
    fn to_toml(&self) -> String {
        "name = \"only\"\n".into()
    }
}

/// The descriptor of a two-seat test game named `name` that ends one way.
pub const fn two_seat_game(name: &'static str) -> Descriptor {
    Descriptor {
        name,
        about: "a test game",
        player_counts: 2..=2,
        end_causes: &["done"],
        progress_name: "none",
        hidden: true,
        figures: &[],
        guide: "",
        drawing: "",
    }
}

/// Writes the items of a `Game` impl that every small test game here shares, so that each
/// impl states only its own rules: no parameters, the two-seat descriptor named `$name`, a
/// new game that starts from the state's `Default`, and two players.
macro_rules! two_seat_basics {
    ($name:literal) => {
        type Rules = $crate::common::NoParameters;

        const DESCRIPTOR: ::floe_core::Descriptor = $crate::common::two_seat_game($name);

        fn rules(&self) -> &$crate::common::NoParameters {
            &$crate::common::NoParameters
        }
        fn new_game_logged(
            &self,
            _: usize,
            _: &mut ::floe_core::FloeRng,
            _: &mut impl FnMut(Self::Event),
        ) -> Self::State {
            Default::default()
        }
        fn players(&self, _: &Self::State) -> usize {
            2
        }
    };
}
pub(crate) use two_seat_basics;

/// Writes the items of a test game whose answers are the numbers below `$count` (`u8`),
/// seen alike by every seat, whose events and observations are text, and which encodes
/// nothing: what the games whose answers are bare numbers share. Such a game logs nothing:
/// `advance` plays an answer with the game's own `$play(&self, state, answer, rng)` and
/// lists the next answers.
#[allow(unused_macros)] // not every test game's answers are numbers
macro_rules! numbered_answers {
    ($count:expr, $play:ident) => {
        type Action = u8;
        type Event = String;
        type Observation = String;
        type ActionKey = u8;

        fn advance(
            &self,
            st: &mut Self::State,
            action: u8,
            rng: &mut ::floe_core::FloeRng,
            answers: &mut ::floe_core::ActionList<u8>,
            _: &mut impl FnMut(String),
        ) {
            self.$play(st, action, rng);
            self.legal_actions(st, answers);
        }

        fn action_key(&self, _: &Self::State, action: u8, _: ::floe_core::Seat) -> u8 {
            action
        }
        fn encoding_len(&self, _: usize) -> usize {
            0
        }
        fn encode(&self, _: &String, _: &mut [f32]) {}
        fn action_count(&self, _: usize) -> usize {
            $count
        }
        fn action_index(&self, action: u8) -> usize {
            usize::from(action)
        }
        fn action_at(&self, _: usize, index: usize) -> Option<u8> {
            (index < $count).then_some(index as u8)
        }
    };
}
#[allow(unused_imports)] // likewise
pub(crate) use numbered_answers;
