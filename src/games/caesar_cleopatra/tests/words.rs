//! Events and actions told in words (issue 31): every one met in random games, exact texts of representative ones,
//! the names against the data, and no secret told to a seat that may not know it.

use std::collections::BTreeSet;

use serde_json::{Value, json};

use super::super::CaesarCleopatra;
use super::super::card::OwnedCard;
use super::super::data::{CardKind, data};
use super::super::event::Event;
use super::super::face::Face;
use super::super::ids::{Card, Group, ManipulationKind, SeatId};
use super::super::value::InfluenceValue;
use super::super::words::manipulation_name;
use super::builder::action;
use crate::engine::table::TableEvent;
use crate::engine::testing::{assert_told, play_to_the_end};
use crate::engine::{GameSession, Lang, Title, TitleAdapter, Viewer, Views, Words};

const VIEWERS: [Viewer; 3] = [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator];

fn set(kinds: &[&str]) -> BTreeSet<String> {
    kinds.iter().map(|kind| (*kind).to_owned()).collect()
}

#[test]
fn random_games_tell_every_event_and_action() {
    let told = assert_told::<CaesarCleopatra>(2, 0..300);
    // `pile2_shuffled` is missing: random games play the default option (`arranged`), where the players stack
    // pile 2 themselves; `a_shuffled_pile_2_and_other_rare_events_are_told` tells it.
    let events = set(&[
        "arrange_started",
        "card_discarded",
        "card_drawn",
        "cards_revealed",
        "castling_card_placed",
        "castling_done",
        "castling_pool_formed",
        "draw_lapsed",
        "draw_owed",
        "draw_pending",
        "extraordinary_vote_started",
        "game_over",
        "group_closed",
        "hand_spied",
        "influence_placed",
        "initial_card_placed",
        "initial_placement_done",
        "main_ended",
        "main_resumed",
        "manipulation_played",
        "manipulation_stacked",
        "mission_dealt",
        "missions_shuffled",
        "mode_chosen",
        "patrician_won",
        "pile1_shuffled",
        "placement_started",
        "reacted",
        "reaction_offered",
        "solo_mode_started",
        "turn_started",
        "vote_card_discarded",
        "vote_card_drawn",
        "vote_card_removed",
        "vote_continued",
        "vote_deck_reshuffled",
        "vote_deck_shuffled",
        "vote_resolved",
        "vote_window_opened",
    ]);
    assert_eq!(told.events, events);
    let actions = set(&[
        "allow_manipulation",
        "castle_place",
        "choose_active",
        "choose_passive",
        "continue_vote",
        "draw",
        "end_discard",
        "end_main",
        "passive_discard",
        "place_face_down",
        "place_face_up",
        "place_initial",
        "play_manipulation",
        "spy_pick",
        "stack_manipulation",
        "veto_manipulation",
    ]);
    assert_eq!(told.actions, actions);
}

fn event(value: Value) -> Event {
    serde_json::from_value(value.clone()).unwrap_or_else(|e| panic!("{value} does not parse: {e}"))
}

/// The event as `viewer` is shown it, in English and in French (the exact texts checked here).
fn told(value: Value, viewer: Viewer) -> [String; 2] {
    let shown = CaesarCleopatra::redact(&event(value), viewer).expect("every event has a public part");
    [Lang::En, Lang::Fr].map(|lang| CaesarCleopatra::describe(&shown, lang))
}

fn labelled(value: Value) -> [String; 2] {
    let action = action(value);
    [Lang::En, Lang::Fr].map(|lang| CaesarCleopatra::label(&action, lang))
}

