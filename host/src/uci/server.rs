//! `host --uci`: the host as an engine of the protocol, on standard input
//! and output (`SPEC.md` §2 « Engine protocol »; the words in
//! `docs/engine-protocol.md`, and in `help` itself).
//!
//! One command a line, each answered at once and never silently: a line
//! that is not understood gets `info string …` naming it. The main thread
//! reads the commands; a search runs on a thread of its own, which prints
//! its `info` lines and its `bestmove`, so that `isready`, `stop`,
//! `ponderhit` and `quit` are answered while it runs. The search is the
//! plugin's reporting search (contract 1.2), told to stop through its
//! listener; a plugin without it (1.0, 1.1) is searched with its plain
//! computer player, said once in an `info string`.
//!
//! Turns with nothing to choose (a player who must pass) are played by the
//! engine itself, as the console plays them: they are never written in a
//! move list, a `bestmove` or a principal variation.

use std::cell::RefCell;
use std::io::{self, BufRead, Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use variant_api::position::{head, Position};
use variant_api::{
    DecisionKind, Game, OptionValues, Options, PluginError, SearchLimits, SearchObserver,
    SearchReport, Think, Thought, Turn,
};

use crate::loading::discovery::{self, Found, Installed};
use crate::uci::notation::{abapa_body, Dialect};
use crate::uci::{centipawns, play_forced, protocol_defaults, ABAPA_VARIANT};
use crate::util::failure::Failure;
use crate::util::protocol;

/// The longest command line read; a longer one is refused whole.
const MAX_LINE: u64 = 64 * 1024;

/// The most threads a search may be given.
const MAX_THREADS: u32 = 256;

/// The time a search takes when nothing bounds it and the plugin cannot
/// be told to stop (a plugin of contract 1.0 or 1.1), in milliseconds.
const UNSTOPPABLE_BUDGET_MS: u32 = 10_000;

/// Where the protocol starts: the variant, its options and threads given
/// on the command line.
#[derive(Debug)]
pub(crate) struct Start<'a> {
    /// The installed variants.
    pub(crate) found: &'a [Found],
    /// The variant named on the command line, if any (else Awalé).
    pub(crate) variant: Option<&'a str>,
    /// `--set` options of that variant.
    pub(crate) options: &'a [(String, String)],
    /// `--threads`, if given.
    pub(crate) threads: Option<u32>,
}

/// Speaks the protocol on standard input and output until `quit` or the
/// end of the input.
pub(crate) fn run(start: Start<'_>) -> Result<(), Failure> {
    let mut engine = Engine::new(start.found, start.threads.unwrap_or(1));
    let variant = start.variant.unwrap_or(ABAPA_VARIANT);
    if let Err(why) = engine.choose_variant(variant) {
        return Err(Failure::new(crate::util::failure::USAGE, why));
    }
    for (key, value) in start.options {
        if let Err(why) = engine.set_variant_option(key, value) {
            return Err(Failure::new(crate::util::failure::USAGE, why));
        }
    }
    let stdin = io::stdin();
    let mut input = stdin.lock();
    loop {
        let mut line = Vec::new();
        match (&mut input).take(MAX_LINE).read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if !line.ends_with(b"\n") && line.len() as u64 >= MAX_LINE {
            info(&format!("line longer than {MAX_LINE} bytes ignored"));
            // The rest of the line, up to its end.
            let mut rest = Vec::new();
            let _ = input.read_until(b'\n', &mut rest);
            continue;
        }
        let Ok(line) = String::from_utf8(line) else {
            info("line not in UTF-8 ignored");
            continue;
        };
        if engine.command(line.trim()) == Flow::Quit {
            break;
        }
    }
    engine.stop();
    Ok(())
}

/// Whether the protocol goes on after a command.
#[derive(Debug, PartialEq, Eq)]
enum Flow {
    Go,
    Quit,
}

/// Serialises the lines the reading thread and the search thread write.
static OUT: Mutex<()> = Mutex::new(());

