//! The progress bar of a run: games done, speed, and an ETA once a game has finished.

use floe_lab::Progress;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// A progress bar on stderr, drawn only when stderr is a terminal, hidden with `--quiet`.
pub struct Bar(ProgressBar);

impl Bar {
    pub fn new(quiet: bool) -> Bar {
        if quiet {
            return Bar(ProgressBar::hidden());
        }
        let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr());
        let style = ProgressStyle::with_template(
            "{bar:40} {human_pos}/{human_len} games  {rate}  ETA {known_eta}  {msg}",
        )
        .expect("the progress template is valid")
        .with_key(
            "rate",
            |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{:.0} games/s", state.per_sec());
            },
        )
        .with_key("known_eta", write_eta);
        bar.set_style(style);
        Bar(bar)
    }
}

/// Writes the time left, or `?` until a game has finished: before that there is no rate
/// to tell it by (a run of slow searches would otherwise show `0s` for its first hour).
fn write_eta(state: &ProgressState, w: &mut dyn std::fmt::Write) {
    if state.pos() == 0 {
        let _ = w.write_str("?");
    } else {
        let _ = write!(w, "{:#}", indicatif::HumanDuration(state.eta()));
    }
}

impl Progress for Bar {
    fn begin(&self, games: u64) {
        self.0.set_length(games);
        self.0.reset();
    }
    fn cell(&self, name: &str) {
        // The bar writes to the terminal itself: a cell's name (a rules file's, a bot's)
        // passes the console's gate here.
        self.0.set_message(floe_io::gate::line(name).into_owned());
    }
    fn advance(&self, games: u64) {
        self.0.inc(games);
    }
    fn end(&self) {
        self.0.finish_and_clear();
    }
}
