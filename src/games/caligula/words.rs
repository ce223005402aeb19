//! Caligula's events and actions in words: French in the seed's own terms, English in the spec's (README, "Words").
//! Cards are named from the data file; an event is told from what its viewer sees of it, so a face-down token or a
//! card drawn by another seat is told without its value or kind.

use super::Caligula;
use super::action::{Action, ConspiratorTarget, LeaderTarget};
use super::data::DATA;
use super::event::{CandidateReplaced, Concerned, Event, SeatOrdo, SeatTotal};
use super::ids::{CardType, Deck, Extra, FavourAt, Kind, Pos, Role, SeatId, Suit};
use super::outcome::Outcome;
use super::phase::Phase;
use crate::engine::words::{capitalized, listed};
use crate::engine::{Game, Lang};

/// An event, as its (already redacted) fields tell it.
pub fn describe(event: &Event, lang: Lang) -> String {
    match event {
        Event::DecksShuffled {
            coniura_size,
            pugio_size,
            ..
        } => lang.pick(
            format!(
                "The Coniura deck ({}) and the Pugio deck ({}) are shuffled.",
                cards_count(*coniura_size, lang),
                cards_count(*pugio_size, lang)
            ),
            format!(
                "Le tas Coniura ({}) et le tas Pugio ({}) sont mélangés.",
                cards_count(*coniura_size, lang),
                cards_count(*pugio_size, lang)
            ),
        ),
        Event::CivitasDealt {
            suit,
            position_1,
            position_2,
            ..
        } => {
            let (first, second) = (civitas(position_1, lang), civitas(position_2, lang));
            let suit = suit_name(*suit);
            lang.pick(
                format!("The {suit} cards are shuffled: {first} in position 1, {second} in position 2."),
                format!("Les cartes {suit} sont mélangées : {first} en position 1, {second} en position 2."),
            )
        }
        Event::AugustusDealt {
            emperor,
            removed,
            candidate_a,
            candidate_b,
            ..
        } => augustus_dealt(emperor, removed, candidate_a, candidate_b, lang),
        Event::SequentiaRow { row } => lang.pick(
            format!("The {} Sequentia cards are shuffled into a row.", row.len()),
            format!("Les {} cartes Sequentia sont mélangées et posées en ligne.", row.len()),
        ),
        Event::OrdoDealt { ordo } => lang.pick(
            format!("The Ordo cards are dealt: {}.", ordo_list(ordo, lang)),
            format!("Les cartes Ordo sont distribuées : {}.", ordo_list(ordo, lang)),
        ),
        Event::Awaiting { phase } => awaiting(phase, lang),
        Event::TokenPlaced { seat, card, value, .. } => {
            let (who, card) = (seat_name(*seat, lang), civitas(card, lang));
            match value {
                Some(value) => lang.pick(
                    format!("{who} places {} face down on {card}.", spqr_token(*value, lang)),
                    format!(
                        "{who} place le {} face cachée sur la carte {card}.",
                        spqr_token(*value, lang)
                    ),
                ),
                None => lang.pick(
                    format!("{who} places an SPQR token face down on {card}."),
                    format!("{who} place un jeton SPQR face cachée sur la carte {card}."),
                ),
            }
        }
        Event::PlacementEnded { round } => lang.pick(
            format!("The SPQR tokens of round {round} are placed."),
            format!("Fin du placement des jetons SPQR de la manche {round}."),
        ),
        Event::SequentiaStarted { index, card } => sequentia_started(index + 1, card, lang),
        Event::TokensRevealed {
            card,
            card_type,
            totals,
            concerned,
            ..
        } => tokens_revealed(card, *card_type, totals, concerned, lang),
        Event::EffectStep { seat, card, option, .. } if option == "skip" => {
            let who = seat_name(*seat, lang);
            on_card(
                card,
                lang.pick(format!("{who} forgoes the effect"), format!("{who} renonce à l'effet")),
                lang,
            )
        }
        Event::EffectStep { seat, card, option, .. } if option == "none" => {
            let who = seat_name(*seat, lang);
            on_card(
                card,
                lang.pick(format!("no effect on {who}"), format!("sans effet pour {who}")),
                lang,
            )
        }
        Event::EffectStep {
            seat,
            card,
            vp_change: Some(change),
            ..
        } => {
            let (who, points) = (seat_name(*seat, lang), victory_points(change.unsigned_abs(), lang));
            let what = match *change < 0 {
                true => lang.pick(format!("{who} loses {points}"), format!("{who} perd {points}")),
                false => lang.pick(format!("{who} gains {points}"), format!("{who} gagne {points}")),
            };
            on_card(card, what, lang)
        }
        Event::EffectStep {
            seat,
            card,
            spqr_gained: Some(value),
            ..
        } => {
            let (who, token) = (seat_name(*seat, lang), spqr_token(*value, lang));
            on_card(
                card,
                lang.pick(format!("{who} gains {token}"), format!("{who} gagne le {token}")),
                lang,
            )
        }
        Event::EffectStep {
            seat,
            card,
            spqr_lost: Some(value),
            ..
        } => {
            let (who, token) = (seat_name(*seat, lang), spqr_token(*value, lang));
            on_card(
                card,
                lang.pick(format!("{who} loses {token}"), format!("{who} perd le {token}")),
                lang,
            )
        }
        Event::EffectStep {
            seat,
            card,
            ordo_swapped_with: Some(holder),
            ..
        } => {
            let (who, holder) = (seat_name(*seat, lang), seat_name(*holder, lang));
            let what = lang.pick(
                format!("{who} takes Ordo card 1 from {holder}"),
                format!("{who} prend la carte Ordo n°1 à {holder}"),
            );
            on_card(card, what, lang)
        }
        Event::EffectStep {
            seat,
            card,
            favour_to: Some(to),
            ..
        } => on_card(card, favour_moved(&seat_name(*seat, lang), *to, lang), lang),
        Event::EffectStep {
            seat,
            card,
            candidate_replaced: Some(CandidateReplaced { position, old, new, .. }),
            ..
        } => {
            let who = seat_name(*seat, lang);
            let (old, new, at) = (augustus(old, lang), augustus(new, lang), candidate_letter(*position));
            let what = lang.pick(
                format!("{who} replaces {old} (candidate {at}) with {new}"),
                format!("{who} remplace {old} (candidat {at}) par {new}"),
            );
            on_card(card, what, lang)
        }
        Event::EffectStep {
            seat,
            card,
            life_change: Some(change),
            ..
        } => {
            let (who, by) = (seat_name(*seat, lang), change.unsigned_abs());
            let what = match *change < 0 {
                true => lang.pick(
                    format!("{who} lowers the emperor's life by {by}"),
                    format!("{who} retire {by} au capital vie de l'empereur"),
                ),
                false => lang.pick(
                    format!("{who} raises the emperor's life by {by}"),
                    format!("{who} ajoute {by} au capital vie de l'empereur"),
                ),
            };
            on_card(card, what, lang)
        }
        Event::EffectStep {
            seat,
            card,
            pip_taken: Some(_),
            ..
        } => {
            let who = seat_name(*seat, lang);
            let what = lang.pick(
                format!("{who} takes the Primus Inter Pares token"),
                format!("{who} prend le jeton Primus Inter Pares"),
            );
            on_card(card, what, lang)
        }
        Event::EffectStep {
            seat,
            card,
            op,
            option,
            alternative,
            ..
        } => on_card(
            card,
            effect_applied(&seat_name(*seat, lang), op, option, *alternative, lang),
            lang,
        ),
        Event::CardDrawn {
            seat,
            deck: from,
            count,
            kinds,
        } => {
            let who = seat_name(*seat, lang);
            match kinds {
                Some(kinds) => {
                    let drawn = kinds_listed(kinds, lang);
                    lang.pick(format!("{who} draws {drawn}."), format!("{who} pioche {drawn}."))
                }
                None => lang.pick(
                    format!("{who} draws {} from {}.", some_cards(*count, lang), deck(*from, lang)),
                    format!("{who} pioche {} dans {}.", some_cards(*count, lang), deck(*from, lang)),
                ),
            }
        }
        Event::CardDiscarded { seat, kind, deck: to } => {
            let (who, card, to) = (seat_name(*seat, lang), cards(*kind, 1, lang), deck(*to, lang));
            lang.pick(
                format!("{who} discards {card} under {to}."),
                format!("{who} jette {card}, replacée sous {to}."),
            )
        }
        Event::CardStolen { thief, victim, kind } => {
            let (thief, victim) = (seat_name(*thief, lang), seat_name(*victim, lang));
            let card = kind.map_or_else(
                || lang.pick("a card", "une carte").to_owned(),
                |kind| cards(kind, 1, lang),
            );
            lang.pick(
                format!("{thief} steals {card} from {victim}."),
                format!("{thief} vole {card} à {victim}."),
            )
        }
        Event::CivitasShifted {
            removed,
            position_1,
            position_2,
            ..
        } => civitas_shifted(removed, position_1.as_deref(), position_2.as_deref(), lang),
        Event::SequentiaExtra { extra, ordo } => sequentia_extra(*extra, ordo.as_deref(), lang),
        Event::ConspiracyOpened { final_conspiracy } => match final_conspiracy {
            true => lang.pick(
                "The last conspiracy may be plotted.".to_owned(),
                "Une dernière conjuration peut être fomentée.".to_owned(),
            ),
            false => lang.pick(
                "A conspiracy may be plotted.".to_owned(),
                "Une conjuration peut être fomentée.".to_owned(),
            ),
        },
        Event::ConspiracyDeclined { seat, automatic } => {
            let (who, why) = (seat_name(*seat, lang), without_cards(*automatic, lang));
            lang.pick(
                format!("{who} does not conspire{why}."),
                format!("{who} ne veut pas conjurer{why}."),
            )
        }
        Event::ConspiracyPassed { seat, automatic } => {
            let (who, why) = (seat_name(*seat, lang), without_cards(*automatic, lang));
            lang.pick(
                format!("{who} passes and is out of the conspiracy{why}."),
                format!("{who} passe et renonce à la conjuration{why}."),
            )
        }
        Event::ConspiracyAccepted { seat, owed } => {
            let (who, owed) = (seat_name(*seat, lang), coniura_symbols(*owed, lang));
            lang.pick(
                format!("{who} accepts and plays {owed}."),
                format!("{who} accepte et joue {owed}."),
            )
        }
        Event::ConspiracyRaised { seat, total, .. } => {
            let (who, total) = (seat_name(*seat, lang), coniura_symbols(*total, lang));
            lang.pick(
                format!("{who} bids {total} and becomes the leader."),
                format!("{who} propose {total} et devient le chef de la conjuration."),
            )
        }
        Event::CardPlayed { seat, kind, role } => {
            let (who, card) = (seat_name(*seat, lang), cards(*kind, 1, lang));
            match role {
                Role::Bid => lang.pick(
                    format!("{who} plays {card} for the complot."),
                    format!("{who} joue {card} pour le complot."),
                ),
                Role::Defence => lang.pick(
                    format!("{who} defends the emperor with {card}."),
                    format!("{who} défend l'empereur avec {card}."),
                ),
                Role::Stab => lang.pick(
                    format!("{who} stabs the emperor with {card}."),
                    format!("{who} joue {card} contre l'empereur."),
                ),
            }
        }
        Event::ConspiracyAbandoned {} => lang.pick(
            "Nobody conspires: no conspiracy.".to_owned(),
            "Personne ne veut conjurer : pas de conjuration.".to_owned(),
        ),
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
            let (name, at) = (augustus(candidate, lang), candidate_letter(*position));
            match automatic {
                true => lang.pick(
                    format!("{name} (candidate {at}) is the only candidate."),
                    format!("{name} (candidat {at}) est le seul candidat."),
                ),
                false => lang.pick(
                    format!("The leader chooses {name} (candidate {at}) to replace the emperor."),
                    format!("Le chef choisit {name} (candidat {at}) pour remplacer l'empereur."),
                ),
            }
        }
        Event::FavourMoved { seat, from, to, .. } => {
            let who = seat_name(*seat, lang);
            if from == to {
                let at = favour_place(*to, lang);
                lang.pick(
                    format!("{who} leaves the Favor token {at}."),
                    format!("{who} laisse son jeton Favor {at}."),
                )
            } else {
                format!("{}.", favour_moved(&who, *to, lang))
            }
        }
        Event::DefencePassed { seat, automatic } => {
            let (who, why) = (seat_name(*seat, lang), without_cards(*automatic, lang));
            lang.pick(
                format!("{who} does not defend the emperor{why}."),
                format!("{who} ne défend pas l'empereur{why}."),
            )
        }
        Event::StabDone { seat, automatic } => {
            let (who, why) = (seat_name(*seat, lang), without_cards(*automatic, lang));
            lang.pick(
                format!("{who} plays no more Pugio{why}."),
                format!("{who} ne joue plus de Pugio{why}."),
            )
        }
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
            let mut told = vec![lang.pick(
                format!(
                    "{} dies ({stabs} Pugio against a life of {life})",
                    augustus(emperor, lang)
                ),
                format!(
                    "{} meurt ({stabs} Pugio pour un capital vie de {life})",
                    augustus(emperor, lang)
                ),
            )];
            if let Some(new_emperor) = new_emperor {
                let name = augustus(new_emperor, lang);
                told.push(lang.pick(format!("{name} becomes emperor"), format!("{name} devient empereur")));
            }
            if let (Some(new_candidate), Some(at)) = (new_candidate, vacated) {
                let (name, at) = (augustus(new_candidate, lang), candidate_letter(*at));
                told.push(lang.pick(
                    format!("{name} is the new candidate {at}"),
                    format!("{name} est le nouveau candidat {at}"),
                ));
            }
            let leader = seat_name(*leader, lang);
            told.push(lang.pick(
                format!("{leader} gains a conspiracy point"),
                format!("{leader} gagne 1 point conjuration"),
            ));
            if !stabbers.is_empty() {
                let (who, many) = (seats(stabbers, lang), stabbers.len() > 1);
                told.push(lang.pick(
                    format!("{who} {} a victory point", if many { "gain" } else { "gains" }),
                    format!("{who} {} 1 point victoire", if many { "gagnent" } else { "gagne" }),
                ));
            }
            // The outcome comes first, after a colon; its consequences follow, apart.
            let (outcome, consequences) = told.split_first().expect("the death is told");
            let consequences = consequences.join(lang.pick("; ", " ; "));
            lang.pick(
                format!("{outcome}: {consequences}."),
                format!("{outcome} : {consequences}."),
            )
        }
        Event::EmperorSurvived {
            emperor,
            life,
            stabs,
            returned_favours,
            ..
        } => {
            let emperor = augustus(emperor, lang);
            let survives = lang.pick(
                format!("{emperor} survives ({stabs} Pugio against a life of {life})"),
                format!("{emperor} survit ({stabs} Pugio pour un capital vie de {life})"),
            );
            let who = seats(returned_favours, lang);
            match returned_favours.len() {
                0 => format!("{survives}."),
                1 => lang.pick(
                    format!("{survives}: {who} takes the Favor token back from the candidate."),
                    format!("{survives} : {who} reprend son jeton Favor sur le candidat."),
                ),
                _ => lang.pick(
                    format!("{survives}: {who} take their Favor tokens back from the candidate."),
                    format!("{survives} : {who} reprennent leurs jetons Favor sur le candidat."),
                ),
            }
        }
        Event::RoundEndPayment { emperor, vp, paid } => {
            let (emperor, vp, who) = (augustus(emperor, lang), victory_points(*vp, lang), seats(paid, lang));
            lang.pick(
                format!("{emperor} gives {vp} to {who}."),
                format!("{emperor} attribue {vp} à {who}."),
            )
        }
        Event::RoundEnded { round, next_round } => match next_round {
            true => lang.pick(
                format!("Round {round} ends; round {} begins.", round + 1),
                format!("Fin de la manche {round} ; la manche {} commence.", round + 1),
            ),
            false => lang.pick(
                format!("Round {round}, the last one, ends."),
                format!("Fin de la manche {round}, la dernière."),
            ),
        },
        Event::EmpireFell { returned_favours } => match returned_favours.as_slice() {
            [] => lang.pick("The empire falls.".to_owned(), "Chute de l'empire.".to_owned()),
            returned => {
                let who = seats(returned, lang);
                lang.pick(
                    format!("The empire falls: the emperor sends back the Favor tokens of {who}."),
                    format!("Chute de l'empire : l'empereur élimine les jetons Favor de {who}."),
                )
            }
        },
        Event::GameOver { result } => game_over(result, lang),
    }
}

