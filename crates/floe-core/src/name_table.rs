//! Values that rules files name: one table per kind gives the value of a name, the name of
//! a value, and the names an error or a parameter's kind lists, so none is spelled twice.

/// The values of one kind, each with the name a rules file writes for it.
#[derive(Debug)]
pub struct NameTable<T: 'static> {
    entries: &'static [(&'static str, T)],
}

impl<T: Copy + PartialEq + 'static> NameTable<T> {
    /// The table of `entries`, each a name and its value.
    pub const fn new(entries: &'static [(&'static str, T)]) -> NameTable<T> {
        NameTable { entries }
    }

    /// Every name, in the table's order.
    pub fn names(&self) -> Vec<&'static str> {
        self.entries.iter().map(|(n, _)| *n).collect()
    }

    /// The value named `name`, if any.
    pub fn value(&self, name: &str) -> Option<T> {
        self.entries
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| *v)
    }

    /// The name of `value`.
    ///
    /// # Panics
    /// If `value` has no name: the table is meant to name every value the rules store.
    pub fn name(&self, value: T) -> &'static str {
        self.entries
            .iter()
            .find(|(_, v)| *v == value)
            .map(|(n, _)| *n)
            .expect("every value the rules store is named in its table")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_names_values_both_ways() {
        const TABLE: NameTable<u8> = NameTable::new(&[("one", 1), ("two", 2)]);
        assert_eq!(TABLE.names(), ["one", "two"]);
        assert_eq!((TABLE.value("two"), TABLE.value("three")), (Some(2), None));
        assert_eq!(TABLE.name(1), "one");
    }
}
