//! Events and actions in words: the sentences in `locales/<code>.ftl`, French in the seed's own terms (États, galères,
//! marche forcée, talon, « espion »), English in the spec's. Cities and states by their names in the map file; cards
//! by rank, or by rank and suit where the event shows the card itself.

use fluent_bundle::FluentValue;

use super::RomeCarthage;
use super::action::{Action, Step};
use super::card::{Card, Rank};
use super::city::CityId;
use super::data::MAP_FILE;
use super::event::{Destination, Disposal, Event, MovedStep, Resolution, StateOwner};
use super::ids::{STATE_IDS, SeatId, Side, SpecialId, SpecialKind, StateId, TeamId};
use super::outcome::Outcome;
use super::piece::{Kind, Piece};
use crate::engine::catalog::{Catalog, key};
use crate::engine::words::{capitalized, listed};
use crate::engine::{Game, Lang};
use crate::text;

/// The title's words (`locales/<code>.ftl`).
pub(crate) static WORDS: Catalog = crate::catalog!("locales");

/// `event`, as its viewer may see it, in one sentence, by group: the setting up, the turns, the moves, the combats.
pub fn describe(event: &Event, lang: Lang) -> String {
    match event {
        Event::TeamsDrawn { .. }
        | Event::StatesAssigned { .. }
        | Event::HandDealt { .. }
        | Event::QueensRemoved { .. }
        | Event::TalonShuffled { .. }
        | Event::StartingCard { .. }
        | Event::TurnOrderFixed { .. }
        | Event::TalonsSplit { .. }
        | Event::TalonsRefilled { .. }
        | Event::SpecialsDealt { .. }
        | Event::SpecialChoiceOpened { .. }
        | Event::PlacementTurnStarted { .. }
        | Event::PiecePlaced { .. } => setup(event, lang),
        Event::TurnStarted { .. }
        | Event::TalonReformed { .. }
        | Event::CardDrawn { .. }
        | Event::DrawSkipped { .. }
        | Event::DrawOffered { .. }
        | Event::DrawAccepted { .. }
        | Event::DrawDeclined { .. }
        | Event::MovesEnded { .. }
        | Event::SeatEliminated { .. }
        | Event::SiegeEstablished { .. }
        | Event::SiegeBroken { .. }
        | Event::SiegeWitnessed { .. }
        | Event::TurnEnded { .. }
        | Event::GameOver { .. } => turns(event, lang),
        Event::PieceMoved { .. }
        | Event::MercenariesMoved { .. }
        | Event::ForcedMarchPaid { .. }
        | Event::BetrayalPlayed { .. }
        | Event::SeditionPlayed { .. } => moves(event, lang),
        Event::CombatStarted { .. }
        | Event::BaseCommitted { .. }
        | Event::BasesRevealed { .. }
        | Event::DoubleSpy { .. }
        | Event::SpyDeclined { .. }
        | Event::SpyDeclared { .. }
        | Event::SpyBaseChosen { .. }
        | Event::CombatTied { .. }
        | Event::ExtraAdded { .. }
        | Event::ExtrasRevealed { .. }
        | Event::CombatResolved { .. } => combat(event, lang),
    }
}

/// The setting up, to the placement of the pieces (`describe` sends only these).
fn setup(event: &Event, lang: Lang) -> String {
    match event {
        Event::TeamsDrawn { team_a, team_b } => {
            text!(
                WORDS,
                lang,
                "teams-drawn",
                a = states(team_a, lang),
                b = states(team_b, lang)
            )
        }
        Event::StatesAssigned { owners, solo } => owned_states(owners, *solo, lang),
        Event::HandDealt {
            seat,
            count,
            cards,
            ranks,
            ..
        } => {
            let (name, dealt) = (seat_name(*seat, lang), card_count(*count, lang));
            match hand_ranks(cards.as_deref(), ranks.as_deref()) {
                Some(shown) => {
                    let shown = bare_ranks(&shown, lang);
                    text!(
                        WORDS,
                        lang,
                        "hand-dealt-shown",
                        name = name,
                        cards = dealt,
                        ranks = shown
                    )
                }
                None => text!(WORDS, lang, "hand-dealt", name = name, cards = dealt),
            }
        }
        Event::QueensRemoved { seat, ranks } => {
            text!(
                WORDS,
                lang,
                "queens-removed",
                name = seat_name(*seat, lang),
                count = ranks.len()
            )
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
        } => text!(
            WORDS,
            lang,
            "talons-split",
            packets = packets(*team_a_count, *team_b_count, lang)
        ),
        Event::TalonsRefilled {
            team_a_count,
            team_b_count,
            ..
        } => text!(
            WORDS,
            lang,
            "talons-refilled",
            packets = packets(*team_a_count, *team_b_count, lang)
        ),
        Event::SpecialsDealt {
            betrayal,
            sedition,
            chooser,
            ..
        } => specials_dealt(*betrayal, *sedition, *chooser, lang),
        Event::SpecialChoiceOpened { choosers } => {
            text!(
                WORDS,
                lang,
                "special-choice",
                who = seat_names(choosers, lang),
                count = choosers.len()
            )
        }
        Event::PlacementTurnStarted { seat, round, quota } => {
            let (name, pieces) = (seat_name(*seat, lang), piece_count(u32::from(*quota), lang));
            text!(
                WORDS,
                lang,
                "placement-turn",
                name = name,
                round = *round,
                pieces = pieces
            )
        }
        Event::PiecePlaced { seat, piece, city } => {
            let (name, piece, city) = (seat_name(*seat, lang), piece_name(*piece, lang), city_name(*city));
            text!(WORDS, lang, "piece-placed", name = name, piece = piece, city = city)
        }
        _ => unreachable!("describe sends only the setting up here"),
    }
}

