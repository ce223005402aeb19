//! Caligula's events and actions in words: the sentences in `locales/<code>.ftl`, French in the seed's own terms,
//! English in the spec's (README, "Words"). Cards are named from the data file; an event is told from what its viewer
//! sees of it, so a face-down token or a card drawn by another seat is told without its value or kind.

use super::Caligula;
use super::action::{Action, ConspiratorTarget, LeaderTarget};
use super::data::DATA;
use super::event::{CandidateReplaced, Concerned, Event, SeatOrdo, SeatTotal};
use super::ids::{CardType, Deck, Extra, Kind, Pos, SeatId, Suit};
use super::outcome::Outcome;
use super::phase::Phase;
use crate::engine::catalog::{Catalog, key};
use crate::engine::words::{capitalized, listed};
use crate::engine::{Game, Lang};
use crate::text;

/// The title's words (`locales/<code>.ftl`).
pub(crate) static WORDS: Catalog = crate::catalog!("locales");

/// An event, as its (already redacted) fields tell it: the setting up and the rounds here, the rest by group.
pub fn describe(event: &Event, lang: Lang) -> String {
    match event {
        Event::DecksShuffled {
            coniura_size,
            pugio_size,
            ..
        } => text!(
            WORDS,
            lang,
            "decks-shuffled",
            coniura = card_count(*coniura_size, lang),
            pugio = card_count(*pugio_size, lang)
        ),
        Event::CivitasDealt {
            suit,
            position_1,
            position_2,
            ..
        } => text!(
            WORDS,
            lang,
            "civitas-dealt",
            suit = suit_name(*suit),
            first = civitas(position_1, lang),
            second = civitas(position_2, lang)
        ),
        Event::AugustusDealt {
            emperor,
            removed,
            candidate_a,
            candidate_b,
            ..
        } => augustus_dealt(emperor, removed, candidate_a, candidate_b, lang),
        Event::SequentiaRow { row } => text!(WORDS, lang, "sequentia-row", count = row.len()),
        Event::OrdoDealt { ordo } => text!(WORDS, lang, "ordo-dealt", ordo = ordo_list(ordo, lang)),
        Event::Awaiting { phase } => awaiting(phase, lang),
        Event::TokenPlaced { seat, card, value, .. } => {
            let (name, card) = (seat_name(*seat, lang), civitas(card, lang));
            match value {
                Some(value) => text!(WORDS, lang, "token-placed", name = name, value = *value, card = card),
                None => text!(WORDS, lang, "token-placed-hidden", name = name, card = card),
            }
        }
        Event::PlacementEnded { round } => text!(WORDS, lang, "placement-ended", round = *round),
        Event::SequentiaStarted { index, card } => sequentia_started(index + 1, card, lang),
        Event::TokensRevealed {
            card,
            card_type,
            totals,
            concerned,
            ..
        } => tokens_revealed(card, *card_type, totals, concerned, lang),
        Event::EffectStep { card, .. } => on_card(card, &effect_step(event, lang), lang),
        Event::CivitasShifted {
            removed,
            position_1,
            position_2,
            ..
        } => civitas_shifted(removed, position_1.as_deref(), position_2.as_deref(), lang),
        Event::SequentiaExtra { extra, ordo } => sequentia_extra(*extra, ordo.as_deref(), lang),
        Event::CardDrawn { .. } | Event::CardDiscarded { .. } | Event::CardStolen { .. } | Event::CardPlayed { .. } => {
            card_moved(event, lang)
        }
        Event::ConspiracyOpened { .. }
        | Event::ConspiracyDeclined { .. }
        | Event::ConspiracyPassed { .. }
        | Event::ConspiracyAccepted { .. }
        | Event::ConspiracyRaised { .. }
        | Event::ConspiracyAbandoned {}
        | Event::ConspiracyFormed { .. }
        | Event::CandidateChosen { .. }
        | Event::FavourMoved { .. }
        | Event::DefencePassed { .. }
        | Event::StabDone { .. } => conspiracy(event, lang),
        Event::EmperorDied { .. }
        | Event::EmperorSurvived { .. }
        | Event::RoundEndPayment { .. }
        | Event::RoundEnded { .. }
        | Event::EmpireFell { .. }
        | Event::GameOver { .. } => round_end(event, lang),
    }
}

