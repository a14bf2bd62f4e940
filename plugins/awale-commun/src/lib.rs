//! The common Awalé (« l'Awalé commun », seed 001), as a variant plugin.
//!
//! Two rows of six holes, four seeds each (48 seeds). SUD owns holes 1-6,
//! NORD holes 7-12, numbered along the sowing circuit. A move takes every
//! seed of a non-empty hole of one's own row and sows them one by one
//! counterclockwise, skipping the starting hole on every lap (« Règle 6 :
//! Bouclage »). When the last seed falls in the opponent's row into a hole
//! that held 1 or 2 seeds, the player takes the 2 or 3 seeds there
//! (« Règle 4 »), then the seeds of the hole before it, and the one before
//! that, as long as each holds 2 or 3 (« Règle 5 »).
//!
//! Readings chosen where the seed is silent or loose:
//! - **Starving is forbidden as a move** (« Règle 7 : on n'a pas le droit
//!   d'affamer l'adversaire : un joueur n'a pas le droit de jouer un coup qui
//!   prenne toutes les graines du camp de l'adversaire »): a move whose
//!   capture would take every seed left in the opponent's row after the
//!   sowing is refused, and not offered. Nothing else is forbidden: a move
//!   that captures nothing is always allowed, even one that leaves the
//!   opponent's row empty (the seed has no duty to feed; « Règle 8 » ends
//!   the game instead).
//! - **Multiple capture** goes backward only (« la case précédente »,
//!   decreasing numbers) and stays in the opponent's row: it stops at the
//!   first hole holding another count, or at the row's first hole.
//! - **End** (« Règle 8 »), checked right after each move:
//!   - the player to move has no seed in their row and cannot play: the
//!     opponent captures the seeds left (all in the opponent's row);
//!   - the game loops: the position (seeds of every hole and player to move)
//!     has already occurred since the last capture. Nobody captures the seeds
//!     left: they stay on the board and count for no one;
//!   - the player to move holds seeds but every one of their moves would
//!     starve the opponent: that player cannot play either; the game ends
//!     and each player takes the seeds of their own row (when the row is
//!     empty this is the first case: the opponent takes the rest);
//!   - a player resigns: `abandon` at the host, the opponent wins (« L'un des
//!     joueurs abandonne - L'adversaire capture les graines restantes » is
//!     read as one end: the resignation, after which the opponent has won);
//!   - `0`, both players agree the game loops: as for a loop, nobody takes
//!     the seeds left.
//!
//!   There is no end on a score above 24: the seed lists none.
//! - The player with more seeds taken wins; equal scores are a draw. The
//!   first player is chosen by `--first` (the seed draws lots: `--first
//!   hasard`).

use std::ops::Range;

use variant_kit as kit;
use variant_kit::board::{self, Board, Share, SowingRules};
use variant_kit::TwoRows;
use variant_kit::{export_variant, Description, Gains, Inputs, Options, Player, Step};

/// The board: two rows of six holes.
const BOARD: TwoRows = TwoRows::new(6);
/// Holes on the board.
const HOLES: usize = BOARD.holes();
/// Seeds in each hole at the start.
const SEEDS_PER_HOLE: u8 = 4;

const RULES: &str = "\
AWALÉ COMMUN

But : s'emparer d'un maximum de graines ; le joueur qui en a le plus à la fin gagne, \
l'égalité est une partie nulle.

Plateau : deux rangées de 6 trous, 4 graines par trou (48 graines). SUD possède les \
trous 1 à 6, NORD les trous 7 à 12, numérotés dans le sens du semis (12 est au-dessus \
de 1). Le premier joueur est tiré au sort (--first hasard) ou choisi.

Coup : le joueur prend toutes les graines d'un trou non vide de sa rangée et les sème \
une à une dans les trous suivants, dans le sens inverse des aiguilles d'une montre \
(ordre croissant des numéros, 12 étant suivi de 1). Un semis qui fait le tour saute le \
trou de départ à chaque passage : il reste vide.

