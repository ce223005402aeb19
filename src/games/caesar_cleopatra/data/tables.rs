//! The component tables, loaded once from `caesar-cleopatra-data.json` (a copy of the shared rules data).
//!
//! Every one of the 135 cards gets a compact index (`Card`); party cards come first, seat by seat, influence cards
//! by value then copy number, then manipulation cards by kind then copy number, so that within one value or kind
//! the smaller index is the smaller id (D2).

use std::collections::HashMap;
use std::sync::LazyLock;

use serde::Deserialize;

use super::face::Face;
use super::ids::{Card, Group, ManipulationKind, Seat};
use super::value::InfluenceValue;

const DATA_JSON: &str = include_str!("caesar-cleopatra-data.json");

#[derive(Deserialize)]
struct RawData {
    seats: Vec<RawSeat>,
    groups: RawGroups,
    vote_cards: RawVoteCards,
    missions: RawMissions,
    influence: RawInfluence,
    manipulation: RawManipulation,
    totals: RawTotals,
    limits: Limits,
}

#[derive(Deserialize)]
struct RawSeat {
    id: String,
}

#[derive(Deserialize)]
struct RawGroups {
    patrician_count: usize,
    rows: Vec<RawGroup>,
}

#[derive(Deserialize)]
struct RawGroup {
    id: Group,
    order: usize,
    size: usize,
    patricians: Vec<String>,
}

#[derive(Deserialize)]
struct RawVoteCards {
    count: usize,
    cards: Vec<RawVoteCard>,
}

#[derive(Deserialize)]
struct RawVoteCard {
    id: String,
    kind: String,
    group: Option<Group>,
}

#[derive(Deserialize)]
struct RawMissions {
    count: usize,
    points: u32,
    cards: Vec<RawMission>,
}

#[derive(Deserialize)]
struct RawMission {
    id: String,
    group: Group,
    min_won: u32,
}

#[derive(Deserialize)]
struct RawInfluence {
    count_per_seat: usize,
    id_seat_placeholder: String,
    kinds: Vec<RawInfluenceKind>,
}

#[derive(Deserialize)]
struct RawInfluenceKind {
    value: InfluenceValue,
    count: usize,
    ids: Vec<String>,
    setup: RawSetup,
}

#[derive(Deserialize)]
struct RawSetup {
    #[serde(default)]
    initial_placement: Vec<usize>,
    #[serde(default)]
    initial_hand: Vec<usize>,
    #[serde(default)]
    pile1: Vec<usize>,
}

#[derive(Deserialize)]
struct RawManipulation {
    count_per_seat: usize,
    id_seat_placeholder: String,
    kinds: Vec<RawManipulationKind>,
}

#[derive(Deserialize)]
struct RawManipulationKind {
    kind: ManipulationKind,
    count: usize,
    ids: Vec<String>,
}

#[derive(Deserialize)]
struct RawTotals {
    per_seat: usize,
    all: usize,
}

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

/// The tables, parsed on first use.
pub fn data() -> &'static Data {
    static DATA: LazyLock<Data> = LazyLock::new(|| match build(DATA_JSON) {
        Ok(data) => data,
        Err(problem) => panic!("caesar_cleopatra/caesar-cleopatra-data.json is inconsistent: {problem}"),
    });
    &DATA
}

