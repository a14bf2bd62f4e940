//! Kalaha (seed section « KALAHA »), as a variant plugin.
//!
//! Two rows of six holes, six seeds each (72 seeds), and a big hole at each
//! end, the players' Kalahas. SUD owns holes 1-6 and the Kalaha after hole 6,
//! NORD holes 7-12 and the Kalaha after hole 12. A Kalaha is not a hole of
//! the board: its content is its owner's score. A move sows a non-empty hole
//! of one's own row counterclockwise, through one's own Kalaha but never the
//! opponent's. A last seed in one's own Kalaha plays again; a last seed in an
//! empty hole of one's own row captures the seeds of the hole opposite. The
//! game ends when the player to move has an empty row; each player then puts
//! the seeds left in their row into their Kalaha, and the larger Kalaha wins.
//!
//! The readings chosen where the seed is silent or ambiguous (the default
//! options follow the seed; the options give the Kalah of the public
//! references):
//!
//! - **Starting hole** (`lap=skip`). The assignment says it of every sowing:
//!   « Si le trou de départ contient suffisamment de graines pour que le semis
//!   nous ramène à ce même trou, nous n'y semons pas de graine et le semis
//!   continue dans les trous suivants. » The starting hole is skipped on every
//!   lap (it takes 13 seeds or more to come back). With `lap=sow` it gets a
//!   seed like any other hole, as in the Kalah of the references (Wikipedia
//!   « Kalah », OpenSpiel `mancala`): 13 seeds then end in the emptied
//!   starting hole, and capture.
//! - **Playing again** is not optional (« il peut rejouer »: the player is
//!   the next to move). Each sowing is its own move for the host, and the
//!   prompt says why the same player is asked again (« Semis fini au Kalaha :
//!   SUD rejoue (2 à 6, ou 0 pour finir d'un commun accord) »).
//! - **Capture** (`capture=opposite`). « Il capture les graines situées dans
//!   le trou en vis à vis et les place dans son Kalaha »: only the seeds of
//!   the hole opposite (hole `13 - n`) go into the Kalaha; the capturing seed
//!   stays in its hole, and an empty opposite hole captures nothing. « Un trou
//!   vide » is a hole that was empty just before the last seed fell. With
//!   `capture=with-last` (Kalah), the capturing seed goes into the Kalaha with
//!   the opposite seeds, but only when the opposite hole holds seeds;
//!   otherwise nothing is captured and the seed stays. Either way the turn
//!   passes.
//! - **Gains.** `SUD a ramassé N` counts the seeds that went into the
//!   mover's Kalaha during the move (sowing and capture); the seeds put
//!   into the Kalahas when the game ends are not counted.
//! - **End** (`end=mover-empty`). « La partie se termine lorsqu'un des joueur
//!   ne peux plus jouer car lors de son tour de jeu, sa rangée est vide. »
//!   The game ends when the player to move (also a player who plays again)
//!   has an empty row. With `end=any-empty` (Kalah: Wikipedia, OpenSpiel) it
//!   ends right after a move that leaves either row empty. It also ends when
//!   both players agree (`0`). Then each player puts the seeds left in their
//!   row into their Kalaha (« Les graines restant éventuellement dans la
//!   rangée d'un joueur sont placées dans son Kalaha »). Equal Kalahas are a
//!   draw.
//! - **Kalah.** `--set lap=sow --set capture=with-last --set end=any-empty`
//!   plays the Kalah of Wikipedia and OpenSpiel on this board of six seeds a
//!   hole (« Kalah(6,6) »). The Kalah of seed 002 is the variant `kalah`
//!   (other board sizes, and the end by a majority of the seeds, with
//!   `end=any-empty` as an option too).
//! - **Why the seed's readings stay the defaults.** The seed is the judge,
//!   and its text names only « les graines situées dans le trou en vis à
//!   vis » as captured, and the assignment skips the starting hole of every
//!   sowing; a Kalah player finds the references' rules in the options.
//! - **Cycles.** None is possible, so no rule is needed: a seed in a Kalaha
//!   never leaves it, and a move that puts no seed into a Kalaha stays in
//!   the mover's own row and moves its seeds closer to the mover's Kalaha.
//!   Every move thus either fills a Kalaha or brings the seeds on the board
//!   closer to their Kalahas, and every game ends, whatever the options.

