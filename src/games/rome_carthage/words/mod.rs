//! Events and actions in words: the sentences in `locales/<code>.ftl`, French in the seed's own terms (États, galères,
//! marche forcée, talon, « espion »), English in the spec's. Cities and states by their names in the map file; cards
//! by rank, or by rank and suit where the event shows the card itself.

use fluent_bundle::FluentValue;

use super::RomeCarthage;
use super::action::{Action, Step};
use super::card::{Card, Rank};
use super::city::CityId;
use super::data::MAP_FILE;
use super::event::{Destination, Disposal, Event, Family};
use super::ids::{STATE_IDS, SeatId, SpecialId, SpecialKind, StateId, TeamId};
use super::piece::{Kind, Piece};
use crate::engine::catalog::{Catalog, key};
use crate::engine::words::{capitalized, listed};
use crate::engine::{Lang, Words};
use crate::text;

mod events;

use events::{combat, moves, setup, turns};

/// The title's words (`locales/<code>.ftl`).
pub(crate) static WORDS: Catalog = crate::catalog!("../locales");

impl Words for RomeCarthage {
    /// `event`, as its viewer may see it, in one sentence, by group: the setting up, the turns, the moves, the combats.
    fn describe(event: &Event, lang: Lang) -> String {
        match event.family() {
            Family::Setup => setup(event, lang),
            Family::Turns => turns(event, lang),
            Family::Moves => moves(event, lang),
            Family::Combat => combat(event, lang),
        }
    }

    /// A legal action, as a button says it.
    fn label(action: &Action, lang: Lang) -> String {
        let with_cards = |message: &str, cards: &[Rank]| text!(WORDS, lang, message, cards = some_ranks(cards, lang));
        let with_card =
            |message: &str, card: SpecialKind| text!(WORDS, lang, message, card = special_kind_name(card, lang));
        match action {
            Action::ChooseSpecial { card } => with_card("choose-special", *card),
            Action::Place { kind, city } => text!(WORDS, lang, "place", kind = kind.as_str(), city = city_name(*city)),
            Action::Move { piece, path } => capitalized(&movement(*piece, path, lang)),
            Action::MoveMercenaries { steps } => capitalized(&mercenaries(steps, lang)),
            Action::PayForcedMarch { cards } => with_cards("pay-forced-march", cards),
            Action::PlayBetrayal { piece, path, steps } => {
                let card = special_kind_name(SpecialKind::Betrayal, lang);
                let moved = match (piece, path, steps) {
                    (Some(piece), Some(path), _) => movement(*piece, path, lang),
                    (_, _, Some(steps)) => mercenaries(steps, lang),
                    _ => return with_card("play-special", SpecialKind::Betrayal),
                };
                text!(WORDS, lang, "play-betrayal", card = card, moved = moved)
            }
            Action::PlaySedition { city } => {
                let card = special_kind_name(SpecialKind::Sedition, lang);
                text!(WORDS, lang, "play-sedition", card = card, city = city_name(*city))
            }
            Action::OfferDraw {} => text!(WORDS, lang, "offer-draw"),
            Action::AcceptDraw {} => text!(WORDS, lang, "accept-draw"),
            Action::DeclineDraw {} => text!(WORDS, lang, "decline-draw"),
            Action::EndMoves {} => text!(WORDS, lang, "end-moves"),
            Action::ChooseCombat { city } => text!(WORDS, lang, "choose-combat", city = city_name(*city)),
            Action::Commit { cards } => with_cards("commit", cards),
            Action::DeclareSpy {} => text!(WORDS, lang, "declare-spy"),
            Action::DeclineSpy {} => text!(WORDS, lang, "decline-spy"),
            Action::SpyCommit { cards } => with_cards("spy-commit", cards),
            Action::AddCard { card } => text!(WORDS, lang, "add-card", card = a_rank(*card, lang)),
        }
    }
}
/// A seat by its name (the engine's, the same in every language: the seed gives seats no names, and the States a seat
/// plays are drawn at setup).
fn seat_name(seat: SeatId, lang: Lang) -> String {
    RomeCarthage::seat_name(seat.index(), lang)
}

