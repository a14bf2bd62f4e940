//! The shell completions (`host --completions SHELL`, installed by `make
//! install`) and the hidden queries they make (`SPEC.md` §2).
//!
//! clap_complete writes the completion of the options from the command
//! line's definition, with hidden arguments left out. Bash and fish get a
//! few lines more, which ask the program itself what depends on the
//! installed variants: `PROGRAM --candidates variants` (the ids, after the
//! program's name), `PROGRAM VARIANT --candidates first` or `computer` (the
//! seats, `hasard`, the levels) and `--candidates set` (the named variant's
//! `KEY=VALUE` options), with the command's `--plugins DIR` passed on. The
//! queries print one candidate a line and nothing when they cannot tell.

use std::fmt::Write as _;
use std::path::PathBuf;

use clap::Command;
use clap_complete::Shell;
use variant_api::OptionValues;

use crate::cli::{program, Candidates};
use crate::loading::discovery;
use crate::util::failure::{print, Failure};

/// The options that name no variant (a kept game, a record, a library):
/// after them the completions offer no variant id.
const STANDALONE: [&str; 6] = [
    "--resume",
    "--kept",
    "--replay",
    "--analyse",
    "--check",
    "--man",
];

/// The levels `--computer SEAT=LEVEL` accepts, by number.
const LEVELS: [&str; 4] = ["1", "2", "3", "4"];

/// Prints the candidates of `what`, one a line, for the variant `typed`
/// among the library `files`, with the options `settings` typed so far;
/// nothing when there is none to give.
pub(crate) fn answer(
    what: Candidates,
    typed: Option<&str>,
    settings: &[(String, String)],
    files: &[PathBuf],
) -> Result<(), Failure> {
    let found = discovery::describe_all(files).found;
    let words: Vec<String> = match (what, typed) {
        (Candidates::Variants, _) => found.iter().map(|f| f.summary.id.clone()).collect(),
        (_, None) => Vec::new(),
        (what, Some(typed)) => match discovery::choose(&found, typed).map(discovery::load) {
            Some(Ok(variant)) => {
                let description = variant.plugin.description();
                // The seats of the options typed so far (Oware's `players`).
                let seats = variant
                    .plugin
                    .seats(settings)
                    .unwrap_or_else(|_| description.players.clone());
                let seats = seats.into_iter().map(|seat| seat.to_lowercase());
                match what {
                    Candidates::First => seats.chain(["hasard".to_owned()]).collect(),
                    Candidates::Computer => seats
                        .flat_map(|seat| {
                            let levels: Vec<String> = LEVELS
                                .iter()
                                .map(|level| format!("{seat}={level}"))
                                .collect();
                            std::iter::once(seat).chain(levels)
                        })
                        .collect(),
                    _ => description
                        .options
                        .iter()
                        .flat_map(|option| match &option.values {
                            OptionValues::Choices(values) => values
                                .iter()
                                .map(|value| format!("{}={value}", option.key))
                                .collect(),
                            OptionValues::Range { .. } => vec![format!("{}=", option.key)],
                        })
                        .collect(),
                }
            }
            _ => Vec::new(),
        },
    };
    let mut text = String::new();
    for word in words {
        let _ = writeln!(text, "{word}");
    }
    print(&text)
}

/// The completion script of `shell` for the program as it was called.
pub(crate) fn script(shell: Shell) -> String {
    let name = program::name();
    let mut command = visible(program::command());
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, name, &mut script);
    let mut script = String::from_utf8_lossy(&script).into_owned();
    match shell {
        Shell::Bash => script.push_str(&bash(name, &command)),
        Shell::Fish => script.push_str(&fish(name, &command)),
        Shell::Zsh => script = zsh(name, &command, &script),
        _ => {}
    }
    script
}

/// `command` without its hidden arguments, which clap_complete would offer.
fn visible(command: Command) -> Command {
    let shown: Vec<clap::Arg> = command
        .get_arguments()
        .filter(|arg| !arg.is_hide_set())
        .cloned()
        .collect();
    Command::new(program::name())
        .bin_name(program::name())
        .disable_help_flag(true)
        .disable_version_flag(true)
        .version(env!("CARGO_PKG_VERSION"))
        .args(shown)
}

