//! Names of the schemas that are a `oneOf` of every title's own (the titles' actions, views, events, outcomes): the
//! OpenAPI document fills them in from the registry; a field whose value is one of them names it here.

use utoipa::ToSchema;

/// Declares a schema name whose definition the OpenAPI builder fills in from the registry.
macro_rules! title_union {
    ($($type:ident => $name:literal),* $(,)?) => {$(
        #[doc = concat!("Placeholder for the `", $name, "` schema: a `oneOf` of every title's own schema.")]
        pub struct $type;
        impl utoipa::PartialSchema for $type {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                utoipa::openapi::schema::Object::new().into()
            }
        }
        impl ToSchema for $type {
            fn name() -> std::borrow::Cow<'static, str> {
                $name.into()
            }
        }
    )*};
}

title_union! {
    AnyAction => "Action",
    AnyView => "View",
    AnyEvent => "Event",
    AnyOutcome => "Outcome",
}
