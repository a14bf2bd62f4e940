//! The computer player against itself in Awale, in process: level A against
//! level B over N games (see [`variant_engine::arena`] for the options).
//!
//! ```text
//! cargo run --release -p awale --example awale-match -- A B [--games N]
//!     [--set KEY=VALUE]... [--budget MS] [--random-plies K] [--seed S]
//! ```

fn main() -> std::process::ExitCode {
    variant_engine::arena::main::<awale::Awale>()
}
