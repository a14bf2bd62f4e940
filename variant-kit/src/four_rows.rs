//! The geometry of a board of four rows (`SPEC.md` §3 « The board, 4
//! rows »), shared by Katra, Mefuhva and Mweso: each player owns two rows of
//! `width` holes and sows only round them.
//!
//! Holes are handled by index (hole `n` is index `n - 1`). SUD's circuit is
//! indices `0..2W` in order: the outer row `0..W` drawn left to right at the
//! bottom, then the inner row `W..2W` drawn right to left. NORD's circuit is
//! `2W..4W`: the outer row `2W..3W` drawn right to left at the top, then the
//! inner row `3W..4W` drawn left to right. Going up the indices round one's
//! own circuit is counterclockwise. Columns are counted as drawn, from 0 at
//! the left (SUD's left, NORD's right).

use std::ops::Range;

use super::Ending;
use crate::Options;
use crate::{Layout, OptionSpec, Outcome, Player};

/// Which way seeds go round a player's own two rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Counterclockwise: up the hole numbers (the usual way).
    Counterclockwise,
    /// Clockwise: down the hole numbers.
    Clockwise,
}

impl Direction {
    /// The direction a Direction decision's `input` names: 1
    /// counterclockwise, 2 clockwise; any other input is refused, in French.
    pub fn from_input(input: u32) -> Result<Direction, String> {
        match input {
            1 => Ok(Direction::Counterclockwise),
            2 => Ok(Direction::Clockwise),
            _ => Err(format!(
                "{input} n'est pas un sens : entrez 1 (sens inverse des aiguilles d'une montre) ou 2 (sens des aiguilles d'une montre)"
            )),
        }
    }
}

/// What a sowing that comes round to the hole it started from does there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Laps {
    /// The start hole gets a seed on each lap, as in the four-row games'
    /// references (Ludii's `sow` drops one there unless given
    /// `includeSelf:False`, which Katra.lud, Mefuvha.lud and Mweso.lud do
    /// not give).
    ThroughStart,
    /// The start hole is skipped on each lap and so ends empty, as in the
    /// elementary move of seed `000` (« nous n'y semons pas de graine »).
    SkipStart,
}

impl Laps {
    /// The `skip-start` option ([`Laps::option`]) as set in `options`.
    pub fn from_options(options: &Options) -> Laps {
        if options.get("skip-start") == "yes" {
            Laps::SkipStart
        } else {
            Laps::ThroughStart
        }
    }

    /// The `skip-start` option of the four-row games: `no` by default (the
    /// references), `yes` (seed `000`'s elementary move).
    pub fn option() -> OptionSpec {
        super::choice(
            "skip-start",
            "un semis qui fait le tour saute son trou de départ : no (par défaut, les références du jeu : le semis de Ludii y met une graine), ou yes (le coup élémentaire du document 000)",
            &["no", "yes"],
        )
    }
}

/// A board of four rows of `width` holes, two rows per player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FourRows {
    width: usize,
}

impl FourRows {
    /// A board whose rows hold `width` holes each.
    pub const fn new(width: usize) -> FourRows {
        FourRows { width }
    }

    /// The holes in one row.
    pub const fn width(self) -> usize {
        self.width
    }

    /// The holes on the board (`4 × width`).
    pub const fn holes(self) -> usize {
        4 * self.width
    }

    /// The holes of one player (`2 × width`), the length of their circuit.
    pub const fn holes_per_player(self) -> usize {
        2 * self.width
    }

    /// The indices of `player`'s circuit, in counterclockwise order.
    pub fn circuit(self, player: Player) -> Range<usize> {
        let start = player.index().min(1) * self.holes_per_player();
        start..start + self.holes_per_player()
    }

    /// The owner of the hole at index `pit`.
    pub fn owner(self, pit: usize) -> Player {
        if pit < self.holes_per_player() {
            Player::SUD
        } else {
            Player::NORD
        }
    }

    /// The place of `pit` on its owner's circuit, from 0 (the outer row's
    /// first hole, at the owner's left) to `2 × width - 1`.
    pub fn step(self, pit: usize) -> usize {
        pit % self.holes_per_player()
    }

