//! What a front end shows a person of an error: every cause, each setting worded as the
//! front end words it.

use std::error::Error;

use floe_sim::{RunError, Wording};

use crate::message::SettingError;
use crate::output_dir::OutputError;

/// Returns `error` and every cause, joined by `": "`, each setting worded by `wording`:
/// what a front end shows a person.
pub fn say(error: &anyhow::Error, wording: &dyn Wording) -> String {
    error
        .chain()
        .map(|link| say_one(link, wording))
        .collect::<Vec<_>>()
        .join(": ")
}

/// One link of an error's chain, without its cause.
fn say_one(link: &(dyn Error + 'static), wording: &dyn Wording) -> String {
    if let Some(e) = link.downcast_ref::<SettingError>() {
        return e.say(wording);
    }
    if let Some(RunError::Config { setting, message }) = link.downcast_ref::<RunError>() {
        return format!("{}: {message}", wording.head(*setting, None));
    }
    if let Some(e) = link.downcast_ref::<OutputError>() {
        return e.say(wording);
    }
    link.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use anyhow::Context;
    use floe_sim::{Names, Setting};

    use crate::message::Message;

    /// A front end's wording, as the CLI's.
    struct Flags;

    impl Wording for Flags {
        fn mention(&self, setting: Setting) -> String {
            format!("--{setting}")
        }

        fn head(&self, setting: Setting, value: Option<&str>) -> String {
            match value {
                None => self.mention(setting),
                Some(v) => format!("--{setting} {v}"),
            }
        }
    }

    #[test]
    fn a_chain_of_causes_is_worded_by_the_front_end() {
        let inner = SettingError::new(Setting::Games, "must be at least 1").value(0);
        let outer: anyhow::Result<()> = Err(anyhow::Error::new(inner)).context("planning");
        let outer = outer.unwrap_err();
        let caused = anyhow::Error::new(SettingError::caused(
            Setting::Out,
            "results/x",
            anyhow::anyhow!("cannot write"),
        ));
        assert_eq!(
            say(&outer, &Flags),
            "planning: --games 0: must be at least 1"
        );
        assert_eq!(say(&outer, &Names), "planning: games 0: must be at least 1");
        assert_eq!(say(&caused, &Flags), "--out results/x: cannot write");
        assert_eq!(format!("{caused:#}"), "out results/x: cannot write");
        let config = anyhow::Error::new(RunError::Config {
            setting: Setting::Players,
            message: "no".into(),
        });
        assert_eq!(say(&config, &Flags), "--players: no");
    }

    #[test]
    fn a_file_error_words_the_settings_its_advice_names() {
        let e = anyhow::Error::new(OutputError {
            path: "out/seats.csv".into(),
            message: Message::from("choose another ")
                .mention(Setting::Out)
                .then(", or give ")
                .mention(Setting::Force),
        });
        assert_eq!(
            say(&e, &Flags),
            "out/seats.csv: choose another --out, or give --force"
        );
    }
}
