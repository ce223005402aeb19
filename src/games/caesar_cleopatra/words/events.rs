//! The events' words by group: the setting up, a turn, the manipulations, a Castling, the votes and the vote cards.

use super::super::event::GroupCount;
use super::*;

/// The setting up (`describe` sends only these).
pub(super) fn setup(event: &Event, lang: Lang) -> String {
    let name = |seat: SeatId| seat_name(seat, lang);
    let tell = |message: &str, seat: SeatId| about(lang, message, seat, None);
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
            text!(WORDS, lang, "manipulation-stacked", name = name(*seat), what = what, stacked = *stacked, of = of)
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
            text!(WORDS, lang, message, name = name(*seat), what = what, group = group, placed = *placed, of = of)
        }
        Event::InitialPlacementDone { .. } => text!(WORDS, lang, "initial-placement-done"),
        _ => unreachable!("describe sends only the setting up here"),
    }
}

/// A turn: its mode, the cards placed, discarded and drawn (`describe` sends only these).
pub(super) fn turn(event: &Event, lang: Lang) -> String {
    let name = |seat: SeatId| seat_name(seat, lang);
    let tell = |message: &str, seat: SeatId| about(lang, message, seat, None);
    match event {
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
            text!(WORDS, lang, message, name = name(*seat), what = what, group = key(*group))
        }
        Event::DrawOwed { seat, count, reason } => draw_owed(*seat, *count, *reason, lang),
        Event::DrawPending { seat } => tell("draw-pending", *seat),
        Event::CardDrawn {
            seat,
            pile,
            automatic,
            card,
        } => {
            let what =
                card.map_or_else(|| text!(WORDS, lang, "a-card-hidden"), |card| a_card(card.card, Some(*seat), lang));
            let message = if *automatic { "card-drawn-only" } else { "card-drawn" };
            text!(WORDS, lang, message, name = name(*seat), what = what, pile = pile_name(*pile, lang))
        }
        Event::DrawLapsed { seat, count } => {
            text!(WORDS, lang, "draw-lapsed", name = name(*seat), cards = cards(*count, lang))
        }
        Event::MainResumed { seat } => tell("main-resumed", *seat),
        Event::MainEnded { seat } => tell("main-ended", *seat),
        _ => unreachable!("describe sends only a turn: its mode, the cards placed, discarded and drawn here"),
    }
}

/// The manipulations and the answers to them (`describe` sends only these).
pub(super) fn manipulation(event: &Event, lang: Lang) -> String {
    let name = |seat: SeatId| seat_name(seat, lang);
    let tell = |message: &str, seat: SeatId| about(lang, message, seat, None);
    match event {
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
            text!(WORDS, lang, "manipulation-played", name = name(*seat), what = played, aim = aim)
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
                    text!(WORDS, lang, "hand-spied-shown", name = who, victim = whom, cards = faces)
                }
                None => text!(WORDS, lang, "hand-spied", name = who, victim = whom),
            }
        }
        _ => unreachable!("describe sends only the manipulations and the answers to them here"),
    }
}

/// A Castling (`describe` sends only these).
pub(super) fn castling(event: &Event, lang: Lang) -> String {
    let name = |seat: SeatId| seat_name(seat, lang);
    match event {
        Event::CastlingPoolFormed { seat, taken, pool, .. } => {
            let (message, pool) = match pool {
                Some(pool) => {
                    let faces: Vec<String> = pool.iter().map(|card| card_name(card.card, None, lang)).collect();
                    ("castling-pool-shown", listed(&faces, lang))
                }
                None => ("castling-pool", String::new()),
            };
            let taken = castling_counts(taken, lang);
            text!(WORDS, lang, message, name = name(*seat), seat = key(*seat), taken = taken, cards = pool)
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
            _ => text!(WORDS, lang, "castling-card-placed-hidden", name = name(*seat), left = *left),
        },
        Event::CastlingDone { seat, face_down } => {
            text!(
                WORDS,
                lang,
                "castling-done",
                name = name(*seat),
                kind = key(ManipulationKind::Castling),
                owner = key(*seat),
                counts = castling_counts(face_down, lang)
            )
        }
        _ => unreachable!("describe sends only a Castling here"),
    }
}

/// The votes (`describe` sends only these).
pub(super) fn vote(event: &Event, lang: Lang) -> String {
    let name = |seat: SeatId| seat_name(seat, lang);
    let tell = |message: &str, seat: SeatId| about(lang, message, seat, None);
    match event {
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
                    text!(WORDS, lang, "cards-revealed", name = name(*seat), group = key(*group), values = values)
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
        _ => unreachable!("describe sends only the votes here"),
    }
}

/// The vote cards, the player left alone and the end (`describe` sends only these).
pub(super) fn vote_cards(event: &Event, lang: Lang) -> String {
    let name = |seat: SeatId| seat_name(seat, lang);
    match event {
        Event::VoteCardDrawn { card } => vote_card_moved("vote-card-drawn", *card, lang),
        Event::VoteCardRemoved { card } => vote_card_moved("vote-card-removed", *card, lang),
        Event::VoteCardDiscarded { card } => vote_card_moved("vote-card-discarded", *card, lang),
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
        _ => unreachable!("describe sends only the vote cards, the player left alone and the end here"),
    }
}

/// A vote card drawn, removed or discarded: `message` names the card.
fn vote_card_moved(message: &str, card: Card, lang: Lang) -> String {
    text!(WORDS, lang, message, card = capitalized(&vote_card(card, lang)))
}

/// How many cards at which group, as a Castling takes them back or leaves them face down: "2 at the Senators and 1 at
/// the Aediles".
fn castling_counts(counts: &[GroupCount], lang: Lang) -> String {
    let counts: Vec<String> = counts
        .iter()
        .map(|count| text!(WORDS, lang, "castling-count", count = count.count, group = key(count.group)))
        .collect();
    listed(&counts, lang)
}
