//! The rules page's Rules tests 1-20 (`north-pole.md`, section *Rules tests*), each on the
//! exact position it names, built with the [`builder`] and played through the engine.
//!
//! As the page says, positions are in the table frame, `classic` map, rotation 0, disc
//! orientation 0 (open entry d4), stack not empty, unless a test says otherwise. Test 20's
//! random games are in `property.rs`; here it is the map check on the loaded map.

use crate::builder;

use Disc::{Bear, Compass, Hole, Husky, Igloo, Pickaxe, Snowshoes, Storm};
use Mode::{A, B, C};
use Movement::{Dash, Gallop, March, Sling, Swoop};
use StormColour::{Blue, Purple, Red};
use builder::{Table, card_of, sq, to, tos};
use floe_core::{Game, Seat, Stream, stream_rng};
use north_pole::board::{bit, turn};
use north_pole::{
    Action, AfterFree, Disc, DiscSource, Event, Geometry, Map, Mode, Movement, NorthPole, Phase,
    Piece, Rules, StormCause, StormColour, TieBreak,
};

/// Returns the id of the `nth` blue card with this movement and mode.
fn blue(movement: Movement, mode: Mode, nth: usize) -> u8 {
    card_of(movement, mode, Blue, nth)
}

/// Returns the id of the `nth` Pinch (blue ones first, then red).
fn pinch(nth: usize) -> u8 {
    let blue = (0..4).map(|n| card_of(Movement::Pinch, Mode::None, Blue, n));
    let red = (0..4).map(|n| card_of(Movement::Pinch, Mode::None, Red, n));
    blue.chain(red).nth(nth).expect("8 Pinches")
}

/// Returns the ambushes logged, as (victim, table square name).
fn ambushes(t: &Table) -> Vec<(Piece, String)> {
    t.log
        .iter()
        .filter_map(|e| match *e {
            Event::Ambushed { victim, at } => Some((victim, builder::name(at))),
            _ => None,
        })
        .collect()
}

/// Returns the discs received, as (seat, disc, source).
fn received(t: &Table) -> Vec<(u8, Disc, DiscSource)> {
    t.log
        .iter()
        .filter_map(|e| match *e {
            Event::Received { seat, disc, from } => Some((seat.0, disc, from)),
            _ => None,
        })
        .collect()
}

/// Returns the draws logged, as (table side, cards).
fn draws(t: &Table) -> Vec<(u8, u8)> {
    t.log
        .iter()
        .filter_map(|e| match *e {
            Event::Drew { side, cards } => Some((side, cards)),
            _ => None,
        })
        .collect()
}

/// A 2-player table where seat 0's pawn on b2 is about to play March B onto seat 1's
/// pawn on b3 (tests 9 to 12): the stack is `stack` (top last).
fn move_ambush(stack: &[Disc]) -> Table {
    let mut t = Table::new(2);
    t.pawn(0, "b2").pawn(1, "b3").stack(stack);
    t.target(0, blue(March, B, 0), "b2");
    t
}

#[test]
fn rules_test_01_setup() {
    let mut rules = Rules::standard();
    rules.random_start = false;
    let game = NorthPole::new(rules.clone());
    for (players, ship, pre) in [(2, 4, 0), (3, 3, 1), (4, 2, 2)] {
        for seed in 0..50 {
            let st = game.new_game(players, &mut stream_rng(seed, Stream::Chance));
            let mut boards = Vec::new();
            for p in &st.seats[..players] {
                assert_eq!((p.on_ship(), p.at_pole()), (ship, pre), "{players} players");
                assert_eq!(p.discs(), 2, "two brown discs");
                assert_eq!(p.has(Husky), 1, "a Husky and one other brown disc: {p:?}");
                assert_eq!(p.held.iter().filter(|&&n| n == 1).count(), 2, "{p:?}");
                assert!(p.packs.is_empty() && p.igloos() == 0);
                boards.push(p.board);
            }
            boards.sort_unstable();
            boards.dedup();
            assert_eq!(boards.len(), players, "team boards without replacement");
            assert!(
                st.groups.iter().all(|g| g.len() == 3),
                "3 cards on each side"
            );
            assert_eq!(st.groups.iter().map(|g| g.len()).sum::<usize>(), 12);
            assert_eq!(st.draw.len(), 98);
            assert_eq!((st.discard, st.storm, st.storm_total), (0, 0, 0));
            // 4 corner discs and 1 scoreboard disc, all green; a stack of 10; 5 removed.
            let corners: Vec<_> = st.corner_discs.iter().map(|&(s, _)| s).collect();
            let mut corners_sorted = corners.clone();
            corners_sorted.sort_unstable();
            assert_eq!(corners_sorted, [sq("a1"), sq("h1"), sq("a8"), sq("h8")]);
            assert!(
                st.corner_discs.iter().all(|&(_, d)| !d.is_hazard()),
                "green"
            );
            assert!(st.scoreboard_disc.is_some_and(|d| !d.is_hazard()), "green");
            assert_eq!(st.stack.len(), 10);
            assert_eq!(st.removed.len(), 5);
            // Together: the 15 green and the 5 blue discs of the table.
            let mut face_down: Vec<Disc> = st.corner_discs.iter().map(|&(_, d)| d).collect();
            face_down.extend(st.scoreboard_disc);
            face_down.extend(st.stack.iter().chain(&st.removed));
            for d in north_pole::DISCS {
                let c = rules.masks.counts[d.index()];
                let n = face_down.iter().filter(|&&x| x == d).count();
                assert_eq!(n, usize::from(c.green + c.blue), "{d}");
            }
            // The other brown discs and the 2 blanks are out of the game.
            assert_eq!(usize::from(st.spent), 2 + 10 - 2 * players);
            assert_eq!(
                (st.rotation, st.orientation, st.bear, st.holes),
                (0, 0, None, 0)
            );
            // Seat 0 starts, with D1: its base camp squares.
            let mut answers = floe_core::ActionList::new();
            game.legal_actions(&st, &mut answers);
            let camps: Vec<Action> = ["c1", "d1", "e1", "f1"]
                .map(|s| Action::Camp(sq(s)))
                .to_vec();
            assert_eq!((st.seat, answers.to_vec()), (0, camps));
        }
    }
}

