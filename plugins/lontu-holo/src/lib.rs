//! Lontu Holo (seed section « LONTU HOLO »), as a variant plugin.
//!
//! Two rows of six holes, 24 seeds for each player. Each player owns « les 6
//! trous qui se trouvent placés à leur gauche sur les deux rangées »: the
//! three leftmost holes of each row as that player sees the board. Holes are
//! numbered 1..12 along the counterclockwise circuit as on every board of the
//! host (SUD's row 1..6 at the bottom from left to right, NORD's row 7..12 on
//! top from right to left), so SUD owns holes 10, 11, 12, 1, 2, 3 and NORD
//! owns holes 4 to 9: each player's holes are one stretch of the circuit,
//! which becomes that player's own small circuit of six holes. The rows keep
//! the labels `NORD` (top) and `SUD` (bottom): they say where each player
//! sits, not who owns the row.
//!
//! The readings chosen where the seed is silent or ambiguous:
//!
//! - **Placement.** The first player (`--first`) places their 24 seeds one
//!   by one: each answer names the hole of theirs that receives the next
//!   seed (`0` is reserved for the agreement, so a count could not be 0).
//!   The same seed goes at once into the symmetric hole of the second player
//!   (the board turned half a turn: hole `n` and hole `n + 6` modulo 12, so
//!   each player's « case 1 » is the leftmost hole of their near row, 1 and
//!   7). The 24 placements are one move (the host says « a ramassé 0 » once,
//!   after the last); then the first player sows first.
//! - **Sowing.** A player sows one of their non-empty holes, one seed per
//!   hole, in their own holes that follow counterclockwise (after SUD's 3
//!   comes SUD's 10, after NORD's 9 comes NORD's 4). As the assignment says
//!   of every sowing, the starting hole is skipped on every lap.
//! - **Capture.** When the last seed falls into a hole that held exactly 3,
//!   the player takes its 4 seeds, and also each of the two holes
//!   immediately before and after it on the player's own circuit that holds
//!   4 (« immédiatement contiguës »: one hole on each side, no further).
//!   Only the player's own holes are ever taken. The player then names the
//!   opponent's hole (any of the six) that receives all these seeds; until
//!   then they stay in their holes on the board.
//! - **End.** The player who empties their own holes wins at once (only a
//!   capture can do it, so it is always the player who just moved).
//! - **Cycles.** The game also ends when a position (the seeds of every hole
//!   and the player to sow) comes back, or after 1000 turns of sowing
//!   (500 each); and when both players agree (`0`, between moves: the host
//!   refuses it in the middle of the placement or while the receiving hole
//!   is to be named, and the prompt offers it only between moves).
//!   Then the player with fewer seeds in their own holes wins (the aim is to
//!   get rid of them); equal counts are a draw. Nobody ever scores: scores
//!   stay at 0 and the seeds stay on the board.

use variant_kit as kit;
use variant_kit::body::{read_two_rows, write_two_rows, BodyReader, BodyWriter};
use variant_kit::{
    export_variant, DecisionKind, Description, Gains, Inputs, Layout, Options, Outcome, Player,
    Step, Turn, Variant,
};
use variant_kit::{Ending, Positions};

/// Holes on the board.
const HOLES: usize = 12;
/// Holes of each player.
const OWN: usize = 6;
/// Seeds of each player.
const SEEDS_EACH: u8 = 24;
/// The count a hole reaches when a last seed falls into a hole of 3.
const CAPTURE: u8 = 4;
/// The turns of sowing after which the game stops (see the crate docs).
const TURN_LIMIT: u32 = 1000;

const RULES: &str = "\
LONTU HOLO

Plateau : deux rangées de 6 trous numérotés dans le sens anti-horaire (SUD : 1 à 6 en bas \
de gauche à droite, NORD : 7 à 12 en haut de droite à gauche). Chaque joueur possède les 3 \
trous de gauche de chaque rangée, vus de sa place : SUD les trous 10, 11, 12, 1, 2, 3 et \
NORD les trous 4 à 9 (les étiquettes NORD et SUD des rangées disent où chacun est \
assis). Chacun dispose de 24 graines. Personne ne marque de points : les \
scores restent à 0.

