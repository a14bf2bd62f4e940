//! Kalah (seed 002, the Cyclonium page, section « Le Kalah », after the
//! rules of Jérôme Chailloux), as a variant plugin.
//!
//! Two rows of `holes` holes (option, 6 by default) holding `seeds` seeds
//! each (option, 6 by default), and a store, the player's Kalah, after each
//! row. SUD owns holes `1..=n` and the Kalah after hole `n`, NORD holes
//! `n+1..=2n` and the Kalah after hole `2n`. A Kalah is not a hole of the
//! board: its content is its owner's score. A move sows a non-empty hole of
//! one's own row counterclockwise (« sens trigonométrique »), through one's
//! own Kalah but never the opponent's, and through the starting hole too. A
//! last seed in one's own Kalah plays again, compulsorily (rule 1). A last
//! seed in a hole of one's own row that was empty, facing a hole of the
//! opponent's row that holds seeds, takes that last seed and the facing
//! seeds into one's Kalah (rule 2). The game is won and over as soon as a
//! Kalah holds more than half the seeds; each player then takes the seeds
//! left in their row « ou dans sa main ». There is no duty to feed.
//!
//! The readings chosen where the seed is silent or the references differ
//! (`notes/variant-sources.md` §A8):
//!
//! - **« Initialement vide »** is a hole that was empty just before the last
//!   seed fell: a sowing of `2n + 1` seeds ends in its own starting hole and
//!   captures (the Sérata section's example of 13 seeds).
//! - **More than half, mid-sowing.** The game ends the moment the mover's
//!   Kalah passes half the seeds, even in the middle of a sowing: the seeds
//!   still in hand go into the mover's Kalah (« dans sa main »), then each
//!   player's row goes as the option `leftover` says. `SUD a ramassé N`
//!   counts what the sowing and the capture put into the Kalah, not what
//!   the end adds.
//! - **A player who cannot move.** The seed says nothing: the game also ends
//!   when the player to move (also one who plays again) has an empty row, as
//!   in seed 000's Kalaha, seed 004, Ludii and StoneShark.
//! - **Option `end`** (the references disagree): `majority` (default, the
//!   seed: more than half, or the player to move has an empty row),
//!   `mover-empty` (seed 000's Kalaha, seed 004, Ludii, StoneShark: only when
//!   the player to move has an empty row), `any-empty` (Wikipedia,
//!   OpenSpiel: as soon as either row is empty after a sowing).
//! - **Option `leftover`**: `owner` (default: the seed and every reference,
//!   each player puts the seeds left in their row into their Kalah) or
//!   `none` (seed 004: they are not counted and stay on the final board).
//! - **Option `empty-capture`**: `no` (default, the seed: an empty facing
//!   hole captures nothing) or `yes` (BoardGameArena's « empty capture »:
//!   the last seed is taken even then).
//! - **Agreement.** Both players may agree to end the game (`0`); the seeds
//!   left go as `leftover` says.
//! - **Cycles** are impossible, so no rule is needed: a seed in a Kalah never
//!   leaves it, and a sowing that puts no seed into a Kalah stays in the
//!   mover's row and moves its seeds closer to the mover's Kalah
//!   ([`variant_kit::stores::Stores::distance_to_stores`] decreases).
//!   Every move thus either fills a Kalah or brings the seeds closer to
//!   them, and every game ends.
//! - **Sizes.** `holes` goes from 3 to 12 and `seeds` from 1 to 10, so that
//!   no hole can hold more than 255 seeds; boards of 100 seeds or more are
//!   drawn with wide columns.

use variant_kit as kit;
use variant_kit::body::{read_two_rows, write_two_rows, BodyReader, BodyWriter};
use variant_kit::stores::{self, Landing, LastSeed, StartHole, Stores};
use variant_kit::{
    export_variant, Description, Gains, Inputs, Layout, OptionSpec, OptionValues, Options, Outcome,
    Player, Step, Turn, Variant,
};
use variant_kit::{Ending, TwoRows};

