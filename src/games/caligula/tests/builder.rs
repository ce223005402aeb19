//! Helpers of the Caligula tests: a set-up game with chosen cards, tokens, hands and Augustus cards, and shortcuts to
//! run the automatic flow and to act.

use tinyvec::ArrayVec;

use super::super::Caligula;
use super::super::action::*;
use super::super::data::DATA;
use super::super::event::*;
use super::super::ids::*;
use super::super::options::Options;
use super::super::phase::*;
use super::super::rules::{Next, Work, drive};
use super::super::state::*;
use super::selfplay::conservation;
use crate::engine::{GameSeed, Rules, SETUP_STREAM};

pub(super) const CH: usize = 0;
pub(super) const SA: usize = 1;
pub(super) const CA: usize = 2;
pub(super) const VI: usize = 3;

pub(super) fn civ(id: &str) -> usize {
    DATA.civitas_index(id).unwrap_or_else(|| panic!("no card {id}"))
}
pub(super) fn aug(id: &str) -> usize {
    DATA.augustus_index(id).unwrap()
}

/// A game of `players` seats right after the setup events drawn with `seed`.
pub(super) fn set_up(players: usize, seed: u64) -> State {
    let mut s = Caligula::new_state(players, &Options::default()).unwrap();
    for e in Caligula::setup(&s, &mut GameSeed::from_u64(seed).rng(SETUP_STREAM)) {
        Caligula::evolve(&mut s, &e);
    }
    s
}

/// A freshly set-up game with seat i holding Ordo i+1, every face-up card a token-less predilection card (so that
/// resolving it does nothing), the Sequentia row seq_1..seq_6 and empty hands (cards conserved in the decks).
pub(super) fn game(n: usize) -> State {
    let mut s = set_up(n, 11);
    for seat in 0..n {
        s.players[seat].ordo = seat as u8 + 1;
    }
    s.phase = Phase::Placement { seat: SeatId::Chaerea };
    for suit in Suit::ALL {
        let p: Vec<usize> = DATA
            .suit_cards(suit)
            .into_iter()
            .filter(|&c| DATA.civitas[c].card_type == super::super::CardType::Predilection)
            .collect();
        put(&mut s, p[0], suit, 0);
        put(&mut s, p[1], suit, 1);
    }
    s.sequentia_row = (0..6).collect();
    set_hands(&mut s, &[]);
    conservation(&s).unwrap();
    s
}

/// Moves Civitas card `card` to (suit, position), swapping it with the card there.
pub(super) fn put(s: &mut State, card: usize, suit: Suit, position: usize) {
    let target = s.suits[suit.index()].pos[position].as_ref().map(|f| f.card);
    if target == Some(card) {
        return;
    }
    // Where is `card` now?
    let mut found = false;
    for row in s.suits.iter_mut() {
        for slot in row.pos.iter_mut().flatten() {
            if slot.card == card {
                slot.card = target.unwrap_or(card);
                found = true;
            }
        }
        for c in row.deck.iter_mut() {
            if *c == card {
                *c = target.unwrap_or(card);
                found = true;
            }
        }
    }
    if let Some(i) = s.civitas_out.iter().position(|&c| c == card) {
        match target {
            Some(t) => s.civitas_out[i] = t,
            None => {
                s.civitas_out.remove(i);
            }
        }
        found = true;
    }
    if !found {
        // A test fixture: the displaced card leaves the game.
        if let Some(t) = target {
            s.civitas_out.push(t);
        }
    }
    s.suits[suit.index()].pos[position] = Some(FaceUp {
        card,
        tokens: Default::default(),
    });
}

/// Puts face-down tokens (owner, value) on the card at (suit, position); the values leave the supplies.
pub(super) fn tokens(s: &mut State, suit: Suit, position: usize, list: &[(usize, i8)]) {
    for &(owner, value) in list {
        s.players[owner].owned[vi(value)] = true;
        s.players[owner].supply[vi(value)] = false;
        s.suits[suit.index()].pos[position]
            .as_mut()
            .unwrap()
            .tokens
            .push(Placed { owner, value });
    }
}

