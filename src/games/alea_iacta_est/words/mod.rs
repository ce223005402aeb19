//! Alea Iacta Est told in words: every event as its viewer may see it, every action as a button says it. French in
//! the seed's own terms (Templum, Senatus, Castrum, Forum, Latrina, cartes sénat, jetons faveur divine, jetons
//! relance, manche), English in the spec's. Cards, provinces and inhabitants are named from the data.

use super::AleaIactaEst;
use crate::engine::Lang;
use crate::engine::Words;
use crate::engine::catalog::Catalog;
use crate::engine::words::{capitalized, listed};
use crate::text;

use super::action::Action;
use super::building::{Building, EvaluatedBuilding};
use super::data::{DATA, Sex};
use super::event::{Event, SeatCount, TemplumResult};
use super::ids::{CardId, InhabitantId, ProvinceId, SeatId};
use super::outcome::Outcome;

mod events;

/// The title's words (`locales/<code>.ftl`).
pub(crate) static WORDS: Catalog = crate::catalog!("../locales");

impl Words for AleaIactaEst {
    /// `event` (already redacted for its viewer) in one sentence.
    fn describe(event: &Event, lang: Lang) -> String {
        match event {
            Event::FavourPileShuffled { .. }
            | Event::SenateDeckShuffled { .. }
            | Event::ProvincePileShuffled { .. }
            | Event::InhabitantPileShuffled { .. }
            | Event::RoundStarted { .. } => events::setup(event, lang),
            Event::DiceRolled { .. } | Event::DiceRerolled { .. } | Event::DicePlaced { .. } => {
                events::dice_played(event, lang)
            }
            Event::FavourDrawn { .. }
            | Event::FavourReshuffled { .. }
            | Event::LatrinaForced { .. }
            | Event::TurnEnded { .. }
            | Event::RoundEnded { .. }
            | Event::TemplumResolved { .. } => events::turn_end(event, lang),
            Event::SenateRanked { .. }
            | Event::SenateDrawn { .. }
            | Event::SenateKept { .. }
            | Event::SenatePassed { .. } => events::senate(event, lang),
            Event::SenateToThird { .. }
            | Event::SenateReturned { .. }
            | Event::DiceToLatrina { .. }
            | Event::CastrumRanked { .. } => events::senate_end(event, lang),
            Event::ProvinceTaken { .. }
            | Event::InhabitantTaken { .. }
            | Event::DisplayRemoved { .. }
            | Event::RerollTokensAwarded { .. }
            | Event::FirstPlayerPassed { .. }
            | Event::GameEnd { .. } => events::forum(event, lang),
        }
    }

    /// `action` as a button says it.
    fn label(action: &Action, lang: Lang) -> String {
        match action {
            Action::Reroll { values } => text!(WORDS, lang, "reroll", dice = dice(values, lang)),
            Action::Place {
                building: placed_on,
                values,
                combo,
            } => {
                let values = dice(values, lang);
                match (placed_on, combo) {
                    (Building::Templum, Some(combo)) => {
                        text!(WORDS, lang, "place-combo", dice = values, combo = *combo)
                    }
                    (Building::Templum, None) => text!(WORDS, lang, "place-new-combo", dice = values),
                    _ => text!(WORDS, lang, "place", dice = values, building = building(*placed_on)),
                }
            }
            Action::LatrinaForced {} => text!(WORDS, lang, "send-to-latrina"),
            Action::KeepSenateCard { card } => text!(WORDS, lang, "keep-senate-card", card = card_name(*card)),
            Action::TakeProvince { province: taken } => {
                text!(WORDS, lang, "take-province", province = province(*taken, lang))
            }
            Action::TakeInhabitant { inhabitant: taken } => {
                text!(WORDS, lang, "take-inhabitant", inhabitant = inhabitant(*taken, lang), sex = sex(*taken))
            }
        }
    }
}
/// A6: what each seat keeps, one clause per seat (their token values are lists themselves), then the discard.
fn templum(results: &[TemplumResult], lang: Lang) -> String {
    if results.is_empty() {
        return text!(WORDS, lang, "templum-empty");
    }
    let mut clauses: Vec<String> = results
        .iter()
        .map(|result| {
            let who = seat(result.seat);
            let values: Vec<u8> = result.kept.iter().map(|token| token.value).collect();
            let mut clause = match values.as_slice() {
                [] => text!(WORDS, lang, "templum-keeps-nothing", who = who),
                values => text!(
                    WORDS,
                    lang,
                    "templum-keeps",
                    who = who,
                    tokens = text!(WORDS, lang, "favour-tokens", count = values.len()),
                    values = dice(values, lang)
                ),
            };
            if !result.to_latrina.is_empty() {
                clause += &text!(WORDS, lang, "templum-combo-latrina", combos = dice(&result.to_latrina, lang));
            }
            clause
        })
        .collect();
    let discarded: usize = results.iter().map(|result| result.discarded as usize).sum();
    if discarded > 0 {
        let tokens = text!(WORDS, lang, "favour-tokens", count = discarded);
        clauses.push(text!(WORDS, lang, "templum-discarded", tokens = tokens, count = discarded));
    }
    let clauses = clauses.join(&text!(WORDS, lang, "clause-separator"));
    text!(WORDS, lang, "templum", clauses = clauses)
}

