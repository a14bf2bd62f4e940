//! Awélé « La vache » (seed 002, section « L'awélé « La vache » », collected
//! in the Dogon country by Mariane Galbat in 2003), as a variant plugin.
//!
//! Two rows of `holes` holes (6 by default), `seeds` seeds each (4). The
//! holes are « étables » (stables): SUD owns holes 1-6 and NORD holes 7-12 at
//! the start, numbered along the sowing circuit, but stables change hands
//! between the rounds of a game.
//!
//! - Sowing is counterclockwise (increasing numbers), and the starting hole
//!   is **not** skipped on a lap.
//! - The **first decision of a round** names a non-empty stable of one's
//!   own: its seeds go to the reserve, set aside, and the turn passes.
//! - A move takes every seed of a non-empty stable of one's own and sows them
//!   one by one. Sowing is **iterative**: if the last seed falls in a hole
//!   that now holds 2 seeds or more, the player takes them all up and sows on
//!   from the next hole.
//! - A **calf** (« veau ») is a hole that has just received its 4th seed
//!   during the sowing, on either side: the sower takes its 4 seeds at once.
//!   The first player to take a calf in the round also takes the reserve.
//! - The sowing stops when its last hole is empty: it was empty before the
//!   last seed (it now holds 1), or its calf was just taken. The turn passes.
//! - The **round** ends when the player to move has no move (no seed in any
//!   of their stables). The « veaux à naître » (calves to be born) are the
//!   seeds still in play divided by 4 (Euclidean division); the player with
//!   more seeds taken in the round takes that many stables from the other.
//! - The **game** ends when a player has no stable left; also when both
//!   players agree (`0`): the player with more stables wins.
//!
//! Readings chosen where the seed is silent:
//!
//! - **Scores.** A player's score (« SUD a 12 bille(s). ») is what they took
//!   in the current round, reserve included: what they hold now. Every seed
//!   goes back onto the board at the start of the next round (`seeds` in
//!   each stable), and the scores start again from 0. While the reserve is
//!   set aside, its seeds are neither on the board nor in a score: the
//!   layout reports them ([`Layout::reserve`]), drawn below the scores
//!   (« Réserve : 4 graine(s). »), so that the board, the scores and the
//!   reserve always hold every seed.
//! - **The reserve** is taken from one of the player's own stables. If
//!   nobody takes a calf in the round, the reserve is still in play at the
//!   end: it counts with the seeds on the board among the calves to be born.
//! - **Seeds still in play** at the end of a round count for nobody; the
//!   round's winner is the player with more seeds taken; equal gains move no
//!   stable. The winner takes at most the stables the other has.
//! - **Which stables change hands.** The winner's stables and the loser's
//!   each form one run of holes round the circuit. The winner takes the
//!   loser's stables that follow their own along the sowing circuit (the
//!   first ones their seeds reach): after SUD wins two stables at the start,
//!   SUD owns 1-8 and NORD 9-12. So each player's stables stay one run.
//! - **A new round** is set up in a turn with nothing to choose
//!   ([`DecisionKind::Forced`](variant_kit::DecisionKind::Forced)), which the
//!   host plays itself: every stable gets `seeds` seeds again. (The seeds
//!   leave the scores for the board in that step, which reports no gains.)
//! - **Who starts a round**: the players take turns, whatever the result
//!   (as in Pallankuli, on the same page). The first round starts with
//!   `--first`.
//! - **Rows** keep their place on the board; a row whose holes belong to both
//!   players has an empty label, and the prompt names the player's stables.
//! - **Agreement** (`0`, « Si on arrête le jeu ») ends the game at once: the
//!   player with more stables wins, equal stables are a draw; the seeds do
//!   not count and stay where they are.
//!
//! No endless play:
//!
//! - **A move**: if a sowing would start again, without any calf taken,
//!   from a state already met during the move (the seeds of every hole and
//!   the hole to take up), it would go round for ever. The seed says « On
//!   peut alors considérer la partie terminée »: the sowing stops at the first
//!   state of its loop, and the game ends, the player with more stables
//!   winning (a draw if equal). The calves taken before count.
//! - **A round**: if the position (seeds of every hole and player to move)
//!   repeats since the last calf taken, the round ends as if the player to
//!   move had no move.
//! - **A game**: if a round would start for the third time as earlier
//!   rounds did (the same stables for each player, the same player
//!   starting), the game goes round in circles (the threefold repetition of
//!   chess): it ends, the player with more stables winning (a draw if
//!   equal). Each player's stables being one run, there are few such starts
//!   (at most 2 × 12 × 11 on a 2×6 board), so every game ends.

