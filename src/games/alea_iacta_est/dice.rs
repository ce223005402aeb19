//! The dice: their faces, a seat's hand, and the die values an action names.

use tinyvec::ArrayVec;

/// Number of die faces; values are 1..=FACES.
pub const FACES: u8 = 6;

/// The most dice an action names: a seat's whole hand (the data's `dice_per_seat`).
pub const MAX_ACTION_DICE: usize = 8;

/// Die values of an action, inline: a turn has up to ~150 legal rerolls, and one heap list per action cost more than
/// enumerating them. It reads and writes as a JSON array, like a `Vec`; more than 8 values are refused when the
/// action is read, as the schema's `max_items` says.
pub type Dice = ArrayVec<[u8; MAX_ACTION_DICE]>;

/// A hand: how many dice it holds and, once rolled, how many show each value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Hand {
    pub size: u8,
    pub rolled: bool,
    /// `counts[v]` dice show value `v` (index 0 unused); all zero while unrolled.
    pub counts: [u8; 7],
}

impl Hand {
    pub fn unrolled(size: u8) -> Self {
        Self {
            size,
            rolled: false,
            counts: [0; 7],
        }
    }

    pub fn rolled(values: &[u8]) -> Self {
        let mut hand = Self::unrolled(0);
        hand.rolled = true;
        hand.add(values);
        hand
    }

    /// The rolled values, ascending.
    pub fn values(&self) -> Vec<u8> {
        (1..=FACES)
            .flat_map(|value| std::iter::repeat_n(value, self.counts[value as usize] as usize))
            .collect()
    }

    /// True when `values` (each 1..=6) is a sub-multiset of the rolled hand.
    pub fn contains(&self, values: &[u8]) -> bool {
        if !self.rolled {
            return false;
        }
        let mut need = [0u8; 7];
        for &value in values {
            if !(1..=FACES).contains(&value) {
                return false;
            }
            need[value as usize] += 1;
        }
        (1..7).all(|value| need[value] <= self.counts[value])
    }

    /// Removes these values (those present) from the hand.
    pub fn remove(&mut self, values: &[u8]) {
        for &value in values {
            if let Some(count) = self.counts.get_mut(value as usize)
                && *count > 0
                && value > 0
            {
                *count -= 1;
            }
            self.size = self.size.saturating_sub(1);
        }
    }

    /// Adds rolled dice with these values.
    pub fn add(&mut self, values: &[u8]) {
        for &value in values {
            if (1..=FACES).contains(&value) {
                self.counts[value as usize] += 1;
            }
            self.size = self.size.saturating_add(1);
        }
    }

    pub fn lowest(&self) -> Option<u8> {
        (1..=FACES).find(|&value| self.counts[value as usize] > 0)
    }

    /// Clears the values (the dice stay in hand, unrolled).
    pub fn clear_values(&mut self) {
        *self = Self::unrolled(self.size);
    }
}
