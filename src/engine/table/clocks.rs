//! The table's clocks: deadlines, who ran out of time, each seat's time left, charging the running clocks after a
//! decision, and the reading an undo puts back.

use serde::{Deserialize, Serialize};

use super::{Seating, Table, TableSeat};
use crate::engine::Seat;
use crate::engine::clocks::SeatClock;

/// The clocks as a decision found them: an undo of the decision puts them back, so that the time spent since keeps
/// running for the seats whose clocks ran then, and what the decision earned (an increment, turn time back into a
/// bank, a new turn deadline) is taken back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockReading {
    deadline_ms: Option<u64>,
    clocks: Vec<SeatClock>,
    running: Vec<Seat>,
    running_since_ms: Option<u64>,
}

impl Table {
    /// When `seat` loses its time to act, if it is to act (`to_act`) and runs against a clock: the turn's deadline,
    /// or with a clock per seat, when its own runs out. Seats a bot plays never run out of time.
    pub fn deadline_of(&self, seat: Seat, to_act: &[Seat]) -> Option<u64> {
        if !to_act.contains(&seat) || !self.seats.get(seat).is_some_and(TableSeat::played_by_person) {
            return None;
        }
        match self.clock {
            None => self.deadline_ms,
            Some(clock) => {
                let since = self.running_since_ms?;
                self.running
                    .contains(&seat)
                    .then(|| since.saturating_add(clock.available_ms(self.clocks[seat])))
            }
        }
    }

    /// The seats among `to_act` whose time ran out at `now_ms`.
    pub fn out_of_time(&self, to_act: &[Seat], now_ms: u64) -> Vec<Seat> {
        to_act
            .iter()
            .copied()
            .filter(|&seat| {
                self.deadline_of(seat, to_act)
                    .is_some_and(|deadline| deadline <= now_ms)
            })
            .collect()
    }

    /// The clocks now, for an undo to put back.
    pub fn clock_reading(&self) -> ClockReading {
        ClockReading {
            deadline_ms: self.deadline_ms,
            clocks: self.clocks.clone(),
            running: self.running.clone(),
            running_since_ms: self.running_since_ms,
        }
    }

    /// Puts the clocks back as `reading` found them (an undo): they run on from then, the time since included.
    pub fn restore_clocks(&mut self, reading: ClockReading) {
        self.deadline_ms = reading.deadline_ms;
        self.clocks = reading.clocks;
        self.running = reading.running;
        self.running_since_ms = reading.running_since_ms;
    }

    /// Charges the running clocks up to `at_ms`, ends `moved`'s decision, and runs the clocks of the seats to act.
    pub(super) fn run_clocks(&mut self, at_ms: u64, moved: Option<Seat>, seating: &Seating<'_>) {
        let Some(clock) = self.clock else { return };
        if let Some(since) = self.running_since_ms {
            for &seat in &self.running {
                clock.charge(&mut self.clocks[seat], at_ms.saturating_sub(since));
            }
        }
        if let Some(moved) = moved.and_then(|seat| self.clocks.get_mut(seat)) {
            clock.complete(moved);
        }
        self.running = (seating.to_act)();
        self.running_since_ms = (!self.running.is_empty()).then_some(at_ms);
        self.refresh_clock_deadline();
    }

    /// With a clock per seat: the game's next deadline is the first of the running seats' played by a person.
    pub(super) fn refresh_clock_deadline(&mut self) {
        if self.clock.is_some() {
            self.deadline_ms = self
                .running
                .iter()
                .filter_map(|&seat| self.deadline_of(seat, &self.running))
                .min();
        }
    }

    /// Each seat's time left at `now_ms`, and whether its clock runs (with a clock per seat).
    pub fn seat_times(&self, now_ms: u64) -> Option<Vec<(u64, bool)>> {
        let clock = self.clock?;
        let elapsed = self.running_since_ms.map_or(0, |since| now_ms.saturating_sub(since));
        Some(
            self.clocks
                .iter()
                .enumerate()
                .map(|(seat, &time)| {
                    let running = self.running.contains(&seat);
                    let mut time = time;
                    if running {
                        clock.charge(&mut time, elapsed);
                    }
                    (clock.available_ms(time), running)
                })
                .collect(),
        )
    }
}
