//! The spec's test scenarios (section 11), one test each (scenario 28 is in `map_check`).

use serde_json::{Value, json};

use super::builder::*;
use crate::engine::{GameSeed, Rules, Viewer};
use crate::games::rome_carthage::card::{Card, Rank};
use crate::games::rome_carthage::ids::{SeatId, SpecialId};
use crate::games::rome_carthage::state::{Phase, State};
use crate::games::rome_carthage::{Options, RomeCarthage};

fn moved(piece: &str, path: &[&str]) -> Value {
    json!({"type": "move", "piece": piece, "path": path})
}

fn commit(cards: &[&str]) -> Value {
    json!({"type": "commit", "cards": cards})
}

fn end() -> Value {
    json!({"type": "end_moves"})
}

/// Primus's `attacker` at `from` attacks secundus's `defender` at `at`, and both commit their base; each hand holds
/// one more card (a queen) so that the commits are choices. Returns the state and the last events.
fn duel(attacker: &str, from: &str, defender: &str, at: &str, a: &[&str], d: &[&str]) -> (State, Vec<Value>) {
    let mut ha = a.to_vec();
    ha.push("q");
    let mut hd = d.to_vec();
    hd.push("q");
    let mut s = Builder::f4()
        .with_reserves()
        .at(attacker, from)
        .at(defender, at)
        .hand(PRIMUS, &ha)
        .hand(SECUNDUS, &hd)
        .build();
    ok(&mut s, PRIMUS, moved(attacker, &[at]));
    ok(&mut s, PRIMUS, end());
    assert_eq!(phase(&s), "combat_commit");
    ok(&mut s, PRIMUS, commit(a));
    let events = ok(&mut s, SECUNDUS, commit(d));
    (s, events)
}

fn resolved(events: &[Value]) -> &Value {
    of_type(events, "combat_resolved")
        .first()
        .copied()
        .unwrap_or_else(|| panic!("no combat resolved in {events:?}"))
}

fn totals(events: &[Value]) -> (u64, u64) {
    let r = resolved(events);
    (r["attacker_total"].as_u64().unwrap(), r["defender_total"].as_u64().unwrap())
}

/// A seat's hand without the card it drew when the turn passed (the events of the same decision).
fn hand_before_draw(s: &State, seat: usize, events: &[Value]) -> Vec<&'static str> {
    let mut cards = s.hands[seat];
    for e in of_type(events, "card_drawn") {
        if e["seat"] == json!(SeatId::of(seat)) {
            let drawn = e["card"].as_str().unwrap().parse::<Card>().unwrap();
            cards.retain(|c| *c != drawn);
        }
    }
    cards.sort_by_key(|c| (c.rank(), *c));
    tokens(&cards)
}

fn discard_tokens(s: &State) -> Vec<&'static str> {
    tokens(&s.discard)
}

#[test]
fn scenario_01_chariot_moves() {
    let s = Builder::f4().at("rome_chariot", "rome").build();
    let mut paths = move_paths(&s, PRIMUS, "rome_chariot");
    paths.sort();
    let expected: Vec<Vec<String>> = [
        &["arretium"][..],
        &["arretium", "aquilee"],
        &["arretium", "bologne"],
        &["arretium", "pise"],
        &["capoue"],
        &["capoue", "rhegion"],
        &["capoue", "tarente"],
    ]
    .iter()
    .map(|p| p.iter().map(|c| c.to_string()).collect())
    .collect();
    assert_eq!(paths, expected);
    assert_eq!(rejected(&s, PRIMUS, moved("rome_chariot", &["arretium", "aquilee", "salone"])), "over_budget");
}

#[test]
fn scenario_02_galley_elephant_and_mercenary_moves() {
    let s = Builder::f4().at("rome_galley_1", "rome").build();
    let paths = move_paths(&s, PRIMUS, "rome_galley_1");
    assert_eq!(paths, vec![vec!["pise".to_string()], vec!["rhegion".to_string()]]);
    assert_eq!(rejected(&s, PRIMUS, moved("rome_galley_1", &["capoue"])), "not_connected");
    assert_eq!(rejected(&s, PRIMUS, moved("rome_galley_1", &["pise", "marseille"])), "over_budget");

    let s = Builder::f4()
        .at("rome_elephant", "arretium")
        .at("rome_chariot", "rome")
        .build();
    let mut paths = move_paths(&s, PRIMUS, "rome_elephant");
    paths.sort();
    assert_eq!(paths, vec![vec!["aquilee"], vec!["bologne"], vec!["pise"]]);
    assert_eq!(rejected(&s, PRIMUS, moved("rome_elephant", &["rome"])), "destination_blocked");

    let mut s = Builder::f4()
        .at("rome_mercenary_1", "capoue")
        .at("rome_mercenary_2", "tarente")
        .build();
    let pair = |a: &str, b: &str| {
        json!({"type": "move_mercenaries", "steps": [
            {"piece": "rome_mercenary_1", "to": a}, {"piece": "rome_mercenary_2", "to": b}]})
    };
    assert!(is_legal(&s, PRIMUS, pair("rhegion", "brindes")));
    assert!(is_legal(&s, PRIMUS, pair("tarente", "brindes")));
    assert!(!is_legal(&s, PRIMUS, pair("tarente", "capoue")));
    assert_eq!(rejected(&s, PRIMUS, pair("tarente", "capoue")), "swap");
    assert_eq!(rejected(&s, PRIMUS, pair("rhegion", "rhegion")), "same_destination");
    ok(&mut s, PRIMUS, pair("tarente", "brindes"));
    assert_eq!(holder(&s, "tarente").as_deref(), Some("rome_mercenary_1"));
    assert_eq!(holder(&s, "brindes").as_deref(), Some("rome_mercenary_2"));
    assert!(
        legal(&s, PRIMUS)
            .iter()
            .all(|a| a["type"] != "move" && a["type"] != "move_mercenaries")
    );
}

#[test]
fn scenario_03_passing_friendly_vs_enemy() {
    let s = Builder::f4()
        .at("rome_chariot", "rome")
        .at("alexandrie_mercenary_1", "capoue")
        .build();
    let paths = move_paths(&s, PRIMUS, "rome_chariot");
    assert!(!paths.contains(&vec!["capoue".to_string()]));
    assert!(paths.contains(&vec!["capoue".to_string(), "tarente".to_string()]));
    assert!(paths.contains(&vec!["capoue".to_string(), "rhegion".to_string()]));
    assert_eq!(rejected(&s, PRIMUS, moved("rome_chariot", &["capoue"])), "destination_blocked");

    let mut s = Builder::f4()
        .with_reserves()
        .at("rome_chariot", "rome")
        .at("byzance_mercenary_1", "capoue")
        .paid()
        .build();
    let paths = move_paths(&s, PRIMUS, "rome_chariot");
    assert!(paths.contains(&vec!["capoue".to_string()]));
    assert!(!paths.contains(&vec!["capoue".to_string(), "tarente".to_string()]));
    assert_eq!(rejected(&s, PRIMUS, moved("rome_chariot", &["capoue", "rhegion"])), "path_blocked");
    let events = ok(&mut s, PRIMUS, moved("rome_chariot", &["capoue"]));
    assert_eq!(events[0]["attacks"], "byzance_mercenary_1");
    assert_eq!(s.pending.len(), 1);
    assert!(move_paths(&s, PRIMUS, "rome_chariot").is_empty(), "the attacker cannot move again");
    assert_eq!(rejected(&s, PRIMUS, moved("rome_chariot", &["rome"])), "piece_engaged");
}

