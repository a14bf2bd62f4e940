//! Katra (seed `000`, section « KATRA »), as a variant plugin.
//!
//! Four rows of eight holes, two seeds each (64 seeds). Each player owns the
//! two rows on their side, the outer one near them and the inner one near
//! the centre, and sows only round them, counterclockwise (`SPEC.md` §3
//! « The board, 4 rows »: SUD's holes 1..16, NORD's 17..32, each numbered
//! along its owner's circuit; inner holes of one column face each other). A
//! move takes every seed of a non-empty hole of one's rows and sows them one
//! by one into the following holes of one's circuit. When the last seed
//! falls in a hole of one's inner row, the player takes the seeds of the
//! opponent's inner hole facing it « si elles sont en plus petit nombre ».
//! The most seeds win.
//!
//! Readings chosen where the seed is silent (the default; the references'
//! rules, `notes/variant-sources.md` §A1, are options):
//! - « En plus petit nombre » compares the facing hole with the hole where
//!   the last seed fell, that seed included: the facing seeds are taken when
//!   there are fewer of them (and at least one). A last seed falling in an
//!   empty inner hole (1 seed) therefore never captures.
//! - A sowing of 16 seeds or more goes round the circuit and drops a seed in
//!   the hole it started from on each lap, as Ludii's Katra.lud sows
//!   (Murray 1951). Option `skip-start=yes` skips that hole, as seed
//!   `000`'s elementary move does (« nous n'y semons pas de graine »).
//! - Option `relay` (`no` by default, as the seed): with `yes`, a last seed
//!   that falls in a hole that already held seeds, and captures nothing,
//!   takes up that hole (the last seed included) and sows on; a last seed in
//!   an empty hole ends the move.
//! - Option `direction` (`counterclockwise` by default, as the seed): with
//!   `first-move`, the first player chooses the direction before the first
//!   move, a Direction decision (1 counterclockwise, 2 clockwise), and both
//!   players sow that way for the whole game.
//! - Option `captured` (`taken` by default, as the seed's other games say:
//!   « Les graines prises sont posées à côté du joueur », Mefuhva): the
//!   captured seeds go to the player's score. With `resown`, the
//!   references' rule, they stay in play: the player sows them on from the
//!   hole after the capturing one, and the move goes on by the same rules (a
//!   new capture, a relay...). Seeds that stay on the board are not « ramassées »:
//!   the scores then stay at 0 until the end.
//! - End of the game: right after a move, when the player to move has no
//!   seed on their rows (they cannot move); or when the position (seeds of
//!   every hole and player to move) has already occurred since the last
//!   capture (with `captured=resown`, since the start: a capture there is
//!   no progress); also when both players agree (`0`). Each player then adds
//!   the seeds left on their two rows to their score; the higher score wins,
//!   equal scores are a draw. Option `end=no-move-loses` (the references):
//!   a player who cannot move loses, whatever the scores.
//! - Endless sowing (with `relay=yes` or `captured=resown`): a chain of
//!   relays may loop for ever, or wander for millions of sowings before it
//!   comes back. A move therefore stops after 1000 sowings (the first one,
//!   relays and resown captures): the seeds stay where the last sowing left
//!   them (seeds still in hand are put in the hole they were to be sown
//!   from), captures already made stand, and the turn passes. Random games
//!   need more than 100 sowings in about one move in 10 000.

use variant_kit as kit;
use variant_kit::body::{read_two_rows, write_two_rows, BodyReader, BodyWriter};
use variant_kit::chain::{self, Link};
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
/// Seeds in each hole at the start.
const SEEDS_PER_HOLE: u8 = 2;
/// Sowings after which a move stops.
const MAX_LAPS: u32 = 1000;

const RULES: &str = "\
KATRA

Plateau : quatre rangées de 8 trous, 2 graines par trou (64 graines). Chaque joueur \
possède les deux rangées de son côté : l'extérieure, près de lui, et l'intérieure, près \
du centre. SUD possède les trous 1 à 16 (rangée extérieure 1 à 8 de gauche à droite, \
rangée intérieure 9 à 16 de droite à gauche), NORD les trous 17 à 32 (rangée extérieure \
17 à 24, rangée intérieure 25 à 32). Les trous intérieurs d'une même colonne se font face.

