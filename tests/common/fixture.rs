//! A tiny title used to test the game-agnostic layers (service, store, HTTP) without depending on any real rules.
//! Each seat is dealt a secret card; seats take turns to `bump` a public counter or `reveal` their card; the game
//! ends when both have revealed (higher card wins) or the counter reaches `LIMIT`.

use ludus::engine::{
    GameRng, Lang, OptionInfo, RuleCode, RuleError, Rules, SearchHints, Seat, SetupError, TitleInfo, Viewer, Views,
    Words,
};
use rand::seq::{IndexedRandom, SliceRandom};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub const LIMIT: u32 = 10_000;

pub struct Duel;

#[derive(Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, default)]
pub struct DuelOptions {
    pub bonus: u32,
}

#[derive(Clone, Default, Serialize, Deserialize)]
pub struct DuelState {
    cards: [Option<u32>; 2],
    revealed: [bool; 2],
    counter: u32,
    turn: Seat,
}

#[derive(Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum DuelAction {
    Bump,
    Reveal,
}

#[derive(Clone, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum DuelEvent {
    Dealt {
        seat: Seat,
        #[serde(skip_serializing_if = "Option::is_none")]
        card: Option<u32>,
    },
    Bumped {
        seat: Seat,
    },
    Revealed {
        seat: Seat,
        card: u32,
    },
}

#[derive(Serialize, ToSchema)]
pub struct DuelView {
    pub counter: u32,
    pub my_card: Option<u32>,
    pub revealed: Vec<Option<u32>>,
}

#[derive(Serialize, ToSchema)]
pub struct DuelOutcome {
    pub winners: Vec<&'static str>,
}

impl Rules for Duel {
    const RULES_VERSION: u32 = 1;
    type Options = DuelOptions;
    type State = DuelState;
    type Action = DuelAction;
    type Event = DuelEvent;
    type Outcome = DuelOutcome;

    fn info() -> TitleInfo {
        TitleInfo {
            id: "duel",
            name: "Duel (test fixture)",
            min_players: 2,
            max_players: 2,
            seats: vec!["north", "south"],
            options: vec![OptionInfo {
                name: "bonus",
                description: "unused",
                values: vec![],
                default: "0",
            }],
        }
    }

    fn new_state(players: usize, _: &DuelOptions) -> Result<DuelState, SetupError> {
        Self::check_players(players)?;
        Ok(DuelState::default())
    }

    fn setup(_: &DuelState, rng: &mut GameRng) -> Vec<DuelEvent> {
        let mut deck: Vec<u32> = (1..=100).collect();
        deck.shuffle(rng);
        (0..2)
            .map(|seat| DuelEvent::Dealt {
                seat,
                card: Some(deck[seat]),
            })
            .collect()
    }

    fn evolve(state: &mut DuelState, event: &DuelEvent) {
        match event {
            DuelEvent::Dealt { seat, card } => state.cards[*seat] = *card,
            DuelEvent::Bumped { seat } => {
                state.counter += 1;
                state.turn = 1 - seat;
            }
            DuelEvent::Revealed { seat, .. } => {
                state.revealed[*seat] = true;
                state.turn = 1 - seat;
            }
        }
    }

    fn decide(
        state: &DuelState,
        seat: Seat,
        action: &DuelAction,
        _: &mut GameRng,
    ) -> Result<Vec<DuelEvent>, RuleError> {
        if seat != state.turn {
            return Err(RuleError::new(RuleCode::NotYourTurn, "it is the other seat's turn"));
        }
        match action {
            DuelAction::Bump => Ok(vec![DuelEvent::Bumped { seat }]),
            DuelAction::Reveal if state.revealed[seat] => {
                Err(RuleError::new(RuleCode::AlreadyDone, "you have already shown your card"))
            }
            DuelAction::Reveal => Ok(vec![DuelEvent::Revealed {
                seat,
                card: state.cards[seat].unwrap_or_default(),
            }]),
        }
    }

    fn legal_actions(state: &DuelState, seat: Seat) -> Vec<DuelAction> {
        if Self::to_act(state) != [seat] {
            return vec![];
        }
        let mut actions = vec![DuelAction::Bump];
        if !state.revealed[seat] {
            actions.push(DuelAction::Reveal);
        }
        actions
    }