#[test]
fn scenario_04_forced_march() {
    let mut s = Builder::f4()
        .hand(PRIMUS, &["1", "2", "2", "5", "j"])
        .at("rome_elephant", "rome")
        .at("alexandrie_mercenary_1", "capoue")
        .build();
    let pay = |cards: &[&str]| json!({"type": "pay_forced_march", "cards": cards});
    let mut payments: Vec<Value> = legal(&s, PRIMUS)
        .into_iter()
        .filter(|a| a["type"] == "pay_forced_march")
        .collect();
    payments.sort_by_key(|a| a.to_string());
    let mut expected = vec![pay(&["5"]), pay(&["1", "2"]), pay(&["2", "2"])];
    expected.sort_by_key(|a| a.to_string());
    assert_eq!(payments, expected);
    // Issue 16 supersedes D16: the overpayment ["1","2","5"] is now accepted, though not listed (see
    // unit::forced_march_overpayment_is_accepted); a zero or a total below 3 is still refused.
    for bad in [&["5", "j"][..], &["2"]] {
        assert_eq!(rejected(&s, PRIMUS, pay(bad)), "invalid_payment");
    }
    let mut overpaid = s.clone();
    ok(&mut overpaid, PRIMUS, pay(&["1", "2", "5"]));
    assert_eq!(hand_tokens(&overpaid, PRIMUS), ["2", "j"]);
    assert_eq!(rejected(&s, PRIMUS, moved("rome_elephant", &["capoue", "tarente"])), "over_budget");

    ok(&mut s, PRIMUS, pay(&["2", "1"]));
    assert_eq!(discard_tokens(&s), ["1", "2"]);
    assert_eq!(hand_tokens(&s, PRIMUS), ["2", "5", "j"]);
    assert!(is_legal(&s, PRIMUS, moved("rome_elephant", &["capoue", "tarente"])));
    ok(&mut s, PRIMUS, moved("rome_elephant", &["capoue", "tarente"]));
    assert_eq!(s.turn.moves_used, 2);
    assert_eq!(view(&s, Viewer::Spectator)["turn"]["moves_used"], 2);
    let listed = legal(&s, PRIMUS);
    assert!(
        listed
            .iter()
            .all(|a| a["type"] != "move" && a["type"] != "pay_forced_march")
    );
    assert_eq!(rejected(&s, PRIMUS, pay(&["5"])), "already_paid");
}

#[test]
fn scenario_05_modifiers_with_numbers() {
    let (s, e) = duel("rome_chariot", "rome", "byzance_mercenary_1", "capoue", &["3", "8"], &["6", "7"]);
    assert_eq!(totals(&e), (14, 13));
    assert_eq!(holder(&s, "capoue").as_deref(), Some("rome_chariot"));

    let (s, e) = duel("rome_elephant", "rome", "byzance_mercenary_1", "capoue", &["3", "8"], &["9", "9"]);
    assert_eq!(totals(&e), (19, 18));
    assert_eq!(resolved(&e)["winner"], "attacker");
    assert_eq!(holder(&s, "capoue").as_deref(), Some("rome_elephant"));

    let (s, e) = duel("rome_elephant", "arretium", "byzance_galley_1", "pise", &["3", "8"], &["5", "7"]);
    assert_eq!(totals(&e), (11, 12));
    assert_eq!(resolved(&e)["eliminated"], "rome_elephant");
    assert_eq!(holder(&s, "pise").as_deref(), Some("byzance_galley_1"));

    let (s, e) = duel("rome_galley_1", "rome", "byzance_chariot", "pise", &["5", "7"], &["3", "8"]);
    assert_eq!(totals(&e), (12, 14));
    assert_eq!(resolved(&e)["winner"], "defender");
    assert_eq!(holder(&s, "pise").as_deref(), Some("byzance_chariot"));

    let (_, e) = duel("rome_mercenary_1", "rome", "byzance_elephant", "capoue", &["10", "4"], &["6", "5"]);
    assert_eq!(totals(&e), (14, 17));
    assert_eq!(resolved(&e)["winner"], "defender");

    let (s, e) = duel("rome_chariot", "rome", "byzance_mercenary_1", "capoue", &["j", "k"], &["10", "4"]);
    assert_eq!(totals(&e), (15, 14));
    assert_eq!(holder(&s, "capoue").as_deref(), Some("rome_chariot"));
}

#[test]
fn scenario_06_occupied_capital_one_card() {
    let mut s = Builder::f4().rome_occupied().at("rome_elephant", "arretium").build();
    assert!(s.capital_occupied(0));
    ok(&mut s, PRIMUS, moved("rome_elephant", &["rome"]));
    ok(&mut s, PRIMUS, end());
    let primus_commits = legal(&s, PRIMUS);
    assert!(!primus_commits.is_empty());
    assert!(primus_commits.iter().all(|a| a["cards"].as_array().unwrap().len() == 1));
    assert!(
        legal(&s, SECUNDUS)
            .iter()
            .all(|a| a["cards"].as_array().unwrap().len() == 2)
    );
    assert_eq!(rejected(&s, PRIMUS, commit(&["9", "5"])), "wrong_card_count");
    ok(&mut s, PRIMUS, commit(&["9"]));
    let e = ok(&mut s, SECUNDUS, commit(&["8", "9"]));
    assert_eq!(totals(&e), (18, 17));
    assert_eq!(resolved(&e)["eliminated"], "byzance_mercenary_1");
    assert_eq!(holder(&s, "rome").as_deref(), Some("rome_elephant"));
    assert!(!s.capital_occupied(0));

    // Variant: the chariot from capoue with one card gets no bonus.
    let mut s = Builder::f4().rome_occupied().at("rome_chariot", "capoue").build();
    ok(&mut s, PRIMUS, moved("rome_chariot", &["rome"]));
    ok(&mut s, PRIMUS, end());
    ok(&mut s, PRIMUS, commit(&["9"]));
    let e = ok(&mut s, SECUNDUS, commit(&["8", "9"]));
    assert_eq!(totals(&e), (9, 17));
    assert_eq!(resolved(&e)["eliminated"], "rome_chariot");

    // Variant: tertius, in his turn, still commits 2 cards while rome is occupied.
    let mut s = Builder::f4()
        .rome_occupied()
        .at("alexandrie_mercenary_1", "arretium")
        .at("byzance_mercenary_2", "pise")
        .hand(TERTIUS, &["4", "6", "q"])
        .active(TERTIUS)
        .build();
    ok(&mut s, TERTIUS, moved("alexandrie_mercenary_1", &["pise"]));
    let e = ok(&mut s, TERTIUS, end());
    let started = of_type(&e, "combat_started")[0];
    assert_eq!(started["need_attacker"], 2);
    assert!(
        legal(&s, TERTIUS)
            .iter()
            .all(|a| a["cards"].as_array().unwrap().len() == 2)
    );
}

