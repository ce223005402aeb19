//! The optimal automatic housing of inhabitants (spec 8.1, 8.3).
//!
//! Among all feasible assignments, maximise (total, U), then take the lexicographically smallest assignment vector
//! (8.3). The optimum value of every partial assignment is memoised by a canonical key (sites of one class with the
//! same occupancy are interchangeable for the value), and the assignment is rebuilt by taking, for each inhabitant
//! in id order, the first option (sites by index, then unhoused) that keeps the optimum. This returns exactly the
//! assignment of the reference depth-first search.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::LazyLock;

use crate::games::alea_iacta_est::data::{DATA, SenateKind, Sex};

use super::fx_hasher::FxHasher;
use super::sites::{KEYS_FIT, KeyLayout, MAX_REGIONS, Site, lay_out_keys, sites_of};
use super::{Holdings, count_kind, sites_and_inhabitants};

/// Weight of one point of total against one point of U in the combined objective.
const BIG: i64 = 1 << 12;

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
    /// `remaining[person]`: bit `2 * region + woman` is set when someone of that region and sex is in
    /// `people[person..]`.
    remaining: Vec<u16>,
    /// Where the parts of a key other than the sites' counts are (`KeyLayout`).
    layout: KeyLayout,
    /// Optimum by key (`key`): a solve makes a few dozen entries and looks them up a hundred times.
    memo: HashMap<u128, i64, BuildHasherDefault<FxHasher>>,
}

/// Entries a solve makes room for at once: most make a few dozen.
const MEMO_RESERVED: usize = 128;

impl Solver {
    /// The gain and the new wildcard count of housing `person` in `site`, if allowed.
    fn option(&self, occ: &[Occupancy], wild: usize, person: usize, site: usize) -> Option<(i64, usize)> {
        let resident = self.people[person];
        let home = self.sites[site];
        let occupancy = occ[site];
        let (mine, other) = if resident.woman {
            (occupancy.woman, occupancy.man)
        } else {
            (occupancy.man, occupancy.woman)
        };
        if mine.is_some() {
            return None;
        }
        let mut wild = wild;
        match home.region {
            Some(region) if region != resident.region => wild += 1,
            Some(_) => {}
            None => {
                if other.is_some_and(|region| region != resident.region) {
                    wild += 1;
                }
            }
        }
        if wild > self.legati {
            return None;
        }
        let mut gain = resident.weight;
        if home.tile {
            if other.is_none() {
                gain += BIG;
            } else {
                gain += 2 * self.praefecti * BIG;
            }
        }
        Some((gain, wild))
    }

    /// Whether an earlier site has the class and the occupancy of `site`: housing a person in either leads to keys
    /// that are equal (`key`), hence to the same optimum, so `best` searches only the first of them.
    fn has_earlier_twin(&self, occ: &[Occupancy], site: usize) -> bool {
        let class = self.sites[site].class;
        (0..site).any(|earlier| self.sites[earlier].class == class && occ[earlier] == occ[site])
    }

    /// Whether housing `person` in the coloured `site` spends the last wildcard (`wild_after` after it) on a tile of
    /// a region someone still to come belongs to while a tile of a region nobody to come belongs to (and not the
    /// person's) would take the person with the same gain: that one's option is worth at least as much, so `best`
    /// skips this one. Without Praefectus the gain depends only on whether the other slot is taken, and with no
    /// wildcard left nobody to come can use the other tile; `site` left as it was serves them at least as well as
    /// with the person in it (a free slot, or a first occupant's point instead of nothing for a second).
    fn wastes_last_wildcard(&self, occ: &[Occupancy], person: usize, site: usize, wild_after: usize) -> bool {
        let resident = self.people[person];
        let Some(region) = self.sites[site].region else {
            return false;
        };
        let to_come = |region: u8| self.remaining[person + 1] & 0b11 << (2 * region as u32) != 0;
        if self.praefecti != 0 || wild_after != self.legati || region == resident.region || !to_come(region) {
            return false;
        }
        let free = |occupancy: Occupancy| if resident.woman { occupancy.woman } else { occupancy.man }.is_none();
        let paired = |occupancy: Occupancy| if resident.woman { occupancy.man } else { occupancy.woman }.is_some();
        self.sites.iter().zip(occ).any(|(other, &occupancy)| {
            other
                .region
                .is_some_and(|other_region| other_region != resident.region && !to_come(other_region))
                && free(occupancy)
                && paired(occupancy) == paired(occ[site])
        })
    }

