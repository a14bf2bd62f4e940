//! Toguz Kumalak (« neuf billes », Kazakhstan; Toguz Korgool in Kyrgyzstan),
//! as a variant plugin, written from `docs/writing-a-variant.md` as an
//! author outside the workspace would: the rules on a
//! [`Board`] of the kit, with one more piece of
//! state, the tuzdyks.
//!
//! Two rows of nine holes, nine seeds each (162 seeds). SUD owns holes 1-9,
//! NORD holes 10-18, numbered along the sowing circuit (18 sits above 1).
//! A player's holes are also counted 1 to 9 from their own left: hole `k`
//! of SUD is hole `k`, hole `k` of NORD is hole `9 + k`.
//!
//! - **Sowing** takes every seed of a non-empty hole of one's row and sows
//!   them one by one counterclockwise, the first one back into the hole just
//!   emptied; a hole of a single seed sends it to the next hole. Laps sow
//!   the starting hole like any other.
//! - **Capture**: if the last seed falls in a hole of the opponent's row
//!   and makes its count even, the mover takes the seeds of that hole.
//! - **Tuzdyk**: if the last seed makes a count of exactly 3 in a hole of
//!   the opponent's row, the mover takes the 3 seeds and the hole becomes
//!   the mover's tuzdyk, unless it is the opponent's 9th hole, or it has
//!   the same number (in its owner's count) as the opponent's tuzdyk, or
//!   the mover already has one: one tuzdyk per player in a game. Every seed
//!   later sown into a tuzdyk goes to its owner's score, whoever sows it; a
//!   tuzdyk therefore stays empty and is never sown. The board marks it
//!   as its owner's collecting hole (`Layout::mark_collecting`): the host
//!   draws it `( 0)` and says whose it is.
//! - **End**: a player with 82 seeds or more wins; 81 each is a draw. A
//!   player who cannot move (their row is empty) ends the game, and the
//!   other takes the seeds of their own row.
//!
//! Readings chosen where the sources (the rules, as the tournament
//! rules of the Kazakh federation state them) are silent:
//! - **82 ends the game at once**, right after the move that reaches it:
//!   the winner cannot change (82 is more than half of 162). The seeds left
//!   stay on the board and count for no one.
//! - **A seed sown into a tuzdyk** is the tuzdyk owner's gain of the move,
//!   even during the opponent's move: the host prints it as a second
//!   « ramassé » line.
//! - **The last seed in a tuzdyk** captures nothing and makes no tuzdyk
//!   (the hole holds no seed).
//! - **Even counts only**: a count of 0 cannot be made by a last seed, so an
//!   even count is 2 or more.
//! - **A game going round in circles** (the position, the seeds of every
//!   hole and the player to move, met again since the last seed taken)
//!   ends, each player taking the seeds of their row: the sources know no
//!   such end, but no game may go on forever (`SPEC.md` §5).
//! - **No end by agreement** (`0` is refused): the sources give none.
//!
//! The computer player weighs the lead in seeds and each tuzdyk at a tenth
//! of the seeds still on the board (what it may still collect), and keys
//! positions for its memory (tuzdyks included). Against the same plugin
//! without both (the score difference, no key), through two hosts
//! (`benches/versus/versus.py`, level 4, 0.1 s a move, 20 games, each side
//! first in half of them), it won 20 games of 20; the two were not
//! measured apart.
//!
//! The tuzdyks are state of their own: [`ToguzKumalak::tuzdyks`] names
//! them with their owners, and the prompt says where they are until the
//! contract can draw them.

use variant_kit as kit;
use variant_kit::board::{Board, Share, SowingRules};
use variant_kit::body::{check_hole, BodyReader, BodyWriter};
use variant_kit::TwoRows;
use variant_kit::{export_variant, Description, Gains, Inputs, Layout, Options, Player, Step};

/// The board: two rows of nine holes.
const BOARD: TwoRows = TwoRows::new(9);
/// Holes on the board.
const HOLES: usize = BOARD.holes();
/// Seeds in each hole at the start.
const SEEDS_PER_HOLE: u8 = 9;
/// The score that wins: more than half of the 162 seeds.
const WINNING: u32 = 82;

const RULES: &str = "\
TOGUZ KUMALAK

