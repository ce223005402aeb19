//! Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012), written
//! once for every title. Each iteration draws a determinization (a full state the searching seat cannot tell from
//! the real one, made by the title's `Game::determinize` from what that seat may know), walks one tree shared by
//! all determinizations, choosing among the actions available in this one by UCB1 with availability counts, adds
//! one node, plays the rest of the game out at random and credits each node's mover with its reward.

use rand::Rng;

use super::{Game, GameRng, Seat};

/// Exploration constant of UCB1 for rewards in 0..=1.
const EXPLORATION: f64 = 0.7;

/// How a search went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    pub iterations: u32,
    /// Actions played in the tree and in playouts.
    pub actions: u64,
}

/// One node: the move `action` by `mover` from its parent's information set.
struct Node<A> {
    mover: Seat,
    action: Option<A>,
    children: Vec<usize>,
    visits: u32,
    /// Iterations in which the parent was reached with this action legal.
    available: u32,
    reward: f64,
}

impl<A> Node<A> {
    fn ucb(&self) -> f64 {
        if self.visits == 0 {
            return f64::INFINITY;
        }
        let visits = f64::from(self.visits);
        self.reward / visits + EXPLORATION * (f64::from(self.available).ln() / visits).sqrt()
    }
}

/// The action `seat` should take in `state` after at most `iterations` iterations, stopping early when `stop`
/// says so (checked before each one, so the caller's clock bounds the time); `None` when the seat has no legal
/// action. The searching seat's hidden knowledge comes only through `G::determinize`.
pub fn search<G: Game>(
    state: &G::State,
    seat: Seat,
    iterations: u32,
    stop: &mut dyn FnMut() -> bool,
    rng: &mut GameRng,
) -> (Option<G::Action>, SearchStats) {
    let mut stats = SearchStats::default();
    let mut legal = candidates::<G>(state, seat);
    if legal.len() <= 1 {
        return (legal.pop(), stats);
    }
    let mut tree = vec![Node {
        mover: seat,
        action: None,
        children: Vec::new(),
        visits: 0,
        available: 0,
        reward: 0.0,
    }];
    let mut path = Vec::new();
    while stats.iterations < iterations && !stop() {
        stats.iterations += 1;
        let mut world = G::determinize(state, seat, rng);
        stats.actions += descend::<G>(&mut tree, &mut path, &mut world, seat, rng);
        stats.actions += play_out::<G>(&mut world, rng);
        back_up::<G>(&mut tree, &path, &world);
    }
    let index = most_visited(&tree, &legal).unwrap_or_else(|| rng.random_range(0..legal.len()));
    (Some(legal.swap_remove(index)), stats)
}

/// Selection and expansion: walks the tree from the root, playing in `world` the action of each node it follows,
/// until it adds a node (or the game ends, or nothing is available); `path` receives the nodes visited, the root
/// first. Returns the actions played.
fn descend<G: Game>(
    tree: &mut Vec<Node<G::Action>>,
    path: &mut Vec<usize>,
    world: &mut G::State,
    seat: Seat,
    rng: &mut GameRng,
) -> u64 {
    path.clear();
    path.push(0);
    let mut node = 0;
    let mut actions = 0;
    loop {
        let movers = G::to_act(world);
        let Some(&first) = movers.first() else {
            break;
        };
        let mover = if node == 0 { seat } else { first };
        let Some((child, action, expanded)) = select::<G>(tree, node, world, mover, rng) else {
            break;
        };
        path.push(child);
        node = child;
        if !apply::<G>(world, mover, &action, rng) {
            break;
        }
        actions += 1;
        if expanded {
            break;
        }
    }
    actions
}

/// The child of `node` to follow for `mover` in `world`, with its action: a random untried action, added to the
/// tree (then `true`), or else the available child of best UCB1; `None` when there is neither. Each known child
/// whose action is legal in `world` counts as available once more.
fn select<G: Game>(
    tree: &mut Vec<Node<G::Action>>,
    node: usize,
    world: &G::State,
    mover: Seat,
    rng: &mut GameRng,
) -> Option<(usize, G::Action, bool)> {
    let mut untried = Vec::new();
    let mut available = Vec::new();
    for action in candidates::<G>(world, mover) {
        let known = tree[node]
            .children
            .iter()
            .copied()
            .find(|&child| tree[child].mover == mover && tree[child].action.as_ref() == Some(&action));
        match known {
            Some(child) => available.push(child),
            None => untried.push(action),
        }
    }
    for &child in &available {
        tree[child].available += 1;
    }
    if untried.is_empty() {
        let best = available
            .iter()
            .copied()
            .max_by(|&a, &b| tree[a].ucb().total_cmp(&tree[b].ucb()))?;
        let action = tree[best].action.clone().expect("only the root has no action");
        return Some((best, action, false));
    }
    let action = untried.swap_remove(rng.random_range(0..untried.len()));
    tree.push(Node {
        mover,
        action: Some(action.clone()),
        children: Vec::new(),
        visits: 0,
        available: 1,
        reward: 0.0,
    });
    let child = tree.len() - 1;
    tree[node].children.push(child);
    Some((child, action, true))
}

/// Credits every node of `path` with its mover's reward in `world`, played out (or estimated; 0.5 without either).
fn back_up<G: Game>(tree: &mut [Node<G::Action>], path: &[usize], world: &G::State) {
    let rewards = G::rewards(world).or_else(|| G::estimate(world));
    for &visited in path {
        let node = &mut tree[visited];
        node.visits += 1;
        node.reward += rewards.as_ref().map_or(0.5, |rewards| rewards[node.mover]);
    }
}

