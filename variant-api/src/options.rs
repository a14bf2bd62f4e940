//! Option values checked against a variant's [`OptionSpec`]s.

use std::collections::BTreeMap;

use crate::model::OptionSpec;

/// The options of one game: every declared key with its value, defaults filled in.
///
/// A variant receives it already checked: every key is declared and every
/// value is accepted by its [`OptionSpec`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    values: BTreeMap<String, String>,
}

impl Options {
    /// Checks `given` (key, value) pairs against `specs` and fills in the defaults.
    ///
    /// The error is one line naming the key and the accepted values or
    /// keys, in French: a player reads it (SPEC §2).
    pub fn resolve(specs: &[OptionSpec], given: &[(String, String)]) -> Result<Options, String> {
        let mut values: BTreeMap<String, String> = specs
            .iter()
            .map(|spec| (spec.key.clone(), spec.default.clone()))
            .collect();
        for (key, value) in given {
            let Some(spec) = specs.iter().find(|spec| &spec.key == key) else {
                return Err(unknown_key(specs, key));
            };
            let Some(value) = spec.values.accept(value) else {
                return Err(format!(
                    "valeur refusée pour l'option {key} : « {value} » ; les valeurs sont {}",
                    spec.values.describe()
                ));
            };
            values.insert(key.clone(), value);
        }
        Ok(Options { values })
    }

    /// The value of a declared option.
    ///
    /// # Panics
    ///
    /// If `key` is not declared in the variant's description (a bug of the
    /// variant, which the plugin glue turns into an error).
    pub fn get(&self, key: &str) -> &str {
        match self.values.get(key) {
            Some(value) => value,
            None => panic!("option `{key}` is not declared by this variant"),
        }
    }

    /// The value of a declared [`crate::OptionValues::Range`] option as a number.
    ///
    /// # Panics
    ///
    /// If `key` is not declared, or is not a number option.
    pub fn number(&self, key: &str) -> u32 {
        let value = self.get(key);
        match value.parse() {
            Ok(number) => number,
            Err(_) => panic!("option `{key}` is not a number: `{value}`"),
        }
    }
}

fn unknown_key(specs: &[OptionSpec], key: &str) -> String {
    if specs.is_empty() {
        format!("option inconnue : « {key} » ; cette variante n'a pas d'option")
    } else {
        let keys: Vec<&str> = specs.iter().map(|spec| spec.key.as_str()).collect();
        format!(
            "option inconnue : « {key} » ; les options sont {}",
            keys.join(", ")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::OptionValues;

    fn specs() -> Vec<OptionSpec> {
        vec![
            OptionSpec {
                key: "capture".into(),
                help: "which holes a capture takes".into(),
                default: "both".into(),
                values: OptionValues::Choices(vec!["both".into(), "backward".into()]),
            },
            OptionSpec {
                key: "seeds".into(),
                help: "seeds per hole".into(),
                default: "4".into(),
                values: OptionValues::Range { min: 1, max: 9 },
            },
        ]
    }

    fn pair(key: &str, value: &str) -> (String, String) {
        (key.to_owned(), value.to_owned())
    }

    #[test]
    fn defaults_fill_every_declared_key() {
        let options = Options::resolve(&specs(), &[]).unwrap();
        assert_eq!(options.get("capture"), "both");
        assert_eq!(options.number("seeds"), 4);
    }

    #[test]
    fn given_values_replace_defaults() {
        let options =
            Options::resolve(&specs(), &[pair("capture", "backward"), pair("seeds", "9")]).unwrap();
        assert_eq!(options.get("capture"), "backward");
        assert_eq!(options.number("seeds"), 9);
    }

    #[test]
    fn unknown_key_names_the_key_and_the_accepted_keys() {
        let error = Options::resolve(&specs(), &[pair("speed", "fast")]).unwrap_err();
        assert_eq!(
            error,
            "option inconnue : « speed » ; les options sont capture, seeds"
        );
    }

    #[test]
    fn bad_value_names_the_key_and_the_accepted_values() {
        let error = Options::resolve(&specs(), &[pair("capture", "forward")]).unwrap_err();
        assert_eq!(
            error,
            "valeur refusée pour l'option capture : « forward » ; les valeurs sont both|backward"
        );
        let error = Options::resolve(&specs(), &[pair("seeds", "10")]).unwrap_err();
        assert_eq!(
            error,
            "valeur refusée pour l'option seeds : « 10 » ; les valeurs sont 1 à 9"
        );
    }
}
