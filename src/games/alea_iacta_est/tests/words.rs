//! Every event and action told in words (issue 31): random games tell them all, a few read exactly as written, and
//! the words a seat is given never name a card or token value it may not know.

use std::collections::BTreeSet;

use serde_json::json;

use super::super::*;
use super::builder::*;
use crate::engine::testing::{assert_told, play_to_the_end, title_events};
use crate::engine::{GameSession, Lang, Title, TitleAdapter, Viewer, Views, Words};

fn types(kinds: &[&str]) -> BTreeSet<String> {
    kinds.iter().map(|kind| (*kind).to_owned()).collect()
}

/// The events of every game, whatever its player count.
const EVERY_GAME: [&str; 21] = [
    "senate_deck_shuffled",
    "province_pile_shuffled",
    "inhabitant_pile_shuffled",
    "round_started",
    "dice_rolled",
    "dice_rerolled",
    "dice_placed",
    "latrina_forced",
    "turn_ended",
    "round_ended",
    "senate_ranked",
    "senate_drawn",
    "senate_kept",
    "senate_returned",
    "dice_to_latrina",
    "castrum_ranked",
    "province_taken",
    "inhabitant_taken",
    "display_removed",
    "reroll_tokens_awarded",
    "first_player_passed",
];

/// The Templum's events (4-5 players).
const TEMPLUM: [&str; 4] = [
    "favour_pile_shuffled",
    "favour_drawn",
    "favour_reshuffled",
    "templum_resolved",
];

const ACTIONS: [&str; 6] = [
    "reroll",
    "place",
    "latrina_forced",
    "keep_senate_card",
    "take_province",
    "take_inhabitant",
];

/// Random games of `players` tell every event and action; the types met are exactly `extra` beside the ones every
/// game has (`game_end` included).
fn told_in_words(players: usize, games: u64, extra: &[&str]) {
    let told = assert_told::<AleaIactaEst>(players, 0..games);
    let mut expected = types(&EVERY_GAME);
    expected.extend(types(extra));
    expected.insert("game_end".to_owned());
    assert_eq!(told.events, expected, "{players} players");
    assert_eq!(told.actions, types(&ACTIONS), "{players} players");
}

#[test]
fn every_event_and_action_is_told_with_2_players() {
    // One Senate reward: the best seat keeps 1 of 3 and returns 2, nothing is passed.
    told_in_words(2, 150, &[]);
}

#[test]
fn every_event_and_action_is_told_with_3_players() {
    told_in_words(3, 120, &["senate_passed"]);
}

#[test]
fn every_event_and_action_is_told_with_4_players() {
    told_in_words(4, 100, &[&TEMPLUM[..], &["senate_passed"]].concat());
}

#[test]
fn every_event_and_action_is_told_with_5_players() {
    told_in_words(5, 80, &[&TEMPLUM[..], &["senate_passed", "senate_to_third"]].concat());
}

fn event(value: serde_json::Value) -> Event {
    serde_json::from_value(value).expect("an event")
}

fn action(value: serde_json::Value) -> Action {
    serde_json::from_value(value).expect("an action")
}

fn both(event: &Event) -> (String, String) {
    (AleaIactaEst::describe(event, Lang::En), AleaIactaEst::describe(event, Lang::Fr))
}

fn labels(action: &Action) -> (String, String) {
    (AleaIactaEst::label(action, Lang::En), AleaIactaEst::label(action, Lang::Fr))
}