/// Sets the hands (seat, [con, con_dual, pug, pug_dual]); every other seat's hand is emptied. Cards come from / go to
/// the decks so that they are conserved.
pub(super) fn set_hands(s: &mut State, hands: &[(usize, [u32; 4])]) {
    for seat in 0..s.n {
        for k in Kind::ALL {
            for _ in 0..s.players[seat].hand[k.index()] {
                s.deck_mut(k.deck()).push(k);
            }
        }
        s.players[seat].hand = [0; 4];
    }
    for &(seat, hand) in hands {
        for k in Kind::ALL {
            for _ in 0..hand[k.index()] {
                let deck = s.deck_mut(k.deck());
                let i = deck.iter().position(|&x| x == k).expect("enough cards");
                deck.remove(i);
            }
        }
        s.players[seat].hand = hand;
    }
}

/// Sets the Augustus cards; the others go to the deck (in `deck` order first) or out of the game.
pub(super) fn set_augustus(s: &mut State, emperor: &str, a: Option<&str>, b: Option<&str>, deck: &[&str]) {
    s.emperor = aug(emperor);
    s.candidates = [a.map(aug), b.map(aug)];
    s.augustus_deck = deck.iter().map(|d| aug(d)).collect();
    let used: Vec<usize> = [s.emperor]
        .into_iter()
        .chain(s.candidates.iter().flatten().copied())
        .chain(s.augustus_deck.iter().copied())
        .collect();
    s.augustus_out = (0..DATA.augustus.len()).filter(|c| !used.contains(c)).collect();
}

/// `game(players)` under galba, with pertinax (a) and caracalla (b) as candidates and the rest of the player count's
/// Augustus cards in the deck.
pub(super) fn galba_reigns(players: usize) -> State {
    let mut s = game(players);
    let deck: &[&str] = if players >= 4 {
        &["claudius", "commodus", "nero"]
    } else {
        &["domitianus", "vitellius", "elagabalus"]
    };
    set_augustus(&mut s, "galba", Some("pertinax"), Some("caracalla"), deck);
    s
}

/// `game(players)` under caligula (no Favor slot), with galba (a) and pertinax (b) as candidates and the rest of the
/// player count's Augustus cards in the deck.
pub(super) fn caligula_reigns(players: usize) -> State {
    let mut s = game(players);
    let deck: &[&str] = if players >= 4 {
        &["claudius", "commodus", "nero", "caracalla"]
    } else {
        &["caracalla", "domitianus", "vitellius", "elagabalus"]
    };
    set_augustus(&mut s, "caligula", Some("galba"), Some("pertinax"), deck);
    s
}

/// Puts Civitas card `card` in position 1 of its suit with the face-down tokens `placed` (owner, value).
pub(super) fn put_with_tokens(s: &mut State, card: &str, placed: &[(usize, i8)]) {
    let suit = DATA.civitas[civ(card)].suit;
    put(s, civ(card), suit, 0);
    tokens(s, suit, 0, placed);
}

/// Leaves each suit its position-1 card only, with an empty deck: the next round end is the fall of the empire.
pub(super) fn last_cards_only(s: &mut State) {
    for row in s.suits.iter_mut() {
        let p2 = row.pos[1].take().unwrap();
        s.civitas_out.push(p2.card);
        s.civitas_out.extend(std::mem::take(&mut row.deck));
    }
}

/// The ids of the candidates, then of the Augustus deck from the top.
pub(super) fn candidates_and_deck(s: &State) -> Vec<&'static str> {
    s.candidates
        .iter()
        .flatten()
        .chain(s.augustus_deck.iter())
        .map(|&c| DATA.augustus[c].id.as_str())
        .collect()
}

pub(super) fn seq(ids: &[&str]) -> ArrayVec<[usize; SEQUENTIA_CARDS]> {
    let mut row: ArrayVec<[usize; SEQUENTIA_CARDS]> = ids.iter().map(|id| DATA.sequentia_index(id).unwrap()).collect();
    for i in 0..6 {
        if !row.contains(&i) {
            row.push(i);
        }
    }
    row
}

/// Runs the automatic flow from `next` on a copy of `s`.
pub(super) fn run(s: &State, next: Next) -> (State, Vec<Event>) {
    let mut rng = GameSeed::from_u64(5).rng(0);
    let mut w = Work::new(s, &mut rng);
    drive(&mut w, next);
    (w.state, w.events)
}

/// Resolution from the start of the Sequentia row position `index`.
pub(super) fn resolve(s: &State, index: usize) -> (State, Vec<Event>) {
    run(s, Next::StartSequentia(index))
}

