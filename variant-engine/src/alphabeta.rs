//! Iterative-deepening principal variation search (negamax) for the seat
//! to move against every other seat together.
//!
//! Values are read from a node's *side*: the root's player, or everyone
//! else (with two players, the opponent; with more, the "paranoid" coalition).
//! A child whose decider is on the same side (a replay, a move that asks
//! several decisions) keeps the sign and window; a change of side negates
//! them. Every decision costs one ply of depth.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::children::Children;
use super::rng::SplitMix;
use super::table::{Bound, Entry, Lent, Table};
use super::{
    clamped_evaluation, endgame_bounds, final_value, is_probable, is_proven, margin_values,
    margins, may_keep, probable, proven_margin, INFINITY, MAX_PLY,
};
use variant_api::Variant;
use variant_api::{Inputs, Player, Step, Thought, Turn, MAX_SEATS};
use variant_api::{SearchObserver, SearchReport, MAX_PV};

/// How much a search may do, and how it errs on purpose.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Effort {
    /// The deepest iteration, in plies (decisions).
    pub(crate) max_depth: u32,
    /// The positions it may examine, counted the same on every machine.
    pub(crate) max_nodes: u64,
    /// The instant it stops (level 4 only): it looks at the clock every
    /// [`CLOCK_EVERY`] positions or table probes, and stops there, in the
    /// middle of an iteration if need be (whose first input, the best so
    /// far, is searched first: see [`Searcher::iterate`]).
    pub(crate) deadline: Option<Instant>,
    /// The largest seeded noise added to each root input's value, in
    /// hundredths of a seed: a weak level misjudges by that much.
    pub(crate) noise: i32,
    /// Slots of the transposition table, as a power of two.
    pub(crate) table_bits: u32,
    /// The threads that search (Lazy SMP): 1 plays the same input for the
    /// same seed; more fill the shared table for the first one.
    pub(crate) threads: usize,
    /// Whether [`Variant::endgame_bounds`] ends lines (level 4 only: levels 1
    /// to 3 play the same game on every machine, tables built or not).
    pub(crate) endgames: bool,
}

/// How often a search looks at the clock: every this many positions
/// searched or probed in the endgame tables. It bounds how far a search
/// runs past its deadline (a few hundred microseconds at the slowest, a
/// probe with a long history), for a clock read (tens of nanoseconds) per
/// hundred positions or so.
pub(crate) const CLOCK_EVERY: u64 = 128;

/// One legal input and the position it leads to.
struct Child<V> {
    input: u32,
    index: u8,
    game: V,
    order: i64,
    gain: u32,
    /// What the endgame tables say of the position, if read already.
    probe: Probe,
    /// At the root, where the tables know the position (or it is over),
    /// the middle of its bounds for the side that moved into it: the first
    /// key of the order of the inputs; `i64::MIN` elsewhere.
    margin: i64,
}

/// The endgame bounds of a position ([`endgame_bounds`], for the side that
/// decides there), read once: the root's children are ordered by them, then
/// searched with them at every iteration. A node inside the search reads
/// each child's only when it searches it: reading every child's to order
/// them cost more than the order saved (Awalé, 275 positions of level-4
/// games with the 16-seed tables, each searched to depth 22: at every node,
/// 12% fewer positions for 35% more processor time; at nodes of depth 2
/// and more, 3% more positions and 35% more time).
#[derive(Clone, Copy, Debug)]
enum Probe {
    /// Not read yet.
    Unread,
    /// Read: the bounds, or `None` where the tables know nothing.
    Read(Option<(i32, i32)>),
}

/// What the threads of one decision share.
struct Shared {
    table: Option<Lent>,
    /// Set when the first thread is done: the others stop.
    stop: AtomicBool,
}