#[test]
fn placements_read_as_written() {
    let forum = event(json!({"type": "dice_placed", "seat": "antonius", "building": "forum", "values": [1, 4],
        "pushed_off": [{"seat": "antonius", "value": 3}], "to_latrina": [4]}));
    assert_eq!(
        both(&forum),
        (
            "Antonius places 1 and 4 on the Forum; the 4 does not fit and goes to the Latrina; Antonius's 3 is \
             pushed off to the Latrina."
                .to_owned(),
            "Antonius pose 1 et 4 au Forum ; le 4 ne trouve pas de place et va à la Latrina ; le 3 d'Antonius est \
             poussé à la Latrina."
                .to_owned()
        )
    );
    let templum = event(json!({"type": "dice_placed", "seat": "antonius", "building": "templum", "values": [2, 3],
        "combo": 1}));
    assert_eq!(
        both(&templum),
        (
            "Antonius places 2 and 3 on the Templum (combination 1).".to_owned(),
            "Antonius pose 2 et 3 au Templum (combinaison 1).".to_owned()
        )
    );
    let rerolled = event(json!({"type": "dice_rerolled", "seat": "brutus", "rerolled": [1, 1], "values": [4, 5],
        "tokens_spent": 1}));
    assert_eq!(
        both(&rerolled),
        (
            "Brutus spends 1 reroll token: 1 and 1 become 4 and 5.".to_owned(),
            "Brutus dépense 1 jeton relance : 1 et 1 deviennent 4 et 5.".to_owned()
        )
    );
    let turn = event(json!({"type": "turn_ended", "seat": "ennius", "hand_empty": false, "next": "antonius"}));
    assert_eq!(
        both(&turn),
        (
            "Ennius's turn ends; Antonius plays next.".to_owned(),
            "Fin du tour d'Ennius ; au tour d'Antonius.".to_owned()
        )
    );
}

#[test]
fn tiles_read_as_written() {
    let round = event(json!({"type": "round_started", "round": 2, "first_player": "brutus",
        "provinces": ["province_gallia_3", "province_joker"],
        "inhabitants": ["inhabitant_hispania_woman_1", "inhabitant_gallia_man_2"]}));
    assert_eq!(
        both(&round),
        (
            "Round 2, Brutus first: provinces Gallia 3 and joker; inhabitants Hispania woman 1 and Gallia man 2."
                .to_owned(),
            "Manche 2, Brutus premier joueur : provinces Gallia 3 et joker ; habitants femme d'Hispania 1 et homme \
             de Gallia 2."
                .to_owned()
        )
    );
    let taken = event(json!({"type": "inhabitant_taken", "seat": "claudius", "column": 2,
        "inhabitant": "inhabitant_aegyptus_woman_3", "automatic": true}));
    assert_eq!(
        both(&taken),
        (
            "Claudius (Forum column 2) takes the last inhabitant, the Aegyptus woman 3.".to_owned(),
            "Claudius (colonne 2 du Forum) prend le dernier habitant, la femme d'Aegyptus 3.".to_owned()
        )
    );
    assert_eq!(
        labels(&action(json!({"type": "take_province", "province": "province_joker"}))),
        ("Take the joker province".to_owned(), "Prendre la province joker".to_owned())
    );
    assert_eq!(
        labels(&action(json!({"type": "take_inhabitant", "inhabitant": "inhabitant_germania_man_3"}))),
        ("Take the Germania man 3".to_owned(), "Prendre l'homme de Germania 3".to_owned())
    );
}

#[test]
fn hidden_cards_and_tokens_are_told_face_down() {
    let kept = event(json!({"type": "senate_kept", "seat": "claudius", "card": "senate_13", "automatic": false}));
    assert_eq!(
        both(&kept),
        ("Claudius keeps the Triumphator card.".to_owned(), "Claudius garde la carte Triumphator.".to_owned())
    );
    let hidden = AleaIactaEst::redact(&kept, Viewer::Seat(BRUTUS)).expect("shown");
    assert_eq!(
        both(&hidden),
        ("Claudius keeps a Senate card.".to_owned(), "Claudius garde une carte sénat.".to_owned())
    );
    let passed = event(json!({"type": "senate_passed", "from": "claudius", "to": "brutus", "count": 2,
        "cards": ["senate_05", "senate_01"]}));
    assert_eq!(both(&passed).1, "Claudius passe 2 cartes sénat à Brutus : Matrona et Praefectus.");
    let drawn = event(json!({"type": "favour_drawn", "seat": "antonius", "count": 2,
        "tokens": [{"id": "favour_23", "value": 3}, {"id": "favour_01", "value": 1}]}));
    assert_eq!(
        both(&drawn),
        (
            "Antonius draws 2 favour tokens face down, worth 3 and 1.".to_owned(),
            "Antonius pioche 2 jetons faveur divine face cachée, de valeur 3 et 1.".to_owned()
        )
    );
    let seen_by_brutus = AleaIactaEst::redact(&drawn, Viewer::Seat(BRUTUS)).expect("shown");
    assert_eq!(both(&seen_by_brutus).0, "Antonius draws 2 favour tokens face down.");
}

