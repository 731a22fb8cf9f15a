//! How a game unfolds: every seat's standing ([`Game::standings`], points plus progress)
//! at each round's start and at the end, and each question's number of answers, recorded
//! while the game is played ([`Course`]), and the measures a designer reads from them
//! ([`GameArc`]): lead changes, drama, when the game was decided, comebacks and runaways,
//! and how many questions were real choices.
//!
//! The definitions, in the order of [`MEASURES`] (the docs' statistics chapter repeats
//! them):
//! - A **mark** is every seat's standing when a round begins (read at its first question)
//!   and once more at the end of the game, where it is each seat's final score (the
//!   outcome's: progress toward more points is worth nothing once the game is over). A round the engine plays alone, with no
//!   question in it (Goofspiel's last card, a forced move), has no mark of its own: the
//!   next mark follows it. The first mark, at the start, is left out of
//!   the measures below but for lead changes; the others are the game's `n` marks after
//!   play began, the last at the end.
//! - The **leader** at a mark is the one seat whose standing is above every other's; at a
//!   tie for the best standing there is none.
//! - **Lead changes**: how many times the leader differs from the previous leader, marks
//!   without a leader skipped (a tie does not count as a change, and a lead lost to a tie
//!   and won back is none).
//! - The measures that follow the **winner** are defined for games won by one seat alone
//!   (a shared win has no one winner to follow) and are left out of the cell's figures
//!   otherwise.
//! - **Drama**: the share of the `n` marks at which the winner was not the leader, and the
//!   **deficit**: the winner's mean distance, in points, below the best standing at those
//!   marks (defined when there is at least one).
//! - **Decided at**: `k / n`, where the winner leads at mark `k` and at every mark after
//!   it and not at mark `k - 1` (1.0 when the winner does not lead at the end: the game
//!   was decided only by its last rule; near 0: decided at once).
//! - **Comeback**: whether the winner stood below the median standing at half-time, the
//!   mark `ceil(n / 2)`; **runaway**: whether it was the leader there.
//! - **Real choices**: the share of questions with two answers or more, among every
//!   question of the game: those put to a seat and those with one answer, which the
//!   engine answers itself ([`Game::is_forced`]); **branching**: the mean number of
//!   answers of those with two or more.

use floe_core::{Game, MAX_ACTIONS, MAX_SEATS, Outcome, Standing};

/// One measure of how a game unfolds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Measure {
    /// Its name in `arc.csv` and `games.csv`.
    pub name: &'static str,
    /// What a game's value means, for `columns.csv` and the docs.
    pub meaning: &'static str,
    /// Whether a game's value is a yes (1) or no (0): the cell's figure is then a share
    /// of games, whose interval is Wilson's, rather than a mean over games, whose
    /// interval is the normal approximation's.
    pub yes_no: bool,
    /// Whether a game's value is a share (0 to 1; every yes-or-no measure is one), which
    /// people read in percentage points: a tune objective weighing it reads in points.
    pub share: bool,
}

/// A measure whose value is a count, a number of points or of answers.
const fn measure(name: &'static str, meaning: &'static str) -> Measure {
    Measure {
        name,
        meaning,
        yes_no: false,
        share: false,
    }
}

/// A measure whose value is a share of 0 to 1.
const fn share(name: &'static str, meaning: &'static str) -> Measure {
    Measure {
        share: true,
        ..measure(name, meaning)
    }
}

/// A measure whose value is a yes (1) or a no (0).
const fn yes_no(name: &'static str, meaning: &'static str) -> Measure {
    Measure {
        yes_no: true,
        ..share(name, meaning)
    }
}

/// The per-game measures, in the order of [`GameArc::values`]: the one list the tables,
/// the docs and the tests read.
pub const MEASURES: [Measure; 8] = [
    measure(
        "lead_changes",
        "times the seat with the best standing changed (ties skipped)",
    ),
    share(
        "drama",
        "share of the marks after the start at which the eventual winner was not leading",
    ),
    measure(
        "deficit",
        "the winner's mean distance in points below the best standing when it was not leading",
    ),
    share(
        "decided_at",
        "share of the game played when the winner took the lead for good",
    ),
    yes_no(
        "comeback",
        "1 when the winner stood below the median standing at half-time, else 0",
    ),
    yes_no("runaway", "1 when the winner led at half-time, else 0"),
    share(
        "real_choices",
        "share of questions with two answers or more",
    ),
    measure(
        "branching",
        "mean number of answers of the questions with two or more",
    ),
];