/// The state of one thread of a decision's search.
struct Searcher<'a, V> {
    me: Player,
    /// Whether [`Variant::endgame_bounds`] ends lines: two seats play (the
    /// only games it serves) and the effort asks for it.
    endgames: bool,
    nodes: u64,
    /// Positions searched and table probes, for the clock ([`CLOCK_EVERY`]).
    ticks: u64,
    effort: Effort,
    stopped: bool,
    /// Whether a line was cut before its end since the last reset: by the
    /// depth, the clock, or a value of the transposition table that does
    /// not hold whatever the depth. An iteration without one is the
    /// game's value (see [`Searcher::iterate`]).
    horizon: bool,
    shared: &'a Shared,
    /// The host's observer of a reporting search (the first thread's only):
    /// told each iteration completed, asked whether to stop.
    observer: Option<&'a dyn SearchObserver>,
    killers: [[u32; 2]; MAX_PLY],
    history: [[u32; 256]; MAX_SEATS],
    /// One list of children per ply, reused so that nodes do not allocate
    /// and copy each child's position once.
    buffers: Vec<Children<Child<V>>>,
    /// One list of legal inputs per ply reached, reused so that nodes do
    /// not clear one.
    inputs: Vec<Inputs>,
    /// One order of the children per ply (their indices), reused.
    rankings: Vec<Vec<usize>>,
    /// Per ply, the hash of the set of positions on the path from the root
    /// to the node searched at that ply (see [`history_key`]).
    path: [u64; MAX_PLY],
}

/// What a search found.
pub(crate) struct Found {
    /// The input chosen, the positions examined, the depth reached.
    pub(crate) thought: Thought,
    /// With [`assess`], each legal input and its value for `me` at the
    /// deepest iteration that searched it (in the order of the legal
    /// inputs); empty otherwise.
    pub(crate) values: Vec<(u32, i32)>,
}

/// Searches `game` for `me`, who decides now, with `effort`, telling
/// `observer` (if any) each iteration completed and stopping when it asks.
pub(crate) fn search<V: Variant>(
    game: &V,
    me: Player,
    effort: Effort,
    rng: &mut SplitMix,
    observer: Option<&dyn SearchObserver>,
) -> Thought {
    search_root(game, me, effort, rng, false, observer).thought
}

/// [`search`], searching every root input in the full window so that
/// each gets its exact value at the depth reached, not only a bound.
pub(crate) fn assess<V: Variant>(
    game: &V,
    me: Player,
    effort: Effort,
    rng: &mut SplitMix,
) -> Found {
    search_root(game, me, effort, rng, true, None)
}

fn search_root<V: Variant>(
    game: &V,
    me: Player,
    effort: Effort,
    rng: &mut SplitMix,
    every_value: bool,
    observer: Option<&dyn SearchObserver>,
) -> Found {
    let mut inputs = Inputs::new();
    game.legal_inputs(&mut inputs);
    let mut root: Vec<Child<V>> = Vec::with_capacity(inputs.len());
    for (index, &input) in inputs.as_slice().iter().enumerate() {
        let mut child = game.clone();
        if let Ok(step) = child.play(input) {
            let (probe, margin) = if effort.endgames && game.scores().len() == 2 {
                probe_root_child(&child, me)
            } else {
                (Probe::Unread, i64::MIN)
            };
            root.push(Child {
                input,
                index: index as u8,
                game: child,
                order: 0,
                gain: gain_of(step, me),
                probe,
                margin,
            });
        }
    }
    if effort.endgames && !every_value && game.scores().len() == 2 {
        keep_what_the_tables_allow(game, me, &mut root);
    }
    let Some(first) = root.first() else {
        return Found {
            thought: Thought {
                input: inputs.as_slice().first().copied().unwrap_or(0),
                nodes: 0,
                depth: 0,
            },
            values: Vec::new(),
        };
    };
    if root.len() == 1 && !every_value {
        return Found {
            thought: Thought {
                input: first.input,
                nodes: 1,
                depth: 0,
            },
            values: Vec::new(),
        };
    }
    // The seeded misjudgement of each root input, fixed for the decision.
    let noise: Vec<i32> = root
        .iter()
        .map(|_| super::rng::noise(rng, effort.noise))
        .collect();
    let order = root_order(&root, rng);
    let helper_seeds: Vec<u64> = (1..effort.threads).map(|_| rng.next_u64()).collect();
    let shared = Shared {
        table: game.hash_key().map(|_| Table::take(effort.table_bits)),
        stop: AtomicBool::new(false),
    };
    let mut values = every_value.then(|| vec![None; root.len()]);
    let mut main = Searcher::new(game, me, effort, &shared);
    main.observer = observer;
    let (best, reached, nodes) = if helper_seeds.is_empty() {
        main.iterate(&root, order, &noise, 1, values.as_deref_mut())
    } else {
        std::thread::scope(|scope| {
            let helpers: Vec<_> = helper_seeds
                .iter()
                .enumerate()
                .map(|(k, &seed)| {
                    let (root, noise, shared) = (&root, &noise, &shared);
                    let effort = Effort {
                        max_nodes: u64::MAX,
                        ..effort
                    };
                    scope.spawn(move || {
                        // So that a host can say it when this thread crashes.
                        let _stack = super::signal_stack::SignalStack::install();
                        let order = root_order(root, &mut SplitMix::new(seed));
                        let helper = Searcher::new(game, me, effort, shared);
                        // Every other helper starts one ply deeper.
                        let first_depth = 1 + (k as u32 + 1) % 2;
                        helper.iterate(root, order, noise, first_depth, None)
                    })
                })
                .collect();
            let mut found = main.iterate(&root, order, &noise, 1, values.as_deref_mut());
            shared.stop.store(true, Ordering::Relaxed);
            // The input of the deepest iteration completed wins (the first
            // thread's on a tie); the positions add up.
            for helper in helpers {
                if let Ok((best, reached, nodes)) = helper.join() {
                    if reached > found.1 && !every_value {
                        (found.0, found.1) = (best, reached);
                    }
                    found.2 += nodes;
                }
            }
            found
        })
    };
    Found {
        thought: Thought {
            input: root[best].input,
            nodes: nodes.max(1),
            depth: reached,
        },
        values: values
            .unwrap_or_default()
            .iter()
            .zip(&root)
            .filter_map(|(value, child)| value.map(|value| (child.input, value)))
            .collect(),
    }
}

