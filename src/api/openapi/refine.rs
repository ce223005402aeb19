//! Refinements of the generated document for client generators and readers: no nullable parameters, integer ranges
//! the server really accepts, no internal references to the rules specification.

use serde_json::{Value, json};

use crate::api::request::SEAT_HEADER;

/// A header or query parameter is absent or a string, never JSON `null`: optional ones are not "nullable".
pub(super) fn no_null_parameters(document: &mut Value) {
    let paths = document["paths"].as_object_mut().expect("the document has paths");
    for operation in paths
        .values_mut()
        .filter_map(Value::as_object_mut)
        .flat_map(|item| item.values_mut())
    {
        let Some(parameters) = operation.get_mut("parameters").and_then(Value::as_array_mut) else {
            continue;
        };
        for parameter in parameters {
            if let Some(Value::Array(kinds)) = parameter.pointer_mut("/schema/type") {
                kinds.retain(|kind| kind != "null");
                if let [single] = kinds.as_slice() {
                    parameter["schema"]["type"] = single.clone();
                }
            }
        }
    }
}

/// JSON Schema's `integer` has no size: give every integer the range the server reads (and writes), so that a client
/// generated from the document neither sends a value the server refuses nor fails on one it receives. The formats
/// become the two that generators know, `int32` and `int64`.
pub(super) fn bound_integers(value: &mut Value) {
    match value {
        Value::Object(object) => {
            let is_integer = match object.get("type") {
                Some(Value::String(kind)) => kind == "integer",
                Some(Value::Array(kinds)) => kinds.iter().any(|kind| kind == "integer"),
                _ => false,
            };
            if is_integer {
                let format = object.get("format").and_then(Value::as_str).unwrap_or("int64");
                let (format, min, max): (&str, i64, i64) = match format {
                    "int8" => ("int32", i8::MIN.into(), i8::MAX.into()),
                    // utoipa spells the unsigned formats in kebab case.
                    "u-int8" => ("int32", 0, u8::MAX.into()),
                    "int16" => ("int32", i16::MIN.into(), i16::MAX.into()),
                    "u-int16" => ("int32", 0, u16::MAX.into()),
                    "int32" => ("int32", i32::MIN.into(), i32::MAX.into()),
                    "u-int32" => ("int64", 0, u32::MAX.into()),
                    // u64 and usize: the server refuses what does not fit in an int64.
                    "u-int64" => ("int64", 0, i64::MAX),
                    _ => ("int64", i64::MIN, i64::MAX),
                };
                object.insert("format".to_owned(), format.into());
                let min = object
                    .get("minimum")
                    .and_then(Value::as_i64)
                    .map_or(min, |own| own.max(min));
                let max = object
                    .get("maximum")
                    .and_then(Value::as_i64)
                    .map_or(max, |own| own.min(max));
                object.insert("minimum".to_owned(), min.into());
                object.insert("maximum".to_owned(), max.into());
            }
            object.values_mut().for_each(bound_integers);
        }
        Value::Array(items) => items.iter_mut().for_each(bound_integers),
        _ => {}
    }
}

/// The titles' doc comments cite the rules specification and its numbered decisions ("(spec 8.2)", "(D24)"), which
/// help whoever maintains the rules but mean nothing to a client: the public document leaves them out.
pub(super) fn drop_internal_references(value: &mut Value) {
    match value {
        Value::Object(object) => {
            for (key, field) in object.iter_mut() {
                match field {
                    Value::String(text) if key == "description" => *text = without_references(text),
                    _ => drop_internal_references(field),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(drop_internal_references),
        _ => {}
    }
}

fn without_references(text: &str) -> String {
    fn is_reference(part: &str) -> bool {
        let part = part.trim();
        let numbered = |rest: &str| !rest.is_empty() && rest.chars().all(|c| c.is_ascii_digit() || c == '.');
        // A bare section number has a dot ("7.9"): "(1, 2 or 3)" is not a reference.
        part.starts_with("spec ")
            || part.strip_prefix('D').is_some_and(numbered)
            || (numbered(part) && part.contains('.'))
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('(') {
        let Some(close) = rest[open..].find(')').map(|offset| open + offset) else {
            break;
        };
        let inside = &rest[open + 1..close];
        let kept: Vec<&str> = inside.split(',').filter(|part| !is_reference(part)).collect();
        out.push_str(&rest[..open]);
        if kept.is_empty() {
            let trimmed = out.trim_end().len();
            out.truncate(trimmed);
        } else {
            out.push('(');
            out.push_str(kept.join(",").trim());
            out.push(')');
        }
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// Where a seat token is accepted, so is the key of the account the seat is bound to, with the seat named by
/// `X-Ludus-Seat` (or `?seat=`) when the account holds several seats of the game.
pub(super) fn document_account_keys(document: &mut Value) {
    let paths = document["paths"].as_object_mut().expect("the document has paths");
    for operation in paths
        .values_mut()
        .filter_map(Value::as_object_mut)
        .flat_map(|item| item.values_mut())
    {
        let Some(security) = operation.get_mut("security").and_then(Value::as_array_mut) else {
            continue;
        };
        if !security.iter().any(|scheme| scheme.get("seat_token").is_some()) {
            continue;
        }
        security.push(json!({"account_key": []}));
        let parameters = operation["parameters"]
            .as_array_mut()
            .expect("seat operations take a game id");
        let description = "With an account key that holds several seats of the game: the seat to act for";
        parameters.push(json!({"name": SEAT_HEADER, "in": "header", "required": false,
            "description": description, "schema": {"type": "string"}}));
        if !parameters.iter().any(|parameter| parameter["name"] == "seat") {
            parameters.push(json!({"name": "seat", "in": "query", "required": false,
                "description": format!("{description} (as `{SEAT_HEADER}`)"), "schema": {"type": "string"}}));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specification_references_are_left_out_of_descriptions() {
        assert_eq!(without_references("The result (spec 8)."), "The result.");
        assert_eq!(without_references("Face up, oldest first (D15)."), "Face up, oldest first.");
        assert_eq!(
            without_references("The pile (owner only, option `arranged`, D3)."),
            "The pile (owner only, option `arranged`)."
        );
        assert_eq!(without_references("Shuffled again (7.9); see (spec section 9)"), "Shuffled again; see");
        assert_eq!(without_references("Two values (1, 2 or 3)"), "Two values (1, 2 or 3)");
    }
}