#[test]
fn a_face_down_card_is_named_to_its_owner_only() {
    let placed = json!({"type": "influence_placed", "seat": "caesar", "group": "senators", "face_up": false,
                        "value": 4, "id": "caesar_inf_4_3"});
    assert_eq!(
        told(placed.clone(), Viewer::Seat(1)),
        [
            "Caesar places a 4 face down at the Senators.",
            "César pose un 4 face cachée devant les Sénateurs."
        ]
    );
    for viewer in [Viewer::Seat(0), Viewer::Spectator] {
        assert_eq!(
            told(placed.clone(), viewer),
            [
                "Caesar places an influence card face down at the Senators.",
                "César pose une carte Influence face cachée devant les Sénateurs."
            ]
        );
    }
    let drawn = json!({"type": "card_drawn", "seat": "cleopatra", "pile": 2, "automatic": true,
                       "card": {"id": "cleopatra_spy_1", "card": "spy"}});
    assert_eq!(
        told(drawn.clone(), Viewer::Seat(0)),
        [
            "Cleopatra draws a Spy from pile 2 (the only pile left).",
            "Cléopâtre tire une carte « Espionne » de sa pile de réserve n°2 (seule pile non vide)."
        ]
    );
    assert_eq!(
        told(drawn, Viewer::Seat(1)),
        [
            "Cleopatra draws a card from pile 2 (the only pile left).",
            "Cléopâtre tire une carte de sa pile de réserve n°2 (seule pile non vide)."
        ]
    );
    let mission = json!({"type": "mission_dealt", "seat": "caesar", "mission": "mission_praetors_2"});
    assert_eq!(
        told(mission.clone(), Viewer::Seat(1)),
        [
            "Caesar draws a secret mission: the Praetors.",
            "César tire une Mission Secrète : les Préteurs."
        ]
    );
    assert_eq!(
        told(mission, Viewer::Seat(0)),
        ["Caesar draws a secret mission.", "César tire une Mission Secrète."]
    );
}

#[test]
fn manipulations_are_told_by_the_seeds_names() {
    let assassination = json!({"type": "manipulation_played", "seat": "cleopatra", "card": "assassination",
                               "group": "aediles", "target": 4, "id": "cleopatra_assassination_2"});
    assert_eq!(
        told(assassination, Viewer::Spectator),
        [
            "Cleopatra plays an Assassination against Caesar's face-up 4 at the Aediles.",
            "Cléopâtre joue une carte « Influence » contre le 4 visible de César devant les Édiles."
        ]
    );
    let castling = json!({"type": "manipulation_played", "seat": "caesar", "card": "castling",
                          "groups": ["senators", "praetors"]});
    assert_eq!(
        told(castling, Viewer::Seat(0)),
        [
            "Caesar plays a Castling between the Senators and the Praetors.",
            "César joue une carte « Roque romain » entre les Sénateurs et les Préteurs."
        ]
    );
    let scouted = json!({"type": "cards_revealed", "group": "quaestors", "seat": "caesar", "values": [2, 5, "P"],
                         "cause": "scout"});
    assert_eq!(
        told(scouted, Viewer::Spectator),
        [
            "Cleopatra's Scout turns Caesar's face-down cards at the Quaestors face up: 2, 5 and Philosopher.",
            "La carte « Courtisane » de Cléopâtre retourne les cartes cachées de César devant les Questeurs : 2, 5 \
             et Philosophe."
        ]
    );
    let spied = json!({"type": "hand_spied", "seat": "caesar", "hand": [1, 3, 5, "castling", "scout"]});
    assert_eq!(
        told(spied.clone(), Viewer::Seat(1)),
        [
            "Caesar looks at Cleopatra's hand: 1, 3, 5, Castling and Scout.",
            "César regarde la main de Cléopâtre : 1, 3, 5, « Roque égyptien » et « Courtisane »."
        ]
    );
    assert_eq!(
        told(spied, Viewer::Seat(0)),
        [
            "Caesar looks at Cleopatra's hand.",
            "César regarde la main de Cléopâtre."
        ]
    );
    let vetoed = json!({"type": "reacted", "seat": "cleopatra", "vetoed": true});
    assert_eq!(
        told(vetoed, Viewer::Seat(1)),
        [
            "Cleopatra vetoes the manipulation: it is cancelled.",
            "Cléopâtre oppose son Veto : la Manipulation est annulée."
        ]
    );
    let veto_discarded = json!({"type": "card_discarded", "seat": "cleopatra", "origin": "play", "card": "veto"});
    assert_eq!(
        told(veto_discarded, Viewer::Seat(1)),
        [
            "Cleopatra discards a Veto after playing it.",
            "Cléopâtre défausse une carte « Veto de Cléopâtre » après l'avoir jouée."
        ]
    );
}

