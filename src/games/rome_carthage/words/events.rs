//! The events' words by group: the setting up, the turns, the moves and the combats.

use super::super::card::Rank;
use super::super::event::{Event, MovedStep, Resolution, StateOwner};
use super::super::ids::{SeatId, Side, SpecialKind, StateId, TeamId};
use super::super::outcome::Outcome;
use super::{
    WORDS, a_rank, attacking, bare_ranks, card_count, card_name, city_name, clauses, hand_ranks, is_eliminated,
    kings_out, piece_count, piece_name, route, seat_name, seat_names, some_ranks, special_kind_name, special_name,
    states, team_name, turn_count,
};
use crate::engine::Lang;
use crate::engine::catalog::key;
use crate::engine::words::{capitalized, listed};
use crate::text;

/// The setting up, to the choice of the special cards (`describe` sends only these).
pub(super) fn setup(event: &Event, lang: Lang) -> String {
    match event {
        Event::TeamsDrawn { team_a, team_b } => {
            text!(WORDS, lang, "teams-drawn", a = states(team_a, lang), b = states(team_b, lang))
        }
        Event::StatesAssigned { owners, solo } => owned_states(owners, *solo, lang),
        Event::HandDealt {
            seat,
            count,
            cards,
            ranks,
            ..
        } => hand_dealt(*seat, *count, hand_ranks(cards.as_deref(), ranks.as_deref()), lang),
        Event::QueensRemoved { seat, ranks } => {
            text!(WORDS, lang, "queens-removed", name = seat_name(*seat, lang), count = ranks.len())
        }
        Event::TalonShuffled { count, .. } => text!(WORDS, lang, "talon-shuffled", cards = card_count(*count, lang)),
        Event::StartingCard { card, starter } => {
            let (card, name) = (card_name(*card, lang), seat_name(*starter, lang));
            text!(WORDS, lang, "starting-card", card = card, name = name)
        }
        Event::TurnOrderFixed { order } => text!(WORDS, lang, "turn-order", who = seat_names(order, lang)),
        Event::TalonsSplit {
            team_a_count,
            team_b_count,
            ..
        } => text!(WORDS, lang, "talons-split", packets = packets(*team_a_count, *team_b_count, lang)),
        Event::TalonsRefilled {
            team_a_count,
            team_b_count,
            ..
        } => text!(WORDS, lang, "talons-refilled", packets = packets(*team_a_count, *team_b_count, lang)),
        Event::SpecialsDealt {
            betrayal,
            sedition,
            chooser,
            ..
        } => specials_dealt(*betrayal, *sedition, *chooser, lang),
        Event::SpecialChoiceOpened { choosers } => {
            text!(WORDS, lang, "special-choice", who = seat_names(choosers, lang), count = choosers.len())
        }
        _ => unreachable!("describe sends only the setting up here"),
    }
}

/// The placement of the pieces, a turn's start and end, its draw, the offers of a draw, the sieges and the game's end
/// (`describe` sends only these).
pub(super) fn turns(event: &Event, lang: Lang) -> String {
    let tell = |message: &str, seat: &SeatId| text!(WORDS, lang, message, name = seat_name(*seat, lang));
    match event {
        Event::PlacementTurnStarted { seat, round, quota } => {
            let (name, pieces) = (seat_name(*seat, lang), piece_count(u32::from(*quota), lang));
            text!(WORDS, lang, "placement-turn", name = name, round = *round, pieces = pieces)
        }
        Event::PiecePlaced { seat, piece, city } => {
            let (name, piece, city) = (seat_name(*seat, lang), piece_name(*piece, lang), city_name(*city));
            text!(WORDS, lang, "piece-placed", name = name, piece = piece, city = city)
        }
        Event::TurnStarted { seat, round } => {
            text!(WORDS, lang, "turn-started", name = seat_name(*seat, lang), round = *round)
        }
        Event::TalonReformed { count, .. } => text!(WORDS, lang, "talon-reformed", cards = card_count(*count, lang)),
        Event::CardDrawn { seat, card, rank, .. } => {
            let name = seat_name(*seat, lang);
            match (card, rank) {
                (Some(card), _) => text!(WORDS, lang, "card-drawn", name = name, card = card_name(*card, lang)),
                (None, Some(rank)) => text!(WORDS, lang, "card-drawn", name = name, card = a_rank(*rank, lang)),
                (None, None) => text!(WORDS, lang, "card-drawn-hidden", name = name),
            }
        }
        Event::DrawSkipped { seat } => tell("draw-skipped", seat),
        Event::DrawOffered { seat, responders } => {
            let (name, who) = (seat_name(*seat, lang), seat_names(responders, lang));
            text!(WORDS, lang, "draw-offered", name = name, who = who)
        }
        Event::DrawAccepted { seat } => tell("draw-accepted", seat),
        Event::DrawDeclined { seat } => tell("draw-declined", seat),
        Event::MovesEnded { seat } => tell("moves-ended", seat),
        Event::SeatEliminated { seat, hand } => {
            let mut hand = hand.clone();
            hand.sort();
            let (name, cards) = (seat_name(*seat, lang), some_ranks(&hand, lang));
            text!(WORDS, lang, "seat-eliminated", name = name, cards = cards)
        }
        Event::SiegeEstablished { team, .. } => siege("siege-established", *team, None, lang),
        Event::SiegeBroken { team } => siege("siege-broken", *team, None, lang),
        Event::SiegeWitnessed { team, seat, .. } => siege("siege-witnessed", *team, Some(*seat), lang),
        Event::TurnEnded { seat, quiet_turns, .. } => match quiet_turns {
            0 => tell("turn-ended", seat),
            turns => {
                let (name, turns) = (seat_name(*seat, lang), turn_count(*turns, lang));
                text!(WORDS, lang, "turn-ended-quiet", name = name, turns = turns)
            }
        },
        Event::GameOver { result } => game_over(result, lang),
        _ => unreachable!("describe sends only the turns' events here"),
    }
}

