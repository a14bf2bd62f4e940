//! The plain Rust vocabulary shared by the host and the variants: players,
//! descriptions, board layouts, decisions, steps and outcomes.
//!
//! The small `Copy` types here ([`Player`], [`Turn`], [`Step`], [`Gains`],
//! [`Outcome`], [`Inputs`], [`Think`], [`Thought`]) are `#[repr(C)]` and
//! cross the library boundary as they are: the machine path (whose
//! decision, the accepted inputs, play, gains, outcome) allocates nothing.
//! Variant authors use them as plain Rust values.

use abi_stable::StableAbi;

/// The most seats a variant may have (Oware plays with up to 6).
pub const MAX_SEATS: usize = 6;

/// The most inputs one decision may accept (a hole of a 4×16 board, say).
pub const MAX_INPUTS: usize = 128;

/// A seat at the board, numbered from 0 in the order of the variant's seats
/// (`SUD` is 0 and `NORD` is 1 on every two-player board). Frozen for 1.x.
#[repr(transparent)]
#[derive(StableAbi, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Player(pub u8);

impl Player {
    /// The player at the bottom of a two-row board, who moves first by default.
    pub const SUD: Player = Player(0);
    /// The player at the top of a two-row board.
    pub const NORD: Player = Player(1);

    /// The position of this player in per-player lists (scores, gains, names).
    #[inline]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The other player of a two-player game.
    #[inline]
    pub fn opponent(self) -> Player {
        Player(1 - self.0.min(1))
    }
}

/// What a variant says about itself: shown by `host --list` and
/// `host <id> --help`, and used to print the result line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Description {
    /// The id typed on the command line: lower case ASCII, digits and dashes (`awale`).
    pub id: String,
    /// The game's name as players write it (`Awalé`).
    pub title: String,
    /// The name with its French article, as in « la partie d'Awalé » (`d'Awalé`, `de Kalah`).
    pub title_with_article: String,
    /// The plugin's own version, usually `env!("CARGO_PKG_VERSION")`.
    pub version: String,
    /// One line saying what the game is.
    pub summary: String,
    /// The complete rules in French, including every reading chosen where the sources are silent.
    pub rules: String,
    /// The names of every seat this variant may use with any options, in
    /// [`Player`] order (`SUD`, `NORD`, ...); [`crate::Variant::seats`] says
    /// which of them play with given options.
    pub players: Vec<String>,
    /// The options accepted by `--set KEY=VALUE`.
    pub options: Vec<OptionSpec>,
    /// Whether entering `0` (both players agree the game is over) may end a game.
    pub agreement_ends_game: bool,
}

impl Description {
    /// Checks what the host prints of the description against the contract:
    /// an id of lower case ASCII letters, digits and dashes that starts
    /// with a letter or a digit (`[a-z0-9][a-z0-9-]*`), and names, titles,
    /// the summary and the options' keys, defaults and help on one line
    /// each, with no control character.
    pub fn check(&self) -> Result<(), String> {
        let id_ok = self
            .id
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
            && self
                .id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !id_ok {
            return Err(format!(
                "the id {:?} is not lower case ASCII letters, digits and dashes \
                 starting with a letter or a digit",
                self.id
            ));
        }
        if self.rules.contains(|c: char| c.is_control() && c != '\n') {
            return Err("the rules hold a control character other than a line break".to_owned());
        }
        check_names(
            [
                &self.title,
                &self.title_with_article,
                &self.version,
                &self.summary,
            ]
            .into_iter()
            .chain(&self.players)
            .chain(
                self.options
                    .iter()
                    .flat_map(|option| [&option.key, &option.default, &option.help]),
            ),
        )
    }
}

/// Every name is on one line, holds no control character (an escape
/// sequence would reach the terminal) and is not empty.
pub fn check_names<'a>(names: impl IntoIterator<Item = &'a String>) -> Result<(), String> {
    match names
        .into_iter()
        .find(|name| name.trim().is_empty() || name.contains(char::is_control))
    {
        Some(name) => Err(format!("{name:?} is not a one-line name")),
        None => Ok(()),
    }
}

