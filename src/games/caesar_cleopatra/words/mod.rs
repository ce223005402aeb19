//! Events and actions told in words (issue 31): the sentences in `locales/<code>.ftl`, English in the spec's terms,
//! French in seed 000's (Carlos Lopez's translation).
//! Events are told as the viewer's redaction left them: a field it took away is told as "a card", never guessed.

use super::CaesarCleopatra;
use super::action::Action;
use super::data::{VoteCardKind, data};
use super::event::{DrawReason, Event, Family, Mode, Origin, RevealCause, VoteKind, VoteOutcome};
use super::face::Face;
use super::ids::{Card, Group, ManipulationKind, SeatId};
use super::outcome::{Outcome, SeatNumbers};
use super::pile::Pile;
use super::value::InfluenceValue;
use crate::engine::Lang;
use crate::engine::Words;
use crate::engine::catalog::{Catalog, key};
use crate::engine::words::{capitalized, listed};
use crate::text;

mod events;

/// The title's words (`locales/<code>.ftl`).
pub(crate) static WORDS: Catalog = crate::catalog!("../locales");

/// A seat's name: the French rules say "César" and "Cléopâtre".
pub fn seat_name(seat: SeatId, lang: Lang) -> String {
    text!(WORDS, lang, "seat-name", seat = key(seat))
}

fn opponent(seat: SeatId) -> SeatId {
    SeatId::from_index(1 - seat.index())
}

/// A group's name, plural: "Senators" / "Sénateurs" (seed 001 names the five groups).
fn groups_name(group: Group, lang: Lang) -> String {
    text!(WORDS, lang, "group-name", group = key(group))
}

/// A manipulation card's name (the tests check it against the data's). Seed 000 §7 names four kinds by a Roman and
/// an Egyptian card: `owner` picks one; without an owner (a button names no seat) a kind goes by the name both cards
/// share, or the Roman one. Sentences name the cards through the catalogs' own `manipulation` message.
#[cfg(test)]
pub(super) fn manipulation_name(kind: ManipulationKind, owner: Option<SeatId>, lang: Lang) -> String {
    text!(WORDS, lang, "manipulation", kind = key(kind), owner = owner_key(owner))
}

fn owner_key(owner: Option<SeatId>) -> String {
    owner.map_or_else(|| "none".to_owned(), key)
}

/// An influence value alone: "4", "Philosopher" / "4", "Philosophe".
fn value_name(value: InfluenceValue, lang: Lang) -> String {
    if value.is_philosopher() {
        text!(WORDS, lang, "philosopher")
    } else {
        value.to_string()
    }
}

/// A card by its face alone, as in a list: "4", "Spy" / "4", "« Espionne »" (the seed quotes its card names so).
fn card_name(face: Face, owner: Option<SeatId>, lang: Lang) -> String {
    face_words(face, owner, lang, ["card-influence", "card-manipulation"])
}

/// A card by its face, with an article: "a 4", "an Assassination", "the Wrath of the Gods" (one per seat).
fn a_card(face: Face, owner: Option<SeatId>, lang: Lang) -> String {
    face_words(face, owner, lang, ["a-card-influence", "a-card-manipulation"])
}

/// A face told by the message for its sort: `messages` for an influence card, then for a manipulation card.
fn face_words(face: Face, owner: Option<SeatId>, lang: Lang, messages: [&str; 2]) -> String {
    match face {
        Face::Influence(value) => text!(WORDS, lang, messages[0], value = value_name(value, lang)),
        Face::Manipulation(kind) => text!(WORDS, lang, messages[1], kind = key(kind), owner = owner_key(owner)),
    }
}

/// "pile 1" / "pile de réserve n°1" (seed 000 §1.2).
fn pile_name(pile: Pile, lang: Lang) -> String {
    text!(WORDS, lang, "pile-name", number = pile.number())
}

/// "3 cards" / "3 cartes" ("1 carte", "0 carte" in French).
fn cards(count: u32, lang: Lang) -> String {
    text!(WORDS, lang, "cards", count = count)
}

