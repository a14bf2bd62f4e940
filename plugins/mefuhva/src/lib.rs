//! Mefuhva (seed `000`, section « MEFUHVA »), as a variant plugin.
//!
//! Four rows of sixteen holes, two seeds each (128 seeds). Each player owns
//! the two rows on their side, the outer one near them and the inner one
//! near the centre, and sows only round them, counterclockwise (`SPEC.md` §3
//! « The board, 4 rows »: SUD's holes 1..32, NORD's 33..64, each numbered
//! along its owner's circuit; inner holes of one column face each other).
//! The board is drawn with columns of 6 characters (3-digit counts). A move
//! takes every seed of a non-empty hole of one's rows and sows them one by
//! one into the following holes of one's circuit. When the last seed falls
//! in an empty hole of one's inner row, the player takes the seeds of the
//! opponent's hole facing it. At the end each player adds the seeds left on
//! their rows to the seeds taken; the most seeds win.
//!
//! Readings chosen where the seed is silent (the default; the references'
//! rules, `notes/variant-sources.md` §A2, are options):
//! - Any non-empty hole may be sown, a single seed included. A sowing of 32
//!   seeds or more goes round the circuit and drops a seed in the hole it
//!   started from on each lap, as Ludii's Mefuvha.lud sows (Stayt 1931);
//!   option `skip-start=yes` skips that hole, as seed `000`'s elementary
//!   move does. A facing hole that is empty gives nothing.
//! - End (« lorsqu'il est évident qu'aucune prise ne sera plus possible »),
//!   right after a move: when the player to move has no seed on their rows;
//!   when the position (seeds of every hole and player to move) has already
//!   occurred since the last capture; when 200 moves in a row (100 each)
//!   have captured nothing, the players' sowings go round without meeting;
//!   and when both players agree (`0`). Each player then adds the seeds left
//!   on their rows to their score; the higher score wins, equal scores are
//!   a draw.
//! - Option `relay` (`no` by default, as the seed): with `yes`, a last seed
//!   that falls in a hole that already held seeds takes that hole up (the
//!   last seed included) and sows on; a last seed in an empty hole ends the
//!   move, capturing as above if that hole is in the inner row. A chain of
//!   relays may loop for ever, or wander for millions of sowings before it
//!   comes back: a move stops after 1000 sowings, the seeds where the last
//!   one left them, without capture, and the turn passes.
//! - Option `start` (`even` by default, as the seed): with `venda` (Stayt,
//!   Ludii), each player's leftmost inner hole (hole 32, hole 64) starts
//!   empty and the one to its right (31, 63) with one seed (122 seeds in
//!   all), and each player's first move must sow the third inner hole from
//!   their left (30, 62) if it holds seeds.
//! - Option `capture` (`inner` by default, as the seed): with `inner-outer`,
//!   the opponent's outer hole of the same column is taken as well.
//! - Option `extra` (0 by default, as the seed; 1 or 2 as bead.game and
//!   boardandpieces): after a capture that took at least one seed, the
//!   player names that many other non-empty holes of the opponent and takes
//!   them too, one Target decision each (fewer if the opponent has no seed
//!   left). The seeds of a capture leave the board when the move completes,
//!   so the line « a ramassé » counts them all. The end by agreement (`0`)
//!   belongs between moves: the host refuses it while holes are still to
//!   be named (the glue of `variant_api` does, for every variant); a game
//!   ended there all the same (a computer match's length limit) drops that
//!   capture.

use variant_kit as kit;
use variant_kit::body::{read_two_rows, write_two_rows, BodyReader, BodyWriter};
use variant_kit::chain::{self, Link};
use variant_kit::four_rows::{Direction, FourRows, Laps};
use variant_kit::{
    export_variant, DecisionKind, Description, Gains, Inputs, Layout, OptionSpec, OptionValues,
    Options, Player, Step, Turn, Variant,
};
use variant_kit::{Ending, Positions};

/// The board: four rows of sixteen holes.
const BOARD: FourRows = FourRows::new(16);
/// Holes on the board.
const HOLES: usize = BOARD.holes();
/// Seeds in each hole at the start.
const SEEDS_PER_HOLE: u8 = 2;
/// Sowings after which a move stops.
const MAX_LAPS: u32 = 1000;
/// Moves in a row without a capture that end the game.
const QUIET_MOVES: u32 = 200;
/// The place on each circuit of the opening hole of `start=venda` (the
/// third inner hole from the player's left); the two holes after it are
/// the leftmost inner hole (empty) and its neighbour (one seed).
const OPENING_STEP: usize = 2 * 16 - 3;