Prise : si la dernière graine tombe dans un trou de l'adversaire qui contenait déjà 1 \
ou 2 graines, le joueur prend les 2 ou 3 graines résultantes ; puis, tant que le trou \
précédent (numéro inférieur) de la rangée adverse contient 2 ou 3 graines, il les prend \
aussi. La prise s'arrête au premier trou d'un autre compte ou au premier trou de la \
rangée adverse.

Affamer est interdit : un coup dont la prise emporterait toutes les graines de la \
rangée adverse (après le semis) est refusé. Un coup qui ne prend rien est toujours \
permis, même s'il laisse la rangée adverse vide : il n'y a pas d'obligation de nourrir.

Fin : la partie s'arrête juste après un coup quand
- le joueur qui doit jouer n'a plus de graine dans sa rangée et ne peut donc plus \
jouer : l'adversaire capture les graines restantes ;
- la partie boucle : la position (graines de chaque trou et joueur qui doit jouer) \
s'est déjà présentée depuis la dernière prise ; personne ne capture les graines \
restantes, qui restent sur le plateau ;
- le joueur qui doit jouer a des graines mais chacun de ses coups affamerait \
l'adversaire : il ne peut pas jouer, et chacun prend les graines de sa rangée.
Un joueur peut aussi abandonner (abandon) : l'adversaire gagne. Entrer 0 signifie que \
les deux joueurs constatent que la partie boucle : personne ne prend les graines \
restantes. Il n'y a pas de fin à plus de 24 graines.";

/// Why a game ends (« Règle 8 »).
const SUD_EMPTY: &str = "SUD n'a plus de graine dans sa rangée et ne peut plus jouer ; \
NORD capture les graines restantes.";
const NORD_EMPTY: &str = "NORD n'a plus de graine dans sa rangée et ne peut plus jouer ; \
SUD capture les graines restantes.";
const SUD_STARVES: &str = "chaque coup de SUD affamerait NORD : SUD ne peut pas jouer ; \
chacun prend les graines de sa rangée.";
const NORD_STARVES: &str = "chaque coup de NORD affamerait SUD : NORD ne peut pas jouer ; \
chacun prend les graines de sa rangée.";
const LOOP: &str = "la partie boucle : la même position est revenue depuis la dernière \
prise ; personne ne capture les graines restantes.";
const AGREEMENT: &str = "les joueurs constatent que la partie boucle ; personne ne \
capture les graines restantes.";

/// A game of the common Awalé.
#[derive(Debug)]
pub struct AwaleCommun {
    board: Board<HOLES>,
}

variant_kit::clone_by_fields!(AwaleCommun { board });

/// What sowing a hole does, before it is played: the board after the
/// sowing, the holes the last seed captures and the seeds they hold.
struct Sowing {
    pits: [u8; HOLES],
    captured: Range<usize>,
    taken: u32,
}

impl SowingRules for AwaleCommun {
    type Board = Board<HOLES>;

    fn description() -> Description {
        Description {
            id: "awale-commun".to_owned(),
            title: "Awalé commun".to_owned(),
            title_with_article: "d'Awalé commun".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            summary: "L'Awalé commun : 2×6 trous, prises de 2 ou 3 en arrière, interdit \
                      d'affamer, la partie qui boucle ne donne les graines à personne."
                .to_owned(),
            rules: format!(
                "{RULES}\n\n{}",
                kit::two_rows_position_rules("awale-commun", false, HOLES, SEEDS_PER_HOLE)
            ),
            players: kit::sud_nord(),
            options: Vec::new(),
            agreement_ends_game: true,
        }
    }

    fn start(_options: &Options, first: Player) -> Result<Self, String> {
        Ok(AwaleCommun::from_position(
            [SEEDS_PER_HOLE; HOLES],
            [0, 0],
            first,
        ))
    }

    fn board(&self) -> &Board<HOLES> {
        &self.board
    }

    fn board_mut(&mut self) -> &mut Board<HOLES> {
        &mut self.board
    }