/// The most holes on the board (two rows of 12).
const MAX_HOLES: usize = 24;

const RULES: &str = "\
KALAH

D'après les règles transmises par Jérôme Chailloux (page Cyclonium).

Plateau : deux rangées de n trous (option holes, 6 par défaut, de 3 à 12), s graines par \
trou (option seeds, 6 par défaut, de 1 à 10), et un Kalah (grenier) au bout de chaque \
rangée. SUD possède les trous 1 à n et le Kalah qui suit le trou n, NORD les trous n+1 à \
2n et le Kalah qui suit le trou 2n. Le contenu de son Kalah est le score du joueur.

Semailles : le joueur prend toutes les graines d'un trou non vide de sa rangée et les sème \
une à une dans le sens trigonométrique, en passant par son propre Kalah mais pas par le \
Kalah adverse. On passe aussi par la case de départ.

Règle 1, rejouer : si la dernière graine tombe dans son Kalah, le joueur doit rejouer.

Règle 2, récolte : si la dernière graine tombe dans une case de sa rangée qui était vide \
juste avant, et que la case d'en face (dans le camp adverse) contient des graines, le \
joueur met cette dernière graine et toutes les graines d'en face dans son Kalah. Avec \
l'option empty-capture=yes, la dernière graine est prise même si la case d'en face est vide.

Il n'y a pas d'obligation de nourrir l'adversaire.

Fin (option end) : avec end=majority (par défaut), la partie est gagnée et terminée dès \
qu'un Kalah contient plus de la moitié des graines, même au milieu d'un semis : le semeur \
met dans son Kalah les graines qu'il a encore en main ; elle se termine aussi quand le \
joueur qui doit jouer (même s'il rejoue) n'a plus de graine dans sa rangée. Avec \
end=mover-empty, elle se termine seulement quand le joueur qui doit jouer a une rangée \
vide ; avec end=any-empty, dès qu'une des deux rangées est vide après un semis. Elle se \
termine aussi quand un joueur entre 0 (les deux joueurs sont d'accord).

Graines restantes (option leftover) : avec leftover=owner (par défaut), chaque joueur met \
dans son Kalah les graines restées dans sa rangée ; avec leftover=none, elles ne comptent \
pas et restent sur le plateau. Le plus grand Kalah gagne ; l'égalité est une partie nulle.

Billes ramassées : les graines entrées dans le Kalah du joueur pendant le coup (semis et \
récolte), sans celles que la fin de partie y ajoute.

Une partie ne peut pas boucler : une graine entrée dans un Kalah n'en sort plus, et un \
semis qui n'en remplit aucun reste dans la rangée du joueur et rapproche ses graines de \
son Kalah.

Position (--position) : kalah[/OPTIONS]:JOUEUR:TROUS:KALAHS, le joueur qui a la main \
(S ou N), les graines des trous de SUD puis de NORD, puis les Kalahs de SUD et de NORD \
(leurs scores) : kalah:S:4,4,4,4,4,4,4,4,4,4,4,4:0,0. Le joueur qui a la main y joue un \
coup comme un autre, même s'il venait d'en rejouer un.";

/// Which end rule the game follows (option `end`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    /// More than half in a Kalah, or the player to move has an empty row.
    Majority,
    /// The player to move has an empty row.
    MoverEmpty,
    /// Either row is empty after a sowing.
    AnyEmpty,
}

/// Where the seeds left in the rows go at the end (option `leftover`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Leftover {
    /// Each row into its owner's Kalah.
    Owner,
    /// Nowhere: they are not counted.
    Lost,
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Why {
    Majority,
    MoverEmpty,
    AnyEmpty,
    Agreement,
}

