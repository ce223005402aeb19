//! Every event and action told in words, in English and French (issue 31): random games, exact texts, and the words
//! each viewer is given in a real game.

use std::collections::BTreeSet;

use serde_json::{Value, json};

use crate::engine::testing::{assert_told, assert_words, play_to_the_end};
use crate::engine::{GameSession, Lang, Title, TitleAdapter, Viewer, Views, Words};
use crate::games::rome_carthage::card::Rank;
use crate::games::rome_carthage::words::{a_rank, bare_ranks, card_name, some_ranks};
use crate::games::rome_carthage::{Action, Event, RomeCarthage};

/// The `type` tags of a tagged union, from its schema: every variant, whether random play meets it or not.
fn tags<T: utoipa::ToSchema>() -> BTreeSet<String> {
    let schema = serde_json::to_value(T::schema()).expect("schemas serialize");
    schema["oneOf"]
        .as_array()
        .expect("a tagged union")
        .iter()
        .map(|variant| {
            variant["properties"]["type"]["enum"][0]
                .as_str()
                .expect("a tag")
                .to_owned()
        })
        .collect()
}

fn without(all: &BTreeSet<String>, left_out: &[&str]) -> BTreeSet<String> {
    all.iter()
        .filter(|tag| !left_out.contains(&tag.as_str()))
        .cloned()
        .collect()
}

/// Never met by random play with the harness's default options, whatever the player count, so told exactly in
/// `events_random_play_misses_are_told_exactly`: the team talons exist only with `match_talons`; a draw is skipped
/// only when the talon and the spent cards are both exhausted; random armies meet too seldom, and random games end
/// in an agreed draw too soon, for two spies at once, an eliminated seat or a siege.
const EVENTS_NEVER_MET: [&str; 8] = [
    "talons_split",
    "talons_refilled",
    "draw_skipped",
    "double_spy",
    "seat_eliminated",
    "siege_established",
    "siege_broken",
    "siege_witnessed",
];

/// Games per player count: enough to meet every type expected below, about a second and a half in the test profile.
const SEEDS: std::ops::Range<u64> = 0..200;

#[test]
fn random_two_player_games_tell_every_event_and_action_met() {
    let told = assert_told::<RomeCarthage>(2, SEEDS);
    // Each seat is a team of its own and holds both special cards: nobody chooses one. No sedition in these seeds.
    let events = [&EVENTS_NEVER_MET[..], &["special_choice_opened", "sedition_played"]].concat();
    assert_eq!(told.events, without(&tags::<Event>(), &events));
    assert_eq!(told.actions, without(&tags::<Action>(), &["choose_special", "play_sedition"]));
}

#[test]
fn random_three_player_games_tell_every_event_and_action_met() {
    let told = assert_told::<RomeCarthage>(3, SEEDS);
    assert_eq!(told.events, without(&tags::<Event>(), &EVENTS_NEVER_MET));
    assert_eq!(told.actions, tags::<Action>());
}

#[test]
fn random_four_player_games_tell_every_event_and_action_met() {
    let told = assert_told::<RomeCarthage>(4, SEEDS);
    // One-state seats keep their queens.
    let events = [&EVENTS_NEVER_MET[..], &["queens_removed"]].concat();
    assert_eq!(told.events, without(&tags::<Event>(), &events));
    assert_eq!(told.actions, tags::<Action>());
}

#[track_caller]
fn assert_event_told(event: Value, en: &str, fr: &str) {
    let parsed: Event = serde_json::from_value(event.clone()).expect("an event");
    let told = (RomeCarthage::describe(&parsed, Lang::En), RomeCarthage::describe(&parsed, Lang::Fr));
    assert_eq!((told.0.as_str(), told.1.as_str()), (en, fr), "{event}");
    assert_words(&told.0, &event);
    assert_words(&told.1, &event);
}