use variant_kit as kit;
use variant_kit::body::{check_seed_count, BodyReader, BodyWriter};
use variant_kit::chain::{self, Chain, Link};
use variant_kit::rounds::{self, RoundStarts};
use variant_kit::Positions;
use variant_kit::{
    export_variant, Description, Gains, Inputs, Layout, Options, Outcome, Player, Step, Turn,
    Variant,
};

/// The most holes on the board (2 rows of 12).
const MAX_HOLES: usize = 2 * rounds::MAX_WIDTH;
/// The board-size options.
const SIZE: rounds::Size = rounds::Size {
    holes: 6,
    holes_help: "étables de chaque rangée au début",
    seeds: 4,
    max_seeds: 8,
    seeds_help: "graines de chaque étable au début d'une manche",
};
/// The seeds of a calf.
const CALF: u8 = 4;

const RULES: &str = "\
AWÉLÉ « LA VACHE »

Variante de l'Awélé recueillie au pays Dogon en 2003 par Mariane Galbat.

Plateau : deux rangées de 6 cases (option holes), 4 graines par case (option seeds). Les \
cases sont des étables : au début, SUD possède les étables 1 à 6 et NORD les étables 7 \
à 12, numérotées dans le sens du semis (12 est au-dessus de 1) ; les étables changent de \
main entre les manches. Une rangée dont les étables sont aux deux joueurs n'a pas de nom \
au tableau : l'invite nomme les étables du joueur.

Semis : dans l'ordre croissant des numéros, 12 étant suivi de 1 ; on ne saute pas la case \
de départ.

Premier coup d'une manche : le joueur qui commence la manche choisit une de ses étables \
non vides ; ses graines sont mises en réserve, de côté, et son tour s'arrête là.

Coup : le joueur prend toutes les graines d'une de ses étables non vides et les sème une à \
une. Les semailles sont itératives : si la dernière graine tombe dans une case qui contient \
alors 2 graines ou plus, il les reprend toutes et sème à nouveau à partir de la case \
suivante.

Veaux : une case qui vient de recevoir sa 4e graine au cours du semis, de quelque côté \
qu'elle soit, est un veau : le semeur prend ses 4 graines aussitôt. Le premier joueur qui \
prend un veau dans la manche ajoute aussi la réserve à ses gains.

Les semailles s'arrêtent quand la dernière case semée est vide : vide avant d'y semer la \
dernière graine (elle en contient 1), ou vidée par la prise de son veau. Le tour passe.

Score : le score d'un joueur est ce qu'il a pris dans la manche en cours (réserve \
comprise), c'est-à-dire ce qu'il tient en main.

Fin de manche : la manche s'arrête quand le joueur qui doit jouer n'a plus de coup \
possible (aucune graine dans ses étables). Les veaux à naître sont les graines encore en \
jeu (sur le plateau, et la réserve si personne n'a pris de veau) divisées par 4 (division \
euclidienne). Le joueur qui a le plus de gains dans la manche prend autant d'étables à \
l'autre, au plus toutes les siennes ; à égalité, aucune étable ne change de main. Les \
graines encore en jeu ne comptent pour personne.

Étables conquises : les étables de chaque joueur se suivent sur le circuit. Le gagnant de \
la manche prend les étables de l'autre qui suivent les siennes dans le sens du semis \
(celles que ses graines atteignent d'abord) : si SUD gagne 2 étables à la première manche, \
il possède les étables 1 à 8 et NORD les étables 9 à 12.

Nouvelle manche : elle se met en place sans décision ; toutes les \
graines reviennent sur le plateau, 4 (option seeds) dans chaque étable, et les scores \
repartent de 0. Les joueurs commencent les manches à tour de rôle, quel qu'en soit le \
résultat ; la première manche est commencée par le premier joueur.