const RULES: &str = "\
MEFUHVA

Plateau : quatre rangées de 16 trous, 2 graines par trou (128 graines). Chaque joueur \
possède les deux rangées de son côté : l'extérieure, près de lui, et l'intérieure, près \
du centre. SUD possède les trous 1 à 32 (rangée extérieure 1 à 16 de gauche à droite, \
rangée intérieure 17 à 32 de droite à gauche), NORD les trous 33 à 64 (rangée extérieure \
33 à 48, rangée intérieure 49 à 64). Les trous intérieurs d'une même colonne se font face.

Coup : le joueur prend toutes les graines d'un trou non vide de ses rangées (même une \
seule) et les sème une à une dans les trous suivants de ses propres rangées, dans le \
sens inverse des aiguilles d'une montre (numéros croissants, 32 étant suivi de 1 et 64 \
de 33). Un semis de 32 graines ou plus fait le tour et remet une graine dans le trou de \
départ (option skip-start=yes : le trou de départ est sauté).

Prise : si la dernière graine tombe dans un trou vide de sa rangée intérieure, le joueur \
prend les graines du trou adverse qui lui fait face (rien s'il est vide). Les graines \
prises vont à son score.

Fin : la partie s'arrête juste après un coup quand le joueur qui doit jouer n'a plus de \
graine dans ses rangées, quand la position (graines de chaque trou et joueur qui doit \
jouer) s'est déjà présentée depuis la dernière prise, ou quand 200 coups de suite (100 \
chacun) n'ont rien pris. Elle s'arrête aussi quand un joueur entre 0 (les deux joueurs \
sont d'accord). Chaque joueur ajoute alors à son score les graines restées dans ses \
rangées ; le plus haut score gagne, l'égalité est une partie nulle.

Options (règles des sources, notes A2) : relay=yes : si la dernière graine tombe dans un \
trou qui en contenait déjà, le joueur reprend ce trou et continue ; dans un trou vide, \
le coup s'arrête (avec la prise ci-dessus dans la rangée intérieure). Un coup s'arrête \
après 1000 semis : les graines restent où le dernier semis les a laissées, sans prise, et \
le tour passe. \
start=venda : le trou intérieur le plus à gauche de chaque joueur (32, 64) commence vide \
et son voisin de droite (31, 63) avec une graine ; le premier coup de chaque joueur sème \
le troisième trou intérieur depuis sa gauche (30, 62) s'il a des graines. \
capture=inner-outer : le trou extérieur adverse de la même colonne est pris aussi. \
extra=1 ou 2 : après une prise d'au moins une graine, le joueur désigne autant d'autres \
trous non vides de l'adversaire et les prend aussi (0 est refusé tant qu'il reste des \
trous à désigner : la fin d'un commun accord se décide entre deux coups).

