//! Events and actions told in words (issue 31): English in the spec's terms, French in seed 000's (Carlos Lopez's
//! translation): "Suffrage", "pile de réserve n°1", "face cachée", the manipulation cards by their names in §7.
//! Events are told as the viewer's redaction left them: a field it took away is told as "a card", never guessed.

use super::action::Action;
use super::data::{VoteCardKind, data};
use super::event::{DrawReason, Event, Mode, Origin, RevealCause, VoteKind, VoteOutcome};
use super::face::Face;
use super::ids::{Card, Group, ManipulationKind, Seat};
use super::outcome::{EndReason, Outcome, SeatNumbers};
use super::pile::Pile;
use super::value::InfluenceValue;
use crate::engine::Lang;
use crate::engine::words::{capitalized, listed};

/// A seat's name: the French rules say "César" and "Cléopâtre".
pub fn seat_name(seat: Seat, lang: Lang) -> &'static str {
    match seat {
        Seat::Cleopatra => lang.pick("Cleopatra", "Cléopâtre"),
        Seat::Caesar => lang.pick("Caesar", "César"),
    }
}

fn opponent(seat: Seat) -> Seat {
    Seat::from_index(1 - seat.index())
}

/// The French words that agree with the seat: Cléopâtre is "active", César "actif".
fn agreed(seat: Seat, masculine: &'static str, feminine: &'static str) -> &'static str {
    match seat {
        Seat::Cleopatra => feminine,
        Seat::Caesar => masculine,
    }
}

/// A group's name, plural: "Senators" / "Sénateurs" (seed 001 names the five groups).
fn groups_name(group: Group, lang: Lang) -> &'static str {
    match group {
        Group::Senators => lang.pick("Senators", "Sénateurs"),
        Group::Quaestors => lang.pick("Quaestors", "Questeurs"),
        Group::Praetors => lang.pick("Praetors", "Préteurs"),
        Group::Aediles => lang.pick("Aediles", "Édiles"),
        Group::Censors => lang.pick("Censors", "Censeurs"),
    }
}

/// One patrician of a group: "Aedile" / "Édile".
fn patrician_name(group: Group, lang: Lang) -> &'static str {
    match group {
        Group::Senators => lang.pick("Senator", "Sénateur"),
        Group::Quaestors => lang.pick("Quaestor", "Questeur"),
        Group::Praetors => lang.pick("Praetor", "Préteur"),
        Group::Aediles => lang.pick("Aedile", "Édile"),
        Group::Censors => lang.pick("Censor", "Censeur"),
    }
}

/// "an Aedile" / "un Édile".
fn a_patrician(group: Group, lang: Lang) -> String {
    let name = patrician_name(group, lang);
    lang.pick(format!("{} {name}", a_or_an(name)), format!("un {name}"))
}

fn a_or_an(word: &str) -> &'static str {
    if word.starts_with(['A', 'E', 'I', 'O', 'U']) {
        "an"
    } else {
        "a"
    }
}

/// "the Senators" / "les Sénateurs".
fn the_group(group: Group, lang: Lang) -> String {
    lang.pick(
        format!("the {}", groups_name(group, lang)),
        format!("les {}", groups_name(group, lang)),
    )
}

/// Where a card lies at a group: "at the Senators" / "devant les Sénateurs" (seed 000: "devant un groupe").
fn at_group(group: Group, lang: Lang) -> String {
    lang.pick(
        format!("at {}", the_group(group, lang)),
        format!("devant {}", the_group(group, lang)),
    )
}

