//! Where a check failed: the check, the game, the player count, the seed and the seat,
//! named in every failure message so a failure can be replayed.

use std::fmt;

use floe_core::Seat;

/// One game (or run) a check looks at.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Case {
    pub(crate) check: &'static str,
    pub(crate) game: &'static str,
    pub(crate) players: usize,
    /// The game's seed, or for a whole run its master seed.
    pub(crate) seed: u64,
    /// Whether `seed` is a run's master seed.
    pub(crate) master: bool,
    pub(crate) seat: Option<Seat>,
}

impl Case {
    /// Returns the case of game `seed` for `check`.
    pub(crate) fn game(check: &'static str, game: &'static str, players: usize, seed: u64) -> Case {
        Case {
            check,
            game,
            players,
            seed,
            master: false,
            seat: None,
        }
    }

    /// Returns this case, concerning `seat`.
    pub(crate) fn at(self, seat: Seat) -> Case {
        Case {
            seat: Some(seat),
            ..self
        }
    }

    /// Fails the check: panics with where and `what`.
    #[track_caller]
    pub(crate) fn fail(&self, what: impl fmt::Display) -> ! {
        panic!("{self}: {what}")
    }

    /// Fails the check with `what` unless `ok`.
    #[track_caller]
    pub(crate) fn ensure<D: fmt::Display>(&self, ok: bool, what: impl FnOnce() -> D) {
        if !ok {
            self.fail(what());
        }
    }
}

/// Returns `answers` in words for a failure message, as `floe play` lists them: each as
/// its game shows it, apart by " | ".
pub(crate) fn listed<A: fmt::Display>(answers: &[A]) -> String {
    let shown: Vec<String> = answers.iter().map(ToString::to_string).collect();
    shown.join(" | ")
}

impl fmt::Display for Case {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let seed = if self.master { "master seed" } else { "seed" };
        write!(
            f,
            "conformance check `{}` failed for {}, {} players, {seed} {}",
            self.check, self.game, self.players, self.seed
        )?;
        if let Some(seat) = self.seat {
            write!(f, ", {seat}")?;
        }
        Ok(())
    }
}
