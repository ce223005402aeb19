//! What a viewer sees (spec section 9) and the result shape (section 8).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::RomeCarthageOptions;
use super::data::board;
use super::evolve::EndReason;
use super::state::{Phase, SpyStage, State};
use super::types::{Card, CityId, Kind, Piece, Rank, SeatId, SpecialId, StateId, TeamId};
use crate::engine::Viewer;

/// A team in the result: its states (canonical order) and seats (turn order).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(as = RomeCarthageTeamInfo)]
pub struct TeamInfo {
    pub states: Vec<StateId>,
    pub seats: Vec<SeatId>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(as = RomeCarthageTeams)]
pub struct Teams {
    pub team_a: TeamInfo,
    pub team_b: TeamInfo,
}

/// Scores by seat: 1 for each seat of the winning team, 0 for the others, 0.5 each in a draw (D36).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(as = RomeCarthageScores)]
pub struct Scores {
    pub primus: f64,
    pub secundus: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tertius: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quartus: Option<f64>,
}

impl Scores {
    pub fn get(&self, seat: usize) -> Option<f64> {
        match seat {
            0 => Some(self.primus),
            1 => Some(self.secundus),
            2 => self.tertius,
            3 => self.quartus,
            _ => None,
        }
    }
}

/// The result of a finished game (section 8).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({
    "end_reason": "capitals_held",
    "winning_team": "team_a",
    "winners": ["primus", "tertius"],
    "draw": false,
    "scores": {"primus": 1.0, "secundus": 0.0, "tertius": 1.0, "quartus": 0.0},
    "teams": {
        "team_a": {"states": ["rome", "alexandrie"], "seats": ["primus", "tertius"]},
        "team_b": {"states": ["carthage", "byzance"], "seats": ["secundus", "quartus"]}
    },
    "eliminated": ["quartus"],
    "rounds": 23
}))]
pub struct RomeCarthageOutcome {
    pub end_reason: EndReason,
    /// `null` in a draw.
    pub winning_team: Option<TeamId>,
    /// Seats of the winning team in turn order; empty in a draw.
    pub winners: Vec<SeatId>,
    pub draw: bool,
    pub scores: Scores,
    pub teams: Teams,
    /// Seats eliminated during the game, in seat order.
    pub eliminated: Vec<SeatId>,
    /// The round in which the game ended.
    pub rounds: u32,
}

/// The phase of the game (spec 4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RomeCarthagePhase)]
pub enum PhaseName {
    Setup,
    SpecialChoice,
    Placement,
    Main,
    DrawOffer,
    CombatChoice,
    CombatCommit,
    SpyDecision,
    SpyCommit,
    TieBreak,
    /// Transient between automatic steps (never seen at rest).
    Resolving,
    GameOver,
}

/// A card in the viewer's own hand.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthageHandCard)]
pub struct HandCard {
    pub id: Card,
    pub rank: Rank,
    pub value: u32,
}

/// A special card and its holder.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthageSpecialView)]
pub struct SpecialView {
    pub card: SpecialId,
    pub holder: Option<SeatId>,
    pub used: bool,
}

/// One seat, as the viewer sees it.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthageSeatView)]
pub struct SeatView {
    pub seat: SeatId,
    pub states: Vec<StateId>,
    pub team: Option<TeamId>,
    pub solo: bool,
    pub in_game: bool,
    pub hand_count: u32,
    /// The viewer's own hand (ids and ranks), sorted by rank.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<Vec<HandCard>>,
    /// The partner's hand as ranks, when the game allows partners to see hands.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand_ranks: Option<Vec<Rank>>,
    /// Card limit k(seat) in combat now (2.8).
    pub card_limit: u8,
}

/// Where a piece is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RomeCarthagePieceStatus)]
pub enum PieceStatus {
    Unplaced,
    OnBoard,
    Eliminated,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthagePieceView)]
pub struct PieceView {
    pub piece: Piece,
    pub state: StateId,
    pub kind: Kind,
    pub owner: Option<SeatId>,
    pub status: PieceStatus,
    pub city: Option<CityId>,
    /// Attacker or defender of a pending or current combat.
    pub engaged: bool,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthageCityView)]
