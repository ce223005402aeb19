//! A small builder for "Given" states (fixtures F4 and F2 of the spec) and helpers to drive `decide` + `evolve`.

use serde_json::{Value, json};

use crate::engine::{GameSeed, RuleError, Rules, SETUP_STREAM, Viewer, Views};
use crate::games::rome_carthage::RomeCarthage;
use crate::games::rome_carthage::card::{Card, Cards, Rank};
use crate::games::rome_carthage::city::CityId;
use crate::games::rome_carthage::data::board;
use crate::games::rome_carthage::evolve::evolve;
use crate::games::rome_carthage::piece::Piece;
use crate::games::rome_carthage::state::{GONE, NONE, Phase, Placement, State};
use crate::games::rome_carthage::{Action, Event, Options};

pub const PRIMUS: usize = 0;
pub const SECUNDUS: usize = 1;
pub const TERTIUS: usize = 2;
pub const QUARTUS: usize = 3;

pub fn piece(id: &str) -> Piece {
    id.parse().unwrap_or_else(|_| panic!("unknown piece {id}"))
}

pub fn city(id: &str) -> u8 {
    id.parse::<CityId>().unwrap_or_else(|_| panic!("unknown city {id}")).0
}

pub fn rank(token: &str) -> Rank {
    serde_json::from_value(json!(token)).unwrap_or_else(|_| panic!("unknown rank {token}"))
}

pub fn ranks(tokens: &[&str]) -> Vec<Rank> {
    tokens.iter().map(|t| rank(t)).collect()
}

pub struct Builder {
    pub s: State,
}

impl Builder {
    fn base(players: usize, options: Options) -> Builder {
        let mut s = RomeCarthage::new_state(players, &options).unwrap();
        // Every card starts in the talon (sorted); hands and discards take theirs from it.
        s.talons = [(0..52).map(Card).collect()].into_iter().collect();
        // Pieces not mentioned are not on the board.
        s.pos = [GONE; 28];
        s.phase = Phase::Main;
        s.active = 0;
        s.round = 1;
        Builder { s }
    }

    /// F4: primus rome, secundus byzance, tertius alexandrie, quartus carthage; team_a = rome + alexandrie;
    /// turn order primus, secundus, tertius, quartus; primus holds sedition_team_a, tertius betrayal_team_a,
    /// secundus betrayal_team_b, quartus sedition_team_b. Primus's `main` phase, budget 1.
    pub fn f4() -> Builder {
        Self::f4_with(Options::default())
    }

    pub fn f4_with(options: Options) -> Builder {
        let mut b = Self::base(4, options);
        b.s.team_of_state = [0, 1, 1, 0];
        b.s.owner = [0, 3, 1, 2];
        b.s.order = [0, 1, 2, 3].into_iter().collect();
        b.s.starter = Some(0);
        b.s.special_holder = [2, 0, 1, 3];
        b
    }

    /// F2: primus rome + alexandrie (team_a), secundus carthage + byzance; starter primus.
    pub fn f2() -> Builder {
        Self::f2_with(Options::default())
    }

    pub fn f2_with(options: Options) -> Builder {
        let mut b = Self::base(2, options);
        b.s.team_of_state = [0, 1, 1, 0];
        b.s.owner = [0, 1, 1, 0];
        b.s.order = [0, 1].into_iter().collect();
        b.s.starter = Some(0);
        b.s.special_holder = [0, 0, 1, 1];
        b
    }

    /// F4 with reserves, and primus's first mercenary in rome facing secundus's in capoue (a skirmish one move
    /// away).
    pub fn skirmish() -> Builder {
        Self::f4()
            .with_reserves()
            .at("rome_mercenary_1", "rome")
            .at("byzance_mercenary_1", "capoue")
    }

    /// One more piece for primus, secundus, tertius and quartus (F4), far from the scenarios' cities, so that a
    /// loss does not eliminate a seat unless a scenario wants it.
    pub fn with_reserves(self) -> Builder {
        self.at("rome_mercenary_3", "narbonne")
            .at("byzance_mercenary_3", "ancyre")
            .at("alexandrie_mercenary_3", "damas")
            .at("carthage_mercenary_3", "capsa")
    }

    /// With reserves, secundus's first mercenary occupies rome (primus's card limit is 1); primus holds 9, 5 and
    /// secundus 8, 9, 3.
    pub fn rome_occupied(self) -> Builder {
        self.with_reserves()
            .at("byzance_mercenary_1", "rome")
            .hand(PRIMUS, &["9", "5"])
            .hand(SECUNDUS, &["8", "9", "3"])
    }

    /// Puts a piece on a city as its holder.
    pub fn at(mut self, piece_id: &str, city_id: &str) -> Builder {
        let (p, c) = (piece(piece_id), city(city_id));
        assert!(self.s.holder_of(c).is_none(), "{city_id} already holds a piece");
        self.s.pos[p.0 as usize] = c;
        self.s.holder[c as usize] = p.0;
        self
    }

    /// Gives a seat cards of these ranks (smallest ids first), taken from the talon.
    pub fn hand(mut self, seat: usize, tokens: &[&str]) -> Builder {
        for r in ranks(tokens) {
            let card = take(&mut self.s.talons[0], r);
            self.s.hands[seat].push(card);
        }
        self
    }

