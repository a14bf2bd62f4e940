#!/usr/bin/env python3
"""A match between two builds of a variant's computer player.

Each game runs two hosts: in host A (plugins folder A) the first engine
plays SUD and NORD is a person; in host B (folder B) the second engine plays
NORD and SUD is a person. The moves each engine announces on stderr
(« SUD (ordinateur) joue 3. ») are typed into the other host. Both hosts
must agree on the final line; the first player alternates, and game N
gives both engines the seed N (level 4 breaks its ties with it, which
varies the games).

    python3 benches/versus/versus.py HOST A_DIR B_DIR VARIANT GAMES THINK [--set K=V]...

prints one line per game and the score of A (wins + draws / 2).

Both hosts' standard output and standard error are read as they come, each
by a thread of its own: a long game's boards never fill a pipe that nobody
reads (which would block the host, and the match, for ever). When one host
ends, the other's input is closed, so that it cannot wait for a move that
will never come.
"""
import re
import subprocess
import sys
import threading
import queue

MOVE = re.compile(r"^(\S+) \(ordinateur\) joue (\d+)\.")


def reader(stream, out, tag):
    """Puts each line of `stream` on `out` as (tag, line), then (tag, None)."""
    for raw in stream:
        line = raw.decode("utf-8", "replace").rstrip("\n")
        out.put((tag, line))
    out.put((tag, None))


def last_line(stream, last, tag):
    """Reads `stream` to its end, keeping its last non-empty line in last[tag]."""
    for raw in stream:
        line = raw.decode("utf-8", "replace").strip()
        if line:
            last[tag] = line


def game(host, a_dir, b_dir, variant, think, first, settings, number):
    common = [variant, "--think", str(think), "--first", first, "--no-keep",
              "--seed", str(number)] + settings
    procs = {
        "A": subprocess.Popen([host, "--plugins", a_dir, "--computer", "sud=4"] + common,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE),
        "B": subprocess.Popen([host, "--plugins", b_dir, "--computer", "nord=4"] + common,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE),
    }
    events = queue.Queue()
    finals = {"A": "", "B": ""}
    outputs = []
    for tag, proc in procs.items():
        threading.Thread(target=reader, args=(proc.stderr, events, tag), daemon=True).start()
        output = threading.Thread(target=last_line, args=(proc.stdout, finals, tag), daemon=True)
        output.start()
        outputs.append(output)
    other = {"A": "B", "B": "A"}
    closed = set()
    while len(closed) < 2:
        tag, line = events.get()
        if line is None:
            closed.add(tag)
            try:
                procs[other[tag]].stdin.close()
            except BrokenPipeError:
                pass
            continue
        match = MOVE.match(line)
        if match and other[tag] not in closed:
            target = procs[other[tag]].stdin
            try:
                target.write((match.group(2) + "\n").encode())
                target.flush()
            except (BrokenPipeError, ValueError):
                pass
    for output in outputs:
        output.join()
    for proc in procs.values():
        proc.wait()
    if finals["A"] != finals["B"]:
        print(f"game {number}: the hosts disagree: {finals}", file=sys.stderr)
        return None
    final = finals["A"]
    if final.startswith("SUD gagne"):
        score = 1.0
    elif final.startswith("NORD gagne"):
        score = 0.0
    else:
        score = 0.5
    print(f"game {number}: first {first}: {final}  (A: {score})", flush=True)
    return score


def main():
    host, a_dir, b_dir, variant, games, think = sys.argv[1:7]
    settings = sys.argv[7:]
    total, played = 0.0, 0
    for number in range(int(games)):
        first = "sud" if number % 2 == 0 else "nord"
        score = game(host, a_dir, b_dir, variant, think, first, settings, number + 1)
        if score is not None:
            total += score
            played += 1
    print(f"A scored {total}/{played}")


if __name__ == "__main__":
    main()
