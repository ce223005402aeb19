//! Combat resolution (4.6): `combat_choice`, `combat_commit`, `spy_decision`, `spy_commit` and `tie_break`, with every
//! automatic step between them (commits of short hands, reveals, spy restarts, automatic extras, resolutions), one
//! function per step.

use super::cards::{disposals, for_each_multiset, in_hand, rank_counts, ranks_sorted};
use super::decision::{Cx, err};
use super::game_over::after_elimination;
use super::turn_end::end_turn;
use crate::engine::{RuleCode, RuleError};
use crate::games::rome_carthage::action::Action;
use crate::games::rome_carthage::card::Rank;
use crate::games::rome_carthage::city::CityId;
use crate::games::rome_carthage::event::{Event, Resolution};
use crate::games::rome_carthage::ids::{Side, seat_id};
use crate::games::rome_carthage::state::{Combat, Phase, SpyStage, State, spy_eligible};

/// After an automatic step: whether resolution goes on, or waits for a seat (or has left the combat phase).
#[derive(PartialEq, Eq)]
enum Next {
    Continue,
    Wait,
}

/// Runs every automatic step of combat resolution until a seat must decide, the turn passes, or the game ends.
pub(super) fn run_combats(cx: &mut Cx) {
    while cx.state.phase == Phase::Combat {
        let next = match cx.state.combat.clone() {
            None => next_combat(cx),
            Some(combat) if combat.committed.contains(&false) => commit_short_hands(cx, &combat),
            Some(combat) if !combat.revealed => reveal_bases(cx, &combat),
            Some(combat) => match combat.spy {
                SpyStage::Double => restart_double_spy(cx, &combat),
                SpyStage::Offered(_) | SpyStage::Declared(_) | SpyStage::Unchecked => Next::Wait,
                SpyStage::Done if combat.tie => reveal_extras(cx, &combat),
                SpyStage::Done => compare_totals(cx, &combat),
            },
        };
        if next == Next::Wait {
            return;
        }
    }
}

/// Between combats: the turn ends when none is pending, the active seat chooses among several (C0), or the only
/// one starts.
fn next_combat(cx: &mut Cx) -> Next {
    if cx.state.pending.is_empty() {
        end_turn(cx);
        return Next::Wait;
    }
    if cx.state.pending.len() >= 2 && cx.state.in_game(cx.state.active) {
        return Next::Wait;
    }
    start_combat(cx, 0, false);
    Next::Continue
}

/// Starts the pending combat number `index` (C0, C1); `chosen`: named with `choose_combat`.
fn start_combat(cx: &mut Cx, index: usize, chosen: bool) {
    let Some(pending) = cx.state.pending.get(index).copied() else {
        return;
    };
    let attacker_seat = cx.state.owner_of(pending.attacker);
    let defender_seat = cx.state.owner_of(pending.defender);
    let (need_attacker, need_defender) = (cx.state.card_limit(attacker_seat), cx.state.card_limit(defender_seat));
    cx.emit(Event::CombatStarted {
        city: CityId(pending.city),
        attacker: pending.attacker,
        defender: pending.defender,
        attacker_seat: seat_id(attacker_seat),
        defender_seat: seat_id(defender_seat),
        need_attacker,
        need_defender,
        chosen,
    });
}

/// A base committed face down: `ranks` for the owner (and a partner allowed to see them).
fn commit_base(cx: &mut Cx, seat: u8, side: usize, ranks: Vec<Rank>, automatic: bool) {
    let shared_with = cx.state.share_with(seat).map(seat_id);
    cx.emit(Event::BaseCommitted {
        seat: seat_id(seat),
        side: Side::of(side),
        count: ranks.len() as u32,
        automatic,
        ranks: Some(ranks),
        shared_with,
    });
}

/// C2: a side whose hand holds no more cards than it needs commits it all; the others are waited for.
fn commit_short_hands(cx: &mut Cx, combat: &Combat) -> Next {
    let mut next = Next::Continue;
    for side in (0..2).filter(|&side| !combat.committed[side]) {
        let seat = combat.seats[side];
        if cx.state.hand_len(seat) <= combat.need[side] as usize {
            let ranks = ranks_sorted(&cx.state.hands[seat as usize]);
            commit_base(cx, seat, side, ranks, true);
        } else {
            next = Next::Wait;
        }
    }
    next
}

/// C3: both bases revealed, with the sides whose base is a spy.
fn reveal_bases(cx: &mut Cx, combat: &Combat) -> Next {
    let spy_eligible = (0..2)
        .filter(|&side| spy_eligible(&combat.base[side]))
        .map(Side::of)
        .collect();
    cx.emit(Event::BasesRevealed {
        attacker: ranks_sorted(&combat.base[0]),
        defender: ranks_sorted(&combat.base[1]),
        spy_eligible,
    });
    Next::Continue
}