#[test]
fn events_random_play_misses_are_told_exactly() {
    let examples = [
        (
            json!({"type": "talons_split", "packet_p": "team_b", "team_a_count": 10, "team_b_count": 10}),
            "The talon is split into two packets, one talon per team: Rome's team 10 cards, the team facing Rome 10.",
            "Le talon est séparé en deux paquets, un talon par camp : le camp de Rome 10 cartes, le camp opposé à Rome 10.",
        ),
        (
            json!({"type": "talons_refilled", "packet_p": "team_a", "team_a_count": 9, "team_b_count": 1}),
            "A talon is exhausted: the spent cards are split between both talons, shuffled again: Rome's team 9 cards, the team facing Rome 1.",
            "Un talon est épuisé : les cartes dépensées sont partagées entre les deux talons, battus de nouveau : le camp de Rome 9 cartes, le camp opposé à Rome 1.",
        ),
        (
            json!({"type": "draw_skipped", "seat": "tertius"}),
            "Tertius draws nothing: the talon and the spent cards are exhausted.",
            "Tertius ne tire rien : le talon et les cartes dépensées sont épuisés.",
        ),
        (
            json!({"type": "double_spy", "need_attacker": 2, "need_defender": 1, "disposals": [
                {"seat": "primus", "rank": "2", "to": "discard"}, {"seat": "primus", "rank": "j", "to": "hand"},
                {"seat": "secundus", "rank": "1", "to": "discard"}, {"seat": "secundus", "rank": "1", "to": "discard"}]}),
            "Both sides played a spy: their cards are lost and the combat starts again.",
            "Les deux joueurs ont joué un espion : leurs cartes sont perdues et le combat recommence.",
        ),
        (
            json!({"type": "seat_eliminated", "seat": "quartus", "hand": ["k", "7", "q"]}),
            "Quartus has no piece left and is out of the game; cards lost: a 7, a queen and a king.",
            "Quartus n'a plus de pièces et est exclu du jeu ; cartes perdues : un 7, une dame et un roi.",
        ),
        (
            json!({"type": "seat_eliminated", "seat": "quartus", "hand": []}),
            "Quartus has no piece left and is out of the game; cards lost: no card.",
            "Quartus n'a plus de pièces et est exclu du jeu ; cartes perdues : aucune carte.",
        ),
        (
            json!({"type": "siege_established", "team": "team_a", "established": 412}),
            "Rome's team holds both enemy capitals: a full round more and it wins.",
            "Le camp de Rome occupe les deux capitales adverses : un tour complet de plus et il gagne.",
        ),
        (
            json!({"type": "siege_broken", "team": "team_b"}),
            "The team facing Rome no longer holds both enemy capitals.",
            "Le camp opposé à Rome n'occupe plus les deux capitales adverses.",
        ),
        (
            json!({"type": "siege_witnessed", "team": "team_b", "seat": "primus", "witnesses": ["primus"]}),
            "The team facing Rome still holds both enemy capitals after Primus's turn.",
            "Le camp opposé à Rome occupe toujours les deux capitales adverses après le tour de Primus.",
        ),
    ];
    let mut met = BTreeSet::new();
    for (event, en, fr) in examples {
        met.insert(event["type"].as_str().expect("a type").to_owned());
        assert_event_told(event, en, fr);
    }
    assert_eq!(met, EVENTS_NEVER_MET.iter().map(|tag| (*tag).to_owned()).collect());
}

