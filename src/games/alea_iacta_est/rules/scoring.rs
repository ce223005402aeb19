//! Final scoring (spec 8): the optimal automatic housing of inhabitants, the score items, winners and ranking.
//!
//! Housing: among all feasible assignments, maximise (total, U), then take the lexicographically smallest
//! assignment vector (8.3). The optimum value of every partial assignment is memoised by a canonical key (sites
//! of one class with the same occupancy are interchangeable for the value), and the assignment is rebuilt by
//! taking, for each inhabitant in id order, the first option (sites by index, then unhoused) that keeps the
//! optimum. This returns exactly the assignment of the reference depth-first search.

use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};

use tinyvec::ArrayVec;

use super::super::data::{DATA, SenateKind, Sex};
use super::super::state::{PROVINCES, SENATE_CARDS, State};
use super::super::types::{
    AleaIactaEstCardScore as CardScore, AleaIactaEstHousing as Housing, AleaIactaEstOutcome as Outcome,
    AleaIactaEstSeatScore as SeatScore,
};
use super::super::types::{CardId, FavourId, InhabitantId, ProvinceId, SeatId};

/// What a seat owns at game end.
#[derive(Clone, Debug, Default)]
pub struct Holdings {
    pub provinces: Vec<ProvinceId>,
    pub inhabitants: Vec<InhabitantId>,
    pub cards: Vec<CardId>,
    pub favour_kept: Vec<FavourId>,
    pub reroll_tokens: u32,
}

/// Weight of one point of total against one point of U in the combined objective.
const BIG: i64 = 1 << 12;

#[derive(Clone, Copy, Debug)]
struct Site {
    /// Region of a coloured province; `None` for the joker and Colonia sites.
    region: Option<u8>,
    /// A province tile (scores A, counts for Praefectus); false for Colonia.
    tile: bool,
    /// Class for the canonical key: region index, 100 for the joker-like tiles, 101 for Colonia.
    class: u8,
}

#[derive(Clone, Copy, Debug)]
struct Person {
    region: u8,
    woman: bool,
    /// Combined weight of housing this inhabitant, site bonuses excluded.
    weight: i64,
}

/// Occupancy of a site: the region of its man and of its woman, if any.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Occupancy {
    man: Option<u8>,
    woman: Option<u8>,
}

struct Solver {
    sites: Vec<Site>,
    people: Vec<Person>,
    legati: usize,
    praefecti: i64,
    /// `remaining[i]`: bit `2 * region + woman` is set when a person of that region and sex is in `people[i..]`.
    remaining: Vec<u16>,
    /// Optimum by key (`key`). Keys are inline: an entry costs no allocation of its own (a solve makes a few dozen
    /// entries and looks them up a few hundred times).
    memo: HashMap<Key, i64, BuildHasherDefault<FxHasher>>,
    key: Key,
    /// The (class, code) pairs of the key being built.
    codes: ArrayVec<[(u8, u8); MAX_SITES]>,
}

/// The most sites a seat can have: every province tile and a Colonia per Senate card, as a seat's lists hold.
const MAX_SITES: usize = PROVINCES + SENATE_CARDS;

/// A memo key (`Solver::build_key`): two index bytes, two bytes per site, a separator and three counts.
type Key = ArrayVec<[u8; 2 + 2 * MAX_SITES + 4]>;

/// Entries a solve makes room for at once: most make a few dozen.
const MEMO_RESERVED: usize = 128;

/// rustc's FxHash: the memo's keys are short and made by the engine, so a fast unkeyed hash is enough (the solver
/// runs at every game end and SipHash dominated it).
#[derive(Default)]
struct FxHasher(u64);

