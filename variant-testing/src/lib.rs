//! The conformance kit: checks a variant through the same stable-ABI path
//! the host uses, with thousands of seeded random games.
//!
//! ```ignore
//! #[test]
//! fn conformance() {
//!     variant_testing::Conformance::new().run::<MyGame>();
//! }
//! ```
//!
//! What it checks, at every decision of every game:
//! - the layout, read again at every decision, numbers every hole once,
//!   `1..=N` for the N seed counts, gives each an owner among the seats, and
//!   lists only existing holes as out of play;
//! - the seats are those [`Variant::seats`] gives for the options: one score
//!   each, decisions and winners only among them;
//! - the game waits for a decision only when some input is accepted, and the
//!   inputs it announces are exactly those that `play` accepts (every other
//!   input of `1..=N+1` is refused with a reason and leaves the game as it was);
//! - the machine path through the stable ABI and the variant called directly
//!   agree at every decision (turn, inputs, gains, scores, seeds), and the
//!   person path answers at every decision (a one-line prompt if any, a
//!   one-line end reason when a game or round ends);
//! - the computer player (level 1) only chooses announced inputs, and a
//!   resignation hands the game to every other seat;
//! - a clone is independent of its original, and a game copied by
//!   `Clone::clone_from` into the room of another, as the search copies a
//!   position into a child's room, plays on as its source: every seventh
//!   decision the variant called directly goes on as such a copy, made
//!   into the room of the game it replaced last time, which has played
//!   its own line since (its first accepted input at each decision), so
//!   that the room's positions met are not the source's;
//! - the gains of a completed move are the score changes (until the end);
//! - seeds are never created or lost: the seeds on the board plus the scores
//!   plus the reserve ([`Layout::reserve`]) stay constant, except
//!   across [`DecisionKind::Placement`] decisions, which may put seeds
//!   on the board;
//! - a turn with nothing to choose ([`DecisionKind::Forced`]) accepts
//!   exactly one input;
//! - ending by agreement works where the description says it may, and is
//!   refused elsewhere;
//! - every game ends within [`Conformance::max_decisions`] decisions;
//! - positions (SPEC §2 « Positions »): at every decision between moves,
//!   the position the game writes is read back into a new game
//!   ([`Plugin::new_game_at`]) with the same board (seeds, scores, layout,
//!   whose decision) and the same inputs; the new game then plays the
//!   next input of the random game alongside it ([`POSITION_HORIZON`]),
//!   and from one position a game it plays the rest of the game, agreeing
//!   at every decision, until the original game or round ends by its
//!   history (a repetition of a position met before the one written, a
//!   round that starts as earlier ones did, a count of moves without a
//!   capture: what a position does not hold). The first position of each
//!   game is also written again the same from the game read back, and the
//!   same text with one field more is refused. A variant without
//!   positions fails, unless the run says so
//!   ([`Conformance::without_positions`]). The report counts the positions
//!   read back and the decisions followed ([`Report::positions`],
//!   [`Report::followed`]).
//!
//! It also holds small helpers for a variant's own unit tests:
//! [`new_game`], [`gains`], [`legal`], [`pick`], [`outcome`], [`to_move`],
//! [`total`] and [`assert_progress`]; [`holes`] and [`sparse`] for a position; [`assert_names`],
//! [`assert_not_ended`] and [`refused`] for the description, a game under
//! way and the options.
//!
//! For endgame tables ([`variant_endgame`]): [`check_endgame_bounds`]
//! against a plain exhaustive search ([`Exhaustive`]), and
//! [`check_table_against_reference`] against an independent solver
//! ([`mod@reference`]).
//!
//! A failure panics with the variant, the game's number, its first player
//! and the inputs played, so that the game can be replayed.

use std::collections::HashMap;
use std::fmt;
use std::hash::{DefaultHasher, Hash, Hasher};

mod exhaustive;
pub mod reference;

pub use exhaustive::Exhaustive;

use variant_kit::glue::module;
use variant_kit::rng::SplitMix;
use variant_kit::Options;
use variant_kit::Variant;
use variant_kit::{DecisionKind, Gains, Inputs, Layout, Outcome, Player, Step, Think, Turn};
use variant_kit::{Game, Plugin, PluginError, PositionError};

/// A new game of `V` with these `--set` options, checked as the host
/// checks them, and `first` to move.
///
/// # Panics
///
/// If the options or the seat are refused.
pub fn new_game<V: Variant>(options: &[(&str, &str)], first: Player) -> V {
    let checked = match resolve::<V>(options) {
        Ok(checked) => checked,
        Err(reason) => panic!("options refused: {reason}"),
    };
    match V::new(&checked, first) {
        Ok(game) => game,
        Err(reason) => panic!("game refused: {reason}"),
    }
}

/// A new game of `V` as the host drives it, through the stable ABI and the
/// glue ([`variant_kit::glue::module`]), with these `--set` options and `first`
/// to move: for the rules the glue adds to every variant (no end by
/// agreement in the middle of a move, resignation).
///
/// # Panics
///
/// If the variant cannot describe itself, or the options or the seat are
/// refused.
pub fn hosted<V: Variant>(options: &[(&str, &str)], first: Player) -> Game {
    let plugin = match Plugin::from_module(module::<V>()) {
        Ok(plugin) => plugin,
        Err(error) => panic!("the variant cannot describe itself: {error}"),
    };
    let given: Vec<(String, String)> = options
        .iter()
        .map(|(key, value)| ((*key).to_owned(), (*value).to_owned()))
        .collect();
    match plugin.new_game(&given, first) {
        Ok(game) => game,
        Err(error) => panic!("game refused: {error}"),
    }
}

/// Why the host refuses these `--set` options of `V` (a value out of its
/// range, an unknown key...).
///
/// # Panics
///
/// If the options are accepted.
pub fn refused<V: Variant>(options: &[(&str, &str)]) -> String {
    match resolve::<V>(options) {
        Ok(_) => panic!("options accepted: {options:?}"),
        Err(reason) => reason,
    }
}

/// `V`'s options checked as the host checks them.
fn resolve<V: Variant>(options: &[(&str, &str)]) -> Result<Options, String> {
    let given: Vec<(String, String)> = options
        .iter()
        .map(|(key, value)| ((*key).to_owned(), (*value).to_owned()))
        .collect();
    Options::resolve(&V::describe().options, &given)
}

/// The `N` holes of a position, `pits` first (index `n - 1` is hole `n`)
/// and the others empty: the fixed-size array a variant keeps for its
/// largest board.
///
/// # Panics
///
/// If `pits` has more than `N` holes, with a message saying so.
pub fn holes<const N: usize>(pits: &[u8]) -> [u8; N] {
    let mut holes = [0; N];
    match holes.get_mut(..pits.len()) {
        Some(first) => first.copy_from_slice(pits),
        None => panic!("holes: {} seed counts for a board of {N} holes", pits.len()),
    }
    holes
}

/// The `N` holes of a starting position: the first `count` holes hold
/// `seeds` each, the others are empty.
///
/// # Panics
///
/// If `count` is above `N`, with a message saying so.
pub fn filled<const N: usize>(count: usize, seeds: u8) -> [u8; N] {
    let mut pits = [0; N];
    match pits.get_mut(..count) {
        Some(first) => first.fill(seeds),
        None => panic!("filled: {count} holes on a board of {N} holes"),
    }
    pits
}