#[test]
fn scenario_07_tie_with_a_third_card() {
    let build = |a: &[&str], d: &[&str]| {
        let mut s = Builder::f4()
            .with_reserves()
            .at("rome_chariot", "rome")
            .at("byzance_mercenary_1", "capoue")
            .hand(PRIMUS, a)
            .hand(SECUNDUS, d)
            .build();
        ok(&mut s, PRIMUS, moved("rome_chariot", &["capoue"]));
        ok(&mut s, PRIMUS, end());
        ok(&mut s, PRIMUS, commit(&["4", "6"]));
        let e = ok(&mut s, SECUNDUS, commit(&["7", "7"]));
        assert_eq!(of_type(&e, "combat_tied")[0]["attacker_total"], 14);
        assert_eq!(phase(&s), "tie_break");
        s
    };
    let add = |card: &str| json!({"type": "add_card", "card": card});
    let mut s = build(&["4", "6", "3", "9"], &["7", "7", "2", "9"]);
    ok(&mut s, PRIMUS, add("3"));
    // The first extra stays face down until both have added.
    assert!(view(&s, Viewer::Seat(SECUNDUS))["combat"]["attacker"]["extra_pending_rank"].is_null());
    assert_eq!(view(&s, Viewer::Seat(SECUNDUS))["combat"]["attacker"]["extra_pending"], true);
    let e = ok(&mut s, SECUNDUS, add("2"));
    assert_eq!(totals(&e), (17, 16));
    assert_eq!(resolved(&e)["winner"], "attacker");

    let mut s = build(&["4", "6", "5", "1", "9"], &["7", "7", "5", "j", "9"]);
    ok(&mut s, PRIMUS, add("5"));
    let e = ok(&mut s, SECUNDUS, add("5"));
    assert_eq!(of_type(&e, "extras_revealed")[0]["attacker_total"], 19);
    assert_eq!(phase(&s), "tie_break");
    ok(&mut s, SECUNDUS, add("j"));
    let e = ok(&mut s, PRIMUS, add("1"));
    assert_eq!(totals(&e), (20, 19));
    assert_eq!(resolved(&e)["winner"], "attacker");
    assert_eq!(hand_before_draw(&s, SECUNDUS, &e), ["9", "j"], "the j returned to its owner");
}

#[test]
fn scenario_08_both_spies() {
    let mut s = Builder::skirmish()
        .hand(PRIMUS, &["2", "j", "9", "5"])
        .hand(SECUNDUS, &["1", "1", "4", "3", "6"])
        .build();
    ok(&mut s, PRIMUS, moved("rome_mercenary_1", &["capoue"]));
    ok(&mut s, PRIMUS, end());
    ok(&mut s, PRIMUS, commit(&["2", "j"]));
    let e = ok(&mut s, SECUNDUS, commit(&["1", "1"]));
    assert_eq!(of_type(&e, "double_spy").len(), 1);
    assert_eq!(discard_tokens(&s), ["2", "1", "1"]);
    assert_eq!(hand_tokens(&s, PRIMUS), ["5", "9", "j"]);
    assert_eq!(phase(&s), "combat_commit");
    ok(&mut s, PRIMUS, commit(&["j", "9"]));
    let e = ok(&mut s, SECUNDUS, commit(&["4", "3"]));
    assert_eq!(totals(&e), (9, 7));
    assert_eq!(resolved(&e)["winner"], "attacker");
    assert_eq!(discard_tokens(&s), ["2", "1", "1", "9", "3", "4"]);
    assert_eq!(hand_tokens(&s, PRIMUS), ["5", "j"]);
}

fn scenario_09_state() -> State {
    let mut s = Builder::skirmish()
        .hand(PRIMUS, &["1", "1", "3", "10", "j", "k"])
        .hand(SECUNDUS, &["9", "k", "5"])
        .build();
    ok(&mut s, PRIMUS, moved("rome_mercenary_1", &["capoue"]));
    ok(&mut s, PRIMUS, end());
    ok(&mut s, PRIMUS, commit(&["1", "1"]));
    ok(&mut s, SECUNDUS, commit(&["9", "k"]));
    assert_eq!(phase(&s), "spy_decision");
    assert_eq!(RomeCarthage::to_act(&s), vec![PRIMUS]);
    s
}

#[test]
fn scenario_09_single_spy() {
    let mut s = scenario_09_state();
    assert_eq!(legal(&s, PRIMUS), vec![json!({"type": "declare_spy"}), json!({"type": "decline_spy"})]);
    ok(&mut s, PRIMUS, json!({"type": "declare_spy"}));
    assert_eq!(phase(&s), "spy_commit");
    let e = ok(&mut s, PRIMUS, json!({"type": "spy_commit", "cards": ["10", "k"]}));
    assert_eq!(totals(&e), (25, 24));
    assert_eq!(resolved(&e)["winner"], "attacker");
    let removed: Vec<&Value> = resolved(&e)["disposals"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["to"] == "removed")
        .collect();
    assert_eq!(removed[0]["seat"], "primus");
    assert_eq!(removed[1]["seat"], "secundus");
    assert_eq!(s.kings_removed, 2);
    assert_eq!(discard_tokens(&s), ["1", "1", "10", "9"]);
    assert_eq!(hand_tokens(&s, PRIMUS), ["3", "j"]);

    let mut s = scenario_09_state();
    let e = ok(&mut s, PRIMUS, json!({"type": "decline_spy"}));
    assert_eq!(totals(&e), (2, 24));
    assert_eq!(resolved(&e)["winner"], "defender");
}

/// Issue 34, decision 15: « conserver à ses cartes leur valeur naturelle de 2 points » keeps the cards' face value
/// and the piece's modifier: an elephant spy who declines with {2, j} against a land piece totals 4, not 2.
#[test]
fn a_declining_elephant_spy_keeps_its_modifier() {
    let mut s = Builder::f4()
        .with_reserves()
        .at("rome_elephant", "rome")
        .at("byzance_mercenary_1", "capoue")
        .hand(PRIMUS, &["2", "j", "5"])
        .hand(SECUNDUS, &["9", "k", "5"])
        .build();
    ok(&mut s, PRIMUS, moved("rome_elephant", &["capoue"]));
    ok(&mut s, PRIMUS, end());
    ok(&mut s, PRIMUS, commit(&["2", "j"]));
    ok(&mut s, SECUNDUS, commit(&["9", "k"]));
    assert_eq!(phase(&s), "spy_decision");
    let e = ok(&mut s, PRIMUS, json!({"type": "decline_spy"}));
    assert_eq!(totals(&e), (4, 24));
}

#[test]
fn scenario_10_king_removal() {
    let mut s = Builder::skirmish()
        .hand(PRIMUS, &["5", "k", "q"])
        .hand(SECUNDUS, &["9", "k", "q"])
        .kings_removed(1)
        .build();
    ok(&mut s, PRIMUS, moved("rome_mercenary_1", &["capoue"]));
    ok(&mut s, PRIMUS, end());
    ok(&mut s, PRIMUS, commit(&["5", "k"]));
    let e = ok(&mut s, SECUNDUS, commit(&["9", "k"]));
    assert_eq!(totals(&e), (20, 24));
    assert_eq!(resolved(&e)["winner"], "defender");
    assert_eq!(s.kings_removed, 2);
    assert_eq!(s.removed.iter().filter(|c| c.rank() == Rank::K).count(), 1);
    assert_eq!(discard_tokens(&s), ["5", "9", "k"]);

    // A king paid later for a forced march also goes to the discard.
    let mut s = Builder::f4().hand(PRIMUS, &["k"]).kings_removed(2).build();
    ok(&mut s, PRIMUS, json!({"type": "pay_forced_march", "cards": ["k"]}));
    assert_eq!(discard_tokens(&s), ["k"]);
    assert_eq!(s.kings_removed, 2);
    // While fewer than two kings are out, a paid king leaves the game and counts.
    let mut s = Builder::f4().hand(PRIMUS, &["k"]).build();
    ok(&mut s, PRIMUS, json!({"type": "pay_forced_march", "cards": ["k"]}));
    assert!(s.discard.is_empty());
    assert_eq!(s.kings_removed, 1);
}

