//! A bot of your own: `first-bot` is Floe's command line with one more bot, `edge`,
//! which every command (simulate, tournament, experiment, profile, tune, play, replay,
//! merge) seats by name: `first-bot tournament --bots random,greedy,edge,edge:end=high`.

use std::process::ExitCode;

use floe_bots::{Bot, BotParam, BotParamKind, MakeBot, PluggedBot, Registry, Resolved};
use floe_core::{FloeRng, Game, View};

/// Takes the answer with the lowest (or highest) fixed number: it draws nothing from the
/// rng, so what it is asked alone decides its answer.
struct Edge {
    low: bool,
}

impl<G: Game> Bot<G> for Edge {
    fn act(&mut self, view: &View<'_, G>, answers: &[G::Action], _: &mut FloeRng) -> G::Action {
        let number = |a: &&G::Action| view.game().action_index(**a);
        let pick = match self.low {
            true => answers.iter().min_by_key(number),
            false => answers.iter().max_by_key(number),
        };
        *pick.expect("a question has answers")
    }
}

/// Its parameter, declared once: specs, errors and `first-bot bots` read it.
const PARAMS: &[BotParam] = &[BotParam {
    name: "end",
    kind: BotParamKind::Word(&["low", "high"]),
    default: Some("low"),
    about: "which end of the answers' numbers it takes",
}];

/// Makes an `Edge` for whichever game a run plays.
struct MakeEdge;

impl MakeBot for MakeEdge {
    fn make<G: Game>(&self, params: &Resolved) -> Box<dyn Bot<G>> {
        Box::new(Edge {
            low: params.word("end") == "low",
        })
    }
}

fn main() -> ExitCode {
    // The identity tells this bot from another `edge` when shards are merged: change it
    // whenever the bot's answers change.
    let about = "takes the answer with the lowest (or highest) number";
    let edge = PluggedBot::new("edge", about, "edge 1").params(PARAMS);
    let mut bots = Registry::default();
    bots.add(floe_games::every_game(edge, MakeEdge));
    floe_cli::main_with(bots)
}
