#!/usr/bin/env bash
# The Debian package (SPEC.md §2, issues 37 and 43), a step of .ci/run:
# installs cargo-deb, cargo-about and lintian when missing, checks that
# pkg/debian/copyright is what the crates linked in make today, builds the
# package with `make deb`, checks it with lintian (no error, no warning),
# checks its control area (md5sums of every file, Depends from
# dpkg-shlibdeps with libgcc-s1) and its copyright file, unpacks it into a
# scratch root with dpkg-deb and plays from there: the installed program
# must find every variant in /usr/lib/awale/plugins from /usr/games/awale,
# and play a whole game with the same standard output as the golden
# transcript tests/cmd/awale-sud-both. Run from anywhere: `tests/deb/check.sh`.
set -euo pipefail
cd "$(dirname "$0")/../.."

# A pinned cargo-deb, so that a new release cannot change the package
# unseen; raise it on purpose.
CARGO_DEB_VERSION=3.8.0
if [ "$(cargo deb --version 2>/dev/null)" != "cargo-deb $CARGO_DEB_VERSION" ]; then
    cargo install cargo-deb --locked --version "$CARGO_DEB_VERSION"
fi
CARGO_ABOUT_VERSION=0.9.3
if [ "$(cargo about --version 2>/dev/null)" != "cargo-about $CARGO_ABOUT_VERSION" ]; then
    cargo install cargo-about --locked --features cli --version "$CARGO_ABOUT_VERSION"
fi
if ! command -v lintian >/dev/null; then
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends lintian
fi

# The copyright file lists every crate linked in, with its licence: it is
# regenerated and must not differ (`make copyright` rewrites it).
if ! diff -u pkg/debian/copyright <(pkg/debian/copyright.sh); then
    echo "pkg/debian/copyright is stale: run make copyright" >&2
    exit 1
fi
echo "pkg/debian/copyright lists the crates linked in today"

deb=$(make --no-print-directory -s deb | tail -n 1)
test -f "$deb" || { echo "make deb made no package (said: $deb)" >&2; exit 1; }
ls -l "$deb"

# Errors and warnings fail the step. The informational tags are shown and
# kept:
# - hardening-no-fortify-functions (every ELF file): Rust code does not call
#   glibc's _FORTIFY_SOURCE checked functions (the language checks its own
#   bounds), so lintian finds unchecked libc calls such as memcpy;
# - spelling-error-in-binary: lintian's English word list read against the
#   French texts of the program (« dont », « complet », « exemple », and
#   « gard », « ment », « installe », « quitt » where it cuts « gardée »,
#   « également », « installée » at the « é » and reads « quitter » as a
#   misspelt « quit »);
# One warning is overridden in the package, with its reason
# (pkg/debian/lintian-overrides): initial-upload-closes-no-bugs, as the
# package is not uploaded to Debian (--show-overrides shows it, but would
# count it as a failure).
lintian --display-info --fail-on error,warning "$deb"

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
dpkg-deb -x "$deb" "$root"

# The control area as Debian's tools write it: md5sums of every file
# (debsums checks them), Depends as dpkg-shlibdeps gives it, libgcc-s1
# included since every ELF file needs libgcc_s.so.1.
dpkg-deb -e "$deb" "$root/DEBIAN"
files=$(cd "$root" && find . -path ./DEBIAN -prune -o -type f -print | wc -l)
sums=$(wc -l < "$root/DEBIAN/md5sums")
[ "$files" -eq "$sums" ] || { echo "md5sums lists $sums files of $files" >&2; exit 1; }
(cd "$root" && md5sum --check --quiet DEBIAN/md5sums)
depends=$(dpkg-deb -f "$deb" Depends)
for needed in libc6 libgcc-s1; do
    case ", $depends" in
        *", $needed "* | *", $needed,"* | *", $needed") ;;
        *) echo "Depends lacks $needed: $depends" >&2; exit 1 ;;
    esac
done
echo "md5sums lists the $files files; Depends: $depends"
cmp pkg/debian/copyright "$root/usr/share/doc/awale/copyright"
grep -q '^Files: crates.io/abi_stable-' "$root/usr/share/doc/awale/copyright"
rm -rf "$root/DEBIAN"
awale="$root/usr/games/awale"
# An empty environment and a home of its own: no user plugins folder,
# nothing written outside the scratch root.
run() { env -i HOME="$root/home" "$awale" "$@"; }

expected=$(cd plugins && for crate in */Cargo.toml; do echo "${crate%/Cargo.toml}"; done | LC_ALL=C sort)
listed=$(run --list | grep -v '^ ' | cut -d ' ' -f 1 | LC_ALL=C sort)
if [ "$listed" != "$expected" ]; then
    echo "the unpacked package lists other variants than plugins/:" >&2
    diff <(echo "$expected") <(echo "$listed") >&2 || true
    exit 1
fi
echo "the unpacked package lists the $(echo "$listed" | wc -l) variants of plugins/"

run awale --first sud --no-keep < tests/cmd/awale-sud-both.stdin > "$root/game.stdout" 2> "$root/game.stderr" || {
    echo "the game from the unpacked package failed:" >&2
    cat "$root/game.stderr" >&2
    exit 1
}
diff -u tests/cmd/awale-sud-both.stdout "$root/game.stdout"
echo "a game played from the unpacked package gives the golden standard output"
