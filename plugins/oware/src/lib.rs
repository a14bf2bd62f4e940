//! Oware (seed `000`, section « L'OWARE »), as a variant plugin.
//!
//! Two rows of six holes, four seeds each, numbered 1..12 along the sowing
//! circuit. Two, three, four or six players (option `players`) share the
//! holes in bands of 6, 4, 3 or 2 holes and play in turn counterclockwise. A
//! move takes every seed of a non-empty hole of one's own band and sows them
//! one by one in the following holes. Where the last seed falls:
//! - in an empty hole, the turn ends;
//! - in a hole that then holds exactly 4, whoever's it is, the mover takes
//!   the 4 seeds and the turn ends;
//! - in a hole that then holds 2, 3, 5 or more, the mover takes them up and
//!   sows again from the next hole, with the same cases.
//!
//! Any other seed that brings a hole to exactly 4 during a sowing gives those
//! 4 seeds at once to the hole's owner, mover or not, while the sowing goes
//! on. The game ends as soon as a capture leaves fewer than 4 seeds in play;
//! a capture that leaves exactly 4 also takes them. The most seeds win.
//!
//! Readings chosen where the seed is silent or ambiguous:
//! - Seats, in [`Player`] order: SUD, NORD, EST, OUEST, SUD-EST,
//!   NORD-OUEST; a game seats the first 2, 3, 4 or 6 of them. Counterclockwise
//!   from hole 1 the bands belong to SUD, NORD (2 players); SUD, EST, NORD
//!   (3); SUD, EST, NORD, OUEST (4); SUD, SUD-EST, EST, NORD, NORD-OUEST,
//!   OUEST (6). The player after a seat is the owner of the next band.
//! - The board is drawn as the usual 2×6 board; with more than two players
//!   a row has several owners, so the rows have no label. Score lines go from
//!   the last band to the first (NORD then SUD with two players).
//! - Seeds in the sower's hand are in play: a capture that leaves at most 4
//!   seeds on the board and in hand gives them all to whoever made it (the
//!   owner of the hole, for a capture during the sowing), and the game ends
//!   there. Captures go by 4 out of 48 seeds, so this is the capture that
//!   leaves exactly 4.
//! - A sowing long enough to go round the board skips the hole it started
//!   from, as in the Awalé.
//! - A player with no seed in their band is skipped; the turn goes on to the
//!   next player counterclockwise who has seeds (the mover again if no other
//!   has any).
//! - Endless sowing: if a player is about to take up a hole with the board
//!   exactly as it was before an earlier take-up of that same hole in the
//!   same move, the sowing would never end; the move stops there, the seeds
//!   stay in that hole and the turn passes.
//! - Endless game: the game also ends when a position (seeds of every hole
//!   and player to move) repeats since the last capture, and when the players
//!   agree (`0`). Each player then adds the seeds left in their band to their
//!   score. With three players or more it ends too after 100
//!   decisions without a capture, each taking their band's seeds: the seed
//!   ends Awalé « lorsqu'il est évident qu'aucune prise ne sera plus
//!   possible », and among three bands or more the positions of a few seeds
//!   going round are so many that the repetition rule alone let a game of
//!   the computer at level 4 run for hundreds of decisions (319 without a
//!   capture in 327, issue 37). Two players keep the repetition rule alone,
//!   as OpenSpiel's `oware` and the endgame tables do.
//! - The highest score wins; several players tied for the highest score win
//!   together, and the game is a draw only when every player has the same
//!   score.

use std::sync::OnceLock;

use variant_endgame as endgame;
use variant_endgame::{Table, Tabled};
use variant_kit as kit;
use variant_kit::body::{check_seed_count, BodyReader, BodyWriter};
use variant_kit::{
    export_variant, Description, Gains, Inputs, Layout, OptionSpec, OptionValues, Options, Outcome,
    Player, Step, Turn, Variant,
};
use variant_kit::{Ending, Positions, TwoRows};

