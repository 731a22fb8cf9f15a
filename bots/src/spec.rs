//! Bot specs: the strings that name a bot and its parameters, like `random` or
//! `mcts:iters=2000,c=0.7`.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use floe_core::Game;

use crate::error::SpecError;
use crate::greedy::{GreedyLookahead, JudgedAt, RestOfTurn};
use crate::known::{GREEDY_PARAMS, KNOWN_BOTS};
use crate::learned::{OnnxBot, Pick};
use crate::outsider::{OutsiderBot, Plug};
use crate::params::{BotValue, Given, KnownBot, Resolved};
use crate::registry::{PluggedBot, Registry};
use crate::{
    AnyBot, Cut, GreedyBot, MctsBot, RandomBot, Reward, Rollout, Settings, Simul, TreeKind, Turn,
};
use floe_onnx::{Model, Role, Table};

/// A parsed, checked bot spec. Its `Display` is the spec string as the user wrote it.
#[derive(Clone, Debug, PartialEq)]
pub struct BotSpec {
    text: String,
    kind: Kind,
    /// The parameters given that only some games declare, as `BOT.PARAM`.
    game_params: Vec<String>,
}

#[derive(Clone, Debug, PartialEq)]
enum Kind {
    Random,
    /// A player from outside Floe, seated by a front end (named in a [`Registry`]).
    Outsider(Plug),
    /// A bot from a user's crate, with the parameters the spec gives.
    Plugged(Arc<PluggedBot>, Given),
    /// The parameters left out of the spec take the game's defaults, then the declared.
    Greedy(Given),
    Mcts(Given),
    /// A policy network's bot; its `model` is read with the spec.
    Onnx(Given),
}

impl BotSpec {
    /// Parses one spec of a built-in bot: `NAME` or `NAME:KEY=VALUE,KEY=VALUE`
    /// ([`Registry::parse`] reads the bots of a registry too).
    ///
    /// # Errors
    /// Fails on an unknown bot, an unknown parameter, or a bad value, naming which.
    ///
    /// # Examples
    /// ```
    /// let spec = floe_bots::BotSpec::parse("random").unwrap();
    /// assert_eq!(spec.to_string(), "random");
    /// assert!(floe_bots::BotSpec::parse("randon").unwrap_err().to_string().contains("known bots: random"));
    /// ```
    pub fn parse(text: &str) -> Result<BotSpec, SpecError> {
        Registry::default().parse(text)
    }

    /// Parses one spec of a built-in bot or of a bot plugged into `registry`.
    pub(crate) fn parse_in(text: &str, registry: &Registry) -> Result<BotSpec, SpecError> {
        let text = text.trim();
        let (name, params) = text.split_once(':').unwrap_or((text, ""));
        let name = name.trim();
        if name.is_empty() {
            return Err(SpecError::Empty);
        }
        let plugged = registry.find(name);
        let Some(known) = KNOWN_BOTS
            .iter()
            .find(|b| b.name == name)
            .or(plugged.map(|p| p.declared()))
        else {
            return Err(SpecError::UnknownBot {
                name: name.to_string(),
                known: registry.names(),
            });
        };
        let pairs = parse_params(name, &shorthand(known.name, params))?;
        if let Some((_, (key, _))) = pairs
            .iter()
            .enumerate()
            .find(|(i, (key, _))| pairs[..*i].iter().any(|(k, _)| k == key))
        {
            return Err(SpecError::Repeated {
                bot: name.into(),
                param: key.clone(),
            });
        }
        let game_params = pairs
            .iter()
            .filter(|(k, _)| known.game_params.contains(&k.as_str()))
            .map(|(k, _)| format!("{name}.{k}"))
            .collect();
        let given = Given::read(known.name, known.params, &pairs)?;
        let kind = match (plugged, known.name) {
            (Some(bot), _) => Kind::Plugged(bot.clone(), given),
            (None, "greedy") => Kind::Greedy(given),
            (None, "mcts") => Kind::Mcts(given),
            (None, "onnx") if given.given("model").is_none() => {
                return Err(SpecError::Needs {
                    bot: name.into(),
                    param: "model".into(),
                    example: "onnx:policy.onnx".into(),
                });
            }
            (None, "onnx") => Kind::Onnx(given),
            _ => Kind::Random,
        };
        Ok(BotSpec {
            text: text.to_string(),
            kind,
            game_params,
        })
    }

