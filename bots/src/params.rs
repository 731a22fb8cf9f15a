//! Bot parameters, declared once: each bot's [`BotParam`]s give spec parsing, the error
//! and help text, and the defaults a game may override ([`floe_core::Game::BOT_DEFAULTS`]).

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use floe_core::Game;
use floe_onnx::Model;

use crate::error::SpecError;

/// What values a bot parameter takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BotParamKind {
    /// A whole number in `min..=max`.
    Whole {
        /// Smallest value.
        min: u64,
        /// Largest value.
        max: u64,
    },
    /// A number in `min..=max`.
    Number {
        /// Smallest value.
        min: f64,
        /// Largest value.
        max: f64,
    },
    /// One of these words.
    Word(&'static [&'static str]),
    /// The path of an ONNX file holding a network ([`floe_onnx`]), read and checked when
    /// the spec is.
    File,
    /// A whole number in `min..=max`, or `word`.
    WholeOrWord {
        /// The word.
        word: &'static str,
        /// Smallest number.
        min: u64,
        /// Largest number.
        max: u64,
    },
}

/// One value of a bot parameter.
#[derive(Clone, Debug, PartialEq)]
pub enum BotValue {
    /// A whole number.
    Whole(u64),
    /// A number.
    Number(f64),
    /// A word.
    Word(&'static str),
    /// A network, read from the file the spec names.
    Model(Arc<Model>),
}

impl BotParamKind {
    /// Reads `text` as a value of this kind, `None` if it is not one.
    pub fn read(&self, text: &str) -> Option<BotValue> {
        match *self {
            BotParamKind::Whole { min, max } => text
                .parse::<u64>()
                .ok()
                .filter(|x| (min..=max).contains(x))
                .map(BotValue::Whole),
            BotParamKind::Number { min, max } => text
                .parse::<f64>()
                .ok()
                .filter(|x| (min..=max).contains(x))
                .map(BotValue::Number),
            BotParamKind::Word(words) => words
                .iter()
                .find(|w| **w == text)
                .map(|w| BotValue::Word(w)),
            BotParamKind::File => Model::shared(Path::new(text)).ok().map(BotValue::Model),
            BotParamKind::WholeOrWord { word, .. } if text == word => Some(BotValue::Word(word)),
            BotParamKind::WholeOrWord { min, max, .. } => {
                BotParamKind::Whole { min, max }.read(text)
            }
        }
    }
}

impl fmt::Display for BotParamKind {
    /// Describes the values as messages do: `a whole number from 1 to 100`, `win, score or
    /// rank`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotParamKind::Whole { min, max } => write!(f, "a whole number from {min} to {max}"),
            BotParamKind::Number { min, max } => write!(f, "a number from {min} to {max}"),
            BotParamKind::Word(words) => match words.split_last() {
                Some((last, rest)) if !rest.is_empty() => {
                    write!(f, "{} or {last}", rest.join(", "))
                }
                _ => f.write_str(&words.join("")),
            },
            BotParamKind::WholeOrWord { word, min, max } => {
                write!(f, "{word} or a whole number from {min} to {max}")
            }
            BotParamKind::File => f.write_str("an ONNX file's path"),
        }
    }
}

/// A declared bot parameter.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BotParam {
    /// Its name in a spec (`iters`).
    pub name: &'static str,
    /// The values it takes.
    pub kind: BotParamKind,
    /// The value it takes when neither the spec nor the game gives one, written as in a
    /// spec; `None` for a parameter that is off unless given (`ms`).
    pub default: Option<&'static str>,
    /// What it means, in a few words.
    pub about: &'static str,
}

impl BotParam {
    /// Describes the parameter as messages list it: `iters (a whole number from 1 to
    /// 10000000, default 1000: iterations per decision)`.
    pub fn describe(&self) -> String {
        match self.default {
            Some(d) => format!("{} ({}, default {d}: {})", self.name, self.kind, self.about),
            None => format!("{} ({}, no default: {})", self.name, self.kind, self.about),
        }
    }
}