/// The `N` holes of a position given as (hole number, seeds), every other
/// hole empty (index `n - 1` is hole `n`).
///
/// # Panics
///
/// If a hole number is 0 (holes are numbered from 1) or above `N`, with
/// a message saying which.
pub fn sparse<const N: usize>(holes: &[(usize, u8)]) -> [u8; N] {
    let mut pits = [0; N];
    for &(hole, seeds) in holes {
        match hole.checked_sub(1).and_then(|index| pits.get_mut(index)) {
            Some(pit) => *pit = seeds,
            None => panic!(
                "sparse: there is no hole {hole} on a board of {N} holes (holes are numbered \
                 from 1 to {N}, as the host numbers them)"
            ),
        }
    }
    pits
}

/// The seeds on the board plus the scores plus the reserve: constant while
/// no seed leaves the game.
pub fn total<V: Variant>(game: &V) -> u32 {
    game.seeds().iter().chain(game.scores()).sum::<u32>() + game.layout().reserve
}

/// Checks the names `V` describes itself with: its id, its title and its
/// title with the article (« d'Awalé »).
///
/// # Panics
///
/// If one of them differs.
pub fn assert_names<V: Variant>(id: &str, title: &str, title_with_article: &str) {
    let description = V::describe();
    assert_eq!(description.id, id);
    assert_eq!(description.title, title);
    assert_eq!(description.title_with_article, title_with_article);
}

/// Checks that either player may start a game of `V` (default options).
///
/// # Panics
///
/// If a new game does not wait for the player named first.
pub fn assert_either_may_start<V: Variant>() {
    for first in [Player::SUD, Player::NORD] {
        assert_eq!(to_move(&new_game::<V>(&[], first)), first);
    }
}

/// Checks the board-size options of a two-row game
/// ([`variant_kit::page_size_options`]): `holes=holes seeds=seeds` give two
/// rows of `holes` holes of `seeds` seeds, NORD (to move) sowing its own
/// row; 12 holes of 10 seeds make 240 seeds, drawn in wide columns.
///
/// # Panics
///
/// If the board differs.
pub fn assert_size_options<V: Variant>(holes: u32, seeds: u32) {
    let (width, count) = (holes.to_string(), seeds.to_string());
    let game: V = new_game(&[("holes", &width), ("seeds", &count)], Player::NORD);
    assert_eq!(game.seeds(), vec![seeds; 2 * holes as usize]);
    assert_eq!(game.layout(), Layout::two_rows(holes));
    assert_eq!(legal(&game), (holes + 1..=2 * holes).collect::<Vec<_>>());
    assert!(!game.layout().wide);
    let big: V = new_game(&[("holes", "12"), ("seeds", "10")], Player::SUD);
    assert_eq!(total(&big), 240, "at most 255 in a hole");
    assert!(big.layout().wide, "100 seeds or more: wide columns");
}

/// Checks that `game`, SUD to move on two rows of 6 holes with hole 3
/// empty and the others not, lets SUD sow the other holes of SUD's row
/// only: hole 3 (empty), hole 7 (NORD's) and 13 (no hole) are refused with
/// their reasons, and leave the game as it was.
///
/// # Panics
///
/// If an input is accepted or refused otherwise.
pub fn assert_sows_own_non_empty_holes<V: Variant>(mut game: V) {
    assert_eq!(legal(&game), [1, 2, 4, 5, 6]);
    let before = game.clone();
    for (input, reason) in [(3, "vide"), (7, "est à NORD"), (13, "n'est pas un trou")] {
        let refusal = game.play(input).expect_err("a hole that is not to be sown");
        assert!(refusal.contains(reason), "{input}: {refusal}");
    }
    assert_eq!(game.seeds(), before.seeds());
    assert_eq!(game.turn(), before.turn());
}

/// Checks that `game`, under way, says that it has not ended.
///
/// # Panics
///
/// If the game is over or gives another end reason.
pub fn assert_not_ended<V: Variant>(game: &V) {
    assert!(
        matches!(game.turn(), Turn::Decide { .. }),
        "the game is over"
    );
    assert_eq!(game.end_reason(), "la partie n'est pas finie.");
}

/// The gains of SUD and NORD by a completed move.
///
/// # Panics
///
/// If the move waits for another decision.
pub fn gains(step: Step) -> [u32; 2] {
    let gains = completed(step);
    [gains.get(Player::SUD), gains.get(Player::NORD)]
}

/// The gains of a completed move.
///
/// # Panics
///
/// If the move waits for another decision.
pub fn completed(step: Step) -> Gains {
    match step.gains() {
        Some(gains) => gains,
        None => panic!("the move waits for another decision"),
    }
}

/// Whose decision it is.
///
/// # Panics
///
/// If the game is over.
pub fn to_move<V: Variant>(game: &V) -> Player {
    match game.turn() {
        Turn::Decide { player, .. } => player,
        Turn::Over(outcome) => panic!("the game is over: {outcome:?}"),
    }
}

/// The inputs `game` accepts now.
pub fn legal<V: Variant>(game: &V) -> Vec<u32> {
    let mut inputs = Inputs::new();
    game.legal_inputs(&mut inputs);
    inputs.as_slice().to_vec()
}

/// The input `game` accepts at `choice` (counted round the inputs it
/// accepts now), or `None` if it accepts none: a random game's next input.
pub fn pick<V: Variant>(game: &V, choice: usize) -> Option<u32> {
    let legal = legal(game);
    (!legal.is_empty()).then(|| legal[choice % legal.len()])
}

/// Calls `check` at each decision of a random line of at most `plies`
/// decisions from `game`, each input drawn by `rng`: every position is
/// reached by play, with its real history (a record replayed).
///
/// # Panics
///
/// If the game refuses an input it announced.
pub fn along_random_line<V: Variant>(
    mut game: V,
    plies: usize,
    rng: &mut SplitMix,
    mut check: impl FnMut(&V),
) {
    for _ in 0..plies {
        let legal = legal(&game);
        if legal.is_empty() {
            break;
        }
        check(&game);
        let input = legal[rng.below(legal.len() as u64) as usize];
        game.play(input).expect("an announced input");
    }
}

/// Plays `game` by `choices` (each read as [`pick`] reads it) until it
/// accepts no input, checking every move of a game with stores:
/// `progress(game)` gives the seeds in the stores and how far the seeds on
/// the board are from their stores (as
/// [`variant_kit::stores::Stores::distance_to_stores`] counts); the seeds on
/// the board and in the stores stay as many as at the start, and each move
/// either puts seeds into a store or brings the board's seeds closer to
/// them, so that no game can go round in circles. Returns the game as the
/// choices left it.
///
/// # Panics
///
/// If a move breaks either rule, or an input [`pick`] gives is refused.
pub fn assert_progress<V: Variant>(
    mut game: V,
    choices: &[usize],
    progress: impl Fn(&V) -> (u32, u32),
) -> V {
    let on_board = |game: &V| game.seeds().iter().sum::<u32>();
    let total = on_board(&game) + progress(&game).0;
    for &choice in choices {
        let Some(input) = pick(&game, choice) else {
            break;
        };
        let (stored, distance) = progress(&game);
        if let Err(refusal) = game.play(input) {
            panic!("{input} refused: {refusal}");
        }
        let (now, closer) = progress(&game);
        assert_eq!(on_board(&game) + now, total, "seeds created or lost");
        assert!(
            now > stored || closer < distance,
            "{input} made no progress"
        );
    }
    game
}