    fn decided_by(_: &DuelState, event: &DuelEvent) -> Option<Seat> {
        match event {
            DuelEvent::Bumped { seat } | DuelEvent::Revealed { seat, .. } => Some(*seat),
            DuelEvent::Dealt { .. } => None,
        }
    }

    /// The deal draws the cards and a reveal shows one: a bump alone may be undone.
    fn is_undo_barrier(_: &DuelState, event: &DuelEvent) -> bool {
        !matches!(event, DuelEvent::Bumped { .. })
    }

    fn to_act(state: &DuelState) -> Vec<Seat> {
        if Self::outcome(state).is_some() {
            vec![]
        } else {
            vec![state.turn]
        }
    }

    fn outcome(state: &DuelState) -> Option<DuelOutcome> {
        if state.revealed == [true, true] || state.counter >= LIMIT {
            let winner = if state.cards[0] > state.cards[1] { 0 } else { 1 };
            Some(DuelOutcome {
                winners: vec![["north", "south"][winner]],
            })
        } else {
            None
        }
    }

    fn rewards(state: &DuelState) -> Option<Vec<f64>> {
        let winner = Self::outcome(state)?.winners[0];
        Some(
            ["north", "south"]
                .map(|seat| if seat == winner { 1.0 } else { 0.0 })
                .to_vec(),
        )
    }
}

impl Views for Duel {
    type View = DuelView;

    fn view(state: &DuelState, viewer: Viewer) -> DuelView {
        DuelView {
            counter: state.counter,
            my_card: match viewer {
                Viewer::Seat(seat) => state.cards[seat],
                Viewer::Spectator => None,
            },
            revealed: (0..2)
                .map(|s| state.revealed[s].then_some(state.cards[s]).flatten())
                .collect(),
        }
    }

    fn redact(event: &DuelEvent, viewer: Viewer) -> Option<DuelEvent> {
        match event {
            DuelEvent::Dealt { seat, .. } if !viewer.is(*seat) => Some(DuelEvent::Dealt {
                seat: *seat,
                card: None,
            }),
            other => Some(other.clone()),
        }
    }
}

impl Words for Duel {
    fn describe(event: &DuelEvent, lang: Lang) -> String {
        let seat = |seat: &Seat| Self::seat_name(*seat, lang);
        match event {
            DuelEvent::Dealt {
                seat: dealt,
                card: Some(card),
            } => in_lang(
                lang,
                format!("{} is dealt {card}.", seat(dealt)),
                format!("{} reçoit le {card}.", seat(dealt)),
                format!("{} erhält die {card}.", seat(dealt)),
            ),
            DuelEvent::Dealt {
                seat: dealt,
                card: None,
            } => in_lang(
                lang,
                format!("{} is dealt a card.", seat(dealt)),
                format!("{} reçoit une carte.", seat(dealt)),
                format!("{} erhält eine Karte.", seat(dealt)),
            ),
            DuelEvent::Bumped { seat: bumper } => in_lang(
                lang,
                format!("{} bumps.", seat(bumper)),
                format!("{} pousse.", seat(bumper)),
                format!("{} schubst.", seat(bumper)),
            ),
            DuelEvent::Revealed { seat: shower, card } => in_lang(
                lang,
                format!("{} shows {card}.", seat(shower)),
                format!("{} montre le {card}.", seat(shower)),
                format!("{} zeigt die {card}.", seat(shower)),
            ),
        }
    }

    fn label(action: &DuelAction, lang: Lang) -> String {
        match action {
            DuelAction::Bump => in_lang(lang, "Bump", "Pousser", "Schubsen"),
            DuelAction::Reveal => in_lang(lang, "Show my card", "Montrer ma carte", "Meine Karte zeigen"),
        }
        .to_owned()
    }
}

impl SearchHints for Duel {
    fn determinize(state: &DuelState, seat: Seat, rng: &mut GameRng) -> DuelState {
        let other = 1 - seat;
        let mut world = state.clone();
        if !state.revealed[other] {
            let unseen: Vec<u32> = (1..=100).filter(|&card| Some(card) != state.cards[seat]).collect();
            world.cards[other] = unseen.choose(rng).copied();
        }
        world
    }
}

/// The fixture's words in `lang` (a stand-in game keeps them inline, where a title has catalogs).
fn in_lang<T>(lang: Lang, en: T, fr: T, de: T) -> T {
    match lang {
        Lang::En => en,
        Lang::Fr => fr,
        Lang::De => de,
    }
}