/// The board: two rows of six holes, shared in bands by the players.
const BOARD: TwoRows = TwoRows::new(6);
/// Holes on the board.
const HOLES: usize = BOARD.holes();
/// Seeds in each hole at the start.
const SEEDS_PER_HOLE: u8 = 4;
/// Seeds in the game.
const TOTAL_SEEDS: u32 = HOLES as u32 * SEEDS_PER_HOLE as u32;
/// The count that makes a capture, and the seeds left in play that end the game.
const FOUR: u8 = 4;
/// Every seat's name, in [`Player`] order.
const SEATS: [&str; 6] = ["SUD", "NORD", "EST", "OUEST", "SUD-EST", "NORD-OUEST"];

const RULES: &str = "\
OWARE

Plateau : deux rangées de 6 trous, 4 graines par trou, numérotés de 1 à 12 dans le sens \
du semis (SUD sème de 1 à 6, 12 est au-dessus de 1).

Joueurs : 2, 3, 4 ou 6 (option players). Ils se partagent les trous en bandes de 6, 4, \
3 ou 2 trous, en partant du trou 1 et dans le sens du semis : à 2, SUD puis NORD ; à 3, \
SUD, EST, NORD ; à 4, SUD, EST, NORD, OUEST ; à 6, SUD, SUD-EST, EST, NORD, NORD-OUEST, \
OUEST. Ils jouent à tour de rôle dans cet ordre (sens inverse des montres). Au-delà de \
deux joueurs, les rangées du dessin ne portent pas de nom.

Coup : le joueur prend toutes les graines d'un trou non vide de sa bande et les sème une \
à une dans les trous suivants, dans l'ordre croissant des numéros (12 étant suivi de 1). \
Un semis qui fait le tour du plateau saute le trou d'où il est parti, comme à l'Awalé. \
Selon le trou où tombe la dernière graine :
- s'il était vide, le tour s'arrête ;
- s'il contient alors exactement 4 graines, chez le joueur ou chez un autre, le joueur \
prend ces 4 graines et le tour s'arrête ;
- s'il contient alors 2, 3, 5 graines ou plus, le joueur les reprend en main et sème de \
nouveau à partir du trou suivant, avec les mêmes cas.

Prises au passage : toute autre graine qui porte un trou à exactement 4 graines pendant \
un semis donne aussitôt ces 4 graines au propriétaire du trou, qu'il soit le semeur ou \
non ; le semis continue.

Semis sans fin : si le joueur s'apprête à reprendre les graines d'un trou alors que le \
plateau est exactement tel qu'il était lors d'une reprise de ce même trou pendant ce \
coup, le semis ne finirait jamais : le coup s'arrête là, les graines restent dans ce \
trou et le tour passe.

Joueur sans graine : un joueur dont la bande est vide est sauté ; le tour passe au \
suivant qui a des graines.

Fin : les graines en main comptent comme en jeu. Dès qu'une prise laisse au plus 4 \
graines en jeu (les prises vont par 4 sur 48 graines : c'est la prise qui en laisse \
exactement 4), celui qui a fait la prise prend aussi ces graines et la partie s'arrête. \
La partie s'arrête aussi quand la position (graines de chaque trou et joueur qui doit \
jouer) s'est déjà présentée depuis la dernière prise, à trois joueurs ou plus quand 100 \
coups se sont joués sans prise, ou quand un joueur entre 0 (tous les joueurs sont \
d'accord) : chacun ajoute alors à son score les graines restées dans sa bande. Le plus haut score gagne ; des joueurs à égalité en tête gagnent ensemble, et la \
partie n'est nulle que si tous les scores sont égaux.

Position (--position) : oware[/players=N]:JOUEUR:TROUS:SCORES, le joueur qui a la main \
(S, N, E, O, SE ou NO pour SUD, NORD, EST, OUEST, SUD-EST, NORD-OUEST), les graines des \
trous 1 à 12, puis le score de chaque joueur assis, dans l'ordre SUD, NORD, EST, OUEST, \
SUD-EST, NORD-OUEST ; 48 graines en tout : oware/players=3:E:4,4,4,4,4,4,4,4,4,4,4,4:0,0,0. \
La partie y reprend sans positions passées.";

/// Why a game ends (« Fin »).
const LAST_SEEDS: &str =
    "une prise a laissé au plus 4 graines en jeu ; celui qui l'a faite les prend aussi.";
const REPEATED: &str =
    "la position s'est répétée depuis la dernière prise ; chacun prend les graines de sa bande.";