/// The moves, with the forced marches and the special cards (`describe` sends only these).
pub(super) fn moves(event: &Event, lang: Lang) -> String {
    match event {
        Event::PieceMoved { .. } => piece_moved(event, lang),
        Event::MercenariesMoved {
            seat, steps, betrayal, ..
        } => {
            let steps: Vec<String> = steps.iter().map(|step| moved_step(step, lang)).collect();
            let message = if *betrayal {
                "mercenaries-moved-betrayal"
            } else {
                "mercenaries-moved"
            };
            text!(WORDS, lang, message, name = seat_name(*seat, lang), steps = listed(&steps, lang))
        }
        Event::ForcedMarchPaid { seat, cards } => {
            let ranks: Vec<Rank> = cards.iter().map(|disposal| disposal.rank).collect();
            let (name, paid, kings) = (seat_name(*seat, lang), some_ranks(&ranks, lang), kings_out(cards, lang));
            text!(WORDS, lang, "forced-march-paid", name = name, cards = paid, kings = kings)
        }
        Event::BetrayalPlayed { seat, card, target } => {
            let (name, card, target) = (seat_name(*seat, lang), special_name(*card, lang), seat_name(*target, lang));
            text!(WORDS, lang, "betrayal-played", name = name, card = card, target = target)
        }
        Event::SeditionPlayed {
            seat,
            card,
            city,
            eliminated,
            cancelled_attacker,
        } => {
            let held = cancelled_attacker.map_or_else(String::new, |attacker| {
                text!(WORDS, lang, "city-held", piece = piece_name(attacker, lang))
            });
            text!(
                WORDS,
                lang,
                "sedition-played",
                name = seat_name(*seat, lang),
                card = special_name(*card, lang),
                city = city_name(*city),
                out = is_eliminated(*eliminated, lang),
                held = held
            )
        }
        _ => unreachable!("describe sends only the moves here"),
    }
}

