//! The built-in bots, declared once: their names, what they do and their parameters
//! ([`KNOWN_BOTS`]), and the check of the defaults a game gives them. Spec parsing, the
//! help listing and the registry all read these declarations; nothing here reads them.

use crate::params::{BotParam, BotParamKind, KnownBot};

/// The `greedy` bot's parameters.
pub(crate) const GREEDY_PARAMS: &[BotParam] = &[
    BotParam {
        name: "progress",
        kind: BotParamKind::Number {
            min: 0.0,
            max: 100.0,
        },
        default: Some("0.5"),
        about: "the weight of racers' progress against points",
    },
    BotParam {
        name: "depth",
        kind: BotParamKind::Whole { min: 0, max: 3 },
        default: Some("1"),
        about: "own next turns looked through",
    },
    BotParam {
        name: "turn",
        kind: BotParamKind::Word(&["search", "random"]),
        default: Some("search"),
        about: "how the rest of a turn is answered",
    },
    BotParam {
        name: "judge",
        kind: BotParamKind::Word(&["turn-end", "next-turn"]),
        default: Some("next-turn"),
        about: "when a state is judged",
    },
];

/// The `mcts` bot's parameters.
pub(crate) const MCTS_PARAMS: &[BotParam] = &[
    BotParam {
        name: "iters",
        kind: BotParamKind::Whole {
            min: 1,
            max: 10_000_000,
        },
        default: Some("1000"),
        about: "iterations per decision (unlimited when only ms is given)",
    },
    BotParam {
        name: "ms",
        kind: BotParamKind::Whole {
            min: 1,
            max: 3_600_000,
        },
        default: None,
        about: "milliseconds per decision, a limit on wall time that makes runs \
                machine-dependent; with iters too, the search stops at whichever comes first",
    },
    BotParam {
        name: "c",
        kind: BotParamKind::Number {
            min: 0.0,
            max: 100.0,
        },
        default: Some("0.7"),
        about: "exploration, in units of the reward",
    },
    BotParam {
        name: "rollout",
        kind: BotParamKind::Word(&["random", "greedy", "mast", "standing"]),
        default: Some("random"),
        about: "how playouts answer: at random, by a depth-0 greedy bot, by move averages, \
                or epsilon-greedy on the standing one step ahead",
    },
    BotParam {
        name: "eps",
        kind: BotParamKind::Number { min: 0.0, max: 1.0 },
        default: Some("0.1"),
        about: "the chance of a random answer in a mast or standing playout",
    },
    BotParam {
        name: "tree",
        kind: BotParamKind::Word(&["single", "multi", "open"]),
        default: Some("single"),
        about: "one tree keyed by what the seat sees, one tree per seat, or one keyed by \
                every answer, hidden ones too",
    },
    BotParam {
        name: "reward",
        kind: BotParamKind::Word(&["win", "score", "rank", "margin"]),
        default: Some("score"),
        about: "what a playout's end is worth: the win, the score, the place, or the lead \
                over the best other seat",
    },
    BotParam {
        name: "cut",
        kind: BotParamKind::WholeOrWord {
            word: "end",
            min: 0,
            max: 100_000,
        },
        default: Some("end"),
        about: "turns a playout plays before it is judged by the game's standing (0 judges \
                the new leaf with no playout; end plays every playout to the end)",
    },
    BotParam {
        name: "bias",
        kind: BotParamKind::Number {
            min: 0.0,
            max: 100.0,
        },
        default: Some("0"),
        about: "the weight of the progressive bias toward answers the game's estimate (or \
                the standing one step on) rates best",
    },
    BotParam {
        name: "widen",
        kind: BotParamKind::Number {
            min: 0.0,
            max: 100.0,
        },
        default: Some("0"),
        about: "progressive widening: a node visited n times tries at most 1 + widen * \
                sqrt(n) answers, best estimate first; 0 tries all",
    },
    BotParam {
        name: "turn",
        kind: BotParamKind::Word(&["tree", "plan"]),
        default: Some("tree"),
        about: "the rest of the seat's own turn: searched in the tree, or by a plan per \
                answer found as the greedy bot finds it",
    },
    BotParam {
        name: "paired",
        kind: BotParamKind::Word(&["on", "off"]),
        default: Some("on"),
        about: "whether the root answers are compared on common samples of the hidden \
                facts and chance",
    },
    BotParam {
        name: "simul",
        kind: BotParamKind::Word(&["tree", "regret", "exp3"]),
        default: Some("tree"),
        about: "how each seat picks at a secret simultaneous choice the game declares: as the \
                tree picks elsewhere, or from a strategy of its own by regret matching or \
                Exp3, the search then answering from its average strategy",
    },
    BotParam {
        name: "gamma",
        kind: BotParamKind::Number { min: 0.0, max: 1.0 },
        default: Some("0.1"),
        about: "with simul=regret or exp3, the share of picks spread evenly over the answers",
    },
    BotParam {
        name: "prior",
        kind: BotParamKind::File,
        default: None,
        about: "a policy network (ONNX, docs/learned.md) whose answer probabilities are the \
                estimates that bias and widen weigh and that order the answers tried",
    },
    BotParam {
        name: "value",
        kind: BotParamKind::File,
        default: None,
        about: "a value network (ONNX, docs/learned.md) that judges the leaves instead of \
                the standings; cut then defaults to 0, judging each new leaf at once",
    },
];