/// Describes every parameter of `params` in one sentence, for errors and help.
pub(crate) fn describe_all(params: &[BotParam]) -> String {
    if params.is_empty() {
        return "it takes no parameters".into();
    }
    let each: Vec<String> = params.iter().map(BotParam::describe).collect();
    format!(
        "it takes {}; a game may give other defaults",
        each.join(", ")
    )
}

/// The values one spec gives, checked against its bot's declarations, and filled in for a
/// game when the bot is built ([`Given::resolve`]).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Given {
    bot: &'static str,
    params: &'static [BotParam],
    /// The value of each declared parameter the spec sets, by declaration index.
    values: Vec<Option<BotValue>>,
}

impl Given {
    /// Reads `pairs` (`KEY`, `VALUE`) for the parameters of bot `bot`.
    ///
    /// # Errors
    /// Names an unknown parameter (listing the declared ones) or a bad value (saying what
    /// it may be).
    pub(crate) fn read(
        bot: &'static str,
        params: &'static [BotParam],
        pairs: &[(String, String)],
    ) -> Result<Given, SpecError> {
        let mut values = vec![None; params.len()];
        for (key, value) in pairs {
            let Some(i) = params.iter().position(|p| p.name == key) else {
                return Err(SpecError::UnknownParam {
                    bot: bot.into(),
                    param: key.clone(),
                    allowed: describe_all(params),
                });
            };
            values[i] = Some(match params[i].kind {
                // A file is read here, so that a spec naming a missing or unfit network is
                // refused with the reason the file gives.
                BotParamKind::File => Model::shared(Path::new(value))
                    .map(BotValue::Model)
                    .map_err(|why| SpecError::Model {
                        bot: bot.into(),
                        param: key.clone(),
                        why,
                    })?,
                kind => kind.read(value).ok_or_else(|| SpecError::BadValue {
                    bot: bot.into(),
                    param: key.clone(),
                    value: value.clone(),
                    allowed: kind.to_string(),
                })?,
            });
        }
        Ok(Given {
            bot,
            params,
            values,
        })
    }

    /// Returns the value the spec gives `name`, if it gives one.
    pub(crate) fn given(&self, name: &str) -> Option<BotValue> {
        self.values[self.index(name)].clone()
    }

    /// Returns whether the bot declares parameter `name`.
    pub(crate) fn declares(&self, name: &str) -> bool {
        self.params.iter().any(|p| p.name == name)
    }

    fn index(&self, name: &str) -> usize {
        self.params
            .iter()
            .position(|p| p.name == name)
            .unwrap_or_else(|| panic!("bot {} declares no parameter {name}", self.bot))
    }

    /// Returns every parameter's value for game `G`: the spec's, else the game's default
    /// ([`Game::BOT_DEFAULTS`], as `BOT.PARAM`), else the declared default.
    ///
    /// # Panics
    /// Panics if the game gives a default its bot does not declare or cannot read (the
    /// conformance kit checks every game's defaults).
    pub(crate) fn resolve<G: Game>(&self) -> Resolved {
        let values = self
            .params
            .iter()
            .zip(&self.values)
            .map(|(param, given)| {
                given.clone().or_else(|| {
                    let text = default_in::<G>(self.bot, param)?;
                    Some(param.kind.read(text).unwrap_or_else(|| {
                        panic!(
                            "{}.{} = {text:?}: the default must be {}",
                            self.bot, param.name, param.kind
                        )
                    }))
                })
            })
            .collect();
        Resolved {
            given: self.clone(),
            values,
        }
    }
}

/// Returns the value `bot`'s parameter `param` takes in game `G` when a spec leaves it out,
/// written as in a spec: the game's default, else the declared one (`None` for a parameter
/// that is off unless given). The tuner compares its candidates with it.
pub fn default_in<G: Game>(bot: &str, param: &BotParam) -> Option<&'static str> {
    game_default::<G>(bot, param.name).or(param.default)
}

/// Returns the default game `G` gives `bot`'s parameter `name`, if any.
pub(crate) fn game_default<G: Game>(bot: &str, name: &str) -> Option<&'static str> {
    G::BOT_DEFAULTS
        .iter()
        .find(|(path, _)| path.split_once('.') == Some((bot, name)))
        .map(|&(_, value)| value)
}

