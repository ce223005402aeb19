//! The options of a Caligula game: none.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Caligula has no options.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, default)]
#[schema(as = CaligulaOptions)]
pub struct Options {}
