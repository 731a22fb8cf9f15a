//! The layout check (the encoding's named fields tile it, at every player count), and
//! [`fields_changed`], what a game's tests of its encoding share.

use floe_core::{Game, Seat};
use floe_io::gate::quoted;

use crate::case::Case;

/// Checks that at `players` seats the fields of `encoding_layout` lie end to end from 0 to
/// `encoding_len`, each with a distinct `snake_case` name, at least one value and a
/// meaning: what a front end slicing the encoding by name relies on.
pub(crate) fn tiles<G: Game>(game: &G, players: usize) {
    let case = Case::game("layout", game.name(), players, 0);
    let fields = game.encoding_layout(players);
    let mut at = 0;
    for (i, f) in fields.iter().enumerate() {
        case.ensure(f.start == at, || {
            format!(
                "field {} starts at {}, not at {at}",
                quoted(f.name),
                f.start
            )
        });
        case.ensure(f.shape.size() > 0, || {
            format!("field {} is empty", quoted(f.name))
        });
        let snake = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_';
        case.ensure(!f.name.is_empty() && f.name.chars().all(snake), || {
            format!("field name {} is not snake_case", quoted(f.name))
        });
        case.ensure(!f.meaning.is_empty(), || {
            format!("field {} has no meaning", quoted(f.name))
        });
        case.ensure(fields[..i].iter().all(|g| g.name != f.name), || {
            format!("two fields are named {}", quoted(f.name))
        });
        at = f.end();
    }
    let len = game.encoding_len(players);
    case.ensure(at == len, || {
        format!("the fields end at {at}, not at encoding_len {len}")
    });
}

/// Returns the name of the field of `game`'s encoding at `players` that holds value `index`.
pub(crate) fn field_at<G: Game>(game: &G, players: usize, index: usize) -> &'static str {
    game.encoding_layout(players)
        .iter()
        .find(|f| f.range().contains(&index))
        .map_or("(none)", |f| f.name)
}

/// Returns the names of the fields, in layout order, in which the encodings of what `seat`
/// knows of `a` and of `b` differ: a game's tests change one fact of a state and check
/// that it shows in the field named for it, and nowhere else.
pub fn fields_changed<G: Game>(
    game: &G,
    a: &G::State,
    b: &G::State,
    seat: Seat,
) -> Vec<&'static str> {
    let players = game.players(a);
    let encoded = |st: &G::State| {
        let mut out = vec![0.0; game.encoding_len(players)];
        game.encode(&game.observe(st, seat), &mut out);
        out
    };
    let (a, b) = (encoded(a), encoded(b));
    game.encoding_layout(players)
        .into_iter()
        .filter(|f| a[f.range()] != b[f.range()])
        .map(|f| f.name)
        .collect()
}

/// One fact a game's test changes in a state (in place), with the fields of the encoding
/// it must show in: what [`check_facts_show_in_their_fields`] checks.
pub type Fact<S> = (&'static str, &'static [&'static str], fn(&mut S));

/// Checks that each of `facts`, changed in a copy of `base`, shows in exactly its named
/// fields of what `seat` knows, and nowhere else.
///
/// # Panics
/// Panics naming the first fact that shows elsewhere.
pub fn check_facts_show_in_their_fields<G: Game>(
    game: &G,
    base: &G::State,
    seat: Seat,
    facts: &[Fact<G::State>],
) {
    for (what, fields, change) in facts {
        let mut st = base.clone();
        change(&mut st);
        assert_eq!(fields_changed(game, &st, base, seat), *fields, "{what}");
    }
}
