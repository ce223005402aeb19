//! Alea Iacta Est told in words: every event as its viewer may see it, every action as a button says it. French in
//! the seed's own terms (Templum, Senatus, Castrum, Forum, Latrina, cartes sénat, jetons faveur divine, jetons
//! relance, manche), English in the spec's. Cards, provinces and inhabitants are named from the data.

use crate::engine::Lang;
use crate::engine::words::{capitalized, listed};

use super::action::Action;
use super::building::{Building, EvaluatedBuilding};
use super::data::{DATA, Sex};
use super::event::{Event, SeatCount, TemplumResult};
use super::ids::{CardId, InhabitantId, ProvinceId, SeatId};
use super::outcome::Outcome;

/// `event` (already redacted for its viewer) in one sentence.
pub fn describe(event: &Event, lang: Lang) -> String {
    match event {
        Event::FavourPileShuffled { count, .. } => lang.pick(
            format!("The {count} favour tokens are shuffled face down."),
            format!("Les {count} jetons faveur divine sont mélangés face cachée."),
        ),
        Event::SenateDeckShuffled { count, removed, .. } => {
            let out = match removed.as_slice() {
                [] => String::new(),
                removed => lang.pick("; out of this game: ", " ; hors jeu : ").to_owned() + &cards(removed, lang),
            };
            lang.pick(
                format!("The {count} Senate cards are shuffled face down{out}."),
                format!("Les {count} cartes sénat sont mélangées face cachée{out}."),
            )
        }
        Event::ProvincePileShuffled { count, .. } => lang.pick(
            format!("The {count} province tiles are shuffled face down."),
            format!("Les {count} tuiles provinces sont mélangées face cachée."),
        ),
        Event::InhabitantPileShuffled { count, .. } => lang.pick(
            format!("The {count} inhabitants are shuffled face down."),
            format!("Les {count} jetons habitants sont mélangés face cachée."),
        ),
        Event::RoundStarted {
            round,
            first_player,
            provinces,
            inhabitants,
        } => {
            let first = seat(*first_player);
            let provinces = listed(&provinces.iter().map(|id| province(*id)).collect::<Vec<_>>(), lang);
            let inhabitants = listed(
                &inhabitants.iter().map(|id| inhabitant(*id, lang)).collect::<Vec<_>>(),
                lang,
            );
            lang.pick(
                format!("Round {round}, {first} first: provinces {provinces}; inhabitants {inhabitants}."),
                format!("Manche {round}, {first} premier joueur : provinces {provinces} ; habitants {inhabitants}."),
            )
        }
        Event::DiceRolled { seat: id, values } => {
            let (who, rolled) = (seat(*id), dice(values, lang));
            lang.pick(
                format!("{who} rolls: {rolled}."),
                format!("{who} lance {} : {rolled}.", plural(values.len(), "son dé", "ses dés")),
            )
        }
        Event::DiceRerolled {
            seat: id,
            rerolled,
            values,
            tokens_spent,
        } => {
            let (who, before, after) = (seat(*id), dice(rerolled, lang), dice(values, lang));
            let tokens = reroll_tokens(*tokens_spent as usize, lang);
            lang.pick(
                format!(
                    "{who} spends {tokens}: {before} {} {after}.",
                    plural(rerolled.len(), "becomes", "become")
                ),
                format!(
                    "{who} dépense {tokens} : {before} {} {after}.",
                    plural(rerolled.len(), "devient", "deviennent")
                ),
            )
        }
        Event::DicePlaced {
            seat: id,
            building: placed_on,
            values,
            combo,
            pushed_off,
            to_latrina,
        } => {
            let mut told = lang.pick(
                format!("{} places {} {}", seat(*id), dice(values, lang), on(*placed_on, lang)),
                format!("{} pose {} {}", seat(*id), dice(values, lang), on(*placed_on, lang)),
            );
            if let Some(combo) = combo {
                told += &lang.pick(format!(" (combination {combo})"), format!(" (combinaison {combo})"));
            }
            for value in to_latrina {
                told += &lang.pick(
                    format!("; the {value} does not fit and goes to the Latrina"),
                    format!(" ; le {value} ne trouve pas de place et va à la Latrina"),
                );
            }
            if !pushed_off.is_empty() {
                let pushed: Vec<String> = pushed_off
                    .iter()
                    .map(|die| {
                        lang.pick(
                            format!("{}'s {}", seat(die.seat), die.value),
                            format!("le {} {}", die.value, of(&seat(die.seat))),
                        )
                    })
                    .collect();
                told += &lang.pick(
                    format!(
                        "; {} {} pushed off to the Latrina",
                        listed(&pushed, lang),
                        plural(pushed.len(), "is", "are")
                    ),
                    format!(
                        " ; {} {} à la Latrina",
                        listed(&pushed, lang),
                        plural(pushed.len(), "est poussé", "sont poussés")
                    ),
                );
            }
            told + "."
        }
        Event::FavourDrawn {
            seat: id,
            count,
            tokens,
        } => {
            let drawn = favour_tokens(*count as usize, lang);
            let worth = tokens.as_ref().map_or(String::new(), |tokens| {
                let values: Vec<u8> = tokens.iter().map(|token| token.value).collect();
                lang.pick(", worth ", ", de valeur ").to_owned() + &dice(&values, lang)
            });
            lang.pick(
                format!("{} draws {drawn} face down{worth}.", seat(*id)),
                format!("{} pioche {drawn} face cachée{worth}.", seat(*id)),
            )
        }
        Event::FavourReshuffled { count, .. } => lang.pick(
            format!("The favour discard pile ({count} tokens) is shuffled into a new draw pile."),
            format!("La défausse ({count} jetons faveur divine) est mélangée en une nouvelle pioche."),
        ),
        Event::LatrinaForced { seat: id, value } => lang.pick(
            format!("{} cannot place any die: a {value} goes to the Latrina.", seat(*id)),
            format!("{} ne peut poser aucun dé : un {value} va à la Latrina.", seat(*id)),
        ),
        Event::TurnEnded {
            seat: id,
            hand_empty,
            next,
        } => {
            let who = seat(*id);
            let ended = match (hand_empty, lang) {
                (true, Lang::En) => format!("{who} has no dice left"),
                (true, Lang::Fr) => format!("{who} n'a plus de dés"),
                (false, Lang::En) => format!("{who}'s turn ends"),
                (false, Lang::Fr) => format!("Fin du tour {}", of(&who)),
            };
            let then = match next {
                Some(next) => lang.pick(
                    format!("{} plays next", seat(*next)),
                    format!("au tour {}", of(&seat(*next))),
                ),
                None => lang.pick("the round is over", "la manche est finie").to_owned(),
            };
            lang.pick(format!("{ended}; {then}."), format!("{ended} ; {then}."))
        }
        Event::RoundEnded { round, to_latrina } => {
            let rest = match to_latrina.as_slice() {
                [] => String::new(),
                counts => lang.pick(
                    format!("; dice left in hand go to the Latrina: {}", per_seat(counts, lang)),
                    format!(
                        " ; les dés restés en main vont à la Latrina : {}",
                        per_seat(counts, lang)
                    ),
                ),
            };
            lang.pick(
                format!("Round {round} ends{rest}."),
                format!("Fin de la manche {round}{rest}."),
            )
        }
        Event::TemplumResolved { results } => templum(results, lang),
        Event::SenateRanked { ranking } => {
            let straights: Vec<String> = ranking
                .iter()
                .map(|straight| format!("{} {}", seat(straight.seat), run(straight.low..=straight.high)))
                .collect();
            match straights.as_slice() {
                [] => lang.pick("Senatus: no straight.", "Senatus : aucune suite.").to_owned(),
                straights => lang.pick(
                    format!("Senatus ranking: {}.", listed(straights, lang)),
                    format!("Classement du Senatus : {}.", listed(straights, lang)),
                ),
            }
        }
        Event::SenateDrawn {
            seat: id,
            count,
            cards: drawn,
        } => lang.pick(
            format!(
                "{} draws {}{}.",
                seat(*id),
                senate_cards(*count as usize, lang),
                named(drawn.as_deref(), lang)
            ),
            format!(
                "{} pioche {}{}.",
                seat(*id),
                senate_cards(*count as usize, lang),
                named(drawn.as_deref(), lang)
            ),
        ),
        Event::SenateKept {
            seat: id,
            card,
            automatic,
        } => {
            let who = seat(*id);
            let shown = named(card.as_ref().map(std::slice::from_ref), lang);
            match (automatic, card) {
                (true, _) => lang.pick(
                    format!("{who} keeps the only card offered{shown}."),
                    format!("{who} garde la seule carte proposée{shown}."),
                ),
                (false, Some(card)) => lang.pick(
                    format!("{who} keeps the {} card.", card_name(*card)),
                    format!("{who} garde la carte {}.", card_name(*card)),
                ),
                (false, None) => lang.pick(
                    format!("{who} keeps a Senate card."),
                    format!("{who} garde une carte sénat."),
                ),
            }
        }
        Event::SenatePassed {
            from,
            to,
            count,
            cards: passed,
        } => lang.pick(
            format!(
                "{} passes {} to {}{}.",
                seat(*from),
                senate_cards(*count as usize, lang),
                seat(*to),
                named(passed.as_deref(), lang)
            ),
            format!(
                "{} passe {} à {}{}.",
                seat(*from),
                senate_cards(*count as usize, lang),
                seat(*to),
                named(passed.as_deref(), lang)
            ),
        ),
        Event::SenateToThird { seat: id, from, card } => {
            let which = card.map_or(String::new(), |card| format!(", {},", card_name(card)));
            lang.pick(
                format!(
                    "{}'s leftover card{which} goes to {}, third at the Senatus.",
                    seat(*from),
                    seat(*id)
                ),
                format!(
                    "La carte laissée par {}{which} va à {}, troisième au Senatus.",
                    seat(*from),
                    seat(*id)
                ),
            )
        }
        Event::SenateReturned {
            seat: id,
            count,
            cards: returned,
        } => lang.pick(
            format!(
                "{} puts {} under the deck{}.",
                seat(*id),
                senate_cards(*count as usize, lang),
                named(returned.as_deref(), lang)
            ),
            format!(
                "{} replace {} sous la pioche{}.",
                seat(*id),
                senate_cards(*count as usize, lang),
                named(returned.as_deref(), lang)
            ),
        ),
        Event::DiceToLatrina { building, dice } => {
            let from = match building {
                EvaluatedBuilding::Senatus => "Senatus",
                EvaluatedBuilding::Castrum => "Castrum",
            };
            match dice.as_slice() {
                [] => lang.pick(
                    format!("No {from} die goes to the Latrina."),
                    format!("Aucun dé du {from} ne va à la Latrina."),
                ),
                counts => lang.pick(
                    format!(
                        "{from} dice that earn nothing go to the Latrina: {}.",
                        per_seat(counts, lang)
                    ),
                    format!(
                        "Les dés du {from} qui ne rapportent rien vont à la Latrina : {}.",
                        per_seat(counts, lang)
                    ),
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
                [] => lang.pick("Castrum: no dice.", "Castrum : aucun dé.").to_owned(),
                groups => lang.pick(
                    format!("Castrum ranking: {}.", listed(groups, lang)),
                    format!("Classement du Castrum : {}.", listed(groups, lang)),
                ),
            }
        }
        Event::ProvinceTaken {
            seat: id,
            province: taken,
            automatic,
        } => {
            let who = seat(*id);
            if *automatic {
                lang.pick(
                    format!("{who} takes the last province, {}.", province(*taken)),
                    format!("{who} prend la dernière province, {}.", province(*taken)),
                )
            } else {
                lang.pick(
                    format!("{who} takes {}.", the_province(*taken, lang)),
                    format!("{who} prend {}.", the_province(*taken, lang)),
                )
            }
        }
        Event::InhabitantTaken {
            seat: id,
            column,
            inhabitant: taken,
            automatic,
        } => {
            let who = lang.pick(
                format!("{} (Forum column {column})", seat(*id)),
                format!("{} (colonne {column} du Forum)", seat(*id)),
            );
            let last = if *automatic {
                lang.pick("the last inhabitant, ", "le dernier habitant, ")
            } else {
                ""
            };
            lang.pick(
                format!("{who} takes {last}{}.", the_inhabitant(*taken, lang)),
                format!("{who} prend {last}{}.", the_inhabitant(*taken, lang)),
            )
        }
        Event::DisplayRemoved { provinces, inhabitants } => {
            let provinces: Vec<String> = provinces.iter().map(|id| province(*id)).collect();
            let inhabitants: Vec<String> = inhabitants.iter().map(|id| inhabitant(*id, lang)).collect();
            let mut removed = Vec::new();
            if !provinces.is_empty() {
                let which = listed(&provinces, lang);
                removed.push(match (lang, provinces.len()) {
                    (Lang::En, 1) => format!("Province {which} is removed from the game."),
                    (Lang::En, _) => format!("Provinces {which} are removed from the game."),
                    (Lang::Fr, 1) => format!("La province {which} est retirée du jeu."),
                    (Lang::Fr, _) => format!("Les provinces {which} sont retirées du jeu."),
                });
            }
            if !inhabitants.is_empty() {
                let which = listed(&inhabitants, lang);
                removed.push(match (lang, inhabitants.len()) {
                    (Lang::En, 1) => format!("Inhabitant {which} is removed from the game."),
                    (Lang::En, _) => format!("Inhabitants {which} are removed from the game."),
                    (Lang::Fr, 1) => format!("L'habitant {which} est retiré du jeu."),
                    (Lang::Fr, _) => format!("Les habitants {which} sont retirés du jeu."),
                });
            }
            if removed.is_empty() {
                lang.pick("No tile is left over.", "Aucune tuile ne reste.").to_owned()
            } else {
                removed.join(" ")
            }
        }
        Event::RerollTokensAwarded { awards } => match awards.as_slice() {
            [] => lang
                .pick(
                    "Latrina: no reroll tokens this round.",
                    "Latrina : aucun jeton relance cette manche.",
                )
                .to_owned(),
            awards => lang.pick(
                format!("Latrina: reroll tokens for {}.", per_seat(awards, lang)),
                format!("Latrina : jetons relance pour {}.", per_seat(awards, lang)),
            ),
        },
        Event::FirstPlayerPassed { from, to } => lang.pick(
            format!("{} passes the first player marker to {}.", seat(*from), seat(*to)),
            format!("{} passe le marqueur de premier joueur à {}.", seat(*from), seat(*to)),
        ),
        Event::GameEnd { result } => game_end(result, lang),
    }
}

/// `action` as a button says it.
pub fn label(action: &Action, lang: Lang) -> String {
    match action {
        Action::Reroll { values } => lang.pick(
            format!("Reroll {}", dice(values, lang)),
            format!("Relancer {}", dice(values, lang)),
        ),
        Action::Place {
            building,
            values,
            combo,
        } => {
            let placed = lang.pick(
                format!("Place {} {}", dice(values, lang), on(*building, lang)),
                format!("Poser {} {}", dice(values, lang), on(*building, lang)),
            );
            let how = match (building, combo) {
                (Building::Templum, Some(combo)) => lang.pick(
                    format!(" to complete combination {combo}"),
                    format!(" pour compléter la combinaison {combo}"),
                ),
                (Building::Templum, None) => lang
                    .pick(" as a new combination", " en nouvelle combinaison")
                    .to_owned(),
                _ => String::new(),
            };
            placed + &how
        }
        Action::LatrinaForced {} => lang
            .pick(
                "Send my lowest die to the Latrina",
                "Envoyer mon plus petit dé à la Latrina",
            )
            .to_owned(),
        Action::KeepSenateCard { card } => lang.pick(
            format!("Keep the {} card", card_name(*card)),
            format!("Garder la carte {}", card_name(*card)),
        ),
        Action::TakeProvince { province } => lang.pick(
            format!("Take {}", the_province(*province, lang)),
            format!("Prendre {}", the_province(*province, lang)),
        ),
        Action::TakeInhabitant { inhabitant } => lang.pick(
            format!("Take {}", the_inhabitant(*inhabitant, lang)),
            format!("Prendre {}", the_inhabitant(*inhabitant, lang)),
        ),
    }
}

/// A6: what each seat keeps, one clause per seat (their token values are lists themselves), then the discard.
fn templum(results: &[TemplumResult], lang: Lang) -> String {
    if results.is_empty() {
        return lang
            .pick("Templum: no dice this round.", "Templum : aucun dé cette manche.")
            .to_owned();
    }
    let mut clauses: Vec<String> = results
        .iter()
        .map(|result| {
            let who = seat(result.seat);
            let values: Vec<u8> = result.kept.iter().map(|token| token.value).collect();
            let mut clause = match values.as_slice() {
                [] => lang.pick(format!("{who} keeps nothing"), format!("{who} ne garde rien")),
                values => lang.pick(
                    format!(
                        "{who} keeps {} worth {}",
                        favour_tokens(values.len(), lang),
                        dice(values, lang)
                    ),
                    format!(
                        "{who} garde {} de valeur {}",
                        favour_tokens(values.len(), lang),
                        dice(values, lang)
                    ),
                ),
            };
            if !result.to_latrina.is_empty() {
                let combos = dice(&result.to_latrina, lang);
                clause += &lang.pick(
                    format!(" (dice of combination {combos} to the Latrina)"),
                    format!(" (dés de la combinaison {combos} à la Latrina)"),
                );
            }
            clause
        })
        .collect();
    let discarded: usize = results.iter().map(|result| result.discarded as usize).sum();
    if discarded > 0 {
        let tokens = favour_tokens(discarded, lang);
        clauses.push(lang.pick(
            format!(
                "{tokens} {} face down to the discard pile",
                plural(discarded, "goes", "go")
            ),
            format!(
                "{tokens} {} face cachée dans la défausse",
                plural(discarded, "retourne", "retournent")
            ),
        ));
    }
    lang.pick(
        format!("Templum: {}.", clauses.join("; ")),
        format!("Templum : {}.", clauses.join(" ; ")),
    )
}

/// The winners, then everyone else's total, in ranking order.
fn game_end(result: &Outcome, lang: Lang) -> String {
    let total = |id: &SeatId| result.scores.get(id.id()).map_or(0, |score| score.total);
    let best = result.winners.first().map_or(0, total);
    let winners: Vec<String> = result.winners.iter().map(|id| seat(*id)).collect();
    let winners = listed(&winners, lang);
    let others: Vec<String> = (result.ranking.iter())
        .filter(|id| !result.winners.contains(id))
        .map(|id| format!("{} {}", seat(*id), total(id)))
        .collect();
    let others = match others.as_slice() {
        [] => String::new(),
        others => format!(" ({})", others.join(", ")),
    };
    match result.winners.len() {
        1 => lang.pick(
            format!("Game over: {winners} wins with {best} points{others}."),
            format!("Fin de la partie : {winners} l'emporte avec {best} points de renommée{others}."),
        ),
        _ => lang.pick(
            format!("Game over: {winners} share the victory with {best} points{others}."),
            format!("Fin de la partie : {winners} se partagent la victoire avec {best} points de renommée{others}."),
        ),
    }
}

fn seat(id: SeatId) -> String {
    capitalized(id.id())
}

/// French "de" before a name, elided before a vowel or an h ("d'Antonius", "d'Hispania", "de Brutus").
fn of(name: &str) -> String {
    match name.chars().next().map(|first| first.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o' | 'u' | 'y' | 'h') => format!("d'{name}"),
        _ => format!("de {name}"),
    }
}

fn on(building: Building, lang: Lang) -> String {
    let name = match building {
        Building::Templum => "Templum",
        Building::Senatus => "Senatus",
        Building::Castrum => "Castrum",
        Building::Forum => "Forum",
    };
    lang.pick(format!("on the {name}"), format!("au {name}"))
}

/// Die values (or other small numbers) as a sentence lists them.
fn dice(values: &[u8], lang: Lang) -> String {
    listed(&values.iter().map(u8::to_string).collect::<Vec<_>>(), lang)
}

/// A straight as the seed writes one: "3-4-5".
fn run(values: std::ops::RangeInclusive<u8>) -> String {
    values.map(|value| value.to_string()).collect::<Vec<_>>().join("-")
}

fn plural<'a>(count: usize, one: &'a str, many: &'a str) -> &'a str {
    if count == 1 { one } else { many }
}

fn favour_tokens(count: usize, lang: Lang) -> String {
    lang.pick(
        format!("{count} {}", plural(count, "favour token", "favour tokens")),
        format!(
            "{count} {}",
            plural(count, "jeton faveur divine", "jetons faveur divine")
        ),
    )
}

fn reroll_tokens(count: usize, lang: Lang) -> String {
    lang.pick(
        format!("{count} {}", plural(count, "reroll token", "reroll tokens")),
        format!("{count} {}", plural(count, "jeton relance", "jetons relance")),
    )
}

fn senate_cards(count: usize, lang: Lang) -> String {
    lang.pick(
        format!("{count} {}", plural(count, "Senate card", "Senate cards")),
        format!("{count} {}", plural(count, "carte sénat", "cartes sénat")),
    )
}

/// Counts per seat: "Antonius (2) and Brutus (1)".
fn per_seat(counts: &[SeatCount], lang: Lang) -> String {
    let counts: Vec<String> = counts
        .iter()
        .map(|each| format!("{} ({})", seat(each.seat), each.count))
        .collect();
    listed(&counts, lang)
}

/// A Senate card by its name in the data ("Triumphator"); copies of a kind share it.
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

/// ": A and B" when the viewer is shown the cards, nothing when they are face down to it.
fn named(shown: Option<&[CardId]>, lang: Lang) -> String {
    shown.map_or(String::new(), |shown| {
        lang.pick(": ", " : ").to_owned() + &cards(shown, lang)
    })
}

fn region(index: u8) -> String {
    DATA.regions
        .get(index as usize)
        .map_or(String::new(), |region| capitalized(region))
}

/// A province tile by its region and value ("Gallia 3"), or the joker.
fn province(id: ProvinceId) -> String {
    match DATA.provinces.get(id.0 as usize) {
        Some(tile) => match tile.region {
            Some(index) => format!("{} {}", region(index), tile.value),
            None => "joker".to_owned(),
        },
        None => String::new(),
    }
}

fn the_province(id: ProvinceId, lang: Lang) -> String {
    lang.pick(
        format!("the {} province", province(id)),
        format!("la province {}", province(id)),
    )
}

/// An inhabitant by region, sex and value: "Gallia woman 1", "femme de Gallia 1".
fn inhabitant(id: InhabitantId, lang: Lang) -> String {
    let Some(tile) = DATA.inhabitants.get(id.0 as usize) else {
        return String::new();
    };
    let from = region(tile.region);
    match (lang, tile.sex) {
        (Lang::En, Sex::Man) => format!("{from} man {}", tile.value),
        (Lang::En, Sex::Woman) => format!("{from} woman {}", tile.value),
        (Lang::Fr, Sex::Man) => format!("homme {} {}", of(&from), tile.value),
        (Lang::Fr, Sex::Woman) => format!("femme {} {}", of(&from), tile.value),
    }
}

fn the_inhabitant(id: InhabitantId, lang: Lang) -> String {
    let name = inhabitant(id, lang);
    match (lang, DATA.inhabitants.get(id.0 as usize).map(|tile| tile.sex)) {
        (Lang::En, _) => format!("the {name}"),
        (Lang::Fr, Some(Sex::Woman)) => format!("la {name}"),
        (Lang::Fr, _) => format!("l'{name}"),
    }
}