Fin de partie : la partie s'arrête quand un joueur n'a plus d'étable ; l'autre gagne. Si \
on arrête le jeu (un joueur entre 0, les deux sont d'accord), le joueur qui possède le plus \
d'étables gagne ; à égalité d'étables, la partie est nulle ; les graines ne comptent pas.

Coups infinis : si les semailles repartent, sans qu'aucun veau n'ait été pris, d'un état \
déjà rencontré pendant ce coup (graines de chaque case et case à reprendre), elles \
tourneraient sans fin : elles s'arrêtent à cet état, les veaux déjà pris comptent, et la \
partie est terminée ; le joueur qui a le plus d'étables gagne (nulle à égalité).

Manche sans fin : si la position (graines de chaque case et joueur qui doit jouer) s'est \
déjà présentée depuis le dernier veau pris, la manche s'arrête comme si le joueur qui doit \
jouer n'avait plus de coup.

Partie sans fin : si une manche devait commencer pour la troisième fois comme des manches \
déjà jouées (mêmes étables pour chacun, même joueur qui commence), la partie tourne en \
rond : elle s'arrête, et le joueur qui a le plus d'étables gagne (nulle à égalité).

Position (--position) : la-vache[/OPTIONS]:JOUEUR:CASES:SCORES:ÉTABLES:RÉSERVE:DÉBUT, le \
joueur qui a la main (S ou N), les graines des cases 1 à 12 (ou 2 × holes), ce que SUD et \
NORD ont pris dans la manche, les étables de SUD (la première, dans le sens du semis, et \
leur nombre : 1,6 au début), la réserve (- quand elle reste à mettre de côté, à la \
première décision de la manche ; 0 une fois prise avec le premier veau), et le joueur qui \
a commencé la manche : la-vache:S:4,4,4,4,4,4,4,4,4,4,4,4:0,0:1,6:-:S. La partie y \
reprend sans positions passées ni débuts de manches passés (celui de la manche en cours \
compte une fois) ; une position s'écrit pendant une manche, pas entre deux.";

/// What the player to move decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// A round has ended: the player who starts the next one sets it up (one answer).
    NewRound,
    /// The first decision of a round: the stable whose seeds go to the reserve.
    Reserve,
    /// A move.
    Sowing,
}

/// Why a round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RoundEnd {
    /// This player, to move, had no move.
    NoMove(Player),
    /// The position repeated since the last calf taken.
    Repeated,
}

/// How a round ended and what it changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct RoundResult {
    cause: RoundEnd,
    /// The seeds each player took in the round.
    gains: [u32; 2],
    /// The seeds still in play: on the board, and the reserve if nobody took it.
    left: u32,
    /// The round's winner, if the gains differ.
    winner: Option<Player>,
    /// The stables that changed hands.
    moved: usize,
    /// The index of the first of them.
    first_moved: usize,
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum GameEnd {
    /// After this round, the loser has no stable.
    NoStable(RoundResult),
    /// After this round, the next one would start for the third time as earlier ones did.
    RoundRepeats(RoundResult),
    /// A sowing would have gone round for ever.
    EndlessSowing,
    /// Both players agreed to stop.
    Agreement,
}

/// A game of Awélé « La vache ».
#[derive(Debug)]
pub struct LaVache {
    /// Holes in each row.
    width: usize,
    /// Seeds in each stable at the start of a round.
    seeds_per_hole: u8,
    /// Seeds per hole; index `n - 1` is hole `n`; only the first `2 * width` are used.
    pits: [u8; MAX_HOLES],
    /// SUD's stables are the `sud` holes from index `first` on, round the
    /// circuit; NORD's are the others.
    first: usize,
    sud: usize,
    /// What each player took in the round.
    scores: [u32; 2],
    /// The seeds set aside by the first decision of the round.
    reserve: u8,
    /// Whether a calf was taken in the round (its taker then took the reserve).
    calved: bool,
    to_move: Player,
    /// Who started the current round.
    starter: Player,
    phase: Phase,
    /// The positions met since the last calf taken in the round.
    history: Positions,
    /// The starts of the rounds played.
    starts: RoundStarts,
    /// How the last round ended (while the next one is set up).
    last_round: Option<RoundResult>,
    ended: Option<(Outcome, GameEnd)>,
}