/// How the game ended.
///
/// # Panics
///
/// If the game is not over.
pub fn outcome<V: Variant>(game: &V) -> Outcome {
    match game.turn() {
        Turn::Over(outcome) => outcome,
        Turn::Decide { player, .. } => panic!("the game is not over: {} to move", player.0),
    }
}

/// A conformance run: how many games, how long each may be, with which options.
#[derive(Clone, Debug)]
pub struct Conformance {
    games: u32,
    max_decisions: u32,
    fully_checked_games: u32,
    seed: u64,
    options: Vec<(String, String)>,
    positions: bool,
}

/// The decisions a game read back from a position plays alongside the
/// original before it is let go (but one position a game, followed to
/// the end): the cost of a conformance run grows with it.
pub const POSITION_HORIZON: u32 = 1;

/// What a conformance run played.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Games played to their end.
    pub games: u32,
    /// Decisions played in all games.
    pub decisions: u64,
    /// Decisions of the longest game.
    pub longest_game: u32,
    /// Games won by each player, alone or with others (by [`Player::index`]).
    pub wins: Vec<u32>,
    /// Games drawn.
    pub draws: u32,
    /// Positions written, read back into a new game and compared.
    pub positions: u64,
    /// Decisions the games read back from positions played alongside the
    /// originals, agreeing.
    pub followed: u64,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} games, {} decisions, longest game {} decisions, wins {:?}, draws {}, \
             positions read back {} (followed for {} decisions)",
            self.games,
            self.decisions,
            self.longest_game,
            self.wins,
            self.draws,
            self.positions,
            self.followed
        )
    }
}

/// The decisions of a fully checked game whose every input is tried: the
/// whole of most two-row games, the opening of the long four-row ones.
const FULLY_CHECKED_DECISIONS: u32 = 100;

/// Every this many decisions, the game played directly goes on as a copy
/// made by `Clone::clone_from` into the room of the game it replaced the
/// previous time.
const COPY_EVERY: u32 = 7;

/// Spreads the seeds of the games' random generators.
const GOLDEN: u64 = 0x9e37_79b9_7f4a_7c15;

impl Report {
    /// Counts one game of `decisions` decisions that ended with `outcome`.
    fn add(&mut self, decisions: u32, outcome: Outcome) {
        self.games += 1;
        self.decisions += u64::from(decisions);
        self.longest_game = self.longest_game.max(decisions);
        if outcome.is_draw() {
            self.draws += 1;
        }
        for winner in outcome.winner_list() {
            if self.wins.len() <= winner.index() {
                self.wins.resize(winner.index() + 1, 0);
            }
            self.wins[winner.index()] += 1;
        }
    }

    /// Adds the games of `other`.
    fn merge(&mut self, other: Report) {
        self.positions += other.positions;
        self.followed += other.followed;
        self.games += other.games;
        self.decisions += other.decisions;
        self.longest_game = self.longest_game.max(other.longest_game);
        self.draws += other.draws;
        if self.wins.len() < other.wins.len() {
            self.wins.resize(other.wins.len(), 0);
        }
        for (wins, more) in self.wins.iter_mut().zip(other.wins) {
            *wins += more;
        }
    }
}

impl Default for Conformance {
    fn default() -> Self {
        Conformance::new()
    }
}

impl Conformance {
    /// 2000 games of at most 10 000 decisions each, the first 100 decisions
    /// of the first 200 games checked at every input, with the variant's
    /// default options.
    pub fn new() -> Conformance {
        Conformance {
            games: 2000,
            max_decisions: 10_000,
            fully_checked_games: 200,
            seed: 0x5eed_a3a1_e000_0001,
            options: Vec::new(),
            positions: true,
        }
    }

    /// Does not ask the variant for positions (SPEC §2 « Positions »): for
    /// a variant that has none ([`variant_kit::Variant::position`] left to
    /// its default), which the run otherwise fails.
    pub fn without_positions(mut self) -> Conformance {
        self.positions = false;
        self
    }

    /// Plays `games` games.
    pub fn games(mut self, games: u32) -> Conformance {
        self.games = games;
        self
    }

    /// Fails a game that has not ended after `decisions` decisions.
    pub fn max_decisions(mut self, decisions: u32) -> Conformance {
        self.max_decisions = decisions;
        self
    }

    /// Starts the random generator from `seed`.
    pub fn seed(mut self, seed: u64) -> Conformance {
        self.seed = seed;
        self
    }

    /// Plays with these `--set KEY=VALUE` options.
    pub fn options(mut self, options: &[(&str, &str)]) -> Conformance {
        self.options = options
            .iter()
            .map(|(key, value)| ((*key).to_owned(), (*value).to_owned()))
            .collect();
        self
    }

    /// Runs the games of variant `V` ([`Conformance::run`]), prints the
    /// report after the variant's id and options (shown by `cargo test --
    /// --nocapture`) and checks that every game was played to its end.
    ///
    /// # Panics
    ///
    /// At the first broken rule.
    pub fn passes<V: Variant>(&self) -> Report {
        let report = self.run::<V>();
        let id = V::describe().id;
        if self.options.is_empty() {
            println!("{id}: {report}");
        } else {
            println!("{id}, {:?}: {report}", self.options);
        }
        assert_eq!(report.games, self.games, "{id}: games played");
        report
    }

    /// Runs [`Conformance::passes`] with each set of `--set` options in turn.
    ///
    /// # Panics
    ///
    /// At the first broken rule.
    pub fn passes_with_each<V: Variant>(&self, sets: &[&[(&str, &str)]]) {
        for options in sets {
            self.clone().options(options).passes::<V>();
        }
    }

