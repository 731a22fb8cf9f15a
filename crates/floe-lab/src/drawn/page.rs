//! The page of a drawn game: the steps as data, the player that steps through them, and
//! each game's drawing, all inline.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use maud::{DOCTYPE, PreEscaped, html};
use serde_json::{Map, Value, json};
use sha2::{Digest, Sha256};

use super::{Drawn, Step};
use crate::page::head;

/// The page's look.
const STYLE: &str = include_str!("drawn.css");

/// The script: the player (steps, slider, views, the log, the questions of a game played
/// in the page), then each game's drawing, which registers itself by the game's name.
const SCRIPTS: [&str; 4] = [
    include_str!("player.js"),
    include_str!("draw-arctic-race.js"),
    include_str!("draw-arctic.js"),
    include_str!("draw-north-pole.js"),
];

/// A page served to play in (`floe play --web`): it asks its server for new steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Live {
    /// Whether this browser plays (asked the person's questions); `false`: it watches a
    /// game another browser plays.
    pub plays: bool,
}

/// Returns the page that draws `drawn`; `live` makes it a page to play in, which asks its
/// server for each new step and sends the person's answers.
pub fn page(drawn: &Drawn, live: Option<&Live>) -> String {
    let script = SCRIPTS.concat();
    let hash = STANDARD.encode(Sha256::digest(script.as_bytes()));
    let connect = if live.is_some() { "'self'" } else { "'none'" };
    let policy = format!(
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; \
         script-src 'sha256-{hash}'; connect-src {connect}"
    );
    let title = drawn.heading.first().cloned().unwrap_or_default();
    let data = json!({
        "game": drawn.game,
        "heading": drawn.heading,
        "players": drawn.players,
        "colours": drawn.colours,
        "final_scores": drawn.final_scores,
        "views": drawn.views.iter().map(|v| json!({
            "seat": v.seat,
            "steps": packed(&v.steps),
        })).collect::<Vec<_>>(),
        "live": live.map(|l| json!({ "plays": l.plays })),
    });
    // Inside a script element, `</` could end it early.
    let data = data.to_string().replace("</", "<\\/");
    html! {
        (DOCTYPE)
        html lang="en" {
            (head(&title, &policy, STYLE))
            body {
                header {
                    h1 { (drawn.game) }
                    @for line in &drawn.heading { div.heading { (line) } }
                }
                nav #controls {
                    button #first title="the first step (Home)" { "first" }
                    button #prev-round title="the round before (Page Up)" { "« round" }
                    button #prev title="the step before (←)" { "‹ step" }
                    button #play title="play the steps in turn (space)" { "▶ play" }
                    button #next title="the next step (→)" { "step ›" }
                    button #next-round title="the next round (Page Down)" { "round »" }
                    button #last title="the last step (End)" { "last" }
                    input #slider type="range" min="0" max="0" value="0" aria-label="step";
                    span #where {}
                    label { "view " select #view {} }
                }
                main {
                    section #board-side {
                        div #question hidden {}
                        div #board {}
                        pre #final hidden {}
                    }
                    section #log-side {
                        h2 { "Log" }
                        ol #log {}
                    }
                }
                script #data type="application/json" { (PreEscaped(data)) }
                script { (PreEscaped(script)) }
            }
        }
    }
    .into_string()
}

/// Returns `steps` packed for the page: each board as the fields that changed since the
/// step before (`set`) and those gone (`gone`), the first in full. A North Pole board is
/// a few kilobytes and a game thousands of steps, most of which change a field or two.
fn packed(steps: &[Step]) -> Vec<Value> {
    let mut before: Option<&Map<String, Value>> = None;
    steps
        .iter()
        .map(|step| {
            let mut out = json!({ "round": step.round, "asked": step.asked, "log": step.log });
            match (step.board.as_object(), before) {
                (Some(board), Some(prev)) => {
                    let set: Map<String, Value> = board
                        .iter()
                        .filter(|(k, v)| prev.get(*k) != Some(*v))
                        .map(|(k, v)| (k.clone(), v.clone()))
                        .collect();
                    let gone: Vec<&String> =
                        prev.keys().filter(|k| !board.contains_key(*k)).collect();
                    out["set"] = Value::Object(set);
                    if !gone.is_empty() {
                        out["gone"] = json!(gone);
                    }
                }
                (Some(board), None) => out["set"] = Value::Object(board.clone()),
                (None, _) => out["board"] = step.board.clone(),
            }
            before = step.board.as_object();
            out
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_holds_only_the_fields_that_changed() {
        let steps = [
            Step::new(r#"{"round":1,"a":[1,2],"b":"x"}"#, Some(0), vec![]),
            Step::new(r#"{"round":1,"a":[1,2],"b":"y"}"#, Some(1), vec![]),
            Step::new(r#"{"round":2,"a":[1,2]}"#, None, vec![]),
        ];
        let packed = packed(&steps);
        assert_eq!(packed[0]["set"], json!({"round": 1, "a": [1, 2], "b": "x"}));
        assert_eq!(packed[1]["set"], json!({"b": "y"}));
        assert_eq!(packed[2]["set"], json!({"round": 2}));
        assert_eq!(packed[2]["gone"], json!(["b"]));
        assert_eq!(packed[2]["round"], json!(2));
    }
}
