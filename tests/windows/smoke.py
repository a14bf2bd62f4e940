#!/usr/bin/env python3
"""Windows smoke test: cross-builds the host and every plugin for
x86_64-pc-windows-gnu, then runs them under Wine and checks what a Windows
user meets (issue 24, SPEC §1):

- `host.exe --list` finds every plugin `.dll` (also one named in capitals);
- every golden case of tests/cmd gives the same stdout and status as on
  Linux, byte for byte (stderr too, with trycmd's `...`/`[..]` wildcards,
  where the case names it);
- a damaged `.dll` is skipped with one warning line, the others still load;
- a game recorded with --record replays with --replay to the same stdout;
- a game kept without asking (in %LOCALAPPDATA%, no HOME or XDG_* set) is
  taken up again with --resume.

It installs what it needs (the Rust target, Debian's MinGW and Wine) and
builds the test-only stand-in of bcryptprimitives.dll that Wine 8.0 lacks
(tests/windows/bcryptprimitives.c). Run from anywhere:
`python3 tests/windows/smoke.py`; it prints one line per check and a last
line `N passed, M failed`, exiting 1 when something failed.
"""

import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TARGET = "x86_64-pc-windows-gnu"
TARGET_DIR = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
WORK = TARGET_DIR / "windows-smoke"
TIMEOUT = 120


def sh(*command, **kwargs):
    print("+", " ".join(str(part) for part in command), flush=True)
    subprocess.run(command, check=True, **kwargs)


def install_tools():
    sh("rustup", "target", "add", TARGET)
    if not (shutil.which("x86_64-w64-mingw32-gcc") and shutil.which("wine")):
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        sh("apt-get", "update", "-qq", env=env)
        sh("apt-get", "install", "-y", "-qq", "gcc-mingw-w64-x86-64", "wine64", env=env)


def plugin_names():
    """The library names of the workspace's plugins (`awale.dll`: no `lib` on Windows)."""
    names = []
    for manifest in sorted((ROOT / "plugins").glob("*/Cargo.toml")):
        package = tomllib.loads(manifest.read_text())["package"]["name"]
        names.append(package.replace("-", "_") + ".dll")
    return names


def plugin_ids():
    """The variant ids, which are the plugin crates' names."""
    return [name.removesuffix(".dll").replace("_", "-") for name in plugin_names()]


def build():
    sh("cargo", "build", "--release", "--locked", "--target", TARGET, cwd=ROOT)
    built = TARGET_DIR / TARGET / "release"
    if WORK.exists():
        shutil.rmtree(WORK)
    (WORK / "bin" / "plugins").mkdir(parents=True)
    # The stand-in is found on Wine's PATH, not beside host.exe, where the
    # host would try it as a plugin.
    (WORK / "support").mkdir()
    shutil.copy2(built / "host.exe", WORK / "bin" / "host.exe")
    for name in plugin_names():
        shutil.copy2(built / name, WORK / "bin" / "plugins" / name)
    sh(
        "x86_64-w64-mingw32-gcc", "-shared", "-O2",
        "-o", WORK / "support" / "bcryptprimitives.dll",
        ROOT / "tests" / "windows" / "bcryptprimitives.c", "-ladvapi32",
    )


def windows_path(path: Path) -> str:
    """`path` as Wine's Windows programs see it (the root is drive Z:)."""
    return "Z:" + str(path).replace("/", "\\")


