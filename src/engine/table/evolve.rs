//! How the table events of a log fold into a `Table`, the same way for every title.

use super::{DrawOffer, EndReason, OnDecline, OnLeave, Seating, Table, TableEnding, TableEvent, TableSeat};
use crate::engine::Seat;
use crate::engine::bot::Bot;

impl Table {
    /// Folds one table event in.
    pub fn evolve(&mut self, event: &TableEvent, seating: &Seating<'_>) {
        let seat_of = |id: &str| (seating.index)(id);
        match event {
            TableEvent::TableOpened { .. } => self.open(event, &seat_of),
            TableEvent::SeatJoined { .. } => self.join(event, &seat_of),
            TableEvent::FirstMove { seat } => {
                if let Some(seat) = self.seat_mut(seat_of(seat)) {
                    seat.moved = true;
                }
            }
            TableEvent::Resigned { seat } => {
                self.end(EndReason::Resigned, seat_of(seat).into_iter().collect(), seating)
            }
            TableEvent::Aborted { seat } => {
                self.end_without_result(EndReason::Aborted, seat_of(seat).into_iter().collect())
            }
            TableEvent::TimedOut { seats } => {
                self.end(EndReason::TimedOut, seats.iter().filter_map(|seat| seat_of(seat)).collect(), seating)
            }
            TableEvent::Expired => self.end_without_result(EndReason::Expired, Vec::new()),
            TableEvent::DeadlineSet { deadline_ms } => self.deadline_ms = Some(*deadline_ms),
            TableEvent::RematchCreated { game, sealed_tokens } => {
                self.rematch = Some((game.clone(), sealed_tokens.clone()));
            }
            TableEvent::InvitationDeclined { seat } => self.decline(seat_of(seat)),
            TableEvent::SeatAbandoned { seat, reason } => {
                if let Some(left) = self.seat_mut(seat_of(seat)) {
                    left.bot = Some(Bot::SEARCH);
                    left.abandoned = Some(*reason);
                    left.handed = false;
                }
                // The seats left are no longer party to an offer made to them.
                self.draw_offer = None;
            }
            TableEvent::HandedToBot { seat } => self.hand_over(seat_of(seat), true),
            TableEvent::SeatTakenBack { seat } => self.hand_over(seat_of(seat), false),
            TableEvent::DrawOfferMade { seat } => {
                self.draw_offer = seat_of(seat).map(|by| DrawOffer {
                    by,
                    accepted: Vec::new(),
                });
            }
            TableEvent::DrawOfferAccepted { seat } => {
                if let (Some(offer), Some(seat)) = (self.draw_offer.as_mut(), seat_of(seat)) {
                    offer.accepted.push(seat);
                }
            }
            TableEvent::DrawOfferDeclined { .. } => {
                self.draw_declined_to = self.draw_offer.take().map(|offer| offer.by);
            }
            TableEvent::DrawAgreed => {
                self.draw_offer = None;
                self.end_without_result(EndReason::DrawAgreed, Vec::new());
            }
            // The title's state and the clocks go back (`Session`, from its undo trail); the rest stays as it is.
            TableEvent::Undone { .. } => {}
            TableEvent::ClocksRun { at_ms, moved } => {
                self.run_clocks(*at_ms, moved.as_deref().and_then(seat_of), seating)
            }
            TableEvent::SeatBound { seat, account } => {
                if let Some(bound) = self.seat_mut(seat_of(seat)) {
                    bound.account = account.clone();
                }
            }
            TableEvent::SeatsErased {
                seats,
                invitations,
                creator,
            } => {
                for seat in seats {
                    if let Some(erased) = self.seat_mut(seat_of(seat)) {
                        (erased.name, erased.account) = (None, None);
                        erased.erased = true;
                    }
                }
                for seat in invitations {
                    if let Some(erased) = self.seat_mut(seat_of(seat)) {
                        erased.invited = None;
                        erased.invitation_erased = true;
                    }
                }
                if *creator {
                    self.created_by = None;
                    self.creator_erased = true;
                }
            }
        }
        self.settle_clocks(event);
    }

    /// After an event: who plays a seat decides whether its clock can run out, and a game over runs no clock.
    fn settle_clocks(&mut self, event: &TableEvent) {
        if let TableEvent::SeatAbandoned { .. } | TableEvent::HandedToBot { .. } | TableEvent::SeatTakenBack { .. } =
            event
        {
            self.refresh_clock_deadline();
        }
        if self.ending.is_some() {
            self.running.clear();
            self.running_since_ms = None;
        }
    }

