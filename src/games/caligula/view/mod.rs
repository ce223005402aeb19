//! What one viewer may see of a game (spec 9): the view types (schemas `Caligula…`) and `view`. Placed tokens show
//! their owner and slot only, other seats' hands and supplies are counts, the Augustus deck is a sorted set.

mod redact;

use super::Caligula;
use super::event::Event;
use crate::engine::Views;
use serde::Serialize;
use utoipa::ToSchema;

use super::conspiracy::Conspiracy;
use super::data::DATA;
use super::ids::{CardType, FavourAt, Kind, Mode, SeatId, Suit};
use super::outcome::Outcome;
use super::phase::{EffectCursor, Phase};
use super::state::{FaceUp, State};
use crate::engine::{Seat, Viewer};

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = CaligulaPlacedToken)]
pub struct PlacedView {
    pub slot: usize,
    pub owner: SeatId,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = CaligulaCivitasCard)]
pub struct CivitasView {
    /// The card id; its printed data (effect text, slots profile) is in the title's map.
    pub id: &'static str,
    pub card_type: CardType,
    pub value: i32,
    pub usable_slots: usize,
    /// Face-down tokens: owner and slot only, never the value.
    pub tokens: Vec<PlacedView>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = CaligulaSuitRow)]
pub struct SuitView {
    pub suit: Suit,
    pub position_1: Option<CivitasView>,
    pub position_2: Option<CivitasView>,
    pub deck_size: usize,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = CaligulaAugustusCard)]
pub struct AugustusView {
    pub id: &'static str,
    pub life: i32,
    pub vp: u32,
    pub slots: usize,
    pub favours: Vec<SeatId>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = CaligulaSeatView)]
pub struct SeatView {
    pub seat: SeatId,
    pub ordo: u8,
    pub vp: u32,
    pub conspiracy_points: u32,
    pub pip: bool,
    /// Owned SPQR values (public).
    pub owned_spqr: Vec<i8>,
    pub supply_count: usize,
    pub placed_count: usize,
    pub hand_count: u32,
    pub favour: FavourAt,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = CaligulaHand)]
pub struct HandView {
    pub con: u32,
    pub con_dual: u32,
    pub pug: u32,
    pub pug_dual: u32,
}

/// What only the viewing seat may know.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = CaligulaPrivate)]
pub struct PrivateView {
    pub seat: SeatId,
    /// The values in the own supply.
    pub supply: Vec<i8>,
    pub hand: HandView,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = CaligulaResolution)]
pub struct ResolutionView {
    pub card: String,
    pub suit: Suit,
    pub mode: Mode,
    /// One seat per effect instance, in processing order.
    pub queue: Vec<SeatId>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = CaligulaPendingEffect)]
pub struct PendingEffectView {
    pub seat: SeatId,
    pub card: String,
    pub text: String,
    /// The op to decide (`either` for an undecided two-effect step).
    pub op: String,
    pub cursor: EffectCursor,
}

/// The game as one viewer may see it.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = CaligulaView)]
pub struct View {
    /// The viewing seat (absent for a spectator).
    pub viewer: Option<SeatId>,
    pub players: usize,
    /// Substitute card data in use (the printed cards could not be obtained).
    pub substitute_data: bool,
    pub phase: Phase,
    pub to_act: Vec<SeatId>,
    pub round: u32,
    pub sequentia_row: Vec<String>,
    pub sequentia_index: usize,
    pub suit_index: usize,
    pub civitas: Vec<SuitView>,
    pub emperor: AugustusView,
    pub candidate_a: Option<AugustusView>,
    pub candidate_b: Option<AugustusView>,
    pub augustus_deck_size: usize,
    /// The Augustus deck as an unordered (sorted) set.
    pub augustus_deck_contents: Vec<String>,
    pub life_modifier: i32,
    pub conspiracy_blocked: bool,
    pub fallen: bool,
    pub coniura_deck_size: usize,
    pub pugio_deck_size: usize,
    pub pip_holder: Option<SeatId>,
    pub seats: Vec<SeatView>,
    pub resolution: Option<ResolutionView>,
    pub pending_effect: Option<PendingEffectView>,
    pub conspiracy: Option<Conspiracy>,
    /// Present for a seat's own view only.
    pub private: Option<PrivateView>,
    pub result: Option<Outcome>,
}

impl Views for Caligula {
    type View = View;

