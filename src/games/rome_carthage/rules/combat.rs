//! Combat resolution (4.6): `combat_choice`, `combat_commit`, `spy_decision`, `spy_commit` and `tie_break`, with every
//! automatic step between them (commits of short hands, reveals, spy restarts, automatic extras, resolutions).

use super::game_over::after_elimination;
use super::turn_end::end_turn;
use super::{Cx, disposals, err, for_each_multiset, in_hand, rank_counts, ranks_sorted, sid};
use crate::engine::RuleError;
use crate::games::rome_carthage::state::{Combat, Phase, SpyStage, State, spy_eligible};
use crate::games::rome_carthage::types::{
    CityId, Rank, Resolution, RomeCarthageAction as A, RomeCarthageEvent as E, Side,
};

/// Starts the pending combat number `index` (C0, C1); `chosen`: named with `choose_combat`.
fn start_combat(cx: &mut Cx, index: usize, chosen: bool) {
    let Some(p) = cx.s.pending.get(index).copied() else {
        return;
    };
    let a = cx.s.owner_of(p.attacker);
    let d = cx.s.owner_of(p.defender);
    let (need_attacker, need_defender) = (cx.s.card_limit(a), cx.s.card_limit(d));
    cx.emit(E::CombatStarted {
        city: CityId(p.city),
        attacker: p.attacker,
        defender: p.defender,
        attacker_seat: sid(a),
        defender_seat: sid(d),
        need_attacker,
        need_defender,
        chosen,
    });
}

/// C7: `winner` (0 attacker, 1 defender) wins; the loser's piece is eliminated and the table cards disposed of.
fn resolve(cx: &mut Cx, c: &Combat, winner: usize, resolution: Resolution) {
    let totals = c.totals();
    let loser = 1 - winner;
    let groups: Vec<(u8, Vec<Rank>)> = vec![
        (c.seats[0], ranks_sorted(&c.base[0])),
        (c.seats[0], ranks_sorted(&c.extra[0])),
        (c.seats[1], ranks_sorted(&c.base[1])),
        (c.seats[1], ranks_sorted(&c.extra[1])),
    ];
    let disposals = disposals(&groups, cx.s.kings_removed);
    cx.emit(E::CombatResolved {
        city: CityId(c.city),
        attacker: c.pieces[0],
        defender: c.pieces[1],
        attacker_total: totals[0],
        defender_total: totals[1],
        winner: Side::of(winner),
        eliminated: c.pieces[loser],
        resolution,
        disposals,
    });
    after_elimination(cx, c.pieces[loser]);
}