/// The long options of `command` that take a value.
fn valued_options(command: &Command) -> Vec<String> {
    command
        .get_arguments()
        .filter(|arg| arg.get_num_args().is_some_and(|n| n.min_values() > 0))
        .filter_map(|arg| arg.get_long())
        .map(|long| format!("--{long}"))
        .collect()
}

/// Bash: a function in front of clap's, completing the variant ids as the
/// first word that is no option, and the values of `--first`, `--computer`
/// and `--set` by asking the program; clap's function does the rest.
fn bash(name: &str, command: &Command) -> String {
    let function = format!("_{}", name.replace('-', "__"));
    let valued = valued_options(command).join("|");
    let standalone = STANDALONE.join("|");
    format!(
        r#"
# Completes what depends on the installed variants (variant ids, seats,
# options) by asking {name} itself; clap's {function} completes the rest.
{function}_variants() {{
    local line="${{COMP_LINE:0:COMP_POINT}}" cur prev variant="" alone="" plugins=() sets=() words i
    read -ra words <<< "$line"
    if [[ -z "$line" || "$line" == *[[:space:]] ]]; then
        cur=""
    else
        cur="${{words[${{#words[@]}}-1]}}"
        unset 'words[${{#words[@]}}-1]'
    fi
    prev="${{words[${{#words[@]}}-1]}}"
    i=1
    while [[ $i -lt ${{#words[@]}} ]]; do
        case "${{words[i]}}" in
            --plugins) plugins=(--plugins "${{words[i+1]}}"); i=$((i + 2)); continue ;;
            --plugins=*) plugins=("${{words[i]}}") ;;
            --set) (( i + 1 < ${{#words[@]}} )) && sets+=(--set "${{words[i+1]}}"); i=$((i + 2)); continue ;;
            {standalone}) alone=1 ;;
            {valued}) i=$((i + 2)); continue ;;
            -*) ;;
            *) [[ -z "$variant" ]] && variant="${{words[i]}}" ;;
        esac
        i=$((i + 1))
    done
    local what=""
    case "$prev" in
        --first) what=first ;;
        --computer) what=computer ;;
        --set) what=set ;;
        {valued}) ;;
        *) [[ -z "$variant" && -z "$alone" && "$cur" != -* ]] && what=variants ;;
    esac
    if [[ -z "$what" ]]; then
        {function} "$@"
        return
    fi
    local IFS=$'\n'
    COMPREPLY=($(compgen -W "$("${{words[0]}}" "${{plugins[@]}}" "${{sets[@]}}" $variant --candidates "$what" 2>/dev/null)" -- "$cur"))
    if [[ "$cur" == *=* && "$COMP_WORDBREAKS" == *=* ]]; then
        local before="${{cur%=*}}="
        COMPREPLY=("${{COMPREPLY[@]#"$before"}}")
    fi
    [[ "$what" == variants ]] || compopt -o nospace 2>/dev/null
}}
complete -F {function}_variants -o bashdefault -o default {name}
"#
    )
}

/// Zsh: clap's function renamed `_NAME_options`, behind a function of
/// the clap name that completes the variant ids as the first word that is
/// no option, and the values of `--first`, `--computer` and `--set` by
/// asking the program, as in bash; clap's function does the rest.
fn zsh(name: &str, command: &Command, clap_script: &str) -> String {
    // clap's last lines: `if [ "$funcstack[1]" = "_NAME" ]; then ... compdef`.
    let ending = "if [ \"$funcstack[1]\" = \"";
    let Some(at) = clap_script.rfind(ending) else {
        return clap_script.to_owned();
    };
    let function: String = clap_script[at + ending.len()..]
        .chars()
        .take_while(|&c| c != '"')
        .collect();
    let valued = valued_options(command).join("|");
    let standalone = STANDALONE.join("|");
    let ours = format!(
        r#"
# Completes what depends on the installed variants (variant ids, seats,
# options) by asking {name} itself; clap's {function}_options the rest.
{function}() {{
    local variant="" what="" alone="" i
    local -a plugins sets candidates
    for (( i = 2; i < CURRENT; i++ )); do
        case "${{words[i]}}" in
            --plugins) plugins=(--plugins "${{words[i+1]}}"); (( i++ )) ;;
            --plugins=*) plugins=("${{words[i]}}") ;;
            --set) (( i + 1 < CURRENT )) && sets+=(--set "${{words[i+1]}}"); (( i++ )) ;;
            {standalone}) alone=1 ;;
            {valued}) (( i++ )) ;;
            -*) ;;
            *) [[ -z "$variant" ]] && variant="${{words[i]}}" ;;
        esac
    done
    case "${{words[CURRENT-1]}}" in
        --first) what=first ;;
        --computer) what=computer ;;
        --set) what=set ;;
        {valued}) ;;
        *) [[ -z "$variant" && -z "$alone" && "${{words[CURRENT]}}" != -* ]] && what=variants ;;
    esac
    if [[ -z "$what" ]]; then
        {function}_options "$@"
        return
    fi
    candidates=("${{(@f)$("${{words[1]}}" "${{plugins[@]}}" "${{sets[@]}}" $variant --candidates "$what" 2>/dev/null)}}")
    if [[ "$what" == variants ]]; then
        compadd -a candidates
    else
        compadd -S '' -a candidates
    fi
}}

