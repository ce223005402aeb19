//! The words of the service as message catalogs, one Project Fluent file per language and title
//! (`locales/<code>.ftl` beside the code that tells them), so that a language is added with files only: the code
//! names a message and passes its arguments, the catalog holds the sentence, its plurals and its genders.
//!
//! A missing message or argument never fails a request: the text falls back to English, then to the message's id,
//! and the fault is logged. Under `cargo test` it panics instead, so that the tests telling every event and action
//! in every language fail on it; `tests::every_catalog_has_the_same_messages_in_every_language` checks the files.

use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

use super::lang::Lang;

/// A catalog's sources, one per language of `Lang::ALL` in its order, from `dir` (relative to the calling file).
/// A new language adds its file here.
#[macro_export]
macro_rules! catalog {
    ($dir:literal) => {
        $crate::engine::catalog::Catalog::new([
            include_str!(concat!($dir, "/en.ftl")),
            include_str!(concat!($dir, "/fr.ftl")),
            include_str!(concat!($dir, "/de.ftl")),
        ])
    };
}

/// Tells a catalog's message: `text!(CATALOG, lang, "message-id", name = value, ...)`, each value anything a
/// `FluentValue` is made from (a string, a number).
#[macro_export]
macro_rules! text {
    ($catalog:expr, $lang:expr, $id:expr $(, $name:ident = $value:expr)* $(,)?) => {
        $catalog.text($lang, $id, &[$((stringify!($name), ::fluent_bundle::FluentValue::from($value))),*])
    };
}

type Bundle = FluentBundle<FluentResource>;

/// One title's (or the table's) messages in every language, parsed the first time they are told.
pub struct Catalog {
    sources: [&'static str; Lang::ALL.len()],
    bundles: OnceLock<Vec<Bundle>>,
}

impl Catalog {
    pub const fn new(sources: [&'static str; Lang::ALL.len()]) -> Catalog {
        Catalog {
            sources,
            bundles: OnceLock::new(),
        }
    }

    fn bundles(&self) -> &[Bundle] {
        self.bundles.get_or_init(|| {
            Lang::ALL
                .iter()
                .zip(self.sources)
                .map(|(lang, source)| bundle(*lang, source))
                .collect()
        })
    }

    /// Message `id` in `lang` with `args`; English, then the id itself, when it cannot be told in `lang`.
    pub fn text(&self, lang: Lang, id: &str, args: &[(&str, FluentValue)]) -> String {
        let (text, faults) = self.told(lang, id, args);
        for (lang, fault) in faults {
            fault_found(lang, id, &fault);
        }
        text
    }

    /// The text `text` gives, and the faults met on the way to it.
    fn told(&self, lang: Lang, id: &str, args: &[(&str, FluentValue)]) -> (String, Vec<(Lang, String)>) {
        let args: FluentArgs = args.iter().map(|(name, value)| (*name, value.clone())).collect();
        let mut faults = Vec::new();
        for lang in [lang, Lang::En] {
            match format(&self.bundles()[lang.index()], id, &args) {
                Ok(text) => return (text, faults),
                Err(fault) => faults.push((lang, fault)),
            }
        }
        (id.to_owned(), faults)
    }

    /// The ids of the messages of each language, in `Lang::ALL`'s order, and the faults of its file.
    #[cfg(test)]
    fn messages(&self) -> Vec<(std::collections::BTreeSet<String>, Vec<String>)> {
        self.sources
            .iter()
            .map(|source| {
                let (resource, faults) = match FluentResource::try_new((*source).to_owned()) {
                    Ok(resource) => (resource, Vec::new()),
                    Err((resource, errors)) => (resource, errors.iter().map(ToString::to_string).collect()),
                };
                let ids = resource
                    .entries()
                    .filter_map(|entry| match entry {
                        fluent_syntax::ast::Entry::Message(message) => Some(message.id.name.to_owned()),
                        _ => None,
                    })
                    .collect();
                (ids, faults)
            })
            .collect()
    }
}

fn format(bundle: &Bundle, id: &str, args: &FluentArgs) -> Result<String, String> {
    let message = bundle.get_message(id).ok_or("no such message")?;
    let pattern = message.value().ok_or("a message without a value")?;
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(args), &mut errors);
    match errors.as_slice() {
        [] => Ok(text.into_owned()),
        errors => Err(format!("{errors:?}")),
    }
}

/// A catalog fault: a test's failure, a log line in service.
fn fault_found(lang: Lang, id: &str, fault: &str) {
    if cfg!(test) {
        panic!("message {id} in {}: {fault}", lang.code());
    }
    tracing::error!(lang = lang.code(), id, fault, "a message that cannot be told");
}

fn bundle(lang: Lang, source: &str) -> Bundle {
    let locale = lang.code().parse().expect("a language code is a language identifier");
    let mut bundle = Bundle::new_concurrent(vec![locale]);
    // Plain text, as the API's `text` and `label` are: no Unicode isolation marks around arguments.
    bundle.set_use_isolating(false);
    bundle
        .add_function("INITIAL", initial)
        .expect("a new bundle has no functions");
    let resource = FluentResource::try_new(source.to_owned()).unwrap_or_else(|(resource, errors)| {
        fault_found(lang, "(file)", &format!("{errors:?}"));
        resource
    });
    if let Err(errors) = bundle.add_resource(resource) {
        fault_found(lang, "(file)", &format!("{errors:?}"));
    }
    bundle
}

/// `INITIAL($name)`: `vowel` when a name begins with a vowel (accented too: "Éphèse") or an h, else `consonant`, for
/// the languages whose words change before one (French "d'Antonius", "de Brutus").
fn initial<'a>(positional: &[FluentValue<'a>], _: &FluentArgs) -> FluentValue<'a> {
    let first = match positional.first() {
        Some(FluentValue::String(name)) => name.chars().next().and_then(|first| first.to_lowercase().next()),
        _ => None,
    };
    match first {
        Some('a' | 'e' | 'i' | 'o' | 'u' | 'y' | 'h' | 'à' | 'â' | 'é' | 'è' | 'ê' | 'î' | 'ô' | 'û') => {
            "vowel".into()
        }
        _ => "consonant".into(),
    }
}

