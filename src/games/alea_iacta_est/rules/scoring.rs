//! Final scoring (spec 8): the optimal automatic housing of inhabitants, the score items, winners and ranking.
//!
//! Housing: among all feasible assignments, maximise (total, U), then take the lexicographically smallest
//! assignment vector (8.3). The optimum value of every partial assignment is memoised by a canonical key (sites
//! of one class with the same occupancy are interchangeable for the value), and the assignment is rebuilt by
//! taking, for each inhabitant in id order, the first option (sites by index, then unhoused) that keeps the
//! optimum. This returns exactly the assignment of the reference depth-first search.

use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};

use super::super::data::{DATA, Data, SenateKind, Sex};
use super::super::state::State;
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
    /// The bit offset of its class's count of sites in code 0 in a memo key (`Solver::key`); the count of code `c`
    /// is `c * width` bits further.
    field: u8,
    /// The width of its class's counts: enough bits for every site of the class.
    width: u8,
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
    /// Where the parts of a key other than the sites' counts are (`KeyLayout`).
    layout: KeyLayout,
    /// Optimum by key (`key`): a solve makes a few dozen entries and looks them up a hundred times.
    memo: HashMap<u128, i64, BuildHasherDefault<FxHasher>>,
}

/// Entries a solve makes room for at once: most make a few dozen.
const MEMO_RESERVED: usize = 128;

/// Codes of a site's state in a key (`Solver::key`): empty, a man, a woman (of no region that matters), then a man
/// of each region whose women are still to come and a woman of each region whose men are still to come (joker-like
/// sites only).
const CODES: usize = 3 + 2 * MAX_REGIONS;

/// Regions the solver can tell apart: `Solver::remaining` holds two bits per region.
const MAX_REGIONS: usize = 8;

/// The bit fields of a memo key besides the sites' counts (`Site::field`): the person to house, the wildcards used
/// and the counts of the coloured sites reachable only with a wildcard (`Solver::key`).
#[derive(Clone, Copy, Debug)]
struct KeyLayout {
    wild: u8,
    foreign: u8,
    foreign_width: u8,
}

/// Bits enough to count up to `n`.
fn bits_for(n: usize) -> u8 {
    (usize::BITS - n.leading_zeros()) as u8
}

