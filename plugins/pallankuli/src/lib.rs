//! Pallankuli (seed 002, section « Le Pallankuli », South India), as a
//! variant plugin.
//!
//! Two rows of `holes` holes (7 by default), `seeds` seeds each (6): 84
//! seeds. SUD owns holes 1-7, NORD holes 8-14. The game is played in rounds,
//! and the holes a player cannot fill go blind for the next round.
//!
//! - Sowing goes **clockwise**, right to left in one's own row. The holes are
//!   numbered along the sowing circuit (`SPEC.md` §3): SUD's row 1..7 from
//!   right to left as SUD sees it, NORD's row 8..14 continuing from left to
//!   right at the top, so that hole 14 sits above hole 1 and hole `15 - k`
//!   faces hole `k`.
//! - A move takes every seed of a non-empty hole of one's own row and sows
//!   them one by one into the following holes. Sowing is iterative: if the
//!   hole **after** the last one sown holds seeds, the player takes them up
//!   and sows them from the hole after it; the move ends when the hole after
//!   the last one sown is empty.
//! - **Capture**: if that empty hole is in the mover's own row and the
//!   opponent's hole facing it holds seeds, the mover takes them.
//! - **Cow** (« vache »): a hole that receives its 4th seed during the
//!   sowing gives those 4 seeds to the **owner of the hole**, who need not be
//!   the mover. The host then prints a second gain line for that player.
//! - A player whose holes are all empty at their turn **passes**; the round
//!   goes on.
//! - The **round** ends when no capture is possible any more: when at most
//!   one seed is left in play.
//! - **Between rounds** each player fills their holes again, `seeds` (6) a
//!   hole, from their gains; what is left over stays in their gains; the
//!   holes they cannot fill are **blind** (drawn `[--]`) for the round: no
//!   seed is sown into them and they cannot be played. A blind hole is won
//!   back when its owner can fill it at a later round.
//! - The rounds are started by each player in turn, whatever their result.
//! - The **game** ends when a player's gains are below `seeds` (6) at the end
//!   of a round: they cannot fill a single hole.
//!
//! Readings chosen where the seed is silent:
//!
//! - **Scores.** A player's score is what they hold now: their gains, the
//!   seeds they cannot put on the board included. Filling the holes takes
//!   the seeds out of the score and puts them on the board, so the seeds on
//!   the board plus the scores are always all the seeds.
//! - **A pass** is a turn with nothing to choose
//!   ([`DecisionKind::Forced`](variant_kit::DecisionKind::Forced)), with one
//!   input, the number just after the holes (15 on a 2×7 board), which the
//!   host plays itself, saying so on stderr (« NORD passe : ses cases sont
//!   vides. »). The seed's page notes this move « -1 ».
//! - **A new round** is set up in such a turn too, for the player who starts
//!   it: each player then fills their holes. (The seeds leave the scores for
//!   the board in that step, which reports no gains.)
//! - **The seed left** when a round ends (at most one, or more when a round
//!   ends by one of the rules against endless play) goes to the owner of the
//!   hole it lies in.
//! - **Which holes are filled**: each player fills their holes in the
//!   sowing order, from their first one (SUD from hole 1, NORD from hole 8),
//!   so that the blind holes are the last ones of a row (as Ludii fills them
//!   « from the left » on its mirrored board).
//! - **Blind holes** are not on the circuit: sowing skips them, the « next
//!   hole » of the relay and of the capture is the next hole in play, and a
//!   blind hole facing an empty hole gives nothing.
//! - **The starting hole** is not skipped when a sowing goes round the
//!   board (as in the other games of the same page but the Wari).
//! - **A cow made by the last seed** is a cow too (the seed says « au cours
//!   du semi », with no exception); the move then looks at the next hole as
//!   usual.
//! - **The winner** is the player holding more seeds when the game ends;
//!   equal is a draw.
//! - **Agreement** (`0`) ends the game: each player takes the seeds of their
//!   own row; the player holding more seeds wins.
//!
//! No endless play:
//!
//! - **A move**: before each sowing of a move, the state (seeds of every
//!   hole and hole to take up) is compared, without allocating (Brent's
//!   cycle finding), with those met during the move; if it repeats, the
//!   sowing would go round for ever: it stops there, and the round ends.
//! - **A round**: if the position (seeds of every hole and player to move)
//!   repeats since the last seeds taken (a capture or a cow), the round
//!   ends. Either way the seeds left go to the owners of their holes.
//! - **A game**: if a round would start for the third time as earlier
//!   rounds did (the same seeds held by each player, the same player
//!   starting: the holes filled and the blind ones follow), the game goes
//!   round in circles (the threefold repetition of chess): it ends; the
//!   player holding more seeds wins, equal is a draw. There are at most
//!   2 × 85 such starts with 84 seeds, so every game ends. Why: the seed
//!   ends a game only when a player holds fewer than 6 seeds, and seeds
//!   may cycle from round to round for ever (StoneShark notes the cycling);
//!   without such a rule random games last a median of 169 rounds (the
//!   audit of issue 17). So that players see it coming, the line that sets
//!   up a round that starts for the second time as an earlier one did says
//!   so (instead of how the holes are filled, which the board shows), and
//!   that a third such start ends the game.

