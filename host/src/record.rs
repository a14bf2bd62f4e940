//! Game records (`--record FILE`, `--replay FILE`): a text a person can
//! read, written as the game goes and flushed after every decision.
//!
//! ```text
//! [Variant "awale"]
//! [Version "0.1.0"]
//! [Set "capture=backward"]
//! [First "SUD"]
//! [Computer "NORD=3"]
//! [Seed "42"]
//! [Think "10"]
//!
//! 1. SUD 3
//! 2. NORD 9
//! 3. SUD annuler
//! ```
//!
//! Tags in the manner of the « Oware Game Notation » (`[Name "value"]`, one
//! per line: `Set` and `Computer` may repeat), a blank line, then one
//! decision per line: its number, the seat that decided, and what was played
//! (a number, `0` for the end by agreement, `annuler`, `abandon`). Hints and
//! `aide` change nothing and are not written.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, Write};
use std::path::Path;

/// What a record says of the game before its decisions.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Header {
    /// The variant's id.
    pub(crate) variant: String,
    /// The plugin's version when the game was played (for a person's eyes).
    pub(crate) version: String,
    /// The `--set` options.
    pub(crate) settings: Vec<(String, String)>,
    /// The seat that moved first.
    pub(crate) first: String,
    /// The `--computer` values (`NORD=3`).
    pub(crate) computer: Vec<String>,
    /// The seed of the computer's random choices.
    pub(crate) seed: u64,
    /// The `--think` time, in seconds.
    pub(crate) think: f64,
}

/// One recorded decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    /// Its line in the record, from 1.
    pub(crate) line: usize,
    /// The seat that decided, as written.
    pub(crate) seat: String,
    /// What was played: a number, `0`, `annuler` or `abandon`.
    pub(crate) token: String,
}

/// A record read back: the header, the decisions, and a note when the last
/// line was cut short.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Replay {
    /// The game's settings.
    pub(crate) header: Header,
    /// The decisions, in order.
    pub(crate) entries: VecDeque<Entry>,
    /// `Some(line)` when that last line was cut and is left out.
    pub(crate) cut_line: Option<usize>,
}

/// Writes a record as the game goes.
#[derive(Debug)]
pub(crate) struct Recorder {
    file: File,
    decisions: usize,
}

impl Recorder {
    /// Creates `path` and writes the header.
    pub(crate) fn create(path: &Path, header: &Header) -> io::Result<Recorder> {
        let mut file = File::create(path)?;
        let mut text = String::new();
        let mut tag = |name: &str, value: &str| {
            text.push_str(&format!("[{name} \"{value}\"]\n"));
        };
        tag("Variant", &header.variant);
        tag("Version", &header.version);
        for (key, value) in &header.settings {
            tag("Set", &format!("{key}={value}"));
        }
        tag("First", &header.first);
        for computer in &header.computer {
            tag("Computer", computer);
        }
        tag("Seed", &header.seed.to_string());
        tag("Think", &header.think.to_string());
        text.push('\n');
        file.write_all(text.as_bytes())?;
        file.flush()?;
        Ok(Recorder { file, decisions: 0 })
    }

    /// Writes one decision and flushes it to the file.
    pub(crate) fn decision(&mut self, seat: &str, token: &str) -> io::Result<()> {
        self.decisions += 1;
        let line = format!("{}. {seat} {token}\n", self.decisions);
        self.file.write_all(line.as_bytes())?;
        self.file.flush()
    }
}

