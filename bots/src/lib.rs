//! Bots for Floe: the [`Bot`] trait, the bots, and building them from spec strings.
//!
//! Bots are game-generic: they see a game only through [`floe_core::Game`] and a
//! [`floe_core::View`], so every bot plays every game Floe implements. A bot from another
//! crate joins them through a [`Registry`] (see [`PluggedBot`]).

mod any;
mod bot;
mod error;
mod greedy;
mod help;
mod known;
mod learned;
mod mcts;
pub mod outsider;
mod params;
mod random;
mod registry;
mod spec;

pub use any::AnyBot;
pub use bot::Bot;
pub use error::SpecError;
pub use greedy::{GreedyBot, GreedyLookahead, JudgedAt, RestOfTurn};
pub use help::bots_help;
pub use known::{KNOWN_BOTS, check_bot_defaults};
pub use learned::{OnnxBot, Pick, Scorer};
pub use mcts::{Cut, MctsBot, NodeStats, Reward, Rollout, Settings, Simul, TreeKind, Turn};
pub use params::{BotParam, BotParamKind, BotValue, KnownBot, Resolved, default_in};
pub use random::RandomBot;
pub use registry::{MakeBot, PluggedBot, Registry};
pub use spec::{BotSpec, split_spec_list};