    /// Checks that the bot plays `game` (a plugged bot plays the games it was registered
    /// for) and that every game-specific parameter the spec sets is one that `game`
    /// declares (see [`KnownBot::game_params`]).
    ///
    /// # Errors
    /// Names the game a plugged bot does not play, or the first parameter the game gives
    /// no meaning.
    pub fn check_game<G: Game>(&self, game: &G) -> Result<(), SpecError> {
        if let Some(bot) = self.plugged().filter(|bot| !bot.plays::<G>()) {
            return Err(SpecError::NotPlayed {
                bot: bot.name().into(),
                game: game.name().into(),
                games: bot.games().into_iter().map(String::from).collect(),
            });
        }
        let declared: Vec<String> = game.bot_parameters().into_iter().map(|d| d.path).collect();
        match self.game_params.iter().find(|p| !declared.contains(p)) {
            None => Ok(()),
            Some(path) => {
                let (bot, param) = path.split_once('.').expect("written as BOT.PARAM");
                Err(SpecError::NotForGame {
                    bot: bot.into(),
                    param: param.into(),
                    game: game.name().into(),
                    declared,
                })
            }
        }
    }

    /// Builds a fresh bot for game `G`. The runner calls it a few times per worker thread
    /// (once per rayon job), never per game or per question.
    ///
    /// # Panics
    /// Panics for a plugged bot that does not play `G`, which [`BotSpec::check_game`]
    /// refuses.
    pub fn build<G: Game>(&self) -> AnyBot<G> {
        match &self.kind {
            Kind::Random => AnyBot::Random(RandomBot),
            Kind::Outsider(plug) => AnyBot::Plugged(Box::new(OutsiderBot::new(plug.clone()))),
            Kind::Plugged(bot, given) => {
                AnyBot::Plugged(bot.make::<G>(&given.resolve::<G>()).unwrap_or_else(|| {
                    panic!("bot {:?} does not play {}", bot.name(), G::DESCRIPTOR.name)
                }))
            }
            Kind::Greedy(given) => {
                let r = given.resolve::<G>();
                AnyBot::Greedy(GreedyBot::new(r.number("progress"), lookahead(&r)))
            }
            Kind::Mcts(given) => {
                let (progress, greedy) = greedy_of::<G>();
                let settings = mcts_settings::<G>(given);
                let r = given.resolve::<G>();
                AnyBot::Mcts(Box::new(
                    MctsBot::with_settings(settings, progress, greedy)
                        .with_networks(r.model("prior"), r.model("value")),
                ))
            }
            Kind::Onnx(given) => {
                let r = given.resolve::<G>();
                let pick = match r.word("pick") {
                    "sample" => Pick::Sample,
                    _ => Pick::Best,
                };
                let model = r.model("model").expect("an onnx spec names its model");
                AnyBot::Learned(Box::new(OnnxBot::new(model, pick)))
            }
        }
    }

    /// Checks that the networks the spec names fit `game` at a table of `players`: their
    /// inputs take the game's encoding and mask, their outputs a score per answer (a
    /// policy) or one value. Every front end calls it before its first game.
    ///
    /// # Errors
    /// Names the file, the tensor and both shapes.
    pub fn check_table<G: Game>(&self, game: &G, players: usize) -> Result<(), SpecError> {
        let networks = self.networks();
        // A player count the game refuses is refused where players are checked; the
        // encoding of such a table is not defined.
        if networks.is_empty() || game.refuse_players(players).is_some() {
            return Ok(());
        }
        let table = Table {
            name: format!("{} at {}", game.name(), floe_io::count(players, "player")),
            encoding: game.encoding_len(players),
            answers: game.action_count(players),
        };
        let bot = self.known().map_or("", |k| k.name);
        for (model, role) in networks {
            model.fit(role, &table).map_err(|why| SpecError::Unfit {
                bot: bot.into(),
                why,
            })?;
        }
        Ok(())
    }

