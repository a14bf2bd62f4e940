//! The author's guide (`docs/writing-a-variant.md`) tells the real
//! messages: each row of its table « When it goes wrong » is compared with
//! what the host, the compiler or the conformance kit prints in that case,
//! `…` standing for any text.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::process::Command;

use variant_kit::board::{Board, NoMemory, SowingRules};
use variant_kit::{Description, Options, Player, Step, TwoRows, Variant};
use variant_testing::Conformance;

use crate::util::{self, TempDir};

/// The first column of the guide's table « When it goes wrong »: each
/// message as the guide shows it.
fn guide_messages() -> Vec<String> {
    let guide = std::fs::read_to_string(util::workspace_root().join("docs/writing-a-variant.md"))
        .expect("the guide is readable");
    let table = guide
        .split("## When it goes wrong")
        .nth(1)
        .expect("the guide's table");
    table
        .lines()
        .filter(|line| line.starts_with("| `"))
        .filter_map(|line| {
            let cell = line.strip_prefix("| ")?.split(" | ").next()?;
            let code = cell
                .strip_prefix("`` ")
                .and_then(|cell| cell.strip_suffix(" ``"))
                .or_else(|| {
                    cell.strip_prefix('`')
                        .and_then(|cell| cell.strip_suffix('`'))
                })?;
            Some(code.to_owned())
        })
        .collect()
}

/// Whether `line` is what `shown` shows, `…` standing for any text.
fn matches(shown: &str, line: &str) -> bool {
    let parts: Vec<&str> = shown.split('…').collect();
    let Some((first, rest)) = parts.split_first() else {
        return false;
    };
    let Some(mut left) = line.strip_prefix(first) else {
        return false;
    };
    for (at, part) in rest.iter().enumerate() {
        let last = at + 1 == rest.len();
        match (last, left.find(part)) {
            (true, _) => return left.ends_with(part),
            (false, Some(found)) => left = &left[found + part.len()..],
            (false, None) => return false,
        }
    }
    left.is_empty()
}

/// The guide's row whose message `line` is, if any.
fn shown_for<'a>(rows: &'a [String], line: &str) -> Option<&'a String> {
    rows.iter().find(|shown| matches(shown, line))
}

/// Checks that some line of `printed` is a row of the guide, and returns
/// that row.
fn row_of(rows: &[String], what: &str, printed: &str) -> String {
    printed
        .lines()
        .find_map(|line| shown_for(rows, line.trim()))
        .unwrap_or_else(|| panic!("{what}: no row of the guide's table shows\n{printed}"))
        .clone()
}

/// What `host --list` prints on stderr with `library` alone in a folder.
fn listed(library: &std::path::Path) -> String {
    let folder = TempDir::new();
    folder.copy_in(library);
    util::stderr(&util::host(folder.path(), &["--list"], ""))
}

/// A toy on 2×1 holes that sows its one hole into the other's, for ever.
#[derive(Clone, Debug)]
struct Endless {
    board: Board<2, NoMemory>,
}

impl SowingRules for Endless {
    type Board = Board<2, NoMemory>;

    fn description() -> Description {
        Description {
            id: "endless".to_owned(),
            title: "Endless".to_owned(),
            title_with_article: "d'Endless".to_owned(),
            version: "0".to_owned(),
            summary: "a game that never ends".to_owned(),
            rules: "never ends".to_owned(),
            players: variant_kit::sud_nord(),
            options: Vec::new(),
            agreement_ends_game: false,
        }
    }

    fn start(_options: &Options, first: Player) -> Result<Self, String> {
        let board = Board::new(TwoRows::new(1), [1, 1], [0, 0], first);
        Ok(Endless { board })
    }

    fn board(&self) -> &Board<2, NoMemory> {
        &self.board
    }

    fn board_mut(&mut self) -> &mut Board<2, NoMemory> {
        &mut self.board
    }

    fn play_move(&mut self, input: u32) -> Result<Step, String> {
        let pit = self.board.own_hole(input)?;
        self.board.pits[pit] -= 1;
        self.board.pits[1 - pit] += 1;
        let mover = self.board.to_move;
        if self.board.row_seeds(mover.opponent()) > 0 {
            self.board.to_move = mover.opponent();
        }
        Ok(Step::Completed(Default::default()))
    }
}

variant_kit::sowing_variant!(Endless);

/// The endless toy whose positions are written but never read back.
#[derive(Clone, Debug)]
struct Unreadable(Endless);

impl Variant for Unreadable {
    fn describe() -> Description {
        Endless::describe()
    }
    fn new(options: &Options, first: Player) -> Result<Self, String> {
        <Endless as Variant>::new(options, first).map(Unreadable)
    }
    fn turn(&self) -> variant_kit::Turn {
        self.0.turn()
    }
    fn legal_inputs(&self, inputs: &mut variant_kit::Inputs) {
        self.0.legal_inputs(inputs);
    }
    fn play(&mut self, input: u32) -> Result<Step, String> {
        self.0.play(input)
    }
    fn scores(&self) -> &[u32] {
        self.0.scores()
    }
    fn layout(&self) -> variant_kit::Layout {
        self.0.layout()
    }
    fn seeds(&self) -> Vec<u32> {
        self.0.seeds()
    }
    fn end_reason(&self) -> String {
        self.0.end_reason()
    }
    fn position(&self) -> Option<Result<String, String>> {
        self.0.position()
    }
    fn at_position(_options: &Options, _body: &str) -> Option<Result<Self, String>> {
        Some(Err("illisible".to_owned()))
    }
}