    /// Runs the games of variant `V`, panicking at the first broken rule.
    ///
    /// The games are shared among as many threads as the machine has cores;
    /// each game's random inputs come from the seed and its number alone, so
    /// a failing game can be told and replayed whatever the machine.
    pub fn run<V: Variant>(&self) -> Report {
        let plugin = match Plugin::from_module(module::<V>()) {
            Ok(plugin) => plugin,
            Err(error) => panic!("the variant cannot describe itself: {error}"),
        };
        check_description(&plugin);
        let seats = self.seats(&plugin);
        let names = match plugin.seats(&self.options) {
            Ok(names) => names,
            Err(error) => panic!("the seats for {:?}: {error}", self.options),
        };
        let given: Vec<(String, String)> = self.options.clone();
        let checked = match Options::resolve(&V::describe().options, &given) {
            Ok(checked) => checked,
            Err(reason) => panic!("options refused: {reason}"),
        };
        let threads = std::thread::available_parallelism()
            .map_or(1, |count| count.get())
            .clamp(1, 8) as u32;
        let play = |part: u32| {
            let mut report = Report::default();
            let mut keys = HashMap::new();
            for number in (part..self.games).step_by(threads as usize) {
                let first = seats[number as usize % seats.len()];
                let mut run = GameRun {
                    plugin: &plugin,
                    number,
                    first,
                    inputs: Vec::new(),
                    full_checks: number < self.fully_checked_games,
                    keys: &mut keys,
                };
                let game = run.expect(plugin.new_game(&self.options, first), "new game");
                let direct = match V::new(&checked, first) {
                    Ok(direct) => direct,
                    Err(reason) => run.fail(&format!("refused directly: {reason}")),
                };
                let mut rng = SplitMix::new(self.seed ^ u64::from(number).wrapping_mul(GOLDEN));
                let (decisions, outcome) =
                    run.play_out(game, direct, names.len(), self, &mut rng, &mut report);
                report.add(decisions, outcome);
            }
            report
        };
        let mut report = Report::default();
        std::thread::scope(|scope| {
            let parts: Vec<_> = (0..threads)
                .map(|part| scope.spawn(move || play(part)))
                .collect();
            for part in parts {
                match part.join() {
                    Ok(played) => report.merge(played),
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
        });
        report
    }

    /// The seats that may move first with these options.
    fn seats(&self, plugin: &Plugin) -> Vec<Player> {
        let description = plugin.description();
        let count = match plugin.seats(&self.options) {
            Ok(names) => names.len(),
            Err(error) => panic!(
                "{}: no seats for {:?}: {error}",
                description.id, self.options
            ),
        };
        let seats: Vec<Player> = (0..count)
            .filter_map(|index| u8::try_from(index).ok().map(Player))
            .filter(|&seat| plugin.new_game(&self.options, seat).is_ok())
            .collect();
        if let Err(error) = plugin.new_game(&self.options, Player(0)) {
            panic!(
                "{}: no game with options {:?}: {error}",
                description.id, self.options
            );
        }
        seats
    }
}

fn check_description(plugin: &Plugin) {
    let d = plugin.description();
    assert!(
        !d.id.is_empty()
            && d.id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
        "the id `{}` must be lower case ASCII letters, digits and dashes",
        d.id
    );
    assert!(!d.title.is_empty(), "{}: empty title", d.id);
    assert!(
        d.title_with_article.ends_with(&d.title),
        "{}: `{}` must end with the title `{}`",
        d.id,
        d.title_with_article,
        d.title
    );
    assert!(
        !d.summary.contains('\n'),
        "{}: the summary is one line",
        d.id
    );
    assert!(!d.rules.is_empty(), "{}: the rules text is empty", d.id);
    assert!(!d.players.is_empty(), "{}: no players", d.id);
    for spec in &d.options {
        assert!(
            spec.values.accepts(&spec.default),
            "{}: the default `{}` of option `{}` is not accepted by {}",
            d.id,
            spec.default,
            spec.key,
            spec.values.describe()
        );
    }
}

/// A text for a person: one line, not empty.
fn one_line(text: &str) -> bool {
    !text.trim().is_empty() && !text.contains('\n')
}

struct GameRun<'a> {
    plugin: &'a Plugin,
    number: u32,
    first: Player,
    inputs: Vec<u32>,
    full_checks: bool,
    /// What the host observed at each position key met in the first
    /// decisions of this thread's games, and in which game
    /// ([`GameRun::check_key`]).
    keys: &'a mut HashMap<u64, (u64, u32)>,
}

/// What the host observes of a game at one moment.
type Snapshot = (Vec<u32>, Vec<u32>, Turn);

/// A game read back from a position, playing the original's inputs
/// alongside it.
struct Follower {
    game: Game,
    /// The position it was read from.
    text: String,
    /// The decisions it still plays.
    left: u32,
}

impl GameRun<'_> {
    fn fail(&self, what: &str) -> ! {
        panic!(
            "{}: game {} (first player {}, inputs {:?}): {what}",
            self.plugin.description().id,
            self.number,
            self.first.0,
            self.inputs
        )
    }

    fn expect<T>(&self, result: Result<T, PluginError>, what: &str) -> T {
        match result {
            Ok(value) => value,
            Err(error) => self.fail(&format!("{what} failed: {error}")),
        }
    }

    fn check(&self, condition: bool, what: impl FnOnce() -> String) {
        if !condition {
            self.fail(&what());
        }
    }

    /// Everything the host can observe of a game.
    fn snapshot(&self, game: &Game) -> Snapshot {
        (
            self.expect(game.seeds(), "seeds"),
            self.expect(game.scores(), "scores"),
            self.expect(game.turn(), "turn"),
        )
    }

    /// The seeds on the board, in the scores and in the reserve.
    fn all_seeds(&self, game: &Game, seeds: &[u32], scores: &[u32]) -> u32 {
        let reserve = self.expect(game.layout(), "layout").reserve;
        seeds.iter().sum::<u32>() + scores.iter().sum::<u32>() + reserve
    }

    fn legal(&self, game: &Game) -> Vec<u32> {
        let mut inputs = Inputs::new();
        self.expect(game.legal_inputs(&mut inputs), "legal inputs");
        inputs.as_slice().to_vec()
    }

    /// Positions under one key ([`Variant::hash_key`]) are one position to
    /// the search: the host observes the same seeds, scores and turn at
    /// each, and the same position text (which holds the state beyond the
    /// board and leaves the history out), in this game or another.
    fn check_key<V: Variant>(&mut self, direct: &V, snapshot: &Snapshot) {
        let Some(key) = direct.hash_key() else {
            return;
        };
        let (seeds, scores, turn) = snapshot;
        let position = direct.position().and_then(Result::ok);
        let mut hasher = DefaultHasher::new();
        (seeds, scores, format!("{turn:?}"), position).hash(&mut hasher);
        let seen = hasher.finish();
        let (first, game) = *self.keys.entry(key).or_insert((seen, self.number));
        self.check(first == seen, || {
            format!(
                "a position of game {game} and this one differ under one key {key:#018x} (hash_key)"
            )
        });
    }

    /// The game through the ABI and the variant called directly agree.
    fn check_same<V: Variant>(&self, game: &Game, direct: &V, snapshot: &Snapshot) {
        let (seeds, scores, turn) = snapshot;
        self.check(direct.turn() == *turn, || {
            format!(
                "turn {turn:?} through the ABI, {:?} directly",
                direct.turn()
            )
        });
        self.check(direct.seeds() == *seeds, || {
            "the seeds differ through the ABI".into()
        });
        self.check(
            direct.scores().get(..scores.len()) == Some(&scores[..]),
            || {
                format!(
                    "scores {scores:?} through the ABI, {:?} directly",
                    direct.scores()
                )
            },
        );
        self.check(self.legal(game) == legal(direct), || {
            "the inputs differ through the ABI".into()
        });
    }

