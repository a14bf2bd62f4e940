//! The line a plugin's crash appends to a game's kept record (the handlers
//! of `loading::crash` write it), and reading it back:
//!
//! ```text
//! # crashed: variant awale, file /p/libawale.so, by SIGSEGV, library 1f2e3d4c5b6a7988
//! ```
//!
//! what crashed, how (a signal's name, or `exit()`), and which library file
//! it was (a fingerprint of its identity: device, inode, size and times).
//! The record stays readable: [`record::parse`](crate::keeping::record)
//! reads the mark as a line of its own, the decisions before it replay,
//! and decisions may follow it (a game resumed once the plugin changed).
//! `--resume` passes over a game whose last line is a mark while the
//! library is the same file, and goes on with it once it changed; marks
//! of earlier versions, without the library, count as a changed one.

use std::path::Path;

use crate::util::shown::shown_path;

/// The start of the line a crash appends to the kept record.
const MARK: &str = "# crashed: ";

/// Where the library's fingerprint starts in the mark.
const LIBRARY: &str = ", library ";

/// Where how it crashed starts in the mark.
const BY: &str = ", by ";

/// The mark a crash of the variant `id` of the library `file`, whose
/// fingerprint is `library`, appends to the game's kept record: the text
/// before how it crashed (a blank line first, so that the mark is a line
/// of its own), and the text after.
pub(crate) fn crash_mark(id: &str, file: &Path, library: &str) -> (String, String) {
    (
        format!("\n{MARK}variant {id}, file {}{BY}", shown_path(file)),
        format!("{LIBRARY}{library}\n"),
    )
}

/// A crash mark read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Crash {
    /// What crashed and how: `variant awale, file /p/a.so, by SIGSEGV`.
    pub(crate) what: String,
    /// How: a signal's name, or `exit()` (`None` in earlier marks).
    pub(crate) how: Option<String>,
    /// The library's fingerprint (`None` in earlier marks).
    pub(crate) library: Option<String>,
}

impl Crash {
    /// Why `--resume` passes over the game, when the plugin's library now
    /// has the fingerprint `installed`: while it is the same file.
    pub(crate) fn blocks(&self, installed: &str) -> Option<String> {
        (self.library.as_deref() == Some(installed)).then(|| {
            // How, not the mark's English words (`variant ID, file …`).
            format!(
                "la variante a planté pendant cette partie ({}) et n'a pas changé depuis : \
                 réinstallez-la, puis reprenez la partie",
                self.how.as_deref().unwrap_or("signal")
            )
        })
    }
}

/// The crash mark of a record's `line`, if it is one.
pub(crate) fn read(line: &str) -> Option<Crash> {
    let rest = line.strip_prefix(MARK)?;
    let (what, library) = match rest.rsplit_once(LIBRARY) {
        Some((what, library)) => (what, Some(library.to_owned())),
        None => (rest, None),
    };
    Some(Crash {
        what: what.to_owned(),
        how: what.rsplit_once(BY).map(|(_, how)| how.to_owned()),
        library,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mark_a_crash_appends_is_read_back() {
        let (before, after) = crash_mark("awale", Path::new("/p/a.so"), "00ff");
        let text = format!("{before}SIGSEGV{after}");
        assert_eq!(
            text,
            "\n# crashed: variant awale, file /p/a.so, by SIGSEGV, library 00ff\n"
        );
        let crash = read(text.trim()).expect("a mark");
        assert_eq!(crash.what, "variant awale, file /p/a.so, by SIGSEGV");
        assert_eq!(crash.how.as_deref(), Some("SIGSEGV"));
        assert_eq!(crash.library.as_deref(), Some("00ff"));
        assert!(crash
            .blocks("00ff")
            .is_some_and(|why| why.contains("(SIGSEGV)") && !why.contains("file")));
        assert_eq!(crash.blocks("0100"), None, "another library");
        assert_eq!(read("1. SUD 3"), None);
    }

    #[test]
    fn an_earlier_mark_reads_as_a_changed_library() {
        let crash = read("# crashed: variant awale, file /p/a.so").expect("a mark");
        assert_eq!(crash.what, "variant awale, file /p/a.so");
        assert_eq!((crash.how.clone(), crash.library.clone()), (None, None));
        assert_eq!(crash.blocks("00ff"), None);
    }
}