/// A vote card: "the Aediles vote card", "an Orgy" / "la carte Suffrage des Édiles", "une carte « Orgie »".
fn vote_card(card: Card, lang: Lang) -> String {
    let (vote, group) = match data().vote_kind(card) {
        Some(VoteCardKind::Group(group)) => ("group", key(group)),
        Some(VoteCardKind::Orgy) => ("orgy", String::new()),
        Some(VoteCardKind::OrgyReshuffle) => ("orgy_reshuffle", String::new()),
        None => ("none", String::new()),
    };
    text!(WORDS, lang, "vote-card", vote = vote, group = group)
}

/// What a manipulation card aims at, after its name: " against Caesar's face-up 4 at the Aediles", " on the
/// Quaestors". `opponent` is named in an event; a button says "the opponent".
fn aim(
    kind: ManipulationKind,
    group: Option<Group>,
    target: Option<InfluenceValue>,
    groups: Option<&[Group]>,
    opponent: Option<SeatId>,
    lang: Lang,
) -> String {
    let name = opponent.map(|seat| seat_name(seat, lang)).unwrap_or_default();
    let opponent = owner_key(opponent);
    match (kind, group, target, groups) {
        (ManipulationKind::Spy, ..) => text!(WORDS, lang, "aim-spy", opponent = opponent, name = name),
        (_, Some(group), Some(target), _) => text!(
            WORDS,
            lang,
            "aim-target",
            opponent = opponent,
            name = name,
            value = value_name(target, lang),
            group = key(group)
        ),
        (_, _, _, Some([first, second])) => {
            text!(WORDS, lang, "aim-between", first = groups_name(*first, lang), second = groups_name(*second, lang))
        }
        (_, Some(group), None, _) => text!(WORDS, lang, "aim-group", group = key(group)),
        _ => String::new(),
    }
}

fn of_seat(numbers: &SeatNumbers, seat: SeatId) -> u32 {
    match seat {
        SeatId::Cleopatra => numbers.cleopatra,
        SeatId::Caesar => numbers.caesar,
    }
}

/// A sentence about `seat` (its name and, for the words that agree with it, its id) and a group.
fn about(lang: Lang, message: &str, seat: SeatId, group: Option<Group>) -> String {
    let group = group.map(key).unwrap_or_default();
    text!(WORDS, lang, message, name = seat_name(seat, lang), seat = key(seat), group = group)
}

impl Words for CaesarCleopatra {
    /// `event`, as its viewer may see it, in one sentence.
    fn describe(event: &Event, lang: Lang) -> String {
        match event.family() {
            Family::Setup => events::setup(event, lang),
            Family::Turn => events::turn(event, lang),
            Family::Manipulation => events::manipulation(event, lang),
            Family::Castling => events::castling(event, lang),
            Family::Vote => events::vote(event, lang),
            Family::VoteCards => events::vote_cards(event, lang),
        }
    }

    /// A legal action, as a button says it. An action names no seat, so a manipulation card goes by its kind's name.
    fn label(action: &Action, lang: Lang) -> String {
        let influence = |card, message: &str, group: Group| {
            let what = a_card(Face::Influence(card), None, lang);
            text!(WORDS, lang, message, what = what, group = key(group))
        };
        match action {
            Action::StackManipulation { card } => {
                let what = a_card(Face::Manipulation(*card), None, lang);
                text!(WORDS, lang, "stack-manipulation", what = what)
            }
            Action::PlaceInitial { card, group } | Action::PlaceFaceDown { card, group } => {
                influence(*card, "place-face-down", *group)
            }
            Action::PlaceFaceUp { card, group } => influence(*card, "place-face-up", *group),
            Action::ChooseActive {} => text!(WORDS, lang, "choose-active"),
            Action::ChoosePassive {} => text!(WORDS, lang, "choose-passive"),
            Action::PassiveDiscard { card } => text!(WORDS, lang, "passive-discard", what = a_card(*card, None, lang)),
            Action::EndDiscard {} => text!(WORDS, lang, "end-discard"),
            Action::PlayManipulation {
                card,
                group,
                target,
                groups,
            } => {
                let played = a_card(Face::Manipulation(*card), None, lang);
                let aim = aim(*card, *group, *target, groups.as_deref(), None, lang);
                text!(WORDS, lang, "play-manipulation", what = played, aim = aim)
            }
            Action::EndMain {} => text!(WORDS, lang, "end-main"),
            Action::AllowManipulation {} => text!(WORDS, lang, "allow-manipulation"),
            Action::VetoManipulation {} => text!(WORDS, lang, "veto-manipulation"),
            Action::SpyPick { card } => text!(WORDS, lang, "spy-pick", what = a_card(*card, None, lang)),
            Action::CastlePlace { card, group } => influence(*card, "castle-place", *group),
            Action::Draw { pile } => {
                text!(WORDS, lang, "draw-from", pile = pile_name(*pile, lang), number = pile.number())
            }
            Action::ContinueVote {} => text!(WORDS, lang, "continue-vote"),
        }
    }

