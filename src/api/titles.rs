//! What can be played: the titles, and the static board data a front-end draws them with.

use actix_web::{HttpResponse, Route, web};

use super::Service;
use super::endpoint::{Endpoint, Problems};
use super::error::{ApiError, ErrorCode as Code};
use crate::engine::TitleInfo;

/// The titles this service plays.
#[utoipa::path(get, path = "/v1/titles", tag = "titles",
    responses((status = 200, description = "Every title with its seats and options", body = [TitleInfo])))]
pub async fn list_titles(service: Service) -> HttpResponse {
    HttpResponse::Ok().json(service.titles().collect::<Vec<_>>())
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