pub struct CityView {
    pub city: CityId,
    pub state: StateId,
    /// The holder (the defender while a combat is pending there).
    pub holder: Option<Piece>,
    /// A capital held by an enemy of its state's owner.
    pub occupied: bool,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthagePendingCombat)]
pub struct PendingView {
    pub city: CityId,
    pub attacker: Piece,
    pub defender: Piece,
    pub attacker_seat: SeatId,
    pub defender_seat: SeatId,
}

/// One side of the combat being fought.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthageCombatSide)]
pub struct CombatSideView {
    pub seat: SeatId,
    pub piece: Piece,
    pub need: u8,
    pub committed: bool,
    pub base_count: u32,
    /// The base ranks: once revealed, or for the owner (and a partner allowed to see them).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub base: Option<Vec<Rank>>,
    /// Revealed tie-break cards.
    pub extra: Vec<Rank>,
    /// A tie-break card is committed face down.
    pub extra_pending: bool,
    /// The face-down tie-break card, for its owner (and a partner allowed to see it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub extra_pending_rank: Option<Rank>,
    pub spy_eligible: bool,
    /// Must act now in this combat.
    pub to_act: bool,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthageCombat)]
pub struct CombatView {
    pub city: CityId,
    pub attacker: CombatSideView,
    pub defender: CombatSideView,
    pub revealed: bool,
    /// The seat in `spy_decision` / `spy_commit`.
    pub spy: Option<SeatId>,
    pub tie_break: bool,
    /// Totals from the revealed cards (attacker, defender), once the bases are revealed.
    pub totals: Option<[u32; 2]>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthagePlacementView)]
pub struct PlacementView {
    pub seat: SeatId,
    pub round: u8,
    pub rounds: u8,
    pub quota: u8,
    pub placed: u8,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthageTurnView)]
pub struct TurnView {
    pub seat: SeatId,
    pub budget: u8,
    pub moves_used: u8,
    pub forced_march_paid: bool,
    pub draw_offered: bool,
    pub progress: bool,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthageDrawOfferView)]
pub struct DrawOfferView {
    pub offered_by: SeatId,
    pub accepted: Vec<SeatId>,
    pub responder: Option<SeatId>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthageSiegeView)]
pub struct SiegeView {
    pub team: TeamId,
    /// Event sequence number at which it began.
    pub established: u64,
    pub witnesses: Vec<SeatId>,
}

/// The game as one viewer may see it.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct RomeCarthageView {
    pub viewer: Option<SeatId>,
    pub players: usize,
    pub options: RomeCarthageOptions,
    pub phase: PhaseName,
    pub to_act: Vec<SeatId>,
    pub round: u32,
    pub turn_order: Vec<SeatId>,
    pub starter: Option<SeatId>,
    /// The public starting card (setup 6).
    pub starting_card: Option<Card>,
    pub seats: Vec<SeatView>,
    pub teams: Option<Teams>,
    pub specials: Vec<SpecialView>,
    pub pieces: Vec<PieceView>,
    /// Held cities only.
    pub cities: Vec<CityView>,
    /// Talon sizes: one entry, or team_a and team_b with `match_talons`.
    pub talon_counts: Vec<u32>,
    /// Face up, bottom first, as ranks.
    pub discard: Vec<Rank>,
    /// Out of the game, as ranks.
    pub removed: Vec<Rank>,
    pub kings_removed: u8,
    pub sieges: Vec<SiegeView>,
    pub quiet_turns: u32,
    /// `quiet_turns` at which the no-progress draw applies (T = rounds × seats in the game).
    pub quiet_limit: u32,
    pub turn: Option<TurnView>,
    pub pending_combats: Vec<PendingView>,
    pub combat: Option<CombatView>,
    pub placement: Option<PlacementView>,
    /// Choosers still to pick in `special_choice`.
    pub special_choosers: Vec<SeatId>,
    pub draw_offer: Option<DrawOfferView>,
    pub result: Option<RomeCarthageOutcome>,
}

