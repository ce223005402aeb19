//! The title's tables (seats, player-count parameters, favour tokens, provinces, inhabitants and the SUBSTITUTE
//! Senate deck), loaded once from `alea-iacta-est-data.json`. Nothing here is retyped as a literal: replacing the
//! JSON (for example with the published Senate cards) changes the game without code changes, as long as the card
//! kinds keep the effect vocabulary of `SenateKind`.

use std::sync::LazyLock;

use serde::Deserialize;

/// The raw JSON, embedded in the binary.
pub const DATA_JSON: &str = include_str!("alea-iacta-est-data.json");

/// The parsed tables.
pub static DATA: LazyLock<Data> = LazyLock::new(|| Data::parse(DATA_JSON));

/// Sex of an inhabitant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Sex {
    Man,
    Woman,
}

/// The effect vocabulary of Senate cards (spec 8.2). A card's `kind` in the data selects one of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SenateKind {
    Praefectus,
    Censor,
    Matrona,
    Pontifex,
    Paterfamilias,
    Aedilis,
    Legatus,
    Colonia,
    Triumphator,
    Imperium,
    Consul,
    Tribunus,
    PaterPatriae,
}

/// Parameters that depend on the player count (spec 1).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct PlayerCount {
    pub players: usize,
    pub rounds: u8,
    pub templum_used: bool,
    pub forum_columns: usize,
    pub provinces_per_round: usize,
    pub inhabitants_per_round: usize,
    pub senate_deck: usize,
    pub senate_removed: Vec<String>,
    /// Ranks rewarded at the Senate: `best`, `second`, `third`.
    pub senate_awarded: Vec<String>,
}

#[derive(Clone, Debug)]
pub struct Favour {
    pub id: String,
    pub value: u8,
}

#[derive(Clone, Debug)]
pub struct Province {
    pub id: String,
    /// Index into `Data::regions`; `None` for the joker.
    pub region: Option<u8>,
    pub value: i32,
}

#[derive(Clone, Debug)]
pub struct Inhabitant {
    pub id: String,
    pub region: u8,
    pub sex: Sex,
    pub value: i32,
}

#[derive(Clone, Debug)]
pub struct SenateCard {
    pub id: String,
    pub numeral: String,
    pub kind: SenateKind,
    pub kind_id: String,
    pub name: String,
    pub rule_card: bool,
    pub players: Vec<usize>,
}

#[derive(Debug)]
pub struct Data {
    /// True while any table is invented (the Senate deck).
    pub substitute: bool,
    pub seats: Vec<String>,
    pub player_counts: Vec<PlayerCount>,
    pub dice_per_seat: u8,
    pub faces: u8,
    pub favour: Vec<Favour>,
    pub regions: Vec<String>,
    pub provinces: Vec<Province>,
    pub inhabitants: Vec<Inhabitant>,
    pub senate_substitute: bool,
    pub senate_cards: Vec<SenateCard>,
}

#[derive(Deserialize)]
struct RawData {
    substitute: bool,
    seats: Vec<RawSeat>,
    player_counts: Vec<PlayerCount>,
    dice: RawDice,
    favour_tokens: RawFavourTokens,
    regions: Vec<String>,
    provinces: RawTiles<RawProvince>,
    inhabitants: RawTiles<RawInhabitant>,
    senate_cards: RawSenate,
}

#[derive(Deserialize)]
struct RawSeat {
    id: String,
}

#[derive(Deserialize)]
struct RawDice {
    per_seat: u8,
    faces: Vec<u8>,
}

#[derive(Deserialize)]
struct RawFavourTokens {
    tokens: Vec<RawFavour>,
}

#[derive(Deserialize)]
struct RawFavour {
    id: String,
    value: u8,
}

#[derive(Deserialize)]
struct RawTiles<T> {
    tiles: Vec<T>,
}

#[derive(Deserialize)]
struct RawProvince {
    id: String,
    region: Option<String>,
    value: i32,
}

#[derive(Deserialize)]
struct RawInhabitant {
    id: String,
    region: String,
    sex: Sex,
    value: i32,
}

#[derive(Deserialize)]
struct RawSenate {
    substitute: bool,
    kinds: Vec<RawSenateKind>,
}

#[derive(Deserialize)]
struct RawSenateKind {
    card_ids: Vec<String>,
    numeral: String,
    kind: String,
    name: String,
    #[serde(rename = "type")]
    card_type: String,
    players: Vec<usize>,
}