/// Deals each side of `t` a group of three blue cards, S's first card the March A that
/// seat 0 plays: the storm tests turn these groups from side to side. Returns the groups,
/// by side.
fn groups_of_three(t: &mut Table) -> [Vec<u8>; 4] {
    let groups = [
        vec![blue(March, A, 0), blue(Swoop, A, 0), blue(Gallop, A, 0)],
        vec![blue(Dash, A, 0), blue(Dash, A, 1), blue(Dash, A, 2)],
        vec![blue(Swoop, A, 1), blue(Swoop, A, 2), blue(Swoop, A, 3)],
        vec![blue(March, B, 0), blue(March, B, 1), blue(March, B, 2)],
    ];
    for (side, g) in groups.iter().enumerate() {
        t.cards(side as u8, g);
    }
    groups
}

/// Plays seat 0's March A b2 → b1 with the storm pile at 7 (threshold 8) and card `top`
/// on top of the draw pile: a storm hits. Seat 0 has pawns on c1 and d4, seat 1 one on h8;
/// seat 0 holds a Compass, so D2 is asked right after the weather check.
fn storm_with(top: u8) -> (Table, [Vec<u8>; 4]) {
    let mut t = Table::new(2);
    let (march, groups) = (blue(March, A, 0), groups_of_three(&mut t));
    t.pawn(0, "c1").pawn(0, "d4").pawn(0, "b2").pawn(1, "h8");
    t.held(0, &[Compass]);
    t.storm_pile(&[blue(Sling, C, 0), blue(Gallop, A, 1), blue(March, A, 1)]);
    t.draw_top(&[top]);
    assert_eq!(t.st.storm_total, 7);
    t.target(0, march, "b2").answer(to("b1"));
    assert_eq!(
        t.st.phase,
        Phase::Free(AfterFree::Husky),
        "D2 after the weather check"
    );
    (t, groups)
}

#[test]
fn rules_test_02_rotation() {
    // A clockwise storm (blue top card).
    let (mut t, groups) = storm_with(blue(March, A, 2));
    assert_eq!(t.st.rotation, 1);
    assert_eq!(
        t.pawns_of(0),
        ["a6", "a7", "d5"],
        "c1 -> a6, d4 -> d5, b1 -> a7"
    );
    assert_eq!(t.pawns_of(1), ["h1"], "h8 -> h1");
    // The S group (less the card played) moves to W; S now has the group that was on E.
    assert_eq!(t.side_cards(1), groups[0][1..]);
    assert_eq!(t.side_cards(0), groups[3]);
    assert_eq!(t.side_cards(2), groups[1]);
    assert_eq!(t.side_cards(3), groups[2]);
    // Cracks, in the table frame: d2-d3 goes to b5-c5, and d2-d3 stays cracked since f4-g4
    // turns onto it. Bottom cracks stay.
    let geo = Geometry::new(&t.game.rules().map);
    let east = |r: usize, s: &str| geo.cracked[r].0 & bit(sq(s)) != 0;
    let north = |r: usize, s: &str| geo.cracked[r].1 & bit(sq(s)) != 0;
    assert!(north(0, "d2") && !east(0, "b5"));
    assert!(east(1, "b5"), "d2-d3 turns to b5-c5");
    assert!(north(1, "d2"), "f4-g4 turns onto d2-d3");
    assert_eq!((turn(sq("f4"), 1), turn(sq("g4"), 1)), (sq("d3"), sq("d2")));
    for r in 0..4 {
        assert!(
            north(r, "c2") && east(r, "b6") && north(r, "f6") && east(r, "f3"),
            "r{r}"
        );
    }
    // The engine reads the turned cracks: b5 -> c5 and d2 -> d3 are blocked now.
    t.pawn(0, "b5").target(0, blue(March, A, 3), "b5");
    assert_eq!(t.answers(), tos(&["b4", "a5", "b6"]));
    let mut t2 = storm_with(blue(March, A, 2)).0;
    t2.pawn(0, "d2").target(0, blue(March, A, 3), "d2");
    assert_eq!(t2.answers(), tos(&["d1", "c2", "e2"]));
    // Counter-clockwise (red) takes c1 to h3; a half turn (purple) takes c1 to f8.
    let (t, groups) = storm_with(card_of(March, A, Red, 0));
    assert_eq!(t.st.rotation, 3);
    assert_eq!(t.pawns_of(1), ["a8"], "h8 -> a8");
    assert!(t.pawns_of(0).contains(&"h3".to_string()), "c1 -> h3");
    assert_eq!(t.side_cards(3), groups[0][1..], "S's group goes to E");
    let (t, groups) = storm_with(card_of(March, A, Purple, 0));
    assert_eq!(t.st.rotation, 2);
    assert!(t.pawns_of(0).contains(&"f8".to_string()), "c1 -> f8");
    assert_eq!(t.side_cards(2), groups[0][1..], "S's group goes to N");
}