use variant_kit as kit;
use variant_kit::body::{check_seed_count, BodyReader, BodyWriter};
use variant_kit::chain::{self, Chain, Link};
use variant_kit::rounds::{self, RoundStarts};
use variant_kit::{
    export_variant, Description, Gains, Inputs, Layout, NumberSide, Options, Outcome, Player, Row,
    Step, Turn, Variant,
};
use variant_kit::{Positions, TwoRows};

/// The most holes on the board (2 rows of 12).
const MAX_HOLES: usize = 2 * rounds::MAX_WIDTH;
/// The board-size options.
const SIZE: rounds::Size = rounds::Size {
    holes: 7,
    holes_help: "trous de chaque rangée",
    seeds: 6,
    max_seeds: 10,
    seeds_help: "graines qui remplissent un trou, au début et entre les manches",
};
/// The seeds of a cow.
const COW: u8 = 4;

const RULES: &str = "\
PALLANKULI

Plateau : deux rangées de 7 cases (option holes), 6 graines par case (option seeds), soit \
84 graines. SUD possède les cases 1 à 7, NORD les cases 8 à 14. Le semis va dans le sens \
des aiguilles d'une montre, de droite à gauche dans sa propre rangée : les cases sont \
numérotées dans le sens du semis, 1 à 7 de droite à gauche pour SUD, 8 à 14 de gauche à \
droite en haut ; 14 est au-dessus de 1, et la case 15 - k est en face de la case k.

Coup : la joueuse prend toutes les graines d'une case non vide de sa rangée et les sème \
une à une dans les cases suivantes, 14 étant suivie de 1 ; on ne saute pas la case de \
départ. Les semailles sont itératives : si la case qui suit la dernière case semée \
contient des graines, elle les prend et les sème à partir de la case suivante. Les \
semailles se terminent quand la case qui suit la dernière case semée est vide.

Prise : si cette case vide est dans la rangée de la joueuse et que la case adverse en face \
contient des graines, elle les prend. Le tour passe à l'adversaire.

Vache : une case qui reçoit sa 4e graine pendant le semis (la dernière graine comprise) \
donne ces 4 graines à la propriétaire de la case, qui n'est pas forcément la joueuse qui \
sème.

Score : le score d'une joueuse est ce qu'elle tient en main, ses gains, y compris les \
graines qu'elle n'a pas pu remettre sur le plateau.

Passer : une joueuse dont toutes les cases sont vides à son tour passe ; la manche \
continue. À la console, l'hôte joue ce tour sans le demander.

Fin de manche : la manche se termine quand toute prise devient impossible, c'est-à-dire \
quand il ne reste plus qu'une graine en jeu, ou aucune. La graine qui reste va à la \
propriétaire de sa case.

