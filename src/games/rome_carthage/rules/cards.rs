//! The card helpers several phases share: cards named by rank in the hand, the multisets listed actions name, and
//! where disposed-of cards go (7.5).

use crate::engine::{RuleCode, RuleError};
use crate::games::rome_carthage::card::{Card, Rank};
use crate::games::rome_carthage::event::{Destination, Disposal};
use crate::games::rome_carthage::ids::seat_id;
use crate::games::rome_carthage::state::State;

use super::decision::err;

pub(super) fn ranks_sorted(cards: &[Card]) -> Vec<Rank> {
    let mut ranks: Vec<Rank> = cards.iter().map(|card| card.rank()).collect();
    ranks.sort();
    ranks
}

/// The number of cards of each rank, by rank index.
fn count_ranks(ranks: impl IntoIterator<Item = Rank>) -> [u8; 13] {
    let mut counts = [0u8; 13];
    for rank in ranks {
        let count = &mut counts[rank.index() as usize];
        *count = count.saturating_add(1);
    }
    counts
}

pub(super) fn rank_counts(cards: &[Card]) -> [u8; 13] {
    count_ranks(cards.iter().map(|card| card.rank()))
}

/// The cards named by `ranks` are in the hand (as a multiset).
pub(super) fn in_hand(state: &State, seat: u8, ranks: &[Rank]) -> Result<(), RuleError> {
    let have = rank_counts(&state.hands[seat as usize]);
    let want = count_ranks(ranks.iter().copied());
    for (rank, (&wanted, &held)) in Rank::ALL.iter().zip(want.iter().zip(&have)) {
        if wanted > held {
            return Err(err(
                RuleCode::CardNotInHand,
                format!("you do not hold {wanted} card(s) of rank {}", rank.token()),
            ));
        }
    }
    Ok(())
}

/// Every sequence of three ranks, the one of ranks `a`, `b`, `c` at index `169 a + 13 b + c`: the card lists of listed
/// actions (at most three cards) are prefixes of these, borrowed rather than allocated (`action::Ranks`).
static RANK_TRIPLES: [[Rank; 3]; 13 * 13 * 13] = {
    let mut triples = [[Rank::R1; 3]; 13 * 13 * 13];
    let mut index = 0;
    while index < triples.len() {
        triples[index] = [
            Rank::ALL[index / 169],
            Rank::ALL[index / 13 % 13],
            Rank::ALL[index % 13],
        ];
        index += 1;
    }
    triples
};

/// Calls `visit` with every multiset of `size` ranks (at most 3) from `counts` (cards per rank), in rank order, as a
/// static list (`RANK_TRIPLES`), so that the multisets cost no allocation.
pub(super) fn for_each_multiset(mut counts: [u8; 13], size: usize, mut visit: impl FnMut(&'static [Rank])) {
    /// The weight of the rank at each position in `RANK_TRIPLES`' index.
    const WEIGHT: [usize; 3] = [169, 13, 1];
    fn extend<F: FnMut(&'static [Rank])>(
        counts: &mut [u8; 13],
        from: usize,
        size: usize,
        len: usize,
        index: usize,
        visit: &mut F,
    ) {
        if len == size {
            visit(&RANK_TRIPLES[index][..len]);
            return;
        }
        for rank in from..13 {
            if counts[rank] > 0 {
                counts[rank] -= 1;
                extend(counts, rank, size, len + 1, index + rank * WEIGHT[len], visit);
                counts[rank] += 1;
            }
        }
    }
    extend(&mut counts, 0, size, 0, 0, &mut visit);
}

/// Disposal of cards in the given order (7.5), counting kings from `kings_removed`.
pub(super) fn disposals(groups: &[(u8, Vec<Rank>)], kings_removed: u8) -> Vec<Disposal> {
    let mut kings = kings_removed;
    let mut out = Vec::new();
    for (seat, ranks) in groups {
        let mut ranks = ranks.clone();
        ranks.sort();
        for rank in ranks {
            let to = if rank.is_zero() {
                Destination::Hand
            } else if rank == Rank::K && kings < 2 {
                kings += 1;
                Destination::Removed
            } else {
                Destination::Discard
            };
            out.push(Disposal {
                seat: seat_id(*seat),
                rank,
                to,
            });
        }
    }
    out
}
