#!/usr/bin/env python3
"""Our computer player against OpenSpiel's MCTS bot on the same rules.

OpenSpiel's `oware` is Awalé with backward captures (`host awale --set
capture=backward`, SPEC.md §4); its `mancala` is Kalah of six holes of four
seeds that ends as soon as a row is empty (`host kalah --set seeds=4 --set
end=any-empty`; a last seed in an empty hole of one's row takes only when
the hole in front holds seeds, the seeds left go to their row's owner, as
our defaults). `--game` picks one (oware by default).

The host plays one seat at a level and a `--think` time; OpenSpiel's C++
MCTS bot (random rollouts) plays the other, with as many simulations as
fit in the same time on this machine (measured first). Seats alternate
from game to game. Every move is checked legal by OpenSpiel's rules, and
the game must end in both with the same result.

    pip install open_spiel==2.0.2
    cargo build --release
    python3 benches/openspiel/match.py --games 20 --think 0.1 --level 4
    python3 benches/openspiel/match.py --game mancala --games 20 --think 0.1

Prints one line per game and the total: our score (win 1, draw 1/2).
"""
import argparse
import queue
import subprocess
import threading
import time

import pyspiel

SEATS = ("SUD", "NORD")

# Our variant and its options for each OpenSpiel game, and the OpenSpiel
# action of the first house of each player's row (player 0 moves first).
GAMES = {
    "oware": (["awale", "--set", "capture=backward"], (0, 0)),
    "mancala": (["kalah", "--set", "seeds=4", "--set", "end=any-empty"], (1, 8)),
}


def simulations_for(game, seconds, rollouts):
    """How many MCTS simulations OpenSpiel runs in `seconds` from the start."""
    evaluator = pyspiel.RandomRolloutEvaluator(rollouts, 1)
    sims = 200
    bot = pyspiel.MCTSBot(game, evaluator, 2.0, sims, 1000, False, 1, False)
    state = game.new_initial_state()
    start = time.perf_counter()
    bot.step(state)
    elapsed = time.perf_counter() - start
    return max(10, int(sims * seconds / elapsed))


def play(host, folder, level, think, ours, first, bot, game, seed):
    """One game: our computer at seat `ours`; returns 1, 0.5 or 0 for us."""
    variant, first_house = GAMES[game.get_type().short_name]
    args = [host, "--plugins", folder, *variant,
            "--computer", f"{ours.lower()}={level}", "--think", str(think),
            "--first", first.lower(), "--seed", str(seed)]
    proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, bufsize=1)
    ours_moves = queue.Queue()

    def read_stderr():
        for line in proc.stderr:
            if "(ordinateur) joue " in line:
                ours_moves.put(int(line.rsplit(" ", 1)[1].rstrip(".\n")))

    threading.Thread(target=read_stderr, daemon=True).start()
    state = game.new_initial_state()
    # OpenSpiel's player 0 moves first; each player's action is a house of
    # its own row, counterclockwise from `first_house[player]`, as the
    # host's holes are.
    player_of = {first: 0, SEATS[1 - SEATS.index(first)]: 1}
    result = None
    for line in proc.stdout:
        line = line.rstrip("\n")
        if line.startswith("A ") and line.endswith(" de jouer."):
            seat = line[2:-len(" de jouer.")]
            player = player_of[seat]
            if seat == ours:
                hole = ours_moves.get(timeout=120)
            else:
                action = bot.step(state)
                hole = action - first_house[player] + 1 + (0 if seat == "SUD" else 6)
                proc.stdin.write(f"{hole}\n")
                proc.stdin.flush()
            assert state.current_player() == player, (line, str(state))
            action = (hole - 1) % 6 + first_house[player]
            if action not in state.legal_actions():
                raise RuntimeError(f"hole {hole} of {seat} is not legal for OpenSpiel:\n{state}")
            state.apply_action(action)
        elif " la partie " in line:
            result = line
    proc.wait()
    if result is None:
        raise RuntimeError(f"no result: status {proc.returncode}")
    if result.startswith(ours + " gagne"):
        score = 1.0
    elif result.startswith("Personne"):
        score = 0.5
    else:
        score = 0.0
    # Both rule books end the game here, with the same result.
    theirs = (state.returns()[player_of[ours]] + 1) / 2 if state.is_terminal() else None
    if theirs != score:
        raise RuntimeError(f"OpenSpiel says {theirs} for us, the host {result!r}:\n{state}")
    return score, result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), default="oware")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--think", type=float, default=0.1)
    parser.add_argument("--level", type=int, default=4)
    parser.add_argument("--rollouts", type=int, default=1)
    parser.add_argument("--host", default="target/release/host")
    parser.add_argument("--plugins", default="target/release")
    args = parser.parse_args()
    game = pyspiel.load_game(args.game)
    sims = simulations_for(game, args.think, args.rollouts)
    print(f"OpenSpiel MCTS: {sims} simulations a move (~{args.think} s), {args.rollouts} rollout(s)")
    total = 0.0
    for number in range(args.games):
        ours = SEATS[number % 2]
        first = SEATS[(number // 2) % 2]
        evaluator = pyspiel.RandomRolloutEvaluator(args.rollouts, number)
        bot = pyspiel.MCTSBot(game, evaluator, 2.0, sims, 1000, False, number, False)
        score, result = play(args.host, args.plugins, args.level, args.think,
                             ours, first, bot, game, number)
        total += score
        print(f"game {number + 1}: we play {ours}, {first} first: {result} ({score})", flush=True)
    print(f"level {args.level} at --think {args.think}: {total}/{args.games} "
          f"({100 * total / args.games:.0f}%) against OpenSpiel MCTS")


if __name__ == "__main__":
    main()