#[test]
fn rules_test_03_straight_cracks() {
    let march = blue(March, A, 0);
    let mut t = Table::new(2);
    t.pawn(0, "d2").target(0, march, "d2");
    assert_eq!(
        t.answers(),
        tos(&["d1", "c2", "e2"]),
        "d2 -> d3 crosses a top crack"
    );
    // With Snowshoes d3 is legal and spends them; another target keeps them.
    t.held(0, &[Snowshoes]);
    assert_eq!(t.answers(), tos(&["d1", "c2", "e2", "d3"]));
    let mut kept = t.clone();
    kept.answer(to("e2"));
    assert_eq!(
        kept.holds(0, Snowshoes),
        1,
        "spent only when the play needs them"
    );
    t.answer(to("d3"));
    assert_eq!(t.pawns_of(0), ["d3"]);
    assert_eq!(t.holds(0, Snowshoes), 0, "the Snowshoes are spent");
    assert!(t.log.contains(&Event::Spent {
        seat: Seat(0),
        disc: Snowshoes
    }));
    // c2 -> c3 crosses a bottom crack.
    let mut t = Table::new(2);
    t.pawn(0, "c2").target(0, march, "c2");
    assert_eq!(t.answers(), tos(&["c1", "b2", "d2"]));
}

#[test]
fn rules_test_04_diagonal_cracks() {
    let swoop = blue(Swoop, A, 0);
    let mut t = Table::new(2);
    t.pawn(0, "c2").target(0, swoop, "c2");
    // c2 -> d3 is blocked (c2-c3 and d2-d3 form one line); c2 -> b3 is legal.
    assert_eq!(t.answers(), tos(&["b1", "d1", "b3"]));
    let mut t = Table::new(2);
    t.pawn(0, "f4").target(0, swoop, "f4");
    // f4 -> g5 is legal (f4-g4 ends at the corner); f4 -> g3 is blocked (f4-g4 and f3-g3
    // form one line). f4 -> e5 is blocked as well: e4-f4 and e5-f5 form one line.
    assert_eq!(t.answers(), tos(&["e3", "g5"]));
}

#[test]
fn rules_test_05_pole_entry() {
    for movement in [March, Swoop, Gallop, Dash] {
        let card = blue(movement, A, 0);
        // From d4, the open entry, every move card offers `pole` (last).
        let mut t = Table::new(2);
        t.pawn(0, "d4").target(0, card, "d4");
        assert_eq!(
            t.answers().last(),
            Some(&Action::Pole),
            "{movement:?} from d4"
        );
        // From e5 no card does; with a Pickaxe each does and spends it.
        let mut t = Table::new(2);
        t.pawn(0, "e5")
            .scoreboard_disc(Some(Compass))
            .target(0, card, "e5");
        assert!(!t.answers().contains(&Action::Pole), "{movement:?} from e5");
        t.held(0, &[Pickaxe]);
        assert_eq!(
            t.answers().last(),
            Some(&Action::Pole),
            "{movement:?} with a Pickaxe"
        );
        t.answer(Action::Pole);
        assert_eq!(t.holds(0, Pickaxe), 0, "the Pickaxe is spent");
        assert_eq!(t.ship_and_pole(0), (3, 1), "the pawn is on the scoreboard");
        assert!(t.pawns_of(0).is_empty());
        // The first pawn to arrive takes the scoreboard disc.
        assert_eq!(t.st.scoreboard_disc, None);
        assert_eq!(t.holds(0, Compass), 1);
        assert_eq!(received(&t), [(0, Compass, DiscSource::Scoreboard)]);
        t.check_counts();
        // A second arrival takes nothing.
        t.pawn(0, "d4")
            .target(0, blue(movement, A, 1), "d4")
            .answer(Action::Pole);
        assert_eq!(t.ship_and_pole(0), (2, 2));
        assert_eq!(received(&t).len(), 1);
        t.check_counts();
    }
}

#[test]
fn rules_test_06_dash() {
    let dash_a = blue(Dash, A, 0);
    let mut t = Table::new(2);
    t.pawn(0, "d3")
        .stack(&[Compass, Husky])
        .target(0, dash_a, "d3");
    let mut expected = tos(&["b3", "c3", "e3", "f3", "d4", "d5"]);
    expected.push(Action::Pole);
    assert_eq!(t.answers(), expected, "d2 is behind a crack");
    // An opponent on d4: exactly b3, c3, e3, f3.
    t.pawn(1, "d4");
    assert_eq!(t.answers(), tos(&["b3", "c3", "e3", "f3"]));
    // A Dash B adds d4 as an ambush.
    t.target(0, blue(Dash, B, 0), "d3");
    assert_eq!(t.answers(), tos(&["b3", "c3", "e3", "f3", "d4"]));
    let stack = t.st.stack.len();
    t.answer(to("d4"));
    assert_eq!(t.pawns_of(0), ["d4"]);
    assert_eq!(t.ship_and_pole(1), (4, 0));
    assert_eq!(t.st.stack.len(), stack - 1);
    assert_eq!(ambushes(&t), [(Piece::Pawn(Seat(1)), "d4".to_string())]);
}

