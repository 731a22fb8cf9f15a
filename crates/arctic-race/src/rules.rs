//! Rule data: the layout, the tile set, the tables and the limits, and their TOML loader.
//!
//! Everything the rules page marks as assumed (geometry, tile faces, removal table,
//! scoring tables, round limit) lives here as data, so a user can change it with a rules
//! file instead of recompiling. [`Rules::from_toml`] checks a file completely before any
//! game starts, and names the line and field of the first problem it finds.

use arrayvec::ArrayVec;
use floe_core::MAX_SEATS;
pub use floe_core::RulesError;
use floe_core::rules_file::{self, Reader, Spanned, SpannedInts, SpannedNames, count_key};
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
        Parts::classic().rules()
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
        <Rules as floe_core::RulesFile>::read(text, None)
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
                    "removing {} leaves fewer than the {} the river needs (the tile set has {})",
                    floe_io::count(removed, "tile"),
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
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesFile {
    name: Option<Spanned<String>>,
    round_limit: Option<Spanned<i64>>,
    colours: Option<SpannedNames>,
    tiles_removed: Option<SpannedInts>,
    track: Option<TrackFile>,
    tiles: Option<Spanned<Vec<Spanned<TileFile>>>>,
    scoring: Option<ScoringFile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TrackFile {
    bank_a: Option<SpannedNames>,
    bank_b: Option<SpannedNames>,
    river: Option<RiverFile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RiverFile {
    slots: Option<Spanned<i64>>,
    slot_length: Option<Spanned<i64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TileFile {
    copies: Spanned<i64>,
    faces: SpannedNames,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScoringFile {
    race_1: Option<SpannedInts>,
    race_2: Option<SpannedInts>,
    race_3: Option<SpannedInts>,
    race_4: Option<SpannedInts>,
    race_5: Option<SpannedInts>,
}

/// The rule data as a file states it, before the engine's tables are derived from it:
/// what the loader reads key by key over the classic values, then checks as a whole.
struct Parts {
    name: String,
    round_limit: u32,
    colours: Vec<String>,
    /// Tiles removed at setup, indexed by player count.
    tiles_removed: [u8; MAX_SEATS + 1],
    bank_a: Vec<Icon>,
    bank_b: Vec<Icon>,
    slots: usize,
    slot_len: usize,
    /// Each tile kind's copies and faces.
    tiles: Vec<(usize, Vec<Icon>)>,
    points: [ArrayVec<u8, MAX_PLACES>; RACERS],
}

impl Parts {
    /// The classic rules' parts, read from the built-in file (which sets every key).
    fn classic() -> Parts {
        let mut parts = Parts {
            name: String::new(),
            round_limit: 0,
            colours: Vec::new(),
            tiles_removed: [0; MAX_SEATS + 1],
            bank_a: Vec::new(),
            bank_b: Vec::new(),
            slots: 0,
            slot_len: 0,
            tiles: Vec::new(),
            points: Default::default(),
        };
        parts
            .read_checked(CLASSIC)
            .expect("the built-in classic rules are valid");
        parts
    }

    /// Reads the rules file `text` over these parts and returns the rules.
    fn load(mut self, text: &str) -> Result<Rules, RulesError> {
        self.read_checked(text)?;
        Ok(self.rules())
    }

    /// Reads every key `text` sets over these parts, checking each value, then checks the
    /// whole; a problem with a key the file leaves out is named without a line.
    fn read_checked(&mut self, text: &str) -> Result<(), RulesError> {
        let file: RulesFile = rules_file::parse(text)?;
        let mut reader = Reader::new(text);
        self.read(&mut reader, file)?;
        self.check(&reader)
    }

    /// Reads every key `f` sets with `r`, checking each value on its own.
    fn read(&mut self, r: &mut Reader, f: RulesFile) -> Result<(), RulesError> {
        if let Some(v) = &f.name {
            self.name = r.name(v, "name")?;
        }
        if let Some(v) = &f.round_limit {
            self.round_limit = r.int(v, "round_limit", &(1..=i64::from(MAX_ROUND_LIMIT)))? as u32;
        }
        if let Some(list) = &f.colours {
            self.colours = r.colours(list, MAX_SEATS)?;
        }
        if let Some(list) = &f.tiles_removed {
            let counts = r.per_players(list, "tiles_removed", MIN_PLAYERS..=MAX_SEATS, "counts")?;
            for (players, v) in counts {
                let key = count_key("tiles_removed", MIN_PLAYERS, players, None);
                self.tiles_removed[players] = r.int(v, &key, &(0..=MAX_TILES as i64))? as u8;
            }
        }
        if let Some(track) = &f.track {
            if let Some(list) = &track.bank_a {
                self.bank_a = icons(r, list, "track.bank_a")?;
                r.at("track", list.span());
            }
            if let Some(list) = &track.bank_b {
                self.bank_b = icons(r, list, "track.bank_b")?;
                r.at("track", list.span());
            }
            if let Some(river) = &track.river {
                if let Some(v) = &river.slots {
                    self.slots = r.int(v, "track.river.slots", &(0..=MAX_SLOTS as i64))? as usize;
                    if self.slots == 0 {
                        return Err(r.err("track.river.slots", "a river needs at least 1 slot"));
                    }
                }
                if let Some(v) = &river.slot_length {
                    let range = 1..=MAX_SLOT_LEN as i64;
                    self.slot_len = r.int(v, "track.river.slot_length", &range)? as usize;
                }
            }
        }
        if let Some(list) = &f.tiles {
            r.at("tiles", list.span());
            if list.get_ref().len() > MAX_TILE_KINDS {
                return Err(r.err("tiles", format!("at most {MAX_TILE_KINDS} tile kinds")));
            }
            self.tiles.clear();
            for (k, tile) in list.get_ref().iter().enumerate() {
                let t = tile.get_ref();
                let key = format!("tiles[{k}].copies");
                let copies = r.int(&t.copies, &key, &(1..=MAX_TILES as i64))? as usize;
                let faces = icons(r, &t.faces, &format!("tiles[{k}].faces"))?;
                self.tiles.push((copies, faces));
            }
        }
        if let Some(s) = f.scoring {
            let rows = [s.race_1, s.race_2, s.race_3, s.race_4, s.race_5];
            for (race, row) in rows.iter().enumerate() {
                if let Some(row) = row {
                    self.points[race] = scoring_row(r, row, race)?;
                }
            }
        }
        Ok(())
    }

    /// Checks what no single value shows: the track's length, every tile's faces against
    /// the slot length, a tile set that fills the river, and removals that leave enough.
    fn check(&self, r: &Reader) -> Result<(), RulesError> {
        let track_len = self.bank_a.len() + self.slots * self.slot_len + self.bank_b.len();
        if !(MIN_TRACK..=MAX_TRACK).contains(&track_len) {
            return Err(r.err(
                "track",
                format!(
                    "the track has {track_len} spaces (bank_a + slots x slot_length + bank_b); \
                     allowed {MIN_TRACK}..={MAX_TRACK}"
                ),
            ));
        }
        for (k, (_, faces)) in self.tiles.iter().enumerate() {
            if faces.len() != self.slot_len {
                return Err(r.err(
                    &format!("tiles[{k}].faces"),
                    format!(
                        "a tile has {} faces but a river slot is {} spaces long",
                        faces.len(),
                        self.slot_len
                    ),
                ));
            }
        }
        let tiles: usize = self.tiles.iter().map(|(copies, _)| copies).sum();
        if tiles > MAX_TILES {
            return Err(r.err(
                "tiles",
                format!("the tile set holds {tiles} tiles, more than {MAX_TILES}"),
            ));
        }
        if tiles < self.slots {
            return Err(r.err(
                "tiles",
                format!(
                    "{} cannot fill a river of {}",
                    floe_io::count(tiles, "tile"),
                    floe_io::count(self.slots, "slot")
                ),
            ));
        }
        let most = tiles - self.slots;
        for players in MIN_PLAYERS..=MAX_SEATS {
            let removed = usize::from(self.tiles_removed[players]);
            if removed > most {
                return Err(r.err(
                    &count_key("tiles_removed", MIN_PLAYERS, players, None),
                    format!(
                        "removing {removed} of {} leaves too few to fill the river's {} (at \
                         most {most})",
                        floe_io::count(tiles, "tile"),
                        floe_io::count(self.slots, "slot")
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The engine's rules: these parts and the tables derived from them.
    fn rules(self) -> Rules {
        let river_start = self.bank_a.len();
        let river_len = self.slots * self.slot_len;
        let track_len = river_start + river_len + self.bank_b.len();
        let mut fixed_icons = [Icon::Blank; MAX_TRACK];
        fixed_icons[..river_start].copy_from_slice(&self.bank_a);
        fixed_icons[river_start + river_len..track_len].copy_from_slice(&self.bank_b);
        let mut space_slot = [NOT_RIVER; MAX_TRACK];
        for (i, slot) in space_slot[river_start..river_start + river_len]
            .iter_mut()
            .enumerate()
        {
            *slot = (i / self.slot_len) as u8;
        }
        let mut tile_kinds = ArrayVec::new();
        let mut tile_set = ArrayVec::new();
        for (k, (copies, faces)) in self.tiles.iter().enumerate() {
            let mut kind = [Icon::Blank; MAX_SLOT_LEN];
            kind[..faces.len()].copy_from_slice(faces);
            tile_kinds.push(kind);
            tile_set.extend(std::iter::repeat_n(k as u8, *copies));
        }
        Rules {
            name: self.name,
            round_limit: self.round_limit,
            colours: self.colours,
            tiles_removed: self.tiles_removed,
            track_len,
            fixed_icons,
            river_start,
            slots: self.slots,
            slot_len: self.slot_len,
            tile_kinds,
            space_slot,
            tile_set,
            points: self.points,
        }
    }
}

/// Reads the icons `list` of `key` (`track.bank_a`, `tiles[2].faces`), naming an unknown
/// one with the icons there are.
fn icons(r: &mut Reader, list: &SpannedNames, key: &str) -> Result<Vec<Icon>, RulesError> {
    r.at(key, list.span());
    let mut out = Vec::with_capacity(list.get_ref().len());
    for (i, v) in list.get_ref().iter().enumerate() {
        let item = format!("{key}[{i}]");
        r.at(&item, v.span());
        let icon = Icon::parse(v.get_ref()).ok_or_else(|| {
            r.err(
                &item,
                format!(
                    "unknown icon {}; known icons: {}",
                    floe_io::gate::quoted(v.get_ref()),
                    Icon::NAMES.join(", ")
                ),
            )
        })?;
        out.push(icon);
    }
    Ok(out)
}

/// Reads the scoring row `row` of race `race` (0-based): 1 to [`MAX_PLACES`] points.
fn scoring_row(
    r: &mut Reader,
    row: &SpannedInts,
    race: usize,
) -> Result<ArrayVec<u8, MAX_PLACES>, RulesError> {
    let key = format!("scoring.race_{}", race + 1);
    r.at(&key, row.span());
    if row.get_ref().is_empty() || row.get_ref().len() > MAX_PLACES {
        return Err(r.err(&key, format!("needs 1 to {MAX_PLACES} values")));
    }
    let mut points = ArrayVec::new();
    for (i, v) in row.get_ref().iter().enumerate() {
        points.push(r.int(v, &format!("{key}[{i}]"), &(0..=255))? as u8);
    }
    Ok(points)
}

impl floe_core::RulesFile for Rules {
    fn builtin() -> Rules {
        Rules::classic()
    }

    fn read(text: &str, default_name: Option<&str>) -> Result<Rules, RulesError> {
        let mut parts = Parts::classic();
        if let Some(name) = default_name {
            parts.name = name.to_string();
        }
        parts.load(text)
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