"#
    );
    let head = clap_script[..at].replacen(
        &format!("\n{function}() {{"),
        &format!("\n{function}_options() {{"),
        1,
    );
    format!("{head}{ours}{}", &clap_script[at..])
}

/// Fish: the variant ids as the first argument, and the values of
/// `--first`, `--computer` and `--set`, asked of the program.
fn fish(name: &str, command: &Command) -> String {
    let function = format!("__{}_candidates", name.replace('-', "_"));
    let standalone_fish = STANDALONE.join(" ");
    let valued_fish = valued_options(command).join(" ");
    format!(
        r#"
# What depends on the installed variants, asked of {name} itself.
function {function}
    set -l words (commandline -opc)
    set -l variant
    set -l plugins
    set -l sets
    set -l next
    for word in $words[2..-1]
        switch "$next"
            case plugins
                set plugins --plugins $word
                set next
                continue
            case set
                set -a sets --set $word
                set next
                continue
            case skip
                set next
                continue
        end
        switch $word
            case --plugins
                set next plugins
            case --set
                set next set
            case {standalone_fish}
                return
            case {valued_fish}
                set next skip
            case '--*'
            case '*'
                if test -z "$variant"
                    set variant $word
                end
        end
    end
    if test "$argv[1]" = variants -a -n "$variant"
        return
    end
    $words[1] $plugins $sets $variant --candidates $argv[1] 2>/dev/null
end
complete -c {name} -n '__fish_is_first_arg' -f -a '({function} variants)'
complete -c {name} -l first -x -a '({function} first)'
complete -c {name} -l computer -x -a '({function} computer)'
complete -c {name} -l set -x -a '({function} set)'
"#
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_completions_offer_the_options_but_not_the_hidden_ones() {
        for shell in [Shell::Bash, Shell::Zsh, Shell::Fish] {
            let script = script(shell);
            assert!(script.contains("resume"), "{shell}");
            assert!(script.contains("completions"), "{shell}");
            assert!(!script.contains("probe-library"), "{shell}");
        }
        let bash = script(Shell::Bash);
        let options = bash
            .lines()
            .find(|line| line.trim().starts_with("opts=\"-"));
        assert!(
            options.is_some_and(|line| line.contains("--list") && !line.contains("--candidates"))
        );
        assert!(!script(Shell::Zsh).contains("'--candidates"));
        assert!(!script(Shell::Fish).contains("-l candidates"));
        {}
    }

    #[test]
    fn bash_zsh_and_fish_ask_the_program_for_variants_seats_and_options() {
        let bash = script(Shell::Bash);
        assert!(bash.contains("--candidates \"$what\""), "{bash}");
        assert!(bash.contains("--first) what=first"), "{bash}");
        let fish = script(Shell::Fish);
        assert!(fish.contains("-l set -x -a"), "{fish}");
        let zsh = script(Shell::Zsh);
        let function = format!("_{}", program::name());
        assert!(zsh.contains("--candidates \"$what\""), "{zsh}");
        assert!(zsh.contains(&format!("\n{function}_options() {{")), "{zsh}");
        let ours = zsh.find(&format!("\n{function}() {{"));
        let called = zsh.rfind(&format!("compdef {function} "));
        assert!(ours.is_some() && ours < called, "{zsh}");
    }
}
