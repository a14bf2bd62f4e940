//! The command line's usage errors in French, one line each (`SPEC.md`
//! §2: a player meets them), from what clap found wrong: the argument, the
//! value, and what would have been right.

use clap::error::{ContextKind, ContextValue, ErrorKind};

use crate::cli::program;

/// The one line that says what is wrong with the command line, in French,
/// without its `erreur :` prefix.
pub(crate) fn in_french(error: &clap::Error) -> String {
    let text = |kind: ContextKind| match error.get(kind) {
        Some(ContextValue::String(value)) => Some(value.clone()),
        Some(ContextValue::Strings(values)) => Some(values.join(", ")),
        Some(ContextValue::StyledStr(value)) => Some(value.to_string()),
        Some(ContextValue::StyledStrs(values)) => Some(
            values
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", "),
        ),
        Some(ContextValue::Number(number)) => Some(number.to_string()),
        _ => None,
    };
    let argument = text(ContextKind::InvalidArg).map(|argument| short_name(&argument));
    let argument = argument.unwrap_or_default();
    let help = format!("(voir {} --help)", program::name());
    let said = match error.kind() {
        ErrorKind::UnknownArgument => match text(ContextKind::SuggestedArg) {
            Some(suggested) => format!(
                "argument inattendu : « {argument} » ; vouliez-vous dire {} ?",
                short_name(&suggested)
            ),
            None => format!("argument inattendu : « {argument} » {help}"),
        },
        ErrorKind::InvalidValue => match text(ContextKind::InvalidValue) {
            Some(value) if !value.is_empty() => {
                let accepted = text(ContextKind::ValidValue)
                    .map(|valid| format!(" ; les valeurs sont {valid}"))
                    .unwrap_or_default();
                format!("valeur refusée pour {argument} : « {value} »{accepted}")
            }
            _ => format!("{argument} attend une valeur {help}"),
        },
        ErrorKind::ValueValidation => {
            let value = text(ContextKind::InvalidValue).unwrap_or_default();
            let reason = std::error::Error::source(error)
                .map(|source| format!(" : {source}"))
                .unwrap_or_default();
            format!("valeur refusée pour {argument} : « {value} »{reason}")
        }
        ErrorKind::ArgumentConflict => match text(ContextKind::PriorArg) {
            Some(prior) => format!("{argument} ne va pas avec {} {help}", short_name(&prior)),
            None => format!("{argument} ne va pas avec les autres arguments {help}"),
        },
        ErrorKind::TooManyValues | ErrorKind::WrongNumberOfValues => {
            format!("trop de valeurs pour {argument} {help}")
        }
        ErrorKind::MissingRequiredArgument => {
            format!("il manque un argument {help}")
        }
        ErrorKind::InvalidUtf8 => format!("un argument n'est pas du texte UTF-8 {help}"),
        ErrorKind::NoEquals => format!("{argument} s'écrit avec un signe = {help}"),
        _ => format!("ligne de commande incorrecte {help}"),
    };
    said.replace("  ", " ")
}

/// An argument as clap names it, without its value's name: `--record`
/// for `--record <FILE>`.
fn short_name(argument: &str) -> String {
    argument
        .split([' ', '='])
        .next()
        .unwrap_or(argument)
        .trim_matches('\'')
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::program;

    fn said(arguments: &[&str]) -> String {
        let mut all = vec!["host"];
        all.extend_from_slice(arguments);
        let error = program::command()
            .try_get_matches_from(all)
            .expect_err("a usage error");
        in_french(&error)
    }

    #[test]
    fn usage_errors_are_one_line_of_french_naming_the_argument() {
        assert_eq!(
            said(&["--bogus"]),
            format!(
                "argument inattendu : « --bogus » (voir {} --help)",
                program::name()
            )
        );
        assert_eq!(
            said(&["--lisst"]),
            "argument inattendu : « --lisst » ; vouliez-vous dire --list ?"
        );
        assert!(said(&["--list", "--record", "f"]).starts_with("--list ne va pas avec --record"));
        assert!(said(&["--threads", "0"]).starts_with("valeur refusée pour --threads : « 0 »"));
        assert!(said(&["--completions", "tcsh"])
            .starts_with("valeur refusée pour --completions : « tcsh » ; les valeurs sont"));
        assert!(said(&["awale", "--first"]).starts_with("--first attend une valeur"));
        for arguments in [&["a", "b"][..], &["--think", "x"], &["--set", "x"]] {
            let line = said(arguments);
            assert!(!line.contains('\n') && !line.contains("error"), "{line}");
        }
    }
}