#[test]
fn scenario_11_zeros_return() {
    let mut s = Builder::skirmish()
        .hand(PRIMUS, &["5", "6", "2"])
        .hand(SECUNDUS, &["j", "8", "3"])
        .build();
    ok(&mut s, PRIMUS, moved("rome_mercenary_1", &["capoue"]));
    ok(&mut s, PRIMUS, end());
    ok(&mut s, PRIMUS, commit(&["5", "6"]));
    let e = ok(&mut s, SECUNDUS, commit(&["j", "8"]));
    assert_eq!(totals(&e), (11, 8));
    assert_eq!(hand_before_draw(&s, SECUNDUS, &e), ["3", "j"], "3 cards before, 2 after");
    assert_eq!(discard_tokens(&s), ["5", "6", "8"]);

    let s = Builder::f4().hand(PRIMUS, &["j", "3", "q", "1", "2"]).build();
    assert!(
        legal(&s, PRIMUS)
            .iter()
            .filter(|a| a["type"] == "pay_forced_march")
            .all(|a| !a["cards"].to_string().contains('j') && !a["cards"].to_string().contains('q'))
    );
    assert_eq!(rejected(&s, PRIMUS, json!({"type": "pay_forced_march", "cards": ["j", "3"]})), "invalid_payment");
    assert_eq!(
        rejected(&s, PRIMUS, json!({"type": "pay_forced_march", "cards": ["1", "2", "j"]})),
        "invalid_payment"
    );
}

#[test]
fn scenario_12_sedition() {
    let sedition = |city: &str| json!({"type": "play_sedition", "city": city});
    let mut s = Builder::f4().with_reserves().at("byzance_mercenary_1", "rome").build();
    assert!(is_legal(&s, PRIMUS, sedition("rome")));
    let e = ok(&mut s, PRIMUS, sedition("rome"));
    assert_eq!(of_type(&e, "sedition_played")[0]["eliminated"], "byzance_mercenary_1");
    assert_eq!(holder(&s, "rome"), None);
    assert!(!s.capital_occupied(0));
    assert!(s.special_used[SpecialId::SeditionTeamA.index()]);
    assert!(s.turn.progress);
    assert_eq!(s.card_limit(PRIMUS as u8), 2);
    assert_eq!(rejected(&s, PRIMUS, sedition("rome")), "special_used");

    let s = Builder::f4()
        .with_reserves()
        .at("byzance_mercenary_1", "alexandrie")
        .build();
    assert!(s.capital_occupied(3));
    assert!(!is_legal(&s, PRIMUS, sedition("alexandrie")));
    assert_eq!(rejected(&s, PRIMUS, sedition("alexandrie")), "not_your_capital");

    let s = Builder::f2()
        .at("carthage_mercenary_1", "alexandrie")
        .at("carthage_mercenary_2", "zama")
        .build();
    assert!(is_legal(&s, PRIMUS, sedition("alexandrie")));

    // Variant: the elephant attacks the occupier first; the sedition cancels the combat in its favour.
    let mut s = Builder::f4()
        .with_reserves()
        .at("byzance_mercenary_1", "rome")
        .at("rome_elephant", "arretium")
        .hand(PRIMUS, &["3", "4", "5"])
        .build();
    ok(&mut s, PRIMUS, moved("rome_elephant", &["rome"]));
    assert_eq!(s.pending.len(), 1);
    let e = ok(&mut s, PRIMUS, sedition("rome"));
    assert_eq!(of_type(&e, "sedition_played")[0]["cancelled_attacker"], "rome_elephant");
    assert!(s.pending.is_empty());
    assert_eq!(holder(&s, "rome").as_deref(), Some("rome_elephant"));
    assert_eq!(s.hands[PRIMUS].len(), 3);
    assert!(s.discard.is_empty());
    let e = ok(&mut s, PRIMUS, end());
    assert!(of_type(&e, "combat_started").is_empty());
}

#[test]
fn scenario_13_betrayal() {
    let mut s = Builder::f4()
        .with_reserves()
        .at("byzance_mercenary_1", "salone")
        .at("rome_elephant", "aquilee")
        .at("byzance_mercenary_2", "delphes")
        .at("carthage_mercenary_1", "thessalonique")
        .at("byzance_chariot", "iconium")
        .hand(PRIMUS, &["3", "8", "q"])
        .hand(SECUNDUS, &["5", "6", "q"])
        .active(TERTIUS)
        .build();
    let betray = json!({"type": "play_betrayal", "piece": "byzance_mercenary_1", "path": ["aquilee"]});
    assert!(is_legal(&s, TERTIUS, betray.clone()));
    // Illegal betrayals.
    assert_eq!(
        rejected(
            &s,
            TERTIUS,
            json!({"type": "play_betrayal", "piece": "byzance_chariot", "path": ["tarse", "antioche", "damas"]})
        ),
        "bad_path_length"
    );
    assert_eq!(
        rejected(
            &s,
            TERTIUS,
            json!({"type": "play_betrayal", "steps": [
                {"piece": "byzance_mercenary_2", "to": "corinthe"}, {"piece": "carthage_mercenary_1", "to": "philippes"}]})
        ),
        "wrong_owner"
    );
    assert_eq!(
        rejected(
            &s,
            TERTIUS,
            json!({"type": "play_betrayal", "piece": "byzance_mercenary_2", "path": ["thessalonique"]})
        ),
        "destination_blocked"
    );
    assert!(is_legal(
        &s,
        TERTIUS,
        json!({"type": "play_betrayal", "piece": "byzance_chariot", "path": ["tarse", "antioche"]})
    ));
    // Betraying one's own team is not a betrayal.
    assert_eq!(
        rejected(&s, TERTIUS, json!({"type": "play_betrayal", "piece": "rome_elephant", "path": ["bologne"]})),
        "not_an_enemy"
    );

    ok(&mut s, TERTIUS, betray);
    assert_eq!(s.pending.len(), 1);
    assert_eq!(s.pending[0].attacker, piece("byzance_mercenary_1"));
    assert_eq!(s.pending[0].defender, piece("rome_elephant"));
    assert_eq!(s.turn.moves_used, 0);
    assert_eq!(s.budget(), 1);
    assert!(!move_paths(&s, TERTIUS, "alexandrie_mercenary_3").is_empty());
    assert_eq!(
        rejected(&s, TERTIUS, json!({"type": "play_betrayal", "piece": "byzance_mercenary_2", "path": ["corinthe"]})),
        "special_used"
    );
    ok(&mut s, TERTIUS, end());
    let mut acting = RomeCarthage::to_act(&s);
    acting.sort();
    assert_eq!(acting, vec![PRIMUS, SECUNDUS]);
    ok(&mut s, SECUNDUS, commit(&["5", "6"]));
    let e = ok(&mut s, PRIMUS, commit(&["3", "8"]));
    assert_eq!(totals(&e), (11, 19), "the elephant doubles its highest card");
    assert_eq!(holder(&s, "aquilee").as_deref(), Some("rome_elephant"));
}

fn scenario_14_state() -> State {
    Builder::f4()
        .with_reserves()
        .at("alexandrie_galley_1", "byzance")
        .at("rome_chariot", "zama")
        .build()
}

