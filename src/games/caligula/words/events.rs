//! The events' words by group: the cards moved, the conspiracy, the round's end, the effect steps and the setting up.

use super::super::data::DATA;
use super::super::event::{CandidateReplaced, Concerned, Event, SeatOrdo, SeatTotal};
use super::super::ids::{CardType, Deck, Extra, Kind, SeatId};
use super::super::outcome::Outcome;
use super::super::phase::Phase;
use super::{
    WORDS, augustus, candidate_letter, cards, civitas, clauses, coniura_symbols, deck_name, kinds_listed, ordo_list,
    seat_name, seats, some_cards, suit_name, victory_points,
};
use crate::engine::Lang;
use crate::engine::catalog::key;
use crate::engine::words::listed;
use crate::text;

/// A card drawn, discarded, stolen or played (`describe` sends only these).
pub(super) fn card_moved(event: &Event, lang: Lang) -> String {
    match event {
        Event::CardDrawn {
            seat,
            deck: from,
            count,
            kinds,
        } => {
            let name = seat_name(*seat, lang);
            match kinds {
                Some(kinds) => text!(WORDS, lang, "card-drawn-shown", name = name, cards = kinds_listed(kinds, lang)),
                None => {
                    let cards = some_cards(*count, lang);
                    text!(WORDS, lang, "card-drawn", name = name, cards = cards, deck = deck_name(*from))
                }
            }
        }
        Event::CardDiscarded { seat, kind, deck: to } => {
            let (name, card) = (seat_name(*seat, lang), cards(*kind, 1, lang));
            text!(WORDS, lang, "card-discarded", name = name, card = card, deck = deck_name(*to))
        }
        Event::CardStolen { thief, victim, kind } => {
            let card = kind.map_or_else(|| text!(WORDS, lang, "a-card"), |kind| cards(kind, 1, lang));
            let (thief, victim) = (seat_name(*thief, lang), seat_name(*victim, lang));
            text!(WORDS, lang, "card-stolen", thief = thief, victim = victim, card = card)
        }
        Event::CardPlayed { seat, kind, role } => {
            let (name, card) = (seat_name(*seat, lang), cards(*kind, 1, lang));
            text!(WORDS, lang, "card-played", role = key(role), name = name, card = card)
        }
        _ => unreachable!("describe sends only cards moved here"),
    }
}

/// The conspiracy, from its opening to the Pugio played against the emperor (`describe` sends only these).
pub(super) fn conspiracy(event: &Event, lang: Lang) -> String {
    let passed = |message: &str, seat: &SeatId, automatic: &bool| {
        let automatic = if *automatic { "yes" } else { "no" };
        text!(WORDS, lang, message, name = seat_name(*seat, lang), automatic = automatic)
    };
    match event {
        Event::ConspiracyOpened { final_conspiracy: true } => text!(WORDS, lang, "conspiracy-opened-final"),
        Event::ConspiracyOpened {
            final_conspiracy: false,
        } => text!(WORDS, lang, "conspiracy-opened"),
        Event::ConspiracyDeclined { seat, automatic } => passed("conspiracy-declined", seat, automatic),
        Event::ConspiracyPassed { seat, automatic } => passed("conspiracy-passed", seat, automatic),
        Event::DefencePassed { seat, automatic } => passed("defence-passed", seat, automatic),
        Event::StabDone { seat, automatic } => passed("stab-done", seat, automatic),
        Event::ConspiracyAccepted { seat, owed } => {
            let owed = coniura_symbols(*owed, lang);
            text!(WORDS, lang, "conspiracy-accepted", name = seat_name(*seat, lang), owed = owed)
        }
        Event::ConspiracyRaised { seat, total, .. } => {
            let total = coniura_symbols(*total, lang);
            text!(WORDS, lang, "conspiracy-raised", name = seat_name(*seat, lang), total = total)
        }
        Event::ConspiracyAbandoned {} => text!(WORDS, lang, "conspiracy-abandoned"),
        Event::ConspiracyFormed {
            leader,
            high,
            conspirators,
            ..
        } => conspiracy_formed(*leader, *high, conspirators, lang),
        Event::CandidateChosen {
            position,
            candidate,
            automatic,
        } => {
            let message = if *automatic {
                "candidate-chosen-only"
            } else {
                "candidate-chosen"
            };
            let (emperor, at) = (augustus(candidate, lang), candidate_letter(*position));
            text!(WORDS, lang, message, emperor = emperor, at = at)
        }
        Event::FavourMoved { seat, from, to, .. } => {
            let message = if from == to {
                "favour-left"
            } else {
                "favour-moved-event"
            };
            text!(WORDS, lang, message, name = seat_name(*seat, lang), place = to.name())
        }
        _ => unreachable!("describe sends only the conspiracy's events here"),
    }
}

