//! Bot specs: the strings that name a bot and its parameters, like `random` or
//! `mcts:iters=2000,c=0.7`.

use std::fmt;
use std::time::Duration;

use floe_core::{Game, GreedyLookahead, JudgedAt, RestOfTurn};

use crate::outsider::{OutsiderBot, Plug};
use crate::{AnyBot, GreedyBot, MctsBot, RandomBot, Reward, Rollout, TreeKind};

/// A bot that specs can name.
#[derive(Debug)]
pub struct KnownBot {
    /// The name a spec starts with.
    pub name: &'static str,
    /// One line on what it does (listed in errors and docs).
    pub about: &'static str,
    /// The parameters it takes, as error messages list them.
    pub params: &'static str,
    /// The parameters that mean something only in games that declare them (as
    /// `BOT.PARAM` in [`floe_core::Game::bot_parameters`]).
    pub game_params: &'static [&'static str],
    /// Reads the parameters of a spec naming this bot.
    read: fn(&mut Params) -> Result<Kind, SpecError>,
}

/// Every bot a spec can name: the one list that parsing, errors and tests read.
pub const KNOWN_BOTS: &[KnownBot] = &[
    KnownBot {
        name: "random",
        about: "answers every question uniformly at random",
        params: "it takes no parameters",
        game_params: &[],
        read: |_| Ok(Kind::Random),
    },
    KnownBot {
        name: "greedy",
        about: "tries each answer on a sample of the hidden facts, plays on to the end of its turn \
                or its next turn(s) with random opponents, and keeps the answer that leaves it best placed",
        params: "it takes progress (a number from 0 to 100, default 0.5: the weight of racers' \
                 progress against points), depth (0 to 3: own next turns looked through), turn \
                 (search or random: how the rest of a turn is answered) and judge (turn-end or \
                 next-turn: when a state is judged); the defaults of depth, turn and judge are \
                 the game's (depth=1,turn=search,judge=next-turn unless the game says otherwise)",
        game_params: &["progress"],
        read: |p| {
            let progress = p.number("progress", 0.5, 0.0, 100.0)?;
            let depth = p.take("depth", None, "a whole number from 0 to 3", |v| {
                v.parse::<usize>().ok().filter(|d| *d <= 3).map(Some)
            })?;
            let rest_of_turn = match p.word("turn", "", &["search", "random"])? {
                "search" => Some(RestOfTurn::Search),
                "random" => Some(RestOfTurn::Random),
                _ => None,
            };
            let judged_at = match p.word("judge", "", &["turn-end", "next-turn"])? {
                "turn-end" => Some(JudgedAt::TurnEnd),
                "next-turn" => Some(JudgedAt::NextTurn),
                _ => None,
            };
            Ok(Kind::Greedy {
                progress,
                depth,
                rest_of_turn,
                judged_at,
            })
        },
    },
    KnownBot {
        name: "mcts",
        about: "information-set Monte Carlo tree search: samples the hidden facts anew each \
                iteration, selects with UCT over availability counts, plays out, backs up each seat's result",
        params: "it takes iters (1 to 10000000, default 1000: iterations per decision), ms (1 to \
                 3600000, no default: milliseconds per decision, a limit on wall time that makes \
                 runs machine-dependent; with iters too, the search stops at whichever comes \
                 first), c (a number from 0 to 100, default 0.7: exploration), rollout (random \
                 or greedy, default random), tree (single, multi or open, default single: one \
                 tree keyed by what the seat sees, one tree per seat, or one keyed by every \
                 answer, hidden ones too), reward (win, score or rank, default score) and cut (0 to \
                 100000: turns a playout plays before it is judged by the game's standing \
                 instead of played out; 0 plays to the end; default the game's, 0 unless the \
                 game says otherwise)",
        game_params: &[],
        read: |p| {
            // 0 stands for "not given": neither parameter accepts it.
            let iters = p.whole("iters", 0, 1, 10_000_000)?;
            let ms = p.whole("ms", 0, 1, 3_600_000)?;
            let iters = match (iters, ms) {
                (0, 0) => 1000,
                (0, _) => u32::MAX as usize,
                (iters, _) => iters,
            };
            let c = p.number("c", 0.7, 0.0, 100.0)?;
            let rollout = match p.word("rollout", "random", &["random", "greedy"])? {
                "greedy" => Rollout::Greedy,
                _ => Rollout::Random,
            };
            let tree = match p.word("tree", "single", &["single", "multi", "open"])? {
                "multi" => TreeKind::Multi,
                "open" => TreeKind::Open,
                _ => TreeKind::Single,
            };
            let reward = match p.word("reward", "score", &["win", "score", "rank"])? {
                "win" => Reward::Win,
                "rank" => Reward::Rank,
                _ => Reward::Score,
            };
            let cut = p.take("cut", None, "a whole number from 0 to 100000", |v| {
                v.parse::<u32>().ok().filter(|t| *t <= 100_000).map(Some)
            })?;
            Ok(Kind::Mcts {
                iters: iters as u32,
                ms: ms as u32,
                c,
                rollout,
                tree,
                reward,
                cut,
            })
        },
    },
];

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
    /// A player from outside Floe, seated by a front end (never parsed from text).
    Outsider(Plug),
    /// The lookahead settings left out of the spec (`None`) take the game's defaults.
    Greedy {
        progress: f64,
        depth: Option<usize>,
        rest_of_turn: Option<RestOfTurn>,
        judged_at: Option<JudgedAt>,
    },
    Mcts {
        iters: u32,
        /// Milliseconds per decision; 0 for no time limit.
        ms: u32,
        c: f64,
        rollout: Rollout,
        tree: TreeKind,
        reward: Reward,
        /// Turns before a playout is judged; `None` takes the game's.
        cut: Option<u32>,
    },
}

