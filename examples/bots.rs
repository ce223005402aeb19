//! Strength and speed of the built-in bots, per title and player count.
//!
//! `cargo run --release --example bots [-- GAMES [TITLE|all [ITERATIONS [GAMES_4X [PLAYERS]]]]]` plays, for every
//! player count (or PLAYERS only), on as many threads as there are cores:
//! - GAMES (default 200) games of one `search` seat (ITERATIONS per move, default the bot's default) against
//!   `random` seats, the search seat moving round the table from game to game: its win rate and mean rank;
//! - GAMES_4X (default GAMES / 4: they cost five times more) games of one `search` seat at 4x ITERATIONS against
//!   `search` seats at ITERATIONS;
//! - the search's moves (and iterations) per second per core in the first match;
//! - the blindness proof on the first match's first BLIND_GAMES games: each search move is searched again from a
//!   determinization of the real state (its hidden parts redrawn) and must come out the same.

use std::time::Instant;

use ludus::engine::Game;
use ludus::engine::bot::{Bot, DEFAULT_ITERATIONS};
use ludus::engine::selfplay::play_bot_game;
use ludus::games::{alea_iacta_est, caesar_cleopatra, caligula, rome_carthage};

/// Games of each player count whose search moves are checked for blindness.
const BLIND_GAMES: u64 = 10;

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|n| n.parse().ok()).unwrap_or(200);
    let only = args.next().filter(|id| id != "all");
    let iterations: u32 = args.next().and_then(|n| n.parse().ok()).unwrap_or(DEFAULT_ITERATIONS);
    let stronger_games: u64 = args.next().and_then(|n| n.parse().ok()).unwrap_or(games / 4);
    let only_players: Option<usize> = args.next().and_then(|n| n.parse().ok());
    println!(
        "{:<17} {:>7} {:>6} | {:>8} {:>9} | {:>6} {:>8} {:>9} | {:>8} {:>12} | blind",
        "title", "players", "games", "wins", "mean rank", "games", "4x wins", "4x rank", "moves/s", "iterations/s"
    );
    let wanted = |id: &str| only.as_deref().is_none_or(|only| only == id);
    if wanted("caesar-cleopatra") {
        measure::<caesar_cleopatra::CaesarCleopatra>(games, stronger_games, iterations, only_players);
    }
    if wanted("alea-iacta-est") {
        measure::<alea_iacta_est::AleaIactaEst>(games, stronger_games, iterations, only_players);
    }
    if wanted("caligula") {
        measure::<caligula::Caligula>(games, stronger_games, iterations, only_players);
    }
    if wanted("rome-carthage") {
        measure::<rome_carthage::RomeCarthage>(games, stronger_games, iterations, only_players);
    }
}

fn search(iterations: u32) -> Bot {
    Bot::Search {
        iterations: Some(iterations),
        budget_ms: None,
    }
}

fn measure<G: Game>(games: u64, stronger_games: u64, iterations: u32, only_players: Option<usize>) {
    let info = G::info();
    for players in info.min_players..=info.max_players {
        if only_players.is_some_and(|only| only != players) {
            continue;
        }
        let against_random = play_match::<G>(players, games, search(iterations), Bot::Random {}, BLIND_GAMES);
        let stronger = play_match::<G>(players, stronger_games, search(4 * iterations), search(iterations), 0);
        let per_core = against_random.searches as f64 / against_random.thread_seconds;
        println!(
            "{:<17} {:>7} {:>6} | {:>7.1}% {:>9.2} | {:>6} {:>7.1}% {:>9.2} | {:>8.1} {:>12.0} | {}",
            info.id,
            players,
            games,
            100.0 * against_random.wins,
            against_random.mean_rank,
            stronger_games,
            100.0 * stronger.wins,
            stronger.mean_rank,
            per_core,
            per_core * f64::from(iterations),
            if against_random.blind_checked > 0 {
                format!("{} games same", against_random.blind_checked)
            } else {
                "-".into()
            },
        );
    }
}

/// How the hero (one seat, moving round the table) fared against the others.
struct Match {
    /// Share of games the hero's side won outright (a shared win counts its share).
    wins: f64,
    /// Mean of 1 + the number of seats that did strictly better than the hero.
    mean_rank: f64,
    /// Searches the hero ran: one per move, two per move of a game checked for blindness.
    searches: u64,
    /// CPU time of the threads that played the match.
    thread_seconds: f64,
    blind_checked: u64,
}

/// The calling thread's CPU time so far (Linux's `/proc/thread-self/schedstat`: nanoseconds on a CPU), so that the
/// speed per core holds on a loaded machine; elsewhere, the wall clock.
fn thread_seconds() -> f64 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|stat| stat.split_whitespace().next()?.parse::<f64>().ok())
        .map_or_else(|| START.get_or_init(Instant::now).elapsed().as_secs_f64(), |ns| ns / 1e9)
}

fn play_match<G: Game>(players: usize, games: u64, hero: Bot, others: Bot, blind_games: u64) -> Match {
    let threads = std::thread::available_parallelism().map_or(1, usize::from) as u64;
    // Each thread plays every `threads`-th game and reports (wins, ranks, hero moves, its seconds).
    let results: Vec<(f64, f64, u64, f64)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|first| {
                scope.spawn(move || {
                    let started = thread_seconds();
                    let (mut wins, mut ranks, mut searches) = (0.0, 0.0, 0);
                    for game in (first..games).step_by(threads as usize) {
                        let seat = game as usize % players;
                        let mut bots = vec![others; players];
                        bots[seat] = hero;
                        let played = play_bot_game::<G>(players, 1_000 + game, &bots, game < blind_games)
                            .unwrap_or_else(|failure| panic!("{}: {failure}", G::info().id));
                        let mine = played.rewards[seat];
                        let best = played.rewards.iter().copied().fold(f64::MIN, f64::max);
                        if mine == best {
                            let sharing = played.rewards.iter().filter(|&&reward| reward == best).count();
                            // Team mates share a win without splitting it; rivals who tie split it.
                            wins += if mine >= 1.0 { 1.0 } else { 1.0 / sharing as f64 };
                        }
                        ranks += 1.0 + played.rewards.iter().filter(|&&reward| reward > mine).count() as f64;
                        searches += played.moves[seat] * if game < blind_games { 2 } else { 1 };
                    }
                    (wins, ranks, searches, thread_seconds() - started)
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|worker| worker.join().expect("a match thread panicked"))
            .collect()
    });
    let sum = |part: fn(&(f64, f64, u64, f64)) -> f64| results.iter().map(part).sum::<f64>();
    Match {
        wins: sum(|r| r.0) / games as f64,
        mean_rank: sum(|r| r.1) / games as f64,
        searches: results.iter().map(|r| r.2).sum(),
        thread_seconds: sum(|r| r.3),
        blind_checked: blind_games.min(games),
    }
}