/// A manipulation card's name (the tests check it against the data's). Seed 000 §7 names four kinds by a Roman and
/// an Egyptian card, the Roman first ("Roque romain / Roque égyptien", "Veto de César / Cléopâtre"): `owner` picks
/// one; without an owner (a button names no seat) a kind goes by the name both cards share, or the Roman one.
pub(super) fn manipulation_name(kind: ManipulationKind, owner: Option<Seat>, lang: Lang) -> &'static str {
    use ManipulationKind::{Assassination, Castling, Scout, Spy, Veto, Wrath};
    match lang {
        Lang::En => match kind {
            Assassination => "Assassination",
            Spy => "Spy",
            Castling => "Castling",
            Scout => "Scout",
            Wrath => "Wrath of the Gods",
            Veto => "Veto",
        },
        Lang::Fr => match (kind, owner) {
            (Assassination, _) => "Influence",
            (Spy, Some(Seat::Cleopatra)) => "Espionne",
            (Spy, _) => "Espion",
            (Castling, Some(Seat::Cleopatra)) => "Roque égyptien",
            (Castling, Some(Seat::Caesar)) => "Roque romain",
            (Castling, None) => "Roque",
            (Scout, Some(Seat::Cleopatra)) => "Courtisane",
            (Scout, _) => "Courtisan",
            (Wrath, _) => "Colère des dieux",
            (Veto, Some(Seat::Cleopatra)) => "Veto de Cléopâtre",
            (Veto, Some(Seat::Caesar)) => "Veto de César",
            (Veto, None) => "Veto",
        },
    }
}

/// An influence value alone: "4", "Philosopher" / "4", "Philosophe".
fn value_name(value: InfluenceValue, lang: Lang) -> String {
    if value.is_philosopher() {
        lang.pick("Philosopher", "Philosophe").to_owned()
    } else {
        value.to_string()
    }
}

/// A card by its face alone, as in a list: "4", "Spy" / "4", "« Espionne »" (the seed quotes its card names so).
fn card_name(face: Face, owner: Option<Seat>, lang: Lang) -> String {
    match face {
        Face::Influence(value) => value_name(value, lang),
        Face::Manipulation(kind) => {
            let name = manipulation_name(kind, owner, lang);
            lang.pick(name.to_owned(), format!("« {name} »"))
        }
    }
}

/// A card by its face, with an article: "a 4", "a Philosopher", "an Assassination", "the Wrath of the Gods" (one
/// per seat) / "un 4", "un Philosophe", "une carte « Influence »" (so that the manipulation card named "Influence"
/// reads apart from an influence card).
fn a_card(face: Face, owner: Option<Seat>, lang: Lang) -> String {
    let name = card_name(face, owner, lang);
    match (lang, face) {
        (Lang::En, Face::Manipulation(ManipulationKind::Wrath)) => format!("the {name}"),
        (Lang::En, _) => format!("{} {name}", a_or_an(&name)),
        (Lang::Fr, Face::Influence(_)) => format!("un {name}"),
        (Lang::Fr, Face::Manipulation(_)) => format!("une carte {name}"),
    }
}

/// "pile 1" / "pile de réserve n°1" (seed 000 §1.2).
fn pile_name(pile: Pile, lang: Lang) -> String {
    let number = pile.number();
    lang.pick(format!("pile {number}"), format!("pile de réserve n°{number}"))
}

/// "3 cards" / "3 cartes" ("1 carte", "0 carte" in French).
fn cards(count: u32, lang: Lang) -> String {
    match lang {
        Lang::En if count == 1 => "1 card".to_owned(),
        Lang::En => format!("{count} cards"),
        Lang::Fr if count <= 1 => format!("{count} carte"),
        Lang::Fr => format!("{count} cartes"),
    }
}

/// A vote card: "the Aediles vote card", "an Orgy" / "la carte Suffrage des Édiles", "une carte « Orgie »" (seed 000
/// §5 quotes "Orgie, remélangez tout le paquet").
fn vote_card(card: Card, lang: Lang) -> String {
    match data().vote_kind(card) {
        Some(VoteCardKind::Group(group)) => lang.pick(
            format!("the {} vote card", groups_name(group, lang)),
            format!("la carte Suffrage des {}", groups_name(group, lang)),
        ),
        Some(VoteCardKind::Orgy) => lang.pick("an Orgy card", "une carte « Orgie »").to_owned(),
        Some(VoteCardKind::OrgyReshuffle) => lang
            .pick(
                "the Orgy card that reshuffles the whole deck",
                "la carte « Orgie, remélangez tout le paquet »",
            )
            .to_owned(),
        None => lang.pick("a vote card", "une carte Suffrage").to_owned(),
    }
}