/// Leaves out of `root` (the inputs of `game`, where `me` decides) every
/// input whose best final margin, as the endgame tables put it with the
/// game's real history, is below the least margin the tables give `game`
/// itself: perfect play keeps that much, so such an input gives seeds (or
/// the outcome) away. A child's bounds may be wider than its position's
/// (a play may come back to the positions before it, and the tables widen
/// its bounds by their splits), so the search alone, which ranks a child
/// by what its own bounds and lines prove, could prefer one of them. Keeps
/// every input where the tables do not know the position, or would leave
/// none.
fn keep_what_the_tables_allow<V: Variant>(game: &V, me: Player, root: &mut Vec<Child<V>>) {
    let Some((kept, _)) = margins(game, me) else {
        return;
    };
    let allowed = |child: &Child<V>| may_keep(margins(&child.game, me), kept);
    if root.iter().any(allowed) {
        root.retain(allowed);
    }
}

/// The order in which a thread first tries the root inputs: those the
/// endgame tables put highest, then the captures, then a seeded order (a
/// tie-break).
fn root_order<V>(root: &[Child<V>], rng: &mut SplitMix) -> Vec<usize> {
    let mut order: Vec<usize> = (0..root.len()).collect();
    let tie: Vec<u64> = root.iter().map(|_| rng.next_u64()).collect();
    order.sort_by_key(|&i| {
        (
            std::cmp::Reverse(root[i].margin),
            std::cmp::Reverse(root[i].gain),
            tie[i],
        )
    });
    order
}

/// What the endgame tables say of `child`, the position after one of the
/// root's inputs (`me` decides at the root): its [`Probe`] (for the side
/// that decides in it), and the middle of its bounds for `me`, `i64::MIN`
/// where they know nothing (a finished game is its final value).
fn probe_root_child<V: Variant>(child: &V, me: Player) -> (Probe, i64) {
    match child.turn() {
        Turn::Over(outcome) => {
            let value = final_value(outcome, child.scores(), me, 1);
            (Probe::Read(None), i64::from(value))
        }
        Turn::Decide { player, .. } => {
            let bounds = endgame_bounds(child, player, 1);
            let middle = bounds.map_or(i64::MIN, |(low, high)| {
                let middle = (i64::from(low) + i64::from(high)) / 2;
                if player == me {
                    middle
                } else {
                    -middle
                }
            });
            (Probe::Read(bounds), middle)
        }
    }
}

/// What the mover gained by a completed move (0 while it goes on).
fn gain_of(step: Step, mover: Player) -> u32 {
    step.gains().map_or(0, |gains| gains.get(mover))
}

