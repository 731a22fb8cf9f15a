//! The page's Rules test 20: random games at 2, 3 and 4 players and in team play, every
//! invariant checked after every step.

use floe_core::{ActionList, Game, Stream, stream_rng};
use north_pole::{NorthPole, Phase, Place, Rules, State, board::bit};
use rand::RngExt;

/// Cards and discs in every place they can be.
fn check(game: &NorthPole, st: &State, answers: &[north_pole::Action]) {
    let rules = game.rules();
    assert!(
        answers.len() <= 11,
        "{} answers: {answers:?}",
        answers.len()
    );
    let mut cards = st.draw.len() as u32 + st.discard.count_ones() + st.storm.count_ones();
    cards += st.groups.iter().map(|g| g.len() as u32).sum::<u32>();
    let mut discs = u32::from(st.spent) + st.corner_discs.len() as u32;
    discs +=
        u32::from(st.scoreboard_disc.is_some()) + st.stack.len() as u32 + st.removed.len() as u32;
    let mut seen: u64 = 0;
    for p in &st.seats[..st.players()] {
        cards += p.packs.len() as u32;
        discs += u32::from(p.discs()) + p.igloos().count_ones();
        if st.phase != Phase::Limit {
            assert!(p.discs() <= rules.equipment_limit, "{p:?}");
        }
        for (i, place) in p.pawns().iter().enumerate() {
            if let Place::Board(s) = *place {
                let shared = st.stack.is_empty() || rules.map.all_camps() & bit(s) != 0;
                assert!(shared || seen & bit(s) == 0, "two pieces on {s}");
                assert!(st.holes & bit(s) == 0, "a pawn in a hole");
                seen |= bit(s);
            } else {
                assert!(p.igloos() & (1 << i) == 0, "an igloo off the board");
            }
        }
    }
    if let Some(b) = st.bear {
        let shared = st.stack.is_empty() || rules.map.all_camps() & bit(b) != 0;
        assert!(shared || seen & bit(b) == 0, "the bear shares a square");
    }
    assert_eq!(cards, 110, "cards");
    assert_eq!(discs, 32, "discs");
}

fn play(game: &NorthPole, players: usize, seed: u64) -> u32 {
    let mut rng = stream_rng(seed, Stream::Chance);
    let mut bot = stream_rng(seed, Stream::Bot(0));
    let mut st = game.new_game(players, &mut rng);
    let mut answers = ActionList::new();
    game.legal_actions(&st, &mut answers);
    let mut steps = 0;
    while game.to_act(&st).is_some() {
        check(game, &st, &answers);
        let a = answers[bot.random_range(0..answers.len())];
        let mut listed = ActionList::new();
        game.legal_actions(&st, &mut listed);
        assert!(listed.contains(&a));
        game.advance(&mut st, a, &mut rng, &mut answers, &mut |_| {});
        steps += 1;
    }
    check(game, &st, &answers);
    let o = game.outcome(&st).unwrap();
    assert!(o.end_cause < 2);
    assert!(o.winner_count() >= 1);
    steps
}

/// Plays `games` random games at 2, 3 and 4 players and as many in team play.
fn random_games(games: u64) {
    let game = NorthPole::standard();
    let mut team = Rules::standard();
    team.team_play = true;
    let team = NorthPole::new(team);
    for players in 2..=4 {
        for seed in 0..games {
            play(&game, players, seed);
        }
    }
    for seed in 0..games {
        play(&team, 4, seed);
    }
}

#[test]
fn random_games_keep_every_invariant() {
    random_games(2_000);
}

/// The long run, done once: `cargo test --release -p north-pole --test property -- --ignored`.
#[test]
#[ignore = "50,000 games at each table: minutes"]
fn fifty_thousand_random_games_at_each_table_keep_every_invariant() {
    random_games(50_000);
}