const AGREEMENT: &str =
    "les joueurs sont d'accord pour finir ; chacun prend les graines de sa bande.";
const GOING_ROUND: &str =
    "100 coups sans prise : les graines tournent ; chacun prend les graines de sa bande.";

/// With three players or more, the decisions without a capture after
/// which the game ends (see the crate docs, « Endless game »).
const WITHOUT_CAPTURE: usize = 100;
const NO_SEEDS: &str = "aucun joueur n'a plus de graines dans sa bande.";

/// A game of Oware.
#[derive(Debug)]
pub struct Oware {
    /// Seeds per hole; index `n - 1` is hole `n`.
    pits: [u8; HOLES],
    /// Each seated player's score, by [`Player::index`].
    scores: Vec<u32>,
    /// The seats in play counterclockwise: `order[k]` owns the `k`-th band from hole 1.
    order: Vec<Player>,
    to_move: Player,
    /// The positions reached since the last capture.
    history: Positions,
    ended: Option<Ending>,
}

/// A chained sowing under way, on a copy of the board: what it has done so far.
#[derive(Clone, Copy)]
struct Sowing {
    pits: [u8; HOLES],
    gains: Gains,
    captured: bool,
}

/// How one lap of a chained sowing ended.
enum Lap {
    /// The last seed fell in an empty hole or was taken: the turn ends.
    TurnEnds,
    /// A capture left at most 4 seeds in play, and they were taken: the game ends.
    GameEnds,
    /// The last seed made 2, 3, 5 or more in this hole (index), to take up.
    TakeUp(usize),
}

/// How a move ended.
enum Moved {
    /// The turn passes; whether anything was captured.
    TurnPasses { captured: bool },
    /// The last seeds in play were taken.
    GameEnds,
}

variant_kit::clone_by_fields!(Oware {
    pits,
    scores,
    order,
    to_move,
    history,
    ended
});

impl Variant for Oware {
    fn describe() -> Description {
        Description {
            id: "oware".to_owned(),
            title: "Oware".to_owned(),
            title_with_article: "d'Oware".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            summary:
                "L'Oware : semis enchaînés, tout trou porté à 4 graines est pris, de 2 à 6 joueurs."
                    .to_owned(),
            rules: RULES.to_owned(),
            players: SEATS.iter().map(|&seat| seat.to_owned()).collect(),
            options: vec![OptionSpec {
                key: "players".to_owned(),
                help: "nombre de joueurs, qui se partagent les 12 trous par bandes de 6, 4, 3 ou 2 (2 : SUD NORD ; 3 : SUD NORD EST ; 4 : SUD NORD EST OUEST ; 6 : SUD NORD EST OUEST SUD-EST NORD-OUEST)"
                    .to_owned(),
                default: "2".to_owned(),
                values: OptionValues::Choices(
                    ["2", "3", "4", "6"].iter().map(|&n| n.to_owned()).collect(),
                ),
            }],
            agreement_ends_game: true,
        }
    }

    fn seats(options: &Options) -> Vec<String> {
        let seated = seating(options.get("players")).len();
        SEATS[..seated]
            .iter()
            .map(|&seat| seat.to_owned())
            .collect()
    }

    fn new(options: &Options, first: Player) -> Result<Self, String> {
        let order = seating(options.get("players"));
        if !order.contains(&first) {
            let seats: Vec<&str> = (0..order.len()).map(|seat| SEATS[seat]).collect();
            return Err(format!(
                "{} does not play with players={}: the seats are {}",
                SEATS.get(first.index()).unwrap_or(&"this seat"),
                order.len(),
                seats.join(", ")
            ));
        }
        Ok(Oware::from_position([SEEDS_PER_HOLE; HOLES], order, first))
    }

    fn turn(&self) -> Turn {
        kit::sowing_turn(self.ended, self.to_move)
    }

    fn legal_inputs(&self, inputs: &mut Inputs) {
        if self.ended.is_none() {
            kit::push_holes(
                inputs,
                self.band(self.to_move).filter(|&pit| self.pits[pit] > 0),
            );
        }
    }

