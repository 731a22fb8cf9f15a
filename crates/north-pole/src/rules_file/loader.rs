//! Reading a rules file: its shapes as written, and the loader that reads each key it sets.

use floe_io::gate::quoted;

use super::*;

impl Rules {
    /// Parses and checks the rules file `text`; every key it leaves out takes the page's
    /// default, and a file without a `name` is named `standard`.
    ///
    /// # Errors
    /// Returns the first problem found, naming the line and the key: a TOML syntax error,
    /// an unknown key, a value of the wrong type, or a value out of the bounds listed in
    /// the module documentation.
    ///
    /// # Examples
    /// ```
    /// let rules = north_pole::Rules::from_toml("hand_size = 4\nround_limit = 40").unwrap();
    /// assert_eq!((rules.hand_size, rules.round_limit), (4, 40));
    /// let err = north_pole::Rules::from_toml("name = \"x\"\nround_limit = 0").unwrap_err();
    /// assert_eq!(err.to_string(), "line 2: round_limit: 0 is out of range: allowed 1..=1000000");
    /// ```
    pub fn from_toml(text: &str) -> Result<Rules, RulesError> {
        <Rules as floe_core::RulesFile>::read(text, None)
    }
}

/// A rules file as written; every key optional.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesFile {
    name: Option<Spanned<String>>,
    map: Option<Spanned<MapField>>,
    sides: Option<Spanned<Vec<SpannedNames>>>,
    pawns_on_ship: Option<SpannedInts>,
    storm_threshold: Option<SpannedInts>,
    hand_size: Option<Spanned<i64>>,
    equipment_limit: Option<Spanned<i64>>,
    stack_size: Option<Spanned<i64>>,
    deck: Option<Spanned<Vec<Spanned<RowFile>>>>,
    masks: Option<Spanned<MasksFile>>,
    team_boards: Option<Spanned<Vec<SpannedNames>>>,
    team_assignment: Option<Spanned<AssignmentField>>,
    random_start: Option<Spanned<bool>>,
    disc: Option<Spanned<String>>,
    team_play: Option<Spanned<bool>>,
    storm_colour_public: Option<Spanned<bool>>,
    storm_hazard_direction: Option<Spanned<String>>,
    scoreboard_mask: Option<Spanned<String>>,
    round_limit: Option<Spanned<i64>>,
    tie_break: Option<Spanned<String>>,
    colours: Option<SpannedNames>,
}

/// `map`: a built-in map's name, or a table of the map's data.
enum MapField {
    Named(String),
    Table(Box<MapFile>),
}

impl<'de> Deserialize<'de> for MapField {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<MapField, D::Error> {
        struct Either;
        impl<'de> Visitor<'de> for Either {
            type Value = MapField;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map name or a [map] table")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<MapField, E> {
                Ok(MapField::Named(v.to_string()))
            }
            fn visit_map<A: MapAccess<'de>>(self, m: A) -> Result<MapField, A::Error> {
                MapFile::deserialize(MapAccessDeserializer::new(m))
                    .map(|t| MapField::Table(Box::new(t)))
            }
        }
        d.deserialize_any(Either)
    }
}

/// The `[map]` table: the page's data block, every key optional.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MapFile {
    name: Option<Spanned<String>>,
    base_camp: Option<Spanned<CampsFile>>,
    corners: Option<SpannedNames>,
    entries: Option<SpannedNames>,
    windows: Option<SpannedNames>,
    top_cracks: Option<SpannedNames>,
    bottom_cracks: Option<SpannedNames>,
}

/// `map.base_camp`: the base camp squares of each side.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CampsFile {
    #[serde(rename = "S")]
    s: Option<SpannedNames>,
    #[serde(rename = "W")]
    w: Option<SpannedNames>,
    #[serde(rename = "N")]
    n: Option<SpannedNames>,
    #[serde(rename = "E")]
    e: Option<SpannedNames>,
}

/// One row of the action deck table; every key required.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RowFile {
    movement: Spanned<String>,
    mode: Spanned<String>,
    points: Spanned<i64>,
    blue: Spanned<i64>,
    red: Spanned<i64>,
    purple: Spanned<i64>,
}