    fn view(state: &State, viewer: Viewer) -> View {
        let own_seat = match viewer {
            Viewer::Seat(seat) if seat < state.n => Some(seat),
            _ => None,
        };
        let mut deck_contents: Vec<String> = state
            .augustus_deck
            .iter()
            .map(|&card| DATA.augustus[card].id.clone())
            .collect();
        deck_contents.sort();
        View {
            viewer: own_seat.map(SeatId::of),
            players: state.n,
            substitute_data: DATA.substitute,
            phase: state.phase.clone(),
            to_act: state.acting().into_iter().map(SeatId::of).collect(),
            round: state.round,
            sequentia_row: state
                .sequentia_row
                .iter()
                .map(|&card| DATA.sequentia[card].id.clone())
                .collect(),
            sequentia_index: state.seq_index,
            suit_index: state.suit_index,
            civitas: Suit::ALL.iter().map(|&suit| suit_view(state, suit)).collect(),
            emperor: augustus_view(state, state.emperor, FavourAt::Emperor),
            candidate_a: state.candidates[0].map(|card| augustus_view(state, card, FavourAt::A)),
            candidate_b: state.candidates[1].map(|card| augustus_view(state, card, FavourAt::B)),
            augustus_deck_size: state.augustus_deck.len(),
            augustus_deck_contents: deck_contents,
            life_modifier: state.life_modifier,
            conspiracy_blocked: state.conspiracy_blocked,
            fallen: state.fallen,
            coniura_deck_size: state.coniura.len(),
            pugio_deck_size: state.pugio.len(),
            pip_holder: state.pip.map(SeatId::of),
            seats: (0..state.n).map(|seat| seat_view(state, seat)).collect(),
            resolution: state.resolution.as_ref().map(|resolution| ResolutionView {
                card: DATA.civitas[resolution.card].id.clone(),
                suit: resolution.suit,
                mode: resolution.mode,
                queue: resolution.queue.iter().map(|&seat| SeatId::of(seat)).collect(),
            }),
            pending_effect: pending_effect_view(state),
            conspiracy: state.conspiracy.clone(),
            private: own_seat.map(|seat| private_view(state, seat)),
            result: state.result.clone(),
        }
    }

    fn redact(event: &Event, viewer: Viewer) -> Option<Event> {
        redact::redact(event, viewer)
    }

    fn redact_finished(event: &Event) -> Event {
        redact::redact_finished(event)
    }

    /// The card tables (Civitas, Sequentia, Augustus, slot profiles; substitute data marked as such).
    fn map() -> Option<&'static serde_json::Value> {
        Some(&super::data::MAP)
    }
}
fn suit_view(state: &State, suit: Suit) -> SuitView {
    let row = &state.suits[suit.index()];
    SuitView {
        suit,
        position_1: row.pos[0].as_ref().map(|card| civitas_view(state, card)),
        position_2: row.pos[1].as_ref().map(|card| civitas_view(state, card)),
        deck_size: row.deck.len(),
    }
}

fn civitas_view(state: &State, face_up: &FaceUp) -> CivitasView {
    let card = &DATA.civitas[face_up.card];
    CivitasView {
        id: card.id.as_str(),
        card_type: card.card_type,
        value: card.value,
        usable_slots: state.usable_slots(face_up.card),
        tokens: face_up
            .tokens
            .iter()
            .enumerate()
            .map(|(index, token)| PlacedView {
                slot: index + 1,
                owner: SeatId::of(token.owner),
            })
            .collect(),
    }
}

fn augustus_view(state: &State, card: usize, place: FavourAt) -> AugustusView {
    let augustus = &DATA.augustus[card];
    AugustusView {
        id: augustus.id.as_str(),
        life: augustus.life,
        vp: augustus.vp,
        slots: augustus.slots,
        favours: state.favours_at(place).into_iter().map(SeatId::of).collect(),
    }
}

fn seat_view(state: &State, seat: Seat) -> SeatView {
    let player = &state.players[seat];
    SeatView {
        seat: SeatId::of(seat),
        ordo: player.ordo,
        vp: player.vp,
        conspiracy_points: player.cp,
        pip: state.pip == Some(seat),
        owned_spqr: player.owned_values(),
        supply_count: player.supply_count(),
        placed_count: state.placed_count(seat),
        hand_count: player.hand_count(),
        favour: player.favour,
    }
}

/// The effect step waiting for a decision, with the op to decide (`either` while a two-effect step is undecided).
fn pending_effect_view(state: &State) -> Option<PendingEffectView> {
    let Phase::EffectDecision { seat, cursor } = &state.phase else {
        return None;
    };
    let resolution = state.resolution.as_ref()?;
    let card = &DATA.civitas[resolution.card];
    let op = match card.effect.get(cursor.step) {
        Some(step) => step
            .op(cursor.alternative)
            .map_or_else(|| "either".to_string(), |op| op.name().to_string()),
        None => String::new(),
    };
    Some(PendingEffectView {
        seat: *seat,
        card: card.id.clone(),
        text: card.text.clone(),
        op,
        cursor: *cursor,
    })
}

pub fn private_view(state: &State, seat: Seat) -> PrivateView {
    let player = &state.players[seat];
    PrivateView {
        seat: SeatId::of(seat),
        supply: player.supply_values(),
        hand: HandView {
            con: player.hand[Kind::Con.index()],
            con_dual: player.hand[Kind::ConDual.index()],
            pug: player.hand[Kind::Pug.index()],
            pug_dual: player.hand[Kind::PugDual.index()],
        },
    }
}
