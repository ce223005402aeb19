//! The printed effects of the Civitas cards as the data file writes them (spec 7.4): one code with its parameter per
//! step, or a two-effect step `A / B`.

use serde::{Deserialize, Serialize};

/// One effect code (spec 7.4) with its parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
pub enum Op {
    VpGain { n: u32 },
    VpLose { n: u32 },
    DrawConiura { n: u32 },
    DrawPugio { n: u32 },
    DrawAny { n: u32 },
    DiscardAny { n: u32 },
    DiscardConiura { n: u32 },
    DiscardPugio { n: u32 },
    GainSpqr5 { v: u32 },
    GainSpqr6 { v: u32 },
    LoseSpqr56 { v: u32 },
    TakePip,
    TakeOrdo1,
    ReplaceCandidate,
    MoveFavour,
    StealCard,
    EmperorLife { n: u32 },
    FavourBonus { n: u32 },
}

impl Op {
    /// The JSON op name (stable, used in events and views).
    pub fn name(self) -> &'static str {
        match self {
            Op::VpGain { .. } => "vp_gain",
            Op::VpLose { .. } => "vp_lose",
            Op::DrawConiura { .. } => "draw_coniura",
            Op::DrawPugio { .. } => "draw_pugio",
            Op::DrawAny { .. } => "draw_any",
            Op::DiscardAny { .. } => "discard_any",
            Op::DiscardConiura { .. } => "discard_coniura",
            Op::DiscardPugio { .. } => "discard_pugio",
            Op::GainSpqr5 { .. } => "gain_spqr5",
            Op::GainSpqr6 { .. } => "gain_spqr6",
            Op::LoseSpqr56 { .. } => "lose_spqr56",
            Op::TakePip => "take_pip",
            Op::TakeOrdo1 => "take_ordo1",
            Op::ReplaceCandidate => "replace_candidate",
            Op::MoveFavour => "move_favour",
            Op::StealCard => "steal_card",
            Op::EmperorLife { .. } => "emperor_life",
            Op::FavourBonus { .. } => "favour_bonus",
        }
    }

    /// Discards depend on the (private) kinds in hand (spec 7.3, D40).
    pub fn hand_dependent(self) -> bool {
        matches!(self, Op::DiscardAny { .. } | Op::DiscardConiura { .. } | Op::DiscardPugio { .. })
    }
}

/// One printed effect step: a single code, or a two-effect step `A / B`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Step {
    Either { either: [Op; 2] },
    Single(Op),
}

impl Step {
    /// The code to apply: the single one, or the chosen alternative of a two-effect step (None while undecided).
    pub fn op(&self, alternative: Option<u8>) -> Option<Op> {
        match (self, alternative) {
            (Step::Single(op), _) => Some(*op),
            (Step::Either { either }, Some(alternative)) => Some(either[(alternative as usize).min(1)]),
            (Step::Either { .. }, None) => None,
        }
    }
}
