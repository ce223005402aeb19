//! Events: every state change, chance outcomes recorded; `evolve` folds one into the state; `redact` hides the
//! private parts (card ids and ranks of hidden cards, talon orders) from the viewers who may not know them.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::data::board;
use super::state::{Cards, Combat, GONE, NONE, Offer, Pending, Phase, Placement, Siege, SpyStage, State, Turn, pile};
use super::types::{Card, CityId, Piece, Rank, SeatId, SpecialId, StateId, TeamId};
use super::view::RomeCarthageOutcome;
use crate::engine::Viewer;

/// A side of a combat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RomeCarthageSide)]
pub enum Side {
    Attacker,
    Defender,
}

impl Side {
    pub fn of(index: usize) -> Side {
        if index == 0 { Side::Attacker } else { Side::Defender }
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

/// Where a disposed-of card goes (7.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RomeCarthageDestination)]
pub enum Destination {
    /// A zero (j or q) goes back to its owner's hand.
    Hand,
    /// Face up on the discard pile.
    Discard,
    /// Out of the game (one of the first two spent kings).
    Removed,
}

/// One card disposed of: whose it was, its rank, where it went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RomeCarthageDisposal)]
pub struct Disposal {
    pub seat: SeatId,
    pub rank: Rank,
    pub to: Destination,
}

/// Which seat owns a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RomeCarthageStateOwner)]
pub struct StateOwner {
    pub state: StateId,
    pub seat: SeatId,
}

/// One mercenary of a two-mercenary move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RomeCarthageMovedStep)]
pub struct MovedStep {
    pub piece: Piece,
    pub from: CityId,
    pub to: CityId,
    /// The enemy piece attacked in `to`, if any (a pending combat is created).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacks: Option<Piece>,
}

/// How a combat was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RomeCarthageResolution)]
pub enum Resolution {
    /// The higher total won.
    Totals,
    /// A tie where one side (or both) had no card left to add (7.2.4).
    EmptyHand,
}

/// Why a game ended (section 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RomeCarthageEndReason)]
pub enum EndReason {
    CapitalsHeld,
    Annihilation,
    DrawAgreed,
    NoProgress,
}

/// A log event. Private parts (`cards`, `ranks`, `card`, `rank`, `order`) are present only for the viewers allowed to
/// know them (spec section 9); a talon order is never shown to anyone.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[schema(as = RomeCarthageEvent)]
pub enum RomeCarthageEvent {
    /// Setup 2: the team draw.
    TeamsDrawn {
        team_a: Vec<StateId>,
        team_b: Vec<StateId>,
    },
    /// Setup 3: states to seats (and the solo seat with 3 players).
    StatesAssigned {
        owners: Vec<StateOwner>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        solo: Option<SeatId>,
    },
    /// Setup 4: a hand dealt. `cards` (ids) for the owner only, `ranks` for a partner allowed to see them.
    HandDealt {
        seat: SeatId,
        count: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cards: Option<Vec<Card>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ranks: Option<Vec<Rank>>,
        /// The partner who may see this seat's cards (option `partners_see_hands`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        shared_with: Option<SeatId>,
    },
    /// Setup 4: the two queens of a two-state seat leave the game.
    QueensRemoved {
        seat: SeatId,
        ranks: Vec<Rank>,
    },
    /// Setup 5 and 6.3: the talon is shuffled. The order (bottom to top) is never shown.
    TalonShuffled {
        count: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        order: Option<Vec<Card>>,
    },
    /// Setup 6: the starting card (public, by id) and the starter.
    StartingCard {
        card: Card,
        starter: SeatId,
    },
    /// Setup 7: the turn order for the whole game.
    TurnOrderFixed {
        order: Vec<SeatId>,
    },
    /// Setup 8 (`match_talons`): the talon split into two team talons (7.9).
    TalonsSplit {
        packet_p: TeamId,
        team_a_count: u32,
        team_b_count: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        team_a_order: Option<Vec<Card>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        team_b_order: Option<Vec<Card>>,
    },
    /// Setup 10: a team's special cards go to their holders.
    SpecialsDealt {
        team: TeamId,
        betrayal: SeatId,
        sedition: SeatId,
        /// The chooser who picked, for a two-seat team.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        chooser: Option<SeatId>,
    },
    /// Setup 10: phase `special_choice` for these choosers.
    SpecialChoiceOpened {
        choosers: Vec<SeatId>,
    },
    /// A placement turn begins (4.2).
    PlacementTurnStarted {
        seat: SeatId,
        round: u8,
        quota: u8,
    },
    PiecePlaced {
        seat: SeatId,
        piece: Piece,
        city: CityId,
    },
    /// A turn of the game proper begins (4.3); per-turn state is reset.
    TurnStarted {
        seat: SeatId,
        round: u32,
    },
    /// The discard pile shuffled into a new talon (D30). The order is never shown.
    TalonReformed {
        count: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        order: Option<Vec<Card>>,
    },
    /// `match_talons`: the discard split and added to both team talons, each reshuffled (7.9).
    TalonsRefilled {
        packet_p: TeamId,
        team_a_count: u32,
        team_b_count: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        team_a_order: Option<Vec<Card>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        team_b_order: Option<Vec<Card>>,
    },
    /// A card drawn: publicly "drew 1 card"; the id for the owner, the rank for a partner allowed to see it.
    CardDrawn {
        seat: SeatId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<Card>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rank: Option<Rank>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        shared_with: Option<SeatId>,
    },
    /// A draw met an empty talon and an empty discard pile: skipped.
    DrawSkipped {
        seat: SeatId,
    },
    /// A piece moved along `path` (an attack when `attacks` is set). `betrayal`: moved by the active seat's betrayal.
    PieceMoved {
        seat: SeatId,
        piece: Piece,
        from: CityId,
        path: Vec<CityId>,
        cost: u8,
        betrayal: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        attacks: Option<Piece>,
    },
    /// Two mercenaries stepped at once (D13).
    MercenariesMoved {
        seat: SeatId,
        steps: Vec<MovedStep>,
        cost: u8,
        betrayal: bool,
    },
    /// A forced march paid (public ranks) and where each card went.
    ForcedMarchPaid {
        seat: SeatId,
        cards: Vec<Disposal>,
    },
    /// A betrayal played by `seat`, moving for `target` (the move follows).
    BetrayalPlayed {
        seat: SeatId,
        card: SpecialId,
        target: SeatId,
    },
    /// A sedition played: the occupier of `city` is eliminated; a pending attack there is cancelled in favour of
    /// its attacker.
    SeditionPlayed {
        seat: SeatId,
        card: SpecialId,
        city: CityId,
        eliminated: Piece,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cancelled_attacker: Option<Piece>,
    },
    DrawOffered {
        seat: SeatId,
        responders: Vec<SeatId>,
    },
    DrawAccepted {
        seat: SeatId,
    },
    DrawDeclined {
        seat: SeatId,
    },
    /// `end_moves`: combats (if any) follow.
    MovesEnded {
        seat: SeatId,
    },
    /// A combat starts (C0/C1) with each side's card limit.
    CombatStarted {
        city: CityId,
        attacker: Piece,
        defender: Piece,
        attacker_seat: SeatId,
        defender_seat: SeatId,
        need_attacker: u8,
        need_defender: u8,
        /// Named by the active seat with `choose_combat`.
        chosen: bool,
    },
    /// Base cards committed face down: publicly a count; ranks for the owner (and a partner allowed to see them).
    BaseCommitted {
        seat: SeatId,
        side: Side,
        count: u32,
        automatic: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ranks: Option<Vec<Rank>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        shared_with: Option<SeatId>,
    },
    /// Both bases revealed. `spy_eligible`: the sides whose base is a spy.
    BasesRevealed {
        attacker: Vec<Rank>,
        defender: Vec<Rank>,
        spy_eligible: Vec<Side>,
    },
    /// C4: both sides were spies; the bases are disposed of and the combat restarts at C1.
    DoubleSpy {
        disposals: Vec<Disposal>,
        need_attacker: u8,
        need_defender: u8,
    },
    SpyDeclined {
        seat: SeatId,
    },
    /// A spy declared: his base is disposed of, he chooses a new one.
    SpyDeclared {
        seat: SeatId,
        disposals: Vec<Disposal>,
    },
    /// The spy's new base, revealed at once.
    SpyBaseChosen {
        seat: SeatId,
        ranks: Vec<Rank>,
        automatic: bool,
    },
    /// C6: the totals are equal; each side adds one card.
    CombatTied {
        attacker_total: u32,
        defender_total: u32,
    },
    /// A tie-break card committed face down.
    ExtraAdded {
        seat: SeatId,
        side: Side,
        automatic: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rank: Option<Rank>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        shared_with: Option<SeatId>,
    },
    ExtrasRevealed {
        attacker: Rank,
        defender: Rank,
        attacker_total: u32,
        defender_total: u32,
    },
    /// C7: the loser's piece is eliminated and every table card disposed of.
    CombatResolved {
        city: CityId,
        attacker: Piece,
        defender: Piece,
        attacker_total: u32,
        defender_total: u32,
        winner: Side,
        eliminated: Piece,
        resolution: Resolution,
        disposals: Vec<Disposal>,
    },
    /// A seat without pieces leaves the game; its hand goes face up to `removed`, its specials are lost.
    SeatEliminated {
        seat: SeatId,
        hand: Vec<Rank>,
    },
    SiegeEstablished {
        team: TeamId,
        established: u64,
    },
    SiegeBroken {
        team: TeamId,
    },
    SiegeWitnessed {
        team: TeamId,
        seat: SeatId,
        witnesses: Vec<SeatId>,
    },
    TurnEnded {
        seat: SeatId,
        progress: bool,
        quiet_turns: u32,
    },
    GameOver {
        result: RomeCarthageOutcome,
    },
}

use RomeCarthageEvent as E;

fn seat(id: SeatId) -> u8 {
    id.index() as u8
}

/// Takes the smallest-id card of `rank` out of `cards`.
fn take_rank(cards: &mut Cards, rank: Rank) -> Option<Card> {
    let (index, _) = cards
        .iter()
        .enumerate()
        .filter(|(_, c)| c.rank() == rank)
        .min_by_key(|(_, c)| **c)?;
    Some(cards.remove(index))
}

fn put(state: &mut State, owner: u8, card: Card, to: Destination, count_king: bool) {
    match to {
        Destination::Hand => {
            if let Some(hand) = state.hands.get_mut(owner as usize) {
                hand.push(card);
            }
            // A zero goes back face up: everyone knows it is in the hand again.
            if let Some(known) = state.known_ranks.get_mut(owner as usize) {
                known[card.rank().index() as usize] += 1;
            }
        }
        Destination::Discard => state.discard.push(card),
        Destination::Removed => {
            if count_king && card.rank() == Rank::K {
                state.kings_removed = state.kings_removed.saturating_add(1);
            }
            state.removed.push(card);
        }
    }
}

/// Disposes of table cards of the current combat.
fn dispose_table(state: &mut State, disposals: &[Disposal]) {
    for d in disposals {
        let owner = seat(d.seat);
        let Some(combat) = state.combat.as_mut() else {
            return;
        };
        let Some(side) = combat.seats.iter().position(|&s| s == owner) else {
            continue;
        };
        let card = take_rank(&mut combat.base[side], d.rank).or_else(|| {
            let card = take_rank(&mut combat.extra[side], d.rank);
            if card.is_some() {
                combat.extra_pending[side] = false;
            }
            card
        });
        if let Some(card) = card {
            put(state, owner, card, d.to, true);
        }
    }
}

/// Both sides' face-down table cards are shown (attacker's ranks, defender's ranks).
fn show_table(state: &mut State, ranks: [&[Rank]; 2]) {
    let Some(seats) = state.combat.as_ref().map(|c| c.seats) else {
        return;
    };
    for (side, ranks) in ranks.into_iter().enumerate() {
        for &rank in ranks {
            state.shown(seats[side], rank);
        }
    }
}

fn move_from_hand(state: &mut State, owner: u8, ranks: &[Rank]) -> Cards {
    let mut cards = Cards::new();
    if let Some(hand) = state.hands.get_mut(owner as usize) {
        for &rank in ranks {
            if let Some(card) = take_rank(hand, rank) {
                cards.push(card);
            }
        }
    }
    cards
}

fn place_piece(state: &mut State, piece: Piece, to: u8) {
    state.pos[piece.0 as usize] = to;
    match state.holder_of(to) {
        None => {
            if let Some(slot) = state.holder.get_mut(to as usize) {
                *slot = piece.0;
            }
        }
        Some(defender) => state.pending.push(Pending {
            city: to,
            attacker: piece,
            defender,
        }),
    }
}

fn lift_piece(state: &mut State, piece: Piece) {
    if let Some(city) = state.city_of(piece)
        && state.holder[city as usize] == piece.0
    {
        state.holder[city as usize] = NONE;
    }
}

fn eliminate(state: &mut State, piece: Piece) {
    lift_piece(state, piece);
    state.pos[piece.0 as usize] = GONE;
}

pub fn evolve(state: &mut State, event: &RomeCarthageEvent) {
    state.seq += 1;
    match event {
        E::TeamsDrawn { team_a, team_b } => {
            for s in team_a {
                state.team_of_state[s.index() as usize] = 0;
            }
            for s in team_b {
                state.team_of_state[s.index() as usize] = 1;
            }
        }
        E::StatesAssigned { owners, solo } => {
            for o in owners {
                state.owner[o.state.index() as usize] = seat(o.seat);
            }
            state.solo = solo.map(seat);
        }
        E::HandDealt {
            seat: s,
            cards: Some(cards),
            ..
        } => {
            if let Some(hand) = state.hands.get_mut(seat(*s) as usize) {
                *hand = pile(cards);
            }
            // The rules fix every dealt hand, so everyone knows it (spec 9, "Hands at setup").
            if let Some(known) = state.known_ranks.get_mut(seat(*s) as usize) {
                *known = [0; 13];
                for card in cards {
                    known[card.rank().index() as usize] += 1;
                }
            }
        }
        E::HandDealt { .. } => {}
        E::QueensRemoved { seat: s, .. } => {
            let states: Vec<u8> = state.states_of(seat(*s)).collect();
            for st in states {
                let suit = board().suit_of_state[st as usize];
                state.removed.push(Card::new(suit, Rank::Q));
            }
        }
        E::TalonShuffled { order, .. } => {
            if let Some(order) = order {
                state.talons = [pile(order)].into_iter().collect();
            }
        }
        E::StartingCard { card, starter } => {
            state.starting_card = Some(*card);
            state.starter = Some(seat(*starter));
        }
        E::TurnOrderFixed { order } => state.order = order.iter().map(|s| seat(*s)).collect(),
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
            state.talons = [team_a_order, team_b_order]
                .into_iter()
                .map(|order| pile(order.as_deref().unwrap_or_default()))
                .collect();
            if matches!(event, E::TalonsRefilled { .. }) {
                state.discard.clear();
            }
        }
        E::SpecialsDealt {
            team,
            betrayal,
            sedition,
            ..
        } => {
            let t = team.index();
            state.special_holder[2 * t as usize] = seat(*betrayal);
            state.special_holder[2 * t as usize + 1] = seat(*sedition);
            state.choosers.retain(|(team, _)| *team != t);
        }
        E::SpecialChoiceOpened { choosers } => {
            state.phase = Phase::SpecialChoice;
            state.choosers = choosers
                .iter()
                .map(|c| (state.team_of_seat(seat(*c)), seat(*c)))
                .collect();
        }
        E::PlacementTurnStarted { seat: s, round, quota } => {
            state.phase = Phase::Placement;
            state.placement = Placement {
                round: *round,
                seat: seat(*s),
                quota: *quota,
                placed: 0,
            };
        }
        E::PiecePlaced { piece, city, .. } => {
            place_piece(state, *piece, city.0);
            state.placement.placed += 1;
        }
        E::TurnStarted { seat: s, round } => {
            state.phase = Phase::Main;
            state.active = seat(*s);
            state.round = *round;
            state.turn = Turn::default();
            state.pending.clear();
            state.combat = None;
            state.offer = None;
        }
        E::TalonReformed { order, .. } => {
            if let Some(order) = order {
                state.talons = [pile(order)].into_iter().collect();
            }
            state.discard.clear();
        }
        E::CardDrawn { seat: s, .. } => {
            let index = state.talon_index(seat(*s));
            if let Some(card) = state.talons.get_mut(index).and_then(Cards::pop)
                && let Some(hand) = state.hands.get_mut(seat(*s) as usize)
            {
                hand.push(card);
            }
        }
        E::DrawSkipped { .. } => {}
        E::PieceMoved { piece, path, cost, .. } => {
            if let Some(end) = path.last() {
                lift_piece(state, *piece);
                place_piece(state, *piece, end.0);
            }
            state.turn.moves_used += cost;
        }
        E::MercenariesMoved { steps, cost, .. } => {
            for step in steps {
                lift_piece(state, step.piece);
            }
            let mut steps = steps.clone();
            steps.sort_by_key(|s| s.piece);
            for step in steps {
                place_piece(state, step.piece, step.to.0);
            }
            state.turn.moves_used += cost;
        }
        E::ForcedMarchPaid { seat: s, cards } => {
            for d in cards {
                let owner = seat(*s);
                state.shown(owner, d.rank);
                if let Some(card) = state.hands.get_mut(owner as usize).and_then(|h| take_rank(h, d.rank)) {
                    put(state, owner, card, d.to, true);
                }
            }
            state.turn.forced_march_paid = true;
        }
        E::BetrayalPlayed { card, .. } => state.special_used[card.index()] = true,
        E::SeditionPlayed {
            card,
            city,
            eliminated,
            cancelled_attacker,
            ..
        } => {
            state.special_used[card.index()] = true;
            eliminate(state, *eliminated);
            if let Some(index) = state.pending_at(city.0) {
                state.pending.remove(index);
            }
            if let Some(attacker) = cancelled_attacker {
                state.holder[city.0 as usize] = attacker.0;
            }
            state.turn.progress = true;
        }
        E::DrawOffered { seat: s, responders } => {
            state.phase = Phase::DrawOffer;
            state.turn.draw_offered = true;
            state.offer = Some(Offer {
                by: seat(*s),
                responders: responders.iter().map(|r| seat(*r)).collect(),
                accepted: 0,
            });
        }
        E::DrawAccepted { .. } => {
            if let Some(offer) = state.offer.as_mut() {
                offer.accepted += 1;
            }
        }
        E::DrawDeclined { .. } => {
            state.offer = None;
            state.phase = Phase::Main;
        }
        E::MovesEnded { .. } => state.phase = Phase::Combat,
        E::CombatStarted {
            city,
            attacker,
            defender,
            attacker_seat,
            defender_seat,
            need_attacker,
            need_defender,
            ..
        } => {
            if let Some(index) = state.pending_at(city.0) {
                state.pending.remove(index);
            }
            state.combat = Some(Combat {
                city: city.0,
                pieces: [*attacker, *defender],
                seats: [seat(*attacker_seat), seat(*defender_seat)],
                need: [*need_attacker, *need_defender],
                base: [Cards::new(), Cards::new()],
                committed: [false; 2],
                revealed: false,
                spy: SpyStage::Unchecked,
                extra: [Cards::new(), Cards::new()],
                extra_pending: [false; 2],
                tie: false,
            });
        }
        E::BaseCommitted {
            seat: s,
            side,
            ranks: Some(ranks),
            ..
        } => {
            let cards = move_from_hand(state, seat(*s), ranks);
            if let Some(combat) = state.combat.as_mut() {
                combat.base[side.index()].extend(cards);
                combat.committed[side.index()] = true;
            }
        }
        E::BaseCommitted { side, .. } => {
            if let Some(combat) = state.combat.as_mut() {
                combat.committed[side.index()] = true;
            }
        }
        E::BasesRevealed {
            attacker,
            defender,
            spy_eligible,
        } => {
            show_table(state, [attacker.as_slice(), defender.as_slice()]);
            if let Some(combat) = state.combat.as_mut() {
                combat.revealed = true;
                combat.spy = match spy_eligible.as_slice() {
                    [] => SpyStage::Done,
                    [one] => SpyStage::Offered(one.index() as u8),
                    _ => SpyStage::Double,
                };
            }
        }
        E::DoubleSpy {
            disposals,
            need_attacker,
            need_defender,
        } => {
            dispose_table(state, disposals);
            if let Some(combat) = state.combat.as_mut() {
                combat.base = [Cards::new(), Cards::new()];
                combat.committed = [false; 2];
                combat.revealed = false;
                combat.spy = SpyStage::Unchecked;
                combat.need = [*need_attacker, *need_defender];
            }
        }
        E::SpyDeclined { .. } => {
            if let Some(combat) = state.combat.as_mut() {
                combat.spy = SpyStage::Done;
            }
        }
        E::SpyDeclared { disposals, .. } => {
            dispose_table(state, disposals);
            if let Some(combat) = state.combat.as_mut()
                && let SpyStage::Offered(side) = combat.spy
            {
                combat.base[side as usize].clear();
                combat.spy = SpyStage::Declared(side);
            }
        }
        E::SpyBaseChosen { seat: s, ranks, .. } => {
            for &rank in ranks {
                state.shown(seat(*s), rank);
            }
            let cards = move_from_hand(state, seat(*s), ranks);
            if let Some(combat) = state.combat.as_mut()
                && let SpyStage::Declared(side) = combat.spy
            {
                combat.base[side as usize] = cards;
                combat.spy = SpyStage::Done;
            }
        }
        E::CombatTied { .. } => {
            if let Some(combat) = state.combat.as_mut() {
                combat.tie = true;
            }
        }
        E::ExtraAdded {
            seat: s, side, rank, ..
        } => {
            let cards = rank.map_or_else(Cards::new, |r| move_from_hand(state, seat(*s), &[r]));
            if let Some(combat) = state.combat.as_mut() {
                combat.extra[side.index()].extend(cards);
                combat.extra_pending[side.index()] = true;
            }
        }
        E::ExtrasRevealed { attacker, defender, .. } => {
            show_table(state, [&[*attacker], &[*defender]]);
            if let Some(combat) = state.combat.as_mut() {
                combat.extra_pending = [false; 2];
                combat.tie = false;
            }
        }
        E::CombatResolved {
            city,
            attacker,
            winner,
            eliminated,
            disposals,
            ..
        } => {
            eliminate(state, *eliminated);
            if *winner == Side::Attacker
                && let Some(slot) = state.holder.get_mut(city.0 as usize)
            {
                *slot = attacker.0;
            }
            dispose_table(state, disposals);
            // Anything left on the table (never, for engine-made events) is discarded rather than lost.
            if let Some(combat) = state.combat.take() {
                for side in 0..2 {
                    state.discard.extend(combat.base[side].iter().copied());
                    state.discard.extend(combat.extra[side].iter().copied());
                }
            }
            state.turn.progress = true;
        }
        E::SeatEliminated { seat: s, .. } => {
            let s = seat(*s);
            if let Some(hand) = state.hands.get_mut(s as usize) {
                let mut cards = std::mem::take(hand);
                cards.sort_by_key(|c| (c.rank(), *c));
                state.removed.extend(cards);
            }
            if let Some(known) = state.known_ranks.get_mut(s as usize) {
                *known = [0; 13];
            }
            for i in 0..4 {
                if state.special_holder[i] == s {
                    state.special_used[i] = true;
                }
            }
            if let Some(e) = state.eliminated.get_mut(s as usize) {
                *e = true;
            }
        }
        E::SiegeEstablished { team, established } => state.sieges.push(Siege {
            team: team.index(),
            established: *established,
            witnesses: 0,
        }),
        E::SiegeBroken { team } => state.sieges.retain(|s| s.team != team.index()),
        E::SiegeWitnessed { team, seat: s, .. } => {
            for siege in state.sieges.iter_mut().filter(|s| s.team == team.index()) {
                siege.witnesses |= 1 << seat(*s);
            }
        }
        E::TurnEnded { quiet_turns, .. } => state.quiet_turns = *quiet_turns,
        E::GameOver { result } => {
            state.phase = Phase::GameOver;
            state.result = Some(result.clone());
            // Pending combats stay as they were (an agreed draw can end a turn with attacks declared): they are
            // never fought. After an annihilation there are none, since every combat involves both teams.
            state.offer = None;
        }
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