#[test]
fn scenario_14_victory_by_capitals() {
    let mut s = scenario_14_state();
    ok(&mut s, PRIMUS, moved("rome_chariot", &["carthage"]));
    assert_eq!(s.sieges.len(), 1);
    ok(&mut s, PRIMUS, end());
    let v = view(&s, Viewer::Spectator);
    assert_eq!(v["sieges"][0]["team"], "team_a");
    assert_eq!(v["sieges"][0]["witnesses"], json!(["primus"]));
    ok(&mut s, SECUNDUS, end());
    ok(&mut s, TERTIUS, end());
    let e = ok(&mut s, QUARTUS, end());
    let started = e.iter().position(|e| e["type"] == "turn_started").unwrap();
    assert_eq!(e[started]["seat"], "primus");
    assert_eq!(e[started + 1]["type"], "game_over", "before the draw");
    assert!(of_type(&e[started..], "card_drawn").is_empty());
    let out = RomeCarthage::outcome(&s).unwrap();
    let out = serde_json::to_value(out).unwrap();
    assert_eq!(out["end_reason"], "capitals_held");
    assert_eq!(out["winners"], json!(["primus", "tertius"]));
    assert_eq!(out["winning_team"], "team_a");
    assert_eq!(out["draw"], false);
    assert_eq!(out["scores"], json!({"primus": 1.0, "secundus": 0.0, "tertius": 1.0, "quartus": 0.0}));
    assert!(RomeCarthage::to_act(&s).is_empty());

    // Variant: quartus's sedition frees carthage.
    let mut s = scenario_14_state();
    ok(&mut s, PRIMUS, moved("rome_chariot", &["carthage"]));
    ok(&mut s, PRIMUS, end());
    ok(&mut s, SECUNDUS, end());
    ok(&mut s, TERTIUS, end());
    let e = ok(&mut s, QUARTUS, json!({"type": "play_sedition", "city": "carthage"}));
    assert_eq!(of_type(&e, "sedition_played")[0]["eliminated"], "rome_chariot");
    assert_eq!(of_type(&e, "siege_broken").len(), 1);
    assert!(s.sieges.is_empty());
    ok(&mut s, QUARTUS, end());
    assert!(RomeCarthage::outcome(&s).is_none());
    assert_eq!(s.active as usize, PRIMUS);
}

#[test]
fn scenario_15_victory_by_annihilation() {
    let mut s = Builder::f2()
        .at("carthage_mercenary_1", "lilybee")
        .at("rome_mercenary_1", "syracuse")
        .hand(PRIMUS, &["9", "10", "q"])
        .hand(SECUNDUS, &["2", "3", "q"])
        .build();
    ok(&mut s, PRIMUS, moved("rome_mercenary_1", &["lilybee"]));
    ok(&mut s, PRIMUS, end());
    ok(&mut s, PRIMUS, commit(&["9", "10"]));
    let e = ok(&mut s, SECUNDUS, commit(&["2", "3"]));
    assert_eq!(e.last().unwrap()["type"], "game_over");
    let out = serde_json::to_value(RomeCarthage::outcome(&s).unwrap()).unwrap();
    assert_eq!(out["end_reason"], "annihilation");
    assert_eq!(out["winners"], json!(["primus"]));
    assert_eq!(out["scores"], json!({"primus": 1.0, "secundus": 0.0}));

    // 4 players: quartus's last piece falls while he holds 3 cards and his sedition.
    let mut s = Builder::f4()
        .at("rome_mercenary_3", "narbonne")
        .at("byzance_mercenary_3", "ancyre")
        .at("alexandrie_mercenary_3", "damas")
        .at("rome_mercenary_1", "rome")
        .at("carthage_mercenary_1", "capoue")
        .hand(PRIMUS, &["9", "10", "q"])
        .hand(QUARTUS, &["2", "4", "6", "8", "10"])
        .build();
    ok(&mut s, PRIMUS, moved("rome_mercenary_1", &["capoue"]));
    ok(&mut s, PRIMUS, end());
    ok(&mut s, PRIMUS, commit(&["9", "10"]));
    let e = ok(&mut s, QUARTUS, commit(&["2", "4"]));
    let eliminated = of_type(&e, "seat_eliminated");
    assert_eq!(eliminated[0]["seat"], "quartus");
    assert_eq!(eliminated[0]["hand"], json!(["6", "8", "10"]));
    assert!(s.eliminated[QUARTUS]);
    assert!(s.hands[QUARTUS].is_empty());
    let v = view(&s, Viewer::Spectator);
    let removed: Vec<&str> = v["removed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    assert_eq!(removed, ["6", "8", "10"]);
    assert!(s.special_used[SpecialId::SeditionTeamB.index()]);
    assert!(RomeCarthage::outcome(&s).is_none());
    assert_eq!(s.active as usize, SECUNDUS);
    ok(&mut s, SECUNDUS, end());
    ok(&mut s, TERTIUS, end());
    assert_eq!(s.active as usize, PRIMUS, "quartus is skipped");
    assert_eq!(s.round, 2);
}

#[test]
fn scenario_16_automatic_draw() {
    let short = Options {
        no_progress_rounds: 1,
        ..Default::default()
    };
    let mut s = Builder::f2_with(short.clone())
        .at("rome_mercenary_1", "rome")
        .at("carthage_mercenary_1", "carthage")
        .build();
    ok(&mut s, PRIMUS, end());
    assert_eq!(s.quiet_turns, 1);
    assert!(RomeCarthage::outcome(&s).is_none());
    let e = ok(&mut s, SECUNDUS, end());
    assert_eq!(e.last().unwrap()["type"], "game_over");
    let out = serde_json::to_value(RomeCarthage::outcome(&s).unwrap()).unwrap();
    assert_eq!(out["end_reason"], "no_progress");
    assert_eq!(out["draw"], true);
    assert_eq!(out["winning_team"], Value::Null);
    assert_eq!(out["winners"], json!([]));
    assert_eq!(out["scores"], json!({"primus": 0.5, "secundus": 0.5}));

    // Variant: a combat in the second turn resets the count.
    let mut s = Builder::f2_with(short.clone())
        .at("rome_mercenary_1", "capoue")
        .at("rome_mercenary_2", "bologne")
        .at("carthage_mercenary_1", "rhegion")
        .at("carthage_mercenary_2", "zama")
        .hand(SECUNDUS, &["9", "10"])
        .hand(PRIMUS, &["2", "3"])
        .build();
    ok(&mut s, PRIMUS, end());
    ok(&mut s, SECUNDUS, moved("carthage_mercenary_1", &["capoue"]));
    ok(&mut s, SECUNDUS, end());
    // Secundus drew a card at his turn start, so he chooses his base; primus's is automatic.
    assert_eq!(RomeCarthage::to_act(&s), vec![SECUNDUS]);
    let e = ok(&mut s, SECUNDUS, commit(&["9", "10"]));
    assert_eq!(resolved(&e)["winner"], "attacker");
    assert_eq!(s.quiet_turns, 0);
    assert!(RomeCarthage::outcome(&s).is_none());

    // Variant: entering empty enemy capitals is not progress.
    let mut s = Builder::f2_with(short.clone())
        .at("rome_mercenary_1", "zama")
        .at("carthage_mercenary_1", "capoue")
        .build();
    ok(&mut s, PRIMUS, moved("rome_mercenary_1", &["carthage"]));
    ok(&mut s, PRIMUS, end());
    assert_eq!(s.quiet_turns, 1);
    ok(&mut s, SECUNDUS, moved("carthage_mercenary_1", &["rome"]));
    ok(&mut s, SECUNDUS, end());
    assert_eq!(serde_json::to_value(RomeCarthage::outcome(&s).unwrap()).unwrap()["end_reason"], "no_progress");

    // Variant: a siege defers the draw by one round, and completes.
    let mut s = Builder::f2_with(short)
        .at("rome_mercenary_1", "carthage")
        .at("rome_mercenary_2", "nicomedie")
        .at("carthage_mercenary_1", "zama")
        .quiet(1)
        .build();
    ok(&mut s, PRIMUS, moved("rome_mercenary_2", &["byzance"]));
    ok(&mut s, PRIMUS, end());
    assert_eq!(s.quiet_turns, 2);
    assert_eq!(s.sieges.len(), 1);
    assert!(RomeCarthage::outcome(&s).is_none());
    let e = ok(&mut s, SECUNDUS, end());
    let ended = of_type(&e, "turn_ended");
    assert_eq!(ended[0]["quiet_turns"], 3);
    let out = serde_json::to_value(RomeCarthage::outcome(&s).unwrap()).unwrap();
    assert_eq!(out["end_reason"], "capitals_held");
    assert_eq!(out["winners"], json!(["primus"]));

    // Default options, 4 seats: 240 quiet turns.
    let mut s = Builder::f4().with_reserves().quiet(238).build();
    assert_eq!(view(&s, Viewer::Spectator)["quiet_limit"], 240);
    ok(&mut s, PRIMUS, end());
    assert!(RomeCarthage::outcome(&s).is_none());
    ok(&mut s, SECUNDUS, end());
    assert_eq!(s.quiet_turns, 240);
    assert_eq!(serde_json::to_value(RomeCarthage::outcome(&s).unwrap()).unwrap()["end_reason"], "no_progress");
}

/// Primus's mercenary at rome attacks secundus's mercenary at capoue with these hands.
fn merc_fight(a: &[&str], d: &[&str]) -> State {
    let mut s = Builder::skirmish().hand(PRIMUS, a).hand(SECUNDUS, d).build();
    ok(&mut s, PRIMUS, moved("rome_mercenary_1", &["capoue"]));
    ok(&mut s, PRIMUS, end());
    s
}

#[test]
fn scenario_17_tie_with_empty_hands() {
    // The attacker commits his whole hand automatically and has nothing to add.
    let mut s = merc_fight(&["5", "5"], &["6", "4", "7"]);
    assert_eq!(RomeCarthage::to_act(&s), vec![SECUNDUS]);
    let e = ok(&mut s, SECUNDUS, commit(&["6", "4"]));
    assert_eq!(totals(&e), (10, 10));
    assert_eq!(resolved(&e)["winner"], "defender");
    assert_eq!(resolved(&e)["resolution"], "empty_hand");
    assert_eq!(hand_before_draw(&s, SECUNDUS, &e), ["7"]);

    let mut s = Builder::skirmish()
        .hand(PRIMUS, &["5", "5"])
        .hand(SECUNDUS, &["6", "4"])
        .build();
    ok(&mut s, PRIMUS, moved("rome_mercenary_1", &["capoue"]));
    let e = ok(&mut s, PRIMUS, end());
    assert_eq!(resolved(&e)["winner"], "defender");

    let mut s = merc_fight(&["5", "5", "2", "3"], &["6", "4"]);
    let e = ok(&mut s, PRIMUS, commit(&["5", "5"]));
    assert_eq!(totals(&e), (10, 10));
    assert_eq!(resolved(&e)["winner"], "attacker");
}

#[test]
fn scenario_18_short_hand() {
    let fight = |attacker: &str, defender: &str, at: &str, from: &str, hand: &[&str]| {
        let mut s = Builder::f4()
            .with_reserves()
            .at(attacker, from)
            .at(defender, at)
            .hand(PRIMUS, hand)
            .hand(SECUNDUS, &["2", "3"])
            .build();
        ok(&mut s, PRIMUS, moved(attacker, &[at]));
        let e = ok(&mut s, PRIMUS, end());
        let commits = of_type(&e, "base_committed");
        assert!(commits.iter().all(|c| c["automatic"] == true));
        totals(&e).0
    };
    assert_eq!(fight("rome_chariot", "byzance_mercenary_1", "capoue", "rome", &["7"]), 7);
    assert_eq!(fight("rome_elephant", "byzance_mercenary_1", "capoue", "rome", &["7"]), 14);
    assert_eq!(fight("rome_elephant", "byzance_galley_1", "pise", "arretium", &["7"]), 7);
    assert_eq!(fight("rome_elephant", "byzance_mercenary_1", "capoue", "rome", &[]), 0);
}

/// Setup events applied for the first seed whose setup satisfies `want`.
fn setup_where(players: usize, want: impl Fn(&State) -> bool) -> State {
    for seed in 0..5_000 {
        let s = set_up(players, &Options::default(), GameSeed::from_u64(seed));
        if want(&s) {
            return s;
        }
    }
    panic!("no seed gives the wanted setup");
}

fn ids(cards: &[Card]) -> Vec<String> {
    let mut ids: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
    ids.sort();
    ids
}

fn id_list(suit: &str, ranks: &[&str]) -> Vec<String> {
    ranks.iter().map(|r| format!("{suit}_{r}")).collect()
}

fn all_52(s: &State) {
    let mut all: Vec<Card> = s.hands.iter().flatten().copied().collect();
    all.extend(s.talons.iter().flatten());
    all.extend(&s.removed);
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 52);
}

