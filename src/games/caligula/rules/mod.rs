//! `setup`, `decide`, `legal_actions` and the automatic flow between decisions (spec sections 3 to 8). This module
//! holds the setup, the working copy of a decision and the flow's dispatch (`drive`), and dispatches the legal actions
//! and `decide` on the phase; each part of the round has its own file: `placement` (4.3), `resolution` (4.4, 6.2, 6.3,
//! 7.1) with `effect_decision` (4.5, 7.2 to 7.4), the conspiracy in three (`conspiracy`: 4.6 A to D; `favours`: 4.6 E,
//! 7.5; `assassination`: 4.6 F to H, 7.6), and `end` (4.8, 4.9, 8).

mod assassination;
mod conspiracy;
mod effect_decision;
mod end;
mod favours;
mod placement;
mod resolution;

#[cfg(test)]
pub(super) use assassination::base_life;
#[cfg(test)]
pub(super) use end::score;

use rand::seq::SliceRandom;

use super::data::{DATA, Suit};
use super::evolve::evolve;
use super::state::*;
use super::types::*;
use crate::engine::{GameRng, RuleError, Seat};

/// A working copy: every emitted event is applied at once so that later automatic steps see it.
pub struct Work<'a> {
    pub s: State,
    pub events: Vec<Event>,
    pub rng: &'a mut GameRng,
}

impl<'a> Work<'a> {
    pub fn new(state: &State, rng: &'a mut GameRng) -> Self {
        Work {
            s: state.clone(),
            // Room for a typical action's events (the action's and `awaiting`), kept below the size at which
            // malloc consolidates its free lists: an event is about 200 bytes.
            events: Vec::with_capacity(4),
            rng,
        }
    }
    pub fn emit(&mut self, event: Event) {
        evolve(&mut self.s, &event);
        self.events.push(event);
    }
    fn await_phase(&mut self, phase: Phase) {
        self.emit(Event::Awaiting { phase });
    }
}

fn sid(seat: Seat) -> SeatId {
    SeatId::of(seat)
}

fn err(code: &'static str, message: impl Into<String>) -> RuleError {
    RuleError::new(code, message)
}

fn hand_empty(s: &State, seat: Seat) -> bool {
    s.players[seat].hand_count() == 0
}

/// The kinds `p` holds among those with the symbol `symbol`.
fn held(p: &Player, symbol: fn(Kind) -> bool) -> impl Iterator<Item = Kind> + '_ {
    Kind::ALL.into_iter().filter(move |&k| symbol(k) && p.has(k))
}

/// `seat` draws `n` cards from `deck`, fewer if the deck runs out.
fn draw(w: &mut Work, seat: Seat, deck: Deck, n: u32) {
    let available = w.s.deck(deck).len();
    let count = (n as usize).min(available);
    if count == 0 {
        return;
    }
    let kinds: Vec<Kind> = w.s.deck(deck).iter().take(count).copied().collect();
    w.emit(Event::CardDrawn {
        seat: sid(seat),
        deck,
        count,
        kinds: Some(kinds),
    });
}

// ---------------------------------------------------------------------------------------------------------------
// Setup

pub fn new_state(n: usize) -> State {
    let player = |_| {
        let mut owned = [false; 8];
        for &v in &DATA.spqr_start {
            owned[vi(v)] = true;
        }
        Player {
            ordo: 0,
            vp: 0,
            cp: 0,
            owned,
            supply: owned,
            hand: DATA.starting_hand,
            favour: FavourAt::Supply,
        }
    };
    State {
        n,
        phase: Phase::Setup,
        round: 1,
        players: (0..n).map(player).collect(),
        coniura: Default::default(),
        pugio: Default::default(),
        suits: Default::default(),
        civitas_out: Default::default(),
        emperor: DATA.starting_emperor(),
        candidates: [None, None],
        augustus_deck: Default::default(),
        augustus_out: Default::default(),
        sequentia_row: Default::default(),
        seq_index: 0,
        suit_index: 0,
        pip: None,
        life_modifier: 0,
        conspiracy_blocked: false,
        resolution: None,
        conspiracy: None,
        fallen: false,
        result: None,
    }
}