/// A legal action, as a button says it.
pub fn label(action: &Action, lang: Lang) -> String {
    match action {
        Action::PlaceToken { value, suit, position } => {
            let (token, suit) = (spqr_token(*value, lang), suit_name(*suit));
            lang.pick(
                format!("Place {token} face down on the {suit} card in position {position}"),
                format!("Placer le {token} face cachée sur la carte {suit} en position {position}"),
            )
        }
        Action::EffectChoice { option } => effect_choice(option, lang),
        Action::ComplotPass => lang.pick("Pass", "Passer").to_owned(),
        Action::ComplotAccept => lang.pick("Accept the conspiracy", "Accepter la conjuration").to_owned(),
        Action::ComplotRaise { total } => {
            let total = coniura_symbols(*total, lang);
            lang.pick(
                format!("Bid {total} and lead the conspiracy"),
                format!("Proposer {total} et mener la conjuration"),
            )
        }
        Action::PayConiura { kind } => {
            let card = cards(*kind, 1, lang);
            lang.pick(format!("Play {card}"), format!("Jouer {card}"))
        }
        Action::ChooseCandidate { candidate } => {
            let at = candidate_letter(*candidate);
            lang.pick(format!("Choose candidate {at}"), format!("Choisir le candidat {at}"))
        }
        Action::LeaderFavour { target } => match target {
            LeaderTarget::Candidate => favour_on_candidate(lang),
            LeaderTarget::Emperor => favour_on_emperor(lang),
        },
        Action::ConspiratorFavour { target } => match target {
            ConspiratorTarget::Stay => lang
                .pick("Leave my Favor token where it is", "Laisser mon jeton Favor en place")
                .to_owned(),
            ConspiratorTarget::Candidate => favour_on_candidate(lang),
            ConspiratorTarget::Emperor => favour_on_emperor(lang),
        },
        Action::Defend { kind } => {
            let card = cards(*kind, 1, lang);
            lang.pick(
                format!("Defend the emperor with {card}"),
                format!("Défendre l'empereur avec {card}"),
            )
        }
        Action::DefendPass => lang
            .pick("Do not defend the emperor", "Ne pas défendre l'empereur")
            .to_owned(),
        Action::Stab { kind } => {
            let card = cards(*kind, 1, lang);
            lang.pick(
                format!("Stab the emperor with {card}"),
                format!("Jouer {card} contre l'empereur"),
            )
        }
        Action::StabDone => lang.pick("Play no more Pugio", "Ne plus jouer de Pugio").to_owned(),
    }
}

