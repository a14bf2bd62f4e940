//! The line a plugin's crash appends to a game's kept record (the handler
//! of `loading::crash` writes it), and reading it back: `--resume` passes
//! over a record so marked.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

use crate::util::shown::shown_path;

/// The start of the line a crash appends to the kept record.
const MARK: &str = "# crashed: ";

/// The line a crash of the variant `id` of the library `file` appends to
/// the game's kept record.
pub(crate) fn crash_line(id: &str, file: &Path) -> String {
    format!("\n{MARK}variant {id}, file {}\n", shown_path(file))
}

/// The bytes at the end of a record where [`crash_mark`] looks for the mark.
const TAIL: u64 = 4096;

/// Why `--resume` passes over the record `file`: the [`MARK`] line a crash
/// appended to it, among its last lines (what follows the mark), if any.
/// The file is read from where [`crash_mark`] puts it: seek before reading.
pub(crate) fn crash_mark(file: &mut File) -> Option<String> {
    let length = file.seek(SeekFrom::End(0)).ok()?;
    file.seek(SeekFrom::Start(length.saturating_sub(TAIL)))
        .ok()?;
    let mut tail = Vec::new();
    file.take(TAIL).read_to_end(&mut tail).ok()?;
    marked(&String::from_utf8_lossy(&tail))
}

/// The reason of [`crash_mark`] in the text of a record's end.
fn marked(text: &str) -> Option<String> {
    text.lines()
        .find_map(|line| line.strip_prefix(MARK))
        .map(|what| format!("la variante a planté pendant cette partie ({what})"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_marked_record_gives_its_reason_and_another_none() {
        let text = "[Variant \"awale\"]\n\n1. SUD 3\n\n# crashed: variant awale, file /p/a.so\n";
        assert_eq!(
            marked(text).as_deref(),
            Some("la variante a planté pendant cette partie (variant awale, file /p/a.so)")
        );
        assert_eq!(marked("[Variant \"awale\"]\n\n1. SUD 3\n"), None);
    }

    #[test]
    fn the_line_a_crash_appends_is_read_back() {
        let line = crash_line("awale", Path::new("/p/a.so"));
        let text = format!("[Variant \"awale\"]\n\n1. SUD 3\n{line}");
        assert_eq!(
            marked(&text).as_deref(),
            Some("la variante a planté pendant cette partie (variant awale, file /p/a.so)")
        );
    }
}
