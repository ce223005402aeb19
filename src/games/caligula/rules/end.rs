//! The end of a round and of the game (spec 4.8 ROUND END, 4.9 FALL OF THE EMPIRE, 8 scoring).

use super::super::data::DATA;
use super::super::event::Event;
use super::super::ids::{FavourAt, SeatId};
use super::super::outcome::{Outcome, Score};
use super::super::state::State;
use super::{Next, Work, seat_id};
use crate::engine::Seat;

/// 4.8: the emperor pays the seats whose Favor token is on him; the game goes on while every suit still shows two cards.
pub(super) fn round_end(work: &mut Work) -> Next {
    let emperor = &DATA.augustus[work.state.emperor];
    let paid: Vec<SeatId> = work
        .state
        .favours_at(FavourAt::Emperor)
        .into_iter()
        .map(seat_id)
        .collect();
    if !paid.is_empty() && emperor.vp > 0 {
        work.emit(Event::RoundEndPayment {
            emperor: emperor.id.clone(),
            vp: emperor.vp,
            paid,
        });
    }
    let next_round = work
        .state
        .suits
        .iter()
        .all(|row| row.pos.iter().all(|card| card.is_some()));
    let round = work.state.round;
    work.emit(Event::RoundEnded { round, next_round });
    if next_round { Next::Placement(None) } else { Next::Fall }
}

/// 4.9: the Favor tokens on the emperor return, then the final conspiracy.
pub(super) fn fall(work: &mut Work) -> Next {
    let returned = work.state.favours_at(FavourAt::Emperor);
    work.emit(Event::EmpireFell {
        returned_favours: returned.into_iter().map(seat_id).collect(),
    });
    Next::Opportunity(true)
}

/// Game over, with the result.
pub(super) fn game_over(work: &mut Work) -> Next {
    let result = score(&work.state);
    work.emit(Event::GameOver { result });
    Next::Stop
}

/// Final ranking (section 8).
pub fn score(state: &State) -> Outcome {
    let key = |seat: Seat| {
        let player = &state.players[seat];
        (player.vp + player.cp, u8::from(state.pip == Some(seat)), player.cp, player.hand_count())
    };
    let mut ranking = state.ordo_order();
    ranking.sort_by_key(|&seat| std::cmp::Reverse(key(seat)));
    let best = key(ranking[0]);
    let winners: Vec<SeatId> = ranking
        .iter()
        .filter(|&&seat| key(seat) == best)
        .map(|&seat| seat_id(seat))
        .collect();
    let scores = (0..state.n)
        .map(|seat| {
            let player = &state.players[seat];
            (
                seat_id(seat).name().to_string(),
                Score {
                    vp: player.vp,
                    conspiracy_points: player.cp,
                    total: player.vp + player.cp,
                    pip: state.pip == Some(seat),
                    cards: player.hand_count(),
                },
            )
        })
        .collect();
    Outcome {
        scores,
        ranking: ranking.into_iter().map(seat_id).collect(),
        draw: winners.len() > 1,
        winners,
    }
}