/// What a manipulation card aims at, after its name: " against Caesar's face-up 4 at the Aediles", " on the
/// Quaestors". `opponent` is named in an event; a button says "the opponent".
fn aim(
    kind: ManipulationKind,
    group: Option<Group>,
    target: Option<InfluenceValue>,
    groups: Option<&[Group]>,
    opponent: Option<Seat>,
    lang: Lang,
) -> String {
    let whose_en = opponent.map_or("the opponent's".to_owned(), |seat| {
        format!("{}'s", seat_name(seat, lang))
    });
    let whose_fr = opponent.map_or("adverse".to_owned(), |seat| format!("de {}", seat_name(seat, lang)));
    match (kind, group, target, groups) {
        (ManipulationKind::Spy, ..) => lang.pick(format!(" on {whose_en} hand"), format!(" sur la main {whose_fr}")),
        (_, Some(group), Some(target), _) => {
            let value = value_name(target, lang);
            let at = at_group(group, lang);
            lang.pick(
                format!(" against {whose_en} face-up {value} {at}"),
                format!(" contre le {value} visible {whose_fr} {at}"),
            )
        }
        (_, _, _, Some([first, second])) => lang.pick(
            format!(" between {} and {}", the_group(*first, lang), the_group(*second, lang)),
            format!(" entre {} et {}", the_group(*first, lang), the_group(*second, lang)),
        ),
        (_, Some(group), None, _) => lang.pick(" on ", " sur ").to_owned() + &the_group(group, lang),
        _ => String::new(),
    }
}

fn of_seat(numbers: &SeatNumbers, seat: Seat) -> u32 {
    match seat {
        Seat::Cleopatra => numbers.cleopatra,
        Seat::Caesar => numbers.caesar,
    }
}