/// Resolution from row position `index`, answering every effect decision with `apply`.
pub(super) fn resolve_applying(s: &State, index: usize) -> (State, Vec<Event>) {
    let (mut x, mut events) = resolve(s, index);
    while let Phase::EffectDecision { seat, .. } = x.phase {
        let (n, e) = act(&x, seat.idx(), choice("apply"));
        x = n;
        events.extend(e);
    }
    (x, events)
}

pub(super) fn act(s: &State, seat: usize, action: Action) -> (State, Vec<Event>) {
    let events = Caligula::decide(s, seat, &action, &mut GameSeed::from_u64(9).rng(3))
        .unwrap_or_else(|e| panic!("{action:?} by {seat} rejected: {e}"));
    let mut next = s.clone();
    for e in &events {
        Caligula::evolve(&mut next, e);
    }
    assert_eq!(
        next.phase,
        {
            let mut w = s.clone();
            for e in &events {
                super::super::evolve::evolve(&mut w, e);
            }
            w.phase
        },
        "evolve is deterministic"
    );
    (next, events)
}

/// Plays each (seat, action) of `steps` in turn from `s`.
pub(super) fn play(s: &State, steps: &[(usize, Action)]) -> State {
    steps
        .iter()
        .fold(s.clone(), |x, (seat, action)| act(&x, *seat, action.clone()).0)
}

/// A 3-player game under caligula at the conspiracy opportunity: chaerea holds `chaerea`, sabinus 3 con, callistus
/// 1 con.
pub(super) fn three_player_auction(chaerea: [u32; 4]) -> State {
    let mut s = caligula_reigns(3);
    set_hands(&mut s, &[(CH, chaerea), (SA, [3, 0, 0, 0]), (CA, [1, 0, 0, 0])]);
    run(&s, Next::Opportunity(false)).0
}

/// `three_player_auction(chaerea)` once chaerea opened with 1, sabinus raised to `sabinus_total` and callistus passed:
/// chaerea speaks again.
pub(super) fn sabinus_outbids(chaerea: [u32; 4], sabinus_total: u32) -> State {
    let mut steps = vec![
        (CH, Action::ComplotRaise { total: 1 }),
        (CH, Action::PayConiura { kind: Kind::Con }),
        (SA, Action::ComplotRaise { total: sabinus_total }),
    ];
    steps.extend((0..sabinus_total).map(|_| (SA, Action::PayConiura { kind: Kind::Con })));
    steps.push((CA, Action::ComplotPass));
    play(&three_player_auction(chaerea), &steps)
}

pub(super) fn choice(option: &str) -> Action {
    Action::EffectChoice { option: option.into() }
}

pub(super) fn options(s: &State, seat: usize) -> Vec<String> {
    Caligula::legal_actions(s, seat)
        .into_iter()
        .map(|a| match a {
            Action::EffectChoice { option } => option,
            other => panic!("not an effect choice: {other:?}"),
        })
        .collect()
}

pub(super) fn acting(s: &State) -> Option<usize> {
    s.phase.seat()
}

/// The state right after the first event matching `pred` (replaying `events` on `s`).
pub(super) fn after(s: &State, events: &[Event], pred: impl Fn(&Event) -> bool) -> State {
    let mut x = s.clone();
    for e in events {
        Caligula::evolve(&mut x, e);
        if pred(e) {
            return x;
        }
    }
    panic!("no matching event");
}

pub(super) fn shifted(card: &str) -> impl Fn(&Event) -> bool + '_ {
    move |e| matches!(e, Event::CivitasShifted { removed, .. } if removed == card)
}

pub(super) fn revealed<'a>(events: &'a [Event], card: &str) -> &'a Event {
    events
        .iter()
        .find(|e| matches!(e, Event::TokensRevealed { card: c, .. } if c == card))
        .expect("card revealed")
}

pub(super) fn concerned_of(e: &Event) -> Vec<(usize, usize)> {
    match e {
        Event::TokensRevealed { concerned, .. } => concerned.iter().map(|c| (c.seat.idx(), c.instances)).collect(),
        _ => panic!(),
    }
}

pub(super) fn supply(s: &State, seat: usize) -> Vec<i8> {
    s.players[seat].supply_values()
}
