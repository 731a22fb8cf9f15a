//! Setup: the river, the removed tiles, the supply, hands, racers and the start token.

use floe_core::{Game, Seat, Stream, stream_rng};

use crate::pieces::{ALL_CARDS, Racer};
use crate::state::{Phase, Position};
use crate::{ArcticRace, Rules};

#[test]
fn setup_fills_the_river_and_removes_the_player_counts_tiles() {
    let game = ArcticRace::classic();
    let rules = Rules::classic();
    for players in 2..=6 {
        for seed in 0..20 {
            let st = game.new_game(players, &mut stream_rng(seed, Stream::Chance));
            assert!(
                (0..5).all(|slot| st.slot(slot).is_some()),
                "every slot holds a tile"
            );
            let removed = [8, 6, 4, 2, 0][players - 2];
            assert_eq!(st.removed.len(), removed, "{players} players");
            assert_eq!(st.supply_len(), 30 - 5 - removed, "{players} players");
            let (_, _, tiles) = st.census(&rules);
            assert_eq!(
                tiles,
                vec![6, 4, 2, 4, 4, 3, 4, 3],
                "the whole tile set is accounted for"
            );
        }
    }
}

#[test]
fn setup_starts_with_seat_0_holding_the_token_full_hands_and_racers_home() {
    let game = ArcticRace::classic();
    let st = game.new_game(5, &mut stream_rng(3, Stream::Chance));
    assert_eq!(st.token_holder(), Seat(0));
    assert_eq!(st.leader(), Seat(0));
    assert_eq!(st.phase(), Phase::Commit);
    assert_eq!(game.to_act(&st), Some(Seat(0)));
    assert_eq!(st.round(), 0);
    for seat in Seat::all(5) {
        assert_eq!(st.hand(seat), ALL_CARDS);
        assert_eq!(st.played(seat), 0);
        assert!(Racer::all().all(|r| st.position(seat, r) == Position::Home));
    }
}

#[test]
fn different_seeds_deal_different_rivers() {
    let game = ArcticRace::classic();
    let rivers: std::collections::HashSet<Vec<Option<u8>>> = (0..50)
        .map(|seed| {
            let st = game.new_game(4, &mut stream_rng(seed, Stream::Chance));
            (0..5).map(|slot| st.slot(slot)).collect()
        })
        .collect();
    assert!(
        rivers.len() > 40,
        "setups vary with the seed ({} distinct of 50)",
        rivers.len()
    );
}