/// `event`, as its viewer may see it, in one sentence.
pub fn describe(event: &Event, lang: Lang) -> String {
    let name = |seat: Seat| seat_name(seat, lang);
    match event {
        Event::VoteDeckShuffled { size, .. } => lang.pick(
            format!("The {size} vote cards are shuffled."),
            format!("Les {size} cartes Suffrage sont mélangées."),
        ),
        Event::Pile1Shuffled { seat, size, .. } => shuffled_pile(*seat, Pile::One, *size, lang),
        Event::Pile2Shuffled { seat, size, .. } => shuffled_pile(*seat, Pile::Two, *size, lang),
        Event::ArrangeStarted => lang
            .pick(
                "The players stack their manipulation cards in the order they choose: that is their pile 2.",
                "Les joueurs trient leurs cartes Manipulation selon l'ordre qui leur convient : c'est leur pile de \
             réserve n°2.",
            )
            .to_owned(),
        Event::ManipulationStacked { seat, stacked, card } => {
            let what = card.map_or_else(
                || lang.pick("a manipulation card", "une carte Manipulation").to_owned(),
                |card| a_card(card.card, Some(*seat), lang),
            );
            let of = data().manipulation[seat.index()].len();
            lang.pick(
                format!("{} stacks {what} in pile 2 ({stacked} of {of}).", name(*seat)),
                format!(
                    "{} range {what} dans sa pile de réserve n°2 ({stacked} sur {of}).",
                    name(*seat)
                ),
            )
        }
        Event::MissionsShuffled { size, .. } => lang.pick(
            format!("The {size} secret missions are shuffled."),
            format!("Les {size} cartes Mission Secrète sont mélangées."),
        ),
        Event::MissionDealt { seat, mission } => match mission.and_then(|mission| data().mission(mission)) {
            Some((group, _)) => lang.pick(
                format!("{} draws a secret mission: {}.", name(*seat), the_group(group, lang)),
                format!("{} tire une Mission Secrète : {}.", name(*seat), the_group(group, lang)),
            ),
            None => lang.pick(
                format!("{} draws a secret mission.", name(*seat)),
                format!("{} tire une Mission Secrète.", name(*seat)),
            ),
        },
        Event::PlacementStarted => lang
            .pick(
                "Each player places five face-down cards, 1 to 5, one at each group of patricians.",
                "Chaque joueur pose 5 cartes cachées, de 1 à 5, une devant chaque groupe de Patriciens.",
            )
            .to_owned(),
        Event::InitialCardPlaced {
            seat,
            placed,
            card,
            group,
        } => {
            let of = data().initial_placement[seat.index()].len();
            let placing = match (card, group) {
                (Some(card), Some(group)) => face_down(*seat, a_card(card.card, None, lang), *group, lang),
                _ => lang.pick(
                    format!("{} places a card face down", name(*seat)),
                    format!("{} pose une carte face cachée", name(*seat)),
                ),
            };
            lang.pick(
                format!("{placing} ({placed} of {of})."),
                format!("{placing} ({placed} sur {of})."),
            )
        }
        Event::InitialPlacementDone { .. } => lang
            .pick(
                "Every initial card is placed: each player takes the other five, 1 to 5, in hand.",
                "Les cartes initiales sont posées : chaque joueur prend en main ses 5 cartes restantes, de 1 à 5.",
            )
            .to_owned(),
        Event::TurnStarted { turn, seat } => lang.pick(
            format!("Turn {turn}: {} to play.", name(*seat)),
            format!("Tour {turn} : à {} de jouer.", name(*seat)),
        ),
        Event::ModeChosen { seat, mode } => match mode {
            Mode::Active => lang.pick(
                format!("{} chooses to be active.", name(*seat)),
                format!("{} décide d'être {}.", name(*seat), agreed(*seat, "actif", "active")),
            ),
            Mode::Passive => lang.pick(
                format!("{} chooses to stay passive.", name(*seat)),
                format!(
                    "{} décide de rester {}.",
                    name(*seat),
                    agreed(*seat, "passif", "passive")
                ),
            ),
        },
        Event::CardDiscarded {
            seat,
            origin,
            card,
            group,
            ..
        } => discarded(*seat, *origin, *card, *group, lang),
        Event::InfluencePlaced {
            seat,
            group,
            face_up,
            value,
            ..
        } => {
            let what = value.map_or_else(
                || lang.pick("an influence card", "une carte Influence").to_owned(),
                |value| a_card(Face::Influence(value), None, lang),
            );
            if *face_up {
                lang.pick(
                    format!("{} places {what} face up {}.", name(*seat), at_group(*group, lang)),
                    format!("{} pose {what} face visible {}.", name(*seat), at_group(*group, lang)),
                )
            } else {
                face_down(*seat, what, *group, lang) + "."
            }
        }
        Event::DrawOwed { seat, count, reason } => draw_owed(*seat, *count, *reason, lang),
        Event::DrawPending { seat } => lang.pick(
            format!("{} chooses a pile to draw from.", name(*seat)),
            format!("{} choisit la pile où tirer.", name(*seat)),
        ),
        Event::CardDrawn {
            seat,
            pile,
            automatic,
            card,
        } => {
            let what = card.map_or_else(
                || lang.pick("a card", "une carte").to_owned(),
                |card| a_card(card.card, Some(*seat), lang),
            );
            let only = if *automatic {
                lang.pick(" (the only pile left)", " (seule pile non vide)")
            } else {
                ""
            };
            lang.pick(
                format!("{} draws {what} from {}{only}.", name(*seat), pile_name(*pile, lang)),
                format!("{} tire {what} de sa {}{only}.", name(*seat), pile_name(*pile, lang)),
            )
        }
        Event::DrawLapsed { seat, count } => lang.pick(
            format!(
                "{} cannot draw {}: both piles are empty.",
                name(*seat),
                cards(*count, lang)
            ),
            format!(
                "{} ne peut pas tirer {} : ses deux piles de réserve sont vides.",
                name(*seat),
                cards(*count, lang)
            ),
        ),
        Event::ManipulationPlayed {
            seat,
            card,
            group,
            target,
            groups,
            ..
        } => {
            let played = a_card(Face::Manipulation(*card), Some(*seat), lang);
            let aim = aim(*card, *group, *target, groups.as_deref(), Some(opponent(*seat)), lang);
            lang.pick(
                format!("{} plays {played}{aim}.", name(*seat)),
                format!("{} joue {played}{aim}.", name(*seat)),
            )
        }
        Event::ReactionOffered { seat } => lang.pick(
            format!("{} may veto the manipulation or let it happen.", name(*seat)),
            format!(
                "{} peut opposer son Veto à la Manipulation ou la laisser faire.",
                name(*seat)
            ),
        ),
        Event::Reacted { seat, vetoed: true } => lang.pick(
            format!("{} vetoes the manipulation: it is cancelled.", name(*seat)),
            format!("{} oppose son Veto : la Manipulation est annulée.", name(*seat)),
        ),
        Event::Reacted { seat, vetoed: false } => lang.pick(
            format!("{} lets the manipulation happen.", name(*seat)),
            format!("{} laisse faire la Manipulation.", name(*seat)),
        ),
        Event::HandSpied { seat, hand } => {
            let victim = opponent(*seat);
            let seen = hand
                .as_ref()
                .map(|hand| {
                    let faces: Vec<String> = hand.iter().map(|face| card_name(*face, Some(victim), lang)).collect();
                    lang.pick(": ", " : ").to_owned() + &listed(&faces, lang)
                })
                .unwrap_or_default();
            lang.pick(
                format!("{} looks at {}'s hand{seen}.", name(*seat), name(victim)),
                format!("{} regarde la main de {}{seen}.", name(*seat), name(victim)),
            )
        }
        Event::CastlingPoolFormed { seat, taken, pool, .. } => {
            let taken: Vec<String> = taken
                .iter()
                .map(|taken| format!("{} {}", taken.count, at_group(taken.group, lang)))
                .collect();
            let pool = pool
                .as_ref()
                .map(|pool| {
                    let faces: Vec<String> = pool.iter().map(|card| card_name(card.card, None, lang)).collect();
                    lang.pick(": ", " : ").to_owned() + &listed(&faces, lang)
                })
                .unwrap_or_default();
            lang.pick(
                format!(
                    "{} takes back {} cards ({}){pool}.",
                    name(*seat),
                    agreed(*seat, "his", "her"),
                    listed(&taken, lang)
                ),
                format!("{} reprend ses cartes ({}){pool}.", name(*seat), listed(&taken, lang)),
            )
        }
        Event::CastlingCardPlaced {
            seat,
            left,
            card,
            group,
        } => {
            let what = match (card, group) {
                (Some(card), Some(group)) => {
                    let card = a_card(card.card, None, lang);
                    lang.pick(
                        format!("{card} back face down {}", at_group(*group, lang)),
                        format!("{card} face cachée {}", at_group(*group, lang)),
                    )
                }
                _ => lang.pick("a card back face down", "une carte face cachée").to_owned(),
            };
            lang.pick(
                format!("{} puts {what} ({left} left).", name(*seat)),
                format!("{} replace {what} (il en reste {left}).", name(*seat)),
            )
        }
        Event::CastlingDone { seat, face_down } => {
            let counts: Vec<String> = face_down
                .iter()
                .map(|count| format!("{} {}", count.count, at_group(count.group, lang)))
                .collect();
            let castling = manipulation_name(ManipulationKind::Castling, Some(*seat), lang);
            lang.pick(
                format!(
                    "{}'s {castling} is done, cards face down: {}.",
                    name(*seat),
                    listed(&counts, lang)
                ),
                format!(
                    "Le {castling} de {} est terminé, cartes cachées : {}.",
                    name(*seat),
                    listed(&counts, lang)
                ),
            )
        }
        Event::MainResumed { seat } => lang.pick(
            format!("{} goes on with the turn.", name(*seat)),
            format!("{} reprend son tour.", name(*seat)),
        ),
        Event::MainEnded { seat } => lang.pick(
            format!("{} is done placing cards.", name(*seat)),
            format!("{} a fini de poser ses cartes.", name(*seat)),
        ),
        Event::CardsRevealed {
            group,
            seat,
            values,
            cause,
        } => {
            let values: Vec<String> = values.iter().map(|value| value_name(*value, lang)).collect();
            let values = listed(&values, lang);
            let at = at_group(*group, lang);
            match cause {
                RevealCause::Vote => lang.pick(
                    format!("{}'s face-down cards {at} are revealed: {values}.", name(*seat)),
                    format!("Les cartes cachées de {} {at} sont révélées : {values}.", name(*seat)),
                ),
                RevealCause::Scout => {
                    let scout = opponent(*seat);
                    let card = card_name(Face::Manipulation(ManipulationKind::Scout), Some(scout), lang);
                    lang.pick(
                        format!(
                            "{}'s {card} turns {}'s face-down cards {at} face up: {values}.",
                            name(scout),
                            name(*seat)
                        ),
                        format!(
                            "La carte {card} de {} retourne les cartes cachées de {} {at} : {values}.",
                            name(scout),
                            name(*seat)
                        ),
                    )
                }
            }
        }
        Event::ExtraordinaryVoteStarted { group } => {
            let full = data().limits.group_total;
            lang.pick(
                format!("{full} cards {}: extraordinary vote.", at_group(*group, lang)),
                format!(
                    "{full} cartes Influence {} : Suffrage exceptionnel.",
                    at_group(*group, lang)
                ),
            )
        }
        Event::VoteWindowOpened { seat, group } => lang.pick(
            format!(
                "{} may play a manipulation card before the vote on {} is counted.",
                name(*seat),
                the_group(*group, lang)
            ),
            format!(
                "{} peut jouer une carte Manipulation avant le décompte du Suffrage sur {}.",
                name(*seat),
                the_group(*group, lang)
            ),
        ),
        Event::VoteContinued { seat } => lang.pick(
            format!("{} lets the extraordinary vote go on.", name(*seat)),
            format!("{} laisse le Suffrage exceptionnel se poursuivre.", name(*seat)),
        ),
        Event::VoteResolved {
            group,
            kind,
            sums,
            philosophers,
            outcome,
            winner,
        } => vote_resolved(*group, *kind, sums, philosophers, *outcome, *winner, lang),
        Event::PatricianWon { seat, group, .. } => lang.pick(
            format!("{} wins {}.", name(*seat), a_patrician(*group, lang)),
            format!("{} gagne {}.", name(*seat), a_patrician(*group, lang)),
        ),
        Event::GroupClosed { group } => {
            let patrician = patrician_name(*group, lang);
            lang.pick(
                format!("No {patrician} left to win: the group is closed."),
                format!("Plus aucun {patrician} à gagner : le groupe est fermé."),
            )
        }
        Event::VoteCardDrawn { card } => lang.pick(
            format!("{} is turned up.", capitalized(&vote_card(*card, lang))),
            format!("{} est retournée.", capitalized(&vote_card(*card, lang))),
        ),
        Event::VoteCardRemoved { card } => lang.pick(
            format!("{} leaves the game.", capitalized(&vote_card(*card, lang))),
            format!("{} est retirée du jeu.", capitalized(&vote_card(*card, lang))),
        ),
        Event::VoteCardDiscarded { card } => lang.pick(
            format!("{} goes to the vote discard.", capitalized(&vote_card(*card, lang))),
            format!("{} est défaussée.", capitalized(&vote_card(*card, lang))),
        ),
        Event::VoteDeckReshuffled { size, .. } => lang.pick(
            format!("The whole vote deck is reshuffled ({}).", cards(*size, lang)),
            format!("Tout le paquet Suffrage est remélangé ({}).", cards(*size, lang)),
        ),
        Event::SoloModeStarted { survivor } => lang.pick(
            format!(
                "{} has no influence card left: {} plays on alone.",
                name(opponent(*survivor)),
                name(*survivor)
            ),
            format!(
                "{} n'a plus de carte Influence : {} continue à jouer {}.",
                name(opponent(*survivor)),
                name(*survivor),
                agreed(*survivor, "seul", "seule")
            ),
        ),
        Event::GameOver { result, .. } => game_over(result, lang),
    }
}

