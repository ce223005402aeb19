//! Events and actions in words, French in the seed's own terms (États, galères, marche forcée, talon, « espion »),
//! English in the spec's. Cities and states by their names in the map file; cards by rank, or by rank and suit where
//! the event shows the card itself.

use super::RomeCarthage;
use super::action::{Action, Step};
use super::card::{Card, Rank};
use super::city::CityId;
use super::data::MAP_FILE;
use super::event::{Destination, Disposal, Event, MovedStep, Resolution, StateOwner};
use super::ids::{STATE_IDS, SeatId, Side, SpecialId, SpecialKind, StateId, TeamId};
use super::outcome::{EndReason, Outcome};
use super::piece::{Kind, Piece};
use crate::engine::words::{capitalized, listed};
use crate::engine::{Game, Lang};

/// `event`, as its viewer may see it, in one sentence.
pub fn describe(event: &Event, lang: Lang) -> String {
    match event {
        Event::TeamsDrawn { team_a, team_b } => {
            let (a, b) = (states(team_a, lang), states(team_b, lang));
            lang.pick(
                format!("Teams drawn: {a} against {b}."),
                format!("Tirage des camps : {a} contre {b}."),
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
            let (who, dealt) = (seat_name(*seat, lang), count_of(*count, lang, CARD));
            match hand_ranks(cards.as_deref(), ranks.as_deref()) {
                Some(shown) => {
                    let shown = bare_ranks(&shown, lang);
                    lang.pick(
                        format!("{who} is dealt {dealt}: {shown}."),
                        format!("{who} reçoit {dealt} : {shown}."),
                    )
                }
                None => lang.pick(format!("{who} is dealt {dealt}."), format!("{who} reçoit {dealt}.")),
            }
        }
        Event::QueensRemoved { seat, ranks } => {
            let (who, queens) = (seat_name(*seat, lang), ranks.len());
            lang.pick(
                format!("{who}'s {queens} queens leave the game."),
                format!("Les {queens} dames de {who} sont retirées du jeu."),
            )
        }
        Event::TalonShuffled { count, .. } => {
            let cards = count_of(*count, lang, CARD);
            lang.pick(
                format!("The talon is shuffled ({cards})."),
                format!("Le talon est battu ({cards})."),
            )
        }
        Event::StartingCard { card, starter } => {
            let (card, who) = (card_name(*card, lang), seat_name(*starter, lang));
            lang.pick(
                format!("The top card of the talon is {card}: {who} opens the game."),
                format!("La carte supérieure du talon est {card} : {who} ouvre le jeu."),
            )
        }
        Event::TurnOrderFixed { order } => {
            let order = seat_names(order, lang);
            lang.pick(format!("Turn order: {order}."), format!("Ordre de jeu : {order}."))
        }
        Event::TalonsSplit {
            team_a_count,
            team_b_count,
            ..
        } => {
            let packets = packets(*team_a_count, *team_b_count, lang);
            lang.pick(
                format!("The talon is split into two packets, one talon per team: {packets}."),
                format!("Le talon est séparé en deux paquets, un talon par camp : {packets}."),
            )
        }
        Event::TalonsRefilled {
            team_a_count,
            team_b_count,
            ..
        } => {
            let packets = packets(*team_a_count, *team_b_count, lang);
            lang.pick(
                format!("A talon is exhausted: the spent cards are split between both talons, shuffled again: {packets}."),
                format!("Un talon est épuisé : les cartes dépensées sont partagées entre les deux talons, battus de nouveau : {packets}."),
            )
        }
        Event::SpecialsDealt {
            betrayal,
            sedition,
            chooser,
            ..
        } => specials_dealt(*betrayal, *sedition, *chooser, lang),
        Event::SpecialChoiceOpened { choosers } => {
            let who = seat_names(choosers, lang);
            if choosers.len() == 1 {
                lang.pick(
                    format!("{who} chooses which special card to keep."),
                    format!("{who} choisit sa carte spéciale."),
                )
            } else {
                lang.pick(
                    format!("{who} choose which special card to keep."),
                    format!("{who} choisissent leur carte spéciale."),
                )
            }
        }
        Event::PlacementTurnStarted { seat, round, quota } => {
            let (who, pieces) = (seat_name(*seat, lang), count_of(u32::from(*quota), lang, PIECE));
            lang.pick(
                format!("Placement, round {round}: {who} places {pieces}."),
                format!("Placement, tour {round} : {who} place {pieces}."),
            )
        }
        Event::PiecePlaced { seat, piece, city } => {
            let (who, piece, city) = (seat_name(*seat, lang), piece_name(*piece, lang), city_name(*city));
            lang.pick(
                format!("{who} places {piece} in {city}."),
                format!("{who} place {piece} à {city}."),
            )
        }
        Event::TurnStarted { seat, round } => {
            let who = seat_name(*seat, lang);
            lang.pick(
                format!("Round {round}: {who}'s turn."),
                format!("Tour {round} : c'est à {who} de jouer."),
            )
        }
        Event::TalonReformed { count, .. } => {
            let cards = count_of(*count, lang, CARD);
            lang.pick(
                format!("The talon is exhausted: the spent cards are shuffled into a new talon ({cards})."),
                format!(
                    "Le talon est épuisé : les cartes dépensées sont battues et forment le nouveau talon ({cards})."
                ),
            )
        }
        Event::CardDrawn { seat, card, rank, .. } => {
            let who = seat_name(*seat, lang);
            match (card, rank) {
                (Some(card), _) => {
                    let card = card_name(*card, lang);
                    lang.pick(format!("{who} draws {card}."), format!("{who} tire {card}."))
                }
                (None, Some(rank)) => {
                    let rank = a_rank(*rank, lang);
                    lang.pick(format!("{who} draws {rank}."), format!("{who} tire {rank}."))
                }
                (None, None) => lang.pick(
                    format!("{who} draws a card from the talon."),
                    format!("{who} tire une carte du talon."),
                ),
            }
        }
        Event::DrawSkipped { seat } => {
            let who = seat_name(*seat, lang);
            lang.pick(
                format!("{who} draws nothing: the talon and the spent cards are exhausted."),
                format!("{who} ne tire rien : le talon et les cartes dépensées sont épuisés."),
            )
        }
        Event::PieceMoved {
            seat,
            piece,
            from,
            path,
            cost,
            betrayal,
            attacks,
        } => {
            let (who, name, from) = (seat_name(*seat, lang), piece_name(*piece, lang), city_name(*from));
            let (route, attack) = (route(path, lang, "à"), attacking(*attacks, lang));
            let double = if *cost > 1 {
                lang.pick(" (double move)", " (double déplacement)")
            } else {
                ""
            };
            if *betrayal {
                lang.pick(
                    format!("By betrayal, {name} ({who}) goes from {from}{route}{attack}."),
                    format!("Par trahison, {name} ({who}) va {}{route}{attack}.", of_fr(from)),
                )
            } else {
                lang.pick(
                    format!("{who} moves {name} from {from}{route}{double}{attack}."),
                    format!("{who} déplace {name} {}{route}{double}{attack}.", of_fr(from)),
                )
            }
        }
        Event::MercenariesMoved {
            seat, steps, betrayal, ..
        } => {
            let who = seat_name(*seat, lang);
            let steps: Vec<String> = steps.iter().map(|step| moved_step(step, lang)).collect();
            let steps = listed(&steps, lang);
            if *betrayal {
                lang.pick(
                    format!("By betrayal, {who}'s two mercenaries move at once: {steps}."),
                    format!("Par trahison, deux mercenaires de {who} se déplacent du même coup : {steps}."),
                )
            } else {
                lang.pick(
                    format!("{who} moves two mercenaries at once: {steps}."),
                    format!("{who} déplace deux mercenaires du même coup : {steps}."),
                )
            }
        }
        Event::ForcedMarchPaid { seat, cards } => {
            let who = seat_name(*seat, lang);
            let ranks: Vec<Rank> = cards.iter().map(|disposal| disposal.rank).collect();
            let paid = some_ranks(&ranks, lang);
            let kings = kings_out(cards, lang);
            lang.pick(
                format!("{who} pays a forced march with {paid}{kings}."),
                format!("{who} paie une marche forcée avec {paid}{kings}."),
            )
        }
        Event::BetrayalPlayed { seat, card, target } => {
            let (who, card, target) = (
                seat_name(*seat, lang),
                special_name(*card, lang),
                seat_name(*target, lang),
            );
            lang.pick(
                format!("{who} plays {card} and moves for {target}."),
                format!("{who} joue {card} et déplace pour {target}."),
            )
        }
        Event::SeditionPlayed {
            seat,
            card,
            city,
            eliminated,
            cancelled_attacker,
        } => {
            let (who, card, city) = (seat_name(*seat, lang), special_name(*card, lang), city_name(*city));
            let out = is_eliminated(*eliminated, lang);
            let holder = cancelled_attacker.map_or_else(String::new, |attacker| {
                let attacker = piece_name(attacker, lang);
                lang.pick(
                    format!(" and {attacker} holds the city"),
                    format!(" et {attacker} tient la ville"),
                )
            });
            lang.pick(
                format!("{who} plays {card} in {city}: {out}{holder}."),
                format!("{who} joue {card} à {city} : {out}{holder}."),
            )
        }
        Event::DrawOffered { seat, responders } => {
            let (who, to) = (seat_name(*seat, lang), seat_names(responders, lang));
            lang.pick(
                format!("{who} offers a draw to {to}."),
                format!("{who} propose la partie nulle à {to}."),
            )
        }
        Event::DrawAccepted { seat } => {
            let who = seat_name(*seat, lang);
            lang.pick(
                format!("{who} accepts the draw."),
                format!("{who} accepte la partie nulle."),
            )
        }
        Event::DrawDeclined { seat } => {
            let who = seat_name(*seat, lang);
            lang.pick(
                format!("{who} declines the draw."),
                format!("{who} refuse la partie nulle."),
            )
        }
        Event::MovesEnded { seat } => {
            let who = seat_name(*seat, lang);
            lang.pick(
                format!("{who} has finished moving."),
                format!("{who} a terminé ses déplacements."),
            )
        }
        Event::CombatStarted {
            city,
            attacker,
            defender,
            attacker_seat,
            defender_seat,
            need_attacker,
            need_defender,
            ..
        } => {
            let city = city_name(*city);
            let (attacker, attacker_seat) = (piece_name(*attacker, lang), seat_name(*attacker_seat, lang));
            let (defender, defender_seat) = (piece_name(*defender, lang), seat_name(*defender_seat, lang));
            let cards = count_of(u32::from(*need_attacker), lang, CARD);
            lang.pick(
                format!(
                    "Combat in {city}: {attacker} ({attacker_seat}) attacks {defender} ({defender_seat}), {cards} against {need_defender}."
                ),
                format!(
                    "Combat à {city} : {attacker} ({attacker_seat}) attaque {defender} ({defender_seat}), {cards} contre {need_defender}."
                ),
            )
        }
        Event::BaseCommitted {
            seat,
            count,
            automatic,
            ranks,
            ..
        } => {
            let who = seat_name(*seat, lang);
            let cards = match ranks {
                Some(ranks) => some_ranks(ranks, lang),
                None => count_of(*count, lang, CARD),
            };
            match (*count, *automatic) {
                (0, _) => lang.pick(
                    format!("{who} has no card to place."),
                    format!("{who} n'a aucune carte à placer."),
                ),
                (_, true) => lang.pick(
                    format!("{who} places the whole hand face down: {cards}."),
                    format!("{who} place toute sa main face contre table : {cards}."),
                ),
                (_, false) => lang.pick(
                    format!("{who} places {cards} face down."),
                    format!("{who} place {cards} face contre table."),
                ),
            }
        }
        Event::BasesRevealed {
            attacker,
            defender,
            spy_eligible,
        } => {
            let (attacker, defender) = (some_ranks(attacker, lang), some_ranks(defender, lang));
            let spies = match spy_eligible.as_slice() {
                [] => String::new(),
                [side] => {
                    let side = side_name(*side, lang);
                    lang.pick(
                        format!("; the {side} may call spy"),
                        format!(" ; le {side} peut déclarer « espion »"),
                    )
                }
                _ => lang.pick("; both are spies", " ; les deux sont espions").to_owned(),
            };
            lang.pick(
                format!("The cards are turned over: the attacker shows {attacker}, the defender {defender}{spies}."),
                format!("Les cartes sont retournées : l'attaquant montre {attacker}, le défenseur {defender}{spies}."),
            )
        }
        Event::DoubleSpy { disposals, .. } => {
            let kings = kings_out(disposals, lang);
            lang.pick(
                format!("Both sides played a spy: their cards are lost{kings} and the combat starts again."),
                format!(
                    "Les deux joueurs ont joué un espion : leurs cartes sont perdues{kings} et le combat recommence."
                ),
            )
        }
        Event::SpyDeclined { seat } => {
            let who = seat_name(*seat, lang);
            lang.pick(
                format!("{who} does not call spy: the cards keep their face value."),
                format!("{who} ne déclare pas « espion » : ses cartes gardent leur valeur naturelle."),
            )
        }
        Event::SpyDeclared { seat, disposals } => {
            let (who, kings) = (seat_name(*seat, lang), kings_out(disposals, lang));
            lang.pick(
                format!("{who} calls spy: the cards are spent{kings}, new ones are chosen in view of the opponent's."),
                format!("{who} déclare « espion » : ses cartes sont dépensées{kings}, il en choisit d'autres au vu de celles de l'adversaire."),
            )
        }
        Event::SpyBaseChosen { seat, ranks, .. } => {
            let (who, cards) = (seat_name(*seat, lang), some_ranks(ranks, lang));
            lang.pick(
                format!("{who}, the spy, plays {cards}."),
                format!("{who}, l'espion, joue {cards}."),
            )
        }
        Event::CombatTied { attacker_total, .. } => lang.pick(
            format!("Tie at {attacker_total}: each side adds a card."),
            format!("Égalité à {attacker_total} : chacun ajoute une carte."),
        ),
        Event::ExtraAdded {
            seat, automatic, rank, ..
        } => {
            let who = seat_name(*seat, lang);
            match (automatic, rank) {
                (true, Some(rank)) => {
                    let card = a_rank(*rank, lang);
                    lang.pick(
                        format!("{who} adds the last card in hand face down: {card}."),
                        format!("{who} ajoute sa dernière carte face contre table : {card}."),
                    )
                }
                (true, None) => lang.pick(
                    format!("{who} adds the last card in hand face down."),
                    format!("{who} ajoute sa dernière carte face contre table."),
                ),
                (false, Some(rank)) => {
                    let card = a_rank(*rank, lang);
                    lang.pick(
                        format!("{who} adds {card} face down."),
                        format!("{who} ajoute {card} face contre table."),
                    )
                }
                (false, None) => lang.pick(
                    format!("{who} adds a card face down."),
                    format!("{who} ajoute une carte face contre table."),
                ),
            }
        }
        Event::ExtrasRevealed {
            attacker,
            defender,
            attacker_total,
            defender_total,
        } => {
            let (attacker, defender) = (a_rank(*attacker, lang), a_rank(*defender, lang));
            lang.pick(
                format!("The added cards are turned over: the attacker shows {attacker} ({attacker_total} in all), the defender {defender} ({defender_total})."),
                format!("Les cartes ajoutées sont retournées : l'attaquant montre {attacker} ({attacker_total} en tout), le défenseur {defender} ({defender_total})."),
            )
        }
        Event::CombatResolved {
            city,
            attacker,
            defender,
            attacker_total,
            defender_total,
            winner,
            eliminated,
            resolution,
            disposals,
        } => {
            let city = city_name(*city);
            let (winning, won, lost) = match winner {
                Side::Attacker => (*attacker, attacker_total, defender_total),
                Side::Defender => (*defender, defender_total, attacker_total),
            };
            let winning = piece_name(winning, lang);
            let (out, kings) = (is_eliminated(*eliminated, lang), kings_out(disposals, lang));
            match resolution {
                Resolution::Totals => lang.pick(
                    format!("Combat in {city}: {winning} wins {won} to {lost} and {out}{kings}."),
                    format!("Combat à {city} : {winning} l'emporte par {won} à {lost} et {out}{kings}."),
                ),
                Resolution::EmptyHand => lang.pick(
                    format!(
                        "Combat in {city}: tied at {won} with no card left to add, {winning} wins and {out}{kings}."
                    ),
                    format!(
                        "Combat à {city} : égalité à {won} sans carte à ajouter, {winning} l'emporte et {out}{kings}."
                    ),
                ),
            }
        }
        Event::SeatEliminated { seat, hand } => {
            let who = seat_name(*seat, lang);
            let mut hand = hand.clone();
            hand.sort();
            let lost = some_ranks(&hand, lang);
            lang.pick(
                format!("{who} has no piece left and is out of the game; cards lost: {lost}."),
                format!("{who} n'a plus de pièces et est exclu du jeu ; cartes perdues : {lost}."),
            )
        }
        Event::SiegeEstablished { team, .. } => {
            let team = team_name(*team, lang);
            lang.pick(
                format!(
                    "{} holds both enemy capitals: a full round more and it wins.",
                    capitalized(&team)
                ),
                format!(
                    "{} occupe les deux capitales adverses : un tour complet de plus et il gagne.",
                    capitalized(&team)
                ),
            )
        }
        Event::SiegeBroken { team } => {
            let team = team_name(*team, lang);
            lang.pick(
                format!("{} no longer holds both enemy capitals.", capitalized(&team)),
                format!("{} n'occupe plus les deux capitales adverses.", capitalized(&team)),
            )
        }
        Event::SiegeWitnessed { team, seat, .. } => {
            let (team, who) = (team_name(*team, lang), seat_name(*seat, lang));
            lang.pick(
                format!(
                    "{} still holds both enemy capitals after {who}'s turn.",
                    capitalized(&team)
                ),
                format!(
                    "{} occupe toujours les deux capitales adverses après le tour de {who}.",
                    capitalized(&team)
                ),
            )
        }
        Event::TurnEnded { seat, quiet_turns, .. } => {
            let who = seat_name(*seat, lang);
            if *quiet_turns == 0 {
                lang.pick(format!("{who}'s turn ends."), format!("Fin du tour de {who}."))
            } else {
                let turns = count_of(*quiet_turns, lang, TURN);
                lang.pick(
                    format!("{who}'s turn ends ({turns} without an elimination)."),
                    format!("Fin du tour de {who} ({turns} sans élimination)."),
                )
            }
        }
        Event::GameOver { result } => game_over(result, lang),
    }
}

/// A legal action, as a button says it.
pub fn label(action: &Action, lang: Lang) -> String {
    match action {
        Action::ChooseSpecial { card } => {
            let card = special_kind_name(*card, lang);
            lang.pick(format!("Keep {card}"), format!("Garder {card}"))
        }
        Action::Place { kind, city } => {
            let (kind, city) = (a_kind(*kind, lang), city_name(*city));
            lang.pick(format!("Place {kind} in {city}"), format!("Placer {kind} à {city}"))
        }
        Action::Move { piece, path } => capitalized(&movement(*piece, path, lang)),
        Action::MoveMercenaries { steps } => capitalized(&mercenaries(steps, lang)),
        Action::PayForcedMarch { cards } => {
            let cards = some_ranks(cards, lang);
            lang.pick(
                format!("Pay the forced march with {cards}"),
                format!("Payer la marche forcée avec {cards}"),
            )
        }
        Action::PlayBetrayal { piece, path, steps } => {
            let card = special_kind_name(SpecialKind::Betrayal, lang);
            let moved = match (piece, path, steps) {
                (Some(piece), Some(path), _) => movement(*piece, path, lang),
                (_, _, Some(steps)) => mercenaries(steps, lang),
                _ => return lang.pick(format!("Play {card}"), format!("Jouer {card}")),
            };
            lang.pick(format!("Play {card}: {moved}"), format!("Jouer {card} : {moved}"))
        }
        Action::PlaySedition { city } => {
            let (card, city) = (special_kind_name(SpecialKind::Sedition, lang), city_name(*city));
            lang.pick(format!("Play {card} in {city}"), format!("Jouer {card} à {city}"))
        }
        Action::OfferDraw {} => lang.pick("Offer a draw", "Proposer la nulle").to_owned(),
        Action::AcceptDraw {} => lang.pick("Accept the draw", "Accepter la nulle").to_owned(),
        Action::DeclineDraw {} => lang.pick("Decline the draw", "Refuser la nulle").to_owned(),
        Action::EndMoves {} => lang.pick("End my moves", "Terminer mes déplacements").to_owned(),
        Action::ChooseCombat { city } => {
            let city = city_name(*city);
            lang.pick(
                format!("Fight the combat in {city} now"),
                format!("Livrer maintenant le combat de {city}"),
            )
        }
        Action::Commit { cards } => {
            let cards = some_ranks(cards, lang);
            lang.pick(
                format!("Place {cards} face down"),
                format!("Placer {cards} face contre table"),
            )
        }
        Action::DeclareSpy {} => lang.pick("Call spy", "Déclarer « espion »").to_owned(),
        Action::DeclineSpy {} => lang
            .pick(
                "Keep my cards at their face value",
                "Garder à mes cartes leur valeur naturelle",
            )
            .to_owned(),
        Action::SpyCommit { cards } => {
            let cards = some_ranks(cards, lang);
            lang.pick(format!("Play {cards} as the spy"), format!("Jouer {cards} en espion"))
        }
        Action::AddCard { card } => {
            let card = a_rank(*card, lang);
            lang.pick(
                format!("Add {card} face down"),
                format!("Ajouter {card} face contre table"),
            )
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

/// French "de" before a name, elided before a vowel or a mute h ("d'Alexandrie", "d'Hippone").
fn of_fr(name: &str) -> String {
    let elided = name.chars().next().is_some_and(|first| "AEIOUHÉ".contains(first));
    if elided {
        format!("d'{name}")
    } else {
        format!("de {name}")
    }
}

/// A piece with its State: "Rome's galley 2", "la galère 2 de Rome".
fn piece_name(piece: Piece, lang: Lang) -> String {
    let state = state_name(StateId::of(piece.state()));
    // Galleys are numbered 1–2 and mercenaries 1–3 within their State (slots 2–3 and 4–6).
    let number = match piece.kind() {
        Kind::Galley => format!(" {}", piece.slot() - 1),
        Kind::Mercenary => format!(" {}", piece.slot() - 3),
        Kind::Elephant | Kind::Chariot => String::new(),
    };
    match lang {
        Lang::En => format!("{state}'s {}{number}", piece.kind().as_str()),
        Lang::Fr => {
            let kind = match piece.kind() {
                Kind::Elephant => "l'éléphant",
                Kind::Chariot => "le char",
                Kind::Galley => "la galère",
                Kind::Mercenary => "le mercenaire",
            };
            format!("{kind}{number} {}", of_fr(state))
        }
    }
}

/// "Carthage's chariot is eliminated", "la galère 1 de Carthage est éliminée".
fn is_eliminated(piece: Piece, lang: Lang) -> String {
    let name = piece_name(piece, lang);
    let agreed = if piece.kind() == Kind::Galley { "e" } else { "" };
    lang.pick(format!("{name} is eliminated"), format!("{name} est éliminé{agreed}"))
}

fn a_kind(kind: Kind, lang: Lang) -> &'static str {
    match kind {
        Kind::Elephant => lang.pick("an elephant", "un éléphant"),
        Kind::Chariot => lang.pick("a chariot", "un char"),
        Kind::Galley => lang.pick("a galley", "une galère"),
        Kind::Mercenary => lang.pick("a mercenary", "un mercenaire"),
    }
}

/// A rank as a word: "ace", "7", "jack"; "as", "7", "valet".
fn rank_name(rank: Rank, lang: Lang) -> &'static str {
    match rank {
        Rank::R1 => lang.pick("ace", "as"),
        Rank::J => lang.pick("jack", "valet"),
        Rank::Q => lang.pick("queen", "dame"),
        Rank::K => lang.pick("king", "roi"),
        number => number.token(),
    }
}

/// A rank with its article: "an ace", "an 8", "a king"; "un as", "une dame".
pub(super) fn a_rank(rank: Rank, lang: Lang) -> String {
    let article = match (lang, rank) {
        (Lang::En, Rank::R1 | Rank::R8) => "an",
        (Lang::En, _) => "a",
        (Lang::Fr, Rank::Q) => "une",
        (Lang::Fr, _) => "un",
    };
    format!("{article} {}", rank_name(rank, lang))
}

/// Cards by rank, each with its article, in rank order: "an ace and a 2"; "no card" for none.
pub(super) fn some_ranks(ranks: &[Rank], lang: Lang) -> String {
    if ranks.is_empty() {
        return lang.pick("no card", "aucune carte").to_owned();
    }
    let mut ranks = ranks.to_vec();
    ranks.sort();
    let named: Vec<String> = ranks.iter().map(|rank| a_rank(*rank, lang)).collect();
    listed(&named, lang)
}

/// Ranks as bare words in a listing: "2, 4, jack and king".
pub(super) fn bare_ranks(ranks: &[Rank], lang: Lang) -> String {
    let named: Vec<String> = ranks.iter().map(|rank| rank_name(*rank, lang).to_owned()).collect();
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
    let suit = match card.suit() {
        0 => lang.pick("clubs", "trèfle"),
        1 => lang.pick("diamonds", "carreau"),
        2 => lang.pick("hearts", "cœur"),
        _ => lang.pick("spades", "pique"),
    };
    let rank = rank_name(card.rank(), lang);
    match (lang, card.rank()) {
        (Lang::En, _) => format!("the {rank} of {suit}"),
        (Lang::Fr, Rank::R1) => format!("l'{rank} de {suit}"),
        (Lang::Fr, Rank::Q) => format!("la {rank} de {suit}"),
        (Lang::Fr, _) => format!("le {rank} de {suit}"),
    }
}

/// A noun's singular and plural, English then French.
type Noun = [[&'static str; 2]; 2];
const CARD: Noun = [["card", "cards"], ["carte", "cartes"]];
const PIECE: Noun = [["piece", "pieces"], ["pièce", "pièces"]];
const TURN: Noun = [["turn", "turns"], ["tour", "tours"]];

/// "1 card", "3 cards"; French counts 0 and 1 in the singular.
fn count_of(count: u32, lang: Lang, noun: Noun) -> String {
    let [en, fr] = noun;
    let plural = match lang {
        Lang::En => count != 1,
        Lang::Fr => count > 1,
    };
    let forms = lang.pick(en, fr);
    format!("{count} {}", forms[usize::from(plural)])
}

/// ", a king leaves the game" when spent kings went out of the game (7.5), else nothing.
fn kings_out(disposals: &[Disposal], lang: Lang) -> String {
    let out = disposals
        .iter()
        .filter(|disposal| disposal.to == Destination::Removed)
        .count();
    match out {
        0 => String::new(),
        1 => lang
            .pick(", a king leaves the game", ", un roi est éliminé du jeu")
            .to_owned(),
        kings => lang.pick(
            format!(", {kings} kings leave the game"),
            format!(", {kings} rois sont éliminés du jeu"),
        ),
    }
}

/// A team named by what every event shows: team A holds Rome (D3), team B faces it.
fn team_name(team: TeamId, lang: Lang) -> String {
    let rome = state_name(StateId::Rome);
    match team {
        TeamId::TeamA => lang.pick(format!("{rome}'s team"), format!("le camp {}", of_fr(rome))),
        TeamId::TeamB => lang.pick(format!("the team facing {rome}"), format!("le camp opposé à {rome}")),
    }
}

fn side_name(side: Side, lang: Lang) -> &'static str {
    match side {
        Side::Attacker => lang.pick("attacker", "attaquant"),
        Side::Defender => lang.pick("defender", "défenseur"),
    }
}

fn special_kind_name(kind: SpecialKind, lang: Lang) -> &'static str {
    match kind {
        SpecialKind::Betrayal => lang.pick("the General's Betrayal", "la carte « trahison de général »"),
        SpecialKind::Sedition => lang.pick("the Popular Sedition", "la carte « sédition populaire »"),
    }
}

fn special_name(card: SpecialId, lang: Lang) -> &'static str {
    let kind = match card {
        SpecialId::BetrayalTeamA | SpecialId::BetrayalTeamB => SpecialKind::Betrayal,
        SpecialId::SeditionTeamA | SpecialId::SeditionTeamB => SpecialKind::Sedition,
    };
    special_kind_name(kind, lang)
}

/// "Tertius plays Rome and Byzance alone; Primus takes Carthage; Secundus takes Alexandrie."
fn owned_states(owners: &[StateOwner], solo: Option<SeatId>, lang: Lang) -> String {
    let mut seats: Vec<SeatId> = owners.iter().map(|owner| owner.seat).collect();
    seats.sort();
    seats.dedup();
    seats.sort_by_key(|seat| Some(*seat) != solo);
    let clauses: Vec<String> = seats
        .iter()
        .map(|seat| {
            let owned: Vec<StateId> = owners
                .iter()
                .filter(|owner| owner.seat == *seat)
                .map(|owner| owner.state)
                .collect();
            let (who, owned) = (seat_name(*seat, lang), states(&owned, lang));
            if Some(*seat) == solo {
                lang.pick(format!("{who} plays {owned} alone"), format!("{who} joue seul {owned}"))
            } else {
                lang.pick(format!("{who} takes {owned}"), format!("{who} prend {owned}"))
            }
        })
        .collect();
    let separator = lang.pick("; ", " ; ");
    lang.pick(
        format!("States drawn: {}.", clauses.join(separator)),
        format!("Tirage des États : {}.", clauses.join(separator)),
    )
}

/// Who holds each special card of a team; a chooser is said to choose his.
fn specials_dealt(betrayal: SeatId, sedition: SeatId, chooser: Option<SeatId>, lang: Lang) -> String {
    let (betrayal_card, sedition_card) = (
        special_kind_name(SpecialKind::Betrayal, lang),
        special_kind_name(SpecialKind::Sedition, lang),
    );
    if betrayal == sedition {
        let who = seat_name(betrayal, lang);
        return lang.pick(
            format!("{who} receives {betrayal_card} and {sedition_card}."),
            format!("{who} reçoit {betrayal_card} et {sedition_card}."),
        );
    }
    let ((first, first_card), (second, second_card)) = if chooser == Some(sedition) {
        ((sedition, sedition_card), (betrayal, betrayal_card))
    } else {
        ((betrayal, betrayal_card), (sedition, sedition_card))
    };
    let (first, second) = (seat_name(first, lang), seat_name(second, lang));
    let takes = if chooser.is_some() {
        lang.pick("chooses", "choisit")
    } else {
        lang.pick("receives", "reçoit")
    };
    lang.pick(
        format!("{first} {takes} {first_card}; {second} receives {second_card}."),
        format!("{first} {takes} {first_card} ; {second} reçoit {second_card}."),
    )
}

/// Each team's talon count: "Rome's team 10 cards, the team facing Rome 10".
fn packets(team_a: u32, team_b: u32, lang: Lang) -> String {
    let (a, b) = (team_name(TeamId::TeamA, lang), team_name(TeamId::TeamB, lang));
    format!("{a} {}, {b} {team_b}", count_of(team_a, lang, CARD))
}

/// " to Tarente via Capoue": where a path leads, through which cities. French says where it goes with `to_fr`: "vers"
/// for a move to make, "à" after the city it leaves ("de Capoue à Tarente").
fn route(path: &[CityId], lang: Lang, to_fr: &str) -> String {
    let Some((last, through)) = path.split_last() else {
        return String::new();
    };
    let through: Vec<String> = through.iter().map(|city| city_name(*city).to_owned()).collect();
    let via = if through.is_empty() {
        String::new()
    } else {
        lang.pick(
            format!(" via {}", listed(&through, lang)),
            format!(" par {}", listed(&through, lang)),
        )
    };
    let last = city_name(*last);
    lang.pick(format!(" to {last}{via}"), format!(" {to_fr} {last}{via}"))
}

/// "move Rome's chariot to Tarente via Capoue" (a label's words, lower case).
fn movement(piece: Piece, path: &[CityId], lang: Lang) -> String {
    let (piece, route) = (piece_name(piece, lang), route(path, lang, "vers"));
    lang.pick(format!("move {piece}{route}"), format!("déplacer {piece}{route}"))
}

/// "move Rome's mercenary 1 to Capoue and Rome's mercenary 2 to Tarente" (a label's words, lower case).
fn mercenaries(steps: &[Step], lang: Lang) -> String {
    let moved: Vec<String> = steps
        .iter()
        .map(|step| format!("{}{}", piece_name(step.piece, lang), route(&[step.to], lang, "vers")))
        .collect();
    let moved = listed(&moved, lang);
    lang.pick(format!("move {moved}"), format!("déplacer {moved}"))
}

/// " and attacks Carthage's elephant", when an attack is made.
fn attacking(attacks: Option<Piece>, lang: Lang) -> String {
    attacks.map_or_else(String::new, |attacked| {
        let attacked = piece_name(attacked, lang);
        lang.pick(format!(" and attacks {attacked}"), format!(" et attaque {attacked}"))
    })
}

/// "Rome's mercenary 1 from Capoue to Tarente, attacking Carthage's galley 1".
fn moved_step(step: &MovedStep, lang: Lang) -> String {
    let (piece, from, to) = (piece_name(step.piece, lang), city_name(step.from), city_name(step.to));
    let attack = step.attacks.map_or_else(String::new, |attacked| {
        let attacked = piece_name(attacked, lang);
        lang.pick(format!(" attacking {attacked}"), format!(" en attaquant {attacked}"))
    });
    lang.pick(
        format!("{piece} from {from} to {to}{attack}"),
        format!("{piece} {} à {to}{attack}", of_fr(from)),
    )
}

fn game_over(result: &Outcome, lang: Lang) -> String {
    let winners = result.winning_team.map_or_else(String::new, |team| {
        let info = match team {
            TeamId::TeamA => &result.teams.team_a,
            TeamId::TeamB => &result.teams.team_b,
        };
        let (who, owned) = (seat_names(&info.seats, lang), states(&info.states, lang));
        let win = match (lang, info.seats.len() > 1) {
            (Lang::En, true) => "win",
            (Lang::En, false) => "wins",
            (Lang::Fr, true) => "gagnent",
            (Lang::Fr, false) => "gagne",
        };
        format!("{who} ({owned}) {win}")
    });
    match result.end_reason {
        EndReason::CapitalsHeld => lang.pick(
            format!("Game over: {winners}, holding both enemy capitals for a full round."),
            format!("Fin de la partie : {winners} en occupant un tour complet les deux capitales adverses."),
        ),
        EndReason::Annihilation => lang.pick(
            format!("Game over: {winners}, the other team has no piece left."),
            format!("Fin de la partie : {winners}, le camp adverse n'a plus de pièces."),
        ),
        EndReason::DrawAgreed => lang.pick(
            "Game over: a draw by agreement.".to_owned(),
            "Fin de la partie : nulle d'un commun accord.".to_owned(),
        ),
        EndReason::NoProgress => {
            let rounds = result.rounds;
            lang.pick(
                format!("Game over: a draw, no piece eliminated for too long (round {rounds})."),
                format!("Fin de la partie : nulle, aucune pièce éliminée depuis trop longtemps (tour {rounds})."),
            )
        }
    }
}
