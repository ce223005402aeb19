//! Two mercenaries in one move (7.1.2, D13): `move_mercenaries` and the two-mercenary betrayal share these checks,
//! their event and their listing.

use tinyvec::ArrayVec;

use super::decision::err;
use super::paths::{Blocks, can_end};
use crate::engine::{RuleCode, RuleError};
use crate::games::rome_carthage::action::Step;
use crate::games::rome_carthage::city::CityId;
use crate::games::rome_carthage::data::board;
use crate::games::rome_carthage::event::{Event, MovedStep};
use crate::games::rome_carthage::ids::seat_id;
use crate::games::rome_carthage::piece::{Kind, Piece};
use crate::games::rome_carthage::state::State;

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
            Self::StepCount => err(RuleCode::BadSteps, "a two-mercenary move has exactly two steps"),
            Self::SamePiece => err(RuleCode::BadSteps, "the two steps must move two different mercenaries"),
            Self::NotAMercenary(piece) => err(RuleCode::NotAMercenary, format!("{piece} is not a mercenary")),
            Self::WrongOwner => err(RuleCode::WrongOwner, "both mercenaries must belong to the seat that moves"),
            Self::NotOnBoard(piece) => err(RuleCode::PieceNotOnBoard, format!("{piece} is not on the board")),
            Self::Engaged(piece) => {
                err(RuleCode::PieceEngaged, format!("{piece} is engaged in a combat and cannot move"))
            }
            Self::NotConnected(from, to) => {
                err(RuleCode::NotConnected, format!("no road leads from {} to {to}", CityId(from)))
            }
            Self::SameDestination => err(RuleCode::SameDestination, "the two mercenaries must go to different cities"),
            Self::Swap => err(RuleCode::Swap, "two mercenaries may not swap places"),
            Self::DestinationBlocked(Step { piece, to }) => err(
                RuleCode::DestinationBlocked,
                format!("{piece} cannot end in {to}: it holds a friendly piece or a combat"),
            ),
        }
    }
}

/// 7.1.2: two mercenaries of `owner` stepping at once; returns the steps in canonical piece order.
pub(super) fn check_mercenaries(state: &State, owner: u8, steps: &[Step]) -> Result<[Step; 2], RuleError> {
    mercenary_problem(state, owner, steps).map_err(MercenaryProblem::error)
}

fn mercenary_problem(state: &State, owner: u8, steps: &[Step]) -> Result<[Step; 2], MercenaryProblem> {
    let [mut first, mut second] = match steps {
        [first, second] => [*first, *second],
        _ => return Err(MercenaryProblem::StepCount),
    };
    if first.piece == second.piece {
        return Err(MercenaryProblem::SamePiece);
    }
    if second.piece < first.piece {
        std::mem::swap(&mut first, &mut second);
    }
    for step in [first, second] {
        if step.piece.kind() != Kind::Mercenary {
            return Err(MercenaryProblem::NotAMercenary(step.piece));
        }
        if state.owner_of(step.piece) != owner {
            return Err(MercenaryProblem::WrongOwner);
        }
        let Some(from) = state.city_of(step.piece) else {
            return Err(MercenaryProblem::NotOnBoard(step.piece));
        };
        if state.engaged(step.piece) {
            return Err(MercenaryProblem::Engaged(step.piece));
        }
        if !board().land[from as usize].contains(&step.to.0) {
            return Err(MercenaryProblem::NotConnected(from, step.to));
        }
    }
    if first.to == second.to {
        return Err(MercenaryProblem::SameDestination);
    }
    let from_first = state.city_of(first.piece).unwrap_or(0);
    let from_second = state.city_of(second.piece).unwrap_or(0);
    if first.to.0 == from_second && second.to.0 == from_first {
        return Err(MercenaryProblem::Swap);
    }
    let team = state.team_of_piece(first.piece);
    for (step, other) in [(first, second), (second, first)] {
        let leaving = state.city_of(other.piece) == Some(step.to.0);
        if !leaving && !can_end(state, team, step.to.0) {
            return Err(MercenaryProblem::DestinationBlocked(step));
        }
    }
    Ok([first, second])
}

/// The event of a checked two-mercenary move of `owner`'s mercenaries (`attacks`: an enemy in the destination).
pub(super) fn mercenary_event(state: &State, owner: u8, steps: [Step; 2], cost: u8, betrayal: bool) -> Event {
    let moved: Vec<Piece> = steps.iter().map(|step| step.piece).collect();
    Event::MercenariesMoved {
        seat: seat_id(owner),
        steps: steps
            .iter()
            .map(|step| MovedStep {
                piece: step.piece,
                from: CityId(state.city_of(step.piece).unwrap_or(0)),
                to: step.to,
                attacks: state.holder_of(step.to.0).filter(|piece| !moved.contains(piece)),
            })
            .collect(),
        cost,
        betrayal,
    }
}

/// Every legal two-mercenary move of `owner` (steps in canonical order), with the checks of `mercenary_problem`:
/// the ones of a single step (owner, on the board, not engaged, a land neighbour) hold by construction, and whether
/// a mercenary may end in a city is read from `blocks` (`Blocks::of(state)`), not checked for each pair of
/// destinations.
pub(super) fn mercenary_pairs(state: &State, blocks: &Blocks, owner: u8, mut visit: impl FnMut([Step; 2])) {
    #[derive(Default)]
    struct Mercenary {
        piece: Piece,
        from: u8,
        /// Bit c set: it may end in city c (`Blocks::may_end`).
        may_end: u64,
    }
    // A seat owns at most two states of three mercenaries.
    let mercenaries: ArrayVec<[Mercenary; 6]> = (0..Piece::COUNT)
        .map(Piece)
        .filter(|&piece| piece.kind() == Kind::Mercenary && state.owner_of(piece) == owner && !state.engaged(piece))
        .filter_map(|piece| {
            let from = state.city_of(piece)?;
            let may_end = blocks.may_end(state.team_of_piece(piece));
            Some(Mercenary { piece, from, may_end })
        })
        .collect();
    let land = &board().land;
    for (index, first) in mercenaries.iter().enumerate() {
        for second in &mercenaries[index + 1..] {
            for &to_first in &land[first.from as usize] {
                // A step into the other mercenary's city is allowed: that one leaves it.
                if first.may_end & (1 << to_first) == 0 && to_first != second.from {
                    continue;
                }
                for &to_second in &land[second.from as usize] {
                    let swap = to_first == second.from && to_second == first.from;
                    let blocked = second.may_end & (1 << to_second) == 0 && to_second != first.from;
                    if to_first == to_second || swap || blocked {
                        continue;
                    }
                    let pair = [
                        Step {
                            piece: first.piece,
                            to: CityId(to_first),
                        },
                        Step {
                            piece: second.piece,
                            to: CityId(to_second),
                        },
                    ];
                    debug_assert!(mercenary_problem(state, owner, &pair).is_ok());
                    visit(pair);
                }
            }
        }
    }
}