fn shuffled_pile(seat: Seat, pile: Pile, size: u32, lang: Lang) -> String {
    let pile = pile_name(pile, lang);
    let name = seat_name(seat, lang);
    lang.pick(
        format!("{name}'s {pile} is shuffled ({}).", cards(size, lang)),
        format!("La {pile} de {name} est mélangée ({}).", cards(size, lang)),
    )
}

/// "Caesar places a 4 face down at the Senators" / "César pose un 4 face cachée devant les Sénateurs", without a
/// period: what follows differs.
fn face_down(seat: Seat, what: String, group: Group, lang: Lang) -> String {
    let name = seat_name(seat, lang);
    let at = at_group(group, lang);
    lang.pick(
        format!("{name} places {what} face down {at}"),
        format!("{name} pose {what} face cachée {at}"),
    )
}

fn discarded(seat: Seat, origin: Origin, card: Face, group: Option<Group>, lang: Lang) -> String {
    let name = seat_name(seat, lang);
    let card = a_card(card, Some(seat), lang);
    match origin {
        Origin::Hand => lang.pick(
            format!("{name} discards {card} from hand."),
            format!("{name} défausse {card} de sa main."),
        ),
        Origin::Board => {
            // Only influence cards lie at a group: "un 4 posé", "un Philosophe posé".
            let at = group
                .map(|group| {
                    lang.pick(
                        format!(" from {}", the_group(group, lang)),
                        format!(" posé {}", at_group(group, lang)),
                    )
                })
                .unwrap_or_default();
            lang.pick(
                format!("{name} discards {card}{at}."),
                format!("{name} défausse {card}{at}."),
            )
        }
        Origin::Play => lang.pick(
            format!("{name} discards {card} after playing it."),
            format!("{name} défausse {card} après l'avoir jouée."),
        ),
    }
}

