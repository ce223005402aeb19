//! Ratings in this process's memory.

use std::collections::HashMap;
use std::sync::Mutex;

use async_trait::async_trait;

use crate::store::{
    Ladder, LeaderboardPage, Page, RatingChange, RatingStore, RatingUpdate, RatingsApplied, StoreResult, StoredRating,
};

#[derive(Default)]
struct Ratings {
    /// Title → account → its rating, and whether it is provisional.
    titles: HashMap<String, HashMap<String, (StoredRating, bool)>>,
    /// The games rated, with how each moved its accounts' ratings.
    rated: HashMap<String, Vec<RatingChange>>,
}

#[derive(Default)]
pub(super) struct MemoryRatings(Mutex<Ratings>);

impl MemoryRatings {
    fn lock(&self) -> std::sync::MutexGuard<'_, Ratings> {
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[async_trait]
impl RatingStore for MemoryRatings {
    async fn ratings(&self, title: &str, accounts: &[String]) -> StoreResult<Vec<Option<StoredRating>>> {
        let ratings = self.lock();
        let title = ratings.titles.get(title);
        Ok(accounts
            .iter()
            .map(|account| title.and_then(|title| title.get(account)).map(|(rating, _)| *rating))
            .collect())
    }

    async fn apply_ratings(&self, title: &str, game: &str, updates: &[RatingUpdate]) -> StoreResult<RatingsApplied> {
        let mut ratings = self.lock();
        if ratings.rated.contains_key(game) {
            return Ok(RatingsApplied::AlreadyApplied);
        }
        let accounts = ratings.titles.entry(title.to_owned()).or_default();
        let games = |account: &str| accounts.get(account).map_or(0, |(rating, _)| rating.games);
        if updates
            .iter()
            .any(|update| games(&update.account) != update.expected_games)
        {
            return Ok(RatingsApplied::Stale);
        }
        for update in updates {
            accounts.insert(update.account.clone(), (update.rating, update.provisional));
        }
        ratings.rated.insert(game.to_owned(), RatingChange::all_of(updates));
        Ok(RatingsApplied::Applied)
    }

    async fn is_rated(&self, game: &str) -> StoreResult<bool> {
        Ok(self.lock().rated.contains_key(game))
    }

    async fn rating_changes(&self, game: &str) -> StoreResult<Vec<RatingChange>> {
        Ok(self.lock().rated.get(game).cloned().unwrap_or_default())
    }

    async fn leaderboard(&self, ladder: Ladder<'_>, page: Page) -> StoreResult<LeaderboardPage> {
        let (Ladder { title, provisional }, Page { offset, limit }) = (ladder, page);
        let ratings = self.lock();
        let mut board: Vec<(String, StoredRating)> = ratings
            .titles
            .get(title)
            .into_iter()
            .flatten()
            .filter(|(_, (_, listed_apart))| *listed_apart == provisional)
            .map(|(account, (rating, _))| (account.clone(), *rating))
            .collect();
        board.sort_by(|(a, x), (b, y)| y.rating.total_cmp(&x.rating).then_with(|| a.cmp(b)));
        let total = board.len();
        let entries = board.into_iter().skip(offset).take(limit).collect();
        Ok(LeaderboardPage { entries, total })
    }

    async fn forget_ratings(&self, titles: &[&str], account: &str) -> StoreResult<()> {
        let mut ratings = self.lock();
        for title in titles {
            if let Some(accounts) = ratings.titles.get_mut(*title) {
                accounts.remove(account);
            }
        }
        Ok(())
    }
}
