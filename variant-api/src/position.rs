//! Positions (SPEC §2 « Positions », contract 1.1): where a game stands, as
//! one line of printable ASCII without spaces, `ID[/KEY=VALUE…]:BODY`.
//!
//! This module is the one home of the framing around the body: the
//! variant's id, then each option whose value differs from its default (in
//! the order of the description, keys and values as [`crate::Options`]
//! holds them), then `:` and the body. The host parses it to find the
//! variant ([`Position::parse`]); the plugin glue writes it around the body
//! its variant writes ([`head`]). What the body holds is the variant's: for
//! the two-row games `MOVER:HOLES:SCORES` (`awale:N:0,0,0,0,0,1,0,0,0,0,0,2:20,25`),
//! other families append further `:` fields, each documented in the
//! variant's rules (`host VARIANT --help`).
//!
//! Refusals are one line in French, for a player: they say what was
//! expected.

use std::fmt;

use crate::model::OptionSpec;
use crate::options::Options;

/// What a position looks like, in the refusals of a text that is not one.
pub const EXPECTED: &str = "ID[/CLÉ=VALEUR…]:ÉTAT, une ligne de caractères ASCII visibles sans \
                            espace (awale:S:4,4,4,4,4,4,4,4,4,4,4,4:0,0)";

/// The longest text read as a position: far more than the largest board
/// needs (4×16 holes of three digits), short enough to stay one line.
pub const MAX_LEN: usize = 4096;

/// A position's text in its parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The variant's id (`awale`).
    pub id: String,
    /// The options that differ from their defaults, in the order written.
    pub options: Vec<(String, String)>,
    /// The state, after the first `:` (`S:4,4,4,4,4,4,4,4,4,4,4,4:0,0`).
    pub body: String,
}

impl Position {
    /// Splits `text` into the variant's id, its options and the body, or
    /// says in one line why it is not a position and what was expected.
    pub fn parse(text: &str) -> Result<Position, String> {
        let refuse = |why: String| Err(format!("position illisible : {why} ; attendu {EXPECTED}"));
        if text.is_empty() {
            return refuse("le texte est vide".to_owned());
        }
        if text.len() > MAX_LEN {
            return refuse(format!("plus de {MAX_LEN} caractères"));
        }
        if let Some(bad) = text.chars().find(|&c| !is_position_char(c)) {
            return refuse(format!("le caractère {bad:?} n'y a pas sa place"));
        }
        let Some((head, body)) = text.split_once(':') else {
            return refuse("il manque le « : » qui sépare la variante de l'état".to_owned());
        };
        let mut parts = head.split('/');
        let id = parts.next().unwrap_or_default();
        if !is_id(id) {
            return refuse(format!(
                "« {id} » n'est pas un identifiant de variante (minuscules, chiffres et -)"
            ));
        }
        let mut options: Vec<(String, String)> = Vec::new();
        for part in parts {
            let Some((key, value)) = part.split_once('=').filter(|(key, value)| {
                !key.is_empty() && !value.is_empty() && !value.contains('=')
            }) else {
                return refuse(format!("l'option « {part} » n'est pas CLÉ=VALEUR"));
            };
            if options.iter().any(|(seen, _)| seen == key) {
                return refuse(format!("l'option « {key} » est donnée deux fois"));
            }
            options.push((key.to_owned(), value.to_owned()));
        }
        if body.is_empty() {
            return refuse("l'état après « : » est vide".to_owned());
        }
        Ok(Position {
            id: id.to_owned(),
            options,
            body: body.to_owned(),
        })
    }

    /// The value of option `key` in the text, if it is there.
    pub fn option(&self, key: &str) -> Option<&str> {
        self.options
            .iter()
            .find(|(seen, _)| seen == key)
            .map(|(_, value)| value.as_str())
    }
}

/// `ID[/KEY=VALUE…]:BODY`.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.id)?;
        for (key, value) in &self.options {
            write!(f, "/{key}={value}")?;
        }
        write!(f, ":{}", self.body)
    }
}

/// The framing before a position's body, without the `:`: `id`, then
/// `/KEY=VALUE` for each option of `specs` whose value in `options`
/// differs from its default, in the order of `specs` (`awale/capture=backward`).
///
/// # Panics
///
/// If `options` lacks a key of `specs` (options not resolved against them).
pub fn head(id: &str, specs: &[OptionSpec], options: &Options) -> String {
    let mut head = id.to_owned();
    for spec in specs {
        let given = options.get(&spec.key);
        let value = spec.values.accept(given);
        if value != spec.values.accept(&spec.default) {
            head.push('/');
            head.push_str(&spec.key);
            head.push('=');
            head.push_str(value.as_deref().unwrap_or(given));
        }
    }
    head
}

