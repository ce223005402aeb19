//! `setup`, `decide`, `legal_actions` and the automatic flow between decisions (spec sections 3 to 8).

use rand::Rng;
use rand::seq::SliceRandom;
use tinyvec::ArrayVec;

use super::data::{CardType, DATA, Extra, Op, Step, Suit};
use super::evolve::evolve;
use super::model::*;
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
            Next::Placement(last) => placement(w, last),
            Next::StartSequentia(i) => {
                let card = DATA.sequentia[w.s.sequentia_row[i]].id.clone();
                w.emit(Event::SequentiaStarted { index: i, card });
                Next::Suit(0)
            }
            Next::Suit(k) => resolve_suit(w, k),
            Next::Effects(cursor) => effects(w, cursor),
            Next::FinishCard => finish_card(w),
            Next::Extra => extra(w),
            Next::Opportunity(final_conspiracy) => opportunity(w, final_conspiracy),
            Next::Opening(k) => opening(w, k),
            Next::Auction(x) => auction(w, x),
            Next::EndAuction => end_auction(w),
            Next::FavourCandidate => favour_candidate(w),
            Next::FavourLeader => favour_leader(w),
            Next::FavourConspirators(k) => favour_conspirators(w, k),
            Next::Defence(k) => defence(w, k),
            Next::Stab(k) => stabbing(w, k),
            Next::Outcome => outcome(w),
            Next::AfterConspiracy => {
                if w.s.fallen {
                    Next::End
                } else if w.s.seq_index + 1 < w.s.sequentia_row.len() {
                    Next::StartSequentia(w.s.seq_index + 1)
                } else {
                    Next::RoundEnd
                }
            }
            Next::RoundEnd => round_end(w),
            Next::Fall => {
                let returned = w.s.favours_at(FavourAt::Emperor);
                w.emit(Event::EmpireFell {
                    returned_favours: returned.into_iter().map(sid).collect(),
                });
                Next::Opportunity(true)
            }
            Next::End => {
                let result = score(&w.s);
                w.emit(Event::GameOver { result });
                Next::Stop
            }
        }
    }
}

fn any_free_slot(s: &State) -> bool {
    s.suits.iter().any(|row| {
        row.pos
            .iter()
            .flatten()
            .any(|f| f.tokens.len() < s.usable_slots(f.card))
    })
}

fn placement(w: &mut Work, last: Option<Seat>) -> Next {
    let s = &w.s;
    if s.players.iter().all(|p| p.supply_count() == 0) || !any_free_slot(s) {
        let round = s.round;
        w.emit(Event::PlacementEnded { round });
        return Next::StartSequentia(0);
    }
    let order = s.ordo_order();
    let start = match last {
        None => 0,
        Some(x) => order.iter().position(|&o| o == x).map_or(0, |k| k + 1),
    };
    let seat = (0..s.n)
        .map(|i| order[(start + i) % s.n])
        .find(|&o| s.players[o].supply_count() > 0)
        .unwrap_or(order[0]);
    w.await_phase(Phase::Placement { seat: sid(seat) });
    Next::Stop
}

fn resolve_suit(w: &mut Work, k: usize) -> Next {
    let seq = &DATA.sequentia[w.s.sequentia_row[w.s.seq_index]];
    let Some(&suit) = seq.suits.get(k) else {
        return Next::Extra;
    };
    let Some(face) = w.s.face_up(suit, 0).cloned() else {
        return Next::Suit(k + 1);
    };
    let card = &DATA.civitas[face.card];
    let s = &w.s;
    // Totals (7.1).
    let mut totals: Vec<SeatTotal> = Vec::new();
    for (i, t) in face.tokens.iter().enumerate() {
        match totals.iter_mut().find(|x| x.seat.idx() == t.owner) {
            Some(x) => {
                x.total += t.value as i32;
                x.tokens += 1;
            }
            None => totals.push(SeatTotal {
                seat: sid(t.owner),
                total: t.value as i32,
                first_slot: i + 1,
                tokens: 1,
            }),
        }
    }
    let mut ranked = totals.clone();
    ranked.sort_by(|a, b| b.total.cmp(&a.total).then(a.first_slot.cmp(&b.first_slot)));
    let v = card.value;
    let concerned: Vec<Concerned> = match card.card_type {
        CardType::Predilection => ranked
            .first()
            .filter(|w| w.total >= v)
            .map(|w| Concerned {
                seat: w.seat,
                instances: w.tokens,
            })
            .into_iter()
            .collect(),
        CardType::Collective => {
            // Served from the highest single token, ties to the earliest slot (seed: « en commençant par celui qui
            // a le jeton ayant la valeur la plus élevée »), not by the summed total.
            let highest = |seat: SeatId| {
                face.tokens
                    .iter()
                    .filter(|t| t.owner == seat.idx())
                    .map(|t| t.value)
                    .max()
            };
            let mut served: Vec<&SeatTotal> = ranked.iter().filter(|x| x.total >= v).collect();
            served.sort_by_key(|x| (std::cmp::Reverse(highest(x.seat)), x.first_slot));
            served
                .into_iter()
                .map(|x| Concerned {
                    seat: x.seat,
                    instances: x.tokens,
                })
                .collect()
        }
        CardType::Negative => s
            .ordo_order()
            .into_iter()
            .filter(|&o| totals.iter().find(|x| x.seat.idx() == o).is_none_or(|x| x.total < v))
            .map(|o| Concerned {
                seat: sid(o),
                instances: 1,
            })
            .collect(),
    };
    let tokens = face
        .tokens
        .iter()
        .enumerate()
        .map(|(i, t)| RevealedToken {
            slot: i + 1,
            owner: sid(t.owner),
            value: t.value,
            returned: s.players[t.owner].owned[vi(t.value)],
        })
        .collect();
    let mode = if card.card_type == CardType::Negative {
        Mode::Mandatory
    } else {
        Mode::Optional
    };
    w.emit(Event::TokensRevealed {
        card: card.id.clone(),
        suit,
        suit_index: k,
        card_type: card.card_type,
        value: v,
        mode,
        tokens,
        totals,
        concerned,
    });
    Next::Effects(EffectCursor::default())
}

