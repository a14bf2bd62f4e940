//! What games played in rounds share (Awélé « La vache », Pallankuli): the
//! memory of the situations met at the start of the rounds, which ends a
//! game that comes back where it already was, and the turns with nothing to
//! choose (a player passes, a new round is set up:
//! [`crate::DecisionKind::Forced`]), which the host plays itself.
//!
//! The conformance kit wants the score changes of a move to be its gains,
//! and the seeds on the board plus the scores to stay constant: a game whose
//! seeds go back from the scores onto the board between rounds therefore
//! sets the new round up in a turn of its own ([`set_up`]), with one input
//! ([`only_input`]), whose [`crate::Step::Pending`] reports no gains.
//!
//! Both also take the size of the board from the same two options
//! ([`Size`]) and keep how the game ended beside its outcome ([`turn`],
//! [`refuse_if_over`]).

use crate::Options;
use crate::{DecisionKind, OptionSpec, OptionValues, Outcome, Player, Turn};

/// The most holes in a row of a game in rounds.
pub const MAX_WIDTH: usize = 12;

/// The board-size options of a game in rounds: `holes` in each row, from 3
/// to [`MAX_WIDTH`], and `seeds` in each hole at the start, from 1 to
/// `max_seeds`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    /// Holes in each row by default.
    pub holes: u32,
    /// What the `holes` option means in this game.
    pub holes_help: &'static str,
    /// Seeds in each hole by default.
    pub seeds: u32,
    /// The most seeds in each hole.
    pub max_seeds: u32,
    /// What the `seeds` option means in this game.
    pub seeds_help: &'static str,
}

impl Size {
    /// The `holes` and `seeds` options.
    pub fn options(&self) -> Vec<OptionSpec> {
        vec![
            OptionSpec {
                key: "holes".to_owned(),
                help: self.holes_help.to_owned(),
                default: self.holes.to_string(),
                values: OptionValues::Range {
                    min: 3,
                    max: MAX_WIDTH as u32,
                },
            },
            OptionSpec {
                key: "seeds".to_owned(),
                help: self.seeds_help.to_owned(),
                default: self.seeds.to_string(),
                values: OptionValues::Range {
                    min: 1,
                    max: self.max_seeds,
                },
            },
        ]
    }

    /// The holes in each row and the seeds in each hole that `options`
    /// give, or why they are refused.
    pub fn read(&self, options: &Options) -> Result<(usize, u8), String> {
        let width = options.number("holes") as usize;
        let seeds = options.number("seeds");
        if !(3..=MAX_WIDTH).contains(&width) || !(1..=self.max_seeds).contains(&seeds) {
            return Err(format!(
                "holes={width} seeds={seeds}: holes must be 3 to {MAX_WIDTH} and seeds 1 to {}",
                self.max_seeds
            ));
        }
        Ok((width, seeds as u8))
    }
}

/// The turn of a game in rounds: over once it has `ended` (its outcome and
/// why), otherwise `to_move` sows.
pub fn turn<E>(ended: Option<(Outcome, E)>, to_move: Player) -> Turn {
    match ended {
        Some((outcome, _)) => Turn::Over(outcome),
        None => Turn::sow(to_move),
    }
}

/// A turn of `player` with nothing to choose: a pass, or the set-up of a
/// new round, which the host plays without asking.
pub fn set_up(player: Player) -> Turn {
    Turn::Decide {
        player,
        kind: DecisionKind::Forced,
    }
}

/// The refusal of any input once a game in rounds has `ended`.
pub fn refuse_if_over<E>(ended: Option<(Outcome, E)>) -> Result<(), String> {
    match ended {
        Some(_) => Err("la partie est finie".to_owned()),
        None => Ok(()),
    }
}

/// The situations met at the start of the rounds of a game, as numbers
/// below [`RoundStarts::CAPACITY`], each with how many times it was met (up
/// to 3), in two fixed sets of bits: remembering one never allocates.
///
/// A game that comes back to a round start it already met may go round in
/// circles; a rule like chess's threefold repetition ends it when a round
/// would start for the third time as an earlier one did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundStarts {
    /// The low and high bits of each situation's count.
    low: [u64; WORDS],
    high: [u64; WORDS],
}

/// Words of each set of bits.
const WORDS: usize = 32;

impl Default for RoundStarts {
    fn default() -> Self {
        RoundStarts::new()
    }
}

impl RoundStarts {
    /// How many different situations can be told apart: keys are `0..CAPACITY`.
    pub const CAPACITY: usize = 64 * WORDS;

    /// A memory holding no situation.
    pub const fn new() -> RoundStarts {
        RoundStarts {
            low: [0; WORDS],
            high: [0; WORDS],
        }
    }

