//! The checks of whole rules: what no single value shows.

use super::*;

impl Rules {
    /// Checks what no single value shows: the map ([`Map::check`]), the seats' sides, the
    /// deck rows and the deal, the Ice Mask table and the setup of the discs, the team
    /// boards and their assignment (see the module documentation's *Bounds*). The loader
    /// runs it on every file and the parameters on every value they set.
    ///
    /// # Errors
    /// Names the keys involved and says what is wrong.
    pub(crate) fn check(&self) -> Result<(), Problem> {
        self.map.check().map_err(|p| {
            // `map.base_camp.S` is named at its own line, else at that of `map.base_camp`,
            // else at that of `map`.
            let mut keys = vec![format!("map.{}", p.key)];
            if let Some((table, _)) = p.key.split_once('.') {
                keys.push(format!("map.{table}"));
            }
            keys.push("map".into());
            Problem {
                keys,
                message: p.message,
                precise: true,
            }
        })?;
        self.check_sides()?;
        self.check_deck()?;
        self.check_masks()?;
        self.check_boards()?;
        if let HazardDirection::Fixed(q) = self.storm_hazard_direction
            && !(1..=3).contains(&q)
        {
            return Err(Problem::new(
                &["storm_hazard_direction"],
                format!("a Storm disc turns the board 1 to 3 quarters, not {q}"),
            ));
        }
        Ok(())
    }