/// The noun of a Coniura or Pugio card kind, as the seed and spec call them ("carte Coniura à double usage").
pub fn kind_noun(kind: Kind, plural: bool, lang: Lang) -> String {
    let deck = match kind.deck() {
        Deck::Coniura => "Coniura",
        Deck::Pugio => "Pugio",
    };
    let dual = matches!(kind, Kind::ConDual | Kind::PugDual);
    match lang {
        Lang::En => format!(
            "{}{deck} card{}",
            if dual { "dual-use " } else { "" },
            if plural { "s" } else { "" }
        ),
        Lang::Fr => format!(
            "carte{} {deck}{}",
            if plural { "s" } else { "" },
            if dual { " à double usage" } else { "" }
        ),
    }
}

/// An SPQR token by its value ("SPQR token 3").
pub fn spqr_token(value: i8, lang: Lang) -> String {
    lang.pick(format!("SPQR token {value}"), format!("jeton SPQR {value}"))
}

/// A Civitas card by its suit, type and value ("Nobiles predilection 4"): the cards have no printed name of their
/// own, and these are what the seed tells them by.
pub fn civitas(id: &str, lang: Lang) -> String {
    let Some(card) = DATA.civitas_index(id).map(|index| &DATA.civitas[index]) else {
        return lang.pick("a Civitas card", "une carte Civitas").to_owned();
    };
    let kind = match card.card_type {
        CardType::Predilection => lang.pick("predilection", "prédilection"),
        CardType::Collective => "collective",
        CardType::Negative => lang.pick("negative", "négative"),
    };
    format!("{} {kind} {}", suit_name(card.suit), card.value)
}

