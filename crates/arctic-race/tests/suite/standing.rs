//! A seat's standing, which the greedy bot judges answers by and a run that follows how
//! games unfold reads for every seat each round, checked bit for bit against its
//! definition worked out here from the public board alone: the points of the finished
//! racers' places, plus, for each racer on the track, `(space + 1) / (track length + 1)`
//! of the points of the next place in its race. The engine reads it from tables made
//! once from the rules, so this pins that the tables change nothing.

use arctic_race::{ArcticRace, Position, Racer, Rules, State};
use floe_core::{ActionList, Game, MAX_SEATS, Seat, Standing, Stream, stream_rng};
use rand::RngExt;

/// `seat`'s standing in `st` by the definition.
fn defined(rules: &Rules, st: &State, seat: Seat) -> Standing {
    let len = rules.track_len() as f64 + 1.0;
    let mut standing = Standing::default();
    for racer in Racer::all() {
        let race = racer.index();
        let finished = |s: Seat| matches!(st.position(s, racer), Position::Finished(_));
        let finishers = Seat::all(st.players()).filter(|&s| finished(s)).count() as u8;
        match st.position(seat, racer) {
            Position::Home => {}
            Position::Finished(place) => standing.points += f64::from(rules.points(race, place)),
            Position::On(space) => {
                let next = f64::from(rules.points(race, finishers + 1));
                standing.progress += (f64::from(space) + 1.0) / len * next;
            }
        }
    }
    standing
}

/// Whether two standings are the same numbers, bit for bit.
fn same(a: Standing, b: Standing) -> bool {
    a.points.to_bits() == b.points.to_bits() && a.progress.to_bits() == b.progress.to_bits()
}

#[test]
fn every_standing_of_random_games_is_its_definition() {
    let rules = Rules::classic();
    let game = ArcticRace::new(rules.clone());
    let mut answers = ActionList::new();
    let (mut checked, mut on_track, mut finished) = (0, 0, 0);
    for seed in 0..200u64 {
        let players = 2 + (seed % 5) as usize;
        let mut rng = stream_rng(seed, Stream::Chance);
        let mut st = game.new_game(players, &mut rng);
        loop {
            let mut all = [Standing::default(); MAX_SEATS];
            game.standings(&st, &mut all);
            for seat in Seat::all(players) {
                let want = defined(&rules, &st, seat);
                let one = game.standing(&st, seat);
                assert!(
                    same(one, want),
                    "seed {seed}, {seat}: {one:?}, defined {want:?}"
                );
                assert!(
                    same(all[seat.index()], want),
                    "seed {seed}, {seat}: all seats' read"
                );
                checked += 1;
                on_track += usize::from(want.progress > 0.0);
                finished += usize::from(want.points > 0.0);
            }
            if game.to_act(&st).is_none() {
                break;
            }
            game.legal_actions(&st, &mut answers);
            let answer = answers[rng.random_range(0..answers.len())];
            game.apply(&mut st, answer, &mut rng);
        }
    }
    // The games reach both parts of a standing, many times.
    assert!(
        checked > 100_000 && on_track > 10_000 && finished > 10_000,
        "{checked} {on_track} {finished}"
    );
}
