//! Awalé, the reference rules of the host (`SPEC.md` §4), as a variant plugin.
//!
//! Two rows of six holes, four seeds each. SUD owns holes 1-6, NORD holes
//! 7-12, numbered along the sowing circuit. A move sows a hole of one's own
//! row counterclockwise, skipping the starting hole on every lap; a last
//! seed that makes 2 or 3 in the opponent's row captures that hole and its
//! neighbours in the opponent's row holding 2 or 3 (option `capture`: in both
//! directions, or `backward` only, the assignment's « Variante 1 »). A
//! capture that would empty the opponent's row takes nothing (grand slam).
//! A player whose opponent's row is empty must feed it.
//!
//! The game ends right after a move when a score is above half the seeds
//! (or both are at half), when the player to move has no allowed move, or
//! when a position (seeds and player to move) repeats since the last
//! capture; and when both players agree (`0`). Each player then adds the
//! seeds left in their own row to their score.

use std::sync::OnceLock;

use variant_endgame as endgame;
use variant_endgame::{Table, Tabled};
use variant_kit as kit;
use variant_kit::body::{read_two_rows, write_two_rows, BodyReader, BodyWriter};
use variant_kit::evaluation;
use variant_kit::{
    export_variant, Description, Gains, Inputs, Layout, OptionSpec, OptionValues, Options, Player,
    Step, Turn, Variant,
};
use variant_kit::{Ending, Positions, TwoRows};

/// The board: two rows of six holes.
const BOARD: TwoRows = TwoRows::new(6);
/// Holes on the board.
const HOLES: usize = BOARD.holes();
/// Seeds in each hole at the start.
const SEEDS_PER_HOLE: u8 = 4;
/// Seeds in the game.
const TOTAL_SEEDS: u32 = HOLES as u32 * SEEDS_PER_HOLE as u32;

const RULES: &str = "\
AWALÉ

Plateau : deux rangées de 6 trous, 4 graines par trou. SUD possède les trous 1 à 6, \
NORD les trous 7 à 12, numérotés dans le sens du semis (12 est au-dessus de 1).

Coup : le joueur choisit un trou non vide de sa rangée. Si la rangée adverse est vide \
au début du tour, seul un coup qui y dépose au moins une graine est permis.

Semis : toutes les graines du trou sont semées une à une dans les trous suivants, dans \
l'ordre croissant des numéros, 12 étant suivi de 1. Le trou de départ est sauté à chaque \
tour et reste vide.

Prise : si la dernière graine tombe dans la rangée adverse et que ce trou contient alors \
2 ou 3 graines, le joueur les prend, puis prend les trous voisins de la rangée adverse, \
de proche en proche dans les deux sens, tant qu'ils contiennent 2 ou 3 graines. Avec \
l'option capture=backward (« Variante 1 »), seuls les trous précédents (numéros \
décroissants) sont pris.

Grand chelem : si la prise devait emporter toutes les graines de la rangée adverse, rien \
n'est pris ; le coup reste joué.