    fn play(&mut self, input: u32) -> Result<Step, String> {
        let pit = self.check_move(input)?;
        let (gains, moved) = self.sow(pit);
        match moved {
            Moved::TurnPasses { captured } => self.pass_turn(captured),
            Moved::GameEnds => self.settle(LAST_SEEDS),
        }
        Ok(Step::Completed(gains))
    }

    fn scores(&self) -> &[u32] {
        &self.scores
    }

    fn end_by_agreement(&mut self) -> Result<(), String> {
        kit::refuse_if_over(self.ended)?;
        self.finish(AGREEMENT);
        Ok(())
    }

    /// In hundredths of a seed: `player`'s score minus the best score of
    /// the others, 100 a seed; and `BAND_SEED` (5) a seed left in `player`'s
    /// band (they are `player`'s if the game ends by repetition or
    /// agreement) minus as much a seed in the others' bands, averaged over
    /// them. With two players, the score difference plus a twentieth of the
    /// band difference.
    fn evaluate(&self, player: Player) -> i32 {
        let me = player.index();
        let mine = self.scores.get(me).copied().unwrap_or(0) as i32;
        let best_other = self
            .scores
            .iter()
            .enumerate()
            .filter(|&(seat, _)| seat != me)
            .map(|(_, &score)| score as i32)
            .max()
            .unwrap_or(0);
        let taken = 100 * (mine - best_other);
        if self.ended.is_some() {
            return taken;
        }
        let width = self.band_width();
        let others = (self.order.len() as i32 - 1).max(1);
        let mut band = 0;
        let mut rest = 0;
        for (k, &owner) in self.order.iter().enumerate() {
            let seeds: i32 = self.pits[k * width..(k + 1) * width]
                .iter()
                .map(|&s| i32::from(s))
                .sum();
            if owner == player {
                band += seeds;
            } else {
                rest += seeds;
            }
        }
        taken + BAND_SEED * (band - rest / others)
    }

    /// The seeds of each hole, every score, the number of seats and the
    /// player to move (the repetition history is left out).
    fn hash_key(&self) -> Option<u64> {
        let mut low = [0u8; 8];
        low.copy_from_slice(&self.pits[..8]);
        let mut high = [0u8; 8];
        high[..4].copy_from_slice(&self.pits[8..]);
        high[4] = self.to_move.0;
        high[5] = self.order.len() as u8;
        high[6] = u8::from(self.ended.is_some());
        let mut scores = [0u8; 8];
        for (slot, &score) in scores.iter_mut().zip(&self.scores) {
            *slot = score as u8;
        }
        Some(mix(u64::from_le_bytes(low)
            ^ mix(u64::from_le_bytes(high)
                .wrapping_add(0x9e37_79b9_7f4a_7c15)
                ^ mix(
                    u64::from_le_bytes(scores).wrapping_add(0x3c6e_f372_fe94_f82b)
                ))))
    }

    fn layout(&self) -> Layout {
        let mut layout = BOARD.layout();
        layout.owners = (0..HOLES).map(|pit| self.owner(pit)).collect();
        layout.score_order = self.order.iter().rev().copied().collect();
        if self.order.len() > 2 {
            for row in &mut layout.rows {
                row.label.clear();
            }
        }
        layout
    }

    fn seeds(&self) -> Vec<u32> {
        kit::seed_counts(&self.pits)
    }

    /// `MOVER:HOLES:SCORES`, a score for each seated player.
    fn position(&self) -> Option<Result<String, String>> {
        let mut body = BodyWriter::new();
        body.seat(self.to_move, &SEATS)
            .list(self.pits)
            .list(&self.scores);
        Some(Ok(body.finish()))
    }

    /// A game at `MOVER:HOLES:SCORES`: a seated player to move, 48 seeds.
    fn at_position(options: &Options, body: &str) -> Option<Result<Self, String>> {
        let read = |body: &str| {
            let order = seating(options.get("players"));
            let mut body = BodyReader::new(body);
            let to_move = body.seat(&SEATS)?;
            if !order.contains(&to_move) {
                return Err(body.refusal(
                    "le joueur qui a la main",
                    format!(
                        "{} ne joue pas à {} joueurs",
                        SEATS[to_move.index()],
                        order.len()
                    ),
                ));
            }
            let holes = body.holes(HOLES)?;
            let scores = body.list("le score de chaque joueur", order.len())?;
            body.end()?;
            let found = holes.iter().map(|&seeds| u32::from(seeds)).sum::<u32>()
                + scores.iter().sum::<u32>();
            check_seed_count(found, TOTAL_SEEDS)?;
            let mut pits = [0; HOLES];
            pits.copy_from_slice(&holes);
            let mut game = Oware::from_position(pits, order, to_move);
            game.scores = scores;
            Ok(game)
        };
        Some(read(body))
    }

