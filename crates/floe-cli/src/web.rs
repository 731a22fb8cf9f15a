//! `floe play --web`: the game served to a browser on this machine. The page draws the
//! board as `floe replay --html` does, puts the person's question as buttons (each with
//! what it does), and the bots answer the other seats here, between the person's answers.
//!
//! The server listens on 127.0.0.1 only and answers its own three paths: the page (`/`),
//! the steps since a given one (`/state?since=N`) and an answer (`POST /answer`). The
//! first browser to open the page gets a cookie that lets it answer; any other is served
//! the page to watch, and its answers are refused. A request naming another host (a web
//! page elsewhere reaching this port through its own name) is refused too.

use std::io::Read;
use std::time::Duration;

use anyhow::{Context, Result};
use floe_lab::drawn::{Drawn, Live, Step, View, page};
use floe_lab::people::Sitting;
use rand::RngExt;
use serde_json::{Value, json};
use tiny_http::{Header, Method, Request, Response, Server};

use crate::record_file::{LEFT, RecordFile};

/// The largest answer a browser sends (`{"index": N}`), with room to spare.
const MAX_BODY: u64 = 1024;

/// The cookie that marks the browser that plays.
const COOKIE: &str = "floe_play";

/// A game served to a browser: the sitting, the steps the person has seen, and the key
/// of the browser that plays.
struct Served {
    sitting: Sitting,
    /// The person's seat (the web page seats one person).
    person: usize,
    /// Every step so far, as the person saw it.
    steps: Vec<Step>,
    /// The playing browser's cookie value; given to the first browser that asks.
    key: String,
    key_given: bool,
    /// The record file, until the game is over and it is written.
    record: Option<RecordFile>,
    /// Said on the page once the game is over: where the record went.
    note: Option<String>,
    /// The page's fixed parts: the game, who sits where.
    drawn: Drawn,
}

/// Serves `sitting` (one person seated) at 127.0.0.1 on `port` (0: a free one) until
/// Ctrl-C, writing the game's record to `record` once it ends.
///
/// # Errors
/// Fails when the port cannot be bound, a bot cannot answer, or the record cannot be
/// written.
pub fn serve(sitting: Sitting, record: RecordFile, heading: Vec<String>, port: u16) -> Result<()> {
    let server = Server::http(("127.0.0.1", port))
        .map_err(|e| anyhow::anyhow!("--port {port}: cannot listen on 127.0.0.1: {e}"))?;
    let address = server
        .server_addr()
        .to_ip()
        .context("the server has an address")?;
    let person = sitting.people[0];
    let players = sitting.game().players();
    let mut served = Served {
        drawn: Drawn {
            game: sitting.game().game().to_string(),
            heading,
            players,
            colours: sitting.game().colours(),
            views: Vec::new(),
            final_scores: String::new(),
        },
        steps: Vec::new(),
        person,
        key: format!("{:032x}", rand::rng().random::<u128>()),
        key_given: false,
        record: Some(record),
        note: None,
        sitting,
    };
    let opening = served.sitting.opening();
    served.push_step(opening)?;
    served.play_bots()?;
    say(&format!(
        "playing {} at http://{address}/ (open it in a browser; Ctrl-C stops)",
        served.drawn.game
    ));
    let stop = crate::stop::listen();
    while !stop.load(std::sync::atomic::Ordering::SeqCst) {
        if let Some(request) = server.recv_timeout(Duration::from_millis(200))? {
            served.handle(request, address.port())?;
        }
    }
    if served.record.is_some() {
        say(&format!("stopped: {}", LEFT));
    }
    Ok(())
}

/// Prints `line` to the terminal that started the server; one that has gone away (closed,
/// or a pipe nobody reads) does not stop the game in the browser.
fn say(line: &str) {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}").and_then(|()| out.flush());
}

impl Served {
    /// Adds a step: the board as the person sees it now, after `log`.
    fn push_step(&mut self, log: Vec<String>) -> Result<()> {
        let seen = self.sitting.game().observation(self.person)?;
        let asked = self.sitting.game().to_act();
        self.steps.push(Step::new(&seen.json, asked, log));
        Ok(())
    }

    /// Lets the bots answer, a step each, until the person is asked or the game ends; at
    /// the end, writes the record.
    fn play_bots(&mut self) -> Result<()> {
        while let Some(events) = self.sitting.play_bot()? {
            self.push_step(events)?;
        }
        if self.sitting.game().to_act().is_none()
            && let Some(record) = self.record.take()
        {
            let path = record.path().to_path_buf();
            record.write(&self.sitting.record().to_toml())?;
            let scores = self.sitting.game().final_scores().unwrap_or_default();
            say(scores.trim_end());
            let note = format!(
                "wrote {} (see it again: floe replay --record {})",
                path.display(),
                path.display()
            );
            say(&note);
            self.note = Some(note);
        }
        Ok(())
    }

