//! Rated games: who may play one, and the one update of its accounts' ratings once it is over. The update is keyed
//! by the game in the store (applied once whoever applies it, and however often), and the game is noted due before
//! its last append, so that an instance killed between the game's end and the update leaves it to a sweep.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::{LoadedGame, ServiceError, now_ms};
use crate::engine::bot::Bot;
use crate::engine::{Registry, Seat};
use crate::ratings::{PROVISIONAL_DEVIATION, Placing, Rating, rate_game};
use crate::store::{
    EventStore, Ladder, LeaderboardPage, Page, RatingChange, RatingUpdate, RatingsApplied, StoredAccount, StoredKey,
    StoredRating,
};
use crate::telemetry;

/// A built-in bot with an account of its own, so that it plays rated games and has ratings like anyone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LadderBot {
    pub bot: Bot,
    pub account: &'static str,
    /// A name no person can take (a `.` is not allowed in account names).
    pub name: &'static str,
}

/// The iterations of the ladder's stronger search bot: ten times the default.
pub const STRONG_SEARCH_ITERATIONS: u32 = 1000;

/// The bots that play rated games.
pub const LADDER: [LadderBot; 3] = [
    LadderBot {
        bot: Bot::Random {},
        account: "acc_bot_random",
        name: "ludus.random",
    },
    LadderBot {
        bot: Bot::SEARCH,
        account: "acc_bot_search",
        name: "ludus.search",
    },
    LadderBot {
        bot: Bot::Search {
            iterations: Some(STRONG_SEARCH_ITERATIONS),
            budget_ms: None,
        },
        account: "acc_bot_search_1000",
        name: "ludus.search-1000",
    },
];

/// The ladder's account of `bot`, if it is one of the ladder's bots.
pub fn ladder_bot(bot: Bot) -> Option<&'static LadderBot> {
    LADDER.iter().find(|ladder| ladder.bot == bot)
}

/// What a rated game refuses of a bot.
fn unrated_bot() -> ServiceError {
    ServiceError::RatedConflict(
        "a rated game's bots are the ladder's: {\"kind\": \"random\"}, {\"kind\": \"search\"} or {\"kind\": \
         \"search\", \"iterations\": 1000}"
            .to_owned(),
    )
}

/// Checks a rated game's bots.
pub(super) fn check_rated_bots<'a>(bots: impl IntoIterator<Item = &'a Option<Bot>>) -> Result<(), ServiceError> {
    match bots.into_iter().flatten().all(|bot| ladder_bot(*bot).is_some()) {
        true => Ok(()),
        false => Err(unrated_bot()),
    }
}

/// Checks that `account` may take a seat of `game`, a rated game: with an account (one not at the table yet), or a
/// ladder bot.
pub(super) fn check_rated_join(game: &LoadedGame, account: Option<&str>, bot: Option<Bot>) -> Result<(), ServiceError> {
    let table = game.session.table();
    if !table.rated {
        return Ok(());
    }
    if let Some(bot) = bot {
        return check_rated_bots([&Some(bot)]);
    }
    let account = account.ok_or(ServiceError::AccountKeyRequired)?;
    if table.seats.iter().any(|seat| seat.account.as_deref() == Some(account)) {
        return Err(ServiceError::RatedConflict(
            "this account holds a seat of this rated game already: an account plays one seat of a rated game"
                .to_owned(),
        ));
    }
    Ok(())
}

/// The account a seat's results go to: the account bound to it (even when a bot took it over), else its ladder bot.
fn rated_account(game: &LoadedGame, seat: Seat) -> Option<String> {
    let seat = &game.session.table().seats[seat];
    seat.account
        .clone()
        .or_else(|| seat.bot.and_then(ladder_bot).map(|ladder| ladder.account.to_owned()))
}

/// Glicko-2 ratings: applied once a rated game is over, read by account.
#[derive(Clone)]
pub struct Ratings {
    store: Arc<dyn EventStore>,
    registry: Registry,
}

impl Ratings {
    pub(super) fn new(store: Arc<dyn EventStore>, registry: Registry) -> Self {
        Self { store, registry }
    }

