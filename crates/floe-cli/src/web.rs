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
//!
//! Whatever a client sends, the server holds no more than it allows: a connection's
//! request line and headers are at most `MAX_HEAD` bytes, its body at most `MAX_BODY`
//! (one declaring more is refused before any of it is read), the whole request comes
//! within `CLIENT_TIME` and the reply is taken within it again, and at most
//! `MAX_CONNECTIONS` are served at once, each on its own thread, further ones waiting in
//! the system's queue of connections. A connection carries one request (`Connection:
//! close`), so none idles between requests. The game itself is kept on the thread that
//! started the server, which answers the requests read whole, one at a time, and never
//! waits on a client.

use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use floe_pages::drawn::{Drawn, Live, Step, View, packed, page};
use floe_play::people::Sitting;
use rand::RngExt;
use serde_json::{Value, json};

use crate::record_file::{LEFT, RecordFile};

/// The largest answer a browser sends (`{"index": N, "step": K}`), with room to spare.
const MAX_BODY: usize = 1024;

/// The most bytes a request's line and headers may take together. A browser's request
/// here is well under 2 KiB, but it carries every cookie set for 127.0.0.1 whatever the
/// port (other local servers' too), so this leaves room, as Node's server does.
const MAX_HEAD: usize = 16 * 1024;

/// The most headers a request may have (a browser sends about twenty); they are parsed
/// into an array of this size, on the connection's stack.
const MAX_HEADERS: usize = 64;

/// The time a client has to send its whole request, and again to take its reply: one that
/// sends nothing, or a byte now and then (slowloris), is cut off then. A deadline for the
/// whole rather than a timeout for each read, which a trickle of bytes would renew.
const CLIENT_TIME: Duration = Duration::from_secs(5);

/// The most connections served at once. Each has a thread and its buffers, so this bounds
/// what clients can make the server hold; connections beyond it wait, unread, in the
/// system's queue until one ends (a client has `CLIENT_TIME` to send its request, and as
/// long to take the reply). A browser opens six at most.
const MAX_CONNECTIONS: usize = 32;

/// After refusing a request it has not read whole, the server reads and drops what the
/// client still sends, this long and this much at most, before it closes: closing with
/// unread bytes resets the connection, and the client may lose the refusal.
const LINGER_TIME: Duration = Duration::from_secs(1);

/// The most bytes read and dropped after a refusal: see `LINGER_TIME`.
const LINGER_BYTES: u64 = 64 * 1024;

