//! The end of a round and of the game (spec 4.8 ROUND END, 4.9 FALL OF THE EMPIRE, 8 scoring).

use super::super::data::DATA;
use super::super::state::State;
use super::super::types::{CaligulaOutcome, Event, FavourAt, Score, SeatId};
use super::{Next, Work, sid};
use crate::engine::Seat;

pub(super) fn round_end(w: &mut Work) -> Next {
    let emperor = &DATA.augustus[w.s.emperor];
    let paid: Vec<SeatId> = w.s.favours_at(FavourAt::Emperor).into_iter().map(sid).collect();
    if !paid.is_empty() && emperor.vp > 0 {
        w.emit(Event::RoundEndPayment {
            emperor: emperor.id.clone(),
            vp: emperor.vp,
            paid,
        });
    }
    let next_round = w.s.suits.iter().all(|row| row.pos.iter().all(|p| p.is_some()));
    let round = w.s.round;
    w.emit(Event::RoundEnded { round, next_round });
    if next_round { Next::Placement(None) } else { Next::Fall }
}

/// 4.9: the Favor tokens on the emperor return, then the final conspiracy.
pub(super) fn fall(w: &mut Work) -> Next {
    let returned = w.s.favours_at(FavourAt::Emperor);
    w.emit(Event::EmpireFell {
        returned_favours: returned.into_iter().map(sid).collect(),
    });
    Next::Opportunity(true)
}

/// Game over, with the result.
pub(super) fn game_over(w: &mut Work) -> Next {
    let result = score(&w.s);
    w.emit(Event::GameOver { result });
    Next::Stop
}

/// Final ranking (section 8).
pub fn score(s: &State) -> CaligulaOutcome {
    let key = |seat: Seat| {
        let p = &s.players[seat];
        (p.vp + p.cp, u8::from(s.pip == Some(seat)), p.cp, p.hand_count())
    };
    let mut ranking = s.ordo_order();
    ranking.sort_by_key(|&seat| std::cmp::Reverse(key(seat)));
    let best = key(ranking[0]);
    let winners: Vec<SeatId> = ranking.iter().filter(|&&x| key(x) == best).map(|&x| sid(x)).collect();
    let scores = (0..s.n)
        .map(|seat| {
            let p = &s.players[seat];
            (
                sid(seat).name().to_string(),
                Score {
                    vp: p.vp,
                    conspiracy_points: p.cp,
                    total: p.vp + p.cp,
                    pip: s.pip == Some(seat),
                    cards: p.hand_count(),
                },
            )
        })
        .collect();
    CaligulaOutcome {
        scores,
        ranking: ranking.into_iter().map(sid).collect(),
        draw: winners.len() > 1,
        winners,
    }
}