/// One option of a variant, set on the command line with `--set KEY=VALUE`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The key (`capture`).
    pub key: String,
    /// One line saying what the option changes, in French: a player reads
    /// it in `VARIANT --help` (`SPEC.md` §3, one language a line).
    pub help: String,
    /// The value used when the option is not set; it must be accepted by [`OptionSpec::values`].
    pub default: String,
    /// The values accepted.
    pub values: OptionValues,
}

/// The values an option accepts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValues {
    /// One of these words (lower case; what a player types is compared ignoring case).
    Choices(Vec<String>),
    /// A whole number between `min` and `max`, both included.
    Range {
        /// The smallest value accepted.
        min: u32,
        /// The largest value accepted.
        max: u32,
    },
}

impl OptionValues {
    /// The accepted value that `value` stands for, ignoring case, if any.
    pub fn accept(&self, value: &str) -> Option<String> {
        match self {
            OptionValues::Choices(choices) => choices
                .iter()
                .find(|choice| choice.eq_ignore_ascii_case(value))
                .cloned(),
            OptionValues::Range { min, max } => value
                .parse::<u32>()
                .ok()
                .filter(|number| (*min..=*max).contains(number))
                .map(|number| number.to_string()),
        }
    }

    /// Whether `value` is accepted.
    pub fn accepts(&self, value: &str) -> bool {
        self.accept(value).is_some()
    }

    /// The accepted values in words, as a player reads them
    /// (`both|backward`, `1 à 9`).
    pub fn describe(&self) -> String {
        match self {
            OptionValues::Choices(choices) => choices.join("|"),
            OptionValues::Range { min, max } => format!("{min} à {max}"),
        }
    }
}

/// How a board is drawn: its rows from top to bottom, who owns each hole,
/// which holes are out of play, and the order of the score lines.
///
/// Holes are numbered from 1 along the sowing circuit; the seeds of hole `n`
/// are at index `n - 1` of [`crate::Variant::seeds`]. The host reads the
/// layout before every board it draws, so it may change during a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The rows as drawn, top first.
    pub rows: Vec<Row>,
    /// The owner of each hole: `owners[n - 1]` owns hole `n`.
    pub owners: Vec<Player>,
    /// The players whose score lines are printed, in order.
    pub score_order: Vec<Player>,
    /// The holes out of play now (drawn `[--]`), by number.
    pub out_of_play: Vec<u32>,
    /// Whether a hole may hold 100 seeds or more: columns are then 6
    /// characters wide and seeds print as `[%3d]`.
    pub wide: bool,
    /// Seeds set aside off the board and owned by nobody yet (La vache's
    /// reserve): part of the board, drawn as `Réserve : 4 graine(s).` after
    /// the score lines while there are any, so that the board, the scores
    /// and the reserve always account for every seed.
    pub reserve: u32,
    /// Marks on single holes, at most one a hole ([`Layout::mark_collecting`]).
    pub marks: Vec<HoleMark>,
}

/// A mark on one hole of the board, for the host to draw (since 1.0;
/// frozen for 1.x, its kinds open).
#[repr(C)]
#[derive(StableAbi, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HoleMark {
    /// The hole marked, by number.
    pub hole: u32,
    /// The player it concerns (for [`MarkKind::Collecting`], its owner).
    pub player: Player,
    /// What the mark says.
    pub kind: MarkKind,
}

/// What a [`HoleMark`] says.
///
/// An open set, like [`DecisionKind`]: a minor release of the contract may
/// name a new kind of mark. A host draws a hole whose mark it does not
/// know as an unmarked hole.
#[repr(transparent)]
#[derive(StableAbi, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MarkKind(pub u8);

#[allow(non_upper_case_globals)] // named like the variants of an enum, as DecisionKind
impl MarkKind {
    /// The hole belongs to [`HoleMark::player`] and keeps collecting seeds
    /// sown into it (Toguz Kumalak's tuzdyk, a store on the board): its
    /// seeds stay on the board, counted in [`crate::Variant::seeds`], and
    /// are its owner's. The host draws them `(%2d)` instead of `[%2d]`, and
    /// says on standard error whose the hole is.
    pub const Collecting: MarkKind = MarkKind(0);
}

