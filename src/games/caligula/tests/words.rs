//! Caligula told in words: every event and action of random games at every player count, exact texts of
//! representative ones in both languages, and words that name no hidden card or value to a seat that may not know it.

use std::collections::BTreeSet;

use serde_json::{Value, json};

use super::super::event::Event;
use super::super::ids::Kind;
use super::super::words::{civitas, kind_noun, spqr_token};
use super::super::{Action, Caligula};
use crate::engine::table::TableEvent;
use crate::engine::testing::{self, assert_told};
use crate::engine::{Lang, Title, TitleAdapter, Viewer, Words};

const EVENT_TYPES: [&str; 34] = [
    "augustus_dealt",
    "awaiting",
    "candidate_chosen",
    "card_discarded",
    "card_drawn",
    "card_played",
    "card_stolen",
    "civitas_dealt",
    "civitas_shifted",
    "conspiracy_abandoned",
    "conspiracy_accepted",
    "conspiracy_declined",
    "conspiracy_formed",
    "conspiracy_opened",
    "conspiracy_passed",
    "conspiracy_raised",
    "decks_shuffled",
    "defence_passed",
    "effect_step",
    "emperor_died",
    "emperor_survived",
    "empire_fell",
    "favour_moved",
    "game_over",
    "ordo_dealt",
    "placement_ended",
    "round_end_payment",
    "round_ended",
    "sequentia_extra",
    "sequentia_row",
    "sequentia_started",
    "stab_done",
    "token_placed",
    "tokens_revealed",
];

const ACTION_TYPES: [&str; 13] = [
    "choose_candidate",
    "complot_accept",
    "complot_pass",
    "complot_raise",
    "conspirator_favour",
    "defend",
    "defend_pass",
    "effect_choice",
    "leader_favour",
    "pay_coniura",
    "place_token",
    "stab",
    "stab_done",
];

fn set(types: &[&str]) -> BTreeSet<String> {
    types.iter().map(|kind| (*kind).to_owned()).collect()
}

/// Every event and action type is met and told in random games at `players` (each count is its own test, so that
/// the harness runs them side by side).
fn every_type_is_told_at(players: usize) {
    let told = assert_told::<Caligula>(players, 0..60);
    assert_eq!(told.events, set(&EVENT_TYPES), "{players} players");
    assert_eq!(told.actions, set(&ACTION_TYPES), "{players} players");
}

#[test]
fn every_type_is_told_at_2_players() {
    every_type_is_told_at(2);
}

#[test]
fn every_type_is_told_at_3_players() {
    every_type_is_told_at(3);
}

#[test]
fn every_type_is_told_at_4_players() {
    every_type_is_told_at(4);
}

#[test]
fn every_type_is_told_at_5_players() {
    every_type_is_told_at(5);
}

fn told(event: Value) -> (String, String) {
    let event: Event = serde_json::from_value(event).expect("an event");
    (Caligula::describe(&event, Lang::En), Caligula::describe(&event, Lang::Fr))
}

fn labelled(action: Value) -> (String, String) {
    let action: Action = serde_json::from_value(action).expect("an action");
    (Caligula::label(&action, Lang::En), Caligula::label(&action, Lang::Fr))
}

fn pair(en: &str, fr: &str) -> (String, String) {
    (en.to_owned(), fr.to_owned())
}

#[test]
fn a_face_down_token_is_told_without_its_value_until_the_end() {
    let placed = json!({"type": "token_placed", "seat": "sabinus", "card": "nob_02", "suit": "nobiles",
        "position": 1, "slot": 0});
    assert_eq!(
        told(placed.clone()),
        pair(
            "Sabinus places an SPQR token face down on Nobiles predilection 4.",
            "Sabinus place un jeton SPQR face cachée sur la carte Nobiles prédilection 4."
        )
    );
    let mut shown_at_the_end = placed;
    shown_at_the_end["value"] = json!(-1);
    assert_eq!(
        told(shown_at_the_end),
        pair(
            "Sabinus places SPQR token -1 face down on Nobiles predilection 4.",
            "Sabinus place le jeton SPQR -1 face cachée sur la carte Nobiles prédilection 4."
        )
    );
}

