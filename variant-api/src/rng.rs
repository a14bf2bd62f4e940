//! A small seeded random generator (SplitMix64), so that random choices
//! (the conformance kit's games, `--bench`, the computer player's noise) are
//! the same on every machine, with no dependency.

/// SplitMix64's increment, the odd number nearest 2^64 divided by the golden ratio.
pub const GOLDEN_GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// SplitMix64's finaliser: spreads the bits of `z` over all 64 (the one
/// home of this mixing, for hash keys of positions too).
#[inline]
pub fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// SplitMix64: 64 bits of state, one multiply-xorshift per number.
#[derive(Clone, Debug)]
pub struct SplitMix(u64);

impl SplitMix {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GOLDEN_GAMMA);
        mix64(self.0)
    }

    /// A number in `0..bound`; 0 when `bound` is 0.
    pub fn below(&mut self, bound: u64) -> u64 {
        if bound == 0 {
            0
        } else {
            self.next_u64() % bound
        }
    }

    /// An index in `0..len` by a multiply instead of [`SplitMix::below`]'s
    /// division (Lemire's method; a bias under `len / 2^64`): a different
    /// sequence, for loops where a 64-bit division is a fair share of the
    /// time (`--bench`). 0 when `len` is 0.
    #[inline]
    pub fn index(&mut self, len: usize) -> usize {
        ((u128::from(self.next_u64()) * len as u128) >> 64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_numbers() {
        let mut a = SplitMix::new(7);
        let mut b = SplitMix::new(7);
        let first: Vec<u64> = (0..4).map(|_| a.below(10)).collect();
        assert_eq!(first, (0..4).map(|_| b.below(10)).collect::<Vec<_>>());
        assert!(first.iter().all(|&n| n < 10));
        assert_eq!(SplitMix::new(1).below(0), 0);
    }

    #[test]
    fn an_index_falls_on_every_place_of_a_list_and_never_past_it() {
        let mut rng = SplitMix::new(3);
        let mut hits = [0u32; 7];
        for _ in 0..7000 {
            hits[rng.index(7)] += 1;
        }
        assert!(hits.iter().all(|&n| (800..1200).contains(&n)), "{hits:?}");
        assert_eq!(SplitMix::new(1).index(0), 0);
    }
}
