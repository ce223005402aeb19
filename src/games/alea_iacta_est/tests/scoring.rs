//! Final scoring: scenarios 20-23 of the spec, and the optimal housing checked against the spec's reference
//! exhaustive search.

use std::ops::RangeInclusive;

use rand::{Rng, SeedableRng};

use super::super::scoring::{
    Holdings, evaluate, optimal_housing, rank, score_seat, sites_and_inhabitants, wildcards_needed,
};
use super::super::*;
use super::builder::*;
use crate::engine::GameRng;

fn holdings(provinces: &[&str], inhabitants: &[&str], cards: &[&str]) -> Holdings {
    Holdings {
        provinces: provinces.iter().map(|p| province(p)).collect(),
        inhabitants: inhabitants.iter().map(|h| inhabitant(h)).collect(),
        cards: cards.iter().map(|c| card(c)).collect(),
        favour_kept: vec![],
        reroll_tokens: 0,
    }
}

fn ids(list: &[InhabitantId]) -> Vec<&'static str> {
    list.iter().map(|i| i.id()).collect()
}

#[test]
fn scenario_20_seed_final_scoring_example() {
    let mut h = holdings(
        &[
            "province_britannia_1",
            "province_gallia_3",
            "province_germania_4",
            "province_joker",
        ],
        &[
            "inhabitant_aegyptus_woman_2",
            "inhabitant_gallia_man_1",
            "inhabitant_gallia_man_3",
            "inhabitant_gallia_woman_1",
            "inhabitant_germania_man_1",
            "inhabitant_germania_man_3",
            "inhabitant_germania_woman_3",
            "inhabitant_hispania_man_2",
            "inhabitant_hispania_woman_1",
            "inhabitant_macedonia_woman_1",
        ],
        &["senate_13", "senate_12", "senate_05", "senate_07"],
    );
    h.favour_kept = vec![favour("favour_23"), favour("favour_09"), favour("favour_01")];
    h.reroll_tokens = 5;
    let score = score_seat(&h);
    let housing: Vec<(&str, Option<&str>, Option<&str>)> = score
        .housing
        .iter()
        .map(|s| (s.site.as_str(), s.man.map(|m| m.id()), s.woman.map(|w| w.id())))
        .collect();
    assert_eq!(
        housing,
        vec![
            ("province_britannia_1", None, None),
            ("province_gallia_3", Some("inhabitant_gallia_man_3"), Some("inhabitant_gallia_woman_1")),
            ("province_germania_4", Some("inhabitant_germania_man_3"), Some("inhabitant_germania_woman_3")),
            ("province_joker", None, Some("inhabitant_aegyptus_woman_2")),
            ("senate_12", Some("inhabitant_hispania_man_2"), Some("inhabitant_hispania_woman_1")),
        ]
    );
    assert_eq!(
        ids(&score.unhoused),
        vec![
            "inhabitant_gallia_man_1",
            "inhabitant_germania_man_1",
            "inhabitant_macedonia_woman_1"
        ]
    );
    assert_eq!(score.unhoused_value, 3);
    assert_eq!(
        (score.provinces, score.inhabitants, score.senate, score.favour, score.reroll, score.total),
        (7, 15, 13, 6, 2, 43)
    );
    let points: Vec<(&str, &str, i32)> = score
        .senate_cards
        .iter()
        .map(|c| (c.card.id(), c.kind.as_str(), c.points))
        .collect();
    assert_eq!(
        points,
        vec![
            ("senate_05", "matrona", 5),
            ("senate_07", "paterfamilias", 5),
            ("senate_12", "colonia", 0),
            ("senate_13", "triumphator", 3),
        ]
    );
    // Swapping the joker's and the Colonia's contents scores the same; the lexicographic rule picks the above.
    let (_, _, people) = sites_and_inhabitants(&h);
    let mut swapped = optimal_housing(&h);
    for (i, person) in people.iter().enumerate() {
        match person.id() {
            "inhabitant_aegyptus_woman_2" => swapped[i] = Some(4),
            "inhabitant_hispania_man_2" | "inhabitant_hispania_woman_1" => swapped[i] = Some(3),
            _ => {}
        }
    }
    assert_ne!(swapped, optimal_housing(&h));
    assert_eq!(wildcards_needed(&h, &swapped), Some(0));
    let other = evaluate(&h, &swapped);
    assert_eq!((other.total, other.unhoused_value), (43, 3));
    assert_eq!(reference(&h), optimal_housing(&h));
}

