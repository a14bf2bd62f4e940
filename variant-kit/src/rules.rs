//! The building blocks that many mancala rules share: the
//! geometry of a two-row board, the usual "which hole" decision, the final
//! split, the outcome by scores, and the memory of positions that ends a
//! game going round in circles.
//!
//! Holes are handled by index here: hole `n` is index `n - 1`, as in
//! [`crate::Variant::seeds`].

use std::ops::Range;

use crate::{Inputs, Layout, OptionSpec, OptionValues, Outcome, Player, Turn};

/// Whether the board of a game of `seeds` seeds in all is drawn with
/// columns of 6 characters ([`Layout::wide`], `SPEC.md` §3): from 100
/// seeds on, one hole could hold a count of three digits. Every layout of
/// the kit decides by this, so that no board of 100 seeds or more is drawn
/// narrow.
pub fn wide_columns(seeds: u32) -> bool {
    seeds >= 100
}

/// A key of a game's state for the computer player's memory of positions
/// ([`crate::Variant::hash_key`]), the one home of that hashing: `head`
/// and `more`, two words the variant packs with what decides what may
/// follow beyond the holes (scores, player to move, phase, whether the
/// game is over…), then the seeds of `holes`, eight holes a word, each
/// step mixed by SplitMix64's finaliser. No allocation. The positions met
/// are history and stay out of it: the search keeps the history apart.
pub fn state_key(head: u64, more: u64, holes: &[u8]) -> u64 {
    use crate::rng::{mix64 as mix, GOLDEN_GAMMA};
    let mut key = mix(head ^ mix(more.wrapping_add(GOLDEN_GAMMA)));
    for chunk in holes.chunks(8) {
        let word = chunk.iter().enumerate().fold(0u64, |word, (at, &seeds)| {
            word | u64::from(seeds) << (8 * at)
        });
        key = mix(key ^ word.wrapping_add(GOLDEN_GAMMA));
    }
    key
}

/// A board of two rows of `holes_per_row` holes: SUD owns indices
/// `0..n`, NORD owns `n..2n`, sown in increasing order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TwoRows {
    holes_per_row: usize,
}

impl TwoRows {
    /// A board with `holes_per_row` holes in each row.
    pub const fn new(holes_per_row: usize) -> TwoRows {
        TwoRows { holes_per_row }
    }

    /// The holes in one row.
    #[inline]
    pub const fn holes_per_row(self) -> usize {
        self.holes_per_row
    }

    /// The holes on the board.
    #[inline]
    pub const fn holes(self) -> usize {
        2 * self.holes_per_row
    }

    /// The indices of `player`'s row.
    #[inline]
    pub fn row(self, player: Player) -> Range<usize> {
        let start = player.index() * self.holes_per_row;
        start..start + self.holes_per_row
    }

    /// The owner of the hole at index `pit`.
    #[inline]
    pub fn owner(self, pit: usize) -> Player {
        if pit < self.holes_per_row {
            Player::SUD
        } else {
            Player::NORD
        }
    }

    /// The index of the hole facing `pit` in the other row (hole `2n + 1 - k` faces hole `k`).
    #[inline]
    pub fn facing(self, pit: usize) -> usize {
        self.holes() - 1 - pit
    }

    /// How the board is drawn: [`Layout::two_rows`].
    pub fn layout(self) -> Layout {
        Layout::two_rows(self.holes_per_row as u32)
    }

    /// How the board of a game of `seeds` seeds in all is drawn:
    /// [`Layout::two_rows`], with wide columns where [`wide_columns`] says so.
    pub fn layout_for(self, seeds: u32) -> Layout {
        let mut layout = self.layout();
        layout.wide = wide_columns(seeds);
        layout
    }

    /// Whether `seeds` sown one a hole from `pit` go past the end of
    /// `pit`'s row, dropping at least one seed in the other row.
    #[inline]
    pub fn leaves_row(self, pit: usize, seeds: usize) -> bool {
        seeds > self.row(self.owner(pit)).end - pit - 1
    }