use variant_kit as kit;
use variant_kit::body::{read_two_rows, write_two_rows, BodyReader, BodyWriter};
use variant_kit::{
    export_variant, Description, Gains, Inputs, Layout, OptionSpec, OptionValues, Options, Player,
    Step, Turn, Variant,
};
use variant_kit::{stores, Ending, TwoRows};

/// The board: two rows of six holes (the Kalahas are not holes of the board).
const BOARD: TwoRows = TwoRows::new(6);
/// Holes on the board.
const HOLES: usize = BOARD.holes();
/// Seeds in each hole at the start.
const SEEDS_PER_HOLE: u8 = 6;

const RULES: &str = "\
KALAHA

Plateau : deux rangées de 6 trous, 6 graines par trou (72 graines), et un Kalaha à chaque \
extrémité. SUD possède les trous 1 à 6 et le Kalaha qui suit le trou 6, NORD les trous 7 à \
12 et le Kalaha qui suit le trou 12. Le contenu de son Kalaha est le score du joueur. Le \
premier joueur est choisi sur la ligne de commande.

Coup : le joueur choisit un trou non vide de sa rangée et en sème les graines une à une \
dans les trous suivants, dans le sens anti-horaire, en passant par son propre Kalaha \
mais jamais par celui de l'adversaire. Le trou de départ est sauté à chaque tour, comme \
le dit le sujet de tout semis (option lap=skip) ; avec lap=sow, il reçoit une graine \
comme les autres trous (Kalah).

Rejouer : si la dernière graine tombe dans son Kalaha, le joueur rejoue (c'est \
obligatoire) ; il peut ainsi enchaîner plusieurs coups.

Prise : si la dernière graine tombe dans un trou de sa rangée qui était vide, le joueur \
place dans son Kalaha les graines du trou d'en face (le trou 13 - n) ; la graine qui a \
fait la prise reste dans son trou, et un trou d'en face vide ne donne rien (option \
capture=opposite). Avec capture=with-last (Kalah), la graine qui prend va aussi dans le \
Kalaha, mais seulement si le trou d'en face contient des graines ; sinon rien n'est pris \
et elle reste en place. C'est ensuite à l'adversaire. Dans les autres cas, le tour passe \
aussi à l'adversaire.

Billes ramassées : les graines entrées dans le Kalaha du joueur pendant le coup (semis et \
prise).

Fin : la partie se termine quand le joueur qui doit jouer a une rangée vide, même s'il \
devait rejouer (option end=mover-empty) ; avec end=any-empty (Kalah), dès qu'un coup \
laisse une rangée vide, quel que soit le joueur qui doit jouer. Elle se termine aussi \
quand un joueur entre 0 (les deux joueurs sont d'accord). Chaque joueur place alors dans \
son Kalaha les graines restées dans sa rangée. Le plus grand Kalaha gagne ; l'égalité est \
une partie nulle.

Kalah : --set lap=sow --set capture=with-last --set end=any-empty donne le Kalah des \
références (Wikipédia, OpenSpiel) sur ce plateau de 6 graines par trou. Le Kalah du \
document 002 (autres tailles de plateau, fin à la majorité des graines) est la variante \
kalah.

Une partie ne peut pas boucler : une graine entrée dans un Kalaha n'en sort plus, et un \
coup qui n'en remplit aucun reste dans la rangée du joueur et rapproche ses graines de \
son Kalaha.

Position (--position) : kalaha[/OPTIONS]:JOUEUR:TROUS:KALAHAS, le joueur qui a la main \
(S ou N), les graines des trous 1 à 12, puis les Kalahas de SUD et de NORD (leurs \
scores), 72 graines en tout : kalaha:S:6,6,6,6,6,6,6,6,6,6,6,6:0,0. Le joueur qui a la \
main y joue un coup comme un autre, même s'il venait d'en rejouer un.";

/// Why a game ends (« Fin »).
const EMPTY_ROW: &str = "le joueur qui doit jouer n'a plus de graine dans sa rangée ; chacun \
                         met les graines de sa rangée dans son Kalaha.";
const ANY_EMPTY: &str = "une rangée est vide ; chacun met les graines de sa rangée dans son \
                         Kalaha.";
const AGREEMENT: &str = "les joueurs sont d'accord pour finir ; chacun met les graines de sa \
                         rangée dans son Kalaha.";

/// Where a seed of a sowing falls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    /// A hole of the board (index).
    Hole(usize),
    /// The mover's Kalaha.
    Kalaha,
}

/// The rules the options choose: the seed's by default, Kalah's otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rules {
    /// `lap=sow`: a sowing that comes round sows its starting hole too.
    sow_start: bool,
    /// `capture=with-last`: the capturing seed goes into the Kalaha with the
    /// opposite seeds, when there are some.
    capture_last: bool,
    /// `end=any-empty`: the game ends as soon as a row is empty.
    any_empty: bool,
}