Coup : le joueur prend toutes les graines d'un trou non vide de ses rangées et les sème \
une à une dans les trous suivants de ses propres rangées, dans le sens inverse des \
aiguilles d'une montre (numéros croissants, 16 étant suivi de 1 et 32 de 17). Un semis \
de 16 graines ou plus fait le tour et remet une graine dans le trou de départ (option \
skip-start=yes : le trou de départ est sauté).

Prise : si la dernière graine tombe dans un trou de sa rangée intérieure, le joueur prend \
les graines du trou intérieur adverse qui lui fait face si elles sont en plus petit \
nombre que celles du trou où est tombée sa graine (celle-ci comprise), et s'il y en a au \
moins une. Les graines prises vont au score du joueur.

Options (règles des sources, notes A1) : relay=yes : si la dernière graine tombe dans un \
trou qui en contenait déjà, sans prise, le joueur reprend ce trou et continue ; dans un \
trou vide, le coup s'arrête. direction=first-move : avant le premier coup, le premier \
joueur choisit le sens (1 = sens inverse des aiguilles d'une montre, 2 = sens des \
aiguilles) que les deux joueurs suivent toute la partie. captured=resown : les graines \
prises restent en jeu ; le joueur les sème à partir du trou qui suit celui de la prise, \
et le coup continue selon les mêmes règles (les scores restent alors à 0 jusqu'à la fin). \
end=no-move-loses : le joueur qui ne peut plus jouer perd.

Semis sans fin (relay=yes, captured=resown) : un coup s'arrête après 1000 semis (le \
premier, les reprises et les graines prises resemées) ; les graines restent où le dernier \
semis les a laissées (celles encore en main vont dans le trou d'où elles devaient partir), \
les prises déjà faites restent acquises et le tour passe.

