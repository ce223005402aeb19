//! Events and actions told in words (issue 31): the sentences in `locales/<code>.ftl`, English in the spec's terms,
//! French in seed 000's (Carlos Lopez's translation).
//! Events are told as the viewer's redaction left them: a field it took away is told as "a card", never guessed.

use super::action::Action;
use super::data::{VoteCardKind, data};
use super::event::{DrawReason, Event, Mode, Origin, RevealCause, VoteKind, VoteOutcome};
use super::face::Face;
use super::ids::{Card, Group, ManipulationKind, Seat};
use super::outcome::{Outcome, SeatNumbers};
use super::pile::Pile;
use super::value::InfluenceValue;
use crate::engine::Lang;
use crate::engine::catalog::{Catalog, key};
use crate::engine::words::{capitalized, listed};
use crate::text;

/// The title's words (`locales/<code>.ftl`).
pub(crate) static WORDS: Catalog = crate::catalog!("locales");

/// A seat's name: the French rules say "César" and "Cléopâtre".
pub fn seat_name(seat: Seat, lang: Lang) -> String {
    text!(WORDS, lang, "seat-name", seat = key(seat))
}

fn opponent(seat: Seat) -> Seat {
    Seat::from_index(1 - seat.index())
}

/// A group's name, plural: "Senators" / "Sénateurs" (seed 001 names the five groups).
fn groups_name(group: Group, lang: Lang) -> String {
    text!(WORDS, lang, "group-name", group = key(group))
}

/// A manipulation card's name (the tests check it against the data's). Seed 000 §7 names four kinds by a Roman and
/// an Egyptian card: `owner` picks one; without an owner (a button names no seat) a kind goes by the name both cards
/// share, or the Roman one. Sentences name the cards through the catalogs' own `manipulation` message.
#[cfg(test)]
pub(super) fn manipulation_name(kind: ManipulationKind, owner: Option<Seat>, lang: Lang) -> String {
    text!(WORDS, lang, "manipulation", kind = key(kind), owner = owner_key(owner))
}