Nouvelle manche : elle se met en place sans décision. Chaque joueuse regarnit alors ses cases \
de 6 graines (option seeds) prises dans ses gains, dans l'ordre du semis à partir de sa \
première case (1 pour SUD, 8 pour NORD) ; ce qui reste lui reste en gains. Les cases \
qu'elle ne peut pas remplir sont aveugles pour la manche (dessinées [--]) : on n'y sème \
pas, on ne les joue pas, la « case suivante » du semis et de la prise est la suivante en \
jeu, et une case aveugle en face ne donne rien. Une case aveugle est reconquise quand sa \
propriétaire peut la remplir à une manche suivante. Les manches sont commencées à tour de \
rôle, quelle qu'en soit l'issue.

Fin de partie : la partie se termine à la fin d'une manche quand les gains d'une joueuse \
sont de moins de 6 graines (elle ne peut plus remplir une case). Celle qui tient le plus \
de graines gagne ; l'égalité est une partie nulle. Si les joueuses arrêtent la partie (0), \
chacune prend les graines de sa rangée et celle qui tient le plus de graines gagne.

Semis sans fin : si, avant un semis, l'état (graines de chaque case et case à reprendre) \
s'est déjà présenté pendant ce coup, le semis tournerait sans fin : il s'arrête là et la \
manche se termine. Manche sans fin : si la position (graines de chaque case et joueuse qui \
doit jouer) s'est déjà présentée depuis les dernières graines gagnées (prise ou vache), la \
manche se termine. Dans les deux cas, les graines restées sur le plateau vont aux \
propriétaires de leurs cases.

Partie sans fin (« troisième manche identique ») : quand : à la fin d'une manche, si la \
manche suivante devait commencer pour la troisième fois comme des manches déjà jouées \
(mêmes graines tenues par chacune, même joueuse qui commence : les cases remplies et les \
aveugles suivent), la partie s'arrête ; celle qui tient le plus de graines gagne, \
l'égalité est une partie nulle. Pourquoi : la graine 002 ne fait finir la partie que \
quand une joueuse tient moins de 6 graines, et les graines peuvent tourner sans fin d'une \
manche à l'autre (StoneShark le constate, notes A7) ; sans une telle règle, des parties \
au hasard durent 169 manches en médiane (audit du ticket 17). C'est la triple répétition des échecs, appliquée \
aux débuts de manche. Pour la voir venir : la mise en place d'une manche qui commence \
pour la deuxième fois ainsi le dit à la console (« Attention : 2e départ identique (SUD \
42, NORD 42) ; au 3e, la partie s'arrête. »).

Lectures et leurs sources (notes A7 pour les références) : semis horaire, semailles \
itératives depuis la case qui suit, prise de la case d'en face dans sa rangée, vache à \
la propriétaire de la case, passe, fin de manche à une graine, cases aveugles, fin de \
partie sous 6 graines : la graine 002 ; vache faite par la dernière graine : la graine 002 \
(« au cours du semi », sans exception) ; case de départ non sautée : comme les autres jeux \
de la même page sauf le Wari (graine 002) ; cases remplies dans l'ordre du semis, les \
aveugles en dernier : Ludii Pallankuli.lud (« from the left », d'après Durai 1928) ; \
manches commencées à tour de rôle : la graine 002, Ludii et StoneShark ; graine restante à \
la propriétaire de sa case, score = graines tenues, fin d'un commun accord, et les trois \
règles contre le jeu sans fin : règles du projet.

Position (--position) : pallankuli[/OPTIONS]:JOUEUR:CASES:SCORES:AVEUGLES:DÉBUT, le joueur \
qui a la main (S ou N), les graines des cases 1 à 14 (ou 2 × holes), les graines que \
tiennent SUD et NORD, les cases aveugles de la manche (leurs numéros, - pour aucune ; \
celles d'un joueur sont les dernières de sa rangée), et le joueur qui a commencé la \
manche : pallankuli:S:6,6,6,6,6,6,6,6,6,6,6,6,6,6:0,0:-:S. La partie y reprend sans \
positions passées ni débuts de manches passés ; une position s'écrit pendant une manche, \
pas entre deux.";

/// What the player to move decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// A round has ended: the player who starts the next one sets it up (one answer).
    NewRound,
    /// A move, or a pass.
    Play,
}

/// Why a round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RoundEnd {
    /// At most one seed was left in play.
    FewSeeds,
    /// The position repeated since the last seeds taken.
    Repeated,
    /// A sowing would have gone round for ever.
    EndlessSowing,
}

