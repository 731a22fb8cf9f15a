//! One game of a run, played again from its seed and told in full, or as one seat saw it.

use std::fmt::Write as _;

use anyhow::{Result, anyhow};
use floe_bots::Registry;
use floe_core::{ActionList, Game, Outcome, Seat, Stream, stream_rng};
use floe_games::GameVisitor;
use floe_sim::{Line, Setting};

use crate::message::SettingError;
use crate::plan::Plan;
use crate::setup::{Machine, setup};

/// Plays game `index` of the one-cell run `plan` again and returns its log: the seating,
/// every question with its answers, every event, the board wherever the game marks one
/// ([`Game::shows_board`]), and the final scores.
///
/// Told in full (`seat` is `None`), the log shows everything, and the board as a narrator
/// sees it ([`Game::observe_all`]). Told as `seat` saw it, the board is that seat's
/// observation, events are as that seat saw them ([`Game::seen_by`]), and another seat's
/// question is shown by the answers' [`Game::action_key`]: in full when the seat can tell
/// every answer apart, and left out when it cannot (the answer's line then says all the
/// seat learns, say that a card was played face down).
///
/// `bots` reads the plan's bot list: the bots it names besides the built-in ones (a game
/// record's answers, replayed, or a plugged bot).
///
/// # Errors
/// Fails if the plan does not fit its game, or `seat` is not at the table.
pub fn replay(plan: &Plan, index: u64, seat: Option<usize>, bots: &Registry) -> Result<String> {
    struct Replay<'a> {
        plan: &'a Plan,
        index: u64,
        seat: Option<usize>,
        bots: &'a Registry,
    }
    impl GameVisitor for Replay<'_> {
        type Output = Result<String>;
        fn visit<G: Game + 'static>(self, game: G) -> Result<String> {
            let setup = setup(
                game,
                self.plan,
                &self.plan.cells[0],
                Machine::default(),
                self.bots,
            )?;
            let players = setup.label.players;
            if let Some(seat) = self.seat.filter(|&s| s >= players) {
                return Err(SettingError::new(
                    Setting::Seat,
                    format!(
                        "the table has seats 0 to {} ({players} players), not {seat}",
                        players - 1,
                    ),
                )
                .into());
            }
            Ok(tell(&setup, self.index, self.seat.map(|s| Seat(s as u8))))
        }
    }
    floe_games::visit(
        &plan.game,
        Some(&plan.rules),
        Replay {
            plan,
            index,
            seat,
            bots,
        },
    )
    .map_err(|e| anyhow!("{e}"))?
}

/// Returns the board of `state` as `viewer` sees it, or as a narrator does (`None`; a game
/// without a narrator's view shows every seat's observation).
fn board<G: Game>(game: &G, state: &G::State, viewer: Option<Seat>) -> String {
    match viewer.map(|s| game.observe(state, s)) {
        Some(seen) => seen.to_string(),
        None => match game.observe_all(state) {
            Some(all) => all.to_string(),
            None => Seat::all(game.players(state))
                .map(|s| game.observe(state, s).to_string())
                .collect(),
        },
    }
}

/// Samples of what a viewer cannot see, drawn to tell whether another seat's answers are
/// known to it: a list that differs in any of them is not.
const ANSWER_SAMPLES: u64 = 16;

/// Returns the line of the question put to `asked` with `answers` in `state`, as `viewer`
/// sees it (see [`replay`]), or `None` when `viewer` cannot tell its answers apart or does
/// not know them: when a state it cannot tell from this one (one of [`ANSWER_SAMPLES`]
/// determinizations, drawn from a fixed seed) offers other answers, the list would show a
/// hidden fact, say the cards in another seat's hand.
fn question<G: Game>(
    game: &G,
    state: &G::State,
    asked: Seat,
    answers: &[G::Action],
    viewer: Option<Seat>,
) -> Option<String> {
    if let Some(viewer) = viewer.filter(|&v| v != asked) {
        let keys: Vec<G::ActionKey> = answers
            .iter()
            .map(|&a| game.action_key(state, a, viewer))
            .collect();
        if (1..keys.len()).any(|i| keys[..i].contains(&keys[i])) {
            return None;
        }
        let mut sample = state.clone();
        let mut listed = ActionList::new();
        for i in 0..ANSWER_SAMPLES {
            game.determinize(
                state,
                viewer,
                &mut stream_rng(i, Stream::Chance),
                &mut sample,
            );
            game.legal_actions(&sample, &mut listed);
            if listed.as_slice() != answers {
                return None;
            }
        }
    }
    let list: Vec<String> = answers.iter().map(ToString::to_string).collect();
    Some(format!("{asked} chooses among: {}", list.join(" | ")))
}

/// Plays game `index` of the run of `setup` and tells it, in full or as `viewer` saw it.
fn tell<G: Game>(setup: &crate::Setup<G>, index: u64, viewer: Option<Seat>) -> String {
    let (game, label) = (&setup.game, &setup.label);
    let (lineup, seed) = setup.config.deal(index);
    let bot_of_seat = &setup.config.lineups()[lineup];
    let mut lines = Vec::new();
    // A board point's board is shown at the next state the log hands out.
    let mut board_due = false;
    let show_board = |lines: &mut Vec<String>, due: &mut bool, state: &G::State| {
        if std::mem::take(due) {
            lines.push(board(game, state, viewer).trim_end().to_string());
        }
    };
    let record = floe_sim::replay(game, &setup.config, index, &mut |line| match line {
        Line::Question {
            seat,
            answers,
            state,
        } => {
            show_board(&mut lines, &mut board_due, state);
            lines.extend(question(game, state, seat, answers, viewer));
        }
        Line::Event(e) => {
            board_due |= game.shows_board(&e);
            let e = match viewer {
                Some(viewer) => game.seen_by(e, viewer),
                None => e,
            };
            lines.push(e.to_string());
        }
        Line::Over(state) => show_board(&mut lines, &mut board_due, state),
    });
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} ({} rules), {} players, master seed {}, game {index} (game seed 0x{seed:016x})",
        label.game, label.rules, label.players, label.dealing.seed
    );
    if let Some(viewer) = viewer {
        let _ = writeln!(out, "as {viewer} saw it");
    }
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
    out.push_str(&final_scores(game, label.players, &record.outcome));
    out
}

/// Returns the final scores of a game of `players` seats with outcome `o`: how it ended,
/// then each seat's points, progress and win.
pub(crate) fn final_scores<G: Game>(game: &G, players: usize, o: &Outcome) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "final scores ({}):",
        game.end_causes()[o.end_cause as usize]
    );
    for seat in Seat::all(players) {
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
