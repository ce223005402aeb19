//! The component tables, loaded once from `caesar-cleopatra-data.json` (a copy of the shared rules data): the parsed
//! tables (what each card is, the cards by role, the limits) and the questions the rules ask of them, then the
//! reading of the file, with the checks that it is consistent.
//!
//! Every one of the 135 cards gets a compact index (`Card`); party cards come first, seat by seat, influence cards
//! by value then copy number, then manipulation cards by kind then copy number, so that within one value or kind
//! the smaller index is the smaller id (D2).

use std::collections::HashMap;
use std::sync::LazyLock;

use serde::Deserialize;

use super::face::Face;
use super::ids::{Card, Group, ManipulationKind, SeatId};
use super::value::InfluenceValue;

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

// Reading `caesar-cleopatra-data.json` into the tables, with the checks that it is consistent.

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
/// The tables, parsed on first use.
pub fn data() -> &'static Data {
    static DATA: LazyLock<Data> = LazyLock::new(|| match build(DATA_JSON) {
        Ok(data) => data,
        Err(problem) => panic!("caesar_cleopatra/caesar-cleopatra-data.json is inconsistent: {problem}"),
    });
    &DATA
}

fn build(text: &str) -> Result<Data, String> {
    let raw: RawData = serde_json::from_str(text).map_err(|error| error.to_string())?;
    let seat_ids = seat_ids(&raw.seats)?;
    // The push order is the index order: party cards seat by seat, then patricians, vote cards, missions.
    let mut cards: Vec<CardInfo> = Vec::new();
    let mut party = PartyCards::default();
    for (seat, seat_id) in seat_ids.iter().enumerate() {
        let influence = influence_cards(&mut cards, &raw.influence, seat, seat_id, &mut party)?;
        manipulation_cards(&mut cards, &raw.manipulation, seat, seat_id, &mut party)?;
        let manipulation = party.manipulation[seat].len();
        if manipulation != raw.manipulation.count_per_seat || influence + manipulation != raw.totals.per_seat {
            return Err("party card counts".into());
        }
    }
    let (group_size, patricians) = patrician_cards(&mut cards, &raw.groups)?;
    let vote_cards = vote_cards(&mut cards, &raw.vote_cards)?;
    let missions = mission_cards(&mut cards, &raw.missions)?;
    if cards.len() != raw.totals.all {
        return Err(format!("{} cards, expected {}", cards.len(), raw.totals.all));
    }
    let by_id = index_by_id(&cards)?;
    Ok(Data {
        cards,
        by_id,
        group_size,
        patricians,
        vote_cards,
        missions,
        mission_points: raw.missions.points,
        initial_placement: party.initial_placement,
        initial_hand: party.initial_hand,
        pile1: party.pile1,
        manipulation: party.manipulation,
        limits: raw.limits,
    })
}

/// The seat ids, which must be the seats' in index order.
fn seat_ids(seats: &[RawSeat]) -> Result<[String; 2], String> {
    let seat_ids: [String; 2] = [seats[0].id.clone(), seats[1].id.clone()];
    for seat in SeatId::ALL {
        if seat_ids[seat.index()] != seat.id() {
            return Err(format!("seat {} is not {}", seat.index(), seat.id()));
        }
    }
    Ok(seat_ids)
}

/// Appends a card to the tables; its index is its position.
fn push(cards: &mut Vec<CardInfo>, id: String, kind: CardKind) -> Result<Card, String> {
    let index = u8::try_from(cards.len()).map_err(|_| "more than 255 cards".to_string())?;
    cards.push(CardInfo { id, kind });
    Ok(Card(index))
}

/// Each seat's party cards by setup role, in id order.
#[derive(Default)]
struct PartyCards {
    initial_placement: [Vec<Card>; 2],
    initial_hand: [Vec<Card>; 2],
    pile1: [Vec<Card>; 2],
    manipulation: [Vec<Card>; 2],
}