Fin : la partie s'arrête juste après un coup quand le joueur qui doit jouer n'a plus de \
graine dans ses rangées, ou quand la position (graines de chaque trou et joueur qui doit \
jouer) s'est déjà présentée depuis la dernière prise (avec captured=resown : depuis le \
début). Elle s'arrête aussi quand un joueur entre 0 (les deux joueurs sont d'accord). \
Chaque joueur ajoute alors à son score les graines restées dans ses rangées ; le plus \
haut score gagne, l'égalité est une partie nulle. Avec end=no-move-loses, le joueur qui \
ne peut plus jouer perd.

Lectures et leurs sources (la section KATRA de la graine 000 ne dit que le plateau, le \
semis et la prise ; notes A1 pour les références) :
- « en plus petit nombre » compare au trou d'arrivée, dernière graine comprise : lecture \
du projet du texte de la graine 000 ;
- tour complet : par défaut (skip-start=no) le trou de départ reçoit une graine, comme le \
semis de Ludii (Katra.lud, d'après Murray 1951) ; skip-start=yes suit le coup élémentaire \
de la graine 000 (« nous n'y semons pas de graine ») ;
- pas de relais, sens unique, graines prises sorties du plateau : la graine 000 ; \
relay=yes, direction=first-move, captured=resown : Ludii Katra.lud (Murray 1951) et Mancala \
World ;
- fin quand le joueur qui doit jouer n'a plus de graine, en comptant les graines : lecture \
du projet (la graine 000 ne donne pas de fin) ; end=no-move-loses : Ludii Katra.lud ;
- fin par position répétée et arrêt d'un coup après 1000 semis : règles du projet, aucune \
source n'en donne (le semis peut ne jamais finir, notes A1 et A11).

Position (--position) : katra[/OPTIONS]:JOUEUR:TROUS:SCORES[:SENS], le joueur qui a la \
main (S ou N), les graines des trous 1 à 32, les scores de SUD et de NORD, et, avec \
direction=first-move, le sens de la partie (1 inverse des aiguilles d'une montre, 2 \
dans leur sens, 0 s'il n'est pas encore choisi) : \
katra:S:2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2:0,0. La partie y \
reprend sans positions passées.";

/// Why a game ends; each player then takes the seeds of their rows.
const NO_SEED: &str =
    "le joueur qui doit jouer n'a plus de graine ; chacun prend les graines de ses rangées.";
const NO_SEED_LOSES: &str =
    "le joueur qui doit jouer n'a plus de graine et perd ; chacun prend les graines de ses rangées.";
const REPEATED: &str =
    "la position s'est répétée depuis la dernière prise ; chacun prend les graines de ses rangées.";
const REPEATED_GAME: &str = "la position s'est répétée ; chacun prend les graines de ses rangées.";
const AGREEMENT: &str =
    "les joueurs sont d'accord pour finir ; chacun prend les graines de ses rangées.";

/// The rules a game is played with (the options).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rules {
    /// A last seed in an occupied hole takes it up and sows on.
    relay: bool,
    /// The first player chooses the direction of the whole game.
    choose_direction: bool,
    /// Captured seeds are sown on instead of going to the score.
    resow: bool,
    /// A player who cannot move loses.
    no_move_loses: bool,
    /// What a sowing that laps round does in its start hole.
    laps: Laps,
}

impl Rules {
    /// The default readings (the seed's, and the references' laps).
    #[cfg(test)]
    const SEED: Rules = Rules {
        relay: false,
        choose_direction: false,
        resow: false,
        no_move_loses: false,
        laps: Laps::ThroughStart,
    };
}

/// A game of Katra.
#[derive(Debug)]
pub struct Katra {
    /// Seeds per hole; index `n - 1` is hole `n`.
    pits: [u8; HOLES],
    scores: [u32; 2],
    to_move: Player,
    rules: Rules,
    /// The direction of the game; `None` until the first player chooses it.
    direction: Option<Direction>,
    /// The positions reached since the last capture (since the start when
    /// captured seeds are sown on).
    history: Positions,
    ended: Option<Ending>,
}

variant_kit::clone_by_fields!(Katra {
    pits,
    scores,
    to_move,
    rules,
    direction,
    history,
    ended
});

impl Variant for Katra {
    fn describe() -> Description {
        Description {
            id: "katra".to_owned(),
            title: "Katra".to_owned(),
            title_with_article: "de Katra".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            summary: "4×8 trous, chacun sème dans ses deux rangées ; on prend le trou intérieur d'en face s'il a moins de graines."
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
                    "direction",
                    "toujours dans le sens inverse des aiguilles d'une montre (le document d'origine), ou choisi par le premier joueur pour toute la partie",
                    &["counterclockwise", "first-move"],
                ),
                kit::choice(
                    "captured",
                    "les graines prises sont gardées (le document d'origine), ou ressemées depuis le trou preneur (les références)",
                    &["taken", "resown"],
                ),
                kit::choice(
                    "end",
                    "quand un joueur ne peut plus jouer : on compte les graines (la lecture retenue), ou ce joueur perd (les références)",
                    &["count", "no-move-loses"],
                ),
                Laps::option(),
            ],
            agreement_ends_game: true,
        }
    }

    fn new(options: &Options, first: Player) -> Result<Self, String> {
        let rules = Rules {
            relay: options.get("relay") == "yes",
            choose_direction: options.get("direction") == "first-move",
            resow: options.get("captured") == "resown",
            no_move_loses: options.get("end") == "no-move-loses",
            laps: Laps::from_options(options),
        };
        Ok(Katra::from_position(
            [SEEDS_PER_HOLE; HOLES],
            [0, 0],
            first,
            rules,
        ))
    }

    fn turn(&self) -> Turn {
        match (self.ended, self.direction) {
            (None, None) => Turn::Decide {
                player: self.to_move,
                kind: DecisionKind::Direction,
            },
            (ended, _) => kit::sowing_turn(ended, self.to_move),
        }
    }

    fn legal_inputs(&self, inputs: &mut Inputs) {
        if self.ended.is_some() {
            return;
        }
        match self.direction {
            None => inputs.extend([1, 2]),
            Some(_) => kit::push_holes(inputs, self.allowed_moves()),
        }
    }

    fn play(&mut self, input: u32) -> Result<Step, String> {
        kit::refuse_if_over(self.ended)?;
        if self.direction.is_none() {
            self.direction = Some(Direction::from_input(input)?);
            return Ok(Step::Pending);
        }
        let pit = BOARD.own_hole(&self.pits, self.to_move, input, 1)?;
        let mover = self.to_move;
        let (gained, captured) = self.sow_move(pit);
        self.to_move = mover.opponent();
        self.check_end(captured);
        Ok(Step::Completed(Gains::of(mover, gained)))
    }

    fn scores(&self) -> &[u32] {
        &self.scores
    }

    fn end_by_agreement(&mut self) -> Result<(), String> {
        kit::refuse_if_over(self.ended)?;
        self.finish(AGREEMENT, None);
        Ok(())
    }

    /// Seeds taken and seeds on one's own rows both count at the end: each
    /// is worth 100, the opponent's against.
    fn evaluate(&self, player: Player) -> i32 {
        BOARD.standing(&self.pits, &self.scores, player)
    }

    /// The holes, the scores, the player to move, the direction (not yet
    /// chosen, or which) and whether the game is over; the positions met
    /// are history, kept apart by the search.
    fn hash_key(&self) -> Option<u64> {
        let direction = match self.direction {
            None => 0,
            Some(Direction::Counterclockwise) => 1,
            Some(Direction::Clockwise) => 2,
        };
        let head = u64::from(self.scores[0])
            | u64::from(self.scores[1]) << 16
            | u64::from(self.to_move.0) << 32
            | u64::from(self.ended.is_some()) << 40;
        Some(kit::state_key(head, direction, &self.pits))
    }

    fn layout(&self) -> Layout {
        BOARD.layout(SEEDS_PER_HOLE as u32 * HOLES as u32)
    }

    fn seeds(&self) -> Vec<u32> {
        kit::seed_counts(&self.pits)
    }

    fn prompt(&self) -> Option<String> {
        match (self.ended, self.direction) {
            // Within 80 columns: the direction by the hole numbers (the
            // rules text says it by the clock too).
            (None, None) => Some(format!(
                "{}, sens des semis de la partie ? 1 = numéros croissants, 2 = décroissants",
                kit::name(self.to_move)
            )),
            _ => None,
        }
    }

    fn end_reason(&self) -> String {
        kit::end_reason(self.ended)
    }

    /// `MOVER:HOLES:SCORES`, then the direction with `direction=first-move`.
    fn position(&self) -> Option<Result<String, String>> {
        let mut body = BodyWriter::new();
        write_two_rows(&mut body, self.to_move, &self.pits, &self.scores);
        if self.rules.choose_direction {
            body.field(match self.direction {
                None => 0,
                Some(Direction::Counterclockwise) => 1,
                Some(Direction::Clockwise) => 2,
            });
        }
        Some(Ok(body.finish()))
    }

    /// A game with these options at the position [`Katra::position`] writes.
    fn at_position(options: &Options, body: &str) -> Option<Result<Self, String>> {
        let read = |body: &str| {
            let game = Katra::new(options, Player::SUD)?;
            let mut body = BodyReader::new(body);
            let state = read_two_rows(&mut body, HOLES, SEEDS_PER_HOLE as u32 * HOLES as u32)?;
            let mut pits = [0; HOLES];
            pits.copy_from_slice(&state.holes);
            let mut game = Katra::from_position(pits, state.scores, state.to_move, game.rules);
            if game.rules.choose_direction {
                game.direction = match body.number("le sens de la partie", 0..=2)? {
                    0 => None,
                    chosen => Some(Direction::from_input(chosen)?),
                };
            }
            body.end()?;
            Ok(game)
        };
        Some(read(body))
    }
}