#[test]
fn scenario_21_empty_provinces_and_the_joker() {
    let score = score_seat(&holdings(&["province_joker", "province_gallia_1"], &[], &[]));
    assert_eq!(score.provinces, -1);
    assert_eq!(score.total, -1);
    let score = score_seat(&holdings(&["province_gallia_3"], &[], &[]));
    assert_eq!(score.provinces, 2);
}

#[test]
fn scenario_22_legatus_and_colonia() {
    let with = score_seat(&holdings(&["province_gallia_4"], &["inhabitant_germania_man_3"], &["senate_10"]));
    assert_eq!((with.provinces, with.inhabitants), (4, 3));
    assert_eq!(with.housing[0].man.map(|m| m.id()), Some("inhabitant_germania_man_3"));
    let without = score_seat(&holdings(&["province_gallia_4"], &["inhabitant_germania_man_3"], &[]));
    assert_eq!((without.provinces, without.inhabitants), (3, 0));
    assert_eq!(without.unhoused_value, 3);
    let censor = score_seat(&holdings(&["province_gallia_4", "province_joker"], &[], &["senate_12", "senate_03"]));
    let points: Vec<(&str, i32)> = censor
        .senate_cards
        .iter()
        .map(|c| (c.kind.as_str(), c.points))
        .collect();
    assert_eq!(points, vec![("censor", 2), ("colonia", 0)]);
    assert_eq!(censor.housing.len(), 3);
    // A Colonia site has no province score: an empty one costs nothing.
    assert_eq!(censor.provinces, 3 - 1);
}

fn seat_score(total: i32, unhoused_value: i32) -> SeatScore {
    SeatScore {
        provinces: 0,
        inhabitants: 0,
        senate: 0,
        favour: 0,
        reroll: 0,
        total,
        unhoused_value,
        senate_cards: vec![],
        housing: vec![],
        unhoused: vec![],
    }
}

#[test]
fn scenario_23_tie_break() {
    let (ranking, winners) = rank(&[seat_score(30, 5), seat_score(30, 1), seat_score(12, 9)]);
    assert_eq!(winners, vec![seat(ANTONIUS)]);
    assert_eq!(ranking, vec![seat(ANTONIUS), seat(BRUTUS), seat(CLAUDIUS)]);
    let (ranking, winners) = rank(&[seat_score(30, 5), seat_score(30, 5), seat_score(31, 0)]);
    assert_eq!(winners, vec![seat(CLAUDIUS)]);
    assert_eq!(ranking, vec![seat(CLAUDIUS), seat(ANTONIUS), seat(BRUTUS)]);
    let (_, winners) = rank(&[seat_score(30, 5), seat_score(30, 5)]);
    assert_eq!(winners, vec![seat(ANTONIUS), seat(BRUTUS)]);
    // Through a whole game state: the result marks the shared victory.
    let mut st = game(2);
    st.step = Step::FinalScoring;
    st.seats[ANTONIUS].reroll_tokens = 4;
    st.seats[BRUTUS].reroll_tokens = 5;
    let events = advance(&mut st, &mut Script::none());
    let Some(E::GameEnd { result }) = events.last() else {
        panic!("no game end: {events:?}")
    };
    assert_eq!(result.winners, vec![seat(ANTONIUS), seat(BRUTUS)]);
    assert!(result.shared_victory);
    assert_eq!(result.scores["antonius"].total, 2);
    assert_eq!(st.step, Step::GameEnd);
    assert_eq!(AleaIactaEst::outcome(&st).as_ref(), Some(result));
    assert!(AleaIactaEst::to_act(&st).is_empty());
}

