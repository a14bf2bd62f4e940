//! The computer player, compiled into every plugin by
//! [`crate::export_variant!`] so that it searches at the speed of the
//! in-process rules.
//!
//! A first version: iterative-deepening alpha-beta from the point of view of
//! the player to move, against every other seat together (the "paranoid"
//! reading of games of three or more), on the score difference. Levels fix
//! the depth (1 to 3) or the time (4).

use std::time::{Duration, Instant};

use crate::model::{Inputs, Outcome, Player, Step, Think, Thought, Turn};
use crate::variant::Variant;

/// The value of a won game; shorter wins score higher.
const WIN: i32 = 1_000_000;

/// Chooses an input for the player to move in `game` (which is not over).
pub fn think<V: Variant>(game: &V, request: Think) -> Thought {
    let Some(me) = game.turn().player() else {
        return Thought {
            input: 0,
            nodes: 0,
            depth: 0,
        };
    };
    let mut search = Search {
        me,
        nodes: 0,
        deadline: None,
        stopped: false,
    };
    let (max_depth, deadline) = match request.level {
        0 | 1 => (1, None),
        2 => (3, None),
        3 => (6, None),
        _ => (
            64,
            Some(Instant::now() + Duration::from_millis(u64::from(request.budget_ms.max(1)))),
        ),
    };
    search.deadline = deadline;
    let mut inputs = Inputs::new();
    game.legal_inputs(&mut inputs);
    let mut best = inputs.as_slice().first().copied().unwrap_or(0);
    let mut reached = 0;
    for depth in 1..=max_depth {
        let mut alpha = -WIN - 1;
        let mut depth_best = best;
        for &input in inputs.as_slice() {
            let mut child = game.clone();
            if child.play(input).is_err() {
                continue;
            }
            let value = search.value(&child, depth - 1, alpha, WIN + 1);
            if search.stopped {
                break;
            }
            if value > alpha {
                alpha = value;
                depth_best = input;
            }
        }
        if search.stopped {
            break;
        }
        best = depth_best;
        reached = depth;
        if alpha.abs() >= WIN - 1000 {
            break;
        }
    }
    Thought {
        input: best,
        nodes: search.nodes,
        depth: reached,
    }
}

struct Search {
    me: Player,
    nodes: u64,
    deadline: Option<Instant>,
    stopped: bool,
}

impl Search {
    /// The value of `game` for `me`, searched `depth` more plies.
    fn value<V: Variant>(&mut self, game: &V, depth: u32, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes % 4096 == 0 && self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.stopped = true;
        }
        let player = match game.turn() {
            Turn::Over(outcome) => return self.final_value(outcome, depth),
            Turn::Decide { player, .. } => player,
        };
        if depth == 0 || self.stopped {
            return self.estimate(game);
        }
        let mut inputs = Inputs::new();
        game.legal_inputs(&mut inputs);
        let maximizing = player == self.me;
        let mut best = if maximizing { -WIN - 1 } else { WIN + 1 };
        for &input in inputs.as_slice() {
            let mut child = game.clone();
            let next_depth = match child.play(input) {
                Ok(Step::Pending) => depth,
                Ok(_) => depth - 1,
                Err(_) => continue,
            };
            let value = self.value(&child, next_depth, alpha, beta);
            if maximizing {
                best = best.max(value);
                alpha = alpha.max(value);
            } else {
                best = best.min(value);
                beta = beta.min(value);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }

    fn final_value(&self, outcome: Outcome, depth: u32) -> i32 {
        if outcome.is_winner(self.me) {
            WIN - 100 + depth as i32
        } else if outcome.is_draw() {
            0
        } else {
            -WIN + 100 - depth as i32
        }
    }

    /// My score minus the best score of the others.
    fn estimate<V: Variant>(&self, game: &V) -> i32 {
        let scores = game.scores();
        let mine = scores.get(self.me.index()).copied().unwrap_or(0) as i32;
        let best_other = scores
            .iter()
            .enumerate()
            .filter(|&(seat, _)| seat != self.me.index())
            .map(|(_, &score)| score as i32)
            .max()
            .unwrap_or(0);
        mine - best_other
    }
}