#[test]
fn rules_test_07_base_camps() {
    // Two S pawns may both stand on d1.
    let mut t = Table::new(2);
    t.cards(
        0,
        &[blue(March, A, 0), blue(Swoop, A, 0), blue(Gallop, A, 0)],
    );
    t.pawn(0, "d1").ask(0, Phase::Travel);
    let camps: Vec<Action> = ["c1", "d1", "e1", "f1"]
        .map(|s| Action::Camp(sq(s)))
        .to_vec();
    assert_eq!(t.answers(), camps);
    t.answer(Action::Camp(sq("d1")));
    assert_eq!(t.pawns_of(0), ["d1", "d1"]);
    assert_eq!(t.st.phase, Phase::Card);
    // A March B from c1 onto an opponent on c2 is illegal (an ambush from a base camp).
    let mut t = Table::new(2);
    t.pawn(0, "c1")
        .pawn(1, "c2")
        .target(0, blue(March, B, 0), "c1");
    assert_eq!(t.answers(), tos(&["b1", "d1"]));
    // No sling from a base camp: with the pawn on c1 the Sling is not offered; on c2
    // (no base camp) it is, at the opponent on c4.
    let (march, swoop, sling) = (blue(March, A, 0), blue(Swoop, A, 0), blue(Sling, C, 0));
    let mut t = Table::new(2);
    t.cards(0, &[march, swoop, sling])
        .pawn(0, "c1")
        .pawn(1, "c4");
    t.ask(0, Phase::Card);
    assert_eq!(t.answers(), [t.card(march), t.card(swoop)]);
    t.target(0, sling, "c1");
    assert!(t.answers().is_empty());
    let mut t = Table::new(2);
    t.cards(0, &[march, swoop, sling])
        .pawn(0, "c2")
        .pawn(1, "c4");
    t.ask(0, Phase::Card);
    assert_eq!(t.answers(), [t.card(march), t.card(swoop), t.card(sling)]);
    // An opponent on a base camp is never a victim: a sling stops at it with nothing...
    let mut t = Table::new(2);
    t.pawn(0, "c4").pawn(1, "c1").target(0, sling, "c4");
    assert!(t.answers().is_empty());
    // ... and a March B onto it is a plain move onto a shared square.
    let mut t = Table::new(2);
    t.pawn(0, "g4")
        .pawn(1, "h4")
        .target(0, blue(March, B, 0), "g4");
    assert!(t.answers().contains(&to("h4")));
    let stack = t.st.stack.len();
    t.answer(to("h4"));
    assert_eq!(
        (t.pawns_of(0), t.pawns_of(1)),
        (vec!["h4".into()], vec!["h4".into()])
    );
    assert!(ambushes(&t).is_empty());
    assert_eq!(t.st.stack.len(), stack);
}

#[test]
fn rules_test_08_sling() {
    let sling = blue(Sling, C, 0);
    // P on b4, an opponent on f4, c4..e4 empty: the line crosses the cracks c4-d4 and
    // e4-f4 and the weak ice.
    let mut t = Table::new(2);
    t.pawn(0, "b4")
        .pawn(1, "f4")
        .stack(&[Husky, Compass])
        .target(0, sling, "b4");
    assert_eq!(t.answers(), tos(&["f4"]));
    let mut played = t.clone();
    played.answer(to("f4"));
    assert_eq!(played.pawns_of(0), ["b4"], "the slinger does not move");
    assert_eq!(played.ship_and_pole(1), (4, 0));
    assert_eq!(played.st.stack.len(), 1);
    assert_eq!(received(&played), [(0, Compass, DiscSource::Stack)]);
    assert_eq!(
        (played.storm_cards(), played.st.storm_total),
        (vec![sling], 4)
    );
    // P's own pawn on d4 "instead" (read: instead of c4..e4 being empty; the opponent is
    // still on f4): the line stops at P's pawn, so nothing east.
    let mut own = t.clone();
    own.pawn(0, "d4").target(0, sling, "b4");
    assert!(own.answers().is_empty());
    // The opponent on f4 in an igloo: only with a Pickaxe.
    let mut t = Table::new(2);
    t.pawn(0, "b4").igloo_pawn(1, "f4").target(0, sling, "b4");
    assert!(t.answers().is_empty());
    t.held(0, &[Pickaxe]);
    assert_eq!(t.answers(), tos(&["f4"]));
    t.answer(to("f4"));
    assert_eq!(t.holds(0, Pickaxe), 0);
    assert_eq!(
        (t.ship_and_pole(1), t.st.seats[1].igloos()),
        ((4, 0), 0),
        "igloo destroyed"
    );
    t.check_counts();
    // The opponent on h4 (E base camp), nothing between: nothing east.
    let mut t = Table::new(2);
    t.pawn(0, "b4").pawn(1, "h4").target(0, sling, "b4");
    assert!(t.answers().is_empty());
}

#[test]
fn rules_test_09_move_ambush() {
    let mut t = move_ambush(&[Snowshoes, Compass, Husky]);
    assert_eq!(t.answers(), tos(&["b1", "a2", "c2", "b3"]));
    let mut a = t.clone();
    a.target(0, blue(March, A, 0), "b2");
    assert_eq!(
        a.answers(),
        tos(&["b1", "a2", "c2"]),
        "a March A cannot ambush"
    );
    t.answer(to("b3"));
    assert_eq!(t.pawns_of(0), ["b3"]);
    assert_eq!(t.ship_and_pole(1), (4, 0), "the opponent goes to its ship");
    assert_eq!(t.st.stack.len(), 2, "the stack shrinks by 1");
    assert_eq!(
        received(&t),
        [(0, Husky, DiscSource::Stack)],
        "the top disc is revealed"
    );
    assert_eq!(t.holds(0, Husky), 1);
    t.check_counts();
}

#[test]
fn rules_test_10_hole() {
    let mut t = move_ambush(&[Compass, Husky, Hole]);
    t.answer(to("b3"));
    assert!(t.pawns_of(0).is_empty(), "P's pawn goes to its ship");
    assert_eq!((t.ship_and_pole(0), t.ship_and_pole(1)), ((4, 0), (4, 0)));
    assert_eq!(t.holes_at(), ["b3"]);
    t.check_counts();
    // No piece may enter or pass b3 later.
    t.pawn(0, "b2").target(0, blue(March, A, 0), "b2");
    assert_eq!(t.answers(), tos(&["b1", "a2", "c2"]));
    t.target(0, blue(Dash, A, 0), "b2");
    assert_eq!(t.answers(), tos(&["b1", "a2", "c2", "d2"]));
    t.pawn(0, "a4").target(0, blue(Swoop, A, 0), "a4");
    assert!(!t.answers().contains(&to("b3")));
    // A sling along file b passes it.
    t.pawn(1, "b5").target(0, blue(Sling, C, 0), "b2");
    assert_eq!(t.answers(), tos(&["b5"]));
    // Still a hole once every square is shared.
    t.stack(&[]).target(0, blue(March, A, 0), "b2");
    assert_eq!(t.answers(), tos(&["b1", "a2", "c2"]));
    // After a clockwise storm the hole is on c7: the storm pile at 6, and the March B's 2
    // points bring it to the threshold 8, with a blue card on top.
    let mut t = move_ambush(&[Compass, Husky, Hole]);
    t.storm_pile(&[blue(Sling, C, 0), blue(Gallop, A, 0)]);
    t.draw_top(&[blue(March, A, 3)]);
    t.answer(to("b3"));
    assert_eq!(t.st.rotation, 1);
    assert_eq!(t.holes_at(), ["c7"]);
}