impl FxHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            self.add(u64::from_le_bytes(chunk.try_into().expect("8 bytes")));
        }
        for &byte in chunks.remainder() {
            self.add(byte.into());
        }
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl Solver {
    /// The gain and the new wildcard count of housing person `i` in site `k`, if allowed.
    fn option(&self, occ: &[Occupancy], wild: usize, i: usize, k: usize) -> Option<(i64, usize)> {
        let p = self.people[i];
        let site = self.sites[k];
        let o = occ[k];
        let (mine, other) = if p.woman { (o.woman, o.man) } else { (o.man, o.woman) };
        if mine.is_some() {
            return None;
        }
        let mut wild = wild;
        match site.region {
            Some(r) if r != p.region => wild += 1,
            Some(_) => {}
            None => {
                if other.is_some_and(|r| r != p.region) {
                    wild += 1;
                }
            }
        }
        if wild > self.legati {
            return None;
        }
        let mut gain = p.weight;
        if site.tile {
            if other.is_none() {
                gain += BIG;
            } else {
                gain += 2 * self.praefecti * BIG;
            }
        }
        Some((gain, wild))
    }

    fn place(occ: &mut [Occupancy], p: Person, k: usize) {
        if p.woman {
            occ[k].woman = Some(p.region);
        } else {
            occ[k].man = Some(p.region);
        }
    }

    /// A canonical key of the occupancy for the optimum of persons `i..` with `wild` wildcards used. Sites of
    /// one class in the same state are interchangeable; full sites are dead; coloured sites of regions no
    /// remaining person belongs to are reachable only with a wildcard, so only how many of them are empty, hold a
    /// man or hold a woman matters, capped at the wildcards left (and nothing once none is left); a lone occupant
    /// of a joker-like site keeps its region only while someone of the other sex and that region remains.
    /// Built in `self.key`, after `i` and `wild` (both below 256: the tables are indexed by `u8`).
    fn build_key(&mut self, occ: &[Occupancy], i: usize, wild: usize) {
        let remaining = self.remaining[i];
        let pending = |region: u8, woman: bool| remaining & (1 << (2 * region as u32 + woman as u32)) != 0;
        let spare = self.legati.saturating_sub(wild).min(250) as u8;
        let mut foreign = [0u8; 3];
        let codes = &mut self.codes;
        codes.clear();
        for (site, o) in self.sites.iter().zip(occ) {
            let code = match (site.region, o.man, o.woman) {
                (_, Some(_), Some(_)) => continue,
                (_, None, None) => 0,
                (Some(_), Some(_), None) => 1,
                (Some(_), None, Some(_)) => 2,
                (None, Some(r), None) => {
                    if pending(r, true) {
                        10 + r
                    } else {
                        1
                    }
                }
                (None, None, Some(r)) => {
                    if pending(r, false) {
                        40 + r
                    } else {
                        2
                    }
                }
            };
            match site.region {
                Some(r) if !pending(r, false) && !pending(r, true) => {
                    foreign[code as usize] = foreign[code as usize].saturating_add(1).min(spare);
                }
                _ => codes.push((site.class, code)),
            }
        }
        codes.sort_unstable();
        let key = &mut self.key;
        key.clear();
        debug_assert!(i < 256 && wild < 256, "a key byte would wrap");
        key.extend([i as u8, wild as u8]);
        key.extend(codes.iter().flat_map(|&(class, code)| [class, code]));
        key.push(255);
        key.extend(foreign);
    }

    /// The best combined gain for persons `i..` given the occupancy.
    fn best(&mut self, occ: &mut Vec<Occupancy>, wild: usize, i: usize) -> i64 {
        if i == self.people.len() {
            return 0;
        }
        self.build_key(occ, i, wild);
        if let Some(&v) = self.memo.get(&self.key) {
            return v;
        }
        let key = self.key;
        let mut best = self.best(occ, wild, i + 1);
        for k in 0..self.sites.len() {
            if let Some((gain, w)) = self.option(occ, wild, i, k) {
                let saved = occ[k];
                Self::place(occ, self.people[i], k);
                let v = gain + self.best(occ, w, i + 1);
                occ[k] = saved;
                best = best.max(v);
            }
        }
        self.memo.insert(key, best);
        best
    }

    /// The optimal assignment: for each person, `Some(site)` or `None` (unhoused).
    fn solve(&mut self) -> Vec<Option<usize>> {
        let mut occ = vec![Occupancy::default(); self.sites.len()];
        let mut wild = 0;
        let mut out = Vec::with_capacity(self.people.len());
        for i in 0..self.people.len() {
            let target = self.best(&mut occ, wild, i);
            let mut chosen = None;
            for k in 0..self.sites.len() {
                if let Some((gain, w)) = self.option(&occ, wild, i, k) {
                    let saved = occ[k];
                    Self::place(&mut occ, self.people[i], k);
                    if gain + self.best(&mut occ, w, i + 1) == target {
                        chosen = Some((k, w));
                        break;
                    }
                    occ[k] = saved;
                }
            }
            match chosen {
                Some((k, w)) => {
                    wild = w;
                    out.push(Some(k));
                }
                None => out.push(None),
            }
        }
        out
    }
}

