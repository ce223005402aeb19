//! The titles' schemas in the document: each title's own, its tagged unions split into named variants under a
//! discriminator, the game-agnostic unions over the titles, and `CreateGameRequest` as one schema per title.

use serde_json::{Map, Value, json};
use utoipa::{PartialSchema, ToSchema};

use crate::engine::bot::Bot;
use crate::engine::table::{DRAW_ACTION_TYPES, OpenedSeat, TableAction, TableEvent};
use crate::engine::{Registry, Title};

/// Each title's schemas, with its action and event unions split into named variants under a discriminator, and the
/// game-agnostic unions (`Action`, `View`, `Event`, `Outcome`) over the titles.
pub(super) fn add_title_schemas(schemas: &mut Map<String, Value>, registry: &Registry) {
    let mut unions: [(&str, &str, Vec<String>); 4] = [
        ("Action", "An action of one of the titles; the game's title decides which.", vec![]),
        ("View", "A game state as one viewer may see it, in the game's title's shape.", vec![]),
        ("Event", "A log event as one viewer may see it, in the game's title's shape.", vec![]),
        ("Outcome", "The result of a finished game, in the game's title's shape.", vec![]),
    ];
    for title in registry.titles() {
        let mut own = Vec::new();
        title.schemas(&mut own);
        for (name, schema) in own {
            schemas.insert(name, serde_json::to_value(schema).expect("schemas serialize"));
        }
        let names = title.schema_names();
        let prefix = title_prefix(title.as_ref());
        name_variants(schemas, &names.action, &prefix, "", true);
        if title.rules_draw() {
            leave_to_the_table(schemas, &names.action, &DRAW_ACTION_TYPES);
        }
        take_labels(schemas, &names.action);
        name_variants(schemas, &names.event, &prefix, "Event", false);
        let [action, view, event, outcome] = &mut unions;
        action.2.push(names.action);
        view.2.push(names.view);
        event.2.push(names.event);
        outcome.2.push(names.outcome);
    }
    // The titles' other tagged unions (phases, ...) get named variants too, so that no generated class is called
    // `Phase_oneOf_3`.
    let others: Vec<String> = schemas
        .iter()
        .filter(|(_, schema)| tag_key(schema).is_some())
        .map(|(name, _)| name.clone())
        .collect();
    for name in others {
        // A bot arrives in requests, which refuse unknown fields.
        let closed = name == Bot::name();
        name_variants(schemas, &name, &name, "", closed);
    }
    // The table's actions and events, which every title's games take besides their own.
    let mut table = Vec::new();
    for (name, schema) in [
        ("TableAction", TableAction::schema()),
        ("TableEvent", TableEvent::schema()),
        ("OpenedSeat", OpenedSeat::schema()),
    ] {
        table.push((name.to_owned(), schema));
    }
    for (name, schema) in table {
        schemas.insert(name, serde_json::to_value(schema).expect("schemas serialize"));
    }
    name_variants(schemas, "TableAction", "Table", "", true);
    take_labels(schemas, "TableAction");
    name_variants(schemas, "TableEvent", "Table", "Event", false);
    let [action, _, event, _] = &mut unions;
    action.2.push("TableAction".to_owned());
    event.2.push("TableEvent".to_owned());
    for (name, description, members) in unions {
        let refs: Vec<Value> = members.iter().map(|member| reference(member)).collect();
        schemas.insert(name.to_owned(), json!({"description": description, "oneOf": refs}));
    }
}

/// Takes the variants tagged `tags` out of the named union `union`: the table's actions of the same JSON describe
/// them (a title whose rules read `offer_draw` itself), and an `Action` must match exactly one schema of its `oneOf`.
fn leave_to_the_table(schemas: &mut Map<String, Value>, union: &str, tags: &[&str]) {
    let Some(mapping) = schemas[union]["discriminator"]["mapping"].as_object_mut() else {
        return;
    };
    let mut gone = Vec::new();
    for tag in tags {
        gone.extend(mapping.remove(*tag));
    }
    if let Some(variants) = schemas[union]["oneOf"].as_array_mut() {
        variants.retain(|variant| !gone.contains(&variant["$ref"]));
    }
    for reference in gone {
        if let Some(name) = reference
            .as_str()
            .and_then(|path| path.strip_prefix("#/components/schemas/"))
        {
            schemas.remove(name);
        }
    }
}

