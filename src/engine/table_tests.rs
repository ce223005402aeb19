//! The table around every title, played through the type-erased session with real titles: seats that leave (a bot
//! takes them over, or the game ends), seats handed to a bot and taken back, draws by agreement, and clocks per seat.

use serde_json::{Value, json};

use super::bot::Bot;
use super::clocks::{ClockSettings, FischerClock, TimeBank};
use super::table::{EndReason, LeaveReason, OnLeave, OpenedSeat, TableEvent};
use super::testing::title_actions;
use super::{ActionError, BotMove, GameSeed, GameSession, Opening, Registry, RuleCode, Seat, Title};

const T0: u64 = 1_000_000;

struct Table {
    title: std::sync::Arc<dyn Title>,
    session: Box<dyn GameSession>,
    seed: GameSeed,
    /// The game's log so far.
    log: Vec<String>,
}

fn open(
    title: &str,
    players: usize,
    on_leave: Option<OnLeave>,
    clock: Option<ClockSettings>,
    turn: Option<u64>,
) -> Table {
    let title = Registry::with_all_titles().get(title).expect("a title").clone();
    let info = title.info();
    let options = title.normalize_options(None).expect("default options");
    let opened = TableEvent::TableOpened {
        seats: info.seats[..players]
            .iter()
            .map(|seat| OpenedSeat {
                seat: (*seat).to_owned(),
                open: false,
                name: Some(format!("{seat} person")),
                bot: None,
                account: None,
                invited: None,
            })
            .collect(),
        turn_seconds: turn,
        expires_at_ms: None,
        on_decline: None,
        created_by: None,
        on_leave,
        clock,
        chat: None,
        rated: false,
    };
    let seed = GameSeed::from_u64(11);
    let opening = Opening {
        players,
        options: &options,
        opened,
        seed,
        now_ms: T0,
    };
    let log = title.open(opening).expect("opened");
    let session = title.replay(players, &options, &log).expect("its log");
    Table {
        title,
        session,
        seed,
        log,
    }
}

impl Table {
    fn act(&mut self, seat: Seat, action: Value, now: u64) -> Result<Vec<Value>, ActionError> {
        let played = self.session.play(seat, &action, self.seed, now)?;
        self.session = played.next;
        self.log.extend(played.events.iter().cloned());
        Ok(played
            .events
            .iter()
            .map(|event| serde_json::from_str(event).unwrap())
            .collect())
    }

    fn refused(&mut self, seat: Seat, action: Value, now: u64) -> &'static str {
        match self.act(seat, action, now) {
            Err(ActionError::Rule(rule)) => rule.code.as_str(),
            other => panic!("expected a refusal, got {other:?}"),
        }
    }

    fn record(&mut self, events: &[TableEvent]) {
        let played = self.session.record(events);
        self.session = played.next;
        self.log.extend(played.events);
    }

    /// The seat to act's first title action (a person's) or its bot's move.
    fn step(&mut self, now: u64) {
        let seat = self.session.to_act()[0];
        match self.session.table().seats[seat].bot {
            Some(bot) => {
                let played = self
                    .session
                    .play_bot(
                        BotMove {
                            seat,
                            bot,
                            seed: self.seed,
                            now_ms: now,
                        },
                        &mut || true,
                    )
                    .expect("a bot moves");
                self.session = played.next;
                self.log.extend(played.events);
            }
            None => {
                let action = title_actions(self.title.as_ref(), self.session.legal_actions(seat)).remove(0);
                self.act(seat, action, now).expect("a listed action");
            }
        }
    }

    /// A title action of `seat` that it may undo once played at `now`, and that passes the turn to another seat
    /// when `passing`.
    fn undoable(&self, seat: Seat, now: u64, passing: bool) -> Option<Value> {
        title_actions(self.title.as_ref(), self.session.legal_actions(seat))
            .into_iter()
            .find(|action| {
                self.session.play(seat, action, self.seed, now).is_ok_and(|played| {
                    played.next.legal_actions(seat).contains(&json!({"type": "undo"}))
                        && (!passing || !played.next.to_act().contains(&seat))
                })
            })
    }

    /// The game its log replays to is this one, clocks and undo trail included.
    fn assert_replays(&self) {
        let options = self.title.normalize_options(None).expect("default options");
        let players = self.session.table().seats.len();
        let replayed = self.title.replay(players, &options, &self.log).expect("its log");
        assert_eq!(replayed.snapshot(), self.session.snapshot(), "the log replays to the live game");
    }

    fn listed(&self, seat: Seat) -> Vec<String> {
        self.session
            .legal_actions(seat)
            .iter()
            .filter_map(|action| action["type"].as_str().map(str::to_owned))
            .collect()
    }
}