/// How long the connections' thread waits before trying again when the system refuses it
/// a connection (out of file descriptors, say), rather than trying at once in a loop.
const ACCEPT_PAUSE: Duration = Duration::from_millis(100);

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
    let listener = TcpListener::bind(("127.0.0.1", port))
        .map_err(|e| anyhow::anyhow!("--port {port}: cannot listen on 127.0.0.1: {e}"))?;
    let address = listener.local_addr().context("the server has an address")?;
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
            marks: Vec::new(),
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
    let requests = take_connections(listener);
    let stop = floe_io::stop::listen();
    while !stop.load(std::sync::atomic::Ordering::SeqCst) {
        match requests.recv_timeout(Duration::from_millis(200)) {
            Ok(asked) => {
                let reply = served.handle(&asked.request, address.port())?;
                // A client that went away meanwhile is no error of the game's.
                let _ = asked.reply.send(reply);
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => bail!("the server stopped taking connections"),
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
            let written = floe_io::gate::path(&record.write(&self.sitting.record().to_toml())?);
            let scores = self.sitting.game().final_scores().unwrap_or_default();
            say(scores.trim_end());
            let note = format!("wrote {written} (see it again: floe replay --record {written})");
            say(&note);
            self.note = Some(note);
        }
        Ok(())
    }

    /// Answers one request (see the module's notes); only a bot or the record failing
    /// ends the serving.
    fn handle(&mut self, request: &Request, port: u16) -> Result<Reply> {
        let ours = |host: &str| {
            let host = host.to_ascii_lowercase();
            host == format!("127.0.0.1:{port}") || host == format!("localhost:{port}")
        };
        let host_ok = request.header("Host").next().is_some_and(ours);
        let cookie = format!("{COOKIE}_{port}={}", self.key);
        let target = request.target.as_str();
        let (path, query) = target.split_once('?').unwrap_or((target, ""));
        let keyed = query.split('&').any(|kv| kv == format!("key={}", self.key));
        let plays = keyed
            || request
                .header("Cookie")
                .flat_map(|h| h.split(';'))
                .any(|c| c.trim() == cookie);
        Ok(match (request.method.as_str(), path) {
            _ if !host_ok => Reply::error(403, "floe play serves 127.0.0.1 only"),
            ("GET", "/") => {
                let mut reply = self.page(plays);
                if keyed {
                    reply.cookie = Some(format!("{cookie}; Path=/; HttpOnly; SameSite=Strict"));
                }
                reply
            }
            ("GET", "/state") => self.state(query),
            ("POST", "/answer") => {
                let origin_ok = request
                    .header("Origin")
                    .next()
                    .is_none_or(|o| o.strip_prefix("http://").is_some_and(ours));
                let json = request
                    .header("Content-Type")
                    .next()
                    .is_some_and(|t| t.starts_with("application/json"));
                match (plays, origin_ok && json) {
                    (false, _) => Reply::error(
                        403,
                        "this browser watches: the game is played in the browser that opened \
                         the address floe play printed",
                    ),
                    (true, false) => {
                        Reply::error(403, "an answer comes from the game's own page, as JSON")
                    }
                    (true, true) => self.answer(&request.body)?,
                }
            }
            (_, "/" | "/state" | "/answer") => Reply::error(405, "not a method this path takes"),
            _ => Reply::error(
                404,
                "not found: floe play serves /, /state and /answer only",
            ),
        })
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
    fn answer(&mut self, body: &[u8]) -> Result<Reply> {
        let sent = serde_json::from_slice::<Value>(body).ok();
        let field = |name: &str| sent.as_ref().and_then(|v| v.get(name)?.as_u64());
        Ok(
            match (field("index"), field("step"), self.sitting.game().to_act()) {
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
            },
        )
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

    /// Writes the reply, whole, and says the connection closes after it; no page of
    /// another site may frame it.
    fn send(&self, out: &mut impl Write) -> io::Result<()> {
        let mut head = format!(
            "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\n\
             Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\
             X-Frame-Options: DENY\r\nContent-Security-Policy: frame-ancestors 'none'\r\n\
             Connection: close\r\n",
            self.status,
            reason(self.status),
            self.content_type,
            self.body.len(),
        );
        if let Some(cookie) = &self.cookie {
            head += &format!("Set-Cookie: {cookie}\r\n");
        }
        head += "\r\n";
        out.write_all(head.as_bytes())?;
        out.write_all(self.body.as_bytes())?;
        out.flush()
    }
}

/// The reason phrase of `status`, one of those the server sends, for the status line.
fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        409 => "Conflict",
        411 => "Length Required",
        413 => "Content Too Large",
        431 => "Request Header Fields Too Large",
        // HTTP lets the phrase be empty; a status not listed above is sent so.
        _ => "",
    }
}

/// A request read whole from a connection.
struct Request {
    method: String,
    /// The path and query, as sent.
    target: String,
    /// The headers' names and values, in the order sent.
    headers: Vec<(String, String)>,
    /// At most `MAX_BODY` bytes.
    body: Vec<u8>,
}