#[test]
fn scenario_19_setup_deal() {
    let ones = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"];
    let odd = ["1", "3", "5", "7", "9"];
    // 4 players.
    let s = setup_where(4, |_| true);
    for seat in 0..4u8 {
        let state = s.states_of(seat).next().unwrap();
        let suit = ["clubs", "diamonds", "hearts", "spades"][state as usize];
        let mut want = id_list(suit, &["2", "4", "6", "8", "10", "j", "q", "k"]);
        want.sort();
        assert_eq!(ids(&s.hands[seat as usize]), want);
    }
    let mut talon_want: Vec<String> = ["clubs", "diamonds", "hearts", "spades"]
        .iter()
        .flat_map(|suit| id_list(suit, &odd))
        .collect();
    talon_want.sort();
    assert_eq!(ids(&s.talons[0]), talon_want);
    all_52(&s);

    // 2 players, F2.
    let s = setup_where(2, |s| s.owner == [0, 1, 1, 0]);
    let mut want = id_list("clubs", &ones);
    want.extend(id_list("clubs", &["j", "k"]));
    want.extend(id_list("spades", &["j", "k"]));
    want.sort();
    assert_eq!(ids(&s.hands[PRIMUS]), want);
    assert_eq!(tokens(&s.removed), ["q", "q", "q", "q"]);
    let mut talon_want = id_list("spades", &ones);
    talon_want.extend(id_list("hearts", &ones));
    talon_want.sort();
    assert_eq!(ids(&s.talons[0]), talon_want);
    all_52(&s);

    // 3 players: solo tertius owns carthage and byzance, primus rome, secundus alexandrie.
    let s = setup_where(3, |s| s.owner == [0, 2, 2, 1]);
    assert_eq!(s.solo, Some(TERTIUS as u8));
    let mut want = id_list("diamonds", &ones);
    want.extend(id_list("diamonds", &["j", "k"]));
    want.extend(id_list("hearts", &["j", "k"]));
    want.sort();
    assert_eq!(ids(&s.hands[TERTIUS]), want);
    assert_eq!(ids(&s.removed), ["diamonds_q", "hearts_q"]);
    let mut talon_want = id_list("hearts", &ones);
    talon_want.extend(id_list("clubs", &odd));
    talon_want.extend(id_list("spades", &odd));
    talon_want.sort();
    assert_eq!(ids(&s.talons[0]), talon_want);
    all_52(&s);
}