/// The fixed-point scale of the measures in a tally: a value v is kept as
/// `round(v * SCALE)`, so sums merge exactly in any order.
pub const SCALE: u32 = 1_000_000;

/// The record of one game's course, reused game after game at a table: its buffer is
/// made room in for the game's longest game ([`Game::round_limit`]) at the first game and
/// never given back, so that recording allocates nothing per game.
#[derive(Clone, Debug)]
pub struct Course {
    players: usize,
    /// Each mark (see the module doc), in order.
    marks: Vec<Mark>,
    /// The round of the last mark, [`NO_ROUND`] before the first question.
    round: u32,
    /// Questions by their number of answers, those the engine answered itself included:
    /// one count a question, cheaper than keeping the totals the measures read (a
    /// question has at most [`MAX_ACTIONS`] answers). A `u32` holds them: 2^32 questions
    /// would be over four seconds of one game at a billion questions a second.
    by_answers: [u32; ANSWER_SLOTS],
    /// The slots the game can fill, from none to its most answers: a question's answers
    /// are distinct actions, so at most the game's [`Game::action_count`]. Only these are
    /// cleared and summed: a Goofspiel question has at most 13 answers of the 64 a
    /// question can have.
    slots: usize,
}

/// One mark: every seat's standing (the places past the game's seats unread), and the
/// best standing and its leader, found once as the mark is taken: the measures read them
/// several times a mark. One record, so that a mark is one push.
#[derive(Clone, Copy, Debug)]
struct Mark {
    standings: [f64; MAX_SEATS],
    top: f64,
    leader: Option<usize>,
}

/// [`Course::round`] before the game's first question: no game reaches this round.
const NO_ROUND: u32 = u32::MAX;

/// The slots of [`Course::by_answers`]: a power of two above [`MAX_ACTIONS`], so that a
/// question's slot, its number of answers modulo this, is that number itself, found with
/// no check.
const ANSWER_SLOTS: usize = (MAX_ACTIONS + 1).next_power_of_two();

impl Default for Course {
    fn default() -> Course {
        Course {
            players: 0,
            marks: Vec::new(),
            round: NO_ROUND,
            by_answers: [0; ANSWER_SLOTS],
            slots: 0,
        }
    }
}

impl Course {
    /// Starts the record of a game of `game` with `players` seats.
    pub fn begin<G: Game>(&mut self, game: &G, players: usize) {
        self.players = players;
        self.marks.clear();
        // A mark at each round's start and one at the end.
        self.marks.reserve(game.round_limit().map_or(0, |r| r + 2));
        self.round = NO_ROUND;
        let slots = game.action_count(players).min(MAX_ACTIONS) + 1;
        // The last game's slots too, should it have had more seats and more answers.
        self.by_answers[..slots.max(self.slots)].fill(0);
        self.slots = slots;
    }

    /// Records a question with `answers` answers asked in `state`, marking the standings
    /// first when it opens a round. Returns whether it took a mark ([`Course::last_mark`]):
    /// a replay shows it where it was read, by the one rule the measures use.
    #[inline]
    pub fn question<G: Game>(&mut self, game: &G, state: &G::State, answers: usize) -> bool {
        let round = game.round(state);
        let opens = self.round != round;
        if opens {
            self.round = round;
            self.mark(game, state);
        }
        debug_assert!(
            answers < self.slots,
            "{answers} answers, above the game's actions"
        );
        self.by_answers[answers % ANSWER_SLOTS] += 1;
        opens
    }

    /// Records an answer the engine gave itself to a question with one answer, when
    /// `event` reports one ([`Game::is_forced`]): a question, but no choice.
    #[inline]
    pub fn event<G: Game>(&mut self, game: &G, event: &G::Event) {
        self.by_answers[1] += u32::from(game.is_forced(event));
    }