/// The `[masks]` table: counts per disc type, and the blanks.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MasksFile {
    #[serde(rename = "Husky")]
    husky: Option<Spanned<MaskFile>>,
    #[serde(rename = "Snowshoes")]
    snowshoes: Option<Spanned<MaskFile>>,
    #[serde(rename = "Backpack")]
    backpack: Option<Spanned<MaskFile>>,
    #[serde(rename = "Igloo")]
    igloo: Option<Spanned<MaskFile>>,
    #[serde(rename = "Pickaxe")]
    pickaxe: Option<Spanned<MaskFile>>,
    #[serde(rename = "Compass")]
    compass: Option<Spanned<MaskFile>>,
    #[serde(rename = "Storm")]
    storm: Option<Spanned<MaskFile>>,
    #[serde(rename = "Hole")]
    hole: Option<Spanned<MaskFile>>,
    #[serde(rename = "Bear")]
    bear: Option<Spanned<MaskFile>>,
    blanks: Option<Spanned<i64>>,
}

/// One disc type's counts by colour; each optional.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MaskFile {
    brown: Option<Spanned<i64>>,
    green: Option<Spanned<i64>>,
    blue: Option<Spanned<i64>>,
}

/// `team_assignment`: `"random"`, or a list of board numbers.
enum AssignmentField {
    Named(String),
    Boards(Vec<Spanned<i64>>),
}

impl<'de> Deserialize<'de> for AssignmentField {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<AssignmentField, D::Error> {
        struct Either;
        impl<'de> Visitor<'de> for Either {
            type Value = AssignmentField;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("\"random\" or a list of board numbers")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<AssignmentField, E> {
                Ok(AssignmentField::Named(v.to_string()))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut s: A) -> Result<AssignmentField, A::Error> {
                let mut boards = Vec::new();
                while let Some(b) = s.next_element::<Spanned<i64>>()? {
                    boards.push(b);
                }
                Ok(AssignmentField::Boards(boards))
            }
        }
        d.deserialize_any(Either)
    }
}

/// Reads a parsed file into rules with the shared [`Reader`], which remembers where each
/// key it read lies; the methods here read the keys only North Pole has.
struct Loader<'a>(Reader<'a>);

impl<'a> Deref for Loader<'a> {
    type Target = Reader<'a>;

    fn deref(&self) -> &Reader<'a> {
        &self.0
    }
}

impl DerefMut for Loader<'_> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