variant_kit::clone_by_fields!(LaVache {
    width,
    seeds_per_hole,
    pits,
    first,
    sud,
    scores,
    reserve,
    calved,
    to_move,
    starter,
    phase,
    history,
    starts,
    last_round,
    ended
});

impl Variant for LaVache {
    fn describe() -> Description {
        Description {
            id: "la-vache".to_owned(),
            title: "Awélé « La vache »".to_owned(),
            title_with_article: "d'Awélé « La vache »".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            summary:
                "Awélé dogon en manches : veaux de 4 pris en semant, étables gagnées ou perdues."
                    .to_owned(),
            rules: RULES.to_owned(),
            players: kit::sud_nord(),
            options: SIZE.options(),
            agreement_ends_game: true,
        }
    }

    /// `MOVER:HOLES:SCORES:STABLES:RESERVE:STARTER` (the rules text says each), during
    /// a round.
    fn position(&self) -> Option<Result<String, String>> {
        if self.phase == Phase::NewRound {
            return Some(Err(
                "une position s'écrit pendant une manche, pas entre deux".to_owned(),
            ));
        }
        let mut body = BodyWriter::new();
        body.two_seats(self.to_move)
            .list(self.live())
            .list(self.scores)
            .list([self.first + 1, self.sud]);
        if self.phase == Phase::Reserve {
            body.field("-");
        } else {
            body.field(self.reserve);
        }
        body.two_seats(self.starter);
        Some(Ok(body.finish()))
    }

    /// A game with these options at the position [`LaVache::position`]
    /// writes: during a round, each player with a stable at least.
    fn at_position(options: &Options, body: &str) -> Option<Result<Self, String>> {
        Some(LaVache::read_position(options, body))
    }

    fn new(options: &Options, first: Player) -> Result<Self, String> {
        let (width, seeds) = SIZE.read(options)?;
        let mut game = LaVache::from_position(width, &vec![seeds; 2 * width], first);
        game.seeds_per_hole = seeds;
        game.phase = Phase::Reserve;
        game.history.forget();
        game.starts.met(game.start_key(first));
        Ok(game)
    }

    fn turn(&self) -> Turn {
        match (self.ended, self.phase) {
            (None, Phase::NewRound) => rounds::set_up(self.to_move),
            _ => rounds::turn(self.ended, self.to_move),
        }
    }

    fn legal_inputs(&self, inputs: &mut Inputs) {
        match (self.ended, self.phase) {
            (Some(_), _) => {}
            (None, Phase::NewRound) => inputs.push(rounds::only_input(self.holes())),
            (None, _) => kit::push_holes(inputs, self.allowed(self.to_move)),
        }
    }

    fn play(&mut self, input: u32) -> Result<Step, String> {
        rounds::refuse_if_over(self.ended)?;
        if self.phase == Phase::NewRound {
            rounds::accept_only(
                input,
                rounds::only_input(self.holes()),
                "remettre les graines dans les étables et commencer la manche",
            )?;
            self.set_up_round();
            return Ok(Step::Pending);
        }
        let pit = self.own_stable(input)?;
        let mover = self.to_move;
        let taken = if self.phase == Phase::Reserve {
            self.reserve = std::mem::take(&mut self.pits[pit]);
            self.phase = Phase::Sowing;
            0
        } else {
            let (taken, endless) = self.sow(pit);
            if endless {
                return Ok(Step::Completed(Gains::of(mover, taken)));
            }
            taken
        };
        let gains = Gains::of(mover, taken);
        self.to_move = mover.opponent();
        if self.allowed(self.to_move).next().is_none() {
            self.end_round(RoundEnd::NoMove(self.to_move));
            return Ok(Step::RoundOver(gains));
        }
        let holes = self.holes();
        if self
            .history
            .reached(&self.pits[..holes], self.to_move, taken > 0)
        {
            self.end_round(RoundEnd::Repeated);
            return Ok(Step::RoundOver(gains));
        }
        Ok(Step::Completed(gains))
    }

    fn scores(&self) -> &[u32] {
        &self.scores
    }

    fn end_by_agreement(&mut self) -> Result<(), String> {
        rounds::refuse_if_over(self.ended)?;
        self.ended = Some((self.by_stables(), GameEnd::Agreement));
        Ok(())
    }

