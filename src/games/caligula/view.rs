//! Views and event redaction (spec section 9).

use super::data::{DATA, Step, Suit};
use super::state::*;
use super::types::*;
use crate::engine::Viewer;

fn augustus_view(s: &State, card: usize, place: FavourAt) -> AugustusView {
    let a = &DATA.augustus[card];
    AugustusView {
        id: a.id.as_str(),
        life: a.life,
        vp: a.vp,
        slots: a.slots,
        favours: s.favours_at(place).into_iter().map(SeatId::of).collect(),
    }
}

fn civitas_view(s: &State, f: &FaceUp) -> CivitasView {
    let c = &DATA.civitas[f.card];
    CivitasView {
        id: c.id.as_str(),
        card_type: c.card_type,
        value: c.value,
        usable_slots: s.usable_slots(f.card),
        tokens: f
            .tokens
            .iter()
            .enumerate()
            .map(|(i, t)| PlacedView {
                slot: i + 1,
                owner: SeatId::of(t.owner),
            })
            .collect(),
    }
}

pub fn view(s: &State, viewer: Viewer) -> CaligulaView {
    let me = match viewer {
        Viewer::Seat(i) if i < s.n => Some(i),
        _ => None,
    };
    let mut deck_contents: Vec<String> = s.augustus_deck.iter().map(|&a| DATA.augustus[a].id.clone()).collect();
    deck_contents.sort();
    let pending_effect = match &s.phase {
        Phase::EffectDecision { seat, cursor } => s.resolution.as_ref().map(|r| {
            let card = &DATA.civitas[r.card];
            let op = match (card.effect.get(cursor.step), cursor.alternative) {
                (Some(Step::Single(op)), _) => op.name().to_string(),
                (Some(Step::Either { either }), Some(a)) => either[(a as usize).min(1)].name().to_string(),
                (Some(Step::Either { .. }), None) => "either".to_string(),
                (None, _) => String::new(),
            };
            PendingEffectView {
                seat: *seat,
                card: card.id.clone(),
                text: card.text.clone(),
                op,
                cursor: *cursor,
            }
        }),
        _ => None,
    };
    CaligulaView {
        viewer: me.map(SeatId::of),
        players: s.n,
        substitute_data: DATA.substitute,
        phase: s.phase.clone(),
        to_act: s.phase.seat().into_iter().map(SeatId::of).collect(),
        round: s.round,
        sequentia_row: s.sequentia_row.iter().map(|&i| DATA.sequentia[i].id.clone()).collect(),
        sequentia_index: s.seq_index,
        suit_index: s.suit_index,
        civitas: Suit::ALL
            .iter()
            .map(|&suit| {
                let row = &s.suits[suit.index()];
                SuitView {
                    suit,
                    position_1: row.pos[0].as_ref().map(|f| civitas_view(s, f)),
                    position_2: row.pos[1].as_ref().map(|f| civitas_view(s, f)),
                    deck_size: row.deck.len(),
                }
            })
            .collect(),
        emperor: augustus_view(s, s.emperor, FavourAt::Emperor),
        candidate_a: s.candidates[0].map(|c| augustus_view(s, c, FavourAt::A)),
        candidate_b: s.candidates[1].map(|c| augustus_view(s, c, FavourAt::B)),
        augustus_deck_size: s.augustus_deck.len(),
        augustus_deck_contents: deck_contents,
        life_modifier: s.life_modifier,
        conspiracy_blocked: s.conspiracy_blocked,
        fallen: s.fallen,
        coniura_deck_size: s.coniura.len(),
        pugio_deck_size: s.pugio.len(),
        pip_holder: s.pip.map(SeatId::of),
        seats: (0..s.n)
            .map(|i| {
                let p = &s.players[i];
                SeatView {
                    seat: SeatId::of(i),
                    ordo: p.ordo,
                    vp: p.vp,
                    conspiracy_points: p.cp,
                    pip: s.pip == Some(i),
                    owned_spqr: p.owned_values(),
                    supply_count: p.supply_count(),
                    placed_count: s.placed_count(i),
                    hand_count: p.hand_count(),
                    favour: p.favour,
                }
            })
            .collect(),
        resolution: s.resolution.as_ref().map(|r| ResolutionView {
            card: DATA.civitas[r.card].id.clone(),
            suit: r.suit,
            mode: r.mode,
            queue: r.queue.iter().map(|&q| SeatId::of(q)).collect(),
        }),
        pending_effect,
        conspiracy: s.conspiracy.clone(),
        private: me.map(|i| private_view(s, i)),
        result: s.result.clone(),
    }
}

pub fn private_view(s: &State, i: usize) -> PrivateView {
    let p = &s.players[i];
    PrivateView {
        seat: SeatId::of(i),
        supply: p.supply_values(),
        hand: HandView {
            con: p.hand[Kind::Con.index()],
            con_dual: p.hand[Kind::ConDual.index()],
            pug: p.hand[Kind::Pug.index()],
            pug_dual: p.hand[Kind::PugDual.index()],
        },
    }
}

pub fn redact(event: &Event, viewer: Viewer) -> Option<Event> {
    let mut e = without_secrets(event);
    match &mut e {
        Event::TokenPlaced { value, .. } => *value = None,
        Event::CardDrawn { seat, kinds, .. } if !viewer.is(seat.idx()) => {
            *kinds = None;
        }
        Event::CardStolen { thief, victim, kind } if !viewer.is(thief.idx()) && !viewer.is(victim.idx()) => {
            *kind = None;
        }
        _ => {}
    }
    Some(e)
}

/// The event without what stays secret forever: the deck orders (spec 9: "never; only sizes are shown"), which would
/// name the cards never drawn.
fn without_secrets(event: &Event) -> Event {
    let mut e = event.clone();
    match &mut e {
        Event::DecksShuffled { coniura, pugio, .. } => {
            *coniura = None;
            *pugio = None;
        }
        Event::CivitasDealt { deck, .. } | Event::AugustusDealt { deck, .. } => *deck = None,
        _ => {}
    }
    e
}

/// The event as everyone sees it once the game is over: all of it (placed values, drawn and stolen kinds) but what
/// stays secret forever.
pub fn redact_finished(event: &Event) -> Event {
    without_secrets(event)
}
