//! The bounds and names a rules file and the declared parameters share, so both refuse
//! the same values.

use super::*;

/// Largest `equipment_limit` a rules file may set.
pub(crate) const MAX_EQUIPMENT_LIMIT: usize = 6;
/// Largest round limit a rules file may set.
pub(crate) const MAX_ROUND_LIMIT: u32 = 1_000_000;
/// Fewest team boards: random assignment deals one to each seat of the largest table.
pub(crate) const MIN_BOARDS: usize = MAX_PLAYERS;
/// Discs on one team board.
pub(crate) const BOARD_DISCS: usize = 2;

/// Allowed values of each `pawns_on_ship` entry.
pub(crate) const PAWNS_ON_SHIP: RangeInclusive<i64> = 1..=PAWNS as i64;
/// Allowed values of each `storm_threshold` entry.
pub(crate) const STORM_THRESHOLD: RangeInclusive<i64> = 1..=u8::MAX as i64;
/// Allowed values of `hand_size` (the deck bounds it further).
pub(crate) const HAND_SIZE: RangeInclusive<i64> = 1..=MAX_HAND as i64;
/// Allowed values of `equipment_limit`.
pub(crate) const EQUIPMENT_LIMIT: RangeInclusive<i64> =
    BOARD_DISCS as i64..=MAX_EQUIPMENT_LIMIT as i64;
/// Allowed values of `stack_size` (the Ice Mask table bounds it further).
pub(crate) const STACK_SIZE: RangeInclusive<i64> = 0..=MAX_DISCS as i64;
/// Allowed values of `round_limit`.
pub(crate) const ROUND_LIMIT: RangeInclusive<i64> = 1..=MAX_ROUND_LIMIT as i64;
/// Allowed storm points of a deck row.
pub(crate) const POINTS: RangeInclusive<i64> = 0..=u8::MAX as i64;
/// Allowed cards of one colour in a deck row (the total bounds them further).
pub(crate) const CARD_COUNT: RangeInclusive<i64> = 0..=MAX_CARDS as i64;
/// Allowed discs of one colour and type, and blanks (the total bounds them further).
pub(crate) const DISC_COUNT: RangeInclusive<i64> = 0..=MAX_DISCS as i64;
/// Allowed board numbers in `team_assignment` (1-based; `team_boards` bounds them
/// further).
pub(crate) const BOARD_NUMBER: RangeInclusive<i64> = 1..=MAX_BOARDS as i64;

/// The built-in maps, by the name `map = "..."` gives.
pub(crate) const MAP_NAMES: [&str; 1] = ["classic"];
/// The North Pole discs, as a rules file names them.
pub(crate) const DISC_KINDS: NameTable<DiscKind> = NameTable::new(&[
    ("one-boot", DiscKind::OneBoot),
    ("two-boot", DiscKind::TwoBoot),
]);
/// The directions a Storm disc turns the board, as a rules file names them.
pub(crate) const HAZARD_DIRECTIONS: NameTable<HazardDirection> = NameTable::new(&[
    ("top-card", HazardDirection::TopCard),
    ("cw", HazardDirection::Fixed(1)),
    ("ccw", HazardDirection::Fixed(3)),
    ("half", HazardDirection::Fixed(2)),
]);
/// The scoreboard mask settings, as a rules file names them.
pub(crate) const SCOREBOARD_MASKS: NameTable<bool> =
    NameTable::new(&[("first-pawn", true), ("off", false)]);
/// The tie-breaks, as a rules file names them.
pub(crate) const TIE_BREAKS: NameTable<TieBreak> = NameTable::new(&[
    ("shared", TieBreak::Shared),
    ("turn-order", TieBreak::TurnOrder),
]);
/// How `team_assignment` names random assignment.
pub(crate) const RANDOM: &str = "random";

/// Returns the key of the per-player-count entry of `key` for `players`, or of its item
/// `item`: `storm_threshold[1] (3 players)`, `sides[2][0] (4 players)`.
pub(crate) fn count_key(key: &str, players: usize, item: Option<usize>) -> String {
    rules_file::count_key(key, MIN_PLAYERS, players, item)
}

/// Returns the sides (0 S .. 3 E) of the seats at a table of `players` from their names,
/// or the index of the first bad name and why it is bad.
pub(crate) fn sides_of(
    players: usize,
    names: &[&str],
) -> Result<[u8; MAX_PLAYERS], (Option<usize>, String)> {
    if names.len() != players {
        return Err((
            None,
            format!(
                "needs {players} side names, one per seat, found {}",
                names.len()
            ),
        ));
    }
    let mut sides = [0; MAX_PLAYERS];
    for (i, name) in names.iter().enumerate() {
        let Some(side) = SIDE_NAMES.iter().position(|s| s == name) else {
            return Err((
                Some(i),
                format!(
                    "unknown side {}: allowed {}",
                    floe_io::gate::quoted(name),
                    SIDE_NAMES.join(", ")
                ),
            ));
        };
        if sides[..i].contains(&(side as u8)) {
            return Err((
                Some(i),
                format!("side {name} is listed twice (one seat per side)"),
            ));
        }
        sides[i] = side as u8;
    }
    Ok(sides)
}

/// Returns team board assignment from 1-based board numbers: none for random, else one per
/// seat; or the index of the first bad number and why it is bad. (Whether each board
/// exists is [`Rules::check`]'s business.)
pub(crate) fn assignment_of(numbers: &[i64]) -> Result<TeamAssignment, (Option<usize>, String)> {
    if numbers.is_empty() {
        return Ok(TeamAssignment::Random);
    }
    if numbers.len() != MAX_PLAYERS {
        return Err((
            None,
            format!(
                "needs {MAX_PLAYERS} board numbers, one per seat 0 to {} (or \"{RANDOM}\"), \
                 found {}",
                MAX_PLAYERS - 1,
                numbers.len()
            ),
        ));
    }
    let mut boards = [0; MAX_PLAYERS];
    for (i, &n) in numbers.iter().enumerate() {
        if !BOARD_NUMBER.contains(&n) {
            return Err((Some(i), out_of_range(n, &BOARD_NUMBER)));
        }
        boards[i] = (n - 1) as u8;
    }
    Ok(TeamAssignment::Fixed(boards))
}
