//! Benchmarks of the in-process rules of several variants, linked together
//! as rlibs: run them with `cargo bench -p rules-bench`. The benchmarks are
//! in `benches/rules.rs`; this library is empty.
