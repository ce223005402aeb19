//! Events: what happened, with private parts as `Option` fields that redaction removes (spec 9, event table).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::data::data;
use super::state::{Cont, ManipParams, Pending, Slot, State};
use super::types::{
    CaesarCleopatraOutcome, CcCard, CcFace, CcGroup, CcManipulationKind, CcPhase, CcPile, CcPlacement, CcSeat,
    CcSeatNumbers, CcValue,
};
use tinyvec::ArrayVec;

use crate::engine::Viewer;

/// Turn mode chosen at `turn_start`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CcMode {
    Active,
    Passive,
}

/// Where a discarded card came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CcOrigin {
    Hand,
    Board,
    Play,
}

/// Why a seat owes draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CcDrawReason {
    Refill,
    Passive,
    Veto,
    Spy,
    Window,
}

/// Why face-down cards were turned face up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CcRevealCause {
    Vote,
    Scout,
}

/// Regular (vote card) or extraordinary (8 cards) vote.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CcVoteKind {
    Regular,
    Extraordinary,
}

/// Whether a vote was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CcVoteOutcome {
    Won,
    Postponed,
}

/// A count of cards per seat at one group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct CcGroupSeatCounts {
    pub group: CcGroup,
    pub cleopatra: u32,
    pub caesar: u32,
}

/// A count of cards at one group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct CcGroupCount {
    pub group: CcGroup,
    pub count: u32,
}

/// A party card as its owner sees it: id and face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct CcOwnedCard {
    pub id: CcCard,
    pub card: CcFace,
}

impl CcOwnedCard {
    pub fn of(card: CcCard) -> CcOwnedCard {
        CcOwnedCard {
            id: card,
            card: data().face(card).unwrap_or(CcFace::Influence(CcValue::P)),
        }
    }
}

/// The mission card of each seat (revealed at game over, D24).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct CcMissionCards {
    pub cleopatra: CcCard,
    pub caesar: CcCard,
}