/// Sends one line of the protocol on standard output.
fn send(line: &str) {
    let _guard = OUT.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let mut out = protocol::out();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// Sends `info string TEXT`, one line.
fn info(text: &str) {
    let text: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    send(&format!("info string {text}"));
}

/// A variant loaded for the protocol.
struct Loaded {
    installed: Installed,
    dialect: Dialect,
}

/// The engine's state between commands.
struct Engine<'a> {
    found: &'a [Found],
    /// The variants loaded so far (libraries are never unloaded).
    loaded: Vec<Loaded>,
    /// The index in `loaded` of the variant played.
    current: usize,
    /// Its options that differ from the protocol's defaults, as set.
    options: Vec<(String, String)>,
    threads: u32,
    level: u8,
    /// The position set by `position` (`None`: the start).
    game: Option<Game>,
    search: Option<Running>,
    /// The seed of the next search (ties only, at level 4).
    seed: u64,
    /// Whether the plugin's lack of a reporting search was said.
    told_unstoppable: bool,
}

/// A search running on its thread.
struct Running {
    control: Arc<Control>,
    thread: JoinHandle<()>,
}

/// What the reading thread tells a running search.
#[derive(Debug)]
struct Control {
    /// `stop`, or `quit`: answer now.
    stop: AtomicBool,
    /// `go infinite` or `go ponder`: hold the `bestmove` until `stop` or
    /// `ponderhit`, even when the search ends sooner.
    held: AtomicBool,
    /// When the search must end (a `ponderhit` sets it).
    deadline: Mutex<Option<Instant>>,
    /// The time a pondering search gets from its `ponderhit`.
    after_ponderhit: Option<Duration>,
}

impl Control {
    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
            || self
                .deadline
                .lock()
                .map(|deadline| deadline.is_some_and(|d| Instant::now() >= d))
                .unwrap_or(true)
    }
}

/// What `go` asked.
#[derive(Debug, Default, PartialEq, Eq)]
struct Go {
    movetime: Option<u64>,
    depth: Option<u32>,
    clock: [Option<u64>; 2],
    increment: [u64; 2],
    moves_to_go: Option<u64>,
    infinite: bool,
    ponder: bool,
}

