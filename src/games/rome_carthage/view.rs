//! What a viewer sees (spec section 9): the per-viewer view, and `redact`, which hides the private parts of events
//! (card ids and ranks of hidden cards, talon orders) from the viewers who may not know them.

use super::data::board;
use super::state::{Phase, SpyStage, State, spy_eligible};
use super::types::{
    Card, CityId, CityView, CombatSideView, CombatView, DrawOfferView, HandCard, PendingView, PhaseName, Piece,
    PieceStatus, PieceView, PlacementView, Rank, RomeCarthageEvent, RomeCarthageView, SeatId, SeatView, SiegeView,
    SpecialId, SpecialView, StateId, TeamId, TeamInfo, Teams, TurnView,
};
use crate::engine::Viewer;

use RomeCarthageEvent as E;

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

fn ranks_of(cards: &[Card]) -> Vec<Rank> {
    cards.iter().map(|c| c.rank()).collect()
}

pub fn redact(event: &RomeCarthageEvent, viewer: Viewer) -> Option<RomeCarthageEvent> {
    let owner = |s: &SeatId| viewer.is(s.index());
    let shared = |w: &Option<SeatId>| w.is_some_and(|w| viewer.is(w.index()));
    let mut event = without_secrets(event);
    match &mut event {
        E::HandDealt {
            seat,
            cards,
            ranks,
            shared_with,
            ..
        } if !owner(seat) => {
            // A partner allowed to see hands learns the ranks, never the card ids.
            *ranks = if shared(shared_with) {
                cards.as_deref().map(ranks_of)
            } else {
                None
            };
            *cards = None;
        }
        E::CardDrawn {
            seat,
            card,
            rank,
            shared_with,
        } if !owner(seat) => {
            *card = None;
            if !shared(shared_with) {
                *rank = None;
            }
        }
        E::BaseCommitted {
            seat,
            ranks,
            shared_with,
            ..
        } if !owner(seat) && !shared(shared_with) => *ranks = None,
        E::ExtraAdded {
            seat,
            rank,
            shared_with,
            ..
        } if !owner(seat) && !shared(shared_with) => *rank = None,
        _ => {}
    }
    Some(event)
}

/// The event without what stays secret forever: the talon orders (spec 9: "contents and order stay secret"), which
/// would name the cards never drawn.
fn without_secrets(event: &RomeCarthageEvent) -> RomeCarthageEvent {
    let mut event = event.clone();
    match &mut event {
        E::TalonShuffled { order, .. } | E::TalonReformed { order, .. } => *order = None,
        E::TalonsSplit {
            team_a_order,
            team_b_order,
            ..
        }
        | E::TalonsRefilled {
            team_a_order,
            team_b_order,
            ..
        } => {
            *team_a_order = None;
            *team_b_order = None;
        }
        _ => {}
    }
    event
}

/// The event as everyone sees it once the game is over: all of it (hands, drawn and committed cards) but what stays
/// secret forever.
pub fn redact_finished(event: &RomeCarthageEvent) -> RomeCarthageEvent {
    without_secrets(event)
}
