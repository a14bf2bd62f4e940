#!/usr/bin/env python3
"""OpenSpiel's C++ random loop on `oware` (Awalé with backward captures),
to compare with `host awale --set capture=backward --bench GAMES`.

    pip install open_spiel==2.0.2
    python3 benches/openspiel/speed.py 5000

`pyspiel.evaluate_bots` plays each game in C++ with two uniform random
bots; the decisions per game are counted on 200 games of the same loop.
"""
import sys
import time

import numpy as np
import pyspiel

games = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
game = pyspiel.load_game("oware")
bots = [pyspiel.make_uniform_random_bot(player, 1234 + player) for player in range(2)]
start = time.perf_counter()
for number in range(games):
    pyspiel.evaluate_bots(game.new_initial_state(), bots, number)
elapsed = time.perf_counter() - start
rng = np.random.default_rng(1)
decisions = 0
for _ in range(200):
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        decisions += 1
mean = decisions / 200
print(f"openspiel oware: {games} games, ~{mean:.1f} decisions a game, "
      f"{elapsed * 1e9 / (games * mean):.0f} ns/decision, {games / elapsed:.0f} games/s")