/// An Augustus card by its name; the seed spells one of them its own way.
fn augustus(id: &str, lang: Lang) -> String {
    match (id, lang) {
        ("elagabalus", Lang::Fr) => "Elagabalo".to_owned(),
        _ => capitalized(id),
    }
}

fn suit_name(suit: Suit) -> &'static str {
    match suit {
        Suit::Legionarii => "Legionarii",
        Suit::Praetoriani => "Praetoriani",
        Suit::Tribuni => "Tribuni",
        Suit::Nobiles => "Nobiles",
        Suit::Plebs => "Plebs",
    }
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

fn deck(deck: Deck, lang: Lang) -> &'static str {
    match deck {
        Deck::Coniura => lang.pick("the Coniura deck", "le tas Coniura"),
        Deck::Pugio => lang.pick("the Pugio deck", "le tas Pugio"),
    }
}

/// `count` cards of one kind: "a Pugio card", "2 Pugio cards" ("une carte Pugio", "2 cartes Pugio").
fn cards(kind: Kind, count: usize, lang: Lang) -> String {
    let noun = kind_noun(kind, count > 1, lang);
    match count {
        1 => lang.pick(format!("a {noun}"), format!("une {noun}")),
        _ => format!("{count} {noun}"),
    }
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
    match count {
        1 => lang.pick("a card", "une carte").to_owned(),
        _ => lang.pick(format!("{count} cards"), format!("{count} cartes")),
    }
}