/// The end reason for `why`, the seeds left going as `leftover` says.
fn reason(why: Why, leftover: Leftover) -> &'static str {
    match (why, leftover) {
        (Why::Majority, Leftover::Owner) => {
            "un Kalah contient plus de la moitié des graines ; le semeur met dans son Kalah \
             les graines qu'il a en main, et chacun celles de sa rangée."
        }
        (Why::Majority, Leftover::Lost) => {
            "un Kalah contient plus de la moitié des graines ; le semeur met dans son Kalah \
             les graines qu'il a en main, celles des rangées ne comptent pas."
        }
        (Why::MoverEmpty, Leftover::Owner) => {
            "le joueur qui doit jouer n'a plus de graine dans sa rangée ; chacun met les \
             graines de sa rangée dans son Kalah."
        }
        (Why::MoverEmpty, Leftover::Lost) => {
            "le joueur qui doit jouer n'a plus de graine dans sa rangée ; les graines \
             restantes ne comptent pas."
        }
        (Why::AnyEmpty, Leftover::Owner) => {
            "une rangée est vide ; chacun met les graines de sa rangée dans son Kalah."
        }
        (Why::AnyEmpty, Leftover::Lost) => {
            "une rangée est vide ; les graines restantes ne comptent pas."
        }
        (Why::Agreement, Leftover::Owner) => {
            "les joueurs sont d'accord pour finir ; chacun met les graines de sa rangée dans \
             son Kalah."
        }
        (Why::Agreement, Leftover::Lost) => {
            "les joueurs sont d'accord pour finir ; les graines restantes ne comptent pas."
        }
    }
}

/// A game of Kalah.
#[derive(Clone, Debug)]
pub struct Kalah {
    /// The board and its two Kalahas.
    rules: Stores,
    /// Seeds per hole; index `n - 1` is hole `n` (only the board's holes are used).
    pits: [u8; MAX_HOLES],
    /// The seeds in each player's Kalah, by [`Player::index`].
    kalahs: [u32; 2],
    /// The seeds of the game.
    total: u32,
    to_move: Player,
    /// Whether the player to move plays again (their last seed fell in their Kalah).
    replay: bool,
    end: End,
    leftover: Leftover,
    capture: LastSeed,
    ended: Option<Ending>,
}

impl Variant for Kalah {
    fn describe() -> Description {
        Description {
            id: "kalah".to_owned(),
            title: "Kalah".to_owned(),
            title_with_article: "de Kalah".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            summary: "Le Kalah de Jérôme Chailloux : on sème dans son Kalah, on y rejoue, \
                      plus de la moitié des graines gagne et termine la partie."
                .to_owned(),
            rules: RULES.to_owned(),
            players: kit::sud_nord(),
            options: [
                kit::page_size_options(6),
                vec![
                OptionSpec {
                    key: "end".to_owned(),
                    help: "fin de la partie : plus de la moitié dans un Kalah ou la rangée du joueur vide (le document d'origine), la rangée du joueur vide seulement, ou une rangée vide"
                        .to_owned(),
                    default: "majority".to_owned(),
                    values: OptionValues::Choices(vec![
                        "majority".to_owned(),
                        "mover-empty".to_owned(),
                        "any-empty".to_owned(),
                    ]),
                },
                OptionSpec {
                    key: "leftover".to_owned(),
                    help:
                        "les graines restées dans les rangées à la fin : au propriétaire de la rangée, ou non comptées"
                            .to_owned(),
                    default: "owner".to_owned(),
                    values: OptionValues::Choices(vec!["owner".to_owned(), "none".to_owned()]),
                },
                OptionSpec {
                    key: "empty-capture".to_owned(),
                    help: "si une dernière graine dans un trou vide de sa rangée est prise quand le trou d'en face est vide"
                        .to_owned(),
                    default: "no".to_owned(),
                    values: OptionValues::Choices(vec!["no".to_owned(), "yes".to_owned()]),
                },
                ],
            ]
            .concat(),
            agreement_ends_game: true,
        }
    }

