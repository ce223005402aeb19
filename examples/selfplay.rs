//! Engine speed: random self-play with the typed engines, no JSON, no store.
//!
//! `cargo run --release --example selfplay [-- GAMES [TITLE|all [CHECKS]]]` prints, per title and player count, games/s
//! and actions/s, once with no checks (the engine alone) and once with the contract checks of the self-play tests;
//! CHECKS (`none` or `full`) keeps one of the two, e.g. to profile the engine alone.

use std::time::Instant;

use ludus::engine::Registry;
use ludus::engine::selfplay::Checks;

// The service's allocator (see src/main.rs), so that these figures are the engines' speed inside ludus.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|n| n.parse().ok()).unwrap_or(1000);
    let only = args.next().filter(|id| id != "all");
    let only_checks = args.next();
    let registry = Registry::with_all_titles();
    println!(
        "{:<18} {:>7} {:>8} {:>7} {:>12} {:>14} {:>14}",
        "title", "players", "checks", "games", "actions", "games/s", "actions/s"
    );
    for title in registry.titles() {
        let info = title.info();
        if only.as_deref().is_some_and(|id| id != info.id) {
            continue;
        }
        for players in info.min_players..=info.max_players {
            for (label, checks) in [("none", Checks::None), ("full", Checks::Full)] {
                if only_checks.as_deref().is_some_and(|kept| kept != label) {
                    continue;
                }
                let started = Instant::now();
                let mut actions = 0;
                for seed in 0..games {
                    actions += title
                        .self_play(players, seed, checks)
                        .unwrap_or_else(|failure| panic!("{}: {failure}", info.id));
                }
                let seconds = started.elapsed().as_secs_f64();
                println!(
                    "{:<18} {:>7} {:>8} {:>7} {:>12} {:>14.0} {:>14.0}",
                    info.id,
                    players,
                    label,
                    games,
                    actions,
                    games as f64 / seconds,
                    actions as f64 / seconds
                );
            }
        }
    }
}