/// A combat, from its start to its outcome (`describe` sends only these).
pub(super) fn combat(event: &Event, lang: Lang) -> String {
    let tell = |message: &str, seat: &SeatId| text!(WORDS, lang, message, name = seat_name(*seat, lang));
    match event {
        Event::CombatStarted { .. } => combat_started(event, lang),
        Event::BaseCommitted {
            seat,
            count,
            automatic,
            ranks,
            ..
        } => base_committed(*seat, *count, *automatic, ranks.as_deref(), lang),
        Event::BasesRevealed {
            attacker,
            defender,
            spy_eligible,
        } => text!(
            WORDS,
            lang,
            "bases-revealed",
            attacker = some_ranks(attacker, lang),
            defender = some_ranks(defender, lang),
            spies = spy_eligible.len(),
            side = spy_eligible.first().map(key).unwrap_or_default()
        ),
        Event::DoubleSpy { disposals, .. } => text!(WORDS, lang, "double-spy", kings = kings_out(disposals, lang)),
        Event::SpyDeclined { seat } => tell("spy-declined", seat),
        Event::SpyDeclared { seat, disposals } => {
            let (name, kings) = (seat_name(*seat, lang), kings_out(disposals, lang));
            text!(WORDS, lang, "spy-declared", name = name, kings = kings)
        }
        Event::SpyBaseChosen { seat, ranks, .. } => {
            let (name, cards) = (seat_name(*seat, lang), some_ranks(ranks, lang));
            text!(WORDS, lang, "spy-base-chosen", name = name, cards = cards)
        }
        Event::CombatTied { attacker_total, .. } => text!(WORDS, lang, "combat-tied", total = *attacker_total),
        Event::ExtraAdded {
            seat, automatic, rank, ..
        } => {
            let (name, card) = (seat_name(*seat, lang), rank.map(|rank| a_rank(rank, lang)));
            let message = match (automatic, &card) {
                (true, Some(_)) => "extra-added-last",
                (true, None) => "extra-added-last-hidden",
                (false, Some(_)) => "extra-added",
                (false, None) => "extra-added-hidden",
            };
            text!(WORDS, lang, message, name = name, card = card.unwrap_or_default())
        }
        Event::ExtrasRevealed {
            attacker,
            defender,
            attacker_total,
            defender_total,
        } => text!(
            WORDS,
            lang,
            "extras-revealed",
            attacker = a_rank(*attacker, lang),
            defender = a_rank(*defender, lang),
            attacker_total = *attacker_total,
            defender_total = *defender_total
        ),
        Event::CombatResolved { .. } => combat_resolved(event, lang),
        _ => unreachable!("describe sends only the combats here"),
    }
}

fn hand_dealt(seat: SeatId, count: u32, shown: Option<Vec<Rank>>, lang: Lang) -> String {
    let (name, dealt) = (seat_name(seat, lang), card_count(count, lang));
    match shown {
        Some(shown) => {
            let shown = bare_ranks(&shown, lang);
            text!(WORDS, lang, "hand-dealt-shown", name = name, cards = dealt, ranks = shown)
        }
        None => text!(WORDS, lang, "hand-dealt", name = name, cards = dealt),
    }
}

/// A piece's move, by betrayal or not (`moves` sends only these).
fn piece_moved(event: &Event, lang: Lang) -> String {
    let Event::PieceMoved {
        seat,
        piece,
        from,
        path,
        cost,
        betrayal,
        attacks,
    } = event
    else {
        unreachable!("moves sends only a piece's move here")
    };
    let message = if *betrayal {
        "piece-moved-betrayal"
    } else {
        "piece-moved"
    };
    text!(
        WORDS,
        lang,
        message,
        name = seat_name(*seat, lang),
        piece = piece_name(*piece, lang),
        from = city_name(*from),
        route = route(path, "route-from", lang),
        double = if *cost > 1 { "yes" } else { "no" },
        attack = attacking(*attacks, lang)
    )
}

/// A combat's start (`combat` sends only these).
fn combat_started(event: &Event, lang: Lang) -> String {
    let Event::CombatStarted {
        city,
        attacker,
        defender,
        attacker_seat,
        defender_seat,
        need_attacker,
        need_defender,
        ..
    } = event
    else {
        unreachable!("combat sends only a combat's start here")
    };
    text!(
        WORDS,
        lang,
        "combat-started",
        city = city_name(*city),
        attacker = piece_name(*attacker, lang),
        attacker_seat = seat_name(*attacker_seat, lang),
        defender = piece_name(*defender, lang),
        defender_seat = seat_name(*defender_seat, lang),
        cards = card_count(u32::from(*need_attacker), lang),
        need = *need_defender
    )
}

fn base_committed(seat: SeatId, count: u32, automatic: bool, ranks: Option<&[Rank]>, lang: Lang) -> String {
    let cards = match ranks {
        Some(ranks) => some_ranks(ranks, lang),
        None => card_count(count, lang),
    };
    let message = match (count, automatic) {
        (0, _) => "base-none",
        (_, true) => "base-whole-hand",
        (_, false) => "base-committed",
    };
    text!(WORDS, lang, message, name = seat_name(seat, lang), cards = cards)
}

