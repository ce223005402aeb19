//! The ladder's bots rated against each other (docs/ladder.md): rated games among `ludus.random`, `ludus.search`
//! (100 iterations a move) and `ludus.search-1000`, created and played by the real service on the in-memory store,
//! then the ratings the service stored, read back from its leaderboard.
//!
//! `cargo run --release --example ladder -- [--title ID]... [--games N] [--concurrency K]` plays, per title, N rated
//! 2-player games (round robin over the three pairs, seats swapped every other round), K at a time, and prints a
//! Markdown table of the bots' stored ratings with the wins, draws and losses of the games played here.

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use ludus::engine::Registry;
use ludus::engine::bot::Bot;
use ludus::service::{GameService, LADDER, LadderBot, NewGame, SeatsRequest};
use ludus::store::{Ladder, MemoryStore, Page, StoredRating};

// The service's allocator (see src/main.rs), so that the bots think at the service's speed.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The titles whose 60 games take 3 to 6 minutes each on 2 cores (docs/ladder.md): César et Cléopâtre's games are
/// about three times as long, Rome et Carthage's far longer.
const DEFAULT_TITLES: [&str; 2] = ["alea-iacta-est", "caligula"];
/// The most one game may take: the slowest measured (search against search-1000 in César et Cléopâtre, about 50 s)
/// took under a tenth of it.
const GAME_LIMIT: Duration = Duration::from_secs(600);
/// The most a finished game's ratings may wait: applied right after its last move, or else by the next sweep once
/// the note's lease (5 s) ran out.
const RATING_LIMIT: Duration = Duration::from_secs(15);
/// How often a game is looked at while it is played.
const POLL: Duration = Duration::from_millis(100);
/// The round robin: indices into `LADDER`, the first on the title's first seat in even rounds.
const PAIRS: [(usize, usize); 3] = [(0, 1), (0, 2), (1, 2)];

struct Args {
    titles: Vec<String>,
    games: usize,
    concurrency: usize,
}

fn args() -> Result<Args, String> {
    let mut args = Args {
        titles: Vec::new(),
        games: 60,
        concurrency: std::thread::available_parallelism().map_or(2, usize::from),
    };
    let mut words = std::env::args().skip(1);
    while let Some(flag) = words.next() {
        let value = words.next().ok_or(format!("{flag} takes a value"))?;
        let number = || {
            value
                .parse::<usize>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or(format!("{flag} takes a positive number, not {value:?}"))
        };
        match flag.as_str() {
            "--title" => args.titles.push(value.clone()),
            "--games" => args.games = number()?,
            "--concurrency" => args.concurrency = number()?,
            other => return Err(format!("unknown argument {other}")),
        }
    }
    if args.titles.is_empty() {
        args.titles = DEFAULT_TITLES.map(str::to_owned).to_vec();
    }
    Ok(args)
}

/// One finished and rated game: the ladder bots on its two seats and the place of each (0 first; equal: a draw).
struct Played {
    bots: [usize; 2],
    places: [usize; 2],
    seconds: f64,
}

/// Creates game `index` of the round robin and waits until it is over and rated.
async fn play(service: &GameService, title: &str, seats: [&'static str; 2], index: usize) -> Result<Played, String> {
    let (first, second) = PAIRS[index % PAIRS.len()];
    let bots = if (index / PAIRS.len()).is_multiple_of(2) {
        [first, second]
    } else {
        [second, first]
    };
    let by_seat: BTreeMap<String, Bot> = seats
        .iter()
        .zip(bots)
        .map(|(seat, bot)| ((*seat).to_owned(), LADDER[bot].bot))
        .collect();
    let started = Instant::now();
    let created = service
        .tables
        .create(NewGame {
            rated: true,
            bots: Some(&by_seat),
            seats: Some(&SeatsRequest::Count(0)),
            ..NewGame::closed(title, 2, None, None)
        })
        .await
        .map_err(|error| format!("game {index} not created: {error}"))?;
    let id = created.game.meta.id.clone();
    let failed = |what: String| format!("game {index} ({id}, {} vs {}): {what}", name(bots[0]), name(bots[1]));
    let game = loop {
        let game = service
            .games
            .load(&id)
            .await
            .map_err(|error| failed(error.to_string()))?;
        if game.session.is_finished() {
            break game;
        }
        if started.elapsed() > GAME_LIMIT {
            return Err(failed(format!("not over after {GAME_LIMIT:?} (version {})", game.version())));
        }
        tokio::time::sleep(POLL).await;
    };
    let ranking = game
        .ending()
        .map(|ending| ending.ranking)
        .filter(|ranking| !ranking.is_empty())
        .ok_or_else(|| failed("over without a ranking".to_owned()))?;
    let place = |seat: &str| ranking.iter().position(|place| place.contains(&seat));
    let places = match (place(seats[0]), place(seats[1])) {
        (Some(first), Some(second)) => [first, second],
        _ => return Err(failed(format!("a seat missing from the ranking {ranking:?}"))),
    };
    let finished = Instant::now();
    while !service
        .ratings
        .is_rated(&id)
        .await
        .map_err(|error| failed(error.to_string()))?
    {
        if finished.elapsed() > RATING_LIMIT {
            return Err(failed(format!("over but not rated after {RATING_LIMIT:?}")));
        }
        tokio::time::sleep(POLL).await;
    }
    Ok(Played {
        bots,
        places,
        seconds: started.elapsed().as_secs_f64(),
    })
}

fn name(bot: usize) -> &'static str {
    LADDER[bot].name
}

