//! Creating a game: its title, players, options and seats (the creator's, open ones, bots'), its clock and its
//! secret seed. Seats left open wait in the lobby for players, and the title's setup waits for the last one.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::name::display_name;
use super::ratings::check_rated_bots;
use super::{AccountRef, GameId, LoadedGame, ServiceError, Tables, hash_token, new_token, now_ms};
use crate::engine::bot::Bot;
use crate::engine::clocks::ClockSettings;
use crate::engine::table::{ChatPolicy, OnDecline, OnLeave, OpenedSeat, TableEvent};
use crate::engine::{GameSeed, Opening};
use crate::store::GameMeta;

/// The longest turn clock: thirty days.
pub const MAX_TURN_SECONDS: u64 = 30 * 24 * 3600;

/// Which seats the creator takes: a number of seats in seat order, or a choice per seat (the unnamed ones are the
/// creator's).
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum SeatsRequest {
    /// The creator takes this many seats, the first ones in seat order; the others are open.
    Count(u8),
    /// `open` or `mine` per seat id.
    Choice(BTreeMap<String, SeatChoice>),
}

/// What becomes of one seat at creation.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(untagged, deny_unknown_fields)]
pub enum SeatChoice {
    Keyword(SeatKeyword),
    /// Reserved for an account (its id or its name): only it may join it, or decline it.
    Invite {
        account: String,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeatKeyword {
    /// Left for someone to join.
    Open,
    /// Taken by the creator (its token is in the answer).
    Mine,
}

impl SeatChoice {
    fn is_open(&self) -> bool {
        !matches!(self, SeatChoice::Keyword(SeatKeyword::Mine))
    }
}

/// What a new game is to be.
pub struct NewGame<'a> {
    pub title: &'a str,
    pub players: usize,
    pub seed: Option<u64>,
    pub options: Option<&'a Value>,
    /// Absent: the creator takes every seat.
    pub seats: Option<&'a SeatsRequest>,
    /// The creator's display name.
    pub name: Option<String>,
    pub turn_seconds: Option<u64>,
    /// The creator agrees that an explicit seed with open seats lets anyone who knows it work out the game.
    pub public_seed: bool,
    /// Seats played by built-in opponents, by seat id. `seats` places the creator on the others.
    pub bots: Option<&'a BTreeMap<String, Bot>>,
    /// The creator's account, which the creator's seats are bound to.
    pub account: Option<String>,
    /// What an invited account's refusal does (default: the seat opens).
    pub on_decline: Option<OnDecline>,
    /// What a seat that leaves does to the game (default: by the number of seats).
    pub on_leave: Option<OnLeave>,
    /// A clock per seat, instead of `turn_seconds`.
    pub clock: Option<ClockSettings>,
    /// Who may use the game's chat (default: its players).
    pub chat: Option<ChatPolicy>,
    /// The game changes its accounts' ratings once over: every seat is held by an account (or a ladder bot), and
    /// the seed is the service's.
    pub rated: bool,
    /// Accounts that quick play seats, one per seat neither open nor a bot's, in seat order: then those seats are
    /// theirs, not the creator's.
    pub matched: Option<&'a [String]>,
}

impl<'a> NewGame<'a> {
    /// A game whose creator takes every seat, with no clock.
    pub fn closed(title: &'a str, players: usize, seed: Option<u64>, options: Option<&'a Value>) -> Self {
        Self {
            title,
            players,
            seed,
            options,
            seats: None,
            name: None,
            turn_seconds: None,
            public_seed: false,
            bots: None,
            account: None,
            on_decline: None,
            on_leave: None,
            clock: None,
            chat: None,
            rated: false,
            matched: None,
        }
    }

    /// The turn limit, the clock and what happens to a leaver's seat, each valid and together compatible.
    fn check_clock_and_leavers(&self) -> Result<(), ServiceError> {
        if self
            .turn_seconds
            .is_some_and(|seconds| !(1..=MAX_TURN_SECONDS).contains(&seconds))
        {
            return Err(ServiceError::InvalidTurnSeconds);
        }
        if let Some(clock) = self.clock {
            if self.turn_seconds.is_some() {
                return Err(ServiceError::ClockConflict);
            }
            clock.check().map_err(ServiceError::InvalidClock)?;
        }
        if self.on_leave == Some(OnLeave::Bot) && self.players < 3 {
            return Err(ServiceError::OnLeaveConflict);
        }
        Ok(())
    }
}

/// A new game and the seat tokens, which are returned once and stored only hashed.
pub struct Created {
    pub game: LoadedGame,
    pub tokens: Vec<(&'static str, String)>,
}

impl Tables {
    /// Creates a game; seats left open wait in the lobby for players, and the title's setup waits for the last one.
    pub async fn create(&self, new: NewGame<'_>) -> Result<Created, ServiceError> {
        self.create_with_id(new, GameId::random()).await
    }

