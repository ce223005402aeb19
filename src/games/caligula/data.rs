//! The game's tables (Civitas, Sequentia, Augustus, Coniura/Pugio, slot profiles), loaded once from
//! `caligula-data.json`. The Civitas, Sequentia and Augustus tables and the slot profiles are SUBSTITUTE data (the
//! printed cards could not be obtained); the file keeps its `substitute` markers so that the published data can
//! replace it without code changes.

use std::collections::HashMap;
use std::sync::LazyLock;

use serde::Deserialize;

use super::effect_code::Step;
use super::ids::{CardType, Extra, Kind, Suit};

/// The raw data file, shipped with the binary.
pub const DATA_JSON: &str = include_str!("caligula-data.json");

#[derive(Clone, Debug, Deserialize)]
pub struct CivitasCard {
    pub id: String,
    pub suit: Suit,
    #[serde(rename = "type")]
    pub card_type: CardType,
    pub value: i32,
    pub slots: String,
    pub text: String,
    pub effect: Vec<Step>,
    #[serde(default)]
    pub source: Option<String>,
}

impl CivitasCard {
    /// A test-only card that is never dealt.
    pub fn is_fixture(&self) -> bool {
        self.source.as_deref() == Some("test_fixture")
    }
}

#[derive(Clone, Debug, Deserialize)]
pub struct SlotProfile {
    pub id: String,
    /// `None` = unmarked slot; `Some(k)` = usable with at least k players (D4).
    pub printed_slots: Vec<Option<usize>>,
}

impl SlotProfile {
    pub fn usable(&self, players: usize) -> usize {
        self.printed_slots
            .iter()
            .filter(|slot| slot.is_none_or(|min_players| min_players <= players))
            .count()
    }
}

