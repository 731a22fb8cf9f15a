//! Everything Floe shows a person on standard output and standard error goes through
//! here: escaped by [`crate::gate::terminal`] on the way, so no text from outside acts on
//! the terminal, and written so that a stream that fails (a full disk, a closed pipe)
//! gives an error naming the stream instead of a panic (`println!` panics, exit 101).

use std::io::{self, Write};

/// A standard stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    /// Standard output: results and logs.
    Out,
    /// Standard error: errors, warnings, progress.
    Err,
}

impl Stream {
    /// The stream's name in a message.
    pub fn name(self) -> &'static str {
        match self {
            Stream::Out => "standard output",
            Stream::Err => "standard error",
        }
    }
}

/// A write to a standard stream that failed: "cannot write to standard output: No space
/// left on device".
#[derive(Debug)]
pub struct StreamError {
    /// The stream.
    pub stream: Stream,
    /// The system's reason.
    pub source: io::Error,
}

impl std::fmt::Display for StreamError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot write to {}: {}", self.stream.name(), self.source)
    }
}

impl std::error::Error for StreamError {}

/// Writes `text` to `stream` as a terminal may show it, whole, and flushes it.
///
/// # Errors
/// A [`StreamError`] (as an [`io::Error`] of the failure's kind) naming the stream.
pub fn write(stream: Stream, text: &str) -> io::Result<()> {
    let shown = crate::gate::terminal(text);
    let written = match stream {
        Stream::Out => {
            let mut out = io::stdout().lock();
            out.write_all(shown.as_bytes()).and_then(|()| out.flush())
        }
        Stream::Err => {
            let mut err = io::stderr().lock();
            err.write_all(shown.as_bytes()).and_then(|()| err.flush())
        }
    };
    written.map_err(|source| io::Error::new(source.kind(), StreamError { stream, source }))
}

/// Writes `line` and a newline to standard output ([`write`]).
///
/// # Errors
/// As [`write`].
pub fn out(line: &str) -> io::Result<()> {
    write(Stream::Out, &format!("{line}\n"))
}

/// Writes `line` and a newline to standard error ([`write`]).
///
/// # Errors
/// As [`write`].
pub fn err(line: &str) -> io::Result<()> {
    write(Stream::Err, &format!("{line}\n"))
}

/// Writes `line` to standard error when it can: for a warning or a note that must not
/// stop the command if the terminal has gone away.
pub fn note(line: &str) {
    let _ = err(line);
}

/// Returns the stream `error` failed to write to, if it is a [`write`]'s error.
pub fn failed_stream(error: &io::Error) -> Option<Stream> {
    error
        .get_ref()
        .and_then(|e| e.downcast_ref::<StreamError>())
        .map(|e| e.stream)
}

/// Returns whether `error` is standard output closed by its reader (`floe replay | head`):
/// for most commands not an error, since the reader has what it wanted.
pub fn is_closed_output(error: &io::Error) -> bool {
    error.kind() == io::ErrorKind::BrokenPipe && failed_stream(error) == Some(Stream::Out)
}

/// A standard stream as a [`Write`]: what is written is shown a line at a time through
/// [`write`] (escaped, errors naming the stream), and the rest on [`Write::flush`], so
/// that the report printers that take any writer print through the gate too.
pub struct Screen {
    stream: Stream,
    pending: Vec<u8>,
}

/// Returns `stream` as a [`Screen`].
pub fn screen(stream: Stream) -> Screen {
    Screen {
        stream,
        pending: Vec::new(),
    }
}

impl Screen {
    /// Shows the first `end` bytes pending.
    fn show(&mut self, end: usize) -> io::Result<()> {
        let text: Vec<u8> = self.pending.drain(..end).collect();
        write(self.stream, &String::from_utf8_lossy(&text))
    }
}

impl Write for Screen {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(buf);
        if let Some(last) = self.pending.iter().rposition(|&b| b == b'\n') {
            self.show(last + 1)?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        let end = self.pending.len();
        if end > 0 {
            self.show(end)?;
        }
        Ok(())
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        // Whoever needed to know of a failure flushed; a last unfinished line is shown.
        let _ = self.flush();
    }
}

/// Standard output as a [`Screen`]; flush it at the end to hear of a failure.
pub fn stdout() -> Screen {
    screen(Stream::Out)
}
