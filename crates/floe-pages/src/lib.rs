//! What a person reads of a run, drawn from the files of its folder: the results page
//! (`report.html`) and its answer in words ([`report`], [`report::verdict`]), the charts
//! drawn from a folder's tables ([`charts`], with [`floe_plot`] drawing them), and the page
//! of a drawn game ([`drawn`], whose board each game draws with its own script, the
//! descriptor's `drawing`).
//!
//! Every page here is a pure function of the files it is given and fetches nothing. The
//! lab stages a results folder's page and charts after its tables
//! (`floe_lab::output_dir::OutputDir::stage_page`); the play crate tells the games that a
//! drawn page shows.

pub mod charts;
pub mod drawn;
pub mod judged;
pub mod report;
mod rows;