Lectures et leurs sources (notes A2 pour les références) :
- plateau de 2 graines partout, semis sans relais, prise du seul trou intérieur d'en face : \
la graine 000 ; start=venda, relay=yes, capture=inner-outer : Ludii Mefuvha.lud (d'après \
Stayt 1931) ; extra=1 ou 2 : bead.game et boardandpieces ;
- tour complet : par défaut (skip-start=no) le trou de départ reçoit une graine, comme le \
semis de Ludii (Mefuvha.lud) ; skip-start=yes suit le coup élémentaire de la graine 000 \
(« nous n'y semons pas de graine ») ;
- un trou d'une seule graine peut être joué : la graine 000 (aucune condition) ;
- fin « lorsqu'il est évident qu'aucune prise ne sera plus possible » (graine 000) : lue \
comme le joueur qui doit jouer sans graine, la position répétée depuis la dernière prise, \
ou 200 coups de suite sans prise : règles du projet ; le compte des graines prises et \
restantes : la graine 000 ;
- arrêt d'un coup après 1000 semis (relay=yes) : règle du projet (notes A11).

Position (--position) : mefuhva[/OPTIONS]:JOUEUR:TROUS:SCORES[:OUVERTURES], le joueur qui \
a la main (S ou N), les graines des trous 1 à 64, les scores de SUD et de NORD, et, avec \
start=venda, si SUD puis NORD ont joué leur premier coup (1 ou 0 chacun : 1,0). La partie \
y reprend sans positions passées et sans coups sans prise derrière elle ; une position \
s'écrit entre deux coups, pas pendant le choix des trous pris en plus.";

/// Why a game ends; each player then takes the seeds of their rows.
const NO_SEED: &str =
    "le joueur qui doit jouer n'a plus de graine ; chacun prend les graines de ses rangées.";
const REPEATED: &str =
    "la position s'est répétée depuis la dernière prise ; chacun prend les graines de ses rangées.";
const QUIET: &str = "200 coups de suite n'ont rien pris ; chacun prend les graines de ses rangées.";
const AGREEMENT: &str =
    "les joueurs sont d'accord pour finir ; chacun prend les graines de ses rangées.";

/// The rules a game is played with (the options).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rules {
    /// A last seed in an occupied hole takes it up and sows on.
    relay: bool,
    /// The Venda start and opening move.
    venda: bool,
    /// The opponent's outer hole of the column is taken too.
    outer: bool,
    /// Other holes of the opponent taken after a capture.
    extra: u8,
    /// What a sowing that laps round does in its start hole.
    laps: Laps,
}

impl Rules {
    /// The default readings (the seed's, and the references' laps).
    #[cfg(test)]
    const SEED: Rules = Rules {
        relay: false,
        venda: false,
        outer: false,
        extra: 0,
        laps: Laps::ThroughStart,
    };
}

/// What the player to move decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Which hole to sow.
    Sowing,
    /// Which other hole of the opponent to take, `left` of them; the
    /// first `count` of `holes` are taken when the move completes.
    Extra { left: u8, holes: Taken },
}

/// The holes a capture takes, by index: at most the facing inner and
/// outer holes and two more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Taken {
    holes: [u8; 4],
    count: u8,
}

impl Taken {
    const NONE: Taken = Taken {
        holes: [0; 4],
        count: 0,
    };

    fn push(&mut self, pit: usize) {
        self.holes[usize::from(self.count)] = pit as u8;
        self.count += 1;
    }

    fn iter(self) -> impl Iterator<Item = usize> {
        (0..usize::from(self.count)).map(move |at| usize::from(self.holes[at]))
    }

    fn contains(self, pit: usize) -> bool {
        self.iter().any(|hole| hole == pit)
    }
}

/// A game of Mefuhva.
#[derive(Debug)]
pub struct Mefuhva {
    /// Seeds per hole; index `n - 1` is hole `n`.
    pits: [u8; HOLES],
    scores: [u32; 2],
    to_move: Player,
    rules: Rules,
    phase: Phase,
    /// Whether each player has made their first move (for `start=venda`).
    opened: [bool; 2],
    /// Moves in a row without a capture.
    quiet: u32,
    /// The positions reached since the last capture.
    history: Positions,
    ended: Option<Ending>,
}

variant_kit::clone_by_fields!(Mefuhva {
    pits,
    scores,
    to_move,
    rules,
    phase,
    opened,
    quiet,
    history,
    ended
});

impl Variant for Mefuhva {
    fn describe() -> Description {
        Description {
            id: "mefuhva".to_owned(),
            title: "Mefuhva".to_owned(),
            title_with_article: "de Mefuhva".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            summary: "4×16 trous, 128 graines, chacun sème dans ses deux rangées ; finir dans un trou intérieur vide prend le trou d'en face."
                .to_owned(),
            rules: RULES.to_owned(),
            players: kit::sud_nord(),
            options: vec![
                kit::choice(
                    "relay",
                    "une dernière graine dans un trou occupé le vide et continue le semis (les références)",
                    &["no", "yes"],
                ),
                kit::choice(
                    "start",
                    "2 graines partout (le document d'origine), ou le départ venda : le trou intérieur de gauche vide, son voisin à 1, une ouverture fixée",
                    &["even", "venda"],
                ),
                kit::choice(
                    "capture",
                    "le trou intérieur d'en face (le document d'origine), ou aussi le trou extérieur derrière lui",
                    &["inner", "inner-outer"],
                ),
                OptionSpec {
                    key: "extra".to_owned(),
                    help: "autres trous de l'adversaire que le preneur nomme et prend après une prise"
                        .to_owned(),
                    default: "0".to_owned(),
                    values: OptionValues::Range { min: 0, max: 2 },
                },
                Laps::option(),
            ],
            agreement_ends_game: true,
        }
    }

