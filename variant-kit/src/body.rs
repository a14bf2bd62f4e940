//! The body of a position (SPEC §2 « Positions »): what a variant writes
//! after `ID[/KEY=VALUE…]:`, read back by [`crate::Variant::at_position`].
//!
//! A body is fields separated by `:`; a field is a word, a number, or a
//! list of numbers separated by `,` (`-` for an empty list). The two-row
//! games of this kit write `MOVER:HOLES:SCORES` ([`crate::board::Board`]):
//! the seat to move by its code (`S`, `N`), the seeds of holes 1 to 2n in
//! the host's numbering, then the scores, SUD's first
//! (`N:0,0,0,0,0,1,0,0,0,0,0,2:20,25`); other families append what else
//! their state holds as further fields, and say so in their rules text.
//!
//! [`BodyWriter`] writes the fields; [`BodyReader`] reads them back and
//! refuses, in one line of French naming the field and what was expected,
//! whatever it did not expect.

use std::fmt::{self, Display, Write as _};
use std::ops::RangeInclusive;

use crate::{Player, TwoRows};

/// The code of a seat in a position: the initials of the words of its
/// name (`SUD` is `S`, `NORD-OUEST` is `NO`).
pub fn seat_code(name: &str) -> String {
    name.split('-')
        .filter_map(|word| word.chars().next())
        .collect()
}

/// The names of the seats of a two-row board, whose codes are `S` and `N`.
const TWO_SEATS: [&str; 2] = ["SUD", "NORD"];

/// Writes a position's body, one `:`-separated field at a time.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BodyWriter {
    text: String,
}

impl BodyWriter {
    /// An empty body.
    pub fn new() -> BodyWriter {
        BodyWriter::default()
    }

    /// Appends one field (printable ASCII, without `:` or spaces).
    pub fn field(&mut self, field: impl Display) -> &mut BodyWriter {
        if !self.text.is_empty() {
            self.text.push(':');
        }
        let _ = write!(self.text, "{field}");
        self
    }

    /// Appends a field listing `values` separated by `,` (`-` when none).
    pub fn list<T: Display>(&mut self, values: impl IntoIterator<Item = T>) -> &mut BodyWriter {
        if !self.text.is_empty() {
            self.text.push(':');
        }
        let start = self.text.len();
        for value in values {
            if self.text.len() > start {
                self.text.push(',');
            }
            let _ = write!(self.text, "{value}");
        }
        if self.text.len() == start {
            self.text.push('-');
        }
        self
    }

    /// Appends the field of a seat, `player` of `seats`, by its code
    /// ([`seat_code`]).
    pub fn seat(&mut self, player: Player, seats: &[&str]) -> &mut BodyWriter {
        let code = seats
            .get(player.index())
            .map_or_else(|| (player.index() + 1).to_string(), |name| seat_code(name));
        self.field(code)
    }

    /// Appends the field of a seat of a two-row board: `S` or `N`.
    pub fn two_seats(&mut self, player: Player) -> &mut BodyWriter {
        self.seat(player, &TWO_SEATS)
    }

    /// Appends a field `1` or `0`.
    pub fn flag(&mut self, set: bool) -> &mut BodyWriter {
        self.field(u8::from(set))
    }

    /// The body written.
    pub fn finish(&mut self) -> String {
        std::mem::take(&mut self.text)
    }
}

impl Display for BodyWriter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Reads a position's body back, one field at a time, refusing what it
/// did not expect in one line of French that names the field.
#[derive(Clone, Debug)]
pub struct BodyReader<'a> {
    fields: std::str::Split<'a, char>,
    read: usize,
}

impl<'a> BodyReader<'a> {
    /// A reader of `body`, at its first field.
    pub fn new(body: &'a str) -> BodyReader<'a> {
        BodyReader {
            fields: body.split(':'),
            read: 0,
        }
    }

    /// A refusal about the field just read, `what` it should hold.
    pub fn refusal(&self, what: &str, why: impl Display) -> String {
        format!("champ {} de l'état ({what}) : {why}", self.read)
    }

    /// The next field as text; `what` says what it holds, for a refusal.
    pub fn field(&mut self, what: &str) -> Result<&'a str, String> {
        self.read += 1;
        match self.fields.next() {
            Some(field) if !field.is_empty() => Ok(field),
            Some(_) => Err(self.refusal(what, "il est vide")),
            None => Err(format!(
                "il manque le champ {} de l'état ({what})",
                self.read
            )),
        }
    }