Fin : la partie s'arrête juste après un coup quand un score dépasse 24 (ou que les deux \
scores valent 24), quand le joueur qui doit jouer n'a aucun coup permis, ou quand la \
position (graines de chaque trou et joueur qui doit jouer) s'est déjà présentée depuis \
la dernière prise. Elle s'arrête aussi quand un joueur entre 0 (les deux joueurs sont \
d'accord). Chaque joueur ajoute alors à son score les graines restées dans sa rangée ; \
le plus haut score gagne, l'égalité est une partie nulle.

Position (--position) : awale:JOUEUR:TROUS:SCORES, le joueur qui a la main (S ou N), \
les graines des trous 1 à 12, puis les scores de SUD et de NORD, 48 graines en tout : \
awale:N:1,0,0,0,0,1,0,0,0,0,0,1:21,24 donne la main à NORD, une graine aux trous 1, 6 et \
12, 21 à SUD et 24 à NORD. La partie y reprend sans positions passées ; une position où \
un joueur a plus de 24 graines, ou chacun 24, est une partie finie : elle est refusée.";

/// Why a game ends (rule 6); each player then takes the seeds of their row.
const MAJORITY: &str =
    "un joueur a plus de la moitié des graines ; chacun prend les graines de sa rangée.";
const HALF_EACH: &str = "chaque joueur a la moitié des graines.";
const REPEATED: &str =
    "la position s'est répétée depuis la dernière prise ; chacun prend les graines de sa rangée.";
const NO_MOVE: &str =
    "le joueur qui doit jouer n'a aucun coup permis ; chacun prend les graines de sa rangée.";
const AGREEMENT: &str =
    "les joueurs sont d'accord pour finir ; chacun prend les graines de sa rangée.";

/// Which neighbours of the last hole a capture may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CaptureRule {
    /// The holes before and after the last one.
    Both,
    /// Only the holes before the last one (decreasing numbers).
    Backward,
}

/// A game of Awalé.
#[derive(Debug)]
pub struct Awale {
    /// Seeds per hole; index `n - 1` is hole `n`.
    pits: [u8; HOLES],
    scores: [u32; 2],
    to_move: Player,
    capture: CaptureRule,
    /// The positions reached since the last capture.
    history: Positions,
    ended: Option<Ending>,
}

variant_kit::clone_by_fields!(Awale {
    pits,
    scores,
    to_move,
    capture,
    history,
    ended
});

impl Variant for Awale {
    fn describe() -> Description {
        Description {
            id: "awale".to_owned(),
            title: "Awalé".to_owned(),
            title_with_article: "d'Awalé".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            summary: "L'Awalé de l'IUT : 2×6 trous, prises de 2 ou 3, grand chelem interdit."
                .to_owned(),
            rules: RULES.to_owned(),
            players: kit::sud_nord(),
            options: vec![OptionSpec {
                key: "capture".to_owned(),
                help: "trous pris autour du dernier : both, dans les deux sens, ou backward, en arrière seulement (Variante 1)"
                    .to_owned(),
                default: "both".to_owned(),
                values: OptionValues::Choices(vec!["both".to_owned(), "backward".to_owned()]),
            }],
            agreement_ends_game: true,
        }
    }

    fn new(options: &Options, first: Player) -> Result<Self, String> {
        let capture = CaptureRule::of(options);
        Ok(Awale::from_position(
            [SEEDS_PER_HOLE; HOLES],
            [0, 0],
            first,
            capture,
        ))
    }

    fn turn(&self) -> Turn {
        kit::sowing_turn(self.ended, self.to_move)
    }

    fn legal_inputs(&self, inputs: &mut Inputs) {
        if self.ended.is_none() {
            let must_feed = self.must_feed();
            for pit in BOARD.row(self.to_move) {
                inputs.push_if(pit as u32 + 1, self.allowed(pit, must_feed));
            }
        }
    }

    fn play(&mut self, input: u32) -> Result<Step, String> {
        let pit = self.check_move(input)?;
        let mover = self.to_move;
        let gained = self.sow_and_capture(pit);
        self.to_move = mover.opponent();
        self.check_end(gained > 0);
        Ok(Step::Completed(Gains::of(mover, gained)))
    }

    fn scores(&self) -> &[u32] {
        &self.scores
    }

    fn end_by_agreement(&mut self) -> Result<(), String> {
        kit::refuse_if_over(self.ended)?;
        self.finish(AGREEMENT);
        Ok(())
    }

    /// The seeds taken (100 each, in hundredths of a seed), plus the value
    /// of the holes for the player to move ([`evaluation`]: this project's
    /// weights, fitted to the final margins of the engine's own games).
    fn evaluate(&self, player: Player) -> i32 {
        let opponent = player.opponent();
        let taken = self.scores[player.index()] as i32 - self.scores[opponent.index()] as i32;
        if self.ended.is_some() {
            return 100 * taken;
        }
        100 * taken + evaluation::holes_value_for(&self.pits, self.to_move, player)
    }

