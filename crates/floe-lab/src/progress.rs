//! How a run tells a front end that it advances: the sink every runner (a plan's
//! execution, the tuner, the skill profile) reports to, kept below all of them so that none
//! needs another for it.

/// Hears how a run advances (a front end draws a progress bar from it).
pub trait Progress: Sync {
    /// The run is about to play `games` games.
    fn begin(&self, _games: u64) {}
    /// The cell named `name` starts.
    fn cell(&self, _name: &str) {}
    /// `games` more games are done (called from worker threads).
    fn advance(&self, _games: u64) {}
    /// The games are done.
    fn end(&self) {}
}

/// A [`Progress`] that ignores everything.
pub struct Silent;

impl Progress for Silent {}
