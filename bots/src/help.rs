//! The help listing of the bots (`floe bots`): every built-in and plugged bot with its
//! parameters as they stand in one game. It reads the declarations ([`crate::known`]), the
//! parameters ([`crate::params`]) and a registry; none of them reads it.

use floe_core::Game;

use crate::Registry;
use crate::known::KNOWN_BOTS;
use crate::params::game_default;

/// Returns every bot and its parameters as they stand in game `G`, for people: each
/// parameter's values, its default in this game (saying where the game changes the
/// declared one) and what it means. The bots plugged into `registry` follow the built-in
/// ones, each with its identity and, for a game it does not play, the games it does.
pub fn bots_help<G: Game>(game: &G, registry: &Registry) -> String {
    use std::fmt::Write as _;
    let game_params: Vec<String> = game.bot_parameters().into_iter().map(|d| d.path).collect();
    let plugged = registry.plugged().map(|bot| {
        let games = match bot.plays::<G>() {
            true => String::new(),
            false => format!(
                "; it does not play {}, only {}",
                game.name(),
                bot.games().join(", ")
            ),
        };
        (
            bot.declared(),
            format!(" (plugged in: {}{games})", bot.identity()),
        )
    });
    let mut out = String::new();
    for (bot, note) in KNOWN_BOTS.iter().map(|b| (b, String::new())).chain(plugged) {
        let _ = writeln!(out, "{}: {}{note}", bot.name, bot.about);
        for param in bot.params {
            let path = format!("{}.{}", bot.name, param.name);
            if bot.game_params.contains(&param.name) && !game_params.contains(&path) {
                continue;
            }
            let default = match (game_default::<G>(bot.name, param.name), param.default) {
                (Some(ours), Some(declared)) if ours != declared => {
                    format!("{ours} in {} (declared {declared})", game.name())
                }
                (Some(ours), None) => format!("{ours} in {}", game.name()),
                (_, Some(declared)) => declared.to_string(),
                (None, None) => "none".to_string(),
            };
            let _ = writeln!(
                out,
                "  {:<9} {}; default {default}: {}",
                param.name, param.kind, param.about
            );
        }
    }
    out
}
