//! The computer player against itself in Toguz Kumalak, in process: level A
//! against level B over N games (see [`variant_engine::arena`] for the options).
//!
//! ```text
//! cargo run --release -p toguz-kumalak --example toguz-kumalak-match -- A B [--games N]
//!     [--set KEY=VALUE]... [--budget MS] [--random-plies K] [--seed S]
//! ```

fn main() -> std::process::ExitCode {
    variant_engine::arena::main::<toguz_kumalak::ToguzKumalak>()
}
