//! The engine protocol (`SPEC.md` §2 « Engine protocol »), the host's
//! other face: UCI's framing adapted to mancala, as Aualé and Aalina speak
//! it for Oware Abapa, and for every variant through `UCI_Variant`.
//!
//! - [`notation`]: how moves and positions are written (letters and the
//!   twelve-house fen for Awalé, the variant's inputs and the project's
//!   positions elsewhere);
//! - [`server`]: `host --uci`, the host as an engine on standard input and
//!   output;
//! - [`client`]: an engine of the protocol run as a child process, for a
//!   seat of a game (`--engine`) and for a match between engines.
//!
//! May use: `cli`, `util`, `loading`.

pub(crate) mod client;
pub(crate) mod notation;
pub(crate) mod server;

use variant_api::{DecisionKind, Game, Inputs, Turn};

/// The variant whose protocol is Aualé's and Aalina's: Awalé, played as
/// Oware Abapa (`capture=backward`) unless set otherwise.
pub(crate) const ABAPA_VARIANT: &str = "awale";

/// The centipawn value of a proven result: a win by `m` seeds is written
/// `cp 100000 + 100·m`, a loss by `m` seeds `cp -100000 - 100·m`, beyond
/// every estimate (a proven draw is `cp 0`).
pub(crate) const PROVEN_CP: i64 = 100_000;

/// A search value in the protocol's `cp`: hundredths of a seed from the
/// side to move, a proven result beyond every estimate ([`PROVEN_CP`]).
pub(crate) fn centipawns(value: i32, proven: bool) -> i64 {
    let value = i64::from(value);
    match (proven, value.signum()) {
        (true, 1) => PROVEN_CP + value,
        (true, -1) => -PROVEN_CP + value,
        _ => value,
    }
}

/// Plays the turns with nothing to choose that come next in `game`.
pub(crate) fn play_forced(game: &mut Game) -> Result<(), String> {
    let mut inputs = Inputs::new();
    for _ in 0..1_000 {
        match game.turn().map_err(|error| error.to_string())? {
            Turn::Decide { kind, .. } if kind == DecisionKind::Forced => {
                game.legal_inputs(&mut inputs)
                    .map_err(|error| error.to_string())?;
                let Some(&input) = inputs.as_slice().first() else {
                    return Err(
                        "the variant broke the contract: a forced turn accepts nothing".to_owned(),
                    );
                };
                game.play(input).map_err(|error| error.to_string())?;
            }
            _ => return Ok(()),
        }
    }
    Err("the variant broke the contract: forced turns without end".to_owned())
}

/// The options the protocol plays a variant with, before any `setoption`:
/// Awalé is Oware Abapa (`capture=backward`), as Aualé and Aalina play it;
/// every other variant its defaults.
pub(crate) fn protocol_defaults(id: &str) -> Vec<(String, String)> {
    if id == ABAPA_VARIANT {
        vec![("capture".to_owned(), "backward".to_owned())]
    } else {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_proven_result_lies_beyond_every_estimate() {
        assert_eq!(centipawns(250, false), 250);
        assert_eq!(centipawns(400, true), 100_400);
        assert_eq!(centipawns(-300, true), -100_300);
        assert_eq!(centipawns(0, true), 0);
    }

    #[test]
    fn the_protocol_plays_awale_as_oware_abapa() {
        assert_eq!(
            protocol_defaults("awale"),
            vec![("capture".to_owned(), "backward".to_owned())]
        );
        assert!(protocol_defaults("kalah").is_empty());
    }
}