#[test]
fn rules_test_11_bear() {
    let mut t = move_ambush(&[Husky, Compass, Snowshoes, Bear]);
    t.answer(to("b3"));
    assert!(t.pawns_of(0).is_empty(), "P's pawn goes to its ship");
    assert_eq!(t.bear_at().as_deref(), Some("b3"));
    assert_eq!(t.ship_and_pole(1), (4, 0));
    assert!(t.log.contains(&Event::BearAppears { at: sq("b3") }));
    t.check_counts();
    // The next seat (N) may choose `bear` in D3b.
    assert_eq!(
        (t.st.seat, t.st.phase),
        (1, Phase::Travel),
        "the next seat's turn"
    );
    let gallop = blue(Gallop, B, 0);
    t.pawn(1, "b4").pawn(0, "c3");
    t.cards(2, &[gallop, blue(Sling, C, 0), blue(Sling, C, 1)]);
    t.ask(1, Phase::Card);
    assert!(t.answers().contains(&t.card(gallop)));
    let play = t.card(gallop);
    t.ask(1, Phase::Card).answer(play);
    assert_eq!(t.answers(), [Action::Pawn(sq("b4"), false), Action::Bear]);
    t.answer(Action::Bear);
    // Moved by N, the bear cannot ambush N's pawn on b4; S's pawn on c3 is a victim.
    assert_eq!(
        t.answers(),
        tos(&["a2", "b2", "c2", "a3", "c3", "a4", "c4"])
    );
    t.answer(to("c3"));
    assert_eq!(t.bear_at().as_deref(), Some("c3"));
    assert!(t.pawns_of(0).is_empty());
    assert_eq!(
        received(&t)[1],
        (1, Snowshoes, DiscSource::Stack),
        "N earns the disc"
    );
    // A pawn that ambushes the bear removes it and reveals a disc.
    t.pawn(1, "d3").target(1, blue(March, B, 0), "d3");
    assert!(t.answers().contains(&to("c3")));
    t.answer(to("c3"));
    assert_eq!(t.bear_at(), None);
    assert_eq!(ambushes(&t).last(), Some(&(Piece::Bear, "c3".to_string())));
    assert_eq!(received(&t)[2], (1, Compass, DiscSource::Stack));
    assert_eq!(t.st.stack.len(), 1);
    t.check_counts();
}

#[test]
fn rules_test_12_stack_empty() {
    // The stack holds its last disc (the 10th of 10: the 9 others already revealed).
    let mut t = move_ambush(&[Husky]);
    t.answer(to("b3"));
    assert!(t.st.stack.is_empty(), "the 10th disc is revealed");
    assert_eq!(t.st.tally.stack_empty_round, 1);
    // Two pawns may stand on d3.
    t.pawn(0, "c3")
        .pawn(1, "d3")
        .target(0, blue(March, A, 0), "c3");
    assert!(t.answers().contains(&to("d3")));
    t.answer(to("d3"));
    assert_eq!(t.pawns_of(0), ["b3", "d3"]);
    assert_eq!(t.pawns_of(1), ["d3"]);
    // A piece may pass through an occupied square: b3 over c3 to d3.
    t.pawn(1, "c3").target(0, blue(Dash, A, 0), "b3");
    let dash = t.answers();
    assert!(
        dash.contains(&to("c3")) && dash.contains(&to("d3")),
        "{dash:?}"
    );
    // No Sling, no ambush: the opponent on c3 next to b3 is no target.
    let (sling, march_b) = (blue(Sling, C, 0), blue(March, B, 0));
    t.cards(0, &[sling, march_b, blue(Sling, C, 1)])
        .ask(0, Phase::Card);
    assert_eq!(t.answers(), [t.card(march_b)]);
    t.target(0, sling, "b3");
    assert!(t.answers().is_empty());
    t.target(0, march_b, "b3").answer(to("c3"));
    assert_eq!(ambushes(&t).len(), 1, "only the first ambush");
    assert_eq!(t.pawns_of(1), ["c3", "d3"]);
    assert_eq!(t.pawns_of(0), ["c3", "d3"]);
}

