//! Text from outside the host (a player's token, a file name, a plugin's
//! words) made safe to print in one line: control characters escaped.

use std::path::Path;

/// Text for a person's eyes: control characters (line breaks, escape
/// sequences) escaped, as the host shows a player's tokens.
pub(crate) fn shown(text: &str) -> String {
    let mut shown = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            shown.extend(c.escape_default());
        } else {
            shown.push(c);
        }
    }
    shown
}

/// A path for a person's eyes (see [`shown`]).
pub(crate) fn shown_path(path: &Path) -> String {
    shown(&path.to_string_lossy())
}
