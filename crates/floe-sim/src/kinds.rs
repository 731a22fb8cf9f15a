//! [`kind_of`]: the kind of value each column of Floe's tables holds, gathered from every
//! row type, so that a table read back from its file ([`crate::table::Table::read`]) holds
//! the cells it was written from.

use crate::ladder::{PairwiseRow, mean_rank};
use crate::ratings::RatingRow;
use crate::report::{
    FigureRow, GameSeatHead, GameSeatTail, GameStatsHead, GameStatsTail, GridRow, GroupKind,
    GroupRow, RunRow, SweepRow, TestRow,
};
use crate::table::{Kind, Row};

/// Returns the kind of the column `name` in the tables Floe writes, so that a table read
/// back from its file holds the cells it was written from. A name has one kind in every
/// table: the row types declare it; an end cause's share (`p_CAUSE`) is a rate; any other
/// column (a swept parameter's, named after it) holds a parameter's value.
pub fn kind_of(name: &str) -> Kind {
    let declared = [
        RunRow::columns(),
        SweepRow::columns(),
        GridRow::columns(),
        GameStatsHead::columns(),
        GameStatsTail::columns(),
        GroupRow::columns(),
        TestRow::columns(),
        FigureRow::columns(),
        GameSeatHead::columns(),
        GameSeatTail::columns(),
        PairwiseRow::columns(),
        RatingRow::columns(),
        GroupKind::ALL.map(GroupKind::key).to_vec(),
        vec![mean_rank()],
    ];
    match declared.iter().flatten().find(|c| c.name == name) {
        Some(c) => c.kind,
        None if name.starts_with("p_") => Kind::Real,
        None => Kind::Value,
    }
}
