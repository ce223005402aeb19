//! The component tables, loaded once from `caesar-cleopatra-data.json` (a copy of the shared rules data): `load`
//! reads and checks the file, `tables` holds the result and answers the rules' questions.
//!
//! Every one of the 135 cards gets a compact index (`Card`); party cards come first, seat by seat, influence cards
//! by value then copy number, then manipulation cards by kind then copy number, so that within one value or kind
//! the smaller index is the smaller id (D2).

mod load;
mod tables;

pub use load::data;
pub use tables::VoteCardKind;
#[cfg(test)]
pub use tables::{CardKind, SetupRole};