/// A card drawn, discarded, stolen or played (`describe` sends only these).
fn card_moved(event: &Event, lang: Lang) -> String {
    match event {
        Event::CardDrawn {
            seat,
            deck: from,
            count,
            kinds,
        } => {
            let name = seat_name(*seat, lang);
            match kinds {
                Some(kinds) => text!(
                    WORDS,
                    lang,
                    "card-drawn-shown",
                    name = name,
                    cards = kinds_listed(kinds, lang)
                ),
                None => {
                    let cards = some_cards(*count, lang);
                    text!(
                        WORDS,
                        lang,
                        "card-drawn",
                        name = name,
                        cards = cards,
                        deck = deck_name(*from)
                    )
                }
            }
        }
        Event::CardDiscarded { seat, kind, deck: to } => {
            let (name, card) = (seat_name(*seat, lang), cards(*kind, 1, lang));
            text!(
                WORDS,
                lang,
                "card-discarded",
                name = name,
                card = card,
                deck = deck_name(*to)
            )
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
fn conspiracy(event: &Event, lang: Lang) -> String {
    let passed = |message: &str, seat: &SeatId, automatic: &bool| {
        let automatic = if *automatic { "yes" } else { "no" };
        text!(
            WORDS,
            lang,
            message,
            name = seat_name(*seat, lang),
            automatic = automatic
        )
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
            text!(
                WORDS,
                lang,
                "conspiracy-accepted",
                name = seat_name(*seat, lang),
                owed = owed
            )
        }
        Event::ConspiracyRaised { seat, total, .. } => {
            let total = coniura_symbols(*total, lang);
            text!(
                WORDS,
                lang,
                "conspiracy-raised",
                name = seat_name(*seat, lang),
                total = total
            )
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

/// The emperor's fate, the round's end and the game's (`describe` sends only these).
fn round_end(event: &Event, lang: Lang) -> String {
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
            let died = text!(
                WORDS,
                lang,
                "emperor-dies",
                emperor = augustus(emperor, lang),
                stabs = *stabs,
                life = *life
            );
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
        Event::RoundEndPayment { emperor, vp, paid } => {
            let (emperor, points, who) = (augustus(emperor, lang), victory_points(*vp, lang), seats(paid, lang));
            text!(
                WORDS,
                lang,
                "round-end-payment",
                emperor = emperor,
                points = points,
                who = who
            )
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
fn effect_step(event: &Event, lang: Lang) -> String {
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
        return text!(
            WORDS,
            lang,
            "effect-ordo-swapped",
            name = name,
            holder = seat_name(*holder, lang)
        );
    }
    if let Some(to) = favour_to {
        return text!(WORDS, lang, "favour-moved", name = name, place = to.name());
    }
    if let Some(CandidateReplaced { position, old, new, .. }) = candidate_replaced {
        let (old, new, at) = (augustus(old, lang), augustus(new, lang), candidate_letter(*position));
        return text!(
            WORDS,
            lang,
            "effect-candidate-replaced",
            name = name,
            old = old,
            new = new,
            at = at
        );
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

/// A legal action, as a button says it.
pub fn label(action: &Action, lang: Lang) -> String {
    let with_card = |message: &str, kind: &Kind| text!(WORDS, lang, message, card = cards(*kind, 1, lang));
    match action {
        Action::PlaceToken { value, suit, position } => text!(
            WORDS,
            lang,
            "place-token",
            value = *value,
            suit = suit_name(*suit),
            position = *position
        ),
        Action::EffectChoice { option } => effect_choice(option, lang),
        Action::ComplotPass => text!(WORDS, lang, "complot-pass"),
        Action::ComplotAccept => text!(WORDS, lang, "complot-accept"),
        Action::ComplotRaise { total } => {
            text!(WORDS, lang, "complot-raise", total = coniura_symbols(*total, lang))
        }
        Action::PayConiura { kind } => with_card("pay-coniura", kind),
        Action::ChooseCandidate { candidate } => {
            text!(WORDS, lang, "choose-candidate", at = candidate_letter(*candidate))
        }
        Action::LeaderFavour {
            target: LeaderTarget::Candidate,
        }
        | Action::ConspiratorFavour {
            target: ConspiratorTarget::Candidate,
        } => text!(WORDS, lang, "favour-on-candidate"),
        Action::LeaderFavour {
            target: LeaderTarget::Emperor,
        }
        | Action::ConspiratorFavour {
            target: ConspiratorTarget::Emperor,
        } => text!(WORDS, lang, "favour-on-emperor"),
        Action::ConspiratorFavour {
            target: ConspiratorTarget::Stay,
        } => text!(WORDS, lang, "favour-stay"),
        Action::Defend { kind } => with_card("defend", kind),
        Action::DefendPass => text!(WORDS, lang, "defend-pass"),
        Action::Stab { kind } => with_card("stab", kind),
        Action::StabDone => text!(WORDS, lang, "stab-no-more"),
    }
}

/// The noun of a Coniura or Pugio card kind, as the seed and spec call them ("carte Coniura à double usage"), for the
/// tests; sentences name cards through the catalogs' own `cards-of-kind`.
#[cfg(test)]
pub(super) fn kind_noun(kind: Kind, plural: bool, lang: Lang) -> String {
    text!(
        WORDS,
        lang,
        "kind-noun",
        deck = deck_name(kind.deck()),
        dual = if matches!(kind, Kind::ConDual | Kind::PugDual) {
            "yes"
        } else {
            "no"
        },
        count = if plural { 2 } else { 1 }
    )
}

/// An SPQR token by its value ("SPQR token 3"), for the tests; sentences name it through the catalogs' own
/// `spqr-token`.
#[cfg(test)]
pub(super) fn spqr_token(value: i8, lang: Lang) -> String {
    text!(WORDS, lang, "spqr-token", value = value)
}

/// A Civitas card by its suit, type and value ("Nobiles predilection 4"): the cards have no printed name of their
/// own, and these are what the seed tells them by.
pub fn civitas(id: &str, lang: Lang) -> String {
    let Some(card) = DATA.civitas_index(id).map(|index| &DATA.civitas[index]) else {
        return text!(WORDS, lang, "civitas-unknown");
    };
    text!(
        WORDS,
        lang,
        "civitas",
        suit = suit_name(card.suit),
        kind = key(card.card_type),
        value = card.value
    )
}

/// An Augustus card by its name; the catalogs may spell one their own way (the seed's "Elagabalo").
fn augustus(id: &str, lang: Lang) -> String {
    text!(WORDS, lang, "augustus", id = id, name = capitalized(id))
}

/// A suit's name, the same in every language.
fn suit_name(suit: Suit) -> String {
    capitalized(&key(suit))
}

/// A deck's name, the same in every language: "Coniura", "Pugio".
fn deck_name(deck: Deck) -> String {
    capitalized(&key(deck))
}

fn seat_name(seat: SeatId, lang: Lang) -> String {
    Caligula::seat_name(seat.idx(), lang)
}

fn seats(ids: &[SeatId], lang: Lang) -> String {
    let named: Vec<String> = ids.iter().map(|seat| seat_name(*seat, lang)).collect();
    listed(&named, lang)
}

fn candidate_letter(position: Pos) -> &'static str {
    match position {
        Pos::A => "A",
        Pos::B => "B",
    }
}

/// `count` cards of one kind: "a Pugio card", "2 Pugio cards" ("une carte Pugio", "2 cartes Pugio").
fn cards(kind: Kind, count: usize, lang: Lang) -> String {
    text!(
        WORDS,
        lang,
        "cards-of-kind",
        deck = deck_name(kind.deck()),
        dual = if matches!(kind, Kind::ConDual | Kind::PugDual) {
            "yes"
        } else {
            "no"
        },
        count = count
    )
}

/// Drawn cards by kind, each kind once with its count.
fn kinds_listed(kinds: &[Kind], lang: Lang) -> String {
    let counted: Vec<String> = Kind::ALL
        .into_iter()
        .map(|kind| (kind, kinds.iter().filter(|drawn| **drawn == kind).count()))
        .filter(|(_, count)| *count > 0)
        .map(|(kind, count)| cards(kind, count, lang))
        .collect();
    listed(&counted, lang)
}

/// Cards whose kinds are not told: "a card", "2 cards".
fn some_cards(count: usize, lang: Lang) -> String {
    text!(WORDS, lang, "some-cards", count = count)
}

/// "1 card" / "17 cards" (French keeps 0 and 1 singular).
fn card_count(count: usize, lang: Lang) -> String {
    text!(WORDS, lang, "card-count", count = count)
}

fn coniura_symbols(count: u32, lang: Lang) -> String {
    text!(WORDS, lang, "coniura-symbols", count = count)
}

fn victory_points(count: u32, lang: Lang) -> String {
    text!(WORDS, lang, "victory-points", count = count)
}

/// Clauses of one sentence, one after the other ("a; b; c").
fn clauses(told: Vec<String>, lang: Lang) -> String {
    told.into_iter()
        .reduce(|first, next| text!(WORDS, lang, "clauses", first = first, next = next))
        .unwrap_or_default()
}

fn ordo_list(ordo: &[SeatOrdo], lang: Lang) -> String {
    let each: Vec<String> = ordo
        .iter()
        .map(|held| {
            text!(
                WORDS,
                lang,
                "ordo-held",
                name = seat_name(held.seat, lang),
                ordo = held.ordo
            )
        })
        .collect();
    listed(&each, lang)
}

fn augustus_dealt(emperor: &str, removed: &[String], a: &str, b: &str, lang: Lang) -> String {
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

fn awaiting(phase: &Phase, lang: Lang) -> String {
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

fn sequentia_started(number: usize, card: &str, lang: Lang) -> String {
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

fn tokens_revealed(
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
                .map(|total| {
                    text!(
                        WORDS,
                        lang,
                        "seat-total",
                        name = seat_name(total.seat, lang),
                        total = total.total
                    )
                })
                .collect();
            text!(WORDS, lang, "totals", totals = listed(&each, lang))
        }
    };
    let who: Vec<String> = concerned
        .iter()
        .map(|seat| match seat.instances {
            1 => seat_name(seat.seat, lang),
            times => text!(
                WORDS,
                lang,
                "concerned-times",
                name = seat_name(seat.seat, lang),
                times = times
            ),
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
                text!(
                    WORDS,
                    lang,
                    "effect-steal",
                    name = name,
                    victim = seat_name(victim, lang)
                )
            } else {
                text!(WORDS, lang, "effect-applied", name = name)
            }
        }
    }
}

/// An effect step's words after the card it comes from: "Nobiles predilection 4: Sabinus gains 3 victory points."
fn on_card(card: &str, what: &str, lang: Lang) -> String {
    text!(WORDS, lang, "on-card", card = civitas(card, lang), what = what)
}

/// The option of an effect decision, as a button says it. The option alone names it (each name belongs to one kind
/// of step), except `a` and `b`, which pick a candidate both to replace (CAND) and to back (FAV).
fn effect_choice(option: &str, lang: Lang) -> String {
    if let Some(kind) = Kind::parse(option) {
        return text!(WORDS, lang, "option-discard", card = cards(kind, 1, lang));
    }
    match SeatId::ALL.into_iter().find(|seat| seat.name() == option) {
        Some(victim) => text!(WORDS, lang, "option-steal", victim = seat_name(victim, lang)),
        None => text!(WORDS, lang, "effect-option", option = option),
    }
}

fn civitas_shifted(removed: &str, first: Option<&str>, second: Option<&str>, lang: Lang) -> String {
    let mut told = vec![text!(WORDS, lang, "civitas-removed", card = civitas(removed, lang))];
    if let Some(first) = first {
        told.push(text!(WORDS, lang, "civitas-first", card = civitas(first, lang)));
    }
    if let Some(second) = second {
        told.push(text!(WORDS, lang, "civitas-second", card = civitas(second, lang)));
    }
    text!(WORDS, lang, "civitas-shifted", clauses = listed(&told, lang))
}

fn sequentia_extra(extra: Extra, ordo: Option<&[SeatOrdo]>, lang: Lang) -> String {
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
            text!(
                WORDS,
                lang,
                "conspiracy-formed",
                name = name,
                others = others,
                bid = bid
            )
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
    text!(
        WORDS,
        lang,
        message,
        who = seats(&result.winners, lang),
        points = points
    )
}
