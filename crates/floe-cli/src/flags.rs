//! How the CLI words a setting in a message: as the flag that gives it.

use floe_lab::{Setting, Wording};

/// Settings as flags: `--bots "x": ...`, `choose another --out`.
pub struct Flags;

impl Wording for Flags {
    fn mention(&self, setting: Setting) -> String {
        format!("--{}", setting.name())
    }

    fn head(&self, setting: Setting, value: Option<&str>) -> String {
        match value {
            None => self.mention(setting),
            Some(v) => format!("--{} {}", setting.name(), floe_io::gate::line(v)),
        }
    }
}