fn types(events: &[Value]) -> Vec<&str> {
    events.iter().map(|event| event["type"].as_str().unwrap()).collect()
}

#[test]
fn in_a_five_player_game_leavers_are_played_by_bots_to_the_end_and_rank_last() {
    let mut table = open("caligula", 5, None, None, Some(60));
    assert_eq!(table.session.table().on_leave, OnLeave::Bot, "the default with 3 or more seats");
    let resigned = table.act(1, json!({"type": "resign"}), T0).unwrap();
    let seat_1 = table.title.info().seats[1];
    assert_eq!(resigned, vec![json!({"type": "seat_abandoned", "seat": seat_1, "reason": "resigned"})]);
    assert!(!table.session.is_finished(), "the game goes on");
    assert_eq!(table.session.table().seats[1].bot, Some(Bot::SEARCH));
    assert!(table.session.legal_actions(1).is_empty(), "a bot plays the seat");
    assert_eq!(table.refused(1, json!({"type": "resign"}), T0), "seat_abandoned");
    assert_eq!(table.refused(1, json!({"type": "take_back_seat"}), T0), "seat_abandoned");
    // The seat to act lets its time run out: a bot takes it over too.
    let late = table.session.to_act()[0];
    let overdue = table.session.overdue(T0 + 61_000);
    assert_eq!(
        overdue,
        vec![TableEvent::SeatAbandoned {
            seat: table.title.info().seats[late].to_owned(),
            reason: LeaveReason::TimedOut
        }]
    );
    table.record(&overdue);
    let mut now = T0 + 61_000;
    while !table.session.is_finished() {
        now += 1_000;
        table.step(now);
    }
    assert!(table.session.table().ending.is_none(), "played out to the rules' end");
    let abandoned: Vec<Seat> = (0..5)
        .filter(|&seat| table.session.table().seats[seat].abandoned.is_some())
        .collect();
    assert_eq!(abandoned.len(), 2);
    assert!(abandoned.contains(&1) && abandoned.contains(&late));
}

#[test]
fn with_two_seats_or_on_leave_end_a_resignation_ends_the_game() {
    let mut duel = open("caesar-cleopatra", 2, None, None, None);
    assert_eq!(duel.session.table().on_leave, OnLeave::End);
    assert_eq!(types(&duel.act(0, json!({"type": "resign"}), T0).unwrap()), ["resigned"]);
    assert_eq!(duel.session.table().ending.as_ref().unwrap().reason, EndReason::Resigned);
    let mut five = open("caligula", 5, Some(OnLeave::End), None, None);
    assert_eq!(types(&five.act(2, json!({"type": "resign"}), T0).unwrap()), ["resigned"]);
    assert!(five.session.is_finished());
}

#[test]
fn a_seat_handed_to_a_bot_is_played_by_it_until_its_player_takes_it_back() {
    let mut table = open("caesar-cleopatra", 2, None, None, None);
    let seat = table.session.to_act()[0];
    assert!(!table.listed(seat).contains(&"take_back_seat".to_owned()));
    assert_eq!(table.refused(seat, json!({"type": "take_back_seat"}), T0), "seat_not_handed");
    assert_eq!(types(&table.act(seat, json!({"type": "hand_to_bot"}), T0).unwrap()), ["handed_to_bot"]);
    assert_eq!(table.session.bot_to_act().map(|(to_act, _)| to_act), Some(seat), "its bot is to act");
    assert_eq!(table.listed(seat), ["take_back_seat"], "only taking it back is listed");
    assert_eq!(table.refused(seat, json!({"type": "hand_to_bot"}), T0), RuleCode::SeatPlayedByBot.as_str());
    let before = table.session.version();
    while table.session.bot_to_act().is_some_and(|(to_act, _)| to_act == seat) {
        let played = table
            .session
            .play_bot(
                BotMove {
                    seat,
                    bot: Bot::SEARCH,
                    seed: table.seed,
                    now_ms: T0 + 1,
                },
                &mut || true,
            )
            .unwrap();
        table.session = played.next;
    }
    assert!(table.session.version() > before, "the bot moved for the seat");
    assert_eq!(types(&table.act(seat, json!({"type": "take_back_seat"}), T0 + 3).unwrap()), ["seat_taken_back"]);
    assert!(table.session.bot_to_act().is_none());
    assert!(!table.session.table().seats[seat].handed);
    assert_eq!(types(&table.act(seat, json!({"type": "resign"}), T0 + 4).unwrap()), ["resigned"]);
}

