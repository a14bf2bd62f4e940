//! The computer player against itself in Kalaha, in process: level A against
//! level B over N games (see [`variant_engine::arena`] for the options).
//!
//! ```text
//! cargo run --release -p kalaha --example kalaha-match -- A B [--games N]
//!     [--set KEY=VALUE]... [--budget MS] [--random-plies K] [--seed S]
//! ```

fn main() -> std::process::ExitCode {
    variant_engine::arena::main::<kalaha::Kalaha>()
}