    /// Records the game's end, which came to `outcome`, and returns its last mark: each
    /// seat's final score.
    pub fn end(&mut self, outcome: &Outcome) -> &[f64] {
        self.push(|s| f64::from(outcome.scores[s]));
        self.last_mark()
    }

    /// Marks every seat's standing (out of line: a round is several questions).
    #[inline(never)]
    fn mark<G: Game>(&mut self, game: &G, state: &G::State) {
        let mut standings = [Standing::default(); MAX_SEATS];
        game.standings(state, &mut standings);
        self.push(|s| standings[s].points + standings[s].progress);
    }

    /// Adds the mark of standings `standing(seat)` with its leader. Every place is
    /// filled, the seats the game does not have included (with whatever `standing` gives
    /// them), with no branch on how many seats play.
    #[inline(always)]
    fn push(&mut self, standing: impl Fn(usize) -> f64) {
        let standings = std::array::from_fn(standing);
        let (top, leader) = leader(&standings[..self.players]);
        self.marks.push(Mark {
            standings,
            top,
            leader,
        });
    }

    /// The mark just taken.
    pub fn last_mark(&self) -> &[f64] {
        self.marks
            .last()
            .map_or(&[], |m| &m.standings[..self.players])
    }

    /// Every seat's standing at each mark, the first at the start and the last at the end.
    pub fn marks(&self) -> impl Iterator<Item = &[f64]> {
        self.marks.iter().map(|m| &m.standings[..self.players])
    }

    /// Returns the measures of the game recorded, which ended in `outcome`, allocating
    /// nothing.
    pub fn measure(&self, outcome: &Outcome) -> GameArc {
        let winner = (outcome.winner_count() == 1)
            .then(|| (0..self.players).find(|&s| outcome.is_winner(floe_core::Seat(s as u8))))
            .flatten();
        // Sums over every slot, with no branch; the questions of fewer than two answers
        // (of one: a question has at least one) are taken out after.
        let counts = &self.by_answers[..self.slots];
        let questions: u64 = counts.iter().map(|&n| u64::from(n)).sum();
        let answers: u64 = (0..).zip(counts).map(|(a, &n)| a * u64::from(n)).sum();
        let (none, one) = (u64::from(counts[0]), u64::from(counts[1]));
        let (choices, choice_answers) = (questions - none - one, answers - one);
        let mut arc = GameArc {
            lead_changes: lead_changes(self.marks.iter().map(|m| m.leader)),
            real_choices: (questions > 0).then(|| choices as f64 / questions as f64),
            branching: (choices > 0).then(|| choice_answers as f64 / choices as f64),
            ..GameArc::default()
        };
        if let Some(w) = winner {
            follow_winner(
                &mut arc,
                self.marks.get(1..).unwrap_or_default(),
                self.players,
                w,
            );
        }
        arc
    }
}

/// Returns `(v * SCALE).round() as i64` without the library call that `f64::round` is on
/// a baseline x86-64 (it runs for every measure of every game followed): the cast's
/// truncation `t`, then a step away from zero when the part cut off, `x - t`, is a half or
/// more, which is `round`'s rule. Equal for every `v`: below 2^52 the part cut off is
/// found exactly (two doubles of one sign within a factor of 2, or `t` zero), above it `x`
/// is whole and nothing is cut, and the cast saturates as `round`'s did (a NaN gives 0).
fn millionths(v: f64) -> i64 {
    let x = v * f64::from(SCALE);
    let t = x as i64;
    let cut = x - t as f64;
    if cut >= 0.5 {
        t.saturating_add(1)
    } else if cut <= -0.5 {
        t.saturating_sub(1)
    } else {
        t
    }
}