/// Runs every automatic step of combat resolution until a seat must decide, the turn passes, or the game ends.
pub(super) fn run_combats(cx: &mut Cx) {
    loop {
        if cx.s.phase != Phase::Combat {
            return;
        }
        let Some(c) = cx.s.combat.clone() else {
            if cx.s.pending.is_empty() {
                end_turn(cx);
                return;
            }
            if cx.s.pending.len() >= 2 && cx.s.in_game(cx.s.active) {
                return;
            }
            start_combat(cx, 0, false);
            continue;
        };
        // C2: automatic commits.
        if c.committed.contains(&false) {
            let mut waiting = false;
            for side in 0..2 {
                if c.committed[side] {
                    continue;
                }
                let seat = c.seats[side];
                if cx.s.hand_len(seat) <= c.need[side] as usize {
                    let ranks = ranks_sorted(&cx.s.hands[seat as usize]);
                    let shared_with = cx.s.share_with(seat).map(sid);
                    cx.emit(E::BaseCommitted {
                        seat: sid(seat),
                        side: Side::of(side),
                        count: ranks.len() as u32,
                        automatic: true,
                        ranks: Some(ranks),
                        shared_with,
                    });
                } else {
                    waiting = true;
                }
            }
            if waiting {
                return;
            }
            continue;
        }
        // C3: reveal.
        if !c.revealed {
            let spy: Vec<Side> = (0..2)
                .filter(|&side| spy_eligible(&c.base[side]))
                .map(Side::of)
                .collect();
            cx.emit(E::BasesRevealed {
                attacker: ranks_sorted(&c.base[0]),
                defender: ranks_sorted(&c.base[1]),
                spy_eligible: spy,
            });
            continue;
        }
        // C4: spies.
        match c.spy {
            SpyStage::Double => {
                let groups = vec![
                    (c.seats[0], ranks_sorted(&c.base[0])),
                    (c.seats[1], ranks_sorted(&c.base[1])),
                ];
                let disposals = disposals(&groups, cx.s.kings_removed);
                let (need_attacker, need_defender) = (cx.s.card_limit(c.seats[0]), cx.s.card_limit(c.seats[1]));
                cx.emit(E::DoubleSpy {
                    disposals,
                    need_attacker,
                    need_defender,
                });
                continue;
            }
            SpyStage::Offered(_) | SpyStage::Declared(_) | SpyStage::Unchecked => return,
            SpyStage::Done => {}
        }
        // C6 in progress: extras.
        if c.tie {
            if c.extra_pending == [true, true] {
                let mut after = c.clone();
                after.extra_pending = [false, false];
                let totals = after.totals();
                let last = |side: usize| c.extra[side].last().map(|c| c.rank()).unwrap_or(Rank::J);
                cx.emit(E::ExtrasRevealed {
                    attacker: last(0),
                    defender: last(1),
                    attacker_total: totals[0],
                    defender_total: totals[1],
                });
                continue;
            }
            return;
        }
        // C5: totals.
        let totals = c.totals();
        if totals[0] != totals[1] {
            let winner = if totals[0] > totals[1] { 0 } else { 1 };
            resolve(cx, &c, winner, Resolution::Totals);
            continue;
        }
        // C6: tie-break round.
        let empty = [cx.s.hand_len(c.seats[0]) == 0, cx.s.hand_len(c.seats[1]) == 0];
        match empty {
            [true, _] => {
                resolve(cx, &c, 1, Resolution::EmptyHand);
                continue;
            }
            [false, true] => {
                resolve(cx, &c, 0, Resolution::EmptyHand);
                continue;
            }
            _ => {}
        }
        cx.emit(E::CombatTied {
            attacker_total: totals[0],
            defender_total: totals[1],
        });
        for side in 0..2 {
            let seat = c.seats[side];
            if cx.s.hand_len(seat) == 1 {
                let rank = cx.s.hands[seat as usize][0].rank();
                let shared_with = cx.s.share_with(seat).map(sid);
                cx.emit(E::ExtraAdded {
                    seat: sid(seat),
                    side: Side::of(side),
                    automatic: true,
                    rank: Some(rank),
                    shared_with,
                });
            }
        }
    }
}

/// The side (0 attacker, 1 defender) a seat plays in the current combat.
fn combat_side(s: &State, seat: u8) -> Result<(Combat, usize), RuleError> {
    let Some(c) = s.combat.clone().filter(|_| s.phase == Phase::Combat) else {
        return Err(err("wrong_phase", "no combat is being fought"));
    };
    let Some(side) = c.seats.iter().position(|&x| x == seat) else {
        return Err(err("not_your_turn", "you take no part in this combat"));
    };
    Ok((c, side))
}

/// `choose_combat`.
pub(super) fn choose(state: &State, cx: &mut Cx, me: u8, city: CityId) -> Result<(), RuleError> {
    if state.phase != Phase::Combat || state.combat.is_some() || state.pending.len() < 2 {
        return Err(err("wrong_phase", "no combat is to be chosen now"));
    }
    if state.active != me {
        return Err(err("not_your_turn", "the active seat chooses the order of combats"));
    }
    let Some(index) = state.pending_at(city.0) else {
        return Err(err("no_combat_there", format!("no combat is pending in {}", city.id())));
    };
    start_combat(cx, index, true);
    run_combats(cx);
    Ok(())
}