#[test]
fn a_title_action_from_a_seat_its_bot_plays_is_refused() {
    let mut table = open("caesar-cleopatra", 2, None, None, None);
    let seat = table.session.to_act()[0];
    let action = title_actions(table.title.as_ref(), table.session.legal_actions(seat)).remove(0);
    table.act(seat, json!({"type": "hand_to_bot"}), T0).unwrap();
    assert_eq!(table.refused(seat, action, T0), RuleCode::SeatPlayedByBot.as_str());
}

#[test]
fn a_draw_needs_every_remaining_seat_and_ends_the_game_shared() {
    let mut table = open("caligula", 3, None, None, None);
    let offerer = table.session.to_act()[0];
    let others: Vec<Seat> = (0..3).filter(|&seat| seat != offerer).collect();
    assert!(table.listed(offerer).contains(&"offer_draw".to_owned()), "on its turn");
    assert_eq!(table.refused(others[0], json!({"type": "offer_draw"}), T0), "draw_not_allowed");
    assert_eq!(table.refused(others[0], json!({"type": "accept_draw"}), T0), "draw_not_allowed");
    table.act(offerer, json!({"type": "offer_draw"}), T0).unwrap();
    assert_eq!(table.listed(others[0]), ["accept_draw", "decline_draw"]);
    assert!(!table.listed(offerer).iter().any(|kind| kind.contains("draw")));
    assert_eq!(types(&table.act(others[0], json!({"type": "accept_draw"}), T0).unwrap()), ["draw_offer_accepted"]);
    assert!(!table.session.is_finished(), "one seat has yet to accept");
    assert_eq!(
        types(&table.act(others[1], json!({"type": "accept_draw"}), T0).unwrap()),
        ["draw_offer_accepted", "draw_agreed"]
    );
    let ending = table.session.table().ending.clone().expect("over");
    assert_eq!((ending.reason, ending.losers), (EndReason::DrawAgreed, vec![]));
}

#[test]
fn a_draw_declined_or_answered_by_a_move_is_over() {
    let mut table = open("caesar-cleopatra", 2, None, None, None);
    let offerer = table.session.to_act()[0];
    table.act(offerer, json!({"type": "offer_draw"}), T0).unwrap();
    table.act(1 - offerer, json!({"type": "decline_draw"}), T0).unwrap();
    assert!(table.session.table().draw_offer.is_none());
    assert_eq!(table.refused(1 - offerer, json!({"type": "accept_draw"}), T0), "draw_not_allowed");
    assert_eq!(
        table.refused(offerer, json!({"type": "offer_draw"}), T0),
        "draw_not_allowed",
        "not again before a move"
    );
    table.step(T0);
    assert_eq!(table.session.to_act()[0], offerer, "its opening takes the seat several moves");
    table.act(offerer, json!({"type": "offer_draw"}), T0).unwrap();
    table.step(T0);
    assert!(table.session.table().draw_offer.is_none(), "the offerer's move lapses its offer");
}

#[test]
fn no_draw_while_a_bot_plays_a_seat_and_rome_keeps_its_own() {
    let mut table = open("caligula", 3, None, None, None);
    table.act(2, json!({"type": "resign"}), T0).unwrap();
    let seat = table.session.to_act()[0];
    assert!(!table.listed(seat).contains(&"offer_draw".to_owned()));
    let mut rome = open("rome-carthage", 2, None, None, None);
    let seat = rome.session.to_act()[0];
    assert!(!rome.listed(seat).contains(&"offer_draw".to_owned()), "not in the setup phase");
    // The title reads the action: its rules refuse it outside of its main phase, no table event is written.
    match rome.act(seat, json!({"type": "offer_draw"}), T0) {
        Err(ActionError::Rule(rule)) => assert_ne!(rule.code.as_str(), "draw_not_allowed"),
        Ok(events) => assert!(events.iter().all(|event| event["type"] != "draw_offer_made")),
        Err(other) => panic!("{other:?}"),
    }
}