    fn place(occ: &mut [Occupancy], resident: Person, site: usize) {
        if resident.woman {
            occ[site].woman = Some(resident.region);
        } else {
            occ[site].man = Some(resident.region);
        }
    }

    /// A canonical key of the occupancy for the optimum of persons `person..` with `wild` wildcards used. Sites of
    /// one class in the same state are interchangeable, so the key counts the sites of each class in each state
    /// (`CODES`); full sites are dead; coloured sites of regions no remaining person belongs to are reachable only
    /// with a wildcard, so only how many of them are empty, hold a man or hold a woman matters, capped at the
    /// wildcards left (and nothing once none is left); a lone occupant of a joker-like site keeps its region only
    /// while someone of the other sex and that region remains. Each count has a bit field wide enough for it
    /// (`lay_out_keys`), so the sum is exact.
    fn key(&self, occ: &[Occupancy], person: usize, wild: usize) -> u128 {
        let remaining = self.remaining[person];
        let pending = |region: u8, woman: bool| remaining & (1 << (2 * region as u32 + woman as u32)) != 0;
        let spare = self.legati.saturating_sub(wild);
        let mut foreign = [0usize; 3];
        let mut key = person as u128 | (wild as u128) << self.layout.wild;
        for (site, occupancy) in self.sites.iter().zip(occ) {
            let code = match (site.region, occupancy.man, occupancy.woman) {
                (_, Some(_), Some(_)) => continue,
                (_, None, None) => 0,
                (Some(_), Some(_), None) => 1,
                (Some(_), None, Some(_)) => 2,
                (None, Some(region), None) => {
                    if pending(region, true) {
                        3 + region as usize
                    } else {
                        1
                    }
                }
                (None, None, Some(region)) => {
                    if pending(region, false) {
                        3 + MAX_REGIONS + region as usize
                    } else {
                        2
                    }
                }
            };
            match site.region {
                Some(region) if !pending(region, false) && !pending(region, true) => foreign[code] += 1,
                _ => key += 1 << (usize::from(site.field) + code * usize::from(site.width)),
            }
        }
        let width = usize::from(self.layout.foreign_width);
        for (code, count) in foreign.into_iter().enumerate() {
            key |= (count.min(spare) as u128) << (usize::from(self.layout.foreign) + code * width);
        }
        key
    }

