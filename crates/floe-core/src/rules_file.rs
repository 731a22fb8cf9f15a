//! What every game's rules-file loader shares: the error that names a line and a key, the
//! [`Reader`] that remembers where each key it read lies, and the [`Problem`] a game's
//! checks of whole rules report.
//!
//! A loader parses the file ([`parse`]) into its own table of optional keys, each value
//! [`Spanned`] with its place in the text, reads every key the file sets into the game's
//! rules with a [`Reader`] (which checks each value on its own and notes its place), then
//! runs the game's checks of the whole rules and names the key to blame
//! ([`Reader::blame`]). A key the file leaves out keeps the default value of the game's
//! rules page, so a problem with it has no line and says so.

use std::collections::HashMap;
use std::ops::{Range, RangeInclusive};

use serde::de::DeserializeOwned;
pub use toml::Spanned;

use crate::NameTable;
use crate::game::MAX_COLOURS;
use crate::text::{line_of, out_of_range};

/// A list of whole numbers as written, with the place of the list and of each item.
pub type SpannedInts = Spanned<Vec<Spanned<i64>>>;
/// A list of strings as written, with the place of the list and of each item.
pub type SpannedNames = Spanned<Vec<Spanned<String>>>;
/// The entries of a per-player-count key, each with its player count.
pub type PerPlayers<'v, T> = Vec<(usize, &'v T)>;

/// A problem in a rules file (or a parameter value): where in it, and what is wrong. The
/// caller names the file, as it knows how the user named it (`--rules FILE`, or the
/// experiment spec that points at it).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}{key}: {message}", line.map(|l| format!("line {l}: ")).unwrap_or_default())]
pub struct RulesError {
    /// 1-based line of the offending value; `None` when the value is the default for a key
    /// the file leaves out (the message then says so), or was set as a parameter, not read
    /// from a file.
    pub line: Option<usize>,
    /// The key, as a path like `round_limit`, `colours[2]`, `table.key`, `rows[3].field`
    /// or `limits[1] (3 players)` (see [`count_key`]); `(file)` for a problem with the file
    /// as a whole (syntax, an unknown key, a value of the wrong type).
    pub key: String,
    /// What is wrong with it.
    pub message: String,
}

/// Rules that break an assumption of the engine or the page: the keys involved, the one
/// to blame first, and why (a game's `Rules::check`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The keys whose values together break the rule, most likely culprit first (a key
    /// and then the tables holding it).
    pub keys: Vec<String>,
    /// What is wrong.
    pub message: String,
    /// Whether the error always names the first key, the others (the tables holding it)
    /// only lending their line when the file does not set the first key itself.
    pub precise: bool,
}

impl Problem {
    /// Returns the problem `message` with `keys`, blamed on the first of them that the file
    /// sets.
    pub fn new(keys: &[&str], message: String) -> Problem {
        Problem {
            keys: keys.iter().map(|k| (*k).to_string()).collect(),
            message,
            precise: false,
        }
    }
}

/// Parses the rules file `text` into `T` (a game's table of keys).
///
/// # Errors
/// A TOML syntax error, an unknown key or a value of the wrong type: a problem with the
/// file, at the line where the parser found it, named by the key on that line (a wrong
/// type, a duplicate key), else `(file)` (a syntax error, an unknown or missing key).
pub fn parse<T: DeserializeOwned>(text: &str) -> Result<T, RulesError> {
    toml::from_str(text).map_err(|e| RulesError {
        line: e.span().map(|s| line_of(text, s.start)),
        key: e
            .span()
            .filter(|_| {
                !e.message().contains("unknown field") && !e.message().contains("missing field")
            })
            .and_then(|s| crate::text::key_at(text, s.start))
            .unwrap_or_else(|| "(file)".into()),
        message: e.message().trim().to_string(),
    })
}