    /// Returns the networks the spec names, each with the role it plays.
    fn networks(&self) -> Vec<(Arc<Model>, Role)> {
        let given = match &self.kind {
            Kind::Onnx(given) | Kind::Mcts(given) => given,
            _ => return Vec::new(),
        };
        [
            ("model", Role::Policy),
            ("prior", Role::Policy),
            ("value", Role::Value),
        ]
        .into_iter()
        .filter(|(name, _)| given.declares(name))
        .filter_map(|(name, role)| match given.given(name) {
            Some(BotValue::Model(m)) => Some((m, role)),
            _ => None,
        })
        .collect()
    }

    /// Returns the settings an `mcts` spec searches with in game `G` (`None` for another
    /// bot).
    pub fn mcts_settings<G: Game>(&self) -> Option<Settings> {
        match &self.kind {
            Kind::Mcts(given) => Some(mcts_settings::<G>(given)),
            _ => None,
        }
    }

    /// Returns whether the bot searches, and so may think for as long as its iterations
    /// take (minutes with millions of them); the other bots answer within milliseconds.
    pub fn searches(&self) -> bool {
        matches!(&self.kind, Kind::Mcts(_))
    }

    /// Returns whether the bot's answers depend on anything but the game seed and its seat
    /// (a time limit does): runs with such a bot are not reproducible.
    pub fn is_timed(&self) -> bool {
        matches!(&self.kind, Kind::Mcts(given) if given.given("ms").is_some())
    }

    /// Returns the declaration of the bot the spec names: from [`KNOWN_BOTS`], or a
    /// plugged bot's (`None` for an outsider).
    pub fn known(&self) -> Option<&KnownBot> {
        let name = match &self.kind {
            Kind::Random => "random",
            Kind::Greedy(_) => "greedy",
            Kind::Mcts(_) => "mcts",
            Kind::Onnx(_) => "onnx",
            Kind::Plugged(bot, _) => return Some(bot.declared()),
            Kind::Outsider(_) => return None,
        };
        KNOWN_BOTS.iter().find(|b| b.name == name)
    }

    /// Returns the plugged bot the spec names, if it names one.
    pub fn plugged(&self) -> Option<&PluggedBot> {
        match &self.kind {
            Kind::Plugged(bot, _) => Some(bot),
            _ => None,
        }
    }

    /// Returns the identity of each plugged bot of `specs`, by name: what a run records,
    /// so that it is carried out (or merged) only with the same bots.
    pub fn identities(specs: &[BotSpec]) -> BTreeMap<String, String> {
        let networks = specs.iter().flat_map(BotSpec::networks).map(|(m, _)| {
            (
                floe_io::gate::path(m.path()),
                format!("sha256 {}", m.digest()),
            )
        });
        specs
            .iter()
            .filter_map(BotSpec::plugged)
            .map(|bot| (bot.name().to_string(), bot.identity().to_string()))
            .chain(networks)
            .collect()
    }