impl Layout {
    /// The usual board of two rows of `holes_per_row` holes: SUD owns holes
    /// `1..=n` drawn left to right at the bottom, NORD owns `n+1..=2n`
    /// drawn right to left at the top, and NORD's score is printed first.
    pub fn two_rows(holes_per_row: u32) -> Layout {
        let n = holes_per_row;
        Layout {
            rows: vec![
                Row::new("NORD", (n + 1..=2 * n).rev().collect(), NumberSide::Above),
                Row::new("SUD", (1..=n).collect(), NumberSide::Below),
            ],
            owners: (0..2 * n)
                .map(|hole| if hole < n { Player::SUD } else { Player::NORD })
                .collect(),
            score_order: vec![Player::NORD, Player::SUD],
            out_of_play: Vec::new(),
            wide: false,
            reserve: 0,
            marks: Vec::new(),
        }
    }

    /// The board of four rows of `width` holes (`SPEC.md` §3): each player
    /// owns two rows and sows round them counterclockwise. SUD's outer row
    /// is `1..=W` left to right, SUD's inner row `W+1..=2W` right to left,
    /// NORD's outer row `2W+1..=3W` right to left, NORD's inner row
    /// `3W+1..=4W` left to right; inner holes of one column face each other.
    pub fn four_rows(width: u32) -> Layout {
        let w = width;
        Layout {
            rows: vec![
                Row::new(
                    "NORD",
                    (2 * w + 1..=3 * w).rev().collect(),
                    NumberSide::Above,
                ),
                Row::new("", (3 * w + 1..=4 * w).collect(), NumberSide::Below),
                Row::new("", (w + 1..=2 * w).rev().collect(), NumberSide::Above),
                Row::new("SUD", (1..=w).collect(), NumberSide::Below),
            ],
            owners: (0..4 * w)
                .map(|hole| {
                    if hole < 2 * w {
                        Player::SUD
                    } else {
                        Player::NORD
                    }
                })
                .collect(),
            score_order: vec![Player::NORD, Player::SUD],
            out_of_play: Vec::new(),
            wide: false,
            reserve: 0,
            marks: Vec::new(),
        }
    }

    /// The number of holes on the board.
    pub fn hole_count(&self) -> usize {
        self.owners.len()
    }

    /// Marks `hole` as belonging to `player` and collecting seeds (a
    /// tuzdyk, a store on the board: [`MarkKind::Collecting`]); replaces
    /// any earlier mark of that hole.
    pub fn mark_collecting(&mut self, hole: u32, player: Player) {
        self.marks.retain(|mark| mark.hole != hole);
        self.marks.push(HoleMark {
            hole,
            player,
            kind: MarkKind::Collecting,
        });
    }

    /// The player whose collecting hole `hole` is, if it is one.
    pub fn collector(&self, hole: u32) -> Option<Player> {
        self.marks
            .iter()
            .find(|mark| mark.hole == hole && mark.kind == MarkKind::Collecting)
            .map(|mark| mark.player)
    }