#[derive(Clone, Debug, Deserialize)]
pub struct SequentiaCard {
    pub id: String,
    pub suits: Vec<Suit>,
    pub extra: Option<Extra>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct AugustusCard {
    pub id: String,
    pub starting_emperor: bool,
    pub in_deck_for_players: Vec<usize>,
    pub life: i32,
    pub vp: u32,
    pub slots: usize,
}

#[derive(Clone, Debug, Deserialize)]
pub struct KindRow {
    pub kind: Kind,
    pub count: u32,
}

#[derive(Clone, Debug, Deserialize)]
pub struct ConiuraPugio {
    pub kinds: Vec<KindRow>,
    pub starting_hand_per_seat: HashMap<Kind, u32>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Spqr {
    pub values: Vec<i8>,
    pub owned_at_start: Vec<i8>,
}

#[derive(Deserialize)]
struct Table<T> {
    #[allow(dead_code)]
    substitute: bool,
    #[serde(alias = "profiles", alias = "cards")]
    rows: Vec<T>,
}

#[derive(Deserialize)]
struct AugustusTable {
    #[allow(dead_code)]
    substitute: bool,
    deck_size: usize,
    cards: Vec<AugustusCard>,
}

#[derive(Deserialize)]
struct RawData {
    substitute: bool,
    seats: Vec<String>,
    players: Vec<usize>,
    slot_profiles: Table<SlotProfile>,
    civitas: Table<CivitasCard>,
    sequentia: Table<SequentiaCard>,
    augustus: AugustusTable,
    coniura_pugio: ConiuraPugio,
    spqr: Spqr,
}

/// Test-only Civitas cards (spec 11, scenario 26), appended to the table under `cfg(test)` and never dealt.
#[cfg(test)]
const TEST_FIXTURES: &str = r#"[
 {"id": "test_n", "suit": "plebs", "type": "negative", "value": 3, "slots": "profile_cn", "text": "VP-1 / DISC 1",
  "effect": [{"either": [{"op": "vp_lose", "n": 1}, {"op": "discard_coniura", "n": 1}]}], "source": "test_fixture"}
]"#;

/// The parsed tables with lookups.
pub struct Data {
    pub substitute: bool,
    pub seats: Vec<String>,
    pub min_players: usize,
    pub max_players: usize,
    pub civitas: Vec<CivitasCard>,
    /// Usable slots per Civitas card, indexed by [card][players].
    pub civitas_slots: Vec<[usize; 6]>,
    pub sequentia: Vec<SequentiaCard>,
    pub augustus: Vec<AugustusCard>,
    pub augustus_deck_size: usize,
    pub kind_counts: [u32; 4],
    pub starting_hand: [u32; 4],
    pub spqr_values: Vec<i8>,
    pub spqr_start: Vec<i8>,
    civitas_by_id: HashMap<String, usize>,
    augustus_by_id: HashMap<String, usize>,
    sequentia_by_id: HashMap<String, usize>,
}

impl Data {
    pub fn civitas_index(&self, id: &str) -> Option<usize> {
        self.civitas_by_id.get(id).copied()
    }
    pub fn augustus_index(&self, id: &str) -> Option<usize> {
        self.augustus_by_id.get(id).copied()
    }
    pub fn sequentia_index(&self, id: &str) -> Option<usize> {
        self.sequentia_by_id.get(id).copied()
    }
    /// Civitas card indices of one suit, in table order (test fixtures excluded).
    pub fn suit_cards(&self, suit: Suit) -> Vec<usize> {
        (0..self.civitas.len())
            .filter(|&card| self.civitas[card].suit == suit && !self.civitas[card].is_fixture())
            .collect()
    }
    pub fn starting_emperor(&self) -> usize {
        self.augustus
            .iter()
            .position(|card| card.starting_emperor)
            .expect("the data names a starting emperor")
    }
}

fn load(text: &str) -> Data {
    #[allow(unused_mut)]
    let mut raw: RawData = serde_json::from_str(text).expect("caligula-data.json is valid");
    #[cfg(test)]
    raw.civitas
        .rows
        .extend(serde_json::from_str::<Vec<CivitasCard>>(TEST_FIXTURES).expect("test fixtures are valid"));
    let profiles: HashMap<String, SlotProfile> = raw
        .slot_profiles
        .rows
        .into_iter()
        .map(|profile| (profile.id.clone(), profile))
        .collect();
    let civitas_slots = raw
        .civitas
        .rows
        .iter()
        .map(|card| {
            let profile = profiles
                .get(&card.slots)
                .expect("every Civitas card names a known slot profile");
            let mut usable = [0; 6];
            for (players, slot) in usable.iter_mut().enumerate() {
                *slot = profile.usable(players);
            }
            usable
        })
        .collect();
    let mut kind_counts = [0; 4];
    for row in &raw.coniura_pugio.kinds {
        kind_counts[row.kind.index()] += row.count;
    }
    let mut starting_hand = [0; 4];
    for (kind, count) in &raw.coniura_pugio.starting_hand_per_seat {
        starting_hand[kind.index()] += count;
    }
    let index = |ids: Vec<&String>| -> HashMap<String, usize> {
        ids.into_iter()
            .enumerate()
            .map(|(index, id)| (id.clone(), index))
            .collect()
    };
    Data {
        substitute: raw.substitute,
        min_players: *raw.players.iter().min().expect("player counts"),
        max_players: *raw.players.iter().max().expect("player counts"),
        seats: raw.seats,
        civitas_by_id: index(raw.civitas.rows.iter().map(|card| &card.id).collect()),
        augustus_by_id: index(raw.augustus.cards.iter().map(|card| &card.id).collect()),
        sequentia_by_id: index(raw.sequentia.rows.iter().map(|card| &card.id).collect()),
        civitas: raw.civitas.rows,
        civitas_slots,
        sequentia: raw.sequentia.rows,
        augustus: raw.augustus.cards,
        augustus_deck_size: raw.augustus.deck_size,
        kind_counts,
        starting_hand,
        spqr_values: raw.spqr.values,
        spqr_start: raw.spqr.owned_at_start,
    }
}

/// The data file as served by `GET /v1/titles/caligula/map` (static card data for front-ends).
pub static MAP: LazyLock<serde_json::Value> =
    LazyLock::new(|| serde_json::from_str(DATA_JSON).expect("caligula-data.json is valid"));

/// The tables, parsed once.
pub static DATA: LazyLock<Data> = LazyLock::new(|| load(DATA_JSON));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_loads_with_substitute_markers() {
        let d = &*DATA;
        assert!(d.substitute);
        assert!(DATA_JSON.contains("\"source\": \"substitute\""));
        assert_eq!(d.civitas.iter().filter(|c| !c.is_fixture()).count(), 55);
        assert_eq!(d.sequentia.len(), 6);
        assert_eq!(d.augustus.len(), 10);
        assert_eq!(d.kind_counts, [10, 10, 7, 7]);
        assert_eq!(d.starting_hand, [0, 1, 0, 0]);
        for suit in Suit::ALL {
            assert_eq!(d.suit_cards(suit).len(), 11);
            // Each suit is listed exactly twice across the Sequentia cards.
            let listed: usize = d
                .sequentia
                .iter()
                .map(|s| s.suits.iter().filter(|&&x| x == suit).count())
                .sum();
            assert_eq!(listed, 2);
        }
        let leg01 = d.civitas_index("leg_01").unwrap();
        assert_eq!(d.civitas_slots[leg01][2..6], [2, 3, 3, 4]);
        let leg07 = d.civitas_index("leg_07").unwrap();
        assert_eq!(d.civitas_slots[leg07][2..6], [2, 3, 4, 5]);
        assert_eq!(d.civitas[d.civitas_index("tri_05").unwrap()].effect.len(), 2);
    }
}