#[test]
fn a_draw_names_its_kinds_only_where_they_are_shown() {
    let drawn = json!({"type": "card_drawn", "seat": "callistus", "deck": "coniura", "count": 3});
    assert_eq!(
        told(drawn.clone()),
        pair("Callistus draws 3 cards from the Coniura deck.", "Callistus pioche 3 cartes dans le tas Coniura.")
    );
    let mut seen_by_the_drawer = drawn;
    seen_by_the_drawer["kinds"] = json!(["con_dual", "con", "con_dual"]);
    assert_eq!(
        told(seen_by_the_drawer),
        pair(
            "Callistus draws a Coniura card and 2 dual-use Coniura cards.",
            "Callistus pioche une carte Coniura et 2 cartes Coniura à double usage."
        )
    );
    assert_eq!(
        told(json!({"type": "card_stolen", "thief": "chaerea", "victim": "sabinus"})),
        pair("Chaerea steals a card from Sabinus.", "Chaerea vole une carte à Sabinus.")
    );
    assert_eq!(
        told(json!({"type": "card_stolen", "thief": "chaerea", "victim": "sabinus", "kind": "pug_dual"})),
        pair(
            "Chaerea steals a dual-use Pugio card from Sabinus.",
            "Chaerea vole une carte Pugio à double usage à Sabinus."
        )
    );
}

#[test]
fn resolutions_and_effects_are_told_by_card() {
    let revealed = json!({"type": "tokens_revealed", "card": "leg_07", "suit": "legionarii", "suit_index": 0,
        "card_type": "collective", "value": 2, "mode": "optional",
        "tokens": [{"slot": 0, "owner": "chaerea", "value": 3, "returned": true},
                   {"slot": 1, "owner": "callistus", "value": 2, "returned": true},
                   {"slot": 2, "owner": "chaerea", "value": 0, "returned": true}],
        "totals": [{"seat": "chaerea", "total": 3, "first_slot": 0, "tokens": 2},
                   {"seat": "callistus", "total": 2, "first_slot": 1, "tokens": 1}],
        "concerned": [{"seat": "chaerea", "instances": 2}, {"seat": "callistus", "instances": 1}]});
    assert_eq!(
        told(revealed),
        pair(
            "Legionarii collective 2 is resolved (totals Chaerea 3 and Callistus 2): Chaerea (2 times) and \
             Callistus benefit.",
            "La carte Legionarii collective 2 est résolue (totaux Chaerea 3 et Callistus 2) : Chaerea (2 fois) et \
             Callistus en profitent."
        )
    );
    let negative = json!({"type": "tokens_revealed", "card": "nob_10", "suit": "nobiles", "suit_index": 0,
        "card_type": "negative", "value": 2, "mode": "mandatory", "tokens": [], "totals": [],
        "concerned": [{"seat": "sabinus", "instances": 1}]});
    assert_eq!(
        told(negative),
        pair(
            "Nobiles negative 2 is resolved (no token): Sabinus suffers its effect.",
            "La carte Nobiles négative 2 est résolue (aucun jeton) : Sabinus en subit les effets."
        )
    );
    let step = |extra: Value| {
        let mut event = json!({"type": "effect_step", "seat": "vinicianus", "card": "nob_02", "op": "vp_gain",
            "option": "apply", "automatic": false});
        for (field, value) in extra.as_object().expect("fields") {
            event[field] = value.clone();
        }
        told(event)
    };
    assert_eq!(
        step(json!({"vp_change": 3})),
        pair(
            "Nobiles predilection 4: Vinicianus gains 3 victory points.",
            "Nobiles prédilection 4 : Vinicianus gagne 3 points victoire."
        )
    );
    assert_eq!(
        step(json!({"option": "skip"})),
        pair(
            "Nobiles predilection 4: Vinicianus forgoes the effect.",
            "Nobiles prédilection 4 : Vinicianus renonce à l'effet."
        )
    );
    assert_eq!(
        step(json!({"card": "leg_11", "op": "discard_any", "option": "pug"})),
        pair(
            "Legionarii negative 1: Vinicianus discards a Pugio card.",
            "Legionarii négative 1 : Vinicianus jette une carte Pugio."
        )
    );
    assert_eq!(
        step(json!({"card": "nob_06", "op": "replace_candidate", "option": "b",
            "candidate_replaced": {"position": "b", "old": "elagabalus", "new": "galba", "returned_favours": []}})),
        pair(
            "Nobiles predilection 3: Vinicianus replaces Elagabalus (candidate B) with Galba.",
            "Nobiles prédilection 3 : Vinicianus remplace Elagabalo (candidat B) par Galba."
        )
    );
    assert_eq!(
        told(json!({"type": "civitas_shifted", "suit": "tribuni", "removed": "tri_03", "position_1": "tri_08",
            "position_2": "tri_11"})),
        pair(
            "Tribuni predilection 5 leaves the game, Tribuni collective 4 moves to position 1 and Tribuni negative 1 \
             is turned face up in position 2.",
            "Tribuni prédilection 5 est éliminée, Tribuni collective 4 passe en position 1 et Tribuni négative 1 est \
             retournée en position 2."
        )
    );
}

