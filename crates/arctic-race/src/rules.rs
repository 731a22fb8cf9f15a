//! Rule data: the layout, the tile set, the tables and the limits, and their TOML loader.
//!
//! Everything the rules page marks as assumed (geometry, tile faces, removal table,
//! scoring tables, round limit) lives here as data, so a user can change it with a rules
//! file instead of recompiling. [`Rules::from_toml`] checks a file completely before any
//! game starts, and names the line and field of the first problem it finds.

use std::ops::Range;

use arrayvec::ArrayVec;
pub use floe_core::RulesError;
use floe_core::rules_file::{self, Spanned};
use floe_core::{MAX_COLOURS, MAX_SEATS, line_of, out_of_range};
use serde::Deserialize;

use crate::pieces::{Icon, RACERS};

/// Longest track a rules file may describe: occupancy is one 64-bit word, which keeps
/// moves fast, and 64 spaces is twice the classic track.
pub const MAX_TRACK: usize = 64;
/// Most river slots.
pub const MAX_SLOTS: usize = 16;
/// Most spaces on one tile.
pub const MAX_SLOT_LEN: usize = 8;
/// Most tiles in the tile set.
pub const MAX_TILES: usize = 64;
/// Most distinct tile kinds (rows of the tile table).
pub const MAX_TILE_KINDS: usize = 32;
/// Most values in one scoring row.
pub const MAX_PLACES: usize = 8;
/// Shortest track: no card moves a racer from home to the finish in one move.
pub const MIN_TRACK: usize = 6;
/// Fewest players in a game.
pub const MIN_PLAYERS: usize = 2;
/// Largest round limit a rules file may set.
pub(crate) const MAX_ROUND_LIMIT: u32 = 1_000_000;

/// `space_slot` value of a bank space.
pub(crate) const NOT_RIVER: u8 = 0xFF;

/// The faces of one tile kind, in walking order (the first `slot_len` are used).
pub type TileFaces = [Icon; MAX_SLOT_LEN];

/// The validated rule data of one Arctic Race variant.
#[derive(Clone, Debug, PartialEq)]
pub struct Rules {
    pub(crate) name: String,
    pub(crate) round_limit: u32,
    pub(crate) colours: Vec<String>,
    /// Tiles removed at setup, indexed by player count.
    pub(crate) tiles_removed: [u8; MAX_SEATS + 1],
    pub(crate) track_len: usize,
    /// Icons of the fixed (bank) spaces; river spaces hold `Blank` here.
    pub(crate) fixed_icons: [Icon; MAX_TRACK],
    pub(crate) river_start: usize,
    pub(crate) slots: usize,
    pub(crate) slot_len: usize,
    pub(crate) tile_kinds: ArrayVec<TileFaces, MAX_TILE_KINDS>,
    /// River slot per track space, or `NOT_RIVER`: a table, so finding a space's slot needs
    /// no division (moves look their landing up in `State::track` instead).
    pub(crate) space_slot: [u8; MAX_TRACK],
    /// One entry per physical tile: its kind. Canonical (sorted) order.
    pub(crate) tile_set: ArrayVec<u8, MAX_TILES>,
    /// Scoring rows per race; the last value counts for every later place.
    pub(crate) points: [ArrayVec<u8, MAX_PLACES>; RACERS],
}

const CLASSIC: &str = include_str!("classic.toml");

impl Rules {
    /// Returns the built-in `classic` rules: the rules page's default layout and tables.
    pub fn classic() -> Rules {
        Rules::parse(CLASSIC, RulesFile::default()).expect("the built-in classic rules are valid")
    }

