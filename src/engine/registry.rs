//! The titles this build serves: the HTTP layer finds each by id and never knows one from another.

use std::sync::Arc;

use super::title::{Title, TitleAdapter};
use super::{Game, TitleInfo};

/// Every title this build serves, by id.
#[derive(Clone, Default)]
pub struct Registry {
    titles: Vec<(TitleInfo, Arc<dyn Title>)>,
}

impl Registry {
    /// The registry with every title of this build.
    pub fn with_all_titles() -> Self {
        let mut registry = Self::default();
        crate::games::register_all(&mut registry);
        registry
    }

    pub fn register<G: Game>(&mut self) {
        self.titles.push((G::info(), Arc::new(TitleAdapter::<G>::default())));
    }

    pub fn get(&self, id: &str) -> Option<&Arc<dyn Title>> {
        self.titles
            .iter()
            .find(|(info, _)| info.id == id)
            .map(|(_, title)| title)
    }

    /// Each title's description, in the order of `titles`.
    pub fn infos(&self) -> impl Iterator<Item = &TitleInfo> {
        self.titles.iter().map(|(info, _)| info)
    }

    pub fn titles(&self) -> impl Iterator<Item = &Arc<dyn Title>> {
        self.titles.iter().map(|(_, title)| title)
    }
}