    /// `MOVER:HOLES:SCORES`, then, with `start=venda`, who has opened.
    fn position(&self) -> Option<Result<String, String>> {
        let mut body = BodyWriter::new();
        write_two_rows(&mut body, self.to_move, &self.pits, &self.scores);
        if self.rules.venda {
            body.list(self.opened.map(u8::from));
        }
        Some(Ok(body.finish()))
    }

    /// A game with these options at the position [`Mefuhva::position`] writes.
    fn at_position(options: &Options, body: &str) -> Option<Result<Self, String>> {
        let read = |body: &str| {
            let game = Mefuhva::new(options, Player::SUD)?;
            let mut body = BodyReader::new(body);
            let state = read_two_rows(&mut body, HOLES, game.all_seeds())?;
            let mut pits = [0; HOLES];
            pits.copy_from_slice(&state.holes);
            let mut game = Mefuhva::from_position(pits, state.scores, state.to_move, game.rules);
            if game.rules.venda {
                let what = "si SUD et NORD ont joué leur premier coup";
                let opened = body.list(what, 2)?;
                if opened.iter().any(|&flag| flag > 1) {
                    return Err(body.refusal(what, "attendu 1 ou 0 pour chacun"));
                }
                game.opened = [opened[0] == 1, opened[1] == 1];
            }
            body.end()?;
            Ok(game)
        };
        Some(read(body))
    }

    fn new(options: &Options, first: Player) -> Result<Self, String> {
        let rules = Rules {
            relay: options.get("relay") == "yes",
            venda: options.get("start") == "venda",
            outer: options.get("capture") == "inner-outer",
            extra: options.number("extra").min(2) as u8,
            laps: Laps::from_options(options),
        };
        let mut pits = [SEEDS_PER_HOLE; HOLES];
        if rules.venda {
            for player in [Player::SUD, Player::NORD] {
                let start = BOARD.circuit(player).start;
                pits[start + OPENING_STEP + 1] = 1;
                pits[start + OPENING_STEP + 2] = 0;
            }
        }
        Ok(Mefuhva::from_position(pits, [0, 0], first, rules))
    }

    fn turn(&self) -> Turn {
        match (self.ended, self.phase) {
            (None, Phase::Extra { .. }) => Turn::Decide {
                player: self.to_move,
                kind: DecisionKind::TargetHole,
            },
            (ended, _) => kit::sowing_turn(ended, self.to_move),
        }
    }

    fn legal_inputs(&self, inputs: &mut Inputs) {
        if self.ended.is_some() {
            return;
        }
        match self.phase {
            Phase::Sowing => kit::push_holes(inputs, self.allowed_moves()),
            Phase::Extra { holes, .. } => kit::push_holes(inputs, self.targets(holes)),
        }
    }

    fn play(&mut self, input: u32) -> Result<Step, String> {
        kit::refuse_if_over(self.ended)?;
        let mover = self.to_move;
        let holes = match self.phase {
            Phase::Sowing => {
                let pit = self.check_move(input)?;
                self.opened[mover.index()] = true;
                let holes = self.sow_move(pit);
                if holes.count > 0 && self.rules.extra > 0 && self.targets(holes).next().is_some() {
                    self.phase = Phase::Extra {
                        left: self.rules.extra,
                        holes,
                    };
                    return Ok(Step::Pending);
                }
                holes
            }
            Phase::Extra { left, mut holes } => {
                let pit = self.check_target(input, holes)?;
                holes.push(pit);
                if left > 1 && self.targets(holes).next().is_some() {
                    self.phase = Phase::Extra {
                        left: left - 1,
                        holes,
                    };
                    return Ok(Step::Pending);
                }
                self.phase = Phase::Sowing;
                holes
            }
        };
        let mut taken = 0;
        for pit in holes.iter() {
            taken += u32::from(std::mem::take(&mut self.pits[pit]));
        }
        self.scores[mover.index()] += taken;
        self.to_move = mover.opponent();
        self.check_end(taken > 0);
        Ok(Step::Completed(Gains::of(mover, taken)))
    }