    /// Parses and checks a rules file. Keys the file leaves out keep their classic values.
    ///
    /// # Errors
    /// Returns the first problem found: a TOML syntax error, an unknown key, a value of
    /// the wrong type, or a value the game cannot be played with.
    ///
    /// # Examples
    /// ```
    /// let rules = arctic_race::Rules::from_toml("tiles_removed = [10, 6, 4, 2, 0]").unwrap();
    /// assert_eq!(rules.tiles_removed(2), 10);
    /// let err = arctic_race::Rules::from_toml("round_limit = 0").unwrap_err();
    /// assert!(err.to_string().contains("round_limit"));
    /// ```
    pub fn from_toml(text: &str) -> Result<Rules, RulesError> {
        Rules::from_toml_named(text, None)
    }

    /// Parses and checks a rules file as [`Rules::from_toml`] does, except that a file
    /// without a `name` key names its rules `default_name` (when given) instead of
    /// `classic`, so a user's variant is not labelled as the classic rules.
    ///
    /// # Errors
    /// As [`Rules::from_toml`].
    ///
    /// # Examples
    /// ```
    /// let rules = arctic_race::Rules::from_toml_named("round_limit = 40", Some("short")).unwrap();
    /// assert_eq!(floe_core::RuleSet::name(&rules), "short");
    /// ```
    pub fn from_toml_named(text: &str, default_name: Option<&str>) -> Result<Rules, RulesError> {
        let mut classic: RulesFile =
            toml::from_str(CLASSIC).expect("the built-in classic rules parse");
        if let Some(name) = default_name {
            classic.name = Some(Spanned::new(0..0, name.to_string()));
        }
        Rules::parse(text, classic)
    }

    /// Parses `text`, filling the keys it leaves out from `defaults`, and checks the result.
    fn parse(text: &str, defaults: RulesFile) -> Result<Rules, RulesError> {
        let file: RulesFile = rules_file::parse(text)?;
        let mut defaulted = Vec::new();
        let file = file.or(defaults, &mut defaulted);
        Checker { text, defaulted }.build(file)
    }

    /// Returns the round limit.
    pub fn round_limit(&self) -> u32 {
        self.round_limit
    }

    /// Returns the number of track spaces (L).
    pub fn track_len(&self) -> usize {
        self.track_len
    }

    /// Returns the number of tiles removed at setup for `players` players.
    pub fn tiles_removed(&self, players: usize) -> usize {
        self.tiles_removed[players] as usize
    }

    /// Returns the number of tiles in the tile set.
    pub fn tile_count(&self) -> usize {
        self.tile_set.len()
    }

    /// Returns the number of river slots.
    pub fn slots(&self) -> usize {
        self.slots
    }

    /// Returns the most tiles that can be removed at setup (the river must still fill).
    pub fn max_tiles_removed(&self) -> usize {
        self.tile_set.len() - self.slots
    }

    /// Returns the first track space of river slot `slot`.
    pub fn slot_start(&self, slot: usize) -> usize {
        self.river_start + slot * self.slot_len
    }

    /// Returns the river slot holding track space `space`, if it is a river space.
    #[inline]
    pub fn slot_of(&self, space: usize) -> Option<usize> {
        let slot = *self.space_slot.get(space)?;
        (slot != NOT_RIVER).then_some(slot as usize)
    }

    /// Returns the faces of tile kind `kind` (as many as a slot is long).
    pub fn tile_faces(&self, kind: u8) -> &[Icon] {
        &self.tile_kinds[kind as usize][..self.slot_len]
    }

    /// Returns the points for finishing `place` (1-based) in the race of racer `race` (0-based).
    pub fn points(&self, race: usize, place: u8) -> i32 {
        let row = &self.points[race];
        i32::from(row[(place as usize).min(row.len()) - 1])
    }

    /// Replaces the removal count for `players` players (used by tile-balance sweeps).
    ///
    /// # Errors
    /// Fails when the count would leave too few tiles to fill the river.
    pub fn set_tiles_removed(&mut self, players: usize, removed: usize) -> Result<(), RulesError> {
        if removed > self.max_tiles_removed() {
            return Err(RulesError {
                line: None,
                key: format!("tiles_removed[{}]", players - MIN_PLAYERS),
                message: format!(
                    "{removed} tiles removed leaves fewer than the {} the river needs (the tile set has {})",
                    self.slots,
                    self.tile_set.len()
                ),
            });
        }
        self.tiles_removed[players] = removed as u8;
        Ok(())
    }
}