pub fn setup(state: &State, rng: &mut GameRng) -> Vec<Event> {
    let n = state.n;
    let mut w = Work::new(state, rng);
    // 4-5. Coniura deck = the kinds left after the starting hands; Pugio deck.
    let mut coniura = Vec::new();
    let mut pugio = Vec::new();
    for kind in Kind::ALL {
        let left = DATA.kind_counts[kind.index()].saturating_sub(DATA.starting_hand[kind.index()] * n as u32);
        for _ in 0..left {
            match kind.deck() {
                Deck::Coniura => coniura.push(kind),
                Deck::Pugio => pugio.push(kind),
            }
        }
    }
    coniura.shuffle(w.rng);
    pugio.shuffle(w.rng);
    w.emit(Event::DecksShuffled {
        coniura_size: coniura.len(),
        coniura: Some(coniura),
        pugio_size: pugio.len(),
        pugio: Some(pugio),
    });
    // 6. Civitas.
    for suit in Suit::ALL {
        let mut cards = DATA.suit_cards(suit);
        cards.shuffle(w.rng);
        let ids: Vec<String> = cards.iter().map(|&c| DATA.civitas[c].id.clone()).collect();
        w.emit(Event::CivitasDealt {
            suit,
            position_1: ids[0].clone(),
            position_2: ids[1].clone(),
            deck_size: ids.len() - 2,
            deck: Some(ids[2..].to_vec()),
        });
    }
    // 7. Augustus.
    let emperor = DATA.starting_emperor();
    let mut removed = Vec::new();
    let mut deck = Vec::new();
    for (i, card) in DATA.augustus.iter().enumerate() {
        if i == emperor {
            continue;
        }
        if card.in_deck_for_players.contains(&n) {
            deck.push(i);
        } else {
            removed.push(card.id.clone());
        }
    }
    deck.shuffle(w.rng);
    let ids: Vec<String> = deck.iter().map(|&c| DATA.augustus[c].id.clone()).collect();
    let mut contents = ids[2..].to_vec();
    contents.sort();
    w.emit(Event::AugustusDealt {
        emperor: DATA.augustus[emperor].id.clone(),
        removed,
        candidate_a: ids[0].clone(),
        candidate_b: ids[1].clone(),
        deck_contents: contents,
        deck: Some(ids[2..].to_vec()),
    });
    // 8. Sequentia row.
    let mut row: Vec<usize> = (0..DATA.sequentia.len()).collect();
    row.shuffle(w.rng);
    w.emit(Event::SequentiaRow {
        row: row.iter().map(|&i| DATA.sequentia[i].id.clone()).collect(),
    });
    // 9. Ordo.
    let mut ordo: Vec<u8> = (1..=n as u8).collect();
    ordo.shuffle(w.rng);
    w.emit(Event::OrdoDealt {
        ordo: (0..n)
            .map(|s| SeatOrdo {
                seat: sid(s),
                ordo: ordo[s],
            })
            .collect(),
    });
    drive(&mut w, Next::Placement(None));
    w.events
}

// ---------------------------------------------------------------------------------------------------------------
// The automatic flow

/// Where the automatic flow goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// The next placer after this one (None: the first of the round).
    Placement(Option<Seat>),
    StartSequentia(usize),
    /// Resolve the suit at this index of the current Sequentia card.
    Suit(usize),
    Effects(EffectCursor),
    FinishCard,
    Extra,
    Opportunity(bool),
    /// Offer the opening to the seat at this index of `ordo_order`.
    Opening(usize),
    /// The next speaker after this seat.
    Auction(Seat),
    EndAuction,
    FavourCandidate,
    FavourLeader,
    /// Index into the other conspirators in `ordo_after(leader)` order.
    FavourConspirators(usize),
    /// Index into the non-participants in `ordo_after(leader)` order.
    Defence(usize),
    /// Index into the conspirators in `ordo_from(leader)` order.
    Stab(usize),
    Outcome,
    AfterConspiracy,
    RoundEnd,
    Fall,
    End,
    Stop,
}

