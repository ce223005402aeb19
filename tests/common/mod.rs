//! Shared test support: the fixture title, a real `redis-server` on a free port, and app builders.
#![allow(dead_code)] // each test binary uses a different part of this module

pub mod app;
pub mod fixture;
pub mod http;

use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use ludus::engine::Registry;
use ludus::service::GameService;
use ludus::store::{EventStore, MemoryStore, RedisStore, Retention};

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
    Arc::new(MemoryStore::default())
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

    /// A server started with extra `redis-server` arguments (they override the defaults), never a shared one.
    pub fn start_with(extra: &[&str]) -> Self {
        let mut server = Self::unstarted(free_port());
        server.spawn_with(extra);
        server
    }

    /// Starts a server on `port` with append-only persistence in a fresh directory.
    pub fn start_on(port: u16) -> Self {
        let mut server = Self::unstarted(port);
        server.spawn();
        server
    }

    fn unstarted(port: u16) -> Self {
        let dir = std::env::temp_dir().join(format!("ludus-redis-{port}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        Self {
            url: format!("redis://127.0.0.1:{port}"),
            port,
            child: None,
            dir: Some(dir),
        }
    }

    /// The server's data directory.
    pub fn dir(&self) -> &std::path::Path {
        self.dir.as_deref().expect("a server this test started")
    }

    /// Runs one command and returns its reply as text.
    pub fn command(&self, args: &[&str]) -> String {
        let client = redis::Client::open(self.url.as_str()).expect("a valid URL");
        let mut connection = client.get_connection().expect("the server answers");
        let mut command = redis::cmd(args[0]);
        for arg in &args[1..] {
            command.arg(*arg);
        }
        let reply: redis::Value = command.query(&mut connection).expect("the command succeeds");
        match reply {
            redis::Value::BulkString(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            redis::Value::SimpleString(text) => text,
            other => format!("{other:?}"),
        }
    }

    /// Writes a snapshot (`dump.rdb` in `dir()`) now.
    pub fn save(&self) {
        assert!(self.command(&["SAVE"]).eq_ignore_ascii_case("ok"));
    }

    /// Starts the stopped server again on the same port and directory, with these extra arguments.
    pub fn respawn(&mut self, extra: &[&str]) {
        self.stop();
        self.spawn_with(extra);
    }

    fn spawn(&mut self) {
        self.spawn_with(&[]);
    }

    fn spawn_with(&mut self, extra: &[&str]) {
        let dir = self.dir.as_ref().expect("a server this test started");
        let child = Command::new("redis-server")
            .args(["--port", &self.port.to_string(), "--bind", "127.0.0.1", "--save", ""])
            .args(["--appendonly", "yes", "--appendfsync", "always"])
            .args(extra)
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
        self.store_with(Retention::default())
    }

    pub fn store_with(&self, retention: Retention) -> Arc<dyn EventStore> {
        Arc::new(RedisStore::open(&self.url, false, retention).expect("a valid Redis URL"))
    }
}

/// A three-node Redis Cluster (no replicas) on free loopback ports, stopped on drop.
pub struct RedisCluster {
    nodes: Vec<RedisServer>,
}

impl RedisCluster {
    pub fn start() -> Self {
        let nodes: Vec<RedisServer> = (0..3)
            .map(|_| {
                let port = free_port();
                let dir = std::env::temp_dir().join(format!("ludus-cluster-{port}-{}", std::process::id()));
                std::fs::create_dir_all(&dir).expect("a temporary directory");
                let mut node = RedisServer {
                    url: format!("redis://127.0.0.1:{port}"),
                    port,
                    child: None,
                    dir: Some(dir),
                };
                node.spawn_with(&["--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf"]);
                node
            })
            .collect();
        let addresses: Vec<String> = nodes.iter().map(|n| format!("127.0.0.1:{}", n.port)).collect();
        let status = Command::new("redis-cli")
            .args(["--cluster", "create"])
            .args(&addresses)
            .args(["--cluster-replicas", "0", "--cluster-yes"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .expect("redis-cli is installed with redis-server");
        assert!(status.success(), "redis-cli --cluster create failed");
        let cluster = Self { nodes };
        cluster.wait_until_ready();
        cluster
    }

    fn wait_until_ready(&self) {
        let deadline = Instant::now() + Duration::from_secs(20);
        let client = redis::Client::open(self.nodes[0].url.as_str()).expect("a valid URL");
        while Instant::now() < deadline {
            if let Ok(mut connection) = client.get_connection()
                && redis::cmd("CLUSTER")
                    .arg("INFO")
                    .query::<String>(&mut connection)
                    .is_ok_and(|info| info.contains("cluster_state:ok"))
            {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("the Redis Cluster did not become ready");
    }

    /// The comma-separated seed URLs, as `LUDUS_REDIS_URL` takes them.
    pub fn urls(&self) -> String {
        self.nodes.iter().map(|n| n.url.clone()).collect::<Vec<_>>().join(",")
    }

    pub fn store_with(&self, retention: Retention) -> Arc<dyn EventStore> {
        Arc::new(RedisStore::open(&self.urls(), true, retention).expect("valid Redis URLs"))
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

/// The `ludus` binary serving on a free loopback port, killed on drop.
pub struct ServerProcess {
    pub port: u16,
    child: Child,
}

impl ServerProcess {
    pub fn start(redis_url: Option<&str>) -> Self {
        Self::start_on(free_port(), redis_url)
    }

    pub fn start_on(port: u16, redis_url: Option<&str>) -> Self {
        Self::start_with_env(port, redis_url, &[])
    }

    /// Starts the binary with extra environment variables (e.g. `LUDUS_MAX_STREAMS`).
    pub fn start_with_env(port: u16, redis_url: Option<&str>, env: &[(&str, &str)]) -> Self {
        let mut command = Command::new(env!("CARGO_BIN_EXE_ludus"));
        command.envs(env.iter().copied());
        command
            .env("LUDUS_BIND", format!("127.0.0.1:{port}"))
            .env_remove("LUDUS_REDIS_URL")
            .env_remove("REDIS_URL")
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        if let Some(url) = redis_url {
            command.env("LUDUS_REDIS_URL", url);
        }
        let child = command.spawn().expect("the ludus binary starts");
        let server = Self { port, child };
        let deadline = Instant::now() + Duration::from_secs(20);
        while Instant::now() < deadline {
            if http::request(port, "GET", "/health", &[], None).is_some_and(|reply| reply.status == 200) {
                return server;
            }
            std::thread::sleep(Duration::from_millis(25));
        }
        panic!("ludus did not become healthy on port {port}");
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// SIGKILL: no shutdown hook runs.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        self.kill();
    }
}