    /// Checks the layout against the contract for a board of `seeds` seed
    /// counts and `seats` seats: the rows number every hole once, `1..=N`,
    /// each hole has an owner among the seats, the score lines name seats,
    /// the holes out of play exist, marks name holes of the board in play,
    /// one mark a hole, and seats, and no label breaks a line.
    pub fn check(&self, seeds: usize, seats: usize) -> Result<(), String> {
        let holes = self.hole_count();
        if seeds != holes {
            return Err(format!("{seeds} seed counts for {holes} holes"));
        }
        let mut numbers: Vec<u32> = self
            .rows
            .iter()
            .flat_map(|row| row.holes.iter().copied())
            .collect();
        numbers.sort_unstable();
        if !numbers.iter().copied().eq(1..=holes as u32) {
            return Err(format!(
                "the rows do not number the holes 1 to {holes} once each"
            ));
        }
        if self.owners.iter().any(|owner| owner.index() >= seats) {
            return Err(format!("a hole's owner is not one of the {seats} seats"));
        }
        if self.score_order.is_empty() || self.score_order.iter().any(|p| p.index() >= seats) {
            return Err(format!(
                "the score lines name players beyond the {seats} seats"
            ));
        }
        if let Some(hole) = self
            .out_of_play
            .iter()
            .find(|&&hole| hole == 0 || hole as usize > holes)
        {
            return Err(format!("hole {hole}, out of play, is not on the board"));
        }
        for (index, mark) in self.marks.iter().enumerate() {
            if mark.hole == 0 || mark.hole as usize > holes {
                return Err(format!("hole {}, marked, is not on the board", mark.hole));
            }
            if self.out_of_play.contains(&mark.hole) {
                return Err(format!("hole {}, marked, is out of play", mark.hole));
            }
            if self.marks[..index].iter().any(|m| m.hole == mark.hole) {
                return Err(format!("hole {} is marked twice", mark.hole));
            }
            if mark.player.index() >= seats {
                return Err(format!(
                    "hole {}'s mark names a player beyond the {seats} seats",
                    mark.hole
                ));
            }
        }
        if self.rows.iter().any(|row| row.label.contains(['\n', '\r'])) {
            return Err("a row label breaks the line".to_owned());
        }
        Ok(())
    }
}

/// One row of holes as drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Printed at the start of the row's number line (a player's name, or empty).
    pub label: String,
    /// The hole numbers from left to right.
    pub holes: Vec<u32>,
    /// Whether the numbers are printed above or below the seeds.
    pub numbers: NumberSide,
}

impl Row {
    /// A row labelled `label` holding `holes`, left to right.
    pub fn new(label: &str, holes: Vec<u32>, numbers: NumberSide) -> Row {
        Row {
            label: label.to_owned(),
            holes,
            numbers,
        }
    }
}

/// Where a row's hole numbers are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumberSide {
    /// On the line above the seeds (the top rows).
    Above,
    /// On the line below the seeds (the bottom rows).
    Below,
}

/// What kind of answer a decision expects; the answer is always one integer.
///
/// An open set (contract 1.0): a `u8` with named values rather than an
/// exhaustive enum, so that a minor release of the contract may name a new
/// kind without refusing older plugins or hosts. A value this crate does
/// not name is a kind of a later contract: the host asks for it as for any
/// decision, with the variant's prompt and the generic question « que
/// jouez-vous ? »; code that matches on kinds keeps a fallback arm for it.
#[repr(transparent)]
#[derive(StableAbi, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DecisionKind(pub u8);

#[allow(non_upper_case_globals)] // the names of the 0.x enum's variants, kept for authors
impl DecisionKind {
    /// Which hole to sow.
    pub const Sow: DecisionKind = DecisionKind(0);
    /// Which way to sow (the prompt says which integer means which way).
    pub const Direction: DecisionKind = DecisionKind(1);
    /// Which hole receives or loses something (the prompt says what).
    pub const TargetHole: DecisionKind = DecisionKind(2);
    /// Where to put seeds before the game starts (the prompt says how).
    pub const Placement: DecisionKind = DecisionKind(3);
    /// A turn with nothing to choose (a player who must pass, a new round
    /// set up): exactly one input is accepted, and the host plays it itself
    /// without asking; [`crate::Variant::prompt`] says what happens, in one
    /// French line (« NORD passe : sa rangée est vide. »).
    pub const Forced: DecisionKind = DecisionKind(4);
}

/// Where a game stands: whose decision it is and of what kind, or how it ended.
///
/// Frozen for 1.x: an exhaustive enum never gains a variant.
#[repr(u8)]
#[derive(StableAbi, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// The game waits for `player`'s decision.
    Decide {
        /// Who decides.
        player: Player,
        /// What kind of answer is expected.
        kind: DecisionKind,
    },
    /// The game is over.
    Over(Outcome),
}

