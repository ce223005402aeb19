//! Validation, legal actions, and the automatic flow (spec 4, 6, 7, 8).

use rand::seq::SliceRandom;

use super::actions::CaesarCleopatraAction as A;
use super::data::{VoteKind, data};
use super::events::{
    CaesarCleopatraEvent as E, CcDrawReason, CcGroupCount, CcGroupSeatCounts, CcMissionCards, CcMode, CcOrigin,
    CcOwnedCard, CcRevealCause, CcVoteKind, CcVoteOutcome, evolve,
};
use super::state::{Cont, ManipParams, State, opp};
use super::types::{
    CaesarCleopatraOutcome, CcBreakdown, CcBreakdowns, CcCard, CcEndReason, CcFace, CcGroup, CcManipulationKind as K,
    CcManipulationPile, CcMissionGroups, CcPhase, CcPile, CcPlacement, CcSeat, CcSeatNumbers, CcValue,
};
use crate::engine::{GameRng, RuleError};

type R<T> = Result<T, RuleError>;

fn err<T>(code: &'static str, message: impl Into<String>) -> R<T> {
    Err(RuleError::new(code, message))
}

/// How the checks of an action report a refusal: `decide` needs the player's message, while listing the legal
/// actions only asks yes or no and must not pay for building the messages of every rejected candidate.
trait Refusal {
    fn new<M: Into<String>>(code: &'static str, message: impl FnOnce() -> M) -> Self;
}

impl Refusal for RuleError {
    fn new<M: Into<String>>(code: &'static str, message: impl FnOnce() -> M) -> Self {
        RuleError::new(code, message())
    }
}

/// A refusal without its message.
struct Refused;

impl Refusal for Refused {
    fn new<M: Into<String>>(_: &'static str, _: impl FnOnce() -> M) -> Self {
        Refused
    }
}

fn no<T, X: Refusal, M: Into<String>>(code: &'static str, message: impl FnOnce() -> M) -> Result<T, X> {
    Err(X::new(code, message))
}

fn seat_of(seat: usize) -> CcSeat {
    CcSeat::from_index(seat)
}

// ---------------------------------------------------------------------------------------------------------------
// Who acts

/// Seats that must act now.
pub fn to_act(s: &State) -> Vec<usize> {
    match s.phase {
        CcPhase::Setup | CcPhase::GameOver => Vec::new(),
        CcPhase::SetupArrange => (0..2).filter(|&i| !s.seats[i].unstacked.is_empty()).collect(),
        CcPhase::SetupPlace => (0..2).filter(|&i| !s.seats[i].aside_place.is_empty()).collect(),
        CcPhase::TurnStart
        | CcPhase::Passive
        | CcPhase::Main
        | CcPhase::SpyPick
        | CcPhase::Castling
        | CcPhase::VoteWindow => vec![s.active],
        CcPhase::Reaction => vec![opp(s.active)],
        CcPhase::Draw => s.owed_head().map(|(seat, _)| vec![seat]).unwrap_or_default(),
    }
}

fn action_name(a: &A) -> &'static str {
    match a {
        A::StackManipulation { .. } => "stack_manipulation",
        A::PlaceInitial { .. } => "place_initial",
        A::ChooseActive {} => "choose_active",
        A::ChoosePassive {} => "choose_passive",
        A::PassiveDiscard { .. } => "passive_discard",
        A::EndDiscard {} => "end_discard",
        A::PlaceFaceDown { .. } => "place_face_down",
        A::PlaceFaceUp { .. } => "place_face_up",
        A::PlayManipulation { .. } => "play_manipulation",
        A::EndMain {} => "end_main",
        A::AllowManipulation {} => "allow_manipulation",
        A::VetoManipulation {} => "veto_manipulation",
        A::SpyPick { .. } => "spy_pick",
        A::CastlePlace { .. } => "castle_place",
        A::Draw { .. } => "draw",
        A::ContinueVote {} => "continue_vote",
    }
}

fn action_phases(a: &A) -> &'static [CcPhase] {
    match a {
        A::StackManipulation { .. } => &[CcPhase::SetupArrange],
        A::PlaceInitial { .. } => &[CcPhase::SetupPlace],
        A::ChooseActive {} | A::ChoosePassive {} => &[CcPhase::TurnStart],
        A::PassiveDiscard { .. } | A::EndDiscard {} => &[CcPhase::Passive],
        A::PlaceFaceDown { .. } | A::PlaceFaceUp { .. } | A::EndMain {} => &[CcPhase::Main],
        A::PlayManipulation { .. } => &[CcPhase::Main, CcPhase::VoteWindow],
        A::AllowManipulation {} | A::VetoManipulation {} => &[CcPhase::Reaction],
        A::SpyPick { .. } => &[CcPhase::SpyPick],
        A::CastlePlace { .. } => &[CcPhase::Castling],
        A::Draw { .. } => &[CcPhase::Draw],
        A::ContinueVote {} => &[CcPhase::VoteWindow],
    }
}