pub fn drive(w: &mut Work, mut next: Next) {
    loop {
        next = match next {
            Next::Stop => return,
            Next::Placement(last) => placement::placement(w, last),
            Next::StartSequentia(i) => resolution::start_sequentia(w, i),
            Next::Suit(k) => resolution::resolve_suit(w, k),
            Next::Effects(cursor) => effect_decision::effects(w, cursor),
            Next::FinishCard => resolution::finish_card(w),
            Next::Extra => resolution::extra(w),
            Next::Opportunity(final_conspiracy) => conspiracy::opportunity(w, final_conspiracy),
            Next::Opening(k) => conspiracy::opening(w, k),
            Next::Auction(x) => conspiracy::auction(w, x),
            Next::EndAuction => conspiracy::end_auction(w),
            Next::FavourCandidate => favours::favour_candidate(w),
            Next::FavourLeader => favours::favour_leader(w),
            Next::FavourConspirators(k) => favours::favour_conspirators(w, k),
            Next::Defence(k) => assassination::defence(w, k),
            Next::Stab(k) => assassination::stabbing(w, k),
            Next::Outcome => assassination::outcome(w),
            Next::AfterConspiracy => resolution::after_conspiracy(w),
            Next::RoundEnd => end::round_end(w),
            Next::Fall => end::fall(w),
            Next::End => end::game_over(w),
        }
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Legal actions and decide

pub fn legal_actions(s: &State, seat: Seat) -> Vec<Action> {
    if s.phase.seat() != Some(seat) || seat >= s.n {
        return vec![];
    }
    match &s.phase {
        Phase::Setup | Phase::GameOver => vec![],
        Phase::Placement { .. } => placement::actions(s, seat),
        Phase::EffectDecision { cursor, .. } => effect_decision::actions(s, cursor),
        Phase::Complot { .. } => conspiracy::complot_actions(s, seat),
        Phase::ComplotPayment { .. } => conspiracy::payment_actions(s, seat),
        Phase::FavourCandidate { .. } => favours::candidate_actions(s),
        Phase::FavourLeader { .. } => favours::leader_actions(s),
        Phase::FavourConspirator { .. } => favours::conspirator_actions(s, seat),
        Phase::Defence { .. } => assassination::defence_actions(s, seat),
        Phase::Stabbing { .. } => assassination::stabbing_actions(s, seat),
    }
}

fn phase_name(phase: &Phase) -> &'static str {
    match phase {
        Phase::Setup => "setup",
        Phase::Placement { .. } => "placement",
        Phase::EffectDecision { .. } => "effect_decision",
        Phase::Complot { .. } => "complot",
        Phase::ComplotPayment { .. } => "complot_payment",
        Phase::FavourCandidate { .. } => "favour_candidate",
        Phase::FavourLeader { .. } => "favour_leader",
        Phase::FavourConspirator { .. } => "favour_conspirator",
        Phase::Defence { .. } => "defence",
        Phase::Stabbing { .. } => "stabbing",
        Phase::GameOver => "game_over",
    }
}

fn wrong_phase(s: &State, action: &str) -> RuleError {
    err(
        "wrong_phase",
        format!(
            "{action} is not possible now: the game is in the {} phase",
            phase_name(&s.phase)
        ),
    )
}

pub fn decide(state: &State, seat: Seat, action: &Action, rng: &mut GameRng) -> Result<Vec<Event>, RuleError> {
    if state.phase == Phase::GameOver {
        return Err(err("game_over", "The game is over."));
    }
    if seat >= state.n {
        return Err(err("unknown_seat", "There is no such seat in this game."));
    }
    if state.phase.seat() != Some(seat) {
        return Err(err(
            "not_your_turn",
            match state.phase.seat() {
                Some(o) => format!("It is {}'s turn, not yours.", sid(o).name()),
                None => "Nobody may act now.".to_string(),
            },
        ));
    }
    let s = state;
    let mut w = Work::new(state, rng);
    let next = match (action, &s.phase) {
        (Action::PlaceToken { value, suit, position }, Phase::Placement { .. }) => {
            placement::place_token(s, &mut w, seat, *value, *suit, *position)?
        }
        (Action::EffectChoice { option }, Phase::EffectDecision { cursor, .. }) => {
            effect_decision::choose(s, &mut w, *cursor, option)?
        }
        (Action::ComplotPass, Phase::Complot { .. }) => conspiracy::pass(s, &mut w, seat),
        (Action::ComplotAccept, Phase::Complot { .. }) => conspiracy::accept(s, &mut w, seat)?,
        (Action::ComplotRaise { total }, Phase::Complot { .. }) => conspiracy::raise(s, &mut w, seat, *total)?,
        (Action::PayConiura { kind }, Phase::ComplotPayment { owed, .. }) => {
            conspiracy::pay(s, &mut w, seat, *kind, *owed)?
        }
        (Action::ChooseCandidate { candidate }, Phase::FavourCandidate { .. }) => {
            favours::choose_candidate(s, &mut w, *candidate)?
        }
        (Action::LeaderFavour { target }, Phase::FavourLeader { .. }) => {
            favours::leader_favour(s, &mut w, seat, *target)?
        }
        (Action::ConspiratorFavour { target }, Phase::FavourConspirator { .. }) => {
            favours::conspirator_favour(s, &mut w, seat, *target)?
        }
        (Action::Defend { kind }, Phase::Defence { .. }) | (Action::Stab { kind }, Phase::Stabbing { .. }) => {
            assassination::play_card(s, &mut w, seat, *kind, matches!(action, Action::Defend { .. }))?
        }
        (Action::DefendPass, Phase::Defence { .. }) => assassination::defend_pass(s, &mut w, seat),
        (Action::StabDone, Phase::Stabbing { .. }) => assassination::stab_done(s, &mut w, seat),
        (action, _) => {
            let name = serde_json::to_value(action)
                .ok()
                .and_then(|v| v.get("type").and_then(|t| t.as_str()).map(String::from))
                .unwrap_or_else(|| "this action".into());
            return Err(wrong_phase(s, &name));
        }
    };
    drive(&mut w, next);
    Ok(w.events)
}