    /// The best combined gain for persons `person..` given the occupancy.
    fn best(&mut self, occ: &mut Vec<Occupancy>, wild: usize, person: usize) -> i64 {
        if person == self.people.len() {
            return 0;
        }
        if person + 1 == self.people.len() {
            // The last person: the best option's gain (or 0, unhoused) costs less to compute than the memo's key.
            return (0..self.sites.len())
                .filter_map(|site| self.option(occ, wild, person, site))
                .fold(0, |best, (gain, _)| best.max(gain));
        }
        let key = self.key(occ, person, wild);
        if let Some(&known) = self.memo.get(&key) {
            return known;
        }
        let mut best = self.best(occ, wild, person + 1);
        for site in 0..self.sites.len() {
            if let Some((gain, wild_after)) = self.option(occ, wild, person, site)
                && !self.has_earlier_twin(occ, site)
                && !self.wastes_last_wildcard(occ, person, site, wild_after)
            {
                let saved = occ[site];
                Self::place(occ, self.people[person], site);
                let value = gain + self.best(occ, wild_after, person + 1);
                occ[site] = saved;
                best = best.max(value);
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
        for person in 0..self.people.len() {
            let target = self.best(&mut occ, wild, person);
            let mut chosen = None;
            for site in 0..self.sites.len() {
                if let Some((gain, wild_after)) = self.option(&occ, wild, person, site) {
                    let saved = occ[site];
                    Self::place(&mut occ, self.people[person], site);
                    if gain + self.best(&mut occ, wild_after, person + 1) == target {
                        chosen = Some((site, wild_after));
                        break;
                    }
                    occ[site] = saved;
                }
            }
            match chosen {
                Some((site, wild_after)) => {
                    wild = wild_after;
                    out.push(Some(site));
                }
                None => out.push(None),
            }
        }
        out
    }
}

/// The optimal housing (8.3): for each inhabitant in id order, its site index or `None` (unhoused).
pub fn optimal_housing(holdings: &Holdings) -> Vec<Option<usize>> {
    LazyLock::force(&KEYS_FIT);
    let (provinces, colonias, inhabitants) = sites_and_inhabitants(holdings);
    let cards = &holdings.cards;
    let matronae = count_kind(cards, SenateKind::Matrona);
    let patres = count_kind(cards, SenateKind::Paterfamilias);
    let tribuni = count_kind(cards, SenateKind::Tribunus);
    let mut sites = sites_of(
        provinces
            .iter()
            .map(|province| DATA.provinces[province.0 as usize].region),
        colonias.len(),
    );
    let people: Vec<Person> = inhabitants
        .iter()
        .map(|inhabitant| {
            let tile = &DATA.inhabitants[inhabitant.0 as usize];
            let woman = tile.sex == Sex::Woman;
            let value = tile.value as i64;
            let bonus = if woman { matronae } else { patres } * (1 + (value == 3) as i64);
            Person {
                region: tile.region,
                woman,
                weight: (value + bonus - tribuni) * BIG - value,
            }
        })
        .collect();
    let mut remaining = vec![0u16; people.len() + 1];
    for person in (0..people.len()).rev() {
        let resident = people[person];
        remaining[person] = remaining[person + 1] | 1 << (2 * resident.region as u32 + resident.woman as u32);
    }
    let legati = count_kind(cards, SenateKind::Legatus) as usize;
    let layout = lay_out_keys(&mut sites, people.len(), legati)
        .expect("every tile, Colonia, inhabitant and Legatus fit a key: KEYS_FIT checks it");
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
pub fn wildcards_needed(holdings: &Holdings, assignment: &[Option<usize>]) -> Option<usize> {
    let (provinces, colonias, inhabitants) = sites_and_inhabitants(holdings);
    let sites = provinces.len() + colonias.len();
    let mut occ: Vec<(Option<u8>, Option<u8>)> = vec![(None, None); sites];
    let mut wild = 0;
    for (person, site) in assignment.iter().enumerate() {
        let Some(site) = *site else { continue };
        let tile = &DATA.inhabitants[inhabitants.get(person)?.0 as usize];
        let slot = if tile.sex == Sex::Woman {
            &mut occ.get_mut(site)?.1
        } else {
            &mut occ.get_mut(site)?.0
        };
        if slot.replace(tile.region).is_some() {
            return None;
        }
        if let Some(province) = provinces.get(site)
            && let Some(region) = DATA.provinces[province.0 as usize].region
            && region != tile.region
        {
            wild += 1;
        }
    }
    for (site, (man, woman)) in occ.iter().enumerate() {
        let generic = provinces
            .get(site)
            .is_none_or(|province| DATA.provinces[province.0 as usize].region.is_none());
        if generic
            && let (Some(man_region), Some(woman_region)) = (man, woman)
            && man_region != woman_region
        {
            wild += 1;
        }
    }
    Some(wild)
}