fn draw_owed(seat: Seat, count: u32, reason: DrawReason, lang: Lang) -> String {
    let name = seat_name(seat, lang);
    if count == 0 && reason == DrawReason::Passive {
        return lang.pick(format!("{name} discards nothing."), format!("{name} ne défausse rien."));
    }
    let why = match reason {
        DrawReason::Refill => lang.pick(" to refill the hand", " pour compléter sa main"),
        DrawReason::Passive => lang.pick(" for the cards discarded", " pour remplacer ses défausses"),
        DrawReason::Veto => lang.pick(" after the Veto", " après son Veto"),
        DrawReason::Spy => lang.pick(
            " for the card discarded to the Spy",
            " pour remplacer la carte défaussée",
        ),
        DrawReason::Window => lang.pick(
            " for the manipulation played in the extraordinary vote",
            " pour la Manipulation jouée pendant le Suffrage exceptionnel",
        ),
    };
    let count = cards(count, lang);
    lang.pick(
        format!("{name} is to draw {count}{why}."),
        format!("{name} doit tirer {count}{why}."),
    )
}

fn vote_resolved(
    group: Group,
    kind: VoteKind,
    sums: &SeatNumbers,
    philosophers: &SeatNumbers,
    outcome: VoteOutcome,
    winner: Option<Seat>,
    lang: Lang,
) -> String {
    let group = the_group(group, lang);
    let vote = match kind {
        VoteKind::Regular => lang.pick(format!("Vote on {group}"), format!("Suffrage sur {group}")),
        VoteKind::Extraordinary => lang.pick(
            format!("Extraordinary vote on {group}"),
            format!("Suffrage exceptionnel sur {group}"),
        ),
    };
    let tally: Vec<String> = Seat::ALL
        .into_iter()
        .map(|seat| {
            let sum = format!("{} {}", seat_name(seat, lang), of_seat(sums, seat));
            match of_seat(philosophers, seat) {
                0 => sum,
                1 => lang.pick(format!("{sum} with 1 Philosopher"), format!("{sum} avec 1 Philosophe")),
                many => lang.pick(
                    format!("{sum} with {many} Philosophers"),
                    format!("{sum} avec {many} Philosophes"),
                ),
            }
        })
        .collect();
    let tally = tally.join(", ");
    let result = match (outcome, winner) {
        (VoteOutcome::Won, Some(winner)) => lang.pick(
            format!("{} wins", seat_name(winner, lang)),
            format!("{} l'emporte", seat_name(winner, lang)),
        ),
        _ => lang.pick("the vote is postponed", "le Suffrage est ajourné").to_owned(),
    };
    lang.pick(
        format!("{vote}: {tally}; {result}."),
        format!("{vote} : {tally} ; {result}."),
    )
}

