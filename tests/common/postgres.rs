//! A real PostgreSQL for one test: a fresh cluster from `initdb` in a temporary directory, served on a free loopback
//! port, as `redis-server` is. PostgreSQL refuses to run as root: under root its programs run as the `postgres` user.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::free_port;

/// A PostgreSQL server of this test's own, stopped (immediately) and removed on drop.
pub struct PostgresServer {
    pub url: String,
    pub port: u16,
    dir: PathBuf,
    child: Option<Child>,
}

impl PostgresServer {
    /// A new cluster (user `ludus`, trusted on loopback), started.
    pub fn start() -> Self {
        let port = free_port();
        let dir = std::env::temp_dir().join(format!("ludus-postgres-{port}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        let mut server = Self {
            url: format!("postgres://ludus@127.0.0.1:{port}/postgres"),
            port,
            dir,
            child: None,
        };
        if as_root() {
            let status = Command::new("chown").arg("postgres").arg(&server.dir).status();
            assert!(status.is_ok_and(|status| status.success()), "chown postgres {}", server.dir.display());
        }
        let initdb = program("initdb")
            .arg("-D")
            .arg(server.data())
            .args([
                "-U",
                "ludus",
                "--auth=trust",
                "-E",
                "UTF8",
                "--no-sync",
                "--no-instructions",
            ])
            .stdout(Stdio::null())
            .output()
            .expect("initdb runs (the test command installs postgresql)");
        assert!(initdb.status.success(), "initdb failed: {}", String::from_utf8_lossy(&initdb.stderr));
        server.spawn();
        server
    }

    fn data(&self) -> PathBuf {
        self.dir.join("data")
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn spawn(&mut self) {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.dir.join("postgres.log"))
            .expect("a writable directory");
        let child = program("postgres")
            .arg("-D")
            .arg(self.data())
            .args(["-p", &self.port.to_string(), "-c", "listen_addresses=127.0.0.1"])
            .arg("-k")
            .arg(&self.dir)
            // The tests' data need not survive the machine: no waiting on the disk.
            .args([
                "-c",
                "fsync=off",
                "-c",
                "synchronous_commit=off",
                "-c",
                "full_page_writes=off",
            ])
            .stdout(log.try_clone().expect("a log file"))
            .stderr(log)
            .spawn()
            .expect("postgres runs");
        self.child = Some(child);
        self.wait_until_ready();
    }

    fn wait_until_ready(&mut self) {
        let deadline = Instant::now() + Duration::from_secs(30);
        while Instant::now() < deadline {
            let ready = program("pg_isready")
                .args(["-h", "127.0.0.1", "-p", &self.port.to_string(), "-U", "ludus", "-q"])
                .status()
                .is_ok_and(|status| status.success());
            if ready {
                return;
            }
            if let Some(exited) = self.child.as_mut().and_then(|child| child.try_wait().ok().flatten()) {
                panic!("postgres on port {} exited ({exited}): {}", self.port, self.log_tail());
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("postgres on port {} did not start: {}", self.port, self.log_tail());
    }

    fn log_tail(&self) -> String {
        let log = std::fs::read_to_string(self.dir.join("postgres.log")).unwrap_or_default();
        let lines: Vec<&str> = log.lines().collect();
        lines[lines.len().saturating_sub(8)..].join("\n")
    }

    /// The postmaster's process id, from its pid file (under root the child is `runuser`, not the server).
    fn postmaster_pid(&self) -> Option<String> {
        let pid_file = std::fs::read_to_string(self.data().join("postmaster.pid")).ok()?;
        pid_file.lines().next().map(str::to_owned)
    }

    /// `kill -9` of the server: no shutdown, as a crash.
    pub fn kill(&mut self) {
        self.signal("KILL");
    }

    fn signal(&mut self, signal: &str) {
        if let Some(pid) = self.postmaster_pid() {
            let _ = Command::new("kill").arg(format!("-{signal}")).arg(&pid).status();
        }
        if let Some(mut child) = self.child.take() {
            let _ = child.wait();
        }
        // The server's other processes leave once their postmaster is gone; a restart waits for the port anyway.
    }

    /// Starts the killed server again on its port and data.
    pub fn restart(&mut self) {
        let _ = std::fs::remove_file(self.data().join("postmaster.pid"));
        self.spawn();
    }

    /// Runs one SQL statement with psql and returns its output, unaligned and without headers.
    pub fn query(&self, sql: &str) -> String {
        let output = Command::new(program_path("psql"))
            .args([
                "-h",
                "127.0.0.1",
                "-p",
                &self.port.to_string(),
                "-U",
                "ludus",
                "-d",
                "postgres",
            ])
            .args(["-X", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-c", sql])
            .output()
            .expect("psql runs");
        assert!(output.status.success(), "{sql}: {}", String::from_utf8_lossy(&output.stderr));
        String::from_utf8_lossy(&output.stdout).trim().to_owned()
    }
}

impl Drop for PostgresServer {
    fn drop(&mut self) {
        // Immediate shutdown: the backends go with the postmaster.
        self.signal("QUIT");
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn as_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|output| output.stdout.starts_with(b"0\n"))
}

/// A PostgreSQL program, run as the `postgres` user under root.
fn program(name: &str) -> Command {
    let path = program_path(name);
    if as_root() {
        let mut command = Command::new("runuser");
        command.args(["-u", "postgres", "--"]).arg(path);
        command
    } else {
        Command::new(path)
    }
}

/// Where a PostgreSQL program is: on the PATH, or in Debian's versioned directory (newest first).
fn program_path(name: &str) -> PathBuf {
    let on_path = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|paths| std::env::split_paths(&paths).collect::<Vec<_>>())
        .map(|dir| dir.join(name))
        .find(|path| path.is_file());
    on_path
        .or_else(|| {
            let mut versions: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
                .into_iter()
                .flatten()
                .flatten()
                .map(|entry| entry.path().join("bin").join(name))
                .filter(|path| path.is_file())
                .collect();
            versions.sort();
            versions.pop()
        })
        .unwrap_or_else(|| panic!("{name} not found: postgresql must be installed (the test command installs it)"))
}