impl<'a> Engine<'a> {
    fn new(found: &'a [Found], threads: u32) -> Engine<'a> {
        Engine {
            found,
            loaded: Vec::new(),
            current: 0,
            options: Vec::new(),
            threads: threads.clamp(1, MAX_THREADS),
            level: 4,
            game: None,
            search: None,
            seed: 1,
            told_unstoppable: false,
        }
    }

    fn loaded(&self) -> &Loaded {
        &self.loaded[self.current]
    }

    /// The variant `typed` names (an id, or a title), loaded, with the
    /// protocol's default options; the position back at the start.
    fn choose_variant(&mut self, typed: &str) -> Result<(), String> {
        let Some(found) = discovery::choose(self.found, typed) else {
            let ids: Vec<&str> = self.found.iter().map(|f| f.summary.id.as_str()).collect();
            return Err(format!(
                "no variant {typed:?} in the plugins folders (installed: {})",
                ids.join(" ")
            ));
        };
        let id = found.summary.id.clone();
        let index = match self
            .loaded
            .iter()
            .position(|loaded| loaded.installed.plugin.description().id == id)
        {
            Some(index) => index,
            None => {
                let installed = discovery::load(found)?;
                self.loaded.push(Loaded {
                    installed,
                    dialect: Dialect::of(&id),
                });
                self.loaded.len() - 1
            }
        };
        self.current = index;
        self.options = protocol_defaults(&id);
        self.game = None;
        self.told_unstoppable = false;
        Ok(())
    }

    /// Sets one of the variant's own options (its key, any case).
    fn set_variant_option(&mut self, key: &str, value: &str) -> Result<(), String> {
        let description = self.loaded().installed.plugin.description();
        let Some(spec) = description
            .options
            .iter()
            .find(|spec| spec.key.eq_ignore_ascii_case(key))
        else {
            return Err(format!(
                "no option {key:?} in {} (options: {})",
                description.id,
                option_names(description).join(", ")
            ));
        };
        let Some(value) = spec.values.accept(value) else {
            return Err(format!(
                "option {} of {} takes {}, not {value:?}",
                spec.key,
                description.id,
                spec.values.describe()
            ));
        };
        let key = spec.key.clone();
        self.options.retain(|(set, _)| *set != key);
        self.options.push((key, value));
        self.game = None;
        Ok(())
    }

    /// Reads the endgame tables of the current variant and options, if
    /// built (once a process for each: the plugin keeps them), so that the
    /// first `go` after `readyok` does not spend its time reading them
    /// (20 seeds of Awalé are 677 MB). A damaged or missing table is the
    /// search's business: it plays without.
    fn read_tables(&self) {
        let plugin = &self.loaded().installed.plugin;
        let _ = plugin.endgame_tables(&self.options);
    }

    /// Answers one command line.
    fn command(&mut self, line: &str) -> Flow {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&name, arguments)) = tokens.split_first() else {
            return Flow::Go;
        };
        match name {
            "uci" => self.identify(),
            "isready" => {
                self.read_tables();
                send("readyok");
            }
            "debug" | "register" => {}
            "ucinewgame" => {
                self.stop();
                self.game = None;
            }
            "setoption" => self.set_option(arguments),
            "position" => self.set_position(arguments),
            "go" => self.go(arguments),
            "stop" => {
                if let Some(running) = &self.search {
                    running.control.held.store(false, Ordering::SeqCst);
                    running.control.stop.store(true, Ordering::SeqCst);
                }
            }
            "ponderhit" => self.ponderhit(),
            "quit" => return Flow::Quit,
            "help" => help(),
            other => info(&format!(
                "unknown command {other:?} (help lists the commands)"
            )),
        }
        Flow::Go
    }

    /// `uci`: who the engine is, its options, `uciok`.
    fn identify(&self) {
        send(&format!("id name awale {}", env!("CARGO_PKG_VERSION")));
        send("id author the awale contributors");
        send(&format!(
            "option name Threads type spin default {} min 1 max {MAX_THREADS}",
            self.threads
        ));
        send("option name Hash type spin default 16 min 1 max 4096");
        send("option name OwnBook type check default false");
        send("option name Ponder type check default true");
        send("option name Level type spin default 4 min 1 max 4");
        let ids: Vec<String> = self
            .found
            .iter()
            .map(|found| format!("var {}", found.summary.id))
            .collect();
        let description = self.loaded().installed.plugin.description();
        send(&format!(
            "option name UCI_Variant type combo default {} {}",
            description.id,
            ids.join(" ")
        ));
        for spec in &description.options {
            let default = self
                .options
                .iter()
                .find(|(key, _)| *key == spec.key)
                .map_or(spec.default.as_str(), |(_, value)| value.as_str());
            send(&match &spec.values {
                OptionValues::Choices(choices) => {
                    let vars: Vec<String> = choices.iter().map(|c| format!("var {c}")).collect();
                    format!(
                        "option name {} type combo default {default} {}",
                        spec.key,
                        vars.join(" ")
                    )
                }
                OptionValues::Range { min, max } => format!(
                    "option name {} type spin default {default} min {min} max {max}",
                    spec.key
                ),
            });
        }
        send("uciok");
    }

    /// `setoption name NAME [value VALUE]`.
    fn set_option(&mut self, arguments: &[&str]) {
        let Some(("name", rest)) = arguments.split_first().map(|(a, r)| (*a, r)) else {
            return info("setoption expects: setoption name NAME value VALUE");
        };
        let split = rest.iter().position(|&token| token == "value");
        let (name, value) = match split {
            Some(at) => (rest[..at].join(" "), rest[at + 1..].join(" ")),
            None => (rest.join(" "), String::new()),
        };
        let number = |low: u32, high: u32| {
            value
                .parse::<u32>()
                .ok()
                .filter(|n| (low..=high).contains(n))
        };
        match name.to_ascii_lowercase().as_str() {
            "threads" => match number(1, MAX_THREADS) {
                Some(threads) => self.threads = threads,
                None => info(&format!("Threads takes 1 to {MAX_THREADS}, not {value:?}")),
            },
            "level" => match number(1, 4) {
                Some(level) => self.level = level as u8,
                None => info(&format!("Level takes 1 to 4, not {value:?}")),
            },
            // The engine's table is its own; the engine has no book.
            "hash" | "ponder" => {}
            "ownbook" => {
                if value.eq_ignore_ascii_case("true") {
                    info("this engine has no opening book: OwnBook stays false");
                }
            }
            "uci_variant" => {
                self.stop();
                if let Err(why) = self.choose_variant(&value) {
                    info(&why);
                }
            }
            _ => {
                self.stop();
                if let Err(why) = self.set_variant_option(&name, &value) {
                    info(&why);
                }
            }
        }
    }

    /// `position startpos|fen F [moves M…]`; a position that cannot be
    /// set leaves the one before, said in an `info string`.
    fn set_position(&mut self, arguments: &[&str]) {
        let moves_at = arguments.iter().position(|&token| token == "moves");
        let (what, moves) = match moves_at {
            Some(at) => (&arguments[..at], &arguments[at + 1..]),
            None => (arguments, &[][..]),
        };
        let game = match what {
            ["startpos"] => self.start(),
            ["fen", fen] => self.at(fen),
            _ => Err(format!(
                "position expects startpos or fen FEN, then moves M…, not {:?}",
                what.join(" ")
            )),
        };
        let game = game.and_then(|game| self.played(game, moves));
        match game {
            Ok(game) => self.game = Some(game),
            Err(why) => info(&format!("{why}; the position is unchanged")),
        }
    }

    /// A game of the current variant and options at its start, its turns
    /// with nothing to choose played.
    fn start(&self) -> Result<Game, String> {
        let plugin = &self.loaded().installed.plugin;
        let mut game = plugin
            .new_game(&self.options, variant_api::Player(0))
            .map_err(|error| error.to_string())?;
        play_forced(&mut game)?;
        Ok(game)
    }

    /// A game at `fen`: the project's position text, or in Awalé the
    /// Abapa fen (with the options set).
    fn at(&mut self, fen: &str) -> Result<Game, String> {
        let text = if fen.contains(':') {
            let position = Position::parse(fen)?;
            if position.id != self.loaded().installed.plugin.description().id {
                self.choose_variant(&position.id)?;
            }
            fen.to_owned()
        } else if self.loaded().dialect == Dialect::Abapa {
            format!("{}:{}", self.head()?, abapa_body(fen)?)
        } else {
            return Err(format!(
                "{fen:?} is not a position of {} (ID[/KEY=VALUE…]:BODY)",
                self.loaded().installed.plugin.description().id
            ));
        };
        let plugin = &self.loaded().installed.plugin;
        let given: Vec<(String, String)> = if fen.contains(':') {
            Vec::new()
        } else {
            self.options.clone()
        };
        let mut game = plugin
            .new_game_at(&given, &text)
            .map_err(|error| format!("{}: {error}", plugin.description().id))?;
        play_forced(&mut game)?;
        Ok(game)
    }

    /// The head of a position text of the current variant and options
    /// (`variant_api::position::head`, the one home of that framing).
    fn head(&self) -> Result<String, String> {
        let description = self.loaded().installed.plugin.description();
        let options = Options::resolve(&description.options, &self.options)?;
        Ok(head(&description.id, &description.options, &options))
    }

    /// `game` after the move tokens `moves`, each checked by the rules.
    fn played(&self, mut game: Game, moves: &[&str]) -> Result<Game, String> {
        let inputs = self
            .loaded()
            .dialect
            .read(moves)
            .map_err(|token| format!("{token:?} is not a move"))?;
        for (ply, &input) in inputs.iter().enumerate() {
            let written = self.loaded().dialect.write(input);
            if let Turn::Over(_) = game.turn().map_err(|e| e.to_string())? {
                return Err(format!("move {written} (number {}) after the end", ply + 1));
            }
            match game.play(input) {
                Ok(_) => {}
                Err(PluginError::Refused(why)) => {
                    return Err(format!(
                        "illegal move {written} (number {}): {why}",
                        ply + 1
                    ))
                }
                Err(error) => return Err(error.to_string()),
            }
            play_forced(&mut game)?;
        }
        Ok(game)
    }

    /// `go …`: starts a search of the position set.
    fn go(&mut self, arguments: &[&str]) {
        self.stop();
        let go = parse_go(arguments);
        let game = match &self.game {
            Some(game) => game.clone(),
            None => match self.start() {
                Ok(game) => game,
                Err(why) => return info(&why),
            },
        };
        let mover = match game.turn() {
            Ok(Turn::Decide { player, .. }) => player,
            Ok(Turn::Over(_)) => return send("bestmove 0000"),
            Err(error) => return info(&format!("the variant failed: {error}")),
        };
        let seat = mover.index().min(1);
        let budget = go.movetime.or_else(|| {
            go.clock[seat].map(|left| {
                let share = left / go.moves_to_go.unwrap_or(30).max(1) + go.increment[seat] * 3 / 4;
                share.min(left.saturating_sub(50)).max(10)
            })
        });
        let unbounded = go.infinite || go.ponder || (budget.is_none() && go.depth.is_none());
        let budget_ms = if go.ponder || go.infinite {
            0
        } else {
            budget.map_or(0, |ms| ms.clamp(1, u64::from(u32::MAX)) as u32)
        };
        let limits = SearchLimits {
            level: self.level,
            budget_ms,
            max_depth: go.depth.unwrap_or(0),
            threads: self.threads,
            seed: self.seed,
        };
        self.seed = self.seed.wrapping_add(1);
        let control = Arc::new(Control {
            stop: AtomicBool::new(false),
            held: AtomicBool::new(go.infinite || go.ponder),
            deadline: Mutex::new(None),
            after_ponderhit: budget.filter(|_| go.ponder).map(Duration::from_millis),
        });
        let dialect = self.loaded().dialect;
        let warn = !self.told_unstoppable;
        let thread_control = Arc::clone(&control);
        let spawned = std::thread::Builder::new()
            .name("uci-search".to_owned())
            .spawn(move || search(game, limits, unbounded, dialect, &thread_control, warn));
        match spawned {
            Ok(thread) => {
                self.search = Some(Running { control, thread });
                self.told_unstoppable = true;
            }
            Err(error) => info(&format!("no thread for the search: {error}")),
        }
    }

    /// `ponderhit`: the move pondered was played; the search goes on for
    /// the time its `go ponder` gave, then answers.
    fn ponderhit(&mut self) {
        let Some(running) = &self.search else {
            return info("ponderhit without a search pondering");
        };
        let control = &running.control;
        if let Some(time) = control.after_ponderhit {
            if let Ok(mut deadline) = control.deadline.lock() {
                *deadline = Some(Instant::now() + time);
            }
        } else {
            // No time was given: answer now.
            control.stop.store(true, Ordering::SeqCst);
        }
        control.held.store(false, Ordering::SeqCst);
    }

    /// Stops the search running, if any, and waits for its `bestmove`.
    fn stop(&mut self) {
        if let Some(running) = self.search.take() {
            running.control.held.store(false, Ordering::SeqCst);
            running.control.stop.store(true, Ordering::SeqCst);
            let _ = running.thread.join();
        }
    }
}