fn finish_card(w: &mut Work) -> Next {
    let Some(res) = w.s.resolution.clone() else {
        return Next::Suit(w.s.suit_index + 1);
    };
    let row = &w.s.suits[res.suit.index()];
    let id = |c: usize| DATA.civitas[c].id.clone();
    let position_1 = row.pos[1].as_ref().map(|f| id(f.card));
    let position_2 = row.deck.first().map(|&c| id(c));
    w.emit(Event::CivitasShifted {
        suit: res.suit,
        removed: id(res.card),
        position_1,
        position_2,
    });
    Next::Suit(w.s.suit_index + 1)
}

fn extra(w: &mut Work) -> Next {
    let seq = &DATA.sequentia[w.s.sequentia_row[w.s.seq_index]];
    match seq.extra {
        None => {}
        Some(Extra::AllDrawConiura) => {
            w.emit(Event::SequentiaExtra {
                extra: Extra::AllDrawConiura,
                ordo: None,
            });
            for seat in w.s.ordo_order() {
                draw(w, seat, Deck::Coniura, 1);
            }
        }
        Some(Extra::PassOrdoLeft) => {
            let n = w.s.n;
            let ordo = (0..n)
                .map(|s| SeatOrdo {
                    seat: sid((s + 1) % n),
                    ordo: w.s.players[s].ordo,
                })
                .collect();
            w.emit(Event::SequentiaExtra {
                extra: Extra::PassOrdoLeft,
                ordo: Some(ordo),
            });
        }
    }
    Next::Opportunity(false)
}

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

fn round_end(w: &mut Work) -> Next {
    let emperor = &DATA.augustus[w.s.emperor];
    let paid: Vec<SeatId> = w.s.favours_at(FavourAt::Emperor).into_iter().map(sid).collect();
    if !paid.is_empty() && emperor.vp > 0 {
        w.emit(Event::RoundEndPayment {
            emperor: emperor.id.clone(),
            vp: emperor.vp,
            paid,
        });
    }
    let next_round = w.s.suits.iter().all(|row| row.pos.iter().all(|p| p.is_some()));
    let round = w.s.round;
    w.emit(Event::RoundEnded { round, next_round });
    if next_round { Next::Placement(None) } else { Next::Fall }
}