#[test]
fn representative_events_are_told_exactly() {
    assert_event_told(
        json!({"type": "states_assigned", "solo": "secundus", "owners": [
            {"state": "rome", "seat": "primus"}, {"state": "carthage", "seat": "secundus"},
            {"state": "byzance", "seat": "secundus"}, {"state": "alexandrie", "seat": "tertius"}]}),
        "States drawn: Secundus plays Carthage and Byzance alone; Primus takes Rome; Tertius takes Alexandrie.",
        "Tirage des États : Secundus joue seul Carthage et Byzance ; Primus prend Rome ; Tertius prend Alexandrie.",
    );
    assert_event_told(
        json!({"type": "hand_dealt", "seat": "primus", "count": 8,
            "cards": ["hearts_2", "hearts_4", "hearts_6", "hearts_8", "hearts_10", "hearts_j", "hearts_q", "hearts_k"]}),
        "Primus is dealt 8 cards: 2, 4, 6, 8, 10, jack, queen and king.",
        "Primus reçoit 8 cartes : 2, 4, 6, 8, 10, valet, dame et roi.",
    );
    assert_event_told(
        json!({"type": "hand_dealt", "seat": "primus", "count": 8}),
        "Primus is dealt 8 cards.",
        "Primus reçoit 8 cartes.",
    );
    assert_event_told(
        json!({"type": "starting_card", "card": "spades_1", "starter": "quartus"}),
        "The top card of the talon is the ace of spades: Quartus opens the game.",
        "La carte supérieure du talon est l'as de pique : Quartus ouvre le jeu.",
    );
    assert_event_told(
        json!({"type": "specials_dealt", "team": "team_a", "betrayal": "tertius", "sedition": "primus",
            "chooser": "primus"}),
        "Primus chooses the Popular Sedition; Tertius receives the General's Betrayal.",
        "Primus choisit la carte « sédition populaire » ; Tertius reçoit la carte « trahison de général ».",
    );
    assert_event_told(
        json!({"type": "piece_moved", "seat": "primus", "piece": "rome_chariot", "from": "arretium",
            "path": ["capoue", "tarente", "brindes"], "cost": 2, "betrayal": false, "attacks": "byzance_galley_2"}),
        "Primus moves Rome's chariot from Arretium to Brindes via Capoue and Tarente (double move) and attacks Byzance's galley 2.",
        "Primus déplace le char de Rome d'Arretium à Brindes par Capoue et Tarente (double déplacement) et attaque la galère 2 de Byzance.",
    );
    assert_event_told(
        json!({"type": "piece_moved", "seat": "secundus", "piece": "carthage_elephant", "from": "hippone",
            "path": ["cirta"], "cost": 1, "betrayal": true}),
        "By betrayal, Carthage's elephant (Secundus) goes from Hippone to Cirta.",
        "Par trahison, l'éléphant de Carthage (Secundus) va d'Hippone à Cirta.",
    );
    assert_event_told(
        json!({"type": "mercenaries_moved", "seat": "tertius", "cost": 1, "betrayal": false, "steps": [
            {"piece": "alexandrie_mercenary_1", "from": "gaza", "to": "peluse"},
            {"piece": "alexandrie_mercenary_3", "from": "tyr", "to": "damas", "attacks": "byzance_elephant"}]}),
        "Tertius moves two mercenaries at once: Alexandrie's mercenary 1 from Gaza to Péluse and Alexandrie's mercenary 3 from Tyr to Damas attacking Byzance's elephant.",
        "Tertius déplace deux mercenaires du même coup : le mercenaire 1 d'Alexandrie de Gaza à Péluse et le mercenaire 3 d'Alexandrie de Tyr à Damas en attaquant l'éléphant de Byzance.",
    );
    assert_event_told(
        json!({"type": "forced_march_paid", "seat": "primus", "cards": [{"seat": "primus", "rank": "k", "to": "removed"}]}),
        "Primus pays a forced march with a king, a king leaves the game.",
        "Primus paie une marche forcée avec un roi, un roi est éliminé du jeu.",
    );
    assert_event_told(
        json!({"type": "sedition_played", "seat": "quartus", "card": "sedition_team_b", "city": "carthage",
            "eliminated": "rome_galley_1", "cancelled_attacker": "carthage_chariot"}),
        "Quartus plays the Popular Sedition in Carthage: Rome's galley 1 is eliminated and Carthage's chariot holds the city.",
        "Quartus joue la carte « sédition populaire » à Carthage : la galère 1 de Rome est éliminée et le char de Carthage tient la ville.",
    );
    assert_event_told(
        json!({"type": "combat_started", "city": "capoue", "attacker": "carthage_elephant",
            "defender": "rome_mercenary_2", "attacker_seat": "secundus", "defender_seat": "primus",
            "need_attacker": 2, "need_defender": 1, "chosen": false}),
        "Combat in Capoue: Carthage's elephant (Secundus) attacks Rome's mercenary 2 (Primus), 2 cards against 1.",
        "Combat à Capoue : l'éléphant de Carthage (Secundus) attaque le mercenaire 2 de Rome (Primus), 2 cartes contre 1.",
    );
    assert_event_told(
        json!({"type": "base_committed", "seat": "primus", "side": "defender", "count": 2, "automatic": false}),
        "Primus places 2 cards face down.",
        "Primus place 2 cartes face contre table.",
    );
    assert_event_told(
        json!({"type": "base_committed", "seat": "primus", "side": "defender", "count": 2, "automatic": false,
            "ranks": ["k", "8"]}),
        "Primus places an 8 and a king face down.",
        "Primus place un 8 et un roi face contre table.",
    );
    assert_event_told(
        json!({"type": "bases_revealed", "attacker": ["8", "k"], "defender": ["2", "q"], "spy_eligible": ["defender"]}),
        "The cards are turned over: the attacker shows an 8 and a king, the defender a 2 and a queen; the defender may call spy.",
        "Les cartes sont retournées : l'attaquant montre un 8 et un roi, le défenseur un 2 et une dame ; le défenseur peut déclarer « espion ».",
    );
    assert_event_told(
        json!({"type": "extra_added", "seat": "secundus", "side": "attacker", "automatic": false}),
        "Secundus adds a card face down.",
        "Secundus ajoute une carte face contre table.",
    );
    assert_event_told(
        json!({"type": "combat_resolved", "city": "capoue", "attacker": "carthage_elephant",
            "defender": "rome_mercenary_2", "attacker_total": 7, "defender_total": 7, "winner": "defender",
            "eliminated": "carthage_elephant", "resolution": "empty_hand", "disposals": [
                {"seat": "secundus", "rank": "k", "to": "removed"}, {"seat": "primus", "rank": "k", "to": "removed"},
                {"seat": "primus", "rank": "q", "to": "hand"}]}),
        "Combat in Capoue: tied at 7 with no card left to add, Rome's mercenary 2 wins and Carthage's elephant is eliminated, 2 kings leave the game.",
        "Combat à Capoue : égalité à 7 sans carte à ajouter, le mercenaire 2 de Rome l'emporte et l'éléphant de Carthage est éliminé, 2 rois sont éliminés du jeu.",
    );
    assert_event_told(
        json!({"type": "turn_ended", "seat": "tertius", "progress": false, "quiet_turns": 1}),
        "Tertius's turn ends (1 turn without an elimination).",
        "Fin du tour de Tertius (1 tour sans élimination).",
    );
    assert_event_told(
        json!({"type": "game_over", "result": {
            "end_reason": "capitals_held", "winning_team": "team_a", "winners": ["primus", "tertius"], "draw": false,
            "scores": {"primus": 1.0, "secundus": 0.0, "tertius": 1.0, "quartus": 0.0},
            "teams": {"team_a": {"states": ["rome", "alexandrie"], "seats": ["primus", "tertius"]},
                "team_b": {"states": ["carthage", "byzance"], "seats": ["secundus", "quartus"]}},
            "eliminated": [], "rounds": 23}}),
        "Game over: Primus and Tertius (Rome and Alexandrie) win, holding both enemy capitals for a full round.",
        "Fin de la partie : Primus et Tertius (Rome et Alexandrie) gagnent en occupant un tour complet les deux capitales adverses.",
    );
}