/// The names of a variant's options, for a refusal.
fn option_names(description: &variant_api::Description) -> Vec<String> {
    description
        .options
        .iter()
        .map(|spec| spec.key.clone())
        .collect()
}

/// The arguments of `go`; what is not understood is said in an `info string`.
fn parse_go(arguments: &[&str]) -> Go {
    let mut go = Go::default();
    let mut tokens = arguments.iter();
    while let Some(&token) = tokens.next() {
        let mut number = |what: &str| -> Option<u64> {
            let value = tokens.next().and_then(|value| value.parse::<u64>().ok());
            if value.is_none() {
                info(&format!("go {what} expects a number"));
            }
            value
        };
        match token {
            "movetime" => go.movetime = number("movetime"),
            "depth" => go.depth = number("depth").map(|d| d.min(u64::from(u32::MAX)) as u32),
            "wtime" => go.clock[0] = number("wtime"),
            "btime" => go.clock[1] = number("btime"),
            "winc" => go.increment[0] = number("winc").unwrap_or(0),
            "binc" => go.increment[1] = number("binc").unwrap_or(0),
            "movestogo" => go.moves_to_go = number("movestogo"),
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            "nodes" | "mate" => {
                let _ = number(token);
                info(&format!(
                    "go {token} is not supported; searching without it"
                ));
            }
            "searchmoves" => {
                info("go searchmoves is not supported; searching every move");
                break;
            }
            other => info(&format!("go: unknown parameter {other:?} ignored")),
        }
    }
    go
}