impl Loader<'_> {
    /// Reads a per-player-count list of whole numbers: one entry for each count 2 to 4,
    /// each in `range`.
    fn per_count(
        &mut self,
        v: &SpannedInts,
        key: &str,
        range: &RangeInclusive<i64>,
    ) -> Result<[u8; 3], RulesError> {
        let mut out = [0; 3];
        for (players, item) in self.per_players(v, key, MIN_PLAYERS..=MAX_PLAYERS, "values")? {
            let x = self.int(item, &count_key(key, players, None), range)?;
            out[players - MIN_PLAYERS] = x as u8;
        }
        Ok(out)
    }

    /// Reads a list of square names of `key`, none twice.
    fn squares(&mut self, v: &SpannedNames, key: &str) -> Result<Vec<Square>, RulesError> {
        self.at(key, v.span());
        let mut out: Vec<Square> = Vec::new();
        for (i, name) in v.get_ref().iter().enumerate() {
            let item = format!("{key}[{i}]");
            self.at(&item, name.span());
            let text = name.get_ref().trim();
            let sq = parse_square(text).ok_or_else(|| {
                self.err(
                    &item,
                    format!(
                        "{} is not a square: squares are named a1 to h8",
                        quoted(text)
                    ),
                )
            })?;
            if out.contains(&sq) {
                return Err(self.err(
                    &item,
                    format!("{} is listed twice (a square is used once)", Name(sq)),
                ));
            }
            out.push(sq);
        }
        Ok(out)
    }

    /// Reads a list of square names of `key` as a set, none twice.
    fn square_set(&mut self, v: &SpannedNames, key: &str) -> Result<Bits, RulesError> {
        Ok(self.squares(v, key)?.into_iter().fold(0, |a, s| a | bit(s)))
    }

    /// Reads a list of cracks `"d2-d3"` of `key`, each lower square first. Whether they
    /// join neighbours, and appear once, is [`Map::check`]'s business.
    fn cracks(&mut self, v: &SpannedNames, key: &str) -> Result<Vec<(Square, Square)>, RulesError> {
        self.at(key, v.span());
        let mut out = Vec::new();
        for (i, crack) in v.get_ref().iter().enumerate() {
            let item = format!("{key}[{i}]");
            self.at(&item, crack.span());
            let text = crack.get_ref().trim();
            let pair = text
                .split_once('-')
                .and_then(|(a, b)| Some((parse_square(a.trim())?, parse_square(b.trim())?)));
            let Some((a, b)) = pair else {
                return Err(self.err(
                    &item,
                    format!(
                        "{} is not a crack: write the two squares it parts, like \"d2-d3\"",
                        quoted(text)
                    ),
                ));
            };
            out.push((a.min(b), a.max(b)));
        }
        Ok(out)
    }

    /// Reads the `sides` key: one list of side names for each player count.
    fn sides(
        &mut self,
        v: &Spanned<Vec<SpannedNames>>,
        rules: &mut Rules,
    ) -> Result<(), RulesError> {
        let what = "lists of side names";
        for (players, list) in
            self.per_players_lists(v, "sides", MIN_PLAYERS..=MAX_PLAYERS, what)?
        {
            let names: Vec<&str> = list.iter().map(|s| s.get_ref().trim()).collect();
            rules.sides[players - MIN_PLAYERS] = sides_of(players, &names)
                .map_err(|(j, message)| self.err(&count_key("sides", players, j), message))?;
        }
        Ok(())
    }

    /// Reads the `map` key: a built-in map's name or a table over the `classic` map.
    fn map(&mut self, v: Spanned<MapField>, rules: &mut Rules) -> Result<(), RulesError> {
        self.at("map", v.span());
        let table = match v.into_inner() {
            MapField::Named(name) => {
                rules.map = match name.trim() {
                    "classic" => Map::classic(),
                    _ => {
                        return Err(self.err(
                            "map",
                            format!(
                                "unknown map {}: allowed {}, or a [map] table",
                                quoted(&name),
                                MAP_NAMES.join(", ")
                            ),
                        ));
                    }
                };
                return Ok(());
            }
            MapField::Table(table) => table,
        };
        let mut map = Map::classic();
        if let Some(v) = &table.name {
            map.name = self.name(v, "map.name")?;
        }
        if let Some(camps) = table.base_camp {
            self.at("map.base_camp", camps.span());
            let camps = camps.into_inner();
            for (side, list) in [camps.s, camps.w, camps.n, camps.e].into_iter().enumerate() {
                if let Some(list) = list {
                    let key = format!("map.base_camp.{}", SIDE_NAMES[side]);
                    map.base_camps[side] = self.square_set(&list, &key)?;
                }
            }
        }
        if let Some(list) = &table.corners {
            map.corners = self.square_set(list, "map.corners")?;
        }
        if let Some(list) = &table.entries {
            let entries = self.squares(list, "map.entries")?;
            map.entries = entries.as_slice().try_into().map_err(|_| {
                self.err(
                    "map.entries",
                    format!(
                        "needs exactly 4 squares, the entries E0 to E3 clockwise from the \
                         south-west; found {}",
                        entries.len()
                    ),
                )
            })?;
        }
        if let Some(list) = &table.windows {
            map.windows = self.square_set(list, "map.windows")?;
        }
        if let Some(list) = &table.top_cracks {
            map.top_cracks = self.cracks(list, "map.top_cracks")?;
        }
        if let Some(list) = &table.bottom_cracks {
            map.bottom_cracks = self.cracks(list, "map.bottom_cracks")?;
        }
        rules.map = map;
        Ok(())
    }

    /// Reads the `deck` key: the whole table.
    fn deck(
        &mut self,
        v: &Spanned<Vec<Spanned<RowFile>>>,
        rules: &mut Rules,
    ) -> Result<(), RulesError> {
        self.at("deck", v.span());
        let movements: Vec<&str> = MOVEMENTS.iter().map(|m| m.name()).collect();
        let modes = ["A", "B", "C", "-"];
        let mut deck = Vec::new();
        for (i, row) in v.get_ref().iter().enumerate() {
            let key = format!("deck[{i}]");
            self.at(&key, row.span());
            let r = row.get_ref();
            let field = |f: &str| format!("{key}.{f}");
            let movement = self.named(
                &r.movement,
                &field("movement"),
                &movements,
                Movement::from_name,
            )?;
            let mode = self.named(&r.mode, &field("mode"), &modes, Mode::from_name)?;
            let points = self.int(&r.points, &field("points"), &POINTS)? as u8;
            let mut counts = [0; 3];
            for (c, (colour, n)) in [("blue", &r.blue), ("red", &r.red), ("purple", &r.purple)]
                .into_iter()
                .enumerate()
            {
                counts[c] = self.int(n, &field(colour), &CARD_COUNT)? as u8;
            }
            deck.push(DeckRow {
                movement,
                mode,
                points,
                counts,
            });
        }
        rules.deck = deck;
        Ok(())
    }

    /// Reads the `masks` key: counts it leaves out keep the page's values.
    fn masks(&mut self, v: &Spanned<MasksFile>, rules: &mut Rules) -> Result<(), RulesError> {
        self.at("masks", v.span());
        let m = v.get_ref();
        let types = [
            &m.husky,
            &m.snowshoes,
            &m.backpack,
            &m.igloo,
            &m.pickaxe,
            &m.compass,
            &m.storm,
            &m.hole,
            &m.bear,
        ];
        for (disc, counts) in DISCS.into_iter().zip(types) {
            let Some(counts) = counts else { continue };
            let table = format!("masks.{disc}");
            self.at(&table, counts.span());
            let c = counts.get_ref();
            let into = &mut rules.masks.counts[disc.index()];
            for (colour, n, slot) in [
                ("brown", &c.brown, &mut into.brown),
                ("green", &c.green, &mut into.green),
                ("blue", &c.blue, &mut into.blue),
            ] {
                if let Some(n) = n {
                    *slot = self.int(n, &format!("{table}.{colour}"), &DISC_COUNT)? as u8;
                }
            }
        }
        if let Some(n) = &m.blanks {
            rules.masks.blanks = self.int(n, "masks.blanks", &DISC_COUNT)? as u8;
        }
        Ok(())
    }

    /// Reads the `team_boards` key: the whole list.
    fn team_boards(
        &mut self,
        v: &Spanned<Vec<SpannedNames>>,
        rules: &mut Rules,
    ) -> Result<(), RulesError> {
        self.at("team_boards", v.span());
        let names: Vec<&str> = DISCS.iter().map(|d| d.name()).collect();
        let mut boards = Vec::new();
        for (i, board) in v.get_ref().iter().enumerate() {
            let key = format!("team_boards[{i}]");
            self.at(&key, board.span());
            if board.get_ref().len() != BOARD_DISCS {
                return Err(self.err(
                    &key,
                    format!(
                        "a team board holds {BOARD_DISCS} discs, found {}",
                        board.get_ref().len()
                    ),
                ));
            }
            let mut discs = [Disc::Husky; BOARD_DISCS];
            for (j, name) in board.get_ref().iter().enumerate() {
                discs[j] = self.named(name, &format!("{key}[{j}]"), &names, Disc::from_name)?;
            }
            boards.push(discs);
        }
        rules.team_boards = boards;
        Ok(())
    }

    /// Reads the `team_assignment` key.
    fn team_assignment(
        &mut self,
        v: &Spanned<AssignmentField>,
        rules: &mut Rules,
    ) -> Result<(), RulesError> {
        self.at("team_assignment", v.span());
        rules.team_assignment = match v.get_ref() {
            AssignmentField::Named(name) if name.trim() == RANDOM => TeamAssignment::Random,
            AssignmentField::Named(name) => {
                return Err(self.err(
                    "team_assignment",
                    format!(
                        "unknown value {}: allowed \"{RANDOM}\" or a list of \
                         {MAX_PLAYERS} board numbers",
                        quoted(name)
                    ),
                ));
            }
            AssignmentField::Boards(boards) => {
                for (i, b) in boards.iter().enumerate() {
                    self.at(&format!("team_assignment[{i}]"), b.span());
                }
                let numbers: Vec<i64> = boards.iter().map(|b| *b.get_ref()).collect();
                assignment_of(&numbers).map_err(|(i, message)| {
                    let key = i.map_or("team_assignment".into(), |i| {
                        format!("team_assignment[{i}]")
                    });
                    self.err(&key, message)
                })?
            }
        };
        Ok(())
    }

    /// Reads every key `f` sets into `rules`, checking each value on its own.
    fn read(&mut self, f: RulesFile, rules: &mut Rules) -> Result<(), RulesError> {
        if let Some(v) = &f.name {
            rules.name = self.name(v, "name")?;
        }
        if let Some(v) = f.map {
            self.map(v, rules)?;
        }
        if let Some(v) = &f.sides {
            self.sides(v, rules)?;
        }
        if let Some(v) = &f.pawns_on_ship {
            rules.pawns_on_ship = self.per_count(v, "pawns_on_ship", &PAWNS_ON_SHIP)?;
        }
        if let Some(v) = &f.storm_threshold {
            rules.storm_threshold = self.per_count(v, "storm_threshold", &STORM_THRESHOLD)?;
        }
        if let Some(v) = &f.hand_size {
            rules.hand_size = self.int(v, "hand_size", &HAND_SIZE)? as u8;
        }
        if let Some(v) = &f.equipment_limit {
            rules.equipment_limit = self.int(v, "equipment_limit", &EQUIPMENT_LIMIT)? as u8;
        }
        if let Some(v) = &f.stack_size {
            rules.stack_size = self.int(v, "stack_size", &STACK_SIZE)? as u8;
        }
        if let Some(v) = &f.deck {
            self.deck(v, rules)?;
        }
        if let Some(v) = &f.masks {
            self.masks(v, rules)?;
        }
        if let Some(v) = &f.team_boards {
            self.team_boards(v, rules)?;
        }
        if let Some(v) = &f.team_assignment {
            self.team_assignment(v, rules)?;
        }
        if let Some(v) = &f.random_start {
            rules.random_start = self.switch(v, "random_start");
        }
        if let Some(v) = &f.disc {
            rules.disc = self.one_of(v, "disc", &DISC_KINDS)?;
        }
        if let Some(v) = &f.team_play {
            rules.team_play = self.switch(v, "team_play");
        }
        if let Some(v) = &f.storm_colour_public {
            rules.storm_colour_public = self.switch(v, "storm_colour_public");
        }
        if let Some(v) = &f.storm_hazard_direction {
            rules.storm_hazard_direction =
                self.one_of(v, "storm_hazard_direction", &HAZARD_DIRECTIONS)?;
        }
        if let Some(v) = &f.scoreboard_mask {
            rules.scoreboard_mask = self.one_of(v, "scoreboard_mask", &SCOREBOARD_MASKS)?;
        }
        if let Some(v) = &f.round_limit {
            rules.round_limit = self.int(v, "round_limit", &ROUND_LIMIT)? as u32;
        }
        if let Some(v) = &f.tie_break {
            rules.tie_break = self.one_of(v, "tie_break", &TIE_BREAKS)?;
        }
        if let Some(list) = &f.colours {
            rules.colours = self.colours(list, MAX_PLAYERS)?;
        }
        Ok(())
    }
}
impl floe_core::RulesFile for Rules {
    fn builtin() -> Rules {
        Rules::standard()
    }

    fn read(text: &str, default_name: Option<&str>) -> Result<Rules, RulesError> {
        let parsed: RulesFile = rules_file::parse(text)?;
        let mut loader = Loader(Reader::new(text));
        let mut rules = Rules::standard();
        if let Some(name) = default_name {
            rules.name = name.to_string();
        }
        loader.read(parsed, &mut rules)?;
        rules.check().map_err(|p| loader.blame(&p))?;
        rules.derive();
        Ok(rules)
    }
}
