//! The transposition table of the alpha-beta search: a fixed number of
//! slots in buckets of two, shared by the search's threads without a lock.
//!
//! A bucket's first slot keeps the deepest search of the decision (a new
//! entry takes it when it searched as deep or deeper, is of the same
//! position, or finds an entry of an earlier decision there); the second
//! takes every other entry. Always replacing a single slot lost the deep
//! entries that save the most: Awalé, 20 positions of level-4 games each
//! searched to depth 19 with 2^20 slots, 292 million positions with one
//! slot always replaced, 162 million with buckets of two (and 183 million
//! with one slot always replaced in 2^23 slots).
//!
//! Each slot holds two atomic words, the key XOR the packed entry, then
//! the entry: a slot torn by two threads writing at once fails the key
//! check and reads as empty (lockless hashing, Hyatt and Mann 2002).
//!
//! A decision does not allocate its table, nor clear it: [`Table::take`]
//! lends one of the process's tables of that size (allocating one only
//! when none is free) under a salt of its own, mixed into every key, so
//! that what earlier decisions left in the slots reads as empty (their
//! keys fail the check but for a chance of 2^-64 a probe). Allocating and
//! zeroing the 16 MB of level 4's table cost a few milliseconds a
//! decision, a share of the clock that counts most at short times.

use std::ops::Deref;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

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
    /// Whether the value holds whatever the depth: no line below was cut
    /// by the depth or the clock (see the alpha-beta search's horizon).
    pub(crate) complete: bool,
}

/// Slots of two words, in buckets of two slots: the key XOR the packed
/// entry, then the packed entry (0 when empty).
#[derive(Debug)]
pub(crate) struct Table {
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
    /// Mixed into every key: the decision's own (see [`Table::take`]).
    salt: u64,
    /// The decision's number, modulo 64, kept in the top bits of every
    /// entry it stores: an entry of another number is an earlier
    /// decision's, which the first slot of a bucket does not keep.
    generation: u64,
}

/// The tables no decision holds, kept for the next ones.
static FREE: Mutex<Vec<Table>> = Mutex::new(Vec::new());

/// The most tables kept free: more searches at once than this allocate.
const MAX_FREE: usize = 4;

/// The salt of the next table lent.
static SALTS: AtomicU64 = AtomicU64::new(0);

/// A table lent to one decision: given back to the free tables when
/// dropped.
#[derive(Debug)]
pub(crate) struct Lent(Table);

impl Deref for Lent {
    type Target = Table;

    fn deref(&self) -> &Table {
        &self.0
    }
}

impl Drop for Lent {
    fn drop(&mut self) {
        let table = std::mem::replace(&mut self.0, Table::new_empty());
        if let Ok(mut free) = FREE.lock() {
            if free.len() < MAX_FREE {
                free.push(table);
            }
        }
    }
}

impl Table {
    /// A table of `2^bits` empty slots.
    pub(crate) fn new(bits: u32) -> Table {
        let size = 1usize << bits;
        Table {
            slots: (0..size).map(|_| Default::default()).collect(),
            mask: size - 1,
            salt: 0,
            generation: 0,
        }
    }

    /// A table of no slot, which allocates nothing: it keeps nothing.
    fn new_empty() -> Table {
        Table {
            slots: Vec::new(),
            mask: 0,
            salt: 0,
            generation: 0,
        }
    }

    /// A table of `2^bits` slots that reads as empty, for one decision:
    /// a free one under a new salt, or a new one.
    pub(crate) fn take(bits: u32) -> Lent {
        let size = 1usize << bits;
        let salt = variant_api::rng::mix64(
            SALTS
                .fetch_add(1, Ordering::Relaxed)
                .wrapping_add(variant_api::rng::GOLDEN_GAMMA),
        );
        let reused = FREE.lock().ok().and_then(|mut free| {
            let at = free.iter().position(|table| table.slots.len() == size)?;
            Some(free.swap_remove(at))
        });
        let mut table = reused.unwrap_or_else(|| Table::new(bits));
        table.salt = salt;
        table.generation = (table.generation + 1) % (1 << (64 - GENERATION_SHIFT));
        Lent(table)
    }

    /// The entry stored for `key`, if any.
    pub(crate) fn get(&self, key: u64) -> Option<Entry> {
        let key = key ^ self.salt;
        let at = key as usize & self.mask & !1;
        let bucket = self.slots.get(at..at + 2)?;
        let data = bucket.iter().find_map(|[check, data]| {
            let data = data.load(Ordering::Relaxed);
            (check.load(Ordering::Relaxed) ^ data == key && data != 0).then_some(data)
        })?;
        let bound = match (data >> 40) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        let best = (data >> 48) as u16 & 0x1ff;
        Some(Entry {
            value: data as u32 as i32,
            depth: depth_of(data),
            bound,
            best: best.checked_sub(1).map(|index| index as u8),
            complete: (data >> 42) & 1 == 1,
        })
    }

    /// Remembers `entry` for `key`, in the first slot of its bucket where it
    /// is as deep as what that slot holds (or of the same position, or
    /// that slot holds an earlier decision's), else in the second.
    pub(crate) fn put(&self, key: u64, entry: Entry) {
        let bound: u64 = match entry.bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let best = entry.best.map_or(0, |index| u64::from(index) + 1);
        let data = u64::from(entry.value as u32)
            | u64::from(entry.depth) << 32
            | bound << 40
            | u64::from(entry.complete) << 42
            | best << 48
            | self.generation << GENERATION_SHIFT;
        let key = key ^ self.salt;
        let at = key as usize & self.mask & !1;
        let Some([first, second]) = self.slots.get(at..at + 2) else {
            return;
        };
        let [check, stored] = first;
        let held = stored.load(Ordering::Relaxed);
        let same_position = check.load(Ordering::Relaxed) ^ held == key;
        let earlier_decision = held >> GENERATION_SHIFT != self.generation;
        let [check, stored] = if same_position || earlier_decision || entry.depth >= depth_of(held)
        {
            first
        } else {
            second
        };
        check.store(key ^ data, Ordering::Relaxed);
        stored.store(data, Ordering::Relaxed);
    }
}

/// The first bit of a packed entry's generation ([`Table`]).
const GENERATION_SHIFT: u32 = 58;

/// The depth of a packed entry.
fn depth_of(data: u64) -> u8 {
    (data >> 32) as u8
}
