//! Monte-Carlo tree search (UCT) with random playouts, for three seats or
//! more: every node keeps the reward of the seat that chose the input
//! leading to it, so each seat plays for itself, and nothing assumes who
//! decides next.

use std::time::Instant;

use super::rng::SplitMix;
use variant_api::Variant;
use variant_api::{Bound, SearchObserver, SearchReport, MAX_PV};
use variant_api::{Inputs, Outcome, Player, Thought, Turn, MAX_SEATS};

/// How much a tree search may do.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Effort {
    /// The playouts it makes, counted the same on every machine.
    pub(crate) playouts: u32,
    /// The time it may take (level 4 only).
    pub(crate) deadline: Option<Instant>,
    /// The most nodes the tree may hold (it is allocated once).
    pub(crate) max_nodes: usize,
}

/// The exploration constant of UCB1.
const EXPLORATION: f64 = 0.7;
/// A playout that goes on this long is judged on its scores.
const PLAYOUT_DECISIONS: u32 = 400;
/// How often an observed search tells its observer what it has found.
const REPORT_PLAYOUTS: u32 = 4096;

/// One input of the tree.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// The input that leads here from the parent.
    input: u32,
    /// The seat that chose it.
    mover: u8,
    /// Whether the node's children are in the tree.
    expanded: bool,
    /// Where the children are in the tree, and how many.
    first_child: u32,
    children: u16,
    visits: u32,
    /// The total reward of `mover` over the visits.
    reward: f64,
}

/// Chooses an input for the seat to move in `game` by UCT, telling
/// `observer` (if any) how many playouts it has made every
/// [`REPORT_PLAYOUTS`] and stopping when it asks.
pub(crate) fn search<V: Variant>(
    game: &V,
    effort: Effort,
    rng: &mut SplitMix,
    observer: Option<&dyn SearchObserver>,
) -> Thought {
    let seats = game.scores().len().clamp(1, MAX_SEATS);
    let mut inputs = Inputs::new();
    game.legal_inputs(&mut inputs);
    if inputs.len() <= 1 {
        return Thought {
            input: inputs.as_slice().first().copied().unwrap_or(0),
            nodes: 1,
            depth: 0,
        };
    }
    // A decision that wins at once needs no playout.
    if let Turn::Decide { player: me, .. } = game.turn() {
        for &input in inputs.as_slice() {
            let mut child = game.clone();
            if child.play(input).is_ok() {
                if let Turn::Over(outcome) = child.turn() {
                    if outcome.sole_winner() == Some(me) {
                        return Thought {
                            input,
                            nodes: 1,
                            depth: 0,
                        };
                    }
                }
            }
        }
    }
    let capacity = effort.max_nodes.max(1 + inputs.len());
    let mut tree: Vec<Node> = Vec::with_capacity(capacity);
    tree.push(Node {
        input: 0,
        mover: 0,
        expanded: false,
        first_child: 0,
        children: 0,
        visits: 0,
        reward: 0.0,
    });
    let mut path: Vec<u32> = Vec::with_capacity(512);
    let mut nodes: u64 = 0;
    let mut playouts = 0;
    while playouts < effort.playouts {
        if playouts % 32 == 0
            && (effort.deadline.is_some_and(|d| Instant::now() >= d)
                || observer.is_some_and(|observer| observer.stopped()))
        {
            break;
        }
        if playouts % REPORT_PLAYOUTS == 0 && playouts > 0 {
            if let Some(observer) = observer {
                observer.report(&report(&tree, playouts, nodes));
            }
        }
        playouts += 1;
        let mut state = game.clone();
        path.clear();
        path.push(0);
        let mut current = 0usize;
        // Selection, then expansion of one node.
        while let Turn::Decide { player, .. } = state.turn() {
            let node = tree[current];
            if !node.expanded {
                inputs.clear();
                state.legal_inputs(&mut inputs);
                if inputs.is_empty() || tree.len() + inputs.len() > capacity {
                    break;
                }
                let first = tree.len() as u32;
                for &input in inputs.as_slice() {
                    tree.push(Node {
                        input,
                        mover: player.0,
                        expanded: false,
                        first_child: 0,
                        children: 0,
                        visits: 0,
                        reward: 0.0,
                    });
                }
                let node = &mut tree[current];
                node.expanded = true;
                node.first_child = first;
                node.children = inputs.len() as u16;
            }
            let node = tree[current];
            if node.children == 0 {
                break;
            }
            let child = select(&tree, node, rng);
            if state.play(tree[child].input).is_err() {
                break;
            }
            nodes += 1;
            current = child;
            path.push(child as u32);
            if tree[child].visits == 0 {
                break;
            }
        }
        // A random playout to the end.
        let mut decisions = 0;
        let outcome = loop {
            match state.turn() {
                Turn::Over(outcome) => break Some(outcome),
                Turn::Decide { .. } if decisions >= PLAYOUT_DECISIONS => break None,
                Turn::Decide { .. } => {}
            }
            inputs.clear();
            state.legal_inputs(&mut inputs);
            if inputs.is_empty() {
                break None;
            }
            let pick = inputs.as_slice()[rng.below(inputs.len() as u64) as usize];
            if state.play(pick).is_err() {
                break None;
            }
            nodes += 1;
            decisions += 1;
        };
        let rewards = rewards(outcome, state.scores(), seats);
        for &index in &path {
            let node = &mut tree[index as usize];
            node.visits += 1;
            node.reward += rewards[usize::from(node.mover).min(MAX_SEATS - 1)];
        }
    }
    let best = most_visited(&tree).map_or(inputs.as_slice()[0], |index| tree[index].input);
    if let Some(observer) = observer {
        observer.report(&report(&tree, playouts, nodes));
    }
    Thought {
        input: best,
        nodes: nodes.max(1),
        depth: playouts,
    }
}

