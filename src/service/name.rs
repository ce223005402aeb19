//! Display names: what a person calls itself at a seat (at creation or when joining), shown to everyone at the table
//! and in the lobby. A name is read as text anywhere, so it may hold letters, marks, digits, spaces and punctuation of
//! any script, and nothing that changes how the text around it reads or hides what it says: no control character, no
//! format character (bidirectional controls, zero-width spaces and joiners, the byte order mark...), no other
//! invisible character (Unicode's default-ignorable code points: variation selectors, Hangul fillers...), no symbol
//! beyond ASCII's (no emoji). It is stored in NFC, trimmed of spaces.

use icu_normalizer::ComposingNormalizerBorrowed;
use icu_properties::props::{DefaultIgnorableCodePoint, GeneralCategory, GeneralCategoryGroup};
use icu_properties::{CodePointMapData, CodePointSetData};

use super::ServiceError;

/// The longest display name, in characters (as sent, spaces around it included, and as stored).
pub const MAX_NAME_CHARS: usize = 40;
/// The most combining marks one character may carry: enough for the names of every script, too few to pile marks
/// over the lines around it.
pub const MAX_MARKS: usize = 4;

/// The display name `name` stands for, trimmed of spaces and in NFC; refused, saying why, when blank or longer than
/// `MAX_NAME_CHARS` as sent (`InvalidName`, as the API's schema says), or when holding a character a name may not hold
/// or longer once in NFC (`NameRefused`). The one check of every name a person gives itself.
pub fn display_name(name: &str) -> Result<String, ServiceError> {
    check_length(name)?;
    let trimmed = name.trim_matches(' ');
    if trimmed.is_empty() {
        return Err(ServiceError::InvalidName("the name is blank".into()));
    }
    let mut marks = None;
    for c in trimmed.chars() {
        match kind(c) {
            Kind::Base => marks = Some(0),
            Kind::Space => marks = None,
            Kind::Mark => match marks {
                Some(count) if count < MAX_MARKS => marks = Some(count + 1),
                Some(_) => {
                    return Err(ServiceError::NameRefused(format!(
                        "more than {MAX_MARKS} combining marks on one character"
                    )));
                }
                None => {
                    return Err(ServiceError::NameRefused(format!(
                        "the combining mark {} follows no letter, digit or punctuation",
                        code_point(c)
                    )));
                }
            },
            Kind::Refused => {
                return Err(ServiceError::NameRefused(format!("{} may not be in a name", code_point(c))));
            }
        }
    }
    // NFC maps what passed to letters, marks, digits and punctuation again; it may lengthen a rare name.
    let normalized = ComposingNormalizerBorrowed::new_nfc().normalize(trimmed);
    let length = normalized.chars().count();
    if length > MAX_NAME_CHARS {
        return Err(ServiceError::NameRefused(format!("the name has {length} characters in NFC")));
    }
    Ok(normalized.into_owned())
}

fn check_length(name: &str) -> Result<(), ServiceError> {
    let length = name.chars().count();
    if length > MAX_NAME_CHARS {
        return Err(ServiceError::InvalidName(format!("the name has {length} characters")));
    }
    Ok(())
}

/// What a character is to a name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A letter, a decimal digit, punctuation or an ASCII symbol: marks may follow it.
    Base,
    /// A combining mark, on the base before it.
    Mark,
    /// U+0020, the one space.
    Space,
    Refused,
}

fn kind(c: char) -> Kind {
    if c == ' ' {
        return Kind::Space;
    }
    if CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(c) {
        return Kind::Refused;
    }
    let category = CodePointMapData::<GeneralCategory>::new().get(c);
    if GeneralCategoryGroup::Letter.contains(category)
        || GeneralCategoryGroup::Punctuation.contains(category)
        || category == GeneralCategory::DecimalNumber
        || (c.is_ascii_graphic())
    {
        Kind::Base
    } else if GeneralCategoryGroup::Mark.contains(category) {
        Kind::Mark
    } else {
        Kind::Refused
    }
}