/// The `KEY=VALUE` parameters of one spec, taken one by one by the bot that reads them.
struct Params<'a> {
    bot: &'a str,
    pairs: Vec<(String, String)>,
}

impl Params<'_> {
    /// Takes `key` as a number in `min..=max`, or `default` when the spec leaves it out.
    fn number(&mut self, key: &str, default: f64, min: f64, max: f64) -> Result<f64, SpecError> {
        self.take(
            key,
            default,
            &format!("a number from {min} to {max}"),
            |v| v.parse::<f64>().ok().filter(|x| (min..=max).contains(x)),
        )
    }

    /// Takes `key` as a whole number in `min..=max`, or `default` when the spec leaves it out.
    fn whole(
        &mut self,
        key: &str,
        default: usize,
        min: usize,
        max: usize,
    ) -> Result<usize, SpecError> {
        self.take(
            key,
            default,
            &format!("a whole number from {min} to {max}"),
            |v| v.parse::<usize>().ok().filter(|x| (min..=max).contains(x)),
        )
    }

    /// Takes `key` as one of `options`, or `default` when the spec leaves it out.
    fn word(
        &mut self,
        key: &str,
        default: &'static str,
        options: &[&'static str],
    ) -> Result<&'static str, SpecError> {
        let allowed = match options.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => options.join(""),
        };
        self.take(key, default, &allowed, |v| {
            options.iter().copied().find(|o| *o == v)
        })
    }

    /// Removes `key` and reads its value with `read`, naming `allowed` if it cannot.
    fn take<T>(
        &mut self,
        key: &str,
        default: T,
        allowed: &str,
        read: impl Fn(&str) -> Option<T>,
    ) -> Result<T, SpecError> {
        let Some(i) = self.pairs.iter().position(|(k, _)| k == key) else {
            return Ok(default);
        };
        let (_, value) = self.pairs.remove(i);
        read(&value).ok_or_else(|| SpecError::BadValue {
            bot: self.bot.into(),
            param: key.into(),
            value,
            allowed: allowed.into(),
        })
    }
}

