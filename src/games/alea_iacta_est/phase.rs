//! The steps of a game, as the view and the state name them.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The step the game is at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = AleaIactaEstPhase)]
pub enum Phase {
    RoundStart,
    TurnRoll,
    /// The current seat rerolls, places or is forced to the Latrina.
    TurnDecide,
    TurnEnd,
    RoundEnd,
    EvalTemplum,
    EvalSenatus,
    SenateDraw,
    /// The best straight's owner keeps one of the drawn cards.
    SenateChoiceFirst,
    SenatePass,
    /// The second straight's owner keeps one of the passed cards.
    SenateChoiceSecond,
    SenateLeftover,
    SenateFinish,
    EvalCastrum,
    /// The owner of the current Castrum group takes a province.
    CastrumPick,
    CastrumFinish,
    CastrumClear,
    /// The owner of the die in the current Forum column takes an inhabitant.
    ForumPick,
    ForumFinish,
    EvalLatrina,
    RoundCleanup,
    FinalScoring,
    /// Terminal: the result is published.
    GameEnd,
}
