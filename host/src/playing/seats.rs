//! Who sits where: the first player (`--first`), the computer's seats and
//! levels (`--computer`), and the tally of a match (`--games`).

use variant_api::rng::SplitMix;
use variant_api::{Outcome, Player};

use crate::util::names;

/// The levels of the 1996 program (seed 003), by number.
const LEVELS: [&str; 4] = ["initiation", "débutant", "amateur", "grand-maître"];

/// The level used when `--computer SEAT` names none.
const DEFAULT_LEVEL: u8 = 3;

/// The seat `typed` names, or one drawn with `seed` for `hasard`.
pub(crate) fn first(typed: &str, seats: &[String], seed: u64) -> Result<Player, String> {
    if names::matches(typed, "hasard") {
        let drawn = SplitMix::new(seed).below(seats.len() as u64);
        return Ok(Player(drawn as u8));
    }
    find_seat(typed, seats).ok_or_else(|| {
        format!(
            "joueur inconnu pour --first : « {typed} » ; les places sont {}, ou hasard",
            seats.join(", ").to_lowercase()
        )
    })
}

fn find_seat(typed: &str, seats: &[String]) -> Option<Player> {
    seats
        .iter()
        .position(|name| names::matches(typed, name))
        .and_then(|index| u8::try_from(index).ok())
        .map(Player)
}

/// What `--computer` takes for no seat at all (over the settings file's
/// seats).
const NOBODY: &str = "personne";

/// The computer's level at each seat, from `--computer SEAT[=LEVEL]` values
/// (`personne` alone: no seat).
pub(crate) fn computer(given: &[String], seats: &[String]) -> Result<Vec<Option<u8>>, String> {
    let mut levels = vec![None; seats.len()];
    if given.iter().any(|value| names::matches(value, NOBODY)) {
        return match given.len() {
            1 => Ok(levels),
            _ => Err(format!(
                "« {NOBODY} » pour --computer ne va pas avec des places"
            )),
        };
    }
    for value in given {
        let (seat, level) = match value.split_once('=') {
            Some((seat, level)) => (seat, Some(level)),
            None => (value.as_str(), None),
        };
        let player = find_seat(seat, seats).ok_or_else(|| {
            format!(
                "place inconnue pour --computer : « {seat} » ; les places sont {}",
                seats.join(", ").to_lowercase()
            )
        })?;
        let level = match level {
            None => DEFAULT_LEVEL,
            Some(level) => parse_level(level).ok_or_else(|| {
                format!(
                    "niveau inconnu pour --computer : « {level} » ; 1 à 4, ou {}",
                    LEVELS.join(", ")
                )
            })?,
        };
        if levels[player.index()].replace(level).is_some() {
            return Err(format!("--computer donne deux fois la place « {seat} »"));
        }
    }
    Ok(levels)
}

fn parse_level(text: &str) -> Option<u8> {
    if let Ok(number) = text.parse::<u8>() {
        return (1..=4).contains(&number).then_some(number);
    }
    LEVELS
        .iter()
        .position(|name| {
            names::matches(text, name) || names::matches(text, &name.replace('-', " "))
        })
        .map(|index| index as u8 + 1)
}

/// The games each seat won in a match, and the draws.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Tally {
    wins: Vec<u32>,
    draws: u32,
}

impl Tally {
    /// No game played yet, for `seats` seats.
    pub(crate) fn new(seats: usize) -> Tally {
        Tally {
            wins: vec![0; seats],
            draws: 0,
        }
    }

    /// Counts one game's outcome.
    pub(crate) fn add(&mut self, outcome: Outcome) {
        let mut winners = outcome.winner_list().peekable();
        if winners.peek().is_none() {
            self.draws += 1;
        }
        for winner in winners {
            if let Some(wins) = self.wins.get_mut(winner.index()) {
                *wins += 1;
            }
        }
    }

    /// The games each seat won so far, then the draws: `SUD 4, NORD 1,
    /// nulles 1`.
    pub(crate) fn score(&self, seats: &[String]) -> String {
        let tally: Vec<String> = seats
            .iter()
            .zip(&self.wins)
            .map(|(name, wins)| format!("{name} {wins}"))
            .collect();
        format!("{}, nulles {}", tally.join(", "), self.draws)
    }

    /// `Match d'Awalé : SUD 4, NORD 1, nulles 1.` then who won the match.
    pub(crate) fn lines(&self, seats: &[String], title_with_article: &str) -> String {
        let best = self.wins.iter().copied().max().unwrap_or(0);
        let leaders: Vec<&String> = seats
            .iter()
            .zip(&self.wins)
            .filter(|&(_, &wins)| wins == best)
            .map(|(name, _)| name)
            .collect();
        let result = match leaders.as_slice() {
            [one] => format!("{one} gagne le match {title_with_article}."),
            _ => format!("Personne ne gagne le match {title_with_article}."),
        };
        format!(
            "Match {title_with_article} : {}.\n{result}\n",
            self.score(seats)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seats() -> Vec<String> {
        vec!["SUD".to_owned(), "NORD".to_owned()]
    }

    #[test]
    fn computer_seats_take_levels_by_number_or_name() {
        let given = ["nord=grand-maître".to_owned(), "SUD".to_owned()];
        assert_eq!(computer(&given, &seats()), Ok(vec![Some(3), Some(4)]));
        let given = ["nord=1".to_owned()];
        assert_eq!(computer(&given, &seats()), Ok(vec![None, Some(1)]));
        assert!(computer(&["est".to_owned()], &seats()).is_err());
        assert!(computer(&["nord=5".to_owned()], &seats()).is_err());
        let twice = ["nord".to_owned(), "Nord=2".to_owned()];
        assert_eq!(
            computer(&twice, &seats()),
            Err("--computer donne deux fois la place « Nord »".to_owned())
        );
    }

    #[test]
    fn personne_gives_the_computer_no_seat() {
        assert_eq!(
            computer(&["Personne".to_owned()], &seats()),
            Ok(vec![None, None])
        );
        let both = ["personne".to_owned(), "nord".to_owned()];
        assert!(computer(&both, &seats()).is_err_and(|reason| reason.contains("ne va pas")));
    }

    #[test]
    fn the_first_player_is_named_or_drawn() {
        assert_eq!(first("Nord", &seats(), 0), Ok(Player::NORD));
        let drawn: Vec<Player> = (0..20)
            .map(|seed| first("hasard", &seats(), seed).unwrap())
            .collect();
        assert!(drawn.contains(&Player::SUD) && drawn.contains(&Player::NORD));
        assert!(first("est", &seats(), 0).is_err());
    }

    #[test]
    fn a_match_counts_wins_and_draws() {
        let mut record = Tally::new(2);
        for outcome in [
            Outcome::winner(Player::SUD),
            Outcome::DRAW,
            Outcome::winner(Player::SUD),
            Outcome::winner(Player::NORD),
        ] {
            record.add(outcome);
        }
        assert_eq!(
            record.lines(&seats(), "d'Awalé"),
            "Match d'Awalé : SUD 2, NORD 1, nulles 1.\nSUD gagne le match d'Awalé.\n"
        );
        let mut even = Tally::new(2);
        even.add(Outcome::DRAW);
        assert!(even
            .lines(&seats(), "d'Awalé")
            .ends_with("Personne ne gagne le match d'Awalé.\n"));
    }
}