/// The message of the panic `run` ends with.
fn panic_of(run: impl FnOnce()) -> String {
    let payload = catch_unwind(AssertUnwindSafe(run)).expect_err("the run fails");
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| {
            payload
                .downcast_ref::<&str>()
                .map(|text| (*text).to_owned())
        })
        .unwrap_or_default()
}

/// What the compiler says of a plugin crate that calls `export_variant!`
/// without declaring the `plugin` feature: built as an `rlib` (no library
/// lands where a host would look for plugins), into the workspace's target
/// folder with its lock file, so that the dependencies already built serve.
fn built_without_the_plugin_feature() -> String {
    let root = util::workspace_root();
    let scratch = TempDir::new();
    let manifest = format!(
        "[package]\nname = \"guide-no-feature\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\
         publish = false\n\n[lib]\npath = \"lib.rs\"\n\n[dependencies]\n\
         variant-kit = {{ path = {:?} }}\n\n[workspace]\n",
        root.join("variant-kit")
    );
    scratch.write("Cargo.toml", manifest.as_bytes());
    scratch.write(
        "lib.rs",
        b"//! A variant that forgot its `plugin` feature.\n\
          variant_kit::export_variant!(Game);\n\
          /// A game.\n#[derive(Clone)]\npub struct Game;\n\
          impl variant_kit::Variant for Game {\n\
          fn describe() -> variant_kit::Description { unimplemented!() }\n\
          fn new(_: &variant_kit::Options, _: variant_kit::Player) -> Result<Self, String> { Ok(Game) }\n\
          fn turn(&self) -> variant_kit::Turn { unimplemented!() }\n\
          fn legal_inputs(&self, _: &mut variant_kit::Inputs) {}\n\
          fn play(&mut self, _: u32) -> Result<variant_kit::Step, String> { unimplemented!() }\n\
          fn scores(&self) -> &[u32] { &[] }\n\
          fn layout(&self) -> variant_kit::Layout { unimplemented!() }\n\
          fn seeds(&self) -> Vec<u32> { Vec::new() }\n\
          fn end_reason(&self) -> String { String::new() }\n}\n",
    );
    std::fs::copy(root.join("Cargo.lock"), scratch.path().join("Cargo.lock"))
        .expect("the lock file can be copied");
    let target = util::build_dir()
        .parent()
        .expect("target/<profile> has a parent")
        .to_path_buf();
    let output = Command::new(env!("CARGO"))
        .current_dir(scratch.path())
        .args(["build", "--offline", "--color", "never", "--target-dir"])
        .arg(&target)
        .output()
        .expect("cargo runs");
    assert!(output.status.success(), "{}", util::stderr(&output));
    util::stderr(&output)
}

#[test]
fn every_row_of_the_guides_table_is_a_real_message() {
    let rows = guide_messages();
    assert!(rows.len() >= 9, "the guide's table: {rows:?}");
    let mut seen: Vec<String> = Vec::new();
    let mut check = |what: &str, printed: &str| seen.push(row_of(&rows, what, printed));

    check("no plugin feature", &listed(&util::fixture("plain-cdylib")));
    check(
        "no plugin feature, at build time",
        &built_without_the_plugin_feature(),
    );
    check(
        "a 0.x plugin",
        &listed(&util::fixture("incompatible-plugin")),
    );
    check(
        "a 1.x plugin refused",
        &listed(&util::fixture("unloadable-1x-plugin")),
    );
    check(
        "a plugin of a later major",
        &listed(&util::fixture("later-major-plugin")),
    );

    let folder = TempDir::new();
    folder.copy_in(&util::library("awale"));
    util::set_mode(folder.path(), 0o775);
    check(
        "a folder others may write",
        &util::stderr(&util::host(folder.path(), &["--list"], "")),
    );

    let folder = TempDir::new();
    folder.copy_in(&util::fixture("panicking-variant"));
    check(
        "a panic in the rules",
        &util::stderr(&util::host(folder.path(), &["panicking"], "1 2 1\n")),
    );

    check(
        "a game that never ends",
        &panic_of(|| {
            Conformance::new().games(1).run::<Endless>();
        }),
    );
    check(
        "a position not read back",
        &panic_of(|| {
            Conformance::new().games(1).run::<Unreadable>();
        }),
    );

    for row in &rows {
        assert!(seen.contains(row), "the guide's row `{row}` was not met");
    }
}

#[test]
fn a_message_is_matched_with_its_variable_parts() {
    assert!(matches(
        "warn: skipped …: not a plugin",
        "warn: skipped /a/b.so: not a plugin"
    ));
    assert!(matches(
        "… no end after 10 decisions",
        "game 1: no end after 10 decisions"
    ));
    assert!(matches("a … b … c", "a 1 b 2 c"));
    assert!(!matches("a … b", "a 1 c"));
    assert!(!matches("warn: x", "warn: x and more"));
}