/// "1 card" / "17 cards" (French keeps 0 and 1 singular).
fn cards_count(count: usize, lang: Lang) -> String {
    counted(count, ("card", "cards"), ("carte", "cartes"), lang)
}

fn coniura_symbols(count: u32, lang: Lang) -> String {
    counted(
        count as usize,
        ("Coniura symbol", "Coniura symbols"),
        ("symbole Coniura", "symboles Coniura"),
        lang,
    )
}

fn victory_points(count: u32, lang: Lang) -> String {
    counted(
        count as usize,
        ("victory point", "victory points"),
        ("point victoire", "points victoire"),
        lang,
    )
}

fn counted(count: usize, en: (&str, &str), fr: (&str, &str), lang: Lang) -> String {
    let plural = match lang {
        Lang::En => count != 1,
        Lang::Fr => count > 1,
    };
    let (singular_noun, plural_noun) = lang.pick(en, fr);
    format!("{count} {}", if plural { plural_noun } else { singular_noun })
}

/// Why a seat was passed by the engine: it holds no card (public).
fn without_cards(automatic: bool, lang: Lang) -> &'static str {
    match automatic {
        true => lang.pick(" (no cards)", " (aucune carte)"),
        false => "",
    }
}

fn ordo_list(ordo: &[SeatOrdo], lang: Lang) -> String {
    let each: Vec<String> = ordo
        .iter()
        .map(|held| {
            let who = seat_name(held.seat, lang);
            lang.pick(format!("{who} {}", held.ordo), format!("{who} n°{}", held.ordo))
        })
        .collect();
    listed(&each, lang)
}