impl<'a, V: Variant> Searcher<'a, V> {
    /// A fresh thread's state.
    fn new(game: &V, me: Player, effort: Effort, shared: &'a Shared) -> Self {
        Searcher {
            me,
            endgames: effort.endgames && game.scores().len() == 2,
            nodes: 0,
            ticks: 0,
            effort,
            stopped: false,
            horizon: false,
            shared,
            observer: None,
            killers: [[u32::MAX; 2]; MAX_PLY],
            history: [[0; 256]; MAX_SEATS],
            buffers: (0..MAX_PLY).map(|_| Children::default()).collect(),
            inputs: Vec::new(),
            rankings: (0..MAX_PLY).map(|_| Vec::new()).collect(),
            path: [0; MAX_PLY],
        }
    }

    /// Iterative deepening from `first_depth` over the `root` inputs, tried
    /// in `order` (the best so far first): the index of the best input, the
    /// depth completed, the positions examined. With `values`, every input
    /// gets the full window and its value.
    ///
    /// It goes on to the deepest iteration, or until the positions or the
    /// clock run out (in the middle of an iteration, which counts where its
    /// first input, the best so far, was searched), or until an iteration
    /// cuts no line before its end ([`Searcher::horizon`]): its values are
    /// then the game's. So a proven win (or loss) does not stop the search:
    /// a deeper iteration may find a larger margin (a smaller loss), until
    /// every line is followed to its end, or the time is up.
    fn iterate(
        mut self,
        root: &[Child<V>],
        mut order: Vec<usize>,
        noise: &[i32],
        first_depth: u32,
        mut values: Option<&mut [Option<i32>]>,
    ) -> (usize, u32, u64) {
        let effort = self.effort;
        let mut best = order[0];
        let mut reached = 0;
        for depth in first_depth..=effort.max_depth.min(MAX_PLY as u32 - 2) {
            self.horizon = false;
            let mut best_noisy = -INFINITY;
            let mut depth_best = None;
            for &i in &order {
                let child = &root[i];
                let below = depth as i32 - 1;
                let value = if depth_best.is_none() || values.is_some() {
                    self.child_value(child, true, below, -INFINITY, INFINITY, 1)
                } else {
                    // Is this input, misjudged by its noise, better than the best?
                    let alpha = best_noisy - noise[i];
                    let probe = self.child_value(child, true, below, alpha, alpha + 1, 1);
                    if probe > alpha && !self.stopped {
                        self.child_value(child, true, below, alpha, INFINITY, 1)
                    } else {
                        probe
                    }
                };
                if self.stopped {
                    break;
                }
                if let Some(values) = values.as_deref_mut() {
                    values[i] = Some(value);
                }
                if depth_best.is_none() || value + noise[i] > best_noisy {
                    best_noisy = value + noise[i];
                    depth_best = Some(i);
                }
            }
            // An interrupted iteration still counts if its first input (the
            // previous best) was searched: the best found since beats it.
            if let Some(i) = depth_best {
                best = i;
                if !self.stopped {
                    reached = depth;
                    if let Some(observer) = self.observer {
                        let value = best_noisy - noise[i];
                        observer.report(&self.report(&root[i], depth, value));
                    }
                }
                if let Some(position) = order.iter().position(|&j| j == i) {
                    order[..=position].rotate_right(1);
                }
            }
            if self.stopped || !self.horizon {
                break;
            }
        }
        (best, reached, self.nodes)
    }

    /// What an iteration of `depth` found for an observer: `best`, the
    /// root's best input, of value `value` for the root's side, and the
    /// line the transposition table gives after it.
    fn report(&self, best: &Child<V>, depth: u32, value: i32) -> SearchReport {
        let (value, proven) = super::reported(value);
        let mut report = SearchReport {
            depth,
            value,
            proven,
            bound: variant_api::Bound::EXACT,
            nodes: self.nodes,
            pv_len: 1,
            pv: [0; MAX_PV],
        };
        report.pv[0] = best.input;
        if let Some(table) = &self.shared.table {
            let mut game = best.game.clone();
            let mut inputs = Inputs::new();
            while (report.pv_len as usize) < MAX_PV {
                let Turn::Decide { .. } = game.turn() else {
                    break;
                };
                let Some(entry) = game.hash_key().and_then(|key| table.get(key)) else {
                    break;
                };
                inputs.clear();
                game.legal_inputs(&mut inputs);
                let Some(&input) = entry
                    .best
                    .and_then(|i| inputs.as_slice().get(usize::from(i)))
                else {
                    break;
                };
                if game.play(input).is_err() {
                    break;
                }
                report.pv[report.pv_len as usize] = input;
                report.pv_len += 1;
            }
        }
        report
    }