    /// The next field, a seat of `seats` by its code ([`seat_code`]) or
    /// its name, ignoring case.
    pub fn seat(&mut self, seats: &[&str]) -> Result<Player, String> {
        let field = self.field("le joueur qui a la main")?;
        let found = seats.iter().position(|name| {
            seat_code(name).eq_ignore_ascii_case(field) || name.eq_ignore_ascii_case(field)
        });
        match found.and_then(|seat| u8::try_from(seat).ok()) {
            Some(seat) => Ok(Player(seat)),
            None => {
                let codes: Vec<String> = seats.iter().map(|name| seat_code(name)).collect();
                Err(self.refusal(
                    "le joueur qui a la main",
                    format!("« {field} » n'est pas {}", codes.join(" ni ")),
                ))
            }
        }
    }

    /// The next field, a seat of a two-row board: `S` or `N`.
    pub fn two_seats(&mut self) -> Result<Player, String> {
        self.seat(&TWO_SEATS)
    }

    /// The next field, a number within `range`.
    pub fn number(&mut self, what: &str, range: RangeInclusive<u32>) -> Result<u32, String> {
        let field = self.field(what)?;
        match field.parse::<u32>() {
            Ok(number) if range.contains(&number) => Ok(number),
            _ => Err(self.refusal(
                what,
                format!(
                    "« {field} » n'est pas un nombre de {} à {}",
                    range.start(),
                    range.end()
                ),
            )),
        }
    }

    /// The next field, `1` or `0`.
    pub fn flag(&mut self, what: &str) -> Result<bool, String> {
        Ok(self.number(what, 0..=1)? == 1)
    }

    /// The next field, one of the words `choices`; returns its index.
    pub fn choice(&mut self, what: &str, choices: &[&str]) -> Result<usize, String> {
        let field = self.field(what)?;
        match choices.iter().position(|choice| *choice == field) {
            Some(index) => Ok(index),
            None => Err(self.refusal(
                what,
                format!("« {field} » n'est pas {}", choices.join(" ni ")),
            )),
        }
    }

    /// The next field, a list of numbers separated by `,` (`-` for none),
    /// of any length.
    pub fn any_list(&mut self, what: &str) -> Result<Vec<u32>, String> {
        let field = self.field(what)?;
        if field == "-" {
            return Ok(Vec::new());
        }
        field
            .split(',')
            .map(|number| {
                number.parse::<u32>().map_err(|_| {
                    self.refusal(
                        what,
                        format!(
                            "« {number} » n'est pas un nombre (entiers séparés par des virgules)"
                        ),
                    )
                })
            })
            .collect()
    }

    /// The next field, a list of exactly `count` numbers.
    pub fn list(&mut self, what: &str, count: usize) -> Result<Vec<u32>, String> {
        let list = self.any_list(what)?;
        if list.len() != count {
            return Err(self.refusal(
                what,
                format!(
                    "attendu {count} nombre(s) séparés par des virgules, il y en a {}",
                    list.len()
                ),
            ));
        }
        Ok(list)
    }

    /// The next field, the seeds of the `holes` holes of a board, in the
    /// host's numbering, each at most 255 (what a hole of this kit holds).
    pub fn holes(&mut self, holes: usize) -> Result<Vec<u8>, String> {
        let what = format!("les graines des trous 1 à {holes}");
        let counts = self.list(&what, holes)?;
        counts
            .iter()
            .enumerate()
            .map(|(index, &seeds)| {
                u8::try_from(seeds).map_err(|_| {
                    self.refusal(
                        &what,
                        format!(
                            "le trou {} a {seeds} graines, un trou en tient au plus 255",
                            index + 1
                        ),
                    )
                })
            })
            .collect()
    }