    fn end_reason(&self) -> String {
        kit::end_reason(self.ended)
    }

    fn build_endgames(
        options: &Options,
        seeds: usize,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Option<Result<String, String>> {
        if options.get("players") != "2" {
            return Some(Err(
                "Oware n'a de tables de finales qu'à deux joueurs (--set players=2)".to_owned(),
            ));
        }
        Some(build_endgames(seeds, progress).map(|(table, path)| endgame::report(&table, &path)))
    }

    /// Whether the table is built and whole: read here, once per process,
    /// before a game's first board, so that a damaged table is said then
    /// (by [`endgame::cached`]) and the search finds it read.
    fn endgame_tables(options: &Options) -> Option<bool> {
        (options.get("players") == "2").then(|| table().is_some())
    }

    fn endgame_bounds(&self) -> Option<(i32, i32)> {
        if self.ended.is_some() || self.order.len() != 2 {
            return None;
        }
        let seeds: usize = self.pits.iter().map(|&s| usize::from(s)).sum();
        if seeds > endgame::MAX_SEEDS {
            return None;
        }
        let bounds = table()?.bounds(self)?;
        Some((i32::from(bounds.low), i32::from(bounds.high)))
    }
}

export_variant!(Oware);

/// The name of the endgame tables of Oware with two players.
const TABLE_NAME: &str = "oware-2";

/// The endgame table of two players' Oware from the user's cache, read
/// once per process; `None` when it was never built, or is damaged (said
/// then, with the command that builds it again).
fn table() -> Option<&'static Table> {
    static TABLE: OnceLock<Option<Table>> = OnceLock::new();
    TABLE
        .get_or_init(|| endgame::cached(TABLE_NAME, HOLES, "awale oware --endgames"))
        .as_ref()
}

/// Two players' Oware: the endgame tables' rules (see [`build_endgames`]).
impl Tabled for Oware {
    const HOLES: usize = HOLES;

    fn at(&self, pits: &[u8]) -> Oware {
        let mut board = [0; HOLES];
        board.copy_from_slice(pits);
        Oware::from_position(board, seating("2"), Player::SUD)
    }

    fn pits(&self) -> &[u8] {
        &self.pits
    }

    fn each_earlier(&self, each: &mut dyn FnMut(&[u8], Player)) -> bool {
        self.history.each_earlier(HOLES, each)
    }
}

/// Builds the endgame table of two players' Oware up to `seeds` seeds,
/// calling `progress(done, all)` (boards) after each level, and writes it
/// where the plugin reads it; returns the table and its file.
pub fn build_endgames(
    seeds: usize,
    progress: impl FnMut(u64, u64),
) -> Result<(Table, std::path::PathBuf), String> {
    let template = Oware::from_position([0; HOLES], seating("2"), Player::SUD);
    endgame::build_into_cache(&template, TABLE_NAME, seeds, progress)
}

/// The seats of a game of `players` (`2`, `3`, `4` or `6`), counterclockwise from hole 1.
fn seating(players: &str) -> Vec<Player> {
    let seats: &[u8] = match players {
        "3" => &[0, 2, 1],
        "4" => &[0, 2, 1, 3],
        "6" => &[0, 4, 2, 1, 5, 3],
        _ => &[0, 1],
    };
    seats.iter().map(|&seat| Player(seat)).collect()
}

/// The seeds on a board.
fn seeds_on(pits: &[u8]) -> u32 {
    pits.iter().map(|&s| u32::from(s)).sum()
}

