//! `floe play --web` as a browser meets it, over plain HTTP: the page, the steps, the
//! answers; a whole game played through it leaves a record `floe replay --record` tells
//! to the same end; and the server answers nothing but its own paths, from this machine,
//! to the one browser that plays; and no client can make it hold more than it allows,
//! or wait on it: not by the body it declares, its headers, nor by sending nothing, or
//! slowly, or on many connections at once.

use std::io::{BufRead, BufReader, ErrorKind, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

mod common;

use common::{fails, floe_line};
use serde_json::Value;

/// The longest the tests below wait for the server's reply to a request it answers at
/// once: far more than it takes (milliseconds), so that only a server kept waiting fails.
const PATIENCE: Duration = Duration::from_secs(10);

/// A `floe play --web` server, stopped (by SIGINT, as Ctrl-C does) when dropped.
struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    address: String,
    /// The path of the address printed, with its key: `/?key=...`.
    keyed: String,
}

impl Server {
    /// Starts `floe play --web` with `args` (after `play --web`), the record at `record`.
    fn start(args: &str, record: &Path) -> Server {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin!("floe"))
            .args(["play", "--web"])
            .args(args.split_whitespace())
            .arg("--record")
            .arg(record)
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.as_mut().unwrap())
            .read_line(&mut line)
            .unwrap();
        let url = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .unwrap_or_else(|| panic!("no address in {line:?}"));
        let (address, path) = url.split_at(url.find('/').expect("a path"));
        assert!(path.starts_with("/?key="), "{line}");
        Server {
            child,
            address: address.to_string(),
            keyed: path.to_string(),
        }
    }

    /// Sends `method path` with `headers` and `body`; returns the status, the headers and
    /// the body. The Host header is the server's unless `headers` names one.
    fn send(&self, method: &str, path: &str, headers: &[&str], body: &str) -> Reply {
        let mut stream = TcpStream::connect(&self.address).unwrap();
        // HTTP/1.0: the reply comes whole, not in chunks.
        let mut request = format!("{method} {path} HTTP/1.0\r\n");
        if !headers.iter().any(|h| h.starts_with("Host:")) {
            request += &format!("Host: {}\r\n", self.address);
        }
        for h in headers {
            request += &format!("{h}\r\n");
        }
        request += &format!("Content-Length: {}\r\n\r\n{body}", body.len());
        stream.write_all(request.as_bytes()).unwrap();
        let mut text = String::new();
        stream.read_to_string(&mut text).unwrap();
        let (head, body) = text.split_once("\r\n\r\n").unwrap();
        let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
        Reply {
            status,
            head: head.to_string(),
            body: body.to_string(),
        }
    }

    fn get(&self, path: &str, headers: &[&str]) -> Reply {
        self.send("GET", path, headers, "")
    }

    /// Posts `body` as the page does (JSON, from the server's own origin) to `/answer`.
    fn answer(&self, headers: &[&str], body: &str) -> Reply {
        let origin = format!("Origin: http://{}", self.address);
        let mut all = vec!["Content-Type: application/json", origin.as_str()];
        all.extend(headers);
        self.send("POST", "/answer", &all, body)
    }

    /// Sends `bytes` as they are, on a connection of their own; returns what the server
    /// sent back until it closed (or reset) the connection. Fails if it sent nothing, nor
    /// closed, within `PATIENCE`.
    fn raw(&self, bytes: &[u8]) -> String {
        let mut stream = TcpStream::connect(&self.address).unwrap();
        stream.set_read_timeout(Some(PATIENCE)).unwrap();
        stream.set_write_timeout(Some(PATIENCE)).unwrap();
        // A server refusing the request may close before taking all of it.
        let _ = stream.write_all(bytes);
        let mut got = Vec::new();
        let mut chunk = [0; 4096];
        loop {
            match stream.read(&mut chunk) {
                Ok(0) => break,
                Ok(n) => got.extend_from_slice(&chunk[..n]),
                Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                    panic!("no reply within {} s", PATIENCE.as_secs())
                }
                // Reset: the server closed with some of the request unread.
                Err(_) => break,
            }
        }
        String::from_utf8_lossy(&got).into_owned()
    }

    /// Asserts that the process still runs and answers `GET /state` within `PATIENCE`.
    fn still_serves(&mut self) {
        assert!(
            self.child.try_wait().unwrap().is_none(),
            "the server has ended"
        );
        let request = format!("GET /state HTTP/1.0\r\nHost: {}\r\n\r\n", self.address);
        let reply = self.raw(request.as_bytes());
        assert_eq!(status(&reply), Some(200), "{reply}");
    }

    /// Stops the server as Ctrl-C does; returns what it printed after its first line.
    fn stop(mut self) -> String {
        let status = Command::new("kill")
            .args(["-INT", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        let mut rest = String::new();
        self.child
            .stdout
            .take()
            .unwrap()
            .read_to_string(&mut rest)
            .unwrap();
        assert!(self.child.wait().unwrap().success(), "stopped cleanly");
        rest
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

struct Reply {
    status: u16,
    head: String,
    body: String,
}

impl Reply {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap()
    }

    /// The `name=value` the reply sets as its cookie.
    fn cookie(&self) -> Option<String> {
        self.head
            .lines()
            .find_map(|l| l.strip_prefix("Set-Cookie: "))
            .map(|c| c.split(';').next().unwrap().to_string())
    }
}

/// The status of the reply `text`, if it has one.
fn status(text: &str) -> Option<u16> {
    let line = text.lines().next()?.strip_prefix("HTTP/")?;
    line.split(' ').nth(1)?.parse().ok()
}

/// Starts a server of `args` with its record in a new folder and opens the address it
/// printed, as the browser that plays; returns the folder, the record's path, the server, the page and
/// the `Cookie:` header that marks the browser.
fn opened(args: &str) -> (tempfile::TempDir, PathBuf, Server, Reply, String) {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("game.toml");
    let server = Server::start(args, &record);
    let page = server.get(&server.keyed, &[]);
    assert_eq!(page.status, 200);
    let cookie = format!(
        "Cookie: {}",
        page.cookie().expect("the playing browser's cookie")
    );
    (dir, record, server, page, cookie)
}

#[test]
fn a_whole_game_played_through_the_page_leaves_a_record_that_replays_to_the_same_end() {
    let (_dir, record, server, page, cookie) = opened("--game arctic --players 2 --seed 4");
    assert!(
        page.body.contains("connect-src 'self'"),
        "the page may reach its server only"
    );
    assert!(page.body.contains(r#""live":{"plays":true}"#));
    let mut answers = 0;
    let state = loop {
        let state = server.get("/state?since=0", &[]).json();
        let Some(question) = state["question"].as_object() else {
            break state;
        };
        // The last answer on offer, described in words.
        let answer = question["answers"].as_array().unwrap().last().unwrap();
        assert!(answer["described"].as_str().unwrap().len() > 3);
        let steps = state["steps"].as_array().unwrap().len();
        let body = format!(r#"{{"index": {}, "step": {steps}}}"#, answer["index"]);
        let reply = server.answer(&[&cookie], &body);
        assert_eq!(
            (reply.status, reply.json()),
            (200, serde_json::json!({"ok": true}))
        );
        answers += 1;
    };
    assert!(answers > 5, "the person answered {answers} questions");
    let steps = state["steps"].as_array().unwrap();
    assert!(
        steps.len() > answers,
        "a step per answer, the bots' included"
    );
    assert!(
        steps.last().unwrap()["asked"].is_null(),
        "the last step is the end"
    );
    let scores = state["final_scores"].as_str().unwrap().to_string();
    assert!(
        state["note"]
            .as_str()
            .unwrap()
            .contains("floe replay --record")
    );
    let replayed = floe_line("replay --record").arg(&record).output().unwrap();
    assert!(
        String::from_utf8(replayed.stdout)
            .unwrap()
            .ends_with(&scores)
    );
    let said = server.stop();
    assert!(!said.contains("unfinished"), "{said}");
}

#[test]
fn the_server_answers_only_its_paths_from_this_machine_to_the_browser_that_plays() {
    let (_dir, record, server, _page, cookie) = opened("--game arctic-race --players 2");
    for (method, path, status) in [
        ("GET", "/etc/passwd", 404),
        ("GET", "/../Cargo.toml", 404),
        ("GET", "/state/x", 404),
        ("DELETE", "/", 405),
        ("GET", "/answer", 405),
        ("GET", "/state?since=two", 400),
    ] {
        let reply = server.send(method, path, &[], "");
        assert_eq!(reply.status, status, "{method} {path}: {}", reply.body);
        assert!(
            reply.json()["error"].is_string(),
            "{method} {path}: a message"
        );
    }
    // Another host's name (a page elsewhere reaching this port through its own name).
    assert_eq!(server.get("/", &["Host: example.com"]).status, 403);
    // A browser without the key watches: its page does not play, its answers are refused.
    let second = server.get("/", &[]);
    assert!(second.body.contains(r#""live":{"plays":false}"#));
    assert_eq!(second.cookie(), None);
    let refused = server.answer(&[], r#"{"index": 0, "step": 1}"#);
    assert_eq!(refused.status, 403);
    assert!(
        refused.json()["error"]
            .as_str()
            .unwrap()
            .contains("watches")
    );
    // Even with the cookie, an answer from another origin, or not as JSON, is refused.
    let from_elsewhere = server.send(
        "POST",
        "/answer",
        &[
            &cookie,
            "Content-Type: application/json",
            "Origin: http://example.com",
        ],
        r#"{"index": 0, "step": 1}"#,
    );
    assert_eq!(from_elsewhere.status, 403);
    let as_text = server.send("POST", "/answer", &[&cookie], r#"{"index": 0, "step": 1}"#);
    assert_eq!(as_text.status, 403);
    // The playing browser's bad answers get a message, and the game goes on.
    let state = server.get("/state", &[]).json();
    let offered = state["question"]["answers"][0]["index"].clone();
    let steps = state["steps"].as_array().unwrap().len();
    let oversized = format!(
        r#"{{"index": 0, "step": 1, "pad": "{}"}}"#,
        "x".repeat(2000)
    );
    for (body, status, says) in [
        ("not json".to_string(), 400, "an answer is"),
        (
            format!(r#"{{"index": 999, "step": {steps}}}"#),
            400,
            "no answer has that number",
        ),
        (
            format!(r#"{{"index": 23, "step": {steps}}}"#),
            400,
            "is not an answer now",
        ),
        // A page left behind (another tab) answering an earlier question.
        (
            format!(r#"{{"index": {offered}, "step": 0}}"#),
            409,
            "moved on",
        ),
        (oversized, 413, "short"),
    ] {
        let reply = server.answer(&[&cookie], &body);
        assert_eq!(reply.status, status, "{body}");
        let error = reply.json()["error"].as_str().unwrap().to_string();
        assert!(error.contains(says), "{body}: {error}");
    }
    let body = format!(r#"{{"index": {offered}, "step": {steps}}}"#);
    assert_eq!(server.answer(&[&cookie], &body).status, 200);
    let said = server.stop();
    assert!(said.contains("unfinished; no record written"), "{said}");
    assert!(!record.exists());
}

#[test]
fn the_web_page_seats_one_person() {
    fails(
        floe_line("play --web --players 2 --bots person,person"),
        "--web seats one person",
    );
}

#[test]
fn a_request_declaring_a_huge_body_is_refused_unread_and_the_game_goes_on() {
    let (_dir, _record, mut server, _page, _cookie) = opened("--game arctic-race --players 2");
    // 99999999999 made the server ask for that many bytes at once, to read the body it
    // had not read, and abort; 100000000 it could have, and then waited for them all,
    // every other request with it; the last is more than any number of bytes.
    for length in ["99999999999", "100000000", "99999999999999999999999999"] {
        for target in ["GET /state", "POST /answer"] {
            let request = format!(
                "{target} HTTP/1.1\r\nHost: {}\r\nContent-Length: {length}\r\n\r\n",
                server.address
            );
            let reply = server.raw(request.as_bytes());
            assert_eq!(
                status(&reply),
                Some(413),
                "{target}, {length} bytes: {reply}"
            );
            assert!(reply.contains("no body over 1024 bytes"), "{reply}");
            server.still_serves();
        }
    }
}

#[test]
fn an_oversized_header_block_is_refused_and_the_game_goes_on() {
    let (_dir, _record, mut server, _page, _cookie) = opened("--game arctic-race --players 2");
    let start = format!("GET /state HTTP/1.1\r\nHost: {}\r\n", server.address);
    for (what, headers) in [
        (
            "a header of 1 MB",
            format!("X-Long: {}\r\n", "x".repeat(1 << 20)),
        ),
        ("10,000 short headers", "X-Many: y\r\n".repeat(10_000)),
        ("200 headers in 2 KB", "X: y\r\n".repeat(200)),
    ] {
        let reply = server.raw(format!("{start}{headers}\r\n").as_bytes());
        // Refused; or, with more of the request on its way than the server reads after
        // refusing it, the connection reset before the refusal was read.
        assert!(
            status(&reply) == Some(431) || reply.is_empty(),
            "{what}: {reply}"
        );
        server.still_serves();
    }
}

#[test]
fn clients_that_send_nothing_or_half_a_request_or_trickle_it_hold_up_nobody() {
    let (_dir, _record, mut server, _page, _cookie) = opened("--game arctic-race --players 2");
    let address = server.address.clone();
    let connect = || {
        let stream = TcpStream::connect(&address).unwrap();
        // Generous: the server gives a client 5 s for its request.
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        stream
    };
    let idle: Vec<TcpStream> = (0..4).map(|_| connect()).collect();
    let mut half = connect();
    half.write_all(b"GET /state HTTP/1.1\r\nHo").unwrap();
    let mut short = connect();
    let head =
        format!("POST /answer HTTP/1.1\r\nHost: {address}\r\nContent-Length: 100\r\n\r\n{{\"ind");
    short.write_all(head.as_bytes()).unwrap();
    // While they wait, another client is answered at once.
    server.still_serves();
    // One that sends a byte at a time (slowloris) is cut off, well before it has sent
    // 120 of them, a quarter of a second apart.
    let mut slow = connect();
    slow.write_all(b"GET /state HTTP/1.1\r\nX-Slow: ").unwrap();
    slow.set_read_timeout(Some(Duration::from_millis(250)))
        .unwrap();
    let cut_off = (0..120).any(|_| {
        match slow.read(&mut [0]) {
            // A reply, or the connection closed or reset.
            Ok(_) => return true,
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
            Err(_) => return true,
        }
        slow.write_all(b"x").is_err()
    });
    assert!(
        cut_off,
        "a client sending a byte at a time was kept for 30 s"
    );
    // Those that sent half a request are told it came too slowly, and those that sent
    // nothing are closed.
    for mut stream in [half, short] {
        let mut reply = String::new();
        stream.read_to_string(&mut reply).unwrap();
        assert_eq!(status(&reply), Some(408), "{reply}");
    }
    for mut stream in idle {
        let mut reply = String::new();
        stream.read_to_string(&mut reply).unwrap();
        assert_eq!(reply, "");
    }
    server.still_serves();
}

#[test]
fn two_hundred_connections_at_once_are_answered_in_turn() {
    let (_dir, _record, mut server, _page, _cookie) = opened("--game arctic-race --players 2");
    // Opened and left idle, they do not get a thread each (where the system tells, and
    // for a second, as the server takes them). Not 200: beyond those served and those the
    // system queues (128), a connection is refused until the idle ones served time out,
    // and tried again seconds later.
    let idle: Vec<TcpStream> = (0..100)
        .map(|_| TcpStream::connect(&server.address).unwrap())
        .collect();
    let proc_status = format!("/proc/{}/status", server.child.id());
    for _ in 0..20 {
        let Ok(status) = std::fs::read_to_string(&proc_status) else {
            break;
        };
        let threads: usize = status
            .lines()
            .find_map(|l| l.strip_prefix("Threads:"))
            .and_then(|n| n.trim().parse().ok())
            .expect("a count of threads");
        assert!(threads < idle.len(), "{threads} threads");
        std::thread::sleep(Duration::from_millis(50));
    }
    drop(idle);
    server.still_serves();
    // Sent at once, they are all answered.
    let request = format!("GET /state HTTP/1.0\r\nHost: {}\r\n\r\n", server.address);
    let streams: Vec<TcpStream> = (0..200)
        .map(|_| {
            let mut stream = TcpStream::connect(&server.address).unwrap();
            stream.set_read_timeout(Some(PATIENCE)).unwrap();
            stream.write_all(request.as_bytes()).unwrap();
            stream
        })
        .collect();
    // Half go away without reading their reply; the others each have theirs.
    for mut stream in streams.into_iter().step_by(2) {
        let mut reply = String::new();
        stream.read_to_string(&mut reply).unwrap();
        assert_eq!(status(&reply), Some(200), "{reply}");
    }
    server.still_serves();
}