    fn legal_moves(&self, inputs: &mut Inputs) {
        kit::push_holes(inputs, self.allowed_moves());
    }

    fn play_move(&mut self, input: u32) -> Result<Step, String> {
        let pit = self.check_move(input)?;
        let mover = self.board.to_move;
        let sowing = self.sow(pit);
        self.board.pits = sowing.pits;
        self.board.take(sowing.captured);
        self.board.to_move = mover.opponent();
        self.check_end(sowing.taken > 0);
        Ok(Step::Completed(Gains::of(mover, sowing.taken)))
    }

    fn agree(&mut self) -> Result<(), String> {
        self.board.agree(Share::Nobody, AGREEMENT)
    }

    /// The seeds taken plus the value of the holes fitted for Awalé's
    /// board ([`variant_kit::evaluation`]; 96 % against the seeds taken
    /// alone, `docs/decisions.md`).
    fn value(&self, player: Player) -> i32 {
        variant_kit::evaluation::board_value(&self.board, player)
    }

    /// The board ([`Board::key`]); the positions met are history.
    fn position_key(&self) -> Option<u64> {
        Some(self.board.key(0))
    }
}

variant_kit::sowing_variant!(AwaleCommun);

export_variant!(AwaleCommun);

impl AwaleCommun {
    fn from_position(pits: [u8; HOLES], scores: [u32; 2], to_move: Player) -> AwaleCommun {
        AwaleCommun {
            board: Board::new(BOARD, pits, scores, to_move),
        }
    }

    /// Sows `pit` on a copy of the board (« Règles 3 et 6 ») and finds the
    /// capture its last seed earns (« Règles 4 et 5 »).
    fn sow(&self, pit: usize) -> Sowing {
        let mut pits = self.board.pits;
        let last = kit::sow(&mut pits, pit);
        let opponent_row = BOARD.row(self.board.to_move.opponent());
        let captured = board::run_back(&pits, opponent_row, last, |seeds| (2..=3).contains(&seeds));
        let taken = board::seeds_in(&pits, captured.clone());
        Sowing {
            pits,
            captured,
            taken,
        }
    }

    /// Whether sowing `pit` would take every seed of the opponent's row
    /// (« Règle 7 »: forbidden).
    fn starves(&self, pit: usize) -> bool {
        let sowing = self.sow(pit);
        let opponent = self.board.to_move.opponent();
        sowing.taken > 0 && sowing.taken == BOARD.row_seeds(&sowing.pits, opponent)
    }

    /// The holes (indices) the player to move may sow.
    fn allowed_moves(&self) -> impl Iterator<Item = usize> + '_ {
        self.board
            .own_non_empty()
            .filter(move |&pit| !self.starves(pit))
    }

    /// The hole index of `input`, or why it may not be played.
    fn check_move(&self, input: u32) -> Result<usize, String> {
        let pit = self.board.own_hole(input)?;
        if self.starves(pit) {
            return Err(format!(
                "on n'a pas le droit d'affamer : le trou {input} prendrait toutes les graines de {}",
                kit::name(self.board.to_move.opponent())
            ));
        }
        Ok(pit)
    }

    /// Ends the game if one of the ends of « Règle 8 » holds: an empty row
    /// (the opponent takes the seeds left, all in their own row) or a player
    /// who can only starve (each takes their row), or a loop (nobody takes
    /// the seeds left).
    fn check_end(&mut self, captured: bool) {
        let board = &mut self.board;
        let stuck = board.to_move;
        let sud = stuck == Player::SUD;
        if board.row_seeds(stuck) == 0 {
            board.finish(Share::OwnRows, if sud { SUD_EMPTY } else { NORD_EMPTY });
        } else if board.history.reached(&board.pits, stuck, captured) {
            board.finish(Share::Nobody, LOOP);
        } else if self.allowed_moves().next().is_none() {
            let reason = if sud { SUD_STARVES } else { NORD_STARVES };
            self.board.finish(Share::OwnRows, reason);
        }
    }
}

#[cfg(test)]
mod tests;