pub fn phase_name(state: &State) -> PhaseName {
    match state.phase {
        Phase::Setup => PhaseName::Setup,
        Phase::SpecialChoice => PhaseName::SpecialChoice,
        Phase::Placement => PhaseName::Placement,
        Phase::Main => PhaseName::Main,
        Phase::DrawOffer => PhaseName::DrawOffer,
        Phase::GameOver => PhaseName::GameOver,
        Phase::Combat => match &state.combat {
            None if state.pending.len() >= 2 => PhaseName::CombatChoice,
            None => PhaseName::Resolving,
            Some(c) => {
                if c.committed.contains(&false) {
                    PhaseName::CombatCommit
                } else {
                    match c.spy {
                        SpyStage::Offered(_) => PhaseName::SpyDecision,
                        SpyStage::Declared(_) => PhaseName::SpyCommit,
                        SpyStage::Done if c.tie => PhaseName::TieBreak,
                        _ => PhaseName::Resolving,
                    }
                }
            }
        },
    }
}

fn sid(seat: u8) -> SeatId {
    SeatId::of(seat as usize)
}

pub fn teams(state: &State) -> Teams {
    let info = |team: u8| TeamInfo {
        states: (0..4u8)
            .filter(|&s| state.team_of_state[s as usize] == team)
            .map(StateId::of)
            .collect(),
        seats: state.seats_of_team(team).into_iter().map(sid).collect(),
    };
    Teams {
        team_a: info(0),
        team_b: info(1),
    }
}

/// A spy base: exactly two cards whose face values add up to 2 (7.2.3).
pub fn spy_eligible(base: &[Card]) -> bool {
    base.len() == 2 && base.iter().map(|c| c.value()).sum::<u32>() == 2
}

fn sorted_ranks(cards: &[Card]) -> Vec<Rank> {
    let mut ranks: Vec<Rank> = cards.iter().map(|c| c.rank()).collect();
    ranks.sort();
    ranks
}