    /// Stables count most (a stable is worth twelve seeds), then the seeds
    /// taken in the round, in hundredths of a seed.
    fn evaluate(&self, player: Player) -> i32 {
        let other = player.opponent();
        let stables = self.stables(player) as i32 - self.stables(other) as i32;
        let taken = self.scores[player.index()] as i32 - self.scores[other.index()] as i32;
        1200 * stables + 100 * taken
    }

    /// During a round: the holes in use, the round's gains, the player to
    /// move and who started the round, whose stables are whose, the reserve
    /// (or that it is not set aside yet), whether a calf was taken, and
    /// whether the game is over. None between rounds, a single answer. The
    /// positions met and the rounds' starts are history, kept apart by the
    /// search.
    fn hash_key(&self) -> Option<u64> {
        let phase = match self.phase {
            Phase::NewRound => return None,
            Phase::Reserve => 1,
            Phase::Sowing => 2,
        };
        let head = u64::from(self.scores[0])
            | u64::from(self.scores[1]) << 16
            | u64::from(self.to_move.0) << 32
            | u64::from(self.starter.0) << 33
            | u64::from(self.calved) << 34
            | u64::from(self.ended.is_some()) << 35
            | phase << 36;
        let more = self.first as u64 | (self.sud as u64) << 16 | u64::from(self.reserve) << 32;
        Some(kit::state_key(head, more, self.live()))
    }

    fn layout(&self) -> Layout {
        let all_seeds = 2 * self.width as u32 * u32::from(self.seeds_per_hole);
        let mut layout = kit::TwoRows::new(self.width).layout_for(all_seeds);
        layout.owners = (0..self.holes()).map(|pit| self.owner(pit)).collect();
        layout.reserve = u32::from(self.reserve);
        for row in &mut layout.rows {
            let owners: Vec<Player> = row
                .holes
                .iter()
                .map(|&hole| self.owner(hole as usize - 1))
                .collect();
            row.label = if owners.iter().all(|&owner| owner == owners[0]) {
                kit::name(owners[0]).to_owned()
            } else {
                String::new()
            };
        }
        layout
    }

    fn seeds(&self) -> Vec<u32> {
        kit::seed_counts(self.live())
    }

    fn prompt(&self) -> Option<String> {
        if self.ended.is_some() {
            return None;
        }
        // Within 80 columns: the board, its `Trous :` line (the host's,
        // when stables change hands) and its `Réserve :` line say the rest;
        // a list of stables too long for the line (twelve holes a row) is
        // said in words.
        let player = kit::name(self.to_move);
        let moves = kit::choices(self.allowed(self.to_move).map(|pit| pit as u32 + 1), true);
        let in_words = format!("(à vous, non vide, {})", kit::AGREEMENT_CHOICE);
        Some(match self.phase {
            Phase::NewRound => format!(
                "Nouvelle manche : {player} la commence ; chaque étable reçoit {} graines.",
                self.seeds_per_hole
            ),
            Phase::Reserve => kit::fitting([
                format!("{player}, étable à mettre en réserve ? {moves}"),
                format!("{player}, étable en réserve ? {moves}"),
                format!("{player}, étable en réserve ? {in_words}"),
            ]),
            Phase::Sowing => kit::fitting([
                format!("{player}, étable à semer ? {moves}"),
                format!("{player}, étable à semer ? {in_words}"),
            ]),
        })
    }

    fn end_reason(&self) -> String {
        let stables = || {
            format!(
                "le joueur qui a le plus d'étables gagne (SUD {}, NORD {})",
                self.stables(Player::SUD),
                self.stables(Player::NORD)
            )
        };
        match self.ended {
            Some((_, GameEnd::NoStable(round))) => {
                let loser = round.winner.map_or(Player::NORD, Player::opponent);
                format!(
                    "{} ; {} n'a plus d'étable : {} gagne la partie.",
                    self.round_summary(&round),
                    kit::name(loser),
                    kit::name(loser.opponent())
                )
            }
            Some((_, GameEnd::RoundRepeats(round))) => format!(
                "{} ; la manche suivante commencerait pour la troisième fois comme des \
                 manches déjà jouées (mêmes étables, même joueur qui commence) : la partie \
                 s'arrête, {}.",
                self.round_summary(&round),
                stables()
            ),
            Some((_, GameEnd::EndlessSowing)) => format!(
                "les semailles tourneraient sans fin (un état déjà rencontré pendant ce coup \
                 revient, sans veau pris) : elles s'arrêtent là et la partie aussi ; {}.",
                stables()
            ),
            Some((_, GameEnd::Agreement)) => format!(
                "les joueurs arrêtent la partie d'un commun accord ; {} ; les graines ne \
                 comptent pas.",
                stables()
            ),
            None => match (self.phase, self.last_round) {
                (Phase::NewRound, Some(round)) => format!("{}.", self.round_summary(&round)),
                _ => "la partie n'est pas finie.".to_owned(),
            },
        }
    }
}