    /// Counts a position searched or probed, and stops the search when
    /// another thread is done, the observer asks, or the deadline has
    /// passed (read every [`CLOCK_EVERY`] of them).
    fn tick(&mut self) {
        self.ticks += 1;
        if self.ticks.is_multiple_of(CLOCK_EVERY)
            && (self.shared.stop.load(Ordering::Relaxed)
                || self.observer.is_some_and(|observer| observer.stopped())
                || self.effort.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.stopped = true;
        }
    }

    /// The value of `child` for the side that moved into it (`mine`: the
    /// root's side), searched `depth` more plies in the window `alpha..beta`
    /// of that side.
    fn child_value(
        &mut self,
        child: &Child<V>,
        mine: bool,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let (probe, child) = (child.probe, &child.game);
        match child.turn() {
            Turn::Over(outcome) => {
                self.nodes += 1;
                let value = final_value(outcome, child.scores(), self.me, ply);
                if mine {
                    value
                } else {
                    -value
                }
            }
            Turn::Decide { player, .. } => {
                let child_mine = player == self.me;
                if child_mine == mine {
                    self.node(child, player, probe, depth, alpha, beta, ply)
                } else {
                    -self.node(child, player, probe, depth, -beta, -alpha, ply)
                }
            }
        }
    }

    /// The value of `game`, where `mover` decides, for `mover`'s side: an
    /// exact endgame value, a cut by endgame bounds outside the window, or
    /// the search, kept within the bounds (`probe`: the bounds if read
    /// already).
    #[allow(clippy::too_many_arguments)]
    fn node(
        &mut self,
        game: &V,
        mover: Player,
        probe: Probe,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let bounds = match probe {
            _ if !self.endgames => None,
            Probe::Read(bounds) => bounds,
            Probe::Unread => {
                self.tick();
                endgame_bounds(game, mover, ply)
            }
        };
        match bounds {
            None => self.search_node(game, mover, depth, alpha, beta, ply),
            Some((low, high)) if low == high || low >= beta => low,
            Some((_, high)) if high <= alpha => high,
            Some((low, high)) => {
                // The window narrowed to the margins the bounds allow: a
                // line below the least margin cannot be the node's value,
                // and one that reaches the greatest margin is as good as
                // any, whatever its distance.
                let floor = margin_values(proven_margin(low)).0;
                let ceiling = margin_values(proven_margin(high)).0;
                let alpha = alpha.max(floor - 1);
                let beta = beta.min(ceiling).max(alpha + 1);
                self.search_node(game, mover, depth, alpha, beta, ply)
                    .clamp(low, high)
            }
        }
    }