    /// Whether `pit` is in its owner's inner row (the one near the centre).
    pub fn is_inner(self, pit: usize) -> bool {
        self.step(pit) >= self.width
    }

    /// Whether `pit` is in its owner's outer row (the one near the owner).
    pub fn is_outer(self, pit: usize) -> bool {
        !self.is_inner(pit)
    }

    /// The column of `pit` as drawn, from 0 at the left of the page.
    pub fn column(self, pit: usize) -> usize {
        let w = self.width;
        match pit / w {
            0 => pit,
            1 => 2 * w - 1 - pit,
            2 => 3 * w - 1 - pit,
            _ => pit - 3 * w,
        }
    }

    /// The index of `player`'s hole in `column` (as drawn), in the inner
    /// row if `inner`, otherwise in the outer row.
    pub fn pit_at(self, player: Player, inner: bool, column: usize) -> usize {
        let w = self.width;
        match (player == Player::SUD, inner) {
            (true, false) => column,
            (true, true) => 2 * w - 1 - column,
            (false, false) => 3 * w - 1 - column,
            (false, true) => 3 * w + column,
        }
    }

    /// The opponent's inner hole in the column of `pit`: for an inner hole,
    /// the hole facing it across the centre.
    pub fn facing(self, pit: usize) -> usize {
        self.pit_at(self.owner(pit).opponent(), true, self.column(pit))
    }

    /// The opponent's outer hole in the column of `pit` (behind the facing hole).
    pub fn facing_outer(self, pit: usize) -> usize {
        self.pit_at(self.owner(pit).opponent(), false, self.column(pit))
    }

    /// The owner's other hole in the column of `pit` (the outer hole behind
    /// an inner hole, the inner hole in front of an outer one).
    pub fn partner(self, pit: usize) -> usize {
        self.pit_at(self.owner(pit), self.is_outer(pit), self.column(pit))
    }

    /// The next hole after `pit` on its owner's circuit, going `direction`.
    pub fn next(self, pit: usize, direction: Direction) -> usize {
        let n = self.holes_per_player();
        let base = pit - self.step(pit);
        match direction {
            Direction::Counterclockwise => base + (self.step(pit) + 1) % n,
            Direction::Clockwise => base + (self.step(pit) + n - 1) % n,
        }
    }

    /// The hole reached `count` holes after `pit` on its owner's circuit,
    /// going `direction`.
    pub fn ahead(self, pit: usize, count: usize, direction: Direction) -> usize {
        let n = self.holes_per_player();
        let base = pit - self.step(pit);
        let count = count % n;
        match direction {
            Direction::Counterclockwise => base + (self.step(pit) + count) % n,
            Direction::Clockwise => base + (self.step(pit) + n - count) % n,
        }
    }

    /// How the board of a game of `seeds` seeds in all is drawn:
    /// [`Layout::four_rows`], with wide columns where
    /// [`super::wide_columns`] says so.
    pub fn layout(self, seeds: u32) -> Layout {
        let mut layout = Layout::four_rows(self.width as u32);
        layout.wide = super::wide_columns(seeds);
        layout
    }

    /// The seeds on `player`'s two rows.
    pub fn circuit_seeds(self, pits: &[u8], player: Player) -> u32 {
        pits[self.circuit(player)]
            .iter()
            .map(|&seeds| u32::from(seeds))
            .sum()
    }

    /// Gives each player the seeds left on their two rows, added to their
    /// score, and empties the board (the end of a game).
    pub fn take_rows(self, pits: &mut [u8], scores: &mut [u32; 2]) {
        for player in [Player::SUD, Player::NORD] {
            scores[player.index()] += self.circuit_seeds(pits, player);
            pits[self.circuit(player)].fill(0);
        }
    }

