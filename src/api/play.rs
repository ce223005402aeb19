//! The reference web client at `/play/`: static files from `web/`, embedded in the binary so that nothing is built or
//! read from disk at run time. The client uses only the public API (it works from another origin too), so these
//! routes are not part of the OpenAPI document.

use std::sync::LazyLock;

use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, web};
use sha2::{Digest, Sha256};

use super::error::ApiError;

/// One embedded file: its name under `/play/`, content type, bytes and strong ETag.
struct WebFile {
    name: &'static str,
    content_type: &'static str,
    bytes: &'static [u8],
    etag: String,
}

/// `(name, bytes)` for each listed file of `web/`.
macro_rules! web_files {
    ($($name:literal),* $(,)?) => {
        [$(($name, include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/web/", $name)).as_slice()),)*]
    };
}

static FILES: LazyLock<Vec<WebFile>> = LazyLock::new(|| {
    web_files![
        "index.html",
        "table.html",
        "profile.html",
        "leaderboard.html",
        "api.js",
        "lobby.js",
        "table.js",
        "profile.js",
        "leaderboard.js",
        "chat.js",
        "alerts.js",
        "nav.js",
        "render.js",
        "map.js",
        "i18n.js",
        "picker.js",
        "rome-board.js",
        "alea-board.js",
        "caligula-board.js",
        "cc-board.js",
        "style.css"
    ]
    .into_iter()
    .map(|(name, bytes)| WebFile {
        name,
        content_type: content_type(name),
        bytes,
        etag: format!("\"{}\"", &hex::encode(Sha256::digest(bytes))[..32]),
    })
    .collect()
});

fn content_type(name: &str) -> &'static str {
    match name.rsplit_once('.').map(|(_, extension)| extension) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// `/play`: to `/play/`, so that the pages' relative addresses resolve under it.
pub async fn redirect() -> HttpResponse {
    HttpResponse::PermanentRedirect()
        .insert_header((header::LOCATION, "/play/"))
        .finish()
}

/// `/play/`: the lobby.
pub async fn index(request: HttpRequest) -> HttpResponse {
    serve(&request, "index.html")
}

/// `/play/{file}`: an embedded file, or 404 problem+json.
pub async fn file(request: HttpRequest, name: web::Path<String>) -> HttpResponse {
    serve(&request, &name)
}

fn serve(request: &HttpRequest, name: &str) -> HttpResponse {
    let Some(file) = FILES.iter().find(|file| file.name == name) else {
        return actix_web::ResponseError::error_response(&ApiError::not_found());
    };
    // Revalidated on every use (`no-cache`), so a new build's files are picked up at once; the ETag makes that a 304.
    let fresh = request
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|tags| tags.split(',').any(|tag| tag.trim() == file.etag || tag.trim() == "*"));
    let mut response = if fresh {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    response
        .insert_header((header::ETAG, HeaderValue::from_str(&file.etag).expect("hex is a header value")))
        .insert_header((header::CACHE_CONTROL, "no-cache"));
    if fresh {
        response.finish()
    } else {
        response.content_type(file.content_type).body(file.bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_embedded_file_has_a_known_content_type_and_a_distinct_etag() {
        for file in FILES.iter() {
            assert_ne!(file.content_type, "application/octet-stream", "{}", file.name);
            assert!(!file.bytes.is_empty(), "{}", file.name);
        }
        let mut tags: Vec<_> = FILES.iter().map(|file| &file.etag).collect();
        tags.sort();
        tags.dedup();
        assert_eq!(tags.len(), FILES.len());
    }
}
