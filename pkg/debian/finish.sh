#!/usr/bin/env bash
# Finishes the package cargo-deb built (`make deb`) as Debian's own tools
# finish theirs (issue 43), then prints its path:
# - Depends: what dpkg-shlibdeps says of every ELF file of the package, the
#   program and each plugin, libgcc-s1 included (cargo-deb's `$auto` reads
#   the program alone and leaves libgcc out, although every ELF file here
#   needs libgcc_s.so.1);
# - md5sums in the control area, as dh_md5sums writes it, for `debsums`.
# Usage: pkg/debian/finish.sh PACKAGE.deb
set -euo pipefail
deb=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root="$work/root"
dpkg-deb -R "$deb" "$root"

# dpkg-shlibdeps wants a debian/control where it runs (it may be empty).
mkdir -p "$work/debian"
: > "$work/debian/control"
elves=()
while IFS= read -r -d '' file; do
    if [ "$(head -c 4 "$file" | od -An -c | tr -d ' ')" = '177ELF' ]; then
        elves+=("-e" "root/${file#"$root/"}")
    fi
done < <(find "$root/usr" -type f -print0 | LC_ALL=C sort -z)
[ "${#elves[@]}" -gt 0 ] || { echo "finish.sh: no ELF file in $deb" >&2; exit 1; }
depends=$(cd "$work" && dpkg-shlibdeps -O "${elves[@]}" 2>"$work/shlibdeps.err" \
    | sed -n 's/^shlibs:Depends=//p') || { cat "$work/shlibdeps.err" >&2; exit 1; }
[ -n "$depends" ] || { echo "finish.sh: dpkg-shlibdeps gave no dependency" >&2; exit 1; }
control="$root/DEBIAN/control"
if grep -q '^Depends:' "$control"; then
    sed -i "s/^Depends:.*/Depends: $depends/" "$control"
else
    sed -i "/^Architecture:/a Depends: $depends" "$control"
fi

(cd "$root" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | LC_ALL=C sort -z \
    | xargs -0 -r md5sum) > "$root/DEBIAN/md5sums"
chmod 0644 "$root/DEBIAN/md5sums"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" > /dev/null
echo "$deb"