def wine_env(**extra):
    """A Windows user's environment: no HOME, no XDG_* (the folders then
    come from %APPDATA% and %LOCALAPPDATA%, which Wine sets)."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key != "HOME" and not key.startswith("XDG_") and not key.startswith("AWALE_")
        and key != "RUST_LOG"
    }
    env.update(
        WINEPREFIX=str(WORK / "prefix"),
        WINEDEBUG="-all",
        WINEPATH=windows_path(WORK / "support"),
        **extra,
    )
    return env


def host(args, stdin=b"", **extra):
    """Runs host.exe under Wine: (status, stdout, stderr)."""
    done = subprocess.run(
        ["wine", str(WORK / "bin" / "host.exe"), *args],
        input=stdin, capture_output=True, timeout=TIMEOUT, env=wine_env(**extra),
    )
    return done.returncode, done.stdout, done.stderr


def matches(expected: str, actual: str) -> bool:
    """trycmd's wildcards: a line `...` stands for any lines, `[..]` for
    any text within a line; everything else is compared exactly."""
    pattern = ""
    for line in expected.split("\n"):
        if line == "...":
            pattern += r"(?:.*\n)*?"
        else:
            pattern += ".*?".join(re.escape(part) for part in line.split("[..]")) + "\n"
    return re.fullmatch(pattern, actual + "\n", re.DOTALL) is not None


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, name, ok, detail=""):
        if ok:
            self.passed += 1
            print(f"ok     {name}", flush=True)
        else:
            self.failed += 1
            print(f"FAILED {name}: {detail}"[:2000], flush=True)


def golden_cases(checks):
    cases = sorted((ROOT / "tests" / "cmd").glob("*.toml"))
    for case in cases:
        spec = tomllib.loads(case.read_text())
        stem = case.with_suffix("")
        stdin_file = stem.with_suffix(".stdin")
        stdin = stdin_file.read_bytes() if stdin_file.exists() else spec.get("stdin", "").encode()
        status, out, err = host(spec.get("args", []), stdin)
        want_status = spec.get("status", {}).get("code", 0)
        stdout_file = stem.with_suffix(".stdout")
        want_out = stdout_file.read_text() if stdout_file.exists() else spec.get("stdout")
        want_err = spec.get("stderr")
        err_text = err.decode(errors="replace").replace("host.exe", "host")
        problems = []
        if status != want_status:
            problems.append(f"status {status}, expected {want_status}")
        if want_out is not None and not matches(want_out, out.decode(errors="replace")):
            if b"\r" in out:
                problems.append("stdout holds \\r")
            problems.append(f"stdout differs: {out[:300]!r}")
        if want_err is not None and not matches(want_err, err_text):
            problems.append(f"stderr differs: {err_text[:300]!r}")
        checks.check(f"golden {case.name}", not problems, "; ".join(problems) + f" (stderr {err[:200]!r})")


def main():
    started = time.monotonic()
    install_tools()
    build()
    checks = Checks()
    # Wine's first start makes its prefix; not a check.
    host(["--version"])

    status, out, err = host(["--list"])
    listed = out.decode(errors="replace")
    firsts = {line.split(" ")[0] for line in listed.splitlines() if not line.startswith(" ")}
    missing = [name for name in plugin_ids() if name not in firsts]
    checks.check("--list finds every plugin", status == 0 and not missing,
                 f"status {status}, missing {missing}, stderr {err[:300]!r}")

    golden_cases(checks)

    plugins = WORK / "bin" / "plugins"
    capital = plugins / "KALAH_UPPER.DLL"
    shutil.copy2(plugins / "kalah.dll", capital)
    (plugins / "kalah.dll").rename(plugins / "kalah.dll.aside")
    status, out, err = host(["--list"])
    checks.check(".DLL in capitals is a plugin", status == 0 and b"kalah" in out, f"{status} {out[:200]!r} {err[:300]!r}")
    capital.unlink()
    (plugins / "kalah.dll.aside").rename(plugins / "kalah.dll")

    damaged = plugins / "damaged.dll"
    whole = (plugins / "awale.dll").read_bytes()
    damaged.write_bytes(whole[: len(whole) // 3])
    status, out, err = host(["--list"])
    warnings = [line for line in err.decode(errors="replace").splitlines() if "damaged.dll" in line]
    checks.check("a damaged .dll is skipped in one line", status == 0 and b"awale" in out and len(warnings) == 1,
                 f"status {status}, stderr {err[:400]!r}")
    status, out, err = host(["kalah", "--computer", "sud=1", "--computer", "nord=1", "--seed", "3"])
    checks.check("a damaged .dll leaves other games alone", status == 0 and (b"gagne" in out or b"Personne" in out),
                 f"status {status}, stderr {err[:300]!r}")
    damaged.unlink()

    record = WORK / "game.txt"
    record.unlink(missing_ok=True)
    windows_record = windows_path(record)
    status, played, err = host(["awale", "--record", windows_record, "--no-keep"], b"3 9 2 8 0\n")
    checks.check("--record writes a game", status == 0 and record.exists(), f"status {status}, stderr {err[:300]!r}")
    status, replayed, err = host(["--replay", windows_record, "--no-keep"])
    checks.check("--replay gives the same stdout", status == 0 and replayed == played and b"\r" not in replayed,
                 f"status {status}, stderr {err[:300]!r}")

    def kept_games():
        users = WORK / "prefix" / "drive_c" / "users"
        return set(users.glob("*/AppData/Local/awale/games/*-awale.txt"))

    before = kept_games()
    status, first, err = host(["awale"], b"3 9\n")
    kept = kept_games() - before
    checks.check("an unfinished game is kept in %LOCALAPPDATA%", status == 1 and len(kept) == 1,
                 f"status {status}, kept {kept}, stderr {err[:300]!r}")
    status, resumed, err = host(["--resume"], b"0\n")
    checks.check("--resume takes it up again", status == 0 and resumed.startswith(first) and (b"gagne" in resumed or b"Personne" in resumed),
                 f"status {status}, stdout {resumed[-300:]!r}, stderr {err[:300]!r}")

    print(f"windows smoke: {time.monotonic() - started:.0f} s", flush=True)
    print(f"{checks.passed} passed, {checks.failed} failed", flush=True)
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main())