    /// The seeds in `player`'s row.
    #[inline]
    pub fn row_seeds(self, pits: &[u8], player: Player) -> u32 {
        pits[self.row(player)]
            .iter()
            .map(|&seeds| u32::from(seeds))
            .sum()
    }

    /// The index of hole number `input` if `player` may sow it (a hole of
    /// their row holding seeds), or why not, in French.
    #[inline]
    pub fn own_hole(self, pits: &[u8], player: Player, input: u32) -> Result<usize, String> {
        let pit = hole_among(input, self.holes(), self.row(player), |pit| self.owner(pit))?;
        if pits[pit] == 0 {
            return Err(format!("le trou {input} est vide"));
        }
        Ok(pit)
    }

    /// The end of an Awalé-like game: each player adds the seeds left in
    /// their own row to their score, the board is emptied, and the highest
    /// score wins ([`Outcome::by_scores`]).
    pub fn split(self, pits: &mut [u8], scores: &mut [u32; 2]) -> Outcome {
        for player in [Player::SUD, Player::NORD] {
            scores[player.index()] += self.row_seeds(pits, player);
            pits[self.row(player)].fill(0);
        }
        Outcome::by_scores(scores)
    }
}

/// The index of hole number `input` on a board of `holes` holes if it is
/// one of the indices `own` (a player's holes, in one run), or why not, in
/// French, naming the hole's owner by `owner`.
pub fn hole_among(
    input: u32,
    holes: usize,
    own: Range<usize>,
    owner: impl Fn(usize) -> Player,
) -> Result<usize, String> {
    let range = || format!("{} à {}", own.start + 1, own.end);
    let pit = match usize::try_from(input) {
        Ok(hole) if (1..=holes).contains(&hole) => hole - 1,
        _ => {
            return Err(format!(
                "{input} n'est pas un trou : jouez un trou de {}",
                range()
            ))
        }
    };
    if !own.contains(&pit) {
        return Err(format!(
            "le trou {input} est à {} : jouez un trou de {}",
            name(owner(pit)),
            range()
        ));
    }
    Ok(pit)
}

/// The paragraph of the rules text that says how a two-row game's position
/// is written (`SPEC.md` §2, « Positions »: `MOVER:HOLES:SCORES`), for a
/// variant `id` whose board has `holes` holes (both rows) of
/// `seeds_per_hole` seeds at the start with its default options
/// (`options`: whether it has any, written `[/OPTIONS]`); its example is
/// that start. For the games that write nothing beyond their board.
pub fn two_rows_position_rules(
    id: &str,
    options: bool,
    holes: usize,
    seeds_per_hole: u8,
) -> String {
    let start = vec![seeds_per_hole.to_string(); holes].join(",");
    let options = if options { "[/OPTIONS]" } else { "" };
    format!(
        "Position (--position) : {id}{options}:JOUEUR:TROUS:SCORES, le joueur qui a la main \
         (S ou N), les graines des trous 1 à {holes}, puis les scores de SUD et de NORD : \
         {id}:S:{start}:0,0 est le début d'une partie, SUD ayant la main. La partie y \
         reprend sans positions passées."
    )
}

/// The names of the two seats of a two-player board, in [`Player`] order.
pub fn sud_nord() -> Vec<String> {
    vec!["SUD".to_owned(), "NORD".to_owned()]
}

/// An option whose values are the words `values`, the first one the
/// default.
///
/// # Panics
///
/// If `values` is empty (a bug of the variant).
pub fn choice(key: &str, help: &str, values: &[&str]) -> OptionSpec {
    OptionSpec {
        key: key.to_owned(),
        help: help.to_owned(),
        default: values[0].to_owned(),
        values: OptionValues::Choices(values.iter().map(|&value| value.to_owned()).collect()),
    }
}