/// Where a Favor token is, with its preposition: "on the emperor" ("sur l'empereur").
fn favour_place(place: FavourAt, lang: Lang) -> &'static str {
    match place {
        FavourAt::Supply => lang.pick("in the supply", "dans sa réserve"),
        FavourAt::Emperor => lang.pick("on the emperor", "sur l'empereur"),
        FavourAt::A => lang.pick("on candidate A", "sur le candidat A"),
        FavourAt::B => lang.pick("on candidate B", "sur le candidat B"),
    }
}

/// A Favor token moved by `who` to `to` (without the final period).
fn favour_moved(who: &str, to: FavourAt, lang: Lang) -> String {
    match to {
        FavourAt::Supply => lang.pick(
            format!("{who} takes the Favor token back"),
            format!("{who} reprend son jeton Favor"),
        ),
        place => {
            let at = favour_place(place, lang);
            lang.pick(
                format!("{who} puts the Favor token {at}"),
                format!("{who} place son jeton Favor {at}"),
            )
        }
    }
}

fn favour_on_candidate(lang: Lang) -> String {
    lang.pick(
        "Put my Favor token on the candidate",
        "Placer mon jeton Favor sur le candidat",
    )
    .to_owned()
}

fn favour_on_emperor(lang: Lang) -> String {
    lang.pick(
        "Put my Favor token on the emperor",
        "Placer mon jeton Favor sur l'empereur",
    )
    .to_owned()
}

fn augustus_dealt(emperor: &str, removed: &[String], a: &str, b: &str, lang: Lang) -> String {
    let emperor = augustus(emperor, lang);
    let mut told = vec![lang.pick(format!("{emperor} is emperor"), format!("{emperor} est l'empereur"))];
    if !removed.is_empty() {
        let names: Vec<String> = removed.iter().map(|id| augustus(id, lang)).collect();
        let names = listed(&names, lang);
        told.push(lang.pick(format!("{names} are removed"), format!("{names} sont retirés")));
    }
    let (a, b) = (augustus(a, lang), augustus(b, lang));
    told.push(lang.pick(
        format!("the candidates are {a} (A) and {b} (B)"),
        format!("les candidats sont {a} (A) et {b} (B)"),
    ));
    format!("{}.", told.join(lang.pick("; ", " ; ")))
}

fn awaiting(phase: &Phase, lang: Lang) -> String {
    let who = |seat: &SeatId| seat_name(*seat, lang);
    match phase {
        Phase::Setup => lang
            .pick("The game is being set up.", "Mise en place du jeu.")
            .to_owned(),
        Phase::Placement { seat } => lang.pick(
            format!("{} to place an SPQR token.", who(seat)),
            format!("À {} de placer un jeton SPQR.", who(seat)),
        ),
        Phase::EffectDecision { seat, .. } => lang.pick(
            format!("{} to decide on an effect.", who(seat)),
            format!("À {} de décider d'un effet.", who(seat)),
        ),
        Phase::Complot { seat } => lang.pick(
            format!("{} to speak in the complot.", who(seat)),
            format!("À {} de parler pour le complot.", who(seat)),
        ),
        Phase::ComplotPayment { seat, owed } => {
            let owed = coniura_symbols(*owed, lang);
            lang.pick(
                format!("{} to play {owed}.", who(seat)),
                format!("À {} de jouer {owed}.", who(seat)),
            )
        }
        Phase::FavourCandidate { seat } => lang.pick(
            format!("{}, the leader, to choose the candidate.", who(seat)),
            format!("À {}, chef de la conjuration, de choisir le candidat.", who(seat)),
        ),
        Phase::FavourLeader { seat } | Phase::FavourConspirator { seat } => lang.pick(
            format!("{} to place the Favor token.", who(seat)),
            format!("À {} de placer son jeton Favor.", who(seat)),
        ),
        Phase::Defence { seat } => lang.pick(
            format!("{} to defend the emperor or not.", who(seat)),
            format!("À {} de défendre l'empereur ou non.", who(seat)),
        ),
        Phase::Stabbing { seat } => lang.pick(
            format!("{} to play Pugio against the emperor or stop.", who(seat)),
            format!("À {} de jouer des Pugio contre l'empereur ou de s'arrêter.", who(seat)),
        ),
        Phase::GameOver => lang.pick("The game is over.", "La partie est terminée.").to_owned(),
    }
}

