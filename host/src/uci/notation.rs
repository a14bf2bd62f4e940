//! How moves and positions are written on the engine protocol
//! (`SPEC.md` §2 « Engine protocol »).
//!
//! Two dialects. For Awalé (`awale`, whose rules with `capture=backward`
//! are Oware Abapa) the protocol speaks as Aualé and Aalina do: a move is
//! one letter, `A` to `F` for SUD's holes 1 to 6 and `a` to `f` for NORD's
//! 7 to 12, and `position fen` takes `H1-…-H12-SS-NS-S|N` (the twelve
//! houses in the host's numbering, SUD's store, NORD's store, the side to
//! move). Every other variant speaks its own inputs, decimal integers as
//! the console reads them, and positions in the project's own text
//! (`ID[/KEY=VALUE…]:BODY`, SPEC §2 « Positions »), which Awalé also
//! accepts. This is notation only: the plugin still says which inputs its
//! rules accept.

use crate::uci::ABAPA_VARIANT;

/// The holes of each row of the Abapa board.
const ROW: u32 = 6;

/// How a variant's moves and positions are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Dialect {
    /// Letters and the twelve-house fen (`awale`).
    Abapa,
    /// The variant's inputs as integers, positions as the project's text.
    #[default]
    Inputs,
}

impl Dialect {
    /// The dialect of the variant `id`.
    pub(crate) fn of(id: &str) -> Dialect {
        if id == ABAPA_VARIANT {
            Dialect::Abapa
        } else {
            Dialect::Inputs
        }
    }

    /// An input written as a move.
    pub(crate) fn write(self, input: u32) -> String {
        match self {
            Dialect::Abapa => match input {
                1..=6 => char::from(b'A' + (input - 1) as u8).to_string(),
                7..=12 => char::from(b'a' + (input - 7) as u8).to_string(),
                _ => input.to_string(),
            },
            Dialect::Inputs => input.to_string(),
        }
    }

    /// A line of inputs written as moves: together in Abapa (`AfBe`, as
    /// Aalina writes and reads them: it ignores moves written with
    /// spaces), spaced otherwise.
    pub(crate) fn write_line(self, inputs: &[u32]) -> String {
        let moves: Vec<String> = inputs.iter().map(|&input| self.write(input)).collect();
        match self {
            Dialect::Abapa => moves.concat(),
            Dialect::Inputs => moves.join(" "),
        }
    }

    /// The inputs a list of move tokens means: in Abapa each letter is a
    /// move (`AfBe` is four), and integers are read as inputs in both
    /// dialects; `Err` names the first token that is neither.
    pub(crate) fn read(self, tokens: &[&str]) -> Result<Vec<u32>, String> {
        let mut inputs = Vec::new();
        for token in tokens {
            if let Ok(input) = token.parse::<u32>() {
                inputs.push(input);
                continue;
            }
            let letters = self == Dialect::Abapa
                && !token.is_empty()
                && token.chars().all(|c| matches!(c, 'A'..='F' | 'a'..='f'));
            if !letters {
                return Err((*token).to_owned());
            }
            inputs.extend(token.bytes().map(|letter| match letter {
                b'A'..=b'F' => u32::from(letter - b'A') + 1,
                _ => u32::from(letter - b'a') + 1 + ROW,
            }));
        }
        Ok(inputs)
    }
}