impl Request {
    /// The values of the headers named `name` (in any case), in the order sent.
    fn header<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a str> {
        self.headers
            .iter()
            .filter(move |(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// A request handed to the game's thread, with where its reply goes.
struct Asked {
    request: Request,
    reply: Sender<Reply>,
}

/// Starts the thread that takes connections on `listener`, each served on a thread of its
/// own, `MAX_CONNECTIONS` at most at once; returns the requests they read, for the game's
/// thread to answer.
fn take_connections(listener: TcpListener) -> Receiver<Asked> {
    let (asked, requests) = mpsc::channel();
    // A token for each connection that may be served: taken before one is accepted,
    // given back when its thread ends; none left, the next waits unaccepted.
    let (free, tokens) = mpsc::sync_channel(MAX_CONNECTIONS);
    for _ in 0..MAX_CONNECTIONS {
        free.send(()).expect("the channel holds every token");
    }
    thread::spawn(move || {
        // Waits for a token; never fails, as this thread holds a sender.
        while tokens.recv().is_ok() {
            let slot = Slot(free.clone());
            match listener.accept() {
                Ok((stream, _)) => {
                    let asked = asked.clone();
                    // A thread that cannot start drops the connection, and its token
                    // comes back.
                    let _ = thread::Builder::new()
                        .name("floe play connection".to_string())
                        .spawn(move || connection(stream, &asked, slot));
                }
                Err(_) => {
                    drop(slot);
                    thread::sleep(ACCEPT_PAUSE);
                }
            }
        }
    });
    requests
}

/// A connection's token (see `take_connections`), given back when dropped, however its
/// thread ends.
struct Slot(SyncSender<()>);

impl Drop for Slot {
    fn drop(&mut self) {
        // Never full: there are no more tokens than it holds.
        let _ = self.0.try_send(());
    }
}

/// Serves one connection: reads its request, has the game's thread answer it, sends the
/// reply and closes. `_slot` is held until then.
fn connection(mut stream: TcpStream, asked: &Sender<Asked>, _slot: Slot) {
    match receive(&mut stream) {
        Received::Gone => {}
        Received::Refused(reply) => {
            if reply
                .send(&mut Timed::new(&mut stream, CLIENT_TIME))
                .is_ok()
            {
                linger(&mut stream);
            }
        }
        Received::Request(request) => {
            let (reply, answered) = mpsc::channel();
            if asked.send(Asked { request, reply }).is_ok()
                && let Ok(reply) = answered.recv()
            {
                // The request was read whole: closing now leaves nothing unread.
                let _ = reply.send(&mut Timed::new(&mut stream, CLIENT_TIME));
            }
        }
    }
}

/// What a connection sent.
enum Received {
    /// A request, read whole.
    Request(Request),
    /// A request refused before it was read whole, with the reply saying why.
    Refused(Reply),
    /// Nothing to answer: the client closed, or sent nothing in its time.
    Gone,
}

/// Reads a request from `stream`: its line and headers (into a buffer of `MAX_HEAD`
/// bytes), then its body, all within `CLIENT_TIME`.
fn receive(stream: &mut TcpStream) -> Received {
    let mut timed = Timed::new(stream, CLIENT_TIME);
    let mut head = [0; MAX_HEAD];
    let mut filled = 0;
    loop {
        match timed.read(&mut head[filled..]) {
            Ok(0) => return Received::Gone,
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) if filled > 0 && timed_out(&e) => return too_slow(),
            Err(_) => return Received::Gone,
        }
        let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
        let mut parsed = httparse::Request::new(&mut headers);
        match parsed.parse(&head[..filled]) {
            Ok(httparse::Status::Complete(length)) => {
                return with_body(&parsed, &head[length..filled], &mut timed);
            }
            // Room left for more: read on.
            Ok(httparse::Status::Partial) if filled < MAX_HEAD => {}
            Ok(httparse::Status::Partial) | Err(httparse::Error::TooManyHeaders) => {
                return Received::Refused(Reply::error(
                    431,
                    &format!(
                        "a request's line and headers are at most {MAX_HEAD} bytes, and \
                         {MAX_HEADERS} headers"
                    ),
                ));
            }
            Err(e) => {
                return Received::Refused(Reply::error(400, &format!("not an HTTP request: {e}")));
            }
        }
    }
}

/// The request whose line and headers are `parsed`, its body read from `rest` (what came
/// with the headers) and then `timed`; one declaring a body over `MAX_BODY` bytes is
/// refused before any of it is read.
fn with_body(parsed: &httparse::Request, rest: &[u8], timed: &mut Timed) -> Received {
    let refused = |status, message: &str| Received::Refused(Reply::error(status, message));
    let mut headers = Vec::with_capacity(parsed.headers.len());
    for h in parsed.headers.iter() {
        let Ok(value) = std::str::from_utf8(h.value) else {
            return refused(400, "a header's value is not UTF-8 text");
        };
        headers.push((h.name.to_string(), value.to_string()));
    }
    let mut request = Request {
        method: parsed.method.unwrap_or_default().to_string(),
        target: parsed.path.unwrap_or_default().to_string(),
        headers,
        body: Vec::new(),
    };
    if request.header("Transfer-Encoding").next().is_some() {
        return refused(411, "floe play takes a body with its Content-Length only");
    }
    let lengths: Vec<&str> = request.header("Content-Length").collect();
    let length = match lengths[..] {
        [] => 0,
        [one] if !one.is_empty() && one.bytes().all(|b| b.is_ascii_digit()) => {
            // Digits too many for a number are a length too large.
            one.parse().unwrap_or(usize::MAX)
        }
        _ => return refused(400, "a request has at most one Content-Length, a number"),
    };
    if length > MAX_BODY {
        return refused(
            413,
            &format!(
                "floe play reads no body over {MAX_BODY} bytes: an answer, {{\"index\": N, \
                 \"step\": K}}, is short"
            ),
        );
    }
    let mut body = rest[..rest.len().min(length)].to_vec();
    let more = (length - body.len()) as u64;
    match Read::by_ref(timed).take(more).read_to_end(&mut body) {
        Ok(_) if body.len() == length => {}
        Err(e) if timed_out(&e) => return too_slow(),
        // The client closed before sending all it declared.
        Ok(_) | Err(_) => return Received::Gone,
    }
    request.body = body;
    Received::Request(request)
}

/// The refusal of a request not sent whole within `CLIENT_TIME`.
fn too_slow() -> Received {
    Received::Refused(Reply::error(
        408,
        &format!(
            "a request is sent whole within {} seconds",
            CLIENT_TIME.as_secs()
        ),
    ))
}

/// Whether `e` is a read or write that ran out of its time.
fn timed_out(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
    )
}

/// Closes `stream` after a refusal, once the client has had the time to read it: what it
/// still sends is read and dropped, `LINGER_TIME` and `LINGER_BYTES` at most, until it
/// closes its side.
fn linger(stream: &mut TcpStream) {
    if stream.shutdown(Shutdown::Write).is_ok() {
        let mut rest = Timed::new(stream, LINGER_TIME).take(LINGER_BYTES);
        let _ = io::copy(&mut rest, &mut io::sink());
    }
}

/// A connection with a deadline: each read or write waits only for the time left until
/// it, so that a client trickling bytes cannot stretch the time it is given.
struct Timed<'a> {
    stream: &'a mut TcpStream,
    until: Instant,
}

impl<'a> Timed<'a> {
    /// `stream`, with `time` from now.
    fn new(stream: &'a mut TcpStream, time: Duration) -> Timed<'a> {
        Timed {
            stream,
            until: Instant::now() + time,
        }
    }

    /// The time left, or an error once there is none (a timeout of zero would mean none
    /// at all).
    fn left(&self) -> io::Result<Duration> {
        let left = self.until.saturating_duration_since(Instant::now());
        if left.is_zero() {
            Err(io::ErrorKind::TimedOut.into())
        } else {
            Ok(left)
        }
    }
}

impl Read for Timed<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.stream.set_read_timeout(Some(self.left()?))?;
        self.stream.read(buf)
    }
}

impl Write for Timed<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.stream.set_write_timeout(Some(self.left()?))?;
        self.stream.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.stream.flush()
    }
}
