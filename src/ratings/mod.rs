//! Ratings of accounts per title: Glicko-2 (`glicko2`), each finished rated game one rating period for the accounts
//! that played it, and the results a game's final ranking gives (`rate_game`).

pub mod glicko2;

use std::collections::BTreeMap;

pub use glicko2::{Outcome, Rating, TAU};

/// A deviation above this marks a rating as provisional (lichess's threshold): too few games to trust it.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// Where one seat of a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placing<'a> {
    pub account: &'a str,
    /// 0 for first; seats that share a place share the number.
    pub place: usize,
    /// The seat's team: seats of one side win or lose together and are not each other's opponents.
    pub side: usize,
}

/// The results a ranking gives, per account: against every seat of another side held by another account, a win
/// for the better place, a draw for the same one. Two seats give two players one result each; a team game gives
/// each player one result per opponent of the other team; an account at several seats gathers all of theirs.
pub fn results<'a>(placings: &[Placing<'a>]) -> BTreeMap<&'a str, Vec<(&'a str, f64)>> {
    let mut results: BTreeMap<&str, Vec<(&str, f64)>> = BTreeMap::new();
    for me in placings {
        let mine = results.entry(me.account).or_default();
        for them in placings {
            if them.side == me.side || them.account == me.account {
                continue;
            }
            let score = match me.place.cmp(&them.place) {
                std::cmp::Ordering::Less => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Greater => 0.0,
            };
            mine.push((them.account, score));
        }
    }
    results
}

/// Every account's rating after the game: one rating period from the ratings everyone had before it.
pub fn rate_game(before: &BTreeMap<String, Rating>, placings: &[Placing<'_>]) -> BTreeMap<String, Rating> {
    let rating_of = |account: &str| before.get(account).copied().unwrap_or_default();
    results(placings)
        .into_iter()
        .map(|(account, results)| {
            let outcomes: Vec<Outcome> = results
                .iter()
                .map(|&(opponent, score)| Outcome {
                    opponent: rating_of(opponent),
                    score,
                })
                .collect();
            (account.to_owned(), rating_of(account).after(&outcomes, TAU))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placing(account: &str, place: usize, side: usize) -> Placing<'_> {
        Placing { account, place, side }
    }

    #[test]
    fn two_seats_give_one_result_each() {
        let got = results(&[placing("a", 0, 0), placing("b", 1, 1)]);
        assert_eq!(got["a"], [("b", 1.0)]);
        assert_eq!(got["b"], [("a", 0.0)]);
    }

    #[test]
    fn a_multiplayer_ranking_gives_pairwise_results_with_shared_places_as_draws() {
        let got = results(&[
            placing("a", 1, 0),
            placing("b", 0, 1),
            placing("c", 1, 2),
            placing("d", 2, 3),
        ]);
        assert_eq!(got["b"], [("a", 1.0), ("c", 1.0), ("d", 1.0)]);
        assert_eq!(got["a"], [("b", 0.0), ("c", 0.5), ("d", 1.0)]);
        assert_eq!(got["d"], [("a", 0.0), ("b", 0.0), ("c", 0.0)]);
    }

    #[test]
    fn teams_play_the_other_team_only_and_an_account_never_plays_itself() {
        let got = results(&[
            placing("a", 0, 0),
            placing("b", 1, 1),
            placing("c", 0, 0),
            placing("d", 1, 1),
        ]);
        assert_eq!(got["a"], [("b", 1.0), ("d", 1.0)]);
        assert_eq!(got["d"], [("a", 0.0), ("c", 0.0)]);
        let same = results(&[placing("bot", 0, 0), placing("bot", 2, 2), placing("p", 1, 1)]);
        assert_eq!(same["bot"], [("p", 1.0), ("p", 0.0)]);
        assert_eq!(same["p"], [("bot", 0.0), ("bot", 1.0)]);
    }

    #[test]
    fn a_game_moves_the_winner_up_and_the_loser_down_from_their_ratings_before_it() {
        let before = BTreeMap::from([(
            "b".to_owned(),
            Rating {
                rating: 1700.0,
                deviation: 100.0,
                ..Rating::default()
            },
        )]);
        let after = rate_game(&before, &[placing("a", 0, 0), placing("b", 1, 1)]);
        assert!(after["a"].rating > 1500.0 && after["b"].rating < 1700.0);
        assert!(after["a"].rating - 1500.0 > 1700.0 - after["b"].rating, "a's deviation is the wider: a moves more");
    }
}