    fn scores(&self) -> &[u32] {
        &self.scores
    }

    fn end_by_agreement(&mut self) -> Result<(), String> {
        kit::refuse_if_over(self.ended)?;
        self.phase = Phase::Sowing;
        self.finish(AGREEMENT);
        Ok(())
    }

    /// Seeds taken and seeds on one's own rows both count at the end: each
    /// is worth 100, the opponent's against.
    fn evaluate(&self, player: Player) -> i32 {
        BOARD.standing(&self.pits, &self.scores, player)
    }

    /// The holes, the scores, the player to move, who has made their first
    /// move, the phase (the holes still to take and those taken) and
    /// whether the game is over; the positions met and the moves without a
    /// capture are history, kept apart by the search, as a position leaves
    /// them out.
    fn hash_key(&self) -> Option<u64> {
        let phase = match self.phase {
            Phase::Sowing => 0,
            Phase::Extra { left, holes } => {
                let taken = holes
                    .holes
                    .iter()
                    .enumerate()
                    .fold(0u64, |word, (at, &hole)| word | u64::from(hole) << (8 * at));
                1 | u64::from(left) << 8 | u64::from(holes.count) << 16 | taken << 24
            }
        };
        let head = u64::from(self.scores[0])
            | u64::from(self.scores[1]) << 16
            | u64::from(self.to_move.0) << 32
            | u64::from(self.opened[0]) << 40
            | u64::from(self.opened[1]) << 41
            | u64::from(self.ended.is_some()) << 42;
        Some(kit::state_key(head, phase, &self.pits))
    }

    fn layout(&self) -> Layout {
        BOARD.layout(self.all_seeds())
    }

    fn seeds(&self) -> Vec<u32> {
        kit::seed_counts(&self.pits)
    }

    fn prompt(&self) -> Option<String> {
        match (self.ended, self.phase) {
            // Within 80 columns: the targets listed, or said in words where
            // the list is too long for the line.
            (None, Phase::Extra { left, holes }) => {
                let player = kit::name(self.to_move);
                let opponent = kit::name(self.to_move.opponent());
                let taken: Vec<String> = holes.iter().map(|pit| (pit + 1).to_string()).collect();
                let taken = match taken.split_last() {
                    Some((last, [])) => last.clone(),
                    Some((last, first)) => format!("{} et {last}", first.join(", ")),
                    None => String::new(),
                };
                let targets = kit::choices(self.targets(holes).map(|pit| pit as u32 + 1), false);
                let rows = BOARD.circuit(self.to_move.opponent());
                Some(kit::fitting([
                    format!(
                        "{player} prend {taken} : quel autre trou de {opponent} prenez-vous \
                         (encore {left}) ? {targets}"
                    ),
                    format!("{player} prend {taken} : autre trou de {opponent} (encore {left}) ? {targets}"),
                    format!(
                        "{player} prend {taken} : quel autre trou non vide de {opponent} \
                         ({} à {}, encore {left}) ?",
                        rows.start + 1,
                        rows.end
                    ),
                ]))
            }
            _ => None,
        }
    }

    fn end_reason(&self) -> String {
        kit::end_reason(self.ended)
    }
}

export_variant!(Mefuhva);

/// The position before one sowing of a move: the seeds, and the hole about
/// to be taken up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Lap {
    pits: [u8; HOLES],
    from: u8,
}

/// How the chain of a move ended: the seeds, and the hole of the last seed.
#[derive(Clone, Copy, Debug)]
struct Finish {
    pits: [u8; HOLES],
    last: usize,
}

impl Mefuhva {
    fn from_position(
        pits: [u8; HOLES],
        scores: [u32; 2],
        to_move: Player,
        rules: Rules,
    ) -> Mefuhva {
        Mefuhva {
            pits,
            scores,
            to_move,
            rules,
            phase: Phase::Sowing,
            opened: [!rules.venda; 2],
            quiet: 0,
            history: Positions::starting_at(&pits, to_move),
            ended: None,
        }
    }

    /// The seeds of the game, on the board or taken (128, or 122 with
    /// `start=venda`).
    fn all_seeds(&self) -> u32 {
        self.pits.iter().map(|&seeds| u32::from(seeds)).sum::<u32>()
            + self.scores.iter().sum::<u32>()
    }