fn count_kind(cards: &[CardId], kind: SenateKind) -> i64 {
    cards
        .iter()
        .filter(|c| DATA.senate_cards[c.0 as usize].kind == kind)
        .count() as i64
}

/// The seat's sites in site order (province tiles by id, then Colonia cards by id) and its inhabitants by id.
pub fn sites_and_inhabitants(h: &Holdings) -> (Vec<ProvinceId>, Vec<CardId>, Vec<InhabitantId>) {
    let mut provinces = h.provinces.clone();
    provinces.sort_by_key(|p| p.id());
    let mut colonias: Vec<CardId> = h
        .cards
        .iter()
        .copied()
        .filter(|c| DATA.senate_cards[c.0 as usize].kind == SenateKind::Colonia)
        .collect();
    colonias.sort_by_key(|c| c.id());
    let mut inhabitants = h.inhabitants.clone();
    inhabitants.sort_by_key(|i| i.id());
    (provinces, colonias, inhabitants)
}

/// The optimal housing (8.3): for each inhabitant in id order, its site index or `None` (unhoused).
pub fn optimal_housing(h: &Holdings) -> Vec<Option<usize>> {
    let (provinces, colonias, inhabitants) = sites_and_inhabitants(h);
    let cards = &h.cards;
    let matronae = count_kind(cards, SenateKind::Matrona);
    let patres = count_kind(cards, SenateKind::Paterfamilias);
    let tribuni = count_kind(cards, SenateKind::Tribunus);
    let mut sites: Vec<Site> = provinces
        .iter()
        .map(|p| {
            let region = DATA.provinces[p.0 as usize].region;
            Site {
                region,
                tile: true,
                class: region.unwrap_or(100),
            }
        })
        .collect();
    sites.extend(colonias.iter().map(|_| Site {
        region: None,
        tile: false,
        class: 101,
    }));
    let people: Vec<Person> = inhabitants
        .iter()
        .map(|i| {
            let d = &DATA.inhabitants[i.0 as usize];
            let woman = d.sex == Sex::Woman;
            let value = d.value as i64;
            let bonus = if woman { matronae } else { patres } * (1 + (value == 3) as i64);
            Person {
                region: d.region,
                woman,
                weight: (value + bonus - tribuni) * BIG - value,
            }
        })
        .collect();
    let mut remaining = vec![0u16; people.len() + 1];
    for i in (0..people.len()).rev() {
        let p = people[i];
        remaining[i] = remaining[i + 1] | 1 << (2 * p.region as u32 + p.woman as u32);
    }
    assert!(
        sites.len() <= MAX_SITES,
        "a seat holds at most every province tile and a Colonia per Senate card"
    );
    let mut solver = Solver {
        sites,
        people,
        remaining,
        legati: count_kind(cards, SenateKind::Legatus) as usize,
        praefecti: count_kind(cards, SenateKind::Praefectus),
        memo: HashMap::with_capacity_and_hasher(MEMO_RESERVED, Default::default()),
        key: Key::new(),
        codes: ArrayVec::new(),
    };
    solver.solve()
}

