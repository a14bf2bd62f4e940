//! Mweso (seed `000`, section « LE MWESO »), as a variant plugin.
//!
//! Four rows of eight holes, 64 seeds. Each player owns the two rows on
//! their side, the outer one near them and the inner one near the centre,
//! and sows only round them (`SPEC.md` §3 « The board, 4 rows »: SUD's
//! holes 1..16, NORD's 17..32, each numbered counterclockwise along its
//! owner's circuit; inner holes of one column face each other). Each
//! player's four holes at their left are the « alokas ».
//!
//! - Placement: each player places their 32 seeds as they like in their 16
//!   holes.
//! - A move takes every seed of one of one's holes holding more than one
//!   seed and sows them one by one into the following holes of one's
//!   circuit, counterclockwise. Where the last seed falls:
//!   - in an occupied inner hole, aloka or not, that puts two holes of the
//!     opponent « en prise » (the opponent's two holes of that column both
//!     hold seeds, and the player's outer hole of that column is empty): the
//!     player takes the seeds of those two holes and sows them on;
//!   - in an occupied aloka: the player may go on counterclockwise, or
//!     clockwise provided that sowing ends in a capture; after a clockwise
//!     capture, the captured seeds may again go clockwise if that sowing
//!     captures, otherwise counterclockwise;
//!   - in another occupied hole: the player takes it up and sows on;
//!   - in an empty hole: the move ends.
//! - The game ends as soon as a player has no seed, or only single seeds:
//!   the other player wins.
//!
//! Readings chosen where the seed is silent (the references are in
//! `notes/variant-sources.md` §A3):
//! - Alokas: the two leftmost holes of each of the player's rows, as the
//!   player sees the board (Ludii, Wikipedia): SUD's holes 1, 2, 15 and 16,
//!   NORD's 17, 18, 31 and 32. Option `alokas=inner-row`: the four leftmost
//!   holes of the inner row (SUD's 13 to 16, NORD's 29 to 32), which the
//!   seed's worked example needs (B an aloka, E = B + 3 an inner hole).
//! - Placement input: one decision per seed (DecisionKind::Placement): the
//!   number of the player's hole that receives it; the prompt says how many
//!   seeds are left to place. The first player (`--first`) places all 32
//!   seeds, then the other player all 32 (Wikipedia), then the first player
//!   sows. Each placement is one move (« a ramassé 0 » once per player).
//!   Option `setup=fours` skips the placement: 4 seeds in each outer hole
//!   (Wikipedia's starting layout).
//! - The choice of direction is a Direction decision (1 counterclockwise, 2
//!   clockwise), asked only when clockwise would capture; it is asked too
//!   when the move starts from an aloka (its seeds are taken up as on a
//!   relay), as Ludii and Wikipedia allow. A capture in an aloka sows the
//!   captured seeds on, without the aloka's choice unless the capturing
//!   sowing was clockwise (the seed: « aloka ou non », the player sows on;
//!   Wikipedia: only reverse-captured seeds may go clockwise again).
//! - The captured seeds are sown from the hole after the capturing hole,
//!   which keeps its own seeds (the worked example: « repart de E avec 3
//!   graines »). While the player decides a direction, seeds waiting to be
//!   sown stay in the hole they will be sown from. Option
//!   `capture=references` (Ludii, Wikipedia): no condition on the player's
//!   outer hole, and the captured seeds are sown from the hole after the one
//!   where the capturing sowing started.
//! - Seeds never leave the board: the line « a ramassé » says 0 throughout,
//!   and the scores are 0 until the end, when each player takes the seeds
//!   on their rows (the winner has at least 48 of them when a player is
//!   left with single seeds).
//! - After a move, the player to move is checked first: without a hole of
//!   two seeds or more, they lose; otherwise the mover, if they are left so.
//! - Endless sowing: a move stops after 1000 sowings (relays and captures);
//!   the seeds stay where they are and the turn passes.
//! - Endless game: the game also ends when the position (seeds of every hole
//!   and player to move) comes back, since the end of the placement
//!   (captures bring no progress: the seeds stay in play), and when both
//!   players agree (`0`, between moves: the host refuses it in the middle
//!   of a player's placement or while a direction is asked); each player
//!   then takes the seeds on their rows and the most seeds win.
//! - A sowing of 16 seeds or more goes round the circuit and drops a seed
//!   in the hole it started from on each lap, as Ludii's Mweso.lud sows
//!   (Shackell 1934); option `skip-start=yes` skips that hole, as seed
//!   `000`'s elementary move does. Seeds in hand sown from a hole that
//!   keeps its own seeds (a capture) skip that hole too.

