//! One game of a run, played again from its seed and told in full, or as one seat saw it.

use std::fmt::Write as _;

use anyhow::{Result, anyhow};
use floe_bots::Registry;
use floe_core::{ActionList, Game, Outcome, Seat, Stream, stream_rng};
use floe_games::GameVisitor;
use floe_sim::arc::Course;
use floe_sim::{Line, Setting};

use floe_lab::message::SettingError;
use floe_lab::plan::Plan;
use floe_lab::setup::{Machine, Setup, setup};

/// Plays game `index` of the one-cell run `plan` again and returns its log: the seating,
/// every question with its answers, every event, the board wherever the game marks one
/// ([`Game::shows_board`]), and the final scores.
///
/// Told in full (`seat` is `None`), the log shows everything, the board as a narrator
/// sees it ([`Game::observe_all`]), and every seat's standing at each mark `--arc` reads
/// ([`floe_sim::arc`]: a `standings:` line before a round's first question, and one at the
/// end). Told as `seat` saw it, the board is that seat's observation, events are as that
/// seat saw them ([`Game::seen_by`]), there are no standings (another seat's can hold what
/// `seat` cannot know), and another seat's question is shown by the answers'
/// [`Game::action_key`]: in full when the seat can tell every answer apart, and left out
/// when it cannot (the answer's line then says all the seat learns, say that a card was
/// played face down).
///
/// `bots` reads the plan's bot list: the bots it names besides the built-in ones (a game
/// record's answers, replayed, or a plugged bot).
///
/// # Errors
/// Fails if the plan does not fit its game, or `seat` is not at the table.
pub fn replay(plan: &Plan, index: u64, seat: Option<usize>, bots: &Registry) -> Result<String> {
    struct Text;
    impl Teller for Text {
        type Told = String;
        fn tell<G: Game>(self, setup: &Setup<G>, index: u64, viewer: Option<Seat>) -> String {
            tell(setup, index, viewer)
        }
    }
    tell_with(plan, index, seat, bots, Text)
}

/// A way to tell one game of a run again ([`tell_with`]): as text, or drawn.
pub(crate) trait Teller {
    /// What the telling gives.
    type Told;
    /// Tells game `index` of the run of `setup`, in full or as `viewer` saw it.
    fn tell<G: Game>(self, setup: &Setup<G>, index: u64, viewer: Option<Seat>) -> Self::Told;
}

/// Sets up the one-cell run `plan` and has `teller` tell its game `index`, in full or as
/// `seat` saw it; `bots` reads the plan's bot list (see [`replay`]).
///
/// # Errors
/// Fails if the plan does not fit its game, or `seat` is not at the table.
pub(crate) fn tell_with<T: Teller>(
    plan: &Plan,
    index: u64,
    seat: Option<usize>,
    bots: &Registry,
    teller: T,
) -> Result<T::Told> {
    struct Replay<'a, T> {
        plan: &'a Plan,
        index: u64,
        seat: Option<usize>,
        bots: &'a Registry,
        teller: T,
    }
    impl<T: Teller> GameVisitor for Replay<'_, T> {
        type Output = Result<T::Told>;
        fn visit<G: Game + 'static>(self, game: G) -> Result<T::Told> {
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
                    format!("{}, not {seat}", crate::seats::seats_of(players)),
                )
                .into());
            }
            let viewer = self.seat.map(|s| Seat(s as u8));
            Ok(self.teller.tell(&setup, self.index, viewer))
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
            teller,
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

/// What [`walk`] hands out as it plays a game again, in order.
pub(crate) enum Walked<'a, G: Game> {
    /// Every seat's standing at a mark of the game's course ([`floe_sim::arc`]): at the
    /// state just handed out, which opens a round or ends the game. Handed out once,
    /// whatever the viewers: a telling as one seat saw it shows none, since a standing can
    /// hold what that seat cannot know (in Arctic, another seat's secret totem).
    Mark(&'a [f64]),
    /// A line of the log of the viewer numbered `view` (its place in the viewers list).
    Line {
        /// The viewer's place in the list.
        view: usize,
        /// The line: a question with its answers, or an event.
        text: String,
        /// Whether the line is the question asked in the last state.
        question: bool,
    },
    /// The game reached a question (of the seat `asked`), or its end (`asked` is `None`),
    /// in `state`; `board_due` says the game marked a board point since the last state
    /// ([`Game::shows_board`]).
    State {
        /// The state.
        state: &'a G::State,
        /// Whether a board point came since the last state.
        board_due: bool,
        /// The seat asked, `None` once the game is over.
        asked: Option<Seat>,
    },
}

