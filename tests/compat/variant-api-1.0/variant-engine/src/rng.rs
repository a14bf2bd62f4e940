//! The engine's random helpers, on the crate's seeded [`SplitMix`], so that
//! a seed replays the same choices on any machine.

pub(crate) use variant_api::rng::SplitMix;

/// A number in `-amplitude..=amplitude` drawn from `rng`.
pub(crate) fn noise(rng: &mut SplitMix, amplitude: i32) -> i32 {
    if amplitude <= 0 {
        return 0;
    }
    let span = 2 * u64::from(amplitude.unsigned_abs()) + 1;
    rng.below(span) as i32 - amplitude
}

/// SplitMix64's finaliser: a good 64-bit mixing of `z`.
#[cfg(test)]
pub(crate) fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
