//! Caligula's events and actions in words: the sentences in `locales/<code>.ftl`, French in the seed's own terms,
//! English in the spec's (README, "Words"). Cards are named from the data file; an event is told from what its viewer
//! sees of it, so a face-down token or a card drawn by another seat is told without its value or kind.

use super::Caligula;
use super::action::{Action, ConspiratorTarget, LeaderTarget};
use super::data::DATA;
use super::event::{Event, SeatOrdo};
use super::ids::{Deck, Kind, Pos, SeatId, Suit};
use crate::engine::Lang;
use crate::engine::Words;
use crate::engine::catalog::{Catalog, key};
use crate::engine::words::{capitalized, listed};
use crate::text;

mod events;

use events::{
    augustus_dealt, awaiting, card_moved, civitas_shifted, conspiracy, effect_step, emperor_fate, on_card, round_end,
    sequentia_extra, sequentia_started, token_placed, tokens_revealed,
};

/// The title's words (`locales/<code>.ftl`).
pub(crate) static WORDS: Catalog = crate::catalog!("../locales");

impl Words for Caligula {
    /// An event, as its (already redacted) fields tell it: the setting up and the rounds here, the rest by group.
    fn describe(event: &Event, lang: Lang) -> String {
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
            Event::TokenPlaced { seat, card, value, .. } => token_placed(*seat, card, *value, lang),
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
            Event::CardDrawn { .. }
            | Event::CardDiscarded { .. }
            | Event::CardStolen { .. }
            | Event::CardPlayed { .. } => card_moved(event, lang),
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
            Event::EmperorDied { .. } | Event::EmperorSurvived { .. } => emperor_fate(event, lang),
            Event::RoundEndPayment { .. }
            | Event::RoundEnded { .. }
            | Event::EmpireFell { .. }
            | Event::GameOver { .. } => round_end(event, lang),
        }
    }

    /// A legal action, as a button says it.
    fn label(action: &Action, lang: Lang) -> String {
        let with_card = |message: &str, kind: &Kind| text!(WORDS, lang, message, card = cards(*kind, 1, lang));
        match action {
            Action::PlaceToken { value, suit, position } => {
                text!(WORDS, lang, "place-token", value = *value, suit = suit_name(*suit), position = *position)
            }
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
    text!(WORDS, lang, "civitas", suit = suit_name(card.suit), kind = key(card.card_type), value = card.value)
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
        .map(|held| text!(WORDS, lang, "ordo-held", name = seat_name(held.seat, lang), ordo = held.ordo))
        .collect();
    listed(&each, lang)
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
