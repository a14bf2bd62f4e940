#!/usr/bin/env bash
# Prints pkg/debian/copyright as the crates linked into the program and
# each plugin make it today (issue 43): `cargo tree` names the crates the
# host and every crate of plugins/ depend on for Debian's amd64 (Cargo.lock's
# versions, neither build nor dev dependencies), cargo-about (pinned in
# tests/deb/check.sh, configured by pkg/debian/about.toml) reads the
# workspace's crates and their licence files, and pkg/debian/copyright.py
# writes Debian's format for the crates named. `make copyright` writes the
# file; tests/deb/check.sh checks that it is current.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
packages=(-p host)
for manifest in plugins/*/Cargo.toml; do
    packages+=(-p "$(sed -n 's/^name = "\(.*\)"/\1/p' "$manifest" | head -n 1)")
done
# The crates' sources, then nothing read from the network: the file
# depends on Cargo.lock alone.
cargo fetch --locked --target x86_64-unknown-linux-gnu
cargo tree --frozen -e normal --target x86_64-unknown-linux-gnu --prefix none \
    -f '{p}' "${packages[@]}" | sed 's/ (.*//' | LC_ALL=C sort -u > "$work/linked"
cargo about generate --frozen --workspace --format json -c pkg/debian/about.toml \
    -o "$work/about.json" 2> "$work/about.err" || {
    cat "$work/about.err" >&2
    exit 1
}
python3 pkg/debian/copyright.py "$work/about.json" "$work/linked"
