//! Writes the state random games of every title and player count end in (their snapshots, as an archive record of
//! format 3 keeps them) to a directory: the samples `scripts/train-end-state-dictionary` trains the archive's zstd
//! dictionary on. `cargo run --release --example end_states -- DIR [games-per-case]` (40).

use ludus::engine::table::TableAction;
use ludus::engine::{GameSeed, Registry};
use rand::{Rng, SeedableRng};

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().expect("a directory to write the samples to");
    let games: u64 = args.next().map_or(40, |games| games.parse().expect("games per case"));
    let registry = Registry::with_all_titles();
    for title in registry.titles() {
        let info = title.info();
        let options = title.normalize_options(None).expect("default options");
        for players in info.min_players..=info.max_players {
            for game in 0..games {
                let seed = GameSeed::from_u64(players as u64 * 1_000 + game);
                let mut session = title.replay(players, &options, &[]).expect("a session");
                session
                    .apply(&title.create(players, &options, seed).expect("a game"))
                    .expect("its setup");
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(game);
                while let Some(&seat) = session.to_act().first() {
                    let actions: Vec<_> = (session.legal_actions(seat).into_iter())
                        .filter(|action| TableAction::parse(action).is_none())
                        .collect();
                    let action = &actions[rng.random_range(0..actions.len())];
                    session = session.play(seat, action, seed, 1_000).expect("a legal action").next;
                }
                let path = format!("{dir}/{}-{players}-{game}.json", info.id);
                std::fs::write(&path, session.snapshot()).expect("the sample written");
            }
        }
    }
}