    /// The value of `game`, where `mover` decides, for `mover`'s side, by
    /// searching it.
    fn search_node(
        &mut self,
        game: &V,
        mover: Player,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.nodes += 1;
        self.tick();
        if self.nodes >= self.effort.max_nodes {
            self.stopped = true;
        }
        let mine = mover == self.me;
        if depth <= 0 || self.stopped || ply + 1 >= MAX_PLY {
            self.horizon = true;
            let value = clamped_evaluation(game, self.me);
            return if mine { value } else { -value };
        }

        let key = game.hash_key();
        let mut table_best = None;
        if let (Some(key), Some(table)) = (key, &self.shared.table) {
            let path = self.path[ply - 1] ^ mix(key);
            self.path[ply] = path;
            if let Some(entry) = table.get(key) {
                table_best = entry.best;
                // A proven or complete value is kept under the key of the
                // position and its path; the position's own key keeps an
                // estimate (a proven value as probable) and says whether
                // the path's key holds one.
                let own = if is_probable(entry.value) || entry.complete {
                    table.get(history_key(key, path))
                } else {
                    None
                };
                if let Some(own) = own {
                    let value = from_table(own.value, ply);
                    let holds = holds_at_any_depth(own, value, alpha, beta);
                    if (holds || i32::from(own.depth) >= depth) && cuts(own, value, alpha, beta) {
                        self.horizon |= !holds;
                        return value;
                    }
                }
                // Read along another path, a value is never more than an
                // estimate.
                let value = from_table(entry.value, ply);
                let complete_own = own.is_some_and(|own| own.complete);
                if !complete_own
                    && i32::from(entry.depth) >= depth
                    && cuts(entry, value, alpha, beta)
                {
                    self.horizon = true;
                    return value;
                }
            }
        }
        // Whether a line below this node is cut before its end.
        let above = std::mem::replace(&mut self.horizon, false);

        if self.inputs.len() <= ply {
            self.inputs.resize(ply + 1, Inputs::new());
        }
        let inputs = &mut self.inputs[ply];
        inputs.clear();
        game.legal_inputs(inputs);
        let mut children = std::mem::take(&mut self.buffers[ply]);
        children.clear();
        let mut ranking = std::mem::take(&mut self.rankings[ply]);
        ranking.clear();
        // The table's input is played and searched alone first: where it
        // cuts, as it mostly does, the other inputs are never played.
        let first = table_best.filter(|&index| usize::from(index) < self.inputs[ply].len());
        if let Some(index) = first {
            self.push_child(game, mover, ply, index, &mut children);
            ranking.extend(0..children.as_slice().len());
        }
        // Whether every input is among the children.
        let mut whole = ranking.is_empty();
        if whole {
            self.push_children(game, mover, ply, None, &mut children);
            rank_children(children.as_slice(), &mut ranking, 0);
        }
        if children.as_slice().is_empty() {
            self.buffers[ply] = children;
            self.rankings[ply] = ranking;
            self.horizon = true;
            let value = clamped_evaluation(game, self.me);
            return if mine { value } else { -value };
        }

        let killers = self.killers[ply];
        let seat = mover.index().min(MAX_SEATS - 1);
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_index = children.as_slice()[ranking[0]].index;
        let mut n = 0;
        loop {
            if n == ranking.len() && !whole {
                // The table's input did not cut: the others, in order.
                let played = children.as_slice().len();
                self.push_children(game, mover, ply, first, &mut children);
                rank_children(children.as_slice(), &mut ranking, played);
                whole = true;
            }
            let Some(&next) = ranking.get(n) else {
                break;
            };
            let child = &children.as_slice()[next];
            let value = if n == 0 {
                self.child_value(child, mine, depth - 1, alpha, beta, ply + 1)
            } else {
                let probe = self.child_value(child, mine, depth - 1, alpha, alpha + 1, ply + 1);
                if probe > alpha && probe < beta && !self.stopped {
                    self.child_value(child, mine, depth - 1, alpha, beta, ply + 1)
                } else {
                    probe
                }
            };
            n += 1;
            if self.stopped {
                break;
            }
            if value > best {
                best = value;
                best_index = child.index;
            }
            if value > alpha {
                alpha = value;
            }
            if alpha >= beta {
                if child.gain == 0 && killers[0] != child.input {
                    self.killers[ply] = [child.input, killers[0]];
                }
                let cell = &mut self.history[seat][child.input as usize & 255];
                *cell = cell.saturating_add((depth * depth) as u32);
                break;
            }
        }
        children.clear();
        self.buffers[ply] = children;
        self.rankings[ply] = ranking;
        let complete = !self.horizon;
        self.horizon |= above;

        if !self.stopped {
            if let (Some(key), Some(table)) = (key, &self.shared.table) {
                let bound = if best <= original_alpha {
                    Bound::Upper
                } else if best >= beta {
                    Bound::Lower
                } else {
                    Bound::Exact
                };
                let entry = Entry {
                    value: to_table(best, ply),
                    depth: depth.clamp(0, 255) as u8,
                    bound,
                    best: Some(best_index),
                    complete,
                };
                if is_proven(best) || complete {
                    // Proven (or complete) along this path: reused only
                    // where the positions since the root are the same (the
                    // repetition rule reads them); elsewhere it is a strong
                    // guess, not a proof.
                    table.put(history_key(key, self.path[ply]), entry);
                    let value = if is_proven(best) {
                        probable(entry.value)
                    } else {
                        entry.value
                    };
                    table.put(key, Entry { value, ..entry });
                } else {
                    table.put(key, entry);
                }
            }
        }
        best
    }

    /// Plays the legal input at `index` of `game` (the inputs of `ply`,
    /// where `mover` decides) into a child of `children`.
    fn push_child(
        &self,
        game: &V,
        mover: Player,
        ply: usize,
        index: u8,
        children: &mut Children<Child<V>>,
    ) {
        if let Some(&input) = self.inputs[ply].as_slice().get(usize::from(index)) {
            self.push(game, mover, ply, index, input, children);
        }
    }