    /// Ends a game for `reason`: each player takes the seeds left on their
    /// rows ([`FourRows::take_rows`]); `loser`, if any, loses, otherwise the
    /// higher score wins.
    pub fn end_game(
        self,
        pits: &mut [u8],
        scores: &mut [u32; 2],
        reason: &'static str,
        loser: Option<Player>,
    ) -> Ending {
        self.take_rows(pits, scores);
        let outcome = match loser {
            Some(loser) => Outcome::winner(loser.opponent()),
            None => Outcome::by_scores(scores),
        };
        Ending { outcome, reason }
    }

    /// How well `player` stands when seeds taken and seeds on one's own
    /// rows both count at the end: 100 for each of theirs, the opponent's
    /// against.
    pub fn standing(self, pits: &[u8], scores: &[u32; 2], player: Player) -> i32 {
        let total =
            |seat: Player| scores[seat.index()] as i32 + self.circuit_seeds(pits, seat) as i32;
        100 * (total(player) - total(player.opponent()))
    }

    /// The index of hole number `input` if it is one of `player`'s holes
    /// holding at least `min_seeds` seeds, or why not, in French.
    pub fn own_hole(
        self,
        pits: &[u8],
        player: Player,
        input: u32,
        min_seeds: u8,
    ) -> Result<usize, String> {
        let pit = super::hole_among(input, self.holes(), self.circuit(player), |pit| {
            self.owner(pit)
        })?;
        match pits[pit] {
            0 => Err(format!("le trou {input} est vide")),
            seeds if seeds < min_seeds => Err(format!(
                "le trou {input} n'a que {seeds} graine(s) : il en faut au moins {min_seeds}"
            )),
            _ => Ok(pit),
        }
    }

    /// Drops `seeds` seeds one by one into the holes following `pit` on its
    /// owner's circuit, going `direction`; `pit` itself gets one on each
    /// full lap, or is skipped, as `laps` says. Returns the index of the
    /// hole of the last seed (`pit` if `seeds` is 0).
    pub fn sow_from(
        self,
        pits: &mut [u8],
        pit: usize,
        seeds: u32,
        direction: Direction,
        laps: Laps,
    ) -> usize {
        let skip = laps == Laps::SkipStart;
        // The holes one lap drops a seed in.
        let lap = self.holes_per_player() as u32 - u32::from(skip);
        let full = seeds / lap;
        if full > 0 {
            for hole in self.circuit(self.owner(pit)) {
                if hole != pit || !skip {
                    pits[hole] += full as u8;
                }
            }
        }
        let rest = seeds % lap;
        if seeds > 0 && rest == 0 {
            return self.ahead(pit, lap as usize, direction);
        }
        let mut hole = pit;
        for _ in 0..rest {
            hole = self.next(hole, direction);
            pits[hole] += 1;
        }
        hole
    }