/// A bad bot spec.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// The bot's name is not known.
    #[error("unknown bot {name:?}; known bots: {}", KNOWN_BOTS.iter().map(|b| b.name).collect::<Vec<_>>().join(", "))]
    UnknownBot {
        /// The name given.
        name: String,
    },
    /// The spec is empty.
    #[error("empty bot spec")]
    Empty,
    /// A parameter the bot does not take.
    #[error("bot {bot:?} has no parameter {param:?}; {allowed}")]
    UnknownParam {
        /// The bot.
        bot: String,
        /// The parameter given.
        param: String,
        /// What the bot does take.
        allowed: String,
    },
    /// A parameter value the bot cannot use.
    #[error("bot {bot:?}: parameter {param:?} must be {allowed}, not {value:?}")]
    BadValue {
        /// The bot.
        bot: String,
        /// The parameter.
        param: String,
        /// The value given.
        value: String,
        /// What it may be.
        allowed: String,
    },
    /// A parameter that means something only in games that declare it, set for a game
    /// that does not.
    #[error("bot {bot:?}: parameter {param:?} has no meaning in {game}, which declares {}", if declared.is_empty() { "no bot parameters".to_string() } else { declared.join(", ") })]
    NotForGame {
        /// The bot.
        bot: String,
        /// The parameter given.
        param: String,
        /// The game.
        game: String,
        /// The bot parameters the game declares.
        declared: Vec<String>,
    },
    /// A parameter given twice.
    #[error("bot {bot:?}: parameter {param:?} is given twice")]
    Repeated {
        /// The bot.
        bot: String,
        /// The parameter given twice.
        param: String,
    },
    /// A parameter written without `=value`.
    #[error("bot {bot:?}: parameter {param:?} needs a value, as in {param}=VALUE")]
    MissingValue {
        /// The bot.
        bot: String,
        /// The parameter given.
        param: String,
    },
}

