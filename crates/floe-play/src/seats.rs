//! The seats of a table, as refusals name them.

/// Says which seats a table of `players` has: the one wording of every refusal of a seat
/// that is not at the table.
pub fn seats_of(players: usize) -> String {
    format!(
        "the table has seats 0 to {} ({players} players)",
        players.saturating_sub(1)
    )
}