/// Runs one search to its `bestmove` (on the search's own thread).
fn search(
    game: Game,
    limits: SearchLimits,
    unbounded: bool,
    dialect: Dialect,
    control: &Control,
    warn: bool,
) {
    let reporter = Reporter {
        game: &game,
        dialect,
        control,
        started: Instant::now(),
        last_pv: RefCell::new(Vec::new()),
    };
    let thought = match game.search(limits, &reporter) {
        Ok(Some(thought)) => Ok(thought),
        Ok(None) => {
            if warn {
                info("this variant's plugin (contract 1.0 or 1.1) has no reporting search: no info lines, and stop waits for its move");
            }
            let budget_ms = if unbounded || limits.budget_ms == 0 {
                UNSTOPPABLE_BUDGET_MS
            } else {
                limits.budget_ms
            };
            game.think(Think {
                level: limits.level,
                budget_ms,
                threads: limits.threads,
                seed: limits.seed,
            })
        }
        Err(error) => Err(error),
    };
    // `go infinite` and `go ponder` answer only when told.
    while control.held.load(Ordering::SeqCst) && !control.stop.load(Ordering::SeqCst) {
        std::thread::sleep(Duration::from_millis(2));
    }
    match thought {
        Ok(Thought { input, .. }) => {
            let line = reporter.last_pv.borrow();
            let ponder = match line.as_slice() {
                [first, reply, ..] if *first == input => {
                    format!(" ponder {}", dialect.write(*reply))
                }
                _ => String::new(),
            };
            send(&format!("bestmove {}{ponder}", dialect.write(input)));
        }
        Err(error) => {
            info(&format!("the variant failed: {error}"));
            send("bestmove 0000");
        }
    }
}

