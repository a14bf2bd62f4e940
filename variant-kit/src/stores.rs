//! Two-row boards with stores that the mover sows into: Kalaha, Kalah,
//! Sérata, Codjito, chungkalah.
//!
//! Each player owns a store after the last hole of their row. A sowing goes
//! counterclockwise through the mover's own store but never through the
//! opponent's; a last seed in one's own store gives the same player another
//! move. The stores are not holes of the board: each store's content is its
//! owner's score, kept in a `[u32; 2]` by [`Player::index`].
//!
//! Holes are handled by index, as in the rest of this crate.

use crate as kit;
use crate::board::{Board, Memory, NoMemory, Share};
use crate::Options;
use crate::{name, TwoRows};
use crate::{Gains, Inputs, Player, Step};

/// What a sowing does with the hole it was taken from when it comes round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartHole {
    /// The starting hole is skipped on every lap and ends empty (Kalaha).
    Skipped,
    /// The starting hole is sown like any other (Sérata, Codjito, Kalah).
    Sown,
}

/// Where a sowing ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Landing {
    /// The last seed fell in the mover's store: the mover plays again.
    Store,
    /// The last seed fell in the hole at this index.
    Hole(usize),
    /// The sowing stopped as soon as the mover's store passed the limit
    /// given to [`Stores::sow_until`], with these seeds still in hand: they
    /// are on neither the board nor a store, and the caller puts them away.
    Stopped {
        /// The seeds not sown.
        in_hand: u8,
    },
}

/// Which seeds a last seed falling in an empty hole of the mover's row takes
/// ([`Stores::capture_facing`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LastSeed {
    /// Only the seeds of the facing hole are taken; the last seed stays in
    /// its hole (Kalaha).
    Stays,
    /// The last seed and the seeds of the facing hole are taken, provided
    /// the facing hole holds seeds (Sérata, Kalah).
    TakenIfFacingHoldsSeeds,
    /// The last seed is taken with the facing seeds even when the facing
    /// hole is empty (Kalah's « empty capture »).
    AlwaysTaken,
}

/// A two-row board with a store after each player's row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stores {
    board: TwoRows,
    start: StartHole,
}

impl Stores {
    /// Stores round `board`, sowing the starting hole as `start` says.
    pub const fn new(board: TwoRows, start: StartHole) -> Stores {
        Stores { board, start }
    }

    /// The board of holes, without the stores.
    pub const fn board(self) -> TwoRows {
        self.board
    }

    /// Sows every seed of `pit` one by one counterclockwise: after the last
    /// hole of the mover's row comes the mover's store, after the last hole
    /// of the opponent's row comes the first hole of the board (the
    /// opponent's store is passed by). Returns where the last seed fell.
    pub fn sow(self, pits: &mut [u8], stores: &mut [u32; 2], mover: Player, pit: usize) -> Landing {
        self.sow_until(pits, stores, mover, pit, u32::MAX)
    }

    /// Sows like [`Stores::sow`], but stops as soon as the mover's store
    /// holds more than `limit` seeds, returning [`Landing::Stopped`] with
    /// the seeds still in hand (Kalah ends there).
    pub fn sow_until(
        self,
        pits: &mut [u8],
        stores: &mut [u32; 2],
        mover: Player,
        pit: usize,
        limit: u32,
    ) -> Landing {
        let holes = self.board.holes();
        let own_end = self.board.row(mover).end;
        let mut seeds = std::mem::take(&mut pits[pit]);
        let mut at = Landing::Hole(pit);
        while seeds > 0 {
            if stores[mover.index()] > limit {
                return Landing::Stopped { in_hand: seeds };
            }
            at = match at {
                Landing::Hole(hole) if hole + 1 == own_end => Landing::Store,
                Landing::Hole(hole) => Landing::Hole((hole + 1) % holes),
                _ => Landing::Hole(own_end % holes),
            };
            match at {
                Landing::Hole(hole) if hole == pit && self.start == StartHole::Skipped => continue,
                Landing::Hole(hole) => pits[hole] += 1,
                _ => stores[mover.index()] += 1,
            }
            seeds -= 1;
        }
        at
    }