Placement : le premier joueur place ses 24 graines une à une ; chaque réponse désigne le \
trou (à lui) qui reçoit la graine suivante. La même graine est aussitôt placée par \
l'adversaire dans le trou symétrique (plateau retourné : le trou n et le trou n+6, modulo \
12, se correspondent). Ces 24 placements forment un seul coup ; le premier joueur sème \
ensuite le premier.

Semis : le joueur prend toutes les graines d'un de ses trous non vides et les sème une à \
une dans ses propres trous suivants, dans le sens anti-horaire (après 3 vient 10 pour SUD, \
après 9 vient 4 pour NORD). Le trou de départ est sauté à chaque tour.

Prise : si la dernière graine tombe dans un trou qui en contenait exactement 3, le joueur \
prend ces 4 graines, ainsi que chacun des deux trous immédiatement voisins (le précédent \
et le suivant dans son propre circuit, un seul de chaque côté) qui contient aussi 4 \
graines. Il désigne ensuite le trou adverse (n'importe lequel des 6) qui reçoit toutes ces \
graines. Dans les autres cas, il ne se passe rien.

Fin : le premier joueur qui n'a plus de graine dans ses trous gagne. La partie s'arrête \
aussi quand une position (graines de chaque trou et joueur qui doit semer) se répète, \
après 1000 tours de semis (500 chacun), ou quand un joueur entre 0 (les deux joueurs sont d'accord, \
entre deux coups) : le joueur qui a le moins de graines dans ses trous gagne alors, \
l'égalité est une partie nulle. Les graines restent sur le plateau.

Position (--position) : lontu-holo:JOUEUR:TROUS:SCORES, le joueur qui doit semer (S ou \
N), les graines des trous 1 à 12 (48 en tout), puis les scores, toujours 0,0 : \
lontu-holo:S:4,4,4,4,4,4,4,4,4,4,4,4:0,0. Une position s'écrit entre deux coups, une fois \
le placement fini ; la partie y reprend sans positions passées et ses 1000 tours de semis \
comptent depuis là.";

/// Why a game ends (« Fin »); the seeds always stay on the board.
const EMPTIED: &str = "le joueur qui vient de jouer n'a plus de graine dans ses trous : il gagne.";
const REPEATED: &str = "la position s'est répétée ; le joueur qui a le moins de graines dans \
                        ses trous gagne, les graines restent sur le plateau.";
const TURNS_RUN_OUT: &str = "les 1000 tours de semis sont joués ; le joueur qui a le moins de \
                             graines dans ses trous gagne, les graines restent sur le plateau.";
const AGREEMENT: &str = "les joueurs sont d'accord pour finir ; le joueur qui a le moins de \
                         graines dans ses trous gagne, les graines restent sur le plateau.";

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// The first player places seeds; `placed` are on the board already.
    Placement { placed: u8 },
    /// The player to move sows one of their holes.
    Sowing,
    /// The player to move took these holes and names the opponent's hole
    /// that receives their seeds.
    Target { taken: Taken },
}

/// A set of holes, by index: bit `i` stands for the hole at index `i`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Taken(u16);

impl Taken {
    /// The set holding only `pit`.
    fn only(pit: usize) -> Taken {
        Taken(1 << pit)
    }

    /// Adds `pit` to the set.
    fn add(&mut self, pit: usize) {
        self.0 |= 1 << pit;
    }

    /// The holes (indices) of the set, in increasing order.
    fn holes(self) -> impl Iterator<Item = usize> {
        (0..HOLES).filter(move |&pit| self.0 & (1 << pit) != 0)
    }
}

/// A game of Lontu Holo.
#[derive(Debug)]
pub struct LontuHolo {
    /// Seeds per hole; index `n - 1` is hole `n`.
    pits: [u8; HOLES],
    to_move: Player,
    phase: Phase,
    /// The positions reached at the start of each turn of sowing.
    seen: Positions,
    /// Turns of sowing played.
    turns: u32,
    ended: Option<Ending>,
}

variant_kit::clone_by_fields!(LontuHolo {
    pits,
    to_move,
    phase,
    seen,
    turns,
    ended
});

impl Variant for LontuHolo {
    fn describe() -> Description {
        Description {
            id: "lontu-holo".to_owned(),
            title: "Lontu Holo".to_owned(),
            title_with_article: "de Lontu Holo".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            summary: "Le Lontu Holo de Guyane : chacun sème dans ses 6 trous, les prises de 4 \
                      vont chez l'adversaire, le premier sans graine gagne."
                .to_owned(),
            rules: RULES.to_owned(),
            players: kit::sud_nord(),
            options: Vec::new(),
            agreement_ends_game: true,
        }
    }

    /// `MOVER:HOLES:SCORES`, once the seeds are placed.
    fn position(&self) -> Option<Result<String, String>> {
        if let Phase::Placement { .. } = self.phase {
            return Some(Err(
                "une position s'écrit une fois le placement fini".to_owned()
            ));
        }
        let mut body = BodyWriter::new();
        write_two_rows(&mut body, self.to_move, &self.pits, self.scores());
        Some(Ok(body.finish()))
    }

    /// A game at `MOVER:HOLES:SCORES`, its seeds placed, none scored.
    fn at_position(_options: &Options, body: &str) -> Option<Result<Self, String>> {
        let read = |body: &str| {
            let mut body = BodyReader::new(body);
            let state = read_two_rows(&mut body, HOLES, 2 * u32::from(SEEDS_EACH))?;
            if state.scores != [0, 0] {
                return Err(body.refusal(
                    "les scores de SUD et de NORD",
                    "personne ne marque au Lontu Holo : attendu 0,0",
                ));
            }
            body.end()?;
            let mut pits = [0; HOLES];
            pits.copy_from_slice(&state.holes);
            let game = LontuHolo {
                pits,
                to_move: state.to_move,
                phase: Phase::Sowing,
                seen: Positions::starting_at(&pits, state.to_move),
                turns: 0,
                ended: None,
            };
            // The first without a seed has won: no game goes on after it.
            for player in [state.to_move.opponent(), state.to_move] {
                if game.own_seeds(player) == 0 {
                    return Err(format!(
                        "{} n'a plus de graine dans ses trous : il a gagné, la partie est \
                         finie",
                        kit::name(player)
                    ));
                }
            }
            Ok(game)
        };
        Some(read(body))
    }

    fn new(_options: &Options, first: Player) -> Result<Self, String> {
        Ok(LontuHolo {
            pits: [0; HOLES],
            to_move: first,
            phase: Phase::Placement { placed: 0 },
            seen: Positions::default(),
            turns: 0,
            ended: None,
        })
    }

    fn turn(&self) -> Turn {
        if let Some(ending) = self.ended {
            return Turn::Over(ending.outcome);
        }
        let kind = match self.phase {
            Phase::Placement { .. } => DecisionKind::Placement,
            Phase::Sowing => DecisionKind::Sow,
            Phase::Target { .. } => DecisionKind::TargetHole,
        };
        Turn::Decide {
            player: self.to_move,
            kind,
        }
    }

    fn legal_inputs(&self, inputs: &mut Inputs) {
        if self.ended.is_none() {
            kit::push_holes(inputs, self.allowed());
        }
    }

    fn play(&mut self, input: u32) -> Result<Step, String> {
        let pit = self.check_input(input)?;
        match std::mem::replace(&mut self.phase, Phase::Sowing) {
            Phase::Placement { placed } => {
                self.pits[pit] += 1;
                self.pits[mirror(pit)] += 1;
                let placed = placed + 1;
                if placed < SEEDS_EACH {
                    self.phase = Phase::Placement { placed };
                    return Ok(Step::Pending);
                }
                self.seen = Positions::starting_at(&self.pits, self.to_move);
            }
            Phase::Sowing => {
                let last = self.sow(pit);
                if let Some(taken) = self.captured(last) {
                    self.phase = Phase::Target { taken };
                    return Ok(Step::Pending);
                }
                self.end_turn();
            }
            Phase::Target { taken } => {
                for hole in taken.holes() {
                    self.pits[pit] += std::mem::take(&mut self.pits[hole]);
                }
                self.end_turn();
            }
        }
        Ok(Step::Completed(Gains::NONE))
    }

    fn scores(&self) -> &[u32] {
        &[0, 0]
    }

    fn end_by_agreement(&mut self) -> Result<(), String> {
        kit::refuse_if_over(self.ended)?;
        self.adjudicate(AGREEMENT);
        Ok(())
    }

    /// The holes, the player to move, the phase (seeds placed, or holes
    /// taken awaiting their target) and whether the game is over; the
    /// positions met and the turns played are history, kept apart by the
    /// search, as a position leaves them out.
    fn hash_key(&self) -> Option<u64> {
        let phase = match self.phase {
            Phase::Placement { placed } => 1 | u64::from(placed) << 8,
            Phase::Sowing => 2,
            Phase::Target { taken } => 3 | u64::from(taken.0) << 8,
        };
        let head = u64::from(self.to_move.0) | u64::from(self.ended.is_some()) << 8;
        Some(kit::state_key(head, phase, &self.pits))
    }

    fn layout(&self) -> Layout {
        // Drawn as the usual two rows of six; only the owners differ.
        Layout {
            owners: (0..HOLES).map(owner).collect(),
            ..Layout::two_rows(OWN as u32)
        }
    }

    fn seeds(&self) -> Vec<u32> {
        kit::seed_counts(&self.pits)
    }

    fn prompt(&self) -> Option<String> {
        if self.ended.is_some() {
            return None;
        }
        let player = kit::name(self.to_move);
        // The end by agreement belongs between moves: it is offered at the
        // first seed of the placement only.
        let agreement = matches!(self.phase, Phase::Placement { placed: 0 });
        let choices = kit::choices(self.allowed().map(|pit| pit as u32 + 1), agreement);
        // Within 80 columns, from the most explicit form to the shortest.
        match self.phase {
            Phase::Sowing => None,
            Phase::Placement { placed } => {
                let seed = format!("graine {} sur {SEEDS_EACH}", placed + 1);
                Some(kit::fitting([
                    format!(
                        "{player}, où va la {seed} ({} en met une au symétrique) ? {choices}",
                        kit::name(self.to_move.opponent())
                    ),
                    format!("{player}, où va la {seed} ? {choices}"),
                    format!("{player}, {seed} ? {choices}"),
                ]))
            }
            Phase::Target { taken } => Some(format!(
                "{player}, où placez-vous les {} graines prises (trous {}) ? {choices}",
                self.seeds_in(taken),
                list(taken.holes()),
            )),
        }
    }

    fn end_reason(&self) -> String {
        kit::end_reason(self.ended)
    }
}

export_variant!(LontuHolo);

/// The hole numbers of `pits` (indices in increasing order), as a prompt
/// lists them ([`kit::hole_list`]).
fn list(pits: impl Iterator<Item = usize>) -> String {
    kit::hole_list(pits.map(|pit| pit as u32 + 1))
}

/// The owner of the hole at `pit`: NORD owns holes 4 to 9, SUD the others.
fn owner(pit: usize) -> Player {
    if (3..9).contains(&pit) {
        Player::NORD
    } else {
        Player::SUD
    }
}

/// The first hole (index) of `player`'s own circuit: SUD's 10, NORD's 4.
fn circuit_start(player: Player) -> usize {
    if player == Player::SUD {
        9
    } else {
        3
    }
}

/// `player`'s holes (indices) in sowing order.
fn own_holes(player: Player) -> impl Iterator<Item = usize> {
    let start = circuit_start(player);
    (0..OWN).map(move |step| (start + step) % HOLES)
}

/// The hole `steps` holes after `pit` on its owner's own circuit.
fn along_circuit(pit: usize, steps: usize) -> usize {
    let start = circuit_start(owner(pit));
    let place = (pit + HOLES - start) % HOLES;
    (start + (place + steps) % OWN) % HOLES
}

/// The hole that matches `pit` on the board turned half a turn.
fn mirror(pit: usize) -> usize {
    (pit + HOLES / 2) % HOLES
}

impl LontuHolo {
    /// The holes (indices) the current decision may name, in increasing order.
    fn allowed(&self) -> impl Iterator<Item = usize> + '_ {
        let player = self.to_move;
        (0..HOLES).filter(move |&pit| match self.phase {
            Phase::Placement { .. } => owner(pit) == player,
            Phase::Sowing => owner(pit) == player && self.pits[pit] > 0,
            Phase::Target { .. } => owner(pit) == player.opponent(),
        })
    }

    /// The hole index of `input`, or why the current decision may not name it.
    fn check_input(&self, input: u32) -> Result<usize, String> {
        kit::refuse_if_over(self.ended)?;
        let holes = || list(self.allowed());
        let pit = match usize::try_from(input) {
            Ok(hole @ 1..=HOLES) => hole - 1,
            _ => {
                return Err(format!(
                    "{input} n'est pas un trou : choisissez parmi {}",
                    holes()
                ))
            }
        };
        let player = self.to_move;
        let expected = match self.phase {
            Phase::Target { .. } => player.opponent(),
            Phase::Placement { .. } | Phase::Sowing => player,
        };
        if owner(pit) != expected {
            return Err(format!(
                "le trou {input} est à {} : choisissez parmi {}",
                kit::name(owner(pit)),
                holes()
            ));
        }
        if self.phase == Phase::Sowing && self.pits[pit] == 0 {
            return Err(format!(
                "le trou {input} est vide : choisissez parmi {}",
                holes()
            ));
        }
        Ok(pit)
    }

    /// The seeds in the holes `taken`.
    fn seeds_in(&self, taken: Taken) -> u32 {
        taken.holes().map(|pit| u32::from(self.pits[pit])).sum()
    }

    /// The seeds in `player`'s own holes.
    fn own_seeds(&self, player: Player) -> u32 {
        own_holes(player).map(|pit| u32::from(self.pits[pit])).sum()
    }

    /// Sows the seeds of `pit` one by one in its owner's following holes,
    /// skipping `pit` itself on every lap; returns the hole of the last seed.
    fn sow(&mut self, pit: usize) -> usize {
        let mut seeds = std::mem::take(&mut self.pits[pit]);
        let mut hole = pit;
        while seeds > 0 {
            hole = along_circuit(hole, 1);
            if hole != pit {
                self.pits[hole] += 1;
                seeds -= 1;
            }
        }
        hole
    }

    /// The holes a last seed in `last` takes: none unless it held 3 (now 4);
    /// then `last` and each immediate neighbour on the circuit holding 4.
    fn captured(&self, last: usize) -> Option<Taken> {
        if self.pits[last] != CAPTURE {
            return None;
        }
        let mut taken = Taken::only(last);
        for pit in [along_circuit(last, OWN - 1), along_circuit(last, 1)] {
            if self.pits[pit] == CAPTURE {
                taken.add(pit);
            }
        }
        Some(taken)
    }

    /// Ends a turn of sowing: the mover wins with empty holes; otherwise the
    /// opponent moves, unless the position repeats or the turns run out.
    fn end_turn(&mut self) {
        let mover = self.to_move;
        if self.own_seeds(mover) == 0 {
            self.ended = Some(Ending {
                outcome: Outcome::winner(mover),
                reason: EMPTIED,
            });
            return;
        }
        self.to_move = mover.opponent();
        self.turns += 1;
        if self.seen.repeats(&self.pits, self.to_move) {
            self.adjudicate(REPEATED);
        } else if self.turns >= TURN_LIMIT {
            self.adjudicate(TURNS_RUN_OUT);
        }
    }

    /// Ends the game: the player with fewer seeds in their holes wins.
    fn adjudicate(&mut self, reason: &'static str) {
        let sud = self.own_seeds(Player::SUD);
        let nord = self.own_seeds(Player::NORD);
        let outcome = match sud.cmp(&nord) {
            std::cmp::Ordering::Less => Outcome::winner(Player::SUD),
            std::cmp::Ordering::Greater => Outcome::winner(Player::NORD),
            std::cmp::Ordering::Equal => Outcome::DRAW,
        };
        self.ended = Some(Ending { outcome, reason });
    }
}

#[cfg(test)]
mod tests;