/// The emperor's death or survival (`describe` sends only these).
pub(super) fn emperor_fate(event: &Event, lang: Lang) -> String {
    match event {
        Event::EmperorDied {
            emperor,
            life,
            stabs,
            new_emperor,
            vacated,
            new_candidate,
            leader,
            stabbers,
            ..
        } => {
            let died =
                text!(WORDS, lang, "emperor-dies", emperor = augustus(emperor, lang), stabs = *stabs, life = *life);
            let mut told = Vec::new();
            if let Some(new_emperor) = new_emperor {
                told.push(text!(WORDS, lang, "emperor-new", emperor = augustus(new_emperor, lang)));
            }
            if let (Some(new_candidate), Some(at)) = (new_candidate, vacated) {
                let (emperor, at) = (augustus(new_candidate, lang), candidate_letter(*at));
                told.push(text!(WORDS, lang, "candidate-new", emperor = emperor, at = at));
            }
            told.push(text!(WORDS, lang, "leader-point", name = seat_name(*leader, lang)));
            if !stabbers.is_empty() {
                let (who, count) = (seats(stabbers, lang), stabbers.len());
                told.push(text!(WORDS, lang, "stabbers-point", who = who, count = count));
            }
            text!(WORDS, lang, "emperor-died", died = died, clauses = clauses(told, lang))
        }
        Event::EmperorSurvived {
            emperor,
            life,
            stabs,
            returned_favours,
            ..
        } => text!(
            WORDS,
            lang,
            "emperor-survived",
            emperor = augustus(emperor, lang),
            stabs = *stabs,
            life = *life,
            who = seats(returned_favours, lang),
            count = returned_favours.len()
        ),
        _ => unreachable!("describe sends only the emperor's fate here"),
    }
}

/// The round's end and the game's (`describe` sends only these).
pub(super) fn round_end(event: &Event, lang: Lang) -> String {
    match event {
        Event::RoundEndPayment { emperor, vp, paid } => {
            let (emperor, points, who) = (augustus(emperor, lang), victory_points(*vp, lang), seats(paid, lang));
            text!(WORDS, lang, "round-end-payment", emperor = emperor, points = points, who = who)
        }
        Event::RoundEnded {
            round,
            next_round: true,
        } => {
            text!(WORDS, lang, "round-ended", round = *round, next = *round + 1)
        }
        Event::RoundEnded {
            round,
            next_round: false,
        } => text!(WORDS, lang, "round-ended-last", round = *round),
        Event::EmpireFell { returned_favours } => match returned_favours.as_slice() {
            [] => text!(WORDS, lang, "empire-fell"),
            returned => text!(WORDS, lang, "empire-fell-favours", who = seats(returned, lang)),
        },
        Event::GameOver { result } => game_over(result, lang),
        _ => unreachable!("describe sends only the round's end here"),
    }
}

/// An effect step's words, without the card it comes from (`describe` sends only effect steps).
pub(super) fn effect_step(event: &Event, lang: Lang) -> String {
    let Event::EffectStep {
        seat,
        op,
        option,
        alternative,
        vp_change,
        spqr_gained,
        spqr_lost,
        ordo_swapped_with,
        favour_to,
        candidate_replaced,
        life_change,
        pip_taken,
        ..
    } = event
    else {
        unreachable!("describe sends only effect steps here")
    };
    let name = seat_name(*seat, lang);
    let tell = |message: &str| text!(WORDS, lang, message, name = name.as_str());
    if option == "skip" {
        return tell("effect-skip");
    }
    if option == "none" {
        return tell("effect-none");
    }
    if let Some(change) = vp_change {
        let message = if *change < 0 {
            "effect-vp-lost"
        } else {
            "effect-vp-gained"
        };
        let points = victory_points(change.unsigned_abs(), lang);
        return text!(WORDS, lang, message, name = name, points = points);
    }
    if let Some((message, value)) = spqr_gained
        .map(|value| ("effect-spqr-gained", value))
        .or(spqr_lost.map(|value| ("effect-spqr-lost", value)))
    {
        return text!(WORDS, lang, message, name = name, value = value);
    }
    if let Some(holder) = ordo_swapped_with {
        return text!(WORDS, lang, "effect-ordo-swapped", name = name, holder = seat_name(*holder, lang));
    }
    if let Some(to) = favour_to {
        return text!(WORDS, lang, "favour-moved", name = name, place = to.name());
    }
    if let Some(CandidateReplaced { position, old, new, .. }) = candidate_replaced {
        let (old, new, at) = (augustus(old, lang), augustus(new, lang), candidate_letter(*position));
        return text!(WORDS, lang, "effect-candidate-replaced", name = name, old = old, new = new, at = at);
    }
    if let Some(change) = life_change {
        let message = if *change < 0 {
            "effect-life-lowered"
        } else {
            "effect-life-raised"
        };
        return text!(WORDS, lang, message, name = name, by = change.unsigned_abs());
    }
    if pip_taken.is_some() {
        return tell("effect-pip-taken");
    }
    effect_applied(&name, op, option, *alternative, lang)
}