#[test]
fn votes_are_told_with_their_sums() {
    // Seed 000 §6, the censors example.
    let resolved = json!({"type": "vote_resolved", "group": "censors", "kind": "regular",
                          "sums": {"cleopatra": 9, "caesar": 3}, "philosophers": {"cleopatra": 0, "caesar": 1},
                          "outcome": "won", "winner": "caesar"});
    assert_eq!(
        told(resolved, Viewer::Spectator),
        [
            "Vote on the Censors: Cleopatra 9, Caesar 3 with 1 Philosopher; Caesar wins.",
            "Suffrage sur les Censeurs : Cléopâtre 9, César 3 avec 1 Philosophe ; César l'emporte."
        ]
    );
    let postponed = json!({"type": "vote_resolved", "group": "praetors", "kind": "extraordinary",
                           "sums": {"cleopatra": 10, "caesar": 10}, "philosophers": {"cleopatra": 0, "caesar": 0},
                           "outcome": "postponed"});
    assert_eq!(
        told(postponed, Viewer::Seat(0)),
        [
            "Extraordinary vote on the Praetors: Cleopatra 10, Caesar 10; the vote is postponed.",
            "Suffrage exceptionnel sur les Préteurs : Cléopâtre 10, César 10 ; le Suffrage est ajourné."
        ]
    );
    let won = json!({"type": "patrician_won", "seat": "cleopatra", "group": "aediles", "patrician": "aedile_1"});
    assert_eq!(told(won, Viewer::Seat(1)), ["Cleopatra wins an Aedile.", "Cléopâtre gagne un Édile."]);
    let discarded = json!({"type": "card_discarded", "seat": "caesar", "origin": "board", "card": 3,
                           "group": "aediles", "id": "caesar_inf_3_1"});
    assert_eq!(
        told(discarded, Viewer::Seat(0)),
        [
            "Caesar discards a 3 from the Aediles.",
            "César défausse un 3 posé devant les Édiles."
        ]
    );
    let reshuffle = json!({"type": "vote_card_drawn", "card": "orgy_reshuffle"});
    assert_eq!(
        told(reshuffle, Viewer::Seat(0)),
        [
            "The Orgy card that reshuffles the whole deck is turned up.",
            "La carte « Orgie, remélangez tout le paquet » est retournée."
        ]
    );
}

/// Events random games of the default options never show, or show too rarely to count on.
#[test]
fn a_shuffled_pile_2_and_other_rare_events_are_told() {
    let shuffled = json!({"type": "pile2_shuffled", "seat": "caesar", "size": 13, "order": []});
    assert_eq!(
        told(shuffled, Viewer::Seat(1)),
        [
            "Caesar's pile 2 is shuffled (13 cards).",
            "La pile de réserve n°2 de César est mélangée (13 cartes)."
        ]
    );
    let nothing = json!({"type": "draw_owed", "seat": "cleopatra", "count": 0, "reason": "passive"});
    assert_eq!(told(nothing, Viewer::Seat(1)), ["Cleopatra discards nothing.", "Cléopâtre ne défausse rien."]);
    let solo = json!({"type": "solo_mode_started", "survivor": "cleopatra"});
    assert_eq!(
        told(solo, Viewer::Spectator),
        [
            "Caesar has no influence card left: Cleopatra plays on alone.",
            "César n'a plus de carte Influence : Cléopâtre continue à jouer seule."
        ]
    );
    // Spec 11 scenario 5: equal scores, Caesar ahead on patricians.
    let over = json!({"type": "game_over", "missions": {"cleopatra": "mission_praetors_1",
                                                        "caesar": "mission_senators_1"},
        "result": {"end_reason": "influence_exhausted", "scores": {"cleopatra": 10, "caesar": 10},
                   "patricians": {"cleopatra": 7, "caesar": 8},
                   "breakdown": {"cleopatra": {"patricians": 7, "majority": 2, "totality": 1, "mission": 0},
                                 "caesar": {"patricians": 8, "majority": 0, "totality": 2, "mission": 0}},
                   "missions": {"cleopatra": "praetors", "caesar": "senators"},
                   "winners": ["caesar"], "draw": false}});
    assert_eq!(
        told(over, Viewer::Seat(0)),
        [
            "Game over, no influence card is left: Caesar wins 10 to 10, with more patricians (8 to 7).",
            "Fin de la partie, il ne reste plus de carte Influence : César gagne 10 à 10, avec plus de Patriciens \
             (8 à 7)."
        ]
    );
}