fn game_over(result: &Outcome, lang: Lang) -> String {
    let why = match result.end_reason {
        EndReason::AllPatriciansAwarded => lang.pick("every patrician is won", "tous les Patriciens sont gagnés"),
        EndReason::InfluenceExhausted => lang.pick("no influence card is left", "il ne reste plus de carte Influence"),
        EndReason::SoloFinished => lang.pick(
            "the player left alone cannot go on",
            "le joueur resté seul ne peut plus jouer",
        ),
        EndReason::BoardBlocked => lang.pick("every group is full", "tous les groupes sont pleins"),
    };
    let score = match result.winners.first() {
        Some(&winner) => {
            let loser = opponent(winner);
            let (won, lost) = (of_seat(&result.scores, winner), of_seat(&result.scores, loser));
            let name = seat_name(winner, lang);
            let wins = lang.pick(
                format!("{name} wins {won} to {lost}"),
                format!("{name} gagne {won} à {lost}"),
            );
            if won == lost {
                let (more, fewer) = (of_seat(&result.patricians, winner), of_seat(&result.patricians, loser));
                lang.pick(
                    format!("{wins}, with more patricians ({more} to {fewer})"),
                    format!("{wins}, avec plus de Patriciens ({more} à {fewer})"),
                )
            } else {
                wins
            }
        }
        None => {
            let (first, second) = (result.scores.cleopatra, result.scores.caesar);
            lang.pick(
                format!("a draw, {first} to {second}"),
                format!("égalité, {first} à {second}"),
            )
        }
    };
    lang.pick(
        format!("Game over, {why}: {score}."),
        format!("Fin de la partie, {why} : {score}."),
    )
}