export_variant!(LaVache);

/// Hole numbers (`index + 1`) as a prompt lists them ([`kit::hole_list`]),
/// or « aucune ».
fn list(pits: impl Iterator<Item = usize>) -> String {
    let numbers = kit::hole_list(pits.map(|pit| pit as u32 + 1));
    if numbers.is_empty() {
        "aucune".to_owned()
    } else {
        numbers
    }
}

/// The state of an iterative sowing before one of its sowings: the seeds of
/// every hole, the hole to take up, and what the move has taken so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Sowing {
    pits: [u8; MAX_HOLES],
    hole: usize,
    taken: u32,
    reserve: u8,
    calved: bool,
}

impl Sowing {
    /// Takes up the hole and sows its seeds on a board of `holes` holes,
    /// taking every calf; the next state if the last hole now holds 2
    /// seeds or more, else the end of the sowing.
    fn step(mut self, holes: usize) -> Link<Sowing, Sowing> {
        let mut hand = std::mem::take(&mut self.pits[self.hole]);
        let mut pit = self.hole;
        while hand > 0 {
            pit = (pit + 1) % holes;
            self.pits[pit] += 1;
            hand -= 1;
            if self.pits[pit] == CALF {
                self.pits[pit] = 0;
                self.taken += u32::from(CALF);
                if !self.calved {
                    self.calved = true;
                    self.taken += u32::from(std::mem::take(&mut self.reserve));
                }
            }
        }
        if self.pits[pit] >= 2 {
            self.hole = pit;
            Link::Next(self)
        } else {
            Link::End(self)
        }
    }
}

impl LaVache {
    /// The game of [`Variant::at_position`].
    fn read_position(options: &Options, body: &str) -> Result<LaVache, String> {
        let (width, seeds) = SIZE.read(options)?;
        let mut body = BodyReader::new(body);
        let to_move = body.two_seats()?;
        let holes = body.holes(2 * width)?;
        let scores = body.list("ce que SUD et NORD ont pris dans la manche", 2)?;
        let what = "les étables de SUD, la première et leur nombre";
        let stables = body.list(what, 2)?;
        let (first, sud) = (stables[0] as usize, stables[1] as usize);
        if !(1..=2 * width).contains(&first) || !(1..2 * width).contains(&sud) {
            return Err(body.refusal(
                what,
                format!(
                    "attendu une case de 1 à {} et un nombre de 1 à {} (chacun a au moins une \
                     étable pendant la partie)",
                    2 * width,
                    2 * width - 1
                ),
            ));
        }
        let reserve = match body.field("la réserve")? {
            "-" => None,
            seeds => match seeds.parse::<u8>() {
                Ok(seeds) => Some(seeds),
                Err(_) => {
                    return Err(body.refusal(
                        "la réserve",
                        format!("« {seeds} » n'est ni - ni un nombre de graines"),
                    ))
                }
            },
        };
        let starter = body.two_seats()?;
        body.end()?;
        let mut game = LaVache::from_position(width, &holes, to_move);
        game.seeds_per_hole = seeds;
        game.scores = [scores[0], scores[1]];
        game.first = first - 1;
        game.sud = sud;
        game.starter = starter;
        let found = game
            .live()
            .iter()
            .map(|&seeds| u32::from(seeds))
            .sum::<u32>()
            + scores.iter().sum::<u32>()
            + u32::from(reserve.unwrap_or(0));
        check_seed_count(found, 2 * width as u32 * u32::from(seeds))?;
        match reserve {
            None => {
                if game.scores != [0, 0] || starter != to_move {
                    return Err(
                        "à la première décision d'une manche (réserve -), personne n'a \
                                encore rien pris et le joueur qui a la main l'a commencée"
                            .to_owned(),
                    );
                }
                game.phase = Phase::Reserve;
                game.history.forget();
            }
            Some(seeds) => {
                game.reserve = seeds;
                game.calved = seeds == 0;
            }
        }
        game.starts.met(game.start_key(starter));
        Ok(game)
    }

