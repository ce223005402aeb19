//! Setup, `decide` with every automatic follow-up, and the legal-action lists.

use rand::Rng;
use rand::seq::SliceRandom;
use tinyvec::ArrayVec;

use super::actions::{MAX_PATH, Path, RomeCarthageAction as A, Step};
use super::data::board;
use super::evolve::{
    Destination, Disposal, EndReason, MovedStep, Resolution, RomeCarthageEvent as E, Side, StateOwner, evolve,
};
use super::state::{Combat, Phase, SpyStage, State};
use super::types::{Card, CityId, Kind, Piece, Rank, SeatId, SpecialId, SpecialKind, StateId, TeamId};
use super::view::{RomeCarthageOutcome, Scores, spy_eligible, teams};
use crate::engine::{GameRng, RuleError};

/// The working copy of a decision: events are applied as they are emitted, so later steps see them.
pub struct Cx<'a> {
    pub s: State,
    pub events: Vec<E>,
    pub rng: &'a mut GameRng,
}

impl<'a> Cx<'a> {
    pub fn new(state: &State, rng: &'a mut GameRng) -> Self {
        Cx {
            s: state.clone(),
            events: Vec::new(),
            rng,
        }
    }

    pub fn emit(&mut self, event: E) {
        evolve(&mut self.s, &event);
        self.events.push(event);
    }
}

fn err(code: &'static str, message: impl Into<String>) -> RuleError {
    RuleError::new(code, message)
}

fn sid(seat: u8) -> SeatId {
    SeatId::of(seat as usize)
}

fn ranks_sorted(cards: &[Card]) -> Vec<Rank> {
    let mut ranks: Vec<Rank> = cards.iter().map(|c| c.rank()).collect();
    ranks.sort();
    ranks
}

// ---------------------------------------------------------------------------------------------------------------
// Setup

/// The match split (7.9 as issue 16 amends it): two packets "égaux en force et en nombre". Their sizes differ by at
/// most one and their values as little as the cards allow. Among the best splits, the cards are dealt in the given
/// order (the recorded shuffle, or the discard pile): each goes to P while a best split is still reachable, else to Q.
pub fn split_packets(cards: &[Card]) -> (Vec<Card>, Vec<Card>) {
    let n = cards.len();
    let values: Vec<usize> = cards.iter().map(|c| c.value() as usize).collect();
    let total: usize = values.iter().sum();
    // reach[i][k][v]: some k of the cards from position i on are worth v in all.
    let mut reach = vec![vec![vec![false; total + 1]; n + 1]; n + 1];
    reach[n][0][0] = true;
    for i in (0..n).rev() {
        for k in 0..=n - i {
            for v in 0..=total {
                reach[i][k][v] = reach[i + 1][k][v] || (k > 0 && v >= values[i] && reach[i + 1][k - 1][v - values[i]]);
            }
        }
    }
    let gap = |v: usize| total.abs_diff(2 * v);
    let candidates: Vec<(usize, usize)> = (n / 2..=n.div_ceil(2))
        .flat_map(|k| (0..=total).map(move |v| (k, v)))
        .filter(|&(k, v)| reach[0][k][v])
        .collect();
    let best = candidates.iter().map(|&(_, v)| gap(v)).min().unwrap_or(0);
    let targets: Vec<(usize, usize)> = candidates.into_iter().filter(|&(_, v)| gap(v) == best).collect();
    let (mut p, mut q) = (Vec::new(), Vec::new());
    let (mut k, mut v) = (0, 0);
    for (i, &card) in cards.iter().enumerate() {
        let value = values[i];
        let fits = targets
            .iter()
            .any(|&(tk, tv)| tk > k && tv >= v + value && reach[i + 1][tk - k - 1][tv - v - value]);
        if fits {
            p.push(card);
            k += 1;
            v += value;
        } else {
            q.push(card);
        }
    }
    (p, q)
}

pub fn setup(state: &State, rng: &mut GameRng) -> Vec<E> {
    let mut cx = Cx::new(state, rng);
    let b = board();
    let players = cx.s.players;
    // 2. Team draw.
    let mut suits = [0u8, 1, 2, 3];
    suits.shuffle(cx.rng);
    let mut first: Vec<u8> = suits[..2].iter().map(|&x| b.state_of_suit(x)).collect();
    let mut second: Vec<u8> = suits[2..].iter().map(|&x| b.state_of_suit(x)).collect();
    first.sort();
    second.sort();
    let (team_a, team_b) = if first.contains(&0) {
        (first, second)
    } else {
        (second, first)
    };
    cx.emit(E::TeamsDrawn {
        team_a: team_a.iter().map(|&s| StateId::of(s)).collect(),
        team_b: team_b.iter().map(|&s| StateId::of(s)).collect(),
    });
    // 3. States to seats.
    let mut owner = [0u8; 4];
    let mut solo = None;
    match players {
        4 => {
            suits.shuffle(cx.rng);
            for (seat, &suit) in suits.iter().enumerate() {
                owner[b.state_of_suit(suit) as usize] = seat as u8;
            }
        }
        2 => {
            let primus_a = cx.rng.random_bool(0.5);
            for &s in &team_a {
                owner[s as usize] = if primus_a { 0 } else { 1 };
            }
            for &s in &team_b {
                owner[s as usize] = if primus_a { 1 } else { 0 };
            }
        }
        _ => {
            let solo_seat = cx.rng.random_range(0..3u8);
            let solo_team_a = cx.rng.random_bool(0.5);
            let (mine, mut theirs) = if solo_team_a {
                (team_a.clone(), team_b.clone())
            } else {
                (team_b.clone(), team_a.clone())
            };
            theirs.shuffle(cx.rng);
            for &s in &mine {
                owner[s as usize] = solo_seat;
            }
            let others: Vec<u8> = (0..3u8).filter(|&s| s != solo_seat).collect();
            for (i, &s) in theirs.iter().enumerate() {
                owner[s as usize] = others[i];
            }
            solo = Some(sid(solo_seat));
        }
    }
    cx.emit(E::StatesAssigned {
        owners: (0..4u8)
            .map(|s| StateOwner {
                state: StateId::of(s),
                seat: sid(owner[s as usize]),
            })
            .collect(),
        solo,
    });
    // 4. Hands.
    let mut dealt = [false; 52];
    for seat in 0..players as u8 {
        let states: Vec<u8> = cx.s.states_of(seat).collect();
        let mut hand = Vec::new();
        if states.len() == 2 {
            let primary = b.suit_of_state[states[0] as usize];
            for r in 0..10 {
                hand.push(Card::new(primary, Rank::of(r)));
            }
            for &st in &states {
                let suit = b.suit_of_state[st as usize];
                hand.push(Card::new(suit, Rank::J));
                hand.push(Card::new(suit, Rank::K));
                dealt[Card::new(suit, Rank::Q).0 as usize] = true;
            }
        } else if let Some(&st) = states.first() {
            let suit = b.suit_of_state[st as usize];
            for rank in [
                Rank::R2,
                Rank::R4,
                Rank::R6,
                Rank::R8,
                Rank::R10,
                Rank::J,
                Rank::Q,
                Rank::K,
            ] {
                hand.push(Card::new(suit, rank));
            }
        }
        hand.sort();
        for c in &hand {
            dealt[c.0 as usize] = true;
        }
        let shared_with = cx.s.share_with(seat).map(sid);
        cx.emit(E::HandDealt {
            seat: sid(seat),
            count: hand.len() as u32,
            cards: Some(hand),
            ranks: None,
            shared_with,
        });
    }
    for seat in 0..players as u8 {
        if cx.s.is_two_state(seat) {
            cx.emit(E::QueensRemoved {
                seat: sid(seat),
                ranks: vec![Rank::Q, Rank::Q],
            });
        }
    }
    // 5. Talon.
    let mut talon: Vec<Card> = (0..52u8).filter(|&c| !dealt[c as usize]).map(Card).collect();
    talon.shuffle(cx.rng);
    cx.emit(E::TalonShuffled {
        count: talon.len() as u32,
        order: Some(talon.clone()),
    });
    // 6. Starting card.
    let eligible_suits: Vec<u8> = if players == 3 {
        (0..3u8)
            .filter(|&s| Some(sid(s)) != solo)
            .flat_map(|s| {
                cx.s.states_of(s)
                    .map(|st| b.suit_of_state[st as usize])
                    .collect::<Vec<_>>()
            })
            .collect()
    } else {
        vec![0, 1, 2, 3]
    };
    let mut eligible: Vec<Card> = talon
        .iter()
        .copied()
        .filter(|c| eligible_suits.contains(&c.suit()))
        .collect();
    eligible.sort();
    let card = eligible[cx.rng.random_range(0..eligible.len())];
    let starter = owner[b.state_of_suit(card.suit()) as usize];
    cx.emit(E::StartingCard {
        card,
        starter: sid(starter),
    });
    talon.shuffle(cx.rng);
    cx.emit(E::TalonShuffled {
        count: talon.len() as u32,
        order: Some(talon.clone()),
    });
    // 7. Turn order.
    let order: Vec<u8> = match players {
        4 => {
            let start = b
                .clockwise
                .iter()
                .position(|&s| owner[s as usize] == starter)
                .unwrap_or(0);
            (0..4).map(|k| owner[b.clockwise[(start + k) % 4] as usize]).collect()
        }
        3 => {
            let solo = solo.map(|s| s.index() as u8).unwrap_or(0);
            let other = (0..3u8).find(|&s| s != solo && s != starter).unwrap_or(0);
            vec![starter, solo, other]
        }
        _ => vec![starter, 1 - starter],
    };
    cx.emit(E::TurnOrderFixed {
        order: order.iter().map(|&s| sid(s)).collect(),
    });
    // 8. Match talons.
    if cx.s.options.match_talons {
        let (p, q) = split_packets(&talon);
        let p_to_a = cx.rng.random_bool(0.5);
        let (mut a, mut bb) = if p_to_a { (p, q) } else { (q, p) };
        a.shuffle(cx.rng);
        bb.shuffle(cx.rng);
        cx.emit(E::TalonsSplit {
            packet_p: if p_to_a { TeamId::TeamA } else { TeamId::TeamB },
            team_a_count: a.len() as u32,
            team_b_count: bb.len() as u32,
            team_a_order: Some(a),
            team_b_order: Some(bb),
        });
    }
    // 10. Special cards.
    let mut choosers = Vec::new();
    for team in 0..2u8 {
        let seats = cx.s.seats_of_team(team);
        match seats.as_slice() {
            [only] => cx.emit(E::SpecialsDealt {
                team: TeamId::of(team),
                betrayal: sid(*only),
                sedition: sid(*only),
                chooser: None,
            }),
            [first, ..] => choosers.push(sid(*first)),
            [] => {}
        }
    }
    if choosers.is_empty() {
        first_placement(&mut cx);
    } else {
        cx.emit(E::SpecialChoiceOpened { choosers });
    }
    cx.events
}

