//! Random games through the author's trait, in-process: the headroom the
//! stable ABI leaves (compare with `host VARIANT --bench`).

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use variant_api::rng::SplitMix;
use variant_api::{Inputs, Player, Turn, Variant};
use variant_testing::new_game;

/// Plays one game of random accepted inputs; returns its decisions.
fn random_game<V: Variant>(mut game: V, rng: &mut SplitMix) -> u32 {
    let mut inputs = Inputs::new();
    let mut decisions = 0;
    while let Turn::Decide { .. } = game.turn() {
        inputs.clear();
        game.legal_inputs(&mut inputs);
        let choice = inputs.as_slice()[rng.below(inputs.len() as u64) as usize];
        if game.play(choice).is_err() {
            break;
        }
        decisions += 1;
    }
    decisions
}

fn bench_variant<V: Variant>(c: &mut Criterion, name: &str, options: &[(&str, &str)]) {
    let start: V = new_game(options, Player::SUD);
    let mut rng = SplitMix::new(1);
    c.bench_function(&format!("{name}: one random game"), |b| {
        b.iter_batched(
            || start.clone(),
            |game| random_game(game, &mut rng),
            BatchSize::SmallInput,
        )
    });
}

fn rules(c: &mut Criterion) {
    bench_variant::<awale::Awale>(c, "awale backward", &[("capture", "backward")]);
    bench_variant::<oware::Oware>(c, "oware", &[]);
    bench_variant::<kalaha::Kalaha>(c, "kalaha", &[]);
}

criterion_group!(benches, rules);
criterion_main!(benches);