/// C4: both bases were spies; they are disposed of and the combat restarts with the card limits of now.
fn restart_double_spy(cx: &mut Cx, combat: &Combat) -> Next {
    let groups = vec![
        (combat.seats[0], ranks_sorted(&combat.base[0])),
        (combat.seats[1], ranks_sorted(&combat.base[1])),
    ];
    let disposals = disposals(&groups, cx.state.kings_removed);
    let (need_attacker, need_defender) = (cx.state.card_limit(combat.seats[0]), cx.state.card_limit(combat.seats[1]));
    cx.emit(Event::DoubleSpy {
        disposals,
        need_attacker,
        need_defender,
    });
    Next::Continue
}

/// C6 in progress: once both extras are committed, they are revealed.
fn reveal_extras(cx: &mut Cx, combat: &Combat) -> Next {
    if combat.extra_pending != [true, true] {
        return Next::Wait;
    }
    let mut after = combat.clone();
    after.extra_pending = [false, false];
    let totals = after.totals();
    let last = |side: usize| combat.extra[side].last().map(|card| card.rank()).unwrap_or(Rank::J);
    cx.emit(Event::ExtrasRevealed {
        attacker: last(0),
        defender: last(1),
        attacker_total: totals[0],
        defender_total: totals[1],
    });
    Next::Continue
}

/// A tie-break card committed face down: `rank` for the owner (and a partner allowed to see it).
fn add_extra(cx: &mut Cx, seat: u8, side: usize, rank: Rank, automatic: bool) {
    let shared_with = cx.state.share_with(seat).map(seat_id);
    cx.emit(Event::ExtraAdded {
        seat: seat_id(seat),
        side: Side::of(side),
        automatic,
        rank: Some(rank),
        shared_with,
    });
}

/// C5: the higher total wins; on a tie (C6), a side with an empty hand loses, else each side adds a card (at once
/// when it has only one).
fn compare_totals(cx: &mut Cx, combat: &Combat) -> Next {
    let totals = combat.totals();
    if totals[0] != totals[1] {
        let winner = if totals[0] > totals[1] { 0 } else { 1 };
        resolve(cx, combat, winner, Resolution::Totals);
        return Next::Continue;
    }
    let empty = [0, 1].map(|side| cx.state.hand_len(combat.seats[side]) == 0);
    match empty {
        [true, _] => resolve(cx, combat, 1, Resolution::EmptyHand),
        [false, true] => resolve(cx, combat, 0, Resolution::EmptyHand),
        [false, false] => {
            cx.emit(Event::CombatTied {
                attacker_total: totals[0],
                defender_total: totals[1],
            });
            for side in 0..2 {
                let seat = combat.seats[side];
                if cx.state.hand_len(seat) == 1 {
                    let rank = cx.state.hands[seat as usize][0].rank();
                    add_extra(cx, seat, side, rank, true);
                }
            }
        }
    }
    Next::Continue
}

/// C7: `winner` (0 attacker, 1 defender) wins; the loser's piece is eliminated and the table cards disposed of.
fn resolve(cx: &mut Cx, combat: &Combat, winner: usize, resolution: Resolution) {
    let totals = combat.totals();
    let loser = 1 - winner;
    let groups: Vec<(u8, Vec<Rank>)> = vec![
        (combat.seats[0], ranks_sorted(&combat.base[0])),
        (combat.seats[0], ranks_sorted(&combat.extra[0])),
        (combat.seats[1], ranks_sorted(&combat.base[1])),
        (combat.seats[1], ranks_sorted(&combat.extra[1])),
    ];
    let disposals = disposals(&groups, cx.state.kings_removed);
    cx.emit(Event::CombatResolved {
        city: CityId(combat.city),
        attacker: combat.pieces[0],
        defender: combat.pieces[1],
        attacker_total: totals[0],
        defender_total: totals[1],
        winner: Side::of(winner),
        eliminated: combat.pieces[loser],
        resolution,
        disposals,
    });
    after_elimination(cx, combat.pieces[loser]);
}

/// The combat being fought and the side (0 attacker, 1 defender) a seat plays in it.
fn combat_side(state: &State, seat: u8) -> Result<(Combat, usize), RuleError> {
    let Some(combat) = state.combat.clone().filter(|_| state.phase == Phase::Combat) else {
        return Err(err(RuleCode::WrongPhase, "no combat is being fought"));
    };
    let Some(side) = combat.seats.iter().position(|&fighter| fighter == seat) else {
        return Err(err(RuleCode::NotYourTurn, "you take no part in this combat"));
    };
    Ok((combat, side))
}

