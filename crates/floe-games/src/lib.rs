//! The game registry: the one place that names Floe's games.
//!
//! Everything that is not a game's own crate reaches a game through [`visit`]: it names a
//! game, gives its rules (a rules file's text, or none for the built-in default), and
//! hands over a [`GameVisitor`] whose generic [`GameVisitor::visit`] then runs on the
//! loaded game. Adding a game is a crate under `crates/` and one line in the
//! `registry!` list below, which makes both [`GAMES`] and the loader behind [`visit`]
//! and [`visit_file`].
//!
//! # Examples
//! ```
//! use floe_core::Game;
//! use floe_games::{GameVisitor, visit};
//!
//! struct PlayerCounts;
//! impl GameVisitor for PlayerCounts {
//!     type Output = String;
//!     fn visit<G: Game + 'static>(self, game: G) -> String {
//!         let counts = game.player_counts();
//!         format!("{} seats {} to {}", game.name(), counts.start(), counts.end())
//!     }
//! }
//! let text = visit("arctic-race", None, PlayerCounts).unwrap();
//! assert_eq!(text, "arctic-race seats 2 to 6");
//! ```

use std::sync::Arc;

use floe_bots::{MakeBot, PluggedBot};
use floe_core::{Describe, Descriptor, Game, RulesFile};

/// Lists the games, the default first: each becomes an entry of [`GAMES`] (its
/// [`Game::DESCRIPTOR`]), a branch of `load` (its rules read by [`RulesFile`]) and a game
/// [`every_game`] adds a plugged bot to.
macro_rules! registry {
    ($($game:ty),+ $(,)?) => {
        /// Every game Floe can load, the default first.
        pub const GAMES: &[Descriptor] = &[$(<$game as Game>::DESCRIPTOR),+];

        /// Loads the game `name` with `rules` (a file's text and the name for a file that
        /// sets none; `None` for the built-in rules) and runs `visitor` on it.
        fn load<V: GameVisitor>(
            name: &str,
            rules: Option<(&str, Option<&str>)>,
            visitor: V,
        ) -> Result<V::Output, LoadError> {
            $(
                if name == <$game as Game>::DESCRIPTOR.name {
                    let rules = read_rules::<<$game as Game>::Rules>(rules)?;
                    return Ok(visitor.visit(<$game as Game>::from_rules(rules)));
                }
            )+
            Err(LoadError::UnknownGame { name: name.into() })
        }

        /// Adds every game Floe has (the test game too) to the games `bot` plays, each
        /// made by `maker`: how a bot written for every `G: Game` is plugged in.
        pub fn every_game<M: MakeBot>(bot: PluggedBot, maker: M) -> PluggedBot {
            let maker = Arc::new(maker);
            $(
                let made = maker.clone();
                let bot = bot.game::<$game>(move |params| made.make::<$game>(params));
            )+
            bot
        }
    };
}

registry![
    arctic_race::ArcticRace,
    arctic::Arctic,
    north_pole::NorthPole,
    goofspiel::Goofspiel,
];

/// The game used when none is named.
pub const DEFAULT_GAME: &str = GAMES[0].name;

/// Code that runs on whichever game was loaded.
pub trait GameVisitor {
    /// What the code returns.
    type Output;
    /// Runs on the loaded `game`. Every registered game also tells its questions in words
    /// ([`Describe`]), for the front ends where people play; code that needs only the
    /// [`Game`] may bound `G` by it alone.
    fn visit<G: Game + Describe + 'static>(self, game: G) -> Self::Output;
}

/// Why a game could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    /// No game has this name.
    #[error(
        "unknown game {}; games: {}",
        floe_io::gate::quoted(name),
        listed_names().join(", ")
    )]
    UnknownGame {
        /// The name given.
        name: String,
    },
    /// The rules text is not a valid rules file of the game: the game's own message, which
    /// names the line and key.
    #[error("{0}")]
    Rules(String),
}

/// Returns the names of the games offered to users (hidden test games left out).
pub fn listed_names() -> Vec<&'static str> {
    GAMES.iter().filter(|g| !g.hidden).map(|g| g.name).collect()
}

