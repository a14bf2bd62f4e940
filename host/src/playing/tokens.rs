//! The players' input: whitespace-separated tokens read as bytes, in
//! bounded memory whatever the length of a line, and what each one means.
//!
//! A token ends at the first ASCII whitespace byte after it, so a player at
//! the keyboard is answered as soon as a line is entered. At most
//! [`KEPT`] bytes of a token are kept: a longer one is refused without being
//! held whole.

use std::io::{self, BufRead};

/// The bytes of a token that are kept; a longer token is refused.
pub(crate) const KEPT: usize = 64;

/// The characters of a token quoted in a refusal.
const QUOTED: usize = 20;

/// One token of the input: its first [`KEPT`] bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Token {
    bytes: Vec<u8>,
    too_long: bool,
}

impl Token {
    /// The token of a recorded decision.
    pub(crate) fn recorded(text: &str) -> Token {
        let bytes = text.as_bytes();
        Token {
            bytes: bytes[..bytes.len().min(KEPT)].to_vec(),
            too_long: bytes.len() > KEPT,
        }
    }

    /// The token for a player's eyes: escaped, cut to about 20 characters.
    pub(crate) fn shown(&self) -> String {
        let text = String::from_utf8_lossy(&self.bytes);
        let mut shown: String = text
            .chars()
            .take(QUOTED)
            .flat_map(char::escape_debug)
            .collect();
        if self.too_long || text.chars().nth(QUOTED).is_some() {
            shown.push('…');
        }
        shown
    }

    fn quoted(&self) -> String {
        format!("« {} »", self.shown())
    }
}

/// Whitespace-separated tokens of a byte stream.
pub(crate) struct Tokens<R> {
    input: R,
}

impl<R: BufRead> Tokens<R> {
    pub(crate) fn new(input: R) -> Self {
        Tokens { input }
    }

    /// The next token, or `None` at the end of the input. Reads no further
    /// than the whitespace byte that ends the token.
    pub(crate) fn next(&mut self) -> io::Result<Option<Token>> {
        let mut token = Token {
            bytes: Vec::new(),
            too_long: false,
        };
        let mut started = false;
        loop {
            let buffer = match self.input.fill_buf() {
                Ok(buffer) => buffer,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            if buffer.is_empty() {
                return Ok(started.then_some(token));
            }
            let mut used = 0;
            let mut ended = false;
            for &byte in buffer {
                used += 1;
                if byte.is_ascii_whitespace() {
                    if started {
                        ended = true;
                        break;
                    }
                    continue;
                }
                started = true;
                if token.bytes.len() < KEPT {
                    token.bytes.push(byte);
                } else {
                    token.too_long = true;
                }
            }
            self.input.consume(used);
            if ended {
                return Ok(Some(token));
            }
        }
    }
}

/// What a valid token asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Answer {
    /// The exact token `0`: the players agree that the game is over.
    Agreement,
    /// An integer for the plugin; any integer too large for `u32` is
    /// `u32::MAX`, which no board has, so the plugin refuses it in its words.
    Number(u32),
    /// `?`: the computer's advice.
    Hint,
    /// `aide`: the accepted inputs and words.
    Help,
    /// `annuler`: take back the last decision of a person.
    Undo,
    /// `abandon`: the player to move resigns.
    Resign,
    /// `position`: where the game stands, as a position's text.
    Position,
    /// `nouvelle`: this game stops (kept) and a new one starts, set up
    /// the same.
    New,
    /// `quitter`: the game stops and is kept, as at the end of the input.
    Quit,
}

/// What `token` asks for, or why it is refused (in French, for the player).
pub(crate) fn parse(token: &Token) -> Result<Answer, String> {
    if token.too_long {
        return Err(format!("{} est trop long", token.quoted()));
    }
    // The words ignore case, as variant names do (`Aide`, `ABANDON`).
    match token.bytes.to_ascii_lowercase().as_slice() {
        b"?" => return Ok(Answer::Hint),
        b"aide" => return Ok(Answer::Help),
        b"annuler" => return Ok(Answer::Undo),
        b"abandon" => return Ok(Answer::Resign),
        b"position" => return Ok(Answer::Position),
        b"nouvelle" => return Ok(Answer::New),
        b"quitter" => return Ok(Answer::Quit),
        _ => {}
    }
    if let Some(pointer) = english_word(&token.bytes) {
        return Err(format!("{} : {pointer}", token.quoted()));
    }
    let not_integer = || format!("{} n'est pas un nombre entier", token.quoted());
    let (sign, digits) = match token.bytes.split_first() {
        Some((&sign @ (b'+' | b'-'), rest)) => (Some(sign), rest),
        _ => (None, token.bytes.as_slice()),
    };
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return Err(not_integer());
    }
    let zero = digits.iter().all(|&digit| digit == b'0');
    if sign == Some(b'-') && !zero {
        return Err(format!("{} est négatif", token.quoted()));
    }
    if zero {
        return match (sign, digits) {
            (None, b"0") => Ok(Answer::Agreement),
            _ => Err(format!(
                "{} : seul « 0 », sans signe, propose la fin de la partie",
                token.quoted()
            )),
        };
    }
    let number = digits.iter().try_fold(0u32, |number, &digit| {
        number.checked_mul(10)?.checked_add(u32::from(digit - b'0'))
    });
    Ok(Answer::Number(number.unwrap_or(u32::MAX)))
}

