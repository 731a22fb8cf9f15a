//! Floe's lab: a run from its settings to its results folder.
//!
//! A run is one [`Plan`] (serde): built from a one-cell run's settings
//! ([`request::plan_run`]) or from an experiment spec ([`spec::Spec`] and
//! [`request::plan_experiment`]), carried out by [`execute`] into an output folder
//! ([`output_dir`]), recorded by a shard in its manifest and read back by
//! [`shards::read_shards`] to merge. The lab prints nothing and draws no progress bar: it
//! reports progress through [`Progress`] and returns a [`Report`] for the front end to
//! show.
//!
//! Its neighbours: the statistics it writes come from `floe_sim`, the page and charts it
//! stages from `floe_pages`; the tuner (`floe_tune`), the profile (`floe_profile`) and
//! the games people play (`floe_play`) build on it.

pub mod columns;
pub mod estimate;
mod execute;
pub mod message;
pub mod output_dir;
pub mod plan;
mod progress;
pub mod provenance;
pub mod questions;
pub mod request;
mod say;
pub mod setup;
pub mod shards;
pub mod spec;
mod spec_text;

pub use execute::{Report, RunOptions, execute};
/// Players from outside Floe, for front ends that seat them (people, Python functions).
pub use floe_bots::outsider;
/// The bots a front end's bot lists may name besides the built-in ones: plugged in by a
/// user's crate, or outsiders.
pub use floe_bots::{Registry, split_spec_list};
/// Who sits where in a run's games.
pub use floe_sim::{DealSetting, Dealing, Seating, Shard};
pub use floe_sim::{Names, Setting, Wording};
pub use message::{Message, SettingError};
pub use plan::{CellPlan, Plan, RunKind};
pub use progress::{Progress, Silent};
pub use say::say;
pub use setup::{Machine, Setup};
