//! Events and actions told in words, in the languages the service speaks. A title tells its own events and actions
//! (`Game::describe`, `Game::label`); this module tells the table's, which every title shares.
//!
//! An event is told from the event as its viewer may see it (already redacted), so its words can tell nothing more
//! than the event shown beside them.

use crate::text;

use super::bot::Bot;
use super::catalog::Catalog;
pub use super::lang::Lang;
use super::table::{LeaveReason, TableAction, TableEvent};

/// A seat's id as a name ("antonius" -> "Antonius"), for seats whose names are the same in every language.
pub fn capitalized(id: &str) -> String {
    let mut chars = id.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The table's words (`locales/<code>.ftl`).
pub(crate) static TABLE: Catalog = crate::catalog!("locales");

/// A table event in words; `seat` names a seat from its id.
pub fn table_event_text(event: &TableEvent, lang: Lang, seat: &dyn Fn(&str) -> String) -> String {
    let tell = |id: &str, who: &str| text!(TABLE, lang, id, who = who);
    match event {
        TableEvent::TableOpened { seats, .. } => {
            let open = seats.iter().filter(|opened| opened.open).count();
            text!(TABLE, lang, "table-opened", open = open)
        }
        TableEvent::SeatJoined {
            seat: id, name, bot, ..
        } => {
            let who = seat(id);
            match (bot, name) {
                (Some(bot), _) => text!(TABLE, lang, "seat-joined-bot", bot = bot_name(*bot, lang), who = who),
                (None, Some(name)) => text!(TABLE, lang, "seat-joined-named", name = name.as_str(), who = who),
                (None, None) => tell("seat-joined", &who),
            }
        }
        TableEvent::FirstMove { seat: id } => tell("first-move", &seat(id)),
        TableEvent::Resigned { seat: id } => tell("resigned", &seat(id)),
        TableEvent::Aborted { seat: id } => tell("aborted", &seat(id)),
        TableEvent::TimedOut { seats } => tell("timed-out", &names(seats, lang, seat)),
        TableEvent::Expired => text!(TABLE, lang, "expired"),
        TableEvent::DeadlineSet { .. } => text!(TABLE, lang, "deadline-set"),
        TableEvent::RematchCreated { .. } => text!(TABLE, lang, "rematch-created"),
        TableEvent::InvitationDeclined { seat: id } => tell("invitation-declined", &seat(id)),
        TableEvent::SeatAbandoned { seat: id, reason } => match reason {
            LeaveReason::Resigned => tell("seat-abandoned-resigned", &seat(id)),
            LeaveReason::TimedOut => tell("seat-abandoned-timed-out", &seat(id)),
        },
        TableEvent::HandedToBot { seat: id } => tell("handed-to-bot", &seat(id)),
        TableEvent::SeatTakenBack { seat: id } => tell("seat-taken-back", &seat(id)),
        TableEvent::DrawOfferMade { seat: id } => tell("draw-offer-made", &seat(id)),
        TableEvent::DrawOfferAccepted { seat: id } => tell("draw-offer-accepted", &seat(id)),
        TableEvent::DrawOfferDeclined { seat: id } => tell("draw-offer-declined", &seat(id)),
        TableEvent::DrawAgreed => text!(TABLE, lang, "draw-agreed"),
        TableEvent::ClocksRun { moved, .. } => match moved {
            Some(id) => tell("clock-stopped", &seat(id)),
            None => text!(TABLE, lang, "clocks-started"),
        },
        TableEvent::Undone { seat: id } => tell("undone", &seat(id)),
        TableEvent::SeatsErased { seats, .. } if seats.is_empty() => text!(TABLE, lang, "invitations-erased"),
        TableEvent::SeatsErased { seats, .. } => tell("seats-erased", &names(seats, lang, seat)),
        TableEvent::SeatBound { seat: id, .. } => tell("seat-bound", &seat(id)),
    }
}

/// A table action in words, as a button would say it.
pub fn table_action_label(action: TableAction, lang: Lang) -> String {
    let id = match action {
        TableAction::Resign => "action-resign",
        TableAction::Abort => "action-abort",
        TableAction::HandToBot => "action-hand-to-bot",
        TableAction::TakeBackSeat => "action-take-back-seat",
        TableAction::OfferDraw => "action-offer-draw",
        TableAction::AcceptDraw => "action-accept-draw",
        TableAction::DeclineDraw => "action-decline-draw",
        TableAction::Undo => "action-undo",
    };
    text!(TABLE, lang, id)
}

fn bot_name(bot: Bot, lang: Lang) -> String {
    match bot {
        Bot::Random {} => text!(TABLE, lang, "bot-random"),
        Bot::Search { .. } => text!(TABLE, lang, "bot-search"),
    }
}

/// Seat names joined as a sentence says them: "A", "A and B", "A, B and C".
pub fn names(ids: &[String], lang: Lang, seat: &dyn Fn(&str) -> String) -> String {
    let named: Vec<String> = ids.iter().map(|id| seat(id)).collect();
    listed(&named, lang)
}

/// Words joined as a sentence says them: "a", "a and b", "a, b and c" ("et" in French).
pub fn listed(items: &[String], lang: Lang) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => text!(TABLE, lang, "list-and", rest = rest.join(", "), last = last.as_str()),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::engine::testing::assert_words;

    #[test]
    fn accept_language_picks_our_best_language() {
        assert_eq!(Lang::negotiate("fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7"), Some(Lang::Fr));
        assert_eq!(Lang::negotiate("en-GB, fr;q=0.5"), Some(Lang::En));
        assert_eq!(Lang::negotiate("it-IT, fr;q=0.4, en;q=0.6"), Some(Lang::En));
        assert_eq!(Lang::negotiate("it, *;q=0.5"), None);
        assert_eq!(Lang::negotiate("de-DE, fr;q=0.4, en;q=0.6"), Some(Lang::De));
        assert_eq!(Lang::negotiate("it, de-CH;q=0.5, en;q=0.3"), Some(Lang::De));
        assert_eq!(Lang::parse("DE"), Some(Lang::De));
        assert_eq!(Lang::parse("it"), None);
        assert_eq!(Lang::negotiate("en;q=0, fr;q=0.1"), Some(Lang::Fr));
        assert_eq!(Lang::negotiate("FR"), Some(Lang::Fr));
        assert_eq!(Lang::negotiate("en;q=2"), None);
        assert_eq!(Lang::negotiate(""), None);
    }

    #[test]
    fn lists_read_as_sentences() {
        let items = |words: &[&str]| words.iter().map(|word| (*word).to_owned()).collect::<Vec<_>>();
        assert_eq!(listed(&items(&["a"]), Lang::En), "a");
        assert_eq!(listed(&items(&["a", "b", "c"]), Lang::En), "a, b and c");
        assert_eq!(listed(&items(&["a", "b"]), Lang::Fr), "a et b");
        assert_eq!(listed(&items(&["a", "b", "c"]), Lang::De), "a, b und c");
    }

    #[test]
    fn every_table_event_is_told_in_every_language() {
        use super::super::table::TABLE_EVENT_TYPES;
        let examples = [
            json!({"type": "table_opened", "seats": [{"seat": "caesar", "open": true}]}),
            json!({"type": "seat_joined", "seat": "caesar", "name": "Ada"}),
            json!({"type": "seat_joined", "seat": "caesar", "bot": {"kind": "search"}}),
            json!({"type": "seat_joined", "seat": "caesar"}),
            json!({"type": "first_move", "seat": "caesar"}),
            json!({"type": "resigned", "seat": "caesar"}),
            json!({"type": "aborted", "seat": "caesar"}),
            json!({"type": "timed_out", "seats": ["caesar", "cleopatra"]}),
            json!({"type": "expired"}),
            json!({"type": "deadline_set", "deadline_ms": 1}),
            json!({"type": "rematch_created", "game": "g"}),
            json!({"type": "invitation_declined", "seat": "caesar"}),
            json!({"type": "seat_abandoned", "seat": "caesar", "reason": "timed_out"}),
            json!({"type": "handed_to_bot", "seat": "caesar"}),
            json!({"type": "seat_taken_back", "seat": "caesar"}),
            json!({"type": "draw_offer_made", "seat": "caesar"}),
            json!({"type": "draw_offer_accepted", "seat": "caesar"}),
            json!({"type": "draw_offer_declined", "seat": "caesar"}),
            json!({"type": "draw_agreed"}),
            json!({"type": "clocks_run", "at_ms": 1, "moved": "caesar"}),
            json!({"type": "clocks_run", "at_ms": 1}),
            json!({"type": "undone", "seat": "caesar"}),
            json!({"type": "seats_erased", "seats": ["caesar"], "creator": true}),
            json!({"type": "seats_erased", "seats": [], "invitations": ["caesar"]}),
            json!({"type": "seat_bound", "seat": "caesar", "account": "acc_1"}),
        ];
        let seat = |id: &str| format!("Seat {}", capitalized(id));
        let mut met = std::collections::BTreeSet::new();
        for example in examples {
            let event: TableEvent = serde_json::from_value(example.clone()).expect("a table event");
            met.insert(example["type"].as_str().expect("a type").to_owned());
            let told = Lang::ALL.map(|lang| table_event_text(&event, lang, &seat));
            for text in &told {
                assert_words(text, &example);
            }
            let [en, others @ ..] = &told;
            assert!(others.iter().all(|other| other != en), "{told:?}");
        }
        assert_eq!(met, TABLE_EVENT_TYPES.iter().map(|kind| (*kind).to_owned()).collect());
    }

    #[test]
    fn every_table_action_has_a_label_in_every_language() {
        let every: Vec<TableAction> = super::super::table::TABLE_ACTION_TYPES
            .iter()
            .map(|kind| serde_json::from_value(serde_json::json!({"type": kind})).expect("a table action"))
            .collect();
        for action in every {
            let told = Lang::ALL.map(|lang| table_action_label(action, lang));
            let [en, others @ ..] = &told;
            assert!(!en.is_empty(), "{action:?}");
            assert!(others.iter().all(|other| !other.is_empty() && other != en), "{action:?}: {told:?}");
        }
    }
}
