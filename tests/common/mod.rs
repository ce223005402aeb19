//! Shared test support: the fixture title, a real `redis-server` on a free port, and app builders.
#![allow(dead_code)] // each test binary uses a different part of this module

pub mod fixture;

use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use ludus::engine::Registry;
use ludus::service::GameService;
use ludus::store::{EventStore, MemoryStore, RedisStore};

/// Every real title plus the fixture.
pub fn registry() -> Registry {
    let mut registry = Registry::with_all_titles();
    registry.register::<fixture::Duel>();
    registry
}

pub fn service(store: Arc<dyn EventStore>) -> GameService {
    GameService::new(registry(), store)
}

pub fn memory() -> Arc<dyn EventStore> {
    Arc::new(MemoryStore::new())
}

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free loopback port")
        .port()
}

/// A `redis-server` started for one test on a free loopback port (or the server named by
/// `LUDUS_TEST_REDIS_URL`, shared, in which case nothing is started). Killed on drop.
pub struct RedisServer {
    pub url: String,
    pub port: u16,
    child: Option<Child>,
    dir: Option<std::path::PathBuf>,
}

impl RedisServer {
    pub fn start() -> Self {
        if let Ok(url) = std::env::var("LUDUS_TEST_REDIS_URL") {
            return Self {
                url,
                port: 0,
                child: None,
                dir: None,
            };
        }
        let port = free_port();
        Self::start_on(port)
    }

    /// Starts a server on `port` with append-only persistence in a fresh directory.
    pub fn start_on(port: u16) -> Self {
        let dir = std::env::temp_dir().join(format!("ludus-redis-{port}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        let mut server = Self {
            url: format!("redis://127.0.0.1:{port}"),
            port,
            child: None,
            dir: Some(dir),
        };
        server.spawn();
        server
    }

    fn spawn(&mut self) {
        let dir = self.dir.as_ref().expect("a server this test started");
        let child = Command::new("redis-server")
            .args([
                "--port",
                &self.port.to_string(),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
            ])
            .args(["--appendonly", "yes", "--appendfsync", "always"])
            .arg("--dir")
            .arg(dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("redis-server must be installed (the test command installs it)");
        self.child = Some(child);
        self.wait_until_ready();
    }

    fn wait_until_ready(&self) {
        let deadline = Instant::now() + Duration::from_secs(10);
        let client = redis::Client::open(self.url.as_str()).expect("a valid URL");
        while Instant::now() < deadline {
            if let Ok(mut connection) = client.get_connection()
                && redis::cmd("PING").query::<String>(&mut connection).is_ok()
            {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        panic!("redis-server on port {} did not start", self.port);
    }

    /// Stops the server (SIGKILL) without losing what it acknowledged: appendfsync is `always`.
    pub fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Starts it again on the same port and data directory.
    pub fn restart(&mut self) {
        self.stop();
        self.spawn();
    }

    pub fn store(&self) -> Arc<dyn EventStore> {
        Arc::new(RedisStore::open(&self.url, false).expect("a valid Redis URL"))
    }
}

impl Drop for RedisServer {
    fn drop(&mut self) {
        self.stop();
        if let Some(dir) = &self.dir {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}