    /// A game at `pits` (index `n - 1` is hole `n`, `2 * width` holes, the
    /// first `width` SUD's), in the middle of a round with `to_move` to sow,
    /// no reserve and no calf taken yet; it started with `to_move`.
    fn from_position(width: usize, pits: &[u8], to_move: Player) -> LaVache {
        let mut board = [0; MAX_HOLES];
        board[..pits.len()].copy_from_slice(pits);
        LaVache {
            width,
            seeds_per_hole: 4,
            pits: board,
            first: 0,
            sud: width,
            scores: [0, 0],
            reserve: 0,
            calved: false,
            to_move,
            starter: to_move,
            phase: Phase::Sowing,
            history: Positions::starting_at(&board[..2 * width], to_move),
            starts: RoundStarts::new(),
            last_round: None,
            ended: None,
        }
    }

    fn holes(&self) -> usize {
        2 * self.width
    }

    /// The holes in use.
    fn live(&self) -> &[u8] {
        &self.pits[..self.holes()]
    }

    /// The owner of the stable at index `pit`.
    fn owner(&self, pit: usize) -> Player {
        if (pit + self.holes() - self.first) % self.holes() < self.sud {
            Player::SUD
        } else {
            Player::NORD
        }
    }

    /// How many stables `player` owns.
    fn stables(&self, player: Player) -> usize {
        if player == Player::SUD {
            self.sud
        } else {
            self.holes() - self.sud
        }
    }