#[test]
fn evaluations_read_as_written() {
    let templum = event(json!({"type": "templum_resolved", "results": [
        {"seat": "antonius", "kept": [{"id": "favour_23", "value": 3}, {"id": "favour_09", "value": 2}],
         "discarded": 1},
        {"seat": "brutus", "kept": [{"id": "favour_10", "value": 2}], "discarded": 1}]}));
    assert_eq!(
        both(&templum),
        (
            "Templum: Antonius keeps 2 favour tokens worth 3 and 2; Brutus keeps 1 favour token worth 2; 2 favour \
             tokens go face down to the discard pile."
                .to_owned(),
            "Templum : Antonius garde 2 jetons faveur divine de valeur 3 et 2 ; Brutus garde 1 jeton faveur divine \
             de valeur 2 ; 2 jetons faveur divine retournent face cachée dans la défausse."
                .to_owned()
        )
    );
    let senate = event(json!({"type": "senate_ranked", "ranking": [
        {"seat": "claudius", "low": 2, "high": 4}, {"seat": "brutus", "low": 4, "high": 5}]}));
    assert_eq!(both(&senate).0, "Senatus ranking: Claudius 2-3-4 and Brutus 4-5.");
    let castrum = event(json!({"type": "castrum_ranked", "ranking": [
        {"seat": "darius", "value": 4, "size": 3}, {"seat": "antonius", "value": 4, "size": 2}]}));
    assert_eq!(both(&castrum).1, "Classement du Castrum : Darius 4-4-4 et Antonius 4-4.");
    let unrewarded = event(json!({"type": "dice_to_latrina", "building": "senatus",
        "dice": [{"seat": "antonius", "count": 2}]}));
    assert_eq!(both(&unrewarded).1, "Les dés du Senatus qui ne rapportent rien vont à la Latrina : Antonius (2).");
}

#[test]
fn the_favour_reshuffle_reads_as_written() {
    let reshuffled = event(json!({"type": "favour_reshuffled", "count": 5}));
    assert_eq!(
        both(&reshuffled),
        (
            "The favour discard pile (5 tokens) is shuffled into a new draw pile.".to_owned(),
            "La défausse (5 jetons faveur divine) est mélangée en une nouvelle pioche.".to_owned()
        )
    );
}

#[test]
fn actions_read_like_buttons() {
    let cases = [
        (
            json!({"type": "place", "building": "templum", "values": [2, 3], "combo": 1}),
            "Place 2 and 3 on the Templum to complete combination 1",
            "Poser 2 et 3 au Templum pour compléter la combinaison 1",
        ),
        (
            json!({"type": "place", "building": "templum", "values": [4, 6]}),
            "Place 4 and 6 on the Templum as a new combination",
            "Poser 4 et 6 au Templum en nouvelle combinaison",
        ),
        (
            json!({"type": "place", "building": "senatus", "values": [3, 4, 5]}),
            "Place 3, 4 and 5 on the Senatus",
            "Poser 3, 4 et 5 au Senatus",
        ),
        (json!({"type": "reroll", "values": [1, 1, 5]}), "Reroll 1, 1 and 5", "Relancer 1, 1 et 5"),
        (
            json!({"type": "latrina_forced"}),
            "Send my lowest die to the Latrina",
            "Envoyer mon plus petit dé à la Latrina",
        ),
        (
            json!({"type": "keep_senate_card", "card": "senate_19"}),
            "Keep the Pater Patriae card",
            "Garder la carte Pater Patriae",
        ),
    ];
    for (listed, en, fr) in cases {
        assert_eq!(labels(&action(listed)), (en.to_owned(), fr.to_owned()));
    }
}

/// Every Senate card name of the data, to look for in words.
fn card_names() -> Vec<&'static str> {
    DATA.senate_cards.iter().map(|card| card.name.as_str()).collect()
}