fn seat_names(seats: &[SeatId], lang: Lang) -> String {
    let names: Vec<String> = seats.iter().map(|seat| seat_name(*seat, lang)).collect();
    listed(&names, lang)
}

/// A State's name in the map file.
fn state_name(state: StateId) -> &'static str {
    let id = STATE_IDS[usize::from(state.index())];
    MAP_FILE
        .states
        .iter()
        .find(|named| named.id == id)
        .map_or(id, |named| named.name.as_str())
}

fn states(states: &[StateId], lang: Lang) -> String {
    let names: Vec<String> = states.iter().map(|state| state_name(*state).to_owned()).collect();
    listed(&names, lang)
}

/// A city's name in the map file.
fn city_name(city: CityId) -> &'static str {
    MAP_FILE
        .cities
        .get(usize::from(city.0))
        .map_or("?", |named| named.name.as_str())
}

/// A piece with its State: "Rome's galley 2", "la galère 2 de Rome".
fn piece_name(piece: Piece, lang: Lang) -> String {
    // Galleys are numbered 1–2 and mercenaries 1–3 within their State (slots 2–3 and 4–6); 0 for the others.
    let number = match piece.kind() {
        Kind::Galley => piece.slot() - 1,
        Kind::Mercenary => piece.slot() - 3,
        Kind::Elephant | Kind::Chariot => 0,
    };
    text!(
        WORDS,
        lang,
        "piece",
        state = state_name(StateId::of(piece.state())),
        kind = piece.kind().as_str(),
        number = number
    )
}

/// "Carthage's chariot is eliminated", "la galère 1 de Carthage est éliminée".
fn is_eliminated(piece: Piece, lang: Lang) -> String {
    let name = piece_name(piece, lang);
    text!(WORDS, lang, "is-eliminated", piece = name, kind = piece.kind().as_str())
}

/// A rank as a catalog tells it apart: the faces by name, the others by number.
fn rank_value(rank: Rank) -> FluentValue<'static> {
    match rank {
        Rank::R1 => "ace".into(),
        Rank::J => "jack".into(),
        Rank::Q => "queen".into(),
        Rank::K => "king".into(),
        number => FluentValue::from(number.token().parse::<u8>().unwrap_or_default()),
    }
}

/// A rank as a word: "ace", "7", "jack"; "as", "7", "valet".
fn rank_name(rank: Rank, lang: Lang) -> String {
    text!(WORDS, lang, "rank", rank = rank_value(rank))
}

/// A rank with its article: "an ace", "an 8", "a king"; "un as", "une dame".
pub(super) fn a_rank(rank: Rank, lang: Lang) -> String {
    text!(WORDS, lang, "a-rank", rank = rank_value(rank))
}

/// Cards by rank, each with its article, in rank order: "an ace and a 2"; "no card" for none.
pub(super) fn some_ranks(ranks: &[Rank], lang: Lang) -> String {
    if ranks.is_empty() {
        return text!(WORDS, lang, "no-card");
    }
    let mut ranks = ranks.to_vec();
    ranks.sort();
    let named: Vec<String> = ranks.iter().map(|rank| a_rank(*rank, lang)).collect();
    listed(&named, lang)
}

/// Ranks as bare words in a listing: "2, 4, jack and king".
pub(super) fn bare_ranks(ranks: &[Rank], lang: Lang) -> String {
    let named: Vec<String> = ranks.iter().map(|rank| rank_name(*rank, lang)).collect();
    listed(&named, lang)
}

/// The ranks of a hand the event shows (by card to its owner, by rank to a partner), in rank order.
fn hand_ranks(cards: Option<&[Card]>, ranks: Option<&[Rank]>) -> Option<Vec<Rank>> {
    let mut shown: Vec<Rank> = match (cards, ranks) {
        (Some(cards), _) => cards.iter().map(|card| card.rank()).collect(),
        (None, Some(ranks)) => ranks.to_vec(),
        (None, None) => return None,
    };
    shown.sort();
    Some(shown)
}