/// Plays `games` games of `title`, `concurrency` at a time: what was played, and what failed.
async fn play_all(
    service: &Arc<GameService>,
    title: &str,
    seats: [&'static str; 2],
    games: usize,
    concurrency: usize,
) -> (Vec<Played>, Vec<String>) {
    let next = Arc::new(AtomicUsize::new(0));
    let workers: Vec<_> = (0..concurrency.min(games))
        .map(|_| {
            let (service, title, next) = (service.clone(), title.to_owned(), next.clone());
            tokio::spawn(async move {
                let mut results = Vec::new();
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= games {
                        return results;
                    }
                    results.push(play(&service, &title, seats, index).await);
                }
            })
        })
        .collect();
    let (mut played, mut failed) = (Vec::new(), Vec::new());
    for worker in workers {
        for result in worker.await.expect("a game's task panicked") {
            match result {
                Ok(game) => played.push(game),
                Err(failure) => failed.push(failure),
            }
        }
    }
    (played, failed)
}

/// Wins, draws and losses of `bot` in `played`, against `against` only when given.
fn record(played: &[Played], bot: usize, against: Option<usize>) -> [usize; 3] {
    let mut record = [0; 3];
    for game in played {
        let Some(mine) = game.bots.iter().position(|&b| b == bot) else {
            continue;
        };
        let theirs = 1 - mine;
        if against.is_some_and(|other| other != game.bots[theirs]) {
            continue;
        }
        record[match game.places[mine].cmp(&game.places[theirs]) {
            std::cmp::Ordering::Less => 0,
            std::cmp::Ordering::Equal => 1,
            std::cmp::Ordering::Greater => 2,
        }] += 1;
    }
    record
}

/// The ladder's ratings in `title` as the service's leaderboard lists them (established and provisional apart),
/// best first, with whether each is provisional.
async fn leaderboard(service: &GameService, title: &str) -> Vec<(&'static LadderBot, StoredRating, bool)> {
    let mut rows = Vec::new();
    for provisional in [false, true] {
        let ladder = Ladder { title, provisional };
        let page = Page { offset: 0, limit: 100 };
        let page = service
            .ratings
            .leaderboard(ladder, page)
            .await
            .expect("the leaderboard");
        for (account, rating) in page.entries {
            if let Some(bot) = LADDER.iter().find(|bot| bot.account == account) {
                rows.push((bot, rating, provisional));
            }
        }
    }
    rows.sort_by(|a, b| b.1.rating.total_cmp(&a.1.rating));
    rows
}