#[test]
fn rules_test_13_forced_redraw() {
    let slings = [blue(Sling, C, 0), blue(Sling, C, 1), blue(Sling, C, 2)];
    let new = [blue(March, A, 0), blue(March, A, 1), blue(March, A, 2)];
    let mut t = Table::new(2);
    // Seat 0's other pawns are on the scoreboard, so its turn opens with no D1.
    t.pawn(0, "b4").pole_pawn(0).pole_pawn(0).pole_pawn(0);
    t.cards(0, &slings).draw_top(&new);
    // The storm pile stands at the threshold (8), which no real turn starts with: a
    // weather check would bring a storm, so its absence shows.
    let storm = [blue(Sling, C, 3), blue(Gallop, B, 0), blue(March, A, 3)];
    t.storm_pile(&storm);
    assert_eq!(t.st.storm_total, 8);
    t.start_turn(0);
    let redraws: Vec<_> = t.events(|e| {
        matches!(
            e,
            Event::Answered {
                action: Action::Redraw,
                ..
            }
        )
    });
    assert_eq!(
        redraws,
        [Event::Answered {
            seat: Seat(0),
            action: Action::Redraw,
            forced: true
        }],
        "the engine redraws"
    );
    assert!(slings.iter().all(|&c| t.discarded(c)));
    let mut side = t.side_cards(0);
    side.sort_unstable();
    assert_eq!(side, new, "3 cards drawn");
    assert!(t.storms().is_empty(), "no weather check");
    let mut storm_sorted = storm.to_vec();
    storm_sorted.sort_unstable();
    assert_eq!(
        (t.storm_cards(), t.st.storm_total),
        (storm_sorted, 8),
        "storm pile unchanged"
    );
    assert_eq!(draws(&t), [(0, 3)], "no card drawn in step 8");
    assert_eq!(
        (t.st.seat, t.st.phase),
        (1, Phase::Travel),
        "the next seat plays"
    );
    t.check_counts();
}

#[test]
fn rules_test_14_redraw_with_a_disc() {
    let swoop = blue(Swoop, A, 0);
    let mut t = Table::new(2);
    t.pawn(0, "b4").pole_pawn(0).pole_pawn(0).pole_pawn(0);
    t.cards(
        0,
        &[blue(Sling, C, 0), blue(Sling, C, 1), blue(Sling, C, 2)],
    );
    t.draw_top(&[blue(Sling, C, 3), card_of(Sling, C, Red, 0), swoop]);
    t.held(0, &[Husky, Snowshoes]);
    t.start_turn(0);
    assert_eq!(t.st.phase, Phase::Keep);
    assert_eq!(
        t.answers(),
        [
            Action::Keep,
            Action::Discard(Husky),
            Action::Discard(Snowshoes)
        ]
    );
    // `none` ends the play phase: no play, the turn passes.
    let mut none = t.clone();
    none.answer(Action::Keep);
    assert_eq!((none.st.seat, none.st.phase), (1, Phase::Travel));
    assert_eq!(none.pawns_of(0), ["b4"]);
    assert!(none.storm_cards().is_empty());
    assert_eq!((none.holds(0, Husky), none.holds(0, Snowshoes)), (1, 1));
    assert!(none.side_cards(0).contains(&swoop));
    // A discard buys exactly one play.
    for (disc, kept) in [(Husky, Snowshoes), (Snowshoes, Husky)] {
        let mut t = t.clone();
        t.answer(Action::Discard(disc));
        assert_eq!(t.st.phase, Phase::Target, "the Swoop is the only play");
        assert_eq!(t.answers(), tos(&["a3", "c3", "a5", "c5"]));
        t.answer(to("c5"));
        assert_eq!(t.pawns_of(0), ["c5"]);
        assert_eq!(t.storm_cards(), [swoop]);
        assert_eq!((t.holds(0, disc), t.holds(0, kept)), (0, 1));
        assert_eq!(
            (t.st.seat, t.st.phase),
            (1, Phase::Travel),
            "then the turn ends"
        );
        assert_eq!(t.events(|e| matches!(e, Event::Moved { .. })).len(), 1);
        t.check_counts();
    }
}

#[test]
fn rules_test_15_weather() {
    let mut t = Table::new(2);
    t.pawn(0, "f5").pawn(1, "c1");
    t.storm_pile(&[blue(Sling, C, 0), blue(Gallop, A, 1), blue(March, A, 1)]);
    assert_eq!(t.st.storm_total, 7);
    let top = card_of(March, A, Red, 0);
    t.draw_top(&[top]);
    let gallop = blue(Gallop, A, 0);
    t.target(0, gallop, "f5").answer(to("g5"));
    assert_eq!(
        t.storms(),
        [Event::Storm {
            quarters: 3,
            colour: Some(Red),
            cause: StormCause::Weather(9)
        }],
        "9 >= 8: a red storm"
    );
    assert_eq!(t.pawns_of(1), ["h3"], "c1 goes to h3");
    assert_eq!(
        (t.st.storm, t.st.storm_total),
        (0, 0),
        "the storm pile is discarded"
    );
    assert!(t.discarded(gallop) && t.discarded(blue(Sling, C, 0)));
    assert_eq!(
        t.st.draw.last(),
        Some(&top),
        "the top card stays on the draw pile"
    );
    t.check_counts();
}

/// Plays the ambush of [`move_ambush`] with a Husky and the Storm disc to take, the storm
/// pile `storm_pile` and a March A on top of the draw pile: seat 0 moves to b3.
fn storm_disc_ambush(storm_pile: &[u8]) -> Table {
    let mut t = move_ambush(&[Husky, Storm]);
    t.storm_pile(storm_pile);
    t.draw_top(&[blue(March, A, 1)]);
    t.answer(to("b3"));
    t
}

#[test]
fn rules_test_16_storm_hazard() {
    // The Storm disc turns the board at once; the storm pile keeps its cards (5 + 2 = 7).
    let march_b = blue(March, B, 0);
    let t = storm_disc_ambush(&[blue(Sling, C, 0), blue(March, A, 0)]);
    assert_eq!(
        t.storms(),
        [Event::Storm {
            quarters: 1,
            colour: Some(Blue),
            cause: StormCause::Disc
        }]
    );
    assert_eq!(t.st.rotation, 1);
    assert_eq!(t.pawns_of(0), ["c7"], "b3 turned clockwise");
    assert_eq!(
        t.storm_cards(),
        [blue(March, A, 0), march_b, blue(Sling, C, 0)]
    );
    assert_eq!(t.st.storm_total, 7);
    // With the pile at 6, the weather check that follows turns it again.
    let t = storm_disc_ambush(&[blue(Sling, C, 0), blue(Gallop, A, 0)]);
    assert_eq!(
        t.storms(),
        [
            Event::Storm {
                quarters: 1,
                colour: Some(Blue),
                cause: StormCause::Disc
            },
            Event::Storm {
                quarters: 1,
                colour: Some(Blue),
                cause: StormCause::Weather(8)
            },
        ]
    );
    assert_eq!(t.st.rotation, 2);
    assert_eq!(t.pawns_of(0), ["g6"]);
    assert_eq!(t.st.storm_total, 0);
}

