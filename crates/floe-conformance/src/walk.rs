//! The walk: random games checked at every question against the [`Game`] contract, with
//! the fair-play check on the states met.

use floe_core::{
    ActionList, FloeRng, Game, MAX_SEATS, Seat, Standing, Stream, game_seed, stream_rng,
};
use rand::RngExt;

use crate::Kit;
use crate::case::{Case, listed};
use crate::fair_play::{Judges, Question};

/// Master seed of the walk's games.
const MASTER: u64 = 0x5741_4C4B;
/// Questions a round may take before a game counts as never ending (far above any real
/// game: Arctic Race asks about ten a round).
const QUESTIONS_PER_ROUND: u64 = 10_000;
/// MCTS, by far the slowest judge of fair play, judges every `MCTS_EVERY`-th question,
/// at most `MCTS_JUDGMENTS` times per player count: enough to catch a search that reads a
/// hidden fact, few enough for a debug build of a long game.
const MCTS_EVERY: u64 = 10;
const MCTS_JUDGMENTS: u32 = 40;

/// Plays the kit's random games at `players` seats, checking every question; counts in
/// `varied` how often each varier changed something.
pub(crate) fn games<G: Game>(game: &G, kit: &Kit<'_, G>, players: usize, varied: &mut [usize])
where
    G::State: PartialEq,
{
    let mut judges = Judges::new();
    let mut answers = ActionList::new();
    let mut encoding = vec![0.0; game.encoding_len(players)];
    let question_limit = u64::from(kit.max_rounds).max(1) * QUESTIONS_PER_ROUND;
    let (mut asked, mut mcts_left) = (0u64, MCTS_JUDGMENTS);
    for index in 0..kit.games {
        let seed = game_seed(MASTER, index);
        let case = Case::game("walk", game.name(), players, seed);
        let mut chance = stream_rng(seed, Stream::Chance);
        let mut picks = stream_rng(seed, Stream::Bot(0));
        let mut hidden = stream_rng(seed, Stream::Bot(1));
        let mut state = game.new_game(players, &mut chance);
        let mut sample = state.clone();
        game.legal_actions(&state, &mut answers);
        let mut questions = 0;
        while let Some(seat) = pending(game, &state, &answers, case) {
            let here = case.at(seat);
            numbering(game, &state, &answers, here);
            standings(game, &state, case);
            for observer in Seat::all(players) {
                let at = case.at(observer);
                encoded(game, &state, observer, &mut encoding, at);
                game.determinize(&state, observer, &mut hidden, &mut sample);
                at.ensure(
                    game.observe(&sample, observer) == game.observe(&state, observer),
                    || {
                        format!(
                            "a determinized state looks different to the seat:\n{}\nand\n{}",
                            game.observe(&state, observer),
                            game.observe(&sample, observer)
                        )
                    },
                );
            }
            if let Some(bad) = illegal(game, players, &answers, &mut picks) {
                refused(game, &mut state, bad, &answers, &chance, here);
            }
            let with_mcts = asked % MCTS_EVERY == 0 && mcts_left > 0;
            mcts_left -= u32::from(with_mcts);
            asked += 1;
            let question = Question {
                state: &state,
                seat,
                answers: &answers,
                case: here,
            };
            judges.judge(game, kit, &question, &mut hidden, varied, with_mcts);
            let pick = answers[picks.random_range(0..answers.len())];
            let taken = game.try_advance(&mut state, pick, &mut chance, &mut answers, &mut |_| {});
            here.ensure(taken.is_ok(), || {
                format!("try_advance refused {pick}, a legal answer")
            });
            questions += 1;
            case.ensure(questions <= question_limit, || {
                format!(
                    "no end after {questions} questions (max_rounds {})",
                    kit.max_rounds
                )
            });
        }
        for observer in Seat::all(players) {
            encoded(game, &state, observer, &mut encoding, case.at(observer));
        }
        finished(game, kit, &state, case);
    }
}

/// Returns the seat asked in `state`, after checking that the pending question agrees with
/// the game's end and with the answers `advance` listed.
fn pending<G: Game>(
    game: &G,
    state: &G::State,
    answers: &ActionList<G::Action>,
    case: Case,
) -> Option<Seat> {
    let to_act = game.to_act(state);
    let over = game.outcome(state).is_some();
    case.ensure(to_act.is_none() == over, || match to_act {
        Some(seat) => format!("to_act asks {seat} while outcome says the game is over"),
        None => "to_act asks no seat while outcome says the game goes on".to_string(),
    });
    let mut listed_now = ActionList::new();
    game.legal_actions(state, &mut listed_now);
    case.ensure(listed_now == *answers, || {
        format!(
            "legal_actions lists {}, the answers listed along the way are {}",
            listed(&listed_now),
            listed(answers)
        )
    });
    if let Some(seat) = to_act {
        let here = case.at(seat);
        here.ensure(
            seat.index() < game.players(state),
            || "the seat asked is not at the table",
        );
        here.ensure(
            !answers.is_empty(),
            || "a question without answers before the end",
        );
    }
    to_act
}

/// Checks that `standings` gives every seat its own `standing`.
fn standings<G: Game>(game: &G, state: &G::State, case: Case) {
    let mut all = [Standing::default(); MAX_SEATS];
    game.standings(state, &mut all);
    for seat in Seat::all(game.players(state)) {
        let own = game.standing(state, seat);
        case.at(seat).ensure(all[seat.index()] == own, || {
            format!("standings gives {}, standing {own}", all[seat.index()])
        });
    }
}

/// Checks the fixed numbering of answers and the acting seat's action keys.
fn numbering<G: Game>(game: &G, state: &G::State, answers: &[G::Action], case: Case) {
    let players = game.players(state);
    let seat = case.seat.expect("a question has a seat");
    let count = game.action_count(players);
    for (i, &a) in answers.iter().enumerate() {
        let index = game.action_index(a);
        case.ensure(index < count, || {
            format!("action_index gives {a} the number {index}, not below action_count {count}")
        });
        let back = game.action_at(players, index);
        case.ensure(back == Some(a), || {
            let back = back.map_or("no answer".to_string(), |b| b.to_string());
            format!("action_at({index}) gives {back}, not {a} whose number it is")
        });
        let key = game.action_key(state, a, seat);
        for &b in &answers[..i] {
            case.ensure(game.action_key(state, b, seat) != key, || {
                format!("the seat asked cannot tell its own answers {a} and {b} apart")
            });
        }
    }
}

/// Returns an answer that has a number but is not among `answers`, if there is one
/// (the first from a random place in the numbering).
fn illegal<G: Game>(
    game: &G,
    players: usize,
    answers: &[G::Action],
    picks: &mut FloeRng,
) -> Option<G::Action> {
    let count = game.action_count(players);
    let start = picks.random_range(0..count.max(1));
    (0..count)
        .map(|i| (start + i) % count)
        .filter_map(|i| game.action_at(players, i))
        .find(|a| !answers.contains(a))
}

/// Checks that `try_advance` refuses `bad`, reports the allowed answers, and leaves the
/// state as it was.
fn refused<G: Game>(
    game: &G,
    state: &mut G::State,
    bad: G::Action,
    answers: &ActionList<G::Action>,
    chance: &FloeRng,
    case: Case,
) where
    G::State: PartialEq,
{
    let before = state.clone();
    let mut scratch = ActionList::new();
    let result = game.try_advance(state, bad, &mut chance.clone(), &mut scratch, &mut |_| {});
    match result {
        Ok(()) => case.fail(format!(
            "try_advance accepted {bad}, not among {}",
            listed(answers)
        )),
        Err(e) => case.ensure(e.allowed == *answers, || {
            format!(
                "try_advance refused {bad} allowing {}, not {}",
                listed(&e.allowed),
                listed(answers)
            )
        }),
    }
    case.ensure(*state == before, || {
        format!("a refused answer {bad} changed the state")
    });
}

/// Checks that `encode` fills every one of the `encoding_len` values for `observer`, and
/// that `encode_seen` writes the same values, whatever its buffer held.
fn encoded<G: Game>(game: &G, state: &G::State, observer: Seat, out: &mut [f32], case: Case) {
    out.fill(f32::NAN);
    game.encode(&game.observe(state, observer), out);
    let unset = out.iter().filter(|x| x.is_nan()).count();
    case.ensure(unset == 0, || {
        let first = out.iter().position(|x| x.is_nan()).unwrap_or(0);
        let field = crate::layout::field_at(game, game.players(state), first);
        format!(
            "encode left {unset} of its {} unwritten, the first in field {}",
            floe_io::count(out.len(), "value"),
            floe_io::gate::quoted(field)
        )
    });
    let mut seen = vec![f32::NAN; out.len()];
    game.encode_seen(state, observer, &mut seen);
    // Compared bit for bit: the same numbers, not merely equal ones.
    let differs = out
        .iter()
        .zip(&seen)
        .position(|(a, b)| a.to_bits() != b.to_bits());
    case.ensure(differs.is_none(), || {
        let at = differs.unwrap_or(0);
        let field = crate::layout::field_at(game, game.players(state), at);
        format!(
            "encode_seen writes {} at value {at} (field {}), encode of the observation {}",
            seen[at],
            floe_io::gate::quoted(field),
            out[at]
        )
    });
}

/// Checks a finished game: no answers, its length, scores and winners.
fn finished<G: Game>(game: &G, kit: &Kit<'_, G>, state: &G::State, case: Case) {
    let outcome = game
        .outcome(state)
        .expect("the walk ends when the game does");
    let players = game.players(state);
    case.ensure(outcome.rounds <= kit.max_rounds, || {
        format!(
            "the game lasted {} rounds, above its limit {}",
            outcome.rounds, kit.max_rounds
        )
    });
    case.ensure(usize::from(outcome.players) == players, || {
        format!("the outcome is of {} players", outcome.players)
    });
    let (low, high) = game.score_bounds(players);
    for seat in Seat::all(players) {
        let score = outcome.scores[seat.index()];
        case.at(seat).ensure((low..=high).contains(&score), || {
            format!("final score {score} outside score_bounds {low}..={high}")
        });
    }
    case.ensure(
        outcome.winners != 0 && outcome.winners >> players == 0,
        || {
            format!(
                "winners {:#b} are not a non-empty set of seats at the table",
                outcome.winners
            )
        },
    );
    case.ensure(
        usize::from(outcome.end_cause) < game.end_causes().len(),
        || format!("end cause {} has no name", outcome.end_cause),
    );
}