    /// Answers one request (see the module's notes); only a bot or the record failing
    /// ends the serving.
    fn handle(&mut self, request: Request, port: u16) -> Result<()> {
        let host_ok = request
            .headers()
            .iter()
            .find(|h| h.field.equiv("Host"))
            .is_some_and(|h| {
                let host = h.value.as_str();
                host == format!("127.0.0.1:{port}") || host == format!("localhost:{port}")
            });
        let plays = request
            .headers()
            .iter()
            .filter(|h| h.field.equiv("Cookie"))
            .flat_map(|h| h.value.as_str().split(';'))
            .any(|c| c.trim() == format!("{COOKIE}={}", self.key));
        let url = request.url().to_string();
        let (path, query) = url.split_once('?').unwrap_or((&url, ""));
        let reply = match (request.method(), path) {
            _ if !host_ok => Reply::error(403, "floe play serves 127.0.0.1 only"),
            (Method::Get, "/") => self.page(plays),
            (Method::Get, "/state") => self.state(query),
            (Method::Post, "/answer") => return self.answer(request, plays),
            (_, "/" | "/state" | "/answer") => Reply::error(405, "not a method this path takes"),
            _ => Reply::error(
                404,
                "not found: floe play serves /, /state and /answer only",
            ),
        };
        reply.send(request)
    }

    /// The page: to play in for the first browser (which gets the cookie) and for the one
    /// that holds it; to watch for any other.
    fn page(&mut self, plays: bool) -> Reply {
        let first = !self.key_given;
        self.key_given = true;
        let mut drawn = self.drawn.clone();
        drawn.views = vec![View {
            seat: Some(self.person),
            steps: self.steps.clone(),
        }];
        let html = page(
            &drawn,
            Some(&Live {
                plays: plays || first,
            }),
        );
        let mut reply = Reply::new(200, html, "text/html; charset=utf-8");
        if first {
            reply.cookie = Some(format!(
                "{COOKIE}={}; Path=/; HttpOnly; SameSite=Strict",
                self.key
            ));
        }
        reply
    }

    /// The steps from `since=N` on, the question pending to the person, and the end.
    fn state(&self, query: &str) -> Reply {
        let since = query
            .split('&')
            .find_map(|kv| kv.strip_prefix("since="))
            .map_or(Ok(0), str::parse::<usize>);
        let Ok(since) = since else {
            return Reply::error(400, "since= takes a step number");
        };
        let game = self.sitting.game();
        let question = match game.to_act() {
            Some(seat) if seat == self.person => json!({
                "seat": seat,
                "text": game.question(),
                "answers": game.answers().iter().map(|a| json!({
                    "index": a.index,
                    "described": a.described,
                })).collect::<Vec<_>>(),
            }),
            _ => Value::Null,
        };
        let steps = &self.steps[since.min(self.steps.len())..];
        Reply::json(
            200,
            &json!({
                "steps": steps,
                "question": question,
                "final_scores": game.final_scores(),
                "note": self.note,
            }),
        )
    }

    /// Carries out the person's answer, then lets the bots answer.
    fn answer(&mut self, mut request: Request, plays: bool) -> Result<()> {
        let mut body = String::new();
        let read = request.as_reader().take(MAX_BODY).read_to_string(&mut body);
        let index = read
            .ok()
            .and_then(|_| serde_json::from_str::<Value>(&body).ok())
            .and_then(|v| v.get("index").and_then(Value::as_u64));
        let reply = match (plays, index, self.sitting.game().to_act()) {
            (false, _, _) => Reply::error(
                403,
                "this browser watches: the game is played in the first browser that opened it",
            ),
            (_, None, _) => Reply::error(400, "an answer is {\"index\": N}, N an answer's number"),
            (_, _, None) => Reply::error(409, "the game is over"),
            (_, _, Some(seat)) if seat != self.person => {
                Reply::error(409, "it is not your question")
            }
            (_, Some(index), Some(_)) => match self.sitting.answer(index as usize) {
                Err(e) => Reply::error(400, &format!("{e:#}")),
                Ok(events) => {
                    self.push_step(events)?;
                    self.play_bots()?;
                    Reply::json(200, &json!({ "ok": true }))
                }
            },
        };
        reply.send(request)
    }
}

/// A response to send.
struct Reply {
    status: u16,
    body: String,
    content_type: &'static str,
    cookie: Option<String>,
}

impl Reply {
    fn new(status: u16, body: String, content_type: &'static str) -> Reply {
        Reply {
            status,
            body,
            content_type,
            cookie: None,
        }
    }

    fn json(status: u16, value: &Value) -> Reply {
        Reply::new(status, value.to_string(), "application/json")
    }

    /// An error the page shows: `{"error": message}`.
    fn error(status: u16, message: &str) -> Reply {
        Reply::json(status, &json!({ "error": message }))
    }

    /// Sends the reply; a browser that went away is no error of the game's.
    fn send(self, request: Request) -> Result<()> {
        let header = |k: &str, v: &str| Header::from_bytes(k, v).expect("a valid header");
        let mut response = Response::from_string(self.body)
            .with_status_code(self.status)
            .with_header(header("Content-Type", self.content_type))
            .with_header(header("Cache-Control", "no-store"))
            .with_header(header("X-Content-Type-Options", "nosniff"));
        if let Some(cookie) = &self.cookie {
            response = response.with_header(header("Set-Cookie", cookie));
        }
        let _ = request.respond(response);
        Ok(())
    }
}