/// The board-size options of the Cyclonium page's games (Wari, Kalah,
/// Sérata, Codjito; its « Taille du terrain »): `holes` in each row, 6 by
/// default, from 3 to 12, and `seeds` in each hole at the start, `seeds` by
/// default, from 1 to 10, so that no hole can hold more than 255 seeds.
pub fn page_size_options(seeds: u32) -> Vec<OptionSpec> {
    vec![
        OptionSpec {
            key: "holes".to_owned(),
            help: "trous de chaque rangée (« Nombre de cases en largeur » de la page)".to_owned(),
            default: "6".to_owned(),
            values: OptionValues::Range { min: 3, max: 12 },
        },
        OptionSpec {
            key: "seeds".to_owned(),
            help: "graines de chaque trou au début (« Nombre initial de pierres par cases »)"
                .to_owned(),
            default: seeds.to_string(),
            values: OptionValues::Range { min: 1, max: 10 },
        },
    ]
}

/// Refuses a position of a two-player game that ends as soon as a player
/// has taken more than half of its `total` seeds (and, where
/// `half_each_ends`, when both have half): `scores` of SUD and NORD that
/// say so are a game over after the move that made them, which no game
/// goes on from (`SPEC.md` §2 « Positions »). One line in French naming
/// the player and the seeds.
pub fn refuse_ended_by_scores(
    scores: &[u32],
    total: u32,
    half_each_ends: bool,
) -> Result<(), String> {
    for (seat, &score) in scores.iter().enumerate() {
        if score.saturating_mul(2) > total {
            return Err(format!(
                "{} a déjà pris {score} graines sur {total} : il a gagné, la partie est finie",
                name(Player(seat as u8))
            ));
        }
    }
    if half_each_ends && scores.len() == 2 && scores.iter().all(|&score| score * 2 == total) {
        return Err(format!(
            "SUD et NORD ont déjà pris chacun {} graines : la partie est finie",
            total / 2
        ));
    }
    Ok(())
}

/// The printed name of a player of a two-player board.
pub fn name(player: Player) -> &'static str {
    if player == Player::SUD {
        "SUD"
    } else {
        "NORD"
    }
}

/// Sows every seed of `pit` one by one into the following holes, in
/// increasing order round the board, skipping `pit` itself on every lap (it
/// ends empty); returns the index of the hole of the last seed.
#[inline]
pub fn sow(pits: &mut [u8], pit: usize) -> usize {
    let mut seeds = std::mem::take(&mut pits[pit]);
    let mut hole = pit;
    while seeds > 0 {
        // A comparison, not a remainder: a division per seed was a tenth
        // of a random decision's time.
        hole += 1;
        if hole == pits.len() {
            hole = 0;
        }
        if hole != pit {
            pits[hole] += 1;
            seeds -= 1;
        }
    }
    hole
}

/// Seeds per hole as the host wants them.
pub fn seed_counts(pits: &[u8]) -> Vec<u32> {
    pits.iter().map(|&seeds| u32::from(seeds)).collect()
}

/// Pushes the hole numbers (`index + 1`) of the indices `pits` into `inputs`.
#[inline]
pub fn push_holes(inputs: &mut Inputs, pits: impl IntoIterator<Item = usize>) {
    inputs.extend(pits.into_iter().map(|pit| pit as u32 + 1));
}

/// How a game ended and why: what [`crate::Variant::turn`] and
/// [`crate::Variant::end_reason`] report once it is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ending {
    /// Who won.
    pub outcome: Outcome,
    /// Why it ended and how the seeds left were shared, in French
    /// (« la position s'est répétée ; chacun prend les graines de sa rangée. »).
    pub reason: &'static str,
}

/// The turn of a two-player game: over if it has `ended`, otherwise `to_move` sows.
#[inline]
pub fn sowing_turn(ended: Option<Ending>, to_move: Player) -> Turn {
    match ended {
        Some(ending) => Turn::Over(ending.outcome),
        None => Turn::sow(to_move),
    }
}

/// The reason of a game's end, for [`crate::Variant::end_reason`].
pub fn end_reason(ended: Option<Ending>) -> String {
    ended
        .map_or("la partie n'est pas finie.", |ending| ending.reason)
        .to_owned()
}