    /// Plays every legal input of `game` (the inputs of `ply`, where
    /// `mover` decides) but the one at `except` into children.
    fn push_children(
        &self,
        game: &V,
        mover: Player,
        ply: usize,
        except: Option<u8>,
        children: &mut Children<Child<V>>,
    ) {
        for (index, &input) in self.inputs[ply].as_slice().iter().enumerate() {
            let index = index as u8;
            if Some(index) != except {
                self.push(game, mover, ply, index, input, children);
            }
        }
    }

    /// Plays `input`, the legal input at `index`, into a child ranked by
    /// the mover's gain, the killers of `ply` and the history heuristic.
    fn push(
        &self,
        game: &V,
        mover: Player,
        ply: usize,
        index: u8,
        input: u32,
        children: &mut Children<Child<V>>,
    ) {
        let child = children.room(|| Child {
            input,
            index,
            game: game.clone(),
            order: 0,
            gain: 0,
            probe: Probe::Unread,
            margin: i64::MIN,
        });
        child.game.clone_from(game);
        let Ok(step) = child.game.play(input) else {
            return;
        };
        let gain = gain_of(step, mover);
        let mut order = i64::from(gain) << 24;
        let killers = self.killers[ply];
        if gain == 0 {
            if killers[0] == input {
                order += 1 << 23;
            } else if killers[1] == input {
                order += 1 << 22;
            }
        }
        let seat = mover.index().min(MAX_SEATS - 1);
        order += i64::from(self.history[seat][input as usize & 255].min(1 << 21));
        (child.input, child.index, child.order, child.gain) = (input, index, order, gain);
        (child.probe, child.margin) = (Probe::Unread, i64::MIN);
        children.keep();
    }
}

/// Appends to `ranking` the indices of `children` from `from` on, best
/// first: captures (the mover's gains), killers, then the history heuristic.
/// Sorts indices, not the children: a child holds a whole position.
fn rank_children<V>(children: &[Child<V>], ranking: &mut Vec<usize>, from: usize) {
    let start = ranking.len();
    ranking.extend(from..children.len());
    ranking[start..].sort_by_key(|&i| std::cmp::Reverse(children[i].order));
}

/// Whether `entry`, whose value read at this node is `value`, cuts the
/// window `alpha..beta`.
fn cuts(entry: Entry, value: i32, alpha: i32, beta: i32) -> bool {
    match entry.bound {
        Bound::Exact => true,
        Bound::Lower => value >= beta,
        Bound::Upper => value <= alpha,
    }
}

/// Whether a cut by `entry` (kept under the node's path, its value read
/// here `value`) holds whatever the depth: a complete value, or a proven
/// win that fails high (it is at least a win by that margin, whatever a
/// deeper search finds), or a proven loss that fails low.
fn holds_at_any_depth(entry: Entry, value: i32, alpha: i32, beta: i32) -> bool {
    let win_above = value > 0 && value >= beta && entry.bound != Bound::Upper;
    let loss_below = value < 0 && value <= alpha && entry.bound != Bound::Lower;
    entry.complete || (is_proven(value) && (win_above || loss_below))
}

/// A position's key mixed so that the keys of a set of positions XOR into
/// a hash of the set.
fn mix(key: u64) -> u64 {
    variant_api::rng::mix64(key.wrapping_add(variant_api::rng::GOLDEN_GAMMA))
}

/// The key under which a proven value of the position `key` is kept: the
/// position and `path`, the hash of the set of positions from the root to
/// it. Within one decision the positions before the root are the same for
/// every node, so two nodes of the same key and path have the same history
/// and the same future: a repetition rule that reads the positions since
/// the last capture sees the same ones (a variant's key holds the scores,
/// so the set tells where the captures fell).
fn history_key(key: u64, path: u64) -> u64 {
    key ^ mix(path ^ 0x6869_7374_6f72_7921)
}

/// A value as stored: a win or loss counted from the node, not the root.
fn to_table(value: i32, ply: usize) -> i32 {
    if is_proven(value) {
        value + value.signum() * ply as i32
    } else {
        value
    }
}

/// A stored value read back at `ply`.
fn from_table(value: i32, ply: usize) -> i32 {
    if is_proven(value) {
        value - value.signum() * ply as i32
    } else {
        value
    }
}
