//! Game-generic core of Floe.
//!
//! Every game Floe simulates implements [`Game`]; bots ([`View`] is all they see) and the
//! batch runner only ever talk to that trait, so a new game plugs in without touching them.
//! Everything here is fixed-size: a game is played without touching the heap.

mod describe;
mod encoding;
mod figure;
mod game;
pub mod hidden;
mod name_table;
mod outcome;
pub mod param;
mod rule_set;
pub mod rules_file;
mod seat;
mod seed;
mod text;
mod view;

pub use describe::Describe;
pub use encoding::{EncodingLayout, Field, Fields, MAX_RANK, Shape, Tiler, tiled_len};
pub use figure::{FigureDecl, FigureScope, Figures, MAX_FIGURES};
pub use game::{
    ActionList, Descriptor, Game, IllegalAnswer, MAX_ACTIONS, MAX_COLOURS, Standing, forced_note,
    legal_mask,
};
pub use name_table::NameTable;
pub use outcome::{Outcome, WIN_SHARE_UNITS};
pub use param::{ParamDecl, ParamError, ParamKind, ParamValue};
pub use rule_set::{Param, RuleSet, RulesFile};
pub use rules_file::RulesError;
pub use seat::{MAX_SEATS, Seat};
pub use seed::{FloeRng, Stream, game_seed, stream_rng};
pub use text::{key_at, line_of, out_of_range};
pub use view::View;
