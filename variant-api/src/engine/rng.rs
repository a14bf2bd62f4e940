//! A small seeded random generator (SplitMix64), so that the engine needs no
//! dependency and a seed replays the same choices on any machine.

/// SplitMix64: 64 bits of state, one addition and two multiplications a draw.
#[derive(Clone, Debug)]
pub(crate) struct SplitMix(u64);

impl SplitMix {
    /// A generator started from `seed`.
    pub(crate) fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    /// The next 64 random bits.
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        mix(self.0)
    }

    /// A number in `0..bound`, or 0 when `bound` is 0.
    pub(crate) fn below(&mut self, bound: u64) -> u64 {
        if bound == 0 {
            0
        } else {
            // The high bits, scaled: no modulo bias worth the name.
            ((u128::from(self.next()) * u128::from(bound)) >> 64) as u64
        }
    }

    /// A number in `-amplitude..=amplitude`.
    pub(crate) fn noise(&mut self, amplitude: i32) -> i32 {
        if amplitude <= 0 {
            return 0;
        }
        let span = 2 * u64::from(amplitude.unsigned_abs()) + 1;
        self.below(span) as i32 - amplitude
    }
}

/// SplitMix64's finaliser: a good 64-bit mixing of `z`.
pub(crate) fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
