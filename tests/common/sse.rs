//! A live stream read over a plain connection to a server process: the HTTP head, then the chunked body, one
//! Server-Sent Events message at a time.

use std::io::{BufRead, BufReader, ErrorKind, Write};
use std::net::TcpStream;
use std::time::Duration;

use serde_json::Value;

/// What reading a stream gave.
pub enum Read {
    Message {
        /// The message's id: for a log position, its version, `-` and 16 hex digits of the log's hash there.
        id: Option<String>,
        event: Option<String>,
        data: Value,
    },
    /// Nothing for a while (the stream is open).
    Idle,
    /// The server ended the stream, or the connection broke.
    Ended,
}

pub struct Sse {
    reader: BufReader<TcpStream>,
    buffer: String,
}

impl Sse {
    /// Opens a stream of `game` on `port`, resuming after message id `last` when given; `None` when refused (or 204).
    pub fn open(port: u16, game: &str, last: Option<&str>) -> Option<Sse> {
        let resume = last.map(|last| ("Last-Event-ID", last));
        Self::open_path(port, &format!("/v1/games/{game}/stream"), resume.as_slice())
    }

    /// Opens the stream at `path` with these request headers.
    pub fn open_path(port: u16, path: &str, headers: &[(&str, &str)]) -> Option<Sse> {
        let stream = TcpStream::connect(("127.0.0.1", port)).ok()?;
        stream.set_read_timeout(Some(Duration::from_secs(30))).ok()?;
        let mut request = format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n");
        for (name, value) in headers {
            request.push_str(&format!("{name}: {value}\r\n"));
        }
        request.push_str("\r\n");
        (&stream).write_all(request.as_bytes()).ok()?;
        let mut reader = BufReader::new(stream);
        let mut status = String::new();
        reader.read_line(&mut status).ok()?;
        loop {
            let mut line = String::new();
            if reader.read_line(&mut line).ok()? == 0 {
                return None;
            }
            if line == "\r\n" {
                break;
            }
        }
        reader.get_ref().set_read_timeout(Some(Duration::from_secs(1))).ok()?;
        status.contains(" 200 ").then_some(Sse {
            reader,
            buffer: String::new(),
        })
    }

    /// The next message; `Idle` after a second without one.
    pub fn next(&mut self) -> Read {
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let raw: String = self.buffer.drain(..end + 2).collect();
                let (mut id, mut event, mut data) = (None, None, Value::Null);
                for line in raw.lines() {
                    if let Some(value) = line.strip_prefix("id: ") {
                        id = Some(value.to_owned());
                    } else if let Some(value) = line.strip_prefix("event: ") {
                        event = Some(value.to_owned());
                    } else if let Some(value) = line.strip_prefix("data: ") {
                        data = serde_json::from_str(value).unwrap_or(Value::Null);
                    }
                }
                if id.is_some() || event.is_some() {
                    return Read::Message { id, event, data };
                }
                continue;
            }
            match super::http::read_chunk(&mut self.reader) {
                Ok(Some(chunk)) => self.buffer.push_str(&chunk),
                Ok(None) => return Read::Ended,
                Err(error) if matches!(error.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => return Read::Idle,
                Err(_) => return Read::Ended,
            }
        }
    }
}
