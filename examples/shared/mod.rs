//! What the measuring examples `accounts` and `streams` share (each has it as `mod shared;`): their command lines,
//! one HTTP/1.1 exchange with ludus, and readings of a process and of samples. A folder without a `main.rs`, so
//! cargo does not take it for an example of its own.

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// The ludus instance measured: where it listens (`--port`, 8080 by default) and its process (`--pid`, for its
/// memory and CPU).
pub struct Instance {
    pub port: u16,
    pub pid: u32,
}

impl Default for Instance {
    fn default() -> Self {
        Self { port: 8080, pid: 0 }
    }
}

impl Instance {
    /// Takes `--port` and `--pid`; false for any other flag.
    pub fn takes(&mut self, flag: &str, number: &dyn Fn() -> usize) -> bool {
        match flag {
            "--port" => self.port = number() as u16,
            "--pid" => self.pid = number() as u32,
            _ => return false,
        }
        true
    }
}

/// The command line's `--flag value` pairs, each given to `set` with its value and a reading of the value as a
/// number (which panics, naming the flag, when it is not one); `set` refuses the flags it does not know.
pub fn read_flags(mut set: impl FnMut(&str, &str, &dyn Fn() -> usize)) {
    let words: Vec<String> = std::env::args().skip(1).collect();
    for pair in words.chunks(2) {
        let value = pair.get(1).cloned().unwrap_or_default();
        let number = || {
            value
                .parse::<usize>()
                .unwrap_or_else(|_| panic!("{} takes a number", pair[0]))
        };
        set(&pair[0], &value, &number);
    }
}

/// Sends `request` (a whole HTTP/1.1 request, `Connection: close`) to ludus on 127.0.0.1:`port` on a new connection
/// and reads the answer to its end: the status and the JSON body (`Null` when there is none).
pub async fn exchange(port: u16, request: &str) -> (u16, Value) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).await.expect("ludus answers");
    stream.write_all(request.as_bytes()).await.expect("sent");
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.expect("answered");
    let text = String::from_utf8_lossy(&raw);
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

/// The sample at fraction `p` (0.5 the median) of `sorted`, which is sorted and not empty.
pub fn percentile<T: Copy>(sorted: &[T], p: f64) -> T {
    sorted[((sorted.len() as f64 * p) as usize).min(sorted.len() - 1)]
}

/// The resident memory of process `pid`, in KiB (0 when it cannot be read).
pub fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find_map(|line| line.strip_prefix("VmRSS:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}
