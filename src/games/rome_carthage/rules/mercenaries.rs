//! Two mercenaries in one move (7.1.2, D13): `move_mercenaries` and the two-mercenary betrayal share these checks,
//! their event and their listing.

use tinyvec::ArrayVec;

use super::main::{Blocks, can_end};
use super::{err, sid};
use crate::engine::RuleError;
use crate::games::rome_carthage::data::board;
use crate::games::rome_carthage::state::State;
use crate::games::rome_carthage::types::{CityId, Kind, MovedStep, Piece, RomeCarthageEvent as E, Step};

/// Why a two-mercenary move is refused; cheap to build, so that listing the legal pairs formats no message.
enum MercenaryProblem {
    StepCount,
    SamePiece,
    NotAMercenary(Piece),
    WrongOwner,
    NotOnBoard(Piece),
    Engaged(Piece),
    NotConnected(u8, CityId),
    SameDestination,
    Swap,
    DestinationBlocked(Step),
}

impl MercenaryProblem {
    fn error(self) -> RuleError {
        match self {
            Self::StepCount => err("bad_steps", "a two-mercenary move has exactly two steps"),
            Self::SamePiece => err("bad_steps", "the two steps must move two different mercenaries"),
            Self::NotAMercenary(piece) => err("not_a_mercenary", format!("{} is not a mercenary", piece.id())),
            Self::WrongOwner => err("wrong_owner", "both mercenaries must belong to the seat that moves"),
            Self::NotOnBoard(piece) => err("piece_not_on_board", format!("{} is not on the board", piece.id())),
            Self::Engaged(piece) => err(
                "piece_engaged",
                format!("{} is engaged in a combat and cannot move", piece.id()),
            ),
            Self::NotConnected(from, to) => err(
                "not_connected",
                format!("no road leads from {} to {}", CityId(from).id(), to.id()),
            ),
            Self::SameDestination => err("same_destination", "the two mercenaries must go to different cities"),
            Self::Swap => err("swap", "two mercenaries may not swap places"),
            Self::DestinationBlocked(step) => err(
                "destination_blocked",
                format!(
                    "{} cannot end in {}: it holds a friendly piece or a combat",
                    step.piece.id(),
                    step.to.id()
                ),
            ),
        }
    }
}

/// 7.1.2: two mercenaries of `owner` stepping at once; returns the steps in canonical piece order.
pub(super) fn check_mercenaries(s: &State, owner: u8, steps: &[Step]) -> Result<[Step; 2], RuleError> {
    mercenary_problem(s, owner, steps).map_err(MercenaryProblem::error)
}

fn mercenary_problem(s: &State, owner: u8, steps: &[Step]) -> Result<[Step; 2], MercenaryProblem> {
    let [mut a, mut b] = match steps {
        [a, b] => [*a, *b],
        _ => return Err(MercenaryProblem::StepCount),
    };
    if a.piece == b.piece {
        return Err(MercenaryProblem::SamePiece);
    }
    if b.piece < a.piece {
        std::mem::swap(&mut a, &mut b);
    }
    for step in [a, b] {
        if step.piece.kind() != Kind::Mercenary {
            return Err(MercenaryProblem::NotAMercenary(step.piece));
        }
        if s.owner_of(step.piece) != owner {
            return Err(MercenaryProblem::WrongOwner);
        }
        let Some(from) = s.city_of(step.piece) else {
            return Err(MercenaryProblem::NotOnBoard(step.piece));
        };
        if s.engaged(step.piece) {
            return Err(MercenaryProblem::Engaged(step.piece));
        }
        if !board().land[from as usize].contains(&step.to.0) {
            return Err(MercenaryProblem::NotConnected(from, step.to));
        }
    }
    if a.to == b.to {
        return Err(MercenaryProblem::SameDestination);
    }
    let (from_a, from_b) = (s.city_of(a.piece).unwrap_or(0), s.city_of(b.piece).unwrap_or(0));
    if a.to.0 == from_b && b.to.0 == from_a {
        return Err(MercenaryProblem::Swap);
    }
    let team = s.team_of_piece(a.piece);
    for (step, other) in [(a, b), (b, a)] {
        let leaving = s.city_of(other.piece) == Some(step.to.0);
        if !leaving && !can_end(s, team, step.to.0) {
            return Err(MercenaryProblem::DestinationBlocked(step));
        }
    }
    Ok([a, b])
}

/// The event of a checked two-mercenary move of `owner`'s mercenaries (`attacks`: an enemy in the destination).
pub(super) fn mercenary_event(s: &State, owner: u8, steps: [Step; 2], cost: u8, betrayal: bool) -> E {
    let moved: Vec<Piece> = steps.iter().map(|st| st.piece).collect();
    E::MercenariesMoved {
        seat: sid(owner),
        steps: steps
            .iter()
            .map(|st| MovedStep {
                piece: st.piece,
                from: CityId(s.city_of(st.piece).unwrap_or(0)),
                to: st.to,
                attacks: s.holder_of(st.to.0).filter(|p| !moved.contains(p)),
            })
            .collect(),
        cost,
        betrayal,
    }
}

/// Every legal two-mercenary move of `owner` (steps in canonical order), with the checks of `mercenary_problem`:
/// the ones of a single step (owner, on the board, not engaged, a land neighbour) hold by construction, and whether
/// a mercenary may end in a city is read from `blocks` (`Blocks::of(s)`), not checked for each pair of destinations.
pub(super) fn mercenary_pairs(s: &State, blocks: &Blocks, owner: u8, mut visit: impl FnMut([Step; 2])) {
    #[derive(Default)]
    struct Mercenary {
        piece: Piece,
        from: u8,
        /// Bit c set: it may end in city c (`Blocks::may_end`).
        may_end: u64,
    }
    // A seat owns at most two states of three mercenaries.
    let mercs: ArrayVec<[Mercenary; 6]> = (0..Piece::COUNT)
        .map(Piece)
        .filter(|&p| p.kind() == Kind::Mercenary && s.owner_of(p) == owner && !s.engaged(p))
        .filter_map(|p| {
            let from = s.city_of(p)?;
            let may_end = blocks.may_end(s.team_of_piece(p));
            Some(Mercenary {
                piece: p,
                from,
                may_end,
            })
        })
        .collect();
    let land = &board().land;
    for (i, a) in mercs.iter().enumerate() {
        for b in &mercs[i + 1..] {
            for &to_a in &land[a.from as usize] {
                // A step into the other mercenary's city is allowed: that one leaves it.
                if a.may_end & (1 << to_a) == 0 && to_a != b.from {
                    continue;
                }
                for &to_b in &land[b.from as usize] {
                    let swap = to_a == b.from && to_b == a.from;
                    if to_a == to_b || swap || (b.may_end & (1 << to_b) == 0 && to_b != a.from) {
                        continue;
                    }
                    let pair = [
                        Step {
                            piece: a.piece,
                            to: CityId(to_a),
                        },
                        Step {
                            piece: b.piece,
                            to: CityId(to_b),
                        },
                    ];
                    debug_assert!(mercenary_problem(s, owner, &pair).is_ok());
                    visit(pair);
                }
            }
        }
    }
}