/// The `onnx` bot's parameters.
pub(crate) const ONNX_PARAMS: &[BotParam] = &[
    BotParam {
        name: "model",
        kind: BotParamKind::File,
        default: None,
        about: "the policy network, an ONNX file (docs/learned.md); onnx:PATH says the same",
    },
    BotParam {
        name: "pick",
        kind: BotParamKind::Word(&["best", "sample"]),
        default: Some("best"),
        about: "the legal answer the network scores best, or one drawn from the softmax of \
                the legal answers' scores",
    },
];

/// Every built-in bot: the one list that parsing, errors and tests read (a [`Registry`]
/// adds bots from outside Floe's crates).
pub const KNOWN_BOTS: &[KnownBot] = &[
    KnownBot {
        name: "random",
        about: "answers every question uniformly at random",
        params: &[],
        game_params: &[],
    },
    KnownBot {
        name: "greedy",
        about: "tries each answer on a sample of the hidden facts, plays on to the end of its turn \
                or its next turn(s) with random opponents, and keeps the answer that leaves it best placed",
        params: GREEDY_PARAMS,
        game_params: &["progress"],
    },
    KnownBot {
        name: "mcts",
        about: "information-set Monte Carlo tree search: samples the hidden facts anew each \
                iteration, selects with UCT over availability counts, plays out, backs up each seat's result",
        params: MCTS_PARAMS,
        game_params: &[],
    },
    KnownBot {
        name: "onnx",
        about: "plays a learned policy: a network read from an ONNX file scores the answers \
                from the seat's encoded observation and the legal mask",
        params: ONNX_PARAMS,
        game_params: &[],
    },
];

/// Checks bot parameter defaults a game gives ([`Game::BOT_DEFAULTS`]) against the bots'
/// declarations.
///
/// # Errors
/// Names the first default that names no declared parameter, or whose value the
/// parameter cannot take.
pub fn check_bot_defaults(defaults: &[(&str, &str)]) -> Result<(), String> {
    for &(path, value) in defaults {
        let (bot, name) = path
            .split_once('.')
            .ok_or_else(|| format!("{path}: a default is named BOT.PARAM"))?;
        let param = crate::KNOWN_BOTS
            .iter()
            .find(|b| b.name == bot)
            .and_then(|b| b.params.iter().find(|p| p.name == name))
            .ok_or_else(|| format!("{path}: no bot declares this parameter"))?;
        if param.kind.read(value).is_none() {
            return Err(format!(
                "{path} = {}: must be {}",
                floe_io::gate::quoted(value),
                param.kind
            ));
        }
    }
    Ok(())
}
