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
    /// Whether the front end shows a run's expected time before it starts. When it does,
    /// the runner first times the run's line-ups on a few games (a fraction of a second
    /// each, as `--check` does) and calls [`Progress::expect`]; a front end that shows
    /// nothing (a script, `--quiet`) is spared that.
    fn wants_estimate(&self) -> bool {
        false
    }
    /// The run about to start is expected to play `games` games in about `seconds` on this
    /// machine (`at_least`: in no less, a line-up being too slow to time in a moment).
    fn expect(&self, _games: u64, _seconds: f64, _at_least: bool) {}
}

/// A [`Progress`] that ignores everything.
pub struct Silent;

impl Progress for Silent {}
