//! Helpers of the end-to-end tests: building the workspace once, finding its
//! binaries and plugin libraries, making plugin folders and running `host`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

/// The workspace root (the parent of this crate).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the tests crate lives in the workspace")
        .to_path_buf()
}

/// The folder holding `host` and the plugin libraries, built once per test
/// run with the same cargo and profile as the tests themselves, in one
/// `cargo build` with the fixtures (so that it resolves features once).
pub fn build_dir() -> &'static Path {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(|| {
        let exe = std::env::current_exe().expect("the test binary has a path");
        // target/<profile>/deps/e2e-<hash>
        let dir = exe
            .parent()
            .and_then(Path::parent)
            .expect("the test binary lives in target/<profile>/deps")
            .to_path_buf();
        let release = dir.file_name().is_some_and(|name| name == "release");
        cargo_build(
            "host, plugins and test fixtures",
            &[
                "--lib",
                "--bins",
                "--example",
                "plain-cdylib",
                "--example",
                "incompatible-plugin",
                "--example",
                "panicking-variant",
                "--example",
                "hanging-library",
                "--example",
                "later-major-plugin",
                "--example",
                "unloadable-1x-plugin",
            ],
            release,
        );
        dir
    })
}

/// The folder holding the fixture libraries of `tests/fixtures/`: they are
/// built as `cdylib` examples of this crate, so they share the workspace's
/// dependency builds yet land in `target/<profile>/examples/`, never beside
/// `host` where it would take them for variants.
pub fn fixtures_dir() -> PathBuf {
    build_dir().join("examples")
}

fn cargo_build(what: &str, args: &[&str], release: bool) {
    let mut cargo = Command::new(env!("CARGO"));
    cargo
        .current_dir(workspace_root())
        .args(["build", "--quiet"])
        .args(args);
    if release {
        cargo.arg("--release");
    }
    // Straight to stderr: the test harness captures `eprintln!`.
    let _ = writeln!(
        std::io::stderr(),
        "e2e: building {what} (cargo build --quiet {}{})",
        args.join(" "),
        if release { " --release" } else { "" }
    );
    let status = cargo.status().expect("cargo runs");
    assert!(status.success(), "cargo build {args:?} failed");
}

fn library_name(crate_name: &str) -> String {
    format!(
        "{}{}{}",
        std::env::consts::DLL_PREFIX,
        crate_name.replace('-', "_"),
        std::env::consts::DLL_SUFFIX
    )
}

/// The `host` executable.
pub fn host_exe() -> PathBuf {
    build_dir().join(format!("host{}", std::env::consts::EXE_SUFFIX))
}

/// The library file of the variant crate `crate_name` (`awale`).
pub fn library(crate_name: &str) -> PathBuf {
    build_dir().join(library_name(crate_name))
}

/// The library file of the fixture crate `crate_name` (`plain-cdylib`).
pub fn fixture(crate_name: &str) -> PathBuf {
    fixtures_dir().join(library_name(crate_name))
}

/// The library files of every variant under `plugins/`.
pub fn variant_libraries() -> Vec<PathBuf> {
    let mut crates: Vec<String> = std::fs::read_dir(workspace_root().join("plugins"))
        .expect("plugins/ is readable")
        .filter_map(|entry| entry.ok())
        .filter(|entry| entry.path().join("Cargo.toml").is_file())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    crates.sort();
    crates.iter().map(|name| library(name)).collect()
}

/// The ids of the workspace's variants (their crates' names).
pub fn variant_ids() -> Vec<String> {
    variant_libraries()
        .iter()
        .filter_map(|library| library.file_stem())
        .map(|stem| {
            let stem = stem.to_string_lossy();
            stem.strip_prefix(std::env::consts::DLL_PREFIX)
                .unwrap_or(&stem)
                .replace('_', "-")
        })
        .collect()
}

/// A folder under the system's temporary folder, removed when dropped.
pub struct TempDir(PathBuf);

impl TempDir {
    /// A new empty folder.
    pub fn new() -> TempDir {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let path = std::env::temp_dir().join(format!(
            "awale-e2e-{}-{}",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::SeqCst)
        ));
        std::fs::create_dir_all(&path).expect("the temporary folder can be made");
        // Whatever the umask, only the owner may write: the host refuses more.
        set_mode(&path, 0o755);
        TempDir(path)
    }

    /// The folder's path.
    pub fn path(&self) -> &Path {
        &self.0
    }

    /// Copies `file` into the folder, keeping its name; returns the copy.
    pub fn copy_in(&self, file: &Path) -> PathBuf {
        let name = file.file_name().expect("a file name");
        let copy = self.0.join(name);
        std::fs::copy(file, &copy)
            .unwrap_or_else(|error| panic!("copy {}: {error}", file.display()));
        set_mode(&copy, 0o755);
        copy
    }

    /// Writes `bytes` to the file `name` of the folder; returns its path.
    pub fn write(&self, name: &str, bytes: &[u8]) -> PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, bytes).expect("the file can be written");
        set_mode(&path, 0o644);
        path
    }
}