#[test]
fn a_fischer_clock_runs_for_every_seat_to_act_and_adds_the_movers_increment() {
    let fischer = ClockSettings::Fischer(FischerClock {
        initial_seconds: 60,
        increment_seconds: 5,
    });
    // César et Cléopâtre opens with a simultaneous step: both clocks run.
    let mut table = open("caesar-cleopatra", 2, None, Some(fischer), None);
    assert_eq!(table.session.to_act(), [0, 1]);
    assert_eq!(table.session.table().running, [0, 1]);
    assert_eq!(table.session.table().deadline_ms, Some(T0 + 60_000));
    let action = title_actions(table.title.as_ref(), table.session.legal_actions(0)).remove(0);
    table.act(0, action, T0 + 20_000).unwrap();
    // Its opening takes each seat several decisions: both clocks still run.
    assert_eq!(table.session.to_act(), [0, 1]);
    let times = table.session.table().seat_times(T0 + 20_000).unwrap();
    assert_eq!(times, [(45_000, true), (40_000, true)], "60 - 20 + 5, and 60 - 20");
    let times = table.session.table().seat_times(T0 + 30_000).unwrap();
    assert_eq!(times, [(35_000, true), (30_000, true)], "both run on");
    assert_eq!(table.session.table().deadline_ms, Some(T0 + 60_000));
    assert!(table.session.overdue(T0 + 59_999).is_empty());
    let action = title_actions(table.title.as_ref(), table.session.legal_actions(1)).remove(0);
    assert_eq!(table.refused(1, action, T0 + 60_000), RuleCode::DeadlinePassed.as_str());
    assert_eq!(
        table.session.overdue(T0 + 60_000),
        vec![TableEvent::TimedOut {
            seats: vec![table.title.info().seats[1].to_owned()]
        }],
        "with 2 seats the game ends"
    );
}

#[test]
fn a_time_bank_runs_out_after_the_turn_time_and_the_bank() {
    let bank = ClockSettings::Bank(TimeBank {
        bank_seconds: 30,
        turn_seconds: 10,
    });
    let mut table = open("caligula", 3, None, Some(bank), None);
    let first = table.session.to_act()[0];
    assert_eq!(table.session.table().deadline_ms, Some(T0 + 40_000));
    // 4 s of a 10 s turn: the bank stays full.
    table.step(T0 + 4_000);
    assert_eq!(table.session.table().seat_times(T0 + 4_000).unwrap()[first].0, 40_000);
    let second = table.session.to_act()[0];
    assert_eq!(table.session.overdue(T0 + 4_000 + 40_000).len(), 1);
    assert_eq!(
        table.session.overdue(T0 + 4_000 + 40_000)[0],
        TableEvent::SeatAbandoned {
            seat: table.title.info().seats[second].to_owned(),
            reason: LeaveReason::TimedOut
        },
        "with 3 seats, a bot takes the seat over"
    );
    // 25 s: the 10 s turn and 15 s of the bank.
    table.step(T0 + 29_000);
    assert_eq!(table.session.table().seat_times(T0 + 29_000).unwrap()[second].0, 25_000);
}

