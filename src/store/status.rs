//! What the store reports about its durability: its replicas and how far they lag, and its persistence settings.

use serde::Serialize;

/// The store's replication as its primaries report it, and what a write waits for.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ReplicationStatus {
    /// Replicas each write waits for before it is acknowledged (`LUDUS_REDIS_WAIT_REPLICAS`; 0: none).
    pub wait_replicas: u32,
    /// Whether the wait is for the replicas' disks too (`WAITAOF`).
    pub wait_aof: bool,
    /// The fewest replicas online at any primary: below `wait_replicas`, writes answer 503 `replication_timeout`.
    pub replicas_seen: u32,
    /// The longest any replica lags its primary, in seconds since its last acknowledgement.
    pub max_lag_seconds: u64,
    /// Each primary (one server, or each of a cluster's).
    pub primaries: Vec<PrimaryReplication>,
}

/// One primary's replicas.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct PrimaryReplication {
    /// The node's address as the client knows it (empty for a single server).
    pub node: String,
    /// Replicas online.
    pub replicas: u32,
    /// Bytes of the replication stream the furthest-behind online replica has yet to acknowledge.
    pub lag_bytes: u64,
    /// Seconds since the furthest-behind online replica last acknowledged.
    pub lag_seconds: u64,
}

impl ReplicationStatus {
    /// From each primary's `INFO replication` text.
    pub fn from_info(
        wait_replicas: u32,
        wait_aof: bool,
        primaries: impl IntoIterator<Item = (String, String)>,
    ) -> Self {
        let primaries: Vec<PrimaryReplication> = primaries
            .into_iter()
            .filter(|(_, info)| info_value(info, "role") == Some("master"))
            .map(|(node, info)| PrimaryReplication::from_info(node, &info))
            .collect();
        Self {
            wait_replicas,
            wait_aof,
            replicas_seen: primaries.iter().map(|primary| primary.replicas).min().unwrap_or(0),
            max_lag_seconds: primaries.iter().map(|primary| primary.lag_seconds).max().unwrap_or(0),
            primaries,
        }
    }
}

impl PrimaryReplication {
    fn from_info(node: String, info: &str) -> Self {
        let offset: u64 = info_value(info, "master_repl_offset")
            .and_then(|v| v.parse().ok())
            .unwrap_or(0);
        // slaveN:ip=...,port=...,state=online,offset=...,lag=...
        let online: Vec<(u64, u64)> = info
            .lines()
            .filter(|line| line.starts_with("slave") && line.contains(":ip="))
            .filter_map(|line| {
                let fields = line.split_once(':')?.1;
                let field = |name: &str| {
                    fields
                        .split(',')
                        .find_map(|pair| pair.strip_prefix(name)?.strip_prefix('='))
                };
                (field("state")? == "online").then_some(())?;
                Some((field("offset")?.parse().ok()?, field("lag")?.parse().ok()?))
            })
            .collect();
        Self {
            node,
            replicas: online.len() as u32,
            lag_bytes: online
                .iter()
                .map(|(acknowledged, _)| offset.saturating_sub(*acknowledged))
                .max()
                .unwrap_or(0),
            lag_seconds: online.iter().map(|(_, lag)| *lag).max().unwrap_or(0),
        }
    }
}

#[cfg(test)]
mod replication_tests {
    use super::*;

    #[test]
    fn a_primarys_info_gives_its_online_replicas_and_the_furthest_behind() {
        let info = "# Replication\r\nrole:master\r\nconnected_slaves:3\r\n\
            slave0:ip=127.0.0.1,port=7001,state=online,offset=900,lag=0\r\n\
            slave1:ip=127.0.0.1,port=7002,state=online,offset=700,lag=2\r\n\
            slave2:ip=127.0.0.1,port=7003,state=wait_bgsave,offset=0,lag=0\r\n\
            master_replid:abc\r\nmaster_repl_offset:1000\r\n";
        let replica = "role:slave\r\nmaster_host:127.0.0.1\r\n";
        let lone = "role:master\r\nconnected_slaves:0\r\nmaster_repl_offset:5\r\n";
        let status = ReplicationStatus::from_info(
            1,
            false,
            [
                ("a:7000".to_owned(), info.to_owned()),
                ("b:7001".to_owned(), replica.to_owned()),
                ("c:7004".to_owned(), lone.to_owned()),
            ],
        );
        assert_eq!(status.primaries.len(), 2, "replicas are not primaries");
        assert_eq!(
            status.primaries[0],
            PrimaryReplication {
                node: "a:7000".to_owned(),
                replicas: 2,
                lag_bytes: 300,
                lag_seconds: 2,
            }
        );
        assert_eq!((status.replicas_seen, status.max_lag_seconds), (0, 2), "the lone primary has none");
    }
}

/// The value of `name` in an `INFO` text (`name:value` lines).
pub fn info_value<'a>(info: &'a str, name: &str) -> Option<&'a str> {
    info.lines()
        .find_map(|line| line.strip_prefix(name)?.strip_prefix(':'))
        .map(str::trim)
}

/// What the store says about its own durability (Redis: `appendonly`, `appendfsync`, `role`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Persistence {
    /// Whether the append-only file is on; absent when the store does not say.
    pub appendonly: Option<bool>,
    /// `always`, `everysec` or `no`; absent when the store does not say (e.g. `CONFIG` is disabled).
    #[schema(example = "always")]
    pub appendfsync: Option<String>,
    /// `master` or `replica`.
    #[schema(example = "master")]
    pub role: Option<String>,
}

impl Persistence {
    /// True only when every acknowledged write is on disk before it is acknowledged.
    pub fn survives_host_crash(&self) -> bool {
        self.appendonly == Some(true) && self.appendfsync.as_deref() == Some("always")
    }
}
