//! Bots from outside Floe's crates, named in specs like the built-in ones.
//!
//! A user's crate implements [`Bot<G>`], describes the bot once as a [`PluggedBot`] (its
//! name, what it does, its identity, its declared parameters and a maker per game) and adds
//! it to a [`Registry`]. Every front end reads bot lists through a registry, so a plugged
//! bot enters every run a built-in bot can: `--bots random,mine:depth=2`.
//!
//! A run records each plugged bot's identity in its plan, so a shard, a merge and a rerun
//! can tell a bot apart from another of the same name: the identity is the user's promise
//! that two builds with the same identity answer alike (bump it when the bot changes).

use std::any::{Any, TypeId};
use std::fmt;
use std::sync::Arc;

use floe_core::Game;

use crate::outsider::Plug;
use crate::params::{KnownBot, Resolved};
use crate::{Bot, BotParam};

/// What a plugged bot is made by in game `G`: its parameters resolved for `G` in, a fresh
/// bot out (once per worker thread of a run, never per game).
type Maker<G> = dyn Fn(&Resolved) -> Box<dyn Bot<G>> + Send + Sync;

/// A bot from a user's crate: its declaration and a maker for each game it plays.
pub struct PluggedBot {
    declared: KnownBot,
    identity: String,
    /// Each game's `Box<Maker<G>>`, type-erased and keyed by `G`'s type, with its name.
    makers: Vec<(TypeId, &'static str, Box<dyn Any + Send + Sync>)>,
}

impl PluggedBot {
    /// Declares the bot `name` (how specs name it), which does `about` (one line, listed by
    /// the bots' help), with `identity` (say its crate's name and version): what tells
    /// this bot apart from another of the same name when shards are merged or a plan is
    /// run again. It plays no game until one is added ([`PluggedBot::game`]).
    pub fn new(name: &'static str, about: &'static str, identity: impl Into<String>) -> Self {
        PluggedBot {
            declared: KnownBot {
                name,
                about,
                params: &[],
                game_params: &[],
            },
            identity: identity.into(),
            makers: Vec::new(),
        }
    }

    /// Declares the bot's parameters: specs set them as `NAME:KEY=VALUE`, checked, listed
    /// and worded in errors as a built-in bot's are.
    pub fn params(mut self, params: &'static [BotParam]) -> Self {
        self.declared.params = params;
        self
    }

    /// Adds game `G` to the games the bot plays, with `make`, which builds the bot from its
    /// parameters resolved for `G` (spec's values, else declared defaults).
    pub fn game<G: Game>(
        mut self,
        make: impl Fn(&Resolved) -> Box<dyn Bot<G>> + Send + Sync + 'static,
    ) -> Self {
        let maker: Box<Maker<G>> = Box::new(make);
        self.makers.retain(|(id, ..)| *id != TypeId::of::<G>());
        self.makers
            .push((TypeId::of::<G>(), G::DESCRIPTOR.name, Box::new(maker)));
        self
    }

    /// Returns the bot's name, as specs give it.
    pub fn name(&self) -> &'static str {
        self.declared.name
    }

    /// Returns the identity the bot was declared with.
    pub fn identity(&self) -> &str {
        &self.identity
    }

    /// Returns the bot's declaration: name, about and parameters.
    pub fn declared(&self) -> &KnownBot {
        &self.declared
    }

    /// Returns the names of the games the bot plays, in the order added.
    pub fn games(&self) -> Vec<&'static str> {
        self.makers.iter().map(|m| m.1).collect()
    }

    /// Returns whether the bot plays game `G`.
    pub fn plays<G: Game>(&self) -> bool {
        self.maker::<G>().is_some()
    }

    /// Builds the bot for game `G` with `params`, `None` if it does not play `G`.
    pub(crate) fn make<G: Game>(&self, params: &Resolved) -> Option<Box<dyn Bot<G>>> {
        self.maker::<G>().map(|make| make(params))
    }

    fn maker<G: Game>(&self) -> Option<&Maker<G>> {
        self.makers
            .iter()
            .find(|m| m.0 == TypeId::of::<G>())
            .map(|m| {
                m.2.downcast_ref::<Box<Maker<G>>>()
                    .expect("stored under its game's type")
                    .as_ref()
            })
    }
}

impl fmt::Debug for PluggedBot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PluggedBot")
            .field("name", &self.name())
            .field("identity", &self.identity)
            .field("games", &self.games())
            .finish()
    }
}

impl PartialEq for PluggedBot {
    /// Two plugged bots are one bot when they share name and identity: that is the
    /// declaration's promise.
    fn eq(&self, other: &PluggedBot) -> bool {
        self.name() == other.name() && self.identity == other.identity
    }
}

/// Makes a bot that plays every game: registered for each game Floe lists by
/// `floe_games::every_game`, since only the game registry knows them all.
pub trait MakeBot: Send + Sync + 'static {
    /// Builds the bot for game `G` from its parameters resolved for `G`.
    fn make<G: Game>(&self, params: &Resolved) -> Box<dyn Bot<G>>;
}

/// The bots a front end's specs may name besides the built-in ones ([`crate::KNOWN_BOTS`]): bots
/// plugged in by a user's crate, and outsiders a front end seats (a person, a Python
/// function). The default registry has neither. Cloning is cheap: the bots are shared.
#[derive(Clone, Default)]
pub struct Registry {
    plugged: Vec<Arc<PluggedBot>>,
    pub(crate) outsiders: Vec<Plug>,
}