/// How a round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct RoundResult {
    cause: RoundEnd,
    /// The seeds left on the board that went to each player.
    left: [u32; 2],
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum GameEnd {
    /// After this round, this player cannot fill a hole.
    Poor(RoundResult, Player),
    /// After this round, the next one would start for the third time as earlier ones did.
    RoundRepeats(RoundResult),
    /// Both players agreed to stop.
    Agreement,
}

/// A game of Pallankuli.
#[derive(Debug)]
pub struct Pallankuli {
    /// Holes in each row.
    width: usize,
    /// Seeds that fill a hole.
    seeds_per_hole: u8,
    /// Seeds per hole; index `n - 1` is hole `n`; only the first `2 * width` are used.
    pits: [u8; MAX_HOLES],
    /// The blind holes of the round.
    blind: [bool; MAX_HOLES],
    /// What each player holds off the board.
    scores: [u32; 2],
    to_move: Player,
    /// Who started the current round.
    starter: Player,
    phase: Phase,
    /// The positions met since the last seeds taken in the round.
    history: Positions,
    /// The starts of the rounds played.
    starts: RoundStarts,
    /// How the last round ended (while the next one is set up).
    last_round: Option<RoundResult>,
    ended: Option<(Outcome, GameEnd)>,
}

variant_kit::clone_by_fields!(Pallankuli {
    width,
    seeds_per_hole,
    pits,
    blind,
    scores,
    to_move,
    starter,
    phase,
    history,
    starts,
    last_round,
    ended
});

impl Variant for Pallankuli {
    fn describe() -> Description {
        Description {
            id: "pallankuli".to_owned(),
            title: "Pallankuli".to_owned(),
            title_with_article: "de Pallankuli".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            summary: "2×7 cases en manches, semis horaire itératif, vaches de 4, cases aveugles."
                .to_owned(),
            rules: RULES.to_owned(),
            players: kit::sud_nord(),
            options: SIZE.options(),
            agreement_ends_game: true,
        }
    }

    /// `MOVER:HOLES:SCORES:BLIND:STARTER` (the rules text says each), during a round.
    fn position(&self) -> Option<Result<String, String>> {
        if self.phase == Phase::NewRound {
            return Some(Err(
                "une position s'écrit pendant une manche, pas entre deux".to_owned(),
            ));
        }
        let mut body = BodyWriter::new();
        let blind = (0..self.holes()).filter(|&pit| self.blind[pit]);
        body.two_seats(self.to_move)
            .list(self.live())
            .list(self.scores)
            .list(blind.map(|pit| pit + 1))
            .two_seats(self.starter);
        Some(Ok(body.finish()))
    }

    /// A game with these options at the position [`Pallankuli::position`]
    /// writes, during a round.
    fn at_position(options: &Options, body: &str) -> Option<Result<Self, String>> {
        Some(Pallankuli::read_position(options, body))
    }

    fn new(options: &Options, first: Player) -> Result<Self, String> {
        let (width, seeds) = SIZE.read(options)?;
        let mut game = Pallankuli::from_position(width, seeds, &vec![seeds; 2 * width], first);
        let holding = game.board().row_seeds(game.live(), Player::SUD);
        game.starts.met(start_key(holding, first));
        Ok(game)
    }

    fn turn(&self) -> Turn {
        if self.ended.is_none() && self.must_answer_once() {
            return rounds::set_up(self.to_move);
        }
        rounds::turn(self.ended, self.to_move)
    }

    fn legal_inputs(&self, inputs: &mut Inputs) {
        if self.ended.is_some() {
            return;
        }
        if self.must_answer_once() {
            inputs.push(self.only_input());
        } else {
            kit::push_holes(inputs, self.allowed());
        }
    }