#[track_caller]
fn assert_label(action: Value, en: &str, fr: &str) {
    let parsed: Action = serde_json::from_value(action.clone()).expect("an action");
    let told = (RomeCarthage::label(&parsed, Lang::En), RomeCarthage::label(&parsed, Lang::Fr));
    assert_eq!((told.0.as_str(), told.1.as_str()), (en, fr), "{action}");
    assert_words(&told.0, &action);
    assert_words(&told.1, &action);
}

#[test]
fn representative_actions_are_labelled_exactly() {
    assert_label(
        json!({"type": "choose_special", "card": "betrayal"}),
        "Keep the General's Betrayal",
        "Garder la carte « trahison de général »",
    );
    assert_label(
        json!({"type": "place", "kind": "galley", "city": "pise"}),
        "Place a galley in Pise",
        "Placer une galère à Pise",
    );
    assert_label(
        json!({"type": "move", "piece": "rome_chariot", "path": ["capoue", "tarente"]}),
        "Move Rome's chariot to Tarente via Capoue",
        "Déplacer le char de Rome vers Tarente par Capoue",
    );
    assert_label(
        json!({"type": "move_mercenaries", "steps": [
            {"piece": "rome_mercenary_1", "to": "rhegion"}, {"piece": "rome_mercenary_2", "to": "brindes"}]}),
        "Move Rome's mercenary 1 to Rhégion and Rome's mercenary 2 to Brindes",
        "Déplacer le mercenaire 1 de Rome vers Rhégion et le mercenaire 2 de Rome vers Brindes",
    );
    assert_label(
        json!({"type": "pay_forced_march", "cards": ["2", "1"]}),
        "Pay the forced march with an ace and a 2",
        "Payer la marche forcée avec un as et un 2",
    );
    assert_label(
        json!({"type": "play_betrayal", "piece": "byzance_mercenary_1", "path": ["aquilee"]}),
        "Play the General's Betrayal: move Byzance's mercenary 1 to Aquilée",
        "Jouer la carte « trahison de général » : déplacer le mercenaire 1 de Byzance vers Aquilée",
    );
    assert_label(
        json!({"type": "play_betrayal", "steps": [
            {"piece": "byzance_mercenary_1", "to": "aquilee"}, {"piece": "byzance_mercenary_2", "to": "ancyre"}]}),
        "Play the General's Betrayal: move Byzance's mercenary 1 to Aquilée and Byzance's mercenary 2 to Ancyre",
        "Jouer la carte « trahison de général » : déplacer le mercenaire 1 de Byzance vers Aquilée et le mercenaire 2 de Byzance vers Ancyre",
    );
    assert_label(
        json!({"type": "play_sedition", "city": "rome"}),
        "Play the Popular Sedition in Rome",
        "Jouer la carte « sédition populaire » à Rome",
    );
    assert_label(json!({"type": "end_moves"}), "End my moves", "Terminer mes déplacements");
    assert_label(
        json!({"type": "choose_combat", "city": "capoue"}),
        "Fight the combat in Capoue now",
        "Livrer maintenant le combat de Capoue",
    );
    assert_label(
        json!({"type": "commit", "cards": ["k", "8"]}),
        "Place an 8 and a king face down",
        "Placer un 8 et un roi face contre table",
    );
    assert_label(json!({"type": "declare_spy"}), "Call spy", "Déclarer « espion »");
    assert_label(
        json!({"type": "spy_commit", "cards": ["10", "k"]}),
        "Play a 10 and a king as the spy",
        "Jouer un 10 et un roi en espion",
    );
    assert_label(
        json!({"type": "add_card", "card": "q"}),
        "Add a queen face down",
        "Ajouter une dame face contre table",
    );
}

