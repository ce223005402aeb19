//! The special cards in `main`: betrayal (7.3), a move for an enemy seat, and sedition (7.4), the end of the enemy
//! piece holding one's occupied capital.

use super::decision::{Cx, Listing, err, require_main};
use super::game_over::{after_elimination, siege_update};
use super::mercenaries::{check_mercenaries, mercenary_event, mercenary_pairs};
use super::paths::{Blocks, check_path, paths_of, piece_event};
use crate::engine::{RuleCode, RuleError};
use crate::games::rome_carthage::action::{Action, Path, Step, Steps};
use crate::games::rome_carthage::city::CityId;
use crate::games::rome_carthage::data::board;
use crate::games::rome_carthage::event::Event;
use crate::games::rome_carthage::ids::{SpecialId, SpecialKind, seat_id};
use crate::games::rome_carthage::piece::Piece;
use crate::games::rome_carthage::state::State;

/// The special card of `kind` of the seat's team, when that seat holds it unused.
fn usable_special(state: &State, seat: u8, kind: SpecialKind) -> Option<SpecialId> {
    let card = SpecialId::of(state.team_of_seat(seat), kind);
    (state.special_holder[card.index()] == seat && !state.special_used[card.index()]).then_some(card)
}

/// The special card of `kind` the seat may play, or why it may not.
fn special_of(state: &State, seat: u8, kind: SpecialKind) -> Result<SpecialId, RuleError> {
    if let Some(card) = usable_special(state, seat, kind) {
        return Ok(card);
    }
    let card = SpecialId::of(state.team_of_seat(seat), kind);
    let name = kind.as_str();
    if state.special_holder[card.index()] != seat {
        return Err(err(RuleCode::NoSpecial, format!("you do not hold the {name} card")));
    }
    Err(err(RuleCode::SpecialUsed, format!("your {name} card has already been used")))
}

/// What a betrayal moves.
enum Betrayed<'a> {
    Piece(Piece, &'a Path),
    Mercenaries([Step; 2]),
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
    let require_enemy = |target: u8| -> Result<(), RuleError> {
        if state.team_of_seat(target) == state.team_of_seat(me) || !state.in_game(target) {
            return Err(err(RuleCode::NotAnEnemy, "a betrayal moves the pieces of an enemy seat still in the game"));
        }
        Ok(())
    };
    let (target, betrayed) = match (piece, path, steps) {
        (Some(piece), Some(path), None) => {
            let target = state.owner_of(piece);
            require_enemy(target)?;
            check_path(state, piece, path, true)?;
            (target, Betrayed::Piece(piece, path))
        }
        (None, None, Some(steps)) => {
            let target = steps.first().map(|step| state.owner_of(step.piece)).unwrap_or(me);
            require_enemy(target)?;
            (target, Betrayed::Mercenaries(check_mercenaries(state, target, steps)?))
        }
        _ => {
            return Err(err(RuleCode::BadBetrayal, "give either `piece` and `path`, or two mercenary `steps`"));
        }
    };
    cx.emit(Event::BetrayalPlayed {
        seat: seat_id(me),
        card,
        target: seat_id(target),
    });
    let event = match betrayed {
        Betrayed::Piece(piece, path) => piece_event(&cx.state, piece, path, 0, true),
        Betrayed::Mercenaries(steps) => mercenary_event(&cx.state, target, steps, 0, true),
    };
    cx.emit(event);
    siege_update(cx);
    Ok(())
}

/// `play_sedition`.
pub(super) fn play_sedition(state: &State, cx: &mut Cx, me: u8, city: CityId) -> Result<(), RuleError> {
    require_main(state, me)?;
    let card = special_of(state, me, SpecialKind::Sedition)?;
    let Some(own_state) = state
        .states_of(me)
        .find(|&owned| board().capital[owned as usize] == city.0)
    else {
        return Err(err(RuleCode::NotYourCapital, format!("{city} is not the capital of one of your states")));
    };
    let occupier = state.holder_of(city.0).filter(|_| state.capital_occupied(own_state));
    let Some(eliminated) = occupier else {
        return Err(err(RuleCode::NotOccupied, format!("{city} is not occupied by the enemy")));
    };
    let cancelled_attacker = state.pending_at(city.0).map(|index| state.pending[index].attacker);
    cx.emit(Event::SeditionPlayed {
        seat: seat_id(me),
        card,
        city,
        eliminated,
        cancelled_attacker,
    });
    after_elimination(cx, eliminated);
    Ok(())
}

/// The active seat's betrayals (single moves of each enemy piece, and with `Listing::Every` each enemy seat's
/// mercenary pairs), when it holds its betrayal card unused; `blocks`: `Blocks::of(state)`.
pub(super) fn list_betrayals(state: &State, me: u8, blocks: &Blocks, listing: Listing, out: &mut Vec<Action>) {
    if usable_special(state, me, SpecialKind::Betrayal).is_none() {
        return;
    }
    let my_team = state.team_of_seat(me);
    let enemies = (0..state.players as u8).filter(|&seat| state.in_game(seat) && state.team_of_seat(seat) != my_team);
    for enemy in enemies {
        for piece in state.pieces_of(enemy) {
            paths_of(state, blocks, piece, 1, true, |path| {
                out.push(Action::PlayBetrayal {
                    piece: Some(piece),
                    path: Some(path),
                    steps: None,
                })
            });
        }
        if listing == Listing::Every {
            mercenary_pairs(state, blocks, enemy, |steps| {
                out.push(Action::PlayBetrayal {
                    piece: None,
                    path: None,
                    steps: Some(steps.into()),
                })
            });
        }
    }
}

/// The active seat's seditions: each of its occupied capitals, when it holds its sedition card unused.
pub(super) fn list_seditions(state: &State, me: u8, out: &mut Vec<Action>) {
    if usable_special(state, me, SpecialKind::Sedition).is_none() {
        return;
    }
    for owned in state.states_of(me) {
        if state.capital_occupied(owned) {
            out.push(Action::PlaySedition {
                city: CityId(board().capital[owned as usize]),
            });
        }
    }
}