    /// The seeds of each hole, the scores and the player to move (the
    /// capture rule is fixed for the game; the repetition history is left out).
    fn hash_key(&self) -> Option<u64> {
        let mut low = [0u8; 8];
        low.copy_from_slice(&self.pits[..8]);
        let mut high = [0u8; 8];
        high[..4].copy_from_slice(&self.pits[8..]);
        high[4] = self.scores[0] as u8;
        high[5] = self.scores[1] as u8;
        high[6] = self.to_move.0;
        let mix = variant_kit::rng::mix64;
        Some(mix(u64::from_le_bytes(low)
            ^ mix(
                u64::from_le_bytes(high).wrapping_add(0x9e37_79b9_7f4a_7c15)
            )))
    }

    fn build_endgames(
        options: &Options,
        seeds: usize,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Option<Result<String, String>> {
        Some(
            build_endgames(options.get("capture"), seeds, progress)
                .map(|(table, path)| endgame::report(&table, &path)),
        )
    }

    /// Whether the table of this rule is built and whole: read here, once
    /// per process, before a game's first board, so that a damaged table is
    /// said then (by [`endgame::cached`]) and the search finds it read.
    fn endgame_tables(options: &Options) -> Option<bool> {
        Some(CaptureRule::of(options).table().is_some())
    }

    fn endgame_bounds(&self) -> Option<(i32, i32)> {
        if self.ended.is_some() {
            return None;
        }
        let seeds: u32 = self.pits.iter().map(|&s| u32::from(s)).sum();
        if seeds as usize > endgame::MAX_SEEDS {
            return None;
        }
        let bounds = self.game_bounds(self.capture.table()?)?;
        Some((i32::from(bounds.low), i32::from(bounds.high)))
    }

    fn layout(&self) -> Layout {
        BOARD.layout()
    }

    fn seeds(&self) -> Vec<u32> {
        kit::seed_counts(&self.pits)
    }

    /// `MOVER:HOLES:SCORES` (`N:0,0,0,0,0,1,0,0,0,0,0,2:20,25`).
    fn position(&self) -> Option<Result<String, String>> {
        let mut body = BodyWriter::new();
        write_two_rows(&mut body, self.to_move, &self.pits, &self.scores);
        Some(Ok(body.finish()))
    }

    /// A game at `MOVER:HOLES:SCORES` of 48 seeds, no position before it.
    fn at_position(options: &Options, body: &str) -> Option<Result<Self, String>> {
        let read = |body: &str| {
            let mut body = BodyReader::new(body);
            let state = read_two_rows(&mut body, HOLES, TOTAL_SEEDS)?;
            body.end()?;
            // Rule 6 ends a game at more than half the seeds, or half each.
            kit::refuse_ended_by_scores(&state.scores, TOTAL_SEEDS, true)?;
            let capture = Awale::new(options, state.to_move)?.capture;
            Ok(Awale::from_position(
                holes_of(&state.holes),
                state.scores,
                state.to_move,
                capture,
            ))
        };
        Some(read(body))
    }

    fn end_reason(&self) -> String {
        kit::end_reason(self.ended)
    }
}

export_variant!(Awale);

impl Tabled for Awale {
    const HOLES: usize = HOLES;

    fn at(&self, pits: &[u8]) -> Awale {
        self.at_with_mover(pits, Player::SUD)
    }

    fn pits(&self) -> &[u8] {
        &self.pits
    }

    fn each_earlier(&self, each: &mut dyn FnMut(&[u8], Player)) -> bool {
        self.history.each_earlier(HOLES, each)
    }
}

impl CaptureRule {
    /// The name of the endgame tables of this rule.
    /// The rule the option `capture` chooses (checked: `both` or `backward`).
    fn of(options: &Options) -> CaptureRule {
        match options.get("capture") {
            "backward" => CaptureRule::Backward,
            _ => CaptureRule::Both,
        }
    }