/// With `partners_see_hands`, a drawn card is told by rank to the partner, by card to its owner, and to nobody else.
#[test]
fn a_drawn_card_is_told_as_each_viewer_may_know_it() {
    let drawn: Event = serde_json::from_value(
        json!({"type": "card_drawn", "seat": "primus", "card": "hearts_7", "rank": "7", "shared_with": "tertius"}),
    )
    .expect("an event");
    let told = |viewer| {
        let shown = RomeCarthage::redact(&drawn, viewer).expect("shown to everyone");
        (RomeCarthage::describe(&shown, Lang::En), RomeCarthage::describe(&shown, Lang::Fr))
    };
    let pair = |en: &str, fr: &str| (en.to_owned(), fr.to_owned());
    assert_eq!(told(Viewer::Seat(0)), pair("Primus draws the 7 of hearts.", "Primus tire le 7 de cœur."));
    assert_eq!(told(Viewer::Seat(2)), pair("Primus draws a 7.", "Primus tire un 7."));
    let hidden = pair("Primus draws a card from the talon.", "Primus tire une carte du talon.");
    for viewer in [Viewer::Seat(1), Viewer::Seat(3), Viewer::Spectator] {
        assert_eq!(told(viewer), hidden, "{viewer:?}");
    }
}

/// What an event hides: its owner, and the words that name the hidden cards (as the owner is told them).
fn hidden_words(event: &Event, lang: Lang) -> Option<(usize, String)> {
    let (seat, words) = match event {
        Event::HandDealt {
            seat,
            cards: Some(cards),
            ..
        } => {
            let mut ranks: Vec<Rank> = cards.iter().map(|card| card.rank()).collect();
            ranks.sort();
            (seat, bare_ranks(&ranks, lang))
        }
        Event::CardDrawn {
            seat, card: Some(card), ..
        } => (seat, card_name(*card, lang)),
        Event::BaseCommitted {
            seat,
            ranks: Some(ranks),
            ..
        } if !ranks.is_empty() => (seat, some_ranks(ranks, lang)),
        Event::ExtraAdded {
            seat, rank: Some(rank), ..
        } => (seat, a_rank(*rank, lang)),
        _ => return None,
    };
    Some((seat.index(), words))
}