/// Whether `c` may appear in a position: printable ASCII, no space.
pub fn is_position_char(c: char) -> bool {
    c.is_ascii_graphic()
}

/// Whether `body` may be a position's body: not empty, printable ASCII
/// without spaces, within [`MAX_LEN`].
pub fn is_body(body: &str) -> bool {
    !body.is_empty() && body.len() <= MAX_LEN && body.chars().all(is_position_char)
}

/// A variant id: lower-case ASCII letters, digits and `-`, starting with a
/// letter or a digit (as [`crate::Description::check`] requires).
fn is_id(id: &str) -> bool {
    id.starts_with(|c: char| c.is_ascii_lowercase() || c.is_ascii_digit())
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::OptionValues;

    #[test]
    fn a_position_splits_into_id_options_and_body_and_writes_back_the_same() {
        let text = "awale:N:0,0,0,0,0,1,0,0,0,0,0,2:20,25";
        let position = Position::parse(text).unwrap();
        assert_eq!(position.id, "awale");
        assert!(position.options.is_empty());
        assert_eq!(position.body, "N:0,0,0,0,0,1,0,0,0,0,0,2:20,25");
        assert_eq!(position.to_string(), text);
        let text = "wari/holes=5/skip=no:S:1,2,3,4,5,6,7,8,9,10:0,0";
        let position = Position::parse(text).unwrap();
        assert_eq!(position.id, "wari");
        assert_eq!(position.option("holes"), Some("5"));
        assert_eq!(position.option("skip"), Some("no"));
        assert_eq!(position.option("seeds"), None);
        assert_eq!(position.to_string(), text);
    }

    #[test]
    fn a_text_that_is_not_a_position_says_what_was_expected() {
        for (text, why) in [
            ("", "le texte est vide"),
            ("awale S:4:0,0", "le caractère ' '"),
            ("awalé:S:4:0,0", "le caractère 'é'"),
            ("awale", "il manque le « : »"),
            ("Awale:S", "« Awale » n'est pas un identifiant"),
            (":S", "«  » n'est pas un identifiant"),
            (
                "awale/capture:S",
                "l'option « capture » n'est pas CLÉ=VALEUR",
            ),
            ("awale/=x:S", "l'option « =x »"),
            ("awale/a=1/a=2:S", "l'option « a » est donnée deux fois"),
            ("awale:", "l'état après « : » est vide"),
        ] {
            let refusal = Position::parse(text).unwrap_err();
            assert!(refusal.starts_with("position illisible : "), "{refusal}");
            assert!(refusal.contains(why), "{text:?}: {refusal}");
            assert!(refusal.ends_with(EXPECTED), "{refusal}");
            assert!(!refusal.contains('\n'));
        }
        let long = format!("awale:{}", "1".repeat(MAX_LEN));
        assert!(Position::parse(&long).unwrap_err().contains("plus de 4096"));
    }

    #[test]
    fn the_head_names_the_options_that_differ_from_their_defaults() {
        let specs = vec![
            OptionSpec {
                key: "capture".into(),
                help: "h".into(),
                default: "Both".into(),
                values: OptionValues::Choices(vec!["both".into(), "backward".into()]),
            },
            OptionSpec {
                key: "seeds".into(),
                help: "h".into(),
                default: "4".into(),
                values: OptionValues::Range { min: 1, max: 9 },
            },
        ];
        let given = |pairs: &[(&str, &str)]| {
            let pairs: Vec<(String, String)> = pairs
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect();
            Options::resolve(&specs, &pairs).unwrap()
        };
        assert_eq!(head("awale", &specs, &given(&[])), "awale");
        assert_eq!(
            head(
                "awale",
                &specs,
                &given(&[("capture", "BOTH"), ("seeds", "4")])
            ),
            "awale"
        );
        assert_eq!(
            head(
                "awale",
                &specs,
                &given(&[("seeds", "3"), ("capture", "Backward")])
            ),
            "awale/capture=backward/seeds=3"
        );
        assert!(is_body("S:4,4:0,0") && !is_body("") && !is_body("S 4"));
    }
}
