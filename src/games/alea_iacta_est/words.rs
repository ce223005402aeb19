//! Alea Iacta Est told in words: every event as its viewer may see it, every action as a button says it. French in
//! the seed's own terms (Templum, Senatus, Castrum, Forum, Latrina, cartes sénat, jetons faveur divine, jetons
//! relance, manche), English in the spec's. Cards, provinces and inhabitants are named from the data.

use crate::engine::Lang;
use crate::engine::catalog::Catalog;
use crate::engine::words::{capitalized, listed};
use crate::text;

use super::action::Action;
use super::building::{Building, EvaluatedBuilding};
use super::data::{DATA, Sex};
use super::event::{Event, SeatCount, TemplumResult};
use super::ids::{CardId, InhabitantId, ProvinceId, SeatId};
use super::outcome::Outcome;

/// The title's words (`locales/<code>.ftl`).
pub(crate) static WORDS: Catalog = crate::catalog!("locales");

/// `event` (already redacted for its viewer) in one sentence.
pub fn describe(event: &Event, lang: Lang) -> String {
    match event {
        Event::FavourPileShuffled { count, .. } => text!(WORDS, lang, "favour-pile-shuffled", count = *count),
        Event::SenateDeckShuffled { count, removed, .. } => match removed.as_slice() {
            [] => text!(WORDS, lang, "senate-deck-shuffled", count = *count),
            removed => text!(
                WORDS,
                lang,
                "senate-deck-shuffled-removed",
                count = *count,
                cards = cards(removed, lang)
            ),
        },
        Event::ProvincePileShuffled { count, .. } => text!(WORDS, lang, "province-pile-shuffled", count = *count),
        Event::InhabitantPileShuffled { count, .. } => text!(WORDS, lang, "inhabitant-pile-shuffled", count = *count),
        Event::RoundStarted {
            round,
            first_player,
            provinces,
            inhabitants,
        } => {
            let provinces = listed(
                &provinces.iter().map(|id| province(*id, lang)).collect::<Vec<_>>(),
                lang,
            );
            let inhabitants = listed(
                &inhabitants.iter().map(|id| inhabitant(*id, lang)).collect::<Vec<_>>(),
                lang,
            );
            text!(
                WORDS,
                lang,
                "round-started",
                round = *round,
                who = seat(*first_player),
                provinces = provinces,
                inhabitants = inhabitants
            )
        }
        Event::DiceRolled { seat: id, values } => text!(
            WORDS,
            lang,
            "dice-rolled",
            who = seat(*id),
            count = values.len(),
            dice = dice(values, lang)
        ),
        Event::DiceRerolled {
            seat: id,
            rerolled,
            values,
            tokens_spent,
        } => text!(
            WORDS,
            lang,
            "dice-rerolled",
            who = seat(*id),
            tokens = text!(WORDS, lang, "reroll-tokens", count = *tokens_spent),
            count = rerolled.len(),
            before = dice(rerolled, lang),
            after = dice(values, lang)
        ),
        Event::DicePlaced {
            seat: id,
            building: placed_on,
            values,
            combo,
            pushed_off,
            to_latrina,
        } => {
            let mut more = String::new();
            if let Some(combo) = combo {
                more += &text!(WORDS, lang, "dice-placed-combo", combo = *combo);
            }
            for value in to_latrina {
                more += &text!(WORDS, lang, "dice-placed-no-room", value = *value);
            }
            if !pushed_off.is_empty() {
                let pushed: Vec<String> = pushed_off
                    .iter()
                    .map(|die| text!(WORDS, lang, "pushed-die", who = seat(die.seat), value = die.value))
                    .collect();
                more += &text!(
                    WORDS,
                    lang,
                    "dice-placed-pushed",
                    dice = listed(&pushed, lang),
                    count = pushed.len()
                );
            }
            text!(
                WORDS,
                lang,
                "dice-placed",
                who = seat(*id),
                dice = dice(values, lang),
                building = building(*placed_on),
                more = more
            )
        }
        Event::FavourDrawn {
            seat: id,
            count,
            tokens,
        } => {
            let (who, drawn) = (seat(*id), text!(WORDS, lang, "favour-tokens", count = *count));
            match tokens {
                Some(tokens) => {
                    let values: Vec<u8> = tokens.iter().map(|token| token.value).collect();
                    let values = dice(&values, lang);
                    text!(
                        WORDS,
                        lang,
                        "favour-drawn-shown",
                        who = who,
                        tokens = drawn,
                        values = values
                    )
                }
                None => text!(WORDS, lang, "favour-drawn", who = who, tokens = drawn),
            }
        }
        Event::FavourReshuffled { count, .. } => text!(WORDS, lang, "favour-reshuffled", count = *count),
        Event::LatrinaForced { seat: id, value } => {
            text!(WORDS, lang, "latrina-forced", who = seat(*id), value = *value)
        }
        Event::TurnEnded {
            seat: id,
            hand_empty,
            next,
        } => {
            let message = match (hand_empty, next) {
                (true, Some(_)) => "turn-ended-empty-next",
                (true, None) => "turn-ended-empty-last",
                (false, Some(_)) => "turn-ended-next",
                (false, None) => "turn-ended-last",
            };
            let next = next.map(seat).unwrap_or_default();
            text!(WORDS, lang, message, who = seat(*id), next = next)
        }
        Event::RoundEnded { round, to_latrina } => match to_latrina.as_slice() {
            [] => text!(WORDS, lang, "round-ended", round = *round),
            counts => text!(
                WORDS,
                lang,
                "round-ended-latrina",
                round = *round,
                counts = per_seat(counts, lang)
            ),
        },
        Event::TemplumResolved { results } => templum(results, lang),
        Event::SenateRanked { ranking } => {
            let straights: Vec<String> = ranking
                .iter()
                .map(|straight| format!("{} {}", seat(straight.seat), run(straight.low..=straight.high)))
                .collect();
            match straights.as_slice() {
                [] => text!(WORDS, lang, "senate-ranked-none"),
                straights => text!(WORDS, lang, "senate-ranked", straights = listed(straights, lang)),
            }
        }
        Event::SenateDrawn {
            seat: id,
            count,
            cards: drawn,
        } => {
            let tokens = text!(WORDS, lang, "senate-cards", count = *count);
            match drawn {
                Some(drawn) => text!(
                    WORDS,
                    lang,
                    "senate-drawn-shown",
                    who = seat(*id),
                    tokens = tokens,
                    cards = cards(drawn, lang)
                ),
                None => text!(WORDS, lang, "senate-drawn", who = seat(*id), tokens = tokens),
            }
        }
        Event::SenateKept {
            seat: id,
            card,
            automatic,
        } => {
            let who = seat(*id);
            match (automatic, card) {
                (true, Some(card)) => {
                    text!(
                        WORDS,
                        lang,
                        "senate-kept-automatic-shown",
                        who = who,
                        cards = card_name(*card)
                    )
                }
                (true, None) => text!(WORDS, lang, "senate-kept-automatic", who = who),
                (false, Some(card)) => text!(WORDS, lang, "senate-kept", who = who, card = card_name(*card)),
                (false, None) => text!(WORDS, lang, "senate-kept-hidden", who = who),
            }
        }
        Event::SenatePassed {
            from,
            to,
            count,
            cards: passed,
        } => {
            let tokens = text!(WORDS, lang, "senate-cards", count = *count);
            let (from, to) = (seat(*from), seat(*to));
            match passed {
                Some(passed) => text!(
                    WORDS,
                    lang,
                    "senate-passed-shown",
                    from = from,
                    tokens = tokens,
                    to = to,
                    cards = cards(passed, lang)
                ),
                None => text!(WORDS, lang, "senate-passed", from = from, tokens = tokens, to = to),
            }
        }
        Event::SenateToThird { seat: id, from, card } => {
            let (who, from) = (seat(*id), seat(*from));
            match card {
                Some(card) => text!(
                    WORDS,
                    lang,
                    "senate-to-third-shown",
                    from = from,
                    card = card_name(*card),
                    who = who
                ),
                None => text!(WORDS, lang, "senate-to-third", from = from, who = who),
            }
        }
        Event::SenateReturned {
            seat: id,
            count,
            cards: returned,
        } => {
            let tokens = text!(WORDS, lang, "senate-cards", count = *count);
            match returned {
                Some(returned) => text!(
                    WORDS,
                    lang,
                    "senate-returned-shown",
                    who = seat(*id),
                    tokens = tokens,
                    cards = cards(returned, lang)
                ),
                None => text!(WORDS, lang, "senate-returned", who = seat(*id), tokens = tokens),
            }
        }
        Event::DiceToLatrina { building, dice } => {
            let from = match building {
                EvaluatedBuilding::Senatus => "Senatus",
                EvaluatedBuilding::Castrum => "Castrum",
            };
            match dice.as_slice() {
                [] => text!(WORDS, lang, "dice-to-latrina-none", building = from),
                counts => text!(
                    WORDS,
                    lang,
                    "dice-to-latrina",
                    building = from,
                    counts = per_seat(counts, lang)
                ),
            }
        }
        Event::CastrumRanked { ranking } => {
            let groups: Vec<String> = ranking
                .iter()
                .map(|group| {
                    let same = vec![group.value.to_string(); group.size as usize].join("-");
                    format!("{} {same}", seat(group.seat))
                })
                .collect();
            match groups.as_slice() {
                [] => text!(WORDS, lang, "castrum-ranked-none"),
                groups => text!(WORDS, lang, "castrum-ranked", groups = listed(groups, lang)),
            }
        }
        Event::ProvinceTaken {
            seat: id,
            province: taken,
            automatic,
        } => {
            let message = if *automatic {
                "province-taken-last"
            } else {
                "province-taken"
            };
            text!(WORDS, lang, message, who = seat(*id), province = province(*taken, lang))
        }
        Event::InhabitantTaken {
            seat: id,
            column,
            inhabitant: taken,
            automatic,
        } => {
            let message = if *automatic {
                "inhabitant-taken-last"
            } else {
                "inhabitant-taken"
            };
            text!(
                WORDS,
                lang,
                message,
                who = seat(*id),
                column = *column,
                inhabitant = inhabitant(*taken, lang),
                sex = sex(*taken)
            )
        }
        Event::DisplayRemoved { provinces, inhabitants } => {
            let provinces: Vec<String> = provinces.iter().map(|id| province(*id, lang)).collect();
            let inhabitants: Vec<String> = inhabitants.iter().map(|id| inhabitant(*id, lang)).collect();
            let mut removed = Vec::new();
            if !provinces.is_empty() {
                let which = listed(&provinces, lang);
                removed.push(text!(
                    WORDS,
                    lang,
                    "provinces-removed",
                    count = provinces.len(),
                    provinces = which
                ));
            }
            if !inhabitants.is_empty() {
                let which = listed(&inhabitants, lang);
                removed.push(text!(
                    WORDS,
                    lang,
                    "inhabitants-removed",
                    count = inhabitants.len(),
                    inhabitants = which
                ));
            }
            if removed.is_empty() {
                text!(WORDS, lang, "display-removed-none")
            } else {
                removed.join(" ")
            }
        }
        Event::RerollTokensAwarded { awards } => match awards.as_slice() {
            [] => text!(WORDS, lang, "reroll-tokens-awarded-none"),
            awards => text!(WORDS, lang, "reroll-tokens-awarded", counts = per_seat(awards, lang)),
        },
        Event::FirstPlayerPassed { from, to } => {
            text!(WORDS, lang, "first-player-passed", from = seat(*from), to = seat(*to))
        }
        Event::GameEnd { result } => game_end(result, lang),
    }
}

