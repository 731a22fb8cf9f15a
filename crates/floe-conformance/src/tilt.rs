//! A bot to plug in from outside Floe's own bots, for the tests of every run that names
//! plugged bots (the lab's runs and the tuner's): `tilt`, which leans to the lowest or
//! highest answer number, with one declared parameter. The tests build their registry of
//! it with `floe_games::every_game(tilt::bot(identity).params(LEAN), MakeTilt)`.

use floe_bots::{Bot, BotParam, BotParamKind, MakeBot, PluggedBot, Resolved};
use floe_core::{FloeRng, Game, View};
use rand::RngExt;

/// Leans to the lowest or highest answer number, or (`none`) answers at random from its
/// seat's rng stream, which the runner seeds per game and seat.
pub struct Tilt {
    /// `none`, `low` or `high`.
    pub lean: &'static str,
}

impl<G: Game> Bot<G> for Tilt {
    fn act(&mut self, view: &View<'_, G>, answers: &[G::Action], rng: &mut FloeRng) -> G::Action {
        let number = |a: &&G::Action| view.game().action_index(**a);
        match self.lean {
            "low" => *answers.iter().min_by_key(number).unwrap(),
            "high" => *answers.iter().max_by_key(number).unwrap(),
            _ => answers[rng.random_range(0..answers.len())],
        }
    }
}

/// `tilt`'s one declared parameter: the end of the answers it leans to.
pub const LEAN: &[BotParam] = &[BotParam {
    name: "lean",
    kind: BotParamKind::Word(&["none", "low", "high"]),
    default: Some("none"),
    about: "the end of the answers' numbers it takes, or none",
}];

/// Makes `tilt` for any game, from its resolved parameters.
pub struct MakeTilt;

impl MakeBot for MakeTilt {
    fn make<G: Game>(&self, params: &Resolved) -> Box<dyn Bot<G>> {
        Box::new(Tilt {
            lean: params.word("lean"),
        })
    }
}

/// `tilt` as a user's crate would plug it in, under `identity` (what a manifest records
/// of its build).
pub fn bot(identity: &str) -> PluggedBot {
    PluggedBot::new("tilt", "leans to an end, or plays at random", identity)
}
