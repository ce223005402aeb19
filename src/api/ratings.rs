//! Ratings as the world sees them: an account's per title (`GET /v1/accounts/{account}`) and each title's
//! leaderboard, a page at a time, the provisional ratings apart.

use actix_web::{HttpResponse, Route, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::Service;
use super::accounts::dto::AccountResponse;
use super::dto::optional_int64;
use super::endpoint::{Endpoint, Problems, common};
use super::error::{ApiError, ErrorCode as Code};
use super::request::page_limit;
use crate::ratings::PROVISIONAL_DEVIATION;
use crate::service::AccountRef;
use crate::store::{Ladder, Page, StoredRating};

/// An account's Glicko-2 rating in one title.
#[derive(Debug, Serialize, ToSchema)]
pub struct RatingResponse {
    #[schema(example = "caesar-cleopatra")]
    pub title: &'static str,
    #[schema(example = 1623.4)]
    pub rating: f64,
    /// The rating's deviation: twice it either side of the rating holds the true strength with 95% confidence.
    #[schema(example = 87.1)]
    pub deviation: f64,
    #[schema(example = 0.0599)]
    pub volatility: f64,
    /// Rated games played in the title.
    pub games: u64,
    /// True while the deviation is above 110: too few games to trust the rating (listed apart on the leaderboard).
    pub provisional: bool,
}

impl RatingResponse {
    pub(super) fn of(title: &'static str, rating: StoredRating) -> Self {
        Self {
            title,
            rating: rating.rating,
            deviation: rating.deviation,
            volatility: rating.volatility,
            games: rating.games,
            provisional: rating.deviation > PROVISIONAL_DEVIATION,
        }
    }
}

/// An account as anyone may see it, with its ratings.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProfileResponse {
    #[serde(flatten)]
    pub account: AccountResponse,
    /// One per title the account played rated games of.
    pub ratings: Vec<RatingResponse>,
}

/// An account: its name, kind and ratings (anyone may look).
#[utoipa::path(get, path = "/v1/accounts/{account}", tag = "accounts",
    params(("account" = String, Path, description = "The account's id, or its name (in any case)")),
    responses((status = 200, description = "The account and its ratings", body = ProfileResponse)))]
pub async fn account_profile(service: Service, account: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let account = service.accounts.find_account(&AccountRef::parse(&account)?).await?;
    let ratings = service.ratings.account_ratings(&account.id).await?;
    Ok(HttpResponse::Ok().json(ProfileResponse {
        account: account.into(),
        ratings: ratings
            .into_iter()
            .map(|(title, rating)| RatingResponse::of(title, rating))
            .collect(),
    }))
}

impl Endpoint for __path_account_profile {
    const PROBLEMS: &'static [Problems] = &[
        Problems::new("No account of this id or name", &[Code::AccountNotFound]),
        common::STORE_UNAVAILABLE,
    ];

    fn route() -> Route {
        web::get().to(account_profile)
    }
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct LeaderboardQuery {
    /// `true`: the provisional ratings (a deviation above 110), which the leaderboard lists apart.
    #[serde(default)]
    pub provisional: bool,
    /// Ranks to skip: the `next_offset` of the previous page.
    #[param(minimum = 0)]
    #[serde(default, deserialize_with = "optional_int64")]
    pub offset: Option<u64>,
    /// Accounts per page: default 50, at most 100.
    #[param(minimum = 1, maximum = 100)]
    #[serde(default, deserialize_with = "optional_int64")]
    pub limit: Option<u64>,
}

/// An account's place on a leaderboard.
#[derive(Debug, Serialize, ToSchema)]
pub struct LeaderboardEntry {
    /// 1 for the best.
    pub rank: u64,
    #[schema(example = "acc_5f0c3e1a9b7d2c4e6f8a0b1c")]
    pub account: String,
    #[schema(example = "livia")]
    pub name: String,
    pub kind: crate::service::AccountKind,
    #[schema(example = 1623.4)]
    pub rating: f64,
    #[schema(example = 87.1)]
    pub deviation: f64,
    pub games: u64,
}

/// One page of a title's leaderboard, best first (equal ratings by account id).
#[derive(Debug, Serialize, ToSchema)]
pub struct LeaderboardResponse {
    #[schema(example = "caesar-cleopatra")]
    pub title: String,
    /// Whether this is the provisional list.
    pub provisional: bool,
    pub entries: Vec<LeaderboardEntry>,
    /// Accounts on this list in all.
    pub total: u64,
    /// The `offset` of the next page; absent on the last one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_offset: Option<u64>,
}

const DEFAULT_LIMIT: u64 = 50;
const MAX_LIMIT: u64 = 100;

/// A title's leaderboard: the rated accounts (people and the ladder's bots) best first, a page at a time; accounts
/// whose rating is still provisional are on a list of their own (`provisional=true`).
#[utoipa::path(get, path = "/v1/titles/{id}/leaderboard", tag = "titles",
    params(("id" = String, Path, description = "Title id"), LeaderboardQuery),
    responses((status = 200, description = "A page of the leaderboard", body = LeaderboardResponse)))]
pub async fn leaderboard(
    service: Service,
    id: web::Path<String>,
    query: web::Query<LeaderboardQuery>,
) -> Result<HttpResponse, ApiError> {
    let title = service
        .registry()
        .get(&id)
        .ok_or_else(|| ApiError::new(Code::TitleNotFound, format!("no title {id:?}")))?
        .info()
        .id;
    let limit = page_limit(query.limit, DEFAULT_LIMIT, MAX_LIMIT)?;
    let offset = query.offset.unwrap_or(0);
    let ladder = Ladder {
        title,
        provisional: query.provisional,
    };
    let page = Page {
        offset: offset as usize,
        limit: limit as usize,
    };
    let page = service.ratings.leaderboard(ladder, page).await?;
    let mut entries = Vec::with_capacity(page.entries.len());
    for (rank, (account, rating)) in (offset + 1..).zip(page.entries) {
        let account = service.accounts.account(&account).await?;
        entries.push(LeaderboardEntry {
            rank,
            account: account.id,
            name: account.name,
            kind: account.kind,
            rating: rating.rating,
            deviation: rating.deviation,
            games: rating.games,
        });
    }
    let next = offset + entries.len() as u64;
    Ok(HttpResponse::Ok().json(LeaderboardResponse {
        title: title.to_owned(),
        provisional: query.provisional,
        total: page.total as u64,
        next_offset: (next < page.total as u64 && !entries.is_empty()).then_some(next),
        entries,
    }))
}

impl Endpoint for __path_leaderboard {
    const PROBLEMS: &'static [Problems] = &[
        Problems::new("An unknown parameter, or a limit beyond 1 to 100", &[Code::InvalidQuery]),
        Problems::new("No such title", &[Code::TitleNotFound]),
        common::STORE_UNAVAILABLE,
    ];

    fn route() -> Route {
        web::get().to(leaderboard)
    }
}