    /// The opening hole the player to move must sow, if any.
    fn forced_opening(&self) -> Option<usize> {
        let pit = BOARD.circuit(self.to_move).start + OPENING_STEP;
        (!self.opened[self.to_move.index()] && self.pits[pit] > 0).then_some(pit)
    }

    /// The holes (indices) the player to move may sow.
    fn allowed_moves(&self) -> impl Iterator<Item = usize> + '_ {
        let forced = self.forced_opening();
        BOARD
            .circuit(self.to_move)
            .filter(move |&pit| self.pits[pit] > 0 && forced.is_none_or(|opening| pit == opening))
    }

    /// The opponent's holes the player may take after a capture, besides
    /// the holes already taken.
    fn targets(&self, taken: Taken) -> impl Iterator<Item = usize> + '_ {
        BOARD
            .circuit(self.to_move.opponent())
            .filter(move |&pit| self.pits[pit] > 0 && !taken.contains(pit))
    }

    /// The hole index of `input`, or why it may not be sown.
    fn check_move(&self, input: u32) -> Result<usize, String> {
        let pit = BOARD.own_hole(&self.pits, self.to_move, input, 1)?;
        match self.forced_opening() {
            Some(opening) if opening != pit => Err(format!(
                "le premier coup sème le troisième trou intérieur depuis la gauche : jouez {}",
                opening + 1
            )),
            _ => Ok(pit),
        }
    }

    /// The hole index of `input`, or why it may not be taken.
    fn check_target(&self, input: u32, taken: Taken) -> Result<usize, String> {
        let opponent = self.to_move.opponent();
        let pit = BOARD.own_hole(&self.pits, opponent, input, 1);
        pit.ok().filter(|&pit| !taken.contains(pit)).ok_or_else(|| {
            format!(
                "{input} n'est pas un trou non vide de {} : choisissez parmi {}",
                kit::name(opponent),
                kit::hole_list(self.targets(taken).map(|pit| pit as u32 + 1))
            )
        })
    }

    /// One sowing of a move, and what it leads to.
    fn lap(&self, lap: Lap) -> Link<Lap, Finish> {
        let mut pits = lap.pits;
        let last = BOARD.sow(
            &mut pits,
            usize::from(lap.from),
            Direction::Counterclockwise,
            self.rules.laps,
        );
        if self.rules.relay && pits[last] > 1 {
            Link::Next(Lap {
                pits,
                from: last as u8,
            })
        } else {
            Link::End(Finish { pits, last })
        }
    }

    /// Sows `pit` and every relay that follows (at most [`MAX_LAPS`]
    /// sowings); returns the holes the last seed captures (none if they
    /// hold no seed), left on the board until the move completes.
    fn sow_move(&mut self, pit: usize) -> Taken {
        let start = Lap {
            pits: self.pits,
            from: pit as u8,
        };
        let last = match chain::follow_at_most(start, MAX_LAPS, |lap| self.lap(lap)) {
            Link::End(finish) => {
                self.pits = finish.pits;
                finish.last
            }
            Link::Next(lap) => {
                self.pits = lap.pits;
                return Taken::NONE;
            }
        };
        let mut taken = Taken::NONE;
        if self.pits[last] != 1 || !BOARD.is_inner(last) {
            return taken;
        }
        taken.push(BOARD.facing(last));
        if self.rules.outer {
            taken.push(BOARD.facing_outer(last));
        }
        if taken.iter().all(|pit| self.pits[pit] == 0) {
            return Taken::NONE;
        }
        taken
    }

    /// Ends the game if one of the end conditions holds.
    fn check_end(&mut self, captured: bool) {
        self.quiet = if captured { 0 } else { self.quiet + 1 };
        if self.history.reached(&self.pits, self.to_move, captured) {
            self.finish(REPEATED);
        } else if self.allowed_moves().next().is_none() {
            self.finish(NO_SEED);
        } else if self.quiet >= QUIET_MOVES {
            self.finish(QUIET);
        }
    }

    /// Gives each player the seeds left on their rows and settles the outcome.
    fn finish(&mut self, reason: &'static str) {
        self.ended = Some(BOARD.end_game(&mut self.pits, &mut self.scores, reason, None));
    }
}

#[cfg(test)]
mod tests;
