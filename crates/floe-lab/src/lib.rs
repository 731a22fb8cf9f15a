//! Floe's lab: everything between a front end and the batch runner.
//!
//! A run is one [`Plan`] (serde): built from a one-cell run's settings
//! ([`request::plan_run`]) or from an experiment spec ([`spec::Spec`] and
//! [`request::plan_experiment`]), carried out by [`execute`], recorded by a shard in its
//! manifest and read back by [`shards::read_shards`] to merge. The lab prints nothing and
//! draws no progress bar: it reports progress through [`Progress`] and returns a
//! [`Report`] for the front end to show.

pub mod charts;
pub mod columns;
pub mod drawn;
pub mod estimate;
mod execute;
pub mod finalists;
pub mod message;
pub mod output_dir;
pub mod page;
pub mod people;
pub mod plan;
pub mod profile;
mod progress;
pub mod provenance;
pub mod replay;
pub mod request;
mod say;
pub mod session;
pub mod setup;
pub mod shards;
pub mod spec;

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
