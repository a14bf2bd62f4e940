//! The released package name in this frozen copy's type layouts: abi_stable
//! stores `CARGO_PKG_NAME` in every layout and refuses another package's
//! types, so a 1.0 plugin built from this copy, and the 1.0 layout that
//! today's host checks older plugins against, must say `variant-api`.

fn main() {
    println!("cargo:rustc-env=CARGO_PKG_NAME=variant-api");
}