impl Turn {
    /// `player` chooses which hole to sow.
    #[inline]
    pub fn sow(player: Player) -> Turn {
        Turn::Decide {
            player,
            kind: DecisionKind::Sow,
        }
    }

    /// Who decides now, unless the game is over.
    pub fn player(self) -> Option<Player> {
        match self {
            Turn::Decide { player, .. } => Some(player),
            Turn::Over(_) => None,
        }
    }
}

/// How a finished game ended: the set of its winners (none for a draw).
/// Frozen for 1.x.
#[repr(C)]
#[derive(StableAbi, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Bit `i` is set when seat `i` won.
    winners: u8,
}

impl Outcome {
    /// Nobody won.
    pub const DRAW: Outcome = Outcome { winners: 0 };

    /// `player` alone won.
    pub fn winner(player: Player) -> Outcome {
        Outcome {
            winners: 1 << (player.0 % 8),
        }
    }

    /// These players won together.
    pub fn winners(players: impl IntoIterator<Item = Player>) -> Outcome {
        Outcome {
            winners: players
                .into_iter()
                .fold(0, |set, player| set | 1 << (player.0 % 8)),
        }
    }

    /// The players with the highest score win; when every player has it,
    /// nobody does (a draw).
    pub fn by_scores(scores: &[u32]) -> Outcome {
        let Some(&best) = scores.iter().max() else {
            return Outcome::DRAW;
        };
        if scores.iter().all(|&score| score == best) {
            return Outcome::DRAW;
        }
        Outcome::winners(
            (0..scores.len().min(MAX_SEATS))
                .filter(|&index| scores[index] == best)
                .map(|index| Player(index as u8)),
        )
    }

    /// Every seat of `seats` but `loser` wins (the loser resigned, say).
    pub fn all_but(loser: Player, seats: usize) -> Outcome {
        Outcome::winners(
            (0..seats.min(MAX_SEATS))
                .map(|index| Player(index as u8))
                .filter(|&player| player != loser),
        )
    }

    /// Whether `player` is among the winners.
    pub fn is_winner(self, player: Player) -> bool {
        player.0 < 8 && self.winners & (1 << player.0) != 0
    }

    /// Whether nobody won.
    pub fn is_draw(self) -> bool {
        self.winners == 0
    }

    /// The winners, in seat order.
    pub fn winner_list(self) -> impl Iterator<Item = Player> {
        (0..8u8)
            .map(Player)
            .filter(move |&player| self.is_winner(player))
    }

    /// The single winner, if exactly one player won.
    pub fn sole_winner(self) -> Option<Player> {
        let mut winners = self.winner_list();
        match (winners.next(), winners.next()) {
            (Some(player), None) => Some(player),
            _ => None,
        }
    }
}

/// The seeds each player gained by a move, by [`Player::index`]. Frozen for 1.x.
#[repr(C)]
#[derive(StableAbi, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Gains([u32; MAX_SEATS]);

impl Gains {
    /// Nobody gained anything.
    pub const NONE: Gains = Gains([0; MAX_SEATS]);

    /// `player` gained `seeds`, nobody else anything.
    ///
    /// Built lane by lane, not by a store at the player's index: a store
    /// of 4 bytes read back as a whole `Gains` stalls the processor's store
    /// forwarding, which cost 3 to 5 ns a move on `--bench` (issue 18).
    #[inline]
    pub fn of(player: Player, seeds: u32) -> Gains {
        Gains(std::array::from_fn(|seat| {
            if seat == player.index() {
                seeds
            } else {
                0
            }
        }))
    }

    /// Adds `seeds` to what `player` gained.
    #[inline]
    pub fn add(&mut self, player: Player, seeds: u32) {
        if let Some(gained) = self.0.get_mut(player.index()) {
            *gained += seeds;
        }
    }

    /// What `player` gained.
    #[inline]
    pub fn get(&self, player: Player) -> u32 {
        self.0.get(player.index()).copied().unwrap_or(0)
    }

