//! Planning a profile: the ladder read or chosen, and the tournament it plays.

use anyhow::Result;
use floe_bots::{Registry, split_spec_list};
use floe_core::Game;
use floe_games::GameVisitor;
use floe_io::gate::quoted;
use floe_sim::{Dealing, Seating, Setting};

use floe_lab::RunKind;
use floe_lab::message::{Message, SettingError};
use floe_lab::request::{RequestRules, RulesFile, RunRequest, known_game, plan_run, with_game};

use crate::*;

/// A profile as a front end asks for it.
pub struct ProfileRequest {
    /// The game's registry name.
    pub game: String,
    /// The rules file, or `None` for the game's default rules.
    pub rules: Option<RulesFile>,
    /// Players per game.
    pub players: usize,
    /// The ladder as given (`--ladder`, bot specs weakest first), or `None` for the
    /// default ladder, topped by [`DEEP`] if the timing allows.
    pub ladder: Option<String>,
    /// Deals to play, each in every seating of the cycle.
    pub deals: u64,
    /// The seed and colours (a profile always seats its ladder in duplicate).
    pub dealing: Dealing,
    /// Also follow how each game unfolds and write `arc.csv` (`--arc`).
    pub arc: bool,
    /// The bots the ladder may name besides the built-in ones.
    pub registry: Registry,
}

/// A checked profile, ready to run.
#[derive(Clone, Debug)]
pub struct PlannedProfile {
    /// The game's registry name.
    pub game: String,
    /// The rules, as the game's canonical rules file.
    pub rules: String,
    /// Players per game.
    pub players: usize,
    /// The ladder given, or `None` for the default, timed.
    pub ladder: Option<Vec<String>>,
    /// Deals to play.
    pub deals: u64,
    /// The seed and colours, with duplicate seating.
    pub dealing: Dealing,
    /// Also follow how each game unfolds and write `arc.csv`.
    pub arc: bool,
    /// Warnings for the user (a bot whose answers depend on the machine's speed).
    pub notes: Vec<Message>,
    /// The bots the ladder may name besides the built-in ones.
    pub registry: Registry,
}

/// Names the tournament's bots, where an error names them, as the profile's ladder.
pub(super) fn ladder_error(e: anyhow::Error) -> anyhow::Error {
    match e.downcast::<SettingError>() {
        Ok(mut refused) => {
            if refused.setting == Setting::Bots {
                refused.setting = Setting::Ladder;
            }
            refused.into()
        }
        Err(e) => e,
    }
}

/// Checks the profile `req` against its game before anything is played: the game, the
/// rules, the players, the ladder (at least two entrants, each a valid bot for the game,
/// none twice) and the deals; each error names the flag.
///
/// # Errors
/// Names the flag (or rules file line) of the first problem.
pub fn plan_profile(req: ProfileRequest) -> Result<PlannedProfile> {
    known_game(&req.game)?;
    struct Check<'a> {
        players: usize,
        ladder: Option<&'a str>,
        deals: u64,
        registry: &'a Registry,
    }
    impl GameVisitor for Check<'_> {
        type Output = Result<Option<Vec<String>>>;
        fn visit<G: Game + 'static>(self, game: G) -> Result<Option<Vec<String>>> {
            floe_sim::check_players(&game, self.players)?;
            let ladder = match self.ladder {
                None => None,
                Some(text) => Some(read_ladder(&game, text, self.registry)?),
            };
            if self.deals == 0 {
                return Err(SettingError::new(Setting::Games, "play at least 1 deal")
                    .value(0)
                    .into());
            }
            Ok(ladder)
        }
    }
    let check = Check {
        players: req.players,
        ladder: req.ladder.as_deref(),
        deals: req.deals,
        registry: &req.registry,
    };
    let ladder = with_game(&req.game, req.rules.as_ref(), check)?;
    // The widest ladder the run may play, checked as the tournament will be.
    let widest: Vec<String> = match &ladder {
        Some(given) => given.clone(),
        None => full_ladder(true),
    };
    let planned = plan_run(tournament_request(
        &req.game,
        req.rules,
        req.players,
        &widest,
        req.deals,
        req.dealing,
        &req.registry,
    )?)
    .map_err(ladder_error)?;
    Ok(PlannedProfile {
        game: req.game,
        rules: planned.plan.rules,
        players: req.players,
        ladder,
        deals: req.deals,
        dealing: planned.plan.dealing,
        arc: req.arc,
        notes: planned.notes,
        registry: req.registry,
    })
}

/// Reads `--ladder`: bot specs (of `registry` too), weakest first, at least two, each
/// valid in `game`, none twice.
pub(super) fn read_ladder<G: Game>(
    game: &G,
    text: &str,
    registry: &Registry,
) -> Result<Vec<String>, SettingError> {
    let refuse = |message: String| SettingError::new(Setting::Ladder, message).quoted(text);
    let specs: Vec<String> = split_spec_list(text)
        .into_iter()
        .map(|s| s.trim().to_string())
        .collect();
    if specs.iter().any(String::is_empty) {
        return Err(refuse(
            "an empty spec; give bot specs separated by commas, weakest first".into(),
        ));
    }
    if specs.len() < 2 {
        return Err(refuse(
            "give at least two entrants, weakest first (e.g. random,greedy)".into(),
        ));
    }
    for (i, spec) in specs.iter().enumerate() {
        let checked = registry
            .parse(spec)
            .and_then(|s| s.check_game(game).map(|()| s));
        if let Err(e) = checked {
            return Err(refuse(format!("spec {} ({}): {e}", i + 1, quoted(spec))));
        }
        if specs[..i].contains(spec) {
            return Err(refuse(format!(
                "{} is entered twice (entrant {}); enter each bot once",
                quoted(spec),
                i + 1
            )));
        }
    }
    Ok(specs)
}

/// Returns the default ladder, with [`DEEP`] on top when `deep`.
pub(super) fn full_ladder(deep: bool) -> Vec<String> {
    let mut ladder: Vec<String> = BASE_LADDER.iter().map(|s| (*s).to_string()).collect();
    if deep {
        ladder.push(DEEP.to_string());
    }
    ladder
}

/// Returns the request of the duplicate tournament of `ladder` (bots of `registry` too):
/// `deals` deals, each in every seating of the cycle, dealt by `dealing` with its seating
/// made duplicate.
pub(super) fn tournament_request(
    game: &str,
    rules: Option<RulesFile>,
    players: usize,
    ladder: &[String],
    deals: u64,
    dealing: Dealing,
    registry: &Registry,
) -> Result<RunRequest> {
    let cycle = Seating::Duplicate.cycle(ladder.len());
    let games = deals.checked_mul(cycle).ok_or_else(|| {
        SettingError::new(
            Setting::Games,
            format!("too many deals ({cycle} games each would overflow)"),
        )
        .value(deals)
    })?;
    Ok(RunRequest {
        kind: RunKind::Tournament,
        game: game.to_string(),
        rules: rules.map(RequestRules::Read),
        players,
        bots: ladder.join(","),
        games,
        dealing: Dealing {
            seating: Seating::Duplicate,
            ..dealing
        },
        per_game: false,
        arc: false,
        registry: registry.clone(),
    })
}
