//! The lobby: games waiting for players (or being played, for spectators), listed by title and newest first. The
//! listings are an index beside the logs, kept in step after each append and fixed when read stale.

use std::sync::Arc;
use std::time::Duration;

use serde::Deserialize;
use utoipa::ToSchema;

use super::games::listing_page;
use super::{GameId, LoadedGame, ServiceError, Tables, now_ms};
use crate::store::EventStore;

/// How long a game with open seats waits for players by default (`LUDUS_LOBBY_TTL`).
pub const DEFAULT_LOBBY_TTL: Duration = Duration::from_secs(3600);

/// Where a game stands for the lobby.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum LobbyStatus {
    /// Waiting for players: a seat is open.
    #[default]
    Open,
    /// Every seat is taken and the game is on (for spectators).
    Active,
    Finished,
}

impl LobbyStatus {
    fn of(game: &LoadedGame) -> Self {
        if game.session.is_finished() {
            LobbyStatus::Finished
        } else if game.session.table().is_open() {
            LobbyStatus::Open
        } else {
            LobbyStatus::Active
        }
    }

    /// The listing of a title's games of this status (finished: in the archive too, once archived).
    pub(super) fn index(self, title: &str) -> String {
        match self {
            LobbyStatus::Open => format!("open:{title}"),
            LobbyStatus::Active => format!("active:{title}"),
            LobbyStatus::Finished => format!("finished:{title}"),
        }
    }
}

/// One page of the lobby, newest first.
pub struct LobbyPage {
    pub games: Vec<LoadedGame>,
    /// Pass it back as `before` for the next page.
    pub next: Option<String>,
}

/// A lobby position: a creation time and a game id (the listing's order).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct LobbyEntry {
    pub created_at_ms: u64,
    pub id: String,
}

impl LobbyEntry {
    pub fn cursor(&self) -> String {
        format!("{}-{}", self.created_at_ms, self.id)
    }

    pub fn parse_cursor(text: &str) -> Option<Self> {
        let (time, id) = text.split_once('-')?;
        Some(Self {
            created_at_ms: time.parse().ok()?,
            id: id.to_owned(),
        })
    }
}

/// The lobby's listings, kept in step after each append.
#[derive(Clone)]
pub(super) struct Listings {
    store: Arc<dyn EventStore>,
}

impl Listings {
    pub(super) fn new(store: Arc<dyn EventStore>) -> Self {
        Self { store }
    }

    /// Lists a listed game under its new status when an append changed it.
    pub(super) async fn relist_if_changed(&self, before: &LoadedGame, after: &LoadedGame) {
        if after.session.table().listed && LobbyStatus::of(before) != LobbyStatus::of(after) {
            self.relist(after).await;
        }
    }

    /// Lists a game under its current status only. Best effort: a listing that missed a change is fixed the next
    /// time the lobby reads it.
    pub(super) async fn relist(&self, game: &LoadedGame) {
        let status = LobbyStatus::of(game);
        let meta = &game.meta;
        for listed in [LobbyStatus::Open, LobbyStatus::Active, LobbyStatus::Finished] {
            let index = listed.index(&meta.title);
            let result = if listed == status {
                self.store.index_put(&index, &meta.id, meta.created_at_ms).await
            } else {
                self.store.index_remove(&index, &meta.id).await
            };
            if let Err(error) = result {
                tracing::warn!(game = %meta.id, %error, "lobby listing not updated");
            }
        }
    }
}

impl Tables {
    /// A page of the lobby: games of `status` (open: joinable; active: being played; finished, archived ones
    /// included), of one title or all, newest first, created before the `before` cursor. Every listed game is
    /// checked against its log, and a stale listing is fixed on the way.
    pub async fn lobby(
        &self,
        title: Option<&str>,
        status: LobbyStatus,
        before: Option<&LobbyEntry>,
        limit: usize,
    ) -> Result<LobbyPage, ServiceError> {
        let titles: Vec<&'static str> = match title {
            Some(id) => vec![
                self.games
                    .registry()
                    .get(id)
                    .ok_or_else(|| ServiceError::UnknownTitle(id.to_owned()))?
                    .info()
                    .id,
            ],
            None => self.games.registry().infos().map(|info| info.id).collect(),
        };
        let max_score = before.map_or(u64::MAX, |entry| entry.created_at_ms);
        // Entries that tie with the cursor's time come back too and are skipped: a little more is read.
        let wanted = limit + 16;
        let mut candidates = Vec::new();
        let mut exhausted = true;
        for title in titles {
            let index = status.index(title);
            let page = listing_page(self.store.as_ref(), &index, status == LobbyStatus::Finished, max_score, wanted);
            let page = page.await?;
            exhausted &= page.len() < wanted;
            candidates.extend(
                page.into_iter()
                    .map(|(id, created_at_ms)| (LobbyEntry { created_at_ms, id }, index.clone())),
            );
        }
        candidates.retain(|(entry, _)| before.is_none_or(|cursor| entry < cursor));
        candidates.sort_unstable_by(|a, b| b.0.cmp(&a.0));
        let now = now_ms();
        let mut games = Vec::new();
        let mut last = None;
        for (entry, index) in candidates {
            if games.len() == limit {
                exhausted = false;
                break;
            }
            last = Some(entry.clone());
            let game = match self.games.load(&GameId::known(&entry.id)).await {
                Ok(game) => game,
                Err(ServiceError::GameNotFound) => {
                    // A game deleted (its retention ran out) while listed.
                    let _ = self.store.index_remove(&index, &entry.id).await;
                    continue;
                }
                Err(other) => return Err(other),
            };
            if LobbyStatus::of(&game) != status {
                self.listings.relist(&game).await;
                continue;
            }
            if !game.session.overdue(now).is_empty() {
                continue;
            }
            games.push(game);
        }
        Ok(LobbyPage {
            games,
            next: if exhausted {
                None
            } else {
                last.map(|entry| entry.cursor())
            },
        })
    }
}