impl RawProvince {
    fn resolve(&self, region: impl Fn(&str) -> u8) -> Province {
        Province {
            id: self.id.clone(),
            region: self.region.as_deref().map(region),
            value: self.value,
        }
    }
}

impl RawInhabitant {
    fn resolve(&self, region: impl Fn(&str) -> u8) -> Inhabitant {
        Inhabitant {
            id: self.id.clone(),
            region: region(&self.region),
            sex: self.sex,
            value: self.value,
        }
    }
}

impl RawSenate {
    /// One card per card id of each kind, by id.
    fn cards(&self) -> Vec<SenateCard> {
        let mut cards: Vec<SenateCard> = self
            .kinds
            .iter()
            .flat_map(|raw| {
                let kind: SenateKind = serde_json::from_value(serde_json::Value::String(raw.kind.clone()))
                    .expect("every Senate card kind has an effect");
                raw.card_ids.iter().map(move |id| SenateCard {
                    id: id.clone(),
                    numeral: raw.numeral.clone(),
                    kind,
                    kind_id: raw.kind.clone(),
                    name: raw.name.clone(),
                    rule_card: raw.card_type == "rule",
                    players: raw.players.clone(),
                })
            })
            .collect();
        cards.sort_by(|first, second| first.id.cmp(&second.id));
        cards
    }
}

impl Data {
    fn parse(json: &str) -> Data {
        let raw: RawData = serde_json::from_str(json).expect("alea-iacta-est-data.json matches the loader");
        let region = |name: &str| {
            raw.regions
                .iter()
                .position(|region| region == name)
                .expect("every tile names a listed region") as u8
        };
        let provinces = raw.provinces.tiles.iter().map(|tile| tile.resolve(region)).collect();
        let inhabitants = raw.inhabitants.tiles.iter().map(|tile| tile.resolve(region)).collect();
        let data = Data {
            substitute: raw.substitute,
            seats: raw.seats.into_iter().map(|seat| seat.id).collect(),
            player_counts: raw.player_counts,
            dice_per_seat: raw.dice.per_seat,
            faces: raw.dice.faces.iter().copied().max().unwrap_or(6),
            favour: raw
                .favour_tokens
                .tokens
                .into_iter()
                .map(|token| Favour {
                    id: token.id,
                    value: token.value,
                })
                .collect(),
            regions: raw.regions,
            provinces,
            inhabitants,
            senate_substitute: raw.senate_cards.substitute,
            senate_cards: raw.senate_cards.cards(),
        };
        // The capacities of the state's inline lists and of the housing solver's keys are checked beside them
        // (`state.rs`, `rules/scoring/sites.rs`).
        assert!(
            data.regions.len() <= 8
                && data.favour.len() < 256
                && data.provinces.len() < 256
                && data.inhabitants.len() < 256
                && data.senate_cards.len() < 256,
            "tables are indexed by u8 and regions by bits of a u16"
        );
        data
    }

    /// The parameters for `players` seats, if that count is supported.
    pub fn player_count(&self, players: usize) -> Option<&PlayerCount> {
        self.player_counts.iter().find(|count| count.players == players)
    }

    pub fn min_players(&self) -> usize {
        self.player_counts.iter().map(|count| count.players).min().unwrap_or(2)
    }

    pub fn max_players(&self) -> usize {
        self.player_counts.iter().map(|count| count.players).max().unwrap_or(5)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_load_and_keep_the_substitute_markers() {
        let d = &*DATA;
        assert!(d.substitute && d.senate_substitute);
        assert_eq!(d.seats.len(), 5);
        assert_eq!(d.favour.len(), 30);
        assert_eq!(d.provinces.len(), 25);
        assert_eq!(d.inhabitants.len(), 36);
        assert_eq!(d.senate_cards.len(), 19);
        assert_eq!(d.favour.iter().filter(|t| t.value == 2).count(), 14);
        assert_eq!(d.provinces.iter().filter(|p| p.region.is_none()).count(), 1);
        for n in 2..=5 {
            let p = d.player_count(n).expect("2..5 players");
            let deck = d.senate_cards.iter().filter(|c| c.players.contains(&n)).count();
            assert_eq!(deck, p.senate_deck);
            assert_eq!(d.senate_cards.len() - p.senate_removed.len(), p.senate_deck);
        }
        assert!(DATA_JSON.contains("SUBSTITUTE"));
    }
}
