//! Notes of when things fall due (games' deadlines, accounts' webhook deliveries), claimed with a lease so that one
//! claimer at a time works on each.

use std::collections::HashMap;
use std::sync::Mutex;

#[derive(Default)]
pub(super) struct DueNotes(Mutex<HashMap<String, u64>>);

impl DueNotes {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, u64>> {
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Notes `id` due at `due_ms`, unless it is noted due earlier.
    pub(super) fn schedule(&self, id: &str, due_ms: u64) {
        let mut due = self.lock();
        let noted = due.entry(id.to_owned()).or_insert(due_ms);
        *noted = (*noted).min(due_ms);
    }

    /// Notes `id` due at `due_ms`, whatever was noted.
    pub(super) fn set(&self, id: &str, due_ms: u64) {
        self.lock().insert(id.to_owned(), due_ms);
    }

    /// Forgets `id`'s note (a game that left the store).
    pub(super) fn forget(&self, id: &str) {
        self.lock().remove(id);
    }

    pub(super) fn earliest(&self) -> Option<u64> {
        self.lock().values().min().copied()
    }

    /// Claims what is due at `now_ms` by noting it due again at the lease's end.
    pub(super) fn claim(&self, now_ms: u64, lease_ms: u64, limit: usize) -> Vec<String> {
        let mut due = self.lock();
        let claimed: Vec<String> = due
            .iter()
            .filter(|(_, at)| **at <= now_ms)
            .map(|(id, _)| id.clone())
            .take(limit)
            .collect();
        for id in &claimed {
            due.insert(id.clone(), now_ms + lease_ms);
        }
        claimed
    }

    /// Settles a claim that ends at `claimed_ms`: next due at `next_ms` (or never), unless noted again since.
    pub(super) fn settle(&self, id: &str, claimed_ms: u64, next_ms: Option<u64>) {
        let mut due = self.lock();
        if due.get(id) == Some(&claimed_ms) {
            match next_ms {
                Some(next) => due.insert(id.to_owned(), next),
                None => due.remove(id),
            };
        }
    }
}