fn digits(text: &str) -> String {
    text.chars().filter(char::is_ascii_digit).collect()
}

/// Who may know the cards of a Senate event, and which cards they are (`None`: not a Senate card event).
fn senate_secret(event: &Event) -> Option<(Vec<usize>, Vec<CardId>)> {
    let only = |seats: &[&SeatId]| seats.iter().map(|seat| seat.seat()).collect();
    match event {
        E::SenateDrawn { seat, cards, .. } | E::SenateReturned { seat, cards, .. } => {
            Some((only(&[seat]), cards.clone().unwrap_or_default()))
        }
        E::SenateKept { seat, card, .. } => Some((only(&[seat]), card.iter().copied().collect())),
        E::SenatePassed { from, to, cards, .. } => Some((only(&[from, to]), cards.clone().unwrap_or_default())),
        E::SenateToThird { seat, from, card } => Some((only(&[seat, from]), card.iter().copied().collect())),
        _ => None,
    }
}

/// The words of a real 5-player game as each seat is given them, before and after its end: a seat not shown a
/// Senate card is told no card name, and one not shown a favour token no value (its words hold the count only);
/// those shown them are told them. Once the game is over, the kept cards are told to everyone, the cards put
/// under the deck and the drawn tokens to nobody.
#[test]
fn words_never_name_what_the_viewer_may_not_know() {
    let players = 5;
    let title = TitleAdapter::<AleaIactaEst>::default();
    let (finished, log) = play_to_the_end(&title, players, 31);
    let events: Vec<Event> = title_events(&log);
    let end = log
        .iter()
        .position(|text| text.contains("\"game_end\""))
        .expect("a game end");
    let options = title.normalize_options(None).expect("default options");
    let playing = title.replay(players, &options, &log[..end]).expect("its own log");
    assert!(!playing.is_finished());
    let viewers: Vec<Viewer> = (0..players).map(Viewer::Seat).chain([Viewer::Spectator]).collect();
    let told = |session: &dyn GameSession, text: &str, viewer: Viewer, lang: Lang| {
        session.event_text(text, viewer, lang).expect("every event is told")
    };
    // Which of (what, shown to the viewer) the game met: each must be, for the test to tell anything.
    let mut met = BTreeSet::new();
    for (text, event) in log
        .iter()
        .filter(|text| !text.contains("\"game_end\""))
        .filter_map(|text| {
            let event: Event = serde_json::from_str(text).ok()?;
            Some((text, event))
        })
    {
        for viewer in &viewers {
            for lang in Lang::ALL {
                let during = told(playing.as_ref(), text, *viewer, lang);
                let after = told(finished.as_ref(), text, *viewer, lang);
                if let E::FavourDrawn { seat, count, tokens } = &event {
                    let values: String = tokens.iter().flatten().map(|token| token.value.to_string()).collect();
                    let owner = viewer.is(seat.seat());
                    let shown = if owner { values } else { String::new() };
                    assert_eq!(digits(&during), format!("{count}{shown}"), "{during}");
                    assert_eq!(digits(&after), count.to_string(), "{after}");
                    met.insert(("favour", owner));
                }
                let Some((knowing, cards)) = senate_secret(&event) else {
                    continue;
                };
                let names: Vec<&str> = cards
                    .iter()
                    .map(|card| DATA.senate_cards[card.0 as usize].name.as_str())
                    .collect();
                let kept = matches!(event, E::SenateKept { .. } | E::SenateToThird { .. });
                for (words, shown) in [(&during, knowing.iter().any(|seat| viewer.is(*seat))), (&after, kept)] {
                    if shown {
                        assert!(names.iter().all(|name| words.contains(name)), "{words} names {names:?}");
                    } else {
                        assert!(!card_names().iter().any(|name| words.contains(name)), "{viewer:?} told {words}");
                    }
                    met.insert(("senate", shown));
                }
            }
        }
    }
    let every = [("favour", false), ("favour", true), ("senate", false), ("senate", true)];
    assert_eq!(met, BTreeSet::from(every), "cards and tokens both hidden and shown");
    assert!(events.iter().any(|event| matches!(event, E::SenateToThird { .. })));
}