/// The root's child visited most (the better reward on a tie).
fn most_visited(tree: &[Node]) -> Option<usize> {
    let root = tree[0];
    let children =
        root.first_child as usize..root.first_child as usize + usize::from(root.children);
    children.max_by(|&a, &b| {
        let (a, b) = (&tree[a], &tree[b]);
        a.visits.cmp(&b.visits).then(a.reward.total_cmp(&b.reward))
    })
}

/// What the tree says so far, for an observer: the playouts made as its
/// depth, the most visited line as its principal variation, and the
/// mover's mean reward of its first input (0 to 1: mostly the chance of
/// winning) as a value from -100 to +100 (never proven).
fn report(tree: &[Node], playouts: u32, nodes: u64) -> SearchReport {
    let mut report = SearchReport {
        depth: playouts,
        value: 0,
        proven: false,
        bound: Bound::EXACT,
        nodes,
        pv_len: 0,
        pv: [0; MAX_PV],
    };
    let mut node = tree[0];
    let mut first = true;
    while node.children > 0 && (report.pv_len as usize) < MAX_PV {
        let children =
            node.first_child as usize..node.first_child as usize + usize::from(node.children);
        let Some(best) = children.max_by_key(|&i| tree[i].visits) else {
            break;
        };
        let child = tree[best];
        if child.visits == 0 {
            break;
        }
        if first {
            let mean = child.reward / f64::from(child.visits);
            report.value = ((mean - 0.5) * 200.0).round() as i32;
            first = false;
        }
        report.pv[report.pv_len as usize] = child.input;
        report.pv_len += 1;
        node = child;
    }
    report
}

/// The child of `node` that UCB1 prefers; an unvisited one first, drawn at random.
fn select(tree: &[Node], node: Node, rng: &mut SplitMix) -> usize {
    let first = node.first_child as usize;
    let count = usize::from(node.children);
    let unvisited = tree[first..first + count]
        .iter()
        .filter(|c| c.visits == 0)
        .count();
    if unvisited > 0 {
        let mut pick = rng.below(unvisited as u64) as usize;
        for (offset, child) in tree[first..first + count].iter().enumerate() {
            if child.visits == 0 {
                if pick == 0 {
                    return first + offset;
                }
                pick -= 1;
            }
        }
    }
    let log_parent = f64::from(node.visits.max(1)).ln();
    let mut best = first;
    let mut best_score = f64::NEG_INFINITY;
    for (offset, child) in tree[first..first + count].iter().enumerate() {
        let visits = f64::from(child.visits.max(1));
        let score = child.reward / visits + EXPLORATION * (log_parent / visits).sqrt();
        if score > best_score {
            best_score = score;
            best = first + offset;
        }
    }
    best
}

/// Each seat's reward for a playout: mostly whether it won (winners share
/// 1, a draw shares it among all), a little its share of the seeds taken.
fn rewards(outcome: Option<Outcome>, scores: &[u32], seats: usize) -> [f64; MAX_SEATS] {
    let outcome = outcome.unwrap_or_else(|| Outcome::by_scores(&scores[..seats.min(scores.len())]));
    let winners = outcome.winner_list().filter(|p| p.index() < seats).count();
    let total: u32 = scores.iter().take(seats).sum();
    let mut rewards = [0.0; MAX_SEATS];
    for (seat, reward) in rewards.iter_mut().enumerate().take(seats) {
        let win = if winners == 0 {
            1.0 / seats as f64
        } else if outcome.is_winner(Player(seat as u8)) {
            1.0 / winners as f64
        } else {
            0.0
        };
        let share = if total == 0 {
            1.0 / seats as f64
        } else {
            f64::from(scores.get(seat).copied().unwrap_or(0)) / f64::from(total)
        };
        *reward = 0.8 * win + 0.2 * share;
    }
    rewards
}
