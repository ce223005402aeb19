//! The events' words by group, from the setting up to the game's end.

use super::*;

/// The setting up and a round's start (`describe` sends only these).
pub(super) fn setup(event: &Event, lang: Lang) -> String {
    match event {
        Event::FavourPileShuffled { count, .. } => text!(WORDS, lang, "favour-pile-shuffled", count = *count),
        Event::SenateDeckShuffled { count, removed, .. } => match removed.as_slice() {
            [] => text!(WORDS, lang, "senate-deck-shuffled", count = *count),
            removed => text!(WORDS, lang, "senate-deck-shuffled-removed", count = *count, cards = cards(removed, lang)),
        },
        Event::ProvincePileShuffled { count, .. } => text!(WORDS, lang, "province-pile-shuffled", count = *count),
        Event::InhabitantPileShuffled { count, .. } => text!(WORDS, lang, "inhabitant-pile-shuffled", count = *count),
        Event::RoundStarted {
            round,
            first_player,
            provinces,
            inhabitants,
        } => {
            let provinces = listed(&provinces.iter().map(|id| province(*id, lang)).collect::<Vec<_>>(), lang);
            let inhabitants = listed(&inhabitants.iter().map(|id| inhabitant(*id, lang)).collect::<Vec<_>>(), lang);
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
        _ => unreachable!("describe sends only the setting up and a round's start here"),
    }
}

/// The dice rolled and placed (`describe` sends only these).
pub(super) fn dice_played(event: &Event, lang: Lang) -> String {
    match event {
        Event::DiceRolled { seat: id, values } => {
            text!(WORDS, lang, "dice-rolled", who = seat(*id), count = values.len(), dice = dice(values, lang))
        }
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
                more += &text!(WORDS, lang, "dice-placed-pushed", dice = listed(&pushed, lang), count = pushed.len());
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
        _ => unreachable!("describe sends only the dice rolled and placed here"),
    }
}

/// The favour tokens, a turn's and a round's end, the Templum (`describe` sends only these).
pub(super) fn turn_end(event: &Event, lang: Lang) -> String {
    match event {
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
                    text!(WORDS, lang, "favour-drawn-shown", who = who, tokens = drawn, values = values)
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
            counts => text!(WORDS, lang, "round-ended-latrina", round = *round, counts = per_seat(counts, lang)),
        },
        Event::TemplumResolved { results } => templum(results, lang),
        _ => unreachable!("describe sends only the favour tokens, a turn's and a round's end, the Templum here"),
    }
}

/// The Senatus (`describe` sends only these).
pub(super) fn senate(event: &Event, lang: Lang) -> String {
    match event {
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
                    text!(WORDS, lang, "senate-kept-automatic-shown", who = who, cards = card_name(*card))
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
        _ => unreachable!("describe sends only the Senatus here"),
    }
}

/// The Senatus' leftovers, the Latrina and the Castrum (`describe` sends only these).
pub(super) fn senate_end(event: &Event, lang: Lang) -> String {
    match event {
        Event::SenateToThird { seat: id, from, card } => {
            let (who, from) = (seat(*id), seat(*from));
            match card {
                Some(card) => {
                    text!(WORDS, lang, "senate-to-third-shown", from = from, card = card_name(*card), who = who)
                }
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
                counts => text!(WORDS, lang, "dice-to-latrina", building = from, counts = per_seat(counts, lang)),
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
        _ => unreachable!("describe sends only the Senatus' leftovers, the Latrina and the Castrum here"),
    }
}

/// The Castrum's and the Forum's picks, the Latrina's tokens and the end (`describe` sends only these).
pub(super) fn forum(event: &Event, lang: Lang) -> String {
    match event {
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
                removed.push(text!(WORDS, lang, "provinces-removed", count = provinces.len(), provinces = which));
            }
            if !inhabitants.is_empty() {
                let which = listed(&inhabitants, lang);
                removed.push(text!(WORDS, lang, "inhabitants-removed", count = inhabitants.len(), inhabitants = which));
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
        _ => unreachable!(
            "describe sends only the Castrum's and the Forum's picks, the Latrina's tokens and the end here"
        ),
    }
}
