//! What the store keeps about ratings: each account's rating per title, the games already rated (so that a game
//! changes ratings once, whoever rates it and however often), and the leaderboards.

use async_trait::async_trait;

use super::StoreResult;

/// An account's rating in one title.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StoredRating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// Rated games played: also the version an update is conditional on.
    pub games: u64,
}

impl StoredRating {
    /// `rating deviation volatility games`, as the store keeps it.
    pub fn encode(&self) -> String {
        format!("{} {} {} {}", self.rating, self.deviation, self.volatility, self.games)
    }

    pub fn decode(text: &str) -> Option<Self> {
        let mut fields = text.split(' ');
        let rating = Self {
            rating: fields.next()?.parse().ok()?,
            deviation: fields.next()?.parse().ok()?,
            volatility: fields.next()?.parse().ok()?,
            games: fields.next()?.parse().ok()?,
        };
        fields.next().is_none().then_some(rating)
    }
}

/// One account's new rating after a game, written only if it still has played `expected_games` games.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingUpdate {
    pub account: String,
    pub expected_games: u64,
    /// The rating before the game (the starting rating for a first game), kept as the game's rating change.
    pub before: f64,
    pub rating: StoredRating,
    /// Listed apart on the leaderboard.
    pub provisional: bool,
}

/// How a rated game moved one account's rating.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingChange {
    pub account: String,
    pub before: f64,
    pub after: f64,
}

impl RatingChange {
    fn of(update: &RatingUpdate) -> Self {
        Self {
            account: update.account.clone(),
            before: update.before,
            after: update.rating.rating,
        }
    }

    /// A game's changes as the store keeps them: `account before after` each, `;` between them.
    pub fn encode_all(updates: &[RatingUpdate]) -> String {
        let changes = updates.iter().map(Self::of);
        let encoded: Vec<String> = changes
            .map(|change| format!("{} {} {}", change.account, change.before, change.after))
            .collect();
        encoded.join(";")
    }

    pub fn decode_all(text: &str) -> Option<Vec<Self>> {
        text.split(';')
            .filter(|change| !change.is_empty())
            .map(|change| {
                let mut fields = change.split(' ');
                let decoded = Self {
                    account: fields.next()?.to_owned(),
                    before: fields.next()?.parse().ok()?,
                    after: fields.next()?.parse().ok()?,
                };
                fields.next().is_none().then_some(decoded)
            })
            .collect()
    }

    /// A game's changes, from the updates that applied them.
    pub fn all_of(updates: &[RatingUpdate]) -> Vec<Self> {
        updates.iter().map(Self::of).collect()
    }
}

/// What applying a game's ratings did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RatingsApplied {
    /// The ratings are written and the game is marked rated, in one step.
    Applied,
    /// The game was rated before: nothing was written.
    AlreadyApplied,
    /// An account's rating changed since it was read (another of its games was rated): nothing was written; read
    /// again and recompute.
    Stale,
}

/// One page of a leaderboard: best first (ties: the smaller account id first), and how many it holds in all.
#[derive(Clone, Debug, PartialEq)]
pub struct LeaderboardPage {
    pub entries: Vec<(String, StoredRating)>,
    pub total: usize,
}

/// One of a title's two ladders: the accounts whose rating is still provisional, or the others.
#[derive(Clone, Copy, Debug)]
pub struct Ladder<'a> {
    pub title: &'a str,
    pub provisional: bool,
}

/// Up to `limit` entries of a list from its `offset`-th.
#[derive(Clone, Copy, Debug)]
pub struct Page {
    pub offset: usize,
    pub limit: usize,
}

#[async_trait]
pub trait RatingStore: Send + Sync {
    /// The accounts' ratings in `title`, in their order (`None`: never rated).
    async fn ratings(&self, title: &str, accounts: &[String]) -> StoreResult<Vec<Option<StoredRating>>>;

    /// Writes a game's new ratings and marks the game rated, all in one atomic step, unless the game was rated
    /// before or an account's games count is no longer the expected one.
    async fn apply_ratings(&self, title: &str, game: &str, updates: &[RatingUpdate]) -> StoreResult<RatingsApplied>;

    /// Whether the game's ratings were applied.
    async fn is_rated(&self, game: &str) -> StoreResult<bool>;

    /// How the game moved its accounts' ratings, in the order they were applied; empty for a game not rated.
    async fn rating_changes(&self, game: &str) -> StoreResult<Vec<RatingChange>>;

    /// A page of the ladder's accounts, best first.
    async fn leaderboard(&self, ladder: Ladder<'_>, page: Page) -> StoreResult<LeaderboardPage>;

    /// Forgets the account's rating in each of `titles`, and takes it off their ladders.
    async fn forget_ratings(&self, titles: &[&str], account: &str) -> StoreResult<()>;
}

#[cfg(test)]
mod tests {
    use super::StoredRating;

    #[test]
    fn a_rating_reads_back_as_written() {
        let rating = StoredRating {
            rating: 1464.0506705393013,
            deviation: 151.51652412385727,
            volatility: 0.059995984286488495,
            games: 3,
        };
        assert_eq!(StoredRating::decode(&rating.encode()), Some(rating));
        assert_eq!(StoredRating::decode("1500 350 0.06"), None);
        assert_eq!(StoredRating::decode("1500 350 0.06 1 2"), None);
    }
}