/// A turn's start and end, its draw, the offers of a draw, the sieges and the game's end (`describe` sends only
/// these).
fn turns(event: &Event, lang: Lang) -> String {
    let tell = |message: &str, seat: &SeatId| text!(WORDS, lang, message, name = seat_name(*seat, lang));
    match event {
        Event::TurnStarted { seat, round } => {
            text!(
                WORDS,
                lang,
                "turn-started",
                name = seat_name(*seat, lang),
                round = *round
            )
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
fn moves(event: &Event, lang: Lang) -> String {
    match event {
        Event::PieceMoved {
            seat,
            piece,
            from,
            path,
            cost,
            betrayal,
            attacks,
        } => {
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
        Event::MercenariesMoved {
            seat, steps, betrayal, ..
        } => {
            let steps: Vec<String> = steps.iter().map(|step| moved_step(step, lang)).collect();
            let message = if *betrayal {
                "mercenaries-moved-betrayal"
            } else {
                "mercenaries-moved"
            };
            text!(
                WORDS,
                lang,
                message,
                name = seat_name(*seat, lang),
                steps = listed(&steps, lang)
            )
        }
        Event::ForcedMarchPaid { seat, cards } => {
            let ranks: Vec<Rank> = cards.iter().map(|disposal| disposal.rank).collect();
            let (name, paid, kings) = (seat_name(*seat, lang), some_ranks(&ranks, lang), kings_out(cards, lang));
            text!(
                WORDS,
                lang,
                "forced-march-paid",
                name = name,
                cards = paid,
                kings = kings
            )
        }
        Event::BetrayalPlayed { seat, card, target } => {
            let (name, card, target) = (
                seat_name(*seat, lang),
                special_name(*card, lang),
                seat_name(*target, lang),
            );
            text!(
                WORDS,
                lang,
                "betrayal-played",
                name = name,
                card = card,
                target = target
            )
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
fn combat(event: &Event, lang: Lang) -> String {
    let tell = |message: &str, seat: &SeatId| text!(WORDS, lang, message, name = seat_name(*seat, lang));
    match event {
        Event::CombatStarted {
            city,
            attacker,
            defender,
            attacker_seat,
            defender_seat,
            need_attacker,
            need_defender,
            ..
        } => text!(
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
        ),
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

/// A legal action, as a button says it.
pub fn label(action: &Action, lang: Lang) -> String {
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

/// A siege's sentence, about a team (and the seat whose turn it was).
fn siege(message: &str, team: TeamId, seat: Option<SeatId>, lang: Lang) -> String {
    let name = seat.map(|seat| seat_name(seat, lang)).unwrap_or_default();
    text!(
        WORDS,
        lang,
        message,
        team = capitalized(&team_name(team, lang)),
        name = name
    )
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
            text!(
                WORDS,
                lang,
                message,
                name = seat_name(*seat, lang),
                states = states(&owned, lang)
            )
        })
        .collect();
    text!(WORDS, lang, "states-drawn", clauses = clauses(told, lang))
}

/// Who holds each special card of a team; a chooser is said to choose his.
fn specials_dealt(betrayal: SeatId, sedition: SeatId, chooser: Option<SeatId>, lang: Lang) -> String {
    let (betrayal_card, sedition_card) = (
        special_kind_name(SpecialKind::Betrayal, lang),
        special_kind_name(SpecialKind::Sedition, lang),
    );
    if betrayal == sedition {
        let name = seat_name(betrayal, lang);
        return text!(
            WORDS,
            lang,
            "specials-both",
            name = name,
            betrayal = betrayal_card,
            sedition = sedition_card
        );
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
    text!(
        WORDS,
        lang,
        "packets",
        a = a,
        cards = card_count(team_a, lang),
        b = b,
        other = team_b
    )
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
        .map(|step| {
            format!(
                "{}{}",
                piece_name(step.piece, lang),
                route(&[step.to], "route-towards", lang)
            )
        })
        .collect();
    text!(WORDS, lang, "move-mercenaries", moved = listed(&moved, lang))
}

/// " and attacks Carthage's elephant", when an attack is made.
fn attacking(attacks: Option<Piece>, lang: Lang) -> String {
    attacks.map_or_else(String::new, |attacked| {
        text!(WORDS, lang, "attacking", piece = piece_name(attacked, lang))
    })
}

/// "Rome's mercenary 1 from Capoue to Tarente, attacking Carthage's galley 1".
fn moved_step(step: &MovedStep, lang: Lang) -> String {
    let attack = step.attacks.map_or_else(String::new, |attacked| {
        text!(WORDS, lang, "step-attacking", piece = piece_name(attacked, lang))
    });
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
        text!(
            WORDS,
            lang,
            "winners",
            who = who,
            states = owned,
            count = info.seats.len()
        )
    });
    text!(
        WORDS,
        lang,
        "game-over",
        reason = key(result.end_reason),
        winners = winners,
        rounds = result.rounds
    )
}