/// Sets the permission bits of `path` (on unix; elsewhere nothing).
pub fn set_mode(path: &Path, mode: u32) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
            .unwrap_or_else(|error| panic!("chmod {}: {error}", path.display()));
    }
    #[cfg(not(unix))]
    let _ = (path, mode);
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A plugins folder holding copies of `libraries`.
pub fn plugins_folder(libraries: &[PathBuf]) -> TempDir {
    let folder = TempDir::new();
    for library in libraries {
        folder.copy_in(library);
    }
    folder
}

/// The home of the hosts the tests run, `target/<profile>/e2e-home`, so
/// that no test writes into the real home (kept games, caches).
pub fn test_home() -> &'static Path {
    static HOME: OnceLock<PathBuf> = OnceLock::new();
    HOME.get_or_init(|| {
        let home = build_dir().join("e2e-home");
        std::fs::create_dir_all(&home).expect("the test home can be made");
        set_mode(&home, 0o755);
        // Every game's first note of endgame tables said already, so that
        // what a game says does not depend on the tests run before it
        // (`tests/e2e/endgames.rs` checks the note with a cache of its own).
        // The temporary folder of the hosts run (`--check` leaves there the
        // record of a game that failed), so that the tests leave nothing
        // in the machine's own.
        std::fs::create_dir_all(home.join("tmp")).expect("the test temporary folder can be made");
        let endgames = home.join("cache/awale/endgames");
        std::fs::create_dir_all(&endgames).expect("the test cache can be made");
        for id in ["awale", "oware"] {
            std::fs::write(endgames.join(format!(".told-{id}")), "").expect("a note said");
        }
        home
    })
}

/// A command running `host` (the executable `exe`) with `args`, in an
/// environment of no plugins folder, no `RUST_LOG`, no user plugins folder,
/// and state, cache, configuration (no settings file: a user's own never
/// counts) and temporary folders under [`test_home`].
pub fn command(exe: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(exe);
    let home = test_home();
    command
        .args(args)
        .env_remove("AWALE_PLUGINS")
        .env_remove("RUST_LOG")
        .env("HOME", home)
        .env("XDG_STATE_HOME", home.join("state"))
        .env("XDG_CACHE_HOME", home.join("cache"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", "/nonexistent/awale-e2e-data")
        .env("TMPDIR", home.join("tmp"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// Runs `command` with `stdin` as its standard input.
pub fn output(command: &mut Command, stdin: &[u8]) -> Output {
    let mut child = command.spawn().expect("host starts");
    if let Some(mut input) = child.stdin.take() {
        // The host may exit before reading everything: a broken pipe is fine.
        let _ = input.write_all(stdin);
    }
    child.wait_with_output().expect("host runs")
}

/// Runs `host` (the executable `exe`) with `args` and `stdin`.
pub fn run(exe: &Path, args: &[&str], stdin: &str) -> Output {
    output(&mut command(exe, args), stdin.as_bytes())
}

/// Runs the built `host` on the plugins `folder`.
pub fn host(folder: &Path, args: &[&str], stdin: &str) -> Output {
    output(&mut host_command(folder, args), stdin.as_bytes())
}

/// A command running the built `host` on the plugins `folder`.
pub fn host_command(folder: &Path, args: &[&str]) -> Command {
    let folder = folder.to_str().expect("a UTF-8 temporary path");
    let mut all = vec!["--plugins", folder];
    all.extend_from_slice(args);
    command(&host_exe(), &all)
}

/// Standard output as text.
pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A plugins folder holding Awalé alone.
pub fn awale_folder() -> TempDir {
    plugins_folder(&[library("awale")])
}

/// `path` as a command-line argument (temporary paths are UTF-8).
pub fn path_arg(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 temporary path")
}

/// A command running the host on `folder` with its own kept games' folder
/// `state` (`XDG_STATE_HOME`).
pub fn host_with_state(folder: &Path, state: &Path, args: &[&str]) -> Command {
    let mut command = host_command(folder, args);
    command.env("XDG_STATE_HOME", state);
    command
}

/// The last line of `output`'s standard error.
pub fn last_line(output: &Output) -> String {
    stderr(output).lines().last().unwrap_or_default().to_owned()
}

/// A kept game's short name, as `--resume` says it: its file's name
/// without `.txt` nor the variant's id.
pub fn short_name(path: &Path, variant: &str) -> String {
    let name = path.file_name().expect("a name").to_string_lossy();
    name.trim_end_matches(".txt")
        .trim_end_matches(&format!("-{variant}"))
        .to_owned()
}