/// The refusal of any input once a game is over.
#[inline]
pub fn refuse_if_over(ended: Option<Ending>) -> Result<(), String> {
    match ended {
        Some(_) => Err("la partie est finie".to_owned()),
        None => Ok(()),
    }
}

/// Positions kept in place before [`Positions`] spills into the heap.
const INLINE_POSITIONS: usize = 32;

/// The positions met since the last capture, to end a game whose position
/// comes back (a position is the seeds of every hole and whose turn it is).
///
/// The first 32 positions since a capture are kept in place, so that
/// remembering them and cloning a game allocate nothing; a longer stretch
/// without capture spills the others into a list on the heap, whose room
/// (reserved when the game starts) is kept after a capture.
#[derive(Debug)]
pub struct Positions {
    recent: [u128; INLINE_POSITIONS],
    len: usize,
    spilled: Vec<u128>,
    /// One bit set per position remembered, at a place its key picks: a
    /// position whose bit is clear is new, with no search of the list.
    filter: [u64; 4],
}

impl Clone for Positions {
    fn clone(&self) -> Self {
        Positions {
            recent: self.recent,
            len: self.len,
            spilled: self.spilled.clone(),
            filter: self.filter,
        }
    }

    /// Copies only the positions `source` remembers, into this memory's
    /// room (a search copies a position into the room of an earlier one:
    /// the 32 kept in place are most of a game's size, and few are used).
    fn clone_from(&mut self, source: &Self) {
        let kept = source.len.min(INLINE_POSITIONS);
        self.recent[..kept].copy_from_slice(&source.recent[..kept]);
        self.len = source.len;
        self.spilled.clone_from(&source.spilled);
        self.filter = source.filter;
    }
}

impl Default for Positions {
    fn default() -> Self {
        Positions {
            recent: [0; INLINE_POSITIONS],
            len: 0,
            spilled: Vec::new(),
            filter: [0; 4],
        }
    }
}

impl PartialEq for Positions {
    fn eq(&self, other: &Self) -> bool {
        self.keys().eq(other.keys())
    }
}

impl Eq for Positions {}

impl Positions {
    /// A memory holding the starting position, with room reserved for
    /// 256 more beyond those kept in place (a clone reserves none).
    pub fn starting_at(pits: &[u8], to_move: Player) -> Positions {
        let mut positions = Positions {
            spilled: Vec::with_capacity(256),
            ..Positions::default()
        };
        positions.remember(position_key(pits, to_move));
        positions
    }

    /// Forgets every position (after a capture).
    #[inline]
    pub fn forget(&mut self) {
        self.len = 0;
        self.spilled.clear();
        self.filter = [0; 4];
    }

    /// Remembers the position a move reached, after forgetting the earlier
    /// ones if that move captured; returns whether it had been met since the
    /// last capture.
    #[inline]
    pub fn reached(&mut self, pits: &[u8], to_move: Player, captured: bool) -> bool {
        if captured {
            self.forget();
        }
        self.repeats(pits, to_move)
    }

    /// Remembers a position; returns whether it had been met before.
    #[inline]
    pub fn repeats(&mut self, pits: &[u8], to_move: Player) -> bool {
        let key = position_key(pits, to_move);
        let (word, bit) = filter_place(key);
        let repeated = self.filter[word] & bit != 0 && self.keys().any(|seen| seen == key);
        self.remember(key);
        repeated
    }

    /// Calls `each` with the seeds of each of the `holes` holes and the
    /// player to move of every position remembered before the last one;
    /// `false` if some of them cannot be given back (a board of more than
    /// 17 holes, or of 128 seeds in a hole, is remembered by a hash). An
    /// endgame table widens its bounds by those a play could meet again.
    /// No allocation.
    pub fn each_earlier(&self, holes: usize, each: &mut dyn FnMut(&[u8], Player)) -> bool {
        let mut pits = [0u8; PACKED_HOLES];
        let Some(pits) = pits.get_mut(..holes) else {
            return self.len <= 1;
        };
        let earlier = self.len.saturating_sub(1);
        let mut known = true;
        for key in self.keys().take(earlier) {
            match unpacked(key, pits) {
                Some(to_move) => each(pits, to_move),
                None => known = false,
            }
        }
        known
    }

