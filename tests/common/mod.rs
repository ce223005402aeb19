//! Shared test support: the fixture title, a real `redis-server` on a free port, and app builders.
#![allow(dead_code)] // each test binary uses a different part of this module

pub mod app;
pub mod fixture;
pub mod http;
pub mod postgres;
pub mod sse;

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use ludus::engine::Registry;
use ludus::service::GameService;
use ludus::store::{EventStore, MemoryStore, RedisStore, RedisTls, Retention};

/// Every real title plus the fixture.
pub fn registry() -> Registry {
    let mut registry = Registry::with_all_titles();
    registry.register::<fixture::Duel>();
    registry
}

/// The title's actions among listed ones: a random player skips the table's (undo, draw offers...), as docs/api.md
/// asks, or it could undo forever.
pub fn title_actions(listed: &[serde_json::Value]) -> Vec<serde_json::Value> {
    listed
        .iter()
        .filter(|action| !ludus::engine::table::is_table_action(action))
        .cloned()
        .collect()
}

pub fn service(store: Arc<dyn EventStore>) -> GameService {
    GameService::new(registry(), store)
}

pub fn memory() -> Arc<dyn EventStore> {
    Arc::new(MemoryStore::default())
}

/// The ports `free_port` hands out: below the kernel's ephemeral range (32768 and up), where no outgoing connection
/// is given one between the check and the server's bind, and 10000 below its top so that a Redis Cluster node's bus
/// port (its port + 10000) is below it too.
const TEST_PORTS: std::ops::Range<u16> = 12_000..22_700;

/// A loopback port free now, with the port 10000 above it free too, and handed out once in this process.
pub fn free_port() -> u16 {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let span = u32::from(TEST_PORTS.end - TEST_PORTS.start);
    // Processes start apart, in case two run these tests at once.
    let start = std::process::id() * 97;
    loop {
        let taken = NEXT.fetch_add(1, Ordering::Relaxed);
        assert!(taken < span, "every test port was handed out");
        let port = TEST_PORTS.start + ((start + taken) % span) as u16;
        let free = |port: u16| TcpListener::bind(("127.0.0.1", port)).is_ok();
        if free(port) && free(port + 10_000) {
            return port;
        }
    }
}

/// A private CA, a certificate of it for the loopback address (server) and one for a client, as PEM files in a fresh
/// directory removed on drop.
pub struct TlsFiles {
    dir: PathBuf,
}

impl TlsFiles {
    pub fn generate() -> Self {
        use rcgen::{BasicConstraints, CertificateParams, DnType, ExtendedKeyUsagePurpose, IsCa, Issuer, KeyPair};
        let dir = std::env::temp_dir().join(format!("ludus-tls-{}-{}", std::process::id(), free_port()));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        let write = |name: &str, pem: String| std::fs::write(dir.join(name), pem).expect("a writable directory");
        let mut ca = CertificateParams::new(Vec::new()).expect("CA parameters");
        ca.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        // Names of their own: OpenSSL (redis-server) takes a certificate named like its issuer for a self-signed one.
        ca.distinguished_name.push(DnType::CommonName, "ludus test CA");
        let ca_key = KeyPair::generate().expect("a CA key");
        write("ca.pem", ca.self_signed(&ca_key).expect("a CA certificate").pem());
        let issuer = Issuer::new(ca, ca_key);
        // The server's certificate is also a client's: cluster nodes present it to each other.
        for (name, purposes) in [
            ("server", vec![ExtendedKeyUsagePurpose::ServerAuth, ExtendedKeyUsagePurpose::ClientAuth]),
            ("client", vec![ExtendedKeyUsagePurpose::ClientAuth]),
        ] {
            let mut params =
                CertificateParams::new(vec!["127.0.0.1".to_owned(), "localhost".to_owned()]).expect("parameters");
            params.extended_key_usages = purposes;
            params
                .distinguished_name
                .push(DnType::CommonName, format!("ludus test {name}"));
            let key = KeyPair::generate().expect("a key");
            write(&format!("{name}.pem"), params.signed_by(&key, &issuer).expect("a certificate").pem());
            write(&format!("{name}-key.pem"), key.serialize_pem());
        }
        Self { dir }
    }