    fn play(&mut self, input: u32) -> Result<Step, String> {
        rounds::refuse_if_over(self.ended)?;
        if self.phase == Phase::NewRound {
            rounds::accept_only(
                input,
                self.only_input(),
                "regarnir les cases et commencer la manche",
            )?;
            self.set_up_round();
            return Ok(Step::Pending);
        }
        let mover = self.to_move;
        let mut gains = Gains::NONE;
        let mut endless = false;
        if self.allowed().next().is_none() {
            rounds::accept_only(input, self.only_input(), "passer son tour")?;
        } else {
            let pit = self.own_hole(input)?;
            let (taken, looped) = self.sow(pit);
            for player in [Player::SUD, Player::NORD] {
                self.scores[player.index()] += taken[player.index()];
                gains.add(player, taken[player.index()]);
            }
            endless = looped;
        }
        self.to_move = mover.opponent();
        let captured = gains != Gains::NONE;
        let holes = self.holes();
        let on_board: u32 = self.live().iter().map(|&seeds| u32::from(seeds)).sum();
        let cause = if endless {
            Some(RoundEnd::EndlessSowing)
        } else if on_board <= 1 {
            Some(RoundEnd::FewSeeds)
        } else if self
            .history
            .reached(&self.pits[..holes], self.to_move, captured)
        {
            Some(RoundEnd::Repeated)
        } else {
            None
        };
        match cause {
            Some(cause) => {
                self.end_round(cause, &mut gains);
                Ok(Step::RoundOver(gains))
            }
            None => Ok(Step::Completed(gains)),
        }
    }

    fn scores(&self) -> &[u32] {
        &self.scores
    }

    fn end_by_agreement(&mut self) -> Result<(), String> {
        rounds::refuse_if_over(self.ended)?;
        self.share_the_board();
        self.ended = Some((Outcome::by_scores(&self.scores), GameEnd::Agreement));
        Ok(())
    }

    /// The seeds held count fully, the seeds of one's own row half (those
    /// left when the round ends go to their hole's owner).
    fn evaluate(&self, player: Player) -> i32 {
        let value = |who: Player| {
            200 * self.scores[who.index()] as i32
                + 100 * self.board().row_seeds(self.live(), who) as i32
        };
        (value(player) - value(player.opponent())) / 2
    }

    /// During a round: the holes in use, the seeds each player holds, the
    /// blind holes, the player to move and who started the round, and
    /// whether the game is over. None between rounds, a single answer. The
    /// positions met and the rounds' starts are history, kept apart by the
    /// search.
    fn hash_key(&self) -> Option<u64> {
        if self.phase == Phase::NewRound {
            return None;
        }
        let head = u64::from(self.scores[0])
            | u64::from(self.scores[1]) << 16
            | u64::from(self.to_move.0) << 32
            | u64::from(self.starter.0) << 33
            | u64::from(self.ended.is_some()) << 34;
        let blind = self.blind[..self.holes()]
            .iter()
            .enumerate()
            .fold(0u64, |bits, (pit, &blind)| bits | u64::from(blind) << pit);
        Some(kit::state_key(head, blind, self.live()))
    }

    fn layout(&self) -> Layout {
        let width = self.width as u32;
        Layout {
            rows: vec![
                Row::new("NORD", (width + 1..=2 * width).collect(), NumberSide::Above),
                Row::new("SUD", (1..=width).rev().collect(), NumberSide::Below),
            ],
            owners: (0..self.holes())
                .map(|pit| self.board().owner(pit))
                .collect(),
            score_order: vec![Player::NORD, Player::SUD],
            out_of_play: (0..self.holes())
                .filter(|&pit| self.blind[pit])
                .map(|pit| pit as u32 + 1)
                .collect(),
            wide: kit::wide_columns(2 * width * u32::from(self.seeds_per_hole)),
            reserve: 0,
            marks: Vec::new(),
        }
    }

    fn seeds(&self) -> Vec<u32> {
        kit::seed_counts(self.live())
    }

