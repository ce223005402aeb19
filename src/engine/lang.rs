//! The languages the service speaks, and how a request names or prefers one.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A language the service tells events and actions in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    En,
    Fr,
    De,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Fr, Lang::De];

    /// Its place in `Lang::ALL`, and so in a catalog's languages.
    pub(crate) const fn index(self) -> usize {
        self as usize
    }

    /// Its code, as in `?lang=` and `Content-Language`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
            Lang::De => "de",
        }
    }

    /// `en`, `fr` or `de` (any case), as `?lang=` takes them.
    pub fn parse(code: &str) -> Option<Lang> {
        Lang::ALL
            .into_iter()
            .find(|lang| lang.code().eq_ignore_ascii_case(code))
    }

    /// The language an `Accept-Language` header prefers among ours: the highest `q` of the ranges naming one of
    /// them (a region such as `fr-CA` counts as its language; `*` counts as none, so that it adds nothing), the
    /// first such range among equals; `None` when it names none of ours.
    pub fn negotiate(header: &str) -> Option<Lang> {
        let mut best: Option<(Lang, f32)> = None;
        for range in header.split(',') {
            let mut parts = range.split(';').map(str::trim);
            let tag = parts.next().unwrap_or_default();
            let primary = tag.split('-').next().unwrap_or_default();
            let Some(lang) = Lang::parse(primary) else {
                continue;
            };
            let quality = parts
                .find_map(|parameter| parameter.strip_prefix("q="))
                .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())
                .filter(|q| (0.0..=1.0).contains(q));
            match quality {
                Some(q) if q > 0.0 && best.is_none_or(|(_, kept)| q > kept) => best = Some((lang, q)),
                _ => {}
            }
        }
        best.map(|(lang, _)| lang)
    }
}