/// `U+202E`, as a detail names a character (never the character itself: it may be invisible or reorder the text).
fn code_point(c: char) -> String {
    format!("U+{:04X}", u32::from(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(name: &str) -> String {
        match display_name(name) {
            Err(ServiceError::InvalidName(reason) | ServiceError::NameRefused(reason)) => reason,
            other => panic!("{name:?} gave {other:?}"),
        }
    }

    #[test]
    fn names_of_every_script_are_kept_in_nfc_and_trimmed() {
        for name in [
            "Léa",
            "José María",
            "O'Brien-Smith",
            "李雷",
            "Ἀλέξανδρος",
            "Łukasz",
            "محمد",
            "नमस्ते",
            "Tom & Jerry (2)",
            "a+b=c",
        ] {
            assert_eq!(display_name(name).unwrap(), name, "{name}");
        }
        assert_eq!(display_name("e\u{301}").unwrap(), "\u{e9}");
        assert_eq!(display_name("  Livia ").unwrap(), "Livia");
        assert_eq!(display_name(&"x".repeat(MAX_NAME_CHARS)).unwrap().len(), MAX_NAME_CHARS);
        assert_eq!(display_name(&"e\u{301}".repeat(MAX_NAME_CHARS / 2)).unwrap(), "\u{e9}".repeat(MAX_NAME_CHARS / 2));
        assert_eq!(
            display_name("a\u{302}\u{323}\u{301}\u{300}").unwrap().chars().count(),
            3,
            "four marks, two composed"
        );
    }

    #[test]
    fn invisible_reordering_control_and_symbol_characters_are_refused() {
        for (name, named) in [
            ("\u{202e}evil", "U+202E"),
            ("ad\u{2067}min\u{200d}", "U+2067"),
            ("a\u{200b}b", "U+200B"),
            ("a\u{200e}", "U+200E"),
            ("a\u{061c}", "U+061C"),
            ("a\u{2060}", "U+2060"),
            ("\u{feff}a", "U+FEFF"),
            ("a\u{fe0f}", "U+FE0F"),
            ("\u{3164}", "U+3164"),
            ("a\u{ad}b", "U+00AD"),
            ("a\tb", "U+0009"),
            ("a\nb", "U+000A"),
            ("a\u{85}", "U+0085"),
            ("a\u{a0}b", "U+00A0"),
            ("a\u{2028}b", "U+2028"),
            ("Livia 🦁", "U+1F981"),
            ("a\u{e000}", "U+E000"),
            ("a\u{378}", "U+0378"),
            ("a\u{20f1}", "U+20F1"),
        ] {
            let reason = refused(name);
            assert!(reason.contains(named), "{name:?}: {reason}");
        }
        for blank in ["", " ", "   ", "\u{200b}\u{200b}"] {
            assert!(display_name(blank).is_err(), "{blank:?}");
        }
        assert!(refused(&"x".repeat(MAX_NAME_CHARS + 1)).contains("41"));
        assert!(refused("\u{301}a").contains("follows no"));
        assert!(refused("a \u{301}").contains("follows no"));
        assert_eq!(display_name("x\u{301}\u{302}\u{303}\u{304}").unwrap().chars().count(), 5);
        assert!(refused("x\u{301}\u{302}\u{303}\u{304}\u{305}").contains("more than 4"));
    }

    #[test]
    fn what_the_schema_can_say_is_invalid_and_characters_are_refused() {
        for invalid in ["", "   ", &"x".repeat(MAX_NAME_CHARS + 1)] {
            assert!(matches!(display_name(invalid), Err(ServiceError::InvalidName(_))), "{invalid:?}");
        }
        for refused in [
            "\u{202e}evil",
            "Livia 🦁",
            "x\u{301}\u{302}\u{303}\u{304}\u{305}",
            "a\u{20f1}",
        ] {
            assert!(matches!(display_name(refused), Err(ServiceError::NameRefused(_))), "{refused:?}");
        }
    }
}
