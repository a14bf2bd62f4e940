//! The user's folders of the XDG base directory specification.

use std::path::{Path, PathBuf};

/// The folder the environment variable `variable` names when it holds an
/// absolute path, else `$HOME/under_home`; `None` when neither says.
pub(crate) fn base_folder(variable: &str, under_home: &str) -> Option<PathBuf> {
    let non_empty = |name: &str| std::env::var_os(name).filter(|value| !value.is_empty());
    non_empty(variable)
        .map(PathBuf::from)
        .filter(|path| path.is_absolute())
        .or_else(|| non_empty("HOME").map(|home| Path::new(&home).join(under_home)))
}
