use super::fixture::*;