    /// The capture of a last seed that fell in `last`, if `last` is a hole
    /// of the mover's row that was empty before it (it now holds one seed):
    /// the seeds of the facing hole go into the mover's store, with the last
    /// seed as `rule` says. Returns the seeds taken (0 when nothing is).
    pub fn capture_facing(
        self,
        pits: &mut [u8],
        stores: &mut [u32; 2],
        mover: Player,
        last: usize,
        rule: LastSeed,
    ) -> u32 {
        if !self.board.row(mover).contains(&last) || pits[last] != 1 {
            return 0;
        }
        let facing = self.board.facing(last);
        let taken = match rule {
            LastSeed::Stays => u32::from(std::mem::take(&mut pits[facing])),
            LastSeed::TakenIfFacingHoldsSeeds if pits[facing] == 0 => 0,
            LastSeed::TakenIfFacingHoldsSeeds | LastSeed::AlwaysTaken => {
                pits[last] = 0;
                1 + u32::from(std::mem::take(&mut pits[facing]))
            }
        };
        stores[mover.index()] += taken;
        taken
    }

    /// Who moves after `mover`'s sowing ended at `landing`: `mover` again
    /// when the last seed fell in their store, the opponent otherwise.
    pub fn next_to_move(landing: Landing, mover: Player) -> Player {
        match landing {
            Landing::Store => mover,
            _ => mover.opponent(),
        }
    }

    /// The seeds on the board weighed by how far they are from their row
    /// owner's store (a seed in the last hole of a row weighs 1, in the
    /// first `n`).
    ///
    /// A sowing that puts no seed into a store stays in the mover's row and
    /// moves seeds towards the mover's store, so it lowers this measure,
    /// while the seeds in the stores never leave them: a game whose every
    /// move either fills a store or lowers the measure cannot go round in
    /// circles. Tests use it to check that.
    pub fn distance_to_stores(self, pits: &[u8]) -> u32 {
        [Player::SUD, Player::NORD]
            .into_iter()
            .flat_map(|owner| {
                let row = self.board.row(owner);
                row.clone()
                    .map(move |pit| u32::from(pits[pit]) * (row.end - pit) as u32)
            })
            .sum()
    }
}

/// The prompt of a player who plays again because their last seed fell in
/// their store, `place` saying where (« au grenier », « au Kalah », « en
/// réserve »), listing the `holes` they may sow and, if `agreement`, the
/// `0` that ends the game: « Semis fini au grenier : SUD rejoue (1 à 3, ou
/// 0 pour finir d'un commun accord) »; without the reason where that line
/// would be wider than 80 columns (a long list on a wide board).
pub fn replay_prompt(player: Player, place: &str, holes: &[u32], agreement: bool) -> String {
    let choices = crate::choices(holes.iter().copied(), agreement);
    let name = name(player);
    crate::fitting([
        format!("Semis fini {place} : {name} rejoue {choices}"),
        format!("{name} rejoue {choices}"),
    ])
}

/// Why a game of the Cyclonium page's store games (Sérata, Codjito) ends:
/// a store holds more than half the seeds; each player then puts the seeds
/// of their row into their store.
pub const MAJORITY: &str = "un grenier contient plus de la moitié des graines ; chacun met les \
                            graines de sa rangée dans son grenier.";
/// Why such a game ends: the player to move has no seed in their row.
pub const EMPTY_ROW: &str = "le joueur qui doit jouer n'a plus de graine dans sa rangée ; chacun \
                             met les graines de sa rangée dans son grenier.";
/// Why such a game ends: no sowing can feed the opponent's empty row.
pub const CANNOT_FEED: &str = "le joueur qui doit jouer ne peut pas nourrir l'adversaire ; chacun \
                               met les graines de sa rangée dans son grenier.";
/// Why such a game ends: both players agree (`0`).
pub const AGREEMENT: &str = "les joueurs sont d'accord pour finir ; chacun met les graines de sa \
                             rangée dans son grenier.";

/// Why a game of the Cyclonium page's store games ends right after a move,
/// if it does: a store holds more than half the seeds ([`MAJORITY`]), the
/// player to move has an empty row ([`EMPTY_ROW`]), or `stuck` says they
/// have no allowed sowing ([`CANNOT_FEED`]; asked only then).
pub fn end_after_move<const N: usize, M: Memory>(
    board: &Board<N, M>,
    stuck: impl FnOnce() -> bool,
) -> Option<&'static str> {
    if board.scores.iter().any(|&seeds| seeds > board.total / 2) {
        Some(MAJORITY)
    } else if board.row_seeds(board.to_move) == 0 {
        Some(EMPTY_ROW)
    } else if stuck() {
        Some(CANNOT_FEED)
    } else {
        None
    }
}

