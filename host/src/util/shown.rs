//! Text from outside the host (a player's token, a file name, a plugin's
//! words) made safe to print in one line: control characters escaped.

use std::path::Path;

/// What a failed system call means, in French (its one home is in
/// `variant_api::folders`, which the plugins' tables share).
pub(crate) use variant_api::folders::system_error;

/// The widest line a player meets, in characters (`SPEC.md` §3): boards,
/// prompts, refusals, lists, help.
pub(crate) const COLUMNS: usize = variant_api::prompt::PROMPT_COLUMNS;

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

/// A line for a person's eyes broken at spaces into lines of at most
/// `columns` characters (a word longer than that keeps a line of its own),
/// so that a long sentence of a plugin's reads whole on a terminal.
pub(crate) fn wrapped(text: &str, columns: usize) -> String {
    let mut wrapped = String::with_capacity(text.len() + 8);
    let mut width = 0;
    for word in text.split(' ').filter(|word| !word.is_empty()) {
        let length = word.chars().count();
        if width > 0 && width + 1 + length > columns {
            wrapped.push('\n');
            width = 0;
        } else if width > 0 {
            wrapped.push(' ');
            width += 1;
        }
        wrapped.push_str(word);
        width += length;
    }
    wrapped
}

/// Each line of `text` [`wrapped`] within `columns`, the lines it breaks
/// into indented as it was (the options of `--help --verbose`, the
/// paragraphs of a variant's rules), under its text for the item of a list
/// (`- …`); the lines that fit stay as they are.
pub(crate) fn wrapped_lines(text: &str, columns: usize) -> String {
    let mut all = String::with_capacity(text.len() + 16);
    for line in text.lines() {
        if line.chars().count() <= columns {
            all.push_str(line);
            all.push('\n');
            continue;
        }
        let body = line.trim_start_matches(' ');
        let indent = &line[..line.len() - body.len()];
        // The item of a list (« - … ») goes on under its text.
        let item = if body.starts_with("- ") { "  " } else { "" };
        let room = columns.saturating_sub(indent.len() + item.len()).max(1);
        for (at, part) in wrapped(body, room).split('\n').enumerate() {
            all.push_str(indent);
            if at > 0 {
                all.push_str(item);
            }
            all.push_str(part);
            all.push('\n');
        }
    }
    all
}

/// `text` broken at spaces within [`COLUMNS`] after the indentation
/// `lead`, as [`wrapped`], the lines it breaks into indented `more` spaces
/// further (an option and its help in `VARIANT --help`, a refusal's lines
/// under its text).
pub(crate) fn hanging(lead: &str, text: &str, more: usize) -> String {
    let lead_width = lead.chars().count();
    let mut all = String::with_capacity(text.len() + 16);
    all.push_str(lead);
    let mut width = lead_width;
    let mut first = true;
    for word in text.split(' ').filter(|word| !word.is_empty()) {
        let length = word.chars().count();
        if !first && width + 1 + length > COLUMNS {
            all.push('\n');
            all.push_str(lead);
            all.push_str(&" ".repeat(more));
            width = lead_width + more;
        } else if !first {
            all.push(' ');
            width += 1;
        }
        all.push_str(word);
        width += length;
        first = false;
    }
    all
}

/// A path for a person's eyes (see [`shown`]).
pub(crate) fn shown_path(path: &Path) -> String {
    shown(&path.to_string_lossy())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_for_a_persons_eyes() {
        assert_eq!(shown("a\nb\u{1b}[31m"), "a\\nb\\u{1b}[31m");
        assert_eq!(shown("Awalé l'ancien"), "Awalé l'ancien");
    }

    #[test]
    fn a_long_line_is_broken_at_spaces_within_the_columns() {
        let text = "Fin : la partie s'arrête juste après un coup quand le joueur qui doit jouer \
                    n'a plus de graine dans sa rangée.";
        assert_eq!(
            wrapped(text, 40).lines().collect::<Vec<_>>(),
            [
                "Fin : la partie s'arrête juste après un",
                "coup quand le joueur qui doit jouer n'a",
                "plus de graine dans sa rangée.",
            ]
        );
        assert_eq!(wrapped("court", 80), "court");
        assert_eq!(
            hanging("  ", "--set a=b : un deux trois", 4),
            "  --set a=b : un deux trois"
        );
        let long = hanging("  ", &"graine ".repeat(30), 4);
        let lines: Vec<&str> = long.lines().collect();
        assert_eq!(lines.len(), 3, "{long}");
        assert!(lines[0].starts_with("  graine") && lines[1].starts_with("      graine"));
        assert!(lines.iter().all(|line| line.chars().count() <= COLUMNS));
        assert_eq!(
            wrapped_lines(
                "titre\n\n    un deux trois quatre\n  a  b\n- un deux trois\n",
                10
            ),
            "titre\n\n    un\n    deux\n    trois\n    quatre\n  a  b\n- un\n  deux\n  trois\n"
        );
        assert_eq!(
            wrapped("un mot-beaucoup-trop-long ici", 10),
            "un\nmot-beaucoup-trop-long\nici"
        );
    }
}
