//! Long random token streams through the real host, for every installed
//! variant: standard output holds only the lines of `SPEC.md` §3, seeds are
//! never lost, and the run ends with a result or with status 1.

use variant_api::rng::SplitMix;

use crate::util;

/// Tokens: mostly small numbers, some words, some bytes that are not text.
fn random_tokens(rng: &mut SplitMix, count: usize) -> Vec<u8> {
    const WORDS: [&[u8]; 8] = [
        b"aide",
        b"annuler",
        b"?",
        b"x",
        b"-1",
        b"+0",
        b"99999999999999999999",
        b"\x1b[2J",
    ];
    let mut stream = Vec::new();
    for _ in 0..count {
        match rng.below(100) {
            0..=84 => stream.extend_from_slice((1 + rng.below(34)).to_string().as_bytes()),
            85..=94 => stream.extend_from_slice(WORDS[rng.below(WORDS.len() as u64) as usize]),
            95..=97 => stream.extend((0..1 + rng.below(4)).map(|_| 0x80 + rng.below(0x80) as u8)),
            98 => stream.push(b'0'),
            _ => stream.extend_from_slice(b"abandon"),
        }
        stream.push(if rng.below(8) == 0 { b'\n' } else { b' ' });
    }
    stream
}

/// The kinds of line standard output may hold.
fn allowed(line: &str) -> bool {
    // `[ 4]`, `[--]`, or `( 0)` for a hole collecting for a player (a
    // tuzdyk), split at their inner spaces.
    let board_cell = |word: &str| {
        word.parse::<u32>().is_ok()
            || (word.starts_with('[') && word.ends_with(']'))
            || (word.starts_with('(') && word.ends_with(')'))
            || word == "["
            || word == "("
            || word.ends_with(']')
            || word.ends_with(')')
    };
    let words: Vec<&str> = line.split_whitespace().collect();
    line.starts_with("A ") && line.ends_with(" de jouer.")
        || reserve(line).is_some()
        || line.ends_with(" bille(s).") && (line.contains(" a ramassé ") || line.contains(" a "))
        || line.contains(" la partie ") && (line.contains(" gagne") || line.starts_with("Personne"))
        || !words.is_empty()
            && words
                .iter()
                .skip_while(|w| w.chars().all(|c| c.is_ascii_uppercase() || c == '-'))
                .all(|w| board_cell(w))
}

/// The seeds of a reserve line (`Réserve : 4 graine(s).`).
pub(crate) fn reserve(line: &str) -> Option<u32> {
    line.strip_prefix("Réserve : ")?
        .strip_suffix(" graine(s).")?
        .parse()
        .ok()
}

/// The seeds drawn on each board plus the scores and the reserve, board by board.
pub(crate) fn totals(out: &str) -> Vec<u32> {
    let mut totals = Vec::new();
    let mut current = 0;
    let mut in_board = false;
    for line in out.lines() {
        if line.starts_with("A ") || line.contains(" la partie ") {
            if in_board {
                totals.push(current);
            }
            current = 0;
            in_board = false;
        } else if line.contains(" bille(s).") && !line.contains(" ramassé ") {
            in_board = true;
            current += line
                .split_whitespace()
                .rev()
                .nth(1)
                .and_then(|n| n.parse::<u32>().ok())
                .unwrap_or(0);
        } else if let Some(seeds) = reserve(line) {
            current += seeds;
        } else if line.contains(['[', '(']) {
            in_board = true;
            current += line
                .split(['[', ']', '(', ')'])
                .filter_map(|cell| cell.trim().parse::<u32>().ok())
                .sum::<u32>();
        }
    }
    totals
}

#[test]
fn random_token_streams_keep_the_protocol_of_every_variant() {
    let folder = util::plugins_folder(&util::variant_libraries());
    let mut rng = SplitMix::new(0xf022);
    let ids: Vec<String> = util::variant_ids();
    for id in &ids {
        for round in 0..3 {
            let stream = random_tokens(&mut rng, 1500);
            let mut command =
                util::host_command(folder.path(), &[id, "--think", "0.01", "--seed", "1"]);
            let run = util::output(&mut command, &stream);
            let out = util::stdout(&run);
            let err = util::stderr(&run);
            let context = || format!("{id}, stream {round}:\n{err}");
            for line in out.lines() {
                assert!(
                    allowed(line),
                    "{id}: unexpected line {line:?}\n{}",
                    context()
                );
            }
            match run.status.code() {
                Some(0) => assert!(
                    out.lines()
                        .last()
                        .is_some_and(|line| line.contains(" la partie ")),
                    "{}",
                    context()
                ),
                Some(1) => assert!(
                    err.ends_with("Partie gardée : host --resume la reprend.\n"),
                    "{}",
                    context()
                ),
                other => panic!("{id}: status {other:?}\n{}", context()),
            }
            // Seeds enter the board only by placement (Lontu Holo, Mweso),
            // where `annuler` may take some back: there the conformance kit
            // checks them. Elsewhere every board holds the same seeds.
            let totals = totals(&out);
            if totals.first() == totals.iter().max() {
                assert!(
                    totals.windows(2).all(|pair| pair[0] == pair[1]),
                    "{id}: seeds on the boards {totals:?}\n{}",
                    context()
                );
            }
        }
    }
}