#[test]
fn senate_card_formulas() {
    let mut h = holdings(
        &[
            "province_gallia_4",
            "province_gallia_3",
            "province_germania_3",
            "province_hispania_1",
            "province_joker",
        ],
        &[
            "inhabitant_gallia_man_3",
            "inhabitant_gallia_woman_3",
            "inhabitant_germania_woman_1",
            "inhabitant_macedonia_man_1",
        ],
        &[
            "senate_01",
            "senate_03",
            "senate_06",
            "senate_08",
            "senate_09",
            "senate_13",
            "senate_15",
            "senate_16",
            "senate_17",
            "senate_19",
        ],
    );
    h.favour_kept = vec![favour("favour_01"), favour("favour_30")];
    h.reroll_tokens = 7;
    let s = score_seat(&h);
    let points: Vec<(&str, i32)> = s.senate_cards.iter().map(|c| (c.kind.as_str(), c.points)).collect();
    assert_eq!(
        points,
        vec![
            ("praefectus", 2),    // gallia_4 (or gallia_3) holds the gallia pair
            ("censor", 5),        // 5 tiles, joker included
            ("pontifex", 2),      // 2 kept tokens
            ("aedilis", 4),       // 7 - floor(7/2)
            ("aedilis", 0),       // no stacking
            ("triumphator", 4),   // one value-4 tile, two value-3 tiles
            ("imperium", 3),      // gallia, germania, hispania
            ("consul", 3),        // gallia twice
            ("tribunus", 0),      // everyone is housed (macedonia man in the joker)
            ("pater_patriae", 4), // 4 inhabitants
        ]
    );
    assert_eq!(s.reroll, 3);
    assert_eq!(s.favour, 4);
    assert!(s.unhoused.is_empty());
    assert_eq!(s.total, s.provinces + s.inhabitants + s.senate + s.favour + s.reroll);
}

#[test]
fn tribunus_can_make_staying_unhoused_better() {
    // Two Tribunus cards: a housed value-1 inhabitant in an already-inhabited province gains 1 but costs 2.
    let h = holdings(
        &["province_gallia_2"],
        &["inhabitant_gallia_man_3", "inhabitant_gallia_woman_1"],
        &["senate_17", "senate_18"],
    );
    let s = score_seat(&h);
    assert_eq!(ids(&s.unhoused), vec!["inhabitant_gallia_woman_1"]);
    assert_eq!(s.total, 2 + 3 + 2);
    assert_eq!(reference(&h), optimal_housing(&h));
}

/// The best (total, U) found so far and its assignment.
type Best = Option<((i32, i32), Vec<Option<usize>>)>;

/// The spec's reference method (8.3): exhaustive depth-first search in lexicographic order, replacing the
/// incumbent only on a strictly greater (total, U).
fn reference(h: &Holdings) -> Vec<Option<usize>> {
    let (provinces, colonias, inhabitants) = sites_and_inhabitants(h);
    let sites = provinces.len() + colonias.len();
    let legati = h
        .cards
        .iter()
        .filter(|c| DATA.senate_cards[c.0 as usize].kind == super::super::data::SenateKind::Legatus)
        .count();
    fn dfs(h: &Holdings, i: usize, sites: usize, legati: usize, current: &mut Vec<Option<usize>>, best: &mut Best) {
        if i == current.len() {
            if wildcards_needed(h, current).is_some_and(|w| w <= legati) {
                let s = evaluate(h, current);
                let key = (s.total, s.unhoused_value);
                if best.as_ref().is_none_or(|(b, _)| key > *b) {
                    *best = Some((key, current.clone()));
                }
            }
            return;
        }
        for k in (0..sites).map(Some).chain([None]) {
            current[i] = k;
            if k.is_some() && wildcards_needed(h, &current[..=i]).is_none_or(|w| w > legati) {
                continue;
            }
            dfs(h, i + 1, sites, legati, current, best);
        }
        current[i] = None;
    }
    let mut best = None;
    dfs(h, 0, sites, legati, &mut vec![None; inhabitants.len()], &mut best);
    best.map(|(_, a)| a).unwrap_or_default()
}

/// The shape of the random holdings the reference-search tests draw.
struct CaseShape {
    /// Regions the tiles come from (and most inhabitants).
    regions: usize,
    provinces: RangeInclusive<usize>,
    /// Chance of the joker tile.
    joker: f64,
    inhabitants: RangeInclusive<usize>,
    /// Chance that an inhabitant comes from one of `regions`.
    local: f64,
}

