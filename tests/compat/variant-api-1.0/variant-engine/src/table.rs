//! The transposition table of the alpha-beta search: a fixed number of
//! slots, allocated once per decision, always replaced, shared by the
//! search's threads without a lock.
//!
//! Each slot holds two atomic words, the key XOR the packed entry, then
//! the entry: a slot torn by two threads writing at once fails the key
//! check and reads as empty (lockless hashing, Hyatt and Mann 2002).

use std::sync::atomic::{AtomicU64, Ordering};

/// What a stored value says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The value is exact.
    Exact,
    /// The true value is at least this (the search failed high).
    Lower,
    /// The true value is at most this (the search failed low).
    Upper,
}

/// One remembered position.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    /// The value, from the side to move, with wins counted from this node.
    pub(crate) value: i32,
    /// The depth searched below the position.
    pub(crate) depth: u8,
    /// How to read `value`.
    pub(crate) bound: Bound,
    /// The index, among the position's legal inputs, of its best input.
    pub(crate) best: Option<u8>,
}

/// Slots of two words: the key XOR the packed entry, then the packed entry
/// (0 when empty).
#[derive(Debug)]
pub(crate) struct Table {
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` empty slots.
    pub(crate) fn new(bits: u32) -> Table {
        let size = 1usize << bits;
        Table {
            slots: (0..size).map(|_| Default::default()).collect(),
            mask: size - 1,
        }
    }

    /// The entry stored for `key`, if any.
    pub(crate) fn get(&self, key: u64) -> Option<Entry> {
        let [check, data] = &self.slots[key as usize & self.mask];
        let data = data.load(Ordering::Relaxed);
        if check.load(Ordering::Relaxed) ^ data != key || data == 0 {
            return None;
        }
        let bound = match (data >> 40) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        let best = (data >> 48) as u16 & 0x1ff;
        Some(Entry {
            value: data as u32 as i32,
            depth: (data >> 32) as u8,
            bound,
            best: best.checked_sub(1).map(|index| index as u8),
        })
    }

    /// Remembers `entry` for `key`, in place of what the slot held.
    pub(crate) fn put(&self, key: u64, entry: Entry) {
        let bound: u64 = match entry.bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let best = entry.best.map_or(0, |index| u64::from(index) + 1);
        let data =
            u64::from(entry.value as u32) | u64::from(entry.depth) << 32 | bound << 40 | best << 48;
        let [check, stored] = &self.slots[key as usize & self.mask];
        check.store(key ^ data, Ordering::Relaxed);
        stored.store(data, Ordering::Relaxed);
    }
}