    /// Takes every seed of `pit` and sows them as [`FourRows::sow_from`]
    /// does; returns the index of the hole of the last seed.
    pub fn sow(self, pits: &mut [u8], pit: usize, direction: Direction, laps: Laps) -> usize {
        let seeds = std::mem::take(&mut pits[pit]);
        self.sow_from(pits, pit, u32::from(seeds), direction, laps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOARD: FourRows = FourRows::new(8);

    #[test]
    fn circuits_owners_and_rows_follow_the_spec_numbering() {
        assert_eq!(BOARD.holes(), 32);
        assert_eq!(BOARD.circuit(Player::SUD), 0..16);
        assert_eq!(BOARD.circuit(Player::NORD), 16..32);
        assert_eq!(BOARD.owner(15), Player::SUD);
        assert_eq!(BOARD.owner(16), Player::NORD);
        assert!(BOARD.is_outer(0) && BOARD.is_outer(7) && BOARD.is_inner(8) && BOARD.is_inner(15));
        assert!(
            BOARD.is_outer(16) && BOARD.is_outer(23) && BOARD.is_inner(24) && BOARD.is_inner(31)
        );
        assert_eq!(BOARD.layout(64), Layout::four_rows(8));
        let wide = FourRows::new(16).layout(128);
        assert!(wide.wide, "128 seeds: columns of 6 characters");
    }

    #[test]
    fn columns_match_the_drawn_board() {
        // The SPEC's 4×8 board, column 0: holes 24, 25, 16 and 1.
        for (hole, column) in [
            (24, 0),
            (25, 0),
            (16, 0),
            (1, 0),
            (17, 7),
            (32, 7),
            (9, 7),
            (8, 7),
        ] {
            assert_eq!(BOARD.column(hole - 1), column, "hole {hole}");
        }
        for pit in 0..32 {
            let owner = BOARD.owner(pit);
            assert_eq!(
                BOARD.pit_at(owner, BOARD.is_inner(pit), BOARD.column(pit)),
                pit
            );
        }
    }

    #[test]
    fn inner_holes_face_each_other_by_column() {
        assert_eq!(BOARD.facing(15), 24, "hole 25 faces hole 16");
        assert_eq!(BOARD.facing(24), 15, "hole 16 faces hole 25");
        assert_eq!(BOARD.facing(8), 31, "hole 32 faces hole 9");
        assert_eq!(BOARD.facing_outer(15), 23, "hole 24 is behind hole 25");
        assert_eq!(BOARD.facing(0), 24, "the inner hole in hole 1's column");
        assert_eq!(BOARD.partner(15), 0, "hole 1 is behind hole 16");
        assert_eq!(BOARD.partner(23), 24, "hole 25 is in front of hole 24");
        let wide = FourRows::new(16);
        assert_eq!(wide.facing(16), 63, "on 4×16 hole 64 faces hole 17");
    }

    #[test]
    fn each_player_goes_round_their_own_two_rows() {
        assert_eq!(BOARD.next(7, Direction::Counterclockwise), 8, "8 then 9");
        assert_eq!(BOARD.next(15, Direction::Counterclockwise), 0, "16 then 1");
        assert_eq!(
            BOARD.next(31, Direction::Counterclockwise),
            16,
            "32 then 17"
        );
        assert_eq!(BOARD.next(0, Direction::Clockwise), 15, "1 back to 16");
        assert_eq!(BOARD.next(16, Direction::Clockwise), 31, "17 back to 32");
        assert_eq!(BOARD.ahead(14, 3, Direction::Counterclockwise), 1);
        assert_eq!(BOARD.ahead(1, 3, Direction::Clockwise), 14);
        assert_eq!(BOARD.ahead(20, 16, Direction::Clockwise), 20);
    }

    #[test]
    fn sowing_stays_on_ones_circuit_and_laps_through_the_starting_hole() {
        let mut pits = [0u8; 32];
        pits[14] = 3;
        assert_eq!(
            BOARD.sow(
                &mut pits,
                14,
                Direction::Counterclockwise,
                Laps::ThroughStart
            ),
            1
        );
        assert_eq!((pits[14], pits[15], pits[0], pits[1]), (0, 1, 1, 1));
        let mut pits = [0u8; 32];
        pits[20] = 18;
        assert_eq!(
            BOARD.sow(&mut pits, 20, Direction::Clockwise, Laps::ThroughStart),
            18
        );
        assert_eq!(pits[20], 1, "one lap drops a seed in the starting hole");
        assert_eq!((pits[19], pits[18], pits[17]), (2, 2, 1));
        assert_eq!(pits[..16].iter().sum::<u8>(), 0, "SUD's rows are untouched");
        assert_eq!(pits.iter().map(|&s| u32::from(s)).sum::<u32>(), 18);
        let mut pits = [0u8; 32];
        pits[3] = 16;
        assert_eq!(
            BOARD.sow(
                &mut pits,
                3,
                Direction::Counterclockwise,
                Laps::ThroughStart
            ),
            3
        );
        assert_eq!(&pits[..16], &[1; 16]);
    }

    #[test]
    fn skip_start_sowing_skips_the_starting_hole_on_every_lap() {
        let skip = Laps::SkipStart;
        // 16 seeds from hole 4: 15 go round the other holes, the 16th into
        // hole 5, and hole 4 ends empty.
        let mut pits = [0u8; 32];
        pits[3] = 16;
        assert_eq!(
            BOARD.sow(&mut pits, 3, Direction::Counterclockwise, skip),
            4
        );
        assert_eq!(pits[3], 0);
        assert_eq!(pits[4], 2);
        assert_eq!(pits[..16].iter().sum::<u8>(), 16);
        // 30 seeds clockwise from hole 21: two full laps of the 15 other
        // holes end in hole 22, the one before 21 going clockwise.
        let mut pits = [0u8; 32];
        pits[20] = 30;
        assert_eq!(BOARD.sow(&mut pits, 20, Direction::Clockwise, skip), 21);
        assert_eq!(pits[20], 0);
        assert!(pits[16..32]
            .iter()
            .enumerate()
            .all(|(at, &seeds)| seeds == if at == 4 { 0 } else { 2 }));
        // Seeds in hand sown from a hole that keeps its own seeds skip it too.
        let mut pits = [0u8; 32];
        pits[5] = 3;
        assert_eq!(
            BOARD.sow_from(&mut pits, 5, 16, Direction::Counterclockwise, skip),
            6
        );
        assert_eq!((pits[5], pits[6]), (3, 2));
        // Fewer seeds than a lap sow the same either way.
        let (mut a, mut b) = ([1u8; 32], [1u8; 32]);
        let through = BOARD.sow(&mut a, 9, Direction::Counterclockwise, Laps::ThroughStart);
        assert_eq!(
            BOARD.sow(&mut b, 9, Direction::Counterclockwise, skip),
            through
        );
        assert_eq!(a, b);
    }

    #[test]
    fn own_hole_refuses_others_and_small_holes() {
        let mut pits = [2u8; 32];
        pits[2] = 0;
        pits[3] = 1;
        assert_eq!(BOARD.own_hole(&pits, Player::SUD, 1, 1), Ok(0));
        assert_eq!(BOARD.own_hole(&pits, Player::NORD, 32, 2), Ok(31));
        assert!(BOARD
            .own_hole(&pits, Player::SUD, 17, 1)
            .unwrap_err()
            .contains("NORD"));
        assert!(BOARD
            .own_hole(&pits, Player::SUD, 33, 1)
            .unwrap_err()
            .contains("1 à 16"));
        assert!(BOARD
            .own_hole(&pits, Player::SUD, 3, 1)
            .unwrap_err()
            .contains("vide"));
        assert!(BOARD
            .own_hole(&pits, Player::SUD, 4, 2)
            .unwrap_err()
            .contains("au moins 2"));
        assert_eq!(BOARD.circuit_seeds(&pits, Player::SUD), 29);
    }

    #[test]
    fn take_rows_gives_each_player_their_rows() {
        let mut pits = [0u8; 32];
        pits[3] = 4;
        pits[15] = 1;
        pits[20] = 7;
        let mut scores = [2, 3];
        BOARD.take_rows(&mut pits, &mut scores);
        assert_eq!(scores, [7, 10]);
        assert_eq!(pits, [0; 32]);
    }

    #[test]
    fn a_game_ends_by_the_scores_or_against_the_loser() {
        let mut pits = [0u8; 32];
        pits[3] = 4;
        pits[20] = 2;
        let mut scores = [2, 3];
        assert_eq!(BOARD.standing(&pits, &scores, Player::SUD), 100);
        assert_eq!(BOARD.standing(&pits, &scores, Player::NORD), -100);
        let ending = BOARD.end_game(&mut pits, &mut scores, "fin", None);
        assert_eq!(ending.outcome, Outcome::winner(Player::SUD));
        assert_eq!((ending.reason, scores, pits), ("fin", [6, 5], [0; 32]));
        let ending = BOARD.end_game(&mut pits, &mut scores, "fin", Some(Player::SUD));
        assert_eq!(ending.outcome, Outcome::winner(Player::NORD));
    }

    #[test]
    fn a_direction_is_1_or_2() {
        assert_eq!(Direction::from_input(1), Ok(Direction::Counterclockwise));
        assert_eq!(Direction::from_input(2), Ok(Direction::Clockwise));
        assert!(Direction::from_input(3)
            .unwrap_err()
            .contains("n'est pas un sens"));
    }
}
