//! Final scoring (spec 8): the score items of each seat given its optimal housing (`housing.rs`), the winners and
//! the ranking.

mod fx_hasher;
mod housing;
mod sites;

use std::collections::BTreeMap;

use crate::games::alea_iacta_est::data::{DATA, SenateKind, Sex};
use crate::games::alea_iacta_est::ids::{CardId, FavourId, InhabitantId, ProvinceId, SeatId};
use crate::games::alea_iacta_est::outcome::{CardScore, Housing, Outcome, SeatScore};
use crate::games::alea_iacta_est::state::State;
pub use housing::{optimal_housing, wildcards_needed};

/// What a seat owns at game end.
#[derive(Clone, Debug, Default)]
pub struct Holdings {
    pub provinces: Vec<ProvinceId>,
    pub inhabitants: Vec<InhabitantId>,
    pub cards: Vec<CardId>,
    pub favour_kept: Vec<FavourId>,
    pub reroll_tokens: u32,
}

fn count_kind(cards: &[CardId], kind: SenateKind) -> i64 {
    cards
        .iter()
        .filter(|card| DATA.senate_cards[card.0 as usize].kind == kind)
        .count() as i64
}

/// The seat's sites in site order (province tiles by id, then Colonia cards by id) and its inhabitants by id.
pub fn sites_and_inhabitants(holdings: &Holdings) -> (Vec<ProvinceId>, Vec<CardId>, Vec<InhabitantId>) {
    let mut provinces = holdings.provinces.clone();
    provinces.sort_by_key(|province| province.id());
    let mut colonias: Vec<CardId> = holdings
        .cards
        .iter()
        .copied()
        .filter(|card| DATA.senate_cards[card.0 as usize].kind == SenateKind::Colonia)
        .collect();
    colonias.sort_by_key(|card| card.id());
    let mut inhabitants = holdings.inhabitants.clone();
    inhabitants.sort_by_key(|inhabitant| inhabitant.id());
    (provinces, colonias, inhabitants)
}

/// Scores one seat: the optimal housing and every score item.
pub fn score_seat(holdings: &Holdings) -> SeatScore {
    evaluate(holdings, &optimal_housing(holdings))
}

fn inhabitant_value(inhabitant: &InhabitantId) -> i32 {
    DATA.inhabitants[inhabitant.0 as usize].value
}

/// Every site (province tiles, then Colonia cards) with who lives there by `assignment`, and the unhoused.
fn house(
    provinces: &[ProvinceId],
    colonias: &[CardId],
    inhabitants: &[InhabitantId],
    assignment: &[Option<usize>],
) -> (Vec<Housing>, Vec<InhabitantId>) {
    let site_count = provinces.len() + colonias.len();
    let mut housing: Vec<Housing> = provinces
        .iter()
        .map(|province| province.id())
        .chain(colonias.iter().map(|card| card.id()))
        .map(|site| Housing {
            site: site.to_owned(),
            man: None,
            woman: None,
        })
        .collect();
    let mut unhoused = vec![];
    for (person, &inhabitant) in inhabitants.iter().enumerate() {
        match assignment.get(person).copied().flatten() {
            Some(site) if site < site_count => {
                if DATA.inhabitants[inhabitant.0 as usize].sex == Sex::Woman {
                    housing[site].woman = Some(inhabitant);
                } else {
                    housing[site].man = Some(inhabitant);
                }
            }
            _ => unhoused.push(inhabitant),
        }
    }
    (housing, unhoused)
}

/// What the Senate cards' formulas count (spec 8.2).
struct Tableau<'a> {
    holdings: &'a Holdings,
    provinces: &'a [ProvinceId],
    /// The housing of the province tiles.
    tiles: &'a [Housing],
    housed: &'a [InhabitantId],
    unhoused: &'a [InhabitantId],
    inhabitants: usize,
}

