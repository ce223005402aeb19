//! The parsed tables: what each card is, the cards by role, the limits; and the questions the rules ask of them.

use std::collections::HashMap;

use serde::Deserialize;

use super::super::face::Face;
use super::super::ids::{Card, Group, ManipulationKind};
use super::super::value::InfluenceValue;

/// Hand size, per-side and per-group limits.
#[derive(Clone, Copy, Debug, Deserialize)]
pub struct Limits {
    pub hand: usize,
    pub side_per_group: usize,
    pub group_total: usize,
}

/// What a vote card does when drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VoteCardKind {
    Group(Group),
    Orgy,
    OrgyReshuffle,
}

/// Where a set-aside or pile-1 influence card goes at setup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupRole {
    InitialPlacement,
    InitialHand,
    Pile1,
}

/// What a card is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardKind {
    Influence {
        seat: usize,
        value: InfluenceValue,
        role: SetupRole,
    },
    Manipulation {
        seat: usize,
        kind: ManipulationKind,
    },
    Patrician {
        group: Group,
    },
    Vote(VoteCardKind),
    Mission {
        group: Group,
        min_won: u32,
    },
}

#[derive(Clone, Debug)]
pub struct CardInfo {
    pub id: String,
    pub kind: CardKind,
}

/// The parsed tables.
pub struct Data {
    pub cards: Vec<CardInfo>,
    pub by_id: HashMap<String, Card>,
    /// Group sizes, indexed by `Group::index` (= canonical order).
    pub group_size: [usize; 5],
    /// Patrician cards per group, lowest number first.
    pub patricians: [Vec<Card>; 5],
    pub vote_cards: Vec<Card>,
    pub missions: Vec<Card>,
    pub mission_points: u32,
    /// Per seat: the copy-1 cards (initial placement), copy-2 cards (initial hand), pile-1 cards and manipulation
    /// cards, in id order.
    pub initial_placement: [Vec<Card>; 2],
    pub initial_hand: [Vec<Card>; 2],
    pub pile1: [Vec<Card>; 2],
    pub manipulation: [Vec<Card>; 2],
    pub limits: Limits,
}

impl Data {
    pub fn card(&self, card: Card) -> &CardInfo {
        &self.cards[usize::from(card.0)]
    }

    pub fn kind(&self, card: Card) -> CardKind {
        self.card(card).kind
    }

    /// The influence value of a card, if it is an influence card.
    pub fn value(&self, card: Card) -> Option<InfluenceValue> {
        match self.kind(card) {
            CardKind::Influence { value, .. } => Some(value),
            _ => None,
        }
    }

    /// The face of a party card (influence value or manipulation kind).
    pub fn face(&self, card: Card) -> Option<Face> {
        match self.kind(card) {
            CardKind::Influence { value, .. } => Some(Face::Influence(value)),
            CardKind::Manipulation { kind, .. } => Some(Face::Manipulation(kind)),
            _ => None,
        }
    }

    pub fn patrician_group(&self, card: Card) -> Option<Group> {
        match self.kind(card) {
            CardKind::Patrician { group } => Some(group),
            _ => None,
        }
    }

    pub fn vote_kind(&self, card: Card) -> Option<VoteCardKind> {
        match self.kind(card) {
            CardKind::Vote(kind) => Some(kind),
            _ => None,
        }
    }

    pub fn mission(&self, card: Card) -> Option<(Group, u32)> {
        match self.kind(card) {
            CardKind::Mission { group, min_won } => Some((group, min_won)),
            _ => None,
        }
    }
}