    /// The positions remembered.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no position is remembered.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    fn remember(&mut self, key: u128) {
        let (word, bit) = filter_place(key);
        self.filter[word] |= bit;
        match self.recent.get_mut(self.len) {
            Some(slot) => *slot = key,
            None => self.spilled.push(key),
        }
        self.len += 1;
    }

    #[inline]
    fn keys(&self) -> impl Iterator<Item = u128> + '_ {
        self.recent[..self.len.min(INLINE_POSITIONS)]
            .iter()
            .chain(&self.spilled)
            .copied()
    }
}

/// The word and bit of [`Positions`]'s filter that `key` sets.
#[inline]
fn filter_place(key: u128) -> (usize, u64) {
    let mixed = ((key as u64) ^ ((key >> 64) as u64)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let place = (mixed >> 56) as usize;
    (place / 64 % 4, 1 << (place % 64))
}

/// The most holes a position key packs exactly.
const PACKED_HOLES: usize = 17;
/// The bits of one hole in a packed key: at most 127 seeds.
const SEED_BITS: u32 = 7;
/// The bit that marks a hashed key.
const HASHED: u128 = 1 << 127;

/// A position as one number. Boards of up to [`PACKED_HOLES`] holes of at
/// most 127 seeds are packed exactly ([`SEED_BITS`] per hole after the
/// player's index); larger ones are hashed to 127 bits (two independent
/// 64-bit mixes, [`HASHED`] set), where a false repetition would need a
/// collision of odds about 2^-100 per game.
#[inline]
fn position_key(pits: &[u8], to_move: Player) -> u128 {
    let fits = |seeds: u8| u32::from(seeds) < 1 << SEED_BITS;
    if pits.len() <= PACKED_HOLES && pits.iter().all(|&seeds| fits(seeds)) {
        return pits.iter().fold(u128::from(to_move.0), |key, &seeds| {
            (key << SEED_BITS) | u128::from(seeds)
        });
    }
    let mix = |start: u64| {
        pits.iter()
            .fold(start ^ u64::from(to_move.0), |hash, &seeds| {
                let mut z = (hash ^ u64::from(seeds)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                z ^= z >> 29;
                z.wrapping_mul(0xbf58_476d_1ce4_e5b9)
            })
    };
    HASHED | u128::from(mix(0x243f_6a88_85a3_08d3)) << 63 | u128::from(mix(0x1319_8a2e_0370_7344))
}

/// The board (into `pits`, one hole each) and the player to move that
/// [`position_key`] packed into `key`; `None` for a hashed key.
fn unpacked(key: u128, pits: &mut [u8]) -> Option<Player> {
    if key & HASHED != 0 {
        return None;
    }
    let mut rest = key;
    for seeds in pits.iter_mut().rev() {
        *seeds = (rest & ((1 << SEED_BITS) - 1)) as u8;
        rest >>= SEED_BITS;
    }
    Some(Player(rest as u8))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_where_a_player_has_taken_more_than_half_is_refused() {
        assert_eq!(refuse_ended_by_scores(&[24, 20], 48, true), Ok(()));
        assert_eq!(
            refuse_ended_by_scores(&[20, 25], 48, false),
            Err("NORD a déjà pris 25 graines sur 48 : il a gagné, la partie est finie".to_owned())
        );
        assert!(refuse_ended_by_scores(&[24, 24], 48, true).is_err());
        assert_eq!(refuse_ended_by_scores(&[24, 24], 48, false), Ok(()));
    }

    const BOARD: TwoRows = TwoRows::new(6);

    #[test]
    fn a_two_row_position_is_explained_with_the_start_as_its_example() {
        let said = two_rows_position_rules("wari", true, 12, 4);
        assert!(
            said.starts_with("Position (--position) : wari[/OPTIONS]:JOUEUR:TROUS:SCORES, "),
            "{said}"
        );
        assert!(
            said.contains(" : wari:S:4,4,4,4,4,4,4,4,4,4,4,4:0,0 est le début d'une partie"),
            "{said}"
        );
        assert!(two_rows_position_rules("wali", false, 12, 4).contains(" : wali:JOUEUR:"));
        assert!(!said.contains('\n'), "one paragraph: {said}");
    }

    #[test]
    fn rows_owners_and_facing_holes_of_a_two_row_board() {
        assert_eq!(BOARD.holes(), 12);
        assert_eq!(BOARD.row(Player::SUD), 0..6);
        assert_eq!(BOARD.row(Player::NORD), 6..12);
        assert_eq!(BOARD.owner(5), Player::SUD);
        assert_eq!(BOARD.owner(6), Player::NORD);
        assert_eq!(BOARD.facing(0), 11, "hole 12 faces hole 1");
        assert_eq!(BOARD.facing(5), 6, "hole 7 faces hole 6");
        assert_eq!(TwoRows::new(7).facing(2), 11, "hole 12 faces hole 3 on 2×7");
        assert!(BOARD.leaves_row(3, 3) && !BOARD.leaves_row(3, 2));
        assert!(BOARD.leaves_row(11, 1) && !BOARD.leaves_row(6, 5));
    }

    #[test]
    fn boards_of_100_seeds_or_more_are_drawn_with_wide_columns() {
        assert!(!wide_columns(99));
        assert!(wide_columns(100));
        let board = TwoRows::new(12);
        assert!(!board.layout_for(96).wide, "12×4");
        assert!(board.layout_for(240).wide, "12×10");
        assert_eq!(board.layout_for(240).rows, board.layout().rows);
    }

    #[test]
    fn only_a_non_empty_hole_of_ones_row_may_be_sown() {
        let pits = [0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4];
        assert_eq!(BOARD.own_hole(&pits, Player::SUD, 2), Ok(1));
        assert_eq!(BOARD.own_hole(&pits, Player::NORD, 12), Ok(11));
        assert_eq!(
            BOARD.own_hole(&pits, Player::SUD, 13),
            Err("13 n'est pas un trou : jouez un trou de 1 à 6".to_owned())
        );
        assert_eq!(
            BOARD.own_hole(&pits, Player::SUD, 7),
            Err("le trou 7 est à NORD : jouez un trou de 1 à 6".to_owned())
        );
        assert_eq!(
            BOARD.own_hole(&pits, Player::SUD, 1),
            Err("le trou 1 est vide".to_owned())
        );
    }

    #[test]
    fn sowing_skips_the_starting_hole_on_every_lap() {
        let mut pits = [0; 12];
        pits[10] = 3;
        assert_eq!(sow(&mut pits, 10), 1, "12, then 1 and 2 wrap round");
        assert_eq!(pits, [1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
        let mut pits = [0; 12];
        pits[0] = 23;
        assert_eq!(sow(&mut pits, 0), 1);
        assert_eq!(pits[0], 0);
        assert_eq!(pits[1], 3);
        assert_eq!(pits[2..].iter().map(|&s| u32::from(s)).sum::<u32>(), 20);
    }

    #[test]
    fn the_split_gives_each_player_their_row() {
        let mut pits = [1, 2, 0, 0, 0, 3, 4, 0, 0, 0, 0, 5];
        let mut scores = [10, 20];
        assert_eq!(
            BOARD.split(&mut pits, &mut scores),
            Outcome::winner(Player::NORD)
        );
        assert_eq!(pits, [0; 12]);
        assert_eq!(scores, [16, 29]);
    }

    #[test]
    fn positions_beyond_those_kept_in_place_are_remembered_too() {
        let mut positions = Positions::starting_at(&[0], Player::SUD);
        for seeds in 1..100u8 {
            assert!(!positions.repeats(&[seeds], Player::SUD));
        }
        assert_eq!(positions.len(), 100);
        assert!(
            positions.repeats(&[0], Player::SUD),
            "the first, kept in place"
        );
        assert!(positions.repeats(&[99], Player::SUD), "the last, spilled");
        let copy = positions.clone();
        assert_eq!(copy, positions);
        positions.forget();
        assert!(positions.is_empty() && !positions.repeats(&[99], Player::SUD));
        assert_ne!(copy, positions);
    }

    /// `clone_from` copies only the positions used, into a memory that held
    /// more, fewer, or spilled ones: the copy remembers what the source
    /// does, and nothing of its own past.
    #[test]
    fn a_memory_copied_into_another_remembers_what_the_source_does() {
        let remembering = |count: u8| {
            let mut positions = Positions::starting_at(&[0], Player::SUD);
            for seeds in 1..count {
                positions.repeats(&[seeds], Player::SUD);
            }
            positions
        };
        for (source, room) in [(3, 50), (50, 3), (40, 40), (1, 100)] {
            let source = remembering(source);
            let mut copy = remembering(room);
            copy.repeats(&[200], Player::NORD);
            copy.clone_from(&source);
            assert_eq!(copy, source);
            assert_eq!(copy.len(), source.len());
            assert!(!copy.repeats(&[200], Player::NORD), "the room's own past");
            let last = u8::try_from(source.len() - 1).unwrap_or(u8::MAX);
            assert!(copy.repeats(&[last], Player::SUD), "the source's last");
        }
    }

    #[test]
    fn large_boards_and_big_holes_are_told_apart() {
        let mut wide = [2u8; 64];
        let mut positions = Positions::starting_at(&wide, Player::SUD);
        wide[63] = 3;
        assert!(!positions.repeats(&wide, Player::SUD));
        wide[63] = 2;
        wide[0] = 130;
        assert!(!positions.repeats(&wide, Player::SUD));
        let (mut a, mut b) = ([0u8; 12], [0u8; 12]);
        a[0] = 128;
        b[0] = 0;
        assert_ne!(position_key(&a, Player::SUD), position_key(&b, Player::SUD));
        wide[0] = 2;
        assert!(positions.repeats(&wide, Player::SUD));
    }

    #[test]
    fn a_position_repeats_only_with_the_same_seeds_and_player() {
        let mut positions = Positions::starting_at(&[1, 0, 2], Player::SUD);
        assert!(!positions.repeats(&[1, 0, 2], Player::NORD));
        assert!(!positions.repeats(&[0, 1, 2], Player::SUD));
        assert!(positions.repeats(&[1, 0, 2], Player::SUD));
        positions.forget();
        assert!(positions.is_empty());
        assert!(!positions.repeats(&[1, 0, 2], Player::SUD));
        assert_eq!(positions.len(), 1);
        assert!(positions.reached(&[1, 0, 2], Player::SUD, false));
        assert!(
            !positions.reached(&[1, 0, 2], Player::SUD, true),
            "a capture forgets"
        );
        assert_eq!(positions.len(), 1);
    }

    #[test]
    fn each_earlier_gives_back_the_positions_before_the_last_since_the_capture() {
        let earlier = |positions: &Positions| {
            let mut seen = Vec::new();
            let known =
                positions.each_earlier(4, &mut |pits, player| seen.push((pits.to_vec(), player)));
            assert!(known);
            seen
        };
        let mut positions = Positions::starting_at(&[3, 0, 0, 1], Player::SUD);
        assert_eq!(earlier(&positions), [], "only the current one");
        positions.repeats(&[0, 1, 1, 2], Player::NORD);
        assert_eq!(earlier(&positions), [(vec![3, 0, 0, 1], Player::SUD)]);
        positions.reached(&[0, 0, 1, 2], Player::NORD, true);
        assert_eq!(earlier(&positions), [], "a capture forgets");
        positions.repeats(&[127, 0, 0, 3], Player::SUD);
        assert_eq!(earlier(&positions), [(vec![0, 0, 1, 2], Player::NORD)]);
        let wide = [0u8; 18];
        let mut positions = Positions::starting_at(&wide, Player::SUD);
        positions.repeats(&wide, Player::NORD);
        assert!(!positions.each_earlier(18, &mut |_, _| {}), "hashed keys");
    }
}