    /// Returns the spec of a player from outside Floe (see [`crate::outsider`]), named
    /// `name` in results: how a [`Registry`] seats a person, a Python function or a game
    /// record's answers wherever a bot can sit.
    pub(crate) fn outsider(plug: Plug) -> BotSpec {
        BotSpec {
            text: plug.name().to_string(),
            kind: Kind::Outsider(plug),
            game_params: Vec::new(),
        }
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Returns how the greedy bot looks ahead, from its resolved parameters.
fn lookahead(r: &Resolved) -> GreedyLookahead {
    GreedyLookahead {
        depth: r.whole("depth").expect("depth has a default") as usize,
        rest_of_turn: match r.word("turn") {
            "random" => RestOfTurn::Random,
            _ => RestOfTurn::Search,
        },
        judged_at: match r.word("judge") {
            "turn-end" => JudgedAt::TurnEnd,
            _ => JudgedAt::NextTurn,
        },
    }
}

/// Returns how game `G`'s greedy bot weighs progress and looks ahead with its defaults
/// (the MCTS bot's estimates, greedy playouts and turn plans judge and search as it does).
fn greedy_of<G: Game>() -> (f64, GreedyLookahead) {
    let given = Given::read("greedy", GREEDY_PARAMS, &[]).expect("no parameters given");
    let r = given.resolve::<G>();
    (r.number("progress"), lookahead(&r))
}

/// Returns the MCTS settings of `given`'s parameters in game `G`.
fn mcts_settings<G: Game>(given: &Given) -> Settings {
    let r = given.resolve::<G>();
    let ms = r.whole("ms");
    let iters = match (given.given("iters"), ms) {
        (None, Some(_)) => u32::MAX,
        _ => r.whole("iters").expect("iters has a default") as u32,
    };
    Settings {
        iters,
        time_limit: ms.map(Duration::from_millis),
        c: r.number("c"),
        rollout: match r.word("rollout") {
            "greedy" => Rollout::Greedy,
            "mast" => Rollout::Mast,
            "standing" => Rollout::Standing,
            _ => Rollout::Random,
        },
        epsilon: r.number("eps"),
        tree: match r.word("tree") {
            "multi" => TreeKind::Multi,
            "open" => TreeKind::Open,
            _ => TreeKind::Single,
        },
        reward: match r.word("reward") {
            "win" => Reward::Win,
            "rank" => Reward::Rank,
            "margin" => Reward::Margin,
            _ => Reward::Score,
        },
        // A value network judges the leaves: without a cut of its own the search judges
        // each new leaf at once, as AlphaZero does, rather than play on to the end.
        cut: match (r.either("cut"), given.given("cut"), given.given("value")) {
            (_, None, Some(_)) => Cut::Turns(0),
            (BotValue::Whole(turns), ..) => Cut::Turns(turns as u32),
            _ => Cut::End,
        },
        bias: r.number("bias"),
        widen: r.number("widen"),
        turn: match r.word("turn") {
            "plan" => Turn::Plan,
            _ => Turn::Tree,
        },
        paired: r.word("paired") == "on",
        simul: match r.word("simul") {
            "regret" => Simul::Regret {
                gamma: r.number("gamma"),
            },
            "exp3" => Simul::Exp3 {
                gamma: r.number("gamma"),
            },
            _ => Simul::Tree,
        },
    }
}

/// Returns `params` with the `onnx` bot's shorthand spelled out: `onnx:PATH` (a first piece
/// without `=`) names its model, as `onnx:model=PATH` does.
fn shorthand(bot: &str, params: &str) -> String {
    let first = params.split(',').next().unwrap_or("").trim();
    if bot == "onnx" && !first.is_empty() && !first.contains('=') {
        format!("model={params}")
    } else {
        params.to_string()
    }
}

/// Splits `KEY=VALUE,KEY=VALUE` into pairs, refusing a piece without `=`.
fn parse_params(bot: &str, params: &str) -> Result<Vec<(String, String)>, SpecError> {
    params
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|param| match param.split_once('=') {
            Some((k, v)) => Ok((k.trim().to_string(), v.trim().to_string())),
            None => Err(SpecError::MissingValue {
                bot: bot.into(),
                param: param.into(),
            }),
        })
        .collect()
}

/// Splits a comma-separated list of specs (one per seat). A piece holding `=` but no `:`
/// continues the parameters of the spec before it, so `mcts:iters=9,c=0.7,random` is two
/// specs: `mcts:iters=9,c=0.7` and `random`.
///
/// # Examples
/// ```
/// let specs = floe_bots::split_spec_list("random, mcts:iters=9,c=0.7,random");
/// assert_eq!(specs, vec!["random", "mcts:iters=9,c=0.7", "random"]);
/// ```
pub fn split_spec_list(list: &str) -> Vec<String> {
    let mut specs: Vec<String> = Vec::new();
    for piece in list.split(',').map(str::trim) {
        match specs.last_mut() {
            Some(last) if piece.contains('=') && !piece.contains(':') && last.contains(':') => {
                last.push(',');
                last.push_str(piece);
            }
            _ => specs.push(piece.to_string()),
        }
    }
    specs
}

/// Reading specs with a registry's bots: here, beside the built-in bots they join.
impl Registry {
    /// Parses one bot spec, `NAME` or `NAME:KEY=VALUE,KEY=VALUE`, where NAME is an
    /// outsider of the registry, a built-in bot or a plugged one.
    ///
    /// # Errors
    /// Fails on an unknown bot (listing the known ones), an unknown parameter, or a bad
    /// value, naming which.
    pub fn parse(&self, text: &str) -> Result<BotSpec, SpecError> {
        if let Some(plug) = self.outsiders.iter().find(|p| p.name() == text.trim()) {
            return Ok(BotSpec::outsider(plug.clone()));
        }
        BotSpec::parse_in(text, self)
    }