/// One thing that happened. Fields marked "private" are present only for the viewer allowed to see them;
/// shuffle orders are present only in the stored log and never shown to any viewer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum CaesarCleopatraEvent {
    /// The vote deck was shuffled.
    VoteDeckShuffled {
        size: u32,
        /// Never shown to any viewer.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        order: Option<Vec<CcCard>>,
    },
    /// A seat's pile 1 was shuffled.
    Pile1Shuffled {
        seat: CcSeat,
        size: u32,
        /// Never shown to any viewer.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        order: Option<Vec<CcCard>>,
    },
    /// A seat's pile 2 was shuffled (option `shuffled`).
    Pile2Shuffled {
        seat: CcSeat,
        size: u32,
        /// Never shown to any viewer.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        order: Option<Vec<CcCard>>,
    },
    /// Phase `setup_arrange` begins.
    ArrangeStarted,
    /// A seat put one more card at the bottom of its pile 2.
    ManipulationStacked {
        seat: CcSeat,
        stacked: u32,
        /// Private (that seat).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<CcOwnedCard>,
    },
    /// The six missions were shuffled.
    MissionsShuffled {
        size: u32,
        /// Never shown to any viewer.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        order: Option<Vec<CcCard>>,
    },
    /// A seat received its secret mission.
    MissionDealt {
        seat: CcSeat,
        /// Private (that seat).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        mission: Option<CcCard>,
    },
    /// Phase `setup_place` begins.
    PlacementStarted,
    /// A seat placed one of its initial cards face down.
    InitialCardPlaced {
        seat: CcSeat,
        placed: u32,
        /// Private (that seat).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<CcOwnedCard>,
        /// Private (that seat).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        group: Option<CcGroup>,
    },
    /// Both seats placed their initial cards; the copy-2 cards become the hands.
    InitialPlacementDone { face_down: Vec<CcGroupSeatCounts> },
    /// A turn begins.
    TurnStarted { turn: u32, seat: CcSeat },
    /// The active seat chose to be active or passive.
    ModeChosen { seat: CcSeat, mode: CcMode },
    /// A card went to its owner's discard pile, face up.
    CardDiscarded {
        seat: CcSeat,
        origin: CcOrigin,
        card: CcFace,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        group: Option<CcGroup>,
        /// Private (owner).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<CcCard>,
    },
    /// An influence card was placed at a group.
    InfluencePlaced {
        seat: CcSeat,
        group: CcGroup,
        face_up: bool,
        /// Public when face up; private (owner) when face down.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        value: Option<CcValue>,
        /// Private (owner).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<CcCard>,
    },
    /// A seat owes draws.
    DrawOwed {
        seat: CcSeat,
        count: u32,
        reason: CcDrawReason,
    },
    /// The head owed draw needs the seat's choice of pile (phase `draw`).
    DrawPending { seat: CcSeat },
    /// A seat drew the top card of a pile.
    CardDrawn {
        seat: CcSeat,
        pile: CcPile,
        /// True when the draw was forced because only one pile had cards.
        automatic: bool,
        /// Private (drawer).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<CcOwnedCard>,
    },
    /// Owed draws lapsed because both piles are empty.
    DrawLapsed { seat: CcSeat, count: u32 },
    /// A manipulation card was played (it lies on the table until resolved).
    ManipulationPlayed {
        seat: CcSeat,
        card: CcManipulationKind,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        group: Option<CcGroup>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<CcValue>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        groups: Option<Vec<CcGroup>>,
        /// Private (owner).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<CcCard>,
    },
    /// The opponent must allow or veto (phase `reaction`).
    ReactionOffered { seat: CcSeat },
    /// The opponent answered.
    Reacted { seat: CcSeat, vetoed: bool },
    /// The spying seat saw the victim's hand (phase `spy_pick`).
    HandSpied {
        seat: CcSeat,
        /// Private (spying seat): the victim's hand, as faces, sorted.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hand: Option<Vec<CcFace>>,
    },
    /// A Castling took the seat's cards at two groups into its pool (phase `castling`).
    CastlingPoolFormed {
        seat: CcSeat,
        groups: Vec<CcGroup>,
        taken: Vec<CcGroupCount>,
        /// Private (owner).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pool: Option<Vec<CcOwnedCard>>,
    },
    /// One pool card was put back face down.
    CastlingCardPlaced {
        seat: CcSeat,
        left: u32,
        /// Private (owner).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<CcOwnedCard>,
        /// Private (owner).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        group: Option<CcGroup>,
    },
    /// The Castling pool is empty; the new face-down counts at the two groups.
    CastlingDone { seat: CcSeat, face_down: Vec<CcGroupCount> },
    /// Phase `main` resumes after a manipulation or a draw.
    MainResumed { seat: CcSeat },
    /// The active seat ended `main`.
    MainEnded { seat: CcSeat },
    /// Face-down cards of one seat at a group were turned face up.
    CardsRevealed {
        group: CcGroup,
        seat: CcSeat,
        values: Vec<CcValue>,
        cause: CcRevealCause,
    },
    /// A group holding 8 cards gets an extraordinary vote.
    ExtraordinaryVoteStarted { group: CcGroup },
    /// The active seat may play a manipulation before the comparison (phase `vote_window`).
    VoteWindowOpened { seat: CcSeat, group: CcGroup },
    /// The active seat let the extraordinary vote proceed.
    VoteContinued { seat: CcSeat },
    /// A vote was compared.
    VoteResolved {
        group: CcGroup,
        kind: CcVoteKind,
        sums: CcSeatNumbers,
        philosophers: CcSeatNumbers,
        outcome: CcVoteOutcome,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        winner: Option<CcSeat>,
    },
    /// A seat won a patrician.
    PatricianWon {
        seat: CcSeat,
        group: CcGroup,
        patrician: CcCard,
    },
    /// A group has no patricians left.
    GroupClosed { group: CcGroup },
    /// The top vote card was revealed.
    VoteCardDrawn { card: CcCard },
    /// The revealed vote card names a closed group and leaves the game.
    VoteCardRemoved { card: CcCard },
    /// The revealed vote card went to the vote discard.
    VoteCardDiscarded { card: CcCard },
    /// `orgy_reshuffle`: deck, discard and this card were shuffled into a new deck.
    VoteDeckReshuffled {
        size: u32,
        /// Never shown to any viewer.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        order: Option<Vec<CcCard>>,
    },
    /// One seat is exhausted; the other plays on alone.
    SoloModeStarted { survivor: CcSeat },
    /// The game is over.
    GameOver {
        result: CaesarCleopatraOutcome,
        missions: CcMissionCards,
    },
}

