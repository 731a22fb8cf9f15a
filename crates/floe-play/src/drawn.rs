//! Drawn games: a game played again and told step by step as boards, for the page of
//! [`floe_pages::drawn`] (`floe replay --html`, and the page `floe play --web` serves).
//!
//! Each step's board is the viewer's observation as JSON ([`Game::observe`], or
//! [`Game::observe_all`] told in full), the same facts a bot of that seat is given, so a
//! page drawn for one seat holds nothing that seat does not know.

use floe_bots::Registry;
use floe_core::{Game, Seat};
use floe_lab::plan::Plan;
use floe_lab::setup::Setup;
use floe_pages::drawn::{Drawn, Mark, Step, View};
use serde_json::Value;

use crate::replay::{Teller, Walked, heading, tell_with, walk};

/// Plays game `index` of the one-cell run `plan` again and tells it for drawing: in full
/// and as each seat saw it, or (given `seat`) only as that seat saw it, so that the page
/// holds nothing else. `bots` reads the plan's bot list, as for [`crate::replay::replay`].
///
/// # Errors
/// Fails if the plan does not fit its game, or `seat` is not at the table.
pub fn replay(
    plan: &Plan,
    index: u64,
    seat: Option<usize>,
    bots: &Registry,
) -> anyhow::Result<Drawn> {
    tell_with(plan, index, seat, bots, Draw)
}

/// Tells a game for drawing ([`replay`]).
pub(crate) struct Draw;

impl Teller for Draw {
    type Told = Drawn;
    fn tell<G: Game>(self, setup: &Setup<G>, index: u64, viewer: Option<Seat>) -> Drawn {
        let game = &setup.game;
        let players = setup.label.players;
        let viewers: Vec<Option<Seat>> = match viewer {
            Some(seat) => vec![Some(seat)],
            None => std::iter::once(None)
                .chain(Seat::all(players).map(Some))
                .collect(),
        };
        let mut views: Vec<View> = viewers
            .iter()
            .map(|v| View {
                seat: v.map(Seat::index),
                steps: Vec::new(),
            })
            .collect();
        // Events wait here for the next state; a question's line joins its own step.
        let mut pending: Vec<Vec<String>> = vec![Vec::new(); viewers.len()];
        let mut marks = Vec::new();
        let record = walk(setup, index, &viewers, &mut |w| match w {
            Walked::Line {
                view,
                text,
                question,
            } => match (question, views[view].steps.last_mut()) {
                (true, Some(step)) => step.log.push(text),
                _ => pending[view].push(text),
            },
            Walked::State { state, asked, .. } => {
                for (view, &viewer) in viewers.iter().enumerate() {
                    let board = board_json(game, state, viewer);
                    let log = std::mem::take(&mut pending[view]);
                    views[view]
                        .steps
                        .push(Step::of(board, asked.map(Seat::index), log));
                }
            }
            // Told in full only (see `Drawn::marks`), at the step just pushed.
            Walked::Mark(standings) => {
                if viewer.is_none() {
                    marks.push(Mark {
                        step: views[0].steps.len() - 1,
                        standings: standings.to_vec(),
                    });
                }
            }
        });
        Drawn {
            game: game.name().to_string(),
            heading: heading(setup, index, &record),
            players,
            colours: Seat::all(players)
                .map(|s| game.colours()[record.colours[s.index()] as usize].clone())
                .collect(),
            views,
            final_scores: crate::replay::final_scores(game, players, &record.outcome),
            marks,
        }
    }
}

/// Returns the board of `state` as `viewer` sees it, as JSON: its observation, or told in
/// full the narrator's (a game without one: every seat's observation, in a list).
fn board_json<G: Game>(game: &G, state: &G::State, viewer: Option<Seat>) -> Value {
    let json = |o: G::Observation| serde_json::to_value(o).expect("an observation is JSON");
    match viewer {
        Some(seat) => json(game.observe(state, seat)),
        None => match game.observe_all(state) {
            Some(all) => json(all),
            None => Value::Array(
                Seat::all(game.players(state))
                    .map(|s| json(game.observe(state, s)))
                    .collect(),
            ),
        },
    }
}