use variant_kit as kit;
use variant_kit::body::{read_two_rows, write_two_rows, BodyReader, BodyWriter};
use variant_kit::four_rows::{Direction, FourRows, Laps};
use variant_kit::{
    export_variant, DecisionKind, Description, Gains, Inputs, Layout, Options, Player, Step, Turn,
    Variant,
};
use variant_kit::{Ending, Positions};

/// The board: four rows of eight holes.
const BOARD: FourRows = FourRows::new(8);
/// Holes on the board.
const HOLES: usize = BOARD.holes();
/// Seeds each player places.
const SEEDS_EACH: u8 = 32;
/// Sowings after which a move stops.
const MAX_LAPS: u16 = 1000;

const RULES: &str = "\
MWESO

Plateau : quatre rangées de 8 trous, 64 graines. Chaque joueur possède les deux rangées \
de son côté : l'extérieure, près de lui, et l'intérieure, près du centre. SUD possède \
les trous 1 à 16 (rangée extérieure 1 à 8 de gauche à droite, rangée intérieure 9 à 16 \
de droite à gauche), NORD les trous 17 à 32 (rangée extérieure 17 à 24, rangée \
intérieure 25 à 32). Les trous intérieurs d'une même colonne se font face. Les alokas \
sont les 4 trous à gauche de chaque joueur, les deux premiers de chacune de ses rangées \
vues de sa place : 1, 2, 15 et 16 pour SUD, 17, 18, 31 et 32 pour NORD. Option \
alokas=inner-row : les 4 trous de gauche de la rangée intérieure, 13 à 16 pour SUD, 29 à \
32 pour NORD.

Placement : le premier joueur place ses 32 graines une à une, chaque réponse étant le \
numéro du trou (à lui) qui reçoit la graine suivante ; puis l'autre joueur place les \
siennes ; puis le premier joueur sème. Option setup=fours : pas de placement, 4 graines \
dans chaque trou extérieur.

Coup : le joueur prend toutes les graines d'un de ses trous qui en contient plus d'une et \
les sème une à une dans les trous suivants de ses rangées, dans le sens inverse des \
aiguilles d'une montre (numéros croissants, 16 étant suivi de 1 et 32 de 17). Un semis de \
16 graines ou plus fait le tour et remet une graine dans le trou de départ (option \
skip-start=yes : le trou de départ est sauté). Si la dernière graine tombe :
- dans un trou intérieur garni (aloka ou non) qui met en prise 2 trous de l'adversaire \
(ses deux trous de la même colonne sont garnis et le trou extérieur du joueur dans cette \
colonne est vide) : le joueur prend les graines de ces deux trous et les sème à partir du \
trou qui suit celui de la prise (qui garde ses graines) ;
- dans un aloka garni : le joueur reprend ses graines et choisit de continuer dans le sens \
inverse des aiguilles d'une montre (1) ou dans le sens des aiguilles (2), ce dernier \
seulement si ce semis aboutit à une prise ; après une prise faite dans le sens des \
aiguilles, les graines prises peuvent encore partir dans ce sens si ce semis aboutit à une \
prise, sinon dans l'autre ; le choix est aussi offert au départ d'un coup joué d'un aloka ;
- dans un autre trou garni : le joueur reprend ses graines et continue ;
- dans un trou vide : le coup s'arrête.
Option capture=references : pas de condition sur le trou extérieur du joueur, et les \
graines prises sont semées à partir du trou qui suit celui d'où est parti le semis qui a \
pris.