/// A value's id (its serde name, as in the API), for a catalog to choose its words by: `key(Seat::Caesar)` is
/// `caesar`.
pub fn key(value: impl serde::Serialize) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(id)) => id,
        _ => String::new(),
    }
}

/// Every catalog of the service, for the tests that check them all.
#[cfg(test)]
pub(crate) fn every_catalog() -> Vec<(&'static str, &'static Catalog)> {
    vec![
        ("table", &super::words::TABLE),
        ("alea-iacta-est", &crate::games::alea_iacta_est::words::WORDS),
        ("caesar-cleopatra", &crate::games::caesar_cleopatra::words::WORDS),
        ("caligula", &crate::games::caligula::words::WORDS),
        ("rome-carthage", &crate::games::rome_carthage::words::WORDS),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_catalog_has_the_same_messages_in_every_language() {
        for (name, catalog) in every_catalog() {
            let messages = catalog.messages();
            let (english, _) = &messages[0];
            assert!(!english.is_empty(), "{name}: no message");
            for (lang, (ids, faults)) in Lang::ALL.iter().zip(&messages) {
                assert!(faults.is_empty(), "{name} in {}: {faults:?}", lang.code());
                let missing: Vec<_> = english.difference(ids).collect();
                let extra: Vec<_> = ids.difference(english).collect();
                assert!(
                    missing.is_empty() && extra.is_empty(),
                    "{name} in {}: missing {missing:?}, not in English {extra:?}",
                    lang.code()
                );
            }
        }
    }

    const fn sources(english: &'static str, other: &'static str) -> [&'static str; Lang::ALL.len()] {
        let mut sources = [other; Lang::ALL.len()];
        sources[Lang::En.index()] = english;
        sources
    }

    #[test]
    fn a_missing_message_falls_back_to_english_then_to_its_id_and_fails_a_test() {
        static CATALOG: Catalog =
            Catalog::new(sources("hello = Hello, { $who }!\nonly = Only English", "hello = Salut, { $who } !"));
        let told = |id| CATALOG.told(Lang::Fr, id, &[("who", "Ada".into())]);
        assert_eq!(told("hello"), ("Salut, Ada !".to_owned(), vec![]));
        let (text, faults) = told("only");
        assert_eq!((text.as_str(), faults.len()), ("Only English", 1));
        let (text, faults) = told("nowhere");
        assert_eq!((text.as_str(), faults.len()), ("nowhere", 2));
        let (text, faults) = CATALOG.told(Lang::Fr, "hello", &[]);
        assert_eq!((text.as_str(), faults.len()), ("hello", 2), "a missing argument is a fault");
        assert!(std::panic::catch_unwind(|| text!(CATALOG, Lang::Fr, "only")).is_err());
    }

    #[test]
    fn initials_choose_the_elided_form() {
        const OF: &str = "of = { INITIAL($name) ->\n [vowel] d'{ $name }\n *[consonant] de { $name }\n}";
        static CATALOG: Catalog = Catalog::new(sources(OF, OF));
        assert_eq!(text!(CATALOG, Lang::Fr, "of", name = "Antonius"), "d'Antonius");
        assert_eq!(text!(CATALOG, Lang::Fr, "of", name = "Brutus"), "de Brutus");
        assert_eq!(text!(CATALOG, Lang::Fr, "of", name = "Éphèse"), "d'Éphèse");
    }
}