    fn prompt(&self) -> Option<String> {
        if self.ended.is_some() {
            return None;
        }
        let player = kit::name(self.to_move);
        match self.phase {
            // Within 80 columns: the board shows the seeds of each hole.
            Phase::NewRound => {
                let sud_held = self.scores[Player::SUD.index()];
                if self.starts.count(start_key(sud_held, self.to_move)) >= 2 {
                    return Some(format!(
                        "Attention : 2e départ identique (SUD {sud_held}, NORD {}) ; au 3e, la \
                         partie s'arrête.",
                        self.all_seeds() - sud_held
                    ));
                }
                let filled = |who: Player| {
                    (self.scores[who.index()] / u32::from(self.seeds_per_hole))
                        .min(self.width as u32)
                };
                let (sud, nord) = (filled(Player::SUD), filled(Player::NORD));
                Some(format!(
                    "{player} commence la manche : SUD remplit {sud} case(s), NORD {nord} ; \
                     autres aveugles."
                ))
            }
            Phase::Play if self.allowed().next().is_none() => {
                Some(format!("{player} passe : ses cases sont vides."))
            }
            Phase::Play => None,
        }
    }

    fn end_reason(&self) -> String {
        match self.ended {
            Some((_, GameEnd::Poor(round, poor))) => format!(
                "{} ; {} a moins de {} graines et ne peut plus remplir une case : la partie est \
                 finie, celle qui tient le plus de graines gagne.",
                self.round_summary(&round),
                kit::name(poor),
                self.seeds_per_hole
            ),
            Some((_, GameEnd::RoundRepeats(round))) => format!(
                "{} ; la manche suivante commencerait pour la troisième fois comme des \
                 manches déjà jouées (mêmes graines pour chacune, même joueuse qui commence) : \
                 la partie s'arrête, celle qui tient le plus de graines gagne.",
                self.round_summary(&round)
            ),
            Some((_, GameEnd::Agreement)) => format!(
                "les joueuses arrêtent la partie d'un commun accord ; chacune prend les graines \
                 de sa rangée : SUD tient {}, NORD {}.",
                self.scores[0], self.scores[1]
            ),
            None => match (self.phase, self.last_round) {
                (Phase::NewRound, Some(round)) => format!("{}.", self.round_summary(&round)),
                _ => "la partie n'est pas finie.".to_owned(),
            },
        }
    }
}

export_variant!(Pallankuli);

/// The number that stands for the start of a round: the seeds SUD holds
/// (NORD holds the others) and the player who starts.
fn start_key(sud_holds: u32, starter: Player) -> usize {
    sud_holds as usize * 2 + starter.index()
}

/// The state of an iterative sowing before one of its sowings: the seeds of
/// every hole, the hole to take up, and the seeds each player took so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Sowing {
    pits: [u8; MAX_HOLES],
    hole: usize,
    taken: [u32; 2],
}

/// The board's circuit for one round: its holes, and those that are blind.
#[derive(Clone, Copy, Debug)]
struct Circuit {
    board: TwoRows,
    blind: [bool; MAX_HOLES],
}

impl Circuit {
    /// The hole in play after `pit` (there is one: each row has a hole in play).
    fn next(&self, pit: usize) -> usize {
        let mut next = (pit + 1) % self.board.holes();
        while self.blind[next] {
            next = (next + 1) % self.board.holes();
        }
        next
    }

    /// Takes up the hole and sows its seeds, giving every cow to the owner of
    /// its hole; the next state if the hole after the last one sown holds
    /// seeds, else the end of the sowing, with that empty hole.
    fn step(&self, mut state: Sowing) -> Link<Sowing, (Sowing, usize)> {
        let mut hand = std::mem::take(&mut state.pits[state.hole]);
        let mut pit = state.hole;
        while hand > 0 {
            pit = self.next(pit);
            state.pits[pit] += 1;
            hand -= 1;
            if state.pits[pit] == COW {
                state.pits[pit] = 0;
                state.taken[self.board.owner(pit).index()] += u32::from(COW);
            }
        }
        let next = self.next(pit);
        if state.pits[next] > 0 {
            state.hole = next;
            Link::Next(state)
        } else {
            Link::End((state, next))
        }
    }
}