#[test]
fn the_conspiracy_is_told_in_the_seeds_terms() {
    assert_eq!(
        told(json!({"type": "conspiracy_raised", "seat": "chaerea", "total": 2, "owed": 2})),
        pair(
            "Chaerea bids 2 Coniura symbols and becomes the leader.",
            "Chaerea propose 2 symboles Coniura et devient le chef de la conjuration."
        )
    );
    assert_eq!(
        told(json!({"type": "conspiracy_formed", "leader": "chaerea", "high": 2,
            "conspirators": ["chaerea", "sabinus", "vinicianus"], "non_participants": ["callistus"],
            "returned": ["con", "con"]})),
        pair(
            "The complot is over: Chaerea leads the conspiracy with Sabinus and Vinicianus (2 Coniura symbols).",
            "Fin du complot : Chaerea mène la conjuration avec Sabinus et Vinicianus (2 symboles Coniura)."
        )
    );
    assert_eq!(
        told(json!({"type": "card_played", "seat": "callistus", "kind": "pug", "role": "defence"})),
        pair(
            "Callistus defends the emperor with a Pugio card.",
            "Callistus défend l'empereur avec une carte Pugio."
        )
    );
    assert_eq!(
        told(json!({"type": "emperor_died", "emperor": "claudius", "life": 4, "stabs": 5,
            "returned_favours": ["vinicianus"], "new_emperor": "nero", "vacated": "a", "new_candidate": "pertinax",
            "leader": "chaerea", "stabbers": ["chaerea", "vinicianus"], "returned": []})),
        pair(
            "Claudius dies (5 Pugio against a life of 4): Nero becomes emperor; Pertinax is the new candidate A; \
             Chaerea gains a conspiracy point; Chaerea and Vinicianus gain a victory point.",
            "Claudius meurt (5 Pugio pour un capital vie de 4) : Nero devient empereur ; Pertinax est le nouveau \
             candidat A ; Chaerea gagne 1 point conjuration ; Chaerea et Vinicianus gagnent 1 point victoire."
        )
    );
    assert_eq!(
        told(json!({"type": "favour_moved", "seat": "vinicianus", "from": "emperor", "to": "emperor",
            "automatic": false})),
        pair(
            "Vinicianus leaves the Favor token on the emperor.",
            "Vinicianus laisse son jeton Favor sur l'empereur."
        )
    );
    assert_eq!(
        told(json!({"type": "round_end_payment", "emperor": "nero", "vp": 3, "paid": ["chaerea", "sabinus"]})),
        pair(
            "Nero gives 3 victory points to Chaerea and Sabinus.",
            "Nero attribue 3 points victoire à Chaerea et Sabinus."
        )
    );
    let score = json!({"vp": 14, "conspiracy_points": 2, "total": 16, "pip": false, "cards": 3});
    assert_eq!(
        told(json!({"type": "game_over", "result": {"scores": {"chaerea": score, "sabinus": score},
            "ranking": ["chaerea", "sabinus"], "winners": ["chaerea", "sabinus"], "draw": true}})),
        pair(
            "Game over: Chaerea and Sabinus share the win with 16 points.",
            "Fin de la partie : Chaerea et Sabinus l'emportent à égalité avec 16 points."
        )
    );
}

#[test]
fn actions_read_like_buttons() {
    assert_eq!(
        labelled(json!({"type": "place_token", "value": 3, "suit": "nobiles", "position": 2})),
        pair(
            "Place SPQR token 3 face down on the Nobiles card in position 2",
            "Placer le jeton SPQR 3 face cachée sur la carte Nobiles en position 2"
        )
    );
    assert_eq!(
        labelled(json!({"type": "effect_choice", "option": "con_dual"})),
        pair("Discard a dual-use Coniura card", "Jeter une carte Coniura à double usage")
    );
    assert_eq!(
        labelled(json!({"type": "effect_choice", "option": "sabinus"})),
        pair("Steal a card from Sabinus", "Voler une carte à Sabinus")
    );
    assert_eq!(
        labelled(json!({"type": "effect_choice", "option": "emperor"})),
        labelled(json!({"type": "leader_favour", "target": "emperor"}))
    );
    assert_eq!(
        labelled(json!({"type": "effect_choice", "option": "emperor"})),
        pair("Put my Favor token on the emperor", "Placer mon jeton Favor sur l'empereur")
    );
    assert_eq!(
        labelled(json!({"type": "complot_raise", "total": 1})),
        pair("Bid 1 Coniura symbol and lead the conspiracy", "Proposer 1 symbole Coniura et mener la conjuration")
    );
    assert_eq!(
        labelled(json!({"type": "pay_coniura", "kind": "pug_dual"})),
        pair("Play a dual-use Pugio card", "Jouer une carte Pugio à double usage")
    );
    assert_eq!(
        labelled(json!({"type": "conspirator_favour", "target": "stay"})),
        pair("Leave my Favor token where it is", "Laisser mon jeton Favor en place")
    );
    assert_eq!(
        labelled(json!({"type": "stab", "kind": "con_dual"})),
        pair(
            "Stab the emperor with a dual-use Coniura card",
            "Jouer une carte Coniura à double usage contre l'empereur"
        )
    );
}