fn owner_key(owner: Option<Seat>) -> String {
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
fn card_name(face: Face, owner: Option<Seat>, lang: Lang) -> String {
    match face {
        Face::Influence(value) => text!(WORDS, lang, "card-influence", value = value_name(value, lang)),
        Face::Manipulation(kind) => {
            text!(
                WORDS,
                lang,
                "card-manipulation",
                kind = key(kind),
                owner = owner_key(owner)
            )
        }
    }
}

/// A card by its face, with an article: "a 4", "an Assassination", "the Wrath of the Gods" (one per seat).
fn a_card(face: Face, owner: Option<Seat>, lang: Lang) -> String {
    match face {
        Face::Influence(value) => text!(WORDS, lang, "a-card-influence", value = value_name(value, lang)),
        Face::Manipulation(kind) => {
            text!(
                WORDS,
                lang,
                "a-card-manipulation",
                kind = key(kind),
                owner = owner_key(owner)
            )
        }
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
    opponent: Option<Seat>,
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
        (_, _, _, Some([first, second])) => text!(
            WORDS,
            lang,
            "aim-between",
            first = groups_name(*first, lang),
            second = groups_name(*second, lang)
        ),
        (_, Some(group), None, _) => text!(WORDS, lang, "aim-group", group = key(group)),
        _ => String::new(),
    }
}

fn of_seat(numbers: &SeatNumbers, seat: Seat) -> u32 {
    match seat {
        Seat::Cleopatra => numbers.cleopatra,
        Seat::Caesar => numbers.caesar,
    }
}

/// A sentence about `seat` (its name and, for the words that agree with it, its id) and a group.
fn about(lang: Lang, message: &str, seat: Seat, group: Option<Group>) -> String {
    let group = group.map(key).unwrap_or_default();
    text!(
        WORDS,
        lang,
        message,
        name = seat_name(seat, lang),
        seat = key(seat),
        group = group
    )
}

/// `event`, as its viewer may see it, in one sentence.
pub fn describe(event: &Event, lang: Lang) -> String {
    let name = |seat: Seat| seat_name(seat, lang);
    let tell = |message: &str, seat: Seat| about(lang, message, seat, None);
    match event {
        Event::VoteDeckShuffled { size, .. } => text!(WORDS, lang, "vote-deck-shuffled", size = *size),
        Event::Pile1Shuffled { seat, size, .. } => shuffled_pile(*seat, Pile::One, *size, lang),
        Event::Pile2Shuffled { seat, size, .. } => shuffled_pile(*seat, Pile::Two, *size, lang),
        Event::ArrangeStarted => text!(WORDS, lang, "arrange-started"),
        Event::ManipulationStacked { seat, stacked, card } => {
            let what = card.map_or_else(
                || text!(WORDS, lang, "a-manipulation-hidden"),
                |card| a_card(card.card, Some(*seat), lang),
            );
            let of = data().manipulation[seat.index()].len();
            text!(
                WORDS,
                lang,
                "manipulation-stacked",
                name = name(*seat),
                what = what,
                stacked = *stacked,
                of = of
            )
        }
        Event::MissionsShuffled { size, .. } => text!(WORDS, lang, "missions-shuffled", size = *size),
        Event::MissionDealt { seat, mission } => match mission.and_then(|mission| data().mission(mission)) {
            Some((group, _)) => about(lang, "mission-dealt-shown", *seat, Some(group)),
            None => tell("mission-dealt", *seat),
        },
        Event::PlacementStarted => text!(WORDS, lang, "placement-started"),
        Event::InitialCardPlaced {
            seat,
            placed,
            card,
            group,
        } => {
            let of = data().initial_placement[seat.index()].len();
            let (message, what, group) = match (card, group) {
                (Some(card), Some(group)) => ("initial-card-placed", a_card(card.card, None, lang), key(group)),
                _ => ("initial-card-placed-hidden", String::new(), String::new()),
            };
            text!(
                WORDS,
                lang,
                message,
                name = name(*seat),
                what = what,
                group = group,
                placed = *placed,
                of = of
            )
        }
        Event::InitialPlacementDone { .. } => text!(WORDS, lang, "initial-placement-done"),
        Event::TurnStarted { turn, seat } => text!(WORDS, lang, "turn-started", turn = *turn, name = name(*seat)),
        Event::ModeChosen { seat, mode } => match mode {
            Mode::Active => tell("mode-active", *seat),
            Mode::Passive => tell("mode-passive", *seat),
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
                || text!(WORDS, lang, "an-influence-hidden"),
                |value| a_card(Face::Influence(value), None, lang),
            );
            let message = if *face_up {
                "influence-face-up"
            } else {
                "influence-face-down"
            };
            text!(
                WORDS,
                lang,
                message,
                name = name(*seat),
                what = what,
                group = key(*group)
            )
        }
        Event::DrawOwed { seat, count, reason } => draw_owed(*seat, *count, *reason, lang),
        Event::DrawPending { seat } => tell("draw-pending", *seat),
        Event::CardDrawn {
            seat,
            pile,
            automatic,
            card,
        } => {
            let what = card.map_or_else(
                || text!(WORDS, lang, "a-card-hidden"),
                |card| a_card(card.card, Some(*seat), lang),
            );
            let message = if *automatic { "card-drawn-only" } else { "card-drawn" };
            text!(
                WORDS,
                lang,
                message,
                name = name(*seat),
                what = what,
                pile = pile_name(*pile, lang)
            )
        }
        Event::DrawLapsed { seat, count } => {
            text!(
                WORDS,
                lang,
                "draw-lapsed",
                name = name(*seat),
                cards = cards(*count, lang)
            )
        }
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
            text!(
                WORDS,
                lang,
                "manipulation-played",
                name = name(*seat),
                what = played,
                aim = aim
            )
        }
        Event::ReactionOffered { seat } => tell("reaction-offered", *seat),
        Event::Reacted { seat, vetoed: true } => tell("vetoed", *seat),
        Event::Reacted { seat, vetoed: false } => tell("allowed", *seat),
        Event::HandSpied { seat, hand } => {
            let victim = opponent(*seat);
            let (who, whom) = (name(*seat), name(victim));
            match hand {
                Some(hand) => {
                    let faces: Vec<String> = hand.iter().map(|face| card_name(*face, Some(victim), lang)).collect();
                    let faces = listed(&faces, lang);
                    text!(
                        WORDS,
                        lang,
                        "hand-spied-shown",
                        name = who,
                        victim = whom,
                        cards = faces
                    )
                }
                None => text!(WORDS, lang, "hand-spied", name = who, victim = whom),
            }
        }
        Event::CastlingPoolFormed { seat, taken, pool, .. } => {
            let taken: Vec<String> = taken
                .iter()
                .map(|taken| {
                    text!(
                        WORDS,
                        lang,
                        "castling-count",
                        count = taken.count,
                        group = key(taken.group)
                    )
                })
                .collect();
            let (message, pool) = match pool {
                Some(pool) => {
                    let faces: Vec<String> = pool.iter().map(|card| card_name(card.card, None, lang)).collect();
                    ("castling-pool-shown", listed(&faces, lang))
                }
                None => ("castling-pool", String::new()),
            };
            let taken = listed(&taken, lang);
            text!(
                WORDS,
                lang,
                message,
                name = name(*seat),
                seat = key(*seat),
                taken = taken,
                cards = pool
            )
        }
        Event::CastlingCardPlaced {
            seat,
            left,
            card,
            group,
        } => match (card, group) {
            (Some(card), Some(group)) => text!(
                WORDS,
                lang,
                "castling-card-placed",
                name = name(*seat),
                what = a_card(card.card, None, lang),
                group = key(*group),
                left = *left
            ),
            _ => text!(
                WORDS,
                lang,
                "castling-card-placed-hidden",
                name = name(*seat),
                left = *left
            ),
        },
        Event::CastlingDone { seat, face_down } => {
            let counts: Vec<String> = face_down
                .iter()
                .map(|count| {
                    text!(
                        WORDS,
                        lang,
                        "castling-count",
                        count = count.count,
                        group = key(count.group)
                    )
                })
                .collect();
            text!(
                WORDS,
                lang,
                "castling-done",
                name = name(*seat),
                kind = key(ManipulationKind::Castling),
                owner = key(*seat),
                counts = listed(&counts, lang)
            )
        }
        Event::MainResumed { seat } => tell("main-resumed", *seat),
        Event::MainEnded { seat } => tell("main-ended", *seat),
        Event::CardsRevealed {
            group,
            seat,
            values,
            cause,
        } => {
            let values: Vec<String> = values.iter().map(|value| value_name(*value, lang)).collect();
            let values = listed(&values, lang);
            match cause {
                RevealCause::Vote => {
                    text!(
                        WORDS,
                        lang,
                        "cards-revealed",
                        name = name(*seat),
                        group = key(*group),
                        values = values
                    )
                }
                RevealCause::Scout => {
                    let scout = opponent(*seat);
                    let card = card_name(Face::Manipulation(ManipulationKind::Scout), Some(scout), lang);
                    text!(
                        WORDS,
                        lang,
                        "cards-revealed-scout",
                        scout = name(scout),
                        card = card,
                        name = name(*seat),
                        group = key(*group),
                        values = values
                    )
                }
            }
        }
        Event::ExtraordinaryVoteStarted { group } => {
            let full = data().limits.group_total;
            text!(WORDS, lang, "extraordinary-vote", full = full, group = key(*group))
        }
        Event::VoteWindowOpened { seat, group } => about(lang, "vote-window", *seat, Some(*group)),
        Event::VoteContinued { seat } => tell("vote-continued", *seat),
        Event::VoteResolved {
            group,
            kind,
            sums,
            philosophers,
            outcome,
            winner,
        } => vote_resolved(*group, *kind, sums, philosophers, *outcome, *winner, lang),
        Event::PatricianWon { seat, group, .. } => about(lang, "patrician-won", *seat, Some(*group)),
        Event::GroupClosed { group } => text!(WORDS, lang, "group-closed", group = key(*group)),
        Event::VoteCardDrawn { card } => {
            text!(
                WORDS,
                lang,
                "vote-card-drawn",
                card = capitalized(&vote_card(*card, lang))
            )
        }
        Event::VoteCardRemoved { card } => {
            text!(
                WORDS,
                lang,
                "vote-card-removed",
                card = capitalized(&vote_card(*card, lang))
            )
        }
        Event::VoteCardDiscarded { card } => {
            text!(
                WORDS,
                lang,
                "vote-card-discarded",
                card = capitalized(&vote_card(*card, lang))
            )
        }
        Event::VoteDeckReshuffled { size, .. } => {
            text!(WORDS, lang, "vote-deck-reshuffled", cards = cards(*size, lang))
        }
        Event::SoloModeStarted { survivor } => text!(
            WORDS,
            lang,
            "solo-mode",
            loser = name(opponent(*survivor)),
            name = name(*survivor),
            seat = key(*survivor)
        ),
        Event::GameOver { result, .. } => game_over(result, lang),
    }
}