/// Returns the key of the entry for `players` of the per-player-count key `key`, whose
/// first entry is for `fewest` players, or of that entry's item `item`:
/// `limits[2] (4 players)`, `lists[2][0] (4 players)`.
pub fn count_key(key: &str, fewest: usize, players: usize, item: Option<usize>) -> String {
    let item = item.map(|j| format!("[{j}]")).unwrap_or_default();
    format!("{key}[{}]{item} ({players} players)", players - fewest)
}

/// Reads a parsed file into rules, remembering where each key it read lies.
#[derive(Debug)]
pub struct Reader<'a> {
    text: &'a str,
    /// The span of every key read from the file, by key path.
    spans: HashMap<String, Range<usize>>,
}

impl<'a> Reader<'a> {
    /// Returns a reader of the rules file `text` that has read no key yet.
    pub fn new(text: &'a str) -> Reader<'a> {
        Reader {
            text,
            spans: HashMap::new(),
        }
    }

    /// Returns the error `message` about `key`, at the line of its value. A key the file
    /// does not set holds the page's default: the error then has no line and says so.
    pub fn err(&self, key: &str, message: impl Into<String>) -> RulesError {
        let mut message = message.into();
        let line = match self.spans.get(key) {
            Some(span) => Some(line_of(self.text, span.start)),
            None => {
                let top = key.split(['[', '.', ' ']).next().unwrap_or(key);
                message += &format!(
                    " (this is the page's default, used because the file does not set `{top}`)"
                );
                None
            }
        };
        RulesError {
            line,
            key: key.to_string(),
            message,
        }
    }

    /// Returns the error for `problem`, naming the first of its keys that the file sets
    /// (or the first key, as a default, when it sets none). A precise problem always names
    /// its first key, at the line of the first of its keys that the file sets.
    pub fn blame(&self, problem: &Problem) -> RulesError {
        let first = &problem.keys[0];
        let set = problem.keys.iter().find(|k| self.spans.contains_key(*k));
        let mut e = self.err(set.unwrap_or(first), problem.message.clone());
        if problem.precise {
            e.key.clone_from(first);
        }
        e
    }

    /// Notes where `key` lies.
    pub fn at(&mut self, key: &str, span: Range<usize>) {
        self.spans.insert(key.to_string(), span);
    }

    /// Reads the whole number `v` of `key`, which must lie in `range`.
    ///
    /// # Errors
    /// Says that the number is out of range.
    pub fn int(
        &mut self,
        v: &Spanned<i64>,
        key: &str,
        range: &RangeInclusive<i64>,
    ) -> Result<i64, RulesError> {
        self.at(key, v.span());
        let x = *v.get_ref();
        if range.contains(&x) {
            Ok(x)
        } else {
            Err(self.err(key, out_of_range(x, range)))
        }
    }

    /// Reads the list `v` of `key`: exactly `N` whole numbers, each in `range`.
    ///
    /// # Errors
    /// Names the list when it is not `N` long, else the first number out of range.
    pub fn ints<const N: usize>(
        &mut self,
        v: &SpannedInts,
        key: &str,
        range: &RangeInclusive<i64>,
    ) -> Result<[i32; N], RulesError> {
        self.at(key, v.span());
        let items = v.get_ref();
        if items.len() != N {
            return Err(self.err(
                key,
                format!("needs exactly {N} values, found {}", items.len()),
            ));
        }
        let mut out = [0; N];
        for (i, item) in items.iter().enumerate() {
            out[i] = self.int(item, &format!("{key}[{i}]"), range)? as i32;
        }
        Ok(out)
    }

    /// Reads the per-player-count key `key`: `v` must hold one entry for each player count
    /// in `players`, in order (`what` names the entries: `values`, `lists of names`).
    /// Notes where each entry lies, named as [`count_key`] names it, and returns each entry
    /// with its player count.
    ///
    /// # Errors
    /// Names `key` when it holds too few or too many entries.
    pub fn per_players<'v, T>(
        &mut self,
        v: &'v Spanned<Vec<Spanned<T>>>,
        key: &str,
        players: RangeInclusive<usize>,
        what: &str,
    ) -> Result<PerPlayers<'v, Spanned<T>>, RulesError> {
        self.at(key, v.span());
        let (fewest, most) = (*players.start(), *players.end());
        let counts = most - fewest + 1;
        if v.get_ref().len() != counts {
            return Err(self.err(
                key,
                format!(
                    "needs {counts} {what}, for {fewest} to {most} players; found {}",
                    v.get_ref().len()
                ),
            ));
        }
        let entries: PerPlayers<Spanned<T>> = players.zip(v.get_ref()).collect();
        for (n, entry) in &entries {
            self.at(&count_key(key, fewest, *n, None), entry.span());
        }
        Ok(entries)
    }

    /// Reads the per-player-count key `key` whose entries are lists, as
    /// [`Reader::per_players`] does, noting also where each item of each list lies
    /// (`lists[2][0] (4 players)`); returns each list's items with its player count.
    ///
    /// # Errors
    /// As [`Reader::per_players`].
    pub fn per_players_lists<'v, T>(
        &mut self,
        v: &'v Spanned<Vec<Spanned<Vec<Spanned<T>>>>>,
        key: &str,
        players: RangeInclusive<usize>,
        what: &str,
    ) -> Result<PerPlayers<'v, [Spanned<T>]>, RulesError> {
        let fewest = *players.start();
        let entries = self.per_players(v, key, players, what)?;
        let mut lists = Vec::with_capacity(entries.len());
        for (n, list) in entries {
            for (j, item) in list.get_ref().iter().enumerate() {
                self.at(&count_key(key, fewest, n, Some(j)), item.span());
            }
            lists.push((n, list.get_ref().as_slice()));
        }
        Ok(lists)
    }

    /// Reads the name `v` of `key`, one of `names`, with `parse`.
    ///
    /// # Errors
    /// Says that the name is unknown, listing `names`.
    pub fn named<T>(
        &mut self,
        v: &Spanned<String>,
        key: &str,
        names: &[&str],
        parse: impl Fn(&str) -> Option<T>,
    ) -> Result<T, RulesError> {
        self.at(key, v.span());
        parse(v.get_ref().trim()).ok_or_else(|| {
            self.err(
                key,
                format!(
                    "unknown value {}: allowed {}",
                    floe_io::gate::quoted(v.get_ref()),
                    names.join(", ")
                ),
            )
        })
    }

    /// Reads the name `v` of `key`, one of `table`'s.
    ///
    /// # Errors
    /// Says that the name is unknown, listing the table's names.
    pub fn one_of<T: Copy + PartialEq>(
        &mut self,
        v: &Spanned<String>,
        key: &str,
        table: &NameTable<T>,
    ) -> Result<T, RulesError> {
        self.named(v, key, &table.names(), |n| table.value(n))
    }

    /// Reads the switch `v` of `key`.
    pub fn switch(&mut self, v: &Spanned<bool>, key: &str) -> bool {
        self.at(key, v.span());
        *v.get_ref()
    }

    /// Reads the name of rules (or of a table) `v` of `key`, trimmed: it must not be empty.
    ///
    /// # Errors
    /// Says that the name is empty.
    pub fn name(&mut self, v: &Spanned<String>, key: &str) -> Result<String, RulesError> {
        self.at(key, v.span());
        if v.get_ref().trim().is_empty() {
            return Err(self.err(key, "must not be empty"));
        }
        Ok(v.get_ref().trim().to_string())
    }

    /// Reads the `colours` key: cosmetic colours in seat order, trimmed, non-empty and
    /// distinct, from `fewest` (one per seat of the game's largest table) to
    /// [`MAX_COLOURS`].
    ///
    /// # Errors
    /// Names the first empty or repeated colour, else the list when it is too short or too
    /// long.
    pub fn colours(
        &mut self,
        list: &SpannedNames,
        fewest: usize,
    ) -> Result<Vec<String>, RulesError> {
        self.at("colours", list.span());
        let mut colours: Vec<String> = Vec::new();
        for (i, c) in list.get_ref().iter().enumerate() {
            let key = format!("colours[{i}]");
            self.at(&key, c.span());
            let name = c.get_ref().trim();
            if name.is_empty() || colours.iter().any(|k| k == name) {
                return Err(self.err(&key, "colours must be non-empty and distinct"));
            }
            colours.push(name.to_string());
        }
        if !(fewest..=MAX_COLOURS).contains(&colours.len()) {
            return Err(self.err(
                "colours",
                format!(
                    "needs {fewest} to {MAX_COLOURS} colours (one per seat at the largest \
                     table), found {}",
                    colours.len()
                ),
            ));
        }
        Ok(colours)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct File {
        name: Option<Spanned<String>>,
        limit: Option<Spanned<i64>>,
        colours: Option<SpannedNames>,
    }

    #[test]
    fn errors_name_the_line_and_key_of_the_value() {
        let text = "name = \"x\"\n\nlimit = 7\ncolours = [\"a\", \"b\",\n\"a\"]\n";
        let f: File = parse(text).unwrap();
        let mut r = Reader::new(text);
        assert_eq!(r.name(f.name.as_ref().unwrap(), "name"), Ok("x".into()));
        let e = r
            .int(f.limit.as_ref().unwrap(), "limit", &(1..=5))
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 3: limit: 7 is out of range: allowed 1..=5"
        );
        let e = r.colours(f.colours.as_ref().unwrap(), 2).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 5: colours[2]: colours must be non-empty and distinct"
        );
        let e = parse::<File>("name = \"x\"\nlimit = \"3\"\n")
            .err()
            .unwrap();
        assert_eq!(
            (e.line, e.key.as_str()),
            (Some(2), "limit"),
            "a wrong type names its key: {e}"
        );
        let e = parse::<File>("name = \"x\"\nlimits = 3\n").err().unwrap();
        assert_eq!(
            (e.line, e.key.as_str()),
            (Some(2), "(file)"),
            "an unknown key is in the message"
        );
    }

    #[test]
    fn per_player_count_keys_name_their_entries_and_items() {
        #[derive(Deserialize)]
        struct Counts {
            limits: SpannedInts,
            lists: Spanned<Vec<SpannedInts>>,
        }
        let text = "limits = [1, 2]\nlists = [[1], [\n2, 3]]\n";
        let f: Counts = parse(text).unwrap();
        let mut r = Reader::new(text);
        let e = r
            .per_players(&f.limits, "limits", 2..=4, "values")
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1: limits: needs 3 values, for 2 to 4 players; found 2"
        );
        let lists = r
            .per_players_lists(&f.lists, "lists", 3..=4, "lists")
            .unwrap();
        let counts: Vec<usize> = lists.iter().map(|(n, items)| *n + items.len()).collect();
        assert_eq!(counts, [3 + 1, 4 + 2]);
        assert_eq!(count_key("lists", 3, 4, Some(1)), "lists[1][1] (4 players)");
        let e = r.err(&count_key("lists", 3, 4, Some(1)), "odd");
        assert_eq!(e.to_string(), "line 3: lists[1][1] (4 players): odd");
    }

    #[test]
    fn a_problem_is_blamed_on_a_key_the_file_sets_else_on_a_default() {
        let text = "\nlimit = 3\n";
        let f: File = parse(text).unwrap();
        let mut r = Reader::new(text);
        r.int(f.limit.as_ref().unwrap(), "limit", &(1..=5)).unwrap();
        let p = Problem::new(&["cap", "limit"], "too big".into());
        assert_eq!(r.blame(&p).to_string(), "line 2: limit: too big");
        let precise = Problem {
            precise: true,
            ..p.clone()
        };
        assert_eq!(r.blame(&precise).to_string(), "line 2: cap: too big");
        let e = r.blame(&Problem::new(&["cap.top"], "too big".into()));
        assert_eq!(e.line, None);
        assert_eq!(
            e.to_string(),
            "cap.top: too big (this is the page's default, used because the file does not \
             set `cap`)"
        );
    }
}