    /// `ca.pem`, `server.pem`, `server-key.pem`, `client.pem` or `client-key.pem`.
    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    fn read(&self, name: &str) -> Vec<u8> {
        std::fs::read(self.path(name)).expect("the generated file")
    }

    /// Ludus's settings: trust the CA, and with `identity`, present the client certificate.
    pub fn redis_tls(&self, identity: bool) -> RedisTls {
        let client = identity.then(|| (self.read("client.pem"), self.read("client-key.pem")));
        RedisTls::from_pem(Some(self.read("ca.pem")), client).expect("the generated files are valid")
    }

    /// The same settings as environment variables, for the binary.
    pub fn env(&self, identity: bool) -> Vec<(&'static str, String)> {
        let mut env = vec![("LUDUS_REDIS_CA_FILE", self.path("ca.pem"))];
        if identity {
            env.push(("LUDUS_REDIS_CLIENT_CERT_FILE", self.path("client.pem")));
            env.push(("LUDUS_REDIS_CLIENT_KEY_FILE", self.path("client-key.pem")));
        }
        env.into_iter()
            .map(|(name, path)| (name, path.display().to_string()))
            .collect()
    }

    /// `redis-server` arguments serving TLS only, with these files; `require_client_certificates`: mutual TLS.
    fn server_args(&self, port: u16, require_client_certificates: bool) -> Vec<String> {
        let path = |name: &str| self.path(name).display().to_string();
        let auth_clients = if require_client_certificates { "yes" } else { "no" };
        [
            ("--port", "0".to_owned()),
            ("--tls-port", port.to_string()),
            ("--tls-cert-file", path("server.pem")),
            ("--tls-key-file", path("server-key.pem")),
            ("--tls-ca-cert-file", path("ca.pem")),
            ("--tls-auth-clients", auth_clients.to_owned()),
        ]
        .into_iter()
        .flat_map(|(name, value)| [name.to_owned(), value])
        .collect()
    }

    /// What the tests' own Redis connections use: the CA and the client certificate (accepted by either server).
    fn certificates(&self) -> redis::TlsCertificates {
        redis::TlsCertificates {
            client_tls: Some(redis::ClientTlsConfig {
                client_cert: self.read("client.pem"),
                client_key: self.read("client-key.pem"),
            }),
            root_cert: Some(self.read("ca.pem")),
        }
    }
}