#[cfg(test)]
impl Rules {
    /// The seed's rules (the default options).
    const SEED: Rules = Rules {
        sow_start: false,
        capture_last: false,
        any_empty: false,
    };
}

/// A game of Kalaha.
#[derive(Clone, Debug)]
pub struct Kalaha {
    /// Seeds per hole; index `n - 1` is hole `n`.
    pits: [u8; HOLES],
    /// The seeds in each player's Kalaha, by [`Player::index`].
    kalahas: [u32; 2],
    to_move: Player,
    /// Whether the player to move plays again (their last seed fell in their Kalaha).
    again: bool,
    rules: Rules,
    ended: Option<Ending>,
}

/// A choice option of Kalaha, the seed's reading first (the default).
fn choice(key: &str, help: &str, seed: &str, kalah: &str) -> OptionSpec {
    OptionSpec {
        key: key.to_owned(),
        help: help.to_owned(),
        default: seed.to_owned(),
        values: OptionValues::Choices(vec![seed.to_owned(), kalah.to_owned()]),
    }
}

impl Variant for Kalaha {
    fn describe() -> Description {
        Description {
            id: "kalaha".to_owned(),
            title: "Kalaha".to_owned(),
            title_with_article: "de Kalaha".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            summary: "Le Kalaha : 2×6 trous de 6 graines et deux Kalahas, on rejoue en \
                      finissant dans le sien, on prend le trou d'en face."
                .to_owned(),
            rules: RULES.to_owned(),
            players: kit::sud_nord(),
            options: vec![
                choice(
                    "lap",
                    "le trou de départ d'un semis qui fait le tour : sauté (l'énoncé) ou semé (Kalah)",
                    "skip",
                    "sow",
                ),
                choice(
                    "capture",
                    "ce qu'une prise met dans le Kalaha : les graines d'en face (le document d'origine), ou elles et la graine preneuse quand il y en a (Kalah)",
                    "opposite",
                    "with-last",
                ),
                choice(
                    "end",
                    "fin de la partie : le joueur qui a la main a une rangée vide (le document d'origine), ou une rangée est vide (Kalah)",
                    "mover-empty",
                    "any-empty",
                ),
            ],
            agreement_ends_game: true,
        }
    }

    /// `MOVER:HOLES:KALAHAS`.
    fn position(&self) -> Option<Result<String, String>> {
        let mut body = BodyWriter::new();
        write_two_rows(&mut body, self.to_move, &self.pits, &self.kalahas);
        Some(Ok(body.finish()))
    }