    /// The position `game` stands at, read back into a new game and
    /// compared with it; `None` where the variant writes none now, which
    /// is allowed only while a move is in progress or at a decision other
    /// than a sowing (a placement, say).
    fn read_back(
        &self,
        game: &Game,
        seen: (&Snapshot, &Layout, &[u32]),
        config: &Conformance,
        sowing_between_moves: bool,
        first: bool,
    ) -> Option<Follower> {
        let (snapshot, layout, legal) = seen;
        let text = match game.position() {
            Ok(text) => text,
            Err(PositionError::Refused(reason)) => {
                self.check(!sowing_between_moves, || {
                    format!("writes no position at a sowing between moves: {reason}")
                });
                self.check(one_line(&reason), || {
                    format!("refuses a position without a one-line reason: {reason:?}")
                });
                return None;
            }
            Err(PositionError::NoPositions) => self.fail(
                "has no positions (Variant::position and Variant::at_position, SPEC §2 \
                 « Positions »): give it them, or run the conformance kit \
                 .without_positions()",
            ),
            Err(error) => self.fail(&format!("writing its position failed: {error}")),
        };
        let read = match self.plugin.new_game_at(&config.options, &text) {
            Ok(read) => read,
            Err(error) => self.fail(&format!("does not read back its position {text}: {error}")),
        };
        let what = |part: &str| format!("the position {text} read back has another {part}");
        self.check(self.snapshot(&read) == *snapshot, || {
            what("board (seeds, scores or decision)")
        });
        self.check(self.expect(read.layout(), "layout") == *layout, || {
            what("layout")
        });
        self.check(self.legal(&read) == legal, || what("list of inputs"));
        if first {
            // The position alone decides its game: its own options, not
            // those given besides (`oware/players=3:…` seats three).
            match self.plugin.new_game_at(&[], &text) {
                Ok(alone) => self.check(self.snapshot(&alone) == *snapshot, || {
                    what("board (seeds, scores or decision) when read without the options given")
                }),
                Err(error) => self.fail(&format!(
                    "does not read back its position {text} without the options given: {error}"
                )),
            }
            match read.position() {
                Ok(again) => self.check(again == text, || {
                    format!("the position {text} read back writes {again}")
                }),
                Err(error) => self.fail(&format!(
                    "the position {text} read back writes none: {error}"
                )),
            }
            match self
                .plugin
                .new_game_at(&config.options, &format!("{text}:0"))
            {
                Err(PositionError::Refused(reason)) => self.check(one_line(&reason), || {
                    format!("refuses {text}:0 without a one-line reason: {reason:?}")
                }),
                Ok(_) => self.fail(&format!("reads {text}:0, a field too many")),
                Err(error) => self.fail(&format!("reading {text}:0 failed: {error}")),
            }
        }
        Some(Follower {
            game: read,
            text,
            left: POSITION_HORIZON,
        })
    }

    /// Plays `input` (whose step was `step` in the original, which is now
    /// `after`) on each follower, which must agree with the original; lets
    /// go of those whose decisions are played, and of those the original's
    /// history ended (the original's game or round is over, theirs not);
    /// returns the decisions they agreed on.
    fn follow(
        &self,
        followers: &mut Vec<Follower>,
        input: u32,
        step: Step,
        original: &Game,
    ) -> u64 {
        if followers.is_empty() {
            return 0;
        }
        let after = self.snapshot(original);
        let legal = self.legal(original);
        let mut agreed = 0;
        followers.retain_mut(|follower| {
            let played = self.expect(follower.game.play(input), "an input read back");
            let now = self.snapshot(&follower.game);
            let ended = |step: Step, turn: Turn| {
                matches!(step, Step::RoundOver(_)) || matches!(turn, Turn::Over(_))
            };
            let over = |turn: Turn| matches!(turn, Turn::Over(_));
            if (over(after.2) && !over(now.2)) || (ended(step, after.2) && !ended(played, now.2)) {
                // The game or the round ended by its history (a position
                // met before the one written, a round that started as
                // earlier ones did), which the position does not hold.
                return false;
            }
            self.check(played == step && now == after, || {
                format!(
                    "the game read back from {} plays {input} otherwise: {played:?} and {:?} \
                     instead of {step:?} and {:?}",
                    follower.text, now, after
                )
            });
            self.check(self.legal(&follower.game) == legal, || {
                format!(
                    "the game read back from {} has other inputs after {input}",
                    follower.text
                )
            });
            agreed += 1;
            follower.left -= 1;
            follower.left > 0 && !matches!(now.2, Turn::Over(_))
        });
        agreed
    }

    /// Plays random accepted inputs until the end; returns the decisions and the outcome.
    fn play_out<V: Variant>(
        &mut self,
        mut game: Game,
        mut direct: V,
        seats: usize,
        config: &Conformance,
        rng: &mut SplitMix,
        report: &mut Report,
    ) -> (u32, Outcome) {
        let mut followers: Vec<Follower> = Vec::new();
        // The one position of this game followed to the end.
        let followed_to_the_end = 1 + self.number % 32;
        let mut followed_long = false;
        let positions_before = report.positions;
        let (seeds, scores, _) = self.snapshot(&game);
        self.check(scores.len() == seats, || {
            format!("{} scores for {seats} seats", scores.len())
        });
        let mut total = self.all_seeds(&game, &seeds, &scores);
        // The room the direct game is copied into: the game it replaced
        // the previous time, which plays its own line in between.
        let mut room = direct.clone();
        let mut room_inputs = Inputs::new();
        let agreement = self.plugin.description().agreement_ends_game;
        let mut decisions = 0;
        let mut placing = false;
        let mut pending = false;
        loop {
            let snapshot = self.snapshot(&game);
            self.check_same(&game, &direct, &snapshot);
            let (seeds, scores, turn) = &snapshot;
            let layout = self.expect(game.layout(), "layout");
            if let Err(problem) = layout.check(seeds.len(), seats) {
                self.fail(&format!("inconsistent layout: {problem}"));
            }
            let now = seeds.iter().sum::<u32>() + scores.iter().sum::<u32>() + layout.reserve;
            if placing {
                total = now;
            } else {
                self.check(now == total, || format!("{now} seeds instead of {total}"));
            }
            let (player, kind) = match *turn {
                Turn::Over(outcome) => {
                    self.check_over(&mut game, outcome, seats);
                    return (decisions, outcome);
                }
                Turn::Decide { player, kind } => (player, kind),
            };
            self.check(player.index() < seats, || {
                format!("decision for player {} of {seats}", player.0)
            });
            if let Some(prompt) = self.expect(game.prompt(), "prompt") {
                self.check(one_line(&prompt), || format!("prompt {prompt:?}"));
            }
            decisions += 1;
            if decisions % COPY_EVERY == 0 {
                room.clone_from(&direct);
                std::mem::swap(&mut room, &mut direct);
            } else {
                room_inputs.clear();
                room.legal_inputs(&mut room_inputs);
                if let Some(&input) = room_inputs.as_slice().first() {
                    // Its own line: a refusal only leaves it where it is.
                    let _ = room.play(input);
                }
            }
            if decisions > config.max_decisions {
                self.fail(&format!("no end after {} decisions", config.max_decisions));
            }
            let legal = self.legal(&game);
            if decisions <= FULLY_CHECKED_DECISIONS {
                self.check_key(&direct, &snapshot);
            }
            self.check(!legal.is_empty(), || {
                "waits for a decision but accepts no input".into()
            });
            self.check(kind != DecisionKind::Forced || legal.len() == 1, || {
                format!("a turn with nothing to choose accepts {legal:?}")
            });
            self.check(
                legal.windows(2).all(|w| w[0] < w[1]) && legal[0] > 0,
                || format!("legal inputs {legal:?} are not increasing and positive"),
            );
            if self.full_checks && decisions <= FULLY_CHECKED_DECISIONS {
                self.check_inputs(&game, &legal, seeds.len() as u32 + 1);
            }
            if rng.below(20) == 0 {
                let mid_move = variant_kit::glue::in_move(pending, *turn);
                self.check_agreement(&game, agreement && !mid_move, total);
                self.check_resignation(&game, player, seats);
            }
            if rng.below(50) == 0 {
                self.check_computer(&game, &legal, rng.next_u64());
            }
            placing = kind == DecisionKind::Placement;
            if config.positions {
                let mid_move = variant_kit::glue::in_move(pending, *turn);
                let sowing = kind == DecisionKind::Sow && !mid_move;
                let seen = (&snapshot, &layout, &legal[..]);
                let first = positions_before == report.positions;
                if let Some(mut follower) = self.read_back(&game, seen, config, sowing, first) {
                    report.positions += 1;
                    if !followed_long && decisions >= followed_to_the_end {
                        follower.left = u32::MAX;
                        followed_long = true;
                    }
                    followers.push(follower);
                }
            }
            let input = legal[rng.below(legal.len() as u64) as usize];
            if rng.below(10) == 0 {
                self.check_clone_independence(&game, input);
            }
            self.inputs.push(input);
            let step = self.expect(game.play(input), "an announced input");
            pending = step == Step::Pending;
            report.followed += self.follow(&mut followers, input, step, &game);
            let direct_step = direct.play(input);
            self.check(direct_step.as_ref() == Ok(&step), || {
                format!("step {step:?} through the ABI, {direct_step:?} directly")
            });
            if let Some(gains) = step.gains() {
                self.check_gains(&game, gains, scores, seats);
            }
            if matches!(step, Step::RoundOver(_)) {
                let reason = self.expect(game.end_reason(), "end reason");
                self.check(one_line(&reason), || format!("round end reason {reason:?}"));
            }
        }
    }