fn shuffled_pile(seat: Seat, pile: Pile, size: u32, lang: Lang) -> String {
    text!(
        WORDS,
        lang,
        "pile-shuffled",
        name = seat_name(seat, lang),
        pile = pile_name(pile, lang),
        cards = cards(size, lang)
    )
}

fn discarded(seat: Seat, origin: Origin, card: Face, group: Option<Group>, lang: Lang) -> String {
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

fn draw_owed(seat: Seat, count: u32, reason: DrawReason, lang: Lang) -> String {
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
    winner: Option<Seat>,
    lang: Lang,
) -> String {
    let tally: Vec<String> = Seat::ALL
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
            text!(
                WORDS,
                lang,
                message,
                name = name,
                won = won,
                lost = lost,
                more = more,
                fewer = fewer
            )
        }
        None => {
            let (first, second) = (result.scores.cleopatra, result.scores.caesar);
            text!(WORDS, lang, "game-over-draw", first = first, second = second)
        }
    };
    text!(WORDS, lang, "game-over", why = key(result.end_reason), score = score)
}

/// A legal action, as a button says it. An action names no seat, so a manipulation card goes by its kind's name.
pub fn label(action: &Action, lang: Lang) -> String {
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
        Action::Draw { pile } => text!(
            WORDS,
            lang,
            "draw-from",
            pile = pile_name(*pile, lang),
            number = pile.number()
        ),
        Action::ContinueVote {} => text!(WORDS, lang, "continue-vote"),
    }
}