#[test]
fn actions_read_like_buttons() {
    assert_eq!(
        labelled(json!({"type": "place_face_down", "card": 3, "group": "senators"})),
        [
            "Place a 3 face down at the Senators",
            "Poser un 3 face cachée devant les Sénateurs"
        ]
    );
    assert_eq!(
        labelled(json!({"type": "place_face_up", "card": "P", "group": "censors"})),
        [
            "Place a Philosopher face up at the Censors",
            "Poser un Philosophe face visible devant les Censeurs"
        ]
    );
    assert_eq!(
        labelled(json!({"type": "play_manipulation", "card": "assassination", "group": "aediles", "target": 4})),
        [
            "Play an Assassination against the opponent's face-up 4 at the Aediles",
            "Jouer une carte « Influence » contre le 4 visible adverse devant les Édiles"
        ]
    );
    assert_eq!(
        labelled(json!({"type": "play_manipulation", "card": "wrath", "group": "quaestors"})),
        [
            "Play the Wrath of the Gods on the Quaestors",
            "Jouer une carte « Colère des dieux » sur les Questeurs"
        ]
    );
    assert_eq!(
        labelled(json!({"type": "spy_pick", "card": 5})),
        ["Make the opponent discard a 5", "Faire défausser un 5 à l'adversaire"]
    );
    assert_eq!(
        labelled(json!({"type": "draw", "pile": 2})),
        [
            "Draw from pile 2 (manipulation)",
            "Tirer de ma pile de réserve n°2 (Manipulation)"
        ]
    );
    assert_eq!(labelled(json!({"type": "choose_passive"})), ["Take a passive turn", "Jouer un tour passif"]);
    let seats: Vec<String> = Lang::ALL
        .into_iter()
        .flat_map(|lang| [0, 1].map(|seat| CaesarCleopatra::seat_name(seat, lang)))
        .collect();
    assert_eq!(seats, ["Cleopatra", "Caesar", "Cléopâtre", "César", "Kleopatra", "Cäsar"]);
}

/// The names the words give the manipulation cards are the data's (`name_english`, and `name_seed_000`, which
/// holds both the Roman and the Egyptian card's name).
#[test]
fn manipulation_names_are_the_datas() {
    let json: Value = serde_json::from_str(include_str!("../caesar-cleopatra-data.json")).expect("the data");
    let kinds = json["manipulation"]["kinds"].as_array().expect("the kinds");
    assert_eq!(kinds.len(), ManipulationKind::ALL.len());
    for row in kinds {
        let kind: ManipulationKind = serde_json::from_value(row["kind"].clone()).expect("a kind");
        assert_eq!(manipulation_name(kind, None, Lang::En), row["name_english"]);
        let seed: Vec<&str> = row["name_seed_000"]
            .as_str()
            .expect("a name")
            .split_whitespace()
            .collect();
        for owner in [None, Some(SeatId::Cleopatra), Some(SeatId::Caesar)] {
            let name = manipulation_name(kind, owner, Lang::Fr);
            assert!(name.split_whitespace().all(|word| seed.contains(&word)), "{name} is not in {seed:?}");
        }
    }
}

/// The same event with every secret the words could name changed (a card's face, a group), or `None` for an event
/// with no such secret. Its words for a seat that may not see the secret stay the same, its owner's change.
fn with_other_secrets(event: &Event) -> Option<Event> {
    let mut other = event.clone();
    match &mut other {
        Event::ManipulationStacked { card: Some(card), .. } | Event::CardDrawn { card: Some(card), .. } => {
            *card = other_card(*card)
        }
        Event::CastlingPoolFormed { pool: Some(pool), .. } => {
            let first = pool.first_mut()?;
            *first = other_card(*first);
        }
        Event::MissionDealt {
            mission: Some(mission), ..
        } => *mission = other_mission(*mission),
        Event::InitialCardPlaced {
            card: Some(card),
            group: Some(group),
            ..
        }
        | Event::CastlingCardPlaced {
            card: Some(card),
            group: Some(group),
            ..
        } => {
            *card = other_card(*card);
            *group = other_group(*group);
        }
        Event::InfluencePlaced {
            face_up: false,
            value: Some(value),
            id: Some(id),
            ..
        } => {
            let card = other_card(OwnedCard::of(*id));
            *id = card.id;
            *value = data().value(card.id).unwrap_or(*value);
        }
        Event::HandSpied { hand: Some(hand), .. } => {
            let first = hand.first_mut()?;
            *first = other_face(*first);
        }
        _ => return None,
    }
    Some(other)
}

