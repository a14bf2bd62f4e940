//! The released versions of the contract, built from their recorded commits
//! (`variant-api/contract/releases.txt`, one `VERSION COMMIT` a line): for
//! each, a git worktree of this clone's own history under
//! `target/releases/src/VERSION` (reused while it stands at that commit),
//! built with `cargo build --locked -p host -p awale` into one target folder
//! shared by every release (`target/releases/build`, so that their
//! dependencies are compiled once), its host and Awalé plugin then copied to
//! `target/releases/VERSION/` (the shared folder's next build writes over
//! them there).
//!
//! Shared by the layout test (`variant-api/tests/layout.rs`, which checks
//! today's layout against each released one with abi_stable's checker) and
//! the end-to-end test `compat` (`tests/e2e/compat.rs`, which includes this
//! file by its path and plays both directions). A release whose commit is
//! not in the clone (a shallow clone) fails the test in one line naming the
//! fix; it never passes silently.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// A released version of the contract, built from its commit.
pub struct Release {
    /// Its version, `1.1.0`.
    pub version: String,
    /// Its commit, 40 hexadecimal digits.
    pub commit: String,
    /// Its sources: the worktree at its commit.
    pub source: PathBuf,
    /// The folder of its built host and Awalé plugin.
    pub built: PathBuf,
}

impl Release {
    /// Its host, built from its commit.
    // Used by the end-to-end test, which includes this file too.
    #[allow(dead_code)]
    pub fn host(&self) -> PathBuf {
        self.built
            .join(format!("host{}", std::env::consts::EXE_SUFFIX))
    }

    /// Its Awalé plugin, built from its commit.
    pub fn awale(&self) -> PathBuf {
        self.built.join(library_name("awale"))
    }
}

/// The file name of the plugin library of crate `name`.
fn library_name(name: &str) -> String {
    format!(
        "{}{name}{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    )
}

/// The workspace root: the parent of the crate this file is compiled into
/// (`variant-api` or `tests`).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the crate lives in the workspace")
        .to_path_buf()
}

/// The record of releases.
pub fn record_path() -> PathBuf {
    workspace_root().join("variant-api/contract/releases.txt")
}

/// The releases recorded, in the file's order (oldest first): version and
/// commit. A line that is not `VERSION COMMIT` fails in one line.
pub fn recorded() -> Vec<(String, String)> {
    let path = record_path();
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("{}: cannot be read: {error}", path.display()));
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let mut words = line.split_whitespace();
            match (words.next(), words.next(), words.next()) {
                (Some(version), Some(commit), None)
                    if commit.len() == 40 && commit.chars().all(|c| c.is_ascii_hexdigit()) =>
                {
                    (version.to_owned(), commit.to_owned())
                }
                _ => panic!(
                    "{}: « {line} » is not `VERSION COMMIT` (the full 40-digit hash)",
                    path.display()
                ),
            }
        })
        .collect()
}

/// Every recorded release, built once per test process (see the module docs).
pub fn built() -> &'static [Release] {
    static BUILT: OnceLock<Vec<Release>> = OnceLock::new();
    BUILT.get_or_init(|| {
        let root = workspace_root();
        let releases = root.join("target/releases");
        recorded()
            .into_iter()
            .map(|(version, commit)| build(&root, &releases, version, commit))
            .collect()
    })
}

/// Runs git in `dir`; its standard output, trimmed, when it succeeds.
fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let output = Command::new("git")
        .current_dir(dir)
        .args(args)
        .output()
        .ok()?;
    output
        .status
        .success()
        .then(|| String::from_utf8_lossy(&output.stdout).trim().to_owned())
}

/// Builds the release `version` from `commit` under `releases`.
fn build(root: &Path, releases: &Path, version: String, commit: String) -> Release {
    let record = record_path();
    if git(root, &["cat-file", "-e", &format!("{commit}^{{commit}}")]).is_none() {
        panic!(
            "{}: the commit {commit} of variant-api {version} is not in this clone (a shallow \
             clone, or no git history): run `git fetch --unshallow` in {}, then test again",
            record.display(),
            root.display()
        );
    }
    let source = releases.join("src").join(&version);
    let at_commit = source.join(".git").is_file()
        && git(&source, &["rev-parse", "HEAD"]).as_deref() == Some(commit.as_str());
    if !at_commit {
        if source.exists() {
            std::fs::remove_dir_all(&source)
                .unwrap_or_else(|error| panic!("{}: cannot be removed: {error}", source.display()));
        }
        // A worktree registered by an earlier run whose folder is gone.
        let _ = git(root, &["worktree", "prune"]);
        let path = source.to_str().expect("a UTF-8 workspace path");
        git(
            root,
            &["worktree", "add", "--force", "--detach", path, &commit],
        )
        .unwrap_or_else(|| {
            panic!("git worktree add {path} {commit} failed (variant-api {version})")
        });
    }
    let target = releases.join("build");
    let status = Command::new(env!("CARGO"))
        .current_dir(&source)
        .env_remove("CARGO_TARGET_DIR")
        .args(["build", "--quiet", "--locked", "-p", "host", "-p", "awale"])
        .arg("--target-dir")
        .arg(&target)
        .status()
        .expect("cargo runs");
    assert!(
        status.success(),
        "variant-api {version}: its host and Awalé do not build from {} (--locked)",
        source.display()
    );
    let built = releases.join(&version);
    std::fs::create_dir_all(&built).expect("the release's folder can be made");
    for name in [
        format!("host{}", std::env::consts::EXE_SUFFIX),
        library_name("awale"),
    ] {
        // Copied beside, then renamed over: a library another test process
        // has loaded is never written into.
        let staged = built.join(format!(".{name}.new"));
        std::fs::copy(target.join("debug").join(&name), &staged)
            .and_then(|_| std::fs::rename(&staged, built.join(&name)))
            .unwrap_or_else(|error| panic!("{name} of variant-api {version}: {error}"));
    }
    Release {
        version,
        commit,
        source,
        built,
    }
}