    /// Refuses a body with more fields than were read.
    pub fn end(mut self) -> Result<(), String> {
        match self.fields.next() {
            None => Ok(()),
            Some(extra) => Err(format!(
                "l'état a un champ de trop après le champ {} : « {extra} »",
                self.read
            )),
        }
    }
}

/// The state of a two-row game as its position holds it:
/// `MOVER:HOLES:SCORES` ([`write_two_rows`], [`read_two_rows`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TwoRowState {
    /// The player to move.
    pub to_move: Player,
    /// The seeds of each hole, hole 1 first.
    pub holes: Vec<u8>,
    /// SUD's and NORD's scores.
    pub scores: [u32; 2],
}

/// Writes the fields of a two-row game: `MOVER:HOLES:SCORES`, the player
/// to move (`S` or `N`), the seeds of `holes` (hole 1 first), then SUD's
/// and NORD's `scores` (`N:0,0,0,0,0,1,0,0,0,0,0,2:20,25`).
pub fn write_two_rows(body: &mut BodyWriter, to_move: Player, holes: &[u8], scores: &[u32]) {
    body.two_seats(to_move).list(holes).list(scores);
}

/// Reads the fields [`write_two_rows`] writes, for a board of `holes`
/// holes whose game has `seeds` seeds in all (on the board and in the
/// scores), refusing another count.
pub fn read_two_rows(
    body: &mut BodyReader<'_>,
    holes: usize,
    seeds: u32,
) -> Result<TwoRowState, String> {
    let to_move = body.two_seats()?;
    let pits = body.holes(holes)?;
    let scores = body.list("les scores de SUD et de NORD", 2)?;
    let found =
        pits.iter().map(|&seeds| u32::from(seeds)).sum::<u32>() + scores.iter().sum::<u32>();
    check_seed_count(found, seeds)?;
    Ok(TwoRowState {
        to_move,
        holes: pits,
        scores: [scores[0], scores[1]],
    })
}

/// Refuses a position whose seeds, `found` in all (board, scores and what
/// else holds seeds), are not the `expected` seeds of the game.
pub fn check_seed_count(found: u32, expected: u32) -> Result<(), String> {
    if found == expected {
        Ok(())
    } else {
        Err(format!(
            "la position compte {found} graines (trous, scores et réserves), la partie en \
             compte {expected}"
        ))
    }
}

