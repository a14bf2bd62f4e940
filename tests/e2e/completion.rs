//! The bash completions (`SPEC.md` §2), sourced in bash with the variables
//! bash sets for a completion (`COMP_WORDS`, `COMP_CWORD`, `COMP_LINE`,
//! `COMP_POINT`): variant ids after the program's name, seats after
//! `--first` and `--computer`, the named variant's options after `--set`,
//! asked of the program; hidden flags never offered.

use std::process::{Command, Stdio};

use crate::util::{self, TempDir};

/// The candidates bash gets for `line` (the cursor at its end), completing
/// the program `awale` of `bin` with the plugins of `plugins`.
fn complete(bin: &TempDir, plugins: &TempDir, line: &str) -> Vec<String> {
    let script = bin.path().join("awale.bash");
    let program = bin.path().join("awale");
    let line = line.replacen("awale ", &format!("{} ", program.display()), 1);
    let output = Command::new("bash")
        .arg("--norc")
        .arg("-c")
        .arg(
            r#"source "$1"
COMP_LINE="$2"
COMP_POINT=${#COMP_LINE}
read -ra COMP_WORDS <<< "$COMP_LINE"
[[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
function=$(complete -p awale | sed 's/.*-F \([^ ]*\) .*/\1/')
"$function" "${COMP_WORDS[0]}" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
printf '%s\n' "${COMPREPLY[@]}""#,
        )
        .arg("completion-test")
        .arg(&script)
        .arg(&line)
        .env("AWALE_PLUGINS", plugins.path())
        .env("HOME", util::test_home())
        .env("XDG_CACHE_HOME", util::test_home().join("cache"))
        .env("XDG_CONFIG_HOME", util::test_home().join("config"))
        .stdin(Stdio::null())
        .output()
        .expect("bash runs");
    assert!(output.status.success(), "{}", util::stderr(&output));
    util::stdout(&output)
        .lines()
        .filter(|line| !line.is_empty())
        .map(str::to_owned)
        .collect()
}

#[cfg(unix)]
#[test]
fn bash_completes_variants_seats_and_options_by_asking_the_program() {
    let bin = TempDir::new();
    std::os::unix::fs::symlink(util::host_exe(), bin.path().join("awale"))
        .expect("a symlink named awale");
    let script = util::run(&bin.path().join("awale"), &["--completions", "bash"], "");
    assert_eq!(script.status.code(), Some(0), "{}", util::stderr(&script));
    bin.write("awale.bash", &script.stdout);
    let plugins = util::plugins_folder(&[
        util::library("awale"),
        util::library("kalah"),
        util::library("oware"),
    ]);

    assert_eq!(
        complete(&bin, &plugins, "awale "),
        ["awale", "kalah", "oware"]
    );
    assert_eq!(complete(&bin, &plugins, "awale k"), ["kalah"]);
    assert_eq!(
        complete(&bin, &plugins, "awale awale --first "),
        ["sud", "nord", "hasard"]
    );
    let computer = complete(&bin, &plugins, "awale awale --computer n");
    assert_eq!(computer, ["nord", "nord=1", "nord=2", "nord=3", "nord=4"]);
    let settings = complete(&bin, &plugins, "awale awale --set ");
    assert!(
        settings.iter().any(|s| s == "capture=backward"),
        "{settings:?}"
    );
    assert!(
        settings.iter().all(|s| s.starts_with("capture=")),
        "{settings:?}"
    );
    assert_eq!(
        complete(
            &bin,
            &plugins,
            "awale --plugins /nonexistent awale --first "
        ),
        Vec::<String>::new(),
        "the command's --plugins is passed on"
    );
    // A kept game, a record or a library names no variant.
    for line in ["awale --resume ", "awale --kept ", "awale --analyse 2 "] {
        let offered = complete(&bin, &plugins, line);
        assert!(
            !offered
                .iter()
                .any(|word| word == "awale" || word == "kalah"),
            "{line}: {offered:?}"
        );
    }
    // The seats of the options typed so far.
    assert_eq!(
        complete(&bin, &plugins, "awale oware --set players=3 --first "),
        ["sud", "nord", "est", "hasard"]
    );
    let options = complete(&bin, &plugins, "awale --");
    assert!(options.iter().any(|o| o == "--list"), "{options:?}");
    assert!(options.iter().any(|o| o == "--computer"), "{options:?}");
    for hidden in ["--probe-library", "--candidates"] {
        assert!(
            !options.iter().any(|o| o == hidden),
            "{hidden}: {options:?}"
        );
    }
    let help = util::run(&bin.path().join("awale"), &["--help"], "");
    let help = util::stdout(&help);
    assert!(help.contains("awale") && !help.contains("probe") && !help.contains("candidates"));
}
