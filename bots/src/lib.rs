//! Bots for Floe: the [`Bot`] trait, the bots, and building them from spec strings.
//!
//! Bots are game-generic: they see a game only through [`floe_core::Game`] and a
//! [`floe_core::View`], so every bot plays every game Floe implements. A bot from another
//! crate joins them through a [`Registry`] (see [`PluggedBot`]).

mod any;
mod bot;
mod greedy;
mod mcts;
pub mod outsider;
mod params;
mod random;
mod registry;
mod spec;

pub use any::AnyBot;
pub use bot::Bot;
pub use greedy::{GreedyBot, GreedyLookahead, JudgedAt, RestOfTurn};
pub use mcts::{Cut, MctsBot, NodeStats, Reward, Rollout, Settings, TreeKind, Turn};
pub use params::{
    BotParam, BotParamKind, BotValue, KnownBot, Resolved, bots_help, check_bot_defaults, default_in,
};
pub use random::RandomBot;
pub use registry::{MakeBot, PluggedBot, Registry};
pub use spec::{BotSpec, KNOWN_BOTS, SpecError, split_spec_list};