export_variant!(Katra);

/// The position before one sowing of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Lap {
    pits: [u8; HOLES],
    /// The hole sown from.
    from: u8,
    /// Seeds in hand, sown from the hole after `from` (captured seeds being
    /// sown on); when 0, the seeds of `from` are taken up.
    hand: u8,
}

/// How the chain of a move ended: the seeds, and the seeds it captured.
#[derive(Clone, Copy, Debug)]
struct Finish {
    pits: [u8; HOLES],
    taken: u8,
}

impl Katra {
    fn from_position(pits: [u8; HOLES], scores: [u32; 2], to_move: Player, rules: Rules) -> Katra {
        Katra {
            pits,
            scores,
            to_move,
            rules,
            direction: (!rules.choose_direction).then_some(Direction::Counterclockwise),
            history: Positions::starting_at(&pits, to_move),
            ended: None,
        }
    }

    /// The holes (indices) the player to move may sow.
    fn allowed_moves(&self) -> impl Iterator<Item = usize> + '_ {
        BOARD
            .circuit(self.to_move)
            .filter(move |&pit| self.pits[pit] > 0)
    }

    /// One sowing of a move, and what it leads to.
    fn lap(&self, lap: Lap) -> Link<Lap, Finish> {
        let direction = self.direction.unwrap_or(Direction::Counterclockwise);
        let mut pits = lap.pits;
        let from = usize::from(lap.from);
        let last = if lap.hand > 0 {
            BOARD.sow_from(
                &mut pits,
                from,
                u32::from(lap.hand),
                direction,
                self.rules.laps,
            )
        } else {
            BOARD.sow(&mut pits, from, direction, self.rules.laps)
        };
        if BOARD.is_inner(last) {
            let facing = BOARD.facing(last);
            let theirs = pits[facing];
            if theirs > 0 && theirs < pits[last] {
                pits[facing] = 0;
                if self.rules.resow {
                    return Link::Next(Lap {
                        pits,
                        from: last as u8,
                        hand: theirs,
                    });
                }
                return Link::End(Finish {
                    pits,
                    taken: theirs,
                });
            }
        }
        if self.rules.relay && pits[last] > 1 {
            return Link::Next(Lap {
                pits,
                from: last as u8,
                hand: 0,
            });
        }
        Link::End(Finish { pits, taken: 0 })
    }

    /// Sows `pit` and whatever follows (relays, captured seeds sown on), at
    /// most [`MAX_LAPS`] sowings; returns the seeds that went to the score
    /// and whether any capture was made.
    fn sow_move(&mut self, pit: usize) -> (u32, bool) {
        let before = BOARD.circuit_seeds(&self.pits, self.to_move.opponent());
        let start = Lap {
            pits: self.pits,
            from: pit as u8,
            hand: 0,
        };
        let taken = match chain::follow_at_most(start, MAX_LAPS, |lap| self.lap(lap)) {
            Link::End(finish) => {
                self.pits = finish.pits;
                u32::from(finish.taken)
            }
            Link::Next(lap) => {
                self.pits = lap.pits;
                self.pits[usize::from(lap.from)] += lap.hand;
                0
            }
        };
        self.scores[self.to_move.index()] += taken;
        let captured = BOARD.circuit_seeds(&self.pits, self.to_move.opponent()) < before;
        (taken, captured)
    }

    /// Ends the game if the player to move cannot move or the position repeats.
    fn check_end(&mut self, captured: bool) {
        let repeated = if self.rules.resow {
            self.history.repeats(&self.pits, self.to_move)
        } else {
            self.history.reached(&self.pits, self.to_move, captured)
        };
        if self.allowed_moves().next().is_none() {
            if self.rules.no_move_loses {
                self.finish(NO_SEED_LOSES, Some(self.to_move));
            } else {
                self.finish(NO_SEED, None);
            }
        } else if repeated {
            self.finish(
                if self.rules.resow {
                    REPEATED_GAME
                } else {
                    REPEATED
                },
                None,
            );
        }
    }

    /// Gives each player the seeds left on their rows and settles the
    /// outcome: by the scores, or against `loser`.
    fn finish(&mut self, reason: &'static str, loser: Option<Player>) {
        self.ended = Some(BOARD.end_game(&mut self.pits, &mut self.scores, reason, loser));
    }
}

#[cfg(test)]
mod tests;