Les graines restent toujours sur le plateau : « a ramassé » vaut 0 et les scores restent \
à 0 jusqu'à la fin.

Semis sans fin : un coup s'arrête après 1000 semis ; les graines restent où elles sont et \
le tour passe.

Fin : la partie s'arrête dès qu'un joueur n'a plus de graines ou n'a que des graines \
isolées ; son adversaire gagne (après un coup, on regarde d'abord le joueur qui doit \
jouer). Elle s'arrête aussi quand la position (graines de chaque trou et joueur qui doit \
jouer) se répète depuis la fin du placement, ou quand un joueur entre 0 (les deux \
joueurs sont d'accord, entre deux coups) : le plus de graines gagne. À la fin, chaque \
joueur prend les graines de ses rangées.

Lectures et leurs sources (notes A3 pour les références) :
- alokas : par défaut les deux trous de gauche de chaque rangée, comme Ludii (Mweso.lud, \
d'après Shackell 1934 : « the left two holes in the outer row or the left two in the \
inner row ») et Wikipédia (« four leftmost pits ») ; alokas=inner-row suit l'exemple de la \
graine 000, où B est un aloka et E, trois trous plus loin, un trou intérieur ;
- choix du sens au départ d'un coup joué d'un aloka (si le sens des aiguilles aboutit à \
une prise) : Ludii Mweso.lud et Wikipédia (la graine 000 ne parle que d'un aloka atteint \
par un semis) ;
- après une prise faite dans le sens inverse des aiguilles qui aboutit à un aloka, pas de \
choix : les graines prises sont semées dans le sens inverse des aiguilles ; la graine 000 \
(« aloka ou non », le joueur poursuit son semis) et Wikipédia (seules les graines prises \
dans le sens des aiguilles peuvent y repartir) ;
- prise « en prise » (trou extérieur du joueur vide) et graines prises semées après le \
trou de la prise : la graine 000 et son exemple (« repart de E ») ; capture=references : \
Ludii et Wikipédia ;
- placement, tout le premier joueur puis tout le second : Wikipédia ; setup=fours : la \
position de départ de Wikipédia ;
- tour complet : par défaut (skip-start=no) le trou de départ reçoit une graine, comme le \
semis de Ludii (Mweso.lud) ; skip-start=yes suit le coup élémentaire de la graine 000 \
(« nous n'y semons pas de graine ») ;
- fin quand un joueur n'a que des graines isolées : la graine 000 ; position répétée et \
arrêt d'un coup après 1000 semis : règles du projet, aucune source n'en donne (notes A3, \
A11).

Position (--position) : mweso[/OPTIONS]:JOUEUR:TROUS:SCORES, le joueur qui a la main (S \
ou N), les graines des trous 1 à 32, les scores de SUD et de NORD (0 jusqu'à la fin), \
64 graines en tout. Une position s'écrit entre deux coups, une fois le placement fini ; la \
partie y reprend sans positions passées.";

/// Why a game ends; each player then takes the seeds of their rows.
const SINGLES: &str =
    "un joueur n'a plus que des graines isolées et perd ; chacun prend les graines de ses rangées.";
const REPEATED: &str =
    "la position s'est répétée ; chacun prend les graines de ses rangées, le plus de graines gagne.";
const AGREEMENT: &str =
    "les joueurs sont d'accord pour finir ; chacun prend les graines de ses rangées, le plus de graines gagne.";

/// The seeds waiting to be sown during a move: `seeds` of the seeds of
/// hole `from` go into the holes after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Hand {
    from: u8,
    seeds: u8,
    /// Sowings made so far in the move.
    laps: u16,
}

/// What the player to move decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Where to put one of the `left` seeds still to place.
    Placing { left: u8 },
    /// Which hole to sow.
    Sowing,
    /// Which way to sow the seeds in `hand`.
    Turning { hand: Hand },
}

/// Which holes are the alokas.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Alokas {
    /// The two leftmost holes of each of the player's rows (Ludii, Wikipedia).
    LeftColumns,
    /// The four leftmost holes of the player's inner row (the seed's worked
    /// example, where B and E = B + 3 are both inner holes).
    InnerRow,
}

impl Alokas {
    /// Whether `pit` is one of its owner's alokas.
    fn contain(self, pit: usize) -> bool {
        // Each circuit ends with the inner row's holes from right to left,
        // as their owner sees them: the last steps are at the owner's left.
        let step = BOARD.step(pit);
        let end = BOARD.holes_per_player();
        match self {
            Alokas::LeftColumns => step < 2 || step >= end - 2,
            Alokas::InnerRow => step >= end - 4,
        }
    }
}

/// The rules a game is played with (the options).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rules {
    /// The references' capture (no outer-hole condition, sown from the
    /// start of the capturing sowing).
    references: bool,
    /// What a sowing that laps round does in its start hole.
    laps: Laps,
    /// Which holes are the alokas.
    alokas: Alokas,
}

impl Rules {
    /// The default readings.
    #[cfg(test)]
    const DEFAULT: Rules = Rules {
        references: false,
        laps: Laps::ThroughStart,
        alokas: Alokas::LeftColumns,
    };
}

/// A game of Mweso.
#[derive(Debug)]
pub struct Mweso {
    /// Seeds per hole; index `n - 1` is hole `n`.
    pits: [u8; HOLES],
    scores: [u32; 2],
    to_move: Player,
    /// Who placed and sowed first.
    first: Player,
    phase: Phase,
    rules: Rules,
    /// The positions reached since the end of the placement.
    history: Positions,
    ended: Option<Ending>,
}

variant_kit::clone_by_fields!(Mweso {
    pits,
    scores,
    to_move,
    first,
    phase,
    rules,
    history,
    ended
});

impl Variant for Mweso {
    fn describe() -> Description {
        Description {
            id: "mweso".to_owned(),
            title: "Mweso".to_owned(),
            title_with_article: "de Mweso".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            summary: "4×8 trous, chacun place ses 32 graines ; semis enchaînés, prises « en prise » resemées, alokas."
                .to_owned(),
            rules: RULES.to_owned(),
            players: kit::sud_nord(),
            options: vec![
                kit::choice(
                    "setup",
                    "chaque joueur place ses 32 graines (le document d'origine), ou 4 graines dans chaque trou extérieur",
                    &["place", "fours"],
                ),
                kit::choice(
                    "capture",
                    "la prise du document d'origine (trou extérieur du joueur vide, graines ressemées depuis le trou preneur), ou celle des références",
                    &["seed", "references"],
                ),
                kit::choice(
                    "alokas",
                    "les alokas : les deux trous de gauche de chaque rangée (Ludii, Wikipédia), ou les quatre trous de gauche de la rangée intérieure (l'exemple du document d'origine)",
                    &["left-columns", "inner-row"],
                ),
                Laps::option(),
            ],
            agreement_ends_game: true,
        }
    }

    /// `MOVER:HOLES:SCORES`, once the seeds are placed.
    fn position(&self) -> Option<Result<String, String>> {
        if let Phase::Placing { .. } = self.phase {
            return Some(Err(
                "une position s'écrit une fois le placement fini".to_owned()
            ));
        }
        let mut body = BodyWriter::new();
        write_two_rows(&mut body, self.to_move, &self.pits, &self.scores);
        Some(Ok(body.finish()))
    }

    /// A game with these options at `MOVER:HOLES:SCORES`, its seeds placed.
    fn at_position(options: &Options, body: &str) -> Option<Result<Self, String>> {
        let read = |body: &str| {
            let rules = Mweso::new(options, Player::SUD)?.rules;
            let mut body = BodyReader::new(body);
            let state = read_two_rows(&mut body, HOLES, 2 * u32::from(SEEDS_EACH))?;
            body.end()?;
            let mut pits = [0; HOLES];
            pits.copy_from_slice(&state.holes);
            let mut game = Mweso::from_position(pits, state.to_move, rules);
            game.scores = state.scores;
            // The game ends after a move that leaves a player single seeds.
            for player in [state.to_move, state.to_move.opponent()] {
                if game.playable(player).next().is_none() {
                    return Err(format!(
                        "{} n'a plus que des graines isolées : il a perdu, la partie est finie",
                        kit::name(player)
                    ));
                }
            }
            Ok(game)
        };
        Some(read(body))
    }

    fn new(options: &Options, first: Player) -> Result<Self, String> {
        let rules = Rules {
            references: options.get("capture") == "references",
            laps: Laps::from_options(options),
            alokas: if options.get("alokas") == "inner-row" {
                Alokas::InnerRow
            } else {
                Alokas::LeftColumns
            },
        };
        if options.get("setup") == "fours" {
            let mut pits = [0; HOLES];
            for player in [Player::SUD, Player::NORD] {
                for pit in BOARD.circuit(player).filter(|&pit| BOARD.is_outer(pit)) {
                    pits[pit] = 4;
                }
            }
            return Ok(Mweso::from_position(pits, first, rules));
        }
        let mut game = Mweso::from_position([0; HOLES], first, rules);
        game.phase = Phase::Placing { left: SEEDS_EACH };
        Ok(game)
    }

    fn turn(&self) -> Turn {
        let kind = match self.phase {
            Phase::Placing { .. } => DecisionKind::Placement,
            Phase::Sowing => DecisionKind::Sow,
            Phase::Turning { .. } => DecisionKind::Direction,
        };
        match self.ended {
            Some(ending) => Turn::Over(ending.outcome),
            None => Turn::Decide {
                player: self.to_move,
                kind,
            },
        }
    }

    fn legal_inputs(&self, inputs: &mut Inputs) {
        if self.ended.is_some() {
            return;
        }
        match self.phase {
            Phase::Placing { .. } => kit::push_holes(inputs, BOARD.circuit(self.to_move)),
            Phase::Sowing => kit::push_holes(inputs, self.allowed_moves()),
            Phase::Turning { .. } => inputs.extend([1, 2]),
        }
    }

    fn play(&mut self, input: u32) -> Result<Step, String> {
        kit::refuse_if_over(self.ended)?;
        let mover = self.to_move;
        match self.phase {
            Phase::Placing { left } => {
                let pit = self.check_placement(input)?;
                self.pits[pit] += 1;
                if left > 1 {
                    self.phase = Phase::Placing { left: left - 1 };
                    return Ok(Step::Pending);
                }
                self.to_move = mover.opponent();
                if self.to_move == self.first {
                    self.phase = Phase::Sowing;
                    self.history = Positions::starting_at(&self.pits, self.to_move);
                } else {
                    self.phase = Phase::Placing { left: SEEDS_EACH };
                }
                return Ok(Step::Completed(Gains::NONE));
            }
            Phase::Sowing => {
                let pit = BOARD.own_hole(&self.pits, mover, input, 2)?;
                let hand = Hand {
                    from: pit as u8,
                    seeds: self.pits[pit],
                    laps: 0,
                };
                if let Some(hand) = self.run(hand, None, self.rules.alokas.contain(pit)) {
                    self.phase = Phase::Turning { hand };
                    return Ok(Step::Pending);
                }
            }
            Phase::Turning { hand } => {
                let direction = Direction::from_input(input)?;
                if let Some(hand) = self.run(hand, Some(direction), false) {
                    self.phase = Phase::Turning { hand };
                    return Ok(Step::Pending);
                }
            }
        }
        self.phase = Phase::Sowing;
        self.to_move = mover.opponent();
        self.check_end();
        Ok(Step::Completed(Gains::NONE))
    }

    fn scores(&self) -> &[u32] {
        &self.scores
    }

    fn end_by_agreement(&mut self) -> Result<(), String> {
        kit::refuse_if_over(self.ended)?;
        self.phase = Phase::Sowing;
        self.finish(AGREEMENT, None);
        Ok(())
    }

    /// Seeds on one's rows (they stay in play) weigh 100 each, the
    /// opponent's against; a hole of a single seed cannot be played and
    /// counts for less.
    fn evaluate(&self, player: Player) -> i32 {
        let side = |seat: Player| -> i32 {
            BOARD
                .circuit(seat)
                .map(|pit| match self.pits[pit] {
                    0 => 0,
                    1 => 50,
                    seeds => 100 * i32::from(seeds),
                })
                .sum::<i32>()
                + 100 * self.scores[seat.index()] as i32
        };
        side(player) - side(player.opponent())
    }

    /// The holes, the scores, the player to move, who began, the phase
    /// (seeds left to place, or the seeds in hand) and whether the game is
    /// over; the positions met are history, kept apart by the search.
    fn hash_key(&self) -> Option<u64> {
        let phase = match self.phase {
            Phase::Placing { left } => 1 | u64::from(left) << 8,
            Phase::Sowing => 2,
            Phase::Turning { hand } => {
                3 | u64::from(hand.from) << 8
                    | u64::from(hand.seeds) << 16
                    | u64::from(hand.laps) << 24
            }
        };
        let head = u64::from(self.scores[0])
            | u64::from(self.scores[1]) << 16
            | u64::from(self.to_move.0) << 32
            | u64::from(self.first.0) << 40
            | u64::from(self.ended.is_some()) << 48;
        Some(kit::state_key(head, phase, &self.pits))
    }

    fn layout(&self) -> Layout {
        BOARD.layout(2 * u32::from(SEEDS_EACH))
    }

    fn seeds(&self) -> Vec<u32> {
        kit::seed_counts(&self.pits)
    }

    fn prompt(&self) -> Option<String> {
        if self.ended.is_some() {
            return None;
        }
        let player = kit::name(self.to_move);
        let circuit = BOARD.circuit(self.to_move);
        match self.phase {
            Phase::Sowing => None,
            Phase::Placing { left } => Some(format!(
                "{player}, placement (encore {left} graine(s)) : quel trou ? ({} à {})",
                circuit.start + 1,
                circuit.end
            )),
            Phase::Turning { hand } => {
                let mut pits = self.pits;
                pits[usize::from(hand.from)] -= hand.seeds;
                let last = BOARD.sow_from(
                    &mut pits,
                    usize::from(hand.from),
                    u32::from(hand.seeds),
                    Direction::Clockwise,
                    self.rules.laps,
                );
                // Within 80 columns: the hole just chosen is not said again;
                // the direction is by the hole numbers.
                Some(format!(
                    "{player}, sens ? 1 = croissant, 2 = décroissant (qui finit au {} et prend {} \
                     et {})",
                    last + 1,
                    BOARD.facing(last) + 1,
                    BOARD.facing_outer(last) + 1
                ))
            }
        }
    }

    fn end_reason(&self) -> String {
        kit::end_reason(self.ended)
    }
}

export_variant!(Mweso);

impl Mweso {
    fn from_position(pits: [u8; HOLES], first: Player, rules: Rules) -> Mweso {
        Mweso {
            pits,
            scores: [0, 0],
            to_move: first,
            first,
            phase: Phase::Sowing,
            rules,
            history: Positions::starting_at(&pits, first),
            ended: None,
        }
    }

    /// The holes (indices) the player to move may sow: more than one seed.
    fn allowed_moves(&self) -> impl Iterator<Item = usize> + '_ {
        self.playable(self.to_move)
    }

    /// The holes of `player` holding more than one seed.
    fn playable(&self, player: Player) -> impl Iterator<Item = usize> + '_ {
        BOARD.circuit(player).filter(move |&pit| self.pits[pit] > 1)
    }

    /// The hole index of a placement, or why not.
    fn check_placement(&self, input: u32) -> Result<usize, String> {
        let own = BOARD.circuit(self.to_move);
        match usize::try_from(input) {
            Ok(hole) if own.contains(&hole.wrapping_sub(1)) => Ok(hole - 1),
            _ => Err(format!(
                "placez la graine dans un de vos trous, de {} à {}",
                own.start + 1,
                own.end
            )),
        }
    }

    /// Whether a last seed in `last` (the board being `pits`) captures: an
    /// occupied inner hole of the mover whose column puts the opponent's
    /// two holes « en prise ».
    fn captures(&self, pits: &[u8; HOLES], last: usize) -> bool {
        BOARD.is_inner(last)
            && pits[last] > 1
            && (self.rules.references || pits[BOARD.partner(last)] == 0)
            && pits[BOARD.facing(last)] > 0
            && pits[BOARD.facing_outer(last)] > 0
    }

    /// Whether sowing `hand` clockwise would end in a capture.
    fn clockwise_captures(&self, hand: Hand) -> bool {
        let mut pits = self.pits;
        let from = usize::from(hand.from);
        pits[from] -= hand.seeds;
        let last = BOARD.sow_from(
            &mut pits,
            from,
            u32::from(hand.seeds),
            Direction::Clockwise,
            self.rules.laps,
        );
        self.captures(&pits, last)
    }

    /// Sows `hand` and what follows, going `chosen` for the first sowing
    /// (or asking when `may_turn` and clockwise would capture); returns the
    /// seeds waiting for a direction decision, or `None` when the move ended.
    fn run(
        &mut self,
        mut hand: Hand,
        mut chosen: Option<Direction>,
        mut may_turn: bool,
    ) -> Option<Hand> {
        loop {
            if hand.laps >= MAX_LAPS {
                return None;
            }
            let direction = match chosen.take() {
                Some(direction) => direction,
                None if may_turn && self.clockwise_captures(hand) => return Some(hand),
                None => Direction::Counterclockwise,
            };
            let from = usize::from(hand.from);
            self.pits[from] -= hand.seeds;
            let last = BOARD.sow_from(
                &mut self.pits,
                from,
                u32::from(hand.seeds),
                direction,
                self.rules.laps,
            );
            let laps = hand.laps + 1;
            if self.pits[last] == 1 {
                return None;
            }
            if self.captures(&self.pits, last) {
                let taken = std::mem::take(&mut self.pits[BOARD.facing(last)])
                    + std::mem::take(&mut self.pits[BOARD.facing_outer(last)]);
                let from = if self.rules.references { from } else { last };
                self.pits[from] += taken;
                hand = Hand {
                    from: from as u8,
                    seeds: taken,
                    laps,
                };
                may_turn = direction == Direction::Clockwise;
            } else {
                hand = Hand {
                    from: last as u8,
                    seeds: self.pits[last],
                    laps,
                };
                may_turn = self.rules.alokas.contain(last);
            }
        }
    }

    /// Ends the game if a player is left with single seeds, or the position repeats.
    fn check_end(&mut self) {
        let mover = self.to_move.opponent();
        if self.playable(self.to_move).next().is_none() {
            self.finish(SINGLES, Some(self.to_move));
        } else if self.playable(mover).next().is_none() {
            self.finish(SINGLES, Some(mover));
        } else if self.history.repeats(&self.pits, self.to_move) {
            self.finish(REPEATED, None);
        }
    }

    /// Gives each player the seeds on their rows and settles the outcome:
    /// against `loser`, or by the seeds.
    fn finish(&mut self, reason: &'static str, loser: Option<Player>) {
        self.ended = Some(BOARD.end_game(&mut self.pits, &mut self.scores, reason, loser));
    }
}

#[cfg(test)]
mod tests;