    /// A game with these options at `MOVER:HOLES:KALAHAS`, 72 seeds.
    fn at_position(options: &Options, body: &str) -> Option<Result<Self, String>> {
        let read = |body: &str| {
            let mut game = Kalaha::new(options, Player::SUD)?;
            let mut body = BodyReader::new(body);
            let seeds = HOLES as u32 * u32::from(SEEDS_PER_HOLE);
            let state = read_two_rows(&mut body, HOLES, seeds)?;
            body.end()?;
            game.pits.copy_from_slice(&state.holes);
            game.kalahas = state.scores;
            game.to_move = state.to_move;
            Ok(game)
        };
        Some(read(body))
    }

    fn new(options: &Options, first: Player) -> Result<Self, String> {
        let rules = Rules {
            sow_start: options.get("lap") == "sow",
            capture_last: options.get("capture") == "with-last",
            any_empty: options.get("end") == "any-empty",
        };
        Ok(Kalaha::with_rules(
            [SEEDS_PER_HOLE; HOLES],
            [0, 0],
            first,
            rules,
        ))
    }

    fn turn(&self) -> Turn {
        kit::sowing_turn(self.ended, self.to_move)
    }

    fn legal_inputs(&self, inputs: &mut Inputs) {
        if self.ended.is_none() {
            kit::push_holes(inputs, self.allowed_moves());
        }
    }

    fn play(&mut self, input: u32) -> Result<Step, String> {
        let pit = self.check_move(input)?;
        let mover = self.to_move;
        let before = self.kalahas[mover.index()];
        let last = self.sow(pit);
        self.again = last == Slot::Kalaha;
        if let Slot::Hole(hole) = last {
            if BOARD.row(mover).contains(&hole) && self.pits[hole] == 1 {
                self.capture(hole);
            }
            self.to_move = mover.opponent();
        }
        let gains = Gains::of(mover, self.kalahas[mover.index()] - before);
        if self.row_seeds(self.to_move) == 0 {
            self.finish(EMPTY_ROW);
        } else if self.rules.any_empty && self.row_seeds(mover) == 0 {
            self.finish(ANY_EMPTY);
        }
        Ok(Step::Completed(gains))
    }

    fn scores(&self) -> &[u32] {
        &self.kalahas
    }

    fn end_by_agreement(&mut self) -> Result<(), String> {
        kit::refuse_if_over(self.ended)?;
        self.finish(AGREEMENT);
        Ok(())
    }

    /// In hundredths of a seed: the Kalahas' difference, 100 a seed, and
    /// 25 a seed for the difference of the seeds left in the rows (they go
    /// to the row's owner at the end, but the opponent may still capture
    /// them or the owner sow them over).
    fn evaluate(&self, player: Player) -> i32 {
        let opponent = player.opponent();
        let stored = self.kalahas[player.index()] as i32 - self.kalahas[opponent.index()] as i32;
        if self.ended.is_some() {
            return 100 * stored;
        }
        let rows = self.row_seeds(player) as i32 - self.row_seeds(opponent) as i32;
        100 * stored + 25 * rows
    }

    /// The seeds of each hole and Kalaha, the player to move and the rules
    /// (a position never repeats, so there is no history to leave out).
    fn hash_key(&self) -> Option<u64> {
        let mut low = [0u8; 8];
        low.copy_from_slice(&self.pits[..8]);
        let mut high = [0u8; 8];
        high[..4].copy_from_slice(&self.pits[8..]);
        high[4] = self.kalahas[0] as u8;
        high[5] = self.kalahas[1] as u8;
        high[6] = self.to_move.0;
        high[7] = u8::from(self.rules.sow_start)
            | u8::from(self.rules.capture_last) << 1
            | u8::from(self.rules.any_empty) << 2
            | u8::from(self.ended.is_some()) << 3;
        let mix = variant_kit::rng::mix64;
        Some(mix(u64::from_le_bytes(low)
            ^ mix(
                u64::from_le_bytes(high).wrapping_add(0x9e37_79b9_7f4a_7c15)
            )))
    }