/// The measures of one game (see the module doc); `None` where a measure is not defined.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct GameArc {
    /// Times the leader changed.
    pub lead_changes: u32,
    /// Share of the marks after the start at which the winner was not leading.
    pub drama: Option<f64>,
    /// The winner's mean distance below the best standing at those marks.
    pub deficit: Option<f64>,
    /// Share of the game played when the winner took the lead for good.
    pub decided_at: Option<f64>,
    /// Whether the winner stood below the median at half-time.
    pub comeback: Option<bool>,
    /// Whether the winner led at half-time.
    pub runaway: Option<bool>,
    /// Share of questions with two answers or more.
    pub real_choices: Option<f64>,
    /// Mean answers of those questions.
    pub branching: Option<f64>,
}

impl GameArc {
    /// The measures in the order of [`MEASURES`], in millionths ([`SCALE`], rounded to
    /// the nearest): exact integers, as a tally counts them and `games.csv` writes them.
    pub fn scaled(&self) -> [Option<i64>; MEASURES.len()] {
        self.values().map(|v| v.map(millionths))
    }

    /// The measures in the order of [`MEASURES`], as numbers (a yes as 1, a no as 0).
    pub fn values(&self) -> [Option<f64>; MEASURES.len()] {
        let yes = |b: Option<bool>| b.map(|b| f64::from(u8::from(b)));
        [
            Some(f64::from(self.lead_changes)),
            self.drama,
            self.deficit,
            self.decided_at,
            yes(self.comeback),
            yes(self.runaway),
            self.real_choices,
            self.branching,
        ]
    }
}

/// Returns the best standing at `mark` and the seat whose standing is above every
/// other's, if one is: one pass over the seats that play, as it runs at every mark of
/// every game followed.
fn leader(mark: &[f64]) -> (f64, Option<usize>) {
    let (mut top, mut leader) = (f64::NEG_INFINITY, None);
    for (s, &m) in mark.iter().enumerate() {
        if m > top {
            (top, leader) = (m, Some(s));
        } else if m == top {
            leader = None;
        }
    }
    (top, leader)
}

/// Returns how many times the leader changes over marks whose leaders are `leaders`.
fn lead_changes(leaders: impl Iterator<Item = Option<usize>>) -> u32 {
    let mut last = None;
    let mut changes = 0;
    for lead in leaders.flatten() {
        if last.is_some_and(|l| l != lead) {
            changes += 1;
        }
        last = Some(lead);
    }
    changes
}