fn combat_resolved(event: &Event, lang: Lang) -> String {
    let Event::CombatResolved {
        city,
        attacker,
        defender,
        attacker_total,
        defender_total,
        winner,
        eliminated,
        resolution,
        disposals,
    } = event
    else {
        unreachable!("combat sends only a combat's outcome here")
    };
    let (winning, won, lost) = match winner {
        Side::Attacker => (*attacker, attacker_total, defender_total),
        Side::Defender => (*defender, defender_total, attacker_total),
    };
    let message = match resolution {
        Resolution::Totals => "combat-resolved",
        Resolution::EmptyHand => "combat-resolved-empty-hand",
    };
    text!(
        WORDS,
        lang,
        message,
        city = city_name(*city),
        piece = piece_name(winning, lang),
        won = *won,
        lost = *lost,
        out = is_eliminated(*eliminated, lang),
        kings = kings_out(disposals, lang)
    )
}

/// A siege's sentence, about a team (and the seat whose turn it was).
fn siege(message: &str, team: TeamId, seat: Option<SeatId>, lang: Lang) -> String {
    let name = seat.map(|seat| seat_name(seat, lang)).unwrap_or_default();
    text!(WORDS, lang, message, team = capitalized(&team_name(team, lang)), name = name)
}

/// "Tertius plays Rome and Byzance alone; Primus takes Carthage; Secundus takes Alexandrie."
fn owned_states(owners: &[StateOwner], solo: Option<SeatId>, lang: Lang) -> String {
    let mut seats: Vec<SeatId> = owners.iter().map(|owner| owner.seat).collect();
    seats.sort();
    seats.dedup();
    seats.sort_by_key(|seat| Some(*seat) != solo);
    let told: Vec<String> = seats
        .iter()
        .map(|seat| {
            let owned: Vec<StateId> = owners
                .iter()
                .filter(|owner| owner.seat == *seat)
                .map(|owner| owner.state)
                .collect();
            let message = if Some(*seat) == solo {
                "states-alone"
            } else {
                "states-taken"
            };
            text!(WORDS, lang, message, name = seat_name(*seat, lang), states = states(&owned, lang))
        })
        .collect();
    text!(WORDS, lang, "states-drawn", clauses = clauses(told, lang))
}

/// Who holds each special card of a team; a chooser is said to choose his.
fn specials_dealt(betrayal: SeatId, sedition: SeatId, chooser: Option<SeatId>, lang: Lang) -> String {
    let (betrayal_card, sedition_card) =
        (special_kind_name(SpecialKind::Betrayal, lang), special_kind_name(SpecialKind::Sedition, lang));
    if betrayal == sedition {
        let name = seat_name(betrayal, lang);
        return text!(WORDS, lang, "specials-both", name = name, betrayal = betrayal_card, sedition = sedition_card);
    }
    let ((first, first_card), (second, second_card)) = if chooser == Some(sedition) {
        ((sedition, sedition_card), (betrayal, betrayal_card))
    } else {
        ((betrayal, betrayal_card), (sedition, sedition_card))
    };
    text!(
        WORDS,
        lang,
        "specials-dealt",
        first = seat_name(first, lang),
        chooses = if chooser.is_some() { "yes" } else { "no" },
        first_card = first_card,
        second = seat_name(second, lang),
        second_card = second_card
    )
}

/// Each team's talon count: "Rome's team 10 cards, the team facing Rome 10".
fn packets(team_a: u32, team_b: u32, lang: Lang) -> String {
    let (a, b) = (team_name(TeamId::TeamA, lang), team_name(TeamId::TeamB, lang));
    text!(WORDS, lang, "packets", a = a, cards = card_count(team_a, lang), b = b, other = team_b)
}

/// "Rome's mercenary 1 from Capoue to Tarente, attacking Carthage's galley 1".
fn moved_step(step: &MovedStep, lang: Lang) -> String {
    let attack = step
        .attacks
        .map_or_else(String::new, |attacked| text!(WORDS, lang, "step-attacking", piece = piece_name(attacked, lang)));
    text!(
        WORDS,
        lang,
        "moved-step",
        piece = piece_name(step.piece, lang),
        from = city_name(step.from),
        to = city_name(step.to),
        attack = attack
    )
}

fn game_over(result: &Outcome, lang: Lang) -> String {
    let winners = result.winning_team.map_or_else(String::new, |team| {
        let info = match team {
            TeamId::TeamA => &result.teams.team_a,
            TeamId::TeamB => &result.teams.team_b,
        };
        let (who, owned) = (seat_names(&info.seats, lang), states(&info.states, lang));
        text!(WORDS, lang, "winners", who = who, states = owned, count = info.seats.len())
    });
    text!(WORDS, lang, "game-over", reason = key(result.end_reason), winners = winners, rounds = result.rounds)
}