    /// As `create`, under id `id`: a second creation under the same id fails with the store's `AlreadyExists` (quick
    /// play opens a table's game under an id of the table's, so that two instances opening it make one game).
    pub(super) async fn create_with_id(&self, new: NewGame<'_>, id: GameId) -> Result<Created, ServiceError> {
        let title = self.games.title_for(new.title, new.players)?;
        let info = title.info();
        let options = title.normalize_options(new.options)?;
        let seats: Arc<[&'static str]> = info.seats[..new.players].into();
        let bots = seat_bots(&seats, &info.seats, new.bots)?;
        let open = open_seats(&seats, &info.seats, new.seats, &bots)?;
        let invited = self.invited_accounts(&seats, new.seats).await?;
        let name = check_name(new.name.clone())?;
        new.check_clock_and_leavers()?;
        let accounts = seat_accounts(&open, &bots, new.account.as_deref(), new.matched)?;
        if new.rated {
            check_rated(new.seed, &accounts, &open, &bots)?;
        }
        let any_open = open.contains(&true);
        if any_open && new.seed.is_some() && !new.public_seed {
            return Err(ServiceError::SeedNotPublic);
        }
        let seed = new.seed.map_or_else(GameSeed::random, GameSeed::from_u64);
        let now = now_ms();
        let opened = TableEvent::TableOpened {
            seats: seats
                .iter()
                .zip(open.iter().zip(&bots))
                .zip(invited.iter().zip(accounts))
                .map(|((seat, (&open, &bot)), (invited, account))| {
                    let creators = !open && bot.is_none();
                    OpenedSeat {
                        seat: (*seat).to_owned(),
                        open,
                        name: if creators { name.clone() } else { None },
                        bot,
                        account,
                        invited: invited.clone(),
                    }
                })
                .collect(),
            turn_seconds: new.turn_seconds,
            expires_at_ms: self
                .lobby_ttl
                .filter(|_| any_open)
                .map(|ttl| now.saturating_add(ttl.as_millis() as u64)),
            on_decline: invited
                .iter()
                .any(Option::is_some)
                .then(|| new.on_decline.unwrap_or_default()),
            created_by: new.account.clone(),
            on_leave: new
                .on_leave
                .filter(|&on_leave| on_leave != OnLeave::default_for(new.players)),
            clock: new.clock,
            chat: new.chat.filter(|chat| *chat != ChatPolicy::default()),
            rated: new.rated,
        };
        let events = title.open(Opening {
            players: new.players,
            options: &options,
            opened,
            seed,
            now_ms: now,
        })?;
        let (tokens, token_hashes) = creator_tokens(&seats, &open, &bots);
        let meta = GameMeta {
            id,
            title: info.id.to_owned(),
            players: new.players,
            options: options.to_string(),
            token_hashes,
            seed: seed.to_hex(),
            created_at_ms: now,
            seeded: new.seed.is_some(),
        };
        let game = self.games.store_new_game(meta, title, seats, &events).await?;
        Ok(Created { game, tokens })
    }
}

/// A new token for each seat the creator takes (neither open nor a bot's), and each seat's token hash (empty for the
/// others).
fn creator_tokens(
    seats: &[&'static str],
    open: &[bool],
    bots: &[Option<Bot>],
) -> (Vec<(&'static str, String)>, Vec<String>) {
    let tokens: Vec<(&'static str, String)> = seats
        .iter()
        .zip(open.iter().zip(bots))
        .filter(|(_, (open, bot))| !**open && bot.is_none())
        .map(|(&seat, _)| (seat, new_token()))
        .collect();
    let token_hashes = seats
        .iter()
        .map(|seat| {
            tokens
                .iter()
                .find(|(taken, _)| taken == seat)
                .map_or_else(String::new, |(_, token)| hash_token(token))
        })
        .collect();
    (tokens, token_hashes)
}

/// The account of each seat: on the seats neither open nor a bot's, the matched accounts in turn, or else the
/// creator's.
fn seat_accounts(
    open: &[bool],
    bots: &[Option<Bot>],
    creator: Option<&str>,
    matched: Option<&[String]>,
) -> Result<Vec<Option<String>>, ServiceError> {
    let mut matched = matched.map(|accounts| accounts.iter());
    let accounts: Vec<Option<String>> = open
        .iter()
        .zip(bots)
        .map(|(open, bot)| match (!open && bot.is_none(), matched.as_mut()) {
            (false, _) => None,
            (true, Some(matched)) => matched.next().cloned(),
            (true, None) => creator.map(str::to_owned),
        })
        .collect();
    if matched.is_some_and(|mut rest| rest.next().is_some()) {
        return Err(ServiceError::SeatsConflict("more matched accounts than seats".to_owned()));
    }
    Ok(accounts)
}

/// What a rated game requires at creation: the service's seed, an account on every seat taken (each account on
/// one seat), the ladder's bots.
fn check_rated(
    seed: Option<u64>,
    accounts: &[Option<String>],
    open: &[bool],
    bots: &[Option<Bot>],
) -> Result<(), ServiceError> {
    if seed.is_some() {
        return Err(ServiceError::RatedConflict(
            "a rated game's seed is drawn by the service: send no seed".to_owned(),
        ));
    }
    let taken = open
        .iter()
        .zip(bots)
        .zip(accounts)
        .filter(|((open, bot), _)| !**open && bot.is_none());
    if taken.clone().any(|(_, account)| account.is_none()) {
        return Err(ServiceError::RatedConflict(
            "every seat of a rated game is held by an account: create it with an account key, or leave the seats \
             open to accounts"
                .to_owned(),
        ));
    }
    let mut held: Vec<&String> = taken.filter_map(|(_, account)| account.as_ref()).collect();
    let seats = held.len();
    held.sort();
    held.dedup();
    if held.len() < seats {
        return Err(ServiceError::RatedConflict(format!(
            "an account plays one seat of a rated game, not {}",
            seats - held.len() + 1
        )));
    }
    check_rated_bots(bots)
}

/// A display name given or not, as stored (`name::display_name`).
pub(super) fn check_name(name: Option<String>) -> Result<Option<String>, ServiceError> {
    name.as_deref().map(display_name).transpose()
}

/// Which of `seat_ids` (the game's) stay open; `title_seats` are every seat the title has. Seats played by a bot
/// (`bots`) are not the creator's to take: `Count` counts the others, in seat order, and `Choice` may not name them.
fn open_seats(
    seat_ids: &[&'static str],
    title_seats: &[&'static str],
    request: Option<&SeatsRequest>,
    bots: &[Option<Bot>],
) -> Result<Vec<bool>, ServiceError> {
    match request {
        None => Ok(vec![false; seat_ids.len()]),
        Some(SeatsRequest::Count(mine)) => {
            let mine = usize::from(*mine);
            let free = bots.iter().filter(|bot| bot.is_none()).count();
            if mine > free {
                return Err(ServiceError::SeatsConflict(format!(
                    "the creator can take at most the game's {free} seats not played by a bot, not {mine}"
                )));
            }
            let mut taken = 0;
            Ok(bots
                .iter()
                .map(|bot| {
                    if bot.is_some() {
                        return false;
                    }
                    taken += 1;
                    taken > mine
                })
                .collect())
        }
        Some(SeatsRequest::Choice(choices)) => {
            check_seat_ids(choices.keys(), seat_ids, title_seats)?;
            if let Some(both) = seat_ids
                .iter()
                .zip(bots)
                .find(|(id, bot)| bot.is_some() && choices.contains_key(**id))
            {
                return Err(ServiceError::SeatsConflict(format!(
                    "seat {:?} is played by a bot: it cannot also be open or the creator's",
                    both.0
                )));
            }
            Ok(seat_ids
                .iter()
                .map(|id| choices.get(*id).is_some_and(SeatChoice::is_open))
                .collect())
        }
    }
}

impl Tables {
    /// The account each seat is reserved for, by the ids or names the request gives.
    async fn invited_accounts(
        &self,
        seat_ids: &[&'static str],
        request: Option<&SeatsRequest>,
    ) -> Result<Vec<Option<String>>, ServiceError> {
        let mut invited = vec![None; seat_ids.len()];
        let Some(SeatsRequest::Choice(choices)) = request else {
            return Ok(invited);
        };
        for (seat, choice) in choices {
            if let SeatChoice::Invite { account } = choice
                && let Some(index) = seat_ids.iter().position(|id| id == seat)
            {
                invited[index] = Some(self.accounts.find_account(&AccountRef::parse(account)?).await?.id);
            }
        }
        Ok(invited)
    }
}

/// The bot of each seat of the game, from the request's bots by seat id.
fn seat_bots(
    seat_ids: &[&'static str],
    title_seats: &[&'static str],
    request: Option<&BTreeMap<String, Bot>>,
) -> Result<Vec<Option<Bot>>, ServiceError> {
    let Some(bots) = request else {
        return Ok(vec![None; seat_ids.len()]);
    };
    check_seat_ids(bots.keys(), seat_ids, title_seats)?;
    Ok(seat_ids.iter().map(|id| bots.get(*id).copied()).collect())
}

/// Refuses seat ids that are not the title's, or not in a game of this many players.
fn check_seat_ids<'a>(
    mut named: impl Iterator<Item = &'a String> + Clone,
    seat_ids: &[&'static str],
    title_seats: &[&'static str],
) -> Result<(), ServiceError> {
    if let Some(unknown) = named.clone().find(|id| !title_seats.contains(&id.as_str())) {
        return Err(ServiceError::InvalidSeats(format!(
            "{unknown:?} is not a seat of this title (its seats: {})",
            title_seats.join(", ")
        )));
    }
    if let Some(beyond) = named.find(|id| !seat_ids.contains(&id.as_str())) {
        return Err(ServiceError::SeatsConflict(format!(
            "{beyond:?} is not a seat of a {}-player game (its seats: {})",
            seat_ids.len(),
            seat_ids.join(", ")
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_requests_leave_the_right_seats_open() {
        let (seats, all) = (["caesar", "cleopatra"], ["caesar", "cleopatra", "brutus"]);
        let open = |request: SeatsRequest| open_seats(&seats, &all, Some(&request), &[None, None]);
        assert_eq!(open(SeatsRequest::Count(1)).unwrap(), [false, true]);
        let choice =
            |seat: &str| SeatsRequest::Choice([(seat.to_owned(), SeatChoice::Keyword(SeatKeyword::Open))].into());
        assert_eq!(open(choice("caesar")).unwrap(), [true, false]);
        assert!(matches!(open(choice("cassius")), Err(ServiceError::InvalidSeats(_))));
        assert!(matches!(open(choice("brutus")), Err(ServiceError::SeatsConflict(_))));
        assert!(matches!(open(SeatsRequest::Count(3)), Err(ServiceError::SeatsConflict(_))));
    }

    #[test]
    fn seats_requests_place_the_creator_on_the_seats_bots_leave() {
        let (seats, all) = (["caesar", "cleopatra"], ["caesar", "cleopatra"]);
        let bot_first = [Some(Bot::Random {}), None];
        let open = |request: SeatsRequest| open_seats(&seats, &all, Some(&request), &bot_first);
        assert_eq!(open(SeatsRequest::Count(1)).unwrap(), [false, false], "the creator takes cleopatra");
        assert_eq!(open(SeatsRequest::Count(0)).unwrap(), [false, true], "cleopatra waits for someone");
        assert!(matches!(open(SeatsRequest::Count(2)), Err(ServiceError::SeatsConflict(_))));
        let choice =
            |seat: &str| SeatsRequest::Choice([(seat.to_owned(), SeatChoice::Keyword(SeatKeyword::Mine))].into());
        assert!(matches!(open(choice("caesar")), Err(ServiceError::SeatsConflict(_))));
        assert_eq!(open(choice("cleopatra")).unwrap(), [false, false]);
        let bots = [("cleopatra".to_owned(), Bot::Random {})].into();
        assert_eq!(seat_bots(&seats, &all, Some(&bots)).unwrap(), [None, Some(Bot::Random {})]);
        let elsewhere = [("brutus".to_owned(), Bot::Random {})].into();
        assert!(matches!(seat_bots(&seats, &all, Some(&elsewhere)), Err(ServiceError::InvalidSeats(_))));
    }
}