    /// What each seat gained, for `seats` seats.
    pub fn of_seats(&self, seats: usize) -> &[u32] {
        &self.0[..seats.min(MAX_SEATS)]
    }
}

/// What an accepted input did. Frozen for 1.x.
#[repr(u8)]
#[derive(StableAbi, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The move goes on: the same move waits for another decision.
    Pending,
    /// The move is over, with the seeds each player gained by it.
    Completed(Gains),
    /// The move is over and so is the round it ended (a game in rounds goes
    /// on with the next one, unless [`Turn::Over`] says the game ended).
    RoundOver(Gains),
}

impl Step {
    /// The gains of a completed move, `None` while the move goes on.
    pub fn gains(self) -> Option<Gains> {
        match self {
            Step::Pending => None,
            Step::Completed(gains) | Step::RoundOver(gains) => Some(gains),
        }
    }
}

/// The inputs a decision accepts, in increasing order: a list on the stack
/// of at most [`MAX_INPUTS`] integers, filled without allocating. Frozen
/// for 1.x.
#[repr(C)]
#[derive(StableAbi, Clone, Copy)]
pub struct Inputs {
    len: u32,
    items: [u32; MAX_INPUTS],
}

impl Default for Inputs {
    fn default() -> Self {
        Inputs::new()
    }
}

impl std::fmt::Debug for Inputs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl PartialEq for Inputs {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Inputs {}

impl Inputs {
    /// An empty list.
    pub const fn new() -> Inputs {
        Inputs {
            len: 0,
            items: [0; MAX_INPUTS],
        }
    }

    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Appends `input`, which must be greater than the last one.
    ///
    /// # Panics
    ///
    /// If the list already holds [`MAX_INPUTS`] inputs (a bug of the variant,
    /// which the plugin glue turns into an error).
    #[inline]
    pub fn push(&mut self, input: u32) {
        assert!(
            (self.len as usize) < MAX_INPUTS,
            "more than {MAX_INPUTS} inputs for one decision"
        );
        self.items[self.len as usize] = input;
        self.len += 1;
    }

    /// Appends `input` if `keep`, with no branch on `keep`: the slot is
    /// written either way and the length grows by `keep` (a branch on each
    /// hole of a random position is mispredicted about half the time).
    ///
    /// # Panics
    ///
    /// As [`Inputs::push`], if `keep` and the list is full.
    #[inline]
    pub fn push_if(&mut self, input: u32, keep: bool) {
        match self.items.get_mut(self.len as usize) {
            Some(slot) => {
                *slot = input;
                self.len += u32::from(keep);
            }
            None => assert!(!keep, "more than {MAX_INPUTS} inputs for one decision"),
        }
    }

    /// The inputs, in the order pushed.
    #[inline]
    pub fn as_slice(&self) -> &[u32] {
        &self.items[..(self.len as usize).min(MAX_INPUTS)]
    }

    /// How many inputs there are.
    #[inline]
    pub fn len(&self) -> usize {
        self.as_slice().len()
    }

    /// Whether no input is accepted.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether `input` is in the list.
    #[inline]
    pub fn contains(&self, input: u32) -> bool {
        self.as_slice().contains(&input)
    }
}

impl Extend<u32> for Inputs {
    fn extend<I: IntoIterator<Item = u32>>(&mut self, inputs: I) {
        for input in inputs {
            self.push(input);
        }
    }
}

/// A request to the computer player: how strong and how long, and the seed
/// of its random choices. Frozen for 1.x (a new request would be a new
/// method of the game object).
#[repr(C)]
#[derive(StableAbi, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Think {
    /// 1 (initiation) to 4 (grand maître).
    pub level: u8,
    /// The time a level-4 decision may take, in milliseconds.
    pub budget_ms: u32,
    /// The threads a level-4 decision may search on (0 counts as 1);
    /// levels 1 to 3 search on one.
    pub threads: u32,
    /// The seed of every random choice, so that levels 1 to 3 replay the same game.
    pub seed: u64,
}