    /// The stables of `player`, by index, in increasing order.
    fn own(&self, player: Player) -> impl Iterator<Item = usize> + '_ {
        (0..self.holes()).filter(move |&pit| self.owner(pit) == player)
    }

    /// The stables `player` may play: their non-empty ones.
    fn allowed(&self, player: Player) -> impl Iterator<Item = usize> + '_ {
        self.own(player).filter(move |&pit| self.pits[pit] > 0)
    }

    /// The index of hole `input` if the player to move may play it, or why not.
    fn own_stable(&self, input: u32) -> Result<usize, String> {
        let holes = self.holes();
        let pit = match usize::try_from(input) {
            Ok(hole) if (1..=holes).contains(&hole) => hole - 1,
            _ => {
                return Err(format!(
                    "{input} n'est pas une étable : jouez une étable de 1 à {holes}"
                ))
            }
        };
        let owner = self.owner(pit);
        if owner != self.to_move {
            return Err(format!(
                "l'étable {input} est à {} : jouez une de vos étables ({})",
                kit::name(owner),
                list(self.own(self.to_move))
            ));
        }
        if self.pits[pit] == 0 {
            return Err(format!("l'étable {input} est vide"));
        }
        Ok(pit)
    }

    /// Sows `pit` iteratively, taking the calves; returns the seeds taken,
    /// and whether the sowing would have gone round for ever (it then stops
    /// at the first state of its loop, and the game is over).
    fn sow(&mut self, pit: usize) -> (u32, bool) {
        let holes = self.holes();
        let start = Sowing {
            pits: self.pits,
            hole: pit,
            taken: 0,
            reserve: self.reserve,
            calved: self.calved,
        };
        let (end, endless) = match chain::follow(start, |state| state.step(holes)) {
            Chain::Ended(end) => (end, false),
            Chain::Loops(first) => (first, true),
        };
        self.pits = end.pits;
        self.reserve = end.reserve;
        self.calved = end.calved;
        self.scores[self.to_move.index()] += end.taken;
        if endless {
            self.ended = Some((self.by_stables(), GameEnd::EndlessSowing));
        }
        (end.taken, endless)
    }

    /// The outcome by stables: more stables wins, equal is a draw.
    fn by_stables(&self) -> Outcome {
        Outcome::by_scores(&[self.sud as u32, (self.holes() - self.sud) as u32])
    }

    /// The number that stands for the start of a round: the stables and
    /// the player who starts.
    fn start_key(&self, starter: Player) -> usize {
        (self.first * MAX_HOLES + self.sud) * 2 + starter.index()
    }

    /// Ends the round: counts the calves to be born, moves the stables, and
    /// ends the game or waits for the next round to be set up.
    fn end_round(&mut self, cause: RoundEnd) {
        let on_board: u32 = self.live().iter().map(|&seeds| u32::from(seeds)).sum();
        let left = on_board
            + if self.calved {
                0
            } else {
                u32::from(self.reserve)
            };
        let calves = (left / u32::from(CALF)) as usize;
        let [sud, nord] = self.scores;
        let winner = match sud.cmp(&nord) {
            std::cmp::Ordering::Greater => Some(Player::SUD),
            std::cmp::Ordering::Less => Some(Player::NORD),
            std::cmp::Ordering::Equal => None,
        };
        let (moved, first_moved) = match winner {
            Some(winner) => {
                let moved = calves.min(self.stables(winner.opponent()));
                (moved, self.transfer(winner, moved))
            }
            None => (0, 0),
        };
        let round = RoundResult {
            cause,
            gains: self.scores,
            left,
            winner,
            moved,
            first_moved,
        };
        self.last_round = Some(round);
        let next = self.starter.opponent();
        if self.sud == 0 || self.sud == self.holes() {
            let winner = if self.sud == 0 {
                Player::NORD
            } else {
                Player::SUD
            };
            self.ended = Some((Outcome::winner(winner), GameEnd::NoStable(round)));
        } else if self.starts.met(self.start_key(next)) >= 2 {
            self.ended = Some((self.by_stables(), GameEnd::RoundRepeats(round)));
        } else {
            self.phase = Phase::NewRound;
            self.to_move = next;
        }
    }

    /// Gives `moved` stables of the loser to `winner`: those that follow the
    /// winner's along the circuit. Returns the index of the first of them.
    fn transfer(&mut self, winner: Player, moved: usize) -> usize {
        let holes = self.holes();
        if winner == Player::SUD {
            let first_moved = (self.first + self.sud) % holes;
            self.sud += moved;
            first_moved
        } else {
            let first_moved = self.first;
            self.first = (self.first + moved) % holes;
            self.sud -= moved;
            first_moved
        }
    }

    /// Sets the next round up: every stable gets its seeds back, the scores
    /// start again from 0, and the player to move puts a stable in reserve.
    fn set_up_round(&mut self) {
        let holes = self.holes();
        self.pits[..holes].fill(self.seeds_per_hole);
        self.scores = [0, 0];
        self.reserve = 0;
        self.calved = false;
        self.starter = self.to_move;
        self.phase = Phase::Reserve;
        self.last_round = None;
        self.history.forget();
    }

    /// What a round's end said: why, the gains, the calves to be born and
    /// the stables that changed hands.
    fn round_summary(&self, round: &RoundResult) -> String {
        let cause = match round.cause {
            RoundEnd::NoMove(player) => format!("{} n'a plus de coup possible", kit::name(player)),
            RoundEnd::Repeated => {
                "la position s'est répétée depuis le dernier veau pris".to_owned()
            }
        };
        let calves = round.left / u32::from(CALF);
        let result = match round.winner {
            None => "égalité : aucune étable ne change de main".to_owned(),
            Some(winner) if round.moved == 0 => format!(
                "{} gagne la manche, mais aucune étable ne change de main",
                kit::name(winner)
            ),
            Some(winner) => {
                let holes = self.holes();
                let moved = (0..round.moved).map(|k| (round.first_moved + k) % holes);
                format!(
                    "{} gagne la manche et prend {} étable(s) à {} ({})",
                    kit::name(winner),
                    round.moved,
                    kit::name(winner.opponent()),
                    list(moved)
                )
            }
        };
        format!(
            "{cause} ; gains de la manche : SUD {}, NORD {} ; {} graine(s) encore en jeu, \
             {calves} veau(x) à naître : {result}",
            round.gains[0], round.gains[1], round.left
        )
    }
}

#[cfg(test)]
mod tests;
