//! The table's actions in a typed session: which ones a seat may send now, and what each makes of the game (resign,
//! abort, hand-over to a bot and back, draws, undo).

use super::{Entry, Session, with_clock};
use crate::engine::session::{ActionError, GameSession, Played};
use crate::engine::table::{LeaveReason, OnLeave, TableAction, TableEvent};
use crate::engine::{Game, RuleCode, RuleError, Seat};

impl<G: Game> Session<G> {
    /// Why `seat` may not undo now, or `None` when it may.
    fn undo_refusal(&self, seat: Seat) -> Option<&'static str> {
        if self.table.is_open() {
            Some("the game has not started: there is nothing to undo")
        } else if self.is_finished() {
            Some("the game is over")
        } else if self.table.seats.get(seat).is_some_and(|taken| taken.bot.is_some()) {
            Some("a bot plays this seat: its decisions are not undone")
        } else if self.undo.seat() != Some(seat) {
            Some(
                "this seat has no decision to undo: another seat has acted since, or a card was drawn, dice rolled \
                 or hidden information revealed",
            )
        } else {
            None
        }
    }

    /// The table actions `seat` may send now that are listed with its legal actions: every one but resigning,
    /// aborting and handing the seat to a bot, which are always possible while the game is on.
    pub(super) fn table_actions(&self, seat: Seat) -> Vec<TableAction> {
        let table = &self.table;
        let Some(taken) = table.seats.get(seat) else {
            return Vec::new();
        };
        if self.is_finished() || table.is_open() || taken.abandoned.is_some() {
            return Vec::new();
        }
        if taken.handed {
            return vec![TableAction::TakeBackSeat];
        }
        let mut actions = Vec::new();
        if self.undo_refusal(seat).is_none() {
            actions.push(TableAction::Undo);
        }
        match &table.draw_offer {
            Some(offer) if offer.by != seat && !offer.accepted.contains(&seat) => {
                actions.extend([TableAction::AcceptDraw, TableAction::DeclineDraw]);
            }
            Some(_) => {}
            None if self.may_offer_draw(seat) => actions.push(TableAction::OfferDraw),
            None => {}
        }
        actions
    }

    /// A draw may be offered on the seat's turn, in a title without a draw of its own, while every remaining seat
    /// is played by a person (a bot would never agree), and once declined, not again before a move.
    fn may_offer_draw(&self, seat: Seat) -> bool {
        !G::RULES_DRAW
            && self.table.draw_declined_to != Some(seat)
            && G::to_act(&self.state).contains(&seat)
            && self
                .table
                .remaining()
                .all(|other| self.table.seats[other].played_by_person())
    }

    /// `seat`'s table action at `now_ms`: refused when the table does not allow it now, its events otherwise.
    pub(super) fn play_table(&self, seat: Seat, action: TableAction, now_ms: u64) -> Result<Played, ActionError> {
        let id = self.seat_id(seat);
        let table = &self.table;
        let taken = &table.seats[seat];
        let refuse = |code, message: &str| Err(ActionError::Rule(RuleError::new(code, message)));
        if taken.abandoned.is_some() && action != TableAction::Abort {
            return refuse(RuleCode::SeatAbandoned, "this seat left the game: a bot plays it to the end");
        }
        let entries = match action {
            TableAction::Resign if table.is_open() => {
                return refuse(RuleCode::GameNotStarted, "the game has not started yet: abort it instead of resigning");
            }
            TableAction::Resign if table.on_leave == OnLeave::Bot => vec![TableEvent::SeatAbandoned {
                seat: id,
                reason: LeaveReason::Resigned,
            }],
            TableAction::Resign => vec![TableEvent::Resigned { seat: id }],
            TableAction::Abort if table.all_moved() => {
                return refuse(
                    RuleCode::AbortTooLate,
                    "every seat has already moved: the game can no longer be aborted, only resigned",
                );
            }
            TableAction::Abort => vec![TableEvent::Aborted { seat: id }],
            _ if table.is_open() => {
                return refuse(RuleCode::GameNotStarted, "a seat is still open: the game has not started");
            }
            TableAction::HandToBot if taken.bot.is_some() => {
                return refuse(RuleCode::SeatPlayedByBot, "a bot already plays this seat");
            }
            TableAction::HandToBot => vec![TableEvent::HandedToBot { seat: id }],
            TableAction::TakeBackSeat if !taken.handed => {
                return refuse(
                    RuleCode::SeatNotHanded,
                    "this seat was not handed to a bot: there is nothing to take back",
                );
            }
            TableAction::TakeBackSeat => vec![TableEvent::SeatTakenBack { seat: id }],
            TableAction::OfferDraw | TableAction::AcceptDraw | TableAction::DeclineDraw => {
                return self.answer_draw(seat, action);
            }
            TableAction::Undo => return self.undo_at(seat, now_ms),
        };
        let played = self.then(entries.into_iter().map(Entry::Table).collect());
        Ok(match action {
            // The seat's clock goes on under its new player (a bot moves at once).
            TableAction::HandToBot | TableAction::TakeBackSeat => with_clock(played, now_ms, None),
            _ => played,
        })
    }

    /// `seat` takes back its latest decision at `now_ms`. The clocks go back to where that decision found them
    /// (`absorb`), the time spent since included: no clock event follows, the turn deadline is the one that ran
    /// before the decision, and the increment or bank time the decision earned is gone. Refused when the seat's time
    /// ran out, now or as the clocks read once put back: its timeout is due, not a decision again.
    fn undo_at(&self, seat: Seat, now_ms: u64) -> Result<Played, ActionError> {
        if let Some(why) = self.undo_refusal(seat) {
            return Err(RuleError::new(RuleCode::UndoNotAllowed, why).into());
        }
        let out_of_time = |session: &dyn GameSession| {
            session
                .table()
                .deadline_of(seat, &session.to_act())
                .is_some_and(|deadline| deadline <= now_ms)
        };
        let undone = self.then(vec![Entry::Table(TableEvent::Undone {
            seat: self.seat_id(seat),
        })]);
        if out_of_time(self) || out_of_time(undone.next.as_ref()) {
            return Err(RuleError::new(RuleCode::DeadlinePassed, "this seat's time to act ran out").into());
        }
        Ok(undone)
    }

    /// A draw offered, accepted or declined by `seat`, when `table_actions` lists it.
    fn answer_draw(&self, seat: Seat, action: TableAction) -> Result<Played, ActionError> {
        if !self.table_actions(seat).contains(&action) {
            let message = match action {
                TableAction::OfferDraw if G::RULES_DRAW => "this title's rules have their own draw offer",
                TableAction::OfferDraw if self.table.draw_offer.is_some() => "a draw is already offered",
                TableAction::OfferDraw if self.table.draw_declined_to == Some(seat) => {
                    "this seat's draw offer was declined: it may offer again after a move"
                }
                TableAction::OfferDraw => {
                    "a draw may be offered on the seat's turn, while every remaining seat is played by a person"
                }
                _ => "there is no draw offer for this seat to answer",
            };
            return Err(RuleError::new(RuleCode::DrawNotAllowed, message).into());
        }
        let id = self.seat_id(seat);
        let mut entries = vec![match action {
            TableAction::OfferDraw => TableEvent::DrawOfferMade { seat: id },
            TableAction::AcceptDraw => TableEvent::DrawOfferAccepted { seat: id },
            _ => TableEvent::DrawOfferDeclined { seat: id },
        }];
        if let (TableAction::AcceptDraw, Some(offer)) = (action, &self.table.draw_offer) {
            let agreed = self
                .table
                .remaining()
                .all(|other| other == offer.by || other == seat || offer.accepted.contains(&other));
            if agreed {
                entries.push(TableEvent::DrawAgreed);
            }
        }
        Ok(self.then(entries.into_iter().map(Entry::Table).collect()))
    }
}