/// Each Senate card of the seat by id, with its points (spec 8.2).
fn card_scores(tableau: &Tableau) -> Vec<CardScore> {
    let Tableau {
        holdings,
        provinces,
        tiles,
        housed,
        unhoused,
        inhabitants,
    } = *tableau;
    let tokens = holdings.reroll_tokens as i32;
    let mut per_region: BTreeMap<u8, i32> = BTreeMap::new();
    for region in provinces
        .iter()
        .filter_map(|province| DATA.provinces[province.0 as usize].region)
    {
        *per_region.entry(region).or_default() += 1;
    }
    let tile_value_count = |value: i32| {
        provinces
            .iter()
            .filter(|province| DATA.provinces[province.0 as usize].value == value)
            .count() as i32
    };
    let sex_points = |sex: Sex| -> i32 {
        housed
            .iter()
            .filter(|inhabitant| DATA.inhabitants[inhabitant.0 as usize].sex == sex)
            .map(|inhabitant| 1 + (inhabitant_value(inhabitant) == 3) as i32)
            .sum()
    };
    let mut card_ids = holdings.cards.clone();
    card_ids.sort_by_key(|card| card.id());
    let first_aedilis = card_ids
        .iter()
        .find(|card| DATA.senate_cards[card.0 as usize].kind == SenateKind::Aedilis)
        .copied();
    card_ids
        .iter()
        .map(|&id| {
            let card = &DATA.senate_cards[id.0 as usize];
            let points = match card.kind {
                SenateKind::Praefectus => {
                    2 * tiles
                        .iter()
                        .filter(|site| site.man.is_some() && site.woman.is_some())
                        .count() as i32
                }
                SenateKind::Censor => provinces.len() as i32,
                SenateKind::Matrona => sex_points(Sex::Woman),
                SenateKind::Paterfamilias => sex_points(Sex::Man),
                SenateKind::Pontifex => holdings.favour_kept.len() as i32,
                SenateKind::Aedilis => {
                    if Some(id) == first_aedilis {
                        tokens - tokens / 2
                    } else {
                        0
                    }
                }
                SenateKind::Legatus | SenateKind::Colonia => 0,
                SenateKind::Triumphator => 2 * tile_value_count(4) + tile_value_count(3),
                SenateKind::Imperium => per_region.len() as i32,
                SenateKind::Consul => 3 * per_region.values().filter(|&&count| count >= 2).count() as i32,
                SenateKind::Tribunus => unhoused.len() as i32,
                SenateKind::PaterPatriae => inhabitants as i32,
            };
            CardScore {
                card: id,
                kind: card.kind_id.clone(),
                points,
            }
        })
        .collect()
}

/// Scores one seat for a given housing (for each inhabitant in id order, its site index or `None`).
pub fn evaluate(holdings: &Holdings, assignment: &[Option<usize>]) -> SeatScore {
    let (provinces, colonias, inhabitants) = sites_and_inhabitants(holdings);
    let (housing, unhoused) = house(&provinces, &colonias, &inhabitants, assignment);
    let housed: Vec<InhabitantId> = housing
        .iter()
        .flat_map(|site| site.man.into_iter().chain(site.woman))
        .collect();
    let tiles = &housing[..provinces.len()];
    // A: each tile's value, less 1 when nobody lives there.
    let province_points: i32 = provinces
        .iter()
        .zip(tiles)
        .map(|(province, site)| {
            let value = DATA.provinces[province.0 as usize].value;
            if site.man.is_some() || site.woman.is_some() {
                value
            } else {
                value - 1
            }
        })
        .sum();
    let senate_cards = card_scores(&Tableau {
        holdings,
        provinces: &provinces,
        tiles,
        housed: &housed,
        unhoused: &unhoused,
        inhabitants: inhabitants.len(),
    });
    let inhabitant_points: i32 = housed.iter().map(inhabitant_value).sum();
    let senate_points: i32 = senate_cards.iter().map(|card| card.points).sum();
    let favour_points: i32 = holdings.favour_kept.iter().map(|token| token.value() as i32).sum();
    let reroll_points = holdings.reroll_tokens as i32 / 2;
    SeatScore {
        provinces: province_points,
        inhabitants: inhabitant_points,
        senate: senate_points,
        favour: favour_points,
        reroll: reroll_points,
        total: province_points + inhabitant_points + senate_points + favour_points + reroll_points,
        unhoused_value: unhoused.iter().map(inhabitant_value).sum(),
        senate_cards,
        housing,
        unhoused,
    }
}

/// Winners and ranking from the scores in seat order (8.4).
pub fn rank(scores: &[SeatScore]) -> (Vec<SeatId>, Vec<SeatId>) {
    let mut order: Vec<usize> = (0..scores.len()).collect();
    order.sort_by_key(|&seat| {
        (std::cmp::Reverse(scores[seat].total), std::cmp::Reverse(scores[seat].unhoused_value), seat)
    });
    let key = |seat: usize| (scores[seat].total, scores[seat].unhoused_value);
    let winners = order
        .iter()
        .copied()
        .filter(|&seat| key(seat) == key(order[0]))
        .map(SeatId::of)
        .collect();
    (order.into_iter().map(SeatId::of).collect(), winners)
}

/// The result of a finished game.
pub fn outcome(state: &State) -> Outcome {
    let scores: Vec<SeatScore> = state
        .seats
        .iter()
        .map(|seat| {
            score_seat(&Holdings {
                provinces: seat.provinces.to_vec(),
                inhabitants: seat.inhabitants.to_vec(),
                cards: seat.senate_cards.to_vec(),
                favour_kept: seat.favour_kept.to_vec(),
                reroll_tokens: seat.reroll_tokens,
            })
        })
        .collect();
    let (ranking, winners) = rank(&scores);
    Outcome {
        shared_victory: winners.len() > 1,
        scores: scores
            .into_iter()
            .enumerate()
            .map(|(seat, score)| (SeatId::of(seat).id().to_owned(), score))
            .collect(),
        ranking,
        winners,
    }
}