#[test]
fn scenario_20_three_player_flow() {
    let mut s = setup_where(3, |s| s.owner == [0, 2, 2, 1] && s.starting_card.is_some_and(|c| c.suit() == 3));
    assert_eq!(s.starter, Some(SECUNDUS as u8));
    assert_eq!(s.order[..], [1, 2, 0]);
    assert_eq!(phase(&s), "special_choice");
    assert_eq!(RomeCarthage::to_act(&s), vec![SECUNDUS]);
    assert_eq!(s.special_holder[SpecialId::BetrayalTeamB.index()], TERTIUS as u8);
    assert_eq!(s.special_holder[SpecialId::SeditionTeamB.index()], TERTIUS as u8);
    ok(&mut s, SECUNDUS, json!({"type": "choose_special", "card": "sedition"}));
    assert_eq!(s.special_holder[SpecialId::SeditionTeamA.index()], SECUNDUS as u8);
    assert_eq!(s.special_holder[SpecialId::BetrayalTeamA.index()], PRIMUS as u8);

    // Placement: secundus 4, tertius 8, primus 4, then 3, 6, 3, with no draws.
    let hands: Vec<usize> = s.hands.iter().map(|h| h.len()).collect();
    let mut turns = vec![];
    while s.phase == Phase::Placement {
        let seat = s.placement.seat as usize;
        let mut placed = 0;
        while s.phase == Phase::Placement && s.placement.seat as usize == seat && turns.len() < 6 {
            let first = legal(&s, seat)[0].clone();
            let e = ok(&mut s, seat, first);
            placed += 1;
            assert!(of_type(&e, "card_drawn").is_empty() || s.phase == Phase::Main);
            if s.phase != Phase::Placement || s.placement.placed == 0 {
                break;
            }
        }
        turns.push((seat, placed));
    }
    assert_eq!(turns, vec![(1, 4), (2, 8), (0, 4), (1, 3), (2, 6), (0, 3)]);
    // The game proper: secundus starts and drew 1 card; the hands did not change during placement.
    assert_eq!(s.phase, Phase::Main);
    assert_eq!(s.active as usize, SECUNDUS);
    assert_eq!(s.hands[SECUNDUS].len(), hands[SECUNDUS] + 1);
    assert_eq!(s.hands[TERTIUS].len(), hands[TERTIUS]);
    ok(&mut s, SECUNDUS, end());
    assert_eq!(s.active as usize, TERTIUS);
    assert_eq!(s.hands[TERTIUS].len(), hands[TERTIUS] + 2, "the solo draws 2 cards");
    assert_eq!(s.budget(), 1);
    assert!(legal(&s, TERTIUS).iter().any(|a| a["type"] == "pay_forced_march"));
    ok(&mut s, TERTIUS, json!({"type": "pay_forced_march", "cards": ["10"]}));
    assert_eq!(s.budget(), 2);

    // The starting card is never of the solo's suits.
    for seed in 0..300 {
        let s = set_up(3, &Options::default(), GameSeed::from_u64(seed));
        let card = s.starting_card.unwrap();
        let state = (0..4).find(|&st| st == card.suit() as usize).unwrap();
        assert_ne!(Some(s.owner[state]), s.solo, "seed {seed}");
        assert_eq!(s.order[1], s.solo.unwrap(), "the solo plays second");
    }
}

#[test]
fn scenario_21_two_state_card_limit() {
    let mut s = Builder::f2()
        .at("carthage_mercenary_1", "alexandrie")
        .at("carthage_mercenary_2", "tarragone")
        .at("rome_mercenary_1", "narbonne")
        .at("rome_mercenary_2", "rome")
        .hand(PRIMUS, &["5", "6", "7"])
        .hand(SECUNDUS, &["5", "6", "7"])
        .build();
    ok(&mut s, PRIMUS, moved("rome_mercenary_1", &["tarragone"]));
    let e = ok(&mut s, PRIMUS, end());
    let started = of_type(&e, "combat_started")[0];
    assert_eq!(started["need_attacker"], 1);
    assert_eq!(started["need_defender"], 2);
}

#[test]
fn scenario_22_two_combats_and_their_order() {
    let mut s = Builder::f4()
        .with_reserves()
        .at("byzance_mercenary_1", "rome")
        .at("byzance_mercenary_2", "salone")
        .at("rome_elephant", "arretium")
        .at("rome_mercenary_1", "aquilee")
        .hand(PRIMUS, &["9", "8", "7", "q"])
        .hand(SECUNDUS, &["2", "3", "4", "5", "q"])
        .paid()
        .build();
    ok(&mut s, PRIMUS, moved("rome_elephant", &["rome"]));
    ok(&mut s, PRIMUS, moved("rome_mercenary_1", &["salone"]));
    ok(&mut s, PRIMUS, end());
    assert_eq!(phase(&s), "combat_choice");
    assert_eq!(
        legal(&s, PRIMUS),
        vec![
            json!({"type": "choose_combat", "city": "rome"}),
            json!({"type": "choose_combat", "city": "salone"})
        ]
    );
    ok(&mut s, PRIMUS, json!({"type": "choose_combat", "city": "rome"}));
    assert_eq!(s.combat.as_ref().unwrap().need, [1, 2]);
    ok(&mut s, PRIMUS, commit(&["9"]));
    let e = ok(&mut s, SECUNDUS, commit(&["2", "3"]));
    assert_eq!(resolved(&e)["winner"], "attacker");
    let next = of_type(&e, "combat_started");
    assert_eq!(next[0]["city"], "salone");
    assert_eq!(next[0]["need_attacker"], 2);
}

#[test]
fn scenario_23_hidden_commits() {
    for partners_see_hands in [false, true] {
        let options = Options {
            partners_see_hands,
            ..Default::default()
        };
        let mut s = Builder::f4_with(options)
            .rome_occupied()
            .at("rome_elephant", "arretium")
            .build();
        ok(&mut s, PRIMUS, moved("rome_elephant", &["rome"]));
        ok(&mut s, PRIMUS, end());
        let action = serde_json::from_value(commit(&["8", "9"])).unwrap();
        let events = RomeCarthage::decide(&s, SECUNDUS, &action, &mut GameSeed::from_u64(1).rng(0)).unwrap();
        for e in &events {
            RomeCarthage::evolve(&mut s, e);
        }
        let committed = &events[0];
        for viewer in [Viewer::Seat(PRIMUS), Viewer::Spectator, Viewer::Seat(TERTIUS)] {
            let v = view(&s, viewer);
            let side = &v["combat"]["defender"];
            assert_eq!(side["committed"], true);
            assert_eq!(side["base_count"], 2);
            assert!(side.get("base").is_none(), "{viewer:?} sees the ranks");
            let public = redacted(committed, viewer);
            assert!(public.get("ranks").is_none());
            assert_eq!(public["count"], 2);
        }
        let quartus = view(&s, Viewer::Seat(QUARTUS));
        let partner = redacted(committed, Viewer::Seat(QUARTUS));
        if partners_see_hands {
            assert_eq!(quartus["combat"]["defender"]["base"], json!(["8", "9"]));
            assert_eq!(partner["ranks"], json!(["8", "9"]));
            assert_eq!(quartus["seats"][SECUNDUS]["hand_ranks"], json!(["3"]));
        } else {
            assert!(quartus["combat"]["defender"].get("base").is_none());
            assert!(partner.get("ranks").is_none());
            assert!(quartus["seats"][SECUNDUS].get("hand_ranks").is_none());
        }
        // The owner sees his committed ranks.
        assert_eq!(view(&s, Viewer::Seat(SECUNDUS))["combat"]["defender"]["base"], json!(["8", "9"]));
        assert_eq!(redacted(committed, Viewer::Seat(SECUNDUS))["ranks"], json!(["8", "9"]));
        // Primus's commit reveals both bases: only now do the ranks become public.
        let e = ok(&mut s, PRIMUS, commit(&["9"]));
        assert_eq!(e[1]["type"], "bases_revealed");
        assert_eq!(e[1]["defender"], json!(["8", "9"]));
    }
    // A drawn card is public only as "drew 1 card"; a hand shows no id outside its owner's view.
    let mut s = Builder::f4()
        .with_reserves()
        .active(QUARTUS)
        .hand(PRIMUS, &["4"])
        .build();
    let events =
        RomeCarthage::decide(&s, QUARTUS, &serde_json::from_value(end()).unwrap(), &mut GameSeed::from_u64(3).rng(0))
            .unwrap();
    for e in &events {
        RomeCarthage::evolve(&mut s, e);
    }
    let drawn = events
        .iter()
        .find(|e| matches!(e, crate::games::rome_carthage::Event::CardDrawn { .. }))
        .unwrap();
    let mine = redacted(drawn, Viewer::Seat(PRIMUS));
    assert!(mine["card"].is_string() && mine["rank"].is_string());
    for viewer in [Viewer::Seat(SECUNDUS), Viewer::Seat(TERTIUS), Viewer::Spectator] {
        let public = redacted(drawn, viewer);
        assert_eq!(public, json!({"type": "card_drawn", "seat": "primus"}));
        let text = view(&s, viewer).to_string();
        for card in &s.hands[PRIMUS] {
            assert!(!text.contains(&format!("\"{}\"", card)));
        }
        for card in &s.talons[0] {
            assert!(!text.contains(&format!("\"{}\"", card)));
        }
    }
}