    /// The gains of a completed move are the score changes (until the end).
    fn check_gains(&self, game: &Game, gains: Gains, before: &[u32], seats: usize) {
        let after = self.expect(game.scores(), "scores");
        if matches!(self.expect(game.turn(), "turn"), Turn::Over(_)) {
            return;
        }
        let changes: Vec<u32> = after
            .iter()
            .zip(before)
            .map(|(a, b)| a.wrapping_sub(*b))
            .collect();
        self.check(changes == gains.of_seats(seats), || {
            format!("gains {gains:?} but the scores changed by {changes:?}")
        });
    }

    /// Every announced input is accepted and every other one refused with a reason.
    fn check_inputs(&self, game: &Game, legal: &[u32], beyond: u32) {
        let before = self.snapshot(game);
        for input in 1..=beyond.max(legal.last().copied().unwrap_or(0) + 1) {
            let mut probe = game.clone();
            match probe.play(input) {
                Ok(_) => self.check(legal.contains(&input), || {
                    format!("accepts {input}, which it does not announce in {legal:?}")
                }),
                Err(PluginError::Refused(reason)) => {
                    self.check(!legal.contains(&input), || {
                        format!("refuses {input}, announced in {legal:?}: {reason}")
                    });
                    self.check(one_line(&reason), || {
                        format!("refuses {input} without a one-line reason: {reason:?}")
                    });
                    self.check(self.snapshot(&probe) == before, || {
                        format!("refusing {input} changed the game")
                    });
                }
                Err(PluginError::Failed(error)) => {
                    self.fail(&format!("failed on input {input}: {error}"))
                }
            }
        }
    }

    /// Playing on a clone leaves the original as it was.
    fn check_clone_independence(&self, game: &Game, input: u32) {
        let before = self.snapshot(game);
        let mut copy = game.clone();
        self.expect(copy.play(input), "an announced input on a clone");
        self.check(self.snapshot(game) == before, || {
            "playing on a clone changed the original".into()
        });
    }

    /// Ending by agreement ends the game where allowed (between moves), and
    /// is refused elsewhere.
    fn check_agreement(&self, game: &Game, allowed: bool, total: u32) {
        let mut copy = game.clone();
        match copy.end_by_agreement() {
            Ok(()) => {
                self.check(allowed, || {
                    "ends by agreement, which its description denies".into()
                });
                let (seeds, scores, turn) = self.snapshot(&copy);
                self.check(matches!(turn, Turn::Over(_)), || {
                    "not over after ending by agreement".into()
                });
                let now = self.all_seeds(&copy, &seeds, &scores);
                self.check(now == total, || {
                    format!("{now} seeds instead of {total} after ending by agreement")
                });
                let reason = self.expect(copy.end_reason(), "end reason");
                self.check(one_line(&reason), || format!("end reason {reason:?}"));
            }
            Err(PluginError::Refused(_)) => self.check(!allowed, || {
                "refuses to end by agreement, which its description allows".into()
            }),
            Err(PluginError::Failed(error)) => self.fail(&format!("ending by agreement: {error}")),
        }
    }

    /// A player who resigns hands the game to every other seat.
    fn check_resignation(&self, game: &Game, player: Player, seats: usize) {
        let mut copy = game.clone();
        self.expect(copy.resign(player), "resigning");
        let turn = self.expect(copy.turn(), "turn");
        self.check(turn == Turn::Over(Outcome::all_but(player, seats)), || {
            format!("after {} resigned: {turn:?}", player.0)
        });
        self.check(self.legal(&copy).is_empty(), || {
            "a resigned game still accepts inputs".into()
        });
    }

    /// The computer player chooses an announced input.
    fn check_computer(&self, game: &Game, legal: &[u32], seed: u64) {
        let request = Think {
            level: 1,
            budget_ms: 1000,
            threads: 1,
            seed,
        };
        let thought = self.expect(game.think(request), "the computer player");
        self.check(legal.contains(&thought.input), || {
            format!("the computer chose {}, not in {legal:?}", thought.input)
        });
    }

    /// A finished game accepts no input, says why it ended, and names only seats as winners.
    fn check_over(&self, game: &mut Game, outcome: Outcome, seats: usize) {
        let legal = self.legal(game);
        self.check(legal.is_empty(), || {
            format!("over, yet announces {legal:?}")
        });
        match game.play(1) {
            Err(PluginError::Refused(_)) => {}
            other => self.fail(&format!("over, yet input 1 gives {other:?}")),
        }
        self.check(outcome.winner_list().all(|p| p.index() < seats), || {
            format!("winners {outcome:?} for {seats} seats")
        });
        let reason = self.expect(game.end_reason(), "end reason");
        self.check(one_line(&reason), || format!("end reason {reason:?}"));
    }
}

