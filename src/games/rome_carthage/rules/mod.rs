//! Setup, `decide` with every automatic follow-up, and the legal-action lists, dispatching on the phase. One module per
//! step of the game flow (spec 4: setup, special choice, placement, turn start, main, draw offer, combats, turn end,
//! game end), with the two-mercenary moves (7.1.2) apart; the card helpers several of them share stay here.

mod combat;
mod draw_offer;
pub(super) mod game_over;
mod main;
mod mercenaries;
mod placement;
pub(super) mod setup;
mod special_choice;
mod turn_end;
mod turn_start;

use tinyvec::ArrayVec;

pub use main::main_phase_playout_action;
pub use setup::setup;

use super::evolve::evolve;
use super::state::{Phase, SpyStage, State};
use super::types::{Card, Destination, Disposal, Rank, RomeCarthageAction as A, RomeCarthageEvent as E, SeatId};
use crate::engine::{GameRng, RuleError};

/// The working copy of a decision: events are applied as they are emitted, so later steps see them.
pub struct Cx<'a> {
    pub s: State,
    pub events: Vec<E>,
    pub rng: &'a mut GameRng,
}

impl<'a> Cx<'a> {
    pub fn new(state: &State, rng: &'a mut GameRng) -> Self {
        Cx {
            s: state.clone(),
            events: Vec::new(),
            rng,
        }
    }

    pub fn emit(&mut self, event: E) {
        evolve(&mut self.s, &event);
        self.events.push(event);
    }
}

fn err(code: &'static str, message: impl Into<String>) -> RuleError {
    RuleError::new(code, message)
}

fn sid(seat: u8) -> SeatId {
    SeatId::of(seat as usize)
}

fn ranks_sorted(cards: &[Card]) -> Vec<Rank> {
    let mut ranks: Vec<Rank> = cards.iter().map(|c| c.rank()).collect();
    ranks.sort();
    ranks
}

// ---------------------------------------------------------------------------------------------------------------
// Cards, in the phases that handle them

fn rank_counts(cards: &[Card]) -> [u8; 13] {
    let mut counts = [0u8; 13];
    for c in cards {
        let n = &mut counts[c.rank().index() as usize];
        *n = n.saturating_add(1);
    }
    counts
}

/// The cards named by `ranks` are in the hand (as a multiset).
fn in_hand(s: &State, seat: u8, ranks: &[Rank]) -> Result<(), RuleError> {
    let have = rank_counts(&s.hands[seat as usize]);
    let mut want = [0u8; 13];
    for r in ranks {
        let n = &mut want[r.index() as usize];
        *n = n.saturating_add(1);
    }
    for i in 0..13 {
        if want[i] > have[i] {
            return Err(err(
                "card_not_in_hand",
                format!(
                    "you do not hold {} card(s) of rank {}",
                    want[i],
                    Rank::of(i as u8).token()
                ),
            ));
        }
    }
    Ok(())
}

/// Every sequence of three ranks, the one of ranks `a`, `b`, `c` at index `169 a + 13 b + c`: the card lists of listed
/// actions (at most three cards) are prefixes of these, borrowed rather than allocated (`types::Ranks`).
static RANK_TRIPLES: [[Rank; 3]; 13 * 13 * 13] = {
    let mut triples = [[Rank::R1; 3]; 13 * 13 * 13];
    let mut i = 0;
    while i < triples.len() {
        triples[i] = [Rank::ALL[i / 169], Rank::ALL[i / 13 % 13], Rank::ALL[i % 13]];
        i += 1;
    }
    triples
};

/// Calls `visit` with every multiset of `k` ranks (at most 3) from `counts` (cards per rank), in rank order, as a
/// static list (`RANK_TRIPLES`), so that the multisets cost no allocation.
fn for_each_multiset(mut counts: [u8; 13], k: usize, mut visit: impl FnMut(&'static [Rank])) {
    /// The weight of the rank at each position in `RANK_TRIPLES`' index.
    const WEIGHT: [usize; 3] = [169, 13, 1];
    fn rec<F: FnMut(&'static [Rank])>(
        counts: &mut [u8; 13],
        from: usize,
        k: usize,
        len: usize,
        index: usize,
        visit: &mut F,
    ) {
        if len == k {
            visit(&RANK_TRIPLES[index][..len]);
            return;
        }
        for r in from..13 {
            if counts[r] > 0 {
                counts[r] -= 1;
                rec(counts, r, k, len + 1, index + r * WEIGHT[len], visit);
                counts[r] += 1;
            }
        }
    }
    rec(&mut counts, 0, k, 0, 0, &mut visit);
}

/// Disposal of cards in the given order (7.5), counting kings from `kings_removed`.
fn disposals(groups: &[(u8, Vec<Rank>)], kings_removed: u8) -> Vec<Disposal> {
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
                seat: sid(*seat),
                rank,
                to,
            });
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------------------------
// decide