/// `action` as a button says it.
pub fn label(action: &Action, lang: Lang) -> String {
    match action {
        Action::Reroll { values } => text!(WORDS, lang, "reroll", dice = dice(values, lang)),
        Action::Place {
            building: placed_on,
            values,
            combo,
        } => {
            let values = dice(values, lang);
            match (placed_on, combo) {
                (Building::Templum, Some(combo)) => text!(WORDS, lang, "place-combo", dice = values, combo = *combo),
                (Building::Templum, None) => text!(WORDS, lang, "place-new-combo", dice = values),
                _ => text!(WORDS, lang, "place", dice = values, building = building(*placed_on)),
            }
        }
        Action::LatrinaForced {} => text!(WORDS, lang, "send-to-latrina"),
        Action::KeepSenateCard { card } => text!(WORDS, lang, "keep-senate-card", card = card_name(*card)),
        Action::TakeProvince { province: taken } => {
            text!(WORDS, lang, "take-province", province = province(*taken, lang))
        }
        Action::TakeInhabitant { inhabitant: taken } => text!(
            WORDS,
            lang,
            "take-inhabitant",
            inhabitant = inhabitant(*taken, lang),
            sex = sex(*taken)
        ),
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
                clause += &text!(
                    WORDS,
                    lang,
                    "templum-combo-latrina",
                    combos = dice(&result.to_latrina, lang)
                );
            }
            clause
        })
        .collect();
    let discarded: usize = results.iter().map(|result| result.discarded as usize).sum();
    if discarded > 0 {
        let tokens = text!(WORDS, lang, "favour-tokens", count = discarded);
        clauses.push(text!(
            WORDS,
            lang,
            "templum-discarded",
            tokens = tokens,
            count = discarded
        ));
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
    listed(
        &cards.iter().map(|card| card_name(*card).to_owned()).collect::<Vec<_>>(),
        lang,
    )
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
    text!(
        WORDS,
        lang,
        "inhabitant",
        region = region(tile.region),
        sex = sex(id),
        value = tile.value
    )
}

/// An inhabitant's sex, which its name and article follow: `man` or `woman`.
fn sex(id: InhabitantId) -> &'static str {
    match DATA.inhabitants.get(id.0 as usize).map(|tile| tile.sex) {
        Some(Sex::Woman) => "woman",
        _ => "man",
    }
}