/// The winners, then everyone else's total, in ranking order.
fn game_end(result: &Outcome, lang: Lang) -> String {
    let total = |id: &SeatId| result.scores.get(id.id()).map_or(0, |score| score.total);
    let best = result.winners.first().map_or(0, total);
    let winners: Vec<String> = result.winners.iter().map(|id| seat(*id)).collect();
    let others: Vec<String> = (result.ranking.iter())
        .filter(|id| !result.winners.contains(id))
        .map(|id| format!("{} {}", seat(*id), total(id)))
        .collect();
    let others = match others.as_slice() {
        [] => String::new(),
        others => text!(WORDS, lang, "game-over-others", scores = others.join(", ")),
    };
    text!(
        WORDS,
        lang,
        "game-over",
        count = winners.len(),
        winners = listed(&winners, lang),
        points = best,
        others = others
    )
}

fn seat(id: SeatId) -> String {
    capitalized(id.id())
}

fn building(building: Building) -> &'static str {
    match building {
        Building::Templum => "Templum",
        Building::Senatus => "Senatus",
        Building::Castrum => "Castrum",
        Building::Forum => "Forum",
    }
}

/// Die values (or other small numbers) as a sentence lists them.
fn dice(values: &[u8], lang: Lang) -> String {
    listed(&values.iter().map(u8::to_string).collect::<Vec<_>>(), lang)
}

/// A straight as the seed writes one: "3-4-5".
fn run(values: std::ops::RangeInclusive<u8>) -> String {
    values.map(|value| value.to_string()).collect::<Vec<_>>().join("-")
}

/// Counts per seat: "Antonius (2) and Brutus (1)".
fn per_seat(counts: &[SeatCount], lang: Lang) -> String {
    let counts: Vec<String> = counts
        .iter()
        .map(|each| format!("{} ({})", seat(each.seat), each.count))
        .collect();
    listed(&counts, lang)
}

/// A Senate card by its name in the data ("Triumphator"), the same in every language; copies of a kind share it.
fn card_name(card: CardId) -> &'static str {
    DATA.senate_cards
        .get(card.0 as usize)
        .map_or("", |card| card.name.as_str())
}

fn cards(cards: &[CardId], lang: Lang) -> String {
    listed(&cards.iter().map(|card| card_name(*card).to_owned()).collect::<Vec<_>>(), lang)
}

/// A region by its Latin name in the data, the same in every language.
fn region(index: u8) -> String {
    DATA.regions
        .get(index as usize)
        .map_or(String::new(), |region| capitalized(region))
}

/// A province tile by its region and value ("Gallia 3"), or the joker.
fn province(id: ProvinceId, lang: Lang) -> String {
    match DATA.provinces.get(id.0 as usize) {
        Some(tile) => match tile.region {
            Some(index) => format!("{} {}", region(index), tile.value),
            None => text!(WORDS, lang, "joker"),
        },
        None => String::new(),
    }
}

/// An inhabitant by region, sex and value: "Gallia woman 1", "femme de Gallia 1".
fn inhabitant(id: InhabitantId, lang: Lang) -> String {
    let Some(tile) = DATA.inhabitants.get(id.0 as usize) else {
        return String::new();
    };
    text!(WORDS, lang, "inhabitant", region = region(tile.region), sex = sex(id), value = tile.value)
}

/// An inhabitant's sex, which its name and article follow: `man` or `woman`.
fn sex(id: InhabitantId) -> &'static str {
    match DATA.inhabitants.get(id.0 as usize).map(|tile| tile.sex) {
        Some(Sex::Woman) => "woman",
        _ => "man",
    }
}