    /// Moves cards of these ranks from the talon to the discard pile.
    pub fn discard(mut self, tokens: &[&str]) -> Builder {
        for r in ranks(tokens) {
            let card = take(&mut self.s.talons[0], r);
            self.s.discard.push(card);
        }
        self
    }

    /// Empties the talon into `removed` (out of the game), keeping 52 cards accounted for.
    pub fn empty_talon(mut self) -> Builder {
        let talon = std::mem::take(&mut self.s.talons[0]);
        self.s.removed.extend(talon);
        self
    }

    pub fn active(mut self, seat: usize) -> Builder {
        self.s.active = seat as u8;
        self
    }

    pub fn paid(mut self) -> Builder {
        self.s.turn.forced_march_paid = true;
        self
    }

    pub fn kings_removed(mut self, n: u8) -> Builder {
        self.s.kings_removed = n;
        self
    }

    pub fn quiet(mut self, n: u32) -> Builder {
        self.s.quiet_turns = n;
        self
    }

    /// Primus's first placement turn, every piece unplaced.
    pub fn placement(mut self) -> Builder {
        self.s.pos = [crate::games::rome_carthage::state::UNPLACED; 28];
        self.s.holder = (0..board().city_count()).map(|_| NONE).collect();
        self.s.phase = Phase::Placement;
        self.s.round = 0;
        self.s.placement = Placement {
            round: 1,
            seat: 0,
            quota: self.s.quota(0, 1),
            placed: 0,
        };
        self
    }

    pub fn build(self) -> State {
        self.s
    }
}

/// A new game of `players` seats with `options`, its setup events (from `seed`) applied.
pub fn set_up(players: usize, options: &Options, seed: GameSeed) -> State {
    let mut s = RomeCarthage::new_state(players, options).unwrap();
    for e in RomeCarthage::setup(&s, &mut seed.rng(SETUP_STREAM)) {
        evolve(&mut s, &e);
    }
    s
}

fn take(cards: &mut Cards, r: Rank) -> Card {
    let (i, _) = cards
        .iter()
        .enumerate()
        .filter(|(_, c)| c.rank() == r)
        .min_by_key(|(_, c)| **c)
        .unwrap_or_else(|| panic!("no card of rank {} left", r.token()));
    cards.remove(i)
}

/// Decides `action` (JSON) for `seat` and applies the events.
pub fn act(s: &mut State, seat: usize, action: Value) -> Result<Vec<Value>, RuleError> {
    let action: Action =
        serde_json::from_value(action.clone()).unwrap_or_else(|e| panic!("malformed action {action}: {e}"));
    let mut rng = GameSeed::from_u64(17).rng(s.seq);
    let events = RomeCarthage::decide(s, seat, &action, &mut rng)?;
    for e in &events {
        evolve(s, e);
    }
    Ok(events.iter().map(|e| serde_json::to_value(e).unwrap()).collect())
}

/// Like `act`, but the action must be accepted.
pub fn ok(s: &mut State, seat: usize, action: Value) -> Vec<Value> {
    act(s, seat, action.clone()).unwrap_or_else(|e| panic!("{action} rejected: {} ({e})", e.code.as_str()))
}

/// The error code of a rejected action; the state is left untouched.
pub fn rejected(s: &State, seat: usize, action: Value) -> &'static str {
    let mut copy = s.clone();
    match act(&mut copy, seat, action.clone()) {
        Ok(_) => panic!("{action} was accepted"),
        Err(e) => e.code.as_str(),
    }
}

/// The legal actions of a seat, as JSON.
pub fn legal(s: &State, seat: usize) -> Vec<Value> {
    RomeCarthage::legal_actions(s, seat)
        .iter()
        .map(|a| serde_json::to_value(a).unwrap())
        .collect()
}

pub fn is_legal(s: &State, seat: usize, action: Value) -> bool {
    legal(s, seat).contains(&action)
}

/// The paths listed for `move` of one piece.
pub fn move_paths(s: &State, seat: usize, piece_id: &str) -> Vec<Vec<String>> {
    legal(s, seat)
        .into_iter()
        .filter(|a| a["type"] == "move" && a["piece"] == piece_id)
        .map(|a| {
            a["path"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_str().unwrap().to_owned())
                .collect()
        })
        .collect()
}

pub fn view(s: &State, viewer: Viewer) -> Value {
    serde_json::to_value(RomeCarthage::view(s, viewer)).unwrap()
}

/// The events of a given type.
pub fn of_type<'a>(events: &'a [Value], kind: &str) -> Vec<&'a Value> {
    events.iter().filter(|e| e["type"] == kind).collect()
}

/// Rank tokens of a list of cards.
pub fn tokens(cards: &[Card]) -> Vec<&'static str> {
    cards.iter().map(|c| c.rank().token()).collect()
}

/// Sorted rank tokens of a seat's hand.
pub fn hand_tokens(s: &State, seat: usize) -> Vec<&'static str> {
    let mut cards = s.hands[seat];
    cards.sort_by_key(|c| (c.rank(), *c));
    tokens(&cards)
}

pub fn redacted(event: &Event, viewer: Viewer) -> Value {
    serde_json::to_value(RomeCarthage::redact(event, viewer).unwrap()).unwrap()
}

pub fn phase(s: &State) -> String {
    view(s, Viewer::Spectator)["phase"].as_str().unwrap().to_owned()
}

pub fn holder(s: &State, city_id: &str) -> Option<String> {
    s.holder_of(city(city_id)).map(|p| p.to_string())
}