But : prendre au moins 82 des 162 graines ; 81 chacun est une partie nulle.

Plateau : deux rangées de 9 trous, 9 graines par trou. SUD possède les trous 1 à 9, \
NORD les trous 10 à 18, numérotés dans le sens du semis (18 est au-dessus de 1). Chaque \
joueur compte aussi ses trous de 1 à 9 à partir de sa gauche : le trou 3 de NORD est le \
trou 12.

Coup : le joueur prend toutes les graines d'un trou non vide de sa rangée et les sème \
une à une dans le sens inverse des aiguilles d'une montre, la première dans le trou \
qu'il vient de vider. Un trou d'une seule graine l'envoie dans le trou suivant. Un semis \
qui fait le tour sème aussi le trou de départ.

Prise : si la dernière graine tombe dans un trou de l'adversaire et y fait un nombre \
pair de graines, le joueur les prend.

Tuzdyk : si la dernière graine fait exactement 3 graines dans un trou de l'adversaire, \
le joueur prend ces 3 graines et le trou devient son tuzdyk, sauf si c'est le 9e trou \
de l'adversaire, s'il porte le même numéro (dans le compte de son propriétaire) que le \
tuzdyk de l'adversaire, ou si le joueur a déjà un tuzdyk : un seul tuzdyk par joueur et \
par partie. Toute graine semée ensuite dans un tuzdyk, par l'un ou l'autre joueur, va \
à son propriétaire : un tuzdyk reste vide et ne se joue jamais. L'invite dit où sont \
les tuzdyks.

Fin : la partie s'arrête dès qu'un joueur a 82 graines ou plus (il gagne ; les graines \
restées sur le plateau ne comptent pour personne). Un joueur qui ne peut pas jouer (sa \
rangée est vide) termine la partie : l'autre prend les graines de sa rangée. Si la même \
position (graines de chaque trou et joueur qui doit jouer) revient sans qu'aucune \
graine ait été prise entre-temps, la partie s'arrête et chacun prend les graines de sa \
rangée. Le plus grand score gagne ; l'égalité (81 à 81) est une partie nulle. La partie \
ne se termine pas d'un commun accord (0 est refusé).
Position (--position) : toguz-kumalak:JOUEUR:TROUS:SCORES:TUZDYKS, le joueur qui a la \
main (S ou N), les graines des trous 1 à 18, les scores de SUD et de NORD, puis le \
tuzdyk de SUD (un trou de 10 à 17) et celui de NORD (de 1 à 8), 0 pour aucun : \
toguz-kumalak:S:9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9:0,0:0,0. La partie y reprend sans \
positions passées ; les fins qui se constatent après un coup (82 graines) se constatent \
après le suivant.";

/// Why a game ends.
const SUD_WINS: &str = "SUD a 82 graines ou plus ; les graines restées sur le plateau \
ne comptent pour personne.";
const NORD_WINS: &str = "NORD a 82 graines ou plus ; les graines restées sur le plateau \
ne comptent pour personne.";
const SUD_STUCK: &str = "SUD ne peut pas jouer : sa rangée est vide ; NORD prend les \
graines de sa rangée.";
const NORD_STUCK: &str = "NORD ne peut pas jouer : sa rangée est vide ; SUD prend les \
graines de sa rangée.";
const REPEATED: &str = "la position s'est répétée depuis la dernière prise ; chacun prend \
les graines de sa rangée.";

/// A game of Toguz Kumalak.
#[derive(Debug)]
pub struct ToguzKumalak {
    board: Board<HOLES>,
    /// Each player's tuzdyk (a hole index in the opponent's row), by
    /// [`Player::index`].
    tuzdyk: [Option<usize>; 2],
}

variant_kit::clone_by_fields!(ToguzKumalak { board, tuzdyk });

impl SowingRules for ToguzKumalak {
    type Board = Board<HOLES>;

    /// The board, each tuzdyk marked as its owner's collecting hole.
    fn drawn_layout(&self) -> Layout {
        let mut layout = variant_kit::board::Shell::layout(&self.board);
        for (hole, owner) in self.tuzdyks() {
            layout.mark_collecting(hole, owner);
        }
        layout
    }

