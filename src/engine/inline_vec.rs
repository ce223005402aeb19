//! A vector of at most `N` small `Copy` items stored inline: a state made of them clones with one copy and no
//! allocation, which matters because `decide` works on a copy of the state for every action.

use std::fmt;
use std::ops::{Deref, DerefMut};

use serde::de::{self, SeqAccess, Visitor};
use serde::ser::SerializeSeq;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Up to `N` items in order; serialized as a sequence, exactly as a `Vec<T>` is.
#[derive(Clone, Copy)]
pub struct InlineVec<T: Copy + Default, const N: usize> {
    len: usize,
    items: [T; N],
}

impl<T: Copy + Default, const N: usize> InlineVec<T, N> {
    pub fn new() -> Self {
        Self {
            len: 0,
            items: [T::default(); N],
        }
    }

    /// Panics beyond `N` items: a title sizes its lists from its components, so that is a bug of the title.
    pub fn push(&mut self, item: T) {
        assert!(self.len < N, "an InlineVec of capacity {N} is full");
        self.items[self.len] = item;
        self.len += 1;
    }

    pub fn insert(&mut self, index: usize, item: T) {
        assert!(index <= self.len, "insertion index {index} beyond length {}", self.len);
        self.push(item);
        self.items[index..self.len].rotate_right(1);
    }

    pub fn remove(&mut self, index: usize) -> T {
        assert!(index < self.len, "removal index {index} beyond length {}", self.len);
        let item = self.items[index];
        self.items[index..self.len].rotate_left(1);
        self.len -= 1;
        item
    }

    /// Takes the first item (a deck's top card).
    pub fn pop_front(&mut self) -> Option<T> {
        (!self.is_empty()).then(|| self.remove(0))
    }

    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            if keep(&self.items[i]) {
                self.items[kept] = self.items[i];
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// `None` when the items do not fit.
    pub fn try_from_slice(items: &[T]) -> Option<Self> {
        let mut out = Self::new();
        out.items.get_mut(..items.len())?.copy_from_slice(items);
        out.len = items.len();
        Some(out)
    }

    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    pub fn clear(&mut self) {
        self.len = 0;
    }
}

impl<T: Copy + Default, const N: usize> Default for InlineVec<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Copy + Default, const N: usize> Deref for InlineVec<T, N> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        &self.items[..self.len]
    }
}

impl<T: Copy + Default, const N: usize> DerefMut for InlineVec<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.items[..self.len]
    }
}

impl<T: Copy + Default, const N: usize> Extend<T> for InlineVec<T, N> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, items: I) {
        for item in items {
            self.push(item);
        }
    }
}

impl<T: Copy + Default, const N: usize> FromIterator<T> for InlineVec<T, N> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        let mut out = Self::new();
        out.extend(items);
        out
    }
}

impl<T: Copy + Default, const N: usize> From<&[T]> for InlineVec<T, N> {
    fn from(items: &[T]) -> Self {
        items.iter().copied().collect()
    }
}

impl<T: Copy + Default, const N: usize> IntoIterator for InlineVec<T, N> {
    type Item = T;
    type IntoIter = std::iter::Take<std::array::IntoIter<T, N>>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter().take(self.len)
    }
}

impl<'a, T: Copy + Default, const N: usize> IntoIterator for &'a InlineVec<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a, T: Copy + Default, const N: usize> IntoIterator for &'a mut InlineVec<T, N> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl<T: Copy + Default + PartialEq, const N: usize> PartialEq for InlineVec<T, N> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<T: Copy + Default + PartialEq, const N: usize> PartialEq<Vec<T>> for InlineVec<T, N> {
    fn eq(&self, other: &Vec<T>) -> bool {
        **self == **other
    }
}

impl<T: Copy + Default + Eq, const N: usize> Eq for InlineVec<T, N> {}

impl<T: Copy + Default + fmt::Debug, const N: usize> fmt::Debug for InlineVec<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Copy + Default + Serialize, const N: usize> Serialize for InlineVec<T, N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.len))?;
        for item in self.iter() {
            seq.serialize_element(item)?;
        }
        seq.end()
    }
}

impl<'de, T: Copy + Default + Deserialize<'de>, const N: usize> Deserialize<'de> for InlineVec<T, N> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Items<T, const N: usize>(std::marker::PhantomData<T>);

        impl<'de, T: Copy + Default + Deserialize<'de>, const N: usize> Visitor<'de> for Items<T, N> {
            type Value = InlineVec<T, N>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a sequence of at most {N} items")
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut out = InlineVec::new();
                while let Some(item) = seq.next_element()? {
                    if out.len() == N {
                        return Err(de::Error::invalid_length(N + 1, &self));
                    }
                    out.push(item);
                }
                Ok(out)
            }
        }

        deserializer.deserialize_seq(Items(std::marker::PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::InlineVec;

    type Small = InlineVec<u8, 4>;

    #[test]
    fn inline_vec_edits_like_a_vec() {
        let mut v: Small = [1, 2, 3].as_slice().into();
        v.insert(0, 9);
        assert_eq!(*v, [9, 1, 2, 3]);
        assert_eq!(v.remove(1), 1);
        assert_eq!(v.pop_front(), Some(9));
        v.insert(0, 9);
        v.retain(|&x| x != 2);
        assert_eq!(*v, [9, 3]);
        v.truncate(1);
        assert_eq!(*v, [9]);
        v.clear();
        assert!(v.is_empty());
    }

    #[test]
    #[should_panic(expected = "is full")]
    fn inline_vec_push_beyond_capacity_panics() {
        let mut v: Small = [1, 2, 3, 4].as_slice().into();
        v.push(5);
    }

    #[test]
    fn inline_vec_serializes_as_a_vec_and_rejects_too_many_items() {
        let v: Small = [3, 1].as_slice().into();
        assert_eq!(serde_json::to_string(&v).unwrap(), "[3,1]");
        assert_eq!(serde_json::from_str::<Small>("[3,1]").unwrap(), v);
        assert!(serde_json::from_str::<Small>("[1,2,3,4,5]").is_err());
        assert!(Small::try_from_slice(&[1, 2, 3, 4, 5]).is_none());
    }
}