/// Lays out the bit fields of the memo keys for these sites (`Site::field`, `KeyLayout`), or `None` when they need
/// more than 128 bits.
fn lay_out_keys(sites: &mut [Site], people: usize, legati: usize) -> Option<KeyLayout> {
    let mut next = u32::from(bits_for(people));
    let wild = next;
    next += u32::from(bits_for(legati));
    let foreign = next;
    let foreign_width = bits_for(legati);
    next += 3 * u32::from(foreign_width);
    for k in 0..sites.len() {
        let class = sites[k].class;
        if let Some(first) = sites[..k].iter().find(|s| s.class == class) {
            (sites[k].field, sites[k].width) = (first.field, first.width);
            continue;
        }
        let width = bits_for(sites.iter().filter(|s| s.class == class).count());
        let codes = if sites[k].region.is_some() { 3 } else { CODES as u32 };
        sites[k].field = u8::try_from(next).ok()?;
        sites[k].width = width;
        next += codes * u32::from(width);
    }
    (next <= u128::BITS).then_some(KeyLayout {
        wild: wild as u8,
        foreign: foreign as u8,
        foreign_width,
    })
}

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

    fn write_u128(&mut self, n: u128) {
        self.add(n as u64);
        self.add((n >> 64) as u64);
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

    /// Whether an earlier site has the class and the occupancy of site `k`: housing a person in either leads to
    /// keys that are equal (`key`), hence to the same optimum, so `best` searches only the first of them.
    fn has_earlier_twin(&self, occ: &[Occupancy], k: usize) -> bool {
        let class = self.sites[k].class;
        (0..k).any(|j| self.sites[j].class == class && occ[j] == occ[k])
    }

    /// Whether housing person `i` in coloured site `k` spends the last wildcard (`w` after it) on a tile of a region
    /// someone still to come belongs to while a tile of a region nobody to come belongs to (and not the person's)
    /// would take the person with the same gain: that one's option is worth at least as much, so `best` skips this
    /// one. Without Praefectus the gain depends only on whether the other slot is taken, and with no wildcard left
    /// nobody to come can use the other tile; site `k` left as it was serves them at least as well as with the
    /// person in it (a free slot, or a first occupant's point instead of nothing for a second).
    fn wastes_last_wildcard(&self, occ: &[Occupancy], i: usize, k: usize, w: usize) -> bool {
        let p = self.people[i];
        let Some(region) = self.sites[k].region else {
            return false;
        };
        let to_come = |r: u8| self.remaining[i + 1] & 0b11 << (2 * r as u32) != 0;
        if self.praefecti != 0 || w != self.legati || region == p.region || !to_come(region) {
            return false;
        }
        let free = |o: Occupancy| if p.woman { o.woman } else { o.man }.is_none();
        let paired = |o: Occupancy| if p.woman { o.man } else { o.woman }.is_some();
        self.sites.iter().zip(occ).any(|(site, &o)| {
            site.region.is_some_and(|r| r != p.region && !to_come(r)) && free(o) && paired(o) == paired(occ[k])
        })
    }

    fn place(occ: &mut [Occupancy], p: Person, k: usize) {
        if p.woman {
            occ[k].woman = Some(p.region);
        } else {
            occ[k].man = Some(p.region);
        }
    }

    /// A canonical key of the occupancy for the optimum of persons `i..` with `wild` wildcards used. Sites of
    /// one class in the same state are interchangeable, so the key counts the sites of each class in each state
    /// (`CODES`); full sites are dead; coloured sites of regions no remaining person belongs to are reachable only
    /// with a wildcard, so only how many of them are empty, hold a man or hold a woman matters, capped at the
    /// wildcards left (and nothing once none is left); a lone occupant of a joker-like site keeps its region only
    /// while someone of the other sex and that region remains. Each count has a bit field wide enough for it
    /// (`lay_out_keys`), so the sum is exact.
    fn key(&self, occ: &[Occupancy], i: usize, wild: usize) -> u128 {
        let remaining = self.remaining[i];
        let pending = |region: u8, woman: bool| remaining & (1 << (2 * region as u32 + woman as u32)) != 0;
        let spare = self.legati.saturating_sub(wild);
        let mut foreign = [0usize; 3];
        let mut key = i as u128 | (wild as u128) << self.layout.wild;
        for (site, o) in self.sites.iter().zip(occ) {
            let code = match (site.region, o.man, o.woman) {
                (_, Some(_), Some(_)) => continue,
                (_, None, None) => 0,
                (Some(_), Some(_), None) => 1,
                (Some(_), None, Some(_)) => 2,
                (None, Some(r), None) => {
                    if pending(r, true) {
                        3 + r as usize
                    } else {
                        1
                    }
                }
                (None, None, Some(r)) => {
                    if pending(r, false) {
                        3 + MAX_REGIONS + r as usize
                    } else {
                        2
                    }
                }
            };
            match site.region {
                Some(r) if !pending(r, false) && !pending(r, true) => foreign[code] += 1,
                _ => key += 1 << (usize::from(site.field) + code * usize::from(site.width)),
            }
        }
        let width = usize::from(self.layout.foreign_width);
        for (code, count) in foreign.into_iter().enumerate() {
            key |= (count.min(spare) as u128) << (usize::from(self.layout.foreign) + code * width);
        }
        key
    }

    /// The best combined gain for persons `i..` given the occupancy.
    fn best(&mut self, occ: &mut Vec<Occupancy>, wild: usize, i: usize) -> i64 {
        if i == self.people.len() {
            return 0;
        }
        if i + 1 == self.people.len() {
            // The last person: the best option's gain (or 0, unhoused) costs less to compute than the memo's key.
            return (0..self.sites.len())
                .filter_map(|k| self.option(occ, wild, i, k))
                .fold(0, |best, (gain, _)| best.max(gain));
        }
        let key = self.key(occ, i, wild);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let mut best = self.best(occ, wild, i + 1);
        for k in 0..self.sites.len() {
            if let Some((gain, w)) = self.option(occ, wild, i, k)
                && !self.has_earlier_twin(occ, k)
                && !self.wastes_last_wildcard(occ, i, k, w)
            {
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

/// The sites of these provinces' tiles and of `colonias` Colonia cards, their key fields not laid out yet.
fn sites_of(regions: impl Iterator<Item = Option<u8>>, colonias: usize) -> Vec<Site> {
    let tile = |region: Option<u8>| Site {
        region,
        tile: true,
        class: region.unwrap_or(100),
        field: 0,
        width: 0,
    };
    let colonia = Site {
        region: None,
        tile: false,
        class: 101,
        field: 0,
        width: 0,
    };
    regions
        .map(tile)
        .chain(std::iter::repeat_n(colonia, colonias))
        .collect()
}

/// Whether the memo keys of a seat holding everything (every tile, Senate card and inhabitant) fit their 128 bits,
/// and so those of any seat: `Data` checks it when the tables load.
pub(in super::super) fn keys_fit(data: &Data) -> bool {
    let cards = |kind| data.senate_cards.iter().filter(|c| c.kind == kind).count();
    let mut sites = sites_of(data.provinces.iter().map(|p| p.region), cards(SenateKind::Colonia));
    lay_out_keys(&mut sites, data.inhabitants.len(), cards(SenateKind::Legatus)).is_some()
}

/// The optimal housing (8.3): for each inhabitant in id order, its site index or `None` (unhoused).
pub fn optimal_housing(h: &Holdings) -> Vec<Option<usize>> {
    let (provinces, colonias, inhabitants) = sites_and_inhabitants(h);
    let cards = &h.cards;
    let matronae = count_kind(cards, SenateKind::Matrona);
    let patres = count_kind(cards, SenateKind::Paterfamilias);
    let tribuni = count_kind(cards, SenateKind::Tribunus);
    let mut sites = sites_of(
        provinces.iter().map(|p| DATA.provinces[p.0 as usize].region),
        colonias.len(),
    );
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
    let legati = count_kind(cards, SenateKind::Legatus) as usize;
    let layout = lay_out_keys(&mut sites, people.len(), legati)
        .expect("every tile, Colonia, inhabitant and Legatus fit a key: DATA checks it when it loads");
    let mut solver = Solver {
        sites,
        people,
        remaining,
        legati,
        praefecti: count_kind(cards, SenateKind::Praefectus),
        layout,
        memo: HashMap::with_capacity_and_hasher(MEMO_RESERVED, Default::default()),
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