impl Registry {
    /// Adds `bot`, so specs can name it.
    ///
    /// # Panics
    /// Panics if the bot's name is taken (by a built-in bot or one added before) or could
    /// not be read back from a spec list (empty, or holding `:`, `,`, `=` or white space):
    /// a mistake of the program that registers it, seen on its first run.
    pub fn add(&mut self, bot: PluggedBot) -> &mut Self {
        let name = bot.name();
        assert!(
            !name.is_empty()
                && !name.contains([':', ',', '='])
                && !name.contains(char::is_whitespace),
            "a plugged bot's name {name:?} must be a word without ':', ',', '=' or spaces"
        );
        assert!(
            !self.names().iter().any(|n| n == name),
            "a plugged bot's name {name:?} is taken; known bots: {}",
            self.names().join(", ")
        );
        self.plugged.push(Arc::new(bot));
        self
    }

    /// Seats the outsider `plug` wherever a spec names it exactly (a person, a Python
    /// function): before any bot of that name.
    pub fn seat(&mut self, plug: Plug) -> &mut Self {
        self.outsiders.push(plug);
        self
    }

    /// Returns the plugged bots, in the order added.
    pub fn plugged(&self) -> impl Iterator<Item = &PluggedBot> {
        self.plugged.iter().map(AsRef::as_ref)
    }

    /// Returns the plugged bot named `name`.
    pub(crate) fn find(&self, name: &str) -> Option<&Arc<PluggedBot>> {
        self.plugged.iter().find(|b| b.name() == name)
    }
}

impl fmt::Debug for Registry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Registry")
            .field("plugged", &self.plugged)
            .field("outsiders", &self.outsiders)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AnyBot, BotParamKind, BotSpec, RandomBot};
    use arctic_race::ArcticRace;
    use floe_core::{FloeRng, View};
    use north_pole::NorthPole;

    /// Answers with the answer at the place its `at` parameter says.
    struct At(usize);

    impl<G: Game> Bot<G> for At {
        fn act(&mut self, _: &View<'_, G>, answers: &[G::Action], _: &mut FloeRng) -> G::Action {
            answers[self.0.min(answers.len() - 1)]
        }
    }

    const AT: &[BotParam] = &[BotParam {
        name: "at",
        kind: BotParamKind::Whole { min: 0, max: 9 },
        default: Some("0"),
        about: "the place of the answer taken",
    }];

    fn at_bot(identity: &str) -> PluggedBot {
        PluggedBot::new("at", "takes the answer at a place", identity)
            .params(AT)
            .game::<ArcticRace>(|p| Box::new(At(p.whole("at").unwrap() as usize)))
    }

    fn registry() -> Registry {
        let mut registry = Registry::default();
        registry.add(at_bot("at 1"));
        registry
    }

    #[test]
    fn a_plugged_bot_is_parsed_checked_and_built_with_its_parameters() {
        let spec = registry().parse("at:at=2").unwrap();
        assert_eq!(spec.to_string(), "at:at=2");
        assert_eq!(spec.plugged().map(PluggedBot::identity), Some("at 1"));
        assert_eq!(spec.known().map(|k| k.name), Some("at"));
        spec.check_game(&ArcticRace::classic()).unwrap();
        assert!(matches!(spec.build::<ArcticRace>(), AnyBot::Plugged(_)));
        let e = registry().parse("at:at=10").unwrap_err().to_string();
        assert_eq!(
            e,
            "bot \"at\": parameter \"at\" must be a whole number from 0 to 9, not \"10\""
        );
        let e = registry().parse("at:depth=1").unwrap_err().to_string();
        assert!(e.starts_with("bot \"at\" has no parameter \"depth\"; it takes at (a whole number from 0 to 9, default 0"), "{e}");
    }

    #[test]
    fn a_plugged_bot_is_refused_for_a_game_it_was_not_added_for() {
        let spec = registry().parse("at").unwrap();
        let e = spec.check_game(&NorthPole::standard()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "bot \"at\" does not play north-pole; it plays arctic-race"
        );
    }

    #[test]
    fn unknown_bots_are_listed_with_the_plugged_ones_and_only_the_registry_knows_them() {
        let e = registry().parse("alphazero").unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown bot \"alphazero\"; known bots: random, greedy, mcts, onnx, at"
        );
        assert!(BotSpec::parse("at").is_err());
    }

    #[test]
    fn plugged_bots_are_one_bot_when_name_and_identity_agree() {
        let mut other = Registry::default();
        other.add(at_bot("at 2"));
        assert_eq!(registry().parse("at"), registry().parse("at"));
        assert_ne!(registry().parse("at"), other.parse("at"));
    }

    #[test]
    #[should_panic(
        expected = "a plugged bot's name \"greedy\" is taken; known bots: random, greedy, mcts, onnx"
    )]
    fn a_taken_name_is_refused() {
        Registry::default().add(
            PluggedBot::new("greedy", "not the greedy bot", "x")
                .game::<ArcticRace>(|_| Box::new(RandomBot)),
        );
    }

    #[test]
    #[should_panic(expected = "must be a word without")]
    fn a_name_a_spec_list_cannot_hold_is_refused() {
        Registry::default().add(PluggedBot::new("my bot", "spaced", "x"));
    }
}