/// Lets each variant of the action union `union` carry its `label`: listed actions have one when asked in a language,
/// and may be sent back as they were listed.
fn take_labels(schemas: &mut Map<String, Value>, union: &str) {
    let variants: Vec<String> = schemas[union]["oneOf"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|variant| variant["$ref"].as_str()?.strip_prefix("#/components/schemas/"))
        .map(str::to_owned)
        .collect();
    for name in variants {
        if let Some(properties) = schemas[&name]["properties"].as_object_mut() {
            properties.insert(
                "label".to_owned(),
                json!({
                    "type": "string",
                    "description": "The action in words, in the language asked for (`?lang=` or `Accept-Language`) \
                        when it was listed; ignored when the action is sent back.",
                }),
            );
        }
    }
}

pub(super) fn reference(name: &str) -> Value {
    json!({"$ref": format!("#/components/schemas/{name}")})
}

/// Moves the inline variants of the tagged union `union` into schemas of their own, named `prefix` + the tag in
/// PascalCase + `suffix`, and adds the discriminator. `closed`: the server refuses unknown fields. Panics when `union`
/// is not a union of objects tagged by one property.
fn name_variants(schemas: &mut Map<String, Value>, union: &str, prefix: &str, suffix: &str, closed: bool) {
    let tag_key = tag_key(&schemas[union]).unwrap_or_else(|| panic!("{union} is not a tagged union"));
    let Some(Value::Array(variants)) = schemas
        .get_mut(union)
        .and_then(|schema| schema.get_mut("oneOf"))
        .map(Value::take)
    else {
        unreachable!("a tagged union is a oneOf");
    };
    let mut mapping = Map::new();
    let mut refs = Vec::new();
    for mut variant in variants {
        let tag = variant["properties"][&tag_key]["enum"][0]
            .as_str()
            .expect("tagged")
            .to_owned();
        let name = format!("{prefix}{}{suffix}", pascal_case(&tag));
        variant["title"] = name.clone().into();
        if closed {
            variant["additionalProperties"] = false.into();
        }
        let previous = schemas.insert(name.clone(), variant);
        assert!(previous.is_none(), "two schemas are named {name}");
        mapping.insert(tag, format!("#/components/schemas/{name}").into());
        refs.push(reference(&name));
    }
    let schema = &mut schemas[union];
    schema["oneOf"] = refs.into();
    schema["discriminator"] = json!({"propertyName": tag_key, "mapping": mapping});
}

/// The property that tells the variants of a `oneOf` apart: one every inline object variant requires, with a single
/// string value. `None` when the schema is not such a union.
fn tag_key(schema: &Value) -> Option<String> {
    let variants = schema.get("oneOf")?.as_array()?;
    let first = variants.first()?;
    let candidates = first.get("required")?.as_array()?;
    candidates
        .iter()
        .filter_map(Value::as_str)
        .find(|key| {
            variants.iter().all(|variant| {
                variant["properties"][key]["enum"]
                    .as_array()
                    .is_some_and(|values| values.len() == 1)
                    && variant["required"]
                        .as_array()
                        .is_some_and(|required| required.iter().any(|name| name == key))
            })
        })
        .map(str::to_owned)
}

fn pascal_case(snake: &str) -> String {
    snake
        .split('_')
        .map(|word| {
            let mut chars = word.chars();
            chars
                .next()
                .map(|first| first.to_ascii_uppercase().to_string() + chars.as_str())
                .unwrap_or_default()
        })
        .collect()
}

