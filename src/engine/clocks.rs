//! Chess-style clocks per seat: a Fischer clock (a main time, and an increment after each decision) or a Board Game
//! Arena-style time bank (each decision has its own turn time, then draws on the bank; unused turn time flows back
//! into the bank, never above what it started with). Pure arithmetic on milliseconds: the table folds the times in
//! from the log, so that every instance reads the same clocks.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The longest a clock may be set to, in seconds: thirty days (as a turn clock).
pub const MAX_CLOCK_SECONDS: u64 = 30 * 24 * 3600;

/// A clock per seat, chosen at creation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum ClockSettings {
    Fischer(FischerClock),
    Bank(TimeBank),
}

/// Fischer: each seat has `initial_seconds` for the whole game and gains `increment_seconds` after each of its
/// decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FischerClock {
    #[schema(minimum = 1, maximum = 2592000, example = 300)]
    pub initial_seconds: u64,
    #[schema(minimum = 0, maximum = 2592000, example = 5)]
    pub increment_seconds: u64,
}

/// Time bank: each decision may take `turn_seconds`, then draws on the seat's bank of `bank_seconds`; time a
/// decision leaves unused goes back into the bank, which never holds more than `bank_seconds`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TimeBank {
    #[schema(minimum = 0, maximum = 2592000, example = 600)]
    pub bank_seconds: u64,
    #[schema(minimum = 1, maximum = 2592000, example = 30)]
    pub turn_seconds: u64,
}

/// One seat's time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatClock {
    /// Fischer: the main time left; bank: the bank.
    pub left_ms: u64,
    /// Bank: what the seat's current decision used of its turn time so far.
    pub turn_used_ms: u64,
}

impl ClockSettings {
    /// Why these settings are refused, if they are.
    pub fn check(&self) -> Result<(), String> {
        let within = |name: &str, value: u64, least: u64| {
            if (least..=MAX_CLOCK_SECONDS).contains(&value) {
                Ok(())
            } else {
                Err(format!("{name} must be {least} to {MAX_CLOCK_SECONDS}, not {value}"))
            }
        };
        match *self {
            ClockSettings::Fischer(FischerClock {
                initial_seconds,
                increment_seconds,
            }) => within("initial_seconds", initial_seconds, 1).and(within("increment_seconds", increment_seconds, 0)),
            ClockSettings::Bank(TimeBank {
                bank_seconds,
                turn_seconds,
            }) => within("bank_seconds", bank_seconds, 0).and(within("turn_seconds", turn_seconds, 1)),
        }
    }

    /// A seat's clock at the start of the game.
    pub fn start(&self) -> SeatClock {
        let left_ms = match *self {
            ClockSettings::Fischer(FischerClock { initial_seconds, .. }) => initial_seconds * 1000,
            ClockSettings::Bank(TimeBank { bank_seconds, .. }) => bank_seconds * 1000,
        };
        SeatClock {
            left_ms,
            turn_used_ms: 0,
        }
    }

    /// The time the seat may still take for its current decision.
    pub fn available_ms(&self, clock: SeatClock) -> u64 {
        match *self {
            ClockSettings::Fischer(_) => clock.left_ms,
            ClockSettings::Bank(TimeBank { turn_seconds, .. }) => {
                (turn_seconds * 1000).saturating_sub(clock.turn_used_ms) + clock.left_ms
            }
        }
    }

    /// Takes `elapsed_ms` of thinking off the seat's clock: its turn time first (bank), then the rest.
    pub fn charge(&self, clock: &mut SeatClock, elapsed_ms: u64) {
        let from_turn = match *self {
            ClockSettings::Fischer(_) => 0,
            ClockSettings::Bank(TimeBank { turn_seconds, .. }) => {
                elapsed_ms.min((turn_seconds * 1000).saturating_sub(clock.turn_used_ms))
            }
        };
        clock.turn_used_ms += from_turn;
        clock.left_ms = clock.left_ms.saturating_sub(elapsed_ms - from_turn);
    }

    /// The seat's decision is over: its increment (Fischer), or its unused turn time back into the bank.
    pub fn complete(&self, clock: &mut SeatClock) {
        match *self {
            ClockSettings::Fischer(FischerClock { increment_seconds, .. }) => clock.left_ms += increment_seconds * 1000,
            ClockSettings::Bank(TimeBank {
                bank_seconds,
                turn_seconds,
            }) => {
                let unused = (turn_seconds * 1000).saturating_sub(clock.turn_used_ms);
                clock.left_ms = (clock.left_ms + unused).min(bank_seconds * 1000);
                clock.turn_used_ms = 0;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fischer_clock_runs_down_and_gains_its_increment_after_a_decision() {
        let fischer = ClockSettings::Fischer(FischerClock {
            initial_seconds: 60,
            increment_seconds: 2,
        });
        let mut clock = fischer.start();
        fischer.charge(&mut clock, 10_500);
        assert_eq!(fischer.available_ms(clock), 49_500);
        fischer.complete(&mut clock);
        assert_eq!(fischer.available_ms(clock), 51_500);
        fischer.charge(&mut clock, 99_000);
        assert_eq!(fischer.available_ms(clock), 0, "a clock stops at zero");
    }

    #[test]
    fn a_bank_draws_on_the_turn_time_first_and_refills_up_to_its_start() {
        let bank = ClockSettings::Bank(TimeBank {
            bank_seconds: 100,
            turn_seconds: 10,
        });
        let mut clock = bank.start();
        assert_eq!(bank.available_ms(clock), 110_000);
        // 25 s: 10 from the turn, 15 from the bank.
        bank.charge(&mut clock, 25_000);
        assert_eq!((clock.left_ms, bank.available_ms(clock)), (85_000, 85_000));
        bank.complete(&mut clock);
        assert_eq!(bank.available_ms(clock), 95_000, "a new decision has its turn time again");
        // 4 s of a 10 s turn: 6 s flow back into the bank.
        bank.charge(&mut clock, 1_000);
        bank.charge(&mut clock, 3_000);
        bank.complete(&mut clock);
        assert_eq!(clock.left_ms, 91_000);
        for _ in 0..5 {
            bank.complete(&mut clock);
        }
        assert_eq!(clock.left_ms, 100_000, "never above the bank's start");
    }

    #[test]
    fn settings_out_of_range_are_refused() {
        let fischer = |initial_seconds, increment_seconds| {
            ClockSettings::Fischer(FischerClock {
                initial_seconds,
                increment_seconds,
            })
        };
        assert!(fischer(300, 0).check().is_ok());
        assert!(fischer(0, 5).check().is_err());
        assert!(fischer(300, MAX_CLOCK_SECONDS + 1).check().is_err());
        let bank = ClockSettings::Bank(TimeBank {
            bank_seconds: 0,
            turn_seconds: 0,
        });
        assert!(bank.check().is_err());
        let parsed: ClockSettings = serde_json::from_str(r#"{"bank_seconds": 60, "turn_seconds": 5}"#).unwrap();
        assert_eq!(
            parsed,
            ClockSettings::Bank(TimeBank {
                bank_seconds: 60,
                turn_seconds: 5
            })
        );
        assert!(serde_json::from_str::<ClockSettings>(r#"{"initial_seconds": 60}"#).is_err());
        assert!(serde_json::from_str::<ClockSettings>(r#"{"initial_seconds": -1, "increment_seconds": 0}"#).is_err());
        let both = r#"{"initial_seconds": 60, "increment_seconds": 0, "bank_seconds": 60}"#;
        assert!(serde_json::from_str::<ClockSettings>(both).is_err(), "one kind of clock at a time");
    }
}