fn sequentia_started(number: usize, card: &str, lang: Lang) -> String {
    let played = lang.pick(
        format!("Sequentia card {number} is played"),
        format!("La carte Sequentia n°{number} est jouée"),
    );
    match DATA.sequentia_index(card) {
        Some(index) => {
            let suits: Vec<String> = DATA.sequentia[index]
                .suits
                .iter()
                .map(|suit| suit_name(*suit).to_owned())
                .collect();
            let suits = listed(&suits, lang);
            lang.pick(format!("{played}: {suits}."), format!("{played} : {suits}."))
        }
        None => format!("{played}."),
    }
}

fn tokens_revealed(
    card: &str,
    card_type: CardType,
    totals: &[SeatTotal],
    concerned: &[Concerned],
    lang: Lang,
) -> String {
    let card = civitas(card, lang);
    let totals = match totals {
        [] => lang.pick("no token", "aucun jeton").to_owned(),
        totals => {
            let each: Vec<String> = totals
                .iter()
                .map(|total| format!("{} {}", seat_name(total.seat, lang), total.total))
                .collect();
            lang.pick(
                format!("totals {}", listed(&each, lang)),
                format!("totaux {}", listed(&each, lang)),
            )
        }
    };
    let who: Vec<String> = concerned
        .iter()
        .map(|seat| match seat.instances {
            1 => seat_name(seat.seat, lang),
            times => lang.pick(
                format!("{} ({times} times)", seat_name(seat.seat, lang)),
                format!("{} ({times} fois)", seat_name(seat.seat, lang)),
            ),
        })
        .collect();
    let many = who.len() > 1;
    let who = listed(&who, lang);
    let outcome = match (card_type, who.is_empty()) {
        (CardType::Negative, true) => lang
            .pick("nobody suffers its effect", "personne n'en subit les effets")
            .to_owned(),
        (CardType::Negative, false) => lang.pick(
            format!("{who} {} its effect", if many { "suffer" } else { "suffers" }),
            format!("{who} en {} les effets", if many { "subissent" } else { "subit" }),
        ),
        (_, true) => lang.pick("nobody benefits", "personne n'en profite").to_owned(),
        (_, false) => lang.pick(
            format!("{who} {}", if many { "benefit" } else { "benefits" }),
            format!("{who} en {}", if many { "profitent" } else { "profite" }),
        ),
    };
    lang.pick(
        format!("{card} is resolved ({totals}): {outcome}."),
        format!("La carte {card} est résolue ({totals}) : {outcome}."),
    )
}

/// An effect step told by its code and option, when it changed none of the recorded attributes (without the card
/// or the final period).
fn effect_applied(who: &str, op: &str, option: &str, alternative: Option<u8>, lang: Lang) -> String {
    match (op, option) {
        ("either", _) => match alternative {
            Some(0) => lang.pick(
                format!("{who} chooses the first effect"),
                format!("{who} choisit le premier effet"),
            ),
            _ => lang.pick(
                format!("{who} chooses the second effect"),
                format!("{who} choisit le second effet"),
            ),
        },
        ("draw_coniura", _) | (_, "coniura") => drawn_from(who, Deck::Coniura, lang),
        ("draw_pugio", _) | (_, "pugio") => drawn_from(who, Deck::Pugio, lang),
        _ => {
            if let Some(kind) = Kind::parse(option) {
                let card = cards(kind, 1, lang);
                lang.pick(format!("{who} discards {card}"), format!("{who} jette {card}"))
            } else if let Some(victim) = SeatId::ALL.into_iter().find(|seat| seat.name() == option) {
                let victim = seat_name(victim, lang);
                lang.pick(
                    format!("{who} steals a card from {victim}"),
                    format!("{who} vole une carte à {victim}"),
                )
            } else {
                lang.pick(format!("{who} applies the effect"), format!("{who} applique l'effet"))
            }
        }
    }
}

/// An effect step's words after the card it comes from: "Nobiles predilection 4: Sabinus gains 3 victory points."
fn on_card(card: &str, what: String, lang: Lang) -> String {
    let card = civitas(card, lang);
    lang.pick(format!("{card}: {what}."), format!("{card} : {what}."))
}

fn drawn_from(who: &str, from: Deck, lang: Lang) -> String {
    let from = deck(from, lang);
    lang.pick(format!("{who} draws from {from}"), format!("{who} pioche dans {from}"))
}