/// A card the event shows by id: "the 7 of hearts", "l'as de pique".
pub(super) fn card_name(card: Card, lang: Lang) -> String {
    let suit = ["clubs", "diamonds", "hearts", "spades"][usize::from(card.suit().min(3))];
    text!(WORDS, lang, "card", rank = rank_value(card.rank()), suit = suit)
}

/// "1 card", "3 cards"; French counts 0 and 1 in the singular.
fn card_count(count: u32, lang: Lang) -> String {
    text!(WORDS, lang, "card-count", count = count)
}

fn piece_count(count: u32, lang: Lang) -> String {
    text!(WORDS, lang, "piece-count", count = count)
}

fn turn_count(count: u32, lang: Lang) -> String {
    text!(WORDS, lang, "turn-count", count = count)
}

/// ", a king leaves the game" when spent kings went out of the game (7.5), else nothing.
fn kings_out(disposals: &[Disposal], lang: Lang) -> String {
    let out = disposals
        .iter()
        .filter(|disposal| disposal.to == Destination::Removed)
        .count();
    text!(WORDS, lang, "kings-out", count = out)
}

/// A team named by what every event shows: team A holds Rome (D3), team B faces it.
fn team_name(team: TeamId, lang: Lang) -> String {
    let team = match team {
        TeamId::TeamA => "a",
        TeamId::TeamB => "b",
    };
    text!(WORDS, lang, "team", team = team, rome = state_name(StateId::Rome))
}

fn special_kind_name(kind: SpecialKind, lang: Lang) -> String {
    text!(WORDS, lang, "special", special = key(kind))
}

fn special_name(card: SpecialId, lang: Lang) -> String {
    let kind = match card {
        SpecialId::BetrayalTeamA | SpecialId::BetrayalTeamB => SpecialKind::Betrayal,
        SpecialId::SeditionTeamA | SpecialId::SeditionTeamB => SpecialKind::Sedition,
    };
    special_kind_name(kind, lang)
}

/// Clauses of one sentence, one after the other ("a; b; c").
fn clauses(told: Vec<String>, lang: Lang) -> String {
    told.into_iter()
        .reduce(|first, next| text!(WORDS, lang, "clauses", first = first, next = next))
        .unwrap_or_default()
}

/// " to Tarente via Capoue": where a path leads, through which cities, as `message` (route-from, route-towards) says.
fn route(path: &[CityId], message: &str, lang: Lang) -> String {
    let Some((last, through)) = path.split_last() else {
        return String::new();
    };
    let through: Vec<String> = through.iter().map(|city| city_name(*city).to_owned()).collect();
    let via = if through.is_empty() {
        String::new()
    } else {
        text!(WORDS, lang, "via", cities = listed(&through, lang))
    };
    text!(WORDS, lang, message, to = city_name(*last), via = via)
}

/// "move Rome's chariot to Tarente via Capoue" (a label's words, lower case).
fn movement(piece: Piece, path: &[CityId], lang: Lang) -> String {
    let (piece, route) = (piece_name(piece, lang), route(path, "route-towards", lang));
    text!(WORDS, lang, "move-piece", piece = piece, route = route)
}

/// "move Rome's mercenary 1 to Capoue and Rome's mercenary 2 to Tarente" (a label's words, lower case).
fn mercenaries(steps: &[Step], lang: Lang) -> String {
    let moved: Vec<String> = steps
        .iter()
        .map(|step| format!("{}{}", piece_name(step.piece, lang), route(&[step.to], "route-towards", lang)))
        .collect();
    text!(WORDS, lang, "move-mercenaries", moved = listed(&moved, lang))
}

/// " and attacks Carthage's elephant", when an attack is made.
fn attacking(attacks: Option<Piece>, lang: Lang) -> String {
    attacks.map_or_else(String::new, |attacked| text!(WORDS, lang, "attacking", piece = piece_name(attacked, lang)))
}