/// Every parameter of one bot, resolved for one game: the spec's values, else the game's
/// defaults, else the declared ones. A plugged bot's maker reads its parameters here.
///
/// Each getter panics when `name` is not a declared parameter of the kind it reads, a
/// mistake of the bot's own code.
pub struct Resolved {
    given: Given,
    values: Vec<Option<BotValue>>,
}

impl Resolved {
    fn value(&self, name: &str) -> Option<BotValue> {
        self.values[self.given.index(name)].clone()
    }

    /// Returns whole-number parameter `name` (`None` if it has no value).
    pub fn whole(&self, name: &str) -> Option<u64> {
        match self.value(name)? {
            BotValue::Whole(x) => Some(x),
            v => panic!("{name} is not a whole number: {v:?}"),
        }
    }

    /// Returns number parameter `name`.
    pub fn number(&self, name: &str) -> f64 {
        match self.value(name) {
            Some(BotValue::Number(x)) => x,
            v => panic!("{name} is not a number: {v:?}"),
        }
    }

    /// Returns word parameter `name`.
    pub fn word(&self, name: &str) -> &'static str {
        match self.value(name) {
            Some(BotValue::Word(w)) => w,
            v => panic!("{name} is not a word: {v:?}"),
        }
    }

    /// Returns network parameter `name` (`None` if the spec names no file).
    pub fn model(&self, name: &str) -> Option<Arc<Model>> {
        match self.value(name)? {
            BotValue::Model(m) => Some(m),
            v => panic!("{name} is not a network: {v:?}"),
        }
    }

    /// Returns parameter `name`, a whole number or a word.
    pub fn either(&self, name: &str) -> BotValue {
        self.value(name)
            .unwrap_or_else(|| panic!("{name} has no value"))
    }
}

/// A bot that specs can name: a built-in one ([`KNOWN_BOTS`]) or the declaration of a
/// plugged one ([`PluggedBot::declared`]).
#[derive(Debug)]
pub struct KnownBot {
    /// The name a spec starts with.
    pub name: &'static str,
    /// One line on what it does (listed in errors and docs).
    pub about: &'static str,
    /// The parameters it takes: the one declaration that parsing, error and help text,
    /// and a game's defaults ([`floe_core::Game::BOT_DEFAULTS`]) read.
    pub params: &'static [BotParam],
    /// The parameters that mean something only in games that declare them (as
    /// `BOT.PARAM` in [`floe_core::Game::bot_parameters`]).
    pub game_params: &'static [&'static str],
}

impl KnownBot {
    /// Describes the bot's parameters in one sentence, as errors and help list them.
    pub fn describe_params(&self) -> String {
        describe_all(self.params)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_read_their_values_and_describe_them() {
        let whole = BotParamKind::Whole { min: 1, max: 9 };
        assert_eq!(whole.read("3"), Some(BotValue::Whole(3)));
        assert_eq!(whole.read("0"), None);
        assert_eq!(whole.read("1.5"), None);
        assert_eq!(whole.to_string(), "a whole number from 1 to 9");
        let number = BotParamKind::Number { min: 0.0, max: 1.0 };
        assert_eq!(number.read("0.25"), Some(BotValue::Number(0.25)));
        assert_eq!(number.read("2"), None);
        let word = BotParamKind::Word(&["a", "b", "c"]);
        assert_eq!(word.read("b"), Some(BotValue::Word("b")));
        assert_eq!(word.read("d"), None);
        assert_eq!(word.to_string(), "a, b or c");
        let cut = BotParamKind::WholeOrWord {
            word: "end",
            min: 0,
            max: 5,
        };
        assert_eq!(cut.read("end"), Some(BotValue::Word("end")));
        assert_eq!(cut.read("0"), Some(BotValue::Whole(0)));
        assert_eq!(cut.read("6"), None);
        assert_eq!(cut.to_string(), "end or a whole number from 0 to 5");
    }
}