impl Pallankuli {
    /// A game at `pits` (index `n - 1` is hole `n`, `2 * width` holes, the
    /// first `width` SUD's), in the middle of a round started by `to_move`,
    /// who plays now; no hole is blind and nobody holds a seed.
    /// The game of [`Variant::at_position`].
    fn read_position(options: &Options, body: &str) -> Result<Pallankuli, String> {
        let (width, seeds) = SIZE.read(options)?;
        let mut body = BodyReader::new(body);
        let to_move = body.two_seats()?;
        let holes = body.holes(2 * width)?;
        let scores = body.list("les graines que tiennent SUD et NORD", 2)?;
        let blind = body.any_list("les cases aveugles")?;
        let starter = body.two_seats()?;
        body.end()?;
        let mut game = Pallankuli::from_position(width, seeds, &holes, to_move);
        game.scores = [scores[0], scores[1]];
        game.starter = starter;
        let found =
            holes.iter().map(|&seeds| u32::from(seeds)).sum::<u32>() + scores.iter().sum::<u32>();
        check_seed_count(found, 2 * width as u32 * u32::from(seeds))?;
        for &hole in &blind {
            let pit = kit::body::check_hole(hole, game.board(), None, "une case aveugle")?;
            if game.pits[pit] > 0 {
                return Err(format!(
                    "la case aveugle {hole} a des graines : une case aveugle reste vide"
                ));
            }
            game.blind[pit] = true;
        }
        for player in [Player::SUD, Player::NORD] {
            let row = game.board().row(player);
            let sighted = row.clone().take_while(|&pit| !game.blind[pit]).count();
            if sighted == 0 || row.skip(sighted).any(|pit| !game.blind[pit]) {
                return Err(format!(
                    "les cases aveugles de {} sont les dernières de sa rangée, et il lui reste \
                     au moins une case",
                    kit::name(player)
                ));
            }
        }
        Ok(game)
    }

    fn from_position(width: usize, seeds_per_hole: u8, pits: &[u8], to_move: Player) -> Pallankuli {
        let mut board = [0; MAX_HOLES];
        board[..pits.len()].copy_from_slice(pits);
        Pallankuli {
            width,
            seeds_per_hole,
            pits: board,
            blind: [false; MAX_HOLES],
            scores: [0, 0],
            to_move,
            starter: to_move,
            phase: Phase::Play,
            history: Positions::starting_at(&board[..2 * width], to_move),
            starts: RoundStarts::new(),
            last_round: None,
            ended: None,
        }
    }

    fn board(&self) -> TwoRows {
        TwoRows::new(self.width)
    }

    fn holes(&self) -> usize {
        2 * self.width
    }

    /// The holes in use.
    fn live(&self) -> &[u8] {
        &self.pits[..self.holes()]
    }

    /// The input of a decision with one answer: the number after the holes.
    fn only_input(&self) -> u32 {
        rounds::only_input(self.holes())
    }

    /// Whether the decision has one answer: a new round to set up, or a pass.
    fn must_answer_once(&self) -> bool {
        self.phase == Phase::NewRound || self.allowed().next().is_none()
    }