pub fn decide(state: &State, seat: usize, action: &A, rng: &mut GameRng) -> Result<Vec<E>, RuleError> {
    if state.phase == Phase::GameOver {
        return Err(err("game_over", "the game is over"));
    }
    if seat >= state.players {
        return Err(err("no_such_seat", "this seat is not in the game"));
    }
    let me = seat as u8;
    let mut cx = Cx::new(state, rng);
    match action {
        A::ChooseSpecial { card } => special_choice::choose(state, &mut cx, me, *card)?,
        A::Place { kind, city } => placement::place(state, &mut cx, me, *kind, *city)?,
        A::Move { piece, path } => main::move_piece(state, &mut cx, me, *piece, path)?,
        A::MoveMercenaries { steps } => main::move_mercenaries(state, &mut cx, me, steps)?,
        A::PayForcedMarch { cards } => main::pay_forced_march(state, &mut cx, me, cards)?,
        A::PlayBetrayal { piece, path, steps } => {
            main::play_betrayal(state, &mut cx, me, *piece, path.as_ref(), steps.as_ref())?
        }
        A::PlaySedition { city } => main::play_sedition(state, &mut cx, me, *city)?,
        A::EndMoves {} => main::end_moves(state, &mut cx, me)?,
        A::OfferDraw {} => draw_offer::offer(state, &mut cx, me)?,
        A::AcceptDraw {} => draw_offer::answer(state, &mut cx, me, true)?,
        A::DeclineDraw {} => draw_offer::answer(state, &mut cx, me, false)?,
        A::ChooseCombat { city } => combat::choose(state, &mut cx, me, *city)?,
        A::Commit { cards } => combat::commit(state, &mut cx, me, cards)?,
        A::DeclareSpy {} => combat::spy_decision(state, &mut cx, me, true)?,
        A::DeclineSpy {} => combat::spy_decision(state, &mut cx, me, false)?,
        A::SpyCommit { cards } => combat::spy_commit(state, &mut cx, me, cards)?,
        A::AddCard { card } => combat::add_card(state, &mut cx, me, *card)?,
    }
    Ok(cx.events)
}

// ---------------------------------------------------------------------------------------------------------------
// to_act and legal actions

/// The seats to act: at most one per seat, held inline since listing actions asks for them every time.
pub type Seats = ArrayVec<[usize; 4]>;

pub fn to_act(s: &State) -> Seats {
    match s.phase {
        Phase::Setup | Phase::GameOver => Seats::new(),
        Phase::SpecialChoice => {
            let mut seats: Seats = s.choosers.iter().map(|&(_, c)| c as usize).collect();
            seats.sort_by_key(|&x| s.order.iter().position(|&o| o as usize == x));
            seats
        }
        Phase::Placement => Seats::from_iter([s.placement.seat as usize]),
        Phase::Main => Seats::from_iter([s.active as usize]),
        Phase::DrawOffer => s
            .offer
            .as_ref()
            .and_then(|o| o.responders.get(o.accepted))
            .map(|&r| Seats::from_iter([r as usize]))
            .unwrap_or_default(),
        Phase::Combat => match &s.combat {
            None if s.pending.len() >= 2 => Seats::from_iter([s.active as usize]),
            None => Seats::new(),
            Some(c) => {
                if c.committed.contains(&false) {
                    (0..2)
                        .filter(|&i| !c.committed[i])
                        .map(|i| c.seats[i] as usize)
                        .collect()
                } else {
                    match c.spy {
                        SpyStage::Offered(side) | SpyStage::Declared(side) => {
                            Seats::from_iter([c.seats[side as usize] as usize])
                        }
                        SpyStage::Done if c.tie => (0..2)
                            .filter(|&i| !c.extra_pending[i])
                            .map(|i| c.seats[i] as usize)
                            .collect(),
                        _ => Seats::new(),
                    }
                }
            }
        },
    }
}

pub fn legal_actions(s: &State, seat: usize) -> Vec<A> {
    actions(s, seat, Listing::Every)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Listing {
    Every,
    /// Without the moves of pieces, alone or in mercenary pairs (the betrayal of a single piece stays).
    WithoutMoves,
}

fn actions(s: &State, seat: usize, listing: Listing) -> Vec<A> {
    if !to_act(s).contains(&seat) {
        return vec![];
    }
    let me = seat as u8;
    let mut out = Vec::new();
    match s.phase {
        Phase::Setup | Phase::GameOver => {}
        Phase::SpecialChoice => special_choice::list(&mut out),
        Phase::Placement => placement::list(s, me, &mut out),
        Phase::Main => main::list(s, me, listing, &mut out),
        Phase::DrawOffer => draw_offer::list(&mut out),
        Phase::Combat => combat::list(s, me, &mut out),
    }
    out
}
