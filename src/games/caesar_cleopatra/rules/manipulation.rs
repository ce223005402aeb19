//! The manipulation sub-flow (spec 4.5, effects 7.5), from `main` or `vote_window`: `play_manipulation`, the
//! reaction (`reaction`), the effect (with the steps of `spy_pick` and `castling`), the discard and the window draw.

use super::super::data::data;
use super::super::state::{ManipParams, State, opp};
use super::super::types::{
    CaesarCleopatraAction as A, CaesarCleopatraEvent as E, CcDrawReason, CcFace, CcGroup, CcManipulationKind as K,
    CcOrigin, CcRevealCause, CcValue,
};
use super::vote::{discard_group, reveal_seat};
use super::{Ctx, Refusal, Refused, castling, no, run, seat_of, spy_pick};

pub(super) fn check_play<X: Refusal>(
    s: &State,
    seat: usize,
    card: K,
    group: Option<CcGroup>,
    target: Option<CcValue>,
    groups: Option<&[CcGroup]>,
) -> Result<(), X> {
    if s.manip_used {
        return no(
            "manipulation_already_used",
            || "You have already played a manipulation card this turn.",
        );
    }
    if card == K::Veto {
        return no("veto_only_reaction", || "A Veto can only be played as a reaction.");
    }
    if s.hand_card(seat, CcFace::Manipulation(card)).is_none() {
        return no("card_not_in_hand", || format!("You hold no {} card.", card.id()));
    }
    manip_params(s, seat, card, group, target, groups)?;
    Ok(())
}

/// Checks a manipulation's parameters and target (7.5, D5, D6, D11).
fn manip_params<X: Refusal>(
    s: &State,
    seat: usize,
    kind: K,
    group: Option<CcGroup>,
    target: Option<CcValue>,
    groups: Option<&[CcGroup]>,
) -> Result<ManipParams, X> {
    let op = opp(seat);
    let bad = |what: &str| no("invalid_parameters", || format!("A {} card takes {what}.", kind.id()));
    let closed = |g: CcGroup| {
        no("invalid_target", || {
            format!("The {} have all been won; the group cannot be targeted.", g.id())
        })
    };
    match kind {
        K::Assassination => {
            let (Some(g), Some(v), None) = (group, target, groups) else {
                return bad("`group` and `target` only");
            };
            if !s.open(g) {
                return closed(g);
            }
            if s.side_card(op, g, v, true).is_none() {
                return no("invalid_target", || {
                    format!("Your opponent has no face-up {v} at the {}.", g.id())
                });
            }
            Ok(ManipParams {
                group: Some(g),
                target: Some(v),
                groups: None,
            })
        }
        K::Spy => {
            if group.is_some() || target.is_some() || groups.is_some() {
                return bad("no parameters");
            }
            if s.seats[op].hand.is_empty() {
                return no("invalid_target", || "Your opponent's hand is empty.");
            }
            Ok(ManipParams {
                group: None,
                target: None,
                groups: None,
            })
        }
        K::Castling => {
            let (None, None, Some(&[a, b])) = (group, target, groups) else {
                return bad("`groups` (two groups) only");
            };
            if a == b {
                return no("invalid_target", || "Castling needs two different groups.");
            }
            for g in [a, b] {
                if !s.open(g) {
                    return closed(g);
                }
                if s.vote_context() == Some(g) {
                    return no("invalid_target", || {
                        format!("During its vote, the {} cannot be named by a Castling.", g.id())
                    });
                }
            }
            if s.own(seat, a) + s.own(seat, b) == 0 {
                return no("invalid_target", || "You have no cards at these two groups.");
            }
            let (a, b) = if a <= b { (a, b) } else { (b, a) };
            Ok(ManipParams {
                group: None,
                target: None,
                groups: Some([a, b]),
            })
        }
        K::Scout | K::Wrath => {
            let (Some(g), None, None) = (group, target, groups) else {
                return bad("`group` only");
            };
            if !s.open(g) {
                return closed(g);
            }
            if kind == K::Scout && !s.seats[op].sides[g.index()].iter().any(|slot| !slot.up) {
                return no("invalid_target", || {
                    format!("Your opponent has no face-down card at the {}.", g.id())
                });
            }
            if kind == K::Wrath && s.total(g) == 0 {
                return no("invalid_target", || format!("There is no card at the {}.", g.id()));
            }
            Ok(ManipParams {
                group: Some(g),
                target: None,
                groups: None,
            })
        }
        K::Veto => no("veto_only_reaction", || "A Veto can only be played as a reaction."),
    }
}