/// Reads a record; the error names the line that is wrong.
pub(crate) fn parse(text: &str) -> Result<Replay, String> {
    let mut header = Header {
        think: 10.0,
        ..Header::default()
    };
    let lines: Vec<&str> = text.lines().collect();
    let mut number = 0;
    let mut seen_seed = false;
    while number < lines.len() {
        let line = lines[number].trim();
        number += 1;
        if line.is_empty() {
            break;
        }
        let bad = |what: &str| format!("record line {number}: {what}");
        let (name, value) = tag(line).ok_or_else(|| bad("not a tag [Name \"value\"]"))?;
        match name {
            "Variant" => header.variant = value.to_owned(),
            "Version" => header.version = value.to_owned(),
            "Set" => match value.split_once('=') {
                Some((key, value)) if !key.is_empty() => {
                    header.settings.push((key.to_owned(), value.to_owned()))
                }
                _ => return Err(bad("the option is not KEY=VALUE")),
            },
            "First" => header.first = value.to_owned(),
            "Computer" => header.computer.push(value.to_owned()),
            "Seed" => {
                header.seed = value.parse().map_err(|_| bad("the seed is not a number"))?;
                seen_seed = true;
            }
            "Think" => {
                header.think = value
                    .parse()
                    .ok()
                    .filter(|&seconds: &f64| seconds > 0.0 && seconds <= 3600.0)
                    .ok_or_else(|| bad("the thinking time is not a number of seconds"))?
            }
            _ => return Err(bad(&format!("unknown tag `{name}`"))),
        }
    }
    if header.variant.is_empty() || header.first.is_empty() || !seen_seed {
        return Err(format!(
            "record line {number}: the header needs the tags Variant, First and Seed"
        ));
    }
    let mut entries = VecDeque::new();
    let mut cut_line = None;
    let ends_with_newline = text.ends_with('\n');
    while number < lines.len() {
        let line = lines[number].trim();
        number += 1;
        if line.is_empty() {
            continue;
        }
        match decision(line, entries.len() + 1) {
            Some((seat, token)) => entries.push_back(Entry {
                line: number,
                seat,
                token,
            }),
            None if number == lines.len() && !ends_with_newline => cut_line = Some(number),
            None => {
                return Err(format!(
                    "record line {number}: not a decision `N. SEAT MOVE`"
                ))
            }
        }
    }
    Ok(Replay {
        header,
        entries,
        cut_line,
    })
}

/// `[Name "value"]`
fn tag(line: &str) -> Option<(&str, &str)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, value) = inner.split_once(' ')?;
    let value = value.strip_prefix('"')?.strip_suffix('"')?;
    Some((name, value))
}

/// `N. SEAT TOKEN`, where N is `expected`.
fn decision(line: &str, expected: usize) -> Option<(String, String)> {
    let mut words = line.split_whitespace();
    let number = words.next()?.strip_suffix('.')?.parse::<usize>().ok()?;
    let seat = words.next()?;
    let token = words.next()?;
    let known =
        token.bytes().all(|b| b.is_ascii_digit()) || token == "annuler" || token == "abandon";
    (number == expected && words.next().is_none() && known)
        .then(|| (seat.to_owned(), token.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const RECORD: &str = "[Variant \"awale\"]\n[Version \"0.1.0\"]\n[Set \"capture=backward\"]\n\
                          [First \"SUD\"]\n[Computer \"NORD=3\"]\n[Seed \"42\"]\n[Think \"0.5\"]\n\n\
                          1. SUD 3\n2. NORD 9\n3. SUD annuler\n";

    #[test]
    fn a_record_reads_back_its_header_and_decisions() {
        let replay = parse(RECORD).unwrap();
        assert_eq!(replay.header.variant, "awale");
        assert_eq!(
            replay.header.settings,
            [("capture".to_owned(), "backward".to_owned())]
        );
        assert_eq!(replay.header.computer, ["NORD=3"]);
        assert_eq!((replay.header.seed, replay.header.think), (42, 0.5));
        let tokens: Vec<&str> = replay.entries.iter().map(|e| e.token.as_str()).collect();
        assert_eq!(tokens, ["3", "9", "annuler"]);
        assert_eq!(replay.entries[0].line, 9);
        assert_eq!(replay.cut_line, None);
    }

    #[test]
    fn a_cut_last_line_is_left_out_and_named() {
        let cut = format!("{RECORD}4. NO");
        let replay = parse(&cut).unwrap();
        assert_eq!(replay.entries.len(), 3);
        assert_eq!(replay.cut_line, Some(12));
    }

    #[test]
    fn a_damaged_line_is_refused_with_its_number() {
        let damaged = RECORD.replace("2. NORD 9", "2. NORD neuf");
        assert_eq!(
            parse(&damaged),
            Err("record line 10: not a decision `N. SEAT MOVE`".to_owned())
        );
        let damaged = RECORD.replace("[Seed \"42\"]", "[Seed \"x\"]");
        assert_eq!(
            parse(&damaged),
            Err("record line 6: the seed is not a number".to_owned())
        );
        assert!(parse("[Variant \"awale\"]\n\n1. SUD 3\n").is_err());
    }

    #[test]
    fn the_recorder_writes_what_the_parser_reads() {
        let path = std::env::temp_dir().join(format!("host-record-{}", std::process::id()));
        let header = parse(RECORD).unwrap().header;
        let mut recorder = Recorder::create(&path, &header).unwrap();
        recorder.decision("SUD", "3").unwrap();
        recorder.decision("NORD", "abandon").unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        let replay = parse(&text).unwrap();
        assert_eq!(replay.header, header);
        assert_eq!(replay.entries.len(), 2);
        assert!(text.ends_with("\n1. SUD 3\n2. NORD abandon\n"), "{text}");
    }
}