#[test]
fn rules_test_17_fewer_cards() {
    let mut t = Table::new(4);
    let (march, groups) = (blue(March, A, 0), groups_of_three(&mut t));
    t.pawn(0, "b2");
    t.storm_pile(&[blue(Sling, C, 0), blue(Sling, C, 1), blue(Gallop, B, 0)]);
    assert_eq!(t.st.storm_total, 11);
    t.draw_top(&[blue(March, A, 1)]);
    t.target(0, march, "b2").answer(to("b1"));
    assert_eq!(t.st.rotation, 1, "12 >= 12: a clockwise storm");
    assert_eq!(t.side_cards(0), groups[3], "S faces E's old group of 3");
    assert!(draws(&t).is_empty(), "S draws nothing");
    assert_eq!((t.st.seat, t.st.phase), (1, Phase::Travel), "W's turn");
    assert_eq!(t.side_cards(1), groups[0][1..], "W has the 2 cards S left");
    t.check_counts();
}

#[test]
fn rules_test_18_pinch() {
    let (p_s, p_w, p_n, p_e) = (pinch(0), pinch(1), pinch(4), pinch(2));
    let gallop_b = blue(Gallop, B, 0);
    let s = [p_s, blue(Gallop, A, 0), blue(March, A, 0)];
    let w = [blue(Dash, A, 0), p_w, blue(Sling, C, 0)];
    let n = [gallop_b, p_n, blue(March, B, 0)];
    let e = [blue(Swoop, A, 0), blue(Swoop, B, 0), p_e];
    let mut t = Table::new(2);
    for (side, g) in [s, w, n, e].iter().enumerate() {
        t.cards(side as u8, g);
    }
    // An opponent on b6 gives the Sling a target, so every card with points can be played.
    t.pawn(0, "b2").pawn(1, "b6").ask(0, Phase::Card);
    let mut d3: Vec<u8> = s.to_vec();
    d3.sort_unstable();
    assert_eq!(
        t.answers(),
        d3.iter().map(|&c| t.card(c)).collect::<Vec<_>>()
    );
    t.answer(t.card(p_s));
    // D3a: the cards with points of W, N and E; never one of S, never a Pinch.
    let mut pinchable = [w[0], w[2], n[0], n[2], e[0], e[1]];
    pinchable.sort_unstable();
    let d3a: Vec<Action> = pinchable
        .iter()
        .map(|&c| Action::Pinch(t.game.card_ref(c)))
        .collect();
    assert_eq!(t.answers(), d3a);
    t.answer(Action::Pinch(t.game.card_ref(gallop_b)));
    assert_eq!(
        t.st.phase,
        Phase::Target,
        "one pawn: D3b answered by the engine"
    );
    t.answer(to("c3"));
    assert_eq!(t.pawns_of(0), ["c3"]);
    assert!(t.discarded(p_s), "the Pinch goes to the discard pile");
    assert_eq!((t.storm_cards(), t.st.storm_total), (vec![gallop_b], 3));
    assert_eq!((t.st.seat, t.st.phase), (1, Phase::Travel));
    assert_eq!(t.side_cards(2), [p_n, n[2]], "N keeps 2 cards");
    assert_eq!(t.side_cards(0).len(), 3, "S refilled in step 8");
    t.check_counts();
}

/// Plays the last turn of round 1 at 3 players with `round_limit = 1`: seat `s` has
/// `pole[s]` pawns on the scoreboard (the pre-placed one included) and `ship[s]` on its
/// ship, the rest on the board.
fn round_limit(pole: [u8; 3], ship: [u8; 3], tie_break: TieBreak) -> floe_core::Outcome {
    let mut rules = Rules::standard();
    rules.round_limit = 1;
    rules.tie_break = tie_break;
    let mut t = Table::with_rules(3, rules);
    let squares = [["b2", "b4", "b6"], ["g2", "g4", "g6"], ["c3", "c5", "c7"]];
    for seat in 0..3 {
        for _ in 1..pole[seat] {
            t.pole_pawn(seat);
        }
        let on_board = 4 - pole[seat] - ship[seat];
        for name in &squares[seat][..usize::from(on_board)] {
            t.pawn(seat, name);
        }
        assert_eq!(t.ship_and_pole(seat), (ship[seat], pole[seat]));
    }
    // Seat 2 declines its Husky's extra play: its turn, and round 1, end.
    t.held(2, &[Husky]).ask(2, Phase::Husky);
    assert!(t.game.to_act(&t.st).is_some());
    t.answer(Action::Stop);
    assert!(t.st.is_over(), "the game ends after round 1");
    let o = t.outcome();
    assert_eq!(t.game.end_causes()[usize::from(o.end_cause)], "round-limit");
    assert_eq!(o.rounds, 1);
    o
}