/// Plays game `index` of the run of `setup` again, handing `sink` every line of the log as
/// each of `viewers` sees it (`None`: in full), every state a question is asked in, and
/// the marks a run following the game's course (`--arc`) takes, each after its state; and
/// returns its record.
pub(crate) fn walk<G: Game>(
    setup: &Setup<G>,
    index: u64,
    viewers: &[Option<Seat>],
    sink: &mut dyn FnMut(Walked<'_, G>),
) -> floe_sim::GameRecord {
    let game = &setup.game;
    // A board point's board is shown at the next state the log hands out.
    let mut board_due = false;
    // The marks are taken by the course's own rule, as `--arc` takes them.
    let mut course = Course::default();
    course.begin(game, setup.label.players);
    let stop = floe_io::stop::flag();
    floe_sim::replay(game, &setup.config, index, stop, &mut |line| match line {
        Line::Question {
            seat,
            answers,
            state,
        } => {
            sink(Walked::State {
                state,
                board_due: std::mem::take(&mut board_due),
                asked: Some(seat),
            });
            if course.question(game, state, answers.len()) {
                sink(Walked::Mark(course.last_mark()));
            }
            for (view, &viewer) in viewers.iter().enumerate() {
                if let Some(text) = question(game, state, seat, answers, viewer) {
                    sink(Walked::Line {
                        view,
                        text,
                        question: true,
                    });
                }
            }
        }
        Line::Event(e) => {
            board_due |= game.shows_board(&e);
            course.event(game, &e);
            for (view, &viewer) in viewers.iter().enumerate() {
                let text = match viewer {
                    Some(viewer) => game.seen_by(e.clone(), viewer).to_string(),
                    None => e.to_string(),
                };
                sink(Walked::Line {
                    view,
                    text,
                    question: false,
                });
            }
        }
        Line::Over(state) => {
            sink(Walked::State {
                state,
                board_due: std::mem::take(&mut board_due),
                asked: None,
            });
            let outcome = game.outcome(state).expect("a game told to its end is over");
            sink(Walked::Mark(course.end(&outcome)));
        }
    })
}

/// Returns the opening lines of a told game: what was played, and who sat where.
pub(crate) fn heading<G: Game>(
    setup: &Setup<G>,
    index: u64,
    record: &floe_sim::GameRecord,
) -> Vec<String> {
    let (game, label) = (&setup.game, &setup.label);
    let (lineup, seed) = setup.config.deal(index);
    let bot_of_seat = &setup.config.lineups()[lineup];
    let mut lines = vec![format!(
        "{} ({} rules), {} players, master seed {}, game {index} (game seed 0x{seed:016x})",
        label.game, label.rules, label.players, label.dealing.seed
    )];
    for seat in Seat::all(label.players) {
        let colour = &game.colours()[record.colours[seat.index()] as usize];
        lines.push(format!(
            "  {seat}: {colour}, bot {}",
            label.bot_groups[bot_of_seat[seat.index()]]
        ));
    }
    lines
}

/// Plays game `index` of the run of `setup` and tells it, in full or as `viewer` saw it.
fn tell<G: Game>(setup: &Setup<G>, index: u64, viewer: Option<Seat>) -> String {
    let game = &setup.game;
    let mut lines = Vec::new();
    let record = walk(setup, index, &[viewer], &mut |w| match w {
        Walked::Line { text, .. } => lines.push(text),
        Walked::State {
            state, board_due, ..
        } => {
            if board_due {
                lines.push(board(game, state, viewer).trim_end().to_string());
            }
        }
        Walked::Mark(mark) => {
            if viewer.is_none() {
                lines.push(standings_line(mark));
            }
        }
    });
    let mut out = String::new();
    let mut heading = heading(setup, index, &record);
    if let Some(viewer) = viewer {
        heading.insert(1, format!("as {viewer} saw it"));
    }
    for line in heading.into_iter().chain(lines) {
        let _ = writeln!(out, "{line}");
    }
    out.push_str(&final_scores(game, setup.label.players, &record.outcome));
    out
}

/// Returns the line of a mark's standings, `standings: seat 0 3, seat 1 4.5`: each number
/// as Rust writes a double (the shortest text that reads back to it), so that a program
/// reading the line gets the very numbers the measures of `--arc` were computed from.
fn standings_line(mark: &[f64]) -> String {
    let seats: Vec<String> = Seat::all(mark.len())
        .zip(mark)
        .map(|(seat, v)| format!("{seat} {v}"))
        .collect();
    format!("standings: {}", seats.join(", "))
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