    /// Remembers the situation `key` once more; returns how many times it
    /// had been met before (at most 3: the count stops there).
    ///
    /// # Panics
    ///
    /// If `key` is not below [`RoundStarts::CAPACITY`] (a bug of the variant).
    pub fn met(&mut self, key: usize) -> u32 {
        assert!(
            key < Self::CAPACITY,
            "round start {key} beyond {}",
            Self::CAPACITY
        );
        let before = self.count(key);
        let after = (before + 1).min(3);
        let (word, bit) = (key / 64, 1u64 << (key % 64));
        self.low[word] = (self.low[word] & !bit) | if after & 1 != 0 { bit } else { 0 };
        self.high[word] = (self.high[word] & !bit) | if after & 2 != 0 { bit } else { 0 };
        before
    }

    /// How many times the situation `key` has been met, up to 3 (keys
    /// beyond the capacity never are).
    pub fn count(&self, key: usize) -> u32 {
        if key >= Self::CAPACITY {
            return 0;
        }
        let (word, bit) = (key / 64, 1u64 << (key % 64));
        u32::from(self.low[word] & bit != 0) + 2 * u32::from(self.high[word] & bit != 0)
    }
}

/// The one input of a turn with nothing to choose, on a board of `holes`
/// holes: the first number after the holes (`13` on a 2×6 board), which
/// names no hole, so that it is never taken for a move.
pub fn only_input(holes: usize) -> u32 {
    holes as u32 + 1
}

/// Accepts `input` if it is `expected`, the one input of a turn with
/// nothing to choose; otherwise refuses it, in French (« une seule réponse
/// possible : 13, pour passer son tour »).
pub fn accept_only(input: u32, expected: u32, what: &str) -> Result<(), String> {
    if input == expected {
        Ok(())
    } else {
        Err(format!(
            "une seule réponse possible : {expected}, pour {what}"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_situation_counts_how_many_times_it_was_met() {
        let mut starts = RoundStarts::new();
        assert_eq!(starts.met(0), 0);
        assert_eq!(starts.met(65), 0);
        assert_eq!(starts.met(0), 1);
        assert_eq!(starts.met(0), 2);
        assert_eq!(starts.met(0), 3);
        assert_eq!(starts.met(0), 3, "the count stops at 3");
        assert_eq!(starts.count(65), 1);
        assert_eq!(starts.count(64), 0);
        assert_eq!(starts.met(RoundStarts::CAPACITY - 1), 0);
        assert_eq!(starts.count(RoundStarts::CAPACITY - 1), 1);
        assert_eq!(starts.count(RoundStarts::CAPACITY), 0);
        assert_eq!(RoundStarts::default(), RoundStarts::new());
    }

    #[test]
    fn a_key_beyond_the_capacity_is_a_bug() {
        let result = std::panic::catch_unwind(|| RoundStarts::new().met(RoundStarts::CAPACITY));
        assert!(result.is_err());
    }

    #[test]
    fn the_size_options_are_read_within_their_ranges() {
        const SIZE: Size = Size {
            holes: 7,
            holes_help: "holes",
            seeds: 6,
            max_seeds: 10,
            seeds_help: "seeds",
        };
        let specs = SIZE.options();
        assert_eq!(
            (specs[0].default.as_str(), specs[1].default.as_str()),
            ("7", "6")
        );
        let given = |holes: &str, seeds: &str| {
            let given = [
                ("holes".to_owned(), holes.to_owned()),
                ("seeds".to_owned(), seeds.to_owned()),
            ];
            Options::resolve(&specs, &given).map(|options| SIZE.read(&options))
        };
        assert_eq!(given("12", "10"), Ok(Ok((12, 10))));
        assert!(given("13", "6").is_err(), "the host refuses it first");
    }

    #[test]
    fn an_ended_game_is_over_and_refuses_inputs() {
        let ended = Some((Outcome::by_scores(&[3, 1]), ()));
        assert_eq!(
            turn(ended, Player::NORD),
            Turn::Over(Outcome::by_scores(&[3, 1]))
        );
        assert!(refuse_if_over(ended).is_err());
        assert_eq!(
            turn(None::<(Outcome, ())>, Player::NORD),
            Turn::sow(Player::NORD)
        );
        assert_eq!(refuse_if_over(None::<(Outcome, ())>), Ok(()));
    }

    #[test]
    fn the_one_answer_is_the_number_after_the_holes() {
        assert_eq!(only_input(12), 13);
        assert_eq!(only_input(14), 15);
        assert_eq!(accept_only(15, 15, "passer son tour"), Ok(()));
        assert_eq!(
            accept_only(3, 15, "passer son tour"),
            Err("une seule réponse possible : 15, pour passer son tour".to_owned())
        );
        assert_eq!(
            set_up(Player::NORD),
            Turn::Decide {
                player: Player::NORD,
                kind: DecisionKind::Forced
            }
        );
    }
}