/// The refusal of a sowing that leaves the empty row of `player`'s
/// opponent empty.
pub fn feed_refusal(player: Player) -> String {
    format!(
        "la rangée de {} est vide : jouez un trou qui la nourrit",
        name(player.opponent())
    )
}

/// How a store game with the duty to feed sows: sows `pit` for the
/// player to move on `board` and makes the captures the last seed earns
/// (the variant's own rule); returns where the last seed fell.
pub type Sowing<const N: usize> = fn(&mut Board<N, NoMemory>, usize) -> Landing;

/// A game of the Cyclonium page's store games with the duty to feed
/// (Sérata, Codjito), but for how a hole is sown ([`Sowing`], the
/// variant's rule): a [`Board`] of `N` holes with the starting hole sown, a
/// last seed in one's store to play again, the duty to feed an empty row,
/// the gains of a move (the seeds that went into the mover's store), the
/// end right after a move ([`end_after_move`]) or by agreement, each player
/// then putting their row into their store. No position can come back
/// ([`Stores::distance_to_stores`]), so none is remembered.
#[derive(Clone, Debug)]
pub struct FeedingGame<const N: usize> {
    /// The board; each player's score is the content of their store.
    pub board: Board<N, NoMemory>,
    /// Whether the player to move plays again (their last seed fell in their store).
    pub replay: bool,
    sowing: Sowing<N>,
}

impl<const N: usize> FeedingGame<N> {
    /// A new game on two rows of `holes` holes (option) holding `seeds`
    /// seeds each (option), `first` to play, sown by `sowing`.
    pub fn start(options: &Options, first: Player, sowing: Sowing<N>) -> Self {
        FeedingGame::at(Board::from_options(options, first), sowing)
    }

    /// A game at `board`, sown by `sowing`; the player to move does not
    /// play again.
    pub fn at(board: Board<N, NoMemory>, sowing: Sowing<N>) -> Self {
        FeedingGame {
            board,
            replay: false,
            sowing,
        }
    }

    /// The board and its two stores: the starting hole is sown.
    pub fn stores(&self) -> Stores {
        Stores::new(self.board.rows, StartHole::Sown)
    }

    /// Whether the player to move may sow the non-empty hole `pit`: always,
    /// unless the opponent's row is empty and this move leaves it so.
    pub fn allowed(&self, pit: usize) -> bool {
        let opponent = self.board.to_move.opponent();
        if self.board.row_seeds(opponent) > 0 {
            return true;
        }
        let mut after = self.board.clone();
        (self.sowing)(&mut after, pit);
        after.row_seeds(opponent) > 0
    }