    /// The seat at `index`, if there is one.
    fn seat_mut(&mut self, index: Option<Seat>) -> Option<&mut TableSeat> {
        index.and_then(|index| self.seats.get_mut(index))
    }

    /// Folds a `TableOpened` in: the seats as opened, and the table's settings.
    fn open(&mut self, event: &TableEvent, seat_of: &dyn Fn(&str) -> Option<Seat>) {
        let TableEvent::TableOpened {
            seats,
            turn_seconds,
            expires_at_ms,
            on_decline,
            created_by,
            on_leave,
            clock,
            chat,
            rated,
        } = event
        else {
            return;
        };
        for opened in seats {
            if let Some(seat) = self.seat_mut(seat_of(&opened.seat)) {
                seat.open = opened.open;
                seat.name = opened.name.clone();
                seat.bot = opened.bot;
                seat.account = opened.account.clone();
                seat.invited = opened.invited.clone();
            }
        }
        self.listed = self.is_open();
        self.turn_seconds = *turn_seconds;
        self.expires_at_ms = *expires_at_ms;
        self.on_decline = on_decline.unwrap_or_default();
        self.created_by = created_by.clone();
        self.on_leave = on_leave.unwrap_or(OnLeave::default_for(self.seats.len()));
        self.clock = *clock;
        self.clocks = clock.map_or_else(Vec::new, |clock| vec![clock.start(); self.seats.len()]);
        self.chat = chat.unwrap_or_default();
        self.rated = *rated;
    }

    /// Folds a `SeatJoined` in: the seat is taken, no longer reserved for anyone.
    fn join(&mut self, event: &TableEvent, seat_of: &dyn Fn(&str) -> Option<Seat>) {
        let TableEvent::SeatJoined {
            seat,
            name,
            token_hash,
            bot,
            account,
        } = event
        else {
            return;
        };
        if let Some(seat) = self.seat_mut(seat_of(seat)) {
            seat.open = false;
            seat.name = name.clone();
            seat.token_hash = token_hash.clone();
            seat.bot = *bot;
            seat.account = account.clone();
            seat.invited = None;
        }
    }

    /// The account invited to `seat` declined it: the seat opens to anyone, or the game ends, as the creator chose.
    fn decline(&mut self, seat: Option<Seat>) {
        if let Some(declined) = self.seat_mut(seat) {
            declined.invited = None;
        }
        if self.on_decline == OnDecline::Abort {
            self.end_without_result(EndReason::Aborted, seat.into_iter().collect());
        }
    }

    /// `seat` is handed to a bot (`handed`) or taken back from it.
    fn hand_over(&mut self, seat: Option<Seat>, handed: bool) {
        if let Some(seat) = self.seat_mut(seat) {
            seat.bot = handed.then_some(Bot::SEARCH);
            seat.handed = handed;
        }
    }

    /// Ends the game by `by`'s leaving: their sides lose.
    fn end(&mut self, reason: EndReason, by: Vec<Seat>, seating: &Seating<'_>) {
        let mut losers: Vec<Seat> = by.iter().flat_map(|&seat| (seating.side)(seat)).collect();
        losers.sort_unstable();
        losers.dedup();
        self.ending = Some(TableEnding { reason, by, losers });
        self.deadline_ms = None;
    }

    fn end_without_result(&mut self, reason: EndReason, by: Vec<Seat>) {
        self.ending = Some(TableEnding {
            reason,
            by,
            losers: Vec::new(),
        });
        self.deadline_ms = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_resignation_makes_the_seat_and_its_partners_lose() {
        let mut table = Table::closed(4);
        let index = |seat: &str| seat.parse().ok();
        let teams = |seat: Seat| if seat.is_multiple_of(2) { vec![0, 2] } else { vec![1, 3] };
        let seating = Seating {
            index: &index,
            side: &teams,
            to_act: &Vec::new,
        };
        table.evolve(&TableEvent::Resigned { seat: "2".into() }, &seating);
        let ending = table.ending.expect("ended");
        assert_eq!((ending.reason, ending.by, ending.losers), (EndReason::Resigned, vec![2], vec![0, 2]));
    }
}