fn first_placement(cx: &mut Cx) {
    let seat = cx.s.order.first().copied().unwrap_or(0);
    let quota = cx.s.quota(seat, 1);
    cx.emit(E::PlacementTurnStarted {
        seat: sid(seat),
        round: 1,
        quota,
    });
}

fn next_placement(cx: &mut Cx) {
    let p = cx.s.placement;
    let index = cx.s.order.iter().position(|&s| s == p.seat).unwrap_or(0);
    let (round, index) = if index + 1 >= cx.s.order.len() {
        (p.round + 1, 0)
    } else {
        (p.round, index + 1)
    };
    if round > cx.s.placement_rounds() {
        let first = cx.s.order.first().copied().unwrap_or(0);
        begin_turn(cx, first, 1);
    } else {
        let seat = cx.s.order[index];
        let quota = cx.s.quota(seat, round);
        cx.emit(E::PlacementTurnStarted {
            seat: sid(seat),
            round,
            quota,
        });
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Turns

fn begin_turn(cx: &mut Cx, seat: u8, round: u32) {
    cx.emit(E::TurnStarted { seat: sid(seat), round });
    // 1. Siege check (7.6).
    let mut sieges = cx.s.sieges.clone();
    sieges.sort_by_key(|s| s.established);
    for siege in sieges {
        let all = (0..cx.s.players as u8)
            .filter(|&s| cx.s.in_game(s))
            .all(|s| siege.witnesses & (1 << s) != 0);
        if all {
            game_over(cx, EndReason::CapitalsHeld, Some(siege.team));
            return;
        }
    }
    // 2. Draw.
    let draws = if cx.s.players == 3 && cx.s.solo == Some(seat) {
        2
    } else {
        1
    };
    for _ in 0..draws {
        draw_one(cx, seat);
    }
}

fn draw_one(cx: &mut Cx, seat: u8) {
    let index = cx.s.talon_index(seat);
    if cx.s.talons[index].is_empty() {
        if cx.s.discard.is_empty() {
            cx.emit(E::DrawSkipped { seat: sid(seat) });
            return;
        }
        if cx.s.options.match_talons {
            let (p, q) = split_packets(&cx.s.discard);
            let p_to_a = cx.rng.random_bool(0.5);
            let (pa, pb) = if p_to_a { (p, q) } else { (q, p) };
            let mut a = cx.s.talons.first().map(|t| t.to_vec()).unwrap_or_default();
            let mut bb = cx.s.talons.get(1).map(|t| t.to_vec()).unwrap_or_default();
            a.extend(pa);
            bb.extend(pb);
            a.shuffle(cx.rng);
            bb.shuffle(cx.rng);
            cx.emit(E::TalonsRefilled {
                packet_p: if p_to_a { TeamId::TeamA } else { TeamId::TeamB },
                team_a_count: a.len() as u32,
                team_b_count: bb.len() as u32,
                team_a_order: Some(a),
                team_b_order: Some(bb),
            });
        } else {
            let mut order = cx.s.discard.to_vec();
            order.shuffle(cx.rng);
            cx.emit(E::TalonReformed {
                count: order.len() as u32,
                order: Some(order),
            });
        }
        if cx.s.talons[index].is_empty() {
            cx.emit(E::DrawSkipped { seat: sid(seat) });
            return;
        }
    }
    let Some(&card) = cx.s.talons[index].last() else {
        return;
    };
    let shared_with = cx.s.share_with(seat).map(sid);
    cx.emit(E::CardDrawn {
        seat: sid(seat),
        card: Some(card),
        rank: Some(card.rank()),
        shared_with,
    });
}

fn end_turn(cx: &mut Cx) {
    let active = cx.s.active;
    for siege in cx.s.sieges.clone() {
        let witnesses = siege.witnesses | (1 << active);
        cx.emit(E::SiegeWitnessed {
            team: TeamId::of(siege.team),
            seat: sid(active),
            witnesses: (0..cx.s.players as u8)
                .filter(|&w| witnesses & (1 << w) != 0)
                .map(sid)
                .collect(),
        });
    }
    let n = cx.s.seats_in_game() as u32;
    let t = cx.s.options.no_progress_rounds.saturating_mul(n);
    let progress = cx.s.turn.progress;
    let quiet = if progress { 0 } else { cx.s.quiet_turns + 1 };
    cx.emit(E::TurnEnded {
        seat: sid(active),
        progress,
        quiet_turns: quiet,
    });
    if (quiet >= t && cx.s.sieges.is_empty()) || quiet >= t.saturating_add(n) {
        game_over(cx, EndReason::NoProgress, None);
        return;
    }
    let len = cx.s.order.len();
    let pos = cx.s.order.iter().position(|&s| s == active).unwrap_or(0);
    for k in 1..=len {
        let next = cx.s.order[(pos + k) % len];
        if cx.s.in_game(next) {
            let round = cx.s.round + u32::from(pos + k >= len);
            begin_turn(cx, next, round);
            return;
        }
    }
}

pub fn outcome_for(state: &State, reason: EndReason, winner: Option<u8>) -> RomeCarthageOutcome {
    let score = |seat: u8| match winner {
        None => 0.5,
        Some(team) if state.team_of_seat(seat) == team => 1.0,
        Some(_) => 0.0,
    };
    let players = state.players as u8;
    RomeCarthageOutcome {
        end_reason: reason,
        winning_team: winner.map(TeamId::of),
        winners: winner
            .map(|team| state.seats_of_team(team).into_iter().map(sid).collect())
            .unwrap_or_default(),
        draw: winner.is_none(),
        scores: Scores {
            primus: score(0),
            secundus: score(1),
            tertius: (players > 2).then(|| score(2)),
            quartus: (players > 3).then(|| score(3)),
        },
        teams: teams(state),
        eliminated: (0..players)
            .filter(|&s| state.eliminated[s as usize])
            .map(sid)
            .collect(),
        rounds: state.round,
    }
}

fn game_over(cx: &mut Cx, reason: EndReason, winner: Option<u8>) {
    let result = outcome_for(&cx.s, reason, winner);
    cx.emit(E::GameOver { result });
}

fn siege_update(cx: &mut Cx) {
    for team in 0..2u8 {
        let holds = cx.s.double_holds(team);
        let has = cx.s.sieges.iter().any(|s| s.team == team);
        if holds && !has {
            let established = cx.s.seq;
            cx.emit(E::SiegeEstablished {
                team: TeamId::of(team),
                established,
            });
        } else if !holds && has {
            cx.emit(E::SiegeBroken { team: TeamId::of(team) });
        }
    }
}

/// 6.2: after every elimination of a piece.
fn after_elimination(cx: &mut Cx, piece: Piece) {
    let owner = cx.s.owner_of(piece);
    let team = cx.s.team_of_piece(piece);
    if cx.s.in_game(owner) && !cx.s.seat_has_pieces(owner) {
        let hand = ranks_sorted(&cx.s.hands[owner as usize]);
        cx.emit(E::SeatEliminated { seat: sid(owner), hand });
    }
    if !cx.s.team_has_pieces(team) {
        game_over(cx, EndReason::Annihilation, Some(1 - team));
        return;
    }
    siege_update(cx);
}

// ---------------------------------------------------------------------------------------------------------------
// Movement legality (7.1)

/// Cost of a move of `len` steps by a piece of `kind`; `single`: a betrayal (one single move).
fn move_cost(kind: Kind, len: usize, single: bool) -> Option<u8> {
    match (kind, len) {
        (Kind::Chariot, 1 | 2) => Some(1),
        (Kind::Chariot, 3 | 4) if !single => Some(2),
        (_, 1) => Some(1),
        (Kind::Elephant | Kind::Galley | Kind::Mercenary, 2) if !single => Some(2),
        _ => None,
    }
}

fn network(kind: Kind) -> &'static [Vec<u8>] {
    if kind == Kind::Galley {
        &board().galley
    } else {
        &board().land
    }
}

/// An intermediate city a piece of `team` may pass through.
fn passable(s: &State, team: u8, city: u8) -> bool {
    s.pending_at(city).is_none() && s.holder_of(city).is_none_or(|p| s.team_of_piece(p) == team)
}

/// A city a piece of `team` may end in.
fn can_end(s: &State, team: u8, city: u8) -> bool {
    s.pending_at(city).is_none() && s.holder_of(city).is_none_or(|p| s.team_of_piece(p) != team)
}

/// 7.1.1: checks a path and returns its cost.
fn check_path(s: &State, piece: Piece, path: &[CityId], single: bool) -> Result<u8, RuleError> {
    let Some(start) = s.city_of(piece) else {
        return Err(err("piece_not_on_board", format!("{} is not on the board", piece.id())));
    };
    if s.engaged(piece) {
        return Err(err(
            "piece_engaged",
            format!("{} is engaged in a combat and cannot move", piece.id()),
        ));
    }
    let kind = piece.kind();
    let Some(cost) = move_cost(kind, path.len(), single) else {
        return Err(err(
            "bad_path_length",
            format!("a {} cannot move {} steps in one move", kind.as_str(), path.len()),
        ));
    };
    let net = network(kind);
    let mut previous = start;
    for (i, city) in path.iter().enumerate() {
        if !net[previous as usize].contains(&city.0) {
            let what = if kind == Kind::Galley {
                "sea lane or coast"
            } else {
                "road"
            };
            return Err(err(
                "not_connected",
                format!("no {what} leads from {} to {}", CityId(previous).id(), city.id()),
            ));
        }
        if city.0 == start || path[..i].contains(city) {
            return Err(err("path_repeats", "a path may not visit a city twice"));
        }
        previous = city.0;
    }
    let team = s.team_of_piece(piece);
    for city in &path[..path.len() - 1] {
        if !passable(s, team, city.0) {
            return Err(err(
                "path_blocked",
                format!(
                    "{} cannot pass through {}: it holds an enemy piece or a combat",
                    piece.id(),
                    city.id()
                ),
            ));
        }
    }
    let end = path[path.len() - 1].0;
    if !can_end(s, team, end) {
        return Err(err(
            "destination_blocked",
            format!(
                "{} cannot end in {}: it holds a friendly piece or a combat",
                piece.id(),
                CityId(end).id()
            ),
        ));
    }
    Ok(cost)
}

/// Why a two-mercenary move is refused; cheap to build, so that listing the legal pairs formats no message.
enum MercenaryProblem {
    StepCount,
    SamePiece,
    NotAMercenary(Piece),
    WrongOwner,
    NotOnBoard(Piece),
    Engaged(Piece),
    NotConnected(u8, CityId),
    SameDestination,
    Swap,
    DestinationBlocked(Step),
}

impl MercenaryProblem {
    fn error(self) -> RuleError {
        match self {
            Self::StepCount => err("bad_steps", "a two-mercenary move has exactly two steps"),
            Self::SamePiece => err("bad_steps", "the two steps must move two different mercenaries"),
            Self::NotAMercenary(piece) => err("not_a_mercenary", format!("{} is not a mercenary", piece.id())),
            Self::WrongOwner => err("wrong_owner", "both mercenaries must belong to the seat that moves"),
            Self::NotOnBoard(piece) => err("piece_not_on_board", format!("{} is not on the board", piece.id())),
            Self::Engaged(piece) => err(
                "piece_engaged",
                format!("{} is engaged in a combat and cannot move", piece.id()),
            ),
            Self::NotConnected(from, to) => err(
                "not_connected",
                format!("no road leads from {} to {}", CityId(from).id(), to.id()),
            ),
            Self::SameDestination => err("same_destination", "the two mercenaries must go to different cities"),
            Self::Swap => err("swap", "two mercenaries may not swap places"),
            Self::DestinationBlocked(step) => err(
                "destination_blocked",
                format!(
                    "{} cannot end in {}: it holds a friendly piece or a combat",
                    step.piece.id(),
                    step.to.id()
                ),
            ),
        }
    }
}

/// 7.1.2: two mercenaries of `owner` stepping at once; returns the steps in canonical piece order.
fn check_mercenaries(s: &State, owner: u8, steps: &[Step]) -> Result<[Step; 2], RuleError> {
    mercenary_problem(s, owner, steps).map_err(MercenaryProblem::error)
}

fn mercenary_problem(s: &State, owner: u8, steps: &[Step]) -> Result<[Step; 2], MercenaryProblem> {
    let [mut a, mut b] = match steps {
        [a, b] => [*a, *b],
        _ => return Err(MercenaryProblem::StepCount),
    };
    if a.piece == b.piece {
        return Err(MercenaryProblem::SamePiece);
    }
    if b.piece < a.piece {
        std::mem::swap(&mut a, &mut b);
    }
    for step in [a, b] {
        if step.piece.kind() != Kind::Mercenary {
            return Err(MercenaryProblem::NotAMercenary(step.piece));
        }
        if s.owner_of(step.piece) != owner {
            return Err(MercenaryProblem::WrongOwner);
        }
        let Some(from) = s.city_of(step.piece) else {
            return Err(MercenaryProblem::NotOnBoard(step.piece));
        };
        if s.engaged(step.piece) {
            return Err(MercenaryProblem::Engaged(step.piece));
        }
        if !board().land[from as usize].contains(&step.to.0) {
            return Err(MercenaryProblem::NotConnected(from, step.to));
        }
    }
    if a.to == b.to {
        return Err(MercenaryProblem::SameDestination);
    }
    let (from_a, from_b) = (s.city_of(a.piece).unwrap_or(0), s.city_of(b.piece).unwrap_or(0));
    if a.to.0 == from_b && b.to.0 == from_a {
        return Err(MercenaryProblem::Swap);
    }
    let team = s.team_of_piece(a.piece);
    for (step, other) in [(a, b), (b, a)] {
        let leaving = s.city_of(other.piece) == Some(step.to.0);
        if !leaving && !can_end(s, team, step.to.0) {
            return Err(MercenaryProblem::DestinationBlocked(step));
        }
    }
    Ok([a, b])
}

fn mercenary_event(s: &State, owner: u8, steps: [Step; 2], cost: u8, betrayal: bool) -> E {
    let moved: Vec<Piece> = steps.iter().map(|st| st.piece).collect();
    E::MercenariesMoved {
        seat: sid(owner),
        steps: steps
            .iter()
            .map(|st| MovedStep {
                piece: st.piece,
                from: CityId(s.city_of(st.piece).unwrap_or(0)),
                to: st.to,
                attacks: s.holder_of(st.to.0).filter(|p| !moved.contains(p)),
            })
            .collect(),
        cost,
        betrayal,
    }
}

fn piece_event(s: &State, piece: Piece, path: &[CityId], cost: u8, betrayal: bool) -> E {
    E::PieceMoved {
        seat: sid(s.owner_of(piece)),
        piece,
        from: CityId(s.city_of(piece).unwrap_or(0)),
        path: path.to_vec(),
        cost,
        betrayal,
        attacks: path.last().and_then(|c| s.holder_of(c.0)),
    }
}

/// Every legal single-piece path for `piece` with a cost of at most `max_cost`.
fn paths_of(s: &State, piece: Piece, max_cost: u8, single: bool, out: &mut Vec<(Path, u8)>) {
    let Some(start) = s.city_of(piece) else {
        return;
    };
    if s.engaged(piece) || max_cost == 0 {
        return;
    }
    let kind = piece.kind();
    let max_len = (1..=MAX_PATH)
        .filter(|&l| move_cost(kind, l, single).is_some_and(|c| c <= max_cost))
        .max()
        .unwrap_or(0);
    let walker = Walker {
        s,
        net: network(kind),
        team: s.team_of_piece(piece),
        kind,
        start,
        max_len,
        max_cost,
        single,
    };
    walker.walk(start, &mut Path::new(), out);
}

/// Depth-first enumeration of paths (7.1.1), with the same predicates as `check_path`.
struct Walker<'a> {
    s: &'a State,
    net: &'static [Vec<u8>],
    team: u8,
    kind: Kind,
    start: u8,
    max_len: usize,
    max_cost: u8,
    single: bool,
}