/// Refuses a hole `number` (from 1) that is not one of `rows`'s, or not
/// one of `owner`'s when given (`what` it stands for).
pub fn check_hole(
    number: u32,
    rows: TwoRows,
    owner: Option<Player>,
    what: &str,
) -> Result<usize, String> {
    let index = usize::try_from(number)
        .ok()
        .and_then(|number| number.checked_sub(1))
        .filter(|&index| index < rows.holes());
    match (index, owner) {
        (Some(index), Some(owner)) if rows.owner(index) != owner => Err(format!(
            "{what} : le trou {number} n'est pas dans la rangée de {}",
            crate::name(owner)
        )),
        (Some(index), _) => Ok(index),
        (None, _) => Err(format!(
            "{what} : il n'y a pas de trou {number} (trous 1 à {})",
            rows.holes()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_body_is_written_field_by_field() {
        let mut body = BodyWriter::new();
        body.two_seats(Player::NORD)
            .list([0u8, 0, 1, 2])
            .list([20u32, 25])
            .list(Vec::<u32>::new())
            .flag(true)
            .seat(
                Player(5),
                &["SUD", "NORD", "EST", "OUEST", "SUD-EST", "NORD-OUEST"],
            );
        assert_eq!(body.to_string(), "N:0,0,1,2:20,25:-:1:NO");
        assert_eq!(body.finish(), "N:0,0,1,2:20,25:-:1:NO");
        assert_eq!(seat_code("SUD-EST"), "SE");
    }

    #[test]
    fn a_body_reads_back_what_was_written() {
        let mut body = BodyReader::new("N:0,0,1,2:20,25:-:1:NO:3:fin");
        assert_eq!(body.two_seats(), Ok(Player::NORD));
        assert_eq!(body.holes(4), Ok(vec![0, 0, 1, 2]));
        assert_eq!(body.list("les scores", 2), Ok(vec![20, 25]));
        assert_eq!(body.any_list("les prises"), Ok(Vec::new()));
        assert_eq!(body.flag("rejoue"), Ok(true));
        let seats = ["SUD", "NORD", "EST", "OUEST", "SUD-EST", "NORD-OUEST"];
        assert_eq!(body.seat(&seats), Ok(Player(5)));
        assert_eq!(body.number("la manche", 1..=9), Ok(3));
        assert_eq!(body.choice("la phase", &["semis", "fin"]), Ok(1));
        assert_eq!(body.end(), Ok(()));
        let mut body = BodyReader::new("sud:4");
        assert_eq!(body.two_seats(), Ok(Player::SUD), "a name, ignoring case");
    }

    #[test]
    fn a_two_row_state_is_written_and_read_back() {
        let mut body = BodyWriter::new();
        write_two_rows(
            &mut body,
            Player::NORD,
            &[0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 2],
            &[20, 25],
        );
        let text = body.finish();
        assert_eq!(text, "N:0,0,0,0,0,1,0,0,0,0,0,2:20,25");
        let read = read_two_rows(&mut BodyReader::new(&text), 12, 48);
        assert_eq!(
            read,
            Ok(TwoRowState {
                to_move: Player::NORD,
                holes: vec![0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 2],
                scores: [20, 25],
            })
        );
        assert!(read_two_rows(&mut BodyReader::new(&text), 12, 47)
            .unwrap_err()
            .contains("compte 48 graines"));
    }

    #[test]
    fn what_a_body_does_not_expect_is_refused_naming_the_field() {
        let refusal = |body: &str, read: fn(&mut BodyReader<'_>) -> Result<(), String>| {
            let mut reader = BodyReader::new(body);
            read(&mut reader).expect_err("refused")
        };
        assert_eq!(
            refusal("X", |r| r.two_seats().map(drop)),
            "champ 1 de l'état (le joueur qui a la main) : « X » n'est pas S ni N"
        );
        assert_eq!(
            refusal("S", |r| r.two_seats().and(r.holes(4)).map(drop)),
            "il manque le champ 2 de l'état (les graines des trous 1 à 4)"
        );
        assert_eq!(
            refusal("S:1,2,3", |r| r.two_seats().and(r.holes(4)).map(drop)),
            "champ 2 de l'état (les graines des trous 1 à 4) : attendu 4 nombre(s) séparés \
             par des virgules, il y en a 3"
        );
        assert_eq!(
            refusal("1,x", |r| r.holes(2).map(drop)),
            "champ 1 de l'état (les graines des trous 1 à 2) : « x » n'est pas un nombre \
             (entiers séparés par des virgules)"
        );
        assert_eq!(
            refusal("1,300", |r| r.holes(2).map(drop)),
            "champ 1 de l'état (les graines des trous 1 à 2) : le trou 2 a 300 graines, un \
             trou en tient au plus 255"
        );
        assert_eq!(
            refusal("::", |r| r.field("x").map(drop)),
            "champ 1 de l'état (x) : il est vide"
        );
        assert_eq!(
            refusal("12", |r| r.number("la manche", 1..=9).map(drop)),
            "champ 1 de l'état (la manche) : « 12 » n'est pas un nombre de 1 à 9"
        );
        assert_eq!(
            BodyReader::new("S:1").end().err(),
            Some("l'état a un champ de trop après le champ 0 : « S »".to_owned())
        );
        assert_eq!(check_seed_count(48, 48), Ok(()));
        assert_eq!(
            check_seed_count(47, 48),
            Err(
                "la position compte 47 graines (trous, scores et réserves), la partie en \
                 compte 48"
                    .to_owned()
            )
        );
        let rows = TwoRows::new(6);
        assert_eq!(check_hole(7, rows, Some(Player::NORD), "le tuzdyk"), Ok(6));
        assert_eq!(
            check_hole(3, rows, Some(Player::NORD), "le tuzdyk"),
            Err("le tuzdyk : le trou 3 n'est pas dans la rangée de NORD".to_owned())
        );
        assert_eq!(
            check_hole(0, rows, None, "le tuzdyk"),
            Err("le tuzdyk : il n'y a pas de trou 0 (trous 1 à 12)".to_owned())
        );
    }
}