/// What the computer player chose. Frozen for 1.x.
#[repr(C)]
#[derive(StableAbi, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thought {
    /// The input to play: one of the accepted inputs.
    pub input: u32,
    /// The positions it examined.
    pub nodes: u64,
    /// The depth it searched to (plies), or the playouts it made (tree search).
    pub depth: u32,
}

/// The value of one accepted input, as the computer player found it for a review.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Assessment {
    /// The input.
    pub input: u32,
    /// Its value for the player who decides, in hundredths of a seed: the
    /// final margin (its final score minus the best of the others, ×100)
    /// when `proven`, else the variant's [`crate::Variant::evaluate`] at the end
    /// of the best lines searched.
    pub value: i32,
    /// Whether the value is a forced result: a win (`value` ≥ 0) or a loss
    /// (`value` ≤ 0), by that margin at least, whatever the others play.
    pub proven: bool,
}

/// An input's value, and whether the endgame tables give it exactly for
/// the game's real history (since contract 1.1): a hint then says it read
/// the tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Assessed {
    /// The input and its value.
    pub assessment: Assessment,
    /// Whether the value is the exact final margin the tables give.
    pub exact: bool,
}

/// What a variant's endgame tables are to a game with some options (since
/// contract 1.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tables {
    /// The plugin cannot say (it was built against contract 1.0).
    Unknown,
    /// The variant has none with these options.
    None,
    /// The variant has some, not built yet: `--endgames` builds them.
    NotBuilt,
    /// Built: level 4 and the hints read them.
    Built,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_highest_scores_win_and_a_tie_of_all_is_a_draw() {
        assert_eq!(Outcome::by_scores(&[3, 7, 5]), Outcome::winner(Player(1)));
        assert_eq!(
            Outcome::by_scores(&[7, 7, 5]),
            Outcome::winners([Player(0), Player(1)])
        );
        assert_eq!(Outcome::by_scores(&[24, 24]), Outcome::DRAW);
        assert_eq!(Outcome::by_scores(&[25, 23]), Outcome::winner(Player::SUD));
        assert!(Outcome::by_scores(&[]).is_draw());
    }

    #[test]
    fn a_resignation_gives_the_game_to_every_other_seat() {
        let outcome = Outcome::all_but(Player(1), 3);
        let winners: Vec<Player> = outcome.winner_list().collect();
        assert_eq!(winners, [Player(0), Player(2)]);
        assert_eq!(
            Outcome::all_but(Player::SUD, 2).sole_winner(),
            Some(Player::NORD)
        );
    }

    #[test]
    fn inputs_keep_their_order_and_refuse_to_overflow() {
        let mut inputs = Inputs::new();
        inputs.extend([1, 4, 9]);
        assert_eq!(inputs.as_slice(), [1, 4, 9]);
        assert!(inputs.contains(4) && !inputs.contains(5));
        inputs.clear();
        assert!(inputs.is_empty());
        let overflow = std::panic::catch_unwind(|| {
            let mut full = Inputs::new();
            full.extend(1..=MAX_INPUTS as u32 + 1);
        });
        assert!(overflow.is_err());
    }

    #[test]
    fn push_if_keeps_only_what_it_is_told_to_even_on_a_full_list() {
        let mut inputs = Inputs::new();
        for (input, keep) in [(1, true), (2, false), (3, true), (4, false)] {
            inputs.push_if(input, keep);
        }
        assert_eq!(inputs.as_slice(), [1, 3]);
        let mut full = Inputs::new();
        full.extend(1..=MAX_INPUTS as u32);
        full.push_if(500, false);
        assert_eq!(full.len(), MAX_INPUTS);
        let overflow = std::panic::catch_unwind(move || full.push_if(500, true));
        assert!(overflow.is_err());
    }

    #[test]
    fn option_choices_ignore_case() {
        let values = OptionValues::Choices(vec!["both".into(), "backward".into()]);
        assert_eq!(values.accept("BackWard"), Some("backward".to_owned()));
        assert_eq!(values.accept("forward"), None);
        let range = OptionValues::Range { min: 1, max: 9 };
        assert_eq!(range.accept("9"), Some("9".to_owned()));
        assert_eq!(range.accept("10"), None);
    }

    #[test]
    fn a_description_has_a_plain_id_and_one_line_names() {
        let mut description = Description {
            id: "awale-2".into(),
            title: "Awalé".into(),
            title_with_article: "d'Awalé".into(),
            version: "1.0.0".into(),
            summary: "Un jeu.".into(),
            rules: "Des règles\nsur plusieurs lignes.".into(),
            players: vec!["SUD".into(), "NORD".into()],
            options: Vec::new(),
            agreement_ends_game: true,
        };
        assert_eq!(description.check(), Ok(()));
        description.players[1] = "NORD\nSUD gagne".into();
        assert!(description.check().is_err());
        description.players[1] = "NORD".into();
        description.id = String::new();
        assert!(description.check().is_err());
        description.id = "Awalé".into();
        assert!(description.check().is_err());
        description.id = "--list".into();
        assert!(description.check().is_err(), "an id is never an option");
        description.id = "2-awale".into();
        assert_eq!(description.check(), Ok(()));
        description.title = "Awalé\u{1b}[2J".into();
        assert!(description.check().is_err(), "an escape sequence");
        description.title = "Awalé".into();
        description.rules = "Des règles\u{1b}[2J".into();
        assert!(
            description.check().is_err(),
            "an escape sequence in the rules"
        );
    }

    #[test]
    fn a_layout_is_checked_against_the_seeds_and_seats() {
        let layout = Layout::two_rows(6);
        assert_eq!(layout.check(12, 2), Ok(()));
        assert!(layout.check(11, 2).is_err(), "a seed count missing");
        assert!(layout.check(12, 1).is_err(), "NORD is not seated");
        let mut renumbered = layout.clone();
        renumbered.rows[0].holes[0] = 99;
        assert!(renumbered.check(12, 2).is_err());
        let mut blind = layout.clone();
        blind.out_of_play = vec![13];
        assert!(blind.check(12, 2).is_err());
        let mut label = layout.clone();
        label.rows[1].label = "SUD\nNORD gagne".to_owned();
        assert!(label.check(12, 2).is_err());
    }

    #[test]
    fn a_collecting_mark_names_a_hole_in_play_once_and_a_seat() {
        let mut layout = Layout::two_rows(9);
        layout.mark_collecting(14, Player::SUD);
        layout.mark_collecting(3, Player::NORD);
        assert_eq!(layout.check(18, 2), Ok(()));
        assert_eq!(layout.collector(14), Some(Player::SUD));
        assert_eq!(layout.collector(13), None);
        layout.mark_collecting(14, Player::NORD);
        assert_eq!(layout.marks.len(), 2, "a hole is marked once");
        assert_eq!(layout.collector(14), Some(Player::NORD));
        let mut beyond = layout.clone();
        beyond.mark_collecting(19, Player::SUD);
        assert!(beyond.check(18, 2).is_err(), "hole 19 of 18");
        let mut seat = layout.clone();
        seat.mark_collecting(5, Player(2));
        assert!(seat.check(18, 2).is_err(), "a third seat of two");
        let mut twice = layout.clone();
        twice.marks.push(twice.marks[0]);
        assert!(twice.check(18, 2).is_err(), "a hole marked twice");
        let mut blind = layout;
        blind.out_of_play.push(3);
        assert!(blind.check(18, 2).is_err(), "a marked hole out of play");
    }

    #[test]
    fn the_four_row_board_numbers_each_players_circuit() {
        let layout = Layout::four_rows(8);
        assert_eq!(layout.rows[0].holes, (17..=24).rev().collect::<Vec<_>>());
        assert_eq!(layout.rows[1].holes, (25..=32).collect::<Vec<_>>());
        assert_eq!(layout.rows[2].holes, (9..=16).rev().collect::<Vec<_>>());
        assert_eq!(layout.rows[3].holes, (1..=8).collect::<Vec<_>>());
        assert_eq!(layout.owners[15], Player::SUD);
        assert_eq!(layout.owners[16], Player::NORD);
    }
}
