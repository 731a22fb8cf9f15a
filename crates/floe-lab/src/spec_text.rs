//! Where a spec's errors point: its file, the line of a value and its key, shared by
//! every reader of a spec's parts (its header and line-ups, its questions, a tune's
//! settings).

use std::path::Path;

use anyhow::{Result, anyhow};
use floe_bots::{Registry, split_spec_list};
use floe_core::line_of;
use floe_io::gate::quoted;
use toml::Spanned;

/// An error at a line of the spec file, naming the key.
pub fn at(path: &Path, line: usize, key: &str, message: impl std::fmt::Display) -> anyhow::Error {
    anyhow!("{}: line {line}: {key}: {message}", path.display())
}

/// A spec's file and text, for errors that name the file, the line of a value and its key,
/// and the bots its bot lists may name.
pub struct SpecText<'a> {
    /// The spec's path.
    pub path: &'a Path,
    /// Its text.
    pub text: &'a str,
    /// The bots besides the built-in ones.
    pub registry: &'a Registry,
}

impl SpecText<'_> {
    /// The line of the value at `span`.
    pub fn line(&self, span: std::ops::Range<usize>) -> usize {
        line_of(self.text, span.start)
    }

    /// An error about the value at `span` of `key`.
    pub fn err(
        &self,
        span: std::ops::Range<usize>,
        key: &str,
        message: impl std::fmt::Display,
    ) -> anyhow::Error {
        at(self.path, self.line(span), key, message)
    }

    /// Checks that every bot spec of the list `v` at `key` parses.
    pub fn bot_specs(&self, v: &Spanned<String>, key: &str) -> Result<()> {
        for (j, spec) in split_spec_list(v.get_ref()).iter().enumerate() {
            self.registry.parse(spec).map_err(|e| {
                let why = format!("spec {} ({}): {e}", j + 1, quoted(spec));
                self.err(v.span(), key, why)
            })?;
        }
        Ok(())
    }

    /// Reads the whole number `v` of `key`, which must be at least 1.
    pub fn positive(&self, v: &Spanned<i64>, key: &str) -> Result<u64> {
        u64::try_from(*v.get_ref())
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| self.err(v.span(), key, "must be at least 1"))
    }
}
