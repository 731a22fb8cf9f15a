//! The settings a person gives a run, each named once.
//!
//! The library never words a setting as a command-line flag or a keyword argument: an
//! error names a [`Setting`], and each front end chooses the [`Wording`] (the CLI
//! `--shuffle-colours`, Python `shuffle_colours=`).

use std::fmt;

/// A setting of a run, a replay or a session, as a person gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Setting {
    /// The game's name.
    Game,
    /// The rules file.
    Rules,
    /// Players per game.
    Players,
    /// The bot specs.
    Bots,
    /// The number of games (or deals).
    Games,
    /// The master seed.
    Seed,
    /// Dealing colours to seats at random.
    ShuffleColours,
    /// Worker threads.
    Threads,
    /// One row per game and seat.
    PerGame,
    /// The output folder.
    Out,
    /// Replacing files Floe did not write.
    Force,
    /// The part of a run to play.
    Shard,
    /// The seat whose view is shown.
    Seat,
    /// A game's index in a run.
    Index,
    /// The skill ladder of a profile.
    Ladder,
    /// The record of a game with people.
    Record,
    /// The swept rules parameter of an experiment cell.
    Sweep,
    /// Merging shards that different builds of Floe ran.
    AllowOtherBuild,
    /// What a finished game pays, for an exact solver.
    Payoff,
    /// Answers drawn from a bot at each question, to estimate its strategy.
    Samples,
}

impl Setting {
    /// The setting's name, words joined by hyphens: `shuffle-colours`.
    pub const fn name(self) -> &'static str {
        match self {
            Setting::Game => "game",
            Setting::Rules => "rules",
            Setting::Players => "players",
            Setting::Bots => "bots",
            Setting::Games => "games",
            Setting::Seed => "seed",
            Setting::ShuffleColours => "shuffle-colours",
            Setting::Threads => "threads",
            Setting::PerGame => "per-game",
            Setting::Out => "out",
            Setting::Force => "force",
            Setting::Shard => "shard",
            Setting::Seat => "seat",
            Setting::Index => "index",
            Setting::Ladder => "ladder",
            Setting::Record => "record",
            Setting::Sweep => "sweep",
            Setting::AllowOtherBuild => "allow-other-build",
            Setting::Payoff => "payoff",
            Setting::Samples => "samples",
        }
    }
}

impl fmt::Display for Setting {
    /// The setting's bare name (see [`Wording`] for a front end's).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a front end words a setting in a message: the CLI as a flag (`--bots "x"`), Python
/// as a keyword argument (`bots="x"`). Each front end implements it; [`Names`] is the
/// wording of none.
pub trait Wording {
    /// `setting` named in a sentence: `choose another --out`.
    fn mention(&self, setting: Setting) -> String;

    /// `setting` heading a message about it, with the `value` given (written as it should
    /// read) when the message needs it: `--games 0`, `--games`.
    fn head(&self, setting: Setting, value: Option<&str>) -> String;
}

/// Settings by their bare names: `games 0: ...`, `choose another out`. What `Display`
/// shows, for messages no front end words.
pub struct Names;

impl Wording for Names {
    fn mention(&self, setting: Setting) -> String {
        setting.name().to_string()
    }

    fn head(&self, setting: Setting, value: Option<&str>) -> String {
        match value {
            None => setting.name().to_string(),
            Some(v) => format!("{} {v}", setting.name()),
        }
    }
}
