//! Playing one game: the loop that asks bots and applies their answers.

use floe_bots::{AnyBot, Bot};
use floe_core::{Figures, Game, MAX_COLOURS, MAX_SEATS, Outcome, Seat, Stream, stream_rng};

use rand::RngExt;

use crate::Dealing;
use crate::arc::{Course, GameArc};
use crate::deal::Deal;

/// The seats of one table: a bot per seat and reusable buffers.
pub struct Seats<G: Game> {
    bots: Vec<AnyBot<G>>,
    /// The figures of the last game played ([`Game::figures`]), boxed once per table.
    figures: Box<Figures>,
    /// The course of the last game played, when the table follows it
    /// ([`Seats::following_arcs`]), and its measures: boxed, so that taking it out of the
    /// table for a game and putting it back moves a pointer, not the record.
    course: Option<Box<(Course, GameArc)>>,
}

/// What one game gives the statistics: its outcome and who played which colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Game index in the run.
    pub index: u64,
    /// The game's seed.
    pub seed: u64,
    /// The result.
    pub outcome: Outcome,
    /// Colour index (into [`Game::colours`]) per seat.
    pub colours: [u8; MAX_SEATS],
    /// How the game unfolded, when the table followed it ([`Seats::following_arcs`]): each
    /// measure of [`crate::arc::MEASURES`] in millionths ([`crate::arc::SCALE`]), `None`
    /// where it is not defined or not followed.
    pub arc: [Option<i64>; crate::arc::MEASURES.len()],
}

/// One line of a game's log: a question put to a seat, an event of the game, or its end.
/// The lines that carry the state let a replay show the board and key the answers
/// ([`Game::action_key`]) as one seat sees them.
pub enum Line<'a, G: Game> {
    /// `seat` is asked to choose among `answers`.
    Question {
        /// The seat asked.
        seat: Seat,
        /// Its answers.
        answers: &'a [G::Action],
        /// The state the question is asked in.
        state: &'a G::State,
    },
    /// Something happened (including the answer given).
    Event(G::Event),
    /// The game is over; its final state.
    Over(&'a G::State),
}

impl<G: Game> Seats<G> {
    /// Seats `bots`, one per seat in seat order.
    pub fn new(bots: Vec<AnyBot<G>>) -> Seats<G> {
        Seats {
            bots,
            figures: Box::default(),
            course: None,
        }
    }

    /// Returns this table recording how each game unfolds ([`crate::arc`]): its course
    /// ([`Seats::course`]) and measures ([`Seats::arc`]).
    pub fn following_arcs(mut self) -> Seats<G> {
        self.course = Some(Box::default());
        self
    }

    /// Returns the course of the last game played, if the table follows it.
    pub fn course(&self) -> Option<&Course> {
        self.course.as_deref().map(|(c, _)| c)
    }

    /// Returns the measures of how the last game played unfolded, if the table follows it.
    pub fn arc(&self) -> Option<GameArc> {
        self.course.as_deref().map(|&(_, arc)| arc)
    }

    /// Returns the figures ([`Game::figures`]) of the last game played at this table
    /// (nothing set for a game that declares none).
    pub fn figures(&self) -> &Figures {
        &self.figures
    }

    /// Returns the number of seats.
    pub fn players(&self) -> usize {
        self.bots.len()
    }
}

