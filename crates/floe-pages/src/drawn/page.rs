//! The page of a drawn game: the steps as data, the player that steps through them, and
//! each game's drawing, all inline.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use maud::{DOCTYPE, PreEscaped, html};
use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::{Map, Value, json};
use sha2::{Digest, Sha256};

use super::{Drawn, Mark, Step};
use crate::report::head;

/// The page's look.
const STYLE: &str = include_str!("drawn.css");

/// The player: steps, slider, views, the log, the questions of a game played in the page.
/// The drawn game's own drawing ([`floe_core::Descriptor::drawing`]) follows it in the
/// page's script and registers itself by the game's name.
const PLAYER: &str = include_str!("player.js");

/// Returns the page's script: the player, then the drawing of the game named `game` (none
/// for a game drawn as text).
fn script(game: &str) -> String {
    let drawing = floe_games::GAMES
        .iter()
        .find(|d| d.name == game)
        .map_or("", |d| d.drawing);
    [PLAYER, drawing].concat()
}

/// A page served to play in (`floe play --web`): it asks its server for new steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Live {
    /// Whether this browser plays (asked the person's questions); `false`: it watches a
    /// game another browser plays.
    pub plays: bool,
}

/// Returns the page that draws `drawn`; `live` makes it a page to play in, which asks its
/// server for each new step and sends the person's answers.
pub fn page(drawn: &Drawn, live: Option<&Live>) -> String {
    let script = script(&drawn.game);
    let hash = STANDARD.encode(Sha256::digest(script.as_bytes()));
    let connect = if live.is_some() { "'self'" } else { "'none'" };
    let policy = format!(
        "default-src 'none'; style-src 'unsafe-inline'; \
         script-src 'sha256-{hash}'; connect-src {connect}"
    );
    let title = drawn.heading.first().cloned().unwrap_or_default();
    let data = PageData {
        game: &drawn.game,
        heading: &drawn.heading,
        players: drawn.players,
        colours: &drawn.colours,
        final_scores: &drawn.final_scores,
        marks: &drawn.marks,
        live: live.copied(),
        views: drawn
            .views
            .iter()
            .map(|v| ViewData {
                seat: v.seat,
                steps: packed(&v.steps, 0),
            })
            .collect(),
    };
    let data = inert(&serde_json::to_string(&data).expect("the page's data is JSON"));
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
                        figure #standings hidden {
                            figcaption {}
                            div.chart {}
                        }
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

/// The page's data, read by player.js.
#[derive(Serialize)]
struct PageData<'a> {
    game: &'a str,
    heading: &'a [String],
    players: usize,
    colours: &'a [String],
    final_scores: &'a str,
    marks: &'a [Mark],
    live: Option<Live>,
    views: Vec<ViewData>,
}

/// A view in [`PageData`]: its steps as [`packed`] writes them, already JSON.
#[derive(Serialize)]
struct ViewData {
    seat: Option<usize>,
    steps: Box<RawValue>,
}

/// Returns JSON text `json` safe inside a script element: every `<`, `>` and `&` (which
/// JSON holds only inside strings) written as a `\u` escape, so that no text of a game
/// (a rules file's name, a colour) can end the element or open a comment in it; and the
/// two line separators JavaScript once read as line ends.
fn inert(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        match c {
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => {
                out.push_str(&format!("\\u{:04x}", u32::from(c)));
            }
            c => out.push(c),
        }
    }
    out
}

/// Returns `steps[since..]` packed for a page, as a JSON list: each board as the fields
/// that changed since the step before (`set`) and those gone (`gone`), the first of all in
/// full. A North Pole board is a few kilobytes and a game thousands of steps, most of
/// which change a field or two. The list is written as text step by step, since a whole
/// game's steps as parsed values took hundreds of megabytes.
pub fn packed(steps: &[Step], since: usize) -> Box<RawValue> {
    let list: Vec<String> = packed_steps(steps, since).map(|v| v.to_string()).collect();
    RawValue::from_string(format!("[{}]", list.join(","))).expect("a list of steps is JSON")
}

/// Each of `steps[since..]` packed (see [`packed`]).
fn packed_steps(steps: &[Step], since: usize) -> impl Iterator<Item = Value> + '_ {
    let parse = |s: &Step| -> Value { serde_json::from_str(&s.board).expect("a board is JSON") };
    let mut before: Option<Value> = since.checked_sub(1).and_then(|i| steps.get(i)).map(parse);
    steps.iter().skip(since).map(move |step| {
        let board = parse(step);
        let mut out = json!({ "round": step.round, "asked": step.asked, "log": step.log });
        match (
            board.as_object(),
            before.as_ref().and_then(Value::as_object),
        ) {
            (Some(now), Some(prev)) => {
                let set: Map<String, Value> = now
                    .iter()
                    .filter(|(k, v)| prev.get(*k) != Some(*v))
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect();
                let gone: Vec<&String> = prev.keys().filter(|k| !now.contains_key(*k)).collect();
                out["set"] = Value::Object(set);
                if !gone.is_empty() {
                    out["gone"] = json!(gone);
                }
            }
            (Some(now), None) => out["set"] = Value::Object(now.clone()),
            (None, _) => out["board"] = board.clone(),
        }
        before = Some(board);
        out
    })
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
        let all: Vec<Value> = packed_steps(&steps, 0).collect();
        assert_eq!(all[0]["set"], json!({"round": 1, "a": [1, 2], "b": "x"}));
        assert_eq!(all[1]["set"], json!({"b": "y"}));
        assert_eq!(all[2]["set"], json!({"round": 2}));
        assert_eq!(all[2]["gone"], json!(["b"]));
        assert_eq!(all[2]["round"], json!(2));
        // From a later step on, packed against the step before it.
        let later: Value = serde_json::from_str(packed(&steps, 1).get()).unwrap();
        assert_eq!(later.as_array().unwrap()[..], all[1..]);
    }

    #[test]
    fn no_text_of_a_game_can_end_the_data_element_or_open_a_comment_in_it() {
        let text = json!({"name": "x<!--<script></script>& \u{2028}"}).to_string();
        let safe = inert(&text);
        assert!(!safe.contains(['<', '>', '&', '\u{2028}']), "{safe}");
        assert_eq!(
            serde_json::from_str::<Value>(&safe).unwrap(),
            serde_json::from_str::<Value>(&text).unwrap()
        );
    }
}