/// `commit`.
pub(super) fn commit(state: &State, cx: &mut Cx, me: u8, cards: &[Rank]) -> Result<(), RuleError> {
    let (c, side) = combat_side(state, me)?;
    if c.committed[side] {
        return Err(err("wrong_phase", "your base cards are already committed"));
    }
    if cards.len() != c.need[side] as usize {
        return Err(err(
            "wrong_card_count",
            format!("commit exactly {} card(s)", c.need[side]),
        ));
    }
    in_hand(state, me, cards)?;
    let mut ranks = cards.to_vec();
    ranks.sort();
    let shared_with = state.share_with(me).map(sid);
    cx.emit(E::BaseCommitted {
        seat: sid(me),
        side: Side::of(side),
        count: ranks.len() as u32,
        automatic: false,
        ranks: Some(ranks),
        shared_with,
    });
    run_combats(cx);
    Ok(())
}

/// `declare_spy` (`declare`) or `decline_spy`.
pub(super) fn spy_decision(state: &State, cx: &mut Cx, me: u8, declare: bool) -> Result<(), RuleError> {
    let (c, side) = combat_side(state, me)?;
    if c.spy != SpyStage::Offered(side as u8) || c.committed.contains(&false) {
        return Err(err("wrong_phase", "you have no spy to declare now"));
    }
    if !declare {
        cx.emit(E::SpyDeclined { seat: sid(me) });
    } else {
        let disposals = disposals(&[(me, ranks_sorted(&c.base[side]))], state.kings_removed);
        cx.emit(E::SpyDeclared {
            seat: sid(me),
            disposals,
        });
        if cx.s.hand_len(me) <= 2 {
            let ranks = ranks_sorted(&cx.s.hands[me as usize]);
            cx.emit(E::SpyBaseChosen {
                seat: sid(me),
                ranks,
                automatic: true,
            });
        }
    }
    run_combats(cx);
    Ok(())
}

/// `spy_commit`.
pub(super) fn spy_commit(state: &State, cx: &mut Cx, me: u8, cards: &[Rank]) -> Result<(), RuleError> {
    let (c, side) = combat_side(state, me)?;
    if c.spy != SpyStage::Declared(side as u8) {
        return Err(err("wrong_phase", "you have not declared a spy"));
    }
    if cards.len() != 2 {
        return Err(err("wrong_card_count", "a spy's new base has exactly 2 cards"));
    }
    in_hand(state, me, cards)?;
    let mut ranks = cards.to_vec();
    ranks.sort();
    cx.emit(E::SpyBaseChosen {
        seat: sid(me),
        ranks,
        automatic: false,
    });
    run_combats(cx);
    Ok(())
}

/// `add_card`.
pub(super) fn add_card(state: &State, cx: &mut Cx, me: u8, card: Rank) -> Result<(), RuleError> {
    let (c, side) = combat_side(state, me)?;
    if !c.tie || c.extra_pending[side] || c.spy != SpyStage::Done {
        return Err(err("wrong_phase", "no tie-break card is expected from you"));
    }
    in_hand(state, me, &[card])?;
    let shared_with = state.share_with(me).map(sid);
    cx.emit(E::ExtraAdded {
        seat: sid(me),
        side: Side::of(side),
        automatic: false,
        rank: Some(card),
        shared_with,
    });
    run_combats(cx);
    Ok(())
}

/// A seat's legal actions in the combat phases.
pub(super) fn list(s: &State, me: u8, out: &mut Vec<A>) {
    match &s.combat {
        None => {
            for p in &s.pending {
                out.push(A::ChooseCombat { city: CityId(p.city) });
            }
        }
        Some(c) => {
            let Some(side) = c.seats.iter().position(|&x| x == me) else {
                return;
            };
            let hand = &s.hands[me as usize];
            if !c.committed[side] {
                for_each_multiset(rank_counts(hand), c.need[side] as usize, |cards| {
                    out.push(A::Commit { cards: cards.into() })
                });
            } else {
                match c.spy {
                    SpyStage::Offered(_) => {
                        out.push(A::DeclareSpy {});
                        out.push(A::DeclineSpy {});
                    }
                    SpyStage::Declared(_) => {
                        for_each_multiset(rank_counts(hand), 2, |cards| {
                            out.push(A::SpyCommit { cards: cards.into() })
                        });
                    }
                    SpyStage::Done if c.tie && !c.extra_pending[side] => {
                        for_each_multiset(rank_counts(hand), 1, |cards| out.push(A::AddCard { card: cards[0] }));
                    }
                    _ => {}
                }
            }
        }
    }
}
