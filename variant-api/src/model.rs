//! The plain Rust vocabulary shared by the host and the variants: players,
//! descriptions, board layouts, decisions and outcomes.

/// A seat at the board, numbered from 0 in the order of
/// [`Description::players`] (`SUD` is 0 and `NORD` is 1 on every two-player board).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Player(pub u8);

impl Player {
    /// The player at the bottom of a two-row board, who moves first by default.
    pub const SUD: Player = Player(0);
    /// The player at the top of a two-row board.
    pub const NORD: Player = Player(1);

    /// The position of this player in per-player lists (scores, gains, names).
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The other player of a two-player game.
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
    /// The names of every seat this variant may use, in [`Player`] order (`SUD`, `NORD`, ...).
    pub players: Vec<String>,
    /// The options accepted by `--set KEY=VALUE`.
    pub options: Vec<OptionSpec>,
    /// Whether entering `0` (both players agree the game is over) may end a game.
    pub agreement_ends_game: bool,
}

/// One option of a variant, set on the command line with `--set KEY=VALUE`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The key (`capture`).
    pub key: String,
    /// One line saying what the option changes.
    pub help: String,
    /// The value used when the option is not set; it must be accepted by [`OptionSpec::values`].
    pub default: String,
    /// The values accepted.
    pub values: OptionValues,
}

/// The values an option accepts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValues {
    /// One of these words.
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
    /// Whether `value` is accepted.
    pub fn accepts(&self, value: &str) -> bool {
        match self {
            OptionValues::Choices(choices) => choices.iter().any(|choice| choice == value),
            OptionValues::Range { min, max } => value
                .parse::<u32>()
                .is_ok_and(|number| (*min..=*max).contains(&number)),
        }
    }

    /// The accepted values in words (`both|backward`, `1..=9`).
    pub fn describe(&self) -> String {
        match self {
            OptionValues::Choices(choices) => choices.join("|"),
            OptionValues::Range { min, max } => format!("{min}..={max}"),
        }
    }
}

/// How a board is drawn: its rows from top to bottom, who owns each hole,
/// and the order of the score lines.
///
/// Holes are numbered from 1 along the sowing circuit; the seeds of hole `n`
/// are at index `n - 1` of [`crate::Variant::seeds`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The rows as drawn, top first.
    pub rows: Vec<Row>,
    /// The owner of each hole: `owners[n - 1]` owns hole `n`.
    pub owners: Vec<Player>,
    /// The players whose score lines are printed, in order.
    pub score_order: Vec<Player>,
}

impl Layout {
    /// The usual board of two rows of `holes_per_row` holes: SUD owns holes
    /// `1..=n` drawn left to right at the bottom, NORD owns `n+1..=2n`
    /// drawn right to left at the top, and NORD's score is printed first.
    pub fn two_rows(holes_per_row: u32) -> Layout {
        let n = holes_per_row;
        Layout {
            rows: vec![
                Row {
                    label: "NORD".to_owned(),
                    holes: (n + 1..=2 * n).rev().collect(),
                    numbers: NumberSide::Above,
                },
                Row {
                    label: "SUD".to_owned(),
                    holes: (1..=n).collect(),
                    numbers: NumberSide::Below,
                },
            ],
            owners: (0..2 * n)
                .map(|hole| if hole < n { Player::SUD } else { Player::NORD })
                .collect(),
            score_order: vec![Player::NORD, Player::SUD],
        }
    }

    /// The number of holes on the board.
    pub fn hole_count(&self) -> usize {
        self.owners.len()
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

/// Where a row's hole numbers are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumberSide {
    /// On the line above the seeds (the top rows).
    Above,
    /// On the line below the seeds (the bottom rows).
    Below,
}

/// What kind of answer a decision expects; the answer is always one integer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecisionKind {
    /// Which hole to sow.
    Sow,
    /// Which way to sow (the prompt says which integer means which way).
    Direction,
    /// Which hole receives or loses something (the prompt says what).
    TargetHole,
    /// How many seeds to put in a hole before the game starts.
    Placement,
}

/// A decision the game waits for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// Who decides.
    pub player: Player,
    /// What kind of answer is expected.
    pub kind: DecisionKind,
    /// What is asked, in French, for the player (written on stderr by the host).
    pub prompt: String,
}

/// Where a game stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// The game waits for this decision.
    ToMove(Decision),
    /// The game is over.
    Over(Outcome),
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// This player won.
    Winner(Player),
    /// Nobody won.
    Draw,
}

/// What an accepted input did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// The move goes on: the same move waits for another decision.
    Pending,
    /// The move is over; the seeds each player gained by it, indexed by [`Player::index`].
    Completed(Vec<u32>),
}
