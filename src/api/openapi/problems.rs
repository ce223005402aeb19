//! Problem answers in the document: the `ProblemCode` enumeration, and each operation's problem responses as its
//! endpoint declares them, with one example per code.

use serde_json::{Map, Value, json};

use crate::api::endpoint::Problems;
use crate::api::endpoints;
use crate::api::error::{ApiError, ErrorCode};
use crate::engine::{ActionError, RuleCode, RuleError};
use crate::service::ServiceError;

pub(super) fn problem_code_schema() -> Value {
    let codes: Vec<&str> = ErrorCode::ALL.iter().map(|code| code.as_str()).collect();
    json!({
        "description": "A problem's stable code: one of the service's codes, or for an illegal move (422) the \
            rule code of the game's title (lower-case words joined by `_`, e.g. `not_your_turn`). The rule codes \
            are listed in the `RuleCode` schema.",
        "anyOf": [
            {"title": "ServiceErrorCode", "type": "string", "enum": codes},
            {"$ref": "#/components/schemas/RuleCode"},
            // And any code of the same shape: a client keeps reading problems when a title adds a code.
            {"title": "OtherRuleCode", "type": "string", "pattern": "^[a-z][a-z0-9_]*$"},
        ],
    })
}

/// Adds every operation's problem answers, as its endpoint declares them, each with one example per code.
pub(super) fn document_problems(document: &mut Value) {
    for endpoint in endpoints() {
        let operation = &mut document["paths"][&endpoint.path][endpoint.method_name()];
        assert!(operation.is_object(), "{} {} is not documented", endpoint.method_name(), endpoint.path);
        for problems in endpoint.problems {
            let status = problems.status();
            assert!(
                problems.codes.iter().all(|code| code.status().as_u16() == status),
                "{} {}: one status per problem answer",
                endpoint.method_name(),
                endpoint.path
            );
            let mut examples: Map<String, Value> = problems
                .codes
                .iter()
                .map(|&code| (code.as_str().to_owned(), example(code.as_str(), &example_error(code))))
                .collect();
            // Only the game operations apply a title's rules.
            if status == 422 && endpoint.path.starts_with("/v1/games") {
                let illegal = ServiceError::Action(ActionError::Rule(RuleError::new(
                    RuleCode::NotYourTurn,
                    "it is not your turn",
                )));
                examples.insert(
                    "rule".to_owned(),
                    example("an illegal move: the code is the title's rule code", &illegal.into()),
                );
            }
            operation["responses"][status.to_string()] = problems.response(examples);
        }
    }
}

/// Where an account key is accepted, so is the session cookie of a person signed in (`request::account`): the
/// operation takes the `session_cookie` scheme as another way in, answers 401 `invalid_session` where it needs an
/// account, and, a write, 403 `cross_origin_request` when the cookie comes from another site's page.
pub(super) fn document_session_cookie(document: &mut Value) {
    let paths = document["paths"].as_object_mut().expect("the document has paths");
    for (method, operation) in paths
        .values_mut()
        .filter_map(Value::as_object_mut)
        .flat_map(|item| item.iter_mut())
    {
        let Some(security) = operation.get_mut("security").and_then(Value::as_array_mut) else {
            continue;
        };
        if !security.iter().any(|scheme| scheme.get("account_key").is_some()) {
            continue;
        }
        let anonymous = security
            .iter()
            .any(|scheme| scheme.as_object().is_some_and(|scheme| scheme.is_empty()));
        let cookie = json!({"session_cookie": []});
        if !security.contains(&cookie) {
            security.push(cookie);
        }
        let responses = &mut operation["responses"];
        if !anonymous && responses.get("401").is_some() {
            add_example(&mut responses["401"], ErrorCode::InvalidSession);
            let description = &mut responses["401"]["description"];
            *description =
                format!("{}; or a session unknown, expired or signed out", description.as_str().unwrap_or("")).into();
        }
        if method != "get" {
            let refused = "The session cookie came with a write from another site's page (`cross_origin_request`)";
            match responses.get_mut("403") {
                Some(forbidden) => {
                    add_example(forbidden, ErrorCode::CrossOriginRequest);
                    let description = &mut forbidden["description"];
                    *description = format!("{}; or: {refused}", description.as_str().unwrap_or("")).into();
                }
                None => {
                    let problems = Problems::new(refused, &[ErrorCode::CrossOriginRequest]);
                    let code = ErrorCode::CrossOriginRequest;
                    let examples =
                        Map::from_iter([(code.as_str().to_owned(), example(code.as_str(), &example_error(code)))]);
                    responses["403"] = problems.response(examples);
                }
            }
        }
    }
}

fn add_example(response: &mut Value, code: ErrorCode) {
    response["content"]["application/problem+json"]["examples"][code.as_str()] =
        example(code.as_str(), &example_error(code));
}

/// An error of `code` as the service answers it, with the example detail.
fn example_error(code: ErrorCode) -> ApiError {
    match code {
        ErrorCode::VersionConflict => ServiceError::VersionConflict {
            expected: 41,
            actual: 42,
        }
        .into(),
        _ => ApiError::new(code, code.example_detail()),
    }
}

/// An OpenAPI example of the problem document `error` answers.
fn example(summary: &str, error: &ApiError) -> Value {
    json!({"summary": summary, "value": error.problem()})
}
