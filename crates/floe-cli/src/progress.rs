//! The progress bar of a run: games done, speed, and an ETA once a game has finished;
//! before a long run, its expected time and how to shorten it.

use floe_lab::Progress;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// A run expected to take longer than this (seconds) is announced before it starts, with
/// how to shorten it: a person should not learn an hour later that a trial was not quick.
pub const LONG_RUN: f64 = 600.0;

/// A progress bar on stderr, drawn only when stderr is a terminal, hidden with `--quiet`.
pub struct Bar {
    bar: ProgressBar,
    /// How to shorten the run, in the command's flags (`give --games N ...`).
    shorten: &'static str,
}

impl Bar {
    /// A bar for a run that `shorten` says how to shorten (shown before a long run).
    pub fn new(quiet: bool, shorten: &'static str) -> Bar {
        Bar::counting(quiet, shorten, "games")
    }

    /// A bar counting `unit` (`games`, `questions`) for a run that `shorten` says how to
    /// shorten.
    pub fn counting(quiet: bool, shorten: &'static str, unit: &'static str) -> Bar {
        if quiet {
            return Bar {
                bar: ProgressBar::hidden(),
                shorten,
            };
        }
        let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr());
        let style = ProgressStyle::with_template(&format!(
            "{{bar:40}} {{human_pos}}/{{human_len}} {unit}  {{rate}}  ETA {{known_eta}}  {{msg}}"
        ))
        .expect("the progress template is valid")
        .with_key(
            "rate",
            move |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{:.0} {unit}/s", state.per_sec());
            },
        )
        .with_key("known_eta", write_eta);
        bar.set_style(style);
        Bar { bar, shorten }
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
        self.bar.set_length(games);
        self.bar.reset();
    }
    fn cell(&self, name: &str) {
        // The bar writes to the terminal itself: a cell's name (a rules file's, a bot's)
        // passes the console's gate here.
        self.bar.set_message(floe_io::gate::line(name).into_owned());
    }
    fn advance(&self, games: u64) {
        self.bar.inc(games);
    }
    fn end(&self) {
        self.bar.finish_and_clear();
    }
    /// Only a person watching the bar is told: a script or a log has no use for the
    /// timing it costs.
    fn wants_estimate(&self) -> bool {
        !self.bar.is_hidden()
    }
    fn expect(&self, games: u64, seconds: f64, at_least: bool) {
        if seconds > LONG_RUN {
            self.bar.suspend(|| {
                floe_io::console::note(&format!(
                    "this run is expected to take {} {} on this machine ({}, timed on its \
                     first games); {}; Ctrl-C stops it cleanly, leaving the folder as it was",
                    if at_least { "at least" } else { "about" },
                    duration(seconds),
                    floe_io::count(games, "game"),
                    self.shorten
                ));
            });
        }
    }
}

/// Formats `secs` for people: `40 s`, `12 min`, `3.5 h`.
pub fn duration(secs: f64) -> String {
    match secs {
        s if s < 90.0 => format!("{s:.0} s"),
        s if s < 5400.0 => format!("{:.0} min", s / 60.0),
        s => format!("{:.1} h", s / 3600.0),
    }
}