/// The option of an effect decision, as a button says it. The option alone names it (each name belongs to one kind
/// of step), except `a` and `b`, which pick a candidate both to replace (CAND) and to back (FAV).
fn effect_choice(option: &str, lang: Lang) -> String {
    let fixed = match option {
        "apply" => Some(("Apply the effect", "Appliquer l'effet")),
        "skip" => Some(("Forgo the effect", "Renoncer à l'effet")),
        "none" => Some(("Lose nothing", "Ne rien perdre")),
        "first" => Some(("Choose the first effect", "Choisir le premier effet")),
        "second" => Some(("Choose the second effect", "Choisir le second effet")),
        "coniura" => Some(("Draw from the Coniura deck", "Piocher dans le tas Coniura")),
        "pugio" => Some(("Draw from the Pugio deck", "Piocher dans le tas Pugio")),
        "a" => Some(("Choose candidate A", "Choisir le candidat A")),
        "b" => Some(("Choose candidate B", "Choisir le candidat B")),
        "supply" => Some(("Take my Favor token back", "Reprendre mon jeton Favor")),
        "plus" => Some(("Raise the emperor's life", "Augmenter le capital vie de l'empereur")),
        "minus" => Some(("Lower the emperor's life", "Diminuer le capital vie de l'empereur")),
        _ => None,
    };
    if let Some((en, fr)) = fixed {
        return lang.pick(en, fr).to_owned();
    }
    if option == "emperor" {
        return favour_on_emperor(lang);
    }
    if let Some(kind) = Kind::parse(option) {
        let card = cards(kind, 1, lang);
        return lang.pick(format!("Discard {card}"), format!("Jeter {card}"));
    }
    match SeatId::ALL.into_iter().find(|seat| seat.name() == option) {
        Some(victim) => {
            let victim = seat_name(victim, lang);
            lang.pick(
                format!("Steal a card from {victim}"),
                format!("Voler une carte à {victim}"),
            )
        }
        None => lang.pick(format!("Choose {option}"), format!("Choisir {option}")),
    }
}

fn civitas_shifted(removed: &str, first: Option<&str>, second: Option<&str>, lang: Lang) -> String {
    let mut told = vec![lang.pick(
        format!("{} leaves the game", civitas(removed, lang)),
        format!("{} est éliminée", civitas(removed, lang)),
    )];
    if let Some(first) = first {
        let first = civitas(first, lang);
        told.push(lang.pick(
            format!("{first} moves to position 1"),
            format!("{first} passe en position 1"),
        ));
    }
    if let Some(second) = second {
        let second = civitas(second, lang);
        told.push(lang.pick(
            format!("{second} is turned face up in position 2"),
            format!("{second} est retournée en position 2"),
        ));
    }
    format!("{}.", listed(&told, lang))
}

fn sequentia_extra(extra: Extra, ordo: Option<&[SeatOrdo]>, lang: Lang) -> String {
    match extra {
        Extra::AllDrawConiura => lang
            .pick(
                "Sequentia: every player, in Ordo order, draws a Coniura card.",
                "Sequentia : tous les joueurs, suivant l'ordre de jeu, piochent une carte dans le tas Coniura.",
            )
            .to_owned(),
        Extra::PassOrdoLeft => {
            let passed = lang.pick(
                "Sequentia: every player passes the Ordo card to the left neighbour",
                "Sequentia : chaque joueur passe sa carte Ordo au joueur sur sa gauche",
            );
            match ordo {
                Some(ordo) => format!("{passed} ({}).", ordo_list(ordo, lang)),
                None => format!("{passed}."),
            }
        }
    }
}

fn conspiracy_formed(leader: SeatId, high: u32, conspirators: &[SeatId], lang: Lang) -> String {
    let (leader_name, bid) = (seat_name(leader, lang), coniura_symbols(high, lang));
    let others: Vec<SeatId> = conspirators.iter().copied().filter(|seat| *seat != leader).collect();
    match others.as_slice() {
        [] => lang.pick(
            format!("The complot is over: {leader_name} conspires alone ({bid})."),
            format!("Fin du complot : {leader_name} conjure seul ({bid})."),
        ),
        others => {
            let others = seats(others, lang);
            lang.pick(
                format!("The complot is over: {leader_name} leads the conspiracy with {others} ({bid})."),
                format!("Fin du complot : {leader_name} mène la conjuration avec {others} ({bid})."),
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
    let who = seats(&result.winners, lang);
    match result.draw {
        true => lang.pick(
            format!("Game over: {who} share the win with {points} points."),
            format!("Fin de la partie : {who} l'emportent à égalité avec {points} points."),
        ),
        false => lang.pick(
            format!("Game over: {who} wins with {points} points."),
            format!("Fin de la partie : {who} l'emporte avec {points} points."),
        ),
    }
}
