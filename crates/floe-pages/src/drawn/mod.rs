//! Drawn games: a game told step by step as boards, in one self-contained HTML page that
//! draws them (`floe replay --html`, and the page `floe play --web` serves).
//!
//! A step is a state the game asked a question in (or its end): the board as one viewer
//! sees it there, and the lines of the log that led to it. The board is the viewer's
//! observation as JSON ([`floe_core::Game::observe`], or [`floe_core::Game::observe_all`]
//! told in full), the same
//! facts a bot of that seat is given, so a page drawn for one seat holds nothing that
//! seat does not know. Each game's drawing (its descriptor's `drawing`: the game crate's
//! `src/draw.js`) turns a board into SVG; a game without one shows the board's fields as
//! text.
//!
//! The page fetches nothing: its script, style and data are inline, and its content
//! security policy allows that one script (by its hash) and no request, except, in a
//! page served to play in, requests back to the server that served it.

mod page;

use serde::Serialize;
use serde_json::Value;

pub use page::{Live, packed, page};

/// One step of a drawn game: a state a question was asked in, or the game's end.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The game's round there, when its board names one (a `round` field).
    pub round: Option<u64>,
    /// The seat asked there (`None` at the end).
    pub asked: Option<usize>,
    /// The board as the viewer sees it (an observation's fields), as JSON text: a game of
    /// thousands of steps told five ways keeps them all, and as parsed values they took
    /// most of a gigabyte.
    pub board: String,
    /// The lines of the log since the last step (what the last answer did), then the
    /// question asked here, as the viewer sees them.
    pub log: Vec<String>,
}

impl Step {
    /// The step at a state whose board, as the viewer sees it, is `board` (JSON text, an
    /// observation's fields), with the seat asked there and the log lines since the last.
    ///
    /// # Panics
    /// If `board` is not JSON (an observation always serialises to it).
    pub fn new(board: &str, asked: Option<usize>, log: Vec<String>) -> Step {
        /// The one field of a board a step reads.
        #[derive(serde::Deserialize)]
        struct Round {
            round: Option<u64>,
        }
        let round = serde_json::from_str::<Round>(board).map_or(None, |r| r.round);
        Step {
            round,
            asked,
            board: board.to_string(),
            log,
        }
    }

    /// The step at a state whose board is `board` (an observation's fields, as JSON), with
    /// the seat asked there and the log lines since the last: [`Step::new`] for a board
    /// already parsed.
    pub fn of(board: Value, asked: Option<usize>, log: Vec<String>) -> Step {
        Step {
            round: board.get("round").and_then(Value::as_u64),
            asked,
            board: board.to_string(),
            log,
        }
    }
}

/// A game told as one viewer saw it, step by step.
#[derive(Clone, Debug, PartialEq)]
pub struct View {
    /// The seat whose view it is; `None` told in full.
    pub seat: Option<usize>,
    /// The steps, from the first question to the end.
    pub steps: Vec<Step>,
}

/// Every seat's standing at one mark of a game's course ([`floe_sim::arc`]: a round's
/// start or the game's end), read at one of the steps.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Mark {
    /// The step it was read at (the steps of every view are the same states).
    pub step: usize,
    /// Every seat's standing there, by seat.
    pub standings: Vec<f64>,
}

/// A game told step by step for drawing: who played, and the steps as each viewer saw
/// them.
#[derive(Clone, Debug, PartialEq)]
pub struct Drawn {
    /// The game's name, which picks its drawing.
    pub game: String,
    /// The opening lines: what was played and who sat where.
    pub heading: Vec<String>,
    /// Players at the table.
    pub players: usize,
    /// Each seat's colour, by seat.
    pub colours: Vec<String>,
    /// The game told in full and as each seat saw it, or as one seat saw it only.
    pub views: Vec<View>,
    /// How the game ended: the final scores as `floe replay` prints them (empty while a
    /// game is played).
    pub final_scores: String,
    /// The standings at each mark of the game's course, drawn as a chart; none in a game
    /// told as one seat saw it (another seat's standing can hold what that seat cannot
    /// know) or played in the page.
    pub marks: Vec<Mark>,
}