use CaesarCleopatraEvent as E;

/// Removes the first item that is (or holds) `card`; false when there is none.
fn remove<T: Copy + Default + PartialEq<CcCard>, const N: usize>(items: &mut ArrayVec<[T; N]>, card: CcCard) -> bool {
    match items.iter().position(|item| *item == card) {
        Some(i) => {
            items.remove(i);
            true
        }
        None => false,
    }
}

/// Replaces a zone by a shuffled order; an order that cannot be that zone's is ignored, as inconsistent events are.
fn set_order<const N: usize>(zone: &mut ArrayVec<[CcCard; N]>, order: &[CcCard]) {
    if let Ok(order) = ArrayVec::try_from(order) {
        *zone = order;
    }
}

/// Folds one event into the state. Total: an inconsistent event is ignored rather than panicking.
pub fn evolve(s: &mut State, event: &CaesarCleopatraEvent) {
    match event {
        E::VoteDeckShuffled { order, .. } => {
            if let Some(order) = order {
                set_order(&mut s.vote_deck, order);
            }
        }
        E::Pile1Shuffled { seat, order, .. } => {
            if let Some(order) = order {
                set_order(&mut s.seats[seat.index()].pile1, order);
            }
        }
        E::Pile2Shuffled { seat, order, .. } => {
            if let Some(order) = order {
                let st = &mut s.seats[seat.index()];
                set_order(&mut st.pile2, order);
                st.unstacked.clear();
            }
        }
        E::ArrangeStarted => s.phase = CcPhase::SetupArrange,
        E::ManipulationStacked { seat, card, .. } => {
            let st = &mut s.seats[seat.index()];
            if let Some(card) = card
                && remove(&mut st.unstacked, card.id)
            {
                st.pile2.push(card.id);
            }
        }
        E::MissionsShuffled { order, .. } => {
            if let Some(order) = order {
                set_order(&mut s.mission_deck, order);
            }
        }
        E::MissionDealt { seat, mission } => {
            if let Some(mission) = mission
                && remove(&mut s.mission_deck, *mission)
            {
                s.seats[seat.index()].mission = Some(*mission);
            }
        }
        E::PlacementStarted => s.phase = CcPhase::SetupPlace,
        E::InitialCardPlaced { seat, card, group, .. } => {
            let st = &mut s.seats[seat.index()];
            if let (Some(card), Some(group)) = (card, group)
                && remove(&mut st.aside_place, card.id)
            {
                st.sides[group.index()].push(Slot {
                    card: card.id,
                    up: false,
                });
            }
        }
        E::InitialPlacementDone { .. } => {
            for st in &mut s.seats {
                let cards = std::mem::take(&mut st.aside_hand);
                st.hand.extend(cards);
            }
        }
        E::TurnStarted { turn, seat } => {
            s.turn = *turn;
            s.active = seat.index();
            s.phase = CcPhase::TurnStart;
            s.placement = CcPlacement::None;
            s.manip_used = false;
            s.counter = 0;
            s.cont = Cont::None;
        }
        E::ModeChosen { mode, .. } => match mode {
            CcMode::Active => {
                s.phase = CcPhase::Main;
                s.cont = Cont::Main;
                s.placement = CcPlacement::None;
                s.manip_used = false;
            }
            CcMode::Passive => {
                s.phase = CcPhase::Passive;
                s.cont = Cont::TurnEnd;
                s.counter = 0;
            }
        },
        E::CardDiscarded {
            seat,
            origin,
            group,
            id,
            ..
        } => {
            let Some(card) = *id else { return };
            let seat = seat.index();
            let moved = match origin {
                CcOrigin::Hand => {
                    let moved = remove(&mut s.seats[seat].hand, card);
                    if moved && s.phase == CcPhase::Passive && seat == s.active {
                        s.counter += 1;
                    }
                    moved
                }
                CcOrigin::Board => match group {
                    Some(g) => remove(&mut s.seats[seat].sides[g.index()], card),
                    None => false,
                },
                CcOrigin::Play => {
                    if s.pending.as_ref().is_some_and(|p| p.card == card) {
                        s.pending = None;
                        true
                    } else {
                        remove(&mut s.seats[seat].hand, card)
                    }
                }
            };
            if moved {
                s.seats[seat].discard.push(card);
            }
        }
        E::InfluencePlaced {
            seat,
            group,
            face_up,
            id,
            ..
        } => {
            let Some(card) = *id else { return };
            let st = &mut s.seats[seat.index()];
            if remove(&mut st.hand, card) {
                st.sides[group.index()].push(Slot { card, up: *face_up });
                s.placement = match (face_up, s.placement) {
                    (true, CcPlacement::None) => CcPlacement::Half,
                    _ => CcPlacement::Done,
                };
            }
        }
        E::DrawOwed { seat, count, .. } => {
            if *count > 0 {
                s.owed.push((seat.index(), *count));
            }
        }
        E::DrawPending { .. } => s.phase = CcPhase::Draw,
        E::CardDrawn { seat, pile, card, .. } => {
            let st = &mut s.seats[seat.index()];
            let source = match pile {
                CcPile::One => &mut st.pile1,
                CcPile::Two => &mut st.pile2,
            };
            let Some(card) = card else { return };
            if source.first() == Some(&card.id) {
                source.remove(0);
                st.hand.push(card.id);
                if let Some(head) = s.owed.first_mut() {
                    head.1 = head.1.saturating_sub(1);
                    if head.1 == 0 {
                        s.owed.remove(0);
                    }
                }
            }
        }
        E::DrawLapsed { .. } => {
            if !s.owed.is_empty() {
                s.owed.remove(0);
            }
        }
        E::ManipulationPlayed {
            seat,
            card,
            group,
            target,
            groups,
            id,
        } => {
            let Some(id) = *id else { return };
            let seat = seat.index();
            if remove(&mut s.seats[seat].hand, id) {
                let groups = match groups.as_deref() {
                    Some([a, b]) => Some([*a, *b]),
                    _ => None,
                };
                s.pending = Some(Pending {
                    seat,
                    card: id,
                    kind: *card,
                    params: ManipParams {
                        group: *group,
                        target: *target,
                        groups,
                    },
                });
                s.manip_used = true;
            }
        }
        E::ReactionOffered { .. } => s.phase = CcPhase::Reaction,
        E::Reacted { .. } => {}
        E::HandSpied { .. } => s.phase = CcPhase::SpyPick,
        E::CastlingPoolFormed { seat, groups, .. } => {
            let seat = seat.index();
            if let [a, b] = groups.as_slice() {
                let st = &mut s.seats[seat];
                for g in [a, b] {
                    let slots = std::mem::take(&mut st.sides[g.index()]);
                    st.pool.extend(slots.into_iter().map(|slot| slot.card));
                }
                st.pool.sort();
                s.castling_groups = Some([*a, *b]);
                s.phase = CcPhase::Castling;
            }
        }
        E::CastlingCardPlaced { seat, card, group, .. } => {
            let st = &mut s.seats[seat.index()];
            if let (Some(card), Some(group)) = (card, group)
                && remove(&mut st.pool, card.id)
            {
                st.sides[group.index()].push(Slot {
                    card: card.id,
                    up: false,
                });
            }
        }
        E::CastlingDone { .. } => {
            s.castling_groups = None;
        }
        E::MainResumed { .. } => s.phase = CcPhase::Main,
        E::MainEnded { .. } => s.cont = Cont::ExtraFrom(0),
        E::CardsRevealed { group, seat, .. } => {
            for slot in &mut s.seats[seat.index()].sides[group.index()] {
                slot.up = true;
            }
        }
        E::ExtraordinaryVoteStarted { group } => s.cont = Cont::Compare(*group),
        E::VoteWindowOpened { .. } => s.phase = CcPhase::VoteWindow,
        E::VoteContinued { .. } => {}
        E::VoteResolved { group, kind, .. } => {
            if *kind == CcVoteKind::Extraordinary {
                s.cont = Cont::ExtraFrom(group.index() + 1);
            }
        }
        E::PatricianWon { seat, group, patrician } => {
            if remove(&mut s.stacks[group.index()], *patrician) {
                s.seats[seat.index()].won.push(*patrician);
            }
        }
        E::GroupClosed { .. } => {}
        E::VoteCardDrawn { card } => {
            if s.vote_deck.first() == Some(card) {
                s.vote_deck.remove(0);
                s.vote_current = Some(*card);
            }
        }
        E::VoteCardRemoved { card } => {
            if s.vote_current == Some(*card) {
                s.vote_current = None;
                s.vote_removed.push(*card);
            }
        }
        E::VoteCardDiscarded { card } => {
            if s.vote_current == Some(*card) {
                s.vote_current = None;
                s.vote_discard.push(*card);
            }
        }
        E::VoteDeckReshuffled { order, .. } => {
            if let Some(order) = order {
                set_order(&mut s.vote_deck, order);
                s.vote_discard.clear();
                s.vote_current = None;
            }
        }
        E::SoloModeStarted { survivor } => s.solo = Some(survivor.index()),
        E::GameOver { result, .. } => {
            s.result = Some(result.clone());
            s.phase = CcPhase::GameOver;
            s.cont = Cont::None;
            s.owed.clear();
        }
    }
}