/// The body of an Awalé position (`MOVER:HOLES:SCORES`) that the Abapa
/// fen `H1-…-H12-SS-NS-S|N` writes, or what is wrong with it, in French.
pub(crate) fn abapa_body(fen: &str) -> Result<String, String> {
    let parts: Vec<&str> = fen.split('-').collect();
    let expected = "attendu H1-…-H12-SS-NS-S|N (douze trous, les réserves de SUD et de \
                    NORD, le trait)";
    if parts.len() != 2 * ROW as usize + 3 {
        return Err(format!(
            "la position « {fen} » a {} champs ; {expected}",
            parts.len()
        ));
    }
    let numbers: Result<Vec<u32>, _> = parts[..parts.len() - 1]
        .iter()
        .map(|part| part.parse::<u32>())
        .collect();
    let Ok(numbers) = numbers else {
        return Err(format!(
            "la position « {fen} » a un champ non numérique ; {expected}"
        ));
    };
    let mover = match parts[parts.len() - 1] {
        "S" | "s" => "S",
        "N" | "n" => "N",
        other => return Err(format!("le trait « {other} » n'est ni S ni N ; {expected}")),
    };
    let holes: Vec<String> = numbers[..12].iter().map(u32::to_string).collect();
    Ok(format!(
        "{mover}:{}:{},{}",
        holes.join(","),
        numbers[12],
        numbers[13]
    ))
}

/// The Abapa fen of an Awalé position's body (`MOVER:HOLES:SCORES`), for
/// an engine of that dialect; `None` when the body is not of that form.
pub(crate) fn abapa_fen(body: &str) -> Option<String> {
    let mut fields = body.split(':');
    let (mover, holes, scores) = (fields.next()?, fields.next()?, fields.next()?);
    if fields.next().is_some() || !matches!(mover, "S" | "N") {
        return None;
    }
    let holes: Vec<&str> = holes.split(',').collect();
    let scores: Vec<&str> = scores.split(',').collect();
    let numeric = |text: &&str| text.parse::<u32>().is_ok();
    if holes.len() != 12 || scores.len() != 2 || !holes.iter().chain(&scores).all(numeric) {
        return None;
    }
    Some(format!("{}-{}-{mover}", holes.join("-"), scores.join("-")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn abapa_moves_are_letters_south_upper_case_north_lower_case() {
        let abapa = Dialect::Abapa;
        let written: Vec<String> = (1..=12).map(|hole| abapa.write(hole)).collect();
        assert_eq!(written.concat(), "ABCDEFabcdef");
        assert_eq!(abapa.read(&["AfBe"]), Ok(vec![1, 12, 2, 11]));
        assert_eq!(abapa.read(&["A", "f", "B", "e"]), Ok(vec![1, 12, 2, 11]));
        assert_eq!(abapa.read(&["3", "c"]), Ok(vec![3, 9]));
        assert_eq!(abapa.read(&["Ag"]), Err("Ag".to_owned()));
        assert_eq!(abapa.write_line(&[4, 9]), "Dc");
    }

    #[test]
    fn other_variants_speak_integers() {
        let inputs = Dialect::of("kalah");
        assert_eq!(inputs, Dialect::Inputs);
        assert_eq!(inputs.read(&["3", "14"]), Ok(vec![3, 14]));
        assert_eq!(inputs.read(&["A"]), Err("A".to_owned()));
        assert_eq!(inputs.write_line(&[3, 14]), "3 14");
    }

    #[test]
    fn the_abapa_fen_and_the_position_body_are_one_another() {
        let fen = "4-4-4-4-4-4-4-4-4-4-4-0-3-1-N";
        let body = abapa_body(fen).unwrap_or_default();
        assert_eq!(body, "N:4,4,4,4,4,4,4,4,4,4,4,0:3,1");
        assert_eq!(abapa_fen(&body).as_deref(), Some(fen));
        assert_eq!(
            abapa_body("0-0-0-0-0-1-0-0-0-0-0-2-20-25-s").as_deref(),
            Ok("S:0,0,0,0,0,1,0,0,0,0,0,2:20,25")
        );
    }

    #[test]
    fn a_malformed_fen_says_what_was_expected() {
        for fen in [
            "4-4-4",
            "4-4-4-4-4-4-4-4-4-4-4-x-0-0-S",
            "4-4-4-4-4-4-4-4-4-4-4-4-0-0-E",
        ] {
            let why = abapa_body(fen).expect_err(fen);
            assert!(why.contains("attendu H1-…-H12-SS-NS-S|N"), "{why}");
        }
        assert_eq!(abapa_fen("S:1,2:0,0"), None);
    }
}