/// The value of a seed left in one's band, in hundredths of a seed taken.
/// Measured between levels 3 and 4 against 0 and 10 (Oware, 2 players):
/// 0 plays best at level 3 but worst at levels 2 and 4; 5 is as good as 10
/// at level 4 and better at level 3.
const BAND_SEED: i32 = 5;

/// The finaliser of SplitMix64: spreads the bits of a packed position.
use variant_kit::rng::mix64 as mix;

/// The player's name as printed.
fn name(player: Player) -> &'static str {
    SEATS.get(player.index()).copied().unwrap_or("?")
}

impl Oware {
    fn from_position(pits: [u8; HOLES], order: Vec<Player>, to_move: Player) -> Oware {
        Oware {
            pits,
            scores: vec![0; order.len()],
            order,
            to_move,
            history: Positions::starting_at(&pits, to_move),
            ended: None,
        }
    }

    /// Holes in one player's band.
    fn band_width(&self) -> usize {
        HOLES / self.order.len()
    }

    /// The place of `player` in the counterclockwise order.
    fn seat(&self, player: Player) -> usize {
        self.order
            .iter()
            .position(|&seat| seat == player)
            .unwrap_or_default()
    }

    /// The holes (indices) of `player`'s band.
    fn band(&self, player: Player) -> std::ops::Range<usize> {
        let width = self.band_width();
        let start = self.seat(player) * width;
        start..start + width
    }

    /// The owner of the hole at `pit`.
    fn owner(&self, pit: usize) -> Player {
        self.order[pit / self.band_width()]
    }

    fn band_seeds(&self, player: Player) -> u32 {
        self.pits[self.band(player)]
            .iter()
            .map(|&s| u32::from(s))
            .sum()
    }

    /// The hole index of `input`, or why it may not be played.
    fn check_move(&self, input: u32) -> Result<usize, String> {
        kit::refuse_if_over(self.ended)?;
        let own = self.band(self.to_move);
        let range = || format!("{} à {}", own.start + 1, own.end);
        let pit = match usize::try_from(input) {
            Ok(hole @ 1..=HOLES) => hole - 1,
            _ => {
                return Err(format!(
                    "{input} n'est pas un trou : jouez un trou de {}",
                    range()
                ))
            }
        };
        if !own.contains(&pit) {
            return Err(format!(
                "le trou {input} est à {} : jouez un trou de {}",
                name(self.owner(pit)),
                range()
            ));
        }
        if self.pits[pit] == 0 {
            return Err(format!("le trou {input} est vide"));
        }
        Ok(pit)
    }

    /// Plays the chained sowing that starts at `pit`: moves the seeds, adds
    /// every capture to the scores, and returns the gains and how it ended.
    ///
    /// Endless sowing: the move stops at the first take-up whose board and
    /// hole are those of an earlier take-up of the move. The take-ups follow
    /// one another by a fixed rule, so they repeat with some period once
    /// they repeat at all; Brent's cycle finding gives the first repeated
    /// one without remembering the take-ups. Between two equal take-ups
    /// nothing is captured (the seeds in play are the same), so the move
    /// ends with the board, gains and captures of the first of them.
    fn sow(&mut self, pit: usize) -> (Gains, Moved) {
        let mut hare = Sowing {
            pits: self.pits,
            gains: Gains::NONE,
            captured: false,
        };
        let first = match self.lap(&mut hare, pit) {
            Lap::TakeUp(hole) => hole,
            end => return self.commit(hare, end),
        };
        // The first take-up, and what the move had done when it came.
        let start = (hare, first);
        // Brent: the hare goes on until it meets the tortoise, which jumps
        // to the hare at every power of two; `period` is then the period.
        let mut tortoise = (hare.pits, first);
        let mut hole = first;
        let (mut power, mut period) = (1_u32, 1_u32);
        loop {
            match self.lap(&mut hare, hole) {
                Lap::TakeUp(next) => hole = next,
                end => return self.commit(hare, end),
            }
            if tortoise == (hare.pits, hole) {
                break;
            }
            if power == period {
                tortoise = (hare.pits, hole);
                power *= 2;
                period = 0;
            }
            period += 1;
        }
        // The first repeated take-up: walk from the first one with a lead of
        // one period until both walkers stand on the same take-up.
        let (mut behind, mut behind_hole) = start;
        let (mut ahead, mut ahead_hole) = start;
        for _ in 0..period {
            self.take_up(&mut ahead, &mut ahead_hole);
        }
        while (behind.pits, behind_hole) != (ahead.pits, ahead_hole) {
            self.take_up(&mut behind, &mut behind_hole);
            self.take_up(&mut ahead, &mut ahead_hole);
        }
        self.commit(behind, Lap::TurnEnds)
    }

