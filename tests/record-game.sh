#!/usr/bin/env bash
# Records a golden transcript in tests/cmd/: plays one complete game with the
# debug host, feeding it shuffled tokens 1..MAX_TOKEN (default 20: set it to
# the last hole on bigger boards; refused ones are skipped), then
# keeps only the accepted inputs as NAME.stdin and the host's stdout as
# NAME.stdout, with NAME.toml naming the arguments.
#
# usage: tests/record-game.sh NAME SEED VARIANT [HOST OPTIONS...]
# Read the transcript before committing it: it pins what the host prints.
set -euo pipefail
cd "$(dirname "$0")/.."
name=$1 seed=$2
shift 2
cargo build --quiet
host=target/debug/host
cases=tests/cmd

tokens=$(mktemp)
trap 'rm -f "$tokens"' EXIT
for line in $(seq 1 3000); do
    seq 1 "${MAX_TOKEN:-20}" | shuf --random-source=<(yes "$seed-$line") | tr '\n' ' '
    echo
done > "$tokens"

RUST_LOG=host=debug "$host" --no-keep "$@" < "$tokens" 2>&1 >/dev/null |
    sed -n 's/^debug: .* played \([0-9]*\)$/\1/p' | paste -sd' ' | fold -s -w 60 |
    sed 's/ *$//' > "$cases/$name.stdin"

set +e
"$host" --no-keep "$@" < "$cases/$name.stdin" > "$cases/$name.stdout" 2>/dev/null
status=$?
set -e

args=$(printf '"%s", ' "$@")
printf 'bin.name = "host"\nargs = [%s]\nstatus.code = %d\n' "${args%, }" "$status" > "$cases/$name.toml"
echo "$name: $(wc -w < "$cases/$name.stdin") inputs, exit status $status, last line: $(tail -n 1 "$cases/$name.stdout")"