    fn check_sides(&self) -> Result<(), Problem> {
        for players in MIN_PLAYERS..=MAX_PLAYERS {
            let sides = &self.sides[players - MIN_PLAYERS][..players];
            for (i, &s) in sides.iter().enumerate() {
                let key = count_key("sides", players, Some(i));
                let whole = count_key("sides", players, None);
                if usize::from(s) >= SIDE_NAMES.len() {
                    return Err(Problem::new(
                        &[&key, &whole, "sides"],
                        format!("side {s} is not a table side 0 to 3"),
                    ));
                }
                if sides[..i].contains(&s) {
                    return Err(Problem::new(
                        &[&key, &whole, "sides"],
                        format!(
                            "side {} is listed twice (one seat per side)",
                            SIDE_NAMES[usize::from(s)]
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    fn check_deck(&self) -> Result<(), Problem> {
        for (i, row) in self.deck.iter().enumerate() {
            let row_key = format!("deck[{i}]");
            let key = |field: &str| format!("{row_key}.{field}");
            let modes: &[Mode] = match row.movement {
                Movement::March | Movement::Swoop | Movement::Gallop | Movement::Dash => {
                    &[Mode::A, Mode::B]
                }
                Movement::Sling => &[Mode::C],
                Movement::Pinch => &[Mode::None],
            };
            if !modes.contains(&row.mode) {
                let allowed: Vec<&str> = modes.iter().map(|m| m.name()).collect();
                return Err(Problem::new(
                    &[&key("mode"), &row_key, "deck"],
                    format!(
                        "a {} has mode {}, not {}",
                        row.movement.name(),
                        allowed.join(" or "),
                        row.mode.name()
                    ),
                ));
            }
            if row.movement == Movement::Pinch && row.points != 0 {
                return Err(Problem::new(
                    &[&key("points"), &row_key, "deck"],
                    format!(
                        "a Pinch has no points (it plays another card), not {}",
                        row.points
                    ),
                ));
            }
        }
        let cards: usize = self
            .deck
            .iter()
            .flat_map(|r| r.counts)
            .map(usize::from)
            .sum();
        if !(1..=MAX_CARDS).contains(&cards) {
            return Err(Problem::new(
                &["deck"],
                format!("holds {cards} cards; a deck holds 1 to {MAX_CARDS}"),
            ));
        }
        let dealt = SIDE_NAMES.len() * usize::from(self.hand_size);
        if cards < dealt {
            return Err(Problem::new(
                &["deck", "hand_size"],
                format!(
                    "the deck of {cards} cards is too small for setup: dealing {} cards to \
                     each of the 4 sides takes {dealt}",
                    self.hand_size
                ),
            ));
        }
        Ok(())
    }

    fn check_masks(&self) -> Result<(), Problem> {
        let masks = &self.masks;
        for disc in DISCS {
            let c = masks.counts[disc.index()];
            let table = format!("masks.{disc}");
            let key = |colour: &str| format!("{table}.{colour}");
            let (colour, n, what) = if disc.is_hazard() {
                match (c.brown, c.green) {
                    (0, 0) => continue,
                    (0, n) => ("green", n, "hazards are blue discs only"),
                    (n, _) => ("brown", n, "hazards are blue discs only"),
                }
            } else if c.blue > 0 {
                ("blue", c.blue, "equipment is brown or green, never blue")
            } else {
                continue;
            };
            return Err(Problem::new(
                &[&key(colour), &table, "masks"],
                format!("{n} {colour} {disc} discs: {what}"),
            ));
        }
        let total = masks.total();
        if total > MAX_DISCS {
            return Err(Problem::new(
                &["masks"],
                format!("holds {total} discs with the blanks; at most {MAX_DISCS}"),
            ));
        }
        let packs = masks.counts[Disc::Backpack.index()];
        let all_packs = usize::from(packs.brown) + usize::from(packs.green);
        if all_packs > MAX_PACKS {
            return Err(Problem::new(
                &[
                    "masks.Backpack.green",
                    "masks.Backpack.brown",
                    "masks.Backpack",
                    "masks",
                ],
                format!(
                    "{all_packs} Backpacks (brown and green); at most {MAX_PACKS}, the full \
                     Backpacks one player can hold"
                ),
            ));
        }
        let corners = self.map.corners.count_ones() as usize;
        let scoreboard = usize::from(self.scoreboard_mask);
        let greens_key: Vec<String> = DISCS.iter().map(|d| format!("masks.{d}.green")).collect();
        let mut keys: Vec<&str> = greens_key.iter().map(String::as_str).collect();
        keys.extend(["masks", "map.corners", "map", "scoreboard_mask"]);
        let placed = corners + scoreboard;
        let green = masks.green();
        let scoreboard_note = if self.scoreboard_mask {
            " and the scoreboard"
        } else {
            ""
        };
        if green < placed {
            return Err(Problem::new(
                &keys,
                format!(
                    "the disc tables are too small for setup: {green} green discs cannot \
                     cover the {corners} corners{scoreboard_note} ({placed} are needed)"
                ),
            ));
        }
        let left = green - placed + masks.blue();
        if left < usize::from(self.stack_size) {
            keys.insert(0, "stack_size");
            return Err(Problem::new(
                &keys,
                format!(
                    "the disc tables are too small for setup: after the {corners} \
                     corners{scoreboard_note}, {left} green and blue discs are left for a \
                     stack of {}",
                    self.stack_size
                ),
            ));
        }
        Ok(())
    }

    fn check_boards(&self) -> Result<(), Problem> {
        let boards = self.team_boards.len();
        if !(MIN_BOARDS..=MAX_BOARDS).contains(&boards) {
            return Err(Problem::new(
                &["team_boards"],
                format!(
                    "has {boards} boards; {MIN_BOARDS} to {MAX_BOARDS} (random assignment \
                     deals one to each of up to {MAX_PLAYERS} seats)"
                ),
            ));
        }
        for (i, board) in self.team_boards.iter().enumerate() {
            for (j, disc) in board.iter().enumerate() {
                if disc.is_hazard() {
                    return Err(Problem::new(
                        &[
                            &format!("team_boards[{i}][{j}]"),
                            &format!("team_boards[{i}]"),
                            "team_boards",
                        ],
                        format!("{disc} is a hazard: a team board holds equipment"),
                    ));
                }
            }
        }
        for disc in DISCS {
            let needed: usize = self
                .team_boards
                .iter()
                .map(|b| b.iter().filter(|&&d| d == disc).count())
                .sum();
            let brown = usize::from(self.masks.counts[disc.index()].brown);
            if needed > brown {
                return Err(Problem::new(
                    &[
                        "team_boards",
                        &format!("masks.{disc}.brown"),
                        &format!("masks.{disc}"),
                        "masks",
                    ],
                    format!(
                        "the {boards} team boards hold {needed} {disc} discs, but the Ice Mask \
                         table has {brown} brown ones: every board must be coverable at once"
                    ),
                ));
            }
        }
        if let TeamAssignment::Fixed(fixed) = &self.team_assignment {
            for (seat, &b) in fixed.iter().enumerate() {
                let item = format!("team_assignment[{seat}]");
                let keys = [item.as_str(), "team_assignment", "team_boards"];
                if usize::from(b) >= boards {
                    return Err(Problem::new(
                        &keys,
                        format!(
                            "seat {seat} gets board {}, but there are {boards} team boards",
                            u16::from(b) + 1
                        ),
                    ));
                }
                if fixed[..seat].contains(&b) {
                    return Err(Problem::new(
                        &keys,
                        format!(
                            "board {} is given twice (one board per seat)",
                            u16::from(b) + 1
                        ),
                    ));
                }
            }
        }
        Ok(())
    }
}
