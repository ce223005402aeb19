//! The full game state (hidden parts included) and the queries the rules share.

mod combat;

use tinyvec::ArrayVec;

pub use combat::{Combat, Pending, SpyStage, spy_eligible};

use super::card::{Card, Cards, Rank};
use super::data::{MAX_CITIES, board};
use super::options::Options;
use super::outcome::Outcome;
use super::piece::Piece;

/// `pos` of a piece that is not yet placed.
pub const UNPLACED: u8 = 254;
/// `pos` of an eliminated piece.
pub const GONE: u8 = 255;
/// No piece / no seat.
pub const NONE: u8 = 255;

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Phase {
    /// Before the setup events ran.
    Setup,
    SpecialChoice,
    Placement,
    Main,
    DrawOffer,
    /// Combat resolution after `end_moves`: `combat` is the combat being fought, or `None` while the active seat
    /// chooses among several pending combats.
    Combat,
    GameOver,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Placement {
    /// 1-based placement round.
    pub round: u8,
    pub seat: u8,
    pub quota: u8,
    pub placed: u8,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Turn {
    pub moves_used: u8,
    pub forced_march_paid: bool,
    pub draw_offered: bool,
    pub progress: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Offer {
    pub by: u8,
    pub responders: Vec<u8>,
    pub accepted: usize,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Siege {
    pub team: u8,
    pub established: u64,
    /// Bit i set: seat i ended a turn since the siege began.
    pub witnesses: u8,
}

#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct State {
    pub players: usize,
    pub options: Options,
    pub phase: Phase,
    /// Team (0 = team_a, 1 = team_b) of each state, once drawn.
    pub team_of_state: [u8; 4],
    /// Owner seat of each state, once assigned (`NONE` before).
    pub owner: [u8; 4],
    pub solo: Option<u8>,
    pub order: ArrayVec<[u8; 4]>,
    pub starter: Option<u8>,
    pub starting_card: Option<Card>,
    pub hands: ArrayVec<[Cards; 4]>,
    /// Ranks every seat knows to be in each seat's hand or face down on its side of the combat, counted by rank
    /// index: the dealt hand (the rules fix it, spec 9 "Hands at setup"), less the ranks shown since, plus the zeros
    /// that came back. A lower bound from the public log, which search bots' determinizations keep.
    pub known_ranks: ArrayVec<[[u8; 13]; 4]>,
    /// One talon, or one per team with `match_talons`. The top is the last card.
    pub talons: ArrayVec<[Cards; 2]>,
    pub discard: Cards,
    pub removed: Cards,
    pub kings_removed: u8,
    /// Holder seat of each special card (`SpecialId` order), `NONE` before the deal.
    pub special_holder: [u8; 4],
    pub special_used: [bool; 4],
    /// Two-seat teams whose chooser has not chosen yet, with that chooser.
    pub choosers: ArrayVec<[(u8, u8); 2]>,
    /// City of each piece, or `UNPLACED` / `GONE`.
    pub pos: [u8; 28],
    /// Holder piece of each city, or `NONE`.
    pub holder: ArrayVec<[u8; MAX_CITIES]>,
    pub eliminated: [bool; 4],
    pub placement: Placement,
    pub active: u8,
    pub round: u32,
    pub turn: Turn,
    pub quiet_turns: u32,
    pub pending: Vec<Pending>,
    pub combat: Option<Combat>,
    pub offer: Option<Offer>,
    pub sieges: Vec<Siege>,
    pub result: Option<Outcome>,
    /// Number of events applied (the event sequence number).
    pub seq: u64,
}

impl State {
    pub fn new(players: usize, options: Options) -> State {
        // `holder` is held inline, and sets of cities are bits of a `u64`.
        assert!(
            board().city_count() <= MAX_CITIES,
            "the map has more cities than the state holds inline: raise data::MAX_CITIES"
        );
        State {
            players,
            options,
            phase: Phase::Setup,
            team_of_state: [0; 4],
            owner: [NONE; 4],
            solo: None,
            order: ArrayVec::new(),
            starter: None,
            starting_card: None,
            hands: (0..players).map(|_| Cards::new()).collect(),
            known_ranks: (0..players).map(|_| [0; 13]).collect(),
            talons: [Cards::new()].into_iter().collect(),
            discard: Cards::new(),
            removed: Cards::new(),
            kings_removed: 0,
            special_holder: [NONE; 4],
            special_used: [false; 4],
            choosers: ArrayVec::new(),
            pos: [UNPLACED; 28],
            holder: (0..board().city_count()).map(|_| NONE).collect(),
            eliminated: [false; 4],
            placement: Placement::default(),
            active: 0,
            round: 0,
            turn: Turn::default(),
            quiet_turns: 0,
            pending: Vec::new(),
            combat: None,
            offer: None,
            sieges: Vec::new(),
            result: None,
            seq: 0,
        }
    }

    pub fn owner_of(&self, piece: Piece) -> u8 {
        self.owner[piece.state() as usize]
    }

    pub fn team_of_piece(&self, piece: Piece) -> u8 {
        self.team_of_state[piece.state() as usize]
    }

    /// Team of a seat (of its states).
    pub fn team_of_seat(&self, seat: u8) -> u8 {
        (0..4)
            .find(|&state| self.owner[state] == seat)
            .map(|state| self.team_of_state[state])
            .unwrap_or(NONE)
    }

    /// States owned by a seat, in canonical order.
    pub fn states_of(&self, seat: u8) -> impl Iterator<Item = u8> + '_ {
        (0u8..4).filter(move |&state| self.owner[state as usize] == seat)
    }

    /// Pieces of a seat (of its states), in canonical order.
    pub fn pieces_of(&self, seat: u8) -> impl Iterator<Item = Piece> + '_ {
        (0..Piece::COUNT)
            .map(Piece)
            .filter(move |&piece| self.owner_of(piece) == seat)
    }

    pub fn is_two_state(&self, seat: u8) -> bool {
        self.states_of(seat).count() == 2
    }

    /// The other seat of the team, when the team has two seats.
    pub fn partner(&self, seat: u8) -> Option<u8> {
        let team = self.team_of_seat(seat);
        (0..self.players as u8).find(|&other| other != seat && self.team_of_seat(other) == team)
    }

    /// Seats of a team, in turn order (or seat order before the turn order exists).
    pub fn seats_of_team(&self, team: u8) -> Vec<u8> {
        let order: Vec<u8> = if self.order.len() == self.players {
            self.order.to_vec()
        } else {
            (0..self.players as u8).collect()
        };
        order
            .into_iter()
            .filter(|&seat| self.team_of_seat(seat) == team)
            .collect()
    }

    /// The seat that may see `seat`'s cards as ranks (the partner, with `partners_see_hands`).
    pub fn share_with(&self, seat: u8) -> Option<u8> {
        if self.options.partners_see_hands {
            self.partner(seat)
        } else {
            None
        }
    }

    pub fn in_game(&self, seat: u8) -> bool {
        (seat as usize) < self.players && !self.eliminated[seat as usize]
    }

    pub fn seats_in_game(&self) -> usize {
        (0..self.players as u8).filter(|&seat| self.in_game(seat)).count()
    }

    pub fn on_board(&self, piece: Piece) -> bool {
        (self.pos[piece.0 as usize] as usize) < self.holder.len()
    }

    pub fn city_of(&self, piece: Piece) -> Option<u8> {
        let pos = self.pos[piece.0 as usize];
        ((pos as usize) < self.holder.len()).then_some(pos)
    }

    /// The cities holding a piece, as bits by city index (see `MAX_CITIES`).
    pub fn occupied(&self) -> u64 {
        self.pos
            .iter()
            .filter(|&&city| usize::from(city) < self.holder.len())
            .fold(0, |bits, &city| bits | 1 << city)
    }

    pub fn holder_of(&self, city: u8) -> Option<Piece> {
        self.holder
            .get(city as usize)
            .copied()
            .filter(|&piece| piece != NONE)
            .map(Piece)
    }

    /// A seat has at least one piece on the board.
    pub fn seat_has_pieces(&self, seat: u8) -> bool {
        (0..Piece::COUNT)
            .map(Piece)
            .any(|piece| self.owner_of(piece) == seat && self.on_board(piece))
    }

    pub fn team_has_pieces(&self, team: u8) -> bool {
        (0..Piece::COUNT)
            .map(Piece)
            .any(|piece| self.team_of_piece(piece) == team && self.on_board(piece))
    }

    pub fn pending_at(&self, city: u8) -> Option<usize> {
        self.pending.iter().position(|pending| pending.city == city)
    }

    pub fn engaged(&self, piece: Piece) -> bool {
        self.pending
            .iter()
            .any(|pending| pending.attacker == piece || pending.defender == piece)
            || self
                .combat
                .as_ref()
                .is_some_and(|combat| combat.pieces.contains(&piece))
    }

    /// The capital of state `s` is held by an enemy of its owner (2.8).
    pub fn capital_occupied(&self, state: u8) -> bool {
        let capital = board().capital[state as usize];
        self.holder_of(capital)
            .is_some_and(|piece| self.team_of_piece(piece) != self.team_of_state[state as usize])
    }

    /// Card limit k(seat) (2.8).
    pub fn card_limit(&self, seat: u8) -> u8 {
        if self.states_of(seat).any(|state| self.capital_occupied(state)) {
            1
        } else {
            2
        }
    }

    /// Team `team` holds both capitals of the other team's states.
    pub fn double_holds(&self, team: u8) -> bool {
        (0..4u8)
            .filter(|&state| self.team_of_state[state as usize] != team)
            .all(|state| {
                self.holder_of(board().capital[state as usize])
                    .is_some_and(|piece| self.team_of_piece(piece) == team)
            })
    }

    /// The talon a seat draws from.
    pub fn talon_index(&self, seat: u8) -> usize {
        if self.talons.len() == 2 {
            self.team_of_seat(seat).min(1) as usize
        } else {
            0
        }
    }

    /// The card of `rank` with the smallest id in a seat's hand (D39).
    pub fn smallest_in_hand(&self, seat: u8, rank: Rank) -> Option<Card> {
        self.hands
            .get(seat as usize)?
            .iter()
            .copied()
            .filter(|card| card.rank() == rank)
            .min()
    }

    /// Everyone saw `owner` show a card of `rank` from its hand or face-down table cards.
    pub fn shown(&mut self, owner: u8, rank: Rank) {
        if let Some(known) = self.known_ranks.get_mut(owner as usize) {
            known[rank.index() as usize] = known[rank.index() as usize].saturating_sub(1);
        }
    }

    pub fn hand_len(&self, seat: u8) -> usize {
        self.hands.get(seat as usize).map_or(0, Cards::len)
    }

    pub fn budget(&self) -> u8 {
        if self.turn.forced_march_paid { 2 } else { 1 }
    }

    /// Placement rounds R (4.2).
    pub fn placement_rounds(&self) -> u8 {
        if self.players == 2 { 4 } else { 2 }
    }

    /// quota(seat, round) (4.2).
    pub fn quota(&self, seat: u8, round: u8) -> u8 {
        match (self.players, round) {
            (2, 1 | 2) => 4,
            (2, _) => 3,
            (3, round) if self.solo == Some(seat) => {
                if round == 1 {
                    8
                } else {
                    6
                }
            }
            (_, 1) => 4,
            _ => 3,
        }
    }
}