/// Words a player may type out of habit (`help`, `quit`, ...), any case,
/// with the French word to type instead.
fn english_word(bytes: &[u8]) -> Option<&'static str> {
    const HELP: &str = "tapez « aide » pour la liste des entrées et des mots";
    const QUIT: &str = "tapez « quitter » (la partie est gardée) ou « abandon »";
    let word = String::from_utf8_lossy(bytes).to_lowercase();
    match word.as_str() {
        "help" | "h" | "-h" | "--help" | "aide-moi" | "aider" => Some(HELP),
        "quit" | "exit" | "q" | "bye" | "sortir" | "resign" | "fin" => Some(QUIT),
        "new" | "restart" | "nouveau" => Some("tapez « nouvelle » pour une nouvelle partie"),
        "undo" => Some("tapez « annuler » pour reprendre la dernière décision"),
        "hint" => Some("tapez « ? » pour un conseil"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &[u8]) -> Vec<Token> {
        let mut tokens = Tokens::new(input);
        let mut seen = Vec::new();
        while let Some(token) = tokens.next().expect("reading a slice") {
            seen.push(token);
        }
        seen
    }

    fn token(text: &[u8]) -> Token {
        let mut seen = all(text);
        assert_eq!(seen.len(), 1);
        seen.remove(0)
    }

    #[test]
    fn tokens_are_split_on_any_whitespace_across_lines() {
        let shown: Vec<String> = all(b"3  4\n\n\t5 x\r\n6")
            .iter()
            .map(Token::shown)
            .collect();
        assert_eq!(shown, ["3", "4", "5", "x", "6"]);
    }

    #[test]
    fn a_token_is_returned_without_reading_past_its_line() {
        struct Keyboard(Vec<&'static [u8]>);
        impl io::Read for Keyboard {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                unreachable!("read through BufRead only")
            }
        }
        impl BufRead for Keyboard {
            fn fill_buf(&mut self) -> io::Result<&[u8]> {
                match self.0.first() {
                    Some(line) => Ok(line),
                    None => panic!("waited for a line not yet typed"),
                }
            }
            fn consume(&mut self, amount: usize) {
                let line = self.0.remove(0);
                if amount < line.len() {
                    self.0.insert(0, &line[amount..]);
                }
            }
        }
        let mut tokens = Tokens::new(Keyboard(vec![b"  3\n"]));
        assert_eq!(
            tokens.next().expect("a line").map(|t| t.shown()),
            Some("3".into())
        );
    }

    #[test]
    fn a_long_token_keeps_only_its_first_bytes() {
        let long = vec![b'7'; 10_000];
        let mut input = long.clone();
        input.extend_from_slice(b" 5");
        let seen = all(&input);
        assert_eq!(seen.len(), 2);
        assert_eq!(seen[0].bytes.len(), KEPT);
        assert_eq!(
            parse(&seen[0]),
            Err("« 77777777777777777777… » est trop long".to_owned())
        );
        assert_eq!(parse(&seen[1]), Ok(Answer::Number(5)));
    }

    #[test]
    fn only_the_exact_token_0_is_the_agreement() {
        assert_eq!(parse(&token(b"0")), Ok(Answer::Agreement));
        for signed in ["-0", "+0", "00", "-000"] {
            assert_eq!(
                parse(&token(signed.as_bytes())),
                Err(format!(
                    "« {signed} » : seul « 0 », sans signe, propose la fin de la partie"
                ))
            );
        }
    }

    #[test]
    fn only_non_negative_integers_are_inputs() {
        assert_eq!(parse(&token(b"12")), Ok(Answer::Number(12)));
        assert_eq!(parse(&token(b"+7")), Ok(Answer::Number(7)));
        assert_eq!(parse(&token(b"-1")), Err("« -1 » est négatif".to_owned()));
        assert_eq!(
            parse(&token(b"x")),
            Err("« x » n'est pas un nombre entier".to_owned())
        );
        assert_eq!(
            parse(&token(b"1.5")),
            Err("« 1.5 » n'est pas un nombre entier".to_owned())
        );
        assert_eq!(
            parse(&token(b"99999999999999999999999")),
            Ok(Answer::Number(u32::MAX))
        );
    }

    #[test]
    fn english_words_point_to_the_french_ones() {
        assert_eq!(
            parse(&token(b"help")),
            Err("« help » : tapez « aide » pour la liste des entrées et des mots".to_owned())
        );
        for quit in ["quit", "EXIT", "Quit"] {
            assert_eq!(
                parse(&token(quit.as_bytes())),
                Err(format!(
                    "« {quit} » : tapez « quitter » (la partie est gardée) ou « abandon »"
                ))
            );
        }
        assert!(parse(&token(b"undo")).is_err_and(|r| r.contains("« annuler »")));
    }

    #[test]
    fn the_words_ignore_case() {
        assert_eq!(parse(&token(b"Aide")), Ok(Answer::Help));
        assert_eq!(parse(&token(b"ANNULER")), Ok(Answer::Undo));
        assert_eq!(parse(&token(b"Abandon")), Ok(Answer::Resign));
        assert_eq!(parse(&token(b"?")), Ok(Answer::Hint));
        assert_eq!(parse(&token(b"Nouvelle")), Ok(Answer::New));
        assert_eq!(parse(&token(b"QUITTER")), Ok(Answer::Quit));
        assert!(parse(&token(b"new")).is_err_and(|r| r.contains("« nouvelle »")));
    }

    #[test]
    fn refusals_quote_an_escaped_prefix() {
        assert_eq!(
            parse(&token(b"\xff3")),
            Err("« \u{fffd}3 » n'est pas un nombre entier".to_owned())
        );
        assert_eq!(
            parse(&token(b"\x1b[31mrouge")),
            Err("« \\u{1b}[31mrouge » n'est pas un nombre entier".to_owned())
        );
        assert_eq!(
            token(b"abcdefghijklmnopqrstuvwxyz").shown(),
            "abcdefghijklmnopqrst…"
        );
    }
}