    fn layout(&self) -> Layout {
        BOARD.layout()
    }

    fn seeds(&self) -> Vec<u32> {
        kit::seed_counts(&self.pits)
    }

    fn prompt(&self) -> Option<String> {
        if self.ended.is_some() || !self.again {
            return None;
        }
        let holes: Vec<u32> = self.allowed_moves().map(|pit| pit as u32 + 1).collect();
        Some(stores::replay_prompt(
            self.to_move,
            "au Kalaha",
            &holes,
            true,
        ))
    }

    fn end_reason(&self) -> String {
        kit::end_reason(self.ended)
    }
}

export_variant!(Kalaha);

impl Kalaha {
    /// A game at this position, with the seed's rules.
    #[cfg(test)]
    fn from_position(pits: [u8; HOLES], kalahas: [u32; 2], to_move: Player) -> Kalaha {
        Kalaha::with_rules(pits, kalahas, to_move, Rules::SEED)
    }

    fn with_rules(pits: [u8; HOLES], kalahas: [u32; 2], to_move: Player, rules: Rules) -> Kalaha {
        Kalaha {
            pits,
            kalahas,
            to_move,
            again: false,
            rules,
            ended: None,
        }
    }

    /// The holes (indices) the player to move may sow.
    fn allowed_moves(&self) -> impl Iterator<Item = usize> + '_ {
        BOARD
            .row(self.to_move)
            .filter(move |&pit| self.pits[pit] > 0)
    }

    fn row_seeds(&self, player: Player) -> u32 {
        BOARD.row_seeds(&self.pits, player)
    }

    /// The hole index of `input`, or why it may not be played.
    fn check_move(&self, input: u32) -> Result<usize, String> {
        kit::refuse_if_over(self.ended)?;
        BOARD.own_hole(&self.pits, self.to_move, input)
    }

    /// Sows the seeds of `pit` one by one counterclockwise, through the
    /// mover's Kalaha but not the opponent's, skipping `pit` itself on every
    /// lap unless `lap=sow`; returns where the last seed fell.
    fn sow(&mut self, pit: usize) -> Slot {
        let mover = self.to_move;
        let own = BOARD.row(mover);
        let mut seeds = std::mem::take(&mut self.pits[pit]);
        let mut at = Slot::Hole(pit);
        while seeds > 0 {
            at = match at {
                Slot::Hole(hole) if hole + 1 == own.end => Slot::Kalaha,
                Slot::Hole(hole) => Slot::Hole((hole + 1) % HOLES),
                Slot::Kalaha => Slot::Hole(own.end % HOLES),
            };
            match at {
                Slot::Kalaha => self.kalahas[mover.index()] += 1,
                Slot::Hole(hole) if hole == pit && !self.rules.sow_start => continue,
                Slot::Hole(hole) => self.pits[hole] += 1,
            }
            seeds -= 1;
        }
        at
    }

    /// The capture of the mover whose last seed fell in `hole` of their row,
    /// empty before: the opposite seeds go into the mover's Kalaha, with the
    /// capturing seed under `capture=with-last` when there are some.
    fn capture(&mut self, hole: usize) {
        let opposite = std::mem::take(&mut self.pits[BOARD.facing(hole)]);
        let mut taken = u32::from(opposite);
        if self.rules.capture_last && opposite > 0 {
            taken += u32::from(std::mem::take(&mut self.pits[hole]));
        }
        self.kalahas[self.to_move.index()] += taken;
    }

    /// Puts the seeds left in each row into its owner's Kalaha and settles the outcome.
    fn finish(&mut self, reason: &'static str) {
        let outcome = BOARD.split(&mut self.pits, &mut self.kalahas);
        self.ended = Some(Ending { outcome, reason });
    }
}

#[cfg(test)]
mod tests;
