//! The computer player against itself in Oware, in process: level A against
//! level B over N games (see [`variant_engine::arena`] for the options).
//!
//! ```text
//! cargo run --release -p oware --example oware-match -- A B [--games N]
//!     [--set KEY=VALUE]... [--budget MS] [--random-plies K] [--seed S]
//! ```

fn main() -> std::process::ExitCode {
    variant_engine::arena::main::<oware::Oware>()
}