/// `CreateGameRequest` as one schema per title (discriminated by `title`), so that `players` and `options` are
/// checked against that title's own limits and options.
pub(super) fn add_create_requests(schemas: &mut Map<String, Value>, registry: &Registry) {
    // Each title describes its own seats inline (its seat ids, its largest player count).
    for inlined in ["SeatsRequest", "SeatKeyword"] {
        schemas.remove(inlined);
    }
    // One seat's choice, referenced by every title's seats.
    schemas.insert(
        "SeatChoice".to_owned(),
        json!({"oneOf": [
            {"type": "string", "enum": ["open", "mine"]},
            {"type": "object", "required": ["account"], "additionalProperties": false,
                "properties": {"account": {"type": "string", "description": "The invited account's id or name"}},
                "description": "Reserved for an account: only it may join the seat, or decline it"},
        ]}),
    );
    let per_title = |title: &dyn Title, properties: &mut Value| {
        let info = title.info();
        let seat_choice = json!({"$ref": "#/components/schemas/SeatChoice"});
        let seat_choices: Map<String, Value> = info.seats[..info.max_players]
            .iter()
            .map(|seat| ((*seat).to_owned(), seat_choice.clone()))
            .collect();
        properties["seats"] = json!({
            "description": description_of(&properties["seats"]),
            "oneOf": [
                {"type": "null"},
                {"type": "integer", "minimum": 0, "maximum": info.max_players,
                    "description": "The creator takes this many seats, the first ones in seat order; the others are open."},
                {"type": "object", "properties": seat_choices, "additionalProperties": false,
                    "description": "`open`, `mine` or `{\"account\": <id or name>}` (an invitation) per seat id; the seats left out are the creator's."},
            ],
        });
        let seat_bots: Map<String, Value> = info.seats[..info.max_players]
            .iter()
            .map(|seat| ((*seat).to_owned(), reference(&Bot::name())))
            .collect();
        properties["bots"] = json!({
            "description": description_of(&properties["bots"]),
            "oneOf": [
                {"type": "null"},
                {"type": "object", "properties": seat_bots, "additionalProperties": false},
            ],
        });
        properties["options"] = json!({
            "description": "The title's options; omitted fields take their defaults.",
            "oneOf": [{"type": "null"}, reference(&title.schema_names().options)],
        });
    };
    one_per_title(schemas, registry, "CreateGameRequest", ("Create", "Creates"), per_title);
}

/// A property's description: utoipa puts it beside the property's `$ref`, inside the `oneOf` of an optional one.
fn description_of(property: &Value) -> Value {
    let inside = property["oneOf"]
        .as_array()
        .and_then(|members| members.iter().find_map(|member| member.get("description")));
    property
        .get("description")
        .or(inside)
        .cloned()
        .expect("every request property is described")
}

fn title_prefix(title: &dyn Title) -> String {
    let action = title.schema_names().action;
    action.strip_suffix("Action").unwrap_or(&action).to_owned()
}

/// `SeekRequest` as one schema per title (its id, its player counts), chosen by `title`, as `CreateGameRequest` is:
/// a player count the title lacks is then outside the document too.
pub(super) fn add_seek_requests(schemas: &mut Map<String, Value>, registry: &Registry) {
    one_per_title(schemas, registry, "SeekRequest", ("Seek", "Seeks"), |_, _| {});
}

/// Replaces the request schema `generic_name` with a `oneOf` of one schema per title, chosen by `title`: each named
/// `<Verb><Title>Game`, with the title's id and player counts, then `per_title` fills in the title's own properties.
fn one_per_title(
    schemas: &mut Map<String, Value>,
    registry: &Registry,
    generic_name: &str,
    (verb, verbs): (&str, &str),
    per_title: impl Fn(&dyn Title, &mut Value),
) {
    let generic = schemas
        .remove(generic_name)
        .unwrap_or_else(|| panic!("{generic_name} is documented"));
    let mut mapping = Map::new();
    let mut refs = Vec::new();
    for title in registry.titles() {
        let info = title.info();
        let name = format!("{verb}{}Game", title_prefix(title.as_ref()));
        let mut schema = generic.clone();
        schema.as_object_mut().expect("an object schema").remove("example");
        schema["title"] = name.clone().into();
        schema["description"] = format!("{verbs} a game of {}.", info.name).into();
        schema["additionalProperties"] = false.into();
        let properties = &mut schema["properties"];
        properties["title"]["enum"] = json!([info.id]);
        properties["players"]["minimum"] = info.min_players.into();
        properties["players"]["maximum"] = info.max_players.into();
        per_title(title.as_ref(), properties);
        mapping.insert(info.id.to_owned(), format!("#/components/schemas/{name}").into());
        refs.push(reference(&name));
        schemas.insert(name, schema);
    }
    schemas.insert(
        generic_name.to_owned(),
        json!({
            "description": generic.get("description").cloned().expect("the request is described"),
            "oneOf": refs,
            "discriminator": {"propertyName": "title", "mapping": mapping},
            "example": generic["example"],
        }),
    );
}
