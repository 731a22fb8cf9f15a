//! Messages for people (errors and notes) that name a run's settings, and their wording by
//! a front end.
//!
//! The lab never words a setting itself: a message holds the [`Setting`], and [`crate::say`]
//! words it as the front end's [`Wording`] does (the CLI's as a flag, Python's as a
//! keyword argument), so one message serves both with no rewriting of text.

use std::error::Error;
use std::fmt;

use floe_sim::{Names, Setting, Wording};

/// Text that may name settings; [`Message::say`] words them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Message(Vec<Part>);

#[derive(Clone, Debug, PartialEq, Eq)]
enum Part {
    Text(String),
    /// A setting named in a sentence: `choose another --out`.
    Mention(Setting),
    /// A setting and the value given, heading what is said about them: `--games 0`.
    Head(Setting, Option<String>),
}

impl Message {
    /// Adds `text` (nothing, if it is empty).
    #[must_use]
    pub fn then(mut self, text: impl Into<String>) -> Message {
        let text = text.into();
        if !text.is_empty() {
            self.0.push(Part::Text(text));
        }
        self
    }

    /// Adds `setting`, named in a sentence (`--out`, `out=`).
    #[must_use]
    pub fn mention(mut self, setting: Setting) -> Message {
        self.0.push(Part::Mention(setting));
        self
    }

    /// Adds `setting` with the `value` given (written as it should read), as a message about
    /// it begins: `--bots "x"`, `bots="x"`.
    #[must_use]
    pub fn head(mut self, setting: Setting, value: Option<String>) -> Message {
        self.0.push(Part::Head(setting, value));
        self
    }

    /// Whether the message says nothing.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The message with its settings worded by `wording`.
    pub fn say(&self, wording: &dyn Wording) -> String {
        self.0
            .iter()
            .map(|part| match part {
                Part::Text(text) => text.clone(),
                Part::Mention(setting) => wording.mention(*setting),
                Part::Head(setting, value) => wording.head(*setting, value.as_deref()),
            })
            .collect()
    }
}

impl From<String> for Message {
    fn from(text: String) -> Message {
        Message::default().then(text)
    }
}

impl From<&str> for Message {
    fn from(text: &str) -> Message {
        Message::default().then(text)
    }
}

impl fmt::Display for Message {
    /// The message with settings named by their bare names; front ends use [`Message::say`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(&Names))
    }
}

/// A setting whose value is refused, saying why (in the message, the cause, or both).
#[derive(Debug)]
pub struct SettingError {
    /// The setting.
    pub setting: Setting,
    /// The value as given, written as the message should show it (quoted where it is
    /// text), when the message needs it.
    pub value: Option<String>,
    /// What is wrong with it.
    pub message: Message,
    /// What went wrong underneath, shown after the message.
    cause: Option<anyhow::Error>,
}

impl SettingError {
    /// `setting` refused for `message`.
    pub fn new(setting: Setting, message: impl Into<Message>) -> SettingError {
        SettingError {
            setting,
            value: None,
            message: message.into(),
            cause: None,
        }
    }

    /// `setting`, given `value` (written as it should read), refused because of `cause`.
    pub fn caused(
        setting: Setting,
        value: impl fmt::Display,
        cause: impl Into<anyhow::Error>,
    ) -> SettingError {
        SettingError::new(setting, Message::default())
            .value(value)
            .because(cause)
    }

    /// The same, with `cause` shown after the message.
    #[must_use]
    pub fn because(mut self, cause: impl Into<anyhow::Error>) -> SettingError {
        self.cause = Some(cause.into());
        self
    }

    /// The same, showing `value` as given (written as it should read: `0`, a path).
    #[must_use]
    pub fn value(mut self, value: impl fmt::Display) -> SettingError {
        self.value = Some(value.to_string());
        self
    }

    /// The same, showing `value` as quoted text (`"random,x"`).
    #[must_use]
    pub fn quoted(self, value: &str) -> SettingError {
        self.value(floe_io::gate::quoted(value))
    }

    /// The error without its cause, the setting worded by `wording`.
    pub fn say(&self, wording: &dyn Wording) -> String {
        let head = wording.head(self.setting, self.value.as_deref());
        match self.message.is_empty() {
            true => head,
            false => format!("{head}: {}", self.message.say(wording)),
        }
    }
}

impl fmt::Display for SettingError {
    /// The error with the setting's bare name; front ends use [`crate::say`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(&Names))
    }
}

impl Error for SettingError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        self.cause.as_ref().map(|e| &**e as &(dyn Error + 'static))
    }
}

/// Names the setting an error is about, as a [`SettingError`] caused by it.
pub trait About<T> {
    /// The error, caused by `setting` given as `value` (written as it should read).
    ///
    /// # Errors
    /// The error, if any, named by the setting.
    fn about(self, setting: Setting, value: &dyn fmt::Display) -> anyhow::Result<T>;
}

impl<T, E: Into<anyhow::Error>> About<T> for Result<T, E> {
    fn about(self, setting: Setting, value: &dyn fmt::Display) -> anyhow::Result<T> {
        self.map_err(|e| SettingError::caused(setting, value, e).into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_setting_named_in_a_sentence_is_worded_too() {
        let m = Message::from("move it, choose another ")
            .mention(Setting::Out)
            .then(", or give ")
            .mention(Setting::Force);
        assert_eq!(m.to_string(), "move it, choose another out, or give force");
        let refused = SettingError::new(Setting::Games, m).value(0);
        assert_eq!(
            refused.to_string(),
            "games 0: move it, choose another out, or give force"
        );
    }
}