/// Loads the game `name` with the rules file `rules` (its text; `None` for the game's
/// built-in default rules) and runs `visitor` on it. A file without a `name` key keeps
/// the built-in rules' name; see [`visit_file`] for a user's file.
///
/// # Errors
/// Fails on an unknown game name or rules the game refuses.
pub fn visit<V: GameVisitor>(
    name: &str,
    rules: Option<&str>,
    visitor: V,
) -> Result<V::Output, LoadError> {
    load(name, rules.map(|text| (text, None)), visitor)
}

/// Loads the game `name` with a user's rules file `text`, as [`visit`] does, except that a
/// file without a `name` key names its rules `default_name` (say the file's stem): results
/// then label a variant by its file instead of as the built-in rules it departs from.
///
/// # Errors
/// Fails on an unknown game name or rules the game refuses.
pub fn visit_file<V: GameVisitor>(
    name: &str,
    text: &str,
    default_name: &str,
    visitor: V,
) -> Result<V::Output, LoadError> {
    load(name, Some((text, Some(default_name))), visitor)
}

/// Returns the rules of `rules` (a file's text and the name for a file that sets none),
/// or the built-in rules for `None`.
fn read_rules<R: RulesFile>(rules: Option<(&str, Option<&str>)>) -> Result<R, LoadError> {
    match rules {
        None => Ok(R::builtin()),
        Some((text, default_name)) => {
            R::read(text, default_name).map_err(|e| LoadError::Rules(e.to_string()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use floe_core::RuleSet;

    struct Name;
    impl GameVisitor for Name {
        type Output = String;
        fn visit<G: Game + 'static>(self, game: G) -> String {
            format!("{} ({})", game.name(), game.rules().name())
        }
    }

    /// Loads the game's canonical rules back, to check the registry and the game agree.
    struct Canonical;
    impl GameVisitor for Canonical {
        type Output = (String, String);
        fn visit<G: Game + 'static>(self, game: G) -> (String, String) {
            (game.name().to_string(), game.rules().to_toml())
        }
    }

    /// A person offered a game can read it: every listed game carries its player's guide,
    /// which opens with a summary that `floe play`'s `?` shows.
    #[test]
    fn every_listed_game_has_a_guide_with_its_summary() {
        for info in GAMES.iter().filter(|d| !d.hidden) {
            assert!(info.guide.starts_with("# "), "{}: a guide", info.name);
            let brief = info.brief().unwrap_or_default();
            assert!(
                brief.len() > 200,
                "{}: the game in brief: {brief:?}",
                info.name
            );
            assert!(!brief.contains("\n## "), "{}: the summary alone", info.name);
        }
    }

    #[test]
    fn every_game_loads_by_its_name_with_default_and_canonical_rules() {
        for info in GAMES {
            let (name, canonical) = visit(info.name, None, Canonical).unwrap();
            assert_eq!(name, info.name);
            let again = visit(info.name, Some(&canonical), Canonical).unwrap();
            assert_eq!(
                again.1, canonical,
                "{name}: canonical rules load back equal"
            );
        }
        assert_eq!(GAMES[0].name, DEFAULT_GAME);
        assert_eq!(
            listed_names(),
            ["arctic-race", "arctic", "north-pole", "goofspiel"],
            "every game is offered"
        );
    }

    #[test]
    fn unknown_games_and_bad_rules_are_named() {
        let e = visit("chess", None, Name).unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown game \"chess\"; games: arctic-race, arctic, north-pole, goofspiel"
        );
        let e = visit("arctic-race", Some("round_limit = 0"), Name).unwrap_err();
        assert!(e.to_string().starts_with("line 1: round_limit:"), "{e}");
        let named = visit("arctic-race", Some("name = \"short\""), Name).unwrap();
        assert_eq!(named, "arctic-race (short)");
    }

    #[test]
    fn a_users_file_without_a_name_is_named_by_the_default_given() {
        let games = [
            ("arctic-race", "classic"),
            ("arctic", "standard"),
            ("north-pole", "standard"),
            ("goofspiel", "standard"),
        ];
        for (game, builtin) in games {
            let unnamed = visit(game, Some(""), Name).unwrap();
            assert_eq!(unnamed, format!("{game} ({builtin})"));
            let file = visit_file(game, "", "my-rules", Name).unwrap();
            assert_eq!(file, format!("{game} (my-rules)"));
            let named = visit_file(game, "name = \"short\"", "my-rules", Name).unwrap();
            assert_eq!(named, format!("{game} (short)"));
        }
    }
}
