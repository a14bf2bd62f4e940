//! Mini: a tiny but real sowing game on 2×3 holes, written directly against
//! the frozen copy of the `variant-api` 1.0 contract (its `ffi` module and
//! plain types, no kit), so that the compatibility test plays a plugin of
//! 1.0 in today's host.
//!
//! Rules: SUD owns holes 1 to 3, NORD holes 4 to 6, 3 seeds each. A move
//! sows every seed of one of the mover's holes, one by one, into the
//! following holes (6 is followed by 1), skipping the hole emptied. If the
//! last seed makes 2 or 3 in a hole of the opponent, the mover takes them.
//! The game ends when the player to move has an empty row, or after 60
//! moves: each player then takes the seeds of their own row. The higher
//! score wins; equal scores draw. A player may resign; `0` is refused.

use abi_stable::export_root_module;
use abi_stable::prefix_type::PrefixTypeTrait;
use abi_stable::sabi_trait::TD_Opaque;
use abi_stable::std_types::{ROption, RResult, RString, RVec};
use variant_api::ffi::{
    rstrings, FfiAssessment, FfiDescription, FfiError, FfiGame, FfiGame_TO, FfiLayout, FfiOptions,
    FfiProgress, GameBox, VariantModule, VariantModuleRef,
};
use variant_api::{
    DecisionKind, Gains, Inputs, Layout, Outcome, Player, Step, Think, Thought, Turn,
};

/// Holes a row.
const ROW: usize = 3;
/// Seeds a hole at the start.
const SEEDS: u32 = 3;
/// Moves after which the game ends.
const MOVES: u32 = 60;

/// A game of Mini.
#[derive(Clone, Debug)]
struct Mini {
    holes: [u32; 2 * ROW],
    scores: [u32; 2],
    mover: Player,
    moves: u32,
    resigned: Option<Player>,
}

impl Mini {
    fn row(player: Player) -> std::ops::Range<usize> {
        let start = player.index() * ROW;
        start..start + ROW
    }

    fn over(&self) -> bool {
        self.resigned.is_some()
            || self.moves >= MOVES
            || self.holes[Mini::row(self.mover)]
                .iter()
                .all(|&seeds| seeds == 0)
    }

    /// Each player takes the seeds of their own row (the game ended).
    fn sweep(&mut self) {
        for player in [Player::SUD, Player::NORD] {
            for hole in Mini::row(player) {
                self.scores[player.index()] += std::mem::take(&mut self.holes[hole]);
            }
        }
    }
}

impl FfiGame for Mini {
    fn turn(&self) -> RResult<Turn, FfiError> {
        RResult::ROk(match self.resigned {
            Some(loser) => Turn::Over(Outcome::all_but(loser, 2)),
            None if self.over() => Turn::Over(Outcome::by_scores(&self.scores)),
            None => Turn::Decide {
                player: self.mover,
                kind: DecisionKind::Sow,
            },
        })
    }

    fn legal_inputs(&self, inputs: &mut Inputs) -> RResult<(), FfiError> {
        inputs.clear();
        if !self.over() {
            for hole in Mini::row(self.mover) {
                if self.holes[hole] > 0 {
                    inputs.push(hole as u32 + 1);
                }
            }
        }
        RResult::ROk(())
    }

    fn play(&mut self, input: u32) -> RResult<Step, FfiError> {
        let mut legal = Inputs::new();
        let _ = self.legal_inputs(&mut legal);
        if !legal.contains(input) {
            return RResult::RErr(FfiError::refused(format!(
                "le trou {input} n'est pas un trou non vide de votre rangée"
            )));
        }
        let start = input as usize - 1;
        let mut seeds = std::mem::take(&mut self.holes[start]);
        let mut hole = start;
        while seeds > 0 {
            hole = (hole + 1) % (2 * ROW);
            if hole != start {
                self.holes[hole] += 1;
                seeds -= 1;
            }
        }
        let mover = self.mover;
        let mut taken = 0;
        if Mini::row(mover.opponent()).contains(&hole) && (2..=3).contains(&self.holes[hole]) {
            taken = std::mem::take(&mut self.holes[hole]);
        }
        self.scores[mover.index()] += taken;
        self.moves += 1;
        self.mover = mover.opponent();
        if self.over() {
            self.sweep();
        }
        RResult::ROk(Step::Completed(Gains::of(mover, taken)))
    }

    fn score(&self, player: Player) -> RResult<u32, FfiError> {
        RResult::ROk(self.scores.get(player.index()).copied().unwrap_or(0))
    }