#[test]
fn an_undo_under_a_fischer_clock_takes_back_the_increment_and_keeps_the_time_spent() {
    let fischer = ClockSettings::Fischer(FischerClock {
        initial_seconds: 60,
        increment_seconds: 5,
    });
    // César et Cléopâtre opens with a simultaneous step: both clocks run from T0.
    let mut table = open("caesar-cleopatra", 2, None, Some(fischer), None);
    let undo = json!({"type": "undo"});
    let action = table
        .undoable(0, T0 + 20_000, false)
        .expect("an opening decision to undo");
    table.act(0, action, T0 + 20_000).unwrap();
    let times = table.session.table().seat_times(T0 + 20_000).unwrap();
    assert_eq!(times, [(45_000, true), (40_000, true)], "60 - 20 + 5, and 60 - 20");
    table.act(0, undo.clone(), T0 + 25_000).unwrap();
    // As if seat 0 had not decided: its clock ran from T0 on, without the increment; the other's ran on as well.
    let times = table.session.table().seat_times(T0 + 25_000).unwrap();
    assert_eq!(times, [(35_000, true), (35_000, true)], "60 - 25 for both");
    assert_eq!(table.session.table().deadline_ms, Some(T0 + 60_000));
    table.assert_replays();
    // Moves and undos in a row do not stretch the seat's time.
    for pair in 0..5 {
        let at = T0 + 30_000 + pair * 2_000;
        let action = table.undoable(0, at, false).expect("a decision to undo");
        table.act(0, action, at).unwrap();
        table.act(0, undo.clone(), at + 1_000).unwrap();
    }
    let times = table.session.table().seat_times(T0 + 40_000).unwrap();
    assert_eq!(times, [(20_000, true), (20_000, true)], "60 - 40 for both");
    assert_eq!(table.session.table().deadline_ms, Some(T0 + 60_000));
    table.assert_replays();
    // Its time ran out since its decision: the undo would leave it out of time, and is refused.
    let action = table.undoable(0, T0 + 50_000, false).expect("a decision to undo");
    table.act(0, action, T0 + 50_000).unwrap();
    assert_eq!(table.session.table().seat_times(T0 + 50_000).unwrap()[0].0, 15_000);
    assert_eq!(table.refused(0, undo.clone(), T0 + 60_000), RuleCode::DeadlinePassed.as_str());
    table.act(0, undo, T0 + 59_000).expect("an undo in time");
    table.assert_replays();
}

#[test]
fn an_undo_that_passed_the_turn_gives_it_back_without_charging_the_next_seat() {
    let fischer = ClockSettings::Fischer(FischerClock {
        initial_seconds: 60,
        increment_seconds: 5,
    });
    let mut table = open("caligula", 2, None, Some(fischer), None);
    let undo = json!({"type": "undo"});
    // Played on until a seat's decision, which it may undo, passes the turn.
    let mut now = T0;
    let (seat, action) = loop {
        let seat = table.session.to_act()[0];
        if let Some(action) = table.undoable(seat, now, true) {
            break (seat, action);
        }
        table.step(now);
        now += 1_000;
        assert!(now < T0 + 30_000, "a decision passes the turn and may be undone");
    };
    let other = 1 - seat;
    let before = table.session.table().seat_times(now).unwrap();
    assert_eq!((before[seat].1, before[other].1), (true, false));
    table.act(seat, action, now + 2_000).unwrap();
    assert_eq!(table.session.to_act(), [other]);
    table.act(seat, undo, now + 3_000).unwrap();
    // The seat's clock ran all along, with no increment; the other seat's turn never began.
    assert_eq!(table.session.to_act(), [seat]);
    let times = table.session.table().seat_times(now + 3_000).unwrap();
    assert_eq!(times[seat], (before[seat].0 - 3_000, true));
    assert_eq!(times[other], before[other]);
    assert_eq!(table.session.table().deadline_ms, Some(now + before[seat].0));
    table.assert_replays();
}

#[test]
fn an_undo_keeps_the_turn_deadline_that_ran_before_the_undone_decision() {
    let mut table = open("caesar-cleopatra", 2, None, None, Some(60));
    let undo = json!({"type": "undo"});
    assert_eq!(table.session.table().deadline_ms, Some(T0 + 60_000));
    let action = table
        .undoable(0, T0 + 20_000, false)
        .expect("an opening decision to undo");
    table.act(0, action, T0 + 20_000).unwrap();
    assert_eq!(table.session.table().deadline_ms, Some(T0 + 80_000), "a move restarts it");
    let events = table.act(0, undo.clone(), T0 + 30_000).unwrap();
    assert_eq!(types(&events), ["undone"], "no new deadline");
    assert_eq!(table.session.table().deadline_ms, Some(T0 + 60_000), "the one before the move");
    table.assert_replays();
    // Past that deadline an undo would leave the seat out of time: refused, the timeout is due.
    let action = table.undoable(0, T0 + 50_000, false).expect("a decision to undo");
    table.act(0, action, T0 + 50_000).unwrap();
    assert_eq!(table.session.table().deadline_ms, Some(T0 + 110_000));
    assert_eq!(table.refused(0, undo, T0 + 60_000), RuleCode::DeadlinePassed.as_str());
    table.assert_replays();
}