/// Plays game `index` (with seed `seed`) at `table`, dealt as the run's `dealing` says,
/// reporting every line to `log`, and measures its figures into the table's buffer
/// ([`Seats::figures`]).
///
/// Allocation-free: the state, answers and random streams live on the stack or in `table`.
///
/// # Panics
/// Panics if a bot answers with something that is not among the answers offered (the
/// engine's own checks catch it; debug builds check every answer here first).
pub fn play<G: Game>(
    game: &G,
    table: &mut Seats<G>,
    index: u64,
    seed: u64,
    dealing: &Dealing,
    log: &mut impl FnMut(Line<'_, G>),
) -> GameRecord {
    // Two loops, chosen once a game: one that follows the game's course and one with no
    // trace of it, so that a run that does not ask pays nothing per question. The course
    // is taken out of the table for the game, so that the loop holds it directly.
    match table.course.take() {
        Some(followed) => play_followed(game, table, followed, index, seed, dealing, log),
        None => play_following::<G, false>(
            game,
            table,
            index,
            seed,
            dealing,
            &mut Course::default(),
            log,
        ),
    }
}

/// [`play`] at a table that follows the game's course in `followed`: the game, then its
/// measures.
fn play_followed<G: Game>(
    game: &G,
    table: &mut Seats<G>,
    mut followed: Box<(Course, GameArc)>,
    index: u64,
    seed: u64,
    dealing: &Dealing,
    log: &mut impl FnMut(Line<'_, G>),
) -> GameRecord {
    let (course, arc) = &mut *followed;
    let record = play_following::<G, true>(game, table, index, seed, dealing, course, log);
    *arc = course.measure(&record.outcome);
    let scaled = arc.scaled();
    table.course = Some(followed);
    GameRecord {
        arc: scaled,
        ..record
    }
}

/// Hands the event `e` to `log` and to `course`: it counts the questions the engine
/// answered itself.
#[inline(always)]
fn tell<G: Game>(game: &G, course: &mut Course, log: &mut impl FnMut(Line<'_, G>), e: G::Event) {
    course.event(game, &e);
    log(Line::Event(e));
}

/// [`play`], recording the game's course in `course` when `FOLLOW` (a course left empty
/// otherwise, which costs nothing to make). Out of line, so that each of the two loops is
/// compiled alone: inside [`play`] beside the other's call, the loop without the course
/// kept one pointer fewer in a register, two instructions more a question.
#[inline(never)]
fn play_following<G: Game, const FOLLOW: bool>(
    game: &G,
    table: &mut Seats<G>,
    index: u64,
    seed: u64,
    dealing: &Dealing,
    course: &mut Course,
    log: &mut impl FnMut(Line<'_, G>),
) -> GameRecord {
    let players = table.players();
    table.bots.iter_mut().for_each(Bot::new_game);
    if FOLLOW {
        course.begin(game, players);
    }
    // A run that does not follow the course hands events to the log alone, in a closure
    // that holds nothing else, so that the engine's code is what it was before courses
    // were followed (a closure that also held the course, unused, cost 1-2% of a game).
    let mut deal = match FOLLOW {
        true => Deal::new(game, players, seed, &mut |e| tell(game, course, log, e)),
        false => Deal::new(game, players, seed, &mut |e| log(Line::Event(e))),
    };
    while let Some(seat) = deal.to_act(game) {
        if FOLLOW {
            course.question(game, deal.state(), deal.answers().len());
        }
        log(Line::Question {
            seat,
            answers: deal.answers(),
            state: deal.state(),
        });
        let action = deal.ask(game, seat, &mut table.bots[seat.index()]);
        debug_assert!(
            deal.answers().contains(&action),
            "the bot of {seat} answered {action:?}, not among {:?}",
            deal.answers()
        );
        match FOLLOW {
            true => deal.advance(game, action, &mut |e| tell(game, course, log, e)),
            false => deal.advance(game, action, &mut |e| log(Line::Event(e))),
        }
    }
    let state = deal.state();
    log(Line::Over(state));
    let outcome = game
        .outcome(state)
        .expect("a game without a pending question is over");
    if !game.figures().is_empty() {
        table.figures.clear();
        game.measure(state, &outcome, &mut table.figures);
    }
    if FOLLOW {
        course.end(&outcome);
    }
    let colours = deal_colours(seed, players, game.colours().len(), dealing.shuffle_colours);
    GameRecord {
        index,
        seed,
        outcome,
        colours,
        arc: [None; crate::arc::MEASURES.len()],
    }
}

/// Returns the colour index per seat: seat i plays colour i, or, shuffled, `players`
/// distinct colours drawn at random from all `available` (a partial Fisher-Yates shuffle
/// on the game's own colour stream).
fn deal_colours(seed: u64, players: usize, available: usize, shuffle: bool) -> [u8; MAX_SEATS] {
    let mut pool: [u8; MAX_COLOURS] = std::array::from_fn(|i| i as u8);
    if shuffle {
        let mut rng = stream_rng(seed, Stream::Colours);
        for i in 0..players {
            pool.swap(i, rng.random_range(i..available.min(MAX_COLOURS)));
        }
    }
    std::array::from_fn(|i| pool[i])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_follow_seats_unless_shuffled() {
        assert_eq!(deal_colours(5, 4, 6, false)[..4], [0, 1, 2, 3]);
        let mut seen = [0u32; 6];
        for seed in 0..6000 {
            let dealt = deal_colours(seed, 4, 6, true);
            let mut distinct = dealt[..4].to_vec();
            distinct.sort_unstable();
            distinct.dedup();
            assert_eq!(distinct.len(), 4, "a colour dealt twice: {dealt:?}");
            seen[dealt[0] as usize] += 1;
        }
        // Seat 0 gets each of the 6 colours about 1000 times.
        assert!(seen.iter().all(|&n| (850..1150).contains(&n)), "{seen:?}");
    }
}