    /// Applies a finished rated game's results to its accounts' ratings, once: a game rated already, one not over,
    /// unrated, or ended without a ranking (aborted, expired) changes nothing. Safe to call again, from any instance.
    pub async fn rate(&self, game: &LoadedGame) -> Result<(), ServiceError> {
        if !game.session.table().rated || !game.session.is_finished() {
            return Ok(());
        }
        let Some(ending) = game.ending() else { return Ok(()) };
        if ending.ranking.is_empty() {
            return Ok(());
        }
        let mut accounts = Vec::new();
        let mut placings = Vec::new();
        for (place, seats) in ending.ranking.iter().enumerate() {
            for seat_name in seats {
                let seat = game.seat_index(seat_name)?;
                let Some(account) = rated_account(game, seat) else {
                    tracing::warn!(game = %game.meta.id, seat = seat_name, "a seat of a rated game has no account");
                    return Ok(());
                };
                let side = game.session.side(seat).into_iter().min().unwrap_or(seat);
                accounts.push(account);
                placings.push((place, side));
            }
        }
        let placings: Vec<Placing> = accounts
            .iter()
            .zip(&placings)
            .map(|(account, &(place, side))| Placing { account, place, side })
            .collect();
        self.ensure_ladder_accounts(&accounts).await?;
        let title = game.meta.title.as_str();
        let mut rated: Vec<String> = accounts.clone();
        rated.sort();
        rated.dedup();
        for _ in 0..=super::CONFLICT_RETRIES {
            let stored = self.store.ratings().ratings(title, &rated).await?;
            let before: BTreeMap<String, Rating> = rated
                .iter()
                .zip(&stored)
                .filter_map(|(account, stored)| stored.map(|stored| (account.clone(), as_rating(stored))))
                .collect();
            let after = rate_game(&before, &placings);
            let updates: Vec<RatingUpdate> = rated
                .iter()
                .zip(&stored)
                .filter_map(|(account, stored)| {
                    let new = after.get(account)?;
                    let games = stored.map_or(0, |stored| stored.games);
                    Some(RatingUpdate {
                        account: account.clone(),
                        expected_games: games,
                        before: before.get(account).copied().unwrap_or_default().rating,
                        rating: StoredRating {
                            rating: new.rating,
                            deviation: new.deviation,
                            volatility: new.volatility,
                            games: games + 1,
                        },
                        provisional: new.deviation > PROVISIONAL_DEVIATION,
                    })
                })
                .collect();
            match self
                .store
                .ratings()
                .apply_ratings(title, &game.meta.id, &updates)
                .await?
            {
                RatingsApplied::Applied => {
                    metrics::counter!(telemetry::GAMES_RATED, "title" => game.title_id).increment(1);
                    tracing::info!(game = %game.meta.id, accounts = updates.len(), "ratings updated");
                    return Ok(());
                }
                RatingsApplied::AlreadyApplied => return Ok(()),
                // Another of these accounts' games was rated meanwhile: rate this one from their new ratings.
                RatingsApplied::Stale => continue,
            }
        }
        Err(ServiceError::Contention)
    }

    /// Creates the accounts of the ladder's bots among `accounts` that do not exist yet (every instance may: the
    /// fixed id and name make it once).
    async fn ensure_ladder_accounts(&self, accounts: &[String]) -> Result<(), ServiceError> {
        for ladder in LADDER
            .iter()
            .filter(|ladder| accounts.iter().any(|a| a == ladder.account))
        {
            if self.store.accounts().account(ladder.account).await?.is_some() {
                continue;
            }
            let created_at_ms = now_ms();
            let account = StoredAccount {
                id: ladder.account.to_owned(),
                name: ladder.name.to_owned(),
                kind: "bot".to_owned(),
                created_at_ms,
                password_hash: None,
            };
            // A key nobody holds: the service plays these accounts' seats itself.
            let key = StoredKey {
                id: format!("{}_none", ladder.account),
                account: ladder.account.to_owned(),
                hash: String::new(),
                created_at_ms,
            };
            self.store.accounts().create_account(&account, Some(&key)).await?;
        }
        Ok(())
    }

    /// How the game moved its accounts' ratings (empty for a game not rated, or not yet).
    pub async fn rating_changes(&self, game: &str) -> Result<Vec<RatingChange>, ServiceError> {
        Ok(self.store.ratings().rating_changes(game).await?)
    }

    /// Whether the game's ratings were applied.
    pub async fn is_rated(&self, game: &str) -> Result<bool, ServiceError> {
        Ok(self.store.ratings().is_rated(game).await?)
    }

    /// A page of the title's leaderboard: accounts by rating, the provisional ones only when asked.
    pub async fn leaderboard(&self, ladder: Ladder<'_>, page: Page) -> Result<LeaderboardPage, ServiceError> {
        Ok(self.store.ratings().leaderboard(ladder, page).await?)
    }

    /// The account's ratings, by title, in the registry's order of titles.
    pub async fn account_ratings(&self, account: &str) -> Result<Vec<(&'static str, StoredRating)>, ServiceError> {
        let mut ratings = Vec::new();
        for title in self.registry.infos() {
            let stored = self.store.ratings().ratings(title.id, &[account.to_owned()]).await?;
            if let Some(Some(rating)) = stored.first() {
                ratings.push((title.id, *rating));
            }
        }
        Ok(ratings)
    }
}

fn as_rating(stored: StoredRating) -> Rating {
    Rating {
        rating: stored.rating,
        deviation: stored.deviation,
        volatility: stored.volatility,
    }
}