pub(super) fn augustus_dealt(emperor: &str, removed: &[String], a: &str, b: &str, lang: Lang) -> String {
    let mut told = vec![text!(
        WORDS,
        lang,
        "augustus-emperor",
        emperor = augustus(emperor, lang)
    )];
    if !removed.is_empty() {
        let names: Vec<String> = removed.iter().map(|id| augustus(id, lang)).collect();
        told.push(text!(WORDS, lang, "augustus-removed", names = listed(&names, lang)));
    }
    let (a, b) = (augustus(a, lang), augustus(b, lang));
    told.push(text!(WORDS, lang, "augustus-candidates", a = a, b = b));
    text!(WORDS, lang, "augustus-dealt", clauses = clauses(told, lang))
}

pub(super) fn awaiting(phase: &Phase, lang: Lang) -> String {
    let (message, seat) = match phase {
        Phase::Setup => ("awaiting-setup", None),
        Phase::Placement { seat } => ("awaiting-placement", Some(seat)),
        Phase::EffectDecision { seat, .. } => ("awaiting-effect", Some(seat)),
        Phase::Complot { seat } => ("awaiting-complot", Some(seat)),
        Phase::ComplotPayment { seat, owed } => {
            let (name, owed) = (seat_name(*seat, lang), coniura_symbols(*owed, lang));
            return text!(WORDS, lang, "awaiting-payment", name = name, owed = owed);
        }
        Phase::FavourCandidate { seat } => ("awaiting-candidate", Some(seat)),
        Phase::FavourLeader { seat } | Phase::FavourConspirator { seat } => ("awaiting-favour", Some(seat)),
        Phase::Defence { seat } => ("awaiting-defence", Some(seat)),
        Phase::Stabbing { seat } => ("awaiting-stabbing", Some(seat)),
        Phase::GameOver => ("awaiting-game-over", None),
    };
    match seat {
        Some(seat) => text!(WORDS, lang, message, name = seat_name(*seat, lang)),
        None => text!(WORDS, lang, message),
    }
}

pub(super) fn token_placed(seat: SeatId, card: &str, value: Option<i8>, lang: Lang) -> String {
    let (name, card) = (seat_name(seat, lang), civitas(card, lang));
    match value {
        Some(value) => text!(WORDS, lang, "token-placed", name = name, value = value, card = card),
        None => text!(WORDS, lang, "token-placed-hidden", name = name, card = card),
    }
}

pub(super) fn sequentia_started(number: usize, card: &str, lang: Lang) -> String {
    match DATA.sequentia_index(card) {
        Some(index) => {
            let suits: Vec<String> = DATA.sequentia[index]
                .suits
                .iter()
                .map(|suit| suit_name(*suit))
                .collect();
            let suits = listed(&suits, lang);
            text!(WORDS, lang, "sequentia-started", number = number, suits = suits)
        }
        None => text!(WORDS, lang, "sequentia-started-unknown", number = number),
    }
}