    fn table_name(self) -> &'static str {
        match self {
            CaptureRule::Both => "awale-both",
            CaptureRule::Backward => "awale-backward",
        }
    }

    /// The command that builds this rule's endgame table.
    fn rebuild(self) -> &'static str {
        match self {
            CaptureRule::Both => "awale awale --endgames",
            CaptureRule::Backward => "awale awale --set capture=backward --endgames",
        }
    }

    /// This rule's endgame table from the user's cache, read once per
    /// process; `None` when it was never built (see the `endgames` example).
    fn table(self) -> Option<&'static Table> {
        static TABLES: [OnceLock<Option<Table>>; 2] = [OnceLock::new(), OnceLock::new()];
        TABLES[self as usize]
            .get_or_init(|| endgame::cached(self.table_name(), HOLES, self.rebuild()))
            .as_ref()
    }
}

/// Builds the endgame table of Awalé with `capture` (`both` or `backward`)
/// up to `seeds` seeds, calling `progress(done, all)` (boards) after each
/// level, and writes it where the plugin reads it; returns the table and
/// its file.
pub fn build_endgames(
    capture: &str,
    seeds: usize,
    progress: impl FnMut(u64, u64),
) -> Result<(Table, std::path::PathBuf), String> {
    let rule = match capture {
        "both" => CaptureRule::Both,
        "backward" => CaptureRule::Backward,
        other => return Err(format!("unknown capture rule {other:?} (both or backward)")),
    };
    let template = Awale::from_position([0; HOLES], [0, 0], Player::SUD, rule);
    endgame::build_into_cache(&template, rule.table_name(), seeds, progress)
}

/// The board of a position's holes (as many as the board's, checked).
fn holes_of(holes: &[u8]) -> [u8; HOLES] {
    let mut pits = [0; HOLES];
    pits.copy_from_slice(holes);
    pits
}

impl Awale {
    /// `table`'s bounds of this position, with its history, as far as they
    /// hold for the game: the table plays every game to an empty board (or
    /// a repetition), the game ends as soon as a score is above 24. Where
    /// neither score can pass 24 with the seeds left on the board (the
    /// table's own positions, no seed taken), that rule cannot end the game
    /// and the bounds are the game's; elsewhere only the table's winner is
    /// ([`endgame::Bounds::winner_only`]). In a game of 48 seeds a score
    /// can always pass 24 while seeds are left: the tables give the winner,
    /// and an exact margin only to a draw (issue 41).
    fn game_bounds(&self, table: &Table) -> Option<endgame::Bounds> {
        let bounds = table.bounds(self)?;
        let seeds: u32 = self.pits.iter().map(|&s| u32::from(s)).sum();
        let half = TOTAL_SEEDS / 2;
        if self.scores.iter().all(|&score| score + seeds <= half) {
            return Some(bounds);
        }
        let lead = endgame::lead(self, self.to_move);
        Some(bounds.winner_only(lead, seeds as i32))
    }

    /// A game with this one's options at `pits` (index `n - 1` for hole
    /// `n`) with `mover` to move, no seed taken and no position before:
    /// either player's positions as they stand, for a judge of the endgame
    /// tables ([`Tabled::at`] gives the first row's mover only).
    pub fn at_with_mover(&self, pits: &[u8], mover: Player) -> Awale {
        let mut board = [0; HOLES];
        board.copy_from_slice(pits);
        Awale::from_position(board, [0, 0], mover, self.capture)
    }

    fn from_position(
        pits: [u8; HOLES],
        scores: [u32; 2],
        to_move: Player,
        capture: CaptureRule,
    ) -> Awale {
        Awale {
            pits,
            scores,
            to_move,
            capture,
            history: Positions::starting_at(&pits, to_move),
            ended: None,
        }
    }

    fn row_seeds(&self, player: Player) -> u32 {
        BOARD.row_seeds(&self.pits, player)
    }