    /// Takes up the seeds of `hole` and sows them, moving `hole` to the next
    /// take-up (on a sowing known to go on).
    fn take_up(&self, sowing: &mut Sowing, hole: &mut usize) {
        if let Lap::TakeUp(next) = self.lap(sowing, *hole) {
            *hole = next;
        }
    }

    /// Keeps the board and scores a sowing reached, and says how the move ended.
    fn commit(&mut self, sowing: Sowing, lap: Lap) -> (Gains, Moved) {
        self.pits = sowing.pits;
        for (index, score) in self.scores.iter_mut().enumerate() {
            *score += sowing.gains.get(Player(index as u8));
        }
        let moved = match lap {
            Lap::GameEnds => Moved::GameEnds,
            Lap::TurnEnds | Lap::TakeUp(_) => Moved::TurnPasses {
                captured: sowing.captured,
            },
        };
        (sowing.gains, moved)
    }

    /// Sows the seeds of the hole at `from` one by one in the following
    /// holes (skipping `from`), giving every hole brought to 4 to its taker;
    /// when a capture leaves at most 4 seeds in play, the taker takes them
    /// too and the board is emptied.
    fn lap(&self, sowing: &mut Sowing, from: usize) -> Lap {
        let pits = &mut sowing.pits;
        let mut hand = std::mem::take(&mut pits[from]);
        let mut hole = from;
        while hand > 0 {
            hole = (hole + 1) % HOLES;
            if hole == from {
                continue;
            }
            pits[hole] += 1;
            hand -= 1;
            if pits[hole] == FOUR {
                let taker = if hand == 0 {
                    self.to_move
                } else {
                    self.owner(hole)
                };
                let taken = u32::from(std::mem::take(&mut pits[hole]));
                sowing.gains.add(taker, taken);
                sowing.captured = true;
                let rest = seeds_on(pits) + u32::from(hand);
                if rest <= u32::from(FOUR) {
                    *pits = [0; HOLES];
                    sowing.gains.add(taker, rest);
                    return Lap::GameEnds;
                }
            }
        }
        // The last hole was empty (1 now) or was just taken (0 now).
        if pits[hole] <= 1 {
            Lap::TurnEnds
        } else {
            Lap::TakeUp(hole)
        }
    }

    /// Gives the turn to the next player counterclockwise who has seeds, and
    /// ends the game if the position repeats since the last capture, or, with
    /// three players or more, after [`WITHOUT_CAPTURE`] decisions without one.
    fn pass_turn(&mut self, captured: bool) {
        if captured {
            self.history.forget();
        }
        let seat = self.seat(self.to_move);
        let seated = self.order.len();
        let next = (1..=seated)
            .map(|step| self.order[(seat + step) % seated])
            .find(|&player| self.band_seeds(player) > 0);
        let Some(next) = next else {
            self.finish(NO_SEEDS);
            return;
        };
        self.to_move = next;
        if self.history.repeats(&self.pits, next) {
            self.finish(REPEATED);
        } else if self.order.len() > 2 && self.history.len() > WITHOUT_CAPTURE {
            // The positions remembered: the one after the last capture
            // (or the start), then one a decision.
            self.finish(GOING_ROUND);
        }
    }

    /// Gives each player the seeds left in their band and settles the outcome.
    fn finish(&mut self, reason: &'static str) {
        for pit in 0..HOLES {
            let owner = self.owner(pit);
            self.scores[owner.index()] += u32::from(std::mem::take(&mut self.pits[pit]));
        }
        self.settle(reason);
    }

    /// Ends the game: the highest scores win, a draw if all are equal.
    fn settle(&mut self, reason: &'static str) {
        let outcome = Outcome::by_scores(&self.scores);
        self.ended = Some(Ending { outcome, reason });
    }
}

#[cfg(test)]
mod tests;