/// The search bots' thinking so far, from the service's own histogram (both search bots share the `search` label):
/// searches, seconds in all, and searches longer than 1 s (one cut by the 2 s budget is among them). Searches, not
/// moves: the service may search a move more than once (docs/ladder.md).
fn search_thinking() -> (f64, f64, f64) {
    let text = ludus::telemetry::metrics().render();
    let value = |prefix: &str| {
        text.lines()
            .find_map(|line| line.strip_prefix(prefix))
            .and_then(|rest| rest.trim().parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    let metric = ludus::telemetry::BOT_THINKING;
    let within_1s = value(&format!("{metric}_bucket{{bot=\"search\",le=\"1\"}}"));
    let searches = value(&format!("{metric}_count{{bot=\"search\"}}"));
    (searches, value(&format!("{metric}_sum{{bot=\"search\"}}")), searches - within_1s)
}

/// Plays and prints one title; false when a game failed.
async fn title(service: &Arc<GameService>, title: &str, args: &Args) -> bool {
    let Some(info) = service.titles().find(|info| info.id == title) else {
        eprintln!("unknown title {title}");
        return false;
    };
    if !(info.min_players..=info.max_players).contains(&2) {
        eprintln!("{title} has no 2-player game");
        return false;
    }
    let seats = [info.seats[0], info.seats[1]];
    let thinking_before = search_thinking();
    let started = Instant::now();
    let (played, failed) = play_all(service, title, seats, args.games, args.concurrency).await;
    let wall = started.elapsed();
    let thinking_after = search_thinking();
    let rows = leaderboard(service, title).await;

    println!("\n### {title}\n");
    println!("| bot | rating | deviation | provisional | rated games | wins | draws | losses |");
    println!("|---|---|---|---|---|---|---|---|");
    for (bot, rating, provisional) in &rows {
        let index = LADDER.iter().position(|ladder| ladder == *bot).expect("a ladder bot");
        let [wins, draws, losses] = record(&played, index, None);
        println!(
            "| {} | {:.0} | {:.0} | {} | {} | {wins} | {draws} | {losses} |",
            bot.name,
            rating.rating,
            rating.deviation,
            if *provisional { "yes" } else { "no" },
            rating.games,
        );
        if rating.games != (wins + draws + losses) as u64 {
            eprintln!("{}: {} rated games stored, {} played here", bot.name, rating.games, wins + draws + losses);
        }
    }
    println!("\n| pair | games | first's wins | draws | second's wins | mean seconds a game |");
    println!("|---|---|---|---|---|---|");
    for (first, second) in PAIRS {
        let [wins, draws, losses] = record(&played, first, Some(second));
        let games: Vec<&Played> = played
            .iter()
            .filter(|game| game.bots.contains(&first) && game.bots.contains(&second))
            .collect();
        let mean = games.iter().map(|game| game.seconds).sum::<f64>() / games.len().max(1) as f64;
        println!(
            "| {} vs {} | {} | {wins} | {draws} | {losses} | {mean:.1} |",
            name(first),
            name(second),
            games.len()
        );
    }
    let rating = |bot: usize| {
        rows.iter()
            .find(|(ladder, ..)| ladder.account == LADDER[bot].account)
            .map(|(_, rating, _)| rating.rating)
    };
    if let (Some(random), Some(search), Some(strong)) = (rating(0), rating(1), rating(2)) {
        let held = |gap: f64| if gap >= 400.0 { "held" } else { "did not hold" };
        println!(
            "\nsearch - random: {:+.0} (at least 400: {}); search-1000 - random: {:+.0} ({}); search-1000 - search: \
             {:+.0}",
            search - random,
            held(search - random),
            strong - random,
            held(strong - random),
            strong - search
        );
    }
    let searches = thinking_after.0 - thinking_before.0;
    println!(
        "searches by the search bots: {searches:.0}, {:.0} ms each on average, {:.0} longer than 1 s",
        1000.0 * (thinking_after.1 - thinking_before.1) / searches.max(1.0),
        thinking_after.2 - thinking_before.2
    );
    println!(
        "\n{} games ({} at a time) in {:.0} s wall time: `cargo run --release --example ladder -- --title {title} \
         --games {} --concurrency {}`",
        played.len(),
        args.concurrency,
        wall.as_secs_f64(),
        args.games,
        args.concurrency
    );
    for failure in &failed {
        eprintln!("FAILED {failure}");
    }
    failed.is_empty()
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = match args() {
        Ok(args) => args,
        Err(error) => {
            eprintln!("{error}\nusage: ladder [--title ID]... [--games N] [--concurrency K]");
            return ExitCode::FAILURE;
        }
    };
    let service = Arc::new(GameService::new(Registry::with_all_titles(), Arc::new(MemoryStore::default())));
    // The server's background work at its default sweep interval: bots move at once, and a sweep would apply any
    // ratings left behind.
    tokio::spawn(service.clone().run_background(Some(Duration::from_secs(1))));
    let mut all_played = true;
    for id in &args.titles {
        all_played &= title(&service, id, &args).await;
    }
    if all_played {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
