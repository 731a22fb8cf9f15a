//! One game of a run, played again from its seed and told in full.

use std::fmt::Write as _;

use anyhow::{Result, anyhow};
use floe_core::{Game, Seat};
use floe_games::GameVisitor;
use floe_sim::Line;

use crate::plan::Plan;
use crate::setup::{Machine, setup};

/// Plays game `index` of the one-cell run `plan` again and returns its log: the seating,
/// every question with its answers, every event, and the final scores.
///
/// # Errors
/// Fails if the plan does not fit its game.
pub fn replay(plan: &Plan, index: u64) -> Result<String> {
    struct Replay<'a> {
        plan: &'a Plan,
        index: u64,
    }
    impl GameVisitor for Replay<'_> {
        type Output = Result<String>;
        fn visit<G: Game + 'static>(self, game: G) -> Result<String> {
            let setup = setup(game, self.plan, &self.plan.cells[0], Machine::default())
                .map_err(|m| anyhow!("{m}"))?;
            Ok(tell(&setup, self.index))
        }
    }
    floe_games::visit(&plan.game, Some(&plan.rules), Replay { plan, index })
        .map_err(|e| anyhow!("{e}"))?
}

/// Plays game `index` of the run of `setup` and tells it.
fn tell<G: Game>(setup: &crate::Setup<G>, index: u64) -> String {
    let (game, label) = (&setup.game, &setup.label);
    let (lineup, seed) = setup.config.deal(index);
    let bot_of_seat = &setup.config.lineups()[lineup];
    let mut lines = Vec::new();
    let record = floe_sim::replay(game, &setup.config, index, &mut |line| match line {
        Line::Question { seat, answers } => {
            let list: Vec<String> = answers.iter().map(ToString::to_string).collect();
            lines.push(format!("{seat} chooses among: {}", list.join(" | ")));
        }
        Line::Event(e) => lines.push(e.to_string()),
    });
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} ({} rules), {} players, master seed {}, game {index} (game seed {seed})",
        label.game, label.rules, label.players, label.seed
    );
    for seat in Seat::all(label.players) {
        let colour = &game.colours()[record.colours[seat.index()] as usize];
        let _ = writeln!(
            out,
            "  {seat}: {colour}, bot {}",
            label.bot_groups[bot_of_seat[seat.index()]]
        );
    }
    for line in lines {
        let _ = writeln!(out, "{line}");
    }
    let o = &record.outcome;
    let _ = writeln!(
        out,
        "final scores ({}):",
        game.end_causes()[o.end_cause as usize]
    );
    for seat in Seat::all(label.players) {
        let s = seat.index();
        let won = match (o.is_winner(seat), o.winner_count() > 1) {
            (true, true) => "  shared win",
            (true, false) => "  WINNER",
            (false, _) => "",
        };
        let _ = writeln!(
            out,
            "  {seat}: {} points, {} {}{won}",
            o.scores[s],
            o.progress[s],
            game.progress_name().replace('_', " ")
        );
    }
    out
}
