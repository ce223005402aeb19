//! The board: `rome-carthage-map.json` shipped in the crate, parsed once, and the graphs the rules use.
//!
//! The file is data (a designed substitute, `"substitute": true`); the rules use only the attributes of the spec's
//! sections 2.2–2.4 (state, capital, port, landmass, edge lists), so the published board can replace it.

use std::collections::HashMap;
use std::sync::LazyLock;

use serde::Deserialize;

use super::card::SUIT_IDS;
use super::ids::STATE_IDS;

/// The map file as shipped.
pub const MAP_JSON: &str = include_str!("rome-carthage-map.json");

/// Cities a map may have: sets of cities are bits of a `u64` (and the state holds the holder of each city inline).
pub const MAX_CITIES: usize = 64;

#[derive(Clone, Debug, Deserialize)]
pub struct MapState {
    pub id: String,
    pub name: String,
    pub capital: String,
    pub suit: String,
}

#[derive(Clone, Debug, Deserialize)]
pub struct MapCity {
    pub id: String,
    pub name: String,
    pub state: String,
    pub is_capital: bool,
    pub is_port: bool,
    pub landmass: String,
    pub lon: f64,
    pub lat: f64,
}

/// The file's schema (spec 2.3).
#[derive(Clone, Debug, Deserialize)]
pub struct MapFile {
    pub schema_version: u32,
    pub game: String,
    pub substitute: bool,
    pub substitute_note: String,
    pub states: Vec<MapState>,
    pub clockwise_order: Vec<String>,
    pub cities: Vec<MapCity>,
    pub roads: Vec<[String; 2]>,
    pub coast: Vec<[String; 2]>,
    pub sea: Vec<[String; 2]>,
    pub strait_roads: Vec<[String; 2]>,
}

/// One city as the rules see it.
#[derive(Clone, Debug)]
pub struct City {
    pub id: String,
    /// Index of its state in canonical order.
    pub state: u8,
    pub capital: bool,
    pub port: bool,
}

/// The map in the form the rules engine uses: cities by index (file order) and adjacency lists.
#[derive(Clone, Debug)]
pub struct Board {
    pub cities: Vec<City>,
    pub index: HashMap<String, u8>,
    /// `land_graph`: neighbours by road.
    pub land: Vec<Vec<u8>>,
    /// `galley_graph`: neighbours along `coast` ∪ `sea`.
    pub galley: Vec<Vec<u8>>,
    /// City index of each state's capital, by state in canonical order.
    pub capital: [u8; 4],
    /// Suit index (in `SUIT_IDS`) of each state, by state in canonical order.
    pub suit_of_state: [u8; 4],
    /// States in clockwise order (turn order with 4 players).
    pub clockwise: [u8; 4],
    /// The cities of each state, as bits by city index (cities fit in 64 bits, see `MAX_CITIES`).
    pub state_cities: [u64; 4],
    /// The ports, as bits by city index.
    pub ports: u64,
}

fn state_index(id: &str) -> Option<u8> {
    STATE_IDS.iter().position(|state| *state == id).map(|index| index as u8)
}

impl Board {
    /// Builds the rules' board from a map file; `None` when the file does not fit the schema.
    pub fn from_file(file: &MapFile) -> Option<Board> {
        let mut cities = Vec::with_capacity(file.cities.len());
        let (mut state_cities, mut ports) = ([0u64; 4], 0u64);
        let mut index = HashMap::new();
        for (position, city) in file.cities.iter().enumerate() {
            index.insert(city.id.clone(), u8::try_from(position).ok()?);
            let state = state_index(&city.state)?;
            let bit = 1u64.checked_shl(u32::try_from(position).ok()?)?;
            state_cities[usize::from(state)] |= bit;
            if city.is_port {
                ports |= bit;
            }
            cities.push(City {
                id: city.id.clone(),
                state,
                capital: city.is_capital,
                port: city.is_port,
            });
        }
        let graph = |lists: &[&Vec<[String; 2]>]| -> Option<Vec<Vec<u8>>> {
            let mut adjacency = vec![Vec::new(); cities.len()];
            for list in lists {
                for [from, to] in list.iter() {
                    let (from, to) = (*index.get(from)?, *index.get(to)?);
                    if !adjacency[from as usize].contains(&to) {
                        adjacency[from as usize].push(to);
                        adjacency[to as usize].push(from);
                    }
                }
            }
            for neighbours in &mut adjacency {
                neighbours
                    .sort_by(|first: &u8, second: &u8| cities[*first as usize].id.cmp(&cities[*second as usize].id));
            }
            Some(adjacency)
        };
        let land = graph(&[&file.roads])?;
        let galley = graph(&[&file.coast, &file.sea])?;
        let mut capital = [0u8; 4];
        let mut suit_of_state = [0u8; 4];
        for (canonical, id) in STATE_IDS.iter().enumerate() {
            let state = file.states.iter().find(|state| state.id == *id)?;
            capital[canonical] = *index.get(&state.capital)?;
            suit_of_state[canonical] = SUIT_IDS.iter().position(|suit| *suit == state.suit)? as u8;
        }
        let mut clockwise = [0u8; 4];
        if file.clockwise_order.len() != 4 {
            return None;
        }
        for (turn, id) in file.clockwise_order.iter().enumerate() {
            clockwise[turn] = state_index(id)?;
        }
        Some(Board {
            cities,
            index,
            land,
            galley,
            capital,
            suit_of_state,
            clockwise,
            state_cities,
            ports,
        })
    }

    pub fn city_count(&self) -> usize {
        self.cities.len()
    }

    /// The state whose suit is `suit`.
    pub fn state_of_suit(&self, suit: u8) -> u8 {
        self.suit_of_state
            .iter()
            .position(|&of_state| of_state == suit)
            .unwrap_or(0) as u8
    }
}

/// The parsed map file.
pub static MAP_FILE: LazyLock<MapFile> =
    LazyLock::new(|| serde_json::from_str(MAP_JSON).expect("the shipped map file fits its schema"));

/// The shipped map as JSON, served read-only at `GET /v1/titles/rome-carthage/map`.
pub static MAP_VALUE: LazyLock<serde_json::Value> =
    LazyLock::new(|| serde_json::from_str(MAP_JSON).expect("the shipped map file is JSON"));

/// The board the rules use.
pub static BOARD: LazyLock<Board> =
    LazyLock::new(|| Board::from_file(&MAP_FILE).expect("the shipped map file is consistent"));

/// The board (parsed on first use).
pub fn board() -> &'static Board {
    &BOARD
}