/// A rules file as written; every key optional so a file can override just a few.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RulesFile {
    name: Option<Spanned<String>>,
    round_limit: Option<Spanned<i64>>,
    colours: Option<Spanned<Vec<Spanned<String>>>>,
    tiles_removed: Option<Spanned<Vec<Spanned<i64>>>>,
    track: Option<TrackFile>,
    tiles: Option<Spanned<Vec<Spanned<TileFile>>>>,
    scoring: Option<ScoringFile>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct TrackFile {
    bank_a: Option<Spanned<Vec<Spanned<String>>>>,
    bank_b: Option<Spanned<Vec<Spanned<String>>>>,
    river: Option<RiverFile>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RiverFile {
    slots: Option<Spanned<i64>>,
    slot_length: Option<Spanned<i64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TileFile {
    copies: Spanned<i64>,
    faces: Spanned<Vec<Spanned<String>>>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct ScoringFile {
    race_1: Option<Spanned<Vec<Spanned<i64>>>>,
    race_2: Option<Spanned<Vec<Spanned<i64>>>>,
    race_3: Option<Spanned<Vec<Spanned<i64>>>>,
    race_4: Option<Spanned<Vec<Spanned<i64>>>>,
    race_5: Option<Spanned<Vec<Spanned<i64>>>>,
}

/// Returns `mine`, or `classic` when the file leaves `key` out (noting that it did).
fn pick<T>(
    key: &'static str,
    mine: Option<T>,
    classic: Option<T>,
    defaulted: &mut Vec<&'static str>,
) -> Option<T> {
    if mine.is_none() {
        defaulted.push(key);
    }
    mine.or(classic)
}

impl RulesFile {
    /// Fills every key this file leaves out from `d`, listing those keys in `defaulted`.
    fn or(self, d: RulesFile, defaulted: &mut Vec<&'static str>) -> RulesFile {
        let (t, dt) = (self.track.unwrap_or_default(), d.track.unwrap_or_default());
        let (r, dr) = (t.river.unwrap_or_default(), dt.river.unwrap_or_default());
        let (s, ds) = (
            self.scoring.unwrap_or_default(),
            d.scoring.unwrap_or_default(),
        );
        let k = defaulted;
        RulesFile {
            name: pick("name", self.name, d.name, k),
            round_limit: pick("round_limit", self.round_limit, d.round_limit, k),
            colours: pick("colours", self.colours, d.colours, k),
            tiles_removed: pick("tiles_removed", self.tiles_removed, d.tiles_removed, k),
            track: Some(TrackFile {
                bank_a: pick("track.bank_a", t.bank_a, dt.bank_a, k),
                bank_b: pick("track.bank_b", t.bank_b, dt.bank_b, k),
                river: Some(RiverFile {
                    slots: pick("track.river.slots", r.slots, dr.slots, k),
                    slot_length: pick("track.river.slot_length", r.slot_length, dr.slot_length, k),
                }),
            }),
            tiles: pick("tiles", self.tiles, d.tiles, k),
            scoring: Some(ScoringFile {
                race_1: pick("scoring.race_1", s.race_1, ds.race_1, k),
                race_2: pick("scoring.race_2", s.race_2, ds.race_2, k),
                race_3: pick("scoring.race_3", s.race_3, ds.race_3, k),
                race_4: pick("scoring.race_4", s.race_4, ds.race_4, k),
                race_5: pick("scoring.race_5", s.race_5, ds.race_5, k),
            }),
        }
    }
}

/// Turns a complete [`RulesFile`] into [`Rules`], checking every value.
///
/// A value the file left out comes from the classic rules; its span points into the
/// classic text, so an error about it names the key and says where it came from instead
/// of giving a line of the user's file.
struct Checker<'a> {
    text: &'a str,
    defaulted: Vec<&'static str>,
}

impl Checker<'_> {
    fn err(
        &self,
        span: Range<usize>,
        field: impl Into<String>,
        message: impl Into<String>,
    ) -> RulesError {
        let (field, mut message) = (field.into(), message.into());
        let classic = self.defaulted.iter().find(|key| {
            field
                .strip_prefix(**key)
                .is_some_and(|rest| !rest.starts_with(|c: char| c.is_alphanumeric() || c == '_'))
        });
        let line = match classic {
            Some(key) => {
                message += &format!(
                    " (this is the classic value, used because the file does not set `{key}`: set it to fit the file's other values)"
                );
                None
            }
            None => Some(line_of(self.text, span.start)),
        };
        RulesError {
            line,
            key: field,
            message,
        }
    }
    fn int(&self, v: &Spanned<i64>, field: &str, range: Range<i64>) -> Result<i64, RulesError> {
        let x = *v.get_ref();
        if range.contains(&x) {
            Ok(x)
        } else {
            Err(self.err(
                v.span(),
                field,
                out_of_range(x, &(range.start..=range.end - 1)),
            ))
        }
    }

    fn icon(&self, v: &Spanned<String>, field: String) -> Result<Icon, RulesError> {
        Icon::parse(v.get_ref()).ok_or_else(|| {
            self.err(
                v.span(),
                field,
                format!(
                    "unknown icon {:?}; known icons: {}",
                    v.get_ref(),
                    Icon::NAMES.join(", ")
                ),
            )
        })
    }

    fn build(&self, f: RulesFile) -> Result<Rules, RulesError> {
        let missing = "a value (the classic default is missing)";
        let name = f.name.expect(missing);
        if name.get_ref().trim().is_empty() {
            return Err(self.err(name.span(), "name", "must not be empty"));
        }
        let round_limit = self.int(
            f.round_limit.as_ref().expect(missing),
            "round_limit",
            1..i64::from(MAX_ROUND_LIMIT) + 1,
        )? as u32;

        let colours_v = f.colours.expect(missing);
        let mut colours: Vec<String> = Vec::new();
        for (i, c) in colours_v.get_ref().iter().enumerate() {
            let name = c.get_ref().trim();
            if name.is_empty() || colours.iter().any(|k| k == name) {
                return Err(self.err(
                    c.span(),
                    format!("colours[{i}]"),
                    "colours must be non-empty and distinct",
                ));
            }
            colours.push(name.to_string());
        }
        if !(MAX_SEATS..=MAX_COLOURS).contains(&colours.len()) {
            return Err(self.err(
                colours_v.span(),
                "colours",
                format!(
                    "needs {MAX_SEATS} to {MAX_COLOURS} colours (at least one per seat at the largest table), found {}",
                    colours.len()
                ),
            ));
        }

        let track = f.track.expect(missing);
        let river = track.river.expect(missing);
        let slots_v = river.slots.expect(missing);
        let slots = self.int(&slots_v, "track.river.slots", 0..MAX_SLOTS as i64 + 1)? as usize;
        if slots == 0 {
            return Err(self.err(
                slots_v.span(),
                "track.river.slots",
                "a river needs at least 1 slot",
            ));
        }
        let slot_len = self.int(
            river.slot_length.as_ref().expect(missing),
            "track.river.slot_length",
            1..MAX_SLOT_LEN as i64 + 1,
        )? as usize;

        let bank_a = track.bank_a.expect(missing);
        let bank_b = track.bank_b.expect(missing);
        let track_len = bank_a.get_ref().len() + slots * slot_len + bank_b.get_ref().len();
        if !(MIN_TRACK..=MAX_TRACK).contains(&track_len) {
            return Err(self.err(
                bank_b.span(),
                "track",
                format!(
                    "the track has {track_len} spaces (bank_a + slots x slot_length + bank_b); allowed {MIN_TRACK}..={MAX_TRACK}"
                ),
            ));
        }
        let mut fixed_icons = [Icon::Blank; MAX_TRACK];
        for (i, v) in bank_a.get_ref().iter().enumerate() {
            fixed_icons[i] = self.icon(v, format!("track.bank_a[{i}]"))?;
        }
        let bank_b_start = bank_a.get_ref().len() + slots * slot_len;
        for (i, v) in bank_b.get_ref().iter().enumerate() {
            fixed_icons[bank_b_start + i] = self.icon(v, format!("track.bank_b[{i}]"))?;
        }

        let tiles = f.tiles.expect(missing);
        let mut tile_kinds = ArrayVec::new();
        let mut tile_set = ArrayVec::new();
        if tiles.get_ref().len() > MAX_TILE_KINDS {
            return Err(self.err(
                tiles.span(),
                "tiles",
                format!("at most {MAX_TILE_KINDS} tile kinds"),
            ));
        }
        for (k, tile) in tiles.get_ref().iter().enumerate() {
            let t = tile.get_ref();
            let copies = self.int(
                &t.copies,
                &format!("tiles[{k}].copies"),
                1..MAX_TILES as i64 + 1,
            )?;
            let faces = t.faces.get_ref();
            if faces.len() != slot_len {
                return Err(self.err(
                    t.faces.span(),
                    format!("tiles[{k}].faces"),
                    format!(
                        "a tile has {} faces but a river slot is {slot_len} spaces long",
                        faces.len()
                    ),
                ));
            }
            let mut kind = [Icon::Blank; MAX_SLOT_LEN];
            for (i, v) in faces.iter().enumerate() {
                kind[i] = self.icon(v, format!("tiles[{k}].faces[{i}]"))?;
            }
            tile_kinds.push(kind);
            for _ in 0..copies {
                if tile_set.try_push(k as u8).is_err() {
                    return Err(self.err(
                        tile.span(),
                        "tiles",
                        format!("the tile set holds more than {MAX_TILES} tiles"),
                    ));
                }
            }
        }
        if tile_set.len() < slots {
            return Err(self.err(
                tiles.span(),
                "tiles",
                format!(
                    "{} tiles cannot fill a river of {slots} slots",
                    tile_set.len()
                ),
            ));
        }

        let removed_v = f.tiles_removed.expect(missing);
        let counts = MAX_SEATS - MIN_PLAYERS + 1;
        if removed_v.get_ref().len() != counts {
            return Err(self.err(
                removed_v.span(),
                "tiles_removed",
                format!(
                    "needs {counts} counts, for 2 to {MAX_SEATS} players; found {}",
                    removed_v.get_ref().len()
                ),
            ));
        }
        let mut tiles_removed = [0u8; MAX_SEATS + 1];
        let max_removed = (tile_set.len() - slots) as i64;
        for (i, v) in removed_v.get_ref().iter().enumerate() {
            let field = format!("tiles_removed[{i}] ({} players)", i + MIN_PLAYERS);
            if *v.get_ref() > max_removed {
                return Err(self.err(
                    v.span(),
                    field,
                    format!(
                        "removing {} of {} tiles leaves too few to fill the {slots} river slots (at most {max_removed})",
                        v.get_ref(),
                        tile_set.len()
                    ),
                ));
            }
            tiles_removed[i + MIN_PLAYERS] = self.int(v, &field, 0..max_removed + 1)? as u8;
        }

        let s = f.scoring.expect(missing);
        let rows = [s.race_1, s.race_2, s.race_3, s.race_4, s.race_5];
        let mut points: [ArrayVec<u8, MAX_PLACES>; RACERS] = Default::default();
        for (race, row) in rows.into_iter().enumerate() {
            let row = row.expect(missing);
            let field = format!("scoring.race_{}", race + 1);
            if row.get_ref().is_empty() || row.get_ref().len() > MAX_PLACES {
                return Err(self.err(row.span(), field, format!("needs 1 to {MAX_PLACES} values")));
            }
            for (i, v) in row.get_ref().iter().enumerate() {
                points[race].push(self.int(v, &format!("{field}[{i}]"), 0..256)? as u8);
            }
        }

        let river_start = bank_a.get_ref().len();
        let mut space_slot = [NOT_RIVER; MAX_TRACK];
        for (i, slot) in space_slot[river_start..river_start + slots * slot_len]
            .iter_mut()
            .enumerate()
        {
            *slot = (i / slot_len) as u8;
        }
        Ok(Rules {
            name: name.into_inner().trim().to_string(),
            space_slot,
            round_limit,
            colours,
            tiles_removed,
            track_len,
            fixed_icons,
            river_start,
            slots,
            slot_len,
            tile_kinds,
            tile_set,
            points,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use floe_core::RuleSet;

    #[test]
    fn classic_matches_the_rules_page() {
        let r = Rules::classic();
        assert_eq!(r.track_len(), 30);
        assert_eq!(r.tile_count(), 30);
        assert_eq!(r.slots(), 5);
        assert_eq!(r.slot_start(0), 6);
        assert_eq!(r.slot_start(4), 18);
        assert_eq!(r.slot_of(20), Some(4));
        assert_eq!(r.slot_of(21), None);
        assert_eq!(r.slot_of(5), None);
        assert_eq!(r.fixed_icons[2], Icon::Plus(1));
        assert_eq!(r.fixed_icons[4], Icon::Die);
        assert_eq!(r.fixed_icons[22], Icon::Start);
        assert_eq!(r.fixed_icons[24], Icon::Plus(2));
        assert_eq!(r.fixed_icons[26], Icon::Hand);
        assert_eq!(r.fixed_icons[28], Icon::Arrow);
        let removed: Vec<usize> = (2..=6).map(|p| r.tiles_removed(p)).collect();
        assert_eq!(removed, vec![8, 6, 4, 2, 0]);
        assert_eq!(r.round_limit(), 500);
        assert_eq!(r.colours[0], "yellow");
        assert_eq!(r.colours[5], "orange");
    }

    #[test]
    fn tile_table_matches_the_rules_page() {
        let r = Rules::classic();
        let count = |faces: [Icon; 3]| {
            r.tile_set
                .iter()
                .filter(|&&k| r.tile_faces(k) == faces)
                .count()
        };
        use Icon::*;
        assert_eq!(count([Blank, Plus(1), Blank]), 6);
        assert_eq!(count([Blank, Plus(2), Blank]), 4);
        assert_eq!(count([Plus(3), Blank, Blank]), 2);
        assert_eq!(count([Blank, Die, Blank]), 4);
        assert_eq!(count([Arrow, Blank, Blank]), 4);
        assert_eq!(count([Blank, Blank, Start]), 3);
        assert_eq!(count([Hand, Blank, Blank]), 4);
        assert_eq!(count([Blank, Blank, Blank]), 3);
    }

    #[test]
    fn scoring_tables_repeat_their_last_value() {
        let r = Rules::classic();
        let row = |race: usize| (1..=6).map(|p| r.points(race, p)).collect::<Vec<_>>();
        assert_eq!(row(0), vec![7, 5, 4, 3, 3, 3]);
        assert_eq!(row(1), vec![6, 4, 3, 2, 2, 2]);
        for race in 2..5 {
            assert_eq!(row(race), vec![5, 3, 2, 1, 1, 1]);
        }
    }

    #[test]
    fn partial_file_keeps_classic_values() {
        let r = Rules::from_toml("name = \"short\"\nround_limit = 40\n").unwrap();
        assert_eq!(r.name(), "short");
        assert_eq!(r.round_limit(), 40);
        assert_eq!(r.track_len(), 30);
    }

    fn error(text: &str) -> RulesError {
        Rules::from_toml(text).unwrap_err()
    }

    #[test]
    fn unknown_icon_is_named_with_its_line() {
        let e =
            error("name = \"x\"\n[[tiles]]\ncopies = 30\nfaces = [\"blank\", \"+4\", \"blank\"]\n");
        assert_eq!(e.line, Some(4));
        assert_eq!(e.key, "tiles[0].faces[1]");
        assert!(e.message.contains("unknown icon \"+4\""), "{e}");
        assert!(e.message.contains("hand"), "lists the known icons: {e}");
    }

    #[test]
    fn removal_larger_than_the_tile_set_is_rejected() {
        let e = error("tiles_removed = [8, 6, 4, 2, 26]");
        assert!(e.key.starts_with("tiles_removed[4]"), "{e}");
        assert!(e.message.contains("at most 25"), "{e}");
        assert_eq!(e.line, Some(1));
    }

    #[test]
    fn removal_table_needs_five_counts() {
        let e = error("tiles_removed = [8, 6, 4]");
        assert_eq!(e.key, "tiles_removed");
        assert!(e.message.contains("needs 5 counts"), "{e}");
    }

    #[test]
    fn river_without_slots_is_rejected() {
        let e = error("[track.river]\nslots = 0\n");
        assert_eq!(e.key, "track.river.slots");
        assert_eq!(e.line, Some(2));
    }

    #[test]
    fn track_too_short_is_rejected() {
        let e = error(
            "tiles_removed = [0, 0, 0, 0, 0]\n[track]\nbank_a = []\nbank_b = []\n[track.river]\nslots = 1\nslot_length = 3\n",
        );
        assert_eq!(e.key, "track");
        assert!(e.message.contains("3 spaces"), "{e}");
    }

    #[test]
    fn tile_faces_must_match_the_slot_length() {
        let e = error("[[tiles]]\ncopies = 30\nfaces = [\"blank\", \"blank\"]\n");
        assert_eq!(e.key, "tiles[0].faces");
        assert!(e.message.contains("3 spaces long"), "{e}");
    }

    #[test]
    fn unknown_keys_and_bad_types_are_rejected_with_a_line() {
        let e = error("name = \"x\"\nround_limt = 5\n");
        assert_eq!(e.line, Some(2));
        assert!(e.message.contains("round_limt"), "{e}");
        let e = error("round_limit = \"many\"\n");
        assert_eq!(e.line, Some(1));
        let e = error("round_limit = = 3\n");
        assert_eq!(e.line, Some(1));
    }

    #[test]
    fn a_classic_value_that_no_longer_fits_is_named_without_a_line() {
        let e = error("[track.river]\nslot_length = 4\n");
        assert_eq!(e.line, None, "{e}");
        assert_eq!(e.key, "tiles[0].faces");
        assert!(e.message.contains("does not set `tiles`"), "{e}");
        let e = error("[[tiles]]\ncopies = 10\nfaces = [\"blank\", \"blank\", \"blank\"]\n");
        assert_eq!(e.line, None, "{e}");
        assert!(e.key.starts_with("tiles_removed[0]"), "{e}");
        assert!(e.message.contains("does not set `tiles_removed`"), "{e}");
    }

    #[test]
    fn too_few_colours_are_rejected() {
        let e = error("colours = [\"red\", \"blue\"]");
        assert_eq!(e.key, "colours");
        let e = error("colours = [\"red\", \"red\", \"a\", \"b\", \"c\", \"d\"]");
        assert_eq!(e.key, "colours[1]");
    }

    #[test]
    fn set_tiles_removed_checks_the_tile_set() {
        let mut r = Rules::classic();
        r.set_tiles_removed(4, 25).unwrap();
        assert_eq!(r.tiles_removed(4), 25);
        assert!(r.set_tiles_removed(4, 26).is_err());
    }
}