    fn seat_name(seat: crate::engine::Seat, lang: Lang) -> String {
        seat_name(SeatId::from_index(seat), lang)
    }
}
fn shuffled_pile(seat: SeatId, pile: Pile, size: u32, lang: Lang) -> String {
    text!(
        WORDS,
        lang,
        "pile-shuffled",
        name = seat_name(seat, lang),
        pile = pile_name(pile, lang),
        cards = cards(size, lang)
    )
}

fn discarded(seat: SeatId, origin: Origin, card: Face, group: Option<Group>, lang: Lang) -> String {
    let message = match (origin, group) {
        (Origin::Hand, _) => "discarded-hand",
        (Origin::Board, Some(_)) => "discarded-board-group",
        (Origin::Board, None) => "discarded-board",
        (Origin::Play, _) => "discarded-play",
    };
    let (name, what) = (seat_name(seat, lang), a_card(card, Some(seat), lang));
    let group = group.map(key).unwrap_or_default();
    text!(WORDS, lang, message, name = name, what = what, group = group)
}

fn draw_owed(seat: SeatId, count: u32, reason: DrawReason, lang: Lang) -> String {
    if count == 0 && reason == DrawReason::Passive {
        return about(lang, "nothing-discarded", seat, None);
    }
    text!(
        WORDS,
        lang,
        "draw-owed",
        name = seat_name(seat, lang),
        cards = cards(count, lang),
        reason = key(reason)
    )
}

fn vote_resolved(
    group: Group,
    kind: VoteKind,
    sums: &SeatNumbers,
    philosophers: &SeatNumbers,
    outcome: VoteOutcome,
    winner: Option<SeatId>,
    lang: Lang,
) -> String {
    let tally: Vec<String> = SeatId::ALL
        .into_iter()
        .map(|seat| {
            text!(
                WORDS,
                lang,
                "vote-sum",
                name = seat_name(seat, lang),
                sum = of_seat(sums, seat),
                philosophers = of_seat(philosophers, seat)
            )
        })
        .collect();
    let winner = match (outcome, winner) {
        (VoteOutcome::Won, Some(winner)) => seat_name(winner, lang),
        _ => "none".to_owned(),
    };
    let extraordinary = if kind == VoteKind::Extraordinary { "yes" } else { "no" };
    text!(
        WORDS,
        lang,
        "vote-resolved",
        extraordinary = extraordinary,
        group = key(group),
        tally = tally.join(", "),
        winner = winner
    )
}

fn game_over(result: &Outcome, lang: Lang) -> String {
    let score = match result.winners.first() {
        Some(&winner) => {
            let loser = opponent(winner);
            let (won, lost) = (of_seat(&result.scores, winner), of_seat(&result.scores, loser));
            let (more, fewer) = (of_seat(&result.patricians, winner), of_seat(&result.patricians, loser));
            let message = if won == lost {
                "game-over-wins-patricians"
            } else {
                "game-over-wins"
            };
            let name = seat_name(winner, lang);
            text!(WORDS, lang, message, name = name, won = won, lost = lost, more = more, fewer = fewer)
        }
        None => {
            let (first, second) = (result.scores.cleopatra, result.scores.caesar);
            text!(WORDS, lang, "game-over-draw", first = first, second = second)
        }
    };
    text!(WORDS, lang, "game-over", why = key(result.end_reason), score = score)
}