    fn new(options: &Options, first: Player) -> Result<Self, String> {
        let holes = options.number("holes") as usize;
        let seeds = options.number("seeds") as u8;
        let end = match options.get("end") {
            "mover-empty" => End::MoverEmpty,
            "any-empty" => End::AnyEmpty,
            _ => End::Majority,
        };
        let leftover = match options.get("leftover") {
            "none" => Leftover::Lost,
            _ => Leftover::Owner,
        };
        let capture = match options.get("empty-capture") {
            "yes" => LastSeed::AlwaysTaken,
            _ => LastSeed::TakenIfFacingHoldsSeeds,
        };
        let mut pits = [0; MAX_HOLES];
        pits[..2 * holes].fill(seeds);
        let mut game = Kalah::from_position(TwoRows::new(holes), pits, [0, 0], first);
        game.end = end;
        game.leftover = leftover;
        game.capture = capture;
        Ok(game)
    }

    fn turn(&self) -> Turn {
        kit::sowing_turn(self.ended, self.to_move)
    }

    fn legal_inputs(&self, inputs: &mut Inputs) {
        if self.ended.is_none() {
            kit::push_holes(
                inputs,
                self.board()
                    .row(self.to_move)
                    .filter(|&pit| self.pits[pit] > 0),
            );
        }
    }

    fn play(&mut self, input: u32) -> Result<Step, String> {
        kit::refuse_if_over(self.ended)?;
        let pit = self.board().own_hole(self.holes(), self.to_move, input)?;
        let mover = self.to_move;
        let before = self.kalahs[mover.index()];
        let limit = match self.end {
            End::Majority => self.total / 2,
            End::MoverEmpty | End::AnyEmpty => u32::MAX,
        };
        let holes = self.board().holes();
        let landing =
            self.rules
                .sow_until(&mut self.pits[..holes], &mut self.kalahs, mover, pit, limit);
        if let Landing::Hole(last) = landing {
            self.rules.capture_facing(
                &mut self.pits[..holes],
                &mut self.kalahs,
                mover,
                last,
                self.capture,
            );
        }
        let gains = Gains::of(mover, self.kalahs[mover.index()] - before);
        self.to_move = Stores::next_to_move(landing, mover);
        self.replay = self.to_move == mover;
        if let Landing::Stopped { in_hand } = landing {
            self.kalahs[mover.index()] += u32::from(in_hand);
        }
        self.check_end();
        Ok(Step::Completed(gains))
    }

    fn scores(&self) -> &[u32] {
        &self.kalahs
    }

    fn end_by_agreement(&mut self) -> Result<(), String> {
        kit::refuse_if_over(self.ended)?;
        self.finish(Why::Agreement);
        Ok(())
    }

    /// In hundredths of a seed: the Kalahs' difference, 100 a seed, and
    /// for the difference of the seeds left in the rows 25 a seed when they
    /// go to the row's owner at the end (`leftover=owner`), 10 otherwise
    /// (they may still be sown into a Kalah).
    fn evaluate(&self, player: Player) -> i32 {
        let opponent = player.opponent();
        let stored = self.kalahs[player.index()] as i32 - self.kalahs[opponent.index()] as i32;
        if self.ended.is_some() {
            return 100 * stored;
        }
        let rows = self.row_seeds(player) as i32 - self.row_seeds(opponent) as i32;
        let weight = match self.leftover {
            Leftover::Owner => 25,
            Leftover::Lost => 10,
        };
        100 * stored + weight * rows
    }

    /// The seeds of each hole and Kalah, the player to move, the board's
    /// size and the options (a position never repeats: no history).
    fn hash_key(&self) -> Option<u64> {
        let mix = variant_kit::rng::mix64;
        let mut key = mix(u64::from(self.kalahs[0])
            | u64::from(self.kalahs[1]) << 16
            | u64::from(self.to_move.0) << 32
            | (self.board().holes() as u64) << 40
            | (self.end as u64) << 48
            | (self.leftover as u64) << 52
            | u64::from(self.capture == LastSeed::AlwaysTaken) << 56
            | u64::from(self.ended.is_some()) << 60);
        for chunk in self.pits.chunks_exact(8) {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            key = mix(key ^ u64::from_le_bytes(word).wrapping_add(0x9e37_79b9_7f4a_7c15));
        }
        Some(key)
    }

    fn layout(&self) -> Layout {
        self.board().layout_for(self.total)
    }