    fn description() -> Description {
        Description {
            id: "toguz-kumalak".to_owned(),
            title: "Toguz Kumalak".to_owned(),
            title_with_article: "de Toguz Kumalak".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            summary: "Toguz Kumalak : 2×9 trous de 9, prises des nombres pairs, un tuzdyk \
                      par joueur, 82 graines gagnent."
                .to_owned(),
            rules: RULES.to_owned(),
            players: kit::sud_nord(),
            options: Vec::new(),
            agreement_ends_game: false,
        }
    }

    fn start(_options: &Options, first: Player) -> Result<Self, String> {
        Ok(ToguzKumalak::from_position(
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

    fn play_move(&mut self, input: u32) -> Result<Step, String> {
        let pit = self.board.own_hole(input)?;
        let mover = self.board.to_move;
        let (last, mut gains) = self.sow(pit);
        gains.add(mover, self.capture_or_tuzdyk(mover, last));
        self.board.to_move = mover.opponent();
        let taken = gains.get(Player::SUD) + gains.get(Player::NORD) > 0;
        self.check_end(mover, taken);
        Ok(Step::Completed(gains))
    }

    /// The lead in seeds, and a tuzdyk worth a tenth of the seeds still on
    /// the board (the seeds it may still collect), in hundredths of a seed.
    fn value(&self, player: Player) -> i32 {
        let tuzdyks = |owner: Player| i32::from(self.tuzdyk[owner.index()].is_some());
        let on_board = self.board.on_board() as i32;
        kit::lead(&self.board.scores, player)
            + 10 * on_board * (tuzdyks(player) - tuzdyks(player.opponent()))
    }

    /// The seeds of each hole, the scores, the player to move and the
    /// tuzdyks ([`Board::key`]).
    fn position_key(&self) -> Option<u64> {
        let tuzdyk = |owner: Player| self.tuzdyk[owner.index()].map_or(0, |pit| pit as u64 + 1);
        Some(
            self.board
                .key(tuzdyk(Player::SUD) | tuzdyk(Player::NORD) << 8),
        )
    }

    /// The tuzdyks: SUD's hole number, then NORD's, 0 for none.
    fn write_more(&self, body: &mut BodyWriter) {
        body.list(self.tuzdyk.map(|pit| pit.map_or(0, |pit| pit + 1)));
    }

    /// The tuzdyks, each in the opponent's row but its 9th hole, empty,
    /// not of the same number as the other.
    fn read_more(&mut self, body: &mut BodyReader<'_>) -> Result<(), String> {
        let what = "les tuzdyks de SUD et de NORD";
        let numbers = body.list(what, 2)?;
        for owner in [Player::SUD, Player::NORD] {
            let number = numbers[owner.index()];
            if number == 0 {
                continue;
            }
            let what = format!("le tuzdyk de {}", kit::name(owner));
            let pit = check_hole(number, BOARD, Some(owner.opponent()), &what)?;
            if !self.may_make_tuzdyk(owner, pit) {
                return Err(format!(
                    "{what} : le trou {number} ne peut pas être un tuzdyk (le 9e trou de \
                     l'adversaire, ou le numéro du tuzdyk de l'adversaire)"
                ));
            }
            if self.board.pits[pit] > 0 {
                return Err(format!(
                    "{what} : le trou {number} a des graines, un tuzdyk reste vide"
                ));
            }
            self.tuzdyk[owner.index()] = Some(pit);
        }
        Ok(())
    }

    fn move_prompt(&self) -> Option<String> {
        let placed: Vec<String> = [Player::SUD, Player::NORD]
            .into_iter()
            .filter_map(|owner| {
                self.tuzdyk[owner.index()].map(|pit| format!("{} {}", kit::name(owner), pit + 1))
            })
            .collect();
        if placed.is_empty() {
            return None;
        }
        let mover = kit::name(self.board.to_move);
        let mut holes = Inputs::new();
        self.legal_moves(&mut holes);
        // Within 80 columns: « tuzdyk : SUD 12, NORD 3. », each owner and
        // the hole of their tuzdyk.
        Some(format!(
            "{mover}, quel trou semez-vous ? {} ; tuzdyk : {}.",
            kit::choices(holes.as_slice().iter().copied(), false),
            placed.join(", ")
        ))
    }
}

variant_kit::sowing_variant!(ToguzKumalak);

export_variant!(ToguzKumalak);

impl ToguzKumalak {
    fn from_position(pits: [u8; HOLES], scores: [u32; 2], to_move: Player) -> ToguzKumalak {
        ToguzKumalak {
            board: Board::new(BOARD, pits, scores, to_move),
            tuzdyk: [None, None],
        }
    }

    /// Each tuzdyk made so far, as (hole number, owner): the hole lies in
    /// the row of the owner's opponent. At most one per player.
    pub fn tuzdyks(&self) -> Vec<(u32, Player)> {
        [Player::SUD, Player::NORD]
            .into_iter()
            .filter_map(|owner| self.tuzdyk[owner.index()].map(|pit| (pit as u32 + 1, owner)))
            .collect()
    }

    /// The owner of the tuzdyk at hole index `pit`, if it is one.
    fn tuzdyk_owner(&self, pit: usize) -> Option<Player> {
        [Player::SUD, Player::NORD]
            .into_iter()
            .find(|owner| self.tuzdyk[owner.index()] == Some(pit))
    }

    /// Sows the hole `pit`: the first seed back into it (or, for a single
    /// seed, into the next hole), a seed falling into a tuzdyk going to its
    /// owner's score. Returns the index of the last hole sown and what each
    /// player gained by their tuzdyk.
    fn sow(&mut self, pit: usize) -> (usize, Gains) {
        let seeds = std::mem::take(&mut self.board.pits[pit]);
        let mut gains = Gains::NONE;
        let mut at = if seeds == 1 { (pit + 1) % HOLES } else { pit };
        for sown in 0..seeds {
            if sown > 0 {
                at = (at + 1) % HOLES;
            }
            match self.tuzdyk_owner(at) {
                Some(owner) => {
                    self.board.scores[owner.index()] += 1;
                    gains.add(owner, 1);
                }
                None => self.board.pits[at] += 1,
            }
        }
        (at, gains)
    }

    /// What the last seed of `mover`'s sowing, in hole index `last`, earns:
    /// the seeds of an even count made in the opponent's row, or 3 seeds and
    /// a tuzdyk. Returns the seeds taken.
    fn capture_or_tuzdyk(&mut self, mover: Player, last: usize) -> u32 {
        let opponent = mover.opponent();
        if BOARD.owner(last) != opponent || self.tuzdyk_owner(last).is_some() {
            return 0;
        }
        let seeds = self.board.pits[last];
        if seeds.is_multiple_of(2) {
            return self.board.take(last..last + 1);
        }
        if seeds == 3 && self.may_make_tuzdyk(mover, last) {
            self.tuzdyk[mover.index()] = Some(last);
            return self.board.take(last..last + 1);
        }
        0
    }

    /// Whether the hole `pit` of the opponent's row may become `mover`'s
    /// tuzdyk: `mover` has none yet, it is not the opponent's 9th hole, and
    /// it does not have the number of the opponent's tuzdyk.
    fn may_make_tuzdyk(&self, mover: Player, pit: usize) -> bool {
        let number = |pit: usize| pit % BOARD.holes_per_row();
        let ninth = BOARD.row(mover.opponent()).end - 1;
        self.tuzdyk[mover.index()].is_none()
            && pit != ninth
            && self.tuzdyk[mover.opponent().index()]
                .is_none_or(|theirs| number(theirs) != number(pit))
    }

    /// Ends the game after `mover`'s move (which `taken` seeds or not) when
    /// a player has 82, the player to move cannot move, or the position
    /// repeats since the last seed taken.
    fn check_end(&mut self, mover: Player, taken: bool) {
        let board = &mut self.board;
        let stuck = board.to_move;
        if board.scores[mover.index()] >= WINNING || board.scores[stuck.index()] >= WINNING {
            let winner = if board.scores[0] >= WINNING {
                SUD_WINS
            } else {
                NORD_WINS
            };
            board.finish(Share::Nobody, winner);
        } else if board.row_seeds(stuck) == 0 {
            let reason = if stuck == Player::SUD {
                SUD_STUCK
            } else {
                NORD_STUCK
            };
            board.finish(Share::OwnRows, reason);
        } else if board.history.reached(&board.pits, stuck, taken) {
            board.finish(Share::OwnRows, REPEATED);
        }
    }
}

#[cfg(test)]
mod tests;