fn phase_name(p: CcPhase) -> String {
    serde_json::to_value(p)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

// ---------------------------------------------------------------------------------------------------------------
// Validation

/// Checks that `seat` may take `a` now.
pub fn validate(s: &State, seat: usize, a: &A) -> R<()> {
    if s.phase == CcPhase::GameOver {
        return err("game_over", "The game is over.");
    }
    if seat > 1 {
        return err("invalid_seat", "This game has only two seats.");
    }
    if !to_act(s).contains(&seat) {
        return match s.phase {
            CcPhase::SetupArrange => err("already_done", "You have already stacked all your manipulation cards."),
            CcPhase::SetupPlace => err("already_done", "You have already placed all your initial cards."),
            CcPhase::Setup => err("wrong_phase", "The game has not been set up yet."),
            _ => err("not_your_turn", "It is not your turn to act."),
        };
    }
    if !action_phases(a).contains(&s.phase) {
        return err(
            "wrong_phase",
            format!(
                "`{}` is not possible now: the game is in phase `{}`.",
                action_name(a),
                phase_name(s.phase)
            ),
        );
    }
    check_action::<RuleError>(s, seat, a)
}

/// The checks of one action, once seat and phase are known to fit.
fn check_action<X: Refusal>(s: &State, seat: usize, a: &A) -> Result<(), X> {
    let d = data();
    let limits = d.limits;
    match *a {
        A::StackManipulation { card } => {
            if State::find_face(&s.seats[seat].unstacked, CcFace::Manipulation(card)).is_none() {
                return no("card_not_available", || {
                    format!("You have no unstacked {} card left.", card.id())
                });
            }
        }
        A::PlaceInitial { card, group } => {
            if card.is_philosopher() {
                return no("invalid_card", || "Initial cards are the values 1 to 5.");
            }
            if State::find_face(&s.seats[seat].aside_place, CcFace::Influence(card)).is_none() {
                return no("value_already_placed", || {
                    format!("You have already placed your {card}.")
                });
            }
            if s.own(seat, group) > 0 {
                return no("group_already_used", || {
                    format!("You already have an initial card at the {}.", group.id())
                });
            }
            if !s.spot(seat, group) {
                return no("no_spot", || format!("There is no room at the {}.", group.id()));
            }
        }
        A::ChooseActive {} => {
            if s.infl(seat) == 0 {
                return no("no_influence", || "You need an influence card in hand to be active.");
            }
            if !s.has_spot(seat) {
                return no("no_spot", || "There is no group where you could place a card.");
            }
        }
        A::ChoosePassive {} => {
            if s.solo.is_some() {
                return no("solo_mode", || "Playing alone, you cannot pass.");
            }
        }
        A::PassiveDiscard { card } => {
            if s.hand_card(seat, card).is_none() {
                return no("card_not_in_hand", || format!("You hold no {card} card."));
            }
        }
        A::EndDiscard {} | A::AllowManipulation {} | A::ContinueVote {} => {}
        A::PlaceFaceDown { card, group } => {
            match s.placement {
                CcPlacement::None => {}
                CcPlacement::Half => {
                    return no("face_up_expected", || "Your second card must be placed face up.");
                }
                CcPlacement::Done => {
                    return no("placement_done", || "You have already placed your influence this turn.");
                }
            }
            check_place(s, seat, card, group)?;
        }
        A::PlaceFaceUp { card, group } => {
            if s.placement == CcPlacement::Done {
                return no("placement_done", || "You have already placed your influence this turn.");
            }
            check_place(s, seat, card, group)?;
            if s.placement == CcPlacement::None {
                if s.infl(seat) < 2 {
                    return no(
                        "not_enough_influence",
                        || "Placing face up needs two influence cards in hand.",
                    );
                }
                let room_after = CcGroup::ALL.into_iter().any(|g| {
                    let own = s.own(seat, g) + usize::from(g == group);
                    let total = s.total(g) + usize::from(g == group);
                    s.open(g) && own < limits.side_per_group && total < limits.group_total
                });
                if !room_after {
                    return no(
                        "no_spot",
                        || "After this card there would be no room for your second face-up card.",
                    );
                }
            }
        }
        A::PlayManipulation {
            card,
            group,
            target,
            ref groups,
        } => {
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
            manip_params(s, seat, card, group, target, groups.as_deref())?;
        }
        A::EndMain {} => {
            if s.placement != CcPlacement::Done {
                return no(
                    "placement_incomplete",
                    || "You must place one card face down or two cards face up first.",
                );
            }
        }
        A::VetoManipulation {} => {
            if s.hand_card(seat, CcFace::Manipulation(K::Veto)).is_none() {
                return no("no_veto", || "You hold no Veto card.");
            }
        }
        A::SpyPick { card } => {
            if s.hand_card(opp(seat), card).is_none() {
                return no("card_not_in_hand", || format!("Your opponent holds no {card} card."));
            }
        }
        A::CastlePlace { card, group } => {
            if State::find_face(&s.seats[seat].pool, CcFace::Influence(card)).is_none() {
                return no("card_not_in_pool", || {
                    format!("Your castling pool holds no {card} card.")
                });
            }
            if !s.castling_groups.is_some_and(|gs| gs.contains(&group)) {
                return no(
                    "invalid_target",
                    || "Castling cards go back only to the two groups it named.",
                );
            }
            if s.own(seat, group) >= limits.side_per_group || s.total(group) >= limits.group_total {
                return no("no_spot", || {
                    format!("There is no room for your card at the {}.", group.id())
                });
            }
        }
        A::Draw { pile } => {
            let st = &s.seats[seat];
            let empty = match pile {
                CcPile::One => st.pile1.is_empty(),
                CcPile::Two => st.pile2.is_empty(),
            };
            if empty {
                return no("pile_empty", || format!("Your pile {} is empty.", pile.number()));
            }
        }
    }
    Ok(())
}

fn check_place<X: Refusal>(s: &State, seat: usize, card: CcValue, group: CcGroup) -> Result<(), X> {
    if s.hand_card(seat, CcFace::Influence(card)).is_none() {
        return no("card_not_in_hand", || format!("You hold no {card} card."));
    }
    if !s.open(group) {
        return no("group_closed", || format!("The {} have all been won.", group.id()));
    }
    if !s.spot(seat, group) {
        return no("no_spot", || {
            format!("There is no room for your card at the {}.", group.id())
        });
    }
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

// ---------------------------------------------------------------------------------------------------------------
// Legal actions

/// Every legal action of `seat`, each once, exactly as `decide` accepts it.
pub fn legal_actions(s: &State, seat: usize) -> Vec<A> {
    if seat > 1 || !to_act(s).contains(&seat) {
        return Vec::new();
    }
    let mut out = Vec::new();
    match s.phase {
        CcPhase::SetupArrange => {
            out.extend(K::ALL.map(|card| A::StackManipulation { card }));
        }
        CcPhase::SetupPlace => {
            for card in CcValue::ALL {
                for group in CcGroup::ALL {
                    out.push(A::PlaceInitial { card, group });
                }
            }
        }
        CcPhase::TurnStart => out.extend([A::ChooseActive {}, A::ChoosePassive {}]),
        CcPhase::Passive => {
            out.extend(
                State::distinct_faces(&s.seats[seat].hand)
                    .into_iter()
                    .map(|card| A::PassiveDiscard { card }),
            );
            out.push(A::EndDiscard {});
        }
        CcPhase::Main => {
            for face in State::distinct_faces(&s.seats[seat].hand) {
                if let CcFace::Influence(card) = face {
                    for group in CcGroup::ALL {
                        out.push(A::PlaceFaceDown { card, group });
                        out.push(A::PlaceFaceUp { card, group });
                    }
                }
            }
            manipulation_candidates(s, seat, &mut out);
            out.push(A::EndMain {});
        }
        CcPhase::VoteWindow => {
            manipulation_candidates(s, seat, &mut out);
            out.push(A::ContinueVote {});
        }
        CcPhase::Reaction => out.extend([A::AllowManipulation {}, A::VetoManipulation {}]),
        CcPhase::SpyPick => out.extend(
            State::distinct_faces(&s.seats[opp(seat)].hand)
                .into_iter()
                .map(|card| A::SpyPick { card }),
        ),
        CcPhase::Castling => {
            if let Some(groups) = s.castling_groups {
                for face in State::distinct_faces(&s.seats[seat].pool) {
                    if let CcFace::Influence(card) = face {
                        for group in groups {
                            out.push(A::CastlePlace { card, group });
                        }
                    }
                }
            }
        }
        CcPhase::Draw => out.extend([CcPile::One, CcPile::Two].map(|pile| A::Draw { pile })),
        CcPhase::Setup | CcPhase::GameOver => {}
    }
    out.retain(|a| check_action::<Refused>(s, seat, a).is_ok());
    out
}

fn manipulation_candidates(s: &State, seat: usize, out: &mut Vec<A>) {
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

// ---------------------------------------------------------------------------------------------------------------
// Deciding

/// The working copy of a decision: events are applied as they are emitted.
pub struct Ctx<'a> {
    pub s: State,
    pub events: Vec<E>,
    rng: &'a mut GameRng,
}

impl<'a> Ctx<'a> {
    pub fn new(s: State, rng: &'a mut GameRng) -> Self {
        Self {
            s,
            events: Vec::new(),
            rng,
        }
    }

    pub fn emit(&mut self, event: E) {
        evolve(&mut self.s, &event);
        self.events.push(event);
    }
}

/// The setup chance events (spec 3, steps 2, 4, 5 and, in shuffled mode, 6).
pub fn setup(c: &mut Ctx) {
    let mut deck = c.s.vote_deck;
    deck.shuffle(c.rng);
    c.emit(E::VoteDeckShuffled {
        size: deck.len() as u32,
        order: Some(deck.to_vec()),
    });
    for seat in 0..2 {
        let mut pile = c.s.seats[seat].pile1;
        pile.shuffle(c.rng);
        c.emit(E::Pile1Shuffled {
            seat: seat_of(seat),
            size: pile.len() as u32,
            order: Some(pile.to_vec()),
        });
    }
    match c.s.options.manipulation_pile {
        CcManipulationPile::Shuffled => {
            for seat in 0..2 {
                let mut pile = c.s.seats[seat].unstacked;
                pile.shuffle(c.rng);
                c.emit(E::Pile2Shuffled {
                    seat: seat_of(seat),
                    size: pile.len() as u32,
                    order: Some(pile.to_vec()),
                });
            }
            deal_missions(c);
        }
        CcManipulationPile::Arranged => c.emit(E::ArrangeStarted),
    }
}

fn deal_missions(c: &mut Ctx) {
    let mut order = c.s.mission_deck;
    order.shuffle(c.rng);
    c.emit(E::MissionsShuffled {
        size: order.len() as u32,
        order: Some(order.to_vec()),
    });
    for (seat, &mission) in order.iter().take(2).enumerate() {
        c.emit(E::MissionDealt {
            seat: seat_of(seat),
            mission: Some(mission),
        });
    }
    c.emit(E::PlacementStarted);
}

/// Validates and applies `a`, then runs every automatic step.
pub fn decide(state: &State, seat: usize, a: &A, rng: &mut GameRng) -> R<Vec<E>> {
    validate(state, seat, a)?;
    let mut c = Ctx::new(state.clone(), rng);
    apply(&mut c, seat, a);
    Ok(c.events)
}

fn owned(card: CcCard) -> Option<CcOwnedCard> {
    Some(CcOwnedCard::of(card))
}

/// Applies a validated action.
fn apply(c: &mut Ctx, seat: usize, a: &A) {
    let me = seat_of(seat);
    match *a {
        A::StackManipulation { card } => {
            let Some(id) = State::find_face(&c.s.seats[seat].unstacked, CcFace::Manipulation(card)) else {
                return;
            };
            c.emit(E::ManipulationStacked {
                seat: me,
                stacked: c.s.stacked(seat) as u32 + 1,
                card: owned(id),
            });
            if c.s.seats.iter().all(|st| st.unstacked.is_empty()) {
                deal_missions(c);
            }
        }
        A::PlaceInitial { card, group } => {
            let Some(id) = State::find_face(&c.s.seats[seat].aside_place, CcFace::Influence(card)) else {
                return;
            };
            c.emit(E::InitialCardPlaced {
                seat: me,
                placed: c.s.placed(seat) as u32 + 1,
                card: owned(id),
                group: Some(group),
            });
            if c.s.seats.iter().all(|st| st.aside_place.is_empty()) {
                let face_down = CcGroup::ALL
                    .map(|g| CcGroupSeatCounts {
                        group: g,
                        cleopatra: c.s.own(0, g) as u32,
                        caesar: c.s.own(1, g) as u32,
                    })
                    .to_vec();
                c.emit(E::InitialPlacementDone { face_down });
                c.emit(E::TurnStarted {
                    turn: 1,
                    seat: CcSeat::Cleopatra,
                });
            }
        }
        A::ChooseActive {} => c.emit(E::ModeChosen {
            seat: me,
            mode: CcMode::Active,
        }),
        A::ChoosePassive {} => c.emit(E::ModeChosen {
            seat: me,
            mode: CcMode::Passive,
        }),
        A::PassiveDiscard { card } => {
            if let Some(id) = c.s.hand_card(seat, card) {
                c.emit(E::CardDiscarded {
                    seat: me,
                    origin: CcOrigin::Hand,
                    card,
                    group: None,
                    id: Some(id),
                });
            }
        }
        A::EndDiscard {} => {
            let count = c.s.counter;
            if count > 0 {
                c.emit(E::DrawOwed {
                    seat: me,
                    count,
                    reason: CcDrawReason::Passive,
                });
            }
            run(c);
        }
        A::PlaceFaceDown { card, group } | A::PlaceFaceUp { card, group } => {
            let face_up = matches!(a, A::PlaceFaceUp { .. });
            if let Some(id) = c.s.hand_card(seat, CcFace::Influence(card)) {
                c.emit(E::InfluencePlaced {
                    seat: me,
                    group,
                    face_up,
                    value: Some(card),
                    id: Some(id),
                });
            }
        }
        A::PlayManipulation {
            card,
            group,
            target,
            ref groups,
        } => {
            let Ok(params) = manip_params::<Refused>(&c.s, seat, card, group, target, groups.as_deref()) else {
                return;
            };
            let Some(id) = c.s.hand_card(seat, CcFace::Manipulation(card)) else {
                return;
            };
            c.emit(E::ManipulationPlayed {
                seat: me,
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
        A::AllowManipulation {} => {
            c.emit(E::Reacted {
                seat: me,
                vetoed: false,
            });
            resolve_effect(c);
        }
        A::VetoManipulation {} => {
            c.emit(E::Reacted { seat: me, vetoed: true });
            discard_played(c);
            if let Some(id) = c.s.hand_card(seat, CcFace::Manipulation(K::Veto)) {
                c.emit(E::CardDiscarded {
                    seat: me,
                    origin: CcOrigin::Play,
                    card: CcFace::Manipulation(K::Veto),
                    group: None,
                    id: Some(id),
                });
            }
            c.emit(E::DrawOwed {
                seat: me,
                count: 1,
                reason: CcDrawReason::Veto,
            });
            window_draw(c);
            run(c);
        }
        A::SpyPick { card } => {
            let op = opp(seat);
            if let Some(id) = c.s.hand_card(op, card) {
                c.emit(E::CardDiscarded {
                    seat: seat_of(op),
                    origin: CcOrigin::Hand,
                    card,
                    group: None,
                    id: Some(id),
                });
                c.emit(E::DrawOwed {
                    seat: seat_of(op),
                    count: 1,
                    reason: CcDrawReason::Spy,
                });
            }
            finish_manipulation(c);
        }
        A::CastlePlace { card, group } => {
            if let Some(id) = State::find_face(&c.s.seats[seat].pool, CcFace::Influence(card)) {
                c.emit(E::CastlingCardPlaced {
                    seat: me,
                    left: (c.s.seats[seat].pool.len() as u32).saturating_sub(1),
                    card: owned(id),
                    group: Some(group),
                });
            }
            if c.s.seats[seat].pool.is_empty() {
                let face_down =
                    c.s.castling_groups
                        .map(|gs| {
                            gs.map(|g| CcGroupCount {
                                group: g,
                                count: c.s.own(seat, g) as u32,
                            })
                            .to_vec()
                        })
                        .unwrap_or_default();
                c.emit(E::CastlingDone { seat: me, face_down });
                finish_manipulation(c);
            }
        }
        A::Draw { pile } => {
            draw(c, seat, pile, false);
            run(c);
        }
        A::ContinueVote {} => {
            c.emit(E::VoteContinued { seat: me });
            run(c);
        }
        A::EndMain {} => {
            c.emit(E::MainEnded { seat: me });
            if c.s.solo.is_none() {
                let need = data().limits.hand.saturating_sub(c.s.seats[seat].hand.len());
                if need > 0 {
                    c.emit(E::DrawOwed {
                        seat: me,
                        count: need as u32,
                        reason: CcDrawReason::Refill,
                    });
                }
            }
            run(c);
        }
    }
}

fn draw(c: &mut Ctx, seat: usize, pile: CcPile, automatic: bool) {
    let st = &c.s.seats[seat];
    let top = match pile {
        CcPile::One => st.pile1.first(),
        CcPile::Two => st.pile2.first(),
    };
    if let Some(&card) = top {
        c.emit(E::CardDrawn {
            seat: seat_of(seat),
            pile,
            automatic,
            card: owned(card),
        });
    }
}

/// Applies the effect of the manipulation on the table (spec 4.5 step 4, 7.5).
fn resolve_effect(c: &mut Ctx) {
    let d = data();
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
        K::Spy => {
            let mut hand: Vec<CcFace> = c.s.seats[op].hand.iter().filter_map(|&card| d.face(card)).collect();
            hand.sort();
            c.emit(E::HandSpied {
                seat: seat_of(p.seat),
                hand: Some(hand),
            });
        }
        K::Castling => {
            let Some([a, b]) = p.params.groups else {
                finish_manipulation(c);
                return;
            };
            let st = &c.s.seats[p.seat];
            let mut pool: Vec<CcCard> = [a, b]
                .iter()
                .flat_map(|g| st.sides[g.index()].iter().map(|slot| slot.card))
                .collect();
            pool.sort();
            let taken = [a, b]
                .map(|g| CcGroupCount {
                    group: g,
                    count: c.s.own(p.seat, g) as u32,
                })
                .to_vec();
            c.emit(E::CastlingPoolFormed {
                seat: seat_of(p.seat),
                groups: vec![a, b],
                taken,
                pool: Some(pool.into_iter().map(CcOwnedCard::of).collect()),
            });
        }
        K::Veto => finish_manipulation(c),
    }
}

/// The played card goes to the discard (step 5).
fn discard_played(c: &mut Ctx) {
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
fn window_draw(c: &mut Ctx) {
    if c.s.vote_context().is_some() && c.s.solo.is_none() {
        c.emit(E::DrawOwed {
            seat: seat_of(c.s.active),
            count: 1,
            reason: CcDrawReason::Window,
        });
    }
}

/// Steps 5 to 7 of the manipulation sub-flow after the effect.
fn finish_manipulation(c: &mut Ctx) {
    discard_played(c);
    window_draw(c);
    run(c);
}

/// Turns one seat's face-down cards at `g` face up.
fn reveal_seat(c: &mut Ctx, g: CcGroup, seat: usize, cause: CcRevealCause) {
    let d = data();
    let mut values: Vec<CcValue> = c.s.seats[seat].sides[g.index()]
        .iter()
        .filter(|slot| !slot.up)
        .filter_map(|slot| d.value(slot.card))
        .collect();
    if values.is_empty() {
        return;
    }
    values.sort();
    c.emit(E::CardsRevealed {
        group: g,
        seat: seat_of(seat),
        values,
        cause,
    });
}

/// Every card at `g`, both sides, goes to its owner's discard.
fn discard_group(c: &mut Ctx, g: CcGroup) {
    for seat in 0..2 {
        let mut cards: Vec<CcCard> = c.s.seats[seat].sides[g.index()].iter().map(|slot| slot.card).collect();
        cards.sort();
        for card in cards {
            discard_board(c, seat, g, card);
        }
    }
}

fn discard_board(c: &mut Ctx, seat: usize, g: CcGroup, card: CcCard) {
    if let Some(v) = data().value(card) {
        c.emit(E::CardDiscarded {
            seat: seat_of(seat),
            origin: CcOrigin::Board,
            card: CcFace::Influence(v),
            group: Some(g),
            id: Some(card),
        });
    }
}

/// Runs the automatic steps until a seat must act or the game is over.
fn run(c: &mut Ctx) {
    // Every iteration either emits an event that shrinks some finite quantity, or returns.
    loop {
        if c.s.phase == CcPhase::GameOver {
            return;
        }
        if let Some((seat, count)) = c.s.owed_head() {
            let st = &c.s.seats[seat];
            match (st.pile1.is_empty(), st.pile2.is_empty()) {
                (true, true) => c.emit(E::DrawLapsed {
                    seat: seat_of(seat),
                    count,
                }),
                (false, true) => draw(c, seat, CcPile::One, true),
                (true, false) => draw(c, seat, CcPile::Two, true),
                (false, false) => {
                    if c.s.phase != CcPhase::Draw {
                        c.emit(E::DrawPending { seat: seat_of(seat) });
                    }
                    return;
                }
            }
            continue;
        }
        match c.s.cont {
            Cont::None => return,
            Cont::Main => {
                if c.s.phase != CcPhase::Main {
                    c.emit(E::MainResumed {
                        seat: seat_of(c.s.active),
                    });
                }
                return;
            }
            Cont::TurnEnd => {
                turn_end(c);
                return;
            }
            Cont::ExtraFrom(from) => {
                let next = CcGroup::ALL
                    .into_iter()
                    .skip(from)
                    .find(|&g| c.s.open(g) && c.s.total(g) == data().limits.group_total);
                let Some(g) = next else {
                    vote_card_step(c);
                    if c.s.phase != CcPhase::GameOver {
                        turn_end(c);
                    }
                    return;
                };
                c.emit(E::ExtraordinaryVoteStarted { group: g });
                reveal_group(c, g);
                let active = c.s.active;
                if !c.s.manip_used && c.s.manip(active) >= 1 {
                    c.emit(E::VoteWindowOpened {
                        seat: seat_of(active),
                        group: g,
                    });
                    return;
                }
            }
            Cont::Compare(g) => {
                resolve_vote(c, g, CcVoteKind::Extraordinary);
                if !c.s.any_open() {
                    game_over(c, CcEndReason::AllPatriciansAwarded);
                    return;
                }
            }
        }
    }
}

fn reveal_group(c: &mut Ctx, g: CcGroup) {
    for seat in 0..2 {
        reveal_seat(c, g, seat, CcRevealCause::Vote);
    }
}

/// Compares and applies a vote at `g` whose cards are all face up (7.2 steps 2 to 8).
fn resolve_vote(c: &mut Ctx, g: CcGroup, kind: CcVoteKind) {
    let d = data();
    let sums = [0, 1].map(|seat| {
        c.s.seats[seat].sides[g.index()]
            .iter()
            .filter_map(|slot| d.value(slot.card))
            .map(CcValue::points)
            .sum::<u32>()
    });
    let phils = [0, 1].map(|seat| {
        c.s.seats[seat].sides[g.index()]
            .iter()
            .filter(|slot| d.value(slot.card) == Some(CcValue::P))
            .count() as u32
    });
    if sums[0] == sums[1] {
        c.emit(E::VoteResolved {
            group: g,
            kind,
            sums: CcSeatNumbers::from_array(sums),
            philosophers: CcSeatNumbers::from_array(phils),
            outcome: CcVoteOutcome::Postponed,
            winner: None,
        });
        return;
    }
    let high = if sums[0] > sums[1] { 0 } else { 1 };
    let low = opp(high);
    let winner = if phils[0] != phils[1] { low } else { high };
    c.emit(E::VoteResolved {
        group: g,
        kind,
        sums: CcSeatNumbers::from_array(sums),
        philosophers: CcSeatNumbers::from_array(phils),
        outcome: CcVoteOutcome::Won,
        winner: Some(seat_of(winner)),
    });
    if let Some(&patrician) = c.s.stacks[g.index()].iter().min() {
        c.emit(E::PatricianWon {
            seat: seat_of(winner),
            group: g,
            patrician,
        });
    }
    // (card, value) of the numbered cards of a side.
    let numbered = |s: &State, seat: usize| -> Vec<(CcCard, CcValue)> {
        s.seats[seat].sides[g.index()]
            .iter()
            .filter_map(|slot| d.value(slot.card).map(|v| (slot.card, v)))
            .filter(|(_, v)| !v.is_philosopher())
            .collect()
    };
    // High discards one card of its highest value, low one of its lowest (smallest id among equals).
    if let Some((card, _)) = numbered(&c.s, high)
        .into_iter()
        .min_by_key(|&(card, v)| (std::cmp::Reverse(v), card))
    {
        discard_board(c, high, g, card);
    }
    if let Some((card, _)) = numbered(&c.s, low).into_iter().min_by_key(|&(card, v)| (v, card)) {
        discard_board(c, low, g, card);
    }
    for seat in 0..2 {
        let mut phil: Vec<CcCard> = c.s.seats[seat].sides[g.index()]
            .iter()
            .filter(|slot| d.value(slot.card) == Some(CcValue::P))
            .map(|slot| slot.card)
            .collect();
        phil.sort();
        for card in phil {
            discard_board(c, seat, g, card);
        }
    }
    if c.s.stacks[g.index()].is_empty() {
        discard_group(c, g);
        c.emit(E::GroupClosed { group: g });
    }
}

/// Step V: reveal vote cards until one is not void (6, V1 to V5).
fn vote_card_step(c: &mut Ctx) {
    let limit = data().vote_cards.len() + 1;
    for _ in 0..limit {
        let Some(&card) = c.s.vote_deck.first() else {
            return;
        };
        c.emit(E::VoteCardDrawn { card });
        match data().vote_kind(card) {
            Some(VoteKind::Group(g)) if !c.s.open(g) => {
                c.emit(E::VoteCardRemoved { card });
                continue;
            }
            Some(VoteKind::Group(g)) => {
                reveal_group(c, g);
                resolve_vote(c, g, CcVoteKind::Regular);
                c.emit(E::VoteCardDiscarded { card });
                if !c.s.any_open() {
                    game_over(c, CcEndReason::AllPatriciansAwarded);
                }
            }
            Some(VoteKind::OrgyReshuffle) => {
                let mut order = c.s.vote_deck;
                order.extend(c.s.vote_discard.iter().copied());
                order.extend(c.s.vote_current);
                order.shuffle(c.rng);
                c.emit(E::VoteDeckReshuffled {
                    size: order.len() as u32,
                    order: Some(order.to_vec()),
                });
            }
            Some(VoteKind::Orgy) | None => c.emit(E::VoteCardDiscarded { card }),
        }
        return;
    }
}

/// Step E: turn end (E1 to E5).
fn turn_end(c: &mut Ctx) {
    if !c.s.any_open() {
        game_over(c, CcEndReason::AllPatriciansAwarded);
        return;
    }
    if c.s.solo.is_none() {
        match (c.s.exhausted(0), c.s.exhausted(1)) {
            (true, true) => {
                game_over(c, CcEndReason::InfluenceExhausted);
                return;
            }
            (true, false) => c.emit(E::SoloModeStarted {
                survivor: CcSeat::Caesar,
            }),
            (false, true) => c.emit(E::SoloModeStarted {
                survivor: CcSeat::Cleopatra,
            }),
            (false, false) => {}
        }
    }
    let group_total = data().limits.group_total;
    if CcGroup::ALL
        .into_iter()
        .filter(|&g| c.s.open(g))
        .all(|g| c.s.total(g) == group_total)
    {
        game_over(c, CcEndReason::BoardBlocked);
        return;
    }
    let next = c.s.solo.unwrap_or(opp(c.s.active));
    c.emit(E::TurnStarted {
        turn: c.s.turn + 1,
        seat: seat_of(next),
    });
    turn_start_check(c);
}

/// 4.2: in solo mode the game ends when the survivor cannot choose active.
fn turn_start_check(c: &mut Ctx) {
    if let Some(survivor) = c.s.solo
        && (c.s.infl(survivor) == 0 || !c.s.has_spot(survivor))
    {
        game_over(c, CcEndReason::SoloFinished);
    }
}

fn game_over(c: &mut Ctx, reason: CcEndReason) {
    let result = score(&c.s, reason);
    let d = data();
    let fallback = d.missions.first().copied().unwrap_or(CcCard(0));
    let missions = CcMissionCards {
        cleopatra: c.s.seats[0].mission.unwrap_or(fallback),
        caesar: c.s.seats[1].mission.unwrap_or(fallback),
    };
    c.emit(E::GameOver { result, missions });
}

// ---------------------------------------------------------------------------------------------------------------
// Scoring

/// Scores the current state (spec 8).
pub fn score(s: &State, reason: CcEndReason) -> CaesarCleopatraOutcome {
    let d = data();
    let won = |seat: usize, g: CcGroup| -> u32 {
        s.seats[seat]
            .won
            .iter()
            .filter(|&&card| d.patrician_group(card) == Some(g))
            .count() as u32
    };
    let mission_group = |seat: usize| -> (CcGroup, u32) {
        s.seats[seat]
            .mission
            .and_then(|m| d.mission(m))
            .unwrap_or((CcGroup::Senators, u32::MAX))
    };
    let breakdown = [0, 1].map(|seat| {
        let mut b = CcBreakdown::default();
        for g in CcGroup::ALL {
            let mine = won(seat, g);
            let all = won(0, g) + won(1, g);
            b.patricians += mine;
            if all as usize == d.group_size[g.index()] && 2 * mine as usize > d.group_size[g.index()] {
                b.majority += 1;
            }
            if mine >= 1 && mine == all {
                b.totality += 1;
            }
        }
        let (g, min_won) = mission_group(seat);
        if won(seat, g) >= min_won {
            b.mission = d.mission_points;
        }
        b
    });
    let scores = breakdown.map(|b| b.patricians + b.majority + b.totality + b.mission);
    let patricians = breakdown.map(|b| b.patricians);
    let winner = match (scores[0].cmp(&scores[1]), patricians[0].cmp(&patricians[1])) {
        (std::cmp::Ordering::Greater, _) => Some(0),
        (std::cmp::Ordering::Less, _) => Some(1),
        (_, std::cmp::Ordering::Greater) => Some(0),
        (_, std::cmp::Ordering::Less) => Some(1),
        _ => None,
    };
    CaesarCleopatraOutcome {
        end_reason: reason,
        scores: CcSeatNumbers::from_array(scores),
        patricians: CcSeatNumbers::from_array(patricians),
        breakdown: CcBreakdowns {
            cleopatra: breakdown[0],
            caesar: breakdown[1],
        },
        missions: CcMissionGroups {
            cleopatra: mission_group(0).0,
            caesar: mission_group(1).0,
        },
        winners: winner.map(seat_of).into_iter().collect(),
        draw: winner.is_none(),
    }
}
