//! Phase `main` (4.4): moves along paths (7.1.1), the forced march (7.1.3), betrayal (7.3), sedition (7.4), the end of
//! moves, and the main phase's listing and playout draw.

use rand::Rng;

use super::combat::run_combats;
use super::game_over::{after_elimination, siege_update};
use super::mercenaries::{check_mercenaries, mercenary_event, mercenary_pairs};
use super::{Cx, Listing, actions, disposals, err, for_each_multiset, in_hand, rank_counts, sid};
use crate::engine::{GameRng, RuleError};
use crate::games::rome_carthage::data::board;
use crate::games::rome_carthage::state::{Phase, State};
use crate::games::rome_carthage::types::{
    Card, CityId, Kind, MAX_PATH, Path, Piece, Rank, RomeCarthageAction as A, RomeCarthageEvent as E, SpecialId,
    SpecialKind, Steps,
};

/// The seat is active in `main`.
pub(super) fn require_main(s: &State, seat: u8) -> Result<(), RuleError> {
    if s.phase != Phase::Main {
        return Err(err("wrong_phase", "this is only possible during your moves"));
    }
    if s.active != seat {
        return Err(err("not_your_turn", "it is another seat's turn"));
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------------
// Paths (7.1.1)

/// Cost of a move of `len` steps by a piece of `kind`; `single`: a betrayal (one single move).
fn move_cost(kind: Kind, len: usize, single: bool) -> Option<u8> {
    match (kind, len) {
        (Kind::Chariot, 1 | 2) => Some(1),
        (Kind::Chariot, 3 | 4) if !single => Some(2),
        (_, 1) => Some(1),
        (Kind::Elephant | Kind::Galley | Kind::Mercenary, 2) if !single => Some(2),
        _ => None,
    }
}

fn network(kind: Kind) -> &'static [Vec<u8>] {
    if kind == Kind::Galley {
        &board().galley
    } else {
        &board().land
    }
}

/// An intermediate city a piece of `team` may pass through.
fn passable(s: &State, team: u8, city: u8) -> bool {
    s.pending_at(city).is_none() && s.holder_of(city).is_none_or(|p| s.team_of_piece(p) == team)
}

/// A city a piece of `team` may end in.
pub(super) fn can_end(s: &State, team: u8, city: u8) -> bool {
    s.pending_at(city).is_none() && s.holder_of(city).is_none_or(|p| s.team_of_piece(p) != team)
}

/// `passable` and `can_end` for every city at once, as bit sets (cities fit in 64 bits, see `MAX_CITIES`): listing
/// walks hundreds of paths, and reading a bit is cheaper than the holder and the pending combats of each city.
pub(super) struct Blocks {
    /// Cities with a pending combat.
    pending: u64,
    /// Cities held by a piece of team 0, of team 1.
    held: [u64; 2],
}

impl Blocks {
    pub(super) fn of(s: &State) -> Blocks {
        let mut blocks = Blocks {
            pending: 0,
            held: [0; 2],
        };
        for p in &s.pending {
            blocks.pending |= 1 << p.city;
        }
        // From the pieces' cities rather than the holders of every city: they differ only in a combat's city (the
        // attacker is there too, not holding it), and during `main` every combat is pending, so blocked anyway.
        for (state, pieces) in s.pos.chunks(7).enumerate() {
            let held = &mut blocks.held[usize::from(s.team_of_state[state] & 1)];
            for &city in pieces.iter().filter(|&&city| usize::from(city) < s.holder.len()) {
                *held |= 1 << city;
            }
        }
        blocks
    }

    /// The cities a piece of `team` may pass through (`passable`).
    fn passable(&self, team: u8) -> u64 {
        !(self.pending | self.held[usize::from(!team & 1)])
    }

    /// The cities a piece of `team` may end in (`can_end`).
    pub(super) fn may_end(&self, team: u8) -> u64 {
        !(self.pending | self.held[usize::from(team & 1)])
    }
}

/// 7.1.1: checks a path and returns its cost.
fn check_path(s: &State, piece: Piece, path: &[CityId], single: bool) -> Result<u8, RuleError> {
    let Some(start) = s.city_of(piece) else {
        return Err(err("piece_not_on_board", format!("{} is not on the board", piece.id())));
    };
    if s.engaged(piece) {
        return Err(err(
            "piece_engaged",
            format!("{} is engaged in a combat and cannot move", piece.id()),
        ));
    }
    let kind = piece.kind();
    let Some(cost) = move_cost(kind, path.len(), single) else {
        return Err(err(
            "bad_path_length",
            format!("a {} cannot move {} steps in one move", kind.as_str(), path.len()),
        ));
    };
    let net = network(kind);
    let mut previous = start;
    for (i, city) in path.iter().enumerate() {
        if !net[previous as usize].contains(&city.0) {
            let what = if kind == Kind::Galley {
                "sea lane or coast"
            } else {
                "road"
            };
            return Err(err(
                "not_connected",
                format!("no {what} leads from {} to {}", CityId(previous).id(), city.id()),
            ));
        }
        if city.0 == start || path[..i].contains(city) {
            return Err(err("path_repeats", "a path may not visit a city twice"));
        }
        previous = city.0;
    }
    let team = s.team_of_piece(piece);
    for city in &path[..path.len() - 1] {
        if !passable(s, team, city.0) {
            return Err(err(
                "path_blocked",
                format!(
                    "{} cannot pass through {}: it holds an enemy piece or a combat",
                    piece.id(),
                    city.id()
                ),
            ));
        }
    }
    let end = path[path.len() - 1].0;
    if !can_end(s, team, end) {
        return Err(err(
            "destination_blocked",
            format!(
                "{} cannot end in {}: it holds a friendly piece or a combat",
                piece.id(),
                CityId(end).id()
            ),
        ));
    }
    Ok(cost)
}

fn piece_event(s: &State, piece: Piece, path: &[CityId], cost: u8, betrayal: bool) -> E {
    E::PieceMoved {
        seat: sid(s.owner_of(piece)),
        piece,
        from: CityId(s.city_of(piece).unwrap_or(0)),
        path: path.to_vec(),
        cost,
        betrayal,
        attacks: path.last().and_then(|c| s.holder_of(c.0)),
    }
}

/// Calls `visit` with every legal single-piece path for `piece` with a cost of at most `max_cost`; `blocks`:
/// `Blocks::of(s)`.
fn paths_of(s: &State, blocks: &Blocks, piece: Piece, max_cost: u8, single: bool, mut visit: impl FnMut(Path)) {
    let Some(start) = s.city_of(piece) else {
        return;
    };
    if s.engaged(piece) || max_cost == 0 {
        return;
    }
    let kind = piece.kind();
    let mut ends = [false; MAX_PATH + 1];
    for (len, end) in ends.iter_mut().enumerate() {
        *end = move_cost(kind, len, single).is_some_and(|c| c <= max_cost);
    }
    let team = s.team_of_piece(piece);
    let walker = Walker {
        net: network(kind),
        passable: blocks.passable(team),
        may_end: blocks.may_end(team),
        max_len: ends.iter().rposition(|&end| end).unwrap_or(0),
        ends,
    };
    walker.walk(start, 1 << start, &mut Path::new(), &mut visit);
}

/// Depth-first enumeration of paths (7.1.1), with the same predicates as `check_path`.
struct Walker {
    net: &'static [Vec<u8>],
    /// `Blocks::passable` and `Blocks::may_end` of the piece's team.
    passable: u64,
    may_end: u64,
    /// `ends[len]`: a path of `len` cities is within the budget.
    ends: [bool; MAX_PATH + 1],
    max_len: usize,
}

impl Walker {
    /// Extends `path`, which ends in `at`; `visited`: the start city and the path's cities, as bits.
    fn walk(&self, at: u8, visited: u64, path: &mut Path, visit: &mut impl FnMut(Path)) {
        for &next in &self.net[at as usize] {
            let bit = 1 << next;
            if visited & bit != 0 {
                continue;
            }
            path.push(CityId(next));
            if self.may_end & bit != 0 && self.ends[path.len()] {
                visit(*path);
            }
            if path.len() < self.max_len && self.passable & bit != 0 {
                self.walk(next, visited | bit, path, visit);
            }
            path.pop();
        }
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Forced march (7.1.3)

/// 7.1.3 as issue 16 amends it: "un minimum de 3 points en une ou plusieurs cartes", so overpaying is allowed. Zeros
/// still never pay (D16: they are kept forever and add nothing).
fn valid_payment(ranks: &[Rank]) -> bool {
    !ranks.iter().any(|r| r.is_zero()) && payment_value(ranks) >= 3
}

fn payment_value(ranks: &[Rank]) -> u32 {
    ranks.iter().map(|r| r.value()).sum()
}

/// The payments `legal_actions` lists, one per multiset: the valid ones from which no card can be removed, so the
/// list stays short while `decide` also takes any valid superset. None has more than three cards, since each
/// non-zero card is worth at least 1.
fn payments(cards: &[Card], mut visit: impl FnMut(&'static [Rank])) {
    let counts = rank_counts(cards);
    // In a minimal payment of two or three cards, the others are worth less than 3 without the smallest, so every
    // card is a 1 or a 2: the other ranks are left out of the search (the filter would drop them anyway).
    let mut ones_and_twos = [0; 13];
    ones_and_twos[..2].copy_from_slice(&counts[..2]);
    for k in 1..=3 {
        let counts = if k == 1 { counts } else { ones_and_twos };
        for_each_multiset(counts, k, |ranks| {
            let value = payment_value(ranks);
            if valid_payment(ranks) && ranks.iter().all(|r| value - r.value() < 3) {
                visit(ranks);
            }
        });
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Special cards (7.3, 7.4)

/// The special card of `kind` of the seat's team, when that seat holds it unused.
fn usable_special(s: &State, seat: u8, kind: SpecialKind) -> Option<SpecialId> {
    let card = SpecialId::of(s.team_of_seat(seat), kind);
    (s.special_holder[card.index()] == seat && !s.special_used[card.index()]).then_some(card)
}

fn special_of(s: &State, seat: u8, kind: SpecialKind) -> Result<SpecialId, RuleError> {
    if let Some(card) = usable_special(s, seat, kind) {
        return Ok(card);
    }
    let card = SpecialId::of(s.team_of_seat(seat), kind);
    let name = match kind {
        SpecialKind::Betrayal => "betrayal",
        SpecialKind::Sedition => "sedition",
    };
    if s.special_holder[card.index()] != seat {
        return Err(err("no_special", format!("you do not hold the {name} card")));
    }
    Err(err("special_used", format!("your {name} card has already been used")))
}

// ---------------------------------------------------------------------------------------------------------------
// decide

/// `move`.
pub(super) fn move_piece(state: &State, cx: &mut Cx, me: u8, piece: Piece, path: &Path) -> Result<(), RuleError> {
    require_main(state, me)?;
    if state.owner_of(piece) != me {
        return Err(err("not_your_piece", format!("{} is not yours", piece.id())));
    }
    let cost = check_path(state, piece, path, false)?;
    if state.turn.moves_used + cost > state.budget() {
        return Err(err(
            "over_budget",
            "this move costs more than your remaining moves (pay a forced march for a second move)",
        ));
    }
    cx.emit(piece_event(state, piece, path, cost, false));
    siege_update(cx);
    Ok(())
}

/// `move_mercenaries`.
pub(super) fn move_mercenaries(state: &State, cx: &mut Cx, me: u8, steps: &Steps) -> Result<(), RuleError> {
    require_main(state, me)?;
    let steps = check_mercenaries(state, me, steps)?;
    if state.turn.moves_used + 1 > state.budget() {
        return Err(err("over_budget", "you have no move left this turn"));
    }
    cx.emit(mercenary_event(state, me, steps, 1, false));
    siege_update(cx);
    Ok(())
}

/// `pay_forced_march`.
pub(super) fn pay_forced_march(state: &State, cx: &mut Cx, me: u8, cards: &[Rank]) -> Result<(), RuleError> {
    require_main(state, me)?;
    if state.turn.forced_march_paid {
        return Err(err("already_paid", "a forced march is paid at most once per turn"));
    }
    if !valid_payment(cards) {
        return Err(err("invalid_payment", "pay non-zero cards totalling at least 3"));
    }
    in_hand(state, me, cards)?;
    let cards = disposals(&[(me, cards.to_vec())], state.kings_removed);
    cx.emit(E::ForcedMarchPaid { seat: sid(me), cards });
    Ok(())
}

/// `play_betrayal`: `piece` and `path`, or two mercenary `steps` of the same enemy seat.
pub(super) fn play_betrayal(
    state: &State,
    cx: &mut Cx,
    me: u8,
    piece: Option<Piece>,
    path: Option<&Path>,
    steps: Option<&Steps>,
) -> Result<(), RuleError> {
    require_main(state, me)?;
    let card = special_of(state, me, SpecialKind::Betrayal)?;
    let my_team = state.team_of_seat(me);
    let target_ok = |target: u8| -> Result<(), RuleError> {
        if state.team_of_seat(target) == my_team || !state.in_game(target) {
            return Err(err(
                "not_an_enemy",
                "a betrayal moves the pieces of an enemy seat still in the game",
            ));
        }
        Ok(())
    };
    match (piece, path, steps) {
        (Some(piece), Some(path), None) => {
            let target = state.owner_of(piece);
            target_ok(target)?;
            check_path(state, piece, path, true)?;
            cx.emit(E::BetrayalPlayed {
                seat: sid(me),
                card,
                target: sid(target),
            });
            let event = piece_event(&cx.s, piece, path, 0, true);
            cx.emit(event);
        }
        (None, None, Some(steps)) => {
            let target = steps.first().map(|st| state.owner_of(st.piece)).unwrap_or(me);
            target_ok(target)?;
            let steps = check_mercenaries(state, target, steps)?;
            cx.emit(E::BetrayalPlayed {
                seat: sid(me),
                card,
                target: sid(target),
            });
            let event = mercenary_event(&cx.s, target, steps, 0, true);
            cx.emit(event);
        }
        _ => {
            return Err(err(
                "bad_betrayal",
                "give either `piece` and `path`, or two mercenary `steps`",
            ));
        }
    }
    siege_update(cx);
    Ok(())
}

/// `play_sedition`.
pub(super) fn play_sedition(state: &State, cx: &mut Cx, me: u8, city: CityId) -> Result<(), RuleError> {
    require_main(state, me)?;
    let card = special_of(state, me, SpecialKind::Sedition)?;
    let Some(st) = state.states_of(me).find(|&st| board().capital[st as usize] == city.0) else {
        return Err(err(
            "not_your_capital",
            format!("{} is not the capital of one of your states", city.id()),
        ));
    };
    if !state.capital_occupied(st) {
        return Err(err(
            "not_occupied",
            format!("{} is not occupied by the enemy", city.id()),
        ));
    }
    let Some(eliminated) = state.holder_of(city.0) else {
        return Err(err(
            "not_occupied",
            format!("{} is not occupied by the enemy", city.id()),
        ));
    };
    let cancelled_attacker = state.pending_at(city.0).map(|i| state.pending[i].attacker);
    cx.emit(E::SeditionPlayed {
        seat: sid(me),
        card,
        city,
        eliminated,
        cancelled_attacker,
    });
    after_elimination(cx, eliminated);
    Ok(())
}

/// `end_moves`: the combats follow.
pub(super) fn end_moves(state: &State, cx: &mut Cx, me: u8) -> Result<(), RuleError> {
    require_main(state, me)?;
    cx.emit(E::MovesEnded { seat: sid(me) });
    run_combats(cx);
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------------
// Listing

/// The active seat's legal actions in `main`; `listing` may leave out the moves (search playouts).
pub(super) fn list(s: &State, me: u8, listing: Listing, out: &mut Vec<A>) {
    let remaining = s.budget().saturating_sub(s.turn.moves_used);
    let blocks = Blocks::of(s);
    if listing == Listing::Every {
        // Moves run to dozens: one allocation rather than one per doubling.
        out.reserve(64);
        for p in (0..Piece::COUNT).map(Piece).filter(|&p| s.owner_of(p) == me) {
            paths_of(s, &blocks, p, remaining, false, |path| {
                out.push(A::Move { piece: p, path })
            });
        }
        if remaining >= 1 {
            mercenary_pairs(s, &blocks, me, |steps| {
                out.push(A::MoveMercenaries { steps: steps.into() })
            });
        }
    }
    if !s.turn.forced_march_paid {
        payments(&s.hands[me as usize], |cards| {
            out.push(A::PayForcedMarch { cards: cards.into() })
        });
    }
    if usable_special(s, me, SpecialKind::Betrayal).is_some() {
        let my_team = s.team_of_seat(me);
        for e in (0..s.players as u8).filter(|&e| s.in_game(e) && s.team_of_seat(e) != my_team) {
            for p in (0..Piece::COUNT).map(Piece).filter(|&p| s.owner_of(p) == e) {
                paths_of(s, &blocks, p, 1, true, |path| {
                    out.push(A::PlayBetrayal {
                        piece: Some(p),
                        path: Some(path),
                        steps: None,
                    })
                });
            }
            if listing == Listing::Every {
                mercenary_pairs(s, &blocks, e, |steps| {
                    out.push(A::PlayBetrayal {
                        piece: None,
                        path: None,
                        steps: Some(steps.into()),
                    })
                });
            }
        }
    }
    if usable_special(s, me, SpecialKind::Sedition).is_some() {
        for st in s.states_of(me) {
            if s.capital_occupied(st) {
                out.push(A::PlaySedition {
                    city: CityId(board().capital[st as usize]),
                });
            }
        }
    }
    if !s.turn.draw_offered {
        out.push(A::OfferDraw {});
    }
    out.push(A::EndMoves {});
}

/// A search's random playout move in the main phase: a piece (or one of the other actions: end of moves, a payment,
/// a special card) drawn first, then one of that piece's paths. Listing every path of every piece and every
/// two-mercenary pair at each step made up most of a search's time; the pairs are left out of playouts (the same
/// mercenaries still move one at a time) and draws are never offered, as `search_weight` asks.
pub fn main_phase_playout_action(s: &State, seat: usize, rng: &mut GameRng) -> Option<A> {
    let mut others = actions(s, seat, Listing::WithoutMoves);
    others.retain(|action| !matches!(action, A::OfferDraw {}));
    if others.is_empty() {
        return None;
    }
    let remaining = s.budget().saturating_sub(s.turn.moves_used);
    let mut pieces: Vec<Piece> = (0..Piece::COUNT)
        .map(Piece)
        .filter(|&p| s.owner_of(p) == seat as u8 && s.on_board(p) && !s.engaged(p))
        .collect();
    if remaining == 0 {
        pieces.clear();
    }
    let blocks = Blocks::of(s);
    let mut paths = Vec::new();
    loop {
        let pick = rng.random_range(0..pieces.len() + others.len());
        let Some(&piece) = pieces.get(pick) else {
            return Some(others.swap_remove(pick - pieces.len()));
        };
        pieces.swap_remove(pick);
        paths_of(s, &blocks, piece, remaining, false, |path| paths.push(path));
        if !paths.is_empty() {
            let path = paths.swap_remove(rng.random_range(0..paths.len()));
            return Some(A::Move { piece, path });
        }
    }
}