impl Drop for TlsFiles {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A `redis-server` started for one test on a free loopback port (or the server named by
/// `LUDUS_TEST_REDIS_URL`, shared, in which case nothing is started). Killed on drop.
pub struct RedisServer {
    pub url: String,
    pub port: u16,
    child: Option<Child>,
    dir: Option<PathBuf>,
    /// For a TLS server: its certificates, and what its stores are opened with.
    tls: Option<(redis::TlsCertificates, RedisTls)>,
}

impl RedisServer {
    pub fn start() -> Self {
        if let Ok(url) = std::env::var("LUDUS_TEST_REDIS_URL") {
            return Self {
                url,
                port: 0,
                child: None,
                dir: None,
                tls: None,
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

    /// A server speaking only TLS (`rediss://`) with the certificates of `files`; with `mutual`, clients must
    /// present a certificate of the CA, and its stores do.
    pub fn start_tls(files: &TlsFiles, mutual: bool) -> Self {
        let mut server = Self::unstarted(free_port());
        let args = server.use_tls(files, mutual);
        server.spawn_with(&args.iter().map(String::as_str).collect::<Vec<_>>());
        server
    }

    /// Makes this unstarted server a TLS one; returns the `redis-server` arguments that serve TLS only.
    fn use_tls(&mut self, files: &TlsFiles, mutual: bool) -> Vec<String> {
        self.url = format!("rediss://127.0.0.1:{}", self.port);
        self.tls = Some((files.certificates(), files.redis_tls(mutual)));
        files.server_args(self.port, mutual)
    }

    /// What this server's stores are opened with.
    fn store_tls(&self) -> RedisTls {
        self.tls.as_ref().map(|(_, tls)| tls.clone()).unwrap_or_default()
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
            tls: None,
        }
    }

    /// A client of the test's own, over TLS for a TLS server.
    fn client(&self) -> redis::Client {
        match &self.tls {
            Some((certificates, _)) => redis::Client::build_with_tls(self.url.as_str(), certificates.clone()),
            None => redis::Client::open(self.url.as_str()),
        }
        .expect("a valid URL")
    }

    /// The server's data directory.
    pub fn dir(&self) -> &Path {
        self.dir.as_deref().expect("a server this test started")
    }

    /// Runs one command and returns its reply as text.
    pub fn command(&self, args: &[&str]) -> String {
        let mut connection = self.client().get_connection().expect("the server answers");
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

    /// The server's process id (a server this test started).
    pub fn pid(&self) -> u32 {
        self.child.as_ref().expect("a server this test started").id()
    }

    /// Sends `signal` (`STOP`, `CONT`, `KILL`...) to the server's process.
    pub fn signal(&self, signal: &str) {
        let status = Command::new("kill")
            .arg(format!("-{signal}"))
            .arg(self.pid().to_string())
            .status()
            .expect("kill runs");
        assert!(status.success(), "kill -{signal} {}", self.pid());
    }

    /// A replica of `primary`, started on a free port (append-only persistence, as `start` does), once it
    /// acknowledges writes. `state=online` at the primary is not enough: right after its first sync a replica turns
    /// its append-only file on again (a rewrite in a child), and a write sent then could wait past a short `WAIT`
    /// timeout under load, so it is ready once that is done and it has acknowledged a write sent after it.
    pub fn replica_of(primary: &RedisServer) -> Self {
        let port = primary.port.to_string();
        let replica = Self::start_with(&["--replicaof", "127.0.0.1", &port]);
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut probe = primary.client().get_connection().expect("the primary answers");
        loop {
            let info = replica.command(&["INFO"]);
            let settled = ["master_link_status:up", "loading:0", "aof_rewrite_in_progress:0"]
                .iter()
                .all(|line| info.contains(line));
            // PUBLISH travels down the replication stream without a key: WAIT counts who acknowledged it.
            let acknowledged = settled
                && redis::cmd("PUBLISH")
                    .arg("ludus-test:replica-probe")
                    .arg("ready?")
                    .exec(&mut probe)
                    .is_ok()
                && redis::cmd("WAIT")
                    .arg(1)
                    .arg(200)
                    .query::<u64>(&mut probe)
                    .is_ok_and(|replicas| replicas >= 1);
            if acknowledged {
                return replica;
            }
            assert!(Instant::now() < deadline, "the replica never acknowledged a write");
            std::thread::sleep(Duration::from_millis(50));
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
        // Its own words, kept for a server that does not start.
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(dir.join("redis-server.log"))
            .expect("a writable directory");
        let child = Command::new("redis-server")
            .args(["--port", &self.port.to_string(), "--bind", "127.0.0.1", "--save", ""])
            .args(["--appendonly", "yes", "--appendfsync", "always"])
            .args(extra)
            .arg("--dir")
            .arg(dir)
            .stdout(log.try_clone().expect("a log file"))
            .stderr(log)
            .spawn()
            .expect("redis-server must be installed (the test command installs it)");
        self.child = Some(child);
        self.wait_until_ready();
    }

    fn wait_until_ready(&mut self) {
        let deadline = Instant::now() + Duration::from_secs(10);
        let client = self.client();
        let mut exited = None;
        while Instant::now() < deadline {
            if let Ok(mut connection) = client.get_connection()
                && redis::cmd("PING").query::<String>(&mut connection).is_ok()
            {
                return;
            }
            exited = self.child.as_mut().and_then(|child| child.try_wait().ok().flatten());
            if exited.is_some() {
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let log = std::fs::read_to_string(self.dir().join("redis-server.log")).unwrap_or_default();
        let lines: Vec<&str> = log.lines().collect();
        let tail = lines[lines.len().saturating_sub(8)..].join("\n");
        panic!("redis-server on port {} did not start (exited: {exited:?}); its log ends:\n{tail}", self.port);
    }

    /// Stops the server (SIGKILL); with the default `appendfsync always`, without losing what it acknowledged.
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
        Arc::new(RedisStore::open(&self.url, false, &self.store_tls(), retention).expect("a valid Redis URL"))
    }
}

/// A Redis Cluster on free loopback ports (three primaries, with or without a replica each), stopped on drop.
pub struct RedisCluster {
    nodes: Vec<RedisServer>,
    /// The extra `redis-server` arguments every node was started with.
    extra: Vec<String>,
}

impl RedisCluster {
    pub fn start() -> Self {
        Self::start_with(None)
    }

    /// Every node speaks TLS only, to clients and to the other nodes (`tls-cluster`), with the certificates of `files`.
    pub fn start_tls(files: &TlsFiles) -> Self {
        Self::start_with(Some(files))
    }

    fn start_with(tls: Option<&TlsFiles>) -> Self {
        Self::start_nodes(3, 0, tls, &[])
    }

    /// Three primaries with a replica each, every node started with `extra` `redis-server` arguments as well (e.g.
    /// `--appendfsync everysec`, `--cluster-node-timeout 2000`).
    pub fn start_replicated(extra: &[&str]) -> Self {
        Self::start_nodes(6, 1, None, extra)
    }

    fn start_nodes(count: usize, replicas: usize, tls: Option<&TlsFiles>, extra: &[&str]) -> Self {
        let nodes: Vec<RedisServer> = (0..count)
            .map(|_| {
                let mut node = RedisServer::unstarted(free_port());
                let mut args: Vec<String> = ["--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf"]
                    .map(str::to_owned)
                    .into();
                if let Some(files) = tls {
                    args.extend(node.use_tls(files, false));
                    args.extend(["--tls-cluster".to_owned(), "yes".to_owned()]);
                }
                args.extend(extra.iter().map(|arg| (*arg).to_owned()));
                node.spawn_with(&args.iter().map(String::as_str).collect::<Vec<_>>());
                node
            })
            .collect();
        let addresses: Vec<String> = nodes.iter().map(|n| format!("127.0.0.1:{}", n.port)).collect();
        let mut create = Command::new("redis-cli");
        if let Some(files) = tls {
            create.arg("--tls").arg("--cacert").arg(files.path("ca.pem"));
        }
        let status = create
            .args(["--cluster", "create"])
            .args(&addresses)
            .args(["--cluster-replicas", &replicas.to_string(), "--cluster-yes"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .expect("redis-cli is installed with redis-server");
        assert!(status.success(), "redis-cli --cluster create failed");
        let cluster = Self {
            nodes,
            extra: extra.iter().map(|arg| (*arg).to_owned()).collect(),
        };
        cluster.wait_until_ready();
        if replicas > 0 {
            cluster.wait_until_replicated();
        }
        cluster
    }

    /// The nodes as a live node sees them now: (port, is a primary, the port of its primary for a replica), for
    /// every node not marked failed.
    pub fn topology(&self) -> Vec<(u16, bool, Option<u16>)> {
        let text = self
            .nodes
            .iter()
            .filter(|node| node.child.is_some())
            .find_map(|node| {
                let mut connection = node.client().get_connection().ok()?;
                redis::cmd("CLUSTER").arg("NODES").query::<String>(&mut connection).ok()
            })
            .expect("a node answers");
        let lines: Vec<Vec<&str>> = text.lines().map(|line| line.split(' ').collect()).collect();
        let port_of = |fields: &[&str]| -> u16 {
            let address = fields[1].split('@').next().unwrap();
            address.rsplit(':').next().unwrap().parse().unwrap()
        };
        lines
            .iter()
            .filter(|fields| fields.len() > 3 && !fields[2].contains("fail"))
            .map(|fields| {
                let primary = fields[2].contains("master");
                let of = (!primary)
                    .then(|| {
                        lines
                            .iter()
                            .find(|other| other[0] == fields[3])
                            .map(|other| port_of(other))
                    })
                    .flatten();
                (port_of(fields), primary, of)
            })
            .collect()
    }

    /// Kills the node on `port` (SIGKILL).
    pub fn stop(&mut self, port: u16) {
        self.nodes
            .iter_mut()
            .find(|node| node.port == port)
            .expect("a node of the cluster")
            .stop();
    }

    /// The node listening on `port`.
    pub fn node(&self, port: u16) -> &RedisServer {
        self.nodes
            .iter()
            .find(|node| node.port == port)
            .expect("a node of the cluster")
    }

    /// Starts the node on `port` again (after a kill), with its data and cluster config: it rejoins as a replica of
    /// whichever node took its place.
    pub fn restart(&mut self, port: u16) {
        let mut args: Vec<String> = ["--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf"]
            .map(str::to_owned)
            .into();
        args.extend(self.extra.iter().cloned());
        let node = self
            .nodes
            .iter_mut()
            .find(|node| node.port == port)
            .expect("a node of the cluster");
        node.respawn(&args.iter().map(String::as_str).collect::<Vec<_>>());
    }

    /// Waits until the cluster covers every slot and each primary has a replica online.
    pub fn wait_until_replicated(&self) {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let topology = self.topology();
            let primaries: Vec<u16> = topology.iter().filter(|node| node.1).map(|node| node.0).collect();
            let replicated = primaries.len() == 3
                && primaries.iter().all(|primary| {
                    self.node(*primary)
                        .command(&["INFO", "replication"])
                        .contains("state=online")
                });
            if replicated && self.is_ok() {
                return;
            }
            assert!(Instant::now() < deadline, "the cluster never had a replica online per primary");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Whether a live node says every slot is served.
    pub fn is_ok(&self) -> bool {
        self.nodes.iter().filter(|node| node.child.is_some()).any(|node| {
            node.client()
                .get_connection()
                .ok()
                .and_then(|mut connection| redis::cmd("CLUSTER").arg("INFO").query::<String>(&mut connection).ok())
                .is_some_and(|info| info.contains("cluster_state:ok"))
        })
    }

    fn wait_until_ready(&self) {
        let deadline = Instant::now() + Duration::from_secs(20);
        let client = self.nodes[0].client();
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
        let tls = self.nodes[0].store_tls();
        Arc::new(RedisStore::open(&self.urls(), true, &tls, retention).expect("valid Redis URLs"))
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
        Self::spawn(port, redis_url, env, None)
    }

    /// Starts the binary logging at `filter` (`RUST_LOG`) into the file `log`, its standard output and error both.
    pub fn start_logging(redis_url: Option<&str>, filter: &str, log: &std::path::Path) -> Self {
        let file = std::fs::File::create(log).expect("the log file is created");
        Self::spawn(free_port(), redis_url, &[("RUST_LOG", filter)], Some(file))
    }

    fn spawn(port: u16, redis_url: Option<&str>, env: &[(&str, &str)], log: Option<std::fs::File>) -> Self {
        let mut command = Command::new(env!("CARGO_BIN_EXE_ludus"));
        command
            .env("RUST_LOG", "warn")
            .envs(env.iter().copied())
            .env("LUDUS_BIND", format!("127.0.0.1:{port}"))
            .env_remove("LUDUS_REDIS_URL")
            .env_remove("REDIS_URL");
        match log {
            Some(file) => {
                let copy = file.try_clone().expect("the log file is shared");
                command.stdout(copy).stderr(file)
            }
            None => command.stdout(Stdio::null()).stderr(Stdio::null()),
        };
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

    /// Waits up to `within` for the process to exit (after a signal of the test's), returning its status.
    pub fn wait_for_exit(&mut self, within: Duration) -> Option<std::process::ExitStatus> {
        let deadline = Instant::now() + within;
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        None
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

/// A game's answer without who was connected when it was made (presence is not in the log): what a replay or a
/// rebuild from the log gives again.
pub fn without_presence(answer: &serde_json::Value) -> serde_json::Value {
    let mut answer = answer.clone();
    for player in answer["players"].as_array_mut().expect("the players") {
        let player = player.as_object_mut().expect("a player");
        player.remove("connected");
        player.remove("last_seen_ms");
    }
    answer
}

/// The `(seat, token)` pairs of a game creation's answer, in seat order.
pub fn seat_tokens(created: &serde_json::Value) -> Vec<(String, String)> {
    created["seats"]
        .as_array()
        .expect("the created seats")
        .iter()
        .map(|seat| (seat["seat"].as_str().unwrap().to_owned(), seat["token"].as_str().unwrap().to_owned()))
        .collect()
}
