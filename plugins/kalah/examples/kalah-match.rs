//! The computer player against itself in Kalah, in process: level A against
//! level B over N games (see [`variant_engine::arena`] for the options).
//!
//! ```text
//! cargo run --release -p kalah --example kalah-match -- A B [--games N]
//!     [--set KEY=VALUE]... [--budget MS] [--random-plies K] [--seed S]
//! ```

fn main() -> std::process::ExitCode {
    variant_engine::arena::main::<kalah::Kalah>()
}