    fn think(&self, request: Think) -> RResult<Thought, FfiError> {
        let _ = request;
        let mut legal = Inputs::new();
        let _ = self.legal_inputs(&mut legal);
        match legal.as_slice().first() {
            Some(&input) => RResult::ROk(Thought {
                input,
                nodes: 1,
                depth: 0,
            }),
            None => RResult::RErr(FfiError::refused("la partie est finie")),
        }
    }

    fn end_by_agreement(&mut self) -> RResult<(), FfiError> {
        RResult::RErr(FfiError::refused("Mini ne se finit pas d'un commun accord"))
    }

    fn resign(&mut self, player: Player) -> RResult<(), FfiError> {
        self.resigned = Some(player);
        RResult::ROk(())
    }

    fn layout(&self) -> RResult<FfiLayout, FfiError> {
        RResult::ROk(Layout::two_rows(ROW as u32).into())
    }

    fn seeds(&self) -> RResult<RVec<u32>, FfiError> {
        RResult::ROk(self.holes.iter().copied().collect())
    }

    fn scores(&self) -> RResult<RVec<u32>, FfiError> {
        RResult::ROk(self.scores.iter().copied().collect())
    }

    fn prompt(&self) -> RResult<ROption<RString>, FfiError> {
        RResult::ROk(ROption::RNone)
    }

    fn end_reason(&self) -> RResult<RString, FfiError> {
        RResult::ROk(RString::from(if self.resigned.is_some() {
            "abandon."
        } else if self.moves >= MOVES {
            "60 coups joués ; chacun prend les graines de sa rangée."
        } else {
            "une rangée est vide ; chacun prend les graines de sa rangée."
        }))
    }

    fn assess(&self, request: Think) -> RResult<RVec<FfiAssessment>, FfiError> {
        let _ = request;
        let mut legal = Inputs::new();
        let _ = self.legal_inputs(&mut legal);
        RResult::ROk(
            legal
                .as_slice()
                .iter()
                .map(|&input| FfiAssessment {
                    input,
                    value: 0,
                    proven: false,
                })
                .collect(),
        )
    }
}

extern "C" fn describe() -> RResult<FfiDescription, FfiError> {
    RResult::ROk(FfiDescription {
        id: "compat-mini".into(),
        title: "Mini".into(),
        title_with_article: "de Mini".into(),
        version: env!("CARGO_PKG_VERSION").into(),
        summary: "Un petit jeu de semailles sur 2×3 trous (plugin du contrat 1.0 figé).".into(),
        rules: "SUD a les trous 1 à 3, NORD 4 à 6, 3 graines chacun. On sème toutes les \
                graines d'un trou de sa rangée, une par trou, en sautant le trou vidé ; si \
                la dernière fait 2 ou 3 chez l'adversaire, on les prend. La partie finit \
                quand le joueur au trait a une rangée vide, ou après 60 coups : chacun prend \
                les graines de sa rangée."
            .into(),
        players: rstrings(vec!["SUD".to_owned(), "NORD".to_owned()]),
        options: RVec::new(),
        agreement_ends_game: false,
    })
}

fn no_options(options: &FfiOptions) -> Result<(), FfiError> {
    match options.first() {
        Some(option) => Err(FfiError::refused(format!(
            "unknown option {}: Mini has none",
            option.0
        ))),
        None => Ok(()),
    }
}

extern "C" fn seats(options: FfiOptions) -> RResult<RVec<RString>, FfiError> {
    no_options(&options)
        .map(|()| rstrings(vec!["SUD".to_owned(), "NORD".to_owned()]))
        .into()
}

extern "C" fn new_game(options: FfiOptions, first: u8) -> RResult<GameBox, FfiError> {
    if let Err(error) = no_options(&options) {
        return RResult::RErr(error);
    }
    if first > 1 {
        return RResult::RErr(FfiError::refused(format!("no player {first}")));
    }
    let game = Mini {
        holes: [SEEDS; 2 * ROW],
        scores: [0; 2],
        mover: Player(first),
        moves: 0,
        resigned: None,
    };
    RResult::ROk(FfiGame_TO::from_value(game, TD_Opaque))
}

extern "C" fn build_endgames(
    options: FfiOptions,
    _seeds: u32,
    _progress: FfiProgress,
) -> RResult<ROption<RString>, FfiError> {
    no_options(&options).map(|()| ROption::RNone).into()
}

/// The root module of Mini, built against the frozen 1.0 contract.
#[export_root_module]
pub fn root_module() -> VariantModuleRef {
    VariantModule {
        describe,
        seats,
        new_game,
        build_endgames,
    }
    .leak_into_prefix()
}