/// A seat's influence cards, by value then copy number; returns how many.
fn influence_cards(
    cards: &mut Vec<CardInfo>,
    raw: &RawInfluence,
    seat: usize,
    seat_id: &str,
    party: &mut PartyCards,
) -> Result<usize, String> {
    let mut count = 0;
    for kind in &raw.kinds {
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
            let id = id.replace(&raw.id_seat_placeholder, seat_id);
            let card = push(
                cards,
                id,
                CardKind::Influence {
                    seat,
                    value: kind.value,
                    role,
                },
            )?;
            match role {
                SetupRole::InitialPlacement => party.initial_placement[seat].push(card),
                SetupRole::InitialHand => party.initial_hand[seat].push(card),
                SetupRole::Pile1 => party.pile1[seat].push(card),
            }
            count += 1;
        }
    }
    if count != raw.count_per_seat {
        return Err("influence count per seat".into());
    }
    Ok(count)
}

/// A seat's manipulation cards, by kind then copy number.
fn manipulation_cards(
    cards: &mut Vec<CardInfo>,
    raw: &RawManipulation,
    seat: usize,
    seat_id: &str,
    party: &mut PartyCards,
) -> Result<(), String> {
    for kind in &raw.kinds {
        if kind.ids.len() != kind.count {
            return Err(format!("manipulation {}: id count", kind.kind.id()));
        }
        for id in &kind.ids {
            let id = id.replace(&raw.id_seat_placeholder, seat_id);
            let card = push(cards, id, CardKind::Manipulation { seat, kind: kind.kind })?;
            party.manipulation[seat].push(card);
        }
    }
    Ok(())
}

/// The patricians, group by group in canonical order: the group sizes and each group's cards.
fn patrician_cards(cards: &mut Vec<CardInfo>, groups: &RawGroups) -> Result<([usize; 5], [Vec<Card>; 5]), String> {
    let mut patricians: [Vec<Card>; 5] = Default::default();
    let mut group_size = [0; 5];
    let mut patrician_count = 0;
    for (position, row) in groups.rows.iter().enumerate() {
        if row.order != position + 1 || row.id.index() != position {
            return Err(format!("group {} is out of canonical order", row.id.id()));
        }
        if row.patricians.len() != row.size {
            return Err(format!("group {}: size", row.id.id()));
        }
        group_size[position] = row.size;
        for id in &row.patricians {
            let card = push(cards, id.clone(), CardKind::Patrician { group: row.id })?;
            patricians[position].push(card);
            patrician_count += 1;
        }
    }
    if groups.rows.len() != 5 || patrician_count != groups.patrician_count {
        return Err("patrician count".into());
    }
    Ok((group_size, patricians))
}

fn vote_cards(cards: &mut Vec<CardInfo>, raw: &RawVoteCards) -> Result<Vec<Card>, String> {
    let mut vote_cards = Vec::new();
    for card in &raw.cards {
        let kind = match (card.kind.as_str(), card.group) {
            ("group", Some(group)) => VoteCardKind::Group(group),
            ("orgy", None) => VoteCardKind::Orgy,
            ("orgy_reshuffle", None) => VoteCardKind::OrgyReshuffle,
            _ => return Err(format!("vote card {}: kind", card.id)),
        };
        vote_cards.push(push(cards, card.id.clone(), CardKind::Vote(kind))?);
    }
    if vote_cards.len() != raw.count {
        return Err("vote card count".into());
    }
    Ok(vote_cards)
}

fn mission_cards(cards: &mut Vec<CardInfo>, raw: &RawMissions) -> Result<Vec<Card>, String> {
    let mut missions = Vec::new();
    for mission in &raw.cards {
        missions.push(push(
            cards,
            mission.id.clone(),
            CardKind::Mission {
                group: mission.group,
                min_won: mission.min_won,
            },
        )?);
    }
    if missions.len() != raw.count {
        return Err("mission count".into());
    }
    Ok(missions)
}

/// Each card by its id; ids are unique.
fn index_by_id(cards: &[CardInfo]) -> Result<HashMap<String, Card>, String> {
    let mut by_id = HashMap::new();
    for (index, info) in cards.iter().enumerate() {
        let card = Card(u8::try_from(index).map_err(|_| "too many cards".to_string())?);
        if by_id.insert(info.id.clone(), card).is_some() {
            return Err(format!("duplicate id {}", info.id));
        }
    }
    Ok(by_id)
}