/// A legal action, as a button says it. An action names no seat, so a manipulation card goes by its kind's name.
pub fn label(action: &Action, lang: Lang) -> String {
    match action {
        Action::StackManipulation { card } => {
            let card = a_card(Face::Manipulation(*card), None, lang);
            lang.pick(
                format!("Stack {card} next in pile 2"),
                format!("Ranger {card} ensuite dans ma pile de réserve n°2"),
            )
        }
        Action::PlaceInitial { card, group } | Action::PlaceFaceDown { card, group } => {
            let card = a_card(Face::Influence(*card), None, lang);
            let at = at_group(*group, lang);
            lang.pick(
                format!("Place {card} face down {at}"),
                format!("Poser {card} face cachée {at}"),
            )
        }
        Action::PlaceFaceUp { card, group } => {
            let card = a_card(Face::Influence(*card), None, lang);
            let at = at_group(*group, lang);
            lang.pick(
                format!("Place {card} face up {at}"),
                format!("Poser {card} face visible {at}"),
            )
        }
        Action::ChooseActive {} => lang.pick("Take an active turn", "Jouer un tour actif").to_owned(),
        Action::ChoosePassive {} => lang.pick("Take a passive turn", "Jouer un tour passif").to_owned(),
        Action::PassiveDiscard { card } => {
            let card = a_card(*card, None, lang);
            lang.pick(format!("Discard {card}"), format!("Défausser {card}"))
        }
        Action::EndDiscard {} => lang
            .pick(
                "Stop discarding and draw as many",
                "Arrêter de défausser et tirer autant de cartes",
            )
            .to_owned(),
        Action::PlayManipulation {
            card,
            group,
            target,
            groups,
        } => {
            let played = a_card(Face::Manipulation(*card), None, lang);
            let aim = aim(*card, *group, *target, groups.as_deref(), None, lang);
            lang.pick(format!("Play {played}{aim}"), format!("Jouer {played}{aim}"))
        }
        Action::EndMain {} => lang
            .pick("End my play and refill my hand", "Finir de jouer et compléter ma main")
            .to_owned(),
        Action::AllowManipulation {} => lang
            .pick("Let the manipulation happen", "Laisser faire la Manipulation")
            .to_owned(),
        Action::VetoManipulation {} => lang.pick("Veto the manipulation", "Opposer mon Veto").to_owned(),
        Action::SpyPick { card } => {
            let card = a_card(*card, None, lang);
            lang.pick(
                format!("Make the opponent discard {card}"),
                format!("Faire défausser {card} à l'adversaire"),
            )
        }
        Action::CastlePlace { card, group } => {
            let card = a_card(Face::Influence(*card), None, lang);
            let at = at_group(*group, lang);
            lang.pick(
                format!("Put {card} back face down {at}"),
                format!("Replacer {card} face cachée {at}"),
            )
        }
        Action::Draw { pile } => {
            let contents = match pile {
                Pile::One => lang.pick("influence", "Influence"),
                Pile::Two => lang.pick("manipulation", "Manipulation"),
            };
            lang.pick(
                format!("Draw from {} ({contents})", pile_name(*pile, lang)),
                format!("Tirer de ma {} ({contents})", pile_name(*pile, lang)),
            )
        }
        Action::ContinueVote {} => lang.pick("Go on with the vote", "Poursuivre le Suffrage").to_owned(),
    }
}