impl BotSpec {
    /// Parses one bot spec: `NAME` or `NAME:KEY=VALUE,KEY=VALUE`.
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
        let text = text.trim();
        let (name, params) = text.split_once(':').unwrap_or((text, ""));
        let name = name.trim();
        if name.is_empty() {
            return Err(SpecError::Empty);
        }
        let Some(known) = KNOWN_BOTS.iter().find(|b| b.name == name) else {
            return Err(SpecError::UnknownBot {
                name: name.to_string(),
            });
        };
        let pairs = parse_params(name, params)?;
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
        let mut params = Params { bot: name, pairs };
        let kind = (known.read)(&mut params)?;
        if let Some((key, _)) = params.pairs.first() {
            return Err(SpecError::UnknownParam {
                bot: name.into(),
                param: key.clone(),
                allowed: known.params.into(),
            });
        }
        Ok(BotSpec {
            text: text.to_string(),
            kind,
            game_params,
        })
    }

    /// Checks that every game-specific parameter the spec sets is one that `game`
    /// declares (see [`KnownBot::game_params`]).
    ///
    /// # Errors
    /// Names the first parameter the game gives no meaning.
    pub fn check_game<G: Game>(&self, game: &G) -> Result<(), SpecError> {
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
    pub fn build<G: Game>(&self) -> AnyBot<G> {
        match self.kind.clone() {
            Kind::Random => AnyBot::Random(RandomBot),
            Kind::Outsider(plug) => AnyBot::Plugged(Box::new(OutsiderBot::new(plug))),
            Kind::Greedy {
                progress,
                depth,
                rest_of_turn,
                judged_at,
            } => {
                let lookahead = GreedyLookahead {
                    depth: depth.unwrap_or(G::GREEDY.depth),
                    rest_of_turn: rest_of_turn.unwrap_or(G::GREEDY.rest_of_turn),
                    judged_at: judged_at.unwrap_or(G::GREEDY.judged_at),
                };
                AnyBot::Greedy(GreedyBot::new(progress, lookahead))
            }
            Kind::Mcts {
                iters,
                ms,
                c,
                rollout,
                tree,
                reward,
                cut,
            } => {
                let bot = MctsBot::new(iters, c, rollout)
                    .with_tree(tree)
                    .with_reward(reward)
                    .with_playout_turns(cut.unwrap_or(G::PLAYOUT_TURNS));
                AnyBot::Mcts(match ms {
                    0 => bot,
                    ms => bot.with_time_limit(Duration::from_millis(u64::from(ms))),
                })
            }
        }
    }

    /// Returns whether the bot's answers depend on anything but the game seed and its seat
    /// (a time limit does): runs with such a bot are not reproducible.
    pub fn is_timed(&self) -> bool {
        matches!(self.kind, Kind::Mcts { ms, .. } if ms > 0)
    }

    /// Returns the spec of a player from outside Floe (see [`crate::outsider`]), named
    /// `name` in results: how a front end seats a person, a Python function or a game
    /// record's answers wherever a bot can sit.
    pub fn outsider(name: &str, plug: Plug) -> BotSpec {
        BotSpec {
            text: name.to_string(),
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

#[cfg(test)]
mod tests {
    use super::*;

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
        assert!(e.contains("depth (0 to 3"), "{e}");
        assert!(e.contains("turn (search or random"), "{e}");
        let e = BotSpec::parse("greedy:turn=all").unwrap_err().to_string();
        assert_eq!(
            e,
            "bot \"greedy\": parameter \"turn\" must be search or random, not \"all\""
        );
        let e = BotSpec::parse("greedy:judge=later")
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "bot \"greedy\": parameter \"judge\" must be turn-end or next-turn, not \"later\""
        );
        let e = BotSpec::parse("greedy:depth=1.5").unwrap_err().to_string();
        assert_eq!(
            e,
            "bot \"greedy\": parameter \"depth\" must be a whole number from 0 to 3, not \"1.5\""
        );
        let e = BotSpec::parse("greedy:progress=abc")
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "bot \"greedy\": parameter \"progress\" must be a number from 0 to 100, not \"abc\""
        );
        assert!(BotSpec::parse("greedy:progress=-1").is_err());
        assert!(BotSpec::parse("greedy:depth=4").is_err());
    }

    #[test]
    fn greedy_takes_defaults_and_values() {
        assert_eq!(
            BotSpec::parse("greedy").unwrap().kind,
            Kind::Greedy {
                progress: 0.5,
                depth: None,
                rest_of_turn: None,
                judged_at: None,
            }
        );
        let spec =
            BotSpec::parse("greedy:depth=2, progress=0.25,turn=random,judge=turn-end").unwrap();
        assert_eq!(
            spec.kind,
            Kind::Greedy {
                progress: 0.25,
                depth: Some(2),
                rest_of_turn: Some(RestOfTurn::Random),
                judged_at: Some(JudgedAt::TurnEnd),
            }
        );
        assert_eq!(
            spec.to_string(),
            "greedy:depth=2, progress=0.25,turn=random,judge=turn-end"
        );
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
            "bot \"mcts\": parameter \"rollout\" must be random or greedy, not \"smart\""
        );
        assert!(
            e("mcts:foo=1").starts_with("bot \"mcts\" has no parameter \"foo\"; it takes iters")
        );
        let spec = BotSpec::parse("mcts:iters=50,c=1.4,rollout=greedy").unwrap();
        assert_eq!(
            spec.kind,
            Kind::Mcts {
                iters: 50,
                ms: 0,
                c: 1.4,
                rollout: Rollout::Greedy,
                tree: TreeKind::Single,
                reward: Reward::Score,
                cut: None,
            }
        );
        assert!(!spec.is_timed());
        assert!(matches!(
            BotSpec::parse("mcts:cut=40").unwrap().kind,
            Kind::Mcts { cut: Some(40), .. }
        ));
        assert_eq!(
            e("mcts:cut=-1"),
            "bot \"mcts\": parameter \"cut\" must be a whole number from 0 to 100000, not \"-1\""
        );
        assert_eq!(
            e("mcts:tree=foo"),
            "bot \"mcts\": parameter \"tree\" must be single, multi or open, not \"foo\""
        );
        assert_eq!(
            e("mcts:reward=x"),
            "bot \"mcts\": parameter \"reward\" must be win, score or rank, not \"x\""
        );
        let kind = |text: &str| BotSpec::parse(text).unwrap().kind;
        assert!(matches!(
            kind("mcts:tree=multi,reward=rank"),
            Kind::Mcts {
                tree: TreeKind::Multi,
                reward: Reward::Rank,
                ..
            }
        ));
        assert!(matches!(
            kind("mcts:tree=open,reward=win"),
            Kind::Mcts {
                tree: TreeKind::Open,
                reward: Reward::Win,
                ..
            }
        ));
    }

    #[test]
    fn mcts_time_limit_alone_lifts_the_iteration_count() {
        let kind = |text: &str| BotSpec::parse(text).unwrap().kind;
        assert!(matches!(
            kind("mcts"),
            Kind::Mcts {
                iters: 1000,
                ms: 0,
                ..
            }
        ));
        assert!(matches!(
            kind("mcts:ms=20"),
            Kind::Mcts {
                iters: u32::MAX,
                ms: 20,
                ..
            }
        ));
        assert!(matches!(
            kind("mcts:ms=20,iters=300"),
            Kind::Mcts {
                iters: 300,
                ms: 20,
                ..
            }
        ));
        assert!(BotSpec::parse("mcts:ms=20").unwrap().is_timed());
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
            "unknown bot \"alphazero\"; known bots: random, greedy, mcts"
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