#[test]
fn scenario_24_draw_offer() {
    let mut s = Builder::f4().with_reserves().build();
    ok(&mut s, PRIMUS, json!({"type": "offer_draw"}));
    assert_eq!(phase(&s), "draw_offer");
    assert_eq!(RomeCarthage::to_act(&s), vec![SECUNDUS]);
    assert_eq!(rejected(&s, TERTIUS, json!({"type": "accept_draw"})), "not_your_turn");
    ok(&mut s, SECUNDUS, json!({"type": "accept_draw"}));
    assert_eq!(RomeCarthage::to_act(&s), vec![TERTIUS]);
    ok(&mut s, TERTIUS, json!({"type": "decline_draw"}));
    assert_eq!(phase(&s), "main");
    assert_eq!(RomeCarthage::to_act(&s), vec![PRIMUS]);
    assert!(!is_legal(&s, PRIMUS, json!({"type": "offer_draw"})));
    assert_eq!(rejected(&s, PRIMUS, json!({"type": "offer_draw"})), "draw_already_offered");

    let mut s = Builder::f4().with_reserves().build();
    ok(&mut s, PRIMUS, json!({"type": "offer_draw"}));
    ok(&mut s, SECUNDUS, json!({"type": "accept_draw"}));
    ok(&mut s, TERTIUS, json!({"type": "accept_draw"}));
    ok(&mut s, QUARTUS, json!({"type": "accept_draw"}));
    let out = serde_json::to_value(RomeCarthage::outcome(&s).unwrap()).unwrap();
    assert_eq!(out["end_reason"], "draw_agreed");
    assert_eq!(out["scores"], json!({"primus": 0.5, "secundus": 0.5, "tertius": 0.5, "quartus": 0.5}));
}

#[test]
fn scenario_25_placement_rules() {
    let place = |kind: &str, city: &str| json!({"type": "place", "kind": kind, "city": city});
    let mut s = Builder::f4().placement().build();
    assert_eq!(phase(&s), "placement");
    assert_eq!(rejected(&s, PRIMUS, place("galley", "capoue")), "not_a_port");
    assert!(is_legal(&s, PRIMUS, place("elephant", "salone")));
    assert_eq!(rejected(&s, PRIMUS, place("mercenary", "carthage")), "not_your_state");
    assert_eq!(rejected(&s, SECUNDUS, place("mercenary", "byzance")), "not_your_turn");
    ok(&mut s, PRIMUS, place("elephant", "salone"));
    assert_eq!(rejected(&s, PRIMUS, place("mercenary", "salone")), "city_occupied");
    assert_eq!(rejected(&s, PRIMUS, place("elephant", "rome")), "no_piece_left");
    ok(&mut s, PRIMUS, place("mercenary", "rome"));
    ok(&mut s, PRIMUS, place("mercenary", "capoue"));
    assert_eq!(holder(&s, "capoue").as_deref(), Some("rome_mercenary_2"));
    let e = ok(&mut s, PRIMUS, place("galley", "pise"));
    assert_eq!(of_type(&e, "placement_turn_started")[0]["seat"], "secundus");
    assert_eq!(RomeCarthage::to_act(&s), vec![SECUNDUS]);

    let s = Builder::f2().placement().build();
    for kind in ["elephant", "chariot", "galley", "mercenary"] {
        assert!(is_legal(&s, PRIMUS, place(kind, "alexandrie")), "{kind}");
        assert!(is_legal(&s, PRIMUS, place(kind, "rome")), "{kind}");
    }
    assert_eq!(s.placement.quota, 4);
}

#[test]
fn scenario_26_talon_reformed() {
    let mut s = Builder::f4()
        .with_reserves()
        .discard(&["3", "5", "9"])
        .empty_talon()
        .active(QUARTUS)
        .build();
    let e = ok(&mut s, QUARTUS, end());
    let reformed = of_type(&e, "talon_reformed");
    assert_eq!(reformed[0]["count"], 3);
    assert_eq!(of_type(&e, "card_drawn")[0]["seat"], "primus");
    assert_eq!(s.talons[0].len(), 2);
    assert!(s.discard.is_empty());
    assert_eq!(s.hands[PRIMUS].len(), 1);
    assert_eq!(view(&s, Viewer::Spectator)["talon_counts"], json!([2]));

    let mut s = Builder::f4().with_reserves().empty_talon().active(QUARTUS).build();
    let e = ok(&mut s, QUARTUS, end());
    assert_eq!(of_type(&e, "draw_skipped")[0]["seat"], "primus");
    assert!(s.hands[PRIMUS].is_empty());
    assert_eq!(phase(&s), "main");
}

#[test]
fn scenario_27_blocked_cities_during_combat() {
    let mut s = Builder::f4()
        .with_reserves()
        .at("rome_chariot", "rome")
        .at("rome_mercenary_1", "tarente")
        .at("byzance_mercenary_1", "capoue")
        .paid()
        .build();
    ok(&mut s, PRIMUS, moved("rome_mercenary_1", &["capoue"]));
    let paths = move_paths(&s, PRIMUS, "rome_chariot");
    assert!(paths.iter().all(|p| p[0] != "capoue"), "{paths:?}");
    assert_eq!(rejected(&s, PRIMUS, moved("rome_chariot", &["capoue"])), "destination_blocked");
    assert_eq!(rejected(&s, PRIMUS, moved("rome_chariot", &["capoue", "tarente"])), "path_blocked");
    assert_eq!(rejected(&s, PRIMUS, moved("rome_chariot", &["capoue", "rhegion"])), "path_blocked");
    assert!(move_paths(&s, PRIMUS, "rome_mercenary_1").is_empty());
    assert_eq!(rejected(&s, PRIMUS, moved("rome_mercenary_1", &["rhegion"])), "piece_engaged");
}