/// Random province and inhabitant ids of `shape`.
fn random_sites_and_people(rng: &mut GameRng, shape: &CaseShape) -> (Vec<String>, Vec<String>) {
    let regions: Vec<usize> = (0..shape.regions).map(|_| rng.random_range(0..6)).collect();
    let mut provinces = vec![];
    for _ in 0..rng.random_range(shape.provinces.clone()) {
        let r = regions[rng.random_range(0..shape.regions)];
        let id = format!("province_{}_{}", DATA.regions[r], rng.random_range(1..=4));
        if !provinces.contains(&id) {
            provinces.push(id);
        }
    }
    if shape.joker > 0.0 && rng.random_bool(shape.joker) {
        provinces.push("province_joker".into());
    }
    let mut inhabitants = vec![];
    for _ in 0..rng.random_range(shape.inhabitants.clone()) {
        let r = if rng.random_bool(shape.local) {
            regions[rng.random_range(0..shape.regions)]
        } else {
            rng.random_range(0..6)
        };
        let sex = if rng.random_bool(0.5) { "man" } else { "woman" };
        let id = format!("inhabitant_{}_{sex}_{}", DATA.regions[r], rng.random_range(1..=3));
        if !inhabitants.contains(&id) {
            inhabitants.push(id);
        }
    }
    (provinces, inhabitants)
}

/// Draws 300 holdings of `shape` with the cards `cards` picks, checks the solver against the reference search on
/// each, and counts the cases `counts` accepts (given the holdings and the solver's housing).
fn check_against_reference(
    seed: u64,
    shape: &CaseShape,
    cards: impl Fn(&mut GameRng) -> Vec<&'static str>,
    counts: impl Fn(&Holdings, &[Option<usize>]) -> bool,
) -> usize {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut counted = 0;
    for case in 0..300 {
        let (provinces, inhabitants) = random_sites_and_people(&mut rng, shape);
        let cards = cards(&mut rng);
        let p: Vec<&str> = provinces.iter().map(String::as_str).collect();
        let i: Vec<&str> = inhabitants.iter().map(String::as_str).collect();
        let h = holdings(&p, &i, &cards);
        let fast = optimal_housing(&h);
        assert_eq!(fast, reference(&h), "case {case}: {p:?} {i:?} {cards:?}");
        assert!(wildcards_needed(&h, &fast).is_some());
        counted += usize::from(counts(&h, &fast));
    }
    counted
}

#[test]
fn optimal_housing_matches_the_reference_search() {
    let card_pool = [
        "senate_01",
        "senate_02",
        "senate_03",
        "senate_05",
        "senate_07",
        "senate_10",
        "senate_11",
        "senate_12",
        "senate_17",
        "senate_18",
    ];
    let shape = CaseShape {
        regions: 2,
        provinces: 1..=4,
        joker: 0.4,
        inhabitants: 2..=6,
        local: 0.8,
    };
    let housed_cases = check_against_reference(
        2024,
        &shape,
        |rng| card_pool.iter().copied().filter(|_| rng.random_bool(0.25)).collect(),
        |_, housing| housing.iter().filter(|s| s.is_some()).count() >= 2,
    );
    assert!(housed_cases > 100, "only {housed_cases} interesting cases");
}

/// Wildcard cases, where the solver skips options that waste the last wildcard: a Legatus or two, no Praefectus,
/// tiles of three regions and inhabitants mostly of those regions.
#[test]
fn optimal_housing_matches_the_reference_search_with_wildcards() {
    let shape = CaseShape {
        regions: 3,
        provinces: 2..=5,
        joker: 0.0,
        inhabitants: 3..=6,
        local: 0.85,
    };
    let others = ["senate_11", "senate_05", "senate_07", "senate_12", "senate_17"];
    let wildcard_cases = check_against_reference(
        7,
        &shape,
        |rng| {
            let mut cards = vec!["senate_10"];
            cards.extend(others.into_iter().filter(|_| rng.random_bool(0.3)));
            cards
        },
        |h, housing| wildcards_needed(h, housing).is_some_and(|w| w > 0),
    );
    assert!(wildcard_cases > 50, "only {wildcard_cases} cases use a wildcard");
}

#[test]
fn optimal_housing_scales_to_every_tile() {
    let all = Holdings {
        provinces: (0..DATA.provinces.len() as u8).map(ProvinceId).collect(),
        inhabitants: (0..DATA.inhabitants.len() as u8).map(InhabitantId).collect(),
        cards: [
            "senate_01",
            "senate_02",
            "senate_05",
            "senate_07",
            "senate_10",
            "senate_11",
            "senate_12",
            "senate_17",
        ]
        .map(card)
        .to_vec(),
        favour_kept: vec![],
        reroll_tokens: 0,
    };
    let s = score_seat(&all);
    // 25 tiles + Colonia: every inhabitant is housed (6 regions x 4 provinces hold 3 pairs each).
    assert!(s.unhoused.is_empty());
    assert_eq!(s.housing.len(), 26);
}
