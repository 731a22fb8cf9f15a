//! The solver on Goofspiel with 3 and 4 cards, against values computed independently:
//! OpenSpiel's (`goofspiel(num_cards=K,points_order=...,returns_type=...)`, turned
//! turn-based, `exploitability.nash_conv` of `policy.UniformRandomPolicy`, OpenSpiel 2.0.2
//! run outside the tests by `crates/floe-solve/openspiel_values.py`), and the
//! equilibria of the 3-card opening worked out by hand (issue 46).

mod common;

use common::{deals, goofspiel};
use floe_core::RuleSet;
use floe_solve::{
    Payoff, Solver, Uniform, column_concession, exploitability_of, row_guarantee, split,
};
use goofspiel::{Goofspiel, Rules};

const DESCENDING_3: &[u8] = &[3, 2, 1];
const DESCENDING_4: &[u8] = &[4, 3, 2, 1];
const ASCENDING_4: &[u8] = &[1, 2, 3, 4];

#[test]
fn the_uniform_strategys_exploitability_is_openspiels() {
    // (cards, order, payoff, OpenSpiel's exploitability of the uniform policy)
    let cases: [(i64, Option<&[u8]>, Payoff, f64); 5] = [
        (3, Some(DESCENDING_3), Payoff::Difference, 0.666_667),
        (3, None, Payoff::WinLoss, 0.666_667),
        (4, Some(DESCENDING_4), Payoff::Difference, 1.25),
        (4, Some(ASCENDING_4), Payoff::WinLoss, 0.791_667),
        (4, None, Payoff::WinLoss, 0.746_528),
    ];
    for (cards, order, payoff, openspiel) in cases {
        // OpenSpiel's `point_difference` pays each seat its points less the seats' mean:
        // half of seat 0's lead, which is Floe's payoff.
        let openspiel = match payoff {
            Payoff::Difference => 2.0 * openspiel,
            Payoff::WinLoss => openspiel,
        };
        let game = goofspiel(cards);
        let e = exploitability_of(&game, payoff, &deals(&game, order), &mut Uniform);
        assert!(
            (e.mean - openspiel).abs() < 1e-6,
            "{cards} cards, {order:?}, {payoff:?}: {e:?}, OpenSpiel {openspiel}"
        );
        // A game both seats play alike is worth nothing to either.
        assert!(e.value.abs() < 1e-9, "{e:?}");
    }
}

#[test]
fn a_tie_bonus_for_seat_0_is_worth_something_to_it() {
    let mut rules = Rules::standard();
    rules
        .set_parameter("cards", &floe_core::ParamValue::Whole(3))
        .unwrap();
    rules
        .set_parameter("tie_bonus", &floe_core::ParamValue::Whole(1))
        .unwrap();
    let game = Goofspiel::new(rules);
    let v = Solver::new(&game, Payoff::Difference).value(deals(&game, None));
    // At least what always tying earns (3 bonuses) is too much to hope for, but
    // something: bidding as seat 1 bids ties every round, so seat 0 can hold 3 by copying
    // were bids seen; unseen, the value lies between 0 and 3.
    assert!(v > 0.0 && v < 3.0, "{v}");
}

/// Returns the 3-card opening with `prize` up, the prize order shuffled, solved.
fn opening(prize: u8, payoff: Payoff) -> floe_solve::RoundSolution<goofspiel::Bid> {
    let game = goofspiel(3);
    let publics = split(&game, deals(&game, None));
    let (belief, _) = publics
        .iter()
        .find(|(b, _)| b[0].0.prize() == Some(prize))
        .expect("every prize opens some deal");
    Solver::new(&game, payoff)
        .round(belief)
        .expect("a bid opens the game")
}

#[test]
fn the_three_card_openings_have_the_known_equilibria() {
    for payoff in [Payoff::Difference, Payoff::WinLoss] {
        // Prizes 1 and 3: bid the prize's value.
        for prize in [1u8, 3] {
            let s = opening(prize, payoff);
            let bid = s.rows.iter().position(|b| b.0 == prize).unwrap();
            assert!(
                (s.solution.rows[bid] - 1.0).abs() < 1e-9,
                "{payoff:?} prize {prize}: {s:?}"
            );
        }
        // Prize 2: bid 1 earns less than the value against seat 1's equilibrium, so no
        // equilibrium bids it; 2 and 3 mix with 3 at most 4/9 (score difference) or 1/2
        // (win or loss): that share still holds the value, a little more does not.
        let s = opening(2, payoff);
        let m = &s.payoff;
        let against = |row: usize| -> f64 {
            m[row]
                .iter()
                .zip(&s.solution.columns)
                .map(|(x, q)| x * q)
                .sum()
        };
        assert!(against(0) < s.solution.value - 1e-6, "{payoff:?}: {s:?}");
        let most = if payoff == Payoff::Difference {
            4.0 / 9.0
        } else {
            0.5
        };
        let holds =
            |three: f64| row_guarantee(m, &[0.0, 1.0 - three, three]) >= s.solution.value - 1e-9;
        assert!(
            holds(most) && holds(0.0) && !holds(most + 0.01),
            "{payoff:?}: {m:?}"
        );
        assert!((column_concession(m, &s.solution.columns) - s.solution.value).abs() < 1e-9);
    }
}

#[test]
fn a_fixed_four_card_order_has_a_mixed_opening() {
    let game = goofspiel(4);
    let d = deals(&game, Some(&[2, 4, 1, 3]));
    let s = Solver::new(&game, Payoff::Difference).round(&d).unwrap();
    let mixed = s.solution.rows.iter().filter(|&&p| p > 1e-6).count();
    assert!(mixed >= 2, "{s:?}");
}

/// A bot spec's exploitability, its strategy sampled at every question: `random`, which
/// answers uniformly, comes out near the uniform strategy's exact figure, inside a
/// resampled interval that holds its estimate.
#[test]
fn a_bot_spec_s_exploitability_is_sampled_near_its_exact_figure() {
    let game = goofspiel(3);
    let dealt = deals(&game, Some(DESCENDING_3));
    let exact = exploitability_of(&game, Payoff::Difference, &dealt, &mut Uniform).mean;
    let random = floe_bots::BotSpec::parse("random").unwrap();
    let sampling = floe_solve::Sampling {
        samples: 400,
        resamples: 200,
        seed: 7,
    };
    let done = std::sync::atomic::AtomicU64::new(0);
    let work = floe_solve::Work {
        done: &|n| {
            done.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
        },
        stop: None,
    };
    let e = floe_solve::exploitability(&game, Payoff::Difference, &dealt, &random, sampling, work)
        .expect("not stopped");
    let asked = floe_solve::questions(&game, Payoff::Difference, &dealt);
    assert_eq!(done.into_inner(), asked * (1 + 200), "the work, as told");
    let stop = std::sync::atomic::AtomicBool::new(true);
    let stopped = floe_solve::Work {
        done: &|_| {},
        stop: Some(&stop),
    };
    assert!(
        floe_solve::exploitability(
            &game,
            Payoff::Difference,
            &dealt,
            &random,
            sampling,
            stopped
        )
        .is_none(),
        "a stopped measure gives no figure"
    );
    assert!(e.interval.0 <= e.mean && e.mean <= e.interval.1, "{e:?}");
    // Sampling noise is exploited too, so the estimate leans a little high.
    assert!(
        e.mean >= exact - 0.05 && e.mean <= exact + 0.15,
        "{e:?} against the exact {exact}"
    );
    assert!(
        e.interval.1 > e.interval.0,
        "a sampled bot's figure has an interval: {e:?}"
    );
}