    fn seeds(&self) -> Vec<u32> {
        kit::seed_counts(self.holes())
    }

    fn prompt(&self) -> Option<String> {
        if self.ended.is_some() || !self.replay {
            return None;
        }
        let mut inputs = Inputs::new();
        self.legal_inputs(&mut inputs);
        Some(stores::replay_prompt(
            self.to_move,
            "au Kalah",
            inputs.as_slice(),
            true,
        ))
    }

    fn end_reason(&self) -> String {
        kit::end_reason(self.ended)
    }

    /// `MOVER:HOLES:KALAHS`.
    fn position(&self) -> Option<Result<String, String>> {
        let mut body = BodyWriter::new();
        let holes = self.rules.board().holes();
        write_two_rows(&mut body, self.to_move, &self.pits[..holes], &self.kalahs);
        Some(Ok(body.finish()))
    }

    /// A game with these options at `MOVER:HOLES:KALAHS`, their seeds.
    fn at_position(options: &Options, body: &str) -> Option<Result<Self, String>> {
        let read = |body: &str| {
            let mut game = Kalah::new(options, Player::SUD)?;
            let mut body = BodyReader::new(body);
            let holes = game.rules.board().holes();
            let state = read_two_rows(&mut body, holes, game.total)?;
            body.end()?;
            game.pits[..holes].copy_from_slice(&state.holes);
            game.kalahs = state.scores;
            game.to_move = state.to_move;
            // A game its end rule ends after a sowing is one no game goes
            // on from: said by the glue, the majority here by its name.
            if game.end == End::Majority {
                kit::refuse_ended_by_scores(&game.kalahs, game.total, false)?;
            }
            game.check_end();
            Ok(game)
        };
        Some(read(body))
    }
}

export_variant!(Kalah);

impl Kalah {
    /// A game at `pits` with `kalahs`, `to_move` to play, and the default
    /// options for the rest.
    fn from_position(
        board: TwoRows,
        pits: [u8; MAX_HOLES],
        kalahs: [u32; 2],
        to_move: Player,
    ) -> Kalah {
        let on_board: u32 = pits[..board.holes()].iter().map(|&s| u32::from(s)).sum();
        Kalah {
            rules: Stores::new(board, StartHole::Sown),
            pits,
            kalahs,
            total: on_board + kalahs[0] + kalahs[1],
            to_move,
            replay: false,
            end: End::Majority,
            leftover: Leftover::Owner,
            capture: LastSeed::TakenIfFacingHoldsSeeds,
            ended: None,
        }
    }

    fn board(&self) -> TwoRows {
        self.rules.board()
    }

    /// The seeds of the board's holes.
    fn holes(&self) -> &[u8] {
        &self.pits[..self.board().holes()]
    }

    fn row_seeds(&self, player: Player) -> u32 {
        self.board().row_seeds(self.holes(), player)
    }

    /// Ends the game if the end rule says so, after a sowing.
    fn check_end(&mut self) {
        let half = self.total / 2;
        let majority = self.kalahs.iter().any(|&seeds| seeds > half);
        match self.end {
            End::Majority if majority => self.finish(Why::Majority),
            End::Majority | End::MoverEmpty if self.row_seeds(self.to_move) == 0 => {
                self.finish(Why::MoverEmpty)
            }
            End::AnyEmpty
                if self.row_seeds(Player::SUD) == 0 || self.row_seeds(Player::NORD) == 0 =>
            {
                self.finish(Why::AnyEmpty)
            }
            _ => {}
        }
    }

    /// Shares the seeds left as `leftover` says and settles the outcome.
    fn finish(&mut self, why: Why) {
        let holes = self.board().holes();
        let outcome = match self.leftover {
            Leftover::Owner => self
                .board()
                .split(&mut self.pits[..holes], &mut self.kalahs),
            Leftover::Lost => Outcome::by_scores(&self.kalahs),
        };
        self.ended = Some(Ending {
            outcome,
            reason: reason(why, self.leftover),
        });
    }
}

#[cfg(test)]
mod tests;