/// Final ranking (section 8).
pub fn score(s: &State) -> CaligulaOutcome {
    let key = |seat: Seat| {
        let p = &s.players[seat];
        (p.vp + p.cp, u8::from(s.pip == Some(seat)), p.cp, p.hand_count())
    };
    let mut ranking = s.ordo_order();
    ranking.sort_by_key(|&seat| std::cmp::Reverse(key(seat)));
    let best = key(ranking[0]);
    let winners: Vec<SeatId> = ranking.iter().filter(|&&x| key(x) == best).map(|&x| sid(x)).collect();
    let scores = (0..s.n)
        .map(|seat| {
            let p = &s.players[seat];
            (
                sid(seat).name().to_string(),
                Score {
                    vp: p.vp,
                    conspiracy_points: p.cp,
                    total: p.vp + p.cp,
                    pip: s.pip == Some(seat),
                    cards: p.hand_count(),
                },
            )
        })
        .collect();
    CaligulaOutcome {
        scores,
        ranking: ranking.into_iter().map(sid).collect(),
        draw: winners.len() > 1,
        winners,
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Effects (4.5, 7.2 - 7.4)

/// Option names of an effect step: at most 4 apply options (kinds, seats other than the actor) and `skip`.
type Options = ArrayVec<[&'static str; 5]>;

/// The apply options of one op for one seat (7.4); empty = no effect.
pub fn apply_options(s: &State, seat: Seat, op: Op) -> Options {
    let p = &s.players[seat];
    let strs = |v: &[&'static str]| v.iter().copied().collect::<Options>();
    match op {
        Op::VpGain { .. } | Op::GainSpqr5 { .. } | Op::GainSpqr6 { .. } => strs(&["apply"]),
        Op::VpLose { .. } => {
            if p.vp >= 1 {
                strs(&["apply"])
            } else {
                Options::new()
            }
        }
        Op::DrawConiura { .. } => {
            if s.coniura.is_empty() {
                Options::new()
            } else {
                strs(&["apply"])
            }
        }
        Op::DrawPugio { .. } => {
            if s.pugio.is_empty() {
                Options::new()
            } else {
                strs(&["apply"])
            }
        }
        Op::DrawAny { .. } => {
            let mut v = Options::new();
            if !s.coniura.is_empty() {
                v.push("coniura");
            }
            if !s.pugio.is_empty() {
                v.push("pugio");
            }
            v
        }
        Op::DiscardAny { .. } | Op::DiscardConiura { .. } | Op::DiscardPugio { .. } => Kind::ALL
            .into_iter()
            .filter(|&k| p.has(k))
            .filter(|&k| match op {
                Op::DiscardConiura { .. } => k.coniura_symbol(),
                Op::DiscardPugio { .. } => k.pugio_symbol(),
                _ => true,
            })
            .map(Kind::name)
            .collect(),
        Op::LoseSpqr56 { .. } => {
            if p.owned[vi(5)] || p.owned[vi(6)] || p.vp >= 1 {
                strs(&["apply"])
            } else {
                Options::new()
            }
        }
        Op::TakePip => {
            if s.pip == Some(seat) {
                Options::new()
            } else {
                strs(&["apply"])
            }
        }
        Op::TakeOrdo1 => {
            if p.ordo == 1 {
                Options::new()
            } else {
                strs(&["apply"])
            }
        }
        Op::ReplaceCandidate => [Pos::A, Pos::B]
            .into_iter()
            .filter(|p| s.candidates[p.index()].is_some())
            .map(|p| FavourAt::candidate(p).name())
            .collect(),
        Op::MoveFavour => [FavourAt::Supply, FavourAt::Emperor, FavourAt::A, FavourAt::B]
            .into_iter()
            .filter(|&place| place != p.favour)
            .filter(|&place| place == FavourAt::Supply || s.has_free_slot(place))
            .map(FavourAt::name)
            .collect(),
        Op::StealCard => (0..s.n)
            .filter(|&o| o != seat && s.players[o].hand_count() > 0)
            .map(|o| sid(o).name())
            .collect(),
        Op::EmperorLife { .. } => strs(&["plus", "minus"]),
        Op::FavourBonus { .. } => {
            if p.favour == FavourAt::Emperor {
                strs(&["apply"])
            } else {
                Options::new()
            }
        }
    }
}

/// D17: would applying `op` change one of the seat's own attributes?
pub fn affects(s: &State, seat: Seat, op: Op) -> bool {
    match op {
        Op::EmperorLife { .. } => false,
        Op::ReplaceCandidate => {
            let f = s.players[seat].favour;
            (f == FavourAt::A && s.candidates[0].is_some()) || (f == FavourAt::B && s.candidates[1].is_some())
        }
        Op::VpGain { n } | Op::FavourBonus { n } if n == 0 => false,
        _ => !apply_options(s, seat, op).is_empty(),
    }
}

/// What the engine does with an effect step: nothing, apply one option by itself, or ask the seat.
enum Plan {
    Nothing,
    Auto(&'static str),
    Ask,
}

fn hand_empty(s: &State, seat: Seat) -> bool {
    s.players[seat].hand_count() == 0
}

/// 7.3 for a single op (in the step's mode).
fn plan_op(s: &State, seat: Seat, mode: Mode, op: Op) -> Plan {
    if op.hand_dependent() {
        return if hand_empty(s, seat) { Plan::Nothing } else { Plan::Ask };
    }
    let opts = apply_options(s, seat, op);
    match (mode, opts.len()) {
        (_, 0) => Plan::Nothing,
        (Mode::Optional, _) => Plan::Ask,
        (Mode::Mandatory, 1) => Plan::Auto(opts[0]),
        (Mode::Mandatory, _) => Plan::Ask,
    }
}

/// The alternatives of a two-effect step that can be chosen.
fn either_choices(s: &State, seat: Seat, mode: Mode, either: [Op; 2]) -> ArrayVec<[u8; 2]> {
    (0..2u8)
        .filter(|&a| {
            let op = either[a as usize];
            match mode {
                Mode::Mandatory => affects(s, seat, op),
                Mode::Optional => !apply_options(s, seat, op).is_empty(),
            }
        })
        .collect()
}

fn plan_either(s: &State, seat: Seat, mode: Mode, either: [Op; 2]) -> Plan {
    let hand_dependent = either.iter().any(|op| op.hand_dependent());
    if hand_dependent && !hand_empty(s, seat) {
        return Plan::Ask;
    }
    let choices = either_choices(s, seat, mode, either);
    match (mode, choices.len()) {
        (_, 0) => Plan::Nothing,
        (Mode::Mandatory, 1) => Plan::Auto(alt_name(choices[0])),
        _ => Plan::Ask,
    }
}

fn alt_name(a: u8) -> &'static str {
    if a == 0 { "first" } else { "second" }
}

/// The op currently pending at `cursor`, and the step it belongs to.
fn current_step(s: &State, cursor: &EffectCursor) -> Option<(Seat, Mode, usize, Step)> {
    let res = s.resolution.as_ref()?;
    let seat = *res.queue.get(cursor.instance)?;
    let step = DATA.civitas[res.card].effect.get(cursor.step)?.clone();
    Some((seat, res.mode, res.card, step))
}

/// The options of the pending effect decision, exactly as `effect_choice` accepts them.
pub fn effect_options(s: &State, cursor: &EffectCursor) -> Options {
    let Some((seat, mode, _, step)) = current_step(s, cursor) else {
        return Options::new();
    };
    let mut opts = match (&step, cursor.alternative) {
        (Step::Either { either }, None) => either_choices(s, seat, mode, *either)
            .into_iter()
            .map(alt_name)
            .collect(),
        (Step::Either { either }, Some(a)) => apply_options(s, seat, either[(a as usize).min(1)]),
        (Step::Single(op), _) => apply_options(s, seat, *op),
    };
    match mode {
        Mode::Optional => opts.push("skip"),
        Mode::Mandatory => {
            if opts.is_empty() {
                opts.push("none");
            }
        }
    }
    opts
}

fn next_step(c: EffectCursor) -> EffectCursor {
    EffectCursor {
        instance: c.instance,
        step: c.step + 1,
        alternative: None,
        remaining: None,
    }
}

fn step_event(seat: Seat, card: usize, op: &str, option: &str, automatic: bool) -> Event {
    Event::EffectStep {
        seat: sid(seat),
        card: DATA.civitas[card].id.clone(),
        op: op.to_string(),
        option: option.to_string(),
        automatic,
        alternative: None,
        vp_change: None,
        spqr_gained: None,
        spqr_lost: None,
        ordo_swapped_with: None,
        favour_to: None,
        candidate_replaced: None,
        life_change: None,
        pip_taken: None,
    }
}

/// Processes the effect-instance queue from `cursor` until a decision is needed or the card is done.
fn effects(w: &mut Work, mut cursor: EffectCursor) -> Next {
    loop {
        let Some(res) = w.s.resolution.as_ref() else {
            return Next::FinishCard;
        };
        if cursor.instance >= res.queue.len() {
            return Next::FinishCard;
        }
        let seat = res.queue[cursor.instance];
        let card = res.card;
        let mode = res.mode;
        let steps = &DATA.civitas[card].effect;
        if cursor.step >= steps.len() {
            cursor = EffectCursor {
                instance: cursor.instance + 1,
                ..Default::default()
            };
            continue;
        }
        let op = match (&steps[cursor.step], cursor.alternative) {
            (Step::Single(op), _) => *op,
            (Step::Either { either }, Some(a)) => either[(a as usize).min(1)],
            (Step::Either { either }, None) => match plan_either(&w.s, seat, mode, *either) {
                Plan::Nothing => {
                    w.emit(step_event(seat, card, "either", "none", true));
                    cursor = next_step(cursor);
                    continue;
                }
                Plan::Auto(option) => {
                    let a = u8::from(option == "second");
                    let mut e = step_event(seat, card, "either", option, true);
                    if let Event::EffectStep { alternative, .. } = &mut e {
                        *alternative = Some(a);
                    }
                    w.emit(e);
                    cursor.alternative = Some(a);
                    continue;
                }
                Plan::Ask => {
                    w.await_phase(Phase::EffectDecision {
                        seat: sid(seat),
                        cursor,
                    });
                    return Next::Stop;
                }
            },
        };
        // A multi-decision step whose hand emptied ends.
        if cursor.remaining.is_some() && op.hand_dependent() && hand_empty(&w.s, seat) {
            cursor = next_step(cursor);
            continue;
        }
        match plan_op(&w.s, seat, mode, op) {
            Plan::Nothing => {
                w.emit(step_event(seat, card, op.name(), "none", true));
                cursor = next_step(cursor);
            }
            Plan::Auto(option) => {
                cursor = apply_op(w, seat, card, op, option, true, cursor);
            }
            Plan::Ask => {
                w.await_phase(Phase::EffectDecision {
                    seat: sid(seat),
                    cursor,
                });
                return Next::Stop;
            }
        }
    }
}

/// Applies `option` of `op` for `seat`; returns the cursor to go on with.
fn apply_op(
    w: &mut Work,
    seat: Seat,
    card: usize,
    op: Op,
    option: &str,
    automatic: bool,
    cursor: EffectCursor,
) -> EffectCursor {
    let mut e = step_event(seat, card, op.name(), option, automatic);
    if option == "skip" || option == "none" {
        w.emit(e);
        return next_step(cursor);
    }
    let Event::EffectStep {
        vp_change,
        spqr_gained,
        spqr_lost,
        ordo_swapped_with,
        favour_to,
        candidate_replaced,
        life_change,
        pip_taken,
        ..
    } = &mut e
    else {
        return next_step(cursor);
    };
    let p = &w.s.players[seat];
    let mut follow: Option<Event> = None;
    let mut done = true;
    let mut remaining = cursor.remaining;
    match op {
        Op::VpGain { n } | Op::FavourBonus { n } => *vp_change = Some(n as i32),
        Op::VpLose { n } => *vp_change = Some(-(n.min(p.vp) as i32)),
        Op::DrawConiura { n } | Op::DrawPugio { n } => {
            let deck = if matches!(op, Op::DrawConiura { .. }) {
                Deck::Coniura
            } else {
                Deck::Pugio
            };
            w.emit(e);
            draw(w, seat, deck, n);
            return next_step(cursor);
        }
        Op::DrawAny { n } => {
            let deck = if option == "coniura" {
                Deck::Coniura
            } else {
                Deck::Pugio
            };
            w.emit(e);
            draw(w, seat, deck, 1);
            let left = remaining.unwrap_or(n).saturating_sub(1);
            return if left == 0 {
                next_step(cursor)
            } else {
                EffectCursor {
                    remaining: Some(left),
                    ..cursor
                }
            };
        }
        Op::DiscardAny { n } | Op::DiscardConiura { n } | Op::DiscardPugio { n } => {
            if let Some(kind) = Kind::parse(option) {
                follow = Some(Event::CardDiscarded {
                    seat: sid(seat),
                    kind,
                    deck: kind.deck(),
                });
                let left = remaining.unwrap_or(n).saturating_sub(1);
                remaining = Some(left);
                done = left == 0;
            }
        }
        Op::GainSpqr5 { v } | Op::GainSpqr6 { v } => {
            let value = if matches!(op, Op::GainSpqr5 { .. }) { 5 } else { 6 };
            if p.owned[vi(value)] {
                *vp_change = Some(v as i32);
            } else {
                *spqr_gained = Some(value);
            }
        }
        Op::LoseSpqr56 { v } => {
            if p.owned[vi(6)] {
                *spqr_lost = Some(6);
            } else if p.owned[vi(5)] {
                *spqr_lost = Some(5);
            } else {
                *vp_change = Some(-(v.min(p.vp) as i32));
            }
        }
        Op::TakePip => *pip_taken = Some(true),
        Op::TakeOrdo1 => *ordo_swapped_with = w.s.holder_of_ordo(1).map(sid),
        Op::ReplaceCandidate => {
            let position = if option == "b" { Pos::B } else { Pos::A };
            if let Some(old) = w.s.candidates[position.index()] {
                let new = w.s.augustus_deck.first().copied().unwrap_or(old);
                *candidate_replaced = Some(CandidateReplaced {
                    position,
                    old: DATA.augustus[old].id.clone(),
                    new: DATA.augustus[new].id.clone(),
                    returned_favours: w
                        .s
                        .favours_at(FavourAt::candidate(position))
                        .into_iter()
                        .map(sid)
                        .collect(),
                });
            }
        }
        Op::MoveFavour => {
            *favour_to = [FavourAt::Supply, FavourAt::Emperor, FavourAt::A, FavourAt::B]
                .into_iter()
                .find(|f| f.name() == option)
        }
        Op::StealCard => {
            if let Some(victim) = SeatId::ALL.iter().take(w.s.n).find(|v| v.name() == option).copied() {
                let hand = w.s.players[victim.idx()].hand;
                let total: u32 = hand.iter().sum();
                if total > 0 {
                    let mut r = w.rng.random_range(0..total);
                    let mut kind = Kind::Con;
                    for k in Kind::ALL {
                        if r < hand[k.index()] {
                            kind = k;
                            break;
                        }
                        r -= hand[k.index()];
                    }
                    follow = Some(Event::CardStolen {
                        thief: sid(seat),
                        victim,
                        kind: Some(kind),
                    });
                }
            }
        }
        Op::EmperorLife { n } => *life_change = Some(if option == "minus" { -(n as i32) } else { n as i32 }),
    }
    w.emit(e);
    if let Some(f) = follow {
        w.emit(f);
    }
    if done {
        next_step(cursor)
    } else {
        EffectCursor { remaining, ..cursor }
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Conspiracy (4.6, 7.5, 7.6)

fn conspiracy(s: &State) -> &Conspiracy {
    s.conspiracy
        .as_ref()
        .expect("a conspiracy is in progress in this phase")
}

fn leader(s: &State) -> Seat {
    conspiracy(s).leader.map_or(0, |l| l.idx())
}

fn opportunity(w: &mut Work, final_conspiracy: bool) -> Next {
    let s = &w.s;
    let nobody_has_cards = s.players.iter().all(|p| p.hand_count() == 0);
    let no_candidate = s.candidates.iter().all(|c| c.is_none());
    if nobody_has_cards || (!final_conspiracy && (s.conspiracy_blocked || no_candidate)) {
        return Next::AfterConspiracy;
    }
    w.emit(Event::ConspiracyOpened { final_conspiracy });
    Next::Opening(0)
}

fn opening(w: &mut Work, k: usize) -> Next {
    let order = w.s.ordo_order();
    for &seat in order.iter().skip(k) {
        if hand_empty(&w.s, seat) {
            w.emit(Event::ConspiracyDeclined {
                seat: sid(seat),
                automatic: true,
            });
        } else {
            w.await_phase(Phase::Complot { seat: sid(seat) });
            return Next::Stop;
        }
    }
    w.emit(Event::ConspiracyAbandoned {});
    Next::AfterConspiracy
}

/// The next speaker after an auction action by `x` (4.6 C).
pub fn next_speaker(s: &State, x: Seat) -> Option<Seat> {
    let c = conspiracy(s);
    s.ordo_after(x)
        .into_iter()
        .find(|&o| c.leader.map(|l| l.idx()) != Some(o) && !c.passed[o] && c.committed[o] < c.high)
}

fn auction(w: &mut Work, mut x: Seat) -> Next {
    loop {
        let Some(y) = next_speaker(&w.s, x) else {
            return Next::EndAuction;
        };
        if hand_empty(&w.s, y) {
            w.emit(Event::ConspiracyPassed {
                seat: sid(y),
                automatic: true,
            });
            x = y;
            continue;
        }
        w.await_phase(Phase::Complot { seat: sid(y) });
        return Next::Stop;
    }
}

fn end_auction(w: &mut Work) -> Next {
    let s = &w.s;
    let c = conspiracy(s);
    let l = leader(s);
    let mut conspirators = vec![sid(l)];
    let mut non_participants = vec![];
    for o in s.ordo_after(l) {
        if !c.passed[o] && c.committed[o] == c.high {
            conspirators.push(sid(o));
        } else {
            non_participants.push(sid(o));
        }
    }
    let returned = c.table.iter().map(|p| p.kind).collect();
    let final_conspiracy = c.final_conspiracy;
    let high = c.high;
    w.emit(Event::ConspiracyFormed {
        leader: sid(l),
        high,
        conspirators,
        non_participants,
        returned,
    });
    if final_conspiracy {
        Next::Defence(0)
    } else {
        Next::FavourCandidate
    }
}

fn favour_candidate(w: &mut Work) -> Next {
    let occupied: Vec<Pos> = [Pos::A, Pos::B]
        .into_iter()
        .filter(|p| w.s.candidates[p.index()].is_some())
        .collect();
    match occupied.as_slice() {
        [only] => {
            let position = *only;
            let candidate = w.s.candidates[position.index()].map_or(String::new(), |c| DATA.augustus[c].id.clone());
            w.emit(Event::CandidateChosen {
                position,
                candidate,
                automatic: true,
            });
            Next::FavourLeader
        }
        [] => Next::Defence(0),
        _ => {
            let seat = sid(leader(&w.s));
            w.await_phase(Phase::FavourCandidate { seat });
            Next::Stop
        }
    }
}

fn chosen_place(s: &State) -> FavourAt {
    conspiracy(s)
        .chosen_candidate
        .map_or(FavourAt::Supply, FavourAt::candidate)
}

/// 7.5: the leader's legal targets.
pub fn leader_targets(s: &State) -> Vec<LeaderTarget> {
    let l = leader(s);
    let at = s.players[l].favour;
    let cand = chosen_place(s);
    let mut v = vec![];
    if cand != FavourAt::Supply && (at == cand || s.has_free_slot(cand)) {
        v.push(LeaderTarget::Candidate);
    }
    if at == FavourAt::Emperor || s.has_free_slot(FavourAt::Emperor) {
        v.push(LeaderTarget::Emperor);
    }
    v
}

/// 7.5: a conspirator's legal targets (`stay` always).
pub fn conspirator_targets(s: &State, seat: Seat) -> Vec<ConspiratorTarget> {
    let at = s.players[seat].favour;
    let cand = chosen_place(s);
    let mut v = vec![ConspiratorTarget::Stay];
    if cand != FavourAt::Supply && at != cand && s.has_free_slot(cand) {
        v.push(ConspiratorTarget::Candidate);
    }
    if at != FavourAt::Emperor && s.has_free_slot(FavourAt::Emperor) {
        v.push(ConspiratorTarget::Emperor);
    }
    v
}

fn favour_leader(w: &mut Work) -> Next {
    let targets = leader_targets(&w.s);
    match targets.as_slice() {
        [] => {
            let l = leader(&w.s);
            let at = w.s.players[l].favour;
            w.emit(Event::FavourMoved {
                seat: sid(l),
                from: at,
                to: at,
                automatic: true,
            });
            Next::FavourConspirators(0)
        }
        [only] => {
            let l = leader(&w.s);
            place_leader_favour(w, l, *only, true);
            Next::FavourConspirators(0)
        }
        _ => {
            let seat = sid(leader(&w.s));
            w.await_phase(Phase::FavourLeader { seat });
            Next::Stop
        }
    }
}

fn place_leader_favour(w: &mut Work, l: Seat, target: LeaderTarget, automatic: bool) {
    let from = w.s.players[l].favour;
    let to = match target {
        LeaderTarget::Candidate => chosen_place(&w.s),
        LeaderTarget::Emperor => FavourAt::Emperor,
    };
    w.emit(Event::FavourMoved {
        seat: sid(l),
        from,
        to,
        automatic,
    });
}

pub fn place_conspirator_favour(w: &mut Work, seat: Seat, target: ConspiratorTarget, automatic: bool) {
    let from = w.s.players[seat].favour;
    let to = match target {
        ConspiratorTarget::Stay => from,
        ConspiratorTarget::Candidate => chosen_place(&w.s),
        ConspiratorTarget::Emperor => FavourAt::Emperor,
    };
    w.emit(Event::FavourMoved {
        seat: sid(seat),
        from,
        to,
        automatic,
    });
}

/// The other conspirators in `ordo_after(leader)` order.
pub fn other_conspirators(s: &State) -> Seats {
    let c = conspiracy(s);
    s.ordo_after(leader(s))
        .into_iter()
        .filter(|&o| c.is_conspirator(o))
        .collect()
}

/// The non-participants in `ordo_after(leader)` order (D24).
pub fn defenders(s: &State) -> Seats {
    let c = conspiracy(s);
    s.ordo_after(leader(s))
        .into_iter()
        .filter(|&o| !c.is_conspirator(o))
        .collect()
}

/// The conspirators in `ordo_from(leader)` order.
pub fn stabbers(s: &State) -> Seats {
    let c = conspiracy(s);
    s.ordo_from(leader(s))
        .into_iter()
        .filter(|&o| c.is_conspirator(o))
        .collect()
}

fn favour_conspirators(w: &mut Work, k: usize) -> Next {
    let list = other_conspirators(&w.s);
    for &seat in list.iter().skip(k) {
        if conspirator_targets(&w.s, seat).len() == 1 {
            place_conspirator_favour(w, seat, ConspiratorTarget::Stay, true);
        } else {
            w.await_phase(Phase::FavourConspirator { seat: sid(seat) });
            return Next::Stop;
        }
    }
    Next::Defence(0)
}

fn defence(w: &mut Work, k: usize) -> Next {
    let list = defenders(&w.s);
    for &seat in list.iter().skip(k) {
        if hand_empty(&w.s, seat) {
            w.emit(Event::DefencePassed {
                seat: sid(seat),
                automatic: true,
            });
        } else {
            w.await_phase(Phase::Defence { seat: sid(seat) });
            return Next::Stop;
        }
    }
    Next::Stab(0)
}

fn stabbing(w: &mut Work, k: usize) -> Next {
    let list = stabbers(&w.s);
    for &seat in list.iter().skip(k) {
        if hand_empty(&w.s, seat) {
            w.emit(Event::StabDone {
                seat: sid(seat),
                automatic: true,
            });
        } else {
            w.await_phase(Phase::Stabbing { seat: sid(seat) });
            return Next::Stop;
        }
    }
    Next::Outcome
}

/// Effective life L (7.6, D25), without the defence.
pub fn base_life(s: &State) -> i32 {
    (DATA.augustus[s.emperor].life + s.life_modifier).max(1)
}

fn outcome(w: &mut Work) -> Next {
    let s = &w.s;
    let c = conspiracy(s);
    let life = base_life(s) + c.defence_count as i32;
    let stabs: u32 = c.stab_count.iter().sum();
    let returned: Vec<Kind> = c.table.iter().map(|p| p.kind).collect();
    let emperor = DATA.augustus[s.emperor].id.clone();
    let final_conspiracy = c.final_conspiracy;
    if stabs as i32 >= life {
        let returned_favours = s.favours_at(FavourAt::Emperor).into_iter().map(sid).collect();
        let stabbers: Vec<SeatId> = stabbers(s)
            .into_iter()
            .filter(|&o| c.stab_count[o] >= 1)
            .map(sid)
            .collect();
        let (new_emperor, vacated, new_candidate) = match (final_conspiracy, c.chosen_candidate) {
            (false, Some(pos)) => (
                s.candidates[pos.index()].map(|a| DATA.augustus[a].id.clone()),
                Some(pos),
                s.augustus_deck.first().map(|&a| DATA.augustus[a].id.clone()),
            ),
            _ => (None, None, None),
        };
        w.emit(Event::EmperorDied {
            emperor,
            life,
            stabs,
            returned_favours,
            new_emperor,
            vacated,
            new_candidate,
            leader: sid(leader(s)),
            stabbers,
            returned,
        });
    } else {
        let returned_favours = if final_conspiracy {
            vec![]
        } else {
            s.favours_at(chosen_place(s))
                .into_iter()
                .filter(|_| chosen_place(s) != FavourAt::Supply)
                .map(sid)
                .collect()
        };
        w.emit(Event::EmperorSurvived {
            emperor,
            life,
            stabs,
            returned_favours,
            returned,
        });
    }
    Next::AfterConspiracy
}

// ---------------------------------------------------------------------------------------------------------------
// Legal actions and decide

pub fn legal_actions(s: &State, seat: Seat) -> Vec<Action> {
    if s.phase.seat() != Some(seat) || seat >= s.n {
        return vec![];
    }
    let p = &s.players[seat];
    let held = |f: fn(Kind) -> bool| Kind::ALL.into_iter().filter(move |&k| f(k) && p.has(k));
    match &s.phase {
        Phase::Setup | Phase::GameOver => vec![],
        Phase::Placement { .. } => {
            // The cards with a free slot (suit index, position), found once for every value.
            let free: ArrayVec<[(usize, u8); 10]> = (0..Suit::ALL.len())
                .flat_map(|suit| [(suit, 1), (suit, 2)])
                .filter(|&(suit, position)| {
                    s.face_up(Suit::ALL[suit], position as usize - 1)
                        .is_some_and(|f| f.tokens.len() < s.usable_slots(f.card))
                })
                .collect();
            let values = (0..8).filter(|&i| p.supply[i]).map(iv);
            let mut v = Vec::with_capacity(p.supply_count() * free.len());
            for value in values {
                v.extend(free.iter().map(|&(suit, position)| Action::PlaceToken {
                    value,
                    suit: Suit::ALL[suit],
                    position,
                }));
            }
            v
        }
        Phase::EffectDecision { cursor, .. } => effect_options(s, cursor)
            .into_iter()
            .map(|option| Action::EffectChoice {
                option: option.to_string(),
            })
            .collect(),
        Phase::Complot { .. } => {
            let c = conspiracy(s);
            let mut v = vec![Action::ComplotPass];
            let have = c.committed[seat] + p.coniura_symbols();
            if c.leader.is_some() && have >= c.high {
                v.push(Action::ComplotAccept);
            }
            for total in c.high + 1..=have {
                v.push(Action::ComplotRaise { total });
            }
            v
        }
        Phase::ComplotPayment { .. } => held(Kind::coniura_symbol)
            .map(|kind| Action::PayConiura { kind })
            .collect(),
        Phase::FavourCandidate { .. } => [Pos::A, Pos::B]
            .into_iter()
            .filter(|p| s.candidates[p.index()].is_some())
            .map(|candidate| Action::ChooseCandidate { candidate })
            .collect(),
        Phase::FavourLeader { .. } => leader_targets(s)
            .into_iter()
            .map(|target| Action::LeaderFavour { target })
            .collect(),
        Phase::FavourConspirator { .. } => conspirator_targets(s, seat)
            .into_iter()
            .map(|target| Action::ConspiratorFavour { target })
            .collect(),
        Phase::Defence { .. } => {
            let mut v: Vec<Action> = held(Kind::pugio_symbol).map(|kind| Action::Defend { kind }).collect();
            v.push(Action::DefendPass);
            v
        }
        Phase::Stabbing { .. } => {
            let mut v: Vec<Action> = held(Kind::pugio_symbol).map(|kind| Action::Stab { kind }).collect();
            v.push(Action::StabDone);
            v
        }
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
    let p = &s.players[seat];
    let mut w = Work::new(state, rng);
    let next = match (action, &s.phase) {
        (Action::PlaceToken { value, suit, position }, Phase::Placement { .. }) => {
            if !(-1..=6).contains(value) || !p.supply[vi(*value)] {
                return Err(err(
                    "not_in_supply",
                    format!("You have no token {value} in your supply."),
                ));
            }
            if !(1..=2).contains(position) {
                return Err(err("bad_position", "The position must be 1 or 2."));
            }
            let Some(f) = s.face_up(*suit, *position as usize - 1) else {
                return Err(err("no_card", "There is no face-up card at that position."));
            };
            if f.tokens.len() >= s.usable_slots(f.card) {
                return Err(err("no_free_slot", "That card has no free slot."));
            }
            w.emit(Event::TokenPlaced {
                seat: sid(seat),
                card: DATA.civitas[f.card].id.clone(),
                suit: *suit,
                position: *position,
                slot: f.tokens.len() + 1,
                value: Some(*value),
            });
            Next::Placement(Some(seat))
        }
        (Action::EffectChoice { option }, Phase::EffectDecision { cursor, .. }) => {
            let cursor = *cursor;
            if !effect_options(s, &cursor).contains(&option.as_str()) {
                return Err(err(
                    "invalid_option",
                    format!("'{option}' is not one of your options for this effect."),
                ));
            }
            let Some((seat, _, card, step)) = current_step(s, &cursor) else {
                return Err(wrong_phase(s, "effect_choice"));
            };
            match (&step, cursor.alternative) {
                (Step::Either { .. }, None) => {
                    if option == "first" || option == "second" {
                        let a = u8::from(option == "second");
                        let mut e = step_event(seat, card, "either", option, false);
                        if let Event::EffectStep { alternative, .. } = &mut e {
                            *alternative = Some(a);
                        }
                        w.emit(e);
                        Next::Effects(EffectCursor {
                            alternative: Some(a),
                            ..cursor
                        })
                    } else {
                        w.emit(step_event(seat, card, "either", option, false));
                        Next::Effects(next_step(cursor))
                    }
                }
                (Step::Either { either }, Some(a)) => Next::Effects(apply_op(
                    &mut w,
                    seat,
                    card,
                    either[(a as usize).min(1)],
                    option,
                    false,
                    cursor,
                )),
                (Step::Single(op), _) => Next::Effects(apply_op(&mut w, seat, card, *op, option, false, cursor)),
            }
        }
        (Action::ComplotPass, Phase::Complot { .. }) => {
            let c = conspiracy(s);
            if c.leader.is_none() {
                w.emit(Event::ConspiracyDeclined {
                    seat: sid(seat),
                    automatic: false,
                });
                let k = s.ordo_order().iter().position(|&o| o == seat).unwrap_or(0);
                Next::Opening(k + 1)
            } else {
                w.emit(Event::ConspiracyPassed {
                    seat: sid(seat),
                    automatic: false,
                });
                Next::Auction(seat)
            }
        }
        (Action::ComplotAccept, Phase::Complot { .. }) => {
            let c = conspiracy(s);
            if c.leader.is_none() {
                return Err(err(
                    "no_leader",
                    "There is no bid to accept yet: open with complot_raise or pass.",
                ));
            }
            let owed = c.high.saturating_sub(c.committed[seat]);
            if p.coniura_symbols() < owed {
                return Err(err(
                    "not_enough_cards",
                    format!("Accepting costs {owed} Coniura-symbol cards; you hold fewer."),
                ));
            }
            w.emit(Event::ConspiracyAccepted { seat: sid(seat), owed });
            w.await_phase(Phase::ComplotPayment { seat: sid(seat), owed });
            Next::Stop
        }
        (Action::ComplotRaise { total }, Phase::Complot { .. }) => {
            let c = conspiracy(s);
            if *total <= c.high {
                return Err(err(
                    "raise_too_low",
                    format!("A raise must be above the high bid of {}.", c.high),
                ));
            }
            let owed = total - c.committed[seat];
            if p.coniura_symbols() < owed {
                return Err(err(
                    "not_enough_cards",
                    format!("Raising to {total} costs {owed} Coniura-symbol cards; you hold fewer."),
                ));
            }
            w.emit(Event::ConspiracyRaised {
                seat: sid(seat),
                total: *total,
                owed,
            });
            w.await_phase(Phase::ComplotPayment { seat: sid(seat), owed });
            Next::Stop
        }
        (Action::PayConiura { kind }, Phase::ComplotPayment { owed, .. }) => {
            if !kind.coniura_symbol() {
                return Err(err(
                    "wrong_kind",
                    "Only a card with a Coniura symbol (con, con_dual, pug_dual) can pay.",
                ));
            }
            if !p.has(*kind) {
                return Err(err("card_not_in_hand", format!("You hold no {} card.", kind.name())));
            }
            let owed = *owed;
            w.emit(Event::CardPlayed {
                seat: sid(seat),
                kind: *kind,
                role: Role::Bid,
            });
            if owed > 1 {
                w.await_phase(Phase::ComplotPayment {
                    seat: sid(seat),
                    owed: owed - 1,
                });
                Next::Stop
            } else {
                Next::Auction(seat)
            }
        }
        (Action::ChooseCandidate { candidate }, Phase::FavourCandidate { .. }) => {
            let Some(card) = s.candidates[candidate.index()] else {
                return Err(err("no_candidate", "That candidate position is empty."));
            };
            w.emit(Event::CandidateChosen {
                position: *candidate,
                candidate: DATA.augustus[card].id.clone(),
                automatic: false,
            });
            Next::FavourLeader
        }
        (Action::LeaderFavour { target }, Phase::FavourLeader { .. }) => {
            if !leader_targets(s).contains(target) {
                return Err(err("no_free_slot", "That card has no free Favor slot."));
            }
            place_leader_favour(&mut w, seat, *target, false);
            Next::FavourConspirators(0)
        }
        (Action::ConspiratorFavour { target }, Phase::FavourConspirator { .. }) => {
            if !conspirator_targets(s, seat).contains(target) {
                return Err(err(
                    "invalid_target",
                    "Your Favor token cannot go there (no free slot, or it is already there).",
                ));
            }
            place_conspirator_favour(&mut w, seat, *target, false);
            let k = other_conspirators(s).iter().position(|&o| o == seat).unwrap_or(0);
            Next::FavourConspirators(k + 1)
        }
        (Action::Defend { kind }, Phase::Defence { .. }) | (Action::Stab { kind }, Phase::Stabbing { .. }) => {
            if !kind.pugio_symbol() {
                return Err(err(
                    "wrong_kind",
                    "Only a card with a Pugio symbol (pug, pug_dual, con_dual) can be used.",
                ));
            }
            if !p.has(*kind) {
                return Err(err("card_not_in_hand", format!("You hold no {} card.", kind.name())));
            }
            let defending = matches!(action, Action::Defend { .. });
            w.emit(Event::CardPlayed {
                seat: sid(seat),
                kind: *kind,
                role: if defending { Role::Defence } else { Role::Stab },
            });
            if defending {
                let k = defenders(s).iter().position(|&o| o == seat).unwrap_or(0);
                Next::Defence(k + 1)
            } else if hand_empty(&w.s, seat) {
                w.emit(Event::StabDone {
                    seat: sid(seat),
                    automatic: true,
                });
                let k = stabbers(s).iter().position(|&o| o == seat).unwrap_or(0);
                Next::Stab(k + 1)
            } else {
                Next::Stop
            }
        }
        (Action::DefendPass, Phase::Defence { .. }) => {
            w.emit(Event::DefencePassed {
                seat: sid(seat),
                automatic: false,
            });
            let k = defenders(s).iter().position(|&o| o == seat).unwrap_or(0);
            Next::Defence(k + 1)
        }
        (Action::StabDone, Phase::Stabbing { .. }) => {
            w.emit(Event::StabDone {
                seat: sid(seat),
                automatic: false,
            });
            let k = stabbers(s).iter().position(|&o| o == seat).unwrap_or(0);
            Next::Stab(k + 1)
        }
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