/// Checks the endgame table of `template`'s rules against a plain
/// exhaustive search: for every board of up to `max_seeds` seeds and either
/// player to move with a move (`at(pits, mover)` gives that game, with no
/// history), two null-window searches over every line (the game's own
/// repetition rule ending each, [`Exhaustive`], its moves ordered by the
/// independent solver of [`mod@reference`]) show the true margin within
/// the table's bounds. Returns how many positions were exact, and how many
/// checked.
pub fn check_endgame_bounds<V: variant_endgame::Tabled>(
    template: &V,
    at: impl Fn(&[u8], Player) -> V + Sync,
    max_seeds: usize,
) -> (usize, usize) {
    let table = variant_endgame::Table::build(template, max_seeds, |_| {});
    let mut search = Exhaustive::new(&at).guided_by(reference::Reference::build(&at, max_seeds));
    let (mut exact, mut all) = (0, 0);
    for seeds in 0..=max_seeds {
        let level = check_endgame_level(&table, &mut search, &at, seeds, u64::MAX);
        exact += level.exact;
        all += level.checked;
    }
    (exact, all)
}

/// What [`check_endgame_level`] found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LevelCheck {
    /// Positions whose true margin lies within the table's bounds.
    pub checked: usize,
    /// Those of them the table knows exactly.
    pub exact: usize,
    /// Positions left open: the search gave up on them.
    pub open: usize,
}

/// [`check_endgame_bounds`] on the positions of `seeds` seeds with `table`
/// and `search`, each search giving up after `budget` positions (the
/// position is then left open).
///
/// # Panics
///
/// If a true margin lies outside the table's bounds, or a board beyond the
/// table.
pub fn check_endgame_level<V: variant_endgame::Tabled>(
    table: &variant_endgame::Table,
    search: &mut Exhaustive<'_, V>,
    at: impl Fn(&[u8], Player) -> V,
    seeds: usize,
    budget: u64,
) -> LevelCheck {
    let mut found = LevelCheck::default();
    each_position_with_a_move(&at, seeds, |pits, mover, game| {
        let bounds = table.probe(pits, mover).expect("within the table");
        let (low, high) = (i32::from(bounds.low), i32::from(bounds.high));
        let below = search
            .at_least_within(&game, low, budget)
            .map(|at_least| !at_least);
        let above = search.at_least_within(&game, high + 1, budget);
        match (below, above) {
            (Some(below), Some(above)) => {
                assert!(!below, "{pits:?}, {mover:?} to move: below {bounds:?}");
                assert!(!above, "{pits:?}, {mover:?} to move: above {bounds:?}");
                found.checked += 1;
                found.exact += usize::from(bounds.exact().is_some());
            }
            _ => found.open += 1,
        }
    });
    found
}

/// Checks the endgame table of `template`'s rules against the independent
/// solver of [`mod@reference`], board by board: for every board of up to
/// `max_seeds` seeds and either player to move with a move (`at(pits,
/// mover)` gives that game), the table's bounds are the solver's. Returns
/// how many positions were compared.
pub fn check_table_against_reference<V: variant_endgame::Tabled>(
    template: &V,
    at: impl Fn(&[u8], Player) -> V + Sync,
    max_seeds: usize,
) -> (usize, usize) {
    let table = variant_endgame::Table::build(template, max_seeds, |_| {});
    let reference = reference::Reference::build(&at, max_seeds);
    let (mut exact, mut compared) = (0, 0);
    for seeds in 0..=max_seeds {
        each_position_with_a_move(&at, seeds, |pits, mover, _| {
            let tabled = table.probe(pits, mover);
            let solved = reference.bounds(pits, mover);
            assert!(tabled.is_some(), "{pits:?}: beyond the table");
            assert_eq!(tabled, solved, "{pits:?}, {mover:?} to move");
            exact += usize::from(tabled.and_then(|b| b.exact()).is_some());
            compared += 1;
        });
    }
    (exact, compared)
}

/// Checks that the endgame table of `template`'s rules up to `max_seeds`
/// seeds is the same built on one thread and on several
/// ([`variant_endgame::Table::build_on`]: 2, 3 and 5 threads, whatever the
/// cores): the same values, and the same file byte for byte, saved under
/// `name`. Returns the boards of the last level.
///
/// # Panics
///
/// If two builds differ, or a file cannot be written or read back in the
/// temporary folder.
pub fn check_table_on_threads<V: variant_endgame::Tabled>(
    template: &V,
    name: &str,
    max_seeds: usize,
) -> usize {
    use variant_endgame::Table;
    let folder = std::env::temp_dir().join(format!(
        "endgame-threads-{name}-{max_seeds}-{}",
        std::process::id()
    ));
    let bytes = |table: &Table, threads: usize| {
        let path = folder.join(format!("{threads}.table"));
        table.save(&path, name).expect("a table saved");
        std::fs::read(&path).expect("a table read back")
    };
    let one = Table::build_on(template, max_seeds, 1, |_| {});
    let file = bytes(&one, 1);
    for threads in [2, 3, 5] {
        let many = Table::build_on(template, max_seeds, threads, |_| {});
        assert!(many == one, "{name}: {threads} threads give another table");
        assert!(
            bytes(&many, threads) == file,
            "{name}: {threads} threads give another file"
        );
    }
    let _ = std::fs::remove_dir_all(&folder);
    one.counts(max_seeds).2
}

