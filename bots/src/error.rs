//! What is wrong with a bot spec, in words: every refusal of spec parsing and parameter
//! reading, kept below both so that neither needs the other for its errors.

use floe_io::gate::quoted;

/// A bad bot spec.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// The bot's name is not known.
    #[error("unknown bot {}; known bots: {}", quoted(name), known.join(", "))]
    UnknownBot {
        /// The name given.
        name: String,
        /// The bots specs could name.
        known: Vec<String>,
    },
    /// A plugged bot named for a game it was not registered for.
    #[error("bot {} does not play {game}; it plays {}", quoted(bot), games.join(", "))]
    NotPlayed {
        /// The bot.
        bot: String,
        /// The game.
        game: String,
        /// The games it plays.
        games: Vec<String>,
    },
    /// The spec is empty.
    #[error("empty bot spec")]
    Empty,
    /// A parameter the bot does not take.
    #[error("bot {} has no parameter {}; {allowed}", quoted(bot), quoted(param))]
    UnknownParam {
        /// The bot.
        bot: String,
        /// The parameter given.
        param: String,
        /// What the bot does take.
        allowed: String,
    },
    /// A parameter value the bot cannot use.
    #[error(
        "bot {}: parameter {} must be {allowed}, not {}",
        quoted(bot),
        quoted(param),
        quoted(value)
    )]
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
    #[error("bot {}: parameter {} has no meaning in {game}, which declares {}", quoted(bot), quoted(param), if declared.is_empty() { "no bot parameters".to_string() } else { declared.join(", ") })]
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
    #[error("bot {}: parameter {} is given twice", quoted(bot), quoted(param))]
    Repeated {
        /// The bot.
        bot: String,
        /// The parameter given twice.
        param: String,
    },
    /// A network file that cannot be read or run.
    #[error("bot {}: parameter {}: {why}", quoted(bot), quoted(param))]
    Model {
        /// The bot.
        bot: String,
        /// The parameter naming the file.
        param: String,
        /// Why the file was refused, naming it.
        why: String,
    },
    /// A network that does not fit the game's table (its encoding or answers).
    #[error("bot {}: {why}", quoted(bot))]
    Unfit {
        /// The bot.
        bot: String,
        /// Which network, and what does not fit, naming the tensor and shapes.
        why: String,
    },
    /// A parameter the bot cannot do without.
    #[error("bot {} needs {}, as in {example}", quoted(bot), quoted(param))]
    Needs {
        /// The bot.
        bot: String,
        /// The parameter.
        param: String,
        /// A spec that gives it.
        example: String,
    },
    /// A parameter written without `=value`.
    #[error(
        "bot {}: parameter {} needs a value, as in {param}=VALUE",
        quoted(bot),
        quoted(param)
    )]
    MissingValue {
        /// The bot.
        bot: String,
        /// The parameter given.
        param: String,
    },
}
