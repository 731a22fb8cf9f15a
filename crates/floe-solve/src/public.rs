//! The game as a tree of public states: what both seats know, with a chance for each deal
//! still possible, and what each question or secret round leads to.
//!
//! The solver and the best response walk the same tree; only how they value a round or a
//! turn differs.

use std::collections::BTreeMap;

use floe_core::{ActionList, FloeRng, Game, Outcome, Seat, Stream, stream_rng};

/// Seat 0's payoff of a finished game: the other seat's is its negative (zero-sum).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Payoff {
    /// Seat 0's score minus seat 1's (OpenSpiel's `point_difference`).
    Difference,
    /// 1 for a win of seat 0, -1 for a loss, 0 for a shared win (OpenSpiel's `win_loss`).
    WinLoss,
}

impl Payoff {
    /// Every payoff by its name, as a command line or Python writes it; the first is the
    /// default.
    pub const NAMED: [(&'static str, Payoff); 2] = [
        ("difference", Payoff::Difference),
        ("win-loss", Payoff::WinLoss),
    ];

    /// Returns the payoff's name.
    pub fn name(self) -> &'static str {
        Self::NAMED
            .iter()
            .find(|(_, p)| *p == self)
            .map(|(n, _)| *n)
            .expect("every payoff is named")
    }

    /// Returns the payoff named `name`, or says which there are.
    ///
    /// # Errors
    /// Lists the names when `name` is none of them.
    pub fn named(name: &str) -> Result<Payoff, String> {
        Self::NAMED
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, p)| *p)
            .ok_or_else(|| {
                let names: Vec<&str> = Self::NAMED.iter().map(|(n, _)| *n).collect();
                format!("must be {}", names.join(" or "))
            })
    }

    /// Returns seat 0's payoff of `outcome`.
    pub fn of(self, outcome: &Outcome) -> f64 {
        match self {
            Payoff::Difference => f64::from(outcome.scores[0] - outcome.scores[1]),
            Payoff::WinLoss => {
                let (a, b) = (outcome.is_winner(Seat(0)), outcome.is_winner(Seat(1)));
                f64::from(i8::from(a) - i8::from(b))
            }
        }
    }
}

/// The states one public state may be, each with its chance (summing to the chance of
/// reaching it): they differ only in facts neither seat has seen (the prize deck's order).
pub type Belief<S> = Vec<(S, f64)>;

/// The public states an answer (or a round's answers) leads to, each with its chance.
pub(crate) type Next<S> = Vec<(Belief<S>, f64)>;

/// What a public state holds.
pub(crate) enum Node<G: Game> {
    /// The game is over: seat 0's expected payoff.
    Over(f64),
    /// A secret round of two answers: seat 0's answers (rows), seat 1's (columns), and
    /// the public states each pair leads to with their chances (summing to 1). A seat
    /// whose answer the engine gave (its only one) has no answers listed and one row or
    /// column.
    Round {
        rows: ActionList<G::Action>,
        columns: ActionList<G::Action>,
        next: Vec<Vec<Next<G::State>>>,
    },
    /// A question only `seat` answers, seen by the other: its answers, and the public
    /// states each leads to.
    Turn {
        seat: Seat,
        answers: ActionList<G::Action>,
        next: Vec<Next<G::State>>,
    },
}

/// Returns the key of the public state `state` stands in: both seats' observations.
pub(crate) fn key<G: Game>(game: &G, state: &G::State) -> String {
    let seen = (game.observe(state, Seat(0)), game.observe(state, Seat(1)));
    serde_json::to_string(&seen).expect("observations serialise")
}

/// The random numbers the solver hands the engine: unused, as the solver's games draw all
/// their chance when they are dealt.
fn no_chance() -> FloeRng {
    stream_rng(0, Stream::Chance)
}

/// Returns `belief` with `action` carried out in each of its states.
fn advanced<G: Game>(game: &G, belief: &[(G::State, f64)], action: G::Action) -> Belief<G::State> {
    belief
        .iter()
        .map(|(s, p)| {
            let mut next = s.clone();
            game.apply(&mut next, action, &mut no_chance());
            (next, *p)
        })
        .collect()
}

/// Returns what public state `belief` holds.
///
/// # Panics
/// Panics unless the game seats two players.
pub(crate) fn expand<G: Game>(game: &G, payoff: Payoff, belief: &[(G::State, f64)]) -> Node<G> {
    let state = &belief[0].0;
    assert_eq!(game.players(state), 2, "the solver plays two-seat games");
    let total: f64 = belief.iter().map(|(_, p)| p).sum();
    let Some(seat) = game.to_act(state) else {
        let sum: f64 = belief
            .iter()
            .map(|(s, p)| p * payoff.of(&game.outcome(s).expect("a game over has an outcome")))
            .sum();
        return Node::Over(sum / total);
    };
    let mut answers = ActionList::new();
    game.legal_actions(state, &mut answers);
    if game.secret_round(state) != Some(0) {
        let next = answers
            .iter()
            .map(|&a| split(game, advanced(game, belief, a)))
            .collect();
        return Node::Turn {
            seat,
            answers,
            next,
        };
    }
    // The round's first answer, then the second (if the round asks one): every state
    // takes the same answers, which is why one state's list serves.
    let mut seconds = ActionList::new();
    let mut next: Vec<Vec<Next<G::State>>> = Vec::new();
    for &a in &answers {
        let answered = advanced(game, belief, a);
        let first = &answered[0].0;
        let row = if game.secret_round(first).is_some_and(|n| n > 0) {
            game.legal_actions(first, &mut seconds);
            seconds
                .iter()
                .map(|&b| split(game, advanced(game, &answered, b)))
                .collect()
        } else {
            // The round asked one question: the other seat's answer was forced.
            seconds.clear();
            vec![split(game, answered)]
        };
        next.push(row);
    }
    let (rows, columns, next) = if seat == Seat(0) {
        (answers, seconds, next)
    } else {
        (seconds, answers, transpose(next))
    };
    Node::Round {
        rows,
        columns,
        next,
    }
}

/// Returns `belief` (states of any public facts) split into public states, each with its
/// share of the chance.
pub fn split<G: Game>(game: &G, belief: Belief<G::State>) -> Vec<(Belief<G::State>, f64)> {
    let total: f64 = belief.iter().map(|(_, p)| p).sum();
    let mut out: BTreeMap<String, Belief<G::State>> = BTreeMap::new();
    for (state, p) in belief {
        out.entry(key(game, &state)).or_default().push((state, p));
    }
    out.into_values()
        .map(|b| {
            let share = b.iter().map(|(_, p)| p).sum::<f64>() / total;
            (b, share)
        })
        .collect()
}

fn transpose<T>(rows: Vec<Vec<T>>) -> Vec<Vec<T>> {
    let n = rows.first().map_or(0, Vec::len);
    let mut cols: Vec<Vec<T>> = (0..n).map(|_| Vec::new()).collect();
    for row in rows {
        for (j, x) in row.into_iter().enumerate() {
            cols[j].push(x);
        }
    }
    cols
}