    /// Whether sowing `pit` drops at least one seed in the opponent's row.
    fn feeds_opponent(&self, pit: usize) -> bool {
        let holes_left_in_row = BOARD.row(BOARD.owner(pit)).end - pit - 1;
        usize::from(self.pits[pit]) > holes_left_in_row
    }

    /// Whether the opponent's row is empty, so that a move must feed it.
    fn must_feed(&self) -> bool {
        self.row_seeds(self.to_move.opponent()) == 0
    }

    /// Whether the player to move may sow `pit` (rule 2), tested with no
    /// branch (`&`, `|`), for the machine path.
    fn allowed(&self, pit: usize, must_feed: bool) -> bool {
        (self.pits[pit] > 0) & (!must_feed | self.feeds_opponent(pit))
    }

    /// The holes (indices) the player to move may sow (rule 2).
    fn allowed_moves(&self) -> impl Iterator<Item = usize> + '_ {
        let must_feed = self.must_feed();
        BOARD
            .row(self.to_move)
            .filter(move |&pit| self.allowed(pit, must_feed))
    }

    /// The hole index of `input`, or why it may not be played.
    fn check_move(&self, input: u32) -> Result<usize, String> {
        kit::refuse_if_over(self.ended)?;
        let pit = BOARD.own_hole(&self.pits, self.to_move, input)?;
        let opponent = self.to_move.opponent();
        if self.row_seeds(opponent) == 0 && !self.feeds_opponent(pit) {
            return Err(format!(
                "la rangée de {} est vide : jouez un trou qui y sème au moins une graine",
                kit::name(opponent)
            ));
        }
        Ok(pit)
    }

    /// Sows `pit` (rule 3) and makes the capture it earns (rules 4 and 5);
    /// returns the seeds captured.
    fn sow_and_capture(&mut self, pit: usize) -> u32 {
        let last = kit::sow(&mut self.pits, pit);
        let captured = self.capturable(last);
        let taken: u32 = captured.clone().map(|p| u32::from(self.pits[p])).sum();
        let opponent = BOARD.owner(last);
        if taken == 0 || taken == self.row_seeds(opponent) {
            return 0;
        }
        self.pits[captured].fill(0);
        self.scores[self.to_move.index()] += taken;
        taken
    }

    /// The holes a last seed in `last` captures, before the grand-slam
    /// check: a run of holes holding 2 or 3 round `last`, empty if none.
    fn capturable(&self, last: usize) -> std::ops::Range<usize> {
        let takes = |p: usize| (2..=3).contains(&self.pits[p]);
        let opponent_row = BOARD.row(self.to_move.opponent());
        if !opponent_row.contains(&last) || !takes(last) {
            return last..last;
        }
        let before = (opponent_row.start..last)
            .rev()
            .take_while(|&p| takes(p))
            .count();
        let after = match self.capture {
            CaptureRule::Both => (last + 1..opponent_row.end)
                .take_while(|&p| takes(p))
                .count(),
            CaptureRule::Backward => 0,
        };
        last - before..last + 1 + after
    }

    /// Ends the game if one of the end conditions of rule 6 holds.
    fn check_end(&mut self, captured: bool) {
        let half = TOTAL_SEEDS / 2;
        if self.scores.iter().any(|&score| score > half) {
            self.finish(MAJORITY);
        } else if self.scores.iter().all(|&score| score == half) {
            self.finish(HALF_EACH);
        } else if self.history.reached(&self.pits, self.to_move, captured) {
            self.finish(REPEATED);
        } else if self.allowed_moves().next().is_none() {
            self.finish(NO_MOVE);
        }
    }

    /// Gives each player the seeds left in their row and settles the outcome.
    fn finish(&mut self, reason: &'static str) {
        let outcome = BOARD.split(&mut self.pits, &mut self.scores);
        self.ended = Some(Ending { outcome, reason });
    }
}

#[cfg(test)]
mod endgame_tests;
#[cfg(test)]
mod tests;