fn other_face(face: Face) -> Face {
    match face {
        Face::Influence(value) if value.is_philosopher() => Face::Influence(InfluenceValue::ALL[0]),
        Face::Influence(_) => Face::Influence(InfluenceValue::P),
        Face::Manipulation(ManipulationKind::Spy) => Face::Manipulation(ManipulationKind::Scout),
        Face::Manipulation(_) => Face::Manipulation(ManipulationKind::Spy),
    }
}

fn owner(card: Card) -> Option<usize> {
    match data().kind(card) {
        CardKind::Influence { seat, .. } | CardKind::Manipulation { seat, .. } => Some(seat),
        _ => None,
    }
}

/// A card of the same seat with another face.
fn other_card(card: OwnedCard) -> OwnedCard {
    let face = other_face(card.card);
    (0..data().cards.len())
        .map(|index| Card(u8::try_from(index).expect("a card index")))
        .find(|other| owner(*other) == owner(card.id) && data().face(*other) == Some(face))
        .map(OwnedCard::of)
        .expect("every seat has every face")
}

fn other_mission(mission: Card) -> Card {
    let group = data().mission(mission).map(|(group, _)| group);
    *data()
        .missions
        .iter()
        .find(|other| data().mission(**other).map(|(group, _)| group) != group)
        .expect("missions name three groups")
}

fn other_group(group: Group) -> Group {
    if group == Group::Censors {
        Group::Senators
    } else {
        Group::Censors
    }
}

fn seat_of(event: &Event) -> SeatId {
    match event {
        Event::ManipulationStacked { seat, .. }
        | Event::CardDrawn { seat, .. }
        | Event::CastlingPoolFormed { seat, .. }
        | Event::MissionDealt { seat, .. }
        | Event::InitialCardPlaced { seat, .. }
        | Event::CastlingCardPlaced { seat, .. }
        | Event::InfluencePlaced { seat, .. }
        | Event::HandSpied { seat, .. } => *seat,
        other => panic!("{other:?} has no secret"),
    }
}

/// In a real game, through the session as the service tells it: while the game goes on, the words a seat (or a
/// spectator) is given for an event do not change when a secret it may not know changes, so they cannot name it,
/// while the words of the seat that knows it do change. Once the game is over, everyone is told the owner's words.
#[test]
fn the_words_tell_no_seat_a_secret_it_may_not_know() {
    let title = TitleAdapter::<CaesarCleopatra>::default();
    let options = title.normalize_options(None).expect("default options");
    let (finished, log) = play_to_the_end(&title, 2, 31);
    let over = log
        .iter()
        .rposition(|text| text.contains("\"game_over\""))
        .expect("the game is over");
    let playing = title.replay(2, &options, &log[..over]).expect("its own log");
    assert!(!playing.is_finished());
    let mut secrets = BTreeSet::new();
    for text in log[..over].iter().filter(|text| TableEvent::parse(text).is_none()) {
        let stored: Event = serde_json::from_str(text).expect("a title event");
        let Some(other) = with_other_secrets(&stored) else {
            continue;
        };
        secrets.insert(json!(stored)["type"].as_str().expect("a type").to_owned());
        let other = serde_json::to_string(&other).expect("an event");
        let knower = Viewer::Seat(seat_of(&stored).index());
        for lang in Lang::ALL {
            let words = |session: &dyn GameSession, event: &str, viewer| {
                session.event_text(event, viewer, lang).expect("every event is shown")
            };
            let known = words(playing.as_ref(), text, knower);
            assert_ne!(known, words(playing.as_ref(), &other, knower), "{knower:?} is told {text}");
            for viewer in VIEWERS.into_iter().filter(|viewer| *viewer != knower) {
                let shown = words(playing.as_ref(), text, viewer);
                assert_eq!(shown, words(playing.as_ref(), &other, viewer), "{viewer:?} is told a secret of {text}");
                assert_ne!(shown, known, "{viewer:?} is told what {knower:?} knows of {text}");
            }
            for viewer in VIEWERS {
                assert_eq!(words(finished.as_ref(), text, viewer), known, "after the game, {viewer:?}");
            }
        }
    }
    // Every kind of secret a random game meets (a Castling is rarer, and told alike).
    for kind in [
        "card_drawn",
        "hand_spied",
        "influence_placed",
        "initial_card_placed",
        "manipulation_stacked",
        "mission_dealt",
    ] {
        assert!(secrets.contains(kind), "no {kind} in the game: {secrets:?}");
    }
}