/// Number of wildcards (Legatus) an assignment needs (8.1 rule 5), or `None` if it breaks rules 1-4.
pub fn wildcards_needed(h: &Holdings, assignment: &[Option<usize>]) -> Option<usize> {
    let (provinces, colonias, inhabitants) = sites_and_inhabitants(h);
    let sites = provinces.len() + colonias.len();
    let mut occ: Vec<(Option<u8>, Option<u8>)> = vec![(None, None); sites];
    let mut wild = 0;
    for (i, site) in assignment.iter().enumerate() {
        let Some(k) = *site else { continue };
        let d = &DATA.inhabitants[inhabitants.get(i)?.0 as usize];
        let slot = if d.sex == Sex::Woman {
            &mut occ.get_mut(k)?.1
        } else {
            &mut occ.get_mut(k)?.0
        };
        if slot.replace(d.region).is_some() {
            return None;
        }
        if let Some(p) = provinces.get(k)
            && let Some(r) = DATA.provinces[p.0 as usize].region
            && r != d.region
        {
            wild += 1;
        }
    }
    for (k, (man, woman)) in occ.iter().enumerate() {
        let generic = provinces
            .get(k)
            .is_none_or(|p| DATA.provinces[p.0 as usize].region.is_none());
        if generic
            && let (Some(a), Some(b)) = (man, woman)
            && a != b
        {
            wild += 1;
        }
    }
    Some(wild)
}

/// Scores one seat: the optimal housing and every score item.
pub fn score_seat(h: &Holdings) -> SeatScore {
    evaluate(h, &optimal_housing(h))
}