/// In real games, the words a seat is given never name another seat's hidden cards (its hand, its draws, its cards
/// face down), which every other viewer is told exactly as the spectator is; the owner's words name them, and so do
/// everyone's once the game is over.
#[test]
fn words_name_hidden_cards_to_their_owner_only() {
    let title = TitleAdapter::<RomeCarthage>::default();
    let options = title.normalize_options(None).expect("default options");
    let mut checked = BTreeSet::new();
    for players in 2..=4 {
        for seed in 0..40 {
            let (finished, log) = play_to_the_end(&title, players, seed);
            let over = log
                .iter()
                .position(|entry| entry.contains("\"type\":\"game_over\""))
                .expect("the game ends");
            let playing = title.replay(players, &options, &log[..over]).expect("its own log");
            assert!(!playing.is_finished());
            for entry in &log[..over] {
                let Ok(event) = serde_json::from_str::<Event>(entry) else {
                    continue;
                };
                for lang in Lang::ALL {
                    let Some((owner, words)) = hidden_words(&event, lang) else {
                        continue;
                    };
                    checked.insert(json!(event)["type"].as_str().expect("a type").to_owned());
                    let told = |session: &dyn GameSession, viewer| {
                        session.event_text(entry, viewer, lang).expect("shown to everyone")
                    };
                    let spectator = told(playing.as_ref(), Viewer::Spectator);
                    assert!(!spectator.contains(&words), "{spectator:?} names {words:?}");
                    for seat in 0..players {
                        let text = told(playing.as_ref(), Viewer::Seat(seat));
                        if seat == owner {
                            assert!(text.contains(&words), "the owner is told {words:?}: {text:?}");
                        } else {
                            assert_eq!(text, spectator, "seat {seat} is told what the spectator is");
                        }
                    }
                    for viewer in (0..players).map(Viewer::Seat).chain([Viewer::Spectator]) {
                        let text = told(finished.as_ref(), viewer);
                        assert!(text.contains(&words), "once over, {viewer:?} is told {words:?}: {text:?}");
                    }
                }
            }
        }
    }
    let kinds = ["hand_dealt", "card_drawn", "base_committed", "extra_added"];
    assert_eq!(checked, kinds.iter().map(|kind| (*kind).to_owned()).collect());
}