/// How many times the leak test met each case, so that it can tell it checked them.
#[derive(Default)]
struct Met {
    hidden_draws: usize,
    shown_draws: usize,
    hidden_steals: usize,
    shown_steals: usize,
    hidden_tokens: usize,
}

/// The words a viewer is given while the game goes on never name a kind it may not see (another seat's draw, a
/// steal between two other seats), a placed token's value (not even its owner's, D10) or a card still in a suit's
/// deck; the drawer's, thief's and victim's words do name the kind, and once the game is over everyone's words name
/// the placed values and the drawn kinds.
#[test]
fn words_name_nothing_their_viewer_may_not_know() {
    let title = TitleAdapter::<Caligula>::default();
    let options = title.normalize_options(None).expect("default options");
    let mut met = Met::default();
    for players in 2..=5 {
        for seed in 0..4 {
            let (finished, log) = testing::play_to_the_end(&title, players, 31 + seed);
            let playing = title.replay(players, &options, going_on(&log)).expect("its own log");
            assert!(!playing.is_finished());
            for text in going_on(&log) {
                if TableEvent::parse(text).is_some() {
                    continue;
                }
                let event: Event = serde_json::from_str(text).expect("a Caligula event");
                for viewer in (0..players).map(Viewer::Seat).chain([Viewer::Spectator]) {
                    for lang in Lang::ALL {
                        let words = playing.event_text(text, viewer, lang).expect("every event is shown");
                        let at_the_end = finished.event_text(text, viewer, lang).expect("every event is shown");
                        check(&event, viewer, lang, &words, &at_the_end, &mut met);
                    }
                }
            }
        }
    }
    assert!(met.hidden_draws > 0 && met.shown_draws > 0, "draws are met");
    assert!(met.hidden_steals > 0 && met.shown_steals > 0, "steals are met");
    assert!(met.hidden_tokens > 0, "placed tokens are met");
}

/// The log up to the game's last wait for a decision: the game as it goes on.
fn going_on(log: &[String]) -> &[String] {
    let waits = |text: &String| serde_json::from_str::<Value>(text).expect("JSON")["type"] == "awaiting";
    &log[..=log.iter().rposition(waits).expect("the game waits for decisions")]
}

fn check(event: &Event, viewer: Viewer, lang: Lang, words: &str, at_the_end: &str, met: &mut Met) {
    let names = |kind: Kind| kind_noun(kind, false, lang);
    let names_any_kind = |text: &str| {
        Kind::ALL
            .into_iter()
            .any(|kind| text.contains(&kind_noun(kind, false, lang)) || text.contains(&kind_noun(kind, true, lang)))
    };
    match event {
        Event::TokenPlaced { value, .. } => {
            let token = spqr_token(value.expect("the stored event holds the value"), lang);
            assert!(!words.contains(&token), "{viewer:?} is told {token}: {words}");
            assert!(at_the_end.contains(&token), "the end tells {token}: {at_the_end}");
            met.hidden_tokens += 1;
        }
        Event::CardDrawn { seat, kinds, .. } => {
            let kinds = kinds.as_ref().expect("the stored event holds the kinds");
            if viewer.is(seat.idx()) {
                assert!(
                    kinds
                        .iter()
                        .all(|kind| words.contains(&names(*kind)) || words.contains(&kind_noun(*kind, true, lang)))
                );
                met.shown_draws += 1;
            } else {
                assert!(!names_any_kind(words), "{viewer:?} is told another seat's draw: {words}");
                met.hidden_draws += 1;
            }
            assert!(names_any_kind(at_the_end), "the end tells the draw: {at_the_end}");
        }
        Event::CardStolen { thief, victim, kind } => {
            let kind = kind.expect("the stored event holds the kind");
            if viewer.is(thief.idx()) || viewer.is(victim.idx()) {
                assert!(words.contains(&names(kind)), "{viewer:?} is not told its steal: {words}");
                met.shown_steals += 1;
            } else {
                assert!(!names_any_kind(words), "{viewer:?} is told another seat's steal: {words}");
                met.hidden_steals += 1;
            }
        }
        Event::CivitasDealt {
            deck,
            position_1,
            position_2,
            ..
        } => {
            let face_up = [civitas(position_1, lang), civitas(position_2, lang)];
            let deck = deck.as_ref().expect("the stored event holds the deck");
            for hidden in deck.iter().map(|card| civitas(card, lang)) {
                if !face_up.contains(&hidden) {
                    assert!(!words.contains(&hidden) && !at_the_end.contains(&hidden), "{hidden} in {words}");
                }
            }
        }
        _ => {}
    }
}