#[test]
fn rules_test_19_limit_and_end() {
    // P holds Husky, Snowshoes and Compass and receives an Igloo (D5): 4 discards, 3
    // compass settings, one igloo square per eligible pawn (not d4, weak ice, nor f6,
    // already in an igloo; c1, a base camp, is useless but legal).
    let mut t = move_ambush(&[Husky, Igloo]);
    t.pawn(0, "c1").pawn(0, "d4").igloo_pawn(0, "f6");
    t.held(0, &[Husky, Snowshoes, Compass]);
    t.answer(to("b3"));
    assert_eq!(t.st.phase, Phase::Limit);
    let mut d5: Vec<Action> = [Husky, Snowshoes, Igloo, Compass]
        .map(Action::Discard)
        .to_vec();
    d5.extend([1, 2, 3].map(Action::Compass));
    d5.extend([Action::Igloo(sq("c1")), Action::Igloo(sq("b3"))]);
    assert_eq!(t.answers(), d5);
    t.answer(Action::Igloo(sq("b3")));
    assert_eq!(t.st.seats[0].discs(), 3);
    assert_eq!(
        t.st.seats[0].igloos().count_ones(),
        2,
        "b3 is in an igloo now"
    );
    t.check_counts();

    // 3 players: P's third pawn reaching the Pole ends the game at once, with no weather
    // check (the March's point brings the pile to the threshold 10) and no disc received.
    let mut t = Table::new(3);
    t.pole_pawn(0)
        .pole_pawn(0)
        .pawn(0, "d4")
        .scoreboard_disc(Some(Compass));
    t.storm_pile(&[blue(Sling, C, 0), blue(Gallop, B, 0), blue(Gallop, A, 0)]);
    assert_eq!(t.st.storm_total, 9);
    t.target(0, blue(March, A, 0), "d4").answer(Action::Pole);
    assert_eq!(t.ship_and_pole(0), (0, 4));
    assert!(t.st.is_over());
    let o = t.outcome();
    assert_eq!(
        t.game.end_causes()[usize::from(o.end_cause)],
        "pole-reached"
    );
    assert_eq!(o.winners, 0b001);
    assert!(t.storms().is_empty(), "no weather check");
    assert_eq!(t.st.storm_total, 10);
    assert!(received(&t).is_empty() && t.st.scoreboard_disc == Some(Compass));

    // round_limit = 1: ranked by Pole count, then ship count, then tie_break.
    let o = round_limit([2, 1, 1], [1, 0, 0], TieBreak::Shared);
    assert_eq!(o.winners, 0b001, "more pawns at the Pole first");
    let o = round_limit([2, 2, 1], [1, 0, 0], TieBreak::Shared);
    assert_eq!(o.winners, 0b010, "then fewer on the ship");
    let o = round_limit([2, 2, 1], [0, 0, 0], TieBreak::Shared);
    assert_eq!(o.winners, 0b011, "then shared");
    let o = round_limit([2, 2, 1], [0, 0, 0], TieBreak::TurnOrder);
    assert_eq!(o.winners, 0b001, "or the earliest in turn order");
}

/// The random games of test 20 (every answer legal, at most 11 answers, cards and discs
/// accounted for, no two pieces on a non-shared square, at most 3 discs after D5, every
/// game ending with `pole-reached` or `round-limit`) are in `tests/property.rs`. Here:
/// "the map check above runs as a unit test on the loaded map".
#[test]
fn rules_test_20_map_check_on_the_loaded_map() {
    let rules = Rules::standard();
    assert_eq!(rules.map, Map::classic());
    assert_eq!(rules.map.check(), Ok(()));
    // Every turn keeps base camps, corners, weak ice and windows.
    let map = &rules.map;
    let turned = |bits: u64| north_pole::board::turn_bits(bits, 1);
    assert_eq!(turned(map.all_camps()), map.all_camps());
    assert_eq!(turned(map.corners), map.corners);
    assert_eq!(turned(map.weak_ice()), map.weak_ice());
    assert_eq!(turned(map.windows), map.windows);
    // Every square and the Pole are reachable from every base camp square at every
    // rotation and orientation, the Pole 4-8 single steps away.
    let geo = Geometry::new(map);
    for r in 0..4u8 {
        for camp in north_pole::board::squares(map.all_camps()) {
            let from = bit(turn(camp, 4 - r));
            assert_eq!(geo.reach(r, from, 0), !0, "r{r} from {camp}");
            for o in 0..4 {
                let entry = bit(geo.entry[usize::from(r)][o]);
                let (mut seen, mut steps) = (from, 1);
                while seen & entry == 0 {
                    seen |= geo.reach_once(r, seen);
                    steps += 1;
                }
                assert!((4..=8).contains(&steps), "r{r} o{o} from {camp}: {steps}");
            }
        }
    }
}

/// *A turn*, Draw pile: "Whenever the draw pile is empty and the discard pile is not,
/// shuffle the discard pile at once into a new face-down draw pile." With every other card
/// on the storm pile, a Pinch lands alone on the discard pile mid-play: it becomes the draw
/// pile at once, so the weather storm that follows reads its colour.
#[test]
fn an_emptied_draw_pile_is_refilled_at_once_even_mid_play() {
    let (p_s, gallop) = (pinch(0), blue(Gallop, B, 0));
    let mut t = Table::new(2);
    t.cards(0, &[p_s]).cards(2, &[gallop]);
    let rest: Vec<u8> = t.st.draw.iter().copied().collect();
    t.storm_pile(&rest);
    assert!(t.st.draw.is_empty() && t.st.discard == 0);
    t.pawn(0, "b2").pawn(1, "b6").ask(0, Phase::Card);
    let total = t.st.storm_total + u16::from(t.game.rules().card(gallop).points);
    t.answer(t.card(p_s));
    t.answer(Action::Pinch(t.game.card_ref(gallop)));
    t.answer(to("c3"));
    let shuffles = t.events(|e| matches!(e, Event::Reshuffled { .. } | Event::Storm { .. }));
    let colour = t.game.rules().card(p_s).colour;
    assert_eq!(
        shuffles[..2],
        [
            Event::Reshuffled { cards: 1 },
            Event::Storm {
                quarters: colour.quarters(),
                colour: Some(colour),
                cause: StormCause::Weather(total),
            },
        ],
        "{shuffles:?}"
    );
    t.check_counts();
}