impl Walker<'_> {
    fn walk(&self, at: u8, path: &mut Path, out: &mut Vec<(Path, u8)>) {
        for &next in &self.net[at as usize] {
            if next == self.start || path.iter().any(|c| c.0 == next) {
                continue;
            }
            path.push(CityId(next));
            if can_end(self.s, self.team, next)
                && let Some(cost) = move_cost(self.kind, path.len(), self.single)
                && cost <= self.max_cost
            {
                out.push((*path, cost));
            }
            if path.len() < self.max_len && passable(self.s, self.team, next) {
                self.walk(next, path, out);
            }
            path.pop();
        }
    }
}

/// Every legal two-mercenary move of `owner` (steps in canonical order), with the checks of `mercenary_problem`:
/// the ones of a single step (owner, on the board, not engaged, a land neighbour) hold by construction, and whether
/// a piece may end in each neighbour is read once per mercenary, not once per pair of destinations.
fn mercenary_pairs(s: &State, owner: u8, mut visit: impl FnMut([Step; 2])) {
    #[derive(Default)]
    struct Mercenary {
        piece: Piece,
        from: u8,
        /// Bit c set: it may end in city c (cities fit in 64 bits, see `MAX_CITIES`).
        may_end: u64,
    }
    // A seat owns at most two states of three mercenaries.
    let mercs: ArrayVec<[Mercenary; 6]> = (0..Piece::COUNT)
        .map(Piece)
        .filter(|&p| p.kind() == Kind::Mercenary && s.owner_of(p) == owner && !s.engaged(p))
        .filter_map(|p| {
            let from = s.city_of(p)?;
            let team = s.team_of_piece(p);
            let may_end = board().land[from as usize]
                .iter()
                .filter(|&&to| can_end(s, team, to))
                .fold(0, |bits, &to| bits | (1 << to));
            Some(Mercenary {
                piece: p,
                from,
                may_end,
            })
        })
        .collect();
    for (i, a) in mercs.iter().enumerate() {
        for b in &mercs[i + 1..] {
            for &to_a in &board().land[a.from as usize] {
                // A step into the other mercenary's city is allowed: that one leaves it.
                if a.may_end & (1 << to_a) == 0 && to_a != b.from {
                    continue;
                }
                for &to_b in &board().land[b.from as usize] {
                    let swap = to_a == b.from && to_b == a.from;
                    if to_a == to_b || swap || (b.may_end & (1 << to_b) == 0 && to_b != a.from) {
                        continue;
                    }
                    let pair = [
                        Step {
                            piece: a.piece,
                            to: CityId(to_a),
                        },
                        Step {
                            piece: b.piece,
                            to: CityId(to_b),
                        },
                    ];
                    debug_assert!(mercenary_problem(s, owner, &pair).is_ok());
                    visit(pair);
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Cards

fn rank_counts(cards: &[Card]) -> [u8; 13] {
    let mut counts = [0u8; 13];
    for c in cards {
        let n = &mut counts[c.rank().index() as usize];
        *n = n.saturating_add(1);
    }
    counts
}

/// The cards named by `ranks` are in the hand (as a multiset).
fn in_hand(s: &State, seat: u8, ranks: &[Rank]) -> Result<(), RuleError> {
    let have = rank_counts(&s.hands[seat as usize]);
    let mut want = [0u8; 13];
    for r in ranks {
        let n = &mut want[r.index() as usize];
        *n = n.saturating_add(1);
    }
    for i in 0..13 {
        if want[i] > have[i] {
            return Err(err(
                "card_not_in_hand",
                format!(
                    "you do not hold {} card(s) of rank {}",
                    want[i],
                    Rank::of(i as u8).token()
                ),
            ));
        }
    }
    Ok(())
}

/// Calls `visit` with every multiset of `k` ranks (at most 3) from `counts` (cards per rank), in rank order; a fixed
/// buffer, so that the multisets a caller rejects cost no allocation.
fn for_each_multiset(mut counts: [u8; 13], k: usize, mut visit: impl FnMut(&[Rank])) {
    fn rec<F: FnMut(&[Rank])>(
        counts: &mut [u8; 13],
        from: usize,
        k: usize,
        cur: &mut [Rank; 3],
        len: usize,
        visit: &mut F,
    ) {
        if len == k {
            visit(&cur[..len]);
            return;
        }
        for r in from..13 {
            if counts[r] > 0 {
                counts[r] -= 1;
                cur[len] = Rank::of(r as u8);
                rec(counts, r, k, cur, len + 1, visit);
                counts[r] += 1;
            }
        }
    }
    rec(&mut counts, 0, k, &mut [Rank::of(0); 3], 0, &mut visit);
}

/// 7.1.3 as issue 16 amends it: "un minimum de 3 points en une ou plusieurs cartes", so overpaying is allowed. Zeros
/// still never pay (D16: they are kept forever and add nothing).
fn valid_payment(ranks: &[Rank]) -> bool {
    !ranks.iter().any(|r| r.is_zero()) && payment_value(ranks) >= 3
}

fn payment_value(ranks: &[Rank]) -> u32 {
    ranks.iter().map(|r| r.value()).sum()
}

/// The payments `legal_actions` lists, one per multiset: the valid ones from which no card can be removed, so the
/// list stays short while `decide` also takes any valid superset. None has more than three cards, since each
/// non-zero card is worth at least 1.
fn payments(cards: &[Card], mut visit: impl FnMut(&[Rank])) {
    let counts = rank_counts(cards);
    // In a minimal payment of two or three cards, the others are worth less than 3 without the smallest, so every
    // card is a 1 or a 2: the other ranks are left out of the search (the filter would drop them anyway).
    let mut ones_and_twos = [0; 13];
    ones_and_twos[..2].copy_from_slice(&counts[..2]);
    for k in 1..=3 {
        let counts = if k == 1 { counts } else { ones_and_twos };
        for_each_multiset(counts, k, |ranks| {
            let value = payment_value(ranks);
            if valid_payment(ranks) && ranks.iter().all(|r| value - r.value() < 3) {
                visit(ranks);
            }
        });
    }
}

/// Disposal of cards in the given order (7.5), counting kings from `kings_removed`.
fn disposals(groups: &[(u8, Vec<Rank>)], kings_removed: u8) -> Vec<Disposal> {
    let mut kings = kings_removed;
    let mut out = Vec::new();
    for (seat, ranks) in groups {
        let mut ranks = ranks.clone();
        ranks.sort();
        for rank in ranks {
            let to = if rank.is_zero() {
                Destination::Hand
            } else if rank == Rank::K && kings < 2 {
                kings += 1;
                Destination::Removed
            } else {
                Destination::Discard
            };
            out.push(Disposal {
                seat: sid(*seat),
                rank,
                to,
            });
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------------------------
// Combats (4.6)

fn start_combat(cx: &mut Cx, index: usize, chosen: bool) {
    let Some(p) = cx.s.pending.get(index).copied() else {
        return;
    };
    let a = cx.s.owner_of(p.attacker);
    let d = cx.s.owner_of(p.defender);
    let (need_attacker, need_defender) = (cx.s.card_limit(a), cx.s.card_limit(d));
    cx.emit(E::CombatStarted {
        city: CityId(p.city),
        attacker: p.attacker,
        defender: p.defender,
        attacker_seat: sid(a),
        defender_seat: sid(d),
        need_attacker,
        need_defender,
        chosen,
    });
}

fn resolve(cx: &mut Cx, c: &Combat, winner: usize, resolution: Resolution) {
    let totals = c.totals();
    let loser = 1 - winner;
    let groups: Vec<(u8, Vec<Rank>)> = vec![
        (c.seats[0], ranks_sorted(&c.base[0])),
        (c.seats[0], ranks_sorted(&c.extra[0])),
        (c.seats[1], ranks_sorted(&c.base[1])),
        (c.seats[1], ranks_sorted(&c.extra[1])),
    ];
    let disposals = disposals(&groups, cx.s.kings_removed);
    cx.emit(E::CombatResolved {
        city: CityId(c.city),
        attacker: c.pieces[0],
        defender: c.pieces[1],
        attacker_total: totals[0],
        defender_total: totals[1],
        winner: Side::of(winner),
        eliminated: c.pieces[loser],
        resolution,
        disposals,
    });
    after_elimination(cx, c.pieces[loser]);
}

/// Runs every automatic step of combat resolution until a seat must decide, the turn passes, or the game ends.
fn run_combats(cx: &mut Cx) {
    loop {
        if cx.s.phase != Phase::Combat {
            return;
        }
        let Some(c) = cx.s.combat.clone() else {
            if cx.s.pending.is_empty() {
                end_turn(cx);
                return;
            }
            if cx.s.pending.len() >= 2 && cx.s.in_game(cx.s.active) {
                return;
            }
            start_combat(cx, 0, false);
            continue;
        };
        // C2: automatic commits.
        if c.committed.contains(&false) {
            let mut waiting = false;
            for side in 0..2 {
                if c.committed[side] {
                    continue;
                }
                let seat = c.seats[side];
                if cx.s.hand_len(seat) <= c.need[side] as usize {
                    let ranks = ranks_sorted(&cx.s.hands[seat as usize]);
                    let shared_with = cx.s.share_with(seat).map(sid);
                    cx.emit(E::BaseCommitted {
                        seat: sid(seat),
                        side: Side::of(side),
                        count: ranks.len() as u32,
                        automatic: true,
                        ranks: Some(ranks),
                        shared_with,
                    });
                } else {
                    waiting = true;
                }
            }
            if waiting {
                return;
            }
            continue;
        }
        // C3: reveal.
        if !c.revealed {
            let spy: Vec<Side> = (0..2)
                .filter(|&side| spy_eligible(&c.base[side]))
                .map(Side::of)
                .collect();
            cx.emit(E::BasesRevealed {
                attacker: ranks_sorted(&c.base[0]),
                defender: ranks_sorted(&c.base[1]),
                spy_eligible: spy,
            });
            continue;
        }
        // C4: spies.
        match c.spy {
            SpyStage::Double => {
                let groups = vec![
                    (c.seats[0], ranks_sorted(&c.base[0])),
                    (c.seats[1], ranks_sorted(&c.base[1])),
                ];
                let disposals = disposals(&groups, cx.s.kings_removed);
                let (need_attacker, need_defender) = (cx.s.card_limit(c.seats[0]), cx.s.card_limit(c.seats[1]));
                cx.emit(E::DoubleSpy {
                    disposals,
                    need_attacker,
                    need_defender,
                });
                continue;
            }
            SpyStage::Offered(_) | SpyStage::Declared(_) | SpyStage::Unchecked => return,
            SpyStage::Done => {}
        }
        // C6 in progress: extras.
        if c.tie {
            if c.extra_pending == [true, true] {
                let mut after = c.clone();
                after.extra_pending = [false, false];
                let totals = after.totals();
                let last = |side: usize| c.extra[side].last().map(|c| c.rank()).unwrap_or(Rank::J);
                cx.emit(E::ExtrasRevealed {
                    attacker: last(0),
                    defender: last(1),
                    attacker_total: totals[0],
                    defender_total: totals[1],
                });
                continue;
            }
            return;
        }
        // C5: totals.
        let totals = c.totals();
        if totals[0] != totals[1] {
            let winner = if totals[0] > totals[1] { 0 } else { 1 };
            resolve(cx, &c, winner, Resolution::Totals);
            continue;
        }
        // C6: tie-break round.
        let empty = [cx.s.hand_len(c.seats[0]) == 0, cx.s.hand_len(c.seats[1]) == 0];
        match empty {
            [true, _] => {
                resolve(cx, &c, 1, Resolution::EmptyHand);
                continue;
            }
            [false, true] => {
                resolve(cx, &c, 0, Resolution::EmptyHand);
                continue;
            }
            _ => {}
        }
        cx.emit(E::CombatTied {
            attacker_total: totals[0],
            defender_total: totals[1],
        });
        for side in 0..2 {
            let seat = c.seats[side];
            if cx.s.hand_len(seat) == 1 {
                let rank = cx.s.hands[seat as usize][0].rank();
                let shared_with = cx.s.share_with(seat).map(sid);
                cx.emit(E::ExtraAdded {
                    seat: sid(seat),
                    side: Side::of(side),
                    automatic: true,
                    rank: Some(rank),
                    shared_with,
                });
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------------------------
// decide

fn require_main(s: &State, seat: u8) -> Result<(), RuleError> {
    if s.phase != Phase::Main {
        return Err(err("wrong_phase", "this is only possible during your moves"));
    }
    if s.active != seat {
        return Err(err("not_your_turn", "it is another seat's turn"));
    }
    Ok(())
}

/// The side (0 attacker, 1 defender) a seat plays in the current combat.
fn combat_side(s: &State, seat: u8) -> Result<(Combat, usize), RuleError> {
    let Some(c) = s.combat.clone().filter(|_| s.phase == Phase::Combat) else {
        return Err(err("wrong_phase", "no combat is being fought"));
    };
    let Some(side) = c.seats.iter().position(|&x| x == seat) else {
        return Err(err("not_your_turn", "you take no part in this combat"));
    };
    Ok((c, side))
}

/// The special card of `kind` of the seat's team, when that seat holds it unused.
fn usable_special(s: &State, seat: u8, kind: SpecialKind) -> Option<SpecialId> {
    let card = SpecialId::of(s.team_of_seat(seat), kind);
    (s.special_holder[card.index()] == seat && !s.special_used[card.index()]).then_some(card)
}

fn special_of(s: &State, seat: u8, kind: SpecialKind) -> Result<SpecialId, RuleError> {
    if let Some(card) = usable_special(s, seat, kind) {
        return Ok(card);
    }
    let card = SpecialId::of(s.team_of_seat(seat), kind);
    let name = match kind {
        SpecialKind::Betrayal => "betrayal",
        SpecialKind::Sedition => "sedition",
    };
    if s.special_holder[card.index()] != seat {
        return Err(err("no_special", format!("you do not hold the {name} card")));
    }
    Err(err("special_used", format!("your {name} card has already been used")))
}

pub fn decide(state: &State, seat: usize, action: &A, rng: &mut GameRng) -> Result<Vec<E>, RuleError> {
    if state.phase == Phase::GameOver {
        return Err(err("game_over", "the game is over"));
    }
    if seat >= state.players {
        return Err(err("no_such_seat", "this seat is not in the game"));
    }
    let me = seat as u8;
    let mut cx = Cx::new(state, rng);
    match action {
        A::ChooseSpecial { card } => {
            if state.phase != Phase::SpecialChoice {
                return Err(err("wrong_phase", "special cards are chosen before placement"));
            }
            if !state.choosers.iter().any(|&(_, c)| c == me) {
                return Err(err("not_your_turn", "you do not choose a special card now"));
            }
            let partner = state.partner(me).unwrap_or(me);
            let (betrayal, sedition) = match card {
                SpecialKind::Betrayal => (me, partner),
                SpecialKind::Sedition => (partner, me),
            };
            cx.emit(E::SpecialsDealt {
                team: TeamId::of(state.team_of_seat(me)),
                betrayal: sid(betrayal),
                sedition: sid(sedition),
                chooser: Some(sid(me)),
            });
            if cx.s.choosers.is_empty() {
                first_placement(&mut cx);
            }
        }
        A::Place { kind, city } => {
            if state.phase != Phase::Placement {
                return Err(err("wrong_phase", "pieces are placed only during placement"));
            }
            if state.placement.seat != me {
                return Err(err("not_your_turn", "it is another seat's placement turn"));
            }
            let Some(piece) = (0..Piece::COUNT).map(Piece).find(|&p| {
                p.kind() == *kind && state.owner_of(p) == me && state.pos[p.0 as usize] == super::state::UNPLACED
            }) else {
                return Err(err(
                    "no_piece_left",
                    format!("you have no {} left to place", kind.as_str()),
                ));
            };
            let info = &board().cities[city.0 as usize];
            if state.owner[info.state as usize] != me {
                return Err(err(
                    "not_your_state",
                    format!("{} is not in one of your states", city.id()),
                ));
            }
            if state.holder_of(city.0).is_some() {
                return Err(err("city_occupied", format!("{} already holds a piece", city.id())));
            }
            if *kind == Kind::Galley && !info.port {
                return Err(err("not_a_port", format!("{} is not a port", city.id())));
            }
            cx.emit(E::PiecePlaced {
                seat: sid(me),
                piece,
                city: *city,
            });
            if cx.s.placement.placed >= cx.s.placement.quota {
                next_placement(&mut cx);
            }
        }
        A::Move { piece, path } => {
            require_main(state, me)?;
            if state.owner_of(*piece) != me {
                return Err(err("not_your_piece", format!("{} is not yours", piece.id())));
            }
            let cost = check_path(state, *piece, path, false)?;
            if state.turn.moves_used + cost > state.budget() {
                return Err(err(
                    "over_budget",
                    "this move costs more than your remaining moves (pay a forced march for a second move)",
                ));
            }
            cx.emit(piece_event(state, *piece, path, cost, false));
            siege_update(&mut cx);
        }
        A::MoveMercenaries { steps } => {
            require_main(state, me)?;
            let steps = check_mercenaries(state, me, steps)?;
            if state.turn.moves_used + 1 > state.budget() {
                return Err(err("over_budget", "you have no move left this turn"));
            }
            cx.emit(mercenary_event(state, me, steps, 1, false));
            siege_update(&mut cx);
        }
        A::PayForcedMarch { cards } => {
            require_main(state, me)?;
            if state.turn.forced_march_paid {
                return Err(err("already_paid", "a forced march is paid at most once per turn"));
            }
            if !valid_payment(cards) {
                return Err(err("invalid_payment", "pay non-zero cards totalling at least 3"));
            }
            in_hand(state, me, cards)?;
            let cards = disposals(&[(me, cards.clone())], state.kings_removed);
            cx.emit(E::ForcedMarchPaid { seat: sid(me), cards });
        }
        A::PlayBetrayal { piece, path, steps } => {
            require_main(state, me)?;
            let card = special_of(state, me, SpecialKind::Betrayal)?;
            let my_team = state.team_of_seat(me);
            let target_ok = |target: u8| -> Result<(), RuleError> {
                if state.team_of_seat(target) == my_team || !state.in_game(target) {
                    return Err(err(
                        "not_an_enemy",
                        "a betrayal moves the pieces of an enemy seat still in the game",
                    ));
                }
                Ok(())
            };
            match (piece, path, steps) {
                (Some(piece), Some(path), None) => {
                    let target = state.owner_of(*piece);
                    target_ok(target)?;
                    check_path(state, *piece, path, true)?;
                    cx.emit(E::BetrayalPlayed {
                        seat: sid(me),
                        card,
                        target: sid(target),
                    });
                    let event = piece_event(&cx.s, *piece, path, 0, true);
                    cx.emit(event);
                }
                (None, None, Some(steps)) => {
                    let target = steps.first().map(|st| state.owner_of(st.piece)).unwrap_or(me);
                    target_ok(target)?;
                    let steps = check_mercenaries(state, target, steps)?;
                    cx.emit(E::BetrayalPlayed {
                        seat: sid(me),
                        card,
                        target: sid(target),
                    });
                    let event = mercenary_event(&cx.s, target, steps, 0, true);
                    cx.emit(event);
                }
                _ => {
                    return Err(err(
                        "bad_betrayal",
                        "give either `piece` and `path`, or two mercenary `steps`",
                    ));
                }
            }
            siege_update(&mut cx);
        }
        A::PlaySedition { city } => {
            require_main(state, me)?;
            let card = special_of(state, me, SpecialKind::Sedition)?;
            let Some(st) = state.states_of(me).find(|&st| board().capital[st as usize] == city.0) else {
                return Err(err(
                    "not_your_capital",
                    format!("{} is not the capital of one of your states", city.id()),
                ));
            };
            if !state.capital_occupied(st) {
                return Err(err(
                    "not_occupied",
                    format!("{} is not occupied by the enemy", city.id()),
                ));
            }
            let Some(eliminated) = state.holder_of(city.0) else {
                return Err(err(
                    "not_occupied",
                    format!("{} is not occupied by the enemy", city.id()),
                ));
            };
            let cancelled_attacker = state.pending_at(city.0).map(|i| state.pending[i].attacker);
            cx.emit(E::SeditionPlayed {
                seat: sid(me),
                card,
                city: *city,
                eliminated,
                cancelled_attacker,
            });
            after_elimination(&mut cx, eliminated);
        }
        A::OfferDraw {} => {
            require_main(state, me)?;
            if state.turn.draw_offered {
                return Err(err("draw_already_offered", "a draw may be offered once per turn"));
            }
            let len = state.order.len();
            let pos = state.order.iter().position(|&s| s == me).unwrap_or(0);
            let responders = (1..len)
                .map(|k| state.order[(pos + k) % len])
                .filter(|&s| state.in_game(s))
                .map(sid)
                .collect();
            cx.emit(E::DrawOffered {
                seat: sid(me),
                responders,
            });
        }
        A::AcceptDraw {} | A::DeclineDraw {} => {
            let Some(offer) = state.offer.as_ref().filter(|_| state.phase == Phase::DrawOffer) else {
                return Err(err("wrong_phase", "no draw offer is waiting for an answer"));
            };
            if offer.responders.get(offer.accepted) != Some(&me) {
                return Err(err("not_your_turn", "another seat answers the draw offer now"));
            }
            if matches!(action, A::DeclineDraw {}) {
                cx.emit(E::DrawDeclined { seat: sid(me) });
            } else {
                cx.emit(E::DrawAccepted { seat: sid(me) });
                if offer.accepted + 1 >= offer.responders.len() {
                    game_over(&mut cx, EndReason::DrawAgreed, None);
                }
            }
        }
        A::EndMoves {} => {
            require_main(state, me)?;
            cx.emit(E::MovesEnded { seat: sid(me) });
            run_combats(&mut cx);
        }
        A::ChooseCombat { city } => {
            if state.phase != Phase::Combat || state.combat.is_some() || state.pending.len() < 2 {
                return Err(err("wrong_phase", "no combat is to be chosen now"));
            }
            if state.active != me {
                return Err(err("not_your_turn", "the active seat chooses the order of combats"));
            }
            let Some(index) = state.pending_at(city.0) else {
                return Err(err("no_combat_there", format!("no combat is pending in {}", city.id())));
            };
            start_combat(&mut cx, index, true);
            run_combats(&mut cx);
        }
        A::Commit { cards } => {
            let (c, side) = combat_side(state, me)?;
            if c.committed[side] {
                return Err(err("wrong_phase", "your base cards are already committed"));
            }
            if cards.len() != c.need[side] as usize {
                return Err(err(
                    "wrong_card_count",
                    format!("commit exactly {} card(s)", c.need[side]),
                ));
            }
            in_hand(state, me, cards)?;
            let mut ranks = cards.clone();
            ranks.sort();
            let shared_with = state.share_with(me).map(sid);
            cx.emit(E::BaseCommitted {
                seat: sid(me),
                side: Side::of(side),
                count: ranks.len() as u32,
                automatic: false,
                ranks: Some(ranks),
                shared_with,
            });
            run_combats(&mut cx);
        }
        A::DeclareSpy {} | A::DeclineSpy {} => {
            let (c, side) = combat_side(state, me)?;
            if c.spy != SpyStage::Offered(side as u8) || c.committed.contains(&false) {
                return Err(err("wrong_phase", "you have no spy to declare now"));
            }
            if matches!(action, A::DeclineSpy {}) {
                cx.emit(E::SpyDeclined { seat: sid(me) });
            } else {
                let disposals = disposals(&[(me, ranks_sorted(&c.base[side]))], state.kings_removed);
                cx.emit(E::SpyDeclared {
                    seat: sid(me),
                    disposals,
                });
                if cx.s.hand_len(me) <= 2 {
                    let ranks = ranks_sorted(&cx.s.hands[seat]);
                    cx.emit(E::SpyBaseChosen {
                        seat: sid(me),
                        ranks,
                        automatic: true,
                    });
                }
            }
            run_combats(&mut cx);
        }
        A::SpyCommit { cards } => {
            let (c, side) = combat_side(state, me)?;
            if c.spy != SpyStage::Declared(side as u8) {
                return Err(err("wrong_phase", "you have not declared a spy"));
            }
            if cards.len() != 2 {
                return Err(err("wrong_card_count", "a spy's new base has exactly 2 cards"));
            }
            in_hand(state, me, cards)?;
            let mut ranks = cards.clone();
            ranks.sort();
            cx.emit(E::SpyBaseChosen {
                seat: sid(me),
                ranks,
                automatic: false,
            });
            run_combats(&mut cx);
        }
        A::AddCard { card } => {
            let (c, side) = combat_side(state, me)?;
            if !c.tie || c.extra_pending[side] || c.spy != SpyStage::Done {
                return Err(err("wrong_phase", "no tie-break card is expected from you"));
            }
            in_hand(state, me, &[*card])?;
            let shared_with = state.share_with(me).map(sid);
            cx.emit(E::ExtraAdded {
                seat: sid(me),
                side: Side::of(side),
                automatic: false,
                rank: Some(*card),
                shared_with,
            });
            run_combats(&mut cx);
        }
    }
    Ok(cx.events)
}

// ---------------------------------------------------------------------------------------------------------------
// to_act and legal actions

/// The seats to act: at most one per seat, held inline since listing actions asks for them every time.
pub type Seats = ArrayVec<[usize; 4]>;

pub fn to_act(s: &State) -> Seats {
    match s.phase {
        Phase::Setup | Phase::GameOver => Seats::new(),
        Phase::SpecialChoice => {
            let mut seats: Seats = s.choosers.iter().map(|&(_, c)| c as usize).collect();
            seats.sort_by_key(|&x| s.order.iter().position(|&o| o as usize == x));
            seats
        }
        Phase::Placement => Seats::from_iter([s.placement.seat as usize]),
        Phase::Main => Seats::from_iter([s.active as usize]),
        Phase::DrawOffer => s
            .offer
            .as_ref()
            .and_then(|o| o.responders.get(o.accepted))
            .map(|&r| Seats::from_iter([r as usize]))
            .unwrap_or_default(),
        Phase::Combat => match &s.combat {
            None if s.pending.len() >= 2 => Seats::from_iter([s.active as usize]),
            None => Seats::new(),
            Some(c) => {
                if c.committed.contains(&false) {
                    (0..2)
                        .filter(|&i| !c.committed[i])
                        .map(|i| c.seats[i] as usize)
                        .collect()
                } else {
                    match c.spy {
                        SpyStage::Offered(side) | SpyStage::Declared(side) => {
                            Seats::from_iter([c.seats[side as usize] as usize])
                        }
                        SpyStage::Done if c.tie => (0..2)
                            .filter(|&i| !c.extra_pending[i])
                            .map(|i| c.seats[i] as usize)
                            .collect(),
                        _ => Seats::new(),
                    }
                }
            }
        },
    }
}

pub fn legal_actions(s: &State, seat: usize) -> Vec<A> {
    actions(s, seat, Listing::Every)
}

/// A search's random playout move in the main phase: a piece (or one of the other actions: end of moves, a payment,
/// a special card) drawn first, then one of that piece's paths. Listing every path of every piece and every
/// two-mercenary pair at each step made up most of a search's time; the pairs are left out of playouts (the same
/// mercenaries still move one at a time) and draws are never offered, as `search_weight` asks.
pub fn main_phase_playout_action(s: &State, seat: usize, rng: &mut GameRng) -> Option<A> {
    let mut others = actions(s, seat, Listing::WithoutMoves);
    others.retain(|action| !matches!(action, A::OfferDraw {}));
    if others.is_empty() {
        return None;
    }
    let remaining = s.budget().saturating_sub(s.turn.moves_used);
    let mut pieces: Vec<Piece> = (0..Piece::COUNT)
        .map(Piece)
        .filter(|&p| s.owner_of(p) == seat as u8 && s.on_board(p) && !s.engaged(p))
        .collect();
    if remaining == 0 {
        pieces.clear();
    }
    let mut paths = Vec::new();
    loop {
        let pick = rng.random_range(0..pieces.len() + others.len());
        let Some(&piece) = pieces.get(pick) else {
            return Some(others.swap_remove(pick - pieces.len()));
        };
        pieces.swap_remove(pick);
        paths_of(s, piece, remaining, false, &mut paths);
        if !paths.is_empty() {
            let (path, _) = paths.swap_remove(rng.random_range(0..paths.len()));
            return Some(A::Move { piece, path });
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Listing {
    Every,
    /// Without the moves of pieces, alone or in mercenary pairs (the betrayal of a single piece stays).
    WithoutMoves,
}

fn actions(s: &State, seat: usize, listing: Listing) -> Vec<A> {
    if !to_act(s).contains(&seat) {
        return vec![];
    }
    let me = seat as u8;
    let mut out = Vec::new();
    match s.phase {
        Phase::Setup | Phase::GameOver => {}
        Phase::SpecialChoice => {
            out.push(A::ChooseSpecial {
                card: SpecialKind::Betrayal,
            });
            out.push(A::ChooseSpecial {
                card: SpecialKind::Sedition,
            });
        }
        Phase::Placement => {
            // Dozens of places: one allocation rather than one per doubling.
            out.reserve(64);
            for kind in [Kind::Elephant, Kind::Chariot, Kind::Galley, Kind::Mercenary] {
                let has = (0..Piece::COUNT)
                    .map(Piece)
                    .any(|p| p.kind() == kind && s.owner_of(p) == me && s.pos[p.0 as usize] == super::state::UNPLACED);
                if !has {
                    continue;
                }
                for (c, info) in board().cities.iter().enumerate() {
                    if s.owner[info.state as usize] == me
                        && s.holder_of(c as u8).is_none()
                        && (kind != Kind::Galley || info.port)
                    {
                        out.push(A::Place {
                            kind,
                            city: CityId(c as u8),
                        });
                    }
                }
            }
        }
        Phase::Main => {
            let remaining = s.budget().saturating_sub(s.turn.moves_used);
            let mut paths = Vec::new();
            if listing == Listing::Every {
                // Moves run to dozens: one allocation rather than one per doubling.
                out.reserve(64);
                for p in (0..Piece::COUNT).map(Piece).filter(|&p| s.owner_of(p) == me) {
                    paths.clear();
                    paths_of(s, p, remaining, false, &mut paths);
                    for (path, _) in paths.drain(..) {
                        out.push(A::Move { piece: p, path });
                    }
                }
                if remaining >= 1 {
                    mercenary_pairs(s, me, |steps| out.push(A::MoveMercenaries { steps: steps.into() }));
                }
            }
            if !s.turn.forced_march_paid {
                payments(&s.hands[seat], |cards| {
                    out.push(A::PayForcedMarch { cards: cards.to_vec() })
                });
            }
            if usable_special(s, me, SpecialKind::Betrayal).is_some() {
                let my_team = s.team_of_seat(me);
                for e in (0..s.players as u8).filter(|&e| s.in_game(e) && s.team_of_seat(e) != my_team) {
                    for p in (0..Piece::COUNT).map(Piece).filter(|&p| s.owner_of(p) == e) {
                        paths.clear();
                        paths_of(s, p, 1, true, &mut paths);
                        for (path, _) in paths.drain(..) {
                            out.push(A::PlayBetrayal {
                                piece: Some(p),
                                path: Some(path),
                                steps: None,
                            });
                        }
                    }
                    if listing == Listing::Every {
                        mercenary_pairs(s, e, |steps| {
                            out.push(A::PlayBetrayal {
                                piece: None,
                                path: None,
                                steps: Some(steps.into()),
                            })
                        });
                    }
                }
            }
            if usable_special(s, me, SpecialKind::Sedition).is_some() {
                for st in s.states_of(me) {
                    if s.capital_occupied(st) {
                        out.push(A::PlaySedition {
                            city: CityId(board().capital[st as usize]),
                        });
                    }
                }
            }
            if !s.turn.draw_offered {
                out.push(A::OfferDraw {});
            }
            out.push(A::EndMoves {});
        }
        Phase::DrawOffer => {
            out.push(A::AcceptDraw {});
            out.push(A::DeclineDraw {});
        }
        Phase::Combat => match &s.combat {
            None => {
                for p in &s.pending {
                    out.push(A::ChooseCombat { city: CityId(p.city) });
                }
            }
            Some(c) => {
                let Some(side) = c.seats.iter().position(|&x| x == me) else {
                    return out;
                };
                let hand = &s.hands[seat];
                if !c.committed[side] {
                    for_each_multiset(rank_counts(hand), c.need[side] as usize, |cards| {
                        out.push(A::Commit { cards: cards.to_vec() })
                    });
                } else {
                    match c.spy {
                        SpyStage::Offered(_) => {
                            out.push(A::DeclareSpy {});
                            out.push(A::DeclineSpy {});
                        }
                        SpyStage::Declared(_) => {
                            for_each_multiset(rank_counts(hand), 2, |cards| {
                                out.push(A::SpyCommit { cards: cards.to_vec() })
                            });
                        }
                        SpyStage::Done if c.tie && !c.extra_pending[side] => {
                            for_each_multiset(rank_counts(hand), 1, |cards| out.push(A::AddCard { card: cards[0] }));
                        }
                        _ => {}
                    }
                }
            }
        },
    }
    out
}