/// The position in `legal` of the most visited of the root's actions, among those legal in the real state.
fn most_visited<A: PartialEq>(tree: &[Node<A>], legal: &[A]) -> Option<usize> {
    tree[0]
        .children
        .iter()
        .filter_map(|&child| {
            let action = tree[child].action.as_ref()?;
            let index = legal.iter().position(|legal| legal == action)?;
            Some((tree[child].visits, index))
        })
        .max_by_key(|&(visits, _)| visits)
        .map(|(_, index)| index)
}

/// The actions a search considers for `mover`: the legal ones of positive `search_weight`, or all of them when
/// none has one.
fn candidates<G: Game>(world: &G::State, mover: Seat) -> Vec<G::Action> {
    let mut actions = G::legal_actions(world, mover);
    if actions.iter().any(|action| G::search_weight(world, action) > 0) {
        actions.retain(|action| G::search_weight(world, action) > 0);
    }
    actions
}

/// Plays `action`; false when the rules refuse it (never for a listed action, but a search must not panic).
fn apply<G: Game>(world: &mut G::State, mover: Seat, action: &G::Action, rng: &mut GameRng) -> bool {
    match G::decide(world, mover, action, rng) {
        Ok(events) => {
            for event in &events {
                G::evolve(world, event);
            }
            true
        }
        Err(_) => false,
    }
}

/// Random play to the end (or `Game::PLAYOUT_ACTIONS`); returns the actions played.
fn play_out<G: Game>(world: &mut G::State, rng: &mut GameRng) -> u64 {
    for played in 0..G::PLAYOUT_ACTIONS {
        let movers = G::to_act(world);
        if movers.is_empty() {
            return played.into();
        }
        let mover = movers[rng.random_range(0..movers.len())];
        let Some(action) = G::playout_action(world, mover, rng) else {
            return played.into();
        };
        if !apply::<G>(world, mover, &action, rng) {
            return played.into();
        }
    }
    G::PLAYOUT_ACTIONS.into()
}

/// One of `actions` drawn in proportion to their `search_weight` (uniformly when all are 0); `None` when empty.
/// Playouts draw at every step, so the draw allocates nothing beyond the list it is given.
pub fn weighted_choice<G: super::SearchHints + ?Sized>(
    world: &G::State,
    mut actions: Vec<G::Action>,
    rng: &mut GameRng,
) -> Option<G::Action> {
    if actions.is_empty() {
        return None;
    }
    let total: u64 = actions
        .iter()
        .map(|action| u64::from(G::search_weight(world, action)))
        .sum();
    if total == 0 {
        return Some(actions.swap_remove(rng.random_range(0..actions.len())));
    }
    let mut left = rng.random_range(0..total);
    for index in 0..actions.len() {
        let weight = u64::from(G::search_weight(world, &actions[index]));
        if left < weight {
            return Some(actions.swap_remove(index));
        }
        left -= weight;
    }
    unreachable!("the draw is below the total weight")
}

/// Rewards by place for `ranking` (every seat, best first): the best gets 1, the last 0, evenly between; seats
/// that share a place share its rewards (`tied_best` seats share the first places: 0.5 each for a 2-player draw).
pub fn rank_rewards(players: usize, ranking: &[Seat], tied_best: usize) -> Vec<f64> {
    let last = players.saturating_sub(1).max(1) as f64;
    let place_reward = |place: usize| 1.0 - place as f64 / last;
    let shared = (0..tied_best.max(1)).map(place_reward).sum::<f64>() / tied_best.max(1) as f64;
    let mut rewards = vec![0.0; players];
    for (place, &seat) in ranking.iter().enumerate() {
        rewards[seat] = if place < tied_best { shared } else { place_reward(place) };
    }
    rewards
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{GameSeed, Rules, SETUP_STREAM};
    use crate::games::caesar_cleopatra::CaesarCleopatra;

    #[test]
    fn a_search_stops_as_soon_as_told_with_iterations_left() {
        let mut state = CaesarCleopatra::new_state(2, &Default::default()).unwrap();
        for event in CaesarCleopatra::setup(&state, &mut GameSeed::from_u64(3).rng(SETUP_STREAM)) {
            CaesarCleopatra::evolve(&mut state, &event);
        }
        let seat = CaesarCleopatra::to_act(&state)[0];
        let mut asked = 0;
        let mut stop = || {
            asked += 1;
            asked > 4
        };
        let (action, stats) =
            search::<CaesarCleopatra>(&state, seat, u32::MAX, &mut stop, &mut GameSeed::from_u64(1).rng(0));
        assert_eq!(stats.iterations, 4, "one iteration per time stop said go on");
        let action = action.expect("the seat has actions");
        assert!(CaesarCleopatra::legal_actions(&state, seat).contains(&action));
    }

    #[test]
    fn places_give_rewards_from_one_to_zero_and_ties_share_them() {
        assert_eq!(rank_rewards(2, &[1, 0], 1), vec![0.0, 1.0]);
        assert_eq!(rank_rewards(2, &[0, 1], 2), vec![0.5, 0.5]);
        assert_eq!(rank_rewards(3, &[2, 0, 1], 1), vec![0.5, 0.0, 1.0]);
        assert_eq!(rank_rewards(3, &[2, 0, 1], 2), vec![0.75, 0.0, 0.75]);
    }
}