/// The search's observer: an `info` line per iteration, the stop asked.
struct Reporter<'a> {
    game: &'a Game,
    dialect: Dialect,
    control: &'a Control,
    started: Instant,
    /// The last principal variation, turns with nothing to choose left out.
    last_pv: RefCell<Vec<u32>>,
}

impl SearchObserver for Reporter<'_> {
    fn report(&self, report: &SearchReport) {
        let pv = decisions(self.game, report.pv());
        let elapsed = self.started.elapsed();
        let ms = elapsed.as_millis().max(1);
        let nps = u128::from(report.nodes) * 1000 / ms;
        let bound = match report.bound {
            variant_api::Bound::LOWER => " lowerbound",
            variant_api::Bound::UPPER => " upperbound",
            _ => "",
        };
        send(&format!(
            "info depth {} score cp {}{bound} nodes {} nps {nps} time {ms} pv {}",
            report.depth,
            centipawns(report.value, report.proven),
            report.nodes,
            self.dialect.write_line(&pv)
        ));
        *self.last_pv.borrow_mut() = pv;
    }

    fn stopped(&self) -> bool {
        self.control.stopped()
    }
}

/// The inputs of `line` from `game` that are decisions: it stops at the
/// first the rules refuse, and leaves out the turns with nothing to choose.
fn decisions(game: &Game, line: &[u32]) -> Vec<u32> {
    let mut game = game.clone();
    let mut kept = Vec::with_capacity(line.len());
    for &input in line {
        let forced = matches!(
            game.turn(),
            Ok(Turn::Decide { kind, .. }) if kind == DecisionKind::Forced
        );
        if game.play(input).is_err() {
            break;
        }
        if !forced {
            kept.push(input);
        }
    }
    kept
}

/// `help`: the commands, as `info string` lines.
fn help() {
    for line in HELP {
        info(line);
    }
}

/// The words of `help`, as `docs/engine-protocol.md` says them.
const HELP: &[&str] = &[
    "awale --uci: the engine protocol (UCI framing, mancala moves).",
    "uci | isready | ucinewgame | quit | help",
    "setoption name NAME value VALUE: Threads, Level (1-4), Hash, OwnBook, Ponder, UCI_Variant ID, and the variant's own options by key",
    "position startpos [moves M...] | position fen FEN [moves M...]",
    "Awale (default, capture=backward: Oware Abapa): moves A-F (South 1-6) a-f (North 7-12), together or spaced; FEN H1-...-H12-SS-NS-S|N",
    "other variants: moves are the variant's inputs (integers); FEN is the position text ID[/KEY=VALUE...]:BODY",
    "go [movetime MS] [depth D] [wtime MS btime MS winc MS binc MS movestogo N] [infinite] [ponder]; stop; ponderhit",
    "bestmove M [ponder P], 0000 when the game is over; info depth D score cp X pv ...: hundredths of a seed for the side to move, a proven win by m seeds is 100000+100m",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_reads_its_limits() {
        let go = parse_go(&["depth", "16", "movetime", "2400", "ponder"]);
        assert_eq!(
            go,
            Go {
                movetime: Some(2400),
                depth: Some(16),
                ponder: true,
                ..Go::default()
            }
        );
        let go = parse_go(&["wtime", "60000", "btime", "50000", "winc", "1000"]);
        assert_eq!(go.clock, [Some(60_000), Some(50_000)]);
        assert_eq!(go.increment, [1000, 0]);
        assert!(parse_go(&["infinite"]).infinite);
    }
}