/// The `play_manipulation` candidates, in `main` and in `vote_window`.
pub(super) fn candidates(s: &State, seat: usize, out: &mut Vec<A>) {
    let d = data();
    let op = opp(seat);
    let play = |card, group, target, groups| A::PlayManipulation {
        card,
        group,
        target,
        groups,
    };
    for face in State::distinct_faces(&s.seats[seat].hand) {
        let CcFace::Manipulation(kind) = face else {
            continue;
        };
        match kind {
            K::Assassination => {
                for g in CcGroup::ALL {
                    let mut values: Vec<CcValue> = s.seats[op].sides[g.index()]
                        .iter()
                        .filter(|slot| slot.up)
                        .filter_map(|slot| d.value(slot.card))
                        .collect();
                    values.sort();
                    values.dedup();
                    for v in values {
                        out.push(play(kind, Some(g), Some(v), None));
                    }
                }
            }
            K::Spy => out.push(play(kind, None, None, None)),
            K::Castling => {
                for (i, &a) in CcGroup::ALL.iter().enumerate() {
                    for &b in &CcGroup::ALL[i + 1..] {
                        out.push(play(kind, None, None, Some(vec![a, b])));
                    }
                }
            }
            K::Scout | K::Wrath => {
                for g in CcGroup::ALL {
                    out.push(play(kind, Some(g), None, None));
                }
            }
            K::Veto => {}
        }
    }
}

pub(super) fn play(
    c: &mut Ctx,
    seat: usize,
    card: K,
    group: Option<CcGroup>,
    target: Option<CcValue>,
    groups: Option<&[CcGroup]>,
) {
    let Ok(params) = manip_params::<Refused>(&c.s, seat, card, group, target, groups) else {
        return;
    };
    let Some(id) = c.s.hand_card(seat, CcFace::Manipulation(card)) else {
        return;
    };
    c.emit(E::ManipulationPlayed {
        seat: seat_of(seat),
        card,
        group: params.group,
        target: params.target,
        groups: params.groups.map(|gs| gs.to_vec()),
        id: Some(id),
    });
    // In solo mode the opponent is the exhausted seat, which has no reaction step (D18).
    let op = opp(seat);
    if c.s.manip(op) >= 1 && c.s.solo.is_none() {
        c.emit(E::ReactionOffered { seat: seat_of(op) });
    } else {
        resolve_effect(c);
    }
}

/// Applies the effect of the manipulation on the table (spec 4.5 step 4, 7.5).
pub(super) fn resolve_effect(c: &mut Ctx) {
    let Some(p) = c.s.pending.clone() else {
        return;
    };
    let op = opp(p.seat);
    match p.kind {
        K::Assassination => {
            if let (Some(g), Some(v)) = (p.params.group, p.params.target)
                && let Some(id) = c.s.side_card(op, g, v, true)
            {
                c.emit(E::CardDiscarded {
                    seat: seat_of(op),
                    origin: CcOrigin::Board,
                    card: CcFace::Influence(v),
                    group: Some(g),
                    id: Some(id),
                });
            }
            finish_manipulation(c);
        }
        K::Scout => {
            if let Some(g) = p.params.group {
                reveal_seat(c, g, op, CcRevealCause::Scout);
            }
            finish_manipulation(c);
        }
        K::Wrath => {
            if let Some(g) = p.params.group {
                discard_group(c, g);
            }
            finish_manipulation(c);
        }
        K::Spy => spy_pick::start(c, p.seat),
        K::Castling => castling::start(c, &p),
        K::Veto => finish_manipulation(c),
    }
}

/// The played card goes to the discard (step 5).
pub(super) fn discard_played(c: &mut Ctx) {
    if let Some(p) = c.s.pending.clone() {
        c.emit(E::CardDiscarded {
            seat: seat_of(p.seat),
            origin: CcOrigin::Play,
            card: CcFace::Manipulation(p.kind),
            group: None,
            id: Some(p.card),
        });
    }
}

/// Step 6: in a vote window (and not in solo mode) the active seat owes its replacement draw.
pub(super) fn window_draw(c: &mut Ctx) {
    if c.s.vote_context().is_some() && c.s.solo.is_none() {
        c.emit(E::DrawOwed {
            seat: seat_of(c.s.active),
            count: 1,
            reason: CcDrawReason::Window,
        });
    }
}

/// Steps 5 to 7 of the manipulation sub-flow after the effect.
pub(super) fn finish_manipulation(c: &mut Ctx) {
    discard_played(c);
    window_draw(c);
    run(c);
}