/// Scores one seat for a given housing (for each inhabitant in id order, its site index or `None`).
pub fn evaluate(h: &Holdings, assignment: &[Option<usize>]) -> SeatScore {
    let (provinces, colonias, inhabitants) = sites_and_inhabitants(h);
    let site_count = provinces.len() + colonias.len();
    let mut housing: Vec<Housing> = provinces
        .iter()
        .map(|p| p.id())
        .chain(colonias.iter().map(|c| c.id()))
        .map(|site| Housing {
            site: site.to_owned(),
            man: None,
            woman: None,
        })
        .collect();
    let mut unhoused = vec![];
    for (i, &inhabitant) in inhabitants.iter().enumerate() {
        match assignment.get(i).copied().flatten() {
            Some(k) if k < site_count => {
                if DATA.inhabitants[inhabitant.0 as usize].sex == Sex::Woman {
                    housing[k].woman = Some(inhabitant);
                } else {
                    housing[k].man = Some(inhabitant);
                }
            }
            _ => unhoused.push(inhabitant),
        }
    }
    let value = |i: &InhabitantId| DATA.inhabitants[i.0 as usize].value;
    let housed: Vec<InhabitantId> = housing.iter().flat_map(|s| s.man.into_iter().chain(s.woman)).collect();
    let tiles = &housing[..provinces.len()];
    let a: i32 = provinces
        .iter()
        .zip(tiles)
        .map(|(p, s)| {
            let v = DATA.provinces[p.0 as usize].value;
            if s.man.is_some() || s.woman.is_some() { v } else { v - 1 }
        })
        .sum();
    let b: i32 = housed.iter().map(value).sum();
    let u: i32 = unhoused.iter().map(value).sum();
    let t = h.reroll_tokens as i32;
    let coloured: Vec<u8> = provinces
        .iter()
        .filter_map(|p| DATA.provinces[p.0 as usize].region)
        .collect();
    let mut per_region: BTreeMap<u8, i32> = BTreeMap::new();
    for r in &coloured {
        *per_region.entry(*r).or_default() += 1;
    }
    let tile_value_count = |v: i32| {
        provinces
            .iter()
            .filter(|p| DATA.provinces[p.0 as usize].value == v)
            .count() as i32
    };
    let sex_points = |sex: Sex| -> i32 {
        housed
            .iter()
            .filter(|i| DATA.inhabitants[i.0 as usize].sex == sex)
            .map(|i| 1 + (value(i) == 3) as i32)
            .sum()
    };
    let mut card_ids = h.cards.clone();
    card_ids.sort_by_key(|c| c.id());
    let first_aedilis = card_ids
        .iter()
        .find(|c| DATA.senate_cards[c.0 as usize].kind == SenateKind::Aedilis)
        .copied();
    let senate_cards: Vec<CardScore> = card_ids
        .iter()
        .map(|&c| {
            let card = &DATA.senate_cards[c.0 as usize];
            let points = match card.kind {
                SenateKind::Praefectus => {
                    2 * tiles.iter().filter(|s| s.man.is_some() && s.woman.is_some()).count() as i32
                }
                SenateKind::Censor => provinces.len() as i32,
                SenateKind::Matrona => sex_points(Sex::Woman),
                SenateKind::Paterfamilias => sex_points(Sex::Man),
                SenateKind::Pontifex => h.favour_kept.len() as i32,
                SenateKind::Aedilis => {
                    if Some(c) == first_aedilis {
                        t - t / 2
                    } else {
                        0
                    }
                }
                SenateKind::Legatus | SenateKind::Colonia => 0,
                SenateKind::Triumphator => 2 * tile_value_count(4) + tile_value_count(3),
                SenateKind::Imperium => per_region.len() as i32,
                SenateKind::Consul => 3 * per_region.values().filter(|&&k| k >= 2).count() as i32,
                SenateKind::Tribunus => unhoused.len() as i32,
                SenateKind::PaterPatriae => inhabitants.len() as i32,
            };
            CardScore {
                card: c,
                kind: card.kind_id.clone(),
                points,
            }
        })
        .collect();
    let c: i32 = senate_cards.iter().map(|s| s.points).sum();
    let d: i32 = h.favour_kept.iter().map(|t| t.value() as i32).sum();
    let e = t / 2;
    SeatScore {
        provinces: a,
        inhabitants: b,
        senate: c,
        favour: d,
        reroll: e,
        total: a + b + c + d + e,
        unhoused_value: u,
        senate_cards,
        housing,
        unhoused,
    }
}

/// Winners and ranking from the scores in seat order (8.4).
pub fn rank(scores: &[SeatScore]) -> (Vec<SeatId>, Vec<SeatId>) {
    let mut order: Vec<usize> = (0..scores.len()).collect();
    order.sort_by_key(|&s| {
        (
            std::cmp::Reverse(scores[s].total),
            std::cmp::Reverse(scores[s].unhoused_value),
            s,
        )
    });
    let key = |s: usize| (scores[s].total, scores[s].unhoused_value);
    let winners = order
        .iter()
        .copied()
        .filter(|&s| key(s) == key(order[0]))
        .map(SeatId::of)
        .collect();
    (order.into_iter().map(SeatId::of).collect(), winners)
}

/// The result of a finished game.
pub fn outcome(state: &State) -> Outcome {
    let scores: Vec<SeatScore> = state
        .seats
        .iter()
        .map(|s| {
            score_seat(&Holdings {
                provinces: s.provinces.to_vec(),
                inhabitants: s.inhabitants.to_vec(),
                cards: s.senate_cards.to_vec(),
                favour_kept: s.favour_kept.to_vec(),
                reroll_tokens: s.reroll_tokens,
            })
        })
        .collect();
    let (ranking, winners) = rank(&scores);
    Outcome {
        shared_victory: winners.len() > 1,
        scores: scores
            .into_iter()
            .enumerate()
            .map(|(i, s)| (SeatId::of(i).id().to_owned(), s))
            .collect(),
        ranking,
        winners,
    }
}
