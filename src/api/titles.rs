//! What can be played: the titles, and the static board data a front-end draws them with.

use actix_web::{HttpResponse, Route, web};
use serde::Serialize;
use utoipa::ToSchema;

use super::Service;
use super::endpoint::{Endpoint, Problems};
use super::error::{ApiError, ErrorCode as Code};
use crate::engine::TitleInfo;
use crate::engine::table::TableAction;

/// A title, and the table's actions its games take besides its own.
#[derive(Serialize, ToSchema)]
pub struct TitleResponse {
    #[serde(flatten)]
    pub info: TitleInfo,
    /// The table's actions (`TableAction`) this title's games take besides the title's own actions. A client tells
    /// them from the title's by their `type`. A title whose rules have a draw of their own (Rome et Carthage) reads
    /// `offer_draw`, `accept_draw` and `decline_draw` as its own actions: they are not in its list.
    pub table_actions: Vec<TableActionType>,
}

/// One of the table's actions.
#[derive(Serialize, ToSchema)]
pub struct TableActionType {
    /// The action's `type`, sent as `{"type": ...}`.
    #[serde(rename = "type")]
    #[schema(example = "undo")]
    pub kind: &'static str,
    /// True when a seat's `legal_actions` list it whenever it is open to the seat (`undo`, the draw's offer and
    /// answers, `take_back_seat`); false for those never listed, sent when the player chooses (`resign`, `abort`,
    /// `hand_to_bot`).
    pub listed: bool,
}

/// The titles this service plays.
#[utoipa::path(get, path = "/v1/titles", tag = "titles",
    responses((status = 200, description = "Every title with its seats, its options and the table's actions its games take", body = [TitleResponse])))]
pub async fn list_titles(service: Service) -> HttpResponse {
    let titles: Vec<TitleResponse> = (service.titles().zip(service.registry().titles()))
        .map(|(info, title)| TitleResponse {
            info: info.clone(),
            table_actions: TableAction::of_title(title.rules_draw())
                .map(|action| TableActionType {
                    kind: action.kind(),
                    listed: action.is_listed(),
                })
                .collect(),
        })
        .collect();
    HttpResponse::Ok().json(titles)
}

impl Endpoint for __path_list_titles {
    const PROBLEMS: &'static [Problems] = &[];

    fn route() -> Route {
        web::get().to(list_titles)
    }
}

/// A title's static board data (e.g. the map with coordinates), for drawing the board.
#[utoipa::path(get, path = "/v1/titles/{id}/map", tag = "titles",
    params(("id" = String, Path, description = "Title id")),
    responses(
        (status = 200, description = "The board data, in the title's own shape", body = Object),
    ))]
pub async fn title_map(service: Service, id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let map = service
        .registry()
        .get(&id)
        .and_then(|title| title.map())
        .ok_or_else(|| ApiError::new(Code::MapNotFound, format!("title {id:?} has no map")))?;
    Ok(HttpResponse::Ok().json(map))
}

impl Endpoint for __path_title_map {
    const PROBLEMS: &'static [Problems] = &[Problems::new("No such title, or it has no map", &[Code::MapNotFound])];

    fn route() -> Route {
        web::get().to(title_map)
    }
}
