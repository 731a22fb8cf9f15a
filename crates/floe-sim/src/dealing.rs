//! [`Dealing`]: how a run deals its games (the master seed, who sits where, and the
//! colours), declared once and embedded in every request, plan, configuration and label
//! of a run, so that a new way of dealing is one field here.

use serde::{Deserialize, Serialize};

/// How a run deals its games. Serialised as its three fields (`seed`, `shuffle_colours`,
/// `seating`), flattened into a plan's manifest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dealing {
    /// Master seed; game i has seed `game_seed(seed, i)` (with duplicate seating,
    /// `game_seed(seed, i / cycle)`, the cycle of seatings of [`Seating::Rotated`]).
    pub seed: u64,
    /// Deal colours to seats at random per game instead of seat i playing colour i.
    pub shuffle_colours: bool,
    /// Who sits where.
    pub seating: Seating,
}

/// One setting of [`Dealing`] that a front end takes by name (a Python keyword argument,
/// named as the field and the manifest name it), by the kind of value it takes, with how
/// it is set. The seating is not one: each kind of run sets its own.
pub enum DealSetting {
    /// A whole number (the seed).
    Whole(&'static str, fn(&mut Dealing, u64)),
    /// On or off (colour shuffling).
    Switch(&'static str, fn(&mut Dealing, bool)),
}

impl DealSetting {
    /// Returns the setting's name.
    pub fn name(&self) -> &'static str {
        match self {
            DealSetting::Whole(name, _) | DealSetting::Switch(name, _) => name,
        }
    }
}

impl Dealing {
    /// The settings a front end takes by name, declared beside the fields they set, so
    /// that a front end reading them by name (the Python package) needs no change when a
    /// new one comes.
    pub const SETTINGS: [DealSetting; 2] = [
        DealSetting::Whole("seed", |d, seed| d.seed = seed),
        DealSetting::Switch("shuffle_colours", |d, on| d.shuffle_colours = on),
    ];
}

/// Who sits where in each game of a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Seating {
    /// `bots[s]` plays seat s in every game (`floe simulate`).
    #[default]
    Fixed,
    /// The bots are entrants that take turns at the seats (`floe tournament`). The cycle of
    /// seatings is the B rotations (entrant `(s + r) mod B` at seat s) followed, for three
    /// or more entrants, by the B mirrored ones (entrant `(r - s) mod B`). A bot entered
    /// more than once (`mcts,greedy,greedy,greedy`: one against three) holds that many of
    /// the B places and its statistics are kept as one entrant's. Over each cycle
    /// every entrant plays every seat equally often, and two entrants who meet sit in
    /// either order (and either one next after the other) equally often, so neither seat
    /// nor reveal order favours one side of a pairing. Game i uses seating `i mod cycle`;
    /// every game has its own deal.
    Rotated,
    /// As [`Seating::Rotated`], but the games of one cycle share a deal (seed): each deal
    /// is played once in every seating, so luck cancels between entrants (common random
    /// numbers).
    Duplicate,
}

impl Seating {
    /// Every seating with its name, as plans and specs write it.
    pub const NAMES: [(&'static str, Seating); 3] = [
        ("fixed", Seating::Fixed),
        ("rotated", Seating::Rotated),
        ("duplicate", Seating::Duplicate),
    ];

    /// Returns the seating's name.
    pub fn name(self) -> &'static str {
        Seating::NAMES
            .iter()
            .find(|(_, s)| *s == self)
            .map(|(n, _)| *n)
            .expect("every seating is named")
    }

    /// Returns the seating named `name`.
    pub fn parse(name: &str) -> Option<Seating> {
        Seating::NAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, s)| *s)
    }

    /// Returns the number of seatings in a cycle of `entrants` bots: 1 with fixed seating;
    /// with B rotated entrants B rotations, and for B >= 3 as many mirrored ones (for
    /// B <= 2 the mirrored seatings are the rotations again). A rotated run's games are a
    /// whole number of cycles.
    pub fn cycle(self, entrants: usize) -> u64 {
        match (self, entrants as u64) {
            (Seating::Fixed, _) => 1,
            (_, b) if b <= 2 => b,
            (_, b) => 2 * b,
        }
    }
}

floe_core::serialize_by_name!(Seating);

impl<'de> Deserialize<'de> for Seating {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Seating, D::Error> {
        let text = String::deserialize(d)?;
        Seating::parse(&text).ok_or_else(|| {
            let text = floe_io::gate::quoted(&text);
            serde::de::Error::custom(format!("unknown seating {text}"))
        })
    }
}