    /// The holes (indices) the player to move may sow.
    pub fn allowed_moves(&self) -> impl Iterator<Item = usize> + '_ {
        self.board
            .own_non_empty()
            .filter(move |&pit| self.allowed(pit))
    }

    /// Pushes the holes the player to move may sow ([`SowingRules::legal_moves`]).
    ///
    /// [`SowingRules::legal_moves`]: crate::board::SowingRules::legal_moves
    pub fn legal_moves(&self, inputs: &mut Inputs) {
        kit::push_holes(inputs, self.allowed_moves());
    }

    /// Plays hole number `input` for the player to move, or refuses it (not
    /// a non-empty hole of their row, or a sowing that leaves the
    /// opponent's empty row empty); then the same player plays again if
    /// the last seed fell in their store, and the game may end.
    pub fn play(&mut self, input: u32) -> Result<Step, String> {
        let pit = self.board.own_hole(input)?;
        if !self.allowed(pit) {
            return Err(feed_refusal(self.board.to_move));
        }
        let mover = self.board.to_move;
        let before = self.board.scores[mover.index()];
        let landing = (self.sowing)(&mut self.board, pit);
        let gains = Gains::of(mover, self.board.scores[mover.index()] - before);
        self.board.to_move = Stores::next_to_move(landing, mover);
        self.replay = self.board.to_move == mover;
        self.check_end();
        Ok(Step::Completed(gains))
    }

    /// Ends the game because both players agree ([`AGREEMENT`]), or
    /// refuses if it is over.
    pub fn agree(&mut self) -> Result<(), String> {
        self.board.agree(Share::OwnRows, AGREEMENT)
    }

    /// The prompt of a player who plays again ([`replay_prompt`]), if the
    /// player to move does.
    pub fn prompt(&self) -> Option<String> {
        self.replay.then(|| {
            let mut holes = Inputs::new();
            self.legal_moves(&mut holes);
            replay_prompt(self.board.to_move, "au grenier", holes.as_slice(), true)
        })
    }

    /// Ends the game after a move if a store holds more than half the
    /// seeds, or if the player to move has no allowed sowing.
    fn check_end(&mut self) {
        let stuck = || self.allowed_moves().next().is_none();
        if let Some(reason) = end_after_move(&self.board, stuck) {
            self.board.finish(Share::OwnRows, reason);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KALAHA: Stores = Stores::new(TwoRows::new(6), StartHole::Skipped);
    const KALAH: Stores = Stores::new(TwoRows::new(6), StartHole::Sown);

    #[test]
    fn sowing_goes_through_ones_own_store_only() {
        let mut pits = [6; 12];
        let mut stores = [0, 0];
        assert_eq!(
            KALAHA.sow(&mut pits, &mut stores, Player::SUD, 3),
            Landing::Hole(8)
        );
        assert_eq!(pits, [6, 6, 6, 0, 7, 7, 7, 7, 7, 6, 6, 6]);
        assert_eq!(stores, [1, 0]);
        // NORD's hole 10: 11, 12, NORD's store, then SUD's 1, 2, 3; SUD's store is passed by.
        assert_eq!(
            KALAHA.sow(&mut pits, &mut stores, Player::NORD, 9),
            Landing::Hole(2)
        );
        assert_eq!(pits, [7, 7, 7, 0, 7, 7, 7, 7, 7, 0, 7, 7]);
        assert_eq!(stores, [1, 1]);
        let mut pits = [0; 8];
        pits[7] = 6;
        let mut stores = [0, 0];
        let kalah_4 = Stores::new(TwoRows::new(4), StartHole::Sown);
        assert_eq!(
            kalah_4.sow(&mut pits, &mut stores, Player::NORD, 7),
            Landing::Hole(4),
            "hole 8, NORD's store, 1 to 4, then hole 5"
        );
        assert_eq!(pits, [1, 1, 1, 1, 1, 0, 0, 0]);
        assert_eq!(stores, [0, 1]);
    }

    #[test]
    fn a_last_seed_in_ones_store_plays_again() {
        let mut pits = [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0];
        let mut stores = [0, 0];
        let landing = KALAH.sow(&mut pits, &mut stores, Player::SUD, 5);
        assert_eq!(landing, Landing::Store);
        assert_eq!(Stores::next_to_move(landing, Player::SUD), Player::SUD);
        assert_eq!(
            Stores::next_to_move(Landing::Hole(3), Player::SUD),
            Player::NORD
        );
    }

    #[test]
    fn the_starting_hole_is_skipped_or_sown_as_asked() {
        // 13 seeds from hole 1: 12 holes and SUD's store make a lap of 13.
        let mut sown = [0; 12];
        sown[0] = 13;
        let mut stores = [0, 0];
        assert_eq!(
            KALAH.sow(&mut sown, &mut stores, Player::SUD, 0),
            Landing::Hole(0)
        );
        assert_eq!(sown, [1; 12]);
        assert_eq!(stores, [1, 0]);
        let mut skipped = [0; 12];
        skipped[0] = 13;
        let mut stores = [0, 0];
        assert_eq!(
            KALAHA.sow(&mut skipped, &mut stores, Player::SUD, 0),
            Landing::Hole(1)
        );
        assert_eq!(skipped, [0, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    }

    #[test]
    fn a_sowing_stops_when_the_store_passes_the_limit() {
        let mut pits = [0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0];
        let mut stores = [36, 0];
        assert_eq!(
            KALAH.sow_until(&mut pits, &mut stores, Player::SUD, 5, 36),
            Landing::Stopped { in_hand: 4 }
        );
        assert_eq!(stores, [37, 0]);
        assert_eq!(pits, [0; 12]);
    }

    #[test]
    fn captures_facing_an_empty_hole_of_ones_row() {
        let board = [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0];
        for (rule, pits, taken) in [
            (LastSeed::Stays, [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 5),
            (LastSeed::TakenIfFacingHoldsSeeds, [0; 12], 6),
            (LastSeed::AlwaysTaken, [0; 12], 6),
        ] {
            let mut board = board;
            let mut stores = [0, 0];
            assert_eq!(
                KALAH.capture_facing(&mut board, &mut stores, Player::SUD, 1, rule),
                taken
            );
            assert_eq!(board, pits, "{rule:?}");
            assert_eq!(stores, [taken, 0]);
        }
        let lonely = [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
        for (rule, taken) in [
            (LastSeed::Stays, 0),
            (LastSeed::TakenIfFacingHoldsSeeds, 0),
            (LastSeed::AlwaysTaken, 1),
        ] {
            let mut board = lonely;
            let mut stores = [0, 0];
            assert_eq!(
                KALAH.capture_facing(&mut board, &mut stores, Player::SUD, 1, rule),
                taken,
                "{rule:?}"
            );
        }
        let mut occupied = [0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0];
        let mut stores = [0, 0];
        let rule = LastSeed::AlwaysTaken;
        assert_eq!(
            KALAH.capture_facing(&mut occupied, &mut stores, Player::SUD, 1, rule),
            0,
            "the hole held a seed before the last one"
        );
        assert_eq!(
            KALAH.capture_facing(&mut occupied, &mut stores, Player::NORD, 1, rule),
            0,
            "not NORD's row"
        );
    }

    #[test]
    fn seeds_move_towards_the_stores_when_none_enters_one() {
        let pits = [1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 3];
        assert_eq!(KALAH.distance_to_stores(&pits), 6 + 2 + 3);
        let mut after = pits;
        let mut stores = [0, 0];
        KALAH.sow(&mut after, &mut stores, Player::SUD, 0);
        assert_eq!(stores, [0, 0]);
        assert!(KALAH.distance_to_stores(&after) < KALAH.distance_to_stores(&pits));
    }

    #[test]
    fn a_store_game_ends_on_a_majority_an_empty_row_or_no_feeding() {
        use crate::board::NoMemory;
        let mut board: Board<6, NoMemory> =
            Board::new(TwoRows::new(3), [1, 0, 0, 1, 1, 0], [5, 3], Player::SUD);
        assert_eq!(board.total, 11);
        assert_eq!(end_after_move(&board, || false), None);
        assert_eq!(end_after_move(&board, || true), Some(CANNOT_FEED));
        board.scores[1] = 6;
        assert_eq!(end_after_move(&board, || unreachable!()), Some(MAJORITY));
        board.scores[1] = 3;
        board.pits[0] = 0;
        assert_eq!(end_after_move(&board, || unreachable!()), Some(EMPTY_ROW));
        assert_eq!(
            feed_refusal(Player::NORD),
            "la rangée de SUD est vide : jouez un trou qui la nourrit"
        );
    }

    #[test]
    fn the_replay_prompt_says_why_and_lists_the_holes() {
        assert_eq!(
            replay_prompt(Player::SUD, "au grenier", &[1, 2, 3], true),
            "Semis fini au grenier : SUD rejoue (1 à 3, ou 0 pour finir d'un commun accord)"
        );
        assert_eq!(
            replay_prompt(Player::NORD, "au Kalah", &[7], false),
            "Semis fini au Kalah : NORD rejoue (7)"
        );
        // The longest list of a row of six, and of twelve: within 80 columns.
        let six = replay_prompt(Player::NORD, "en réserve", &[7, 8, 9, 11, 12], true);
        assert_eq!(
            six,
            "NORD rejoue (7 à 9 11 12, ou 0 pour finir d'un commun accord)"
        );
        let twelve = [13, 14, 15, 17, 18, 20, 21, 23, 24];
        assert_eq!(
            replay_prompt(Player::NORD, "au grenier", &twelve, true),
            "NORD rejoue (13 à 15 17 18 20 21 23 24, ou 0 pour finir d'un commun accord)"
        );
    }
}