pub(super) fn tokens_revealed(
    card: &str,
    card_type: CardType,
    totals: &[SeatTotal],
    concerned: &[Concerned],
    lang: Lang,
) -> String {
    let totals = match totals {
        [] => text!(WORDS, lang, "no-token"),
        totals => {
            let each: Vec<String> = totals
                .iter()
                .map(|total| text!(WORDS, lang, "seat-total", name = seat_name(total.seat, lang), total = total.total))
                .collect();
            text!(WORDS, lang, "totals", totals = listed(&each, lang))
        }
    };
    let who: Vec<String> = concerned
        .iter()
        .map(|seat| match seat.instances {
            1 => seat_name(seat.seat, lang),
            times => text!(WORDS, lang, "concerned-times", name = seat_name(seat.seat, lang), times = times),
        })
        .collect();
    text!(
        WORDS,
        lang,
        "tokens-revealed",
        card = civitas(card, lang),
        totals = totals,
        negative = if card_type == CardType::Negative { "yes" } else { "no" },
        count = who.len(),
        who = listed(&who, lang)
    )
}

/// An effect step told by its code and option, when it changed none of the recorded attributes (without the card
/// or the final period).
fn effect_applied(name: &str, op: &str, option: &str, alternative: Option<u8>, lang: Lang) -> String {
    match (op, option) {
        ("either", _) if alternative == Some(0) => text!(WORDS, lang, "effect-first", name = name),
        ("either", _) => text!(WORDS, lang, "effect-second", name = name),
        ("draw_coniura", _) | (_, "coniura") => {
            text!(WORDS, lang, "effect-draw", name = name, deck = deck_name(Deck::Coniura))
        }
        ("draw_pugio", _) | (_, "pugio") => {
            text!(WORDS, lang, "effect-draw", name = name, deck = deck_name(Deck::Pugio))
        }
        _ => {
            if let Some(kind) = Kind::parse(option) {
                text!(WORDS, lang, "effect-discard", name = name, card = cards(kind, 1, lang))
            } else if let Some(victim) = SeatId::ALL.into_iter().find(|seat| seat.name() == option) {
                text!(WORDS, lang, "effect-steal", name = name, victim = seat_name(victim, lang))
            } else {
                text!(WORDS, lang, "effect-applied", name = name)
            }
        }
    }
}

/// An effect step's words after the card it comes from: "Nobiles predilection 4: Sabinus gains 3 victory points."
pub(super) fn on_card(card: &str, what: &str, lang: Lang) -> String {
    text!(WORDS, lang, "on-card", card = civitas(card, lang), what = what)
}

pub(super) fn civitas_shifted(removed: &str, first: Option<&str>, second: Option<&str>, lang: Lang) -> String {
    let mut told = vec![text!(WORDS, lang, "civitas-removed", card = civitas(removed, lang))];
    if let Some(first) = first {
        told.push(text!(WORDS, lang, "civitas-first", card = civitas(first, lang)));
    }
    if let Some(second) = second {
        told.push(text!(WORDS, lang, "civitas-second", card = civitas(second, lang)));
    }
    text!(WORDS, lang, "civitas-shifted", clauses = listed(&told, lang))
}

pub(super) fn sequentia_extra(extra: Extra, ordo: Option<&[SeatOrdo]>, lang: Lang) -> String {
    match (extra, ordo) {
        (Extra::AllDrawConiura, _) => text!(WORDS, lang, "sequentia-all-draw"),
        (Extra::PassOrdoLeft, Some(ordo)) => {
            text!(WORDS, lang, "sequentia-pass-ordo-shown", ordo = ordo_list(ordo, lang))
        }
        (Extra::PassOrdoLeft, None) => text!(WORDS, lang, "sequentia-pass-ordo"),
    }
}

fn conspiracy_formed(leader: SeatId, high: u32, conspirators: &[SeatId], lang: Lang) -> String {
    let (name, bid) = (seat_name(leader, lang), coniura_symbols(high, lang));
    let others: Vec<SeatId> = conspirators.iter().copied().filter(|seat| *seat != leader).collect();
    match others.as_slice() {
        [] => text!(WORDS, lang, "conspiracy-formed-alone", name = name, bid = bid),
        others => {
            let others = seats(others, lang);
            text!(WORDS, lang, "conspiracy-formed", name = name, others = others, bid = bid)
        }
    }
}

fn game_over(result: &Outcome, lang: Lang) -> String {
    let points = result
        .winners
        .first()
        .and_then(|winner| result.scores.get(winner.name()))
        .map_or(0, |score| score.total);
    let message = if result.draw { "game-over-draw" } else { "game-over" };
    text!(WORDS, lang, message, who = seats(&result.winners, lang), points = points)
}