/// `choose_combat`.
pub(super) fn choose(state: &State, cx: &mut Cx, me: u8, city: CityId) -> Result<(), RuleError> {
    if state.phase != Phase::Combat || state.combat.is_some() || state.pending.len() < 2 {
        return Err(err(RuleCode::WrongPhase, "no combat is to be chosen now"));
    }
    if state.active != me {
        return Err(err(RuleCode::NotYourTurn, "the active seat chooses the order of combats"));
    }
    let Some(index) = state.pending_at(city.0) else {
        return Err(err(RuleCode::NoCombatThere, format!("no combat is pending in {city}")));
    };
    start_combat(cx, index, true);
    run_combats(cx);
    Ok(())
}

/// `commit`.
pub(super) fn commit(state: &State, cx: &mut Cx, me: u8, cards: &[Rank]) -> Result<(), RuleError> {
    let (combat, side) = combat_side(state, me)?;
    if combat.committed[side] {
        return Err(err(RuleCode::WrongPhase, "your base cards are already committed"));
    }
    if cards.len() != combat.need[side] as usize {
        return Err(err(RuleCode::WrongCardCount, format!("commit exactly {} card(s)", combat.need[side])));
    }
    in_hand(state, me, cards)?;
    let mut ranks = cards.to_vec();
    ranks.sort();
    commit_base(cx, me, side, ranks, false);
    run_combats(cx);
    Ok(())
}

/// `declare_spy` (`declare`) or `decline_spy`.
pub(super) fn spy_decision(state: &State, cx: &mut Cx, me: u8, declare: bool) -> Result<(), RuleError> {
    let (combat, side) = combat_side(state, me)?;
    if combat.spy != SpyStage::Offered(side as u8) || combat.committed.contains(&false) {
        return Err(err(RuleCode::WrongPhase, "you have no spy to declare now"));
    }
    if !declare {
        cx.emit(Event::SpyDeclined { seat: seat_id(me) });
    } else {
        let disposals = disposals(&[(me, ranks_sorted(&combat.base[side]))], state.kings_removed);
        cx.emit(Event::SpyDeclared {
            seat: seat_id(me),
            disposals,
        });
        if cx.state.hand_len(me) <= 2 {
            let ranks = ranks_sorted(&cx.state.hands[me as usize]);
            cx.emit(Event::SpyBaseChosen {
                seat: seat_id(me),
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
    let (combat, side) = combat_side(state, me)?;
    if combat.spy != SpyStage::Declared(side as u8) {
        return Err(err(RuleCode::WrongPhase, "you have not declared a spy"));
    }
    if cards.len() != 2 {
        return Err(err(RuleCode::WrongCardCount, "a spy's new base has exactly 2 cards"));
    }
    in_hand(state, me, cards)?;
    let mut ranks = cards.to_vec();
    ranks.sort();
    cx.emit(Event::SpyBaseChosen {
        seat: seat_id(me),
        ranks,
        automatic: false,
    });
    run_combats(cx);
    Ok(())
}

/// `add_card`.
pub(super) fn add_card(state: &State, cx: &mut Cx, me: u8, card: Rank) -> Result<(), RuleError> {
    let (combat, side) = combat_side(state, me)?;
    if !combat.tie || combat.extra_pending[side] || combat.spy != SpyStage::Done {
        return Err(err(RuleCode::WrongPhase, "no tie-break card is expected from you"));
    }
    in_hand(state, me, &[card])?;
    add_extra(cx, me, side, card, false);
    run_combats(cx);
    Ok(())
}

/// A seat's legal actions in the combat phases.
pub(super) fn list(state: &State, me: u8, out: &mut Vec<Action>) {
    let Some(combat) = &state.combat else {
        for pending in &state.pending {
            out.push(Action::ChooseCombat {
                city: CityId(pending.city),
            });
        }
        return;
    };
    let Some(side) = combat.seats.iter().position(|&fighter| fighter == me) else {
        return;
    };
    let hand = rank_counts(&state.hands[me as usize]);
    if !combat.committed[side] {
        for_each_multiset(hand, combat.need[side] as usize, |cards| out.push(Action::Commit { cards: cards.into() }));
        return;
    }
    match combat.spy {
        SpyStage::Offered(_) => {
            out.push(Action::DeclareSpy {});
            out.push(Action::DeclineSpy {});
        }
        SpyStage::Declared(_) => {
            for_each_multiset(hand, 2, |cards| out.push(Action::SpyCommit { cards: cards.into() }));
        }
        SpyStage::Done if combat.tie && !combat.extra_pending[side] => {
            for_each_multiset(hand, 1, |cards| out.push(Action::AddCard { card: cards[0] }));
        }
        _ => {}
    }
}