fn build(text: &str) -> Result<Data, String> {
    let raw: RawData = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let seat_ids: [String; 2] = [raw.seats[0].id.clone(), raw.seats[1].id.clone()];
    for seat in Seat::ALL {
        if seat_ids[seat.index()] != seat.id() {
            return Err(format!("seat {} is not {}", seat.index(), seat.id()));
        }
    }
    let mut cards: Vec<CardInfo> = Vec::new();
    let mut initial_placement: [Vec<Card>; 2] = Default::default();
    let mut initial_hand: [Vec<Card>; 2] = Default::default();
    let mut pile1: [Vec<Card>; 2] = Default::default();
    let mut manipulation: [Vec<Card>; 2] = Default::default();
    let push = |cards: &mut Vec<CardInfo>, id: String, kind: CardKind| -> Result<Card, String> {
        let index = u8::try_from(cards.len()).map_err(|_| "more than 255 cards".to_string())?;
        cards.push(CardInfo { id, kind });
        Ok(Card(index))
    };
    for (seat, seat_id) in seat_ids.iter().enumerate() {
        let mut influence_count = 0;
        for kind in &raw.influence.kinds {
            if kind.ids.len() != kind.count {
                return Err(format!("influence {}: id count", kind.value));
            }
            for (copy, id) in kind.ids.iter().enumerate() {
                let copy = copy + 1;
                let role = if kind.setup.initial_placement.contains(&copy) {
                    SetupRole::InitialPlacement
                } else if kind.setup.initial_hand.contains(&copy) {
                    SetupRole::InitialHand
                } else if kind.setup.pile1.contains(&copy) {
                    SetupRole::Pile1
                } else {
                    return Err(format!("influence card {id} has no setup role"));
                };
                let id = id.replace(&raw.influence.id_seat_placeholder, seat_id);
                let card = push(
                    &mut cards,
                    id,
                    CardKind::Influence {
                        seat,
                        value: kind.value,
                        role,
                    },
                )?;
                match role {
                    SetupRole::InitialPlacement => initial_placement[seat].push(card),
                    SetupRole::InitialHand => initial_hand[seat].push(card),
                    SetupRole::Pile1 => pile1[seat].push(card),
                }
                influence_count += 1;
            }
        }
        if influence_count != raw.influence.count_per_seat {
            return Err("influence count per seat".into());
        }
        for kind in &raw.manipulation.kinds {
            if kind.ids.len() != kind.count {
                return Err(format!("manipulation {}: id count", kind.kind.id()));
            }
            for id in &kind.ids {
                let id = id.replace(&raw.manipulation.id_seat_placeholder, seat_id);
                let card = push(&mut cards, id, CardKind::Manipulation { seat, kind: kind.kind })?;
                manipulation[seat].push(card);
            }
        }
        if manipulation[seat].len() != raw.manipulation.count_per_seat
            || influence_count + manipulation[seat].len() != raw.totals.per_seat
        {
            return Err("party card counts".into());
        }
    }
    let mut patricians: [Vec<Card>; 5] = Default::default();
    let mut group_size = [0; 5];
    let mut patrician_count = 0;
    for (position, row) in raw.groups.rows.iter().enumerate() {
        if row.order != position + 1 || row.id.index() != position {
            return Err(format!("group {} is out of canonical order", row.id.id()));
        }
        if row.patricians.len() != row.size {
            return Err(format!("group {}: size", row.id.id()));
        }
        group_size[position] = row.size;
        for id in &row.patricians {
            let card = push(&mut cards, id.clone(), CardKind::Patrician { group: row.id })?;
            patricians[position].push(card);
            patrician_count += 1;
        }
    }
    if raw.groups.rows.len() != 5 || patrician_count != raw.groups.patrician_count {
        return Err("patrician count".into());
    }
    let mut vote_cards = Vec::new();
    for card in &raw.vote_cards.cards {
        let kind = match (card.kind.as_str(), card.group) {
            ("group", Some(group)) => VoteCardKind::Group(group),
            ("orgy", None) => VoteCardKind::Orgy,
            ("orgy_reshuffle", None) => VoteCardKind::OrgyReshuffle,
            _ => return Err(format!("vote card {}: kind", card.id)),
        };
        vote_cards.push(push(&mut cards, card.id.clone(), CardKind::Vote(kind))?);
    }
    if vote_cards.len() != raw.vote_cards.count {
        return Err("vote card count".into());
    }
    let mut missions = Vec::new();
    for mission in &raw.missions.cards {
        missions.push(push(
            &mut cards,
            mission.id.clone(),
            CardKind::Mission {
                group: mission.group,
                min_won: mission.min_won,
            },
        )?);
    }
    if missions.len() != raw.missions.count {
        return Err("mission count".into());
    }
    if cards.len() != raw.totals.all {
        return Err(format!("{} cards, expected {}", cards.len(), raw.totals.all));
    }
    let mut by_id = HashMap::new();
    for (index, info) in cards.iter().enumerate() {
        let card = Card(u8::try_from(index).map_err(|_| "too many cards".to_string())?);
        if by_id.insert(info.id.clone(), card).is_some() {
            return Err(format!("duplicate id {}", info.id));
        }
    }
    Ok(Data {
        cards,
        by_id,
        group_size,
        patricians,
        vote_cards,
        missions,
        mission_points: raw.missions.points,
        initial_placement,
        initial_hand,
        pile1,
        manipulation,
        limits: raw.limits,
    })
}