pub fn view(state: &State, viewer: Viewer, to_act: &[usize]) -> RomeCarthageView {
    let me = match viewer {
        Viewer::Seat(s) if s < state.players => Some(s as u8),
        _ => None,
    };
    // The seats whose cards the viewer may see as ranks (himself, and his partner with the option).
    let sees = |owner: u8| me == Some(owner) || me.is_some_and(|m| state.share_with(owner) == Some(m));
    let assigned = state.owner.iter().all(|&o| (o as usize) < state.players);
    let seats = (0..state.players as u8)
        .map(|s| {
            let hand = &state.hands[s as usize];
            let mut own: Vec<Card> = hand.to_vec();
            own.sort_by_key(|c| (c.rank(), *c));
            SeatView {
                seat: sid(s),
                states: state.states_of(s).map(StateId::of).collect(),
                team: assigned.then(|| TeamId::of(state.team_of_seat(s))),
                solo: state.solo == Some(s),
                in_game: state.in_game(s),
                hand_count: hand.len() as u32,
                hand: (me == Some(s)).then(|| {
                    own.iter()
                        .map(|&c| HandCard {
                            id: c,
                            rank: c.rank(),
                            value: c.value(),
                        })
                        .collect()
                }),
                hand_ranks: (me != Some(s) && sees(s)).then(|| sorted_ranks(hand)),
                card_limit: if assigned { state.card_limit(s) } else { 2 },
            }
        })
        .collect();
    let pieces = (0..Piece::COUNT)
        .map(Piece)
        .map(|p| PieceView {
            piece: p,
            state: StateId::of(p.state()),
            kind: p.kind(),
            owner: assigned.then(|| sid(state.owner_of(p))),
            status: match state.pos[p.0 as usize] {
                super::state::UNPLACED => PieceStatus::Unplaced,
                super::state::GONE => PieceStatus::Eliminated,
                _ => PieceStatus::OnBoard,
            },
            city: state.city_of(p).map(CityId),
            engaged: state.engaged(p),
        })
        .collect();
    let cities = (0..state.holder.len() as u8)
        .filter_map(|c| {
            let holder = state.holder_of(c)?;
            let info = &board().cities[c as usize];
            Some(CityView {
                city: CityId(c),
                state: StateId::of(info.state),
                holder: Some(holder),
                occupied: info.capital && assigned && state.capital_occupied(info.state),
            })
        })
        .collect();
    let combat = state.combat.as_ref().map(|c| {
        let spy_seat = match c.spy {
            SpyStage::Offered(side) | SpyStage::Declared(side) => Some(side as usize),
            _ => None,
        };
        let side_view = |side: usize| {
            let owner = c.seats[side];
            let visible = c.revealed || sees(owner);
            let pending = c.extra_pending[side];
            CombatSideView {
                seat: sid(owner),
                piece: c.pieces[side],
                need: c.need[side],
                committed: c.committed[side],
                base_count: c.base[side].len() as u32,
                base: visible.then(|| sorted_ranks(&c.base[side])),
                extra: c.revealed_extra(side).iter().map(|c| c.rank()).collect(),
                extra_pending: pending,
                extra_pending_rank: if pending && sees(owner) {
                    c.extra[side].last().map(|c| c.rank())
                } else {
                    None
                },
                spy_eligible: c.revealed && c.spy != SpyStage::Done && spy_eligible(&c.base[side]),
                to_act: to_act.contains(&(owner as usize)),
            }
        };
        CombatView {
            city: CityId(c.city),
            attacker: side_view(0),
            defender: side_view(1),
            revealed: c.revealed,
            spy: spy_seat.map(|side| sid(c.seats[side])),
            tie_break: c.tie,
            totals: c.revealed.then(|| c.totals()),
        }
    });
    let n = state.seats_in_game() as u32;
    RomeCarthageView {
        viewer: me.map(sid),
        players: state.players,
        options: state.options.clone(),
        phase: phase_name(state),
        to_act: to_act.iter().map(|&s| SeatId::of(s)).collect(),
        round: state.round,
        turn_order: state.order.iter().map(|&s| sid(s)).collect(),
        starter: state.starter.map(sid),
        starting_card: state.starting_card,
        seats,
        teams: assigned.then(|| teams(state)),
        specials: SpecialId::ALL
            .iter()
            .map(|&card| SpecialView {
                card,
                holder: (state.special_holder[card.index()] as usize)
                    .lt(&state.players)
                    .then(|| sid(state.special_holder[card.index()])),
                used: state.special_used[card.index()],
            })
            .collect(),
        pieces,
        cities,
        talon_counts: state.talons.iter().map(|t| t.len() as u32).collect(),
        discard: state.discard.iter().map(|c| c.rank()).collect(),
        removed: state.removed.iter().map(|c| c.rank()).collect(),
        kings_removed: state.kings_removed,
        sieges: state
            .sieges
            .iter()
            .map(|s| SiegeView {
                team: TeamId::of(s.team),
                established: s.established,
                witnesses: (0..state.players as u8)
                    .filter(|&w| s.witnesses & (1 << w) != 0)
                    .map(sid)
                    .collect(),
            })
            .collect(),
        quiet_turns: state.quiet_turns,
        quiet_limit: state.options.no_progress_rounds.saturating_mul(n),
        turn: matches!(state.phase, Phase::Main | Phase::DrawOffer | Phase::Combat).then(|| TurnView {
            seat: sid(state.active),
            budget: state.budget(),
            moves_used: state.turn.moves_used,
            forced_march_paid: state.turn.forced_march_paid,
            draw_offered: state.turn.draw_offered,
            progress: state.turn.progress,
        }),
        pending_combats: state
            .pending
            .iter()
            .map(|p| PendingView {
                city: CityId(p.city),
                attacker: p.attacker,
                defender: p.defender,
                attacker_seat: sid(state.owner_of(p.attacker)),
                defender_seat: sid(state.owner_of(p.defender)),
            })
            .collect(),
        combat,
        placement: (state.phase == Phase::Placement).then(|| PlacementView {
            seat: sid(state.placement.seat),
            round: state.placement.round,
            rounds: state.placement_rounds(),
            quota: state.placement.quota,
            placed: state.placement.placed,
        }),
        special_choosers: state.choosers.iter().map(|&(_, s)| sid(s)).collect(),
        draw_offer: state.offer.as_ref().map(|o| DrawOfferView {
            offered_by: sid(o.by),
            accepted: o.responders[..o.accepted.min(o.responders.len())]
                .iter()
                .map(|&s| sid(s))
                .collect(),
            responder: o.responders.get(o.accepted).map(|&s| sid(s)),
        }),
        result: state.result.clone(),
    }
}