    /// The holes (indices) the player to move may sow: the non-empty ones of
    /// their row (a blind hole is always empty).
    fn allowed(&self) -> impl Iterator<Item = usize> + '_ {
        self.board()
            .row(self.to_move)
            .filter(move |&pit| self.pits[pit] > 0)
    }

    /// The index of hole `input` if the player to move may sow it, or why not.
    fn own_hole(&self, input: u32) -> Result<usize, String> {
        let pit = self.board().own_hole(&self.pits, self.to_move, input);
        match pit {
            Err(_)
                if (1..=self.holes() as u32).contains(&input) && self.blind[input as usize - 1] =>
            {
                Err(format!("la case {input} est aveugle pour cette manche"))
            }
            other => other,
        }
    }

    /// Sows `pit` iteratively; returns the seeds each player took (cows and
    /// capture), and whether the sowing would have gone round for ever (it
    /// then stops at the first state of its loop).
    fn sow(&mut self, pit: usize) -> ([u32; 2], bool) {
        let circuit = Circuit {
            board: self.board(),
            blind: self.blind,
        };
        let start = Sowing {
            pits: self.pits,
            hole: pit,
            taken: [0, 0],
        };
        match chain::follow(start, |state| circuit.step(state)) {
            Chain::Ended((mut end, empty)) => {
                let mover = self.to_move;
                if circuit.board.owner(empty) == mover {
                    let facing = circuit.board.facing(empty);
                    end.taken[mover.index()] += u32::from(std::mem::take(&mut end.pits[facing]));
                }
                self.pits = end.pits;
                (end.taken, false)
            }
            Chain::Loops(first) => {
                self.pits = first.pits;
                (first.taken, true)
            }
        }
    }

    /// Gives the seeds on the board to the owners of their holes; returns
    /// what each got.
    fn share_the_board(&mut self) -> [u32; 2] {
        let board = self.board();
        let mut left = [0, 0];
        for player in [Player::SUD, Player::NORD] {
            left[player.index()] = board.row_seeds(&self.pits, player);
            self.pits[board.row(player)].fill(0);
            self.scores[player.index()] += left[player.index()];
        }
        left
    }

    /// Ends the round: the seeds left go to the owners of their holes (added
    /// to `gains`); then the game ends, or waits for the next round.
    fn end_round(&mut self, cause: RoundEnd, gains: &mut Gains) {
        let left = self.share_the_board();
        for player in [Player::SUD, Player::NORD] {
            gains.add(player, left[player.index()]);
        }
        let round = RoundResult { cause, left };
        self.last_round = Some(round);
        let next = self.starter.opponent();
        let fill = u32::from(self.seeds_per_hole);
        if let Some(poor) = [Player::SUD, Player::NORD]
            .into_iter()
            .find(|player| self.scores[player.index()] < fill)
        {
            self.ended = Some((Outcome::by_scores(&self.scores), GameEnd::Poor(round, poor)));
        } else if self.starts.met(start_key(self.scores[0], next)) >= 2 {
            self.ended = Some((
                Outcome::by_scores(&self.scores),
                GameEnd::RoundRepeats(round),
            ));
        } else {
            self.phase = Phase::NewRound;
            self.to_move = next;
        }
    }

    /// The seeds of the game, on the board and held.
    fn all_seeds(&self) -> u32 {
        self.live()
            .iter()
            .map(|&seeds| u32::from(seeds))
            .sum::<u32>()
            + self.scores.iter().sum::<u32>()
    }

    /// Sets the next round up: each player fills their holes from their
    /// gains, in sowing order; the holes left empty are blind.
    fn set_up_round(&mut self) {
        let board = self.board();
        let fill = self.seeds_per_hole;
        for player in [Player::SUD, Player::NORD] {
            for pit in board.row(player) {
                let holds = &mut self.scores[player.index()];
                if *holds >= u32::from(fill) {
                    *holds -= u32::from(fill);
                    self.pits[pit] = fill;
                    self.blind[pit] = false;
                } else {
                    self.pits[pit] = 0;
                    self.blind[pit] = true;
                }
            }
        }
        self.starter = self.to_move;
        self.phase = Phase::Play;
        self.last_round = None;
        self.history.forget();
        let holes = self.holes();
        self.history.repeats(&self.pits[..holes], self.to_move);
    }

    /// What a round's end said: why, and where the seeds left went.
    fn round_summary(&self, round: &RoundResult) -> String {
        let cause = match round.cause {
            RoundEnd::FewSeeds => "il reste au plus une graine en jeu, aucune prise n'est plus possible",
            RoundEnd::Repeated => "la position s'est répétée depuis les dernières graines gagnées",
            RoundEnd::EndlessSowing => {
                "le semis tournerait sans fin (un état déjà rencontré pendant ce coup revient) : il \
                 s'arrête là"
            }
        };
        format!(
            "{cause} ; les graines restées vont aux propriétaires de leurs cases (SUD {}, NORD \
             {}) ; SUD tient {} graine(s), NORD {}",
            round.left[0], round.left[1], self.scores[0], self.scores[1]
        )
    }
}

#[cfg(test)]
mod tests;
