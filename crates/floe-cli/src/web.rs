//! `floe play --web`: the game served to a browser on this machine. The page draws the
//! board as `floe replay --html` does, puts the person's question as buttons (each with
//! what it does), and the bots answer the other seats here, between the person's answers.
//!
//! The server listens on 127.0.0.1 only and answers its own three paths: the page (`/`),
//! the steps since a given one (`/state?since=N`) and an answer (`POST /answer`). The
//! address printed carries a key (`/?key=...`), as Jupyter's does: the browser that opens
//! it gets a cookie that lets it answer, and any other is served the page to watch, its
//! answers refused, so another user of the machine, or a page elsewhere that finds the
//! port, cannot take the game over. A request naming another host (a page elsewhere
//! reaching this port through its own name) is refused, and so is an answer sent from
//! another origin or not as JSON.

use std::io::Read;
use std::time::Duration;

use anyhow::{Context, Result};
use floe_lab::drawn::{Drawn, Live, Step, View, packed, page};
use floe_lab::people::Sitting;
use rand::RngExt;
use serde_json::{Value, json};
use tiny_http::{Header, Method, Request, Response, Server};

use crate::record_file::{LEFT, RecordFile};

/// The largest answer a browser sends (`{"index": N}`), with room to spare.
const MAX_BODY: u64 = 1024;

/// The cookie that marks the browser that plays; the server's port is added to the name,
/// since a browser keeps one cookie per name and host whatever the port, and two games
/// served at once would otherwise take each other's.
const COOKIE: &str = "floe_play";

/// A game served to a browser: the sitting, the steps the person has seen, and the key
/// of the browser that plays.
struct Served {
    sitting: Sitting,
    /// The person's seat (the web page seats one person).
    person: usize,
    /// Every step so far, as the person saw it.
    steps: Vec<Step>,
    /// The key in the address printed, and the playing browser's cookie value.
    key: String,
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
        record: Some(record),
        note: None,
        sitting,
    };
    let opening = served.sitting.opening();
    served.push_step(opening)?;
    served.play_bots()?;
    say(&format!(
        "playing {} at http://{address}/?key={} (open it in a browser; Ctrl-C stops)",
        served.drawn.game, served.key
    ));
    let stop = floe_io::stop::listen();
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
    let _ = floe_io::console::out(line);
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
        let header = |name: &'static str| {
            request
                .headers()
                .iter()
                .filter(|h| h.field.equiv(name))
                .map(|h| h.value.as_str().to_string())
                .collect::<Vec<_>>()
        };
        let ours = |host: &str| {
            let host = host.to_ascii_lowercase();
            host == format!("127.0.0.1:{port}") || host == format!("localhost:{port}")
        };
        let host_ok = header("Host").first().is_some_and(|h| ours(h));
        let cookie = format!("{COOKIE}_{port}={}", self.key);
        let url = request.url().to_string();
        let (path, query) = url.split_once('?').unwrap_or((&url, ""));
        let keyed = query.split('&').any(|kv| kv == format!("key={}", self.key));
        let plays = keyed
            || header("Cookie")
                .iter()
                .flat_map(|h| h.split(';'))
                .any(|c| c.trim() == cookie);
        let reply = match (request.method(), path) {
            _ if !host_ok => Reply::error(403, "floe play serves 127.0.0.1 only"),
            (Method::Get, "/") => {
                let mut reply = self.page(plays);
                if keyed {
                    reply.cookie = Some(format!("{cookie}; Path=/; HttpOnly; SameSite=Strict"));
                }
                reply
            }
            (Method::Get, "/state") => self.state(query),
            (Method::Post, "/answer") => {
                let origin_ok = header("Origin")
                    .first()
                    .is_none_or(|o| o.strip_prefix("http://").is_some_and(ours));
                let json = header("Content-Type")
                    .first()
                    .is_some_and(|t| t.starts_with("application/json"));
                match (plays, origin_ok && json, request.body_length()) {
                    (false, _, _) => Reply::error(
                        403,
                        "this browser watches: the game is played in the browser that opened \
                         the address floe play printed",
                    ),
                    (_, false, _) => {
                        Reply::error(403, "an answer comes from the game's own page, as JSON")
                    }
                    (_, _, Some(n)) if n <= MAX_BODY as usize => {
                        return self.answer(request);
                    }
                    _ => Reply::error(413, "an answer is {\"index\": N, \"step\": K}, and short"),
                }
            }
            (_, "/" | "/state" | "/answer") => Reply::error(405, "not a method this path takes"),
            _ => Reply::error(
                404,
                "not found: floe play serves /, /state and /answer only",
            ),
        };
        reply.send(request);
        Ok(())
    }

    /// The page: to play in for the browser that plays, to watch for any other.
    fn page(&self, plays: bool) -> Reply {
        let mut drawn = self.drawn.clone();
        drawn.views = vec![View {
            seat: Some(self.person),
            steps: self.steps.clone(),
        }];
        Reply::new(
            200,
            page(&drawn, Some(&Live { plays })),
            "text/html; charset=utf-8",
        )
    }

    /// The steps from `since=N` on (packed as the page packs them), the question pending
    /// to the person, and the end.
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
        Reply::json(
            200,
            &json!({
                "steps": packed(&self.steps, since.min(self.steps.len())),
                "question": question,
                "final_scores": game.final_scores(),
                "note": self.note,
            }),
        )
    }

    /// Carries out the person's answer, then lets the bots answer. The answer names the
    /// step it answers (the page's count of steps), so that a page left behind, in
    /// another tab say, cannot answer a later question with the same number.
    fn answer(&mut self, mut request: Request) -> Result<()> {
        let mut body = String::new();
        let read = request.as_reader().take(MAX_BODY).read_to_string(&mut body);
        let sent = read
            .ok()
            .and_then(|_| serde_json::from_str::<Value>(&body).ok());
        let field = |name: &str| sent.as_ref().and_then(|v| v.get(name)?.as_u64());
        let reply = match (field("index"), field("step"), self.sitting.game().to_act()) {
            (None, _, _) | (_, None, _) => Reply::error(
                400,
                "an answer is {\"index\": N, \"step\": K}: an answer's number, and the steps \
                 the page has",
            ),
            (_, _, None) => Reply::error(409, "the game is over"),
            (_, _, Some(seat)) if seat != self.person => {
                Reply::error(409, "it is not your question")
            }
            (_, Some(step), _) if step as usize != self.steps.len() => Reply::error(
                409,
                "the game has moved on since this page was drawn: it shows the question now",
            ),
            (Some(index), _, Some(_)) => match self.sitting.answer(index as usize) {
                Err(e) => Reply::error(400, &format!("{e:#}")),
                Ok(events) => {
                    self.push_step(events)?;
                    self.play_bots()?;
                    Reply::json(200, &json!({ "ok": true }))
                }
            },
        };
        reply.send(request);
        Ok(())
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

    /// Sends the reply (a browser that went away is no error of the game's); no page of
    /// another site may frame it.
    fn send(self, request: Request) {
        let header = |k: &str, v: &str| Header::from_bytes(k, v).expect("a valid header");
        let mut response = Response::from_string(self.body)
            .with_status_code(self.status)
            .with_header(header("Content-Type", self.content_type))
            .with_header(header("Cache-Control", "no-store"))
            .with_header(header("X-Content-Type-Options", "nosniff"))
            .with_header(header("X-Frame-Options", "DENY"))
            .with_header(header("Content-Security-Policy", "frame-ancestors 'none'"));
        if let Some(cookie) = &self.cookie {
            response = response.with_header(header("Set-Cookie", cookie));
        }
        let _ = request.respond(response);
    }
}