/// True when `viewer` is the seat `seat`.
fn owns(viewer: Viewer, seat: CcSeat) -> bool {
    viewer.is(seat.index())
}

fn keep<T: Clone>(field: &Option<T>, visible: bool) -> Option<T> {
    if visible { field.clone() } else { None }
}

/// The event without what stays secret forever (spec 9, D24): the shuffle orders. The mission order would name the
/// missions put back in the box "sans être montrées" (seed 000 §1.3), the pile and deck orders the cards never drawn.
fn without_secrets(event: &CaesarCleopatraEvent) -> CaesarCleopatraEvent {
    let mut e = event.clone();
    if let E::VoteDeckShuffled { order, .. }
    | E::Pile1Shuffled { order, .. }
    | E::Pile2Shuffled { order, .. }
    | E::MissionsShuffled { order, .. }
    | E::VoteDeckReshuffled { order, .. } = &mut e
    {
        *order = None;
    }
    e
}

/// The event as everyone sees it once the game is over: all of it but what stays secret forever.
pub fn redact_finished(event: &CaesarCleopatraEvent) -> CaesarCleopatraEvent {
    without_secrets(event)
}

/// The event as `viewer` may see it. Every event has a public part, so this never returns `None`.
pub fn redact(event: &CaesarCleopatraEvent, viewer: Viewer) -> Option<CaesarCleopatraEvent> {
    let mut e = without_secrets(event);
    match &mut e {
        E::ManipulationStacked { seat, card, .. } => *card = keep(card, owns(viewer, *seat)),
        E::MissionDealt { seat, mission } => *mission = keep(mission, owns(viewer, *seat)),
        E::InitialCardPlaced { seat, card, group, .. } | E::CastlingCardPlaced { seat, card, group, .. } => {
            let visible = owns(viewer, *seat);
            *card = keep(card, visible);
            *group = keep(group, visible);
        }
        E::CardDiscarded { seat, id, .. } | E::ManipulationPlayed { seat, id, .. } => {
            *id = keep(id, owns(viewer, *seat))
        }
        E::InfluencePlaced {
            seat,
            face_up,
            value,
            id,
            ..
        } => {
            let visible = owns(viewer, *seat);
            *id = keep(id, visible);
            *value = keep(value, visible || *face_up);
        }
        E::CardDrawn { seat, card, .. } => *card = keep(card, owns(viewer, *seat)),
        E::HandSpied { seat, hand } => *hand = keep(hand, owns(viewer, *seat)),
        E::CastlingPoolFormed { seat, pool, .. } => *pool = keep(pool, owns(viewer, *seat)),
        _ => {}
    }
    Some(e)
}