/// Calls `each(pits, mover, game)` for every board of `seeds` seeds and
/// either player to move where the mover has a move (`game` is `at(pits,
/// mover)`).
fn each_position_with_a_move<V: variant_endgame::Tabled>(
    at: impl Fn(&[u8], Player) -> V,
    seeds: usize,
    mut each: impl FnMut(&[u8], Player, V),
) {
    let mut pits = vec![0u8; V::HOLES];
    pits[0] = seeds as u8;
    loop {
        for mover in [Player::SUD, Player::NORD] {
            let game = at(&pits, mover);
            let mut inputs = Inputs::default();
            game.legal_inputs(&mut inputs);
            if !inputs.is_empty() {
                each(&pits, mover, game);
            }
        }
        if !variant_endgame::next_board(&mut pits) {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use variant_kit as kit;
    use variant_kit::board::{Board, NoMemory, Share, SowingRules};
    use variant_kit::TwoRows;
    use variant_kit::{Description, OptionSpec, OptionValues};

    /// A toy game on 2×2 holes of `seeds` seeds (option, 1 to 3): sow a
    /// hole of one's row; ends, each taking their row, when a row is empty.
    #[derive(Clone, Debug)]
    struct Toy {
        board: Board<4, NoMemory>,
    }

    impl SowingRules for Toy {
        type Board = Board<4, NoMemory>;

        fn description() -> Description {
            Description {
                id: "toy".to_owned(),
                title: "Toy".to_owned(),
                title_with_article: "de Toy".to_owned(),
                version: "0".to_owned(),
                summary: "toy".to_owned(),
                rules: "toy".to_owned(),
                players: kit::sud_nord(),
                options: vec![OptionSpec {
                    key: "seeds".to_owned(),
                    help: "seeds in each hole".to_owned(),
                    default: "2".to_owned(),
                    values: OptionValues::Range { min: 1, max: 3 },
                }],
                agreement_ends_game: false,
            }
        }

        fn start(options: &Options, first: Player) -> Result<Self, String> {
            let seeds = options.number("seeds") as u8;
            Ok(Toy {
                board: Board::filled(TwoRows::new(2), seeds, first),
            })
        }

        fn board(&self) -> &Board<4, NoMemory> {
            &self.board
        }

        fn board_mut(&mut self) -> &mut Board<4, NoMemory> {
            &mut self.board
        }

        fn legal_moves(&self, inputs: &mut Inputs) {
            kit::push_holes(inputs, self.board.own_non_empty());
        }

        fn play_move(&mut self, input: u32) -> Result<Step, String> {
            let pit = self.board.own_hole(input)?;
            kit::sow(self.board.holes_mut(), pit);
            self.board.to_move = self.board.to_move.opponent();
            if self.board.row_seeds(Player::SUD) == 0 || self.board.row_seeds(Player::NORD) == 0 {
                self.board.finish(Share::OwnRows, "une rangée est vide.");
            }
            Ok(Step::Completed(Gains::default()))
        }
    }

    variant_kit::sowing_variant!(Toy);

    #[test]
    fn holes_puts_the_position_first_and_leaves_the_rest_empty() {
        assert_eq!(holes::<6>(&[1, 2, 3]), [1, 2, 3, 0, 0, 0]);
        assert_eq!(holes::<2>(&[]), [0, 0]);
    }

    #[test]
    #[should_panic]
    fn holes_refuses_a_position_larger_than_the_board() {
        holes::<2>(&[1, 2, 3]);
    }

    #[test]
    fn the_names_and_a_game_under_way_are_checked() {
        assert_names::<Toy>("toy", "Toy", "de Toy");
        assert_not_ended(&new_game::<Toy>(&[], Player::NORD));
    }

    #[test]
    #[should_panic]
    fn a_wrong_title_fails() {
        assert_names::<Toy>("toy", "Toy", "du Toy");
    }

    #[test]
    #[should_panic(expected = "the game is over")]
    fn a_finished_game_has_ended() {
        let board = Board::new(TwoRows::new(2), [0, 1, 0, 1], [0, 0], Player::SUD);
        let mut game = Toy { board };
        game.play(2).unwrap(); // SUD's row is left empty
        assert!(game.board.is_over());
        assert_not_ended(&game);
    }

    #[test]
    fn options_out_of_their_range_are_refused() {
        assert!(refused::<Toy>(&[("seeds", "4")]).contains("seeds"));
        assert!(refused::<Toy>(&[("seeds", "0")]).contains("seeds"));
        assert!(refused::<Toy>(&[("holes", "2")]).contains("holes"));
    }

    #[test]
    #[should_panic(expected = "options accepted")]
    fn accepted_options_are_not_refused() {
        refused::<Toy>(&[("seeds", "3")]);
    }

    #[test]
    fn the_conformance_kit_passes_the_toy_with_each_option() {
        let report = Conformance::new().games(20).passes::<Toy>();
        assert_eq!(report.games, 20);
        Conformance::new()
            .games(10)
            .passes_with_each::<Toy>(&[&[("seeds", "1")], &[("seeds", "3")]]);
    }

    #[test]
    fn sparse_fills_the_named_holes_only() {
        assert_eq!(sparse::<4>(&[(1, 3), (4, 2)]), [3, 0, 0, 2]);
        assert_eq!(filled::<4>(3, 2), [2, 2, 2, 0]);
    }

    #[test]
    #[should_panic(
        expected = "sparse: there is no hole 0 on a board of 4 holes (holes are \
                               numbered from 1 to 4, as the host numbers them)"
    )]
    fn sparse_refuses_hole_0_with_a_message() {
        sparse::<4>(&[(0, 3)]);
    }

    #[test]
    #[should_panic(expected = "sparse: there is no hole 5 on a board of 4 holes")]
    fn sparse_refuses_a_hole_beyond_the_board_with_a_message() {
        sparse::<4>(&[(5, 3)]);
    }

    #[test]
    #[should_panic(expected = "filled: 5 holes on a board of 4 holes")]
    fn filled_refuses_more_holes_than_the_board_with_a_message() {
        filled::<4>(5, 1);
    }

    #[test]
    fn the_toys_positions_are_read_back_and_followed() {
        let report = Conformance::new().games(20).passes::<Toy>();
        assert!(report.positions > 20, "{report}");
        assert!(report.followed > report.positions, "{report}");
    }

    /// Implements `Variant` for a wrapper of the toy: every method is the
    /// toy's, but for the items given, which replace or add to them.
    macro_rules! wrapping_the_toy {
        ($wrapper:ident { $($own:item)* }) => {
            impl Variant for $wrapper {
                fn describe() -> Description {
                    Toy::describe()
                }
                fn new(options: &Options, first: Player) -> Result<Self, String> {
                    Toy::new(options, first).map($wrapper)
                }
                fn turn(&self) -> Turn {
                    self.0.turn()
                }
                fn legal_inputs(&self, inputs: &mut Inputs) {
                    self.0.legal_inputs(inputs);
                }
                fn play(&mut self, input: u32) -> Result<Step, String> {
                    self.0.play(input)
                }
                fn scores(&self) -> &[u32] {
                    self.0.scores()
                }
                fn layout(&self) -> Layout {
                    self.0.layout()
                }
                fn seeds(&self) -> Vec<u32> {
                    self.0.seeds()
                }
                fn end_reason(&self) -> String {
                    self.0.end_reason()
                }
                $($own)*
            }
        };
    }

    /// The toy without its positions: the glue answers « unsupported ».
    #[derive(Clone, Debug)]
    struct Mute(Toy);

    wrapping_the_toy!(Mute {});

    #[test]
    #[should_panic(expected = "has no positions")]
    fn a_variant_without_positions_fails_unless_the_run_says_so() {
        let report = Conformance::new()
            .games(5)
            .without_positions()
            .passes::<Mute>();
        assert_eq!(report.positions, 0);
        Conformance::new().games(5).passes::<Mute>();
    }

    /// The toy that forgets who is to move when it writes its position.
    #[derive(Clone, Debug)]
    struct Forgetful(Toy);

    wrapping_the_toy!(Forgetful {
        fn position(&self) -> Option<Result<String, String>> {
            let mut body = variant_kit::body::BodyWriter::new();
            let mut board = self.0.board.clone();
            board.to_move = Player::SUD;
            board.write_position(&mut body);
            Some(Ok(body.finish()))
        }
        fn at_position(options: &Options, body: &str) -> Option<Result<Self, String>> {
            Toy::at_position(options, body).map(|read| read.map(Forgetful))
        }
    });

    #[test]
    #[should_panic(expected = "read back has another board")]
    fn a_position_that_loses_part_of_the_state_fails() {
        Conformance::new().games(50).passes::<Forgetful>();
    }

    #[test]
    fn a_random_game_picks_among_the_inputs_and_either_may_start() {
        assert_either_may_start::<Toy>();
        let game = new_game::<Toy>(&[], Player::SUD);
        assert_eq!(pick(&game, 0), Some(legal(&game)[0]));
        assert_eq!(pick(&game, legal(&game).len()), pick(&game, 0));
        assert_eq!(total(&game), game.seeds().iter().sum::<u32>());
    }

    #[test]
    #[should_panic(expected = "made no progress")]
    fn a_move_that_makes_no_progress_fails() {
        let game = new_game::<Toy>(&[], Player::SUD);
        assert_progress(game, &[0], |_| (0, 1));
    }
}