    /// Returns the names of every bot a spec can name, built-in first.
    pub(crate) fn names(&self) -> Vec<String> {
        KNOWN_BOTS
            .iter()
            .map(|b| b.name)
            .chain(self.plugged().map(PluggedBot::name))
            .map(String::from)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check_bot_defaults;
    use crate::known::MCTS_PARAMS;

    #[test]
    fn random_takes_no_parameters() {
        let e = BotSpec::parse("random:foo=1").unwrap_err();
        assert_eq!(
            e.to_string(),
            "bot \"random\" has no parameter \"foo\"; it takes no parameters"
        );
        let e = BotSpec::parse("random:foo").unwrap_err();
        assert!(e.to_string().contains("needs a value"), "{e}");
    }

    #[test]
    fn greedy_parameters_are_checked_and_named() {
        let e = BotSpec::parse("greedy:iters=5").unwrap_err().to_string();
        assert!(
            e.starts_with("bot \"greedy\" has no parameter \"iters\"; it takes progress"),
            "{e}"
        );
        assert!(
            e.contains("depth (a whole number from 0 to 3, default 1"),
            "{e}"
        );
        assert!(e.contains("turn (search or random"), "{e}");
        for (spec, message) in [
            (
                "greedy:turn=all",
                "parameter \"turn\" must be search or random, not \"all\"",
            ),
            (
                "greedy:judge=later",
                "parameter \"judge\" must be turn-end or next-turn, not \"later\"",
            ),
            (
                "greedy:depth=1.5",
                "parameter \"depth\" must be a whole number from 0 to 3, not \"1.5\"",
            ),
            (
                "greedy:progress=abc",
                "parameter \"progress\" must be a number from 0 to 100, not \"abc\"",
            ),
        ] {
            let e = BotSpec::parse(spec).unwrap_err().to_string();
            assert_eq!(e, format!("bot \"greedy\": {message}"));
        }
        assert!(BotSpec::parse("greedy:progress=-1").is_err());
        assert!(BotSpec::parse("greedy:depth=4").is_err());
    }

    #[test]
    fn greedy_takes_declared_defaults_the_games_and_values() {
        use arctic_race::ArcticRace;
        let resolved = |text: &str| match BotSpec::parse(text).unwrap().kind {
            Kind::Greedy(given) => {
                let r = given.resolve::<ArcticRace>();
                (r.number("progress"), lookahead(&r))
            }
            _ => panic!("not greedy"),
        };
        assert_eq!(resolved("greedy"), (0.5, GreedyLookahead::SEARCH));
        let spec = "greedy:depth=2, progress=0.25,turn=random,judge=turn-end";
        assert_eq!(
            resolved(spec),
            (
                0.25,
                GreedyLookahead {
                    depth: 2,
                    rest_of_turn: RestOfTurn::Random,
                    judged_at: JudgedAt::TurnEnd,
                }
            )
        );
        assert_eq!(BotSpec::parse(spec).unwrap().to_string(), spec);
        // North Pole's own defaults: depth 0, judged at the turn's end; a spec overrides.
        let np = |text: &str| match BotSpec::parse(text).unwrap().kind {
            Kind::Greedy(given) => lookahead(&given.resolve::<north_pole::NorthPole>()),
            _ => panic!("not greedy"),
        };
        assert_eq!(np("greedy").depth, 0);
        assert_eq!(np("greedy").judged_at, JudgedAt::TurnEnd);
        assert_eq!(np("greedy:depth=1").depth, 1);
    }

    #[test]
    fn mcts_parameters_are_checked_and_named() {
        let e = |spec: &str| BotSpec::parse(spec).unwrap_err().to_string();
        assert_eq!(
            e("mcts:iters=-3"),
            "bot \"mcts\": parameter \"iters\" must be a whole number from 1 to 10000000, not \"-3\""
        );
        assert_eq!(
            e("mcts:iters=0"),
            "bot \"mcts\": parameter \"iters\" must be a whole number from 1 to 10000000, not \"0\""
        );
        assert_eq!(
            e("mcts:c=abc"),
            "bot \"mcts\": parameter \"c\" must be a number from 0 to 100, not \"abc\""
        );
        assert_eq!(
            e("mcts:rollout=smart"),
            "bot \"mcts\": parameter \"rollout\" must be random, greedy, mast or standing, not \"smart\""
        );
        assert_eq!(
            e("mcts:cut=-1"),
            "bot \"mcts\": parameter \"cut\" must be end or a whole number from 0 to 100000, not \"-1\""
        );
        assert_eq!(
            e("mcts:tree=foo"),
            "bot \"mcts\": parameter \"tree\" must be single, multi or open, not \"foo\""
        );
        assert_eq!(
            e("mcts:reward=x"),
            "bot \"mcts\": parameter \"reward\" must be win, score, rank or margin, not \"x\""
        );
        assert_eq!(
            e("mcts:eps=1.5"),
            "bot \"mcts\": parameter \"eps\" must be a number from 0 to 1, not \"1.5\""
        );
        assert_eq!(
            e("mcts:paired=yes"),
            "bot \"mcts\": parameter \"paired\" must be on or off, not \"yes\""
        );
        // An unknown parameter lists every declared one with its kind, default and meaning.
        let unknown = e("mcts:foo=1");
        assert!(
            unknown.starts_with("bot \"mcts\" has no parameter \"foo\"; it takes iters (a whole number from 1 to 10000000, default 1000: iterations"),
            "{unknown}"
        );
        for param in MCTS_PARAMS {
            assert!(
                unknown.contains(&param.describe()),
                "{unknown} lists {}",
                param.name
            );
        }
    }

    /// Returns the settings of `text`, an `mcts` spec, in Arctic Race.
    fn settings(text: &str) -> Settings {
        BotSpec::parse(text)
            .unwrap()
            .mcts_settings::<arctic_race::ArcticRace>()
            .unwrap()
    }

    #[test]
    fn mcts_settings_come_from_the_spec_the_game_and_the_declarations() {
        // Arctic Race gives reward and c; the rest are declared defaults.
        assert_eq!(
            settings("mcts"),
            Settings {
                reward: Reward::Margin,
                c: 0.3,
                ..Settings::PLAIN
            }
        );
        let s = settings(
            "mcts:iters=50,c=1.4,rollout=mast,eps=0.2,tree=multi,reward=rank,cut=0,bias=2,widen=1.5,turn=plan,paired=off",
        );
        assert_eq!(
            s,
            Settings {
                iters: 50,
                time_limit: None,
                c: 1.4,
                rollout: Rollout::Mast,
                epsilon: 0.2,
                tree: TreeKind::Multi,
                reward: Reward::Rank,
                cut: Cut::Turns(0),
                bias: 2.0,
                widen: 1.5,
                turn: Turn::Plan,
                paired: false,
                simul: Simul::Tree,
            }
        );
        assert_eq!(
            settings("mcts:simul=regret").simul,
            Simul::Regret { gamma: 0.1 }
        );
        assert_eq!(
            settings("mcts:simul=exp3,gamma=0.25").simul,
            Simul::Exp3 { gamma: 0.25 }
        );
        assert_eq!(settings("mcts:cut=end").cut, Cut::End);
        assert_eq!(settings("mcts:rollout=standing").rollout, Rollout::Standing);
        assert_eq!(settings("mcts:rollout=greedy").rollout, Rollout::Greedy);
        assert_eq!(settings("mcts:tree=open,reward=win").tree, TreeKind::Open);
        assert_eq!(
            BotSpec::parse("random")
                .unwrap()
                .mcts_settings::<arctic_race::ArcticRace>(),
            None
        );
    }

    #[test]
    fn bot_defaults_must_name_declared_parameters_with_good_values() {
        use floe_core::Game;
        check_bot_defaults(arctic_race::ArcticRace::BOT_DEFAULTS).unwrap();
        check_bot_defaults(north_pole::NorthPole::BOT_DEFAULTS).unwrap();
        let e = |defaults: &[(&str, &str)]| check_bot_defaults(defaults).unwrap_err();
        assert_eq!(
            e(&[("mcts.c", "-1")]),
            "mcts.c = \"-1\": must be a number from 0 to 100"
        );
        assert_eq!(
            e(&[("mcts.x", "1")]),
            "mcts.x: no bot declares this parameter"
        );
        assert_eq!(e(&[("c", "1")]), "c: a default is named BOT.PARAM");
    }

    #[test]
    fn mcts_time_limit_alone_lifts_the_iteration_count() {
        assert_eq!(
            (settings("mcts").iters, settings("mcts").time_limit),
            (1000, None)
        );
        let limit = Some(Duration::from_millis(20));
        assert_eq!(
            (
                settings("mcts:ms=20").iters,
                settings("mcts:ms=20").time_limit
            ),
            (u32::MAX, limit)
        );
        assert_eq!(settings("mcts:ms=20,iters=300").iters, 300);
        assert!(BotSpec::parse("mcts:ms=20").unwrap().is_timed());
        assert!(!BotSpec::parse("mcts:iters=20").unwrap().is_timed());
        assert_eq!(
            BotSpec::parse("mcts:ms=0").unwrap_err().to_string(),
            "bot \"mcts\": parameter \"ms\" must be a whole number from 1 to 3600000, not \"0\""
        );
    }

    #[test]
    fn unknown_bot_lists_the_known_ones() {
        let e = BotSpec::parse("alphazero").unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown bot \"alphazero\"; known bots: random, greedy, mcts, onnx"
        );
        assert_eq!(BotSpec::parse(" ").unwrap_err(), SpecError::Empty);
    }

    #[test]
    fn a_repeated_parameter_is_named() {
        assert_eq!(
            BotSpec::parse("mcts:iters=10,iters=20")
                .unwrap_err()
                .to_string(),
            "bot \"mcts\": parameter \"iters\" is given twice"
        );
    }

    #[test]
    fn spec_keeps_the_text_as_written() {
        assert_eq!(BotSpec::parse(" random ").unwrap().to_string(), "random");
    }

    #[test]
    fn list_splits_per_seat() {
        assert_eq!(split_spec_list("random"), vec!["random"]);
        assert_eq!(split_spec_list("random,random"), vec!["random", "random"]);
        assert_eq!(
            split_spec_list("a:x=1,y=2,b:z=3,w=4"),
            vec!["a:x=1,y=2", "b:z=3,w=4"]
        );
        assert_eq!(split_spec_list("random,"), vec!["random", ""]);
    }
}
