//! The housing sites (province tiles and Colonia cards) and the layout of their counts in the housing solver's memo
//! keys (`Solver::key` in `housing.rs`): each class of sites gets a bit field wide enough for its counts.

use std::sync::LazyLock;

use crate::games::alea_iacta_est::data::{DATA, Data, SenateKind};

/// A place where a man and a woman may live.
#[derive(Clone, Copy, Debug)]
pub(super) struct Site {
    /// Region of a coloured province; `None` for the joker and Colonia sites.
    pub(super) region: Option<u8>,
    /// A province tile (scores A, counts for Praefectus); false for Colonia.
    pub(super) tile: bool,
    /// Class for the canonical key: region index, 100 for the joker-like tiles, 101 for Colonia.
    pub(super) class: u8,
    /// The bit offset of its class's count of sites in code 0 in a memo key (`Solver::key`); the count of code `c`
    /// is `c * width` bits further.
    pub(super) field: u8,
    /// The width of its class's counts: enough bits for every site of the class.
    pub(super) width: u8,
}

/// Codes of a site's state in a key (`Solver::key`): empty, a man, a woman (of no region that matters), then a man
/// of each region whose women are still to come and a woman of each region whose men are still to come (joker-like
/// sites only).
const CODES: usize = 3 + 2 * MAX_REGIONS;

/// Regions the solver can tell apart: `Solver::remaining` holds two bits per region.
pub(super) const MAX_REGIONS: usize = 8;

/// The bit fields of a memo key besides the sites' counts (`Site::field`): the person to house, the wildcards used
/// and the counts of the coloured sites reachable only with a wildcard (`Solver::key`).
#[derive(Clone, Copy, Debug)]
pub(super) struct KeyLayout {
    pub(super) wild: u8,
    pub(super) foreign: u8,
    pub(super) foreign_width: u8,
}

/// Bits enough to count up to `count`.
fn bits_for(count: usize) -> u8 {
    (usize::BITS - count.leading_zeros()) as u8
}

/// Lays out the bit fields of the memo keys for these sites (`Site::field`, `KeyLayout`), or `None` when they need
/// more than 128 bits.
pub(super) fn lay_out_keys(sites: &mut [Site], people: usize, legati: usize) -> Option<KeyLayout> {
    let mut next = u32::from(bits_for(people));
    let wild = next;
    next += u32::from(bits_for(legati));
    let foreign = next;
    let foreign_width = bits_for(legati);
    next += 3 * u32::from(foreign_width);
    for site in 0..sites.len() {
        let class = sites[site].class;
        if let Some(first) = sites[..site].iter().find(|earlier| earlier.class == class) {
            (sites[site].field, sites[site].width) = (first.field, first.width);
            continue;
        }
        let width = bits_for(sites.iter().filter(|other| other.class == class).count());
        let codes = if sites[site].region.is_some() { 3 } else { CODES as u32 };
        sites[site].field = u8::try_from(next).ok()?;
        sites[site].width = width;
        next += codes * u32::from(width);
    }
    (next <= u128::BITS).then_some(KeyLayout {
        wild: wild as u8,
        foreign: foreign as u8,
        foreign_width,
    })
}

/// The sites of these provinces' tiles and of `colonias` Colonia cards, their key fields not laid out yet.
pub(super) fn sites_of(regions: impl Iterator<Item = Option<u8>>, colonias: usize) -> Vec<Site> {
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
/// and so those of any seat.
fn keys_fit(data: &Data) -> bool {
    let cards = |kind| data.senate_cards.iter().filter(|card| card.kind == kind).count();
    let mut sites = sites_of(data.provinces.iter().map(|province| province.region), cards(SenateKind::Colonia));
    lay_out_keys(&mut sites, data.inhabitants.len(), cards(SenateKind::Legatus)).is_some()
}

/// The tables' keys fit (`keys_fit`): checked once, at the first housing.
pub(super) static KEYS_FIT: LazyLock<()> = LazyLock::new(|| {
    assert!(
        keys_fit(&DATA),
        "the housing solver's memo keys count every site in 128 bits (rules/scoring/sites.rs)"
    );
});