/// Fills the measures that follow the sole winner `w` over the marks `after` the start
/// (each holding `players` standings).
fn follow_winner(arc: &mut GameArc, after: &[Mark], players: usize, w: usize) {
    let n = after.len();
    if n == 0 {
        return;
    }
    // One pass: the marks the winner did not lead, how far behind it was there, and the
    // mark after the last of them, from which it led for good.
    let (mut behind, mut short, mut held_from) = (0usize, 0.0, 0);
    for (k, m) in after.iter().enumerate() {
        if m.leader != Some(w) {
            behind += 1;
            short += m.top - m.standings[w];
            held_from = k + 1;
        }
    }
    arc.drama = Some(behind as f64 / n as f64);
    arc.deficit = (behind > 0).then(|| short / behind as f64);
    arc.decided_at = Some(if held_from == n {
        1.0
    } else {
        (held_from + 1) as f64 / n as f64
    });
    let half_time = n.div_ceil(2) - 1;
    let half = after[half_time].standings;
    let mut sorted = half;
    sorted[..players].sort_by(f64::total_cmp);
    let median = match players % 2 {
        1 => sorted[players / 2],
        _ => (sorted[players / 2 - 1] + sorted[players / 2]) / 2.0,
    };
    arc.comeback = Some(half[w] < median);
    arc.runaway = Some(after[half_time].leader == Some(w));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arc_of(marks: &[&[f64]], winner: Option<usize>) -> GameArc {
        let players = marks[0].len();
        let mut course = Course {
            players,
            ..Course::default()
        };
        for m in marks {
            course.push(|s| m.get(s).copied().unwrap_or_default());
        }
        let mut arc = GameArc {
            lead_changes: lead_changes(course.marks.iter().map(|m| m.leader)),
            ..GameArc::default()
        };
        if let Some(w) = winner {
            follow_winner(&mut arc, &course.marks[1..], players, w);
        }
        arc
    }

    fn lead(mark: &[f64]) -> Option<usize> {
        leader(mark).1
    }

    #[test]
    fn millionths_round_as_round_does() {
        let edges = [
            0.0,
            -0.0,
            0.4999995,
            0.0000005,
            -0.0000005,
            0.0000015,
            2.5e-7,
            1.0 / 3.0,
            -2.0 / 3.0,
            0.49999999999999994,
            4.5e9 + 0.5e-6,
            9.3e12,
            -9.3e12,
            f64::MAX,
            f64::MIN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            1e300,
        ];
        for v in edges {
            let x = v * f64::from(SCALE);
            assert_eq!(millionths(v), x.round() as i64, "{v}");
        }
        for i in 0..100_000 {
            let v = f64::from(i) / 65_536.0 - 0.75;
            assert_eq!(millionths(v), (v * f64::from(SCALE)).round() as i64, "{v}");
        }
    }

    #[test]
    fn a_tie_is_no_leader_and_no_change() {
        assert_eq!(lead(&[1.0, 1.0, 0.0]), None);
        assert_eq!(lead(&[1.0, 2.0, 0.0]), Some(1));
        assert_eq!(lead(&[1.0, 2.0, 2.0]), None);
        assert_eq!(lead(&[2.0, 1.0, 2.0]), None);
        assert_eq!(lead(&[1.0, 1.0, 2.0]), Some(2));
        assert_eq!(lead(&[-0.0, 0.0]), None);
        assert_eq!(lead(&[3.0]), Some(0));
        assert_eq!(leader(&[1.0, 3.0, 2.0]), (3.0, Some(1)));
        // A leads, ties, leads again, B leads, tie, B: one change.
        let marks: [&[f64]; 6] = [
            &[1.0, 0.0],
            &[1.0, 1.0],
            &[2.0, 1.0],
            &[2.0, 3.0],
            &[3.0, 3.0],
            &[3.0, 4.0],
        ];
        assert_eq!(lead_changes(marks.into_iter().map(lead)), 1);
    }

    #[test]
    fn a_game_led_from_the_first_round_is_decided_at_once_and_a_runaway() {
        let marks: [&[f64]; 5] = [
            &[0.0, 0.0],
            &[1.0, 0.0],
            &[2.0, 1.0],
            &[3.0, 1.0],
            &[4.0, 2.0],
        ];
        let arc = arc_of(&marks, Some(0));
        assert_eq!(arc.lead_changes, 0);
        assert_eq!(arc.drama, Some(0.0));
        assert_eq!(arc.deficit, None);
        assert_eq!(arc.decided_at, Some(0.25));
        assert_eq!((arc.comeback, arc.runaway), (Some(false), Some(true)));
    }

    #[test]
    fn a_game_won_from_last_place_is_a_comeback_with_drama() {
        // Three seats; seat 2 is last at half-time (mark 2 of 4) and wins at the end.
        let marks: [&[f64]; 5] = [
            &[0.0, 0.0, 0.0],
            &[2.0, 1.0, 0.0],
            &[3.0, 2.0, 1.0],
            &[3.0, 4.0, 3.5],
            &[4.0, 4.0, 6.0],
        ];
        let arc = arc_of(&marks, Some(2));
        assert_eq!(arc.lead_changes, 2);
        assert_eq!(arc.drama, Some(0.75));
        // Behind by 2, 2 and 0.5.
        assert_eq!(arc.deficit, Some(4.5 / 3.0));
        assert_eq!(arc.decided_at, Some(1.0));
        assert_eq!((arc.comeback, arc.runaway), (Some(true), Some(false)));
    }

    #[test]
    fn a_winner_who_never_leads_is_decided_at_the_end() {
        // The winner ties for the best standing at the end (a rule decides).
        let marks: [&[f64]; 3] = [&[0.0, 0.0], &[0.0, 1.0], &[1.0, 1.0]];
        let arc = arc_of(&marks, Some(0));
        assert_eq!(arc.decided_at, Some(1.0));
        assert_eq!(arc.drama, Some(1.0));
        assert_eq!(arc.deficit, Some(0.5));
    }
}
